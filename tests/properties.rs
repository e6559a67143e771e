//! Property tests: the fast turn resolver against the plain oracle, invariants of a turn,
//! determinism, symmetry, and robustness of the replay reader, the move parser and `Game::step`.
#![cfg(not(target_arch = "wasm32"))]

use halite::halite1::grid::step as grid_step;
use halite::halite1::naive::resolve_turn_naive;
use halite::halite1::protocol::parse_moves;
use halite::halite1::stats::replay_series;
use halite::halite1::turn::{allow_wide_lanes, resolve_turn};
use halite::halite1::verify::verify;
use halite::halite1::{Board, Direction, Game, Move, Replay, ReplayError, TurnReport, TurnScratch};
use proptest::prelude::*;
use proptest::sample::Index;
use std::io::Write;

// ---------------------------------------------------------------------------------------------
// Generators
// ---------------------------------------------------------------------------------------------

/// One turn to resolve: a board, the per-site move bytes and the player count.
#[derive(Clone, Debug)]
struct Case {
    board: Board,
    moves: Vec<u8>,
    players: usize,
}

/// Strengths and productions: anything, with the edges (0, small, near 255) over-represented.
fn byte_value() -> impl Strategy<Value = u8> {
    prop_oneof![
        3 => any::<u8>(),
        2 => Just(0u8),
        3 => 0u8..16,
        2 => 240u8..=255,
        1 => Just(255u8),
    ]
}

/// Move bytes: mostly the five directions, sometimes invalid ones (above 4).
fn move_byte() -> impl Strategy<Value = u8> {
    prop_oneof![
        10 => 0u8..=4,
        1 => 5u8..=255,
    ]
}

/// Owners: neutral, a player, and now and then a tag above the player count (treated as neutral).
fn owner(players: usize, foreign: bool) -> BoxedStrategy<u8> {
    if foreign {
        prop_oneof![
            3 => Just(0u8),
            6 => 1..=players as u8,
            1 => any::<u8>(),
        ]
        .boxed()
    } else {
        prop_oneof![
            3 => Just(0u8),
            6 => 1..=players as u8,
        ]
        .boxed()
    }
}

fn case_with(max_side: usize, foreign: bool) -> impl Strategy<Value = Case> {
    (1..=max_side, 1..=max_side, 1..=6usize).prop_flat_map(move |(w, h, players)| {
        let n = w * h;
        (
            prop::collection::vec(owner(players, foreign), n),
            prop::collection::vec(byte_value(), n),
            prop::collection::vec(byte_value(), n),
            prop::collection::vec(move_byte(), n),
        )
            .prop_map(move |(owner, strength, production, moves)| Case {
                board: Board {
                    width: w,
                    height: h,
                    production,
                    owner,
                    strength,
                },
                moves,
                players,
            })
    })
}

fn case() -> impl Strategy<Value = Case> {
    case_with(12, true)
}

fn run(
    board: &Board,
    moves: &[u8],
    players: usize,
    scratch: &mut TurnScratch,
    report: &mut TurnReport,
) -> Board {
    let mut b = board.clone();
    resolve_turn(&mut b, moves, players, scratch, report);
    b
}

fn naive(board: &Board, moves: &[u8], players: usize) -> Board {
    let mut b = board.clone();
    resolve_turn_naive(&mut b, moves, players);
    b
}

// ---------------------------------------------------------------------------------------------
// resolve_turn against the oracle, invariants, determinism
// ---------------------------------------------------------------------------------------------

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn resolve_turn_equals_the_naive_resolver(c in case()) {
        let mut report = TurnReport::default();
        let fast = run(&c.board, &c.moves, c.players, &mut TurnScratch::new(), &mut report);
        prop_assert_eq!(&fast, &naive(&c.board, &c.moves, c.players));
        prop_assert_eq!(report.players.len(), c.players);
        prop_assert_eq!(report.damage_dealt.len(), c.board.len());
        prop_assert_eq!(report.damage_taken.len(), c.board.len());
    }

}

