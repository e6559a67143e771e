//! One Halite I rule per test, on tiny hand-built boards.
//!
//! Expectations come from `tests/fixtures/halite1/README.md` (the reference behaviour) and the
//! public rules text (`halite1-rules.md`). Every turn resolved through [`resolve`] is also checked
//! against the plain oracle `resolve_turn_naive`.
#![cfg(not(target_arch = "wasm32"))]

use halite::halite1::fog::fog_view;
use halite::halite1::game::{default_max_turns, GameError};
use halite::halite1::grid::wrapped_distance2;
use halite::halite1::naive::resolve_turn_naive;
use halite::halite1::protocol::parse_moves;
use halite::halite1::stats::Series;
use halite::halite1::turn::resolve_turn;
use halite::halite1::{Board, Game, Move, PlayerResult, PlayerTurnStats, TurnReport, TurnScratch};

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

const STILL: u8 = 0;
const NORTH: u8 = 1;
const EAST: u8 = 2;
const SOUTH: u8 = 3;
const WEST: u8 = 4;

/// A board from rows of cells separated by spaces. A cell is `.` (neutral, 0 strength,
/// 0 production) or `owner:strength` or `owner:strength:production`.
fn grid(rows: &[&str]) -> Board {
    let height = rows.len();
    let cells: Vec<Vec<&str>> = rows
        .iter()
        .map(|r| r.split_whitespace().collect())
        .collect();
    let width = cells[0].len();
    let mut b = Board::new(width, height);
    for (y, row) in cells.iter().enumerate() {
        assert_eq!(row.len(), width, "row {y} of the test board is ragged");
        for (x, cell) in row.iter().enumerate() {
            let i = y * width + x;
            if *cell == "." {
                continue;
            }
            let v: Vec<u8> = cell.split(':').map(|t| t.parse().unwrap()).collect();
            b.owner[i] = v[0];
            b.strength[i] = v[1];
            b.production[i] = v.get(2).copied().unwrap_or(0);
        }
    }
    b
}

/// Per-site move bytes: 0 everywhere except the listed `(x, y, dir)`.
fn moves(b: &Board, list: &[(usize, usize, u8)]) -> Vec<u8> {
    let mut m = vec![0u8; b.len()];
    for &(x, y, d) in list {
        m[b.index(x, y)] = d;
    }
    m
}

/// (owner, strength) of site (x, y).
fn site(b: &Board, x: usize, y: usize) -> (u8, u8) {
    let i = b.index(x, y);
    (b.owner[i], b.strength[i])
}

/// Resolves one turn with `resolve_turn`, checking the resulting board against the naive oracle.
fn resolve(b: &mut Board, m: &[u8], players: usize) -> TurnReport {
    let mut oracle = b.clone();
    resolve_turn_naive(&mut oracle, m, players);
    let mut report = TurnReport::default();
    resolve_turn(b, m, players, &mut TurnScratch::new(), &mut report);
    assert_eq!(*b, oracle, "resolve_turn and resolve_turn_naive disagree");
    report
}

fn names(n: usize) -> Vec<String> {
    (1..=n).map(|k| format!("bot{k}")).collect()
}

fn mv(x: u16, y: u16, dir: u8) -> Move {
    Move { x, y, dir }
}

/// (rank, last_frame_alive) of every player, in seat order.
fn standings(results: &[PlayerResult]) -> Vec<(usize, i64)> {
    results
        .iter()
        .map(|r| (r.rank, r.last_frame_alive))
        .collect()
}

