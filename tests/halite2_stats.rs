//! Halite II statistics series: on every reference replay the engine's series are what the
//! viewer's `SeriesBuilder` (`www/src/games/halite2/rows.ts`) gives from the frame rows and the
//! event rows with the engine's damage (restated here from the rows, independently of
//! `stats.rs`); a live game records the series its replay gives when followed, ejections
//! included; a fork has the series of the frames it followed; a replay that breaks the rules
//! gets the followed frames' series, then the record's with damage counted per attack.
#![cfg(not(target_arch = "wasm32"))]

mod h2_fixtures;

use h2_fixtures::replays;
use halite::env::contract::play_randomly;
use halite::halite2::follow::{fork, initial_game, replay_turn};
use halite::halite2::replay::{event_json, Frame, Replay};
use halite::halite2::stats::{Series, ATTACKS, DAMAGE, SERIES, WEAPON_DAMAGE};
use halite::halite2::verify::replay_series;
use halite::halite2::{Event, Game, GameConfig};
use serde_json::Value;
use std::collections::HashSet;

// ---- rows.ts restated: event rows (`turnRows`) and `SeriesBuilder.add` ----

const EV_STRIDE: usize = 8;
const E_KIND: usize = 0;
const E_OWNER: usize = 4;
const E_ID: usize = 5;
const EV_ATTACK: f64 = 0.0;
const EV_DESTROYED: f64 = 1.0;
const EV_SPAWNED: f64 = 2.0;

fn num(v: Option<&Value>, d: f64) -> f64 {
    v.and_then(Value::as_f64)
        .filter(|x| x.is_finite())
        .unwrap_or(d)
}

/// The event rows of a turn (positions left out: the series do not read them) from the ship
/// ids of the frame before and the events as the engine hands them to JavaScript.
fn event_rows(before: &Frame, events: &[Event]) -> Vec<f64> {
    let index: HashSet<u64> = before
        .ships
        .iter()
        .flatten()
        .map(|s| u64::from(s.id))
        .collect();
    let mut rows = Vec::new();
    for e in events.iter().map(event_json) {
        let time = num(e.get("time"), 1.0).clamp(0.0, 1.0);
        let entity = e.get("entity");
        let owner = num(entity.and_then(|x| x.get("owner")), -1.0);
        let id = num(entity.and_then(|x| x.get("id")), -1.0);
        match e.get("event").and_then(Value::as_str) {
            Some("attack") => {
                for t in e
                    .get("targets")
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
                {
                    let tid = num(t.get("id"), -1.0);
                    let ship = t.get("type").and_then(Value::as_str) == Some("ship");
                    if ship && tid >= 0.0 && index.contains(&(tid as u64)) {
                        rows.extend_from_slice(&[EV_ATTACK, time, 0.0, 0.0, owner, id, 0.0, 0.0]);
                    }
                }
            }
            Some("destroyed") => {
                let planet =
                    entity.and_then(|x| x.get("type")).and_then(Value::as_str) == Some("planet");
                let o = if planet { -1.0 } else { owner };
                let b = if planet { 1.0 } else { 0.0 };
                rows.extend_from_slice(&[EV_DESTROYED, time, 0.0, 0.0, o, id, 0.0, b]);
            }
            Some("spawned") => {
                rows.extend_from_slice(&[EV_SPAWNED, 1.0, 0.0, 0.0, owner, id, 0.0, 0.0]);
            }
            _ => {}
        }
    }
    rows
}

/// `SeriesBuilder`: `values[series][seat][frame]`.
struct Builder {
    players: usize,
    values: Vec<Vec<Vec<f64>>>,
    produced: Vec<f64>,
    damage: Vec<f64>,
    attacks: Vec<f64>,
}

impl Builder {
    fn new(players: usize) -> Builder {
        Builder {
            players,
            values: vec![vec![Vec::new(); players]; 7],
            produced: vec![0.0; players],
            damage: vec![0.0; players],
            attacks: vec![0.0; players],
        }
    }

