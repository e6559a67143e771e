//! The forward model (`debug.simulate`): a snapshot of a live game, restored and stepped with
//! the moves of every seat, is the game the engine steps, bit for bit, turn after turn of the
//! recorded games (both games' fixtures); chains continue exactly; bad moves are errors that
//! name the problem.
#![cfg(not(target_arch = "wasm32"))]

mod h2_fixtures;

use h2_fixtures::replays;
use halite::env::forward::{simulate, Output, SimError, SimObservation, Simulator};
use halite::halite1::forward::{snapshot as snapshot1, Halite1Sim};
use halite::halite2::forward::{snapshot as snapshot2, Halite2Sim};
use halite::halite2::replay::{Command, ShipCommand};
use serde_json::{json, Value};
mod common;

/// Halite I: a turn's per-site moves as a bot's answer list (`{x, y, dir}`) for the sites of
/// `owner` (None: every owned site).
fn h1_moves(board: &halite::halite1::Board, moves: &[u8], owner: Option<u8>) -> Value {
    let w = board.width;
    let list: Vec<Value> = moves
        .iter()
        .enumerate()
        .filter(|&(i, &d)| {
            let o = board.owner[i];
            d != 0 && o != 0 && owner.is_none_or(|k| k == o)
        })
        .map(|(i, &d)| json!({"x": i % w, "y": i / w, "dir": d.min(4)}))
        .collect();
    Value::Array(list)
}

#[test]
fn halite1_simulated_turns_equal_the_engine_s() {
    for (name, replay) in common::replays() {
        let mut game = halite::halite1::Game::from_replay(&replay, 0).unwrap();
        game.set_recording(false);
        let turns = replay.num_frames() - 1;
        let mut checked = 0;
        // The first 120 turns of each game (the tests run unoptimised too).
        for t in 0..turns.min(120) {
            if game.is_over() {
                break;
            }
            // Directions above 4 are answered as 4 by a bot's check; give the engine the same.
            let moves: Vec<u8> = replay.turn_moves(t).iter().map(|&d| d.min(4)).collect();
            let snap = snapshot1(&game).unwrap();
            let board = game.board().clone();
            let me = (0..game.players()).find(|&p| game.is_alive(p)).unwrap();
            let mine = h1_moves(&board, &moves, Some(me as u8 + 1)).to_string();
            let all = h1_moves(&board, &moves, None).to_string();
            // Every seat's moves in the flat list; and the seat's own first, the rest flat.
            let flat = simulate::<Halite1Sim>(&snap, me, "[]", &all).unwrap();
            // (Every third turn: the tests run unoptimised too.)
            let split =
                (t % 3 == 0).then(|| simulate::<Halite1Sim>(&snap, me, &mine, &all).unwrap());
            game.step_sites(&moves).unwrap();
            let expected = snapshot1(&game).unwrap();
            let mut sim = Halite1Sim::from_snapshot(&snap).unwrap();
            sim.step(me, "[]", &all).unwrap();
            assert_eq!(sim.game().board(), game.board(), "{name} turn {t}");
            assert_eq!(sim.snapshot(), expected, "{name} turn {t}");
            let out = Output::encode(&expected, &sim.observation(me));
            assert_eq!(flat, out, "{name} turn {t}");
            if let Some(split) = split {
                assert_eq!(split, out, "{name} turn {t}");
            }
            checked += 1;
        }
        assert!(checked >= 50, "{name}: only {checked} turns");
    }
}

fn h2_json(c: &ShipCommand) -> Value {
    match c.command {
        Command::Thrust { magnitude, angle } => {
            json!({"type": "thrust", "ship": c.ship, "magnitude": magnitude, "angle": angle})
        }
        Command::Dock { planet } => json!({"type": "dock", "ship": c.ship, "planet": planet}),
        Command::Undock => json!({"type": "undock", "ship": c.ship}),
    }
}

/// Angles as a live bot's are taken (mod 360).
fn live(c: &ShipCommand) -> ShipCommand {
    let mut c = *c;
    if let Command::Thrust { magnitude, angle } = c.command {
        c.command = Command::Thrust {
            magnitude,
            angle: angle % 360,
        };
    }
    c
}