proptest! {
    #![proptest_config(ProptestConfig { cases: 150, ..ProptestConfig::default() })]

    #[test]
    fn a_reused_scratch_gives_the_same_results_across_sizes_and_player_counts(
        cases in prop::collection::vec(case(), 1..6)
    ) {
        let mut scratch = TurnScratch::new();
        let mut report = TurnReport::default();
        for c in &cases {
            let reused = run(&c.board, &c.moves, c.players, &mut scratch, &mut report);
            let mut fresh_report = TurnReport::default();
            let fresh = run(&c.board, &c.moves, c.players, &mut TurnScratch::new(), &mut fresh_report);
            prop_assert_eq!(&reused, &fresh);
            prop_assert_eq!(&report, &fresh_report);
            prop_assert_eq!(&reused, &naive(&c.board, &c.moves, c.players));
        }
    }

    /// On x86-64 the turn takes 256-bit lanes where the processor has AVX2 and 128-bit ones
    /// where it has not: both give the oracle's board and the same report. (Where the processor
    /// lacks AVX2, or off x86-64, both runs take the same path.)
    #[test]
    fn the_wide_and_the_narrow_lanes_give_the_same_turn(c in case_with(40, true)) {
        let (mut wide, mut narrow) = (TurnReport::default(), TurnReport::default());
        allow_wide_lanes(true);
        let a = run(&c.board, &c.moves, c.players, &mut TurnScratch::new(), &mut wide);
        allow_wide_lanes(false);
        let b = run(&c.board, &c.moves, c.players, &mut TurnScratch::new(), &mut narrow);
        allow_wide_lanes(true);
        prop_assert_eq!(&a, &b);
        prop_assert_eq!(&wide, &narrow);
        prop_assert_eq!(&a, &naive(&c.board, &c.moves, c.players));
    }

    #[test]
    fn resolving_twice_gives_the_same_board_and_report(c in case(), other in case()) {
        let mut scratch = TurnScratch::new();
        let (mut r1, mut r2) = (TurnReport::default(), TurnReport::default());
        let b1 = run(&c.board, &c.moves, c.players, &mut scratch, &mut r1);
        // Something else in between, through the same scratch and report.
        let _ = run(&other.board, &other.moves, other.players, &mut scratch, &mut r2);
        let b2 = run(&c.board, &c.moves, c.players, &mut scratch, &mut r2);
        prop_assert_eq!(&b1, &b2);
        prop_assert_eq!(&r1, &r2);
    }

}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn every_site_after_a_turn_is_explained_by_what_could_reach_it(c in case()) {
        let mut report = TurnReport::default();
        let after = run(&c.board, &c.moves, c.players, &mut TurnScratch::new(), &mut report);
        let b = &c.board;
        let (w, h, n) = (b.width, b.height, b.len());
        let is_player = |o: u8| o != 0 && usize::from(o) <= c.players;
        // What each player can bring to each site: the pieces moving (or staying) there, with
        // the production of those that stay still, capped at 255; plus whether it had a piece
        // there at all (a moving piece leaves a 0 behind).
        let mut arriving = vec![vec![0u32; n]; c.players + 1];
        let mut present = vec![vec![false; n]; c.players + 1];
        for j in 0..n {
            let o = b.owner[j];
            if !is_player(o) {
                continue;
            }
            let o = usize::from(o);
            let (dest, s) = match Direction::from_byte(c.moves[j]) {
                Some(Direction::Still) => (j, (u32::from(b.strength[j]) + u32::from(b.production[j])).min(255)),
                Some(d) => (grid_step(w, h, j, d), u32::from(b.strength[j])),
                None => (j, u32::from(b.strength[j])),
            };
            arriving[o][dest] += s;
            present[o][dest] = true;
            present[o][j] = true;
        }
        let mut captured = vec![0u32; c.players];
        for i in 0..n {
            let o = after.owner[i];
            let s = after.strength[i];
            let was_neutral = !is_player(b.owner[i]);
            if o == 0 {
                if was_neutral {
                    // A neutral site never grows.
                    prop_assert!(s <= b.strength[i], "site {}: neutral {} grew to {}", i, b.strength[i], s);
                } else {
                    // A site a player held and lost is neutral at 0.
                    prop_assert_eq!(s, 0, "site {}", i);
                }
                // Untouched neutral sites keep their strength.
                if was_neutral && (1..=c.players).all(|p| !present[p][i]) {
                    prop_assert_eq!(s, b.strength[i], "site {}", i);
                }
            } else {
                prop_assert!(is_player(o), "site {}: owner {} after the turn", i, o);
                let p = usize::from(o);
                prop_assert!(present[p][i], "site {}: player {} could not reach it", i, o);
                let bound = arriving[p][i].min(255);
                prop_assert!(u32::from(s) <= bound, "site {}: {} > {}", i, s, bound);
                if was_neutral {
                    // Taking a neutral site needs more than its strength.
                    prop_assert!(bound > u32::from(b.strength[i]) || b.strength[i] == 0);
                }
                if b.owner[i] != o {
                    captured[p - 1] += 1;
                }
            }
        }
        let reported: Vec<u32> = report.players.iter().map(|s| s.sites_captured).collect();
        prop_assert_eq!(reported, captured);
    }
}

