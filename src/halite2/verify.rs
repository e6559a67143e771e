//! Re-simulating a replay from frame 0 and its recorded moves, and comparing every frame:
//! ships (ids, owners, health, docking, positions and velocities bit for bit), planets (with the
//! order of docked ships), production, events in order with their times, and the statistics.
//!
//! A replay does not record ejections; they are inferred as the reference's effects show
//! them: a player whose ships all vanish in a turn without a `destroyed` event was ejected at
//! the start of that turn, and one whose `last_frame_alive` is -1 failed to start.
//!
//! [`replay_series`]: a replay's statistics series as the engine gives them when it follows
//! the record this way.

use super::events::Event;
use super::follow::{initial_game, replay_turn};
use super::replay::{Frame, Replay};
use super::stats::Series;
use std::fmt;

/// The first difference between a replay and its re-simulation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// The frame (or turn) where it shows; `None` for the header or the statistics.
    pub frame: Option<usize>,
    pub message: String,
    /// Every frame follows the rules, but the record stops before the game's end (a game saved
    /// while it was being played).
    pub unfinished: bool,
}

impl Mismatch {
    pub fn is_unfinished(&self) -> bool {
        self.unfinished
    }
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.frame {
            Some(t) => write!(f, "frame {t}: {}", self.message),
            None => write!(f, "{}", self.message),
        }
    }
}

impl std::error::Error for Mismatch {}

fn at(frame: usize, message: String) -> Mismatch {
    Mismatch {
        frame: Some(frame),
        message,
        unfinished: false,
    }
}

fn bits(a: f64, b: f64) -> bool {
    a.to_bits() == b.to_bits()
}

fn compare_frames(t: usize, want: &Frame, got: &Frame) -> Result<(), Mismatch> {
    for (p, (w, g)) in want.ships.iter().zip(&got.ships).enumerate() {
        if w.len() != g.len() || w.iter().zip(g).any(|(a, b)| a.id != b.id) {
            let ids = |l: &[super::replay::ShipRecord]| l.iter().map(|s| s.id).collect::<Vec<_>>();
            return Err(at(
                t,
                format!(
                    "player {p} has ships {:?}, the rules give {:?}",
                    ids(w),
                    ids(g)
                ),
            ));
        }
        for (a, b) in w.iter().zip(g) {
            let what = format!("ship {} (player {p})", a.id);
            let fields = [
                ("x", a.x, b.x),
                ("y", a.y, b.y),
                ("vel_x", a.vel_x, b.vel_x),
                ("vel_y", a.vel_y, b.vel_y),
            ];
            for (name, x, y) in fields {
                if !bits(x, y) {
                    return Err(at(
                        t,
                        format!("{what}: {name} is {x:?}, the rules give {y:?}"),
                    ));
                }
            }
            if (a.health, a.cooldown) != (b.health, b.cooldown) {
                return Err(at(
                    t,
                    format!(
                        "{what}: health {} cooldown {}, the rules give health {} cooldown {}",
                        a.health, a.cooldown, b.health, b.cooldown
                    ),
                ));
            }
            if (a.status, a.planet, a.turns_left) != (b.status, b.planet, b.turns_left) {
                return Err(at(
                    t,
                    format!(
                        "{what}: docking {} {:?} {:?}, the rules give {} {:?} {:?}",
                        a.status.name(),
                        a.planet,
                        a.turns_left,
                        b.status.name(),
                        b.planet,
                        b.turns_left
                    ),
                ));
            }
        }
    }
    if want.planets.len() != got.planets.len()
        || want
            .planets
            .iter()
            .zip(&got.planets)
            .any(|(a, b)| a.id != b.id)
    {
        return Err(at(
            t,
            format!(
                "living planets {:?}, the rules give {:?}",
                want.planets.iter().map(|p| p.id).collect::<Vec<_>>(),
                got.planets.iter().map(|p| p.id).collect::<Vec<_>>()
            ),
        ));
    }
    for (a, b) in want.planets.iter().zip(&got.planets) {
        if a != b {
            return Err(at(
                t,
                format!("planet {}: {a:?}, the rules give {b:?}", a.id),
            ));
        }
    }
    Ok(())
}

fn compare_events(t: usize, want: &[Event], got: &[Event]) -> Result<(), Mismatch> {
    for (k, (a, b)) in want.iter().zip(got).enumerate() {
        if !a.same_bits(b) {
            return Err(at(
                t,
                format!("event {k} of the next turn is {a:?}, the rules give {b:?}"),
            ));
        }
    }
    if want.len() != got.len() {
        let extra = if want.len() > got.len() {
            format!("the replay has more: {:?}", want[got.len()])
        } else {
            format!("the rules give more: {:?}", got[want.len()])
        };
        return Err(at(
            t,
            format!(
                "{} events in the next turn, the rules give {} ({extra})",
                want.len(),
                got.len()
            ),
        ));
    }
    Ok(())
}

