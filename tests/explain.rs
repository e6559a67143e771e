//! The explanation resolver against the fast one: with every rule on, the same board and the
//! same report, on random boards and moves and on every turn of the reference replays.

#![cfg(not(target_arch = "wasm32"))]

mod common;

use halite::halite1::explain::{explain_turn, Position, Rules};
use halite::halite1::turn::resolve_turn;
use halite::halite1::{Board, TurnReport, TurnScratch};
use proptest::prelude::*;

fn fast(board: &Board, moves: &[u8], players: usize) -> (Board, TurnReport) {
    let mut b = board.clone();
    let mut report = TurnReport::default();
    resolve_turn(&mut b, moves, players, &mut TurnScratch::new(), &mut report);
    (b, report)
}

fn check(board: &Board, moves: &[u8], players: usize) -> Result<(), TestCaseError> {
    let (b, report) = fast(board, moves, players);
    let e = explain_turn(&Position::from(board), moves, players, Rules::default());
    prop_assert_eq!(e.after.to_board(), b);
    prop_assert!(e.after.strength.iter().all(|&s| s <= 255));
    prop_assert_eq!(e.report, report);
    Ok(())
}

fn byte_value() -> impl Strategy<Value = u8> {
    prop_oneof![
        3 => any::<u8>(),
        2 => Just(0u8),
        3 => 0u8..16,
        2 => 240u8..=255,
    ]
}

fn case() -> impl Strategy<Value = (Board, Vec<u8>, usize)> {
    (1..=9usize, 1..=9usize, 1..=6usize).prop_flat_map(|(w, h, players)| {
        let n = w * h;
        let owner = prop_oneof![
            3 => Just(0u8),
            6 => 1..=players as u8,
            1 => any::<u8>(),
        ];
        let mv = prop_oneof![10 => 0u8..=4, 1 => 5u8..=255];
        (
            prop::collection::vec(owner, n),
            prop::collection::vec(byte_value(), n),
            prop::collection::vec(byte_value(), n),
            prop::collection::vec(mv, n),
        )
            .prop_map(move |(owner, strength, production, moves)| {
                let board = Board {
                    width: w,
                    height: h,
                    production,
                    owner,
                    strength,
                };
                (board, moves, players)
            })
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 600, ..ProptestConfig::default() })]

    #[test]
    fn explain_equals_the_fast_resolver((board, moves, players) in case()) {
        check(&board, &moves, players)?;
    }
}

#[test]
fn explain_equals_the_fast_resolver_on_the_reference_replays() {
    for (name, replay) in common::replays() {
        // Every 7th turn keeps the debug build quick; each is checked in full.
        for t in (0..replay.num_frames() - 1).step_by(7) {
            let board = replay.board(t);
            let moves = replay.turn_moves(t);
            let (b, report) = fast(&board, moves, replay.num_players);
            let e = explain_turn(
                &Position::from(&board),
                moves,
                replay.num_players,
                Rules::default(),
            );
            assert_eq!(e.after.to_board(), b, "{name} turn {t}");
            assert_eq!(e.report, report, "{name} turn {t}");
        }
    }
}

#[test]
fn the_ledger_records_overkill_of_10_against_three_15s() {
    // A 10 in the middle of three enemy 15s: it hits each for 10 (30 in all), takes 45.
    let board = Board {
        width: 3,
        height: 3,
        production: vec![0; 9],
        owner: vec![0, 2, 0, 2, 1, 2, 0, 0, 0],
        strength: vec![0, 15, 0, 15, 10, 15, 0, 0, 0],
    };
    let e = explain_turn(&Position::from(&board), &[0; 9], 2, Rules::default());
    let from_ten: Vec<_> = e.hits.iter().filter(|h| h.attacker == 1).collect();
    assert_eq!(from_ten.len(), 3);
    assert!(from_ten.iter().all(|h| h.amount == 10 && h.effective == 10));
    assert_eq!(e.report.players[0].overkill, 20);
    let ten = e.fates.iter().find(|f| f.site == 4).unwrap();
    assert_eq!((ten.damage, ten.survives), (45, false));
    assert_eq!(e.after.strength[1], 5);
}
