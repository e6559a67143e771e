//! The JavaScript boundary, run by `wasm-pack test --node` and `wasm-pack test --headless --chrome`
//! (the same suite in both). Seats are 0-based in every argument and result.
#![cfg(target_arch = "wasm32")]

use halite::web::halite1::{halite1_fog_view, halite1_turn_report};
use halite::web::{generate_map, series_names, Halite1Files, Halite1Game, Halite1Replay};
use js_sys::{Array, Reflect, Uint8Array};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;

const S101: &[u8] = include_bytes!("fixtures/halite1/s101-20x20-greedy-chaos.hlt.gz");

/// A replay file opened as the page opens it: the file module reads it into a record, the
/// engine's handle takes the record.
fn open1(bytes: &[u8]) -> Result<Halite1Replay, wasm_bindgen::JsError> {
    Halite1Replay::from_record(&Halite1Files::read(bytes)?)
}

/// A handle's replay written as the plain file.
fn json1(record: Vec<u8>) -> Vec<u8> {
    Halite1Files::write(&record).unwrap()
}

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
    let r = open1(S101).unwrap();
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
    let r = open1(S101).unwrap();
    let json = json1(r.to_record());
    assert_eq!(json.first(), Some(&b'{'));
    let again = open1(&json).unwrap();
    assert_eq!(
        again.owner(100).unwrap().to_vec(),
        r.owner(100).unwrap().to_vec()
    );
}

#[wasm_bindgen_test]
fn broken_input_is_an_error_with_a_place_not_a_panic() {
    let e = open1(b"{\"version\":11,\"frames\":[[[[0,1]]],")
        .err()
        .unwrap();
    assert!(error_text(e).starts_with("byte "));
    let e = open1(&S101[..S101.len() / 2]).err().unwrap();
    assert!(error_text(e).contains("gzip"));
    let e = open1(b"not a replay").err().unwrap();
    assert!(error_text(e).contains("expected a JSON object"));
    let r = open1(S101).unwrap();
    let json = String::from_utf8(json1(r.to_record())).unwrap();
    let bad = json.replacen("[[[[0,", "[[[[7,", 1);
    let e = open1(bad.as_bytes()).err().unwrap();
    assert_eq!(error_text(e), "frames[0][0][0]: owner 7 > num_players 2");
}

#[wasm_bindgen_test]
fn series_reports_fog_and_verification() {
    let mut r = open1(S101).unwrap();
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

    let fog = r.fog_view(10, 0, 2).unwrap();
    let owner: Uint8Array = get(&fog, "owner").dyn_into().unwrap();
    let visible: Uint8Array = get(&fog, "visible").dyn_into().unwrap();
    let (owner, visible) = (owner.to_vec(), visible.to_vec());
    assert!(visible.contains(&0), "radius 2 hides part of the map");
    assert!(owner.iter().zip(&visible).all(|(&o, &v)| v == 1 || o == 0));
    assert!(r.fog_view(10, 2, 2).is_err(), "seats are 0 and 1");

    assert_eq!(get(&r.verify().unwrap(), "ok"), JsValue::TRUE);
    let standings: Array = r.standings().unwrap().dyn_into().unwrap();
    assert_eq!(get(&standings.get(0), "rank").as_f64(), Some(1.0));
    assert_eq!(get(&standings.get(0), "seat").as_f64(), Some(0.0));
    assert_eq!(get(&standings.get(1), "seat").as_f64(), Some(1.0));
}

