//! Halite I, the wrap-around grid game, and Blitz (Halite I with fog of war).

pub mod answer;
pub mod bench;
pub mod bots;
pub mod explain;
pub mod fog;
pub mod follow;
pub mod forward;
pub mod game;
pub mod grid;
pub mod lesson;
pub mod mapgen;
pub mod naive;
pub mod observe;
pub mod protocol;
pub mod ranking;
pub mod replay;
pub mod seam;
pub mod stats;
pub mod turn;
pub mod verify;

pub use game::{Game, GameConfig, GameError};
pub use grid::{Board, Direction, Move, MAX_PLAYERS, MAX_SIDE};
pub use ranking::{PlayerResult, Score};
pub use replay::{Replay, ReplayError};
pub use turn::{PlayerTurnStats, TurnReport, TurnScratch};
