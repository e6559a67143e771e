//! Rules engines for Halite I (with its Blitz fog variant), replay tools and a drop-in CLI.
//!
//! * [`env`](mod@env): the game-agnostic seam (the `Game` and `TextProtocol` traits, seat results, the
//!   native subprocess runner, the contract checks every game passes).
//! * [`halite1`]: Halite I: exact turn resolution, the reference map generator, replays,
//!   ranking, statistics.
//! * [`halite2`]: Halite II: the continuous-space game, exact to the reference (80-bit
//!   positions, container orders), its replays (zstd), map generator and verifier.
//! * `web` (wasm32 only): everything exported to JavaScript, one handle pair per game.

pub mod env;
pub mod games;
#[cfg(feature = "halite1")]
pub mod halite1;
#[cfg(feature = "halite2")]
pub mod halite2;

#[cfg(target_arch = "wasm32")]
pub mod web;
