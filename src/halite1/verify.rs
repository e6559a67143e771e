//! Re-simulating a replay from frame 0 and its moves, to tell whether it follows the rules (the
//! following itself is [`super::follow`], which forks games by the same re-simulation).

pub use super::follow::Mismatch;
use super::follow::{ended_at_init, follow_turn, start};
use super::replay::Replay;

/// Re-simulates `replay` and returns the first mismatch, if any.
///
/// A player whose pieces all turn neutral at once (ejected by the environment for a crash, a
/// timeout or an invalid move line) is recognised as such, as the reference ejects.
pub fn verify(replay: &Replay) -> Result<(), Mismatch> {
    let mut game = start(replay);
    let frames = replay.num_frames();
    for t in 0..frames - 1 {
        game = follow_turn(&game, replay, t)?.0;
    }
    if frames == 1 && !game.is_over() && ended_at_init(&game).is_some() {
        return Ok(());
    }
    if !game.is_over() {
        return Err(Mismatch::End {
            frame: frames - 1,
            over: false,
        });
    }
    Ok(())
}
