//! The JavaScript boundary, run by `wasm-pack test --node` and `wasm-pack test --headless --chrome`
//! (the same suite in both).
#![cfg(target_arch = "wasm32")]

use halite::web::{generate_map, series_names, GameHandle, ReplayHandle};
use js_sys::{Array, Reflect, Uint8Array};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;

const S101: &[u8] = include_bytes!("fixtures/halite1/s101-20x20-greedy-chaos.hlt.gz");

fn get(v: &JsValue, k: &str) -> JsValue {
    Reflect::get(v, &k.into()).unwrap()
}

fn error_text(e: wasm_bindgen::JsError) -> String {
    let v: JsValue = e.into();
    let e: js_sys::Error = v.dyn_into().unwrap();
    String::from(e.message())
}

#[wasm_bindgen_test]
fn loads_a_gzipped_reference_replay_and_reads_frames_through_views() {
    let r = ReplayHandle::from_bytes(S101).unwrap();
    assert_eq!((r.width(), r.height()), (20, 20));
    assert_eq!(r.num_frames(), 163);
    assert_eq!(r.num_players(), 2);
    assert_eq!(r.player_names().len(), 2);
    let owner = r.owner(162).unwrap();
    assert_eq!(owner.length(), 400);
    let owned = owner.to_vec().iter().filter(|&&o| o == 1).count();
    assert!(owned > 0, "the winner owns sites at the end");
    assert!(r.strength(0).unwrap().to_vec().iter().any(|&s| s > 0));
    assert_eq!(r.production().length(), 400);
    assert_eq!(r.moves(161).unwrap().length(), 400);
    assert!(r.moves(162).is_err(), "no moves after the last frame");
    assert!(r.owner(163).is_err());
}

#[wasm_bindgen_test]
fn the_json_and_gzip_forms_load_alike_and_round_trip() {
    let r = ReplayHandle::from_bytes(S101).unwrap();
    let json = r.to_json();
    assert_eq!(json.first(), Some(&b'{'));
    let again = ReplayHandle::from_bytes(&json).unwrap();
    assert_eq!(
        again.owner(100).unwrap().to_vec(),
        r.owner(100).unwrap().to_vec()
    );
}

#[wasm_bindgen_test]
fn broken_input_is_an_error_with_a_place_not_a_panic() {
    let e = ReplayHandle::from_bytes(b"{\"version\":11,\"frames\":[[[[0,1]]],")
        .err()
        .unwrap();
    assert!(error_text(e).starts_with("byte "));
    let e = ReplayHandle::from_bytes(&S101[..S101.len() / 2])
        .err()
        .unwrap();
    assert!(error_text(e).contains("gzip"));
    let e = ReplayHandle::from_bytes(b"not a replay").err().unwrap();
    assert!(error_text(e).contains("expected a JSON object"));
    let r = ReplayHandle::from_bytes(S101).unwrap();
    let json = String::from_utf8(r.to_json()).unwrap();
    let bad = json.replacen("[[[[0,", "[[[[7,", 1);
    let e = ReplayHandle::from_bytes(bad.as_bytes()).err().unwrap();
    assert_eq!(error_text(e), "frames[0][0][0]: owner 7 > num_players 2");
}

#[wasm_bindgen_test]
fn series_reports_fog_and_verification() {
    let mut r = ReplayHandle::from_bytes(S101).unwrap();
    let names: Vec<String> = series_names()
        .iter()
        .map(|v| v.as_string().unwrap())
        .collect();
    assert!(names.contains(&"territory".to_string()) && names.contains(&"overkill".to_string()));
    for name in &names {
        assert_eq!(r.series(name).unwrap().length(), 2 * 163, "{name}");
    }
    let territory = r.series("territory").unwrap().to_vec();
    let owner0 = r.owner(0).unwrap().to_vec();
    assert_eq!(
        territory[0] as usize,
        owner0.iter().filter(|&&o| o == 1).count()
    );
    assert!(r.series("nonsense").is_err());

    let report = r.turn_report(50).unwrap();
    let players: Array = get(&report, "players").dyn_into().unwrap();
    assert_eq!(players.length(), 2);
    assert!(get(&players.get(0), "damageToNeutral").as_f64().is_some());
    assert_eq!(Array::from(&get(&report, "damageTaken")).length(), 400);
    assert!(r.turn_report(162).is_err());

    let fog = r.fog_view(10, 1, 2).unwrap();
    let owner: Uint8Array = get(&fog, "owner").dyn_into().unwrap();
    let visible: Uint8Array = get(&fog, "visible").dyn_into().unwrap();
    let (owner, visible) = (owner.to_vec(), visible.to_vec());
    assert!(
        visible.iter().any(|&v| v == 0),
        "radius 2 hides part of the map"
    );
    assert!(owner.iter().zip(&visible).all(|(&o, &v)| v == 1 || o == 0));
    assert!(r.fog_view(10, 3, 2).is_err());

    assert_eq!(get(&r.verify().unwrap(), "ok"), JsValue::TRUE);
    let standings: Array = r.standings().unwrap().dyn_into().unwrap();
    assert_eq!(get(&standings.get(0), "rank").as_f64(), Some(1.0));
}

#[wasm_bindgen_test]
fn a_live_game_steps_with_flat_moves_and_becomes_a_replay() {
    let config = js_sys::JSON::parse(r#"{"width":20,"height":20,"players":2,"seed":42}"#).unwrap();
    let mut g = GameHandle::new(config).unwrap();
    assert_eq!(
        (g.width(), g.height(), g.players(), g.seed()),
        (20, 20, 2, 42)
    );
    let map = generate_map(20, 20, 2, 42).unwrap();
    let owner = g.owner(0).unwrap().to_vec();
    let start = owner.iter().position(|&o| o == 1).unwrap() as u32;
    let map_owner: Vec<u8> = serde_wasm_bindgen::from_value(get(&map, "owner")).unwrap();
    assert_eq!(map_owner, owner, "the game starts on the generated map");
    // Player 1 stays still (gains production); garbage quadruples are ignored.
    let report = g
        .step(&[1, start % 20, start / 20, 0, 9, 1, 1, 1, 2, 999, 999, 3])
        .unwrap();
    assert_eq!(g.turn(), 1);
    assert_eq!(g.num_frames(), 2);
    assert!(g.owner(2).is_err());
    assert_eq!(g.moves(0).unwrap().to_vec()[start as usize], 0);
    assert!(g.turn_report(0).is_ok());
    let players: Array = get(&report, "players").dyn_into().unwrap();
    assert!(get(&players.get(0), "production").as_f64().unwrap() >= 1.0);
    assert!(g.step(&[1, 2, 3]).is_err(), "not quadruples");
    let obs = g.observation(2).unwrap();
    assert_eq!(Uint8Array::from(get(&obs, "owner")).length(), 400);
    g.eject(2);
    g.step(&[]).unwrap();
    assert!(g.is_over(), "only one player is left");
    assert!(!g.is_alive(2));
    assert!(g.step(&[]).is_err(), "a finished game cannot step");
    let replay = g.to_replay();
    assert_eq!(replay.num_frames(), 3);
    assert!(GameHandle::new(js_sys::JSON::parse(r#"{"players":9}"#).unwrap()).is_err());
    assert!(GameHandle::new(js_sys::JSON::parse(r#"{"width":100000}"#).unwrap()).is_err());
    assert!(GameHandle::new(JsValue::from_str("nonsense")).is_err());
}