// ---------------------------------------------------------------------------------------------
// Symmetry
// ---------------------------------------------------------------------------------------------

#[derive(Clone, Copy, Debug)]
enum Symmetry {
    Rotate180,
    MirrorX,
    MirrorY,
}

impl Symmetry {
    fn site(self, w: usize, h: usize, i: usize) -> usize {
        let (x, y) = (i % w, i / w);
        match self {
            Symmetry::Rotate180 => (h - 1 - y) * w + (w - 1 - x),
            Symmetry::MirrorX => y * w + (w - 1 - x),
            Symmetry::MirrorY => (h - 1 - y) * w + x,
        }
    }

    fn dir(self, d: u8) -> u8 {
        let (flip_ns, flip_ew) = match self {
            Symmetry::Rotate180 => (true, true),
            Symmetry::MirrorX => (false, true),
            Symmetry::MirrorY => (true, false),
        };
        match d {
            1 | 3 if flip_ns => 4 - d,
            2 | 4 if flip_ew => 6 - d,
            _ => d,
        }
    }
}

/// Players are relabelled k -> players + 1 - k (an involution); other tags stay.
fn relabel(o: u8, players: usize) -> u8 {
    if o != 0 && usize::from(o) <= players {
        (players + 1) as u8 - o
    } else {
        o
    }
}

fn symmetrise_board(b: &mut Board, sym: Symmetry, players: usize) {
    let (w, h) = (b.width, b.height);
    for i in 0..b.len() {
        let j = sym.site(w, h, i);
        if j > i {
            b.owner[j] = relabel(b.owner[i], players);
            b.strength[j] = b.strength[i];
            b.production[j] = b.production[i];
        } else if j == i && relabel(b.owner[i], players) != b.owner[i] {
            b.owner[i] = 0;
        }
    }
}

fn symmetrise_moves(m: &mut [u8], w: usize, h: usize, sym: Symmetry) {
    for i in 0..m.len() {
        let j = sym.site(w, h, i);
        if j > i {
            m[j] = sym.dir(m[i]);
        } else if j == i && sym.dir(m[i]) != m[i] {
            m[i] = 0;
        }
    }
}

