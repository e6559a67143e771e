//! Halite I rules engine: exact turn resolution, the reference map generator, replays
//! and statistics. The core is plain Rust; everything exported to JavaScript lives in
//! [`web`], compiled only for `wasm32`.

pub mod halite1;

#[cfg(target_arch = "wasm32")]
pub mod web;