#[test]
fn halite2_simulated_turns_equal_the_engine_s() {
    let mut total = 0;
    for (name, replay) in replays() {
        let mut game = halite::halite2::follow::fork(&replay, 0).unwrap();
        for t in 0..replay.moves.len() {
            if game.is_over() {
                break;
            }
            let actions: Vec<Vec<ShipCommand>> = replay.moves[t]
                .iter()
                .map(|l| l.iter().map(live).collect())
                .collect();
            let snap = snapshot2(&game);
            let me = (0..game.players()).find(|&p| game.is_alive(p)).unwrap();
            let mine: Vec<Value> = actions
                .get(me)
                .map_or(Vec::new(), |l| l.iter().map(h2_json).collect());
            let rest: Vec<Value> = actions
                .iter()
                .enumerate()
                .filter(|&(p, _)| p != me)
                .flat_map(|(_, l)| l.iter().map(h2_json))
                .collect();
            let all: Vec<Value> = actions.iter().flatten().map(h2_json).collect();
            let flat =
                simulate::<Halite2Sim>(&snap, me, "[]", &Value::Array(all).to_string()).unwrap();
            let split = simulate::<Halite2Sim>(
                &snap,
                me,
                &Value::Array(mine).to_string(),
                &Value::Array(rest).to_string(),
            )
            .unwrap();
            game.step(&actions).unwrap();
            let expected = snapshot2(&game);
            let sim = Halite2Sim::from_snapshot(&expected).unwrap();
            assert_eq!(sim.snapshot(), expected, "{name} turn {t}: round trip");
            let out = Output::encode(&expected, &sim.observation(me));
            assert_eq!(flat, out, "{name} turn {t}");
            assert_eq!(split, out, "{name} turn {t}");
            total += 1;
        }
    }
    assert!(total > 1000, "only {total} turns");
}

/// The observation's coordinates are the frame's, exactly (the doubles the engine rounds its
/// extended positions to), and a chain of two turns equals two engine steps.
#[test]
fn halite2_chain_and_observation() {
    let (_, replay) = replays().remove(0);
    let mut game = halite::halite2::follow::fork(&replay, 30).unwrap();
    let snap = snapshot2(&game);
    let turn = |t: usize| -> (Vec<Vec<ShipCommand>>, String) {
        let a: Vec<Vec<ShipCommand>> = replay.moves[t]
            .iter()
            .map(|l| l.iter().map(live).collect())
            .collect();
        let j = Value::Array(a.iter().flatten().map(h2_json).collect()).to_string();
        (a, j)
    };
    let (a30, j30) = turn(30);
    let (a31, j31) = turn(31);
    let out = simulate::<Halite2Sim>(&snap, 1, "[]", &j30).unwrap();
    let n = u32::from_le_bytes(out[..4].try_into().unwrap()) as usize;
    let next = out[4..4 + n].to_vec();
    let out2 = simulate::<Halite2Sim>(&next, 1, "[]", &j31).unwrap();
    game.step(&a30).unwrap();
    game.step(&a31).unwrap();
    let sim = Halite2Sim::from_snapshot(&snapshot2(&game)).unwrap();
    assert_eq!(out2, Output::encode(&snapshot2(&game), &sim.observation(1)));
    // The observation: the frame's doubles, exactly.
    let SimObservation { json, .. } = sim.observation(1);
    let obs: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(obs["turn"], 32);
    assert_eq!(obs["myId"], 1);
    let frame = game.frame();
    let ships: Vec<&Value> = obs["ships"].as_array().unwrap().iter().collect();
    let rows: Vec<_> = frame.ships.iter().flatten().collect();
    assert_eq!(ships.len(), rows.len());
    for (s, r) in ships.iter().zip(rows) {
        assert_eq!(s["id"], r.id);
        assert_eq!(s["x"].as_f64().unwrap().to_bits(), r.x.to_bits());
        assert_eq!(s["y"].as_f64().unwrap().to_bits(), r.y.to_bits());
    }
}