    fn add(&mut self, frame: &Frame, events: Option<&[f64]>, damage: Option<&[f64]>) {
        let p = self.players as f64;
        if let Some(ev) = events {
            let mut o = 0;
            while o + EV_STRIDE <= ev.len() {
                let owner = ev[o + E_OWNER];
                if owner >= 0.0 && owner < p {
                    let s = owner as usize;
                    let kind = ev[o + E_KIND];
                    if kind == EV_SPAWNED {
                        self.produced[s] += 1.0;
                    } else if kind == EV_ATTACK {
                        let first = o == 0
                            || ev[o - EV_STRIDE + E_KIND] != EV_ATTACK
                            || ev[o - EV_STRIDE + E_ID] != ev[o + E_ID];
                        if first {
                            self.attacks[s] += 1.0;
                            if damage.is_none() {
                                self.damage[s] += f64::from(WEAPON_DAMAGE);
                            }
                        }
                    }
                }
                o += EV_STRIDE;
            }
        }
        if let Some(d) = damage {
            self.damage.copy_from_slice(d);
        }
        let n = self.players;
        let (mut ships, mut docked, mut health, mut planets) =
            (vec![0.0; n], vec![0.0; n], vec![0.0; n], vec![0.0; n]);
        for s in frame.ships.iter().flatten() {
            let o = f64::from(s.owner);
            if o < 0.0 || o >= p {
                continue;
            }
            let o = o as usize;
            ships[o] += 1.0;
            health[o] += f64::from(s.health);
            if f64::from(s.status as u8) == 2.0 {
                docked[o] += 1.0;
            }
        }
        for pl in &frame.planets {
            let o = pl.owner.map_or(-1.0, f64::from);
            if o >= 0.0 && o < p {
                planets[o as usize] += 1.0;
            }
        }
        for s in 0..n {
            let row = [
                ships[s],
                planets[s],
                docked[s],
                health[s],
                self.produced[s],
                self.damage[s],
                self.attacks[s],
            ];
            for (k, v) in row.into_iter().enumerate() {
                self.values[k][s].push(v);
            }
        }
    }

    /// `setDamage`: the engine's damage by frame replaces the count of shots.
    fn set_damage(&mut self, by_frame: &[Vec<f64>]) {
        for s in 0..self.players {
            self.values[5][s] = by_frame.iter().map(|d| d[s]).collect();
        }
    }
}

/// What the viewer's `SeriesBuilder` shows for a replay: every frame's rows and the events of
/// the turn into it, then the engine's damage by frame (`damageSeries()`) if the replay follows
/// the rules.
fn viewer_series(replay: &Replay) -> Vec<Vec<Vec<f64>>> {
    let mut b = Builder::new(replay.num_players);
    for (t, f) in replay.frames.iter().enumerate() {
        let rows = (t > 0).then(|| {
            let before = &replay.frames[t - 1];
            event_rows(before, before.events.as_deref().unwrap_or(&[]))
        });
        b.add(f, rows.as_deref(), None);
    }
    if let Some(d) = engine_damage(replay) {
        b.set_damage(&d);
    }
    b.values
}

/// Each seat's damage dealt by frame as the engine counts it following the replay
/// (`Halite2Replay.damageSeries()`), or none if it cannot follow it.
fn engine_damage(replay: &Replay) -> Option<Vec<Vec<f64>>> {
    let mut game = initial_game(replay).ok()?;
    let mut out = vec![vec![0.0; replay.num_players]];
    for turn in 1..replay.frames.len() {
        replay_turn(&mut game, replay, turn).ok()?;
        let mut d = vec![0.0; replay.num_players];
        for r in game.results() {
            d[r.seat] = r.score.damage_dealt as f64;
        }
        out.push(d);
    }
    Some(out)
}

fn assert_same(name: &str, series: &Series, want: &[Vec<Vec<f64>>]) {
    assert_eq!(series.frames, want[0][0].len(), "{name}: frames");
    assert_eq!(want.len(), SERIES.len(), "{name}: series");
    for (k, (key, per_seat)) in SERIES.iter().zip(want).enumerate() {
        assert_eq!(per_seat.len(), series.players, "{name}: seats");
        for (p, w) in per_seat.iter().enumerate() {
            let got: Vec<f64> = series.get(k, p).into_iter().map(f64::from).collect();
            assert_eq!(&got, w, "{name}: series {key} of seat {p}");
        }
    }
}

#[test]
fn every_reference_replay_has_the_series_the_viewer_builds() {
    let all = replays();
    assert_eq!(all.len(), 13);
    for (name, r) in &all {
        let series = replay_series(r);
        assert_eq!(series.players, r.num_players, "{name}");
        assert_same(name, &series, &viewer_series(r));
        // The totals at the end are the recorded statistics.
        let last = series.frames - 1;
        for (p, s) in r.stats.iter().enumerate() {
            assert_eq!(
                u64::from(series.at(4, p, last).unwrap()),
                s.total_ship_count,
                "{name}: produced by seat {p}"
            );
            assert_eq!(
                u64::from(series.at(DAMAGE, p, last).unwrap()),
                s.damage_dealt,
                "{name}: damage by seat {p}"
            );
        }
    }
}