/// Asserts that every site not listed is neutral with strength 0.
fn assert_rest_empty(b: &Board, listed: &[(usize, usize)]) {
    for y in 0..b.height {
        for x in 0..b.width {
            if !listed.contains(&(x, y)) {
                assert_eq!(site(b, x, y), (0, 0), "site ({x}, {y}) should be empty");
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Production and movement
// ---------------------------------------------------------------------------------------------

#[test]
fn still_piece_gains_its_site_production() {
    let mut b = grid(&[". . .", ". 1:10:3 .", ". . ."]);
    let m = moves(&b, &[(1, 1, STILL)]);
    let r = resolve(&mut b, &m, 1);
    assert_eq!(site(&b, 1, 1), (1, 13));
    assert_eq!(r.players[0].production, 3);
    assert_eq!(r.players[0].cap_loss, 0);
}

#[test]
fn production_is_capped_at_255_and_the_loss_is_counted() {
    // 250 + 10 -> 255 (5 realised, 5 lost); 255 + 7 -> 255 (0 realised, 7 lost).
    let mut b = grid(&[". . . . .", ". 1:250:10 . 1:255:7 .", ". . . . ."]);
    let m = moves(&b, &[]);
    let r = resolve(&mut b, &m, 1);
    assert_eq!(site(&b, 1, 1), (1, 255));
    assert_eq!(site(&b, 3, 1), (1, 255));
    assert_eq!(r.players[0].production, 5);
    assert_eq!(r.players[0].cap_loss, 5 + 7);
}

#[test]
fn no_move_sent_behaves_like_still() {
    let b = grid(&[
        ". . . . .",
        ". 1:10:3 . . .",
        ". . . . .",
        ". . . 2:10:4 .",
        ". . . . .",
    ]);
    let mut g = Game::from_board(b, names(2), None);
    // Empty move lists.
    let r = g.step(&[vec![], vec![]]).unwrap().clone();
    assert_eq!(site(g.board(), 1, 1), (1, 13));
    assert_eq!(site(g.board(), 3, 3), (2, 14));
    assert_eq!(r.players[0].production, 3);
    assert_eq!(r.players[1].production, 4);
    // No move lists at all.
    g.step(&[]).unwrap();
    assert_eq!(site(g.board(), 1, 1), (1, 16));
    assert_eq!(site(g.board(), 3, 3), (2, 18));
    // The replay records 0 for sites whose owner sent nothing.
    assert!(g.replay().turn_moves(0).iter().all(|&d| d == 0));
}

#[test]
fn moving_piece_leaves_a_zero_piece_and_gains_no_production() {
    // (1,1) moves east onto (2,1); (3,0) moves north across the top edge onto (3,4).
    let mut b = grid(&[
        ". . . 1:7:9 .",
        ". 1:10:5 0:0:7 . .",
        ". . . . .",
        ". . . . .",
        ". . . . .",
    ]);
    let m = moves(&b, &[(1, 1, EAST), (3, 0, NORTH)]);
    let r = resolve(&mut b, &m, 1);
    assert_eq!(site(&b, 1, 1), (1, 0));
    assert_eq!(site(&b, 2, 1), (1, 10));
    assert_eq!(site(&b, 3, 0), (1, 0));
    assert_eq!(site(&b, 3, 4), (1, 7));
    assert_rest_empty(&b, &[(1, 1), (2, 1), (3, 0), (3, 4)]);
    assert_eq!(r.players[0].production, 0);
    assert_eq!(r.players[0].sites_captured, 2);
}

#[test]
fn two_pieces_swapping_places_do_not_combine() {
    let mut b = grid(&[". . . .", ". 1:100:3 1:50:4 .", ". . . ."]);
    let m = moves(&b, &[(1, 1, EAST), (2, 1, WEST)]);
    let r = resolve(&mut b, &m, 1);
    assert_eq!(site(&b, 1, 1), (1, 50));
    assert_eq!(site(&b, 2, 1), (1, 100));
    assert_eq!(r.players[0].production, 0);
    assert_eq!(r.players[0].cap_loss, 0);
}

#[test]
fn invalid_direction_stays_gains_nothing_and_still_fights() {
    for d in [5u8, 77, 255] {
        // Alone: the piece neither moves nor grows.
        let mut b = grid(&[". . . . .", ". 1:10:3 . . .", ". . . . ."]);
        let m = moves(&b, &[(1, 1, d)]);
        let r = resolve(&mut b, &m, 1);
        assert_eq!(site(&b, 1, 1), (1, 10), "direction {d}");
        assert_rest_empty(&b, &[(1, 1)]);
        assert_eq!(r.players[0].production, 0, "direction {d}");

        // Next to an enemy: it deals its (unchanged) 10 and takes 4.
        let mut b = grid(&[". . . . .", ". 1:10:3 2:4 . .", ". . . . ."]);
        let m = moves(&b, &[(1, 1, d)]);
        let r = resolve(&mut b, &m, 2);
        assert_eq!(site(&b, 1, 1), (1, 6), "direction {d}");
        assert_eq!(site(&b, 2, 1), (0, 0), "direction {d}");
        assert_eq!(r.players[0].damage_to_players, 10);
        assert_eq!(r.players[1].pieces_lost, 1);

        // Another own piece arriving still combines with it.
        let mut b = grid(&[". . . . .", ". 1:10:3 1:20 . .", ". . . . ."]);
        let m = moves(&b, &[(1, 1, d), (2, 1, WEST)]);
        resolve(&mut b, &m, 1);
        assert_eq!(site(&b, 1, 1), (1, 30), "direction {d}");
        assert_eq!(site(&b, 2, 1), (1, 0), "direction {d}");
    }
}

#[test]
fn protocol_directions_are_kept_modulo_256() {
    let board = || {
        grid(&[
            ". . . . .",
            ". 1:10:2 . . .",
            ". . . . .",
            ". . . 2:10 .",
            ". . . . .",
        ])
    };
    // 256 is STILL: the piece grows.
    let still = parse_moves(b"1 1 256", 5, 5).unwrap();
    assert_eq!(still, vec![mv(1, 1, 0)]);
    let mut g = Game::from_board(board(), names(2), None);
    g.step(&[still, vec![]]).unwrap();
    assert_eq!(site(g.board(), 1, 1), (1, 12));

    // 260 is WEST.
    let west = parse_moves(b"1 1 260", 5, 5).unwrap();
    assert_eq!(west, vec![mv(1, 1, WEST)]);
    let mut g = Game::from_board(board(), names(2), None);
    g.step(&[west, vec![]]).unwrap();
    assert_eq!(site(g.board(), 0, 1), (1, 10));
    assert_eq!(site(g.board(), 1, 1), (1, 0));
    assert_eq!(g.replay().turn_moves(0)[5 + 1], WEST);

    // 261 is 5, an invalid move: no production, no movement.
    let invalid = parse_moves(b"1 1 261", 5, 5).unwrap();
    let mut g = Game::from_board(board(), names(2), None);
    g.step(&[invalid, vec![]]).unwrap();
    assert_eq!(site(g.board(), 1, 1), (1, 10));
    assert_eq!(g.replay().turn_moves(0)[5 + 1], 5);
}

// ---------------------------------------------------------------------------------------------
// Combining
// ---------------------------------------------------------------------------------------------

#[test]
fn same_owner_pieces_add_up_capped_at_255() {
    // Three 100s onto an empty site: 300 -> 255, 45 lost to the cap.
    let mut b = grid(&[
        ". . . . .",
        ". . 1:100 . .",
        ". 1:100 . 1:100 .",
        ". . . . .",
        ". . . . .",
    ]);
    let m = moves(&b, &[(2, 1, SOUTH), (1, 2, EAST), (3, 2, WEST)]);
    let r = resolve(&mut b, &m, 1);
    assert_eq!(site(&b, 2, 2), (1, 255));
    for (x, y) in [(2, 1), (1, 2), (3, 2)] {
        assert_eq!(site(&b, x, y), (1, 0));
    }
    assert_eq!(r.players[0].cap_loss, 45);
    assert_eq!(r.players[0].production, 0);

    // A still 200 on production 10 (-> 210, all realised) joined by a 100: 310 -> 255.
    let mut b = grid(&[". . . . .", ". 1:100 1:200:10 . .", ". . . . ."]);
    let m = moves(&b, &[(1, 1, EAST)]);
    let r = resolve(&mut b, &m, 1);
    assert_eq!(site(&b, 2, 1), (1, 255));
    assert_eq!(site(&b, 1, 1), (1, 0));
    assert_eq!(r.players[0].production, 10);
    assert_eq!(r.players[0].cap_loss, 55);

    // Below the cap nothing is lost.
    let mut b = grid(&[". . . . .", ". 1:100 1:20:10 1:30 .", ". . . . ."]);
    let m = moves(&b, &[(1, 1, EAST), (3, 1, WEST)]);
    let r = resolve(&mut b, &m, 1);
    assert_eq!(site(&b, 2, 1), (1, 160));
    assert_eq!(r.players[0].cap_loss, 0);
}

#[test]
fn rules_worked_example_two_150s_onto_a_neutral_200_leave_55() {
    let mut b = grid(&[". . . . .", ". 1:150 0:200 1:150 .", ". . . . ."]);
    let m = moves(&b, &[(1, 1, EAST), (3, 1, WEST)]);
    let r = resolve(&mut b, &m, 1);
    assert_eq!(site(&b, 2, 1), (1, 55));
    assert_eq!(site(&b, 1, 1), (1, 0));
    assert_eq!(site(&b, 3, 1), (1, 0));
    let s = r.players[0];
    assert_eq!(s.cap_loss, 45);
    assert_eq!(s.damage_to_neutral, 200);
    assert_eq!(s.damage_taken, 200);
    assert_eq!(s.overkill, 0);
    assert_eq!(s.sites_captured, 1);
    assert_eq!(s.pieces_lost, 0);
}

// ---------------------------------------------------------------------------------------------
// Combat between players
// ---------------------------------------------------------------------------------------------

#[test]
fn overkill_example_1_a_20_against_two_5s() {
    let mut b = grid(&[
        ". . . . .",
        ". . . . .",
        ". 2:5 1:20 2:5 .",
        ". . . . .",
        ". . . . .",
    ]);
    let m = moves(&b, &[]);
    let r = resolve(&mut b, &m, 2);
    assert_eq!(site(&b, 2, 2), (1, 10));
    assert_rest_empty(&b, &[(2, 2)]);
    let (p1, p2) = (r.players[0], r.players[1]);
    // The 20 does 10 effective damage, loses 10: no overkill.
    assert_eq!(p1.damage_to_players, 40);
    assert_eq!(p1.overkill, 0);
    assert_eq!(p1.damage_taken, 10);
    assert_eq!(p1.pieces_lost, 0);
    assert_eq!(p2.damage_to_players, 10);
    assert_eq!(p2.overkill, 0);
    assert_eq!(p2.damage_taken, 10);
    assert_eq!(p2.pieces_lost, 2);
}

#[test]
fn overkill_example_2_a_5_against_two_10s() {
    let mut b = grid(&[
        ". . . . .",
        ". . . . .",
        ". 2:10 1:5 2:10 .",
        ". . . . .",
        ". . . . .",
    ]);
    let m = moves(&b, &[]);
    let r = resolve(&mut b, &m, 2);
    assert_eq!(site(&b, 1, 2), (2, 5));
    assert_eq!(site(&b, 3, 2), (2, 5));
    assert_eq!(site(&b, 2, 2), (0, 0));
    let (p1, p2) = (r.players[0], r.players[1]);
    // The 5 deals 10 in total, has 5: 5 overkill; it dies.
    assert_eq!(p1.damage_to_players, 10);
    assert_eq!(p1.overkill, 5);
    assert_eq!(p1.damage_taken, 5);
    assert_eq!(p1.pieces_lost, 1);
    assert_eq!(p2.damage_to_players, 20);
    assert_eq!(p2.overkill, 0);
    assert_eq!(p2.damage_taken, 10);
    assert_eq!(p2.pieces_lost, 0);
}

#[test]
fn a_10_against_three_15s_dies_and_leaves_three_5s() {
    let mut b = grid(&[
        ". . . . .",
        ". . 2:15 . .",
        ". 2:15 1:10 2:15 .",
        ". . . . .",
        ". . . . .",
    ]);
    let m = moves(&b, &[]);
    let r = resolve(&mut b, &m, 2);
    assert_eq!(site(&b, 2, 2), (0, 0));
    for (x, y) in [(2, 1), (1, 2), (3, 2)] {
        assert_eq!(site(&b, x, y), (2, 5));
    }
    assert_eq!(r.players[0].damage_to_players, 30);
    assert_eq!(r.players[0].overkill, 20);
    assert_eq!(r.players[0].damage_taken, 10);
    assert_eq!(r.players[1].damage_to_players, 45);
    assert_eq!(r.players[1].damage_taken, 30);
    assert_eq!(r.players[1].overkill, 0);
}

#[test]
fn damage_reaches_the_four_cardinal_neighbours_not_diagonals_or_further() {
    let mut b = grid(&[
        ". . . . . . .",
        ". 2:1 . . . . .",
        ". . 2:1 2:1 2:1 . .",
        "2:1 . 2:1 1:50 2:1 . .",
        ". . 2:1 2:1 2:1 . .",
        ". . . . . . .",
        ". . . . . . .",
    ]);
    let m = moves(&b, &[]);
    let r = resolve(&mut b, &m, 2);
    // The 4 cardinal neighbours die, the 50 takes 4.
    assert_eq!(site(&b, 3, 3), (1, 46));
    for (x, y) in [(3, 2), (4, 3), (3, 4), (2, 3)] {
        assert_eq!(site(&b, x, y), (0, 0), "({x}, {y})");
    }
    // Diagonal neighbours and sites two steps away are untouched.
    for (x, y) in [(2, 2), (4, 2), (2, 4), (4, 4), (0, 3), (1, 1)] {
        assert_eq!(site(&b, x, y), (2, 1), "({x}, {y})");
    }
    assert_eq!(r.players[0].damage_to_players, 50 * 4);
    assert_eq!(r.players[1].pieces_lost, 4);
}

#[test]
fn pieces_on_the_same_site_fight() {
    // p1's 30 and p2's 20 both move onto (2,1). The 0-pieces they leave behind are each next to
    // the other player's piece, so they die too.
    let mut b = grid(&[". . . . .", ". 1:30 . 2:20 .", ". . . . .", ". . . . ."]);
    let m = moves(&b, &[(1, 1, EAST), (3, 1, WEST)]);
    let r = resolve(&mut b, &m, 2);
    assert_eq!(site(&b, 2, 1), (1, 10));
    assert_rest_empty(&b, &[(2, 1)]);
    // p1's 30 hits p2's 20 (same site) and p2's 0 (adjacent); p1's 0 hits p2's 20 with 0.
    assert_eq!(r.players[0].damage_to_players, 30 * 2);
    assert_eq!(r.players[0].pieces_lost, 1);
    assert_eq!(r.players[1].damage_to_players, 20 * 2);
    assert_eq!(r.players[1].pieces_lost, 2);
    assert_eq!(r.players[0].sites_captured, 1);
}

#[test]
fn neighbours_across_the_edges_fight() {
    // (3,0) is west of (0,0) across the edge, (0,3) is north of it; (3,3) is only diagonal.
    let mut b = grid(&["1:10 . . 2:4", ". . . .", ". . . .", "2:3 . . 2:1"]);
    let m = moves(&b, &[]);
    let r = resolve(&mut b, &m, 2);
    assert_eq!(site(&b, 0, 0), (1, 3));
    assert_eq!(site(&b, 3, 0), (0, 0));
    assert_eq!(site(&b, 0, 3), (0, 0));
    assert_eq!(site(&b, 3, 3), (2, 1));
    assert_eq!(r.players[0].damage_taken, 7);
    assert_eq!(r.players[1].pieces_lost, 2);

    // Same across the east and south edges.
    let mut b = grid(&["2:4 . . 1:10", ". . . .", ". . . .", ". . . 2:3"]);
    let m = moves(&b, &[]);
    resolve(&mut b, &m, 2);
    assert_eq!(site(&b, 3, 0), (1, 3));
    assert_eq!(site(&b, 0, 0), (0, 0));
    assert_eq!(site(&b, 3, 3), (0, 0));
}

// ---------------------------------------------------------------------------------------------
// Combat with neutral sites
// ---------------------------------------------------------------------------------------------

#[test]
fn a_piece_moving_onto_a_neutral_site_fights_it() {
    let mut b = grid(&[". . . . .", ". 1:30 0:10 . .", ". . . . ."]);
    let m = moves(&b, &[(1, 1, EAST)]);
    let r = resolve(&mut b, &m, 1);
    assert_eq!(site(&b, 2, 1), (1, 20));
    assert_eq!(site(&b, 1, 1), (1, 0));
    assert_eq!(r.players[0].damage_to_neutral, 10);
    assert_eq!(r.players[0].damage_taken, 10);

    // Equal strengths: both are gone, the site is neutral at 0.
    let mut b = grid(&[". . . . .", ". 1:10 0:10 . .", ". . . . ."]);
    let m = moves(&b, &[(1, 1, EAST)]);
    let r = resolve(&mut b, &m, 1);
    assert_eq!(site(&b, 2, 1), (0, 0));
    assert_eq!(site(&b, 1, 1), (1, 0));
    assert_eq!(r.players[0].pieces_lost, 1);

    // A weaker piece dies and dents the site.
    let mut b = grid(&[". . . . .", ". 1:30 0:100 . .", ". . . . ."]);
    let m = moves(&b, &[(1, 1, EAST)]);
    let r = resolve(&mut b, &m, 1);
    assert_eq!(site(&b, 2, 1), (0, 70));
    assert_eq!(site(&b, 1, 1), (1, 0));
    assert_eq!(r.players[0].damage_to_neutral, 30);
    assert_eq!(r.players[0].damage_taken, 30);
}

#[test]
fn a_neutral_site_hits_each_piece_on_it_and_takes_their_sum() {
    // p1's 30 and p2's 25 both move onto a neutral 100: each takes 100 (+ the other's strength),
    // both die, and the site takes 55.
    let mut b = grid(&[
        ". . . . .",
        ". . . . .",
        ". 1:30 0:100 2:25 .",
        ". . . . .",
        ". . . . .",
    ]);
    let m = moves(&b, &[(1, 2, EAST), (3, 2, WEST)]);
    let r = resolve(&mut b, &m, 2);
    assert_eq!(site(&b, 2, 2), (0, 45));
    assert_rest_empty(&b, &[(2, 2)]);
    assert_eq!(r.players[0].damage_to_neutral, 30);
    assert_eq!(r.players[1].damage_to_neutral, 25);
    assert_eq!(r.players[0].pieces_lost, 2);
    assert_eq!(r.players[1].pieces_lost, 2);

    // The neutral hits each piece with its full strength: a 255 and an enemy 1 onto a neutral
    // 200: the 1 dies, the 255 takes 200 + 1.
    let mut b = grid(&[
        ". . . . .",
        ". . . . .",
        ". 1:255 0:200 2:1 .",
        ". . . . .",
        ". . . . .",
    ]);
    let m = moves(&b, &[(1, 2, EAST), (3, 2, WEST)]);
    resolve(&mut b, &m, 2);
    assert_eq!(site(&b, 2, 2), (1, 54));
}

#[test]
fn a_neutral_site_never_damages_or_is_damaged_by_neighbours() {
    let mut b = grid(&[". . . . .", ". 1:5 0:200 1:0 .", ". . 1:0 . .", ". . . . ."]);
    let m = moves(&b, &[]);
    let r = resolve(&mut b, &m, 1);
    assert_eq!(site(&b, 1, 1), (1, 5));
    assert_eq!(site(&b, 2, 1), (0, 200));
    assert_eq!(site(&b, 3, 1), (1, 0));
    assert_eq!(site(&b, 2, 2), (1, 0));
    assert_eq!(r.players[0], PlayerTurnStats::default());
}

#[test]
fn a_zero_piece_moving_onto_a_strong_neutral_site_dies_without_denting_it() {
    let mut b = grid(&[". . . . .", ". 1:0 0:200 . .", ". . . . ."]);
    let m = moves(&b, &[(1, 1, EAST)]);
    let r = resolve(&mut b, &m, 1);
    assert_eq!(site(&b, 2, 1), (0, 200));
    assert_eq!(site(&b, 1, 1), (1, 0));
    assert_eq!(r.players[0].pieces_lost, 1);
    assert_eq!(r.players[0].damage_to_neutral, 0);
}

// ---------------------------------------------------------------------------------------------
// Zero-strength pieces and what is left behind
// ---------------------------------------------------------------------------------------------

#[test]
fn a_zero_piece_next_to_any_enemy_piece_dies() {
    // Two 0-pieces of different players side by side: both die.
    let mut b = grid(&[". . . . .", ". 1:0 2:0 . .", ". . . . ."]);
    let m = moves(&b, &[]);
    let r = resolve(&mut b, &m, 2);
    assert_rest_empty(&b, &[]);
    assert_eq!(r.players[0].pieces_lost, 1);
    assert_eq!(r.players[1].pieces_lost, 1);

    // A 0-piece next to an enemy 5: the 0 dies, the 5 takes 0 damage and survives.
    let mut b = grid(&[". . . . .", ". 1:0 2:5 . .", ". . . . ."]);
    let m = moves(&b, &[]);
    resolve(&mut b, &m, 2);
    assert_eq!(site(&b, 1, 1), (0, 0));
    assert_eq!(site(&b, 2, 1), (2, 5));
}

#[test]
fn a_zero_piece_nothing_touches_survives() {
    let mut b = grid(&[
        ". . . . . .",
        ". 1:0 . 2:0 . .",
        ". . 1:0 . . .",
        ". . . . . .",
    ]);
    let m = moves(&b, &[]);
    let r = resolve(&mut b, &m, 2);
    // (1,1), (3,1) and (2,2) are pairwise diagonal or two apart.
    assert_eq!(site(&b, 1, 1), (1, 0));
    assert_eq!(site(&b, 3, 1), (2, 0));
    assert_eq!(site(&b, 2, 2), (1, 0));
    assert_eq!(r.players[0].pieces_lost + r.players[1].pieces_lost, 0);
}

#[test]
fn a_left_site_whose_zero_piece_died_is_neutral_at_zero() {
    // p1's 10 moves north off (1,1); the 0 it leaves is next to p2's 3 and dies.
    let mut b = grid(&[
        ". . . . .",
        ". 1:10:4 2:3 . .",
        ". . . . .",
        ". . . . .",
        ". . . . .",
    ]);
    let m = moves(&b, &[(1, 1, NORTH)]);
    resolve(&mut b, &m, 2);
    assert_eq!(site(&b, 1, 0), (1, 10));
    assert_eq!(site(&b, 1, 1), (0, 0));
    assert_eq!(site(&b, 2, 1), (2, 3));
}

#[test]
fn all_damage_is_computed_before_any_is_applied() {
    // Equal pieces kill each other.
    let mut b = grid(&[". . . . .", ". 1:10 2:10 . .", ". . . . ."]);
    let m = moves(&b, &[]);
    resolve(&mut b, &m, 2);
    assert_rest_empty(&b, &[]);

    // A(p1 10) - B(p2 6) - C(p1 3): B takes 13 and dies, but still deals 6 to both A and C.
    let mut b = grid(&[". . . . . . .", ". 1:10 2:6 1:3 . . .", ". . . . . . ."]);
    let m = moves(&b, &[]);
    let r = resolve(&mut b, &m, 2);
    assert_eq!(site(&b, 1, 1), (1, 4));
    assert_eq!(site(&b, 2, 1), (0, 0));
    assert_eq!(site(&b, 3, 1), (0, 0));
    assert_eq!(r.players[0].pieces_lost, 1);
    assert_eq!(r.players[1].pieces_lost, 1);
    assert_eq!(r.players[1].damage_to_players, 12);
    assert_eq!(r.players[1].overkill, 6 + 3 - 6);
}

#[test]
fn owners_above_the_player_count_are_neutral_sites() {
    // A site tagged 3 in a 2-player game fights like a neutral site and ends neutral.
    let mut b = grid(&[". . . . .", ". 1:30 3:10:4 . .", ". . . . ."]);
    let m = moves(&b, &[(1, 1, EAST)]);
    let r = resolve(&mut b, &m, 2);
    assert_eq!(site(&b, 2, 1), (1, 20));
    assert_eq!(r.players[0].damage_to_neutral, 10);

    let mut b = grid(&[". . . . .", ". 1:30 3:10:4 . .", ". . . . ."]);
    let m = moves(&b, &[(2, 1, EAST)]);
    resolve(&mut b, &m, 2);
    assert_eq!(site(&b, 2, 1), (0, 10));
    assert_eq!(site(&b, 3, 1), (0, 0));
}

#[test]
fn a_game_from_a_board_with_foreign_owners_records_a_readable_replay() {
    // `Game::from_board` treats owners above the player count as neutral, but its replay keeps
    // them in frame 0, and `Replay::from_bytes` then rejects the replay the game wrote.
    let b = grid(&[". . . . .", ". 1:30 3:10:4 2:5 .", ". . . . ."]);
    let g = Game::from_board(b, names(2), None);
    let read = halite::halite1::Replay::from_bytes(&g.replay().to_json());
    assert_eq!(read.as_ref().err(), None);
}

// ---------------------------------------------------------------------------------------------
// Move lists
// ---------------------------------------------------------------------------------------------

fn two_player_board() -> Board {
    grid(&[
        "0:7:1 . . . .",
        ". 1:10:2 . . .",
        ". . . . .",
        ". . . 2:10:3 .",
        ". . . . .",
    ])
}

#[test]
fn moves_for_sites_the_player_does_not_own_are_ignored() {
    let mut g = Game::from_board(two_player_board(), names(2), None);
    // p1 orders p2's piece north and the neutral site east; p2 sends nothing.
    g.step(&[vec![mv(3, 3, NORTH), mv(0, 0, EAST)], vec![]])
        .unwrap();
    let b = g.board();
    assert_eq!(site(b, 1, 1), (1, 12));
    assert_eq!(site(b, 3, 3), (2, 13));
    assert_eq!(site(b, 0, 0), (0, 7));
    assert_rest_empty(b, &[(1, 1), (3, 3), (0, 0)]);
    assert!(g.replay().turn_moves(0).iter().all(|&d| d == 0));
}

#[test]
fn a_later_move_for_the_same_site_replaces_the_earlier_one() {
    let list = parse_moves(b"1 1 2 1 1 4", 5, 5).unwrap();
    let mut g = Game::from_board(two_player_board(), names(2), None);
    g.step(&[list, vec![]]).unwrap();
    assert_eq!(site(g.board(), 0, 1), (1, 10));
    assert_eq!(site(g.board(), 1, 1), (1, 0));
    assert_eq!(site(g.board(), 2, 1), (0, 0));
    assert_eq!(g.replay().turn_moves(0)[5 + 1], WEST);
}

#[test]
fn reading_stops_at_the_first_location_outside_the_map() {
    // (1, 5) is outside a 5x5 map: the WEST after it is dropped.
    let list = parse_moves(b"1 1 2 1 5 1 1 1 4", 5, 5).unwrap();
    assert_eq!(list, vec![mv(1, 1, EAST)]);
    let mut g = Game::from_board(two_player_board(), names(2), None);
    g.step(&[list, vec![]]).unwrap();
    assert_eq!(site(g.board(), 2, 1), (1, 10));
    assert_eq!(site(g.board(), 1, 1), (1, 0));

    // Nothing before the bad location: nothing at all, the piece stays still.
    assert_eq!(parse_moves(b"5 0 1 1 1 2", 5, 5).unwrap(), vec![]);
    // Any character other than digits and spaces is an error (the bot is ejected).
    assert!(parse_moves(b"1 1 2,", 5, 5).is_err());
    assert!(parse_moves(b"1 1 -2", 5, 5).is_err());
}

// ---------------------------------------------------------------------------------------------
// Ejection
// ---------------------------------------------------------------------------------------------

/// p1 at (1,1) and (2,1), p2 at (4,3), p3 at (4,1): nobody touches anybody.
fn three_player_board() -> Board {
    grid(&[
        ". . . . . . .",
        ". 1:20:1 1:5 . 2:10:1 . .",
        ". . . . . . .",
        ". . . . 3:50:2 . .",
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
    ])
}

#[test]
fn an_ejected_player_turns_neutral_keeping_strength_and_the_game_goes_on() {
    let mut g = Game::from_board(three_player_board(), names(3), None);
    g.eject(0);
    // p1's moves of that turn are ignored.
    g.step(&[vec![mv(1, 1, EAST)], vec![], vec![]]).unwrap();
    let b = g.board();
    assert_eq!(site(b, 1, 1), (0, 20));
    assert_eq!(site(b, 2, 1), (0, 5));
    assert_eq!(site(b, 4, 1), (2, 11));
    assert_eq!(site(b, 4, 3), (3, 52));
    assert!(!g.is_over());
    assert!(!g.is_alive(0));
    let r = g.results();
    assert!(r[0].ejected && !r[0].alive);
    assert_eq!(r[0].last_frame_alive, 0);

    // Turn 2: p3 moves north next to p2 and kills it. The game is over.
    g.step(&[vec![], vec![], vec![mv(4, 3, NORTH)]]).unwrap();
    let b = g.board();
    assert_eq!(site(b, 4, 2), (3, 52 - 12));
    assert_eq!(site(b, 4, 1), (0, 0));
    assert_eq!(site(b, 1, 1), (0, 20));
    assert!(g.is_over());
    // Ejected first, so ranked last.
    assert_eq!(standings(&g.results()), vec![(3, 0), (2, 1), (1, 2)]);
    assert!(!g.results()[1].ejected);
}

#[test]
fn ejecting_one_of_two_players_ends_the_game() {
    let mut g = Game::from_board(two_player_board(), names(2), None);
    g.step(&[]).unwrap();
    g.eject(1);
    g.step(&[]).unwrap();
    assert!(g.is_over());
    assert_eq!(site(g.board(), 3, 3), (0, 13));
    assert_eq!(standings(&g.results()), vec![(1, 2), (2, 1)]);
    assert_eq!(g.step(&[]).unwrap_err(), GameError::Over);
}

#[test]
fn ejection_at_init_is_immediate_and_ranks_last() {
    let mut g = Game::from_board(three_player_board(), names(3), None);
    g.eject_at_init(1);
    // The sites turn neutral at once, keeping their strength.
    assert_eq!(site(g.board(), 4, 1), (0, 10));
    assert!(!g.is_over());
    // p1 and p3 play on to a turn limit of 1.
    g.set_max_turns(1);
    g.step(&[]).unwrap();
    assert!(g.is_over());
    let r = g.results();
    // p1 and p3 survive with territory 2 and 1; p2 was ejected at init.
    assert_eq!(standings(&r), vec![(1, 1), (3, -1), (2, 1)]);
    assert!(r[1].ejected && !r[1].alive);
}

#[test]
fn ejection_at_init_of_one_of_two_players_ends_the_game_before_it_starts() {
    let mut g = Game::from_board(two_player_board(), names(2), None);
    g.eject_at_init(0);
    assert!(g.is_over());
    assert_eq!(g.step(&[]).unwrap_err(), GameError::Over);
    assert_eq!(standings(&g.results()), vec![(2, -1), (1, 0)]);
}

#[test]
fn several_ejections_at_init_rank_in_reverse_seat_order() {
    // The reference pushes init failures in seat order, then reverses the whole ranking.
    let mut g = Game::from_board(three_player_board(), names(3), None);
    g.eject_at_init(0);
    g.eject_at_init(1);
    assert!(g.is_over());
    assert_eq!(standings(&g.results()), vec![(3, -1), (2, -1), (1, 0)]);
}

// `verify` re-simulates a replay and recognises ejections. The reference can eject a bot during
// the first turn (a bot that sends its name and leaves, like the fixtures' `quit.py`), several
// bots on the same turn, or a bot at initialisation in a two-player game (no turn is played).
// Each of the three tests below records such a game with `Game` and fails in `verify`.

#[test]
fn verify_accepts_an_ejection_during_the_first_turn() {
    let mut g = Game::from_board(two_player_board(), names(2), None);
    g.eject(0);
    g.step(&[]).unwrap();
    assert!(g.is_over());
    assert_eq!(site(g.board(), 1, 1), (0, 10));
    assert_eq!(halite::halite1::verify::verify(g.replay()), Ok(()));
}

#[test]
fn verify_accepts_two_ejections_on_the_same_turn() {
    let mut g = Game::from_board(three_player_board(), names(3), None);
    g.step(&[]).unwrap();
    g.eject(0);
    g.eject(1);
    g.step(&[]).unwrap();
    assert!(g.is_over());
    assert_eq!(halite::halite1::verify::verify(g.replay()), Ok(()));
}

#[test]
fn verify_accepts_an_ejection_at_init_that_ends_the_game() {
    let mut g = Game::from_board(two_player_board(), names(2), None);
    g.eject_at_init(1);
    assert!(g.is_over());
    assert_eq!(g.replay().num_frames(), 1);
    assert_eq!(halite::halite1::verify::verify(g.replay()), Ok(()));
}

#[test]
fn verify_accepts_a_single_ejection_mid_game() {
    let mut g = Game::from_board(three_player_board(), names(3), None);
    g.step(&[]).unwrap();
    g.eject(1);
    g.step(&[]).unwrap();
    g.eject(0);
    g.step(&[]).unwrap();
    assert!(g.is_over());
    assert_eq!(halite::halite1::verify::verify(g.replay()), Ok(()));
}

// ---------------------------------------------------------------------------------------------
// End conditions
// ---------------------------------------------------------------------------------------------

#[test]
fn the_turn_limit_is_floor_of_ten_times_sqrt_of_the_area() {
    assert_eq!(default_max_turns(3, 5), 38); // 38.72
    assert_eq!(default_max_turns(2, 3), 24); // 24.49
    assert_eq!(default_max_turns(20, 20), 200);
    assert_eq!(default_max_turns(24, 24), 240);
    assert_eq!(default_max_turns(27, 31), 289); // 289.31
    assert_eq!(default_max_turns(50, 50), 500);
    assert_eq!(default_max_turns(1, 1), 10);

    // Two isolated players play exactly 38 turns on a 3x5 map.
    let b = grid(&["1:1 . .", ". . .", ". . .", ". . .", ". . 2:1"]);
    let mut g = Game::from_board(b, names(2), None);
    assert_eq!(g.max_turns(), 38);
    let mut turns = 0;
    while !g.is_over() {
        g.step(&[]).unwrap();
        turns += 1;
    }
    assert_eq!(turns, 38);
    assert_eq!(g.turn(), 38);
    assert_eq!(g.replay().num_frames(), 39);
    assert_eq!(g.step(&[]).unwrap_err(), GameError::Over);
    // Both survive; equal territory and integral.
    assert!(g
        .results()
        .iter()
        .all(|r| r.alive && r.last_frame_alive == 38));
}

#[test]
fn the_game_ends_when_one_player_is_left() {
    let mut b = grid(&[". . . . .", ". 1:20 . 2:5 .", ". . . . ."]);
    let mut g = Game::from_board(b.clone(), names(2), None);
    assert!(!g.is_over());
    g.step(&[vec![mv(1, 1, EAST)]]).unwrap();
    // Same turn by hand.
    let m = moves(&b, &[(1, 1, EAST)]);
    resolve(&mut b, &m, 2);
    assert_eq!(g.board(), &b);
    assert_eq!(site(&b, 2, 1), (1, 15));
    assert!(g.is_over());
    assert_eq!(standings(&g.results()), vec![(1, 1), (2, 0)]);
}

#[test]
fn a_single_player_game_ends_when_no_unowned_productive_site_remains() {
    // One unowned productive site, (1,0); the other unowned sites produce nothing.
    let b = grid(&["1:10:1 0:0:2 .", ". . .", ". . ."]);
    let mut g = Game::from_board(b, names(1), None);
    assert!(!g.is_over());
    g.step(&[]).unwrap();
    assert!(!g.is_over());
    g.step(&[vec![mv(0, 0, EAST)]]).unwrap();
    assert_eq!(site(g.board(), 1, 0), (1, 11));
    assert!(g.is_over());
    let r = g.results();
    assert_eq!((r[0].rank, r[0].last_frame_alive, r[0].alive), (1, 2, true));
}

#[test]
fn a_single_player_game_with_nothing_to_take_still_plays_one_turn() {
    // The reference checks productive sites only after a turn (it starts the count at 1).
    let b = grid(&["1:10:1 . .", ". . .", ". . ."]);
    let mut g = Game::from_board(b, names(1), None);
    assert!(!g.is_over());
    g.step(&[]).unwrap();
    assert!(g.is_over());
    assert_eq!(g.turn(), 1);
}

// ---------------------------------------------------------------------------------------------
// Ranking
// ---------------------------------------------------------------------------------------------

#[test]
fn players_eliminated_on_the_same_turn_are_ordered_by_territory_integral() {
    // 12x5. p2 at (2,2) expands east on turn 1 (2 sites); p3 at (8,2) stays (1 site).
    // On turn 2 p1's killers step next to them: both eliminated on turn 2.
    // Integrals: p2 = 1 + 2 + 0 = 3, p3 = 1 + 1 + 0 = 2, so p2 ranks above p3 (seat order alone
    // would put p3 above p2, as the ranking is reversed at the end). p4 just survives.
    let b = grid(&[
        ". . 1:100 . . . . . 1:100 . . .",
        ". . . . . . . . . . . .",
        ". . 2:5 . . . . . 3:5 . . .",
        ". . . . . . . . . . . .",
        ". . . 1:100 . . 4:5 . . . . .",
    ]);
    let mut g = Game::from_board(b, names(4), None);
    g.step(&[vec![], vec![mv(2, 2, EAST)], vec![], vec![]])
        .unwrap();
    assert_eq!(g.board().territory(4), vec![60 - 3 - 2 - 1 - 1, 3, 2, 1, 1]);
    g.step(&[
        vec![mv(2, 0, SOUTH), mv(3, 4, NORTH), mv(8, 0, SOUTH)],
        vec![],
        vec![],
        vec![],
    ])
    .unwrap();
    let t = g.board().territory(4);
    assert_eq!((t[2], t[3], t[4]), (0, 0, 1));
    assert!(!g.is_over());
    let r = g.results();
    assert_eq!(r[1].score.territory_integral, 3);
    assert_eq!(r[2].score.territory_integral, 2);
    assert_eq!(standings(&r), vec![(1, 2), (3, 1), (4, 1), (2, 2)]);
}

#[test]
fn survivors_are_ranked_by_territory_then_by_integral() {
    // 16x8, 4 players, two turns.
    // p1: 3 pieces, still on turn 1, all step south on turn 2: territory 3 then 6, integral 10.
    // p4: 5 pieces, always still: territory 5, integral 11 (more than p1, but less territory).
    // p2: expands on turn 1 (2, 2), integral 5. p3: expands on turn 2 (1, 2), integral 4.
    let b = grid(&[
        ". . . . . . . . . . . . . . . .",
        ". 1:9 . . . 1:9 . . . 1:9 . . . 2:9 . .",
        ". . . . . . . . . . . . . . . .",
        ". . . . . . . . . . . . . . . .",
        ". . . . . . . . . . . . . . . .",
        ". 4:9 . 4:9 . 4:9 . 4:9 . 4:9 . . . 3:9 . .",
        ". . . . . . . . . . . . . . . .",
        ". . . . . . . . . . . . . . . .",
    ]);
    let mut g = Game::from_board(b, names(4), None);
    g.set_max_turns(2);
    g.step(&[vec![], vec![mv(13, 1, EAST)], vec![], vec![]])
        .unwrap();
    g.step(&[
        vec![mv(1, 1, SOUTH), mv(5, 1, SOUTH), mv(9, 1, SOUTH)],
        vec![],
        vec![mv(13, 5, EAST)],
        vec![],
    ])
    .unwrap();
    assert!(g.is_over());
    let r = g.results();
    let got: Vec<(u32, u64)> = r
        .iter()
        .map(|p| (p.score.territory, p.score.territory_integral))
        .collect();
    assert_eq!(got, vec![(6, 10), (2, 5), (2, 4), (5, 11)]);
    assert_eq!(standings(&r), vec![(1, 2), (3, 2), (4, 2), (2, 2)]);
}

#[test]
fn a_full_tie_ranks_the_later_seat_first() {
    // The reference stable-sorts worst first by (territory, integral), then reverses.
    let b = grid(&[
        "1:1 . . . .",
        ". . . . .",
        ". . 2:1 . .",
        ". . . . .",
        ". . . . .",
    ]);
    let mut g = Game::from_board(b, names(2), None);
    g.set_max_turns(1);
    g.step(&[]).unwrap();
    assert!(g.is_over());
    assert_eq!(standings(&g.results()), vec![(2, 1), (1, 1)]);
}

// ---------------------------------------------------------------------------------------------
// Fog of war
// ---------------------------------------------------------------------------------------------

#[test]
fn fog_hides_sites_beyond_radius_2_euclidean_with_wrap_around() {
    let mut b = Board::new(9, 9);
    for i in 0..b.len() {
        b.production[i] = 1 + (i % 7) as u8;
        b.strength[i] = 3 + (i % 11) as u8;
    }
    let put = |b: &mut Board, x: usize, y: usize, o: u8| {
        let i = b.index(x, y);
        b.owner[i] = o;
    };
    put(&mut b, 0, 0, 1);
    put(&mut b, 2, 1, 2); // d^2 = 5: hidden from p1
    put(&mut b, 7, 0, 2); // d^2 = 4 across the west edge: visible
    put(&mut b, 8, 8, 2); // d^2 = 2 across both edges: visible
    put(&mut b, 4, 4, 2); // far: hidden
    let g = Game::from_board(b.clone(), names(2), Some(2));
    let view = g.observation(0);
    assert_eq!(view, fog_view(&b, 1, 2));
    let mut seen = 0;
    for i in 0..b.len() {
        let visible = wrapped_distance2(9, 9, 0, i) <= 4;
        if visible {
            seen += 1;
            assert_eq!(
                (view.owner[i], view.strength[i], view.production[i]),
                (b.owner[i], b.strength[i], b.production[i]),
                "site {i} is visible"
            );
        } else {
            assert_eq!(
                (view.owner[i], view.strength[i], view.production[i]),
                (0, 0, 0),
                "site {i} is hidden"
            );
        }
    }
    assert_eq!(seen, 13);
    assert_eq!(view.owner[b.index(7, 0)], 2);
    assert_eq!(view.owner[b.index(8, 8)], 2);
    assert_eq!(view.owner[b.index(2, 1)], 0);
    assert_eq!(view.owner[b.index(4, 4)], 0);

    // p2 sees around each of its 4 sites, including p1's (0,0) (2 from (7,0)).
    let theirs = g.observation(1);
    for i in 0..b.len() {
        let visible = (0..b.len())
            .filter(|&j| b.owner[j] == 2)
            .any(|j| wrapped_distance2(9, 9, i, j) <= 4);
        let want = if visible {
            (b.owner[i], b.strength[i], b.production[i])
        } else {
            (0, 0, 0)
        };
        assert_eq!(
            (theirs.owner[i], theirs.strength[i], theirs.production[i]),
            want
        );
    }
    assert_eq!(theirs.owner[0], 1);

    // Without fog every player sees everything.
    let open = Game::from_board(b.clone(), names(2), None);
    assert_eq!(open.observation(0), b);
}

// ---------------------------------------------------------------------------------------------
// Reports and statistics
// ---------------------------------------------------------------------------------------------

#[test]
fn the_per_site_report_of_a_simple_fight() {
    // p1's 10 at (1,1) against p2's 4 at (2,1); p1's 30 at (1,3) takes the neutral 12 at (2,3).
    let mut b = grid(&[
        ". . . . . .",
        ". 1:10 2:4 . . .",
        ". . . . . .",
        ". 1:30 0:12 . . .",
        ". . . . . .",
        ". . . . . .",
    ]);
    let m = moves(&b, &[(1, 3, EAST)]);
    let r = resolve(&mut b, &m, 2);
    assert_eq!(site(&b, 1, 1), (1, 6));
    assert_eq!(site(&b, 2, 1), (0, 0));
    assert_eq!(site(&b, 2, 3), (1, 18));
    let at = |x: usize, y: usize| (r.damage_dealt[y * 6 + x], r.damage_taken[y * 6 + x]);
    assert_eq!(at(1, 1), (10, 4));
    assert_eq!(at(2, 1), (4, 10));
    // The piece deals 30 to the site, the site deals 12 to the piece.
    assert_eq!(at(2, 3), (30 + 12, 12 + 30));
    // The 0 left at (1,3) touched nothing.
    assert_eq!(at(1, 3), (0, 0));
    let touched = [(1, 1), (2, 1), (2, 3)];
    for y in 0..6 {
        for x in 0..6 {
            if !touched.contains(&(x, y)) {
                assert_eq!(at(x, y), (0, 0), "({x}, {y})");
            }
        }
    }
}

#[test]
fn statistics_series_by_hand() {
    // 7x7, one turn:
    // - A: p1 250 on production 10 at (1,1), still: 255 (5 realised, 5 lost to the cap).
    // - B, C: p1 150s at (4,1) and (6,1) move onto the neutral 200 at (5,1): 300 -> 255 (45 lost),
    //   255 - 200 = 55. Environment damage min(255, 200) = 200, damage taken 200, no overkill.
    // - F: p1 5 at (2,4) between p2's G (10 on production 2 -> 12) at (1,4) and H (10) at (3,4).
    //   F deals 5 to each (10), effective min(5,12) + min(5,10) = 10 > 5: overkill 5; it takes
    //   22, counted as 5, and dies. G deals 12, H deals 10: 22; each takes min(5, s) = 5; no
    //   overkill; G ends at 7, H at 5.
    let b = grid(&[
        ". . . . . . .",
        ". 1:250:10 . . 1:150 0:200 1:150",
        ". . . . . . .",
        ". . . . . . .",
        ". 2:10:2 1:5 2:10 . . .",
        ". . . . . . .",
        ". . . . . . .",
    ]);
    let mut g = Game::from_board(b.clone(), names(2), None);
    let mut m = moves(&b, &[(4, 1, EAST), (6, 1, WEST)]);
    let report = g.step_sites(&m).unwrap().clone();

    // The same turn through the oracle.
    let mut by_hand = b.clone();
    let r = resolve(&mut by_hand, &m, 2);
    assert_eq!(g.board(), &by_hand);
    assert_eq!(r, report);

    let after = g.board();
    assert_eq!(site(after, 1, 1), (1, 255));
    assert_eq!(site(after, 5, 1), (1, 55));
    assert_eq!(site(after, 4, 1), (1, 0));
    assert_eq!(site(after, 6, 1), (1, 0));
    assert_eq!(site(after, 2, 4), (0, 0));
    assert_eq!(site(after, 1, 4), (2, 7));
    assert_eq!(site(after, 3, 4), (2, 5));

    let p1 = PlayerTurnStats {
        damage_to_players: 10,
        damage_to_neutral: 200,
        overkill: 5,
        damage_taken: 200 + 5,
        production: 5,
        cap_loss: 5 + 45,
        sites_captured: 1,
        pieces_lost: 1,
    };
    let p2 = PlayerTurnStats {
        damage_to_players: 22,
        damage_to_neutral: 0,
        overkill: 0,
        damage_taken: 10,
        production: 2,
        cap_loss: 0,
        sites_captured: 0,
        pieces_lost: 0,
    };
    assert_eq!(report.players, vec![p1, p2]);

    // The series: frame 0 then frame 1, per player.
    let s = g.series();
    assert_eq!(s.frames, 2);
    let get = |name: &str, p: usize| s.get(Series::index_of(name).unwrap(), p);
    assert_eq!(get("territory", 0), vec![4, 4]);
    assert_eq!(get("territory", 1), vec![2, 2]);
    assert_eq!(get("production", 0), vec![10, 10]);
    assert_eq!(get("production", 1), vec![2, 2]);
    assert_eq!(get("strength", 0), vec![250 + 150 + 150 + 5, 255 + 55]);
    assert_eq!(get("strength", 1), vec![20, 12]);
    assert_eq!(get("realisedProduction", 0), vec![0, 5]);
    assert_eq!(get("realisedProduction", 1), vec![0, 2]);
    assert_eq!(get("capLoss", 0), vec![0, 50]);
    assert_eq!(get("capLoss", 1), vec![0, 0]);
    assert_eq!(get("damageToPlayers", 0), vec![0, 10]);
    assert_eq!(get("damageToPlayers", 1), vec![0, 22]);
    assert_eq!(get("damageToNeutral", 0), vec![0, 200]);
    assert_eq!(get("damageToNeutral", 1), vec![0, 0]);
    assert_eq!(get("overkill", 0), vec![0, 5]);
    assert_eq!(get("overkill", 1), vec![0, 0]);
    assert_eq!(get("damageTaken", 0), vec![0, 205]);
    assert_eq!(get("damageTaken", 1), vec![0, 10]);
    assert_eq!(get("sitesCaptured", 0), vec![0, 1]);
    assert_eq!(get("piecesLost", 0), vec![0, 1]);
    assert_eq!(get("piecesLost", 1), vec![0, 0]);

    // The replay's series are the game's.
    let replayed = halite::halite1::stats::replay_series(g.replay());
    assert_eq!(&replayed, s);

    // Moves from sites nobody owns are not recorded.
    m[b.index(0, 0)] = EAST;
    let mut g2 = Game::from_board(b.clone(), names(2), None);
    g2.step_sites(&m).unwrap();
    assert_eq!(g2.replay().turn_moves(0)[0], 0);
    assert_eq!(g2.board(), g.board());
}
