//! Rules engines for Halite I (with its Blitz fog-of-war variant) and Halite II, exact to the
//! original environments, with their replays, map generators and rankings.
//!
//! One crate serves three uses: natively it is the library behind the drop-in `halite` command;
//! compiled to WebAssembly (the `web` module) it runs the games in the web page; and the Python
//! package (`python/`, `halite-engine`) builds on it for batched environments and an arena. Each
//! game is a Cargo feature named by its id (`halite1`, `halite2`), all on by default.
//!
//! * [`env`](mod@env): the game-agnostic seam (the `Game` and `TextProtocol` traits, seat results, the
//!   native subprocess runner, the contract checks every game passes).
//! * [`games`]: the registry, one entry per game, that the `halite` command dispatches through.
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
pub mod zstd;

#[cfg(target_arch = "wasm32")]
pub mod web;
