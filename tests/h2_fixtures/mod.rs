//! The Halite II reference replays in `tests/fixtures/halite2/`, for the tests that read them.
#![allow(dead_code)]

use halite::halite2::replay::Replay;
use std::path::PathBuf;

/// The folder of the Halite II fixtures.
pub fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/halite2")
}

/// Every reference replay (`*.hlt`) with its file name, in name order.
pub fn replays() -> Vec<(String, Replay)> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(fixtures())
        .expect("fixtures")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "hlt"))
        .collect();
    paths.sort();
    paths
        .into_iter()
        .map(|p| {
            let bytes = std::fs::read(&p).expect("read");
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            let r = Replay::from_bytes(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
            (name, r)
        })
        .collect()
}
