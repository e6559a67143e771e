//! Halite II, the continuous-space game of ships and planets, exact to the reference engine
//! (bit for bit, including its 80-bit extended arithmetic and container orders).

pub mod answer;
pub mod bench;
pub mod bots;
pub mod entities;
pub mod events;
pub mod follow;
pub mod forward;
pub mod game;
pub mod geometry;
pub mod lesson;
pub mod mapgen;
pub mod observe;
pub mod order;
pub mod protocol;
pub mod ranking;
pub mod replay;
pub mod seam;
pub mod stats;
pub mod trig;
pub mod turn;
pub mod verify;

pub use entities::{DockingStatus, EntityId};
pub use events::Event;
pub use game::{Action, Game, GameConfig, GameError};
pub use ranking::Score;
pub use replay::{Command, Frame, Replay, ReplayError, ShipCommand};
