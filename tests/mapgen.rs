//! Conformance of the Halite I map generator with the reference environment, plus properties
//! that must hold for any request.
#![cfg(not(target_arch = "wasm32"))]

use flate2::read::GzDecoder;
use halite::halite1::mapgen::{actual_size, actual_size_for_seed, generate, MAX_SIDE};
use proptest::prelude::*;
use serde_json::Value;
use std::io::{BufRead, BufReader};

/// One reference vector from `maps.jsonl.gz`.
struct Vector {
    seed: u32,
    requested_width: usize,
    requested_height: usize,
    players: usize,
    width: usize,
    height: usize,
    production: Vec<u8>,
    owner: Vec<u8>,
    strength: Vec<u8>,
}

fn field_usize(v: &Value, key: &str) -> usize {
    v[key]
        .as_u64()
        .unwrap_or_else(|| panic!("field {key} missing or not an integer")) as usize
}

fn field_bytes(v: &Value, key: &str) -> Vec<u8> {
    v[key]
        .as_array()
        .unwrap_or_else(|| panic!("field {key} missing or not an array"))
        .iter()
        .map(|x| u8::try_from(x.as_u64().expect("array element")).expect("byte value"))
        .collect()
}

fn load_vectors() -> Vec<Vector> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/halite1/maps.jsonl.gz"
    );
    let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("open {path}: {e}"));
    BufReader::new(GzDecoder::new(file))
        .lines()
        .map(|line| line.expect("read line"))
        .filter(|line| !line.trim().is_empty())
        .map(|line| {
            let v: Value = serde_json::from_str(&line).expect("valid JSON line");
            Vector {
                seed: u32::try_from(field_usize(&v, "seed")).expect("seed fits u32"),
                requested_width: field_usize(&v, "requested_width"),
                requested_height: field_usize(&v, "requested_height"),
                players: field_usize(&v, "players"),
                width: field_usize(&v, "width"),
                height: field_usize(&v, "height"),
                production: field_bytes(&v, "production"),
                owner: field_bytes(&v, "owner"),
                strength: field_bytes(&v, "strength"),
            }
        })
        .collect()
}

/// Describes the first difference between two layers, if any.
fn first_difference(name: &str, expected: &[u8], got: &[u8], width: usize) -> Option<String> {
    if expected.len() != got.len() {
        return Some(format!(
            "{name}: length {} expected, {} generated",
            expected.len(),
            got.len()
        ));
    }
    let i = expected.iter().zip(got).position(|(e, g)| e != g)?;
    Some(format!(
        "{name}: first difference at index {i} (x {}, y {}): expected {}, generated {}",
        i % width,
        i / width,
        expected[i],
        got[i]
    ))
}

#[test]
fn all_reference_maps_match() {
    let vectors = load_vectors();
    assert_eq!(vectors.len(), 150, "fixture should hold 150 vectors");
    let mut failures = Vec::new();
    for v in &vectors {
        let label = format!(
            "seed {} requested {}x{} players {} (reference {}x{})",
            v.seed, v.requested_width, v.requested_height, v.players, v.width, v.height
        );
        let board = generate(v.requested_width, v.requested_height, v.players, v.seed);
        if (board.width, board.height) != (v.width, v.height) {
            failures.push(format!(
                "{label}: generated {}x{}",
                board.width, board.height
            ));
            continue;
        }
        let sized = actual_size_for_seed(v.requested_width, v.requested_height, v.players, v.seed);
        if sized != (v.width, v.height) {
            failures.push(format!("{label}: actual_size_for_seed gave {sized:?}"));
        }
        for (name, expected, got) in [
            ("production", &v.production, &board.production),
            ("owner", &v.owner, &board.owner),
            ("strength", &v.strength, &board.strength),
        ] {
            if let Some(diff) = first_difference(name, expected, got, v.width) {
                failures.push(format!("{label}: {diff}"));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} vectors differ:\n{}",
        failures.len(),
        vectors.len(),
        failures.join("\n")
    );
}

#[test]
fn seedless_size_is_exact_where_the_seed_does_not_matter() {
    let mut seen_seed_dependent = 0;
    for v in load_vectors() {
        let size = actual_size(v.requested_width, v.requested_height, v.players);
        if matches!(v.players, 4 | 6) {
            // The seed picks one of two shapes; the seedless answer is one of them.
            // 4 players: 2x2 chunks, one side a multiple of 2 * 4; 6 players: 3x2 chunks, one
            // side a multiple of 2 * 6, the other of 3.
            let (w, h) = (v.requested_width, v.requested_height);
            let (many, step) = if v.players == 4 { (2, 8) } else { (3, 12) };
            let shapes = [
                (many * (w / many), h / step * step),
                (w / step * step, many * (h / many)),
            ];
            assert!(shapes.contains(&(v.width, v.height)), "reference shape");
            assert!(shapes.contains(&size), "actual_size gave {size:?}");
            seen_seed_dependent += 1;
        } else {
            assert_eq!(
                size,
                (v.width, v.height),
                "seed {} requested {}x{} players {}",
                v.seed,
                v.requested_width,
                v.requested_height,
                v.players
            );
        }
    }
    assert!(seen_seed_dependent > 0);
}

#[test]
fn absurd_requests_do_not_panic() {
    for &(w, h) in &[
        (0, 0),
        (0, 30),
        (1, 1),
        (1, 60),
        (2, 3),
        (65535, 3),
        (7, 65535),
    ] {
        for players in 0..=8 {
            for seed in [0u32, 1, 2, 3, u32::MAX] {
                let board = generate(w, h, players, seed);
                let p = players.clamp(1, 6);
                assert_eq!(
                    (board.width, board.height),
                    actual_size_for_seed(w, h, players, seed)
                );
                assert!(board.width >= 1 && board.height >= 1);
                // Never larger than the clamped request, except that degenerate chunks are
                // enlarged to at most 12 sites in that direction.
                assert!(board.width <= w.clamp(1, MAX_SIDE).max(12));
                assert!(board.height <= h.clamp(1, MAX_SIDE).max(12));
                assert_eq!(board.len(), board.production.len());
                let territory = board.territory(p);
                assert!(territory[1..].iter().all(|&t| t == 1), "{w}x{h} p{players}");
            }
        }
    }
    // The largest request is clamped to MAX_SIDE on each side.
    let board = generate(65535, 65535, 1, 7);
    assert_eq!((board.width, board.height), (MAX_SIDE, MAX_SIDE));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn generated_maps_are_well_formed(
        width in 8usize..=60,
        height in 8usize..=60,
        players in 1usize..=6,
        seed in any::<u32>(),
    ) {
        let board = generate(width, height, players, seed);
        prop_assert_eq!(&board, &generate(width, height, players, seed));
        prop_assert_eq!(
            (board.width, board.height),
            actual_size_for_seed(width, height, players, seed)
        );
        let n = board.width * board.height;
        prop_assert_eq!(board.production.len(), n);
        prop_assert_eq!(board.owner.len(), n);
        prop_assert_eq!(board.strength.len(), n);
        for tag in 1..=players as u8 {
            let sites: Vec<usize> = (0..n).filter(|&i| board.owner[i] == tag).collect();
            prop_assert_eq!(sites.len(), 1, "player {} sites {:?}", tag, sites);
            prop_assert!(board.production[sites[0]] >= 1);
        }
        prop_assert!(board.owner.iter().all(|&o| (o as usize) <= players));
        prop_assert!(board.production.iter().all(|&p| p <= 15));
    }
}
