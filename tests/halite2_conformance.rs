//! Halite II conformance: the 13 reference replays re-simulate bit for bit, a replay changed
//! by one ulp is rejected, and the map generator reproduces the 156 reference maps.
#![cfg(not(target_arch = "wasm32"))]

mod h2_fixtures;

use h2_fixtures::{fixtures, replays};
use halite::halite2::mapgen::MapRequest;
use halite::halite2::replay::Replay;
use halite::halite2::verify::verify;

#[test]
fn all_thirteen_replays_verify() {
    let all = replays();
    assert_eq!(all.len(), 13);
    let mut failures = Vec::new();
    for (name, r) in &all {
        if let Err(m) = verify(r) {
            failures.push(format!("{name}: {m}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A replay whose one coordinate is moved by one ulp is rejected, naming the frame and ship.
#[test]
fn one_ulp_off_is_rejected() {
    let bytes = std::fs::read(fixtures().join("g02_2p_240x160_rusher_vs_settler.hlt")).unwrap();
    let plain = halite::halite2::replay::decompress(&bytes).unwrap();
    let mut doc: serde_json::Value = serde_json::from_slice(&plain).unwrap();
    let x = &mut doc["frames"][20]["ships"]["0"]["0"]["x"];
    let v = x.as_f64().unwrap();
    *x = f64::from_bits(v.to_bits() + 1).into();
    let replay = Replay::from_json(&doc).unwrap();
    let err = verify(&replay).unwrap_err();
    assert_eq!(err.frame, Some(20), "{err}");
    assert!(err.message.contains("ship 0 (player 0): x"), "{err}");
    // The untouched replay verifies.
    let doc: serde_json::Value = serde_json::from_slice(&plain).unwrap();
    verify(&Replay::from_json(&doc).unwrap()).unwrap();
}

/// An event time changed in the fourth decimal is rejected too.
#[test]
fn a_changed_event_is_rejected() {
    let bytes = std::fs::read(fixtures().join("g02_2p_240x160_rusher_vs_settler.hlt")).unwrap();
    let plain = halite::halite2::replay::decompress(&bytes).unwrap();
    let mut doc: serde_json::Value = serde_json::from_slice(&plain).unwrap();
    let frames = doc["frames"].as_array_mut().unwrap();
    let (t, ev) = frames
        .iter_mut()
        .enumerate()
        .find_map(|(t, f)| {
            f["events"]
                .as_array_mut()
                .and_then(|e| e.iter_mut().find(|e| e["event"] == "attack"))
                .map(|e| (t, e))
        })
        .unwrap();
    let time = ev["time"].as_f64().unwrap();
    ev["time"] = (time + 0.0001).into();
    let err = verify(&Replay::from_json(&doc).unwrap()).unwrap_err();
    assert_eq!(err.frame, Some(t), "{err}");
}

/// The generator reproduces all 156 reference maps: planets (position, radius, health,
/// spots, production) and initial ships, bit for bit.
#[test]
fn mapgen_matches_the_156_reference_maps() {
    let text = std::fs::read_to_string(fixtures().join("mapgen_reference.json")).unwrap();
    let refs: Vec<serde_json::Value> = serde_json::from_str(&text).unwrap();
    assert_eq!(refs.len(), 156);
    let mut bad = Vec::new();
    for r in &refs {
        let seed = r["seed"].as_u64().unwrap() as u32;
        let (w, h) = (
            r["width"].as_u64().unwrap() as u32,
            r["height"].as_u64().unwrap() as u32,
        );
        if !r["dims_flag"].as_bool().unwrap() {
            assert_eq!(
                halite::halite2::mapgen::size_from_seed(seed),
                (w, h),
                "size of seed {seed}"
            );
        }
        let map = MapRequest {
            width: w,
            height: h,
            players: r["players"].as_u64().unwrap() as usize,
            seed,
        }
        .generate()
        .unwrap();
        let got = serde_json::to_value(&map).unwrap();
        if got["planets"] != r["planets"] || got["ships"] != r["ships"] {
            bad.push(format!("seed {seed} {w}x{h} {}p", map.players));
        }
        // Bit-exact coordinates (JSON number equality compares values; check bits too).
        for (a, b) in map.planets.iter().zip(r["planets"].as_array().unwrap()) {
            assert_eq!(a.x.to_bits(), b["x"].as_f64().unwrap().to_bits());
            assert_eq!(a.y.to_bits(), b["y"].as_f64().unwrap().to_bits());
            assert_eq!(a.r.to_bits(), b["r"].as_f64().unwrap().to_bits());
        }
    }
    assert!(
        bad.is_empty(),
        "{} maps differ: {}",
        bad.len(),
        bad.join(", ")
    );
}

/// Writing a read replay gives the reference's bytes exactly (keys sorted, doubles as
/// `%.17g`).
#[test]
fn replays_write_back_byte_for_byte() {
    for (name, r) in replays() {
        let bytes = std::fs::read(fixtures().join(&name)).unwrap();
        let plain = halite::halite2::replay::decompress(&bytes).unwrap();
        assert!(r.to_plain_bytes() == plain, "{name}: the JSON differs");
    }
}

/// A replay written compressed reads back the same, and is no larger than the file the
/// reference wrote for the same game (both hold the same JSON).
#[test]
fn compressed_replays_read_back_and_are_no_larger_than_the_reference_files() {
    let all = replays();
    assert_eq!(all.len(), 13);
    for (name, r) in all {
        let reference = std::fs::metadata(fixtures().join(&name)).unwrap().len() as usize;
        let bytes = r.to_zstd_bytes();
        assert_eq!(Replay::from_bytes(&bytes).unwrap(), r, "{name}");
        let ours = bytes.len();
        assert!(
            ours <= reference,
            "{name}: {ours} bytes, the reference's {reference}"
        );
    }
}

/// What the page keeps with a game (`bot_logs`, `bot_drawings`) goes into the JSON inside the one
/// zstd frame: the replay still reads back the same, and the keys are in its JSON.
#[test]
fn extra_members_go_inside_the_one_zstd_frame() {
    let (name, r) = replays()
        .into_iter()
        .find(|(n, _)| n.starts_with("g02"))
        .unwrap();
    let members = br#""bot_logs":[["a"],["b"]],"bot_drawings":[[[["dot",1.5,2.5,null]]],[null]]"#;
    let bytes = r.to_zstd_bytes_with(members);
    assert_eq!(
        &bytes[..4],
        &[0x28, 0xb5, 0x2f, 0xfd],
        "{name}: one zstd frame"
    );
    assert_eq!(Replay::from_bytes(&bytes).unwrap(), r, "{name}");
    let plain = halite::halite2::replay::decompress(&bytes).unwrap();
    let json: serde_json::Value = serde_json::from_slice(&plain).unwrap();
    assert_eq!(json["bot_logs"][1][0], "b");
    assert_eq!(json["bot_drawings"][0][0][0][0], "dot");
    assert_eq!(r.to_zstd_bytes_with(b""), r.to_zstd_bytes());
    // Kept by the page: written fast, read the same way.
    let kept = r.to_zstd_bytes_to_keep(members);
    assert_eq!(
        &kept[..4],
        &[0x28, 0xb5, 0x2f, 0xfd],
        "{name}: one zstd frame"
    );
    assert!(
        halite::halite2::replay::decompress(&kept).unwrap() == plain,
        "{name}: the same JSON"
    );
}
