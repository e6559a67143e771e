//! Halite II turn benchmark: re-simulating the reference replay g09 (4 players, 312x208) from
//! frame 0 with its moves, in microseconds per turn. It runs `halite::halite2::bench::resimulate`,
//! the same loop as the wasm export `Halite2Replay.benchResimulate`, so `node www/bench/engine.mjs`
//! compares the two. The last line is machine-readable: `native_us_per_turn=<float>`.
//! `cargo bench --bench halite2 -- --rounds N` sets the rounds per batch.

use halite::halite2::bench::resimulate;
use halite::halite2::Replay;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let rounds = args
        .iter()
        .position(|a| a == "--rounds")
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(5u32);
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/halite2/g09_4p_312x208_mixed.hlt"
    );
    let replay = Replay::from_bytes(&std::fs::read(path).expect("g09 fixture")).expect("g09");
    resimulate(&replay, 1).expect("g09 re-simulates");
    let mut best = f64::INFINITY;
    let mut turns = 0;
    for _ in 0..7 {
        let t = Instant::now();
        turns = resimulate(&replay, rounds).expect("g09 re-simulates");
        best = best.min(t.elapsed().as_secs_f64() * 1e6 / turns as f64);
    }
    let ships: usize = replay
        .frames
        .iter()
        .map(|f| f.ships.iter().map(Vec::len).sum::<usize>())
        .sum();
    println!(
        "Halite II: re-simulating g09 (4 players, 312x208, {} turns, {:.0} ships a frame on average), best of 7 batches of {rounds}",
        turns / u64::from(rounds),
        ships as f64 / replay.frames.len() as f64
    );
    println!("  {best:.1} µs per turn   (goal: under 50)");
    println!("native_us_per_turn={best:.3}");
}
