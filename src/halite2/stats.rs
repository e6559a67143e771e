//! Statistics of a game: each player's standing and per-frame series, for the CLI and the
//! viewer's graphs.
//!
//! The series, per player and frame: ships, planets owned, docked ships and total ship health
//! in the frame; ships produced, damage dealt and attacks made so far. A [`super::game::Game`]
//! records them as it steps (damage dealt is then the engine's own count, rams included); a
//! replay gets them by following its record ([`super::verify::replay_series`]).
//!
//! The last three count what the viewer's rows of a turn's events show (`www/src/games/
//! halite2/rows.ts`, `SeriesBuilder.add`): a `spawned` event is a ship produced; an attack is
//! counted once whatever the number of its targets, and only if one of its targets is a ship of
//! the frame before the turn (the rows show only those), once per run of rows of the same
//! attacking ship id; without the engine's damage, each attack deals [`WEAPON_DAMAGE`].

use super::entities::{constants as k, DockingStatus, EntityId};
use super::events::Event;
use super::replay::{Frame, Replay};
use crate::env::series::SeriesTable;
use serde::Serialize;
use std::collections::HashSet;

/// The names of the series, in the order [`Series::get`] takes them.
pub const SERIES: [&str; 7] = [
    "ships", "planets", "docked", "health", "produced", "damage", "attacks",
];

/// How many of [`SERIES`] (the first ones) describe a frame alone (`halite2SeriesNames()`).
pub const FRAME_SERIES: usize = 4;

/// Index of `produced` in [`SERIES`].
pub const PRODUCED: usize = 4;
/// Index of `damage` in [`SERIES`].
pub const DAMAGE: usize = 5;
/// Index of `attacks` in [`SERIES`].
pub const ATTACKS: usize = 6;

/// Damage an attack is credited with when the engine's count is not known (whatever the number
/// of its targets; the engine's count also credits rams).
pub const WEAPON_DAMAGE: u32 = k::WEAPON_DAMAGE;

crate::env::series::game_series! {
    /// Every series for every player, in the shared table ([`SeriesTable`]: `get`, `get_from`,
    /// `at`, `all_players`, `from_frame` and `truncate` read it out seat-major).
    Series
}

/// Up to how many ships of the frame before a turn [`turn_counts`] scans for an attack's target
/// instead of gathering them into a set.
const SCANNED: usize = 64;

/// What the viewer's event rows of a turn add up to: `count(PRODUCED, seat)` for each ship
/// produced, `count(ATTACKS, seat)` for each attack made.
fn turn_counts(
    before: &Frame,
    events: &[Event],
    players: usize,
    mut count: impl FnMut(usize, usize),
) {
    // Whether a ship of the frame before the turn has this id: an attack row needs its target
    // there. A few dozen ships are scanned; more are gathered into a set at the first attack
    // (most turns have none).
    let ships = before.ships.iter().map(Vec::len).sum::<usize>();
    let mut present: Option<HashSet<u32>> = None;
    let mut shown = |id: u32| {
        if ships <= SCANNED {
            return before.ships.iter().flatten().any(|s| s.id == id);
        }
        present
            .get_or_insert_with(|| {
                let mut set = HashSet::with_capacity(ships);
                set.extend(before.ships.iter().flatten().map(|s| s.id));
                set
            })
            .contains(&id)
    };
    let id_of = |e: &EntityId| match *e {
        EntityId::Ship { id, .. } | EntityId::Planet(id) => id,
    };
    let owner_of = |e: &EntityId| match *e {
        EntityId::Ship { owner, .. } => Some(usize::from(owner)).filter(|&o| o < players),
        EntityId::Planet(_) => None,
    };
    // The last row written: whether it was an attack row, and its entity id.
    let mut last: Option<(bool, u32)> = None;
    for e in events {
        match e {
            Event::Attack {
                entity, targets, ..
            } => {
                let id = id_of(entity);
                for t in targets {
                    if !matches!(*t, EntityId::Ship { id, .. } if shown(id)) {
                        continue;
                    }
                    let first = last != Some((true, id));
                    last = Some((true, id));
                    if let (true, Some(o)) = (first, owner_of(entity)) {
                        count(ATTACKS, o);
                    }
                }
            }
            Event::Destroyed { entity, .. } => last = Some((false, id_of(entity))),
            Event::Spawned { entity, .. } => {
                last = Some((false, id_of(entity)));
                if let Some(o) = owner_of(entity) {
                    count(PRODUCED, o);
                }
            }
            Event::Contention { .. } => {}
        }
    }
}

