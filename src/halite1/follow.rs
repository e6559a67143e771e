//! Following a recorded game: its frame 0 as a game, each recorded turn played on it with the
//! ejections the record implies, and a fork at any frame ([`Game::from_replay`]).
//! [`super::verify`] compares what this gives with the record.

use super::game::{Game, GameError};
use super::replay::Replay;
use serde::Serialize;
use std::fmt;

/// The first place where a replay and the rules part ways.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum Mismatch {
    /// Frame `frame` differs at site (x, y): what the replay holds and what the rules give.
    Site {
        frame: usize,
        x: usize,
        y: usize,
        field: &'static str,
        replay: u8,
        engine: u8,
    },
    /// A move recorded for a site its player did not own.
    Move {
        turn: usize,
        x: usize,
        y: usize,
        dir: u8,
    },
    /// The game should have ended at `frame`, or should have gone on after the last frame.
    End { frame: usize, over: bool },
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Mismatch::Site {
                frame,
                x,
                y,
                field,
                replay,
                engine,
            } => write!(
                f,
                "frame {frame} site ({x}, {y}): {field} {replay} in the replay, {engine} by the rules"
            ),
            Mismatch::Move { turn, x, y, dir } => write!(
                f,
                "moves[{turn}][{y}][{x}]: move {dir} from a site no player owned"
            ),
            Mismatch::End { frame, over: true } => {
                write!(f, "frame {frame}: the game should have ended here")
            }
            Mismatch::End { frame, over: false } => write!(
                f,
                "unfinished: the replay stops at frame {frame} before the game's end; the rules are verified to frame {frame}"
            ),
        }
    }
}

impl Mismatch {
    /// An unfinished replay: every frame follows the rules, but the record stops before the
    /// game's end (a game saved while it was being played).
    pub fn is_unfinished(&self) -> bool {
        matches!(self, Mismatch::End { over: false, .. })
    }

    /// The frame where the replay and the rules part ways (for an unfinished one, its last).
    pub fn frame(&self) -> usize {
        match self {
            Mismatch::Site { frame, .. } => *frame,
            Mismatch::Move { turn, .. } => *turn,
            Mismatch::End { frame, .. } => *frame,
        }
    }
}

impl Game {
    /// The recorded game exactly as it was after frame `frame`: board, turn count, who is alive
    /// or ejected, the elimination order and territory integrals, the replay's frames
    /// `0..=frame` and the statistics series so far. Stepping it with the recorded moves of the
    /// later turns ([`Game::step_sites`]) reproduces the rest of the replay and its ranking.
    ///
    /// The turns before `frame` are re-simulated from frame 0 with the recorded moves, ejections
    /// explained as [`super::verify::verify`] explains them (bots that failed to start count from frame 0).
    /// A replay's frames do not say for how many turns the game was set, so the fork has the
    /// reference's turn limit for its map.
    pub fn from_replay(replay: &Replay, frame: usize) -> Result<Game, GameError> {
        let frames = replay.num_frames();
        if frame >= frames {
            return Err(GameError::NoSuchFrame { frame, frames });
        }
        let mut game = start(replay);
        let mut series = game.series().clone();
        for t in 0..frame {
            let (next, _) =
                follow_turn(&game, replay, t).map_err(|m| GameError::Diverges(m.to_string()))?;
            game = next;
            series.push(game.board(), Some(game.last_report()));
        }
        if frame == 0 {
            let at_init = if frames > 1 {
                follow_turn(&game, replay, 0)
                    .ok()
                    .map(|(_, e)| e)
                    .filter(|e| e.at_init)
            } else {
                ended_at_init(&game)
            };
            if let Some(e) = at_init {
                e.apply(&mut game);
            }
        }
        // The frames matched the replay's, so they are its frames.
        game.resume_recording(replay.prefix(frame), series);
        Ok(game)
    }
}

/// The replay's frame 0 as a game that does not record (cheap to clone).
pub(crate) fn start(replay: &Replay) -> Game {
    let mut game = Game::from_board(
        replay.board(0),
        replay.player_names.clone(),
        replay.fog_of_war,
    );
    game.set_recording(false);
    game
}

