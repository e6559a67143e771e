//! Every lesson file: it parses, its reference solution passes, its known wrong answer does
//! not, and its prose exists in English.

mod lesson_checks;

use halite::halite1::lesson::{Course, Lesson};

fn lessons() -> Vec<(String, String)> {
    let out = lesson_checks::lesson_files("halite1");
    assert!(out.len() >= 11, "expected a lesson per rule");
    out
}

lesson_checks::answer_tests!(Course, lessons());

#[test]
fn every_hint_moves_a_piece_of_the_learner() {
    for (name, text) in lessons() {
        let lesson = Lesson::parse(&text).unwrap();
        assert!(!lesson.spec.hints.is_empty(), "{name}: a hint arrow");
        lesson
            .learner_moves(&lesson.spec.hints)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
    }
}

#[test]
fn every_lesson_has_english_prose() {
    let dir = lesson_checks::dir("halite1");
    let en: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("en.json")).unwrap()).unwrap();
    for (name, _) in lessons() {
        let prose = &en["lessons"][&name];
        for key in ["title", "intro", "hint", "why"] {
            assert!(prose[key].is_string(), "{name}: {key}");
        }
    }
}

#[test]
fn a_bad_lesson_or_move_is_an_error_not_a_panic() {
    assert!(Lesson::parse("{").is_err());
    let (_, text) = &lessons()[0];
    let mut lesson = Lesson::parse(text).unwrap();
    use halite::halite1::lesson::{Dir, Order};
    assert!(lesson.step(&[Order(99, 0, Dir::North)]).is_err());
    assert!(lesson.step(&[Order(0, 0, Dir::North)]).is_err());
}

#[test]
fn a_known_wrong_answer_is_answered_by_its_reply() {
    for (name, text) in lessons() {
        let mut lesson = Lesson::parse(&text).unwrap();
        if lesson.spec.wrong.reply.is_empty() {
            continue;
        }
        let first = lesson.spec.wrong.moves[0].clone();
        assert!(
            lesson.step(&first).unwrap().punished,
            "{name}: the reply plays"
        );
        lesson.reset();
        let good = lesson.spec.solution[0].clone();
        assert!(
            !lesson.step(&good).unwrap().punished,
            "{name}: not on the solution"
        );
    }
}
