//! Following a recorded game: the game at frame 0 of a replay, each recorded turn played on it
//! (with the ejections the record implies), and a fork at any frame. [`super::verify`] compares
//! what this gives with the record; the seam forks live games from it.
//!
//! A replay does not record ejections; they are inferred as the reference's effects show
//! them: a player whose ships all vanish in a turn without a `destroyed` event was ejected at
//! the start of that turn, and one whose `last_frame_alive` is -1 failed to start.

use super::entities::EntityId;
use super::events::Event;
use super::game::{Game, GameError};
use super::replay::Replay;

/// The players ejected at the start of turn `turn` (1-based), read from frames `turn - 1` and
/// `turn`.
pub fn inferred_ejections(replay: &Replay, turn: usize) -> Vec<usize> {
    let (Some(before), Some(after)) = (replay.frames.get(turn - 1), replay.frames.get(turn)) else {
        return Vec::new();
    };
    let events = before.events.as_deref().unwrap_or(&[]);
    (0..replay.num_players)
        .filter(|&p| {
            !before.ships[p].is_empty()
                && after.ships[p].is_empty()
                && !events.iter().any(|e| {
                    matches!(e, Event::Destroyed { entity: EntityId::Ship { owner, .. }, .. }
                        if *owner as usize == p)
                })
        })
        .collect()
}

/// The game at frame 0 of a replay (its planets and initial ships, its seed and names), with
/// the players that failed to start already ejected.
pub fn initial_game(replay: &Replay) -> Result<Game, GameError> {
    let first = &replay.frames[0];
    let planets: Vec<(f64, f64, f64)> = replay.planets.iter().map(|p| (p.x, p.y, p.r)).collect();
    let mut next = 0;
    let mut ships = Vec::new();
    for (p, list) in first.ships.iter().enumerate() {
        let mut pos = Vec::new();
        for s in list {
            if s.id != next {
                return Err(GameError::Replay(format!(
                    "frame 0: ship {} of player {p} (initial ships are numbered from 0 in player order)",
                    s.id
                )));
            }
            next += 1;
            pos.push((s.x, s.y));
        }
        ships.push(pos);
    }
    let mut game = Game::from_map(
        replay.width,
        replay.height,
        replay.seed,
        &planets,
        &ships,
        replay.player_names.clone(),
    );
    for (p, s) in replay.stats.iter().enumerate() {
        if s.last_frame_alive == -1 {
            game.eject_at_init(p);
        }
    }
    Ok(game)
}

/// Plays turn `turn` (1-based) of the replay on `game`: the inferred ejections, then the
/// recorded moves.
pub fn replay_turn(game: &mut Game, replay: &Replay, turn: usize) -> Result<(), GameError> {
    for p in inferred_ejections(replay, turn) {
        game.eject(p);
    }
    game.step(&replay.moves[turn - 1])
}

/// The recorded game as it was after frame `frame`, re-simulated from frame 0.
pub fn fork(replay: &Replay, frame: usize) -> Result<Game, GameError> {
    if frame >= replay.frames.len() {
        return Err(GameError::Replay(format!(
            "frame {frame} is beyond the last ({})",
            replay.frames.len() - 1
        )));
    }
    let mut game = initial_game(replay)?;
    for turn in 1..=frame {
        replay_turn(&mut game, replay, turn)
            .map_err(|e| GameError::Replay(format!("turn {turn}: {e}")))?;
    }
    Ok(game)
}