#[test]
fn the_frame_series_are_counted_from_the_recorded_frames() {
    for (name, r) in replays() {
        let series = replay_series(&r);
        for (t, f) in r.frames.iter().enumerate() {
            for (p, ships) in f.ships.iter().enumerate() {
                let docked = ships
                    .iter()
                    .filter(|s| s.status == halite::halite2::DockingStatus::Docked)
                    .count();
                let health: u32 = ships.iter().map(|s| s.health).sum();
                let planets = f
                    .planets
                    .iter()
                    .filter(|pl| pl.owner == Some(p as u8))
                    .count();
                let want = [ships.len() as u32, planets as u32, docked as u32, health];
                let got: Vec<u32> = (0..4).map(|k| series.at(k, p, t).unwrap()).collect();
                assert_eq!(got, want, "{name}: frame {t} seat {p}");
            }
        }
    }
}

#[test]
fn an_attack_with_several_targets_counts_once() {
    let mut several = 0;
    for (name, r) in replays() {
        let series = replay_series(&r);
        for t in 1..r.frames.len() {
            let events = r.frames[t - 1].events.as_deref().unwrap_or(&[]);
            for p in 0..r.num_players {
                let attacks = events
                    .iter()
                    .filter(|e| {
                        matches!(e, Event::Attack { entity: halite::halite2::EntityId::Ship { owner, .. }, .. }
                            if usize::from(*owner) == p)
                    })
                    .count() as u32;
                let step =
                    series.at(ATTACKS, p, t).unwrap() - series.at(ATTACKS, p, t - 1).unwrap();
                assert_eq!(step, attacks, "{name}: attacks of seat {p} in turn {t}");
            }
            several += events
                .iter()
                .filter(|e| matches!(e, Event::Attack { targets, .. } if targets.len() > 1))
                .count();
        }
    }
    assert!(several > 0, "some reference attack has several targets");
}

fn config(players: usize, seed: u32) -> GameConfig {
    GameConfig {
        width: 240,
        height: 160,
        players,
        seed,
        player_names: Vec::new(),
    }
}

#[test]
fn a_live_game_records_the_series_its_replay_gives() {
    let mut ejected = 0;
    for (players, seed) in [(2, 5), (4, 9), (1, 3), (2, 21), (4, 33), (4, 40)] {
        for play in [1u64, 2, 3] {
            let played = play_randomly::<Game>(&config(players, seed), play)
                .unwrap_or_else(|e| panic!("{players}p seed {seed}: {e}"));
            ejected += played
                .turns
                .iter()
                .filter(|t| !t.ejected.is_empty())
                .count();
            let g = played.game;
            let name = format!("{players}p seed {seed} play {play}");
            assert_eq!(g.series().frames, g.replay().frames.len(), "{name}");
            assert_eq!(g.series(), &replay_series(g.replay()), "{name}");
            assert_same(&name, g.series(), &viewer_series(g.replay()));
            for (p, s) in g.replay().stats.iter().enumerate() {
                let last = g.series().frames - 1;
                assert_eq!(
                    u64::from(g.series().at(DAMAGE, p, last).unwrap()),
                    s.damage_dealt,
                    "{name}: damage of seat {p}"
                );
            }
        }
    }
    assert!(ejected > 0, "random play ejected some seat");
}