#[wasm_bindgen_test]
fn a_live_game_steps_with_flat_moves_and_becomes_a_replay() {
    let config = js_sys::JSON::parse(r#"{"width":20,"height":20,"players":2,"seed":42}"#).unwrap();
    let mut g = Halite1Game::new(config).unwrap();
    assert_eq!(
        (g.width(), g.height(), g.players(), g.seed()),
        (20, 20, 2, 42)
    );
    let map = generate_map(20, 20, 2, 42).unwrap();
    let owner = g.owner(0).unwrap().to_vec();
    let start = owner.iter().position(|&o| o == 1).unwrap() as u32;
    let map_owner: Vec<u8> = serde_wasm_bindgen::from_value(get(&map, "owner")).unwrap();
    assert_eq!(map_owner, owner, "the game starts on the generated map");
    assert!(
        g.last_report().unwrap().is_undefined(),
        "no turn played yet"
    );
    // Garbage quadruples are refused with the reason a bot is ejected with, and change nothing.
    for (garbage, reason) in [
        (vec![9, 1, 1, 1], "no seat 9 (the game seats 2)"),
        (vec![1, 999, 999, 3], "move 0 is off the map at (999, 999)"),
        (vec![1, 1, 1, 256], "move 0 has direction 256 (0 to 255)"),
        (
            vec![1, 1, 1, 5, 1, 1, u32::MAX, 1],
            "move 1 is off the map at (1, -1)",
        ),
    ] {
        assert_eq!(error_text(g.step(&garbage).unwrap_err()), reason);
    }
    assert_eq!(g.turn(), 0);
    assert_eq!(
        g.check_answer(1, &[1, 999, 999, 3], false).as_deref(),
        Some("move 0 is off the map at (999, 999)")
    );
    assert_eq!(
        g.check_answer(1, &[1, 1, 1, 200], false).as_deref(),
        Some("move 0 has direction 200 (0 to 4)")
    );
    assert_eq!(g.check_answer(1, &[1, 1, 1, 200], true), None);
    // Seat 0 stays still (gains production).
    g.step(&[0, start % 20, start / 20, 0]).unwrap();
    let report = g.last_report().unwrap();
    assert_eq!(g.turn(), 1);
    assert_eq!(g.num_frames(), 2);
    assert!(g.owner(2).is_err());
    assert_eq!(g.moves(0).unwrap().to_vec()[start as usize], 0);
    assert!(g.turn_report(0).is_ok());
    let players: Array = get(&report, "players").dyn_into().unwrap();
    assert!(get(&players.get(0), "production").as_f64().unwrap() >= 1.0);
    assert!(g.step(&[1, 2, 3]).is_err(), "not quadruples");
    let obs = g.observation(1).unwrap();
    assert_eq!(Uint8Array::from(get(&obs, "owner")).length(), 400);
    assert!(g.observation(2).is_err(), "seats are 0 and 1");
    g.eject(1);
    g.step(&[]).unwrap();
    assert!(g.is_over(), "only one player is left");
    assert!(!g.is_alive(1) && g.is_alive(0));
    let results: Array = g.results().unwrap().dyn_into().unwrap();
    assert_eq!(get(&results.get(1), "seat").as_f64(), Some(1.0));
    assert_eq!(get(&results.get(1), "ejected"), JsValue::TRUE);
    assert_eq!(get(&results.get(0), "rank").as_f64(), Some(1.0));
    assert!(g.step(&[]).is_err(), "a finished game cannot step");
    let replay = g.to_replay();
    assert_eq!(replay.num_frames(), 3);
    assert!(Halite1Game::new(js_sys::JSON::parse(r#"{"players":9}"#).unwrap()).is_err());
    assert!(Halite1Game::new(js_sys::JSON::parse(r#"{"width":100000}"#).unwrap()).is_err());
    assert!(Halite1Game::new(JsValue::from_str("nonsense")).is_err());
}

#[wasm_bindgen_test]
fn step_returns_undefined_and_the_report_only_when_asked() {
    let config = js_sys::JSON::parse(r#"{"width":20,"height":20,"players":2,"seed":7}"#).unwrap();
    let mut g = Halite1Game::new(config).unwrap();
    // `()` is what wasm-bindgen hands JavaScript as `undefined`: the step copies nothing out.
    let () = g.step(&[]).unwrap();
    let report = g.last_report().unwrap();
    let players: Array = get(&report, "players").dyn_into().unwrap();
    assert_eq!(players.length(), 2);
}

/// Turn `t`'s recorded moves as `[seat, x, y, direction]` quadruples.
fn quadruples(r: &Halite1Replay, t: usize) -> Vec<u32> {
    let (owner, moves) = (r.owner(t).unwrap().to_vec(), r.moves(t).unwrap().to_vec());
    let w = r.width() as u32;
    let mut q = Vec::new();
    for (i, (&o, &d)) in owner.iter().zip(&moves).enumerate() {
        if o != 0 && d != 0 {
            q.extend([u32::from(o) - 1, i as u32 % w, i as u32 / w, u32::from(d)]);
        }
    }
    q
}

#[wasm_bindgen_test]
fn a_fork_of_a_replay_plays_on_as_recorded_with_its_results() {
    let r = open1(S101).unwrap();
    let last = r.num_frames() - 1;
    let want = js_sys::JSON::stringify(&r.standings().unwrap()).unwrap();
    for n in [0, 1, 80, last - 1, last] {
        let mut g = Halite1Game::from_replay(&r, n).unwrap();
        assert_eq!((g.turn() as usize, g.num_frames()), (n, n + 1));
        assert_eq!(g.player_names(), r.player_names());
        assert_eq!(g.owner(n).unwrap().to_vec(), r.owner(n).unwrap().to_vec());
        for t in n..last {
            assert!(!g.is_over(), "fork at {n}, turn {t}");
            g.step(&quadruples(&r, t)).unwrap();
            assert_eq!(
                g.owner(t + 1).unwrap().to_vec(),
                r.owner(t + 1).unwrap().to_vec(),
                "fork at {n}: frame {}",
                t + 1
            );
            assert_eq!(
                g.strength(t + 1).unwrap().to_vec(),
                r.strength(t + 1).unwrap().to_vec()
            );
        }
        assert!(g.is_over(), "fork at {n}");
        let got = js_sys::JSON::stringify(&g.results().unwrap()).unwrap();
        assert_eq!(got, want, "fork at {n}: results");
        assert_eq!(
            json1(g.to_record()),
            json1(r.to_record()),
            "fork at {n}: the whole replay"
        );
    }
    let e = Halite1Game::from_replay(&r, last + 1).err().unwrap();
    assert!(error_text(e).contains("out of range"));
}

fn board_json(extra: &str) -> JsValue {
    let text = format!(
        r#"{{"width":3,"height":2,"owner":[1,0,0,0,0,2],"strength":[5,1,2,3,4,5],
            "production":[1,1,1,1,1,1],"playerNames":["a","b"]{extra}}}"#
    );
    js_sys::JSON::parse(&text).unwrap()
}

#[wasm_bindgen_test]
fn a_game_from_a_board_takes_arrays_or_typed_arrays() {
    let mut g = Halite1Game::from_board(board_json(r#","maxTurns":3,"fogRadius":1"#)).unwrap();
    assert_eq!(
        (g.width(), g.height(), g.players(), g.max_turns()),
        (3, 2, 2, 3)
    );
    assert_eq!(g.fog_radius(), Some(1));
    assert_eq!(g.owner(0).unwrap().to_vec(), vec![1, 0, 0, 0, 0, 2]);
    assert_eq!(g.player_names(), vec!["a".to_string(), "b".to_string()]);
    g.step(&[0, 0, 0, 2]).unwrap();
    assert_eq!(g.owner(1).unwrap().to_vec()[1], 1, "seat 0 moved east");

    let typed = board_json("");
    let owner = Uint8Array::from(&[0u8, 0, 1, 0, 0, 0][..]);
    Reflect::set(&typed, &"owner".into(), &owner).unwrap();
    let g = Halite1Game::from_board(typed).unwrap();
    assert_eq!(g.owner(0).unwrap().to_vec(), vec![0, 0, 1, 0, 0, 0]);
    assert_eq!(g.max_turns(), 24, "the reference's limit for 3x2");
}

#[wasm_bindgen_test]
fn a_bad_board_is_an_error_never_a_panic() {
    let cases = [
        (r#"{"width":3}"#, "missing field"),
        (r#""nonsense""#, "invalid board"),
        (
            r#"{"width":3,"height":2,"owner":[0,0,0,0,0,0],"strength":[0,0,0,0,0,0],"production":[0,0,0,0,0],"playerNames":["a"]}"#,
            "production has 5 values",
        ),
        (
            r#"{"width":3,"height":2,"owner":[0,0,0,0,0,3],"strength":[0,0,0,0,0,0],"production":[0,0,0,0,0,0],"playerNames":["a","b"]}"#,
            "owner 3 at (2, 1)",
        ),
        (
            r#"{"width":3,"height":2,"owner":[0,0,0,0,0,300],"strength":[0,0,0,0,0,0],"production":[0,0,0,0,0,0],"playerNames":["a"]}"#,
            "invalid board",
        ),
        (
            r#"{"width":3,"height":2,"owner":[0,0,0,0,0,0],"strength":[0,0,0,0,0,-1],"production":[0,0,0,0,0,0],"playerNames":["a"]}"#,
            "invalid board",
        ),
        (
            r#"{"width":3,"height":2,"owner":[0,0,0,0,0,0],"strength":[0,0,0,0,0,0],"production":[0,0,0,0,0,0],"playerNames":[]}"#,
            "0 players: a game seats 1 to 6",
        ),
        (
            r#"{"width":1,"height":1,"owner":[0],"strength":[0],"production":[0],"playerNames":["1","2","3","4","5","6","7"]}"#,
            "7 players",
        ),
        (
            r#"{"width":0,"height":0,"owner":[],"strength":[],"production":[],"playerNames":["a"]}"#,
            "map sides are 1 to 250",
        ),
        (
            r#"{"width":251,"height":1,"owner":[],"strength":[],"production":[],"playerNames":["a"]}"#,
            "map sides are 1 to 250",
        ),
    ];
    for (json, want) in cases {
        let e = Halite1Game::from_board(js_sys::JSON::parse(json).unwrap())
            .err()
            .unwrap_or_else(|| panic!("{json} was accepted"));
        let text = error_text(e);
        assert!(text.contains(want), "{json}: {text}");
    }
}

#[wasm_bindgen_test]
fn the_resimulation_bench_counts_site_turns() {
    let r = open1(S101).unwrap();
    assert_eq!(r.bench_resimulate(2), (2 * 400 * 162) as f64);
    assert_eq!(r.bench_resimulate(0), 0.0);
}

#[wasm_bindgen_test]
fn stateless_fog_views_and_turn_reports_match_the_replay_handle() {
    let r = open1(S101).unwrap();
    let (w, h) = (r.width(), r.height());
    let t = 40;
    let owner = r.owner(t).unwrap().to_vec();
    let strength = r.strength(t).unwrap().to_vec();
    let production = r.production().to_vec();
    let moves = r.moves(t).unwrap().to_vec();
    // The same fog view from the frame's arrays as from the handle.
    let a = halite1_fog_view(w, h, &owner, &strength, &production, 0, 2).unwrap();
    let b = r.fog_view(t, 0, 2).unwrap();
    for k in ["owner", "strength", "production", "visible"] {
        let x = Uint8Array::new(&get(&a, k)).to_vec();
        let y = Uint8Array::new(&get(&b, k)).to_vec();
        assert_eq!(x, y, "{k}");
    }
    // The same report.
    let a = halite1_turn_report(
        w,
        h,
        r.num_players(),
        &owner,
        &strength,
        &production,
        &moves,
    )
    .unwrap();
    let b = r.turn_report(t).unwrap();
    let json = |v: &JsValue| String::from(js_sys::JSON::stringify(v).unwrap());
    assert_eq!(json(&a), json(&b));
    // Bad input is an error with a reason.
    let e = halite1_fog_view(w, h, &owner[1..], &strength, &production, 0, 2).unwrap_err();
    assert!(error_text(e).contains("owner holds 399 values"));
    let e = halite1_turn_report(0, h, 2, &[], &[], &[], &[]).unwrap_err();
    assert!(error_text(e).contains("map sides"));
    let e = halite1_turn_report(w, h, 9, &owner, &strength, &production, &moves).unwrap_err();
    assert!(error_text(e).contains("9 players"));
}

#[wasm_bindgen_test]
fn a_turn_is_explained_with_camel_case_phases_and_the_fast_report() {
    use halite::web::halite1_lesson::halite1_explain_turn;
    let scenario = js_sys::JSON::parse(
        r#"{"width":3,"height":1,"owner":[1,1,1],"strength":[150,200,150],"production":[0,0,0]}"#,
    )
    .unwrap();
    let e = halite1_explain_turn(scenario.clone(), &[2, 0, 4], 1, JsValue::UNDEFINED).unwrap();
    let after = get(&get(&e, "after"), "strength");
    assert_eq!(js_sys::JSON::stringify(&after).unwrap(), "[0,255,0]");
    // The merge on the middle site (site 1) lost 245 to the cap.
    let merge = Array::from(&get(&e, "merges"))
        .iter()
        .find(|m| get(m, "site").as_f64() == Some(1.0))
        .expect("a merge on site 1");
    assert_eq!(get(&merge, "capLoss").as_f64(), Some(245.0));
    let report = get(&e, "report");
    let fast = halite1_turn_report(
        3,
        1,
        1,
        &[1, 1, 1],
        &[150, 200, 150],
        &[0, 0, 0],
        &[2, 0, 4],
    )
    .unwrap();
    assert_eq!(
        js_sys::JSON::stringify(&report).unwrap(),
        js_sys::JSON::stringify(&fast).unwrap()
    );
    let no_cap = js_sys::JSON::parse(r#"{"cap":false}"#).unwrap();
    let e = halite1_explain_turn(scenario.clone(), &[2, 0, 4], 1, no_cap).unwrap();
    let after = get(&get(&e, "after"), "strength");
    assert_eq!(js_sys::JSON::stringify(&after).unwrap(), "[0,500,0]");
    let bad = halite1_explain_turn(scenario, &[0], 1, JsValue::UNDEFINED).unwrap_err();
    assert!(error_text(bad).contains("moves holds 1"));
}

#[wasm_bindgen_test]
fn a_lesson_steps_and_is_judged_by_the_engine() {
    use halite::web::halite1_lesson::Halite1Lesson;
    let text = include_str!("../www/src/games/halite1/lessons/wrap-around.json");
    let mut lesson = Halite1Lesson::new(text).unwrap();
    assert_eq!(
        lesson.status().unwrap().as_string().as_deref(),
        Some("ongoing")
    );
    assert!(Halite1Lesson::new("{}").is_err());
    let bad = lesson.step(&[3, 1, 4]).unwrap_err();
    assert!(error_text(bad).contains("no piece on (3, 1)"));
    let step = lesson.step(&[0, 1, 4]).unwrap();
    assert_eq!(get(&step, "status").as_string().as_deref(), Some("passed"));
    assert_eq!(lesson.turn(), 1);
    lesson.reset();
    assert_eq!(lesson.turn(), 0);
}

/// The match loop's path: each answer checked once and kept (`acceptAnswer`), the turn played
/// from what was kept (`stepAccepted`), gives the same game as `step` with the joined answers.
#[wasm_bindgen_test]
fn accepted_answers_play_the_turn_step_would() {
    let config =
        || js_sys::JSON::parse(r#"{"width":20,"height":20,"players":2,"seed":7}"#).unwrap();
    let (mut kept, mut joined) = (
        Halite1Game::new(config()).unwrap(),
        Halite1Game::new(config()).unwrap(),
    );
    for turn in 0..30u32 {
        let owner = kept.owner(kept.num_frames() - 1).unwrap().to_vec();
        let answer = |seat: u32| -> Vec<u32> {
            owner
                .iter()
                .enumerate()
                .filter(|&(_, &o)| o == seat as u8 + 1)
                .flat_map(|(i, _)| [seat, i as u32 % 20, i as u32 / 20, (i as u32 + turn) % 5])
                .collect()
        };
        let (a, b) = (answer(0), answer(1));
        assert_eq!(kept.accept_answer(0, &a, false), None);
        assert_eq!(kept.accept_answer(1, &b, false), None);
        kept.step_accepted().unwrap();
        joined.step(&[a, b].concat()).unwrap();
        let last = kept.num_frames() - 1;
        assert_eq!(
            kept.owner(last).unwrap().to_vec(),
            joined.owner(last).unwrap().to_vec(),
            "turn {turn}"
        );
        assert_eq!(
            kept.strength(last).unwrap().to_vec(),
            joined.strength(last).unwrap().to_vec(),
            "turn {turn}"
        );
    }
    // A refused answer keeps nothing (the seat stays still), an unknown seat is named, and each
    // kept answer is played once.
    assert_eq!(
        kept.accept_answer(1, &[1, 999, 0, 1], false).as_deref(),
        Some("move 0 is off the map at (999, 0)")
    );
    assert_eq!(
        kept.accept_answer(5, &[], false).as_deref(),
        Some("no seat 5 (the game seats 2)")
    );
    let before = kept.owner(kept.num_frames() - 1).unwrap().to_vec();
    let series = kept.series_from(kept.num_frames() - 1).to_vec();
    assert_eq!(
        series.len(),
        series_names().length() as usize * 2,
        "one frame's values per series and seat"
    );
    kept.step_accepted().unwrap();
    let after = kept.owner(kept.num_frames() - 1).unwrap().to_vec();
    assert_eq!(before, after, "no kept moves: every piece stays");
}

// ---------------------------------------------------------------------------------------------
// Halite II

use halite::web::halite2::{halite2_parse_commands, PLANET_STRIDE, SHIP_STRIDE};
use halite::web::{Halite2Files, Halite2Game, Halite2Replay};

fn open2(bytes: &[u8]) -> Result<Halite2Replay, wasm_bindgen::JsError> {
    Halite2Replay::from_record(&Halite2Files::read(bytes)?)
}

/// A handle's replay written as the compressed file.
fn hlt2(record: Vec<u8>) -> Vec<u8> {
    Halite2Files::write_compressed(&record).unwrap()
}

const G02: &[u8] = include_bytes!("fixtures/halite2/g02_2p_240x160_rusher_vs_settler.hlt");
const G05: &[u8] = include_bytes!("fixtures/halite2/g05_2p_240x160_quirks_vs_settler.hlt");

#[wasm_bindgen_test]
fn halite2_reads_a_zstd_replay_through_views_and_verifies_it_bit_for_bit() {
    let r = open2(G02).unwrap();
    assert_eq!(
        (r.width(), r.height(), r.num_frames(), r.num_players()),
        (240, 160, 44, 2)
    );
    let ships = r.ships(0).unwrap().to_vec();
    assert_eq!(ships.len(), 6 * SHIP_STRIDE);
    assert_eq!(&ships[..4], &[0.0, 0.0, 120.0, 40.0]);
    assert_eq!(r.planets(0).unwrap().length() as usize, 12 * PLANET_STRIDE);
    assert!(r.ships(44).is_err());
    let events: u32 = (0..44)
        .map(|t| {
            r.events(t)
                .unwrap()
                .dyn_into::<js_sys::Array>()
                .unwrap()
                .length()
        })
        .sum();
    assert!(events > 10, "{events} events");
    let verdict = r.verify().unwrap();
    assert_eq!(get(&verdict, "ok"), JsValue::TRUE, "{verdict:?}");
    // The quirks game (ejection, wrapped angles, the 80-bit spawn at turn 44) verifies too:
    // the portable trigonometry gives glibc's bits for every thrust angle.
    let q = open2(G05).unwrap();
    assert_eq!(get(&q.verify().unwrap(), "ok"), JsValue::TRUE);
}

#[wasm_bindgen_test]
fn halite2_broken_bytes_are_errors_with_a_place() {
    let e = open2(&G02[..G02.len() / 2]).err().unwrap();
    assert!(error_text(e).contains("zstd"));
    let e = open2(b"{\"constants\":{},\"num_players\":9}")
        .err()
        .unwrap();
    assert_eq!(error_text(e), "num_players: 9 is not 1 to 4");
}

#[wasm_bindgen_test]
fn halite2_a_live_game_steps_from_flat_commands_and_writes_a_replay() {
    let config =
        js_sys::JSON::parse(r#"{"width":240,"height":160,"players":2,"seed":42}"#).unwrap();
    let mut g = Halite2Game::new(config).unwrap();
    assert_eq!((g.players(), g.turn(), g.max_turns()), (2, 0, 295));
    let before = g.ships(0).unwrap().to_vec();
    // Seat 0 thrusts ship 0 at 7 towards 180 degrees; seat 1 sends a command line.
    let mut cmds = vec![0.0, 0.0, 0.0, 7.0, 180.0];
    for c in halite2_parse_commands("t 3 7 180").unwrap().chunks(4) {
        cmds.push(1.0);
        cmds.extend_from_slice(c);
    }
    g.step(&cmds).unwrap();
    assert_eq!(g.turn(), 1);
    let after = g.ships(1).unwrap().to_vec();
    assert_eq!(after[0], 0.0);
    assert_eq!(after[2], before[2] - 7.0, "ship 0 moved 7 to the left");
    assert!(
        g.step(&[0.0, 0.0, 0.0, 8.0, 0.0]).is_err(),
        "thrust 8 is refused"
    );
    assert_eq!(
        g.check_answer(0, &[0.0, 0.0, 0.0, 8.0, 0.0]).as_deref(),
        Some("command 0: thrust magnitude 8 is not a whole number from 0 to 7")
    );
    assert_eq!(
        g.check_answer(1, &[1.0, 4.0, 2.0, 0.0, 0.0, 1.0, 4.0, 2.0, 0.0, 0.0])
            .as_deref(),
        Some("two commands for ship 4 in one turn")
    );
    assert_eq!(g.check_answer(1, &[1.0, 4.0, 1.0, 0.0, 0.0]), None);
    assert!(halite2_parse_commands("t 0 3.5 90").is_err());
    let again = open2(&hlt2(g.to_record())).unwrap();
    assert_eq!(again.num_frames(), 2);
    assert_eq!(
        get(&again.verify().unwrap(), "ok"),
        JsValue::FALSE,
        "unfinished game"
    );
    let fork = Halite2Game::from_replay(&open2(G02).unwrap(), 10).unwrap();
    assert_eq!(fork.turn(), 10);
}

/// Halite II's accepted answers (`acceptAnswer`, `stepAccepted`) play the turn `step` plays.
#[wasm_bindgen_test]
fn halite2_accepted_answers_play_the_turn_step_would() {
    let config =
        || js_sys::JSON::parse(r#"{"width":240,"height":160,"players":2,"seed":9}"#).unwrap();
    let (mut kept, mut joined) = (
        Halite2Game::new(config()).unwrap(),
        Halite2Game::new(config()).unwrap(),
    );
    let a = vec![0.0, 0.0, 0.0, 7.0, 180.0, 0.0, 1.0, 0.0, 5.0, 90.0];
    let b = vec![1.0, 3.0, 0.0, 7.0, 0.0];
    assert_eq!(kept.accept_answer(0, &a), None);
    assert_eq!(kept.accept_answer(1, &b), None);
    kept.step_accepted().unwrap();
    joined.step(&[a, b].concat()).unwrap();
    assert_eq!(
        kept.ships(1).unwrap().to_vec(),
        joined.ships(1).unwrap().to_vec()
    );
    assert_eq!(
        kept.accept_answer(0, &[0.0, 0.0, 0.0, 8.0, 0.0]).as_deref(),
        Some("command 0: thrust magnitude 8 is not a whole number from 0 to 7")
    );
    assert!(kept.accept_answer(4, &[]).is_some(), "no seat 4");
    kept.step_accepted().unwrap();
    joined.step(&[]).unwrap();
    assert_eq!(
        kept.ships(2).unwrap().to_vec(),
        joined.ships(2).unwrap().to_vec(),
        "nothing kept: no commands"
    );
}

/// Every reference replay re-simulates bit for bit in wasm, as it does natively.
#[wasm_bindgen_test]
fn halite2_every_reference_replay_verifies() {
    const ALL: [(&str, &[u8]); 13] = [
        (
            "g01",
            include_bytes!("fixtures/halite2/g01_2p_240x160_settler_vs_settler.hlt"),
        ),
        ("g02", G02),
        (
            "g03",
            include_bytes!("fixtures/halite2/g03_2p_240x160_bomber_vs_settler.hlt"),
        ),
        (
            "g04",
            include_bytes!("fixtures/halite2/g04_2p_240x160_cycler_vs_settler.hlt"),
        ),
        ("g05", G05),
        (
            "g06",
            include_bytes!("fixtures/halite2/g06_2p_264x176_bomber_vs_rusher.hlt"),
        ),
        (
            "g07",
            include_bytes!("fixtures/halite2/g07_2p_288x192_cycler_vs_bomber.hlt"),
        ),
        (
            "g08",
            include_bytes!("fixtures/halite2/g08_4p_240x160_mixed.hlt"),
        ),
        (
            "g09",
            include_bytes!("fixtures/halite2/g09_4p_312x208_mixed.hlt"),
        ),
        (
            "g10",
            include_bytes!("fixtures/halite2/g10_4p_240x160_faulty_ejected.hlt"),
        ),
        (
            "g11",
            include_bytes!("fixtures/halite2/g11_2p_240x160_turtle_turn_limit.hlt"),
        ),
        (
            "g12",
            include_bytes!("fixtures/halite2/g12_2p_384x256_faulty_vs_settler.hlt"),
        ),
        (
            "g13",
            include_bytes!("fixtures/halite2/g13_2p_264x176_idle_turn_limit_tie.hlt"),
        ),
    ];
    for (name, bytes) in ALL {
        let r = open2(bytes).unwrap_or_else(|e| panic!("{name}: {}", error_text(e)));
        let verdict = r.verify().unwrap();
        assert_eq!(get(&verdict, "ok"), JsValue::TRUE, "{name}: {verdict:?}");
    }
}

/// The map generator gives the reference's 156 maps bit for bit in wasm too (orbit angles go
/// through the reference's own cosine and sine, not the platform's).
#[wasm_bindgen_test]
fn halite2_generated_maps_match_the_reference_in_wasm() {
    let refs: Vec<serde_json::Value> =
        serde_json::from_str(include_str!("fixtures/halite2/mapgen_reference.json")).unwrap();
    assert_eq!(refs.len(), 156);
    for r in &refs {
        let n = |k: &str| r[k].as_u64().unwrap();
        let map = halite::halite2::mapgen::MapRequest {
            width: n("width") as u32,
            height: n("height") as u32,
            players: n("players") as usize,
            seed: n("seed") as u32,
        }
        .generate()
        .unwrap();
        let want = r["planets"].as_array().unwrap();
        assert_eq!(map.planets.len(), want.len(), "seed {}", n("seed"));
        for (a, b) in map.planets.iter().zip(want) {
            for (got, key) in [(a.x, "x"), (a.y, "y"), (a.r, "r")] {
                assert_eq!(
                    got.to_bits(),
                    b[key].as_f64().unwrap().to_bits(),
                    "seed {} {}x{} {}p: planet {} {key}",
                    n("seed"),
                    n("width"),
                    n("height"),
                    n("players"),
                    b["id"]
                );
            }
        }
        let ships = serde_json::to_value(&map).unwrap()["ships"].clone();
        assert_eq!(ships, r["ships"], "seed {}: ships", n("seed"));
    }
}

const G01: &[u8] = include_bytes!("fixtures/halite2/g01_2p_240x160_settler_vs_settler.hlt");
const G03: &[u8] = include_bytes!("fixtures/halite2/g03_2p_240x160_bomber_vs_settler.hlt");
const G06: &[u8] = include_bytes!("fixtures/halite2/g06_2p_264x176_bomber_vs_rusher.hlt");
const G10: &[u8] = include_bytes!("fixtures/halite2/g10_4p_240x160_faulty_ejected.hlt");

#[wasm_bindgen_test]
fn halite2_damage_by_frame_ends_at_the_recorded_totals() {
    // Shots (g01), rams into planets (g03, g06) and an ejected seat (g10).
    for bytes in [G01, G02, G03, G05, G06, G10] {
        let r = open2(bytes).unwrap();
        let frames = r.num_frames();
        let series = r.damage_series().unwrap().to_vec();
        assert_eq!(series.len(), frames * r.num_players());
        let standings = r.standings().unwrap().dyn_into::<Array>().unwrap();
        for s in standings.iter() {
            let seat = get(&s, "seat").as_f64().unwrap() as usize;
            let per = &series[seat * frames..(seat + 1) * frames];
            assert_eq!(per[0], 0.0);
            assert!(per.windows(2).all(|w| w[0] <= w[1]), "damage only grows");
            assert_eq!(per[frames - 1], get(&s, "damageDealt").as_f64().unwrap());
        }
    }
}

const H2_SERIES: [&str; 7] = [
    "ships", "planets", "docked", "health", "produced", "damage", "attacks",
];

#[wasm_bindgen_test]
fn halite2_a_replay_gives_its_seven_series_seat_major_and_from_any_frame() {
    use halite::web::halite2::halite2_series_names;
    assert_eq!(halite2_series_names(), H2_SERIES[..4].to_vec());
    for bytes in [G01, G02, G03, G06, G10] {
        let r = open2(bytes).unwrap();
        assert_eq!(r.series_names(), H2_SERIES.to_vec());
        let (frames, players) = (r.num_frames(), r.num_players());
        let mut all = Vec::new();
        for name in H2_SERIES {
            let a = r.series_array(name).unwrap().to_vec();
            assert_eq!(a.len(), frames * players, "{name}");
            let f: Vec<f64> = a.iter().map(|&v| f64::from(v)).collect();
            assert_eq!(r.series(name).unwrap().to_vec(), f, "{name}");
            all.push(a);
        }
        // Damage is the engine's, as damageSeries() gives it.
        assert_eq!(
            r.series("damage").unwrap().to_vec(),
            r.damage_series().unwrap().to_vec()
        );
        // Produced ends at the recorded totals.
        let standings = r.standings().unwrap().dyn_into::<Array>().unwrap();
        for s in standings.iter() {
            let seat = get(&s, "seat").as_f64().unwrap() as usize;
            let produced = f64::from(all[4][seat * frames + frames - 1]);
            assert_eq!(produced, get(&s, "shipsProduced").as_f64().unwrap());
        }
        for from in [0, 1, frames / 2, frames - 1, frames, frames + 3] {
            let mut want: Vec<u32> = Vec::new();
            for a in &all {
                for p in 0..players {
                    want.extend(a[p * frames..(p + 1) * frames].iter().skip(from));
                }
            }
            assert_eq!(r.series_from(from).to_vec(), want, "from {from}");
        }
        assert!(r.series("territory").is_err());
        assert!(r.series_array("").is_err());
    }
}

#[wasm_bindgen_test]
fn halite2_a_live_game_gives_each_new_frame_of_its_series() {
    let config = js_sys::JSON::parse(r#"{"width":240,"height":160,"players":4,"seed":7}"#).unwrap();
    let mut g = Halite2Game::new(config).unwrap();
    assert_eq!(g.series_names(), H2_SERIES.to_vec());
    let players = 4;
    // Frame 0: 3 ships of 255 health each, nothing produced, dealt or fired yet.
    let first = g.series_from(0).to_vec();
    assert_eq!(first.len(), 7 * players);
    assert_eq!(&first[..players], &[3, 3, 3, 3]);
    assert_eq!(&first[3 * players..4 * players], &[765; 4]);
    assert!(first[4 * players..].iter().all(|&v| v == 0));
    // Every seat flies its first ship towards the others; seat 2 is ejected at turn 3.
    let mut deltas = first.clone();
    for turn in 1..=6 {
        if turn == 3 {
            g.eject(2);
        }
        let cmds: Vec<f64> = (0..4)
            .flat_map(|s| [s as f64, (3 * s) as f64, 0.0, 7.0, (90 * s + 45) as f64])
            .collect();
        g.step(&cmds).unwrap();
        let new = g.series_from(g.frames_held() - 1).to_vec();
        assert_eq!(new.len(), 7 * players, "turn {turn}");
        deltas.extend(new);
    }
    let frames = g.frames_held();
    assert_eq!(frames, 7);
    // The deltas put together are the whole series.
    for (k, name) in H2_SERIES.iter().enumerate() {
        let whole = g.series_array(name).unwrap().to_vec();
        for p in 0..players {
            for t in 0..frames {
                assert_eq!(
                    deltas[t * 7 * players + k * players + p],
                    whole[p * frames + t],
                    "{name} seat {p} frame {t}"
                );
            }
        }
    }
    let ships = g.series_array("ships").unwrap().to_vec();
    assert_eq!(&ships[2 * frames..3 * frames], &[3, 3, 3, 0, 0, 0, 0]);
    // Its replay, read back and followed, has the same series.
    let again = open2(&hlt2(g.to_record())).unwrap();
    let copy = g.to_replay();
    assert_eq!(again.series_from(0).to_vec(), g.series_from(0).to_vec());
    assert_eq!(copy.series_from(0).to_vec(), g.series_from(0).to_vec());
    assert_eq!(
        g.series("health").unwrap().to_vec(),
        again.series("health").unwrap().to_vec()
    );
    assert!(g.series("nope").is_err());
    // A fork has the series of the frames it followed.
    let r = open2(G02).unwrap();
    let fork = Halite2Game::from_replay(&r, 10).unwrap();
    let want: Vec<u32> = r
        .series_array("attacks")
        .unwrap()
        .to_vec()
        .chunks(r.num_frames())
        .flat_map(|c| c[..11].to_vec())
        .collect();
    assert_eq!(fork.series_array("attacks").unwrap().to_vec(), want);
}

#[wasm_bindgen_test]
fn halite2_row_layouts_name_every_field_and_stride() {
    use halite::web::halite2::halite2_row_layout;
    let l = halite2_row_layout().unwrap();
    let n = |path: &[&str]| -> f64 {
        let mut v = l.clone();
        for k in path {
            v = get(&v, k);
        }
        v.as_f64().unwrap()
    };
    assert_eq!(n(&["ship", "stride"]) as usize, SHIP_STRIDE);
    assert_eq!(n(&["planet", "stride"]) as usize, PLANET_STRIDE);
    assert_eq!(n(&["ship", "offsets", "id"]), 0.0);
    assert_eq!(n(&["ship", "offsets", "owner"]), 1.0);
    assert_eq!(n(&["ship", "offsets", "x"]), 2.0);
    assert_eq!(n(&["ship", "offsets", "health"]), 6.0);
    assert_eq!(n(&["ship", "offsets", "status"]), 7.0);
    assert_eq!(n(&["ship", "offsets", "turnsLeft"]), 9.0);
    assert_eq!(n(&["planet", "offsets", "owner"]), 5.0);
    assert_eq!(n(&["planet", "offsets", "remaining"]), 9.0);
    assert_eq!(n(&["motion", "stride"]), 3.0);
    assert_eq!(n(&["motion", "offsets", "end"]), 2.0);
    assert_eq!(n(&["event", "stride"]), 8.0);
    assert_eq!(n(&["event", "offsets", "owner"]), 4.0);
    assert_eq!(n(&["event", "offsets", "id"]), 5.0);
    assert_eq!(n(&["event", "offsets", "b"]), 7.0);
    assert_eq!(n(&["event", "kinds", "attack"]), 0.0);
    assert_eq!(n(&["event", "kinds", "destroyed"]), 1.0);
    assert_eq!(n(&["event", "kinds", "spawned"]), 2.0);
    assert_eq!(n(&["command", "stride"]), 5.0);
    assert_eq!(n(&["command", "kinds", "undock"]), 2.0);
    assert_eq!(n(&["docking", "codes", "docked"]), 2.0);
    let names = get(&get(&l, "ship"), "names").dyn_into::<Array>().unwrap();
    assert_eq!(names.length() as usize, SHIP_STRIDE);
    assert_eq!(names.get(4).as_string().unwrap(), "velX");
    // The handles give the same layout; a ship row of a frame reads through it.
    let r = open2(G02).unwrap();
    let from_replay = js_sys::JSON::stringify(&Halite2Replay::row_layout().unwrap()).unwrap();
    let from_game = js_sys::JSON::stringify(&Halite2Game::row_layout().unwrap()).unwrap();
    let free = js_sys::JSON::stringify(&l).unwrap();
    assert_eq!(String::from(from_replay), String::from(free.clone()));
    assert_eq!(String::from(from_game), String::from(free));
    let ships = r.ships(0).unwrap().to_vec();
    assert_eq!(ships[n(&["ship", "offsets", "health"]) as usize], 255.0);
}

/// The forward model's C-ABI exports (what the bot runtime calls): a snapshot from a live game's
/// handle, written into the input buffer with moves, plays one turn; a bad list is an error
/// code with its reason; a fog game has no snapshot.
#[wasm_bindgen_test]
fn the_forward_model_steps_a_snapshot_through_its_exports() {
    use halite::web::forward::{sim_input, sim_output_len, sim_output_ptr, sim_step};
    let call = |snapshot: &[u8], seat: u32, mine: &str, others: &str| -> (u32, Vec<u8>) {
        let n = snapshot.len() + mine.len() + others.len();
        let at = sim_input(n);
        // SAFETY: `sim_input` made a buffer of `n` bytes at `at`.
        let input = unsafe { std::slice::from_raw_parts_mut(at, n) };
        input[..snapshot.len()].copy_from_slice(snapshot);
        input[snapshot.len()..snapshot.len() + mine.len()].copy_from_slice(mine.as_bytes());
        input[snapshot.len() + mine.len()..].copy_from_slice(others.as_bytes());
        let code = sim_step(seat, snapshot.len(), mine.len(), others.len());
        // SAFETY: the output is `sim_output_len()` bytes at `sim_output_ptr()` until the next call.
        let out =
            unsafe { std::slice::from_raw_parts(sim_output_ptr(), sim_output_len()) }.to_vec();
        (code, out)
    };
    let config = js_sys::JSON::parse(r#"{"width":240,"height":160,"players":2,"seed":3}"#).unwrap();
    let g = Halite2Game::new(config).unwrap();
    let snap = g.snapshot();
    let (code, out) = call(
        &snap,
        1,
        r#"[{"type":"thrust","ship":3,"magnitude":7,"angle":90}]"#,
        "null",
    );
    assert_eq!(code, 0, "{}", String::from_utf8_lossy(&out));
    let n = u32::from_le_bytes(out[..4].try_into().unwrap()) as usize;
    let m = u32::from_le_bytes(out[4 + n..8 + n].try_into().unwrap()) as usize;
    let obs: serde_json::Value = serde_json::from_slice(&out[8 + n..8 + n + m]).unwrap();
    assert_eq!(obs["turn"], 1);
    assert_eq!(obs["myId"], 1);
    let (code, out) = call(&snap, 1, "[7]", "null");
    assert_eq!(code, 1);
    assert_eq!(
        String::from_utf8_lossy(&out),
        "moves: command 0 is a number, not an object"
    );
    let (code, _) = call(&snap[..10], 0, "[]", "[]");
    assert_eq!(code, 1);

    let fog = js_sys::JSON::parse(r#"{"width":20,"height":20,"players":2,"seed":3,"fogRadius":3}"#)
        .unwrap();
    assert!(Halite1Game::new(fog).unwrap().snapshot().is_none());
    let open = js_sys::JSON::parse(r#"{"width":20,"height":20,"players":2,"seed":3}"#).unwrap();
    let h1 = Halite1Game::new(open).unwrap().snapshot().unwrap();
    let (code, out) = call(&h1, 0, r#"[{"x":0,"y":0,"dir":1}]"#, "[]");
    assert_eq!(code, 0, "{}", String::from_utf8_lossy(&out));
}

#[wasm_bindgen_test]
fn records_cross_between_the_modules_and_a_damaged_one_is_an_error() {
    for (record, game) in [
        (Halite1Files::read(S101).unwrap(), 1),
        (Halite2Files::read(G02).unwrap(), 2),
    ] {
        // A record written as a file and read again is the same record.
        let file = if game == 1 {
            Halite1Files::write(&record).unwrap()
        } else {
            Halite2Files::write_compressed(&record).unwrap()
        };
        let again = if game == 1 {
            Halite1Files::read(&file).unwrap()
        } else {
            Halite2Files::read(&file).unwrap()
        };
        assert_eq!(again, record, "game {game}");
        for cut in [0, 7, record.len() / 2, record.len() - 1] {
            let part = &record[..cut];
            let e = if game == 1 {
                Halite1Replay::from_record(part).err().map(error_text)
            } else {
                Halite2Replay::from_record(part).err().map(error_text)
            };
            let e = e.expect("a damaged record is refused");
            assert!(e.contains("not a replay record"), "{e}");
            let w = if game == 1 {
                Halite1Files::write(part).err()
            } else {
                Halite2Files::write_compressed(part).err()
            };
            assert!(w.is_some(), "game {game}: writing a damaged record");
        }
    }
    // Halite I's replays kept in the browser: gzip that its reader opens as the same record.
    let json = Halite1Files::write(&Halite1Files::read(S101).unwrap()).unwrap();
    let kept = Halite1Files::gzip_to_keep(&json);
    assert_eq!(&kept[..2], &[0x1f, 0x8b]);
    assert!(kept.len() < json.len() / 4);
    assert_eq!(
        Halite1Files::read(&kept).unwrap(),
        Halite1Files::read(S101).unwrap()
    );
    assert_eq!(
        Halite1Files::write_to_keep(&Halite1Files::read(S101).unwrap()).unwrap(),
        kept
    );
    let e = Halite2Files::plain_json(b"\x28\xb5\x2f\xfdbroken")
        .err()
        .unwrap();
    assert!(!error_text(e).is_empty());
}

/// The object a seat's bot receives, as text: `JSON.stringify` with its `Uint8Array`s as plain
/// arrays.
fn bot_text(obs: &JsValue) -> String {
    let plain = js_sys::Object::new();
    for key in js_sys::Object::keys(obs.unchecked_ref::<js_sys::Object>()).iter() {
        let v = Reflect::get(obs, &key).unwrap();
        let v = if v.is_instance_of::<Uint8Array>() {
            Array::from(&v).into()
        } else {
            v
        };
        Reflect::set(&plain, &key, &v).unwrap();
    }
    String::from(js_sys::JSON::stringify(&plain).unwrap())
}

/// The forward model's observation (`SimObservation`) read as the bot runtime reads it.
fn sim_text(obs: &halite::env::forward::SimObservation) -> String {
    let v = js_sys::JSON::parse(&obs.json).unwrap();
    for key in js_sys::Object::keys(v.unchecked_ref::<js_sys::Object>()).iter() {
        let value = Reflect::get(&v, &key).unwrap();
        if !value.is_object() {
            continue;
        }
        let at = Reflect::get(&value, &"$u8".into()).unwrap();
        if Array::is_array(&at) {
            let at: Array = at.unchecked_into();
            let (o, n) = (
                at.get(0).as_f64().unwrap() as usize,
                at.get(1).as_f64().unwrap() as usize,
            );
            Reflect::set(&v, &key, &Uint8Array::from(&obs.bytes[o..o + n])).unwrap();
        }
    }
    bot_text(&v)
}

#[wasm_bindgen_test]
fn each_game_gives_a_bot_the_observation_the_forward_model_answers_with() {
    use halite::env::forward::Simulator;
    let config = js_sys::JSON::parse(r#"{"width":20,"height":20,"players":2,"seed":42}"#).unwrap();
    let mut g = Halite1Game::new(config).unwrap();
    g.step(&[]).unwrap();
    let sim = halite::halite1::forward::Halite1Sim::from_snapshot(&g.snapshot().unwrap()).unwrap();
    for seat in 0..2 {
        let obs = g.observation(seat).unwrap();
        let keys: Vec<String> = js_sys::Object::keys(obs.unchecked_ref::<js_sys::Object>())
            .iter()
            .map(|k| k.as_string().unwrap())
            .collect();
        assert_eq!(
            keys,
            [
                "width",
                "height",
                "myId",
                "owner",
                "strength",
                "production",
                "turn"
            ]
        );
        assert_eq!(bot_text(&obs), sim_text(&sim.observation(seat)));
    }
    let config = js_sys::JSON::parse(r#"{"width":240,"height":160,"players":4,"seed":7}"#).unwrap();
    let mut g = halite::web::Halite2Game::new(config).unwrap();
    // A few turns with ships docking (thrusts of every ship of seat 0 toward 0 degrees).
    for _ in 0..5 {
        g.step(&[0.0, 0.0, 0.0, 7.0, 0.0]).unwrap();
    }
    let sim = halite::halite2::forward::Halite2Sim::from_snapshot(&g.snapshot()).unwrap();
    for seat in 0..4 {
        let obs = g.observation(seat).unwrap();
        assert_eq!(bot_text(&obs), sim_text(&sim.observation(seat)));
    }
    assert!(g.observation(4).is_err());
}