fn symmetry() -> impl Strategy<Value = Symmetry> {
    prop_oneof![
        Just(Symmetry::Rotate180),
        Just(Symmetry::MirrorX),
        Just(Symmetry::MirrorY),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn a_symmetric_position_stays_symmetric(
        c in case(),
        sym in symmetry(),
        more_moves in prop::collection::vec(prop::collection::vec(move_byte(), 144), 0..4),
    ) {
        let (w, h, players) = (c.board.width, c.board.height, c.players);
        let mut board = c.board.clone();
        symmetrise_board(&mut board, sym, players);
        let mut turns = vec![c.moves.clone()];
        turns.extend(more_moves.into_iter().map(|mut m| {
            m.truncate(w * h);
            m
        }));
        let mut scratch = TurnScratch::new();
        let mut report = TurnReport::default();
        for (t, mut m) in turns.into_iter().enumerate() {
            symmetrise_moves(&mut m, w, h, sym);
            let oracle = naive(&board, &m, players);
            resolve_turn(&mut board, &m, players, &mut scratch, &mut report);
            prop_assert_eq!(&board, &oracle);
            for i in 0..board.len() {
                let j = sym.site(w, h, i);
                prop_assert_eq!(board.owner[j], relabel(board.owner[i], players), "turn {} site {}", t, i);
                prop_assert_eq!(board.strength[j], board.strength[i], "turn {} site {}", t, i);
                prop_assert_eq!(report.damage_dealt[j], report.damage_dealt[i]);
                prop_assert_eq!(report.damage_taken[j], report.damage_taken[i]);
            }
            for p in 1..=players {
                let q = usize::from(relabel(p as u8, players));
                prop_assert_eq!(report.players[p - 1], report.players[q - 1], "turn {} player {}", t, p);
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The replay reader
// ---------------------------------------------------------------------------------------------

/// A small valid replay: a 3x2 game of 2 players over a few turns, with a fight.
fn small_replay() -> Replay {
    let mut b = Board::new(3, 2);
    b.owner = vec![1, 0, 2, 0, 0, 0];
    b.strength = vec![20, 7, 5, 0, 3, 0];
    b.production = vec![1, 2, 3, 0, 4, 5];
    let mut g = Game::from_board(b, vec!["one".into(), "tw\"o".into()], None);
    for m in [
        vec![vec![Move { x: 0, y: 0, dir: 2 }], vec![]],
        vec![vec![], vec![Move { x: 2, y: 0, dir: 9 }]],
        vec![vec![Move { x: 1, y: 0, dir: 3 }], vec![]],
    ] {
        if g.step(&m).is_err() {
            break;
        }
    }
    g.into_replay()
}

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    enc.write_all(bytes).unwrap();
    enc.finish().unwrap()
}

#[derive(Clone, Debug)]
enum Mutation {
    Flip(Index, u8),
    Set(Index, u8),
    Insert(Index, u8),
    Delete(Index),
    Truncate(Index),
}

/// Bytes likely to keep a mutated JSON text close to valid.
const JSON_BYTES: &[u8] = b"[]{},:\"0123456789 -.e\\\nabnt";

fn mutation() -> impl Strategy<Value = Mutation> {
    let byte = prop_oneof![
        3 => prop::sample::select(JSON_BYTES),
        1 => any::<u8>(),
    ];
    prop_oneof![
        3 => (any::<Index>(), 0u8..8).prop_map(|(i, b)| Mutation::Flip(i, b)),
        4 => (any::<Index>(), byte.clone()).prop_map(|(i, b)| Mutation::Set(i, b)),
        3 => (any::<Index>(), byte).prop_map(|(i, b)| Mutation::Insert(i, b)),
        3 => any::<Index>().prop_map(Mutation::Delete),
        1 => any::<Index>().prop_map(Mutation::Truncate),
    ]
}

fn mutate(bytes: &mut Vec<u8>, muts: &[Mutation]) {
    for m in muts {
        if bytes.is_empty() {
            if let Mutation::Insert(_, b) = m {
                bytes.push(*b);
            }
            continue;
        }
        let len = bytes.len();
        match m {
            Mutation::Flip(i, bit) => bytes[i.index(len)] ^= 1 << bit,
            Mutation::Set(i, b) => bytes[i.index(len)] = *b,
            Mutation::Insert(i, b) => bytes.insert(i.index(len + 1), *b),
            Mutation::Delete(i) => {
                bytes.remove(i.index(len));
            }
            Mutation::Truncate(i) => bytes.truncate(i.index(len)),
        }
    }
}

/// What must hold of any answer of the reader: errors say where; replays are consistent and
/// usable (every frame, the series, the verifier, a second round trip).
fn check_answer(input_len: usize, got: &Result<Replay, ReplayError>) -> Result<(), TestCaseError> {
    match got {
        Err(e) => {
            prop_assert!(!e.at.is_empty(), "error without a location: {}", e);
            prop_assert!(!e.message.is_empty());
            if let Some(pos) = e.at.strip_prefix("byte ") {
                let pos: usize = pos
                    .parse()
                    .map_err(|_| TestCaseError::fail(format!("bad location {}", e.at)))?;
                prop_assert!(pos <= input_len, "{} beyond {} bytes", e.at, input_len);
            }
        }
        Ok(r) => {
            let n = r.sites();
            prop_assert!(n > 0);
            prop_assert!((1..=6).contains(&r.num_players));
            prop_assert_eq!(r.player_names.len(), r.num_players);
            prop_assert_eq!(r.production.len(), n);
            let frames = r.num_frames();
            prop_assert!(frames >= 1);
            prop_assert_eq!(r.owner.len(), frames * n);
            prop_assert_eq!(r.strength.len(), frames * n);
            prop_assert_eq!(r.moves.len(), (frames - 1) * n);
            prop_assert!(r.owner.iter().all(|&o| usize::from(o) <= r.num_players));
            for t in 0..frames {
                prop_assert_eq!(r.board(t).len(), n);
            }
            let series = replay_series(r);
            prop_assert_eq!(series.frames, frames);
            let _ = verify(r);
            let again = Replay::from_json(&r.to_json());
            prop_assert_eq!(again.as_ref(), Ok(r));
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn the_replay_reader_survives_random_bytes(
        bytes in prop::collection::vec(any::<u8>(), 0..400),
        gz_magic in any::<bool>(),
    ) {
        let mut bytes = bytes;
        if gz_magic {
            bytes.splice(0..0, [0x1f, 0x8b]);
        }
        let got = Replay::from_bytes(&bytes);
        prop_assert!(got.is_err());
        check_answer(bytes.len(), &got)?;
    }

    #[test]
    fn the_replay_reader_survives_random_json_like_text(
        text in "[\\[\\]{},:\" 0-9a-z_\\-.]{0,200}",
    ) {
        let got = Replay::from_bytes(text.as_bytes());
        check_answer(text.len(), &got)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 600, ..ProptestConfig::default() })]

    #[test]
    fn the_replay_reader_survives_mutations_of_a_valid_replay(
        muts in prop::collection::vec(mutation(), 1..6),
        via_gzip in any::<bool>(),
    ) {
        let original = small_replay();
        let mut bytes = original.to_json();
        mutate(&mut bytes, &muts);
        let got = Replay::from_json(&bytes);
        check_answer(bytes.len(), &got)?;
        if via_gzip {
            // The same text gzipped reads the same.
            prop_assert_eq!(Replay::from_bytes(&gzip(&bytes)), got);
        }
    }

    #[test]
    fn the_replay_reader_survives_mutations_of_a_gzipped_replay(
        muts in prop::collection::vec(mutation(), 1..4),
    ) {
        let mut bytes = small_replay().to_gzip();
        mutate(&mut bytes, &muts);
        let got = Replay::from_bytes(&bytes);
        if let Err(e) = &got {
            prop_assert!(!e.at.is_empty(), "error without a location: {}", e);
        }
        if let Ok(r) = &got {
            check_answer(0, &Ok(r.clone()))?;
        }
    }
}

/// Fails: `Parser::string` steps over a backslash and the byte after it at once, so a text that
/// ends right after a backslash inside a string reports `byte 21` for a 20-byte input.
#[test]
fn a_replay_error_never_points_past_the_end_of_the_input() {
    let text = br#"{"player_names":["a\"#;
    assert_eq!(text.len(), 20);
    let e = Replay::from_bytes(text).unwrap_err();
    assert_eq!(e.at, "byte 20", "{e}");
}

#[test]
fn the_small_replay_reads_back_plain_and_gzipped() {
    let r = small_replay();
    assert!(r.num_frames() >= 2);
    assert_eq!(Replay::from_bytes(&r.to_json()), Ok(r.clone()));
    assert_eq!(Replay::from_bytes(&r.to_gzip()), Ok(r.clone()));
    assert_eq!(Replay::from_bytes(&gzip(&r.to_json())), Ok(r.clone()));
    assert_eq!(verify(&r), Ok(()));
}

// ---------------------------------------------------------------------------------------------
// The move parser
// ---------------------------------------------------------------------------------------------

/// The reference's reading, written independently: triples of numbers, stopping at the first
/// incomplete triple, coordinate above 65535, direction above i32::MAX or location off the map.
fn model_moves(line: &[u8], w: usize, h: usize) -> Vec<Move> {
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    let nums: Vec<u128> = line
        .split(|&c| c == b' ')
        .filter(|t| !t.is_empty())
        .map(|t| {
            std::str::from_utf8(t)
                .unwrap()
                .parse::<u128>()
                .unwrap_or(u128::MAX)
        })
        .collect();
    let mut out = Vec::new();
    for t in nums.chunks_exact(3) {
        let (x, y, d) = (t[0], t[1], t[2]);
        if x > 65535 || y > 65535 || d > i32::MAX as u128 {
            break;
        }
        if x >= w as u128 || y >= h as u128 {
            break;
        }
        out.push(Move {
            x: x as u16,
            y: y as u16,
            dir: (d % 256) as u8,
        });
    }
    out
}

fn side() -> impl Strategy<Value = usize> {
    prop_oneof![
        4 => 1usize..40,
        1 => 60000usize..70000,
    ]
}

/// Move lines of digits and spaces: triples of small, 16-bit-edge and huge numbers.
fn digit_line() -> impl Strategy<Value = String> {
    let number = prop_oneof![
        6 => (0u64..12).prop_map(|v| v.to_string()),
        2 => (250u64..270).prop_map(|v| v.to_string()),
        1 => (65530u64..65540).prop_map(|v| v.to_string()),
        1 => (2147483640u64..2147483660).prop_map(|v| v.to_string()),
        1 => "0{0,3}[0-9]{1,25}",
    ];
    (
        prop::collection::vec((number, " {1,3}"), 0..14),
        " {0,2}",
        any::<bool>(),
    )
        .prop_map(|(parts, lead, cr)| {
            let mut s = lead;
            for (n, sp) in parts {
                s.push_str(&n);
                s.push_str(&sp);
            }
            if cr {
                s.push('\r');
            }
            s
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, ..ProptestConfig::default() })]

    #[test]
    fn the_move_parser_survives_random_bytes(
        line in prop::collection::vec(any::<u8>(), 0..80),
        w in side(),
        h in side(),
    ) {
        match parse_moves(&line, w, h) {
            Ok(moves) => {
                prop_assert!(moves.iter().all(|m| usize::from(m.x) < w && usize::from(m.y) < h));
                prop_assert_eq!(moves, model_moves(&line, w, h));
            }
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }

    #[test]
    fn the_move_parser_reads_digit_lines_like_the_reference(
        line in digit_line(),
        w in side(),
        h in side(),
    ) {
        let got = parse_moves(line.as_bytes(), w, h);
        prop_assert!(got.is_ok(), "{:?}: {:?}", line, got);
        let moves = got.unwrap();
        prop_assert!(moves.iter().all(|m| usize::from(m.x) < w && usize::from(m.y) < h));
        prop_assert_eq!(moves, model_moves(line.as_bytes(), w, h));
    }

    #[test]
    fn the_move_parser_survives_random_digit_and_space_strings(
        line in "[0-9 ]{0,60}\r?",
        w in side(),
        h in side(),
    ) {
        let moves = parse_moves(line.as_bytes(), w, h).unwrap();
        prop_assert_eq!(moves, model_moves(line.as_bytes(), w, h));
    }
}

// ---------------------------------------------------------------------------------------------
// Game::step with garbage
// ---------------------------------------------------------------------------------------------

fn garbage_move() -> impl Strategy<Value = Move> {
    let coord = prop_oneof![4 => 0u16..14, 1 => any::<u16>()];
    (coord.clone(), coord, any::<u8>()).prop_map(|(x, y, dir)| Move { x, y, dir })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 150, ..ProptestConfig::default() })]

    #[test]
    fn game_step_with_garbage_moves_never_breaks_the_game(
        c in case_with(10, false),
        turns in prop::collection::vec(
            (
                prop::collection::vec(prop::collection::vec(garbage_move(), 0..30), 0..8),
                prop::option::weighted(0.1, 0usize..7),
            ),
            1..12,
        ),
        at_init in prop::option::weighted(0.2, 0usize..6),
    ) {
        let players = c.players;
        let names: Vec<String> = (1..=players).map(|k| format!("p{k}")).collect();
        let mut g = Game::from_board(c.board.clone(), names, None);
        if let Some(p) = at_init {
            g.eject_at_init(p);
        }
        let mut ejected_this_turn = at_init.is_some();
        for (lists, eject) in &turns {
            if let Some(p) = eject {
                if !ejected_this_turn {
                    g.eject(*p);
                }
            }
            ejected_this_turn = false;
            let over = g.is_over();
            let stepped = g.step(lists);
            prop_assert_eq!(stepped.is_err(), over);
            if over {
                break;
            }
            let b = g.board();
            prop_assert!(b.owner.iter().all(|&o| usize::from(o) <= players));
            prop_assert_eq!(g.replay().num_frames(), g.turn() as usize + 1);
        }
        let results = g.results();
        let mut ranks: Vec<usize> = results.iter().map(|r| r.rank).collect();
        ranks.sort_unstable();
        prop_assert_eq!(ranks, (1..=players).collect::<Vec<_>>());
        for (p, r) in results.iter().enumerate() {
            prop_assert_eq!(r.alive, g.is_alive(p));
            prop_assert!(r.last_frame_alive >= -1 && r.last_frame_alive <= i64::from(g.turn()));
            if r.alive {
                prop_assert_eq!(r.last_frame_alive, i64::from(g.turn()));
            }
        }
        // The recorded game re-simulates, ejections included.
        let replay = g.replay().clone();
        if g.is_over() {
            prop_assert_eq!(verify(&replay), Ok(()));
        }
        prop_assert_eq!(Replay::from_bytes(&replay.to_gzip()), Ok(replay));
    }
}
