//! Halite II turn benchmark: re-simulating the reference replay g09 (4 players, 312x208) from
//! frame 0 with its moves, in microseconds per turn. It runs `halite::halite2::bench::resimulate`,
//! the same loop as the wasm export `Halite2Replay.benchResimulate`, so `node www/bench/engine.mjs`
//! compares the two. The last line is machine-readable: `native_us_per_turn=<float>`, the median
//! of 7 batches (the statistic `www/bench/engine.mjs` takes on both sides).
//! `cargo bench --bench halite2 -- --rounds N` sets the rounds per batch. `-- --serve` is how
//! `www/bench/engine.mjs` drives it: each line read from standard input is a number of
//! re-simulations to time, answered by one `us=<float>` line (microseconds per turn).

use halite::halite2::bench::resimulate;
use halite::halite2::Replay;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

/// The system allocator, counting allocations (and reallocations): the bench prints how many a
/// turn makes, recording the replay included.
struct Counting;

static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);

unsafe impl std::alloc::GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: std::alloc::Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        unsafe { std::alloc::System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: std::alloc::Layout) {
        unsafe { std::alloc::System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: std::alloc::Layout, size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        unsafe { std::alloc::System.realloc(ptr, layout, size) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

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
    if args.iter().any(|a| a == "--serve") {
        use std::io::{BufRead, Write};
        let mut out = std::io::stdout().lock();
        for line in std::io::stdin().lock().lines() {
            let Ok(rounds) = line.expect("stdin").trim().parse::<u32>() else {
                break;
            };
            let t = Instant::now();
            let turns = resimulate(&replay, rounds).expect("g09 re-simulates");
            let us = t.elapsed().as_secs_f64() * 1e6 / turns.max(1) as f64;
            writeln!(out, "us={us:.4}").expect("stdout");
            out.flush().expect("stdout");
        }
        return;
    }
    let before = ALLOCATIONS.load(Ordering::Relaxed);
    let one = resimulate(&replay, 1).expect("g09 re-simulates");
    let allocations = ALLOCATIONS.load(Ordering::Relaxed) - before;
    let mut turns = 0;
    let mut runs: Vec<f64> = (0..7)
        .map(|_| {
            let t = Instant::now();
            turns = resimulate(&replay, rounds).expect("g09 re-simulates");
            t.elapsed().as_secs_f64() * 1e6 / turns as f64
        })
        .collect();
    runs.sort_by(f64::total_cmp);
    let (median, best) = (runs[runs.len() / 2], runs[0]);
    let ships: usize = replay
        .frames
        .iter()
        .map(|f| f.ships.iter().map(Vec::len).sum::<usize>())
        .sum();
    println!(
        "Halite II: re-simulating g09 (4 players, 312x208, {} turns, {:.0} ships a frame on average), 7 batches of {rounds}",
        turns / u64::from(rounds),
        ships as f64 / replay.frames.len() as f64
    );
    println!("  {median:.1} µs per turn, median (best {best:.1}; goal: at most 5)");
    println!(
        "  {:.1} allocations per turn (the turn's events and recorded commands, and the replay's frame)",
        allocations as f64 / one.max(1) as f64
    );
    println!("native_us_per_turn={median:.3}");
}
