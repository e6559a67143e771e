//! The game registry (`halite::games`): every game listed once, replays recognised as their own
//! game from their bytes alone, and the tools the CLI uses giving what each game's own code gives.

use halite::games::{self, GAMES};
use std::path::Path;

fn fixture(path: &str) -> Vec<u8> {
    let p = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(path);
    std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

#[test]
fn every_game_is_listed_once_with_its_help() {
    let ids = games::ids();
    assert!(ids.len() >= 2);
    for (k, id) in ids.iter().enumerate() {
        assert!(!ids[..k].contains(id), "{id} listed twice");
        let g = games::game(id).expect("found by its id");
        assert_eq!(g.id(), *id);
        assert!(!g.about().is_empty());
    }
    assert!(games::game("chess").is_none());
}

#[test]
fn replays_are_recognised_and_verified_through_the_registry() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let mut seen = 0;
    for sub in ["halite1", "halite2"] {
        let mut names: Vec<_> = std::fs::read_dir(dir.join(sub))
            .unwrap()
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().to_string())
            .filter(|n| n.ends_with(".hlt") || n.ends_with(".hlt.gz"))
            .collect();
        names.sort();
        for name in names.iter().take(3) {
            let bytes = fixture(&format!("{sub}/{name}"));
            // The surest game claims the bytes: exactly one game is sure of each fixture.
            let sure: Vec<_> = GAMES
                .iter()
                .filter(|g| g.recognise(&bytes) == 2)
                .map(|g| g.id())
                .collect();
            assert!(sure.len() <= 1, "{name}: claimed by {sure:?}");
            let replay = games::open_replay(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
            let stats = replay.stats_json();
            assert!(stats["frames"].as_u64().unwrap_or(0) > 0, "{name}: {stats}");
            assert!(!replay.stats_table().is_empty());
            if let Err(v) = replay.verify() {
                panic!("{sub}/{name}: {}", v.message);
            }
            seen += 1;
        }
    }
    assert!(seen >= 4, "fixtures of both games");
    assert!(games::open_replay(b"\x00garbage").is_err());
}

#[test]
fn mapgen_through_the_registry_is_each_games_generator() {
    for g in GAMES {
        let a = g.mapgen_json(40, 40, 7, 2).unwrap();
        let b = g.mapgen_json(40, 40, 7, 2).unwrap();
        assert_eq!(a, b, "{}: the same seed gives the same map", g.id());
        assert_ne!(
            a,
            g.mapgen_json(40, 40, 8, 2).unwrap(),
            "{}: seeds differ",
            g.id()
        );
    }
}
