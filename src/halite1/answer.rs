//! The check of one seat's answer in the engine's packed form: flat quadruples
//! `[seat, x, y, direction]`, read against the game's map. Every reason is the text a bot is
//! ejected with (`answered garbage: <reason>`).
//!
//! Numbers are `u32` as the packed form holds them; a coordinate or a direction below zero
//! arrives as its two's complement and is reported as the negative number it was.

use super::game::Game;
use super::grid::Move;

/// Why a seat's packed answer is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AnswerError {
    /// The numbers do not make whole quadruples.
    #[error("moves are [seat, x, y, direction] quadruples")]
    Ragged,
    /// More moves than twice the number of sites.
    #[error("answered {moves} moves for {sites} sites")]
    TooMany { moves: usize, sites: usize },
    /// The answering seat is not in the game.
    #[error("no seat {seat} (the game seats {seats})")]
    NoSeat { seat: usize, seats: usize },
    /// A move is tagged with another seat than the one answering.
    #[error("move {index} is for seat {found}, not seat {seat}")]
    Seat {
        index: usize,
        found: u32,
        seat: usize,
    },
    /// A move's site is not on the map.
    #[error("move {index} is off the map at ({x}, {y})")]
    OffMap { index: usize, x: i32, y: i32 },
    /// A direction out of range: 0 to 4 for a bot, 0 to 255 for a recorded game (the original
    /// protocol accepted any byte; anything but 1 to 4 stays without production).
    #[error("move {index} has direction {dir} (0 to {max})")]
    Direction { index: usize, dir: i32, max: u8 },
}

/// Checks `seat`'s (0-based) packed answer against `game` as it is now and appends its moves
/// to `out` (only when the whole answer passes). `recorded` admits any direction byte.
pub fn read_answer(
    game: &Game,
    seat: usize,
    quads: &[u32],
    recorded: bool,
    out: &mut Vec<Move>,
) -> Result<(), AnswerError> {
    if !quads.len().is_multiple_of(4) {
        return Err(AnswerError::Ragged);
    }
    read_rows(game, seat, quads.chunks_exact(4), recorded, out)
}

/// [`read_answer`] over rows that may be picked out of a longer list (the rows of one seat).
pub fn read_rows<'a>(
    game: &Game,
    seat: usize,
    rows: impl Iterator<Item = &'a [u32]> + Clone,
    recorded: bool,
    out: &mut Vec<Move>,
) -> Result<(), AnswerError> {
    let seats = game.players();
    if seat >= seats {
        return Err(AnswerError::NoSeat { seat, seats });
    }
    let (width, height) = (game.board().width, game.board().height);
    let sites = width * height;
    let moves = rows.clone().count();
    if moves > 2 * sites {
        return Err(AnswerError::TooMany { moves, sites });
    }
    let start = out.len();
    let result = push_rows(width, height, seat, rows, recorded, out);
    if result.is_err() {
        out.truncate(start);
    }
    result
}

fn push_rows<'a>(
    width: usize,
    height: usize,
    seat: usize,
    rows: impl Iterator<Item = &'a [u32]>,
    recorded: bool,
    out: &mut Vec<Move>,
) -> Result<(), AnswerError> {
    let max: u8 = if recorded { u8::MAX } else { 4 };
    for (index, q) in rows.enumerate() {
        let &[s, x, y, d] = q else {
            return Err(AnswerError::Ragged);
        };
        if s as usize != seat {
            return Err(AnswerError::Seat {
                index,
                found: s,
                seat,
            });
        }
        let (xi, yi, di) = (x as i32, y as i32, d as i32);
        if x as usize >= width || y as usize >= height {
            return Err(AnswerError::OffMap {
                index,
                x: xi,
                y: yi,
            });
        }
        if d > u32::from(max) {
            return Err(AnswerError::Direction {
                index,
                dir: di,
                max,
            });
        }
        out.push(Move {
            x: x as u16,
            y: y as u16,
            dir: d as u8,
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::halite1::GameConfig;

    fn game() -> Game {
        Game::new(&GameConfig {
            width: 4,
            height: 4,
            players: 2,
            ..GameConfig::default()
        })
        .unwrap()
    }

    fn check(seat: usize, quads: &[u32], recorded: bool) -> Result<Vec<Move>, String> {
        let mut out = vec![];
        read_answer(&game(), seat, quads, recorded, &mut out)
            .map(|()| out)
            .map_err(|e| e.to_string())
    }

    #[test]
    fn a_good_answer_gives_its_moves() {
        let moves = check(1, &[1, 3, 3, 2, 1, 0, 0, 0], false).unwrap();
        assert_eq!(
            moves,
            vec![Move { x: 3, y: 3, dir: 2 }, Move { x: 0, y: 0, dir: 0 }]
        );
        assert_eq!(check(0, &[], false).unwrap(), vec![]);
        assert_eq!(check(0, &[0, 1, 1, 200], true).unwrap()[0].dir, 200);
    }

    #[test]
    fn every_refusal_reads_as_the_ejection_reason() {
        let neg = |v: i32| v as u32;
        let cases: Vec<(usize, Vec<u32>, bool, &str)> = vec![
            (
                0,
                vec![0, 1, 1],
                false,
                "moves are [seat, x, y, direction] quadruples",
            ),
            (
                0,
                [0, 0, 0, 0].repeat(33),
                false,
                "answered 33 moves for 16 sites",
            ),
            (2, vec![], false, "no seat 2 (the game seats 2)"),
            (
                0,
                vec![0, 0, 0, 0, 1, 0, 0, 0],
                false,
                "move 1 is for seat 1, not seat 0",
            ),
            (
                1,
                vec![1, 4, 1, 1],
                false,
                "move 0 is off the map at (4, 1)",
            ),
            (
                1,
                vec![1, neg(-1), 1, 1],
                false,
                "move 0 is off the map at (-1, 1)",
            ),
            (
                1,
                vec![1, 1, 4, 1],
                false,
                "move 0 is off the map at (1, 4)",
            ),
            (
                1,
                vec![1, 1, 1, 5],
                false,
                "move 0 has direction 5 (0 to 4)",
            ),
            (
                1,
                vec![1, 1, 1, neg(-1)],
                false,
                "move 0 has direction -1 (0 to 4)",
            ),
            (
                1,
                vec![1, 1, 1, 256],
                true,
                "move 0 has direction 256 (0 to 255)",
            ),
        ];
        for (seat, quads, recorded, reason) in cases {
            assert_eq!(
                check(seat, &quads, recorded),
                Err(reason.to_string()),
                "{quads:?}"
            );
        }
    }

    #[test]
    fn a_refused_answer_adds_nothing() {
        let mut out = vec![Move { x: 0, y: 0, dir: 1 }];
        let r = read_answer(&game(), 0, &[0, 1, 1, 1, 0, 9, 9, 9], false, &mut out);
        assert!(r.is_err());
        assert_eq!(out.len(), 1);
    }
}
