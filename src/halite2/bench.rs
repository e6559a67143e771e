//! Re-simulating a whole replay, as the benchmarks time it. The native bench
//! (`benches/halite2.rs`) and the wasm export `Halite2Replay.benchResimulate` run this same loop,
//! so their microseconds per turn compare.

use super::follow::fork;
use super::game::GameError;
use super::replay::Replay;

/// Re-simulates `replay` from frame 0 with its moves (and inferred ejections) `rounds` times;
/// returns the number of turns played.
pub fn resimulate(replay: &Replay, rounds: u32) -> Result<u64, GameError> {
    let last = replay.frames.len().saturating_sub(1);
    for _ in 0..rounds {
        let game = fork(replay, last)?;
        std::hint::black_box(&game);
    }
    Ok(u64::from(rounds) * last as u64)
}
