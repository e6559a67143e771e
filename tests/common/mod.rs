//! What the integration tests share: the reference fixtures, copied from the original
//! environment's conformance data into `tests/fixtures/halite1/`.
#![allow(dead_code)]

use halite::halite1::Replay;
use std::path::PathBuf;

/// The folder of the Halite I reference fixtures.
pub fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/halite1")
}

/// The 8 reference replays, by name (the file name without `.hlt.gz`), in name order.
pub fn replays() -> Vec<(String, Replay)> {
    let mut paths: Vec<_> = std::fs::read_dir(fixtures())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with(".hlt.gz"))
        .collect();
    paths.sort();
    let out: Vec<_> = paths
        .iter()
        .map(|p| {
            let name = p
                .file_name()
                .unwrap()
                .to_string_lossy()
                .replace(".hlt.gz", "");
            (
                name,
                Replay::from_bytes(&std::fs::read(p).unwrap()).unwrap(),
            )
        })
        .collect();
    assert_eq!(out.len(), 8, "expected the 8 reference replays");
    out
}

/// The rank lines the reference printed for a fixture (`tag rank last_frame_alive`).
pub fn ranks_txt(name: &str) -> String {
    std::fs::read_to_string(fixtures().join(format!("{name}.ranks.txt"))).unwrap()
}
