//! The check of one seat's answer in the engine's packed form: flat quadruples
//! `[seat, x, y, direction]`, read against the game's map. Every reason is the text a bot is
//! ejected with (`answered garbage: <reason>`).
//!
//! Numbers are `u32` as the packed form holds them; a coordinate or a direction below zero
//! arrives as its two's complement and is reported as the negative number it was.
//!
//! The forward model (`debug.simulate`) reads its move lists here too: [`pack_json`] packs a move
//! as the page packs a bot's answer, and [`read_answer`] or [`read_owned`] check them, so a bad
//! move is refused there in the words the bot would be ejected with.

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
    /// A move (as a bot writes it) that is not an object (`found`, in words).
    #[error("move {index} is {found}, not {{x, y, dir}}")]
    NotAMove { index: usize, found: &'static str },
    /// A move (as a bot writes it) whose x, y or dir is not an integer.
    #[error("move {index} has non-integer x, y or dir")]
    NotWhole { index: usize },
}

/// Move `index` as a bot writes it (`{x, y, dir}`, a JSON value) in the packed form's numbers
/// `[x, y, dir]`, as the page packs an answer (`packMoves`, www/src/games/halite1/protocol.ts):
/// integers beyond 32 bits become the nearest 32-bit one, and one below zero its two's complement.
pub fn pack_json(index: usize, v: &serde_json::Value) -> Result<[u32; 3], AnswerError> {
    let Some(obj) = v.as_object() else {
        return Err(AnswerError::NotAMove {
            index,
            found: crate::env::forward::describe(v),
        });
    };
    let int = |key: &str| match obj.get(key).and_then(serde_json::Value::as_f64) {
        Some(n) if n.is_finite() && n.fract() == 0.0 => {
            Ok(n.clamp(f64::from(i32::MIN), f64::from(i32::MAX)) as i32 as u32)
        }
        _ => Err(AnswerError::NotWhole { index }),
    };
    Ok([int("x")?, int("y")?, int("dir")?])
}

/// Moves of any pieces in the packed form's triples `[x, y, dir]` (the forward model's
/// `othersMoves`), each checked as an answer's move is and given to its site's owner in `out`
/// (one list per seat). Moves from neutral sites are dropped: nobody can make them. Nothing is
/// added unless every move passes.
pub fn read_owned(
    game: &Game,
    triples: &[[u32; 3]],
    out: &mut [Vec<Move>],
) -> Result<(), AnswerError> {
    let b = game.board();
    let sites = b.width * b.height;
    if triples.len() > 2 * sites {
        return Err(AnswerError::TooMany {
            moves: triples.len(),
            sites,
        });
    }
    let mut checked = Vec::with_capacity(triples.len());
    for (index, &[x, y, d]) in triples.iter().enumerate() {
        checked.push(check_move(b.width, b.height, index, x, y, d, 4)?);
    }
    for m in checked {
        let owner = b.owner[usize::from(m.y) * b.width + usize::from(m.x)];
        if let Some(list) = usize::from(owner)
            .checked_sub(1)
            .and_then(|o| out.get_mut(o))
        {
            list.push(m);
        }
    }
    Ok(())
}

/// One move's site and direction checked against a `width` x `height` map (directions up to
/// `max`).
fn check_move(
    width: usize,
    height: usize,
    index: usize,
    x: u32,
    y: u32,
    d: u32,
    max: u8,
) -> Result<Move, AnswerError> {
    if x as usize >= width || y as usize >= height {
        return Err(AnswerError::OffMap {
            index,
            x: x as i32,
            y: y as i32,
        });
    }
    if d > u32::from(max) {
        return Err(AnswerError::Direction {
            index,
            dir: d as i32,
            max,
        });
    }
    Ok(Move {
        x: x as u16,
        y: y as u16,
        dir: d as u8,
    })
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
    let b = game.board();
    read_on(
        (b.width, b.height, game.players()),
        seat,
        rows,
        recorded,
        out,
    )
}

/// [`read_answer`] on a board of `width` x `height` with `seats` seats, with no game around it
/// (a lesson's board).
pub fn read_on<'a>(
    (width, height, seats): (usize, usize, usize),
    seat: usize,
    rows: impl Iterator<Item = &'a [u32]> + Clone,
    recorded: bool,
    out: &mut Vec<Move>,
) -> Result<(), AnswerError> {
    if seat >= seats {
        return Err(AnswerError::NoSeat { seat, seats });
    }
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
        out.push(check_move(width, height, index, x, y, d, max)?);
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
