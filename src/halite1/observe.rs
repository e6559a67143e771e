//! What a seat's bot is given each turn: the one Halite I observation. The page's engine worker
//! hands it to every bot (built-in or hosted), the forward model (`debug.simulate`) answers with
//! it, the native built-in bots read it, and the Python package's bot moves are computed from
//! it.
//!
//! As a bot receives it (`docs/bots.md`), in this key order:
//!
//! ```text
//! {width, height, myId, owner, strength, production, turn}
//! ```
//!
//! `myId` is the seat's owner value on the board (`seat + 1`); `owner`, `strength` and
//! `production` are row-major `Uint8Array`s of the board as the seat sees it (in Blitz, fog
//! applied: hidden sites neutral, strength and production 0); `turn` is the turns played so far.
//!
//! Its one serialisation is [`Observation::encode`]: JSON text whose byte arrays are
//! `{"$u8": [offset, length]}` values standing for bytes after it (the forward model's
//! [`SimObservation`]), which the page reads back into the object above.

use super::game::Game;
use super::grid::Board;
use crate::env::forward::SimObservation;

/// One seat's view of a game at the start of a turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Observation {
    /// The board as the seat sees it (fog applied in Blitz).
    pub board: Board,
    /// The seat's owner value on the board (`seat + 1`).
    pub my_id: u8,
    /// Turns played so far.
    pub turn: u32,
}

impl Observation {
    /// What `seat` (0-based) of `game` sees now.
    pub fn of(game: &Game, seat: usize) -> Observation {
        Observation {
            board: game.observation(seat),
            my_id: (seat + 1) as u8,
            turn: game.turn(),
        }
    }

    /// The observation as JSON text and the bytes its `{"$u8": [offset, length]}` values stand
    /// for (owner, strength, production, in that order).
    pub fn encode(&self) -> SimObservation {
        let b = &self.board;
        let n = b.width * b.height;
        let json = format!(
            r#"{{"width":{},"height":{},"myId":{},"owner":{{"$u8":[0,{n}]}},"strength":{{"$u8":[{n},{n}]}},"production":{{"$u8":[{},{n}]}},"turn":{}}}"#,
            b.width,
            b.height,
            self.my_id,
            2 * n,
            self.turn
        );
        let mut bytes = Vec::with_capacity(3 * n);
        bytes.extend_from_slice(&b.owner);
        bytes.extend_from_slice(&b.strength);
        bytes.extend_from_slice(&b.production);
        SimObservation { json, bytes }
    }
}
