//! Re-simulating a whole replay with the fast resolver, as the benchmarks time it. The native
//! bench (`benches/engine.rs`) and the wasm export `Halite1Replay.benchResimulate` run this same
//! loop, so their nanoseconds per site-turn compare.

use super::grid::Board;
use super::replay::Replay;
use super::turn::{resolve_turn, TurnReport, TurnScratch};

/// Working memory for re-simulating one replay, reused across rounds.
#[derive(Clone, Debug)]
pub struct Resimulation {
    board: Board,
    scratch: TurnScratch,
    report: TurnReport,
}

impl Resimulation {
    pub fn new(replay: &Replay) -> Resimulation {
        Resimulation {
            board: replay.board(0),
            scratch: TurnScratch::new(),
            report: TurnReport::default(),
        }
    }

    /// Re-simulates `replay` from frame 0 with its moves, `rounds` times; returns the number of
    /// site-turns resolved.
    pub fn run(&mut self, replay: &Replay, rounds: u32) -> u64 {
        let turns = replay.num_frames().saturating_sub(1);
        for _ in 0..rounds {
            self.board.owner.copy_from_slice(replay.frame_owner(0));
            self.board
                .strength
                .copy_from_slice(replay.frame_strength(0));
            for t in 0..turns {
                resolve_turn(
                    &mut self.board,
                    replay.turn_moves(t),
                    replay.num_players,
                    &mut self.scratch,
                    &mut self.report,
                );
            }
        }
        u64::from(rounds) * (turns * replay.sites()) as u64
    }

    /// The board the last round ended on (the replay's last frame, for a replay without
    /// ejections).
    pub fn board(&self) -> &Board {
        &self.board
    }
}

/// [`Resimulation::run`] with fresh working memory.
pub fn resimulate(replay: &Replay, rounds: u32) -> u64 {
    Resimulation::new(replay).run(replay, rounds)
}
