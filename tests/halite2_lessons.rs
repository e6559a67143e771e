//! Every Halite II lesson file: it parses, its reference solution passes within par, its known
//! wrong answer does not, and the rule each lesson teaches shows in the engine's events.

mod lesson_checks;

use halite::halite2::lesson::{Cause, Course, Goal, Lesson, Order, Status, Target, TurnEvent};
use std::path::PathBuf;

fn dir() -> PathBuf {
    lesson_checks::dir("halite2")
}

fn lessons() -> Vec<(String, String)> {
    let out = lesson_checks::lesson_files("halite2");
    assert_eq!(
        out.len(),
        4,
        "a lesson per rule: thrust, docking, weapons, collisions"
    );
    out
}

fn lesson(id: &str) -> Lesson {
    Lesson::parse(&std::fs::read_to_string(dir().join(format!("{id}.json"))).unwrap()).unwrap()
}

lesson_checks::answer_tests!(Course, lessons());

#[test]
fn hints_are_the_solutions_first_turn_orders() {
    for (name, text) in lessons() {
        let lesson = Lesson::parse(&text).unwrap();
        assert!(!lesson.spec.hints.is_empty(), "{name}: a hint");
        lesson.check_orders(&lesson.spec.hints).unwrap();
        for h in &lesson.spec.hints {
            assert!(lesson.spec.solution[0].contains(h), "{name}: hint {h:?}");
        }
    }
}

#[test]
fn the_prose_names_every_lesson() {
    let en: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir().join("en.json")).unwrap()).unwrap();
    for (name, _) in lessons() {
        for k in ["title", "intro", "hint", "why"] {
            assert!(
                en["lessons"][&name][k]
                    .as_str()
                    .is_some_and(|s| !s.is_empty()),
                "{name}: {k}"
            );
        }
    }
}

#[test]
fn thrust_moves_at_most_seven_and_ships_stop_without_thrust() {
    let mut l = lesson("h2-thrust");
    let start = l.board().ships[0].clone();
    let s = l.step(&[Order::Thrust(0, 7, 0)]).unwrap();
    let m = s.motion[0];
    assert!(((m.x1 - m.x0) - 7.0).abs() < 1e-9 && (m.y1 - m.y0).abs() < 1e-9);
    assert_eq!(s.after.ships[0].x, start.x + 7.0);
    // No thrust: the ship stays where it is.
    let s = l.step(&[]).unwrap();
    assert_eq!(
        (s.after.ships[0].x, s.after.ships[0].y),
        (start.x + 7.0, start.y)
    );
    // More than 7 is refused rather than silently cut.
    assert!(l.step(&[Order::Thrust(0, 8, 0)]).is_err());
    assert!(l.step(&[Order::Thrust(5, 1, 0)]).is_err(), "no ship 5");
    assert!(
        l.step(&[Order::Thrust(0, 1, 0), Order::Undock(0)]).is_err(),
        "two orders"
    );
}

#[test]
fn flying_off_the_map_destroys_the_ship() {
    let mut l = lesson("h2-thrust");
    // Six units from the top edge: seven north leaves the map.
    let s = l.step(&[Order::Thrust(0, 7, 270)]).unwrap();
    assert!(s.events.iter().any(|e| matches!(
        e,
        TurnEvent::Destroyed {
            cause: Cause::LeftMap,
            ..
        }
    )));
    assert_eq!(s.status, Status::NotYet, "no ship left");
}

