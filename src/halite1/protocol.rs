//! The original stdio text protocol: what a bot is sent and how its move line is read.
//!
//! A bot first receives four lines: its tag, `"W H "`, the productions and the map; it answers
//! with its name. Each turn it receives the map and answers with `x y d` triples.
//! The map is a run-length encoding of owners (`count owner` pairs, row-major) followed by every
//! site's strength; every number is followed by one space.

use super::game::Game;
use super::grid::{Board, Move};
use crate::env::TextProtocol;
use std::fmt::{self, Write};
use std::time::Duration;

/// Why a move line ejects its bot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// A character other than an ASCII digit or a space, at this byte offset.
    InvalidCharacter { offset: usize, found: char },
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::InvalidCharacter { offset, found } => write!(
                f,
                "invalid character {found:?} at byte {offset}: a move line holds only digits and spaces"
            ),
        }
    }
}

impl std::error::Error for MoveError {}

/// Reads a move line as the reference does.
///
/// A trailing `\r` is dropped. Any other character that is not a digit or a space is an error
/// (the bot is ejected). Triples are read left to right; reading stops at the first triple that
/// is incomplete, whose coordinates do not fit 16 bits or whose direction does not fit a signed
/// 32-bit number, or whose location is outside the `width` x `height` map. Later moves for the
/// same site are kept: the caller applies them in order, so the last one wins.
pub fn parse_moves(line: &[u8], width: usize, height: usize) -> Result<Vec<Move>, MoveError> {
    let mut moves = Vec::new();
    parse_moves_into(line, width, height, &mut moves)?;
    Ok(moves)
}

/// [`parse_moves`] into a reused vector (cleared first).
pub fn parse_moves_into(
    line: &[u8],
    width: usize,
    height: usize,
    out: &mut Vec<Move>,
) -> Result<(), MoveError> {
    out.clear();
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    if let Some(offset) = line.iter().position(|&c| c != b' ' && !c.is_ascii_digit()) {
        let found = String::from_utf8_lossy(&line[offset..])
            .chars()
            .next()
            .unwrap_or('\u{fffd}');
        return Err(MoveError::InvalidCharacter { offset, found });
    }
    let mut tokens = line
        .split(|&c| c == b' ')
        .filter(|t| !t.is_empty())
        .map(parse_number);
    while let (Some(Some(x)), Some(Some(y)), Some(Some(d))) =
        (tokens.next(), tokens.next(), tokens.next())
    {
        if x > u64::from(u16::MAX) || y > u64::from(u16::MAX) || d > i32::MAX as u64 {
            break;
        }
        if x as usize >= width || y as usize >= height {
            break;
        }
        out.push(Move {
            x: x as u16,
            y: y as u16,
            dir: d as u8,
        });
    }
    Ok(())
}

/// A run of digits as a number, saturating (so any value too large for the checks stays too large).
fn parse_number(t: &[u8]) -> Option<u64> {
    let mut v: u64 = 0;
    for &c in t {
        v = v.saturating_mul(10).saturating_add(u64::from(c - b'0'));
    }
    Some(v)
}

/// The map line (without its newline): owners run-length encoded, then strengths.
pub fn serialize_map(owner: &[u8], strength: &[u8], out: &mut String) {
    out.clear();
    let mut runs = owner.iter().peekable();
    while let Some(&o) = runs.next() {
        let mut count = 1u32;
        while runs.next_if(|&&next| next == o).is_some() {
            count += 1;
        }
        let _ = write!(out, "{count} {o} ");
    }
    for &s in strength {
        let _ = write!(out, "{s} ");
    }
}

/// The four lines a bot receives at the start (each without its newline).
pub fn init_lines(tag: usize, board: &Board) -> [String; 4] {
    let mut prod = String::with_capacity(board.len() * 3);
    for &p in &board.production {
        let _ = write!(prod, "{p} ");
    }
    let mut map = String::new();
    serialize_map(&board.owner, &board.strength, &mut map);
    [
        tag.to_string(),
        format!("{} {} ", board.width, board.height),
        prod,
        map,
    ]
}

/// The original stdio protocol, for the native runner: tag `seat + 1`, the reference's time
/// limits (30 s to start, 1.5 s a turn), fog applied to what a Blitz bot is sent.
impl TextProtocol for Game {
    const INIT_TIME: Duration = Duration::from_millis(30_000);
    const TURN_TIME: Duration = Duration::from_millis(1_500);
    type ProtocolError = MoveError;

    fn tag(seat: usize) -> usize {
        seat + 1
    }

    fn init_lines(&self, seat: usize) -> Vec<String> {
        init_lines(Self::tag(seat), &self.observation(seat)).into()
    }

    fn turn_input(&self, seat: usize, out: &mut String) {
        if self.fog_radius().is_some() {
            let view = self.observation(seat);
            serialize_map(&view.owner, &view.strength, out);
        } else {
            serialize_map(&self.board().owner, &self.board().strength, out);
        }
    }

    fn parse_action(&self, _seat: usize, line: &[u8]) -> Result<Vec<Move>, MoveError> {
        parse_moves(line, self.board().width, self.board().height)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(x: u16, y: u16, dir: u8) -> Move {
        Move { x, y, dir }
    }

    #[test]
    fn reads_triples_and_keeps_the_low_byte_of_directions() {
        let got = parse_moves(b"1 2 3  4 0 256 0 0 260\r", 10, 10).unwrap();
        assert_eq!(got, vec![m(1, 2, 3), m(4, 0, 0), m(0, 0, 4)]);
    }

    #[test]
    fn stops_at_the_first_location_outside_the_map() {
        let got = parse_moves(b"1 1 1 10 0 1 2 2 2", 10, 10).unwrap();
        assert_eq!(got, vec![m(1, 1, 1)]);
    }

    #[test]
    fn stops_at_an_incomplete_or_oversized_triple() {
        assert_eq!(parse_moves(b"1 1 1 2 2", 10, 10).unwrap(), vec![m(1, 1, 1)]);
        assert_eq!(
            parse_moves(b"1 1 99999999999 2 2 2", 10, 10).unwrap(),
            vec![]
        );
        assert_eq!(parse_moves(b"70000 1 1", 80000, 10).unwrap(), vec![]);
    }

    #[test]
    fn any_other_character_is_an_error() {
        assert!(matches!(
            parse_moves(b"1 1 -1", 10, 10),
            Err(MoveError::InvalidCharacter {
                offset: 4,
                found: '-'
            })
        ));
        assert!(parse_moves(b"1\t1 1", 10, 10).is_err());
        assert!(parse_moves("1 1 é".as_bytes(), 10, 10).is_err());
        assert_eq!(parse_moves(b"", 10, 10).unwrap(), vec![]);
    }

    #[test]
    fn serializes_runs_then_strengths() {
        let mut s = String::new();
        serialize_map(&[0, 0, 1, 1, 1, 0], &[5, 0, 7, 8, 9, 255], &mut s);
        assert_eq!(s, "2 0 3 1 1 0 5 0 7 8 9 255 ");
    }
}
