//! Records: the compact form in which a replay crosses between the web build's engine module
//! and its file module. Every reference replay must come back from its record exactly, and be
//! written from it byte for byte as from the replay read from the file.

use halite::env::ReplayFile;
use std::path::Path;

fn fixtures(game: &str, ending: &str) -> Vec<std::path::PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(game);
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with(ending))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no {game} fixtures");
    files
}

fn round_trip<R: ReplayFile + PartialEq + std::fmt::Debug>(file: &Path) {
    let bytes = std::fs::read(file).unwrap();
    let replay = R::from_bytes(&bytes).unwrap();
    let record = replay.to_record();
    let back = R::from_record(&record).unwrap();
    assert_eq!(back, replay, "{}", file.display());
    assert_eq!(back.to_bytes(), replay.to_bytes(), "{}", file.display());
    // A damaged record is an error, never a panic or a wrong replay.
    for cut in [0, 1, record.len() / 3, record.len() / 2, record.len() - 1] {
        assert!(R::from_record(&record[..cut]).is_err(), "cut at {cut}");
    }
    let mut longer = record.clone();
    longer.extend_from_slice(&[0, 0]);
    assert!(R::from_record(&longer).is_err());
}

#[cfg(feature = "halite1")]
#[test]
fn every_halite1_reference_replay_comes_back_from_its_record() {
    for f in fixtures("halite1", ".hlt.gz") {
        round_trip::<halite::halite1::Replay>(&f);
    }
}

#[cfg(feature = "halite2")]
#[test]
fn every_halite2_reference_replay_comes_back_from_its_record() {
    for f in fixtures("halite2", ".hlt") {
        round_trip::<halite::halite2::replay::Replay>(&f);
    }
}