#[test]
fn docking_is_refused_out_of_range_and_takes_five_turns() {
    let mut l = lesson("h2-docking");
    let s = l.step(&[Order::Dock(0, 0), Order::Dock(2, 0)]).unwrap();
    let refused = s.events.iter().find_map(|e| match e {
        TurnEvent::DockRefused {
            ship: 2,
            reason,
            distance,
            reach,
            ..
        } => Some((*reason, *distance, *reach)),
        _ => None,
    });
    assert_eq!(refused, Some(("out of range", 16.0, 11.5)));
    assert_eq!(s.after.ships[0].status, "docking");
    assert_eq!(s.after.ships[0].turns_left, Some(5));
    for left in (1..5).rev() {
        let s = l.step(&[]).unwrap();
        assert_eq!(s.after.ships[0].turns_left, Some(left));
    }
    let s = l.step(&[]).unwrap();
    assert_eq!(s.after.ships[0].status, "docked");
    assert!(s.events.iter().any(|e| matches!(
        e,
        TurnEvent::Produced {
            to: 6,
            docked: 1,
            ..
        }
    )));
    assert!(l.holds(&Goal::Docked {
        planet: 0,
        ships: 1
    }));
}

#[test]
fn a_new_ship_appears_at_72_production() {
    let mut l = lesson("h2-docking");
    let solution = l.spec.solution.clone();
    let mut spawned = None;
    for t in 0..10 {
        let s = l
            .step(solution.get(t).map_or(&[][..], Vec::as_slice))
            .unwrap();
        for e in &s.events {
            if let TurnEvent::Produced { from, to, .. } = e {
                assert!(to > from || *to < 72);
            }
            if let TurnEvent::Spawned {
                ship, planet: 0, ..
            } = e
            {
                spawned = Some((s.turn, *ship));
            }
        }
        if s.status != Status::Ongoing {
            break;
        }
    }
    assert_eq!(spawned, Some((10, 3)));
    assert_eq!(l.board().planets[0].production, 84 - 72);
}

fn attacks(events: &[TurnEvent]) -> Vec<(u32, Vec<(Target, f64)>)> {
    events
        .iter()
        .filter_map(|e| match e {
            TurnEvent::Attack { ship, hits, .. } => {
                Some((*ship, hits.iter().map(|h| (h.target, h.damage)).collect()))
            }
            _ => None,
        })
        .collect()
}

#[test]
fn weapons_split_a_shot_and_docked_ships_do_not_fire() {
    let mut l = lesson("h2-weapons");
    // The scripted fighter moves 3 west on the first turn.
    let s = l.step(&[Order::Thrust(0, 7, 0)]).unwrap();
    let fighter = s.after.ships.iter().find(|s| s.id == 2).unwrap();
    assert_eq!((fighter.x, fighter.y), (25.0, 26.0));
    assert!(attacks(&s.events).is_empty(), "nobody in range yet");
    // The wrong approach: in range of both enemies.
    let s = l.step(&[Order::Thrust(0, 6, 31)]).unwrap();
    let a = attacks(&s.events);
    assert!(
        a.iter().all(|(ship, _)| *ship != 1),
        "the docked ship never fires"
    );
    assert!(a
        .iter()
        .any(|(ship, hits)| *ship == 2 && hits.len() == 1 && hits[0].1 == 64.0));
    let s = l.step(&[]).unwrap();
    let mine: Vec<_> = attacks(&s.events)
        .into_iter()
        .filter(|(ship, _)| *ship == 0)
        .collect();
    assert_eq!(mine.len(), 1);
    assert_eq!(mine[0].1.len(), 2, "two enemies in range");
    assert!(mine[0].1.iter().all(|(_, d)| *d == 32.0), "64 split in two");
    let l0 = s.after.ships.iter().find(|s| s.id == 0).unwrap().health;
    assert_eq!(l0, 255 - 2 * 64);
}

#[test]
fn the_reference_solution_fires_at_the_docked_ship_alone() {
    let mut l = lesson("h2-weapons");
    let solution = l.spec.solution.clone();
    l.play(&solution).unwrap();
    assert_eq!(l.status, Status::Passed);
    assert_eq!(l.turn, 5, "four shots of 64");
    assert_eq!(
        l.board().ships.iter().find(|s| s.id == 0).unwrap().health,
        255
    );
}