/// Re-simulates the whole replay and compares it with the record; `Err` names the first
/// difference.
pub fn verify(replay: &Replay) -> Result<(), Mismatch> {
    let mut game = initial_game(replay).map_err(|e| Mismatch {
        frame: Some(0),
        message: e.to_string(),
        unfinished: false,
    })?;
    let header: Vec<_> = replay
        .planets
        .iter()
        .map(|p| (p.health, p.docking_spots, p.production))
        .collect();
    let derived: Vec<_> = game
        .replay()
        .planets
        .iter()
        .map(|p| (p.health, p.docking_spots, p.production))
        .collect();
    if header != derived {
        return Err(Mismatch {
            frame: None,
            message: "planet health, docking spots or production do not follow from the radii"
                .into(),
            unfinished: false,
        });
    }
    compare_frames(0, &replay.frames[0], game.frame())?;
    let last = replay.frames.len() - 1;
    for turn in 1..=last {
        if game.is_over() {
            return Err(at(
                turn - 1,
                format!("the game ends here by the rules, the replay goes on to frame {last}"),
            ));
        }
        replay_turn(&mut game, replay, turn).map_err(|e| at(turn, e.to_string()))?;
        let ours = game.replay();
        compare_events(
            turn - 1,
            replay.frames[turn - 1].events.as_deref().unwrap_or(&[]),
            ours.frames[turn - 1].events.as_deref().unwrap_or(&[]),
        )?;
        if replay.moves[turn - 1] != ours.moves[turn - 1] {
            return Err(at(
                turn,
                format!(
                    "the moves of turn {turn} include commands the rules do not record: {:?}",
                    replay.moves[turn - 1]
                ),
            ));
        }
        compare_frames(turn, &replay.frames[turn], &ours.frames[turn])?;
    }
    if !game.is_over() {
        return Err(Mismatch {
            frame: Some(last),
            message: format!(
                "unfinished: the replay stops before the game's end (the game goes on by the rules); the rules are verified to frame {last}"
            ),
            unfinished: true,
        });
    }
    for (p, (a, b)) in replay.stats.iter().zip(&game.replay().stats).enumerate() {
        let want = (
            a.rank,
            a.last_frame_alive,
            a.total_ship_count,
            a.damage_dealt,
        );
        let got = (
            b.rank,
            b.last_frame_alive,
            b.total_ship_count,
            b.damage_dealt,
        );
        if want != got {
            return Err(Mismatch {
                frame: None,
                message: format!(
                    "stats of player {p}: (rank, last_frame_alive, total_ship_count, damage_dealt) = {want:?}, the rules give {got:?}"
                ),
                unfinished: false,
            });
        }
    }
    Ok(())
}

/// The statistics series of a replay ([`super::stats::SERIES`]): the series the engine records
/// while it follows the record (frame 0, then each recorded turn with the ejections it implies,
/// as [`verify`] does), so damage dealt is the engine's own count. From the first turn whose
/// frame or events differ from the rules' (a replay that breaks the rules) on, the series come
/// from the recorded frames and events alone, damage then counted as
/// [`super::stats::WEAPON_DAMAGE`] per attack on top of the engine's count so far.
pub fn replay_series(replay: &Replay) -> Series {
    let mut series = followed_series(replay);
    for t in series.frames.max(1)..replay.frames.len() {
        let before = &replay.frames[t - 1];
        let events = before.events.as_deref().unwrap_or(&[]);
        series.push(&replay.frames[t], Some((before, events)), None);
    }
    series
}

/// The series of the frames of a replay the rules follow (frame 0 from the record if even it
/// does not follow).
fn followed_series(replay: &Replay) -> Series {
    let mut recorded = Series::new(replay.num_players);
    let Some(first) = replay.frames.first() else {
        return recorded;
    };
    recorded.push(first, None, None);
    let Ok(mut game) = initial_game(replay) else {
        return recorded;
    };
    if game.players() != replay.num_players || compare_frames(0, first, game.frame()).is_err() {
        return recorded;
    }
    for turn in 1..replay.frames.len() {
        let followed = replay_turn(&mut game, replay, turn).is_ok() && {
            let ours = game.replay();
            compare_events(
                turn - 1,
                replay.frames[turn - 1].events.as_deref().unwrap_or(&[]),
                ours.frames[turn - 1].events.as_deref().unwrap_or(&[]),
            )
            .is_ok()
                && compare_frames(turn, &replay.frames[turn], &ours.frames[turn]).is_ok()
        };
        if !followed {
            let mut series = game.series().clone();
            series.truncate(turn);
            return series;
        }
    }
    game.series().clone()
}