impl Series {
    pub fn new(players: usize) -> Series {
        Series(SeriesTable::new(players, SERIES.len()))
    }

    /// Appends one frame: the frame, the turn that led to it (the frame before and that turn's
    /// events; none for frame 0), and each seat's damage dealt so far as the engine counts it
    /// (if not known, [`WEAPON_DAMAGE`] per attack is added to the frame before's).
    pub fn push(
        &mut self,
        frame: &Frame,
        turn: Option<(&Frame, &[Event])>,
        damage: Option<&[u64]>,
    ) {
        let p = self.players;
        let t = &mut self.0;
        // The running totals carry over.
        let start = t.open_frame(FRAME_SERIES);
        for s in frame.ships.iter().flatten() {
            let o = usize::from(s.owner);
            if o >= p {
                continue;
            }
            *t.cell(0, start + o) += 1;
            let h = t.cell(3, start + o);
            *h = h.saturating_add(s.health);
            if s.status == DockingStatus::Docked {
                *t.cell(2, start + o) += 1;
            }
        }
        for planet in &frame.planets {
            if let Some(o) = planet.owner.map(usize::from).filter(|&o| o < p) {
                *t.cell(1, start + o) += 1;
            }
        }
        if let Some((before, events)) = turn {
            turn_counts(before, events, p, |which, o| {
                *t.cell(which, start + o) += 1;
                if which == ATTACKS && damage.is_none() {
                    let d = t.cell(DAMAGE, start + o);
                    *d = d.saturating_add(WEAPON_DAMAGE);
                }
            });
        }
        if let Some(d) = damage {
            for (o, &v) in d.iter().enumerate().take(p) {
                *t.cell(DAMAGE, start + o) = u32::try_from(v).unwrap_or(u32::MAX);
            }
        }
        t.close_frame();
    }

    /// Makes room for `frames` more frames.
    pub fn reserve(&mut self, frames: usize) {
        self.0.reserve(frames);
    }

    /// Index of a series by its name in [`SERIES`].
    pub fn index_of(name: &str) -> Option<usize> {
        SERIES.iter().position(|&s| s == name)
    }

    /// Keeps frames `0..frames` only.
    pub fn truncate(&mut self, frames: usize) {
        self.0.truncate(frames);
    }
}

/// One player's final line: name, rank, last frame alive, ships produced, damage dealt.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Standing {
    pub seat: usize,
    pub name: String,
    pub rank: u32,
    pub last_frame_alive: i64,
    pub ships_produced: u64,
    pub damage_dealt: u64,
}

pub fn standings(replay: &Replay) -> Vec<Standing> {
    replay
        .stats
        .iter()
        .enumerate()
        .map(|(p, s)| Standing {
            seat: p,
            name: replay.player_names[p].clone(),
            rank: s.rank,
            last_frame_alive: s.last_frame_alive,
            ships_produced: s.total_ship_count,
            damage_dealt: s.damage_dealt,
        })
        .collect()
}

/// A plain-text report of a replay and its series.
pub fn table(replay: &Replay, series: &Series) -> String {
    let mut out = format!(
        "{}x{} map, {} players, {} frames, seed {}\n\n",
        replay.width,
        replay.height,
        replay.num_players,
        replay.frames.len(),
        replay.seed
    );
    out.push_str(&format!(
        "{:<4}{:<24}{:>5}{:>11}{:>8}{:>8}{:>8}\n",
        "tag", "name", "rank", "last alive", "ships", "made", "damage"
    ));
    let last = series.frames.saturating_sub(1);
    for s in standings(replay) {
        out.push_str(&format!(
            "{:<4}{:<24}{:>5}{:>11}{:>8}{:>8}{:>8}\n",
            s.seat,
            s.name.chars().take(23).collect::<String>(),
            s.rank,
            s.last_frame_alive,
            series.at(0, s.seat, last).unwrap_or(0),
            s.ships_produced,
            s.damage_dealt
        ));
    }
    for (k, name) in SERIES.iter().enumerate() {
        out.push_str(&format!("\n{name} by frame\n{:<8}", "frame"));
        for p in 0..series.players {
            out.push_str(&format!("{:>10}", format!("#{p}")));
        }
        out.push('\n');
        for t in crate::env::sampled_frames(series.frames) {
            out.push_str(&format!("{t:<8}"));
            for p in 0..series.players {
                out.push_str(&format!("{:>10}", series.at(k, p, t).unwrap_or(0)));
            }
            out.push('\n');
        }
    }
    out
}