#[test]
fn ramming_a_planet_destroys_it_and_the_explosion_catches_ships_nearby() {
    let mut l = lesson("h2-collisions");
    let wrong = l.spec.wrong.moves[0].clone();
    let s = l.step(&wrong).unwrap();
    let causes: Vec<(Target, Cause)> = s
        .events
        .iter()
        .filter_map(|e| match e {
            TurnEvent::Destroyed { target, cause, .. } => Some((*target, *cause)),
            _ => None,
        })
        .collect();
    assert!(causes.contains(&(Target::Ship { id: 0, owner: 0 }, Cause::HitPlanet(0))));
    assert!(causes.contains(&(Target::Ship { id: 1, owner: 0 }, Cause::HitPlanet(0))));
    assert!(causes.contains(&(Target::Planet { id: 0 }, Cause::Planet)));
    assert!(causes.contains(&(Target::Ship { id: 3, owner: 1 }, Cause::Explosion(0))));
    assert!(
        causes.contains(&(Target::Ship { id: 2, owner: 0 }, Cause::Explosion(0))),
        "the scout was in reach at the start of the turn: {causes:?}"
    );
    assert!(s.events.contains(&TurnEvent::PlanetDamaged {
        planet: 0,
        from: 510,
        to: 0
    }));
    assert_eq!(s.status, Status::NotYet);
}

#[test]
fn bad_lesson_files_say_what_is_wrong() {
    let base = std::fs::read_to_string(dir().join("h2-weapons.json")).unwrap();
    let bad = base.replace("\"width\": 40", "\"width\": 4");
    assert!(Lesson::parse(&bad).unwrap_err().0.contains("4x30"));
    let bad = base.replace("\"x\": 14, \"y\": 19", "\"x\": 99, \"y\": 19");
    assert!(Lesson::parse(&bad).unwrap_err().0.contains("off the map"));
    let mut v: serde_json::Value = serde_json::from_str(&base).unwrap();
    v["ships"].as_array_mut().unwrap().reverse();
    assert!(Lesson::parse(&v.to_string())
        .unwrap_err()
        .0
        .contains("seat by seat"));
}

#[test]
fn ships_that_touch_destroy_each_other() {
    let json = r#"{
        "id": "head-on", "order": 0, "width": 40, "height": 30,
        "planets": [{ "x": 35, "y": 25, "r": 2 }],
        "ships": [{ "owner": 0, "x": 10, "y": 10 }, { "owner": 1, "x": 20, "y": 10, "health": 40 }],
        "par": 1, "turns": 2,
        "goal": { "destroyed": 1 },
        "script": [[{ "thrust": [1, 5, 180] }]],
        "solution": [[{ "thrust": [0, 5, 0] }]],
        "wrong": { "moves": [[]] }
    }"#;
    let mut l = Lesson::parse(json).unwrap();
    let s = l.step(&[Order::Thrust(0, 5, 0)]).unwrap();
    let destroyed: Vec<(Target, Cause)> = s
        .events
        .iter()
        .filter_map(|e| match e {
            TurnEvent::Destroyed { target, cause, .. } => Some((*target, *cause)),
            _ => None,
        })
        .collect();
    // Each ship's 64 first: the weak one (40 health) is shot down before they touch.
    assert_eq!(
        destroyed,
        vec![(Target::Ship { id: 1, owner: 1 }, Cause::Shot)]
    );
    assert_eq!(s.status, Status::Passed);
    // At full health both fly on and meet: a collision destroys both.
    let mut l = Lesson::parse(&json.replace(r#", "health": 40"#, "")).unwrap();
    let s = l.step(&[Order::Thrust(0, 5, 0)]).unwrap();
    let causes: Vec<Cause> = s
        .events
        .iter()
        .filter_map(|e| match e {
            TurnEvent::Destroyed { cause, .. } => Some(*cause),
            _ => None,
        })
        .collect();
    assert_eq!(causes, vec![Cause::Collided(1), Cause::Collided(0)]);
    assert!(
        s.motion.iter().all(|m| m.end < 1.0),
        "both stop where they met"
    );
}