#[test]
fn bad_moves_are_named() {
    let (_, replay) = common::replays().remove(0);
    let game = halite::halite1::Game::from_replay(&replay, 3).unwrap();
    let snap = snapshot1(&game).unwrap();
    let err = |mine: &str, others: &str| {
        simulate::<Halite1Sim>(&snap, 0, mine, others)
            .unwrap_err()
            .to_string()
    };
    assert_eq!(err("{}", "[]"), "moves is an object instead of an array");
    assert_eq!(
        err("[1]", "[]"),
        "moves: move 0 is a number, not {x, y, dir}"
    );
    assert_eq!(
        err(r#"[{"x":0,"y":0,"dir":5}]"#, "[]"),
        "moves: move 0 has direction 5 (0 to 4)"
    );
    assert_eq!(
        err("[]", r#"[{"x":0,"y":99,"dir":1}]"#),
        "othersMoves: move 0 is off the map at (0, 99)"
    );
    assert_eq!(
        err("[]", r#"[{"x":0.5,"y":0,"dir":1}]"#),
        "othersMoves: move 0 has non-integer x, y or dir"
    );
    assert_eq!(
        err("[]", r#"[{"y":0,"dir":1}]"#),
        "othersMoves: move 0 has non-integer x, y or dir"
    );
    assert_eq!(err("nonsense", "[]"), "moves cannot be read");
    // The forward model refuses a move in the very words the game ejects a bot with.
    let mut none = Vec::new();
    let reason = halite::halite1::answer::read_answer(&game, 0, &[0, 0, 0, 5], false, &mut none)
        .unwrap_err();
    assert_eq!(
        err(r#"[{"x":0,"y":0,"dir":5}]"#, "[]"),
        format!("moves: {reason}")
    );
    // Moves in othersMoves go to their sites' owners (a neutral site's do nothing).
    assert!(simulate::<Halite1Sim>(&snap, 0, "[]", r#"[{"x":19,"y":19,"dir":0}]"#).is_ok());
    // A snapshot of another game, or cut short.
    assert_eq!(
        simulate::<Halite2Sim>(&snap, 0, "[]", "[]"),
        Err(SimError::NotASnapshot)
    );
    assert_eq!(
        simulate::<Halite1Sim>(&snap[..snap.len() - 1], 0, "[]", "[]"),
        Err(SimError::CutShort)
    );
    assert_eq!(
        simulate::<Halite1Sim>(&snap, 7, "[]", "[]"),
        Err(SimError::NoSuchSeat(7))
    );

    let (_, r2) = replays().remove(0);
    let g2 = halite::halite2::follow::fork(&r2, 5).unwrap();
    let s2 = snapshot2(&g2);
    let err2 = |mine: &str, others: &str| {
        simulate::<Halite2Sim>(&s2, 0, mine, others)
            .unwrap_err()
            .to_string()
    };
    assert_eq!(
        err2(
            r#"[{"type":"thrust","ship":0,"magnitude":8,"angle":0}]"#,
            "[]"
        ),
        "moves: command 0: thrust magnitude 8 is not a whole number from 0 to 7"
    );
    assert_eq!(
        err2(
            r#"[{"type":"undock","ship":0}]"#,
            r#"[{"type":"undock","ship":0}]"#
        ),
        "othersMoves: two commands for ship 0 in one turn"
    );
    assert_eq!(
        err2(r#"[{"type":"fly","ship":0}]"#, "[]"),
        r#"moves: command 0 has type "fly" (thrust, dock or undock)"#
    );
    assert_eq!(
        err2(r#"[{"type":"thrust","ship":0,"angle":0}]"#, "[]"),
        "moves: command 0: thrust magnitude undefined is not a whole number from 0 to 7"
    );
    assert_eq!(
        err2("[]", r#"["undock"]"#),
        "othersMoves: command 0 is a string, not an object"
    );
    assert_eq!(
        err2(r#"[{"ship":0}]"#, "[]"),
        "moves: command 0 has type undefined (thrust, dock or undock)"
    );
    assert_eq!(
        err2(r#"[{"type":"dock","ship":-1,"planet":0}]"#, "[]"),
        "moves: command 0 has no ship id (a whole number ≥ 0)"
    );
    // A snapshot cut anywhere is refused; one with any byte changed is refused or plays
    // without a panic.
    for k in 0..s2.len() {
        assert!(Halite2Sim::from_snapshot(&s2[..k]).is_err());
        let mut bad = s2.clone();
        bad[k] ^= 0xa5;
        let _ = simulate::<Halite2Sim>(&bad, 0, "[]", "[]");
    }
}