#[test]
fn an_ejection_shows_in_the_series_as_in_the_replays() {
    let mut g = Game::new(&config(4, 7)).unwrap();
    g.eject_at_init(3);
    let idle = vec![Vec::new(); 4];
    for _ in 0..4 {
        g.step(&idle).unwrap();
    }
    g.eject(1);
    g.step(&idle).unwrap();
    g.step(&idle).unwrap();
    let s = g.series();
    assert_eq!(s.frames, 7);
    // Seat 1 has its ships until the turn it is ejected in; seat 3 none after frame 0.
    assert_eq!(s.get(0, 1), vec![3, 3, 3, 3, 3, 0, 0]);
    assert_eq!(s.get(3, 1), vec![765, 765, 765, 765, 765, 0, 0]);
    assert_eq!(s.get(0, 3)[1..], [0, 0, 0, 0, 0, 0]);
    assert_eq!(s.get(0, 0), vec![3; 7]);
    assert_eq!(s, &replay_series(g.replay()));
    assert_same("ejections", s, &viewer_series(g.replay()));
    // The reference replay with an ejected bot.
    let (name, r) = replays()
        .into_iter()
        .find(|(n, _)| n.contains("ejected"))
        .unwrap();
    let series = replay_series(&r);
    let last = series.frames - 1;
    assert!(
        (0..r.num_players)
            .any(|p| series.at(0, p, last) == Some(0)
                && r.frames.iter().any(|f| !f.ships[p].is_empty())),
        "{name}: a seat loses its ships"
    );
}

#[test]
fn a_fork_has_the_series_of_the_frames_it_followed() {
    for (name, r) in replays() {
        let all = replay_series(&r);
        let last = r.frames.len() - 1;
        for n in [0, 1, last / 2, last] {
            let g = fork(&r, n).unwrap();
            let mut want = all.clone();
            want.truncate(n + 1);
            assert_eq!(g.series(), &want, "{name} forked at {n}");
        }
    }
}

#[test]
fn a_replay_that_breaks_the_rules_keeps_the_followed_series_then_counts_shots() {
    let (name, clean) = replays()
        .into_iter()
        .find(|(n, _)| n.starts_with("g02"))
        .unwrap();
    let good = replay_series(&clean);
    let last = clean.frames.len() - 1;
    // Frame k differs from the rules' by one ulp: frames 0..k are the engine's, the rest the
    // record's, damage counted per attack from the engine's total at frame k - 1.
    for k in [1, last / 2, last] {
        let mut r = clean.clone();
        let ship = r.frames[k].ships.iter_mut().flatten().next().unwrap();
        ship.x = f64::from_bits(ship.x.to_bits() + 1);
        let series = replay_series(&r);
        assert_eq!(series.frames, clean.frames.len(), "{name} broken at {k}");
        for (key, _) in SERIES.iter().enumerate() {
            for p in 0..r.num_players {
                let (g, b) = (good.get(key, p), series.get(key, p));
                assert_eq!(g[..k], b[..k], "{name} broken at {k}: series {key}");
                if key != DAMAGE {
                    assert_eq!(g, b, "{name} broken at {k}: series {key}");
                }
            }
        }
        for p in 0..r.num_players {
            for t in k..=last {
                let shots =
                    series.at(ATTACKS, p, t).unwrap() - series.at(ATTACKS, p, k - 1).unwrap();
                assert_eq!(
                    series.at(DAMAGE, p, t).unwrap(),
                    good.at(DAMAGE, p, k - 1).unwrap() + WEAPON_DAMAGE * shots,
                    "{name} broken at {k}: damage of seat {p} at frame {t}"
                );
            }
        }
    }
    // Not even frame 0 follows: every frame from the record, damage counted from the start.
    let mut r = clean.clone();
    let ship = r.frames[0].ships.iter_mut().flatten().next().unwrap();
    ship.y = f64::from_bits(ship.y.to_bits() + 1);
    let series = replay_series(&r);
    let mut b = Builder::new(r.num_players);
    for (t, f) in r.frames.iter().enumerate() {
        let rows = (t > 0).then(|| {
            let before = &r.frames[t - 1];
            event_rows(before, before.events.as_deref().unwrap_or(&[]))
        });
        b.add(f, rows.as_deref(), None);
    }
    assert_same("g02 broken at frame 0", &series, &b.values);
}

#[test]
fn series_from_a_frame_are_every_series_and_seat_from_that_frame() {
    let (_, r) = replays().into_iter().next().unwrap();
    let s = replay_series(&r);
    let n = s.frames;
    assert_eq!(s.from_frame(0).len(), SERIES.len() * s.players * n);
    for from in [0, 1, n / 2, n - 1, n, n + 5] {
        let flat = s.from_frame(from);
        let mut want = Vec::new();
        for k in 0..SERIES.len() {
            for p in 0..s.players {
                want.extend(s.get(k, p).into_iter().skip(from));
            }
        }
        assert_eq!(flat, want, "from {from}");
    }
    for (k, key) in SERIES.iter().enumerate() {
        assert_eq!(Series::index_of(key), Some(k));
    }
    assert_eq!(Series::index_of("territory"), None);
}
