//! Re-simulating a replay from frame 0 and its moves, to tell whether it follows the rules.

use super::game::Game;
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
                "frame {frame}: the replay ends, but the game should have gone on"
            ),
        }
    }
}

/// Re-simulates `replay` and returns the first mismatch, if any.
///
/// A player whose pieces all turn neutral at once (ejected by the environment for a crash, a
/// timeout or an invalid move line) is recognised as such, as the reference ejects.
pub fn verify(replay: &Replay) -> Result<(), Mismatch> {
    let board = replay.board(0);
    let mut game = Game::from_board(board, replay.player_names.clone(), replay.fog_of_war);
    game.set_recording(false);
    let frames = replay.num_frames();
    for t in 0..frames - 1 {
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
        let mut first = differs(replay, t + 1, &next);
        if first.is_some() {
            if let Some(fixed) = explain_by_ejection(&game, moves, t, replay) {
                next = fixed;
                first = None;
            }
        }
        if let Some(m) = first {
            return Err(m);
        }
        game = next;
    }
    if frames == 1 && !game.is_over() {
        // Bots that failed to start can end the game before its first turn.
        let live: Vec<usize> = (0..game.players()).filter(|&p| game.is_alive(p)).collect();
        for set in subsets(&live) {
            let mut trial = game.clone();
            for &p in &set {
                trial.eject_at_init(p);
            }
            if trial.is_over() {
                return Ok(());
            }
        }
    }
    if !game.is_over() {
        return Err(Mismatch::End {
            frame: frames - 1,
            over: false,
        });
    }
    Ok(())
}

/// The game after turn `t` if some live players' ejection (before the first turn, at
/// initialisation or during it) makes it match the replay's next frame.
fn explain_by_ejection(game: &Game, moves: &[u8], t: usize, replay: &Replay) -> Option<Game> {
    let live: Vec<usize> = (0..game.players()).filter(|&p| game.is_alive(p)).collect();
    for set in subsets(&live) {
        for at_init in [false, true] {
            if at_init && t != 0 {
                continue;
            }
            let mut trial = game.clone();
            for &p in &set {
                if at_init {
                    trial.eject_at_init(p);
                } else {
                    trial.eject(p);
                }
            }
            if trial.step_sites(moves).is_ok() && differs(replay, t + 1, &trial).is_none() {
                return Some(trial);
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
    all.sort_by_key(Vec::len);
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
