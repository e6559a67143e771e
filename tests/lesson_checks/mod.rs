//! What the lesson tests of every game share: a game's lesson files, and the checks every
//! lesson passes through the lesson frame (`env::lesson`): its file is named by its id, its
//! reference solution passes within par, its known wrong answer does not.
#![allow(dead_code)]

use halite::env::lesson::{Course, Lesson, Spec, Status};
use std::path::PathBuf;

/// The folder of a game's lessons.
pub fn dir(game: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("www/src/games/{game}/lessons"))
}

/// Every lesson file of `game` (not its prose, `en.json`) as (name, text), in name order.
pub fn lesson_files(game: &str) -> Vec<(String, String)> {
    let mut out: Vec<_> = std::fs::read_dir(dir(game))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .filter(|p| p.file_stem().is_some_and(|s| s != "en"))
        .map(|p| {
            let name = p.file_stem().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read_to_string(&p).unwrap())
        })
        .collect();
    out.sort();
    out
}

/// Each lesson's file is named by its id, and its reference solution passes within par.
pub fn solutions_pass<C: Course>(files: &[(String, String)]) {
    for (name, text) in files {
        let mut lesson = Lesson::<C>::parse(text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(lesson.spec.id(), name, "a lesson file is named by its id");
        let solution = lesson.spec.solution().to_vec();
        let status = lesson.play(&solution).unwrap();
        assert_eq!(status, Status::Passed, "{name}: the solution");
        assert!(
            lesson.turn <= lesson.spec.par(),
            "{name}: the solution meets par ({})",
            lesson.turn
        );
    }
}

/// Each lesson's known wrong answer does not pass.
pub fn wrong_answers_fail<C: Course>(files: &[(String, String)]) {
    for (name, text) in files {
        let mut lesson = Lesson::<C>::parse(text).unwrap();
        let status = lesson.play(&lesson.spec.wrong().moves.clone()).unwrap();
        assert_eq!(status, Status::NotYet, "{name}: the wrong answer");
    }
}

/// Writes the tests every game's lessons pass, over the lesson frame of `$course` and the
/// lesson files `$files` gives: `every_reference_solution_passes_within_par` and
/// `every_known_wrong_answer_fails`.
macro_rules! answer_tests {
    ($course:ty, $files:expr) => {
        #[test]
        fn every_reference_solution_passes_within_par() {
            lesson_checks::solutions_pass::<$course>(&$files);
        }

        #[test]
        fn every_known_wrong_answer_fails() {
            lesson_checks::wrong_answers_fail::<$course>(&$files);
        }
    };
}
pub(crate) use answer_tests;
