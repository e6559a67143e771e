//! Turn-resolution benchmark: the engine beside the plain map-based resolver, in one run.
//!
//! `cargo bench` prints nanoseconds per site per turn for
//! 1. a 50x50, 6-player board with every piece moving, and
//! 2. re-simulating the reference replay s107 (50x50, 2 players) from frame 0 with its moves,
//!    and the ratio between the two resolvers, plus the allocations made per turn.
//!
//! The re-simulation runs `halite::halite1::bench::Resimulation`, the same loop as the wasm
//! export `Halite1Replay.benchResimulate`, so the two numbers compare. The last line is
//! machine-readable: `native_ns_per_site_turn=<float>`. `cargo bench --bench engine --
//! --resim-only [--rounds N] [--narrow]` prints only that line (the median of 7 batches of N
//! re-simulations, 20 by default; `--narrow` keeps the turn to 128-bit lanes, the SIMD width
//! WebAssembly has, where the processor would use AVX2). `-- --serve` is how
//! `node www/bench/engine.mjs` drives it: each line read from standard input is a number of
//! re-simulations to time (`N narrow`: with 128-bit lanes),
//! answered by one `ns=<float>` line, so native and wasm batches can alternate one by one.

use halite::halite1::bench::Resimulation;
use halite::halite1::naive::resolve_turn_naive;
use halite::halite1::turn::{allow_wide_lanes, resolve_turn, TurnReport, TurnScratch};
use halite::halite1::{Board, Replay};
use rand::{Rng, SeedableRng};
use std::alloc::{GlobalAlloc, Layout, System};
use std::hint::black_box;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

struct Counting;
static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        System.alloc(layout)
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Runs `f` repeatedly for about `budget`, returning seconds per call (best of 5 batches).
fn time_per_call(budget: Duration, mut f: impl FnMut()) -> f64 {
    let start = Instant::now();
    let mut calls = 0u64;
    while start.elapsed() < budget / 10 {
        f();
        calls += 1;
    }
    let batch = calls.max(1);
    let mut best = f64::INFINITY;
    for _ in 0..5 {
        let t = Instant::now();
        for _ in 0..batch {
            f();
        }
        best = best.min(t.elapsed().as_secs_f64() / batch as f64);
    }
    best
}

fn crowded_board() -> (Board, Vec<u8>) {
    let mut rng = rand::rngs::StdRng::seed_from_u64(7);
    let mut b = Board::new(50, 50);
    for i in 0..b.len() {
        b.owner[i] = rng.gen_range(1..=6);
        b.strength[i] = rng.gen();
        b.production[i] = rng.gen_range(0..=15);
    }
    let moves = (0..b.len()).map(|_| rng.gen_range(1..=4)).collect();
    (b, moves)
}

/// The reference replay s107 (50x50, 2 players, 500 turns).
fn s107() -> Replay {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/halite1/s107-50x50-greedy1-greedy2.hlt.gz"
    );
    Replay::from_bytes(&std::fs::read(path).expect("s107 fixture")).expect("s107")
}

/// Nanoseconds per site-turn re-simulating `replay` whole with the engine, as
/// `Halite1Replay.benchResimulate` does in wasm.
fn resim_ns_per_site_turn(replay: &Replay, budget: Duration) -> f64 {
    let mut resim = Resimulation::new(replay);
    let mut site_turns = 0;
    let seconds = time_per_call(budget, || {
        site_turns = resim.run(black_box(replay), 1);
    });
    let turns = replay.num_frames() - 1;
    assert_eq!(
        resim.board().owner,
        replay.frame_owner(turns),
        "re-simulation diverged"
    );
    seconds * 1e9 / site_turns as f64
}

/// Nanoseconds per site-turn re-simulating `replay`: the median of 7 batches of `rounds`
/// re-simulations after one batch of warm-up, as `www/bench/engine.mjs` times the wasm side.
fn resim_median_ns(replay: &Replay, rounds: u32) -> f64 {
    let mut resim = Resimulation::new(replay);
    resim.run(replay, rounds);
    let mut runs: Vec<f64> = (0..7)
        .map(|_| {
            let t = Instant::now();
            let site_turns = resim.run(black_box(replay), rounds);
            t.elapsed().as_secs_f64() * 1e9 / site_turns as f64
        })
        .collect();
    runs.sort_by(f64::total_cmp);
    runs[runs.len() / 2]
}

