//! Halite I, the wrap-around grid game, and Blitz (Halite I with fog of war).

pub mod fog;
pub mod game;
pub mod grid;
pub mod mapgen;
pub mod naive;
pub mod protocol;
pub mod replay;
#[cfg(not(target_arch = "wasm32"))]
pub mod runner;
pub mod stats;
pub mod turn;
pub mod verify;

pub use game::{Game, GameConfig, PlayerResult};
pub use grid::{Board, Direction, MAX_PLAYERS};
pub use replay::{Replay, ReplayError};
pub use turn::{PlayerTurnStats, TurnReport, TurnScratch};