/// Ejections that explain a recorded turn: these players, before the first turn (`at_init`) or
/// during the turn.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Ejections {
    players: Vec<usize>,
    at_init: bool,
}

impl Ejections {
    fn apply(&self, game: &mut Game) {
        for &p in &self.players {
            if self.at_init {
                game.eject_at_init(p);
            } else {
                game.eject(p);
            }
        }
    }
}

/// Turn `t` of `replay` played from `game` (at frame `t`): the game at frame `t + 1` and the
/// ejections it took to match the replay, or the first mismatch.
pub(crate) fn follow_turn(
    game: &Game,
    replay: &Replay,
    t: usize,
) -> Result<(Game, Ejections), Mismatch> {
    if game.is_over() {
        return Err(Mismatch::End {
            frame: t,
            over: true,
        });
    }
    let moves = replay.turn_moves(t);
    let owner = &game.board().owner;
    if let Some(i) = moves
        .iter()
        .zip(owner)
        .position(|(&m, &o)| m != 0 && o == 0)
    {
        let w = replay.width;
        return Err(Mismatch::Move {
            turn: t,
            x: i % w,
            y: i / w,
            dir: moves[i],
        });
    }
    let mut next = game.clone();
    let _ = next.step_sites(moves);
    match differs(replay, t + 1, &next) {
        None => Ok((next, Ejections::default())),
        Some(m) => explain_by_ejection(game, moves, t, replay).ok_or(m),
    }
}

/// Bots that failed to start and so ended the game before its first turn (a one-frame replay).
pub(crate) fn ended_at_init(game: &Game) -> Option<Ejections> {
    let live: Vec<usize> = (0..game.players()).filter(|&p| game.is_alive(p)).collect();
    subsets(&live).into_iter().find_map(|players| {
        let e = Ejections {
            players,
            at_init: true,
        };
        let mut trial = game.clone();
        e.apply(&mut trial);
        trial.is_over().then_some(e)
    })
}

/// The game after turn `t` if some live players' ejection (before the first turn, at
/// initialisation or during it) makes it match the replay's next frame.
fn explain_by_ejection(
    game: &Game,
    moves: &[u8],
    t: usize,
    replay: &Replay,
) -> Option<(Game, Ejections)> {
    let live: Vec<usize> = (0..game.players()).filter(|&p| game.is_alive(p)).collect();
    for players in subsets(&live) {
        for at_init in [false, true] {
            if at_init && t != 0 {
                continue;
            }
            let e = Ejections {
                players: players.clone(),
                at_init,
            };
            let mut trial = game.clone();
            e.apply(&mut trial);
            if trial.step_sites(moves).is_ok() && differs(replay, t + 1, &trial).is_none() {
                return Some((trial, e));
            }
        }
    }
    None
}

/// Every non-empty subset of `items`, smallest first.
fn subsets(items: &[usize]) -> Vec<Vec<usize>> {
    let mut all: Vec<Vec<usize>> = (1u32..1 << items.len())
        .map(|bits| {
            items
                .iter()
                .enumerate()
                .filter(|(k, _)| bits & (1 << k) != 0)
                .map(|(_, &p)| p)
                .collect()
        })
        .collect();
    crate::env::sort::by_key(&mut all, Vec::len);
    all
}

fn differs(replay: &Replay, t: usize, game: &Game) -> Option<Mismatch> {
    let b = game.board();
    let w = replay.width;
    for (field, ours, theirs) in [
        ("owner", &b.owner, replay.frame_owner(t)),
        ("strength", &b.strength, replay.frame_strength(t)),
    ] {
        if let Some(i) = ours.iter().zip(theirs).position(|(a, b)| a != b) {
            return Some(Mismatch::Site {
                frame: t,
                x: i % w,
                y: i / w,
                field,
                replay: theirs[i],
                engine: ours[i],
            });
        }
    }
    None
}