/// `--serve`: times batches of re-simulations on request (see the module comment).
fn serve(replay: &Replay) {
    use std::io::{BufRead, Write};
    let mut resim = Resimulation::new(replay);
    let mut out = std::io::stdout().lock();
    for line in std::io::stdin().lock().lines() {
        let line = line.expect("stdin");
        let mut words = line.split_whitespace();
        let Some(Ok(rounds)) = words.next().map(str::parse::<u32>) else {
            break;
        };
        // "N narrow": the 128-bit lanes (`allow_wide_lanes(false)`) for this batch.
        let narrow = words.next() == Some("narrow");
        allow_wide_lanes(!narrow);
        let t = Instant::now();
        let site_turns = resim.run(black_box(replay), rounds);
        let ns = t.elapsed().as_secs_f64() * 1e9 / site_turns.max(1) as f64;
        allow_wide_lanes(true);
        writeln!(out, "ns={ns:.4}").expect("stdout");
        out.flush().expect("stdout");
    }
}

fn main() {
    let budget = Duration::from_secs(2);
    let args: Vec<String> = std::env::args().collect();
    if args.iter().any(|a| a == "--serve") {
        serve(&s107());
        return;
    }
    if args.iter().any(|a| a == "--resim-only") {
        let rounds = args
            .iter()
            .position(|a| a == "--rounds")
            .and_then(|i| args.get(i + 1))
            .and_then(|v| v.parse().ok())
            .unwrap_or(20u32);
        allow_wide_lanes(!args.iter().any(|a| a == "--narrow"));
        let ns = resim_median_ns(&s107(), rounds);
        println!("native_ns_per_site_turn={ns:.3}");
        return;
    }
    println!("turn resolution, nanoseconds per site per turn (lower is better)\n");

    let (start, moves) = crowded_board();
    let sites = start.len() as f64;
    let mut scratch = TurnScratch::new();
    let mut report = TurnReport::default();
    let mut board = start.clone();
    resolve_turn(&mut board, &moves, 6, &mut scratch, &mut report);
    let before = ALLOCATIONS.load(Ordering::Relaxed);
    let turns = 1000;
    for _ in 0..turns {
        board.owner.copy_from_slice(&start.owner);
        board.strength.copy_from_slice(&start.strength);
        resolve_turn(&mut board, &moves, 6, &mut scratch, &mut report);
    }
    let allocs = ALLOCATIONS.load(Ordering::Relaxed) - before;
    let engine = time_per_call(budget, || {
        board.owner.copy_from_slice(&start.owner);
        board.strength.copy_from_slice(&start.strength);
        resolve_turn(black_box(&mut board), &moves, 6, &mut scratch, &mut report);
    });
    let plain = time_per_call(budget, || {
        board.owner.copy_from_slice(&start.owner);
        board.strength.copy_from_slice(&start.strength);
        resolve_turn_naive(black_box(&mut board), &moves, 6);
    });
    println!("50x50, 6 players, every piece moving");
    println!(
        "  engine (with full report)   {:8.2} ns",
        engine * 1e9 / sites
    );
    println!(
        "  plain map-based resolver    {:8.2} ns",
        plain * 1e9 / sites
    );
    println!("  ratio                       {:8.1}x", plain / engine);
    println!(
        "  allocations per turn        {:8.2}\n",
        allocs as f64 / turns as f64
    );

    let replay = s107();
    let turns = replay.num_frames() - 1;
    let site_turns = (replay.sites() * turns) as f64;
    let mut board = replay.board(0);
    let engine_ns = resim_ns_per_site_turn(&replay, budget);
    allow_wide_lanes(false);
    let narrow_ns = resim_ns_per_site_turn(&replay, budget);
    allow_wide_lanes(true);
    let whole_plain = time_per_call(budget, || {
        board.owner.copy_from_slice(replay.frame_owner(0));
        board.strength.copy_from_slice(replay.frame_strength(0));
        for t in 0..turns {
            resolve_turn_naive(&mut board, replay.turn_moves(t), 2);
        }
    });
    println!("s107-50x50-greedy1-greedy2 re-simulated whole ({turns} turns)");
    println!(
        "  engine (with full report)   {:8.2} ns   ({:.2} ms per game; goal: at most 2.7 ns)",
        engine_ns,
        engine_ns * site_turns / 1e6
    );
    println!(
        "  engine, 128-bit lanes only  {narrow_ns:8.2} ns   (the SIMD width WebAssembly has; \
         the line above uses AVX2 where the processor has it)"
    );
    println!(
        "  plain map-based resolver    {:8.2} ns",
        whole_plain * 1e9 / site_turns
    );
    println!(
        "  ratio                       {:8.1}x",
        whole_plain * 1e9 / site_turns / engine_ns
    );
    println!(
        "\nreference environment (C++, measured separately on this kind of machine): about 270 to 300 ns"
    );
    println!("native_ns_per_site_turn={engine_ns:.3}");
}
