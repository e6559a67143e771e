//! The `Halite2Lesson` boundary, run by `wasm-pack test --node` and in Chromium like `web.rs`.
#![cfg(target_arch = "wasm32")]

use halite::web::halite2_lesson::Halite2Lesson;
use js_sys::{Array, JsString, Reflect};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;

const THRUST: &str = include_str!("../www/src/games/halite2/lessons/h2-thrust.json");
const WEAPONS: &str = include_str!("../www/src/games/halite2/lessons/h2-weapons.json");

fn get(v: &JsValue, k: &str) -> JsValue {
    Reflect::get(v, &k.into()).unwrap()
}

fn orders(json: &str) -> JsValue {
    js_sys::JSON::parse(json).unwrap()
}

fn error_text(e: wasm_bindgen::JsError) -> String {
    let v: JsValue = e.into();
    let e: js_sys::Error = v.dyn_into().unwrap();
    String::from(e.message())
}

#[wasm_bindgen_test]
fn a_lesson_is_solved_through_the_boundary() {
    let mut l = Halite2Lesson::new(THRUST).unwrap();
    assert_eq!(l.turn(), 0);
    assert_eq!(l.players(), 1);
    let board = l.board().unwrap();
    assert_eq!(get(&board, "width").as_f64(), Some(40.0));
    let ships: Array = get(&board, "ships").dyn_into().unwrap();
    assert_eq!(
        get(&ships.get(0), "status").as_string().as_deref(),
        Some("undocked")
    );
    let spec = l.spec().unwrap();
    assert_eq!(get(&spec, "id").as_string().as_deref(), Some("h2-thrust"));
    let rules = l.rules().unwrap();
    assert_eq!(get(&rules, "weaponReach").as_f64(), Some(6.0));
    assert_eq!(get(&rules, "dockReach").as_f64(), Some(4.5));
    for (k, m) in [7, 7, 6].into_iter().enumerate() {
        let step = l
            .step(orders(&format!(r#"[{{"thrust":[0,{m},53]}}]"#)))
            .unwrap();
        assert_eq!(get(&step, "turn").as_f64(), Some(k as f64 + 1.0));
        let motion: Array = get(&step, "motion").dyn_into().unwrap();
        assert_eq!(get(&motion.get(0), "end").as_f64(), Some(1.0));
    }
    assert_eq!(l.status().unwrap().as_string().as_deref(), Some("passed"));
    let e = l.step(orders("[]")).err().unwrap();
    assert!(error_text(e).contains("over"));
    l.reset();
    assert_eq!(l.turn(), 0);
    assert_eq!(l.status().unwrap().as_string().as_deref(), Some("ongoing"));
}

#[wasm_bindgen_test]
fn bad_orders_and_files_are_errors_not_panics() {
    let mut l = Halite2Lesson::new(THRUST).unwrap();
    assert!(
        error_text(l.step(orders(r#"[{"thrust":[3,1,0]}]"#)).err().unwrap()).contains("no ship 3")
    );
    assert!(error_text(l.step(orders(r#"[{"warp":[0]}]"#)).err().unwrap()).contains("orders"));
    assert!(error_text(l.step(JsValue::from(5)).err().unwrap()).contains("orders"));
    assert_eq!(l.turn(), 0, "nothing was played");
    assert!(Halite2Lesson::new("{").is_err());
}

#[wasm_bindgen_test]
fn events_carry_the_engines_numbers() {
    let mut l = Halite2Lesson::new(WEAPONS).unwrap();
    let step = l.step(orders(r#"[{"thrust":[0,7,0]}]"#)).unwrap();
    let given: Array = get(&step, "orders").dyn_into().unwrap();
    assert_eq!(given.length(), 2, "the learner's order and the script's");
    assert_eq!(get(&given.get(1), "owner").as_f64(), Some(1.0));
    let step = l.step(orders(r#"[{"thrust":[0,2,0]}]"#)).unwrap();
    let events: Array = get(&step, "events").dyn_into().unwrap();
    let attack = events
        .iter()
        .find(|e| {
            get(e, "kind")
                .dyn_into::<JsString>()
                .ok()
                .is_some_and(|k| k == "attack")
        })
        .unwrap();
    assert_eq!(get(&attack, "ship").as_f64(), Some(0.0));
    let hits: Array = get(&attack, "hits").dyn_into().unwrap();
    assert_eq!(get(&hits.get(0), "damage").as_f64(), Some(64.0));
    assert!(get(&get(&hits.get(0), "target"), "ship").is_object());
}
