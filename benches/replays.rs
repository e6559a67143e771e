//! Halite II replay sizes and write times: every conformance game's JSON compressed by the
//! crate's own zstd writer (`halite::zstd`, what `halite run`, the Python package and the
//! page's downloads write), beside the reference's own file, `structured-zstd` at level 21 and
//! `ruzstd` at its fastest level (the page's store of its own games). Times are medians of
//! `--runs N` (default 5) writes, the writers taking turns. The goals: no file larger than the
//! reference's, and writing within 1.5 times the time of the writer it replaces.

use std::time::{Duration, Instant};

/// The frame read back by the crate's reader (`ruzstd`'s decoder).
fn decode(frame: &[u8]) -> Vec<u8> {
    halite::halite2::replay::decompress(frame).expect("the frame decodes")
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let runs = args
        .iter()
        .position(|a| a == "--runs")
        .and_then(|i| args.get(i + 1))
        .and_then(|n| n.parse().ok())
        .unwrap_or(5usize);
    let dir = format!("{}/tests/fixtures/halite2", env!("CARGO_MANIFEST_DIR"));
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.ends_with(".hlt"))
        .collect();
    names.sort();
    println!(
        "{:<36} {:>9} {:>9} {:>8} {:>7} {:>9} {:>8} {:>9} {:>9} {:>6}",
        "replay",
        "json",
        "reference",
        "ours",
        "/ref",
        "level 21",
        "/ref",
        "ours ms",
        "l21 ms",
        "ratio"
    );
    let (mut worst, mut ratios) = (0f64, Vec::new());
    for name in names {
        let file = std::fs::read(format!("{dir}/{name}")).unwrap();
        let plain = decode(&file);
        let (mut ours_t, mut l21_t) = (Vec::new(), Vec::new());
        let (mut ours, mut l21) = (Vec::new(), Vec::new());
        for _ in 0..runs {
            let t = Instant::now();
            ours = halite::zstd::compress(&plain);
            ours_t.push(t.elapsed());
            let t = Instant::now();
            l21 = structured_zstd::encoding::compress_to_vec(
                &plain[..],
                structured_zstd::encoding::CompressionLevel::from_level(21),
            );
            l21_t.push(t.elapsed());
        }
        assert!(
            decode(&ours) == plain,
            "{name}: our frame decodes to the JSON"
        );
        let (o, l) = (median(ours_t), median(l21_t));
        let ratio = o.as_secs_f64() / l.as_secs_f64();
        ratios.push(ratio);
        let r = ours.len() as f64 / file.len() as f64;
        worst = worst.max(r);
        println!(
            "{:<36} {:>9} {:>9} {:>8} {:>7.3} {:>9} {:>8.3} {:>9.1} {:>9.1} {:>6.2}",
            name.trim_end_matches(".hlt"),
            plain.len(),
            file.len(),
            ours.len(),
            r,
            l21.len(),
            l21.len() as f64 / file.len() as f64,
            o.as_secs_f64() * 1e3,
            l.as_secs_f64() * 1e3,
            ratio
        );
    }
    ratios.sort_by(f64::total_cmp);
    println!(
        "largest size / reference: {worst:.3} (goal: at most 1.000); write time / level 21: median {:.2}x, largest {:.2}x (goal: at most 1.5x)",
        ratios[ratios.len() / 2],
        ratios[ratios.len() - 1]
    );
}
