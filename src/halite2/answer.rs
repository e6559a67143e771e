//! The check of one seat's answer in the engine's packed form: flat fives `[seat, ship, kind,
//! a, b]` (kind 0 thrust with magnitude and angle, 1 dock with the planet, 2 undock), read
//! against the game. Every reason is the text a bot is ejected with (`answered garbage:
//! <reason>`); numbers in it read as JavaScript prints them.
//!
//! As the original engine did, a thrust over 7 and two commands for one ship are refused, while
//! commands for ships the seat does not own are left for the turn to ignore. Angles are whole
//! degrees 0 to 65535 (a live bot's answer is packed mod 360; a recorded game's angles pass as
//! the original stored them).

use super::game::Game;
use super::replay::{Command, ShipCommand};
use std::fmt;

/// More commands than this in one answer is refused (a turn has at most a few thousand ships).
pub const MAX_COMMANDS: usize = 20_000;

/// The largest planet id a command may name (ids past it name no planet and could not be
/// stored exactly).
pub const MAX_PLANET: f64 = 9.0e15;

/// Kinds in the packed form.
pub const KIND_THRUST: f64 = 0.0;
pub const KIND_DOCK: f64 = 1.0;
pub const KIND_UNDOCK: f64 = 2.0;

/// A command in the packed form: `[seat, ship, kind, a, b]`, what [`read_answer`] reads back.
pub fn command_row(seat: usize, c: &ShipCommand) -> [f64; 5] {
    let (kind, a, b) = match c.command {
        Command::Thrust { magnitude, angle } => {
            (KIND_THRUST, f64::from(magnitude), f64::from(angle))
        }
        Command::Dock { planet } => (KIND_DOCK, planet as f64, 0.0),
        Command::Undock => (KIND_UNDOCK, 0.0, 0.0),
    };
    [seat as f64, f64::from(c.ship), kind, a, b]
}

/// A number as JavaScript's `String(n)` prints it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Js(pub f64);

impl fmt::Display for Js {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let v = self.0;
        if v.is_nan() {
            f.write_str("NaN")
        } else if v.is_infinite() {
            f.write_str(if v > 0.0 { "Infinity" } else { "-Infinity" })
        } else if v == 0.0 {
            f.write_str("0")
        } else if v.abs() >= 1e21 || v.abs() < 1e-6 {
            let e = format!("{v:e}");
            match e.split_once('e') {
                Some((m, x)) if !x.starts_with('-') => write!(f, "{m}e+{x}"),
                _ => f.write_str(&e),
            }
        } else {
            write!(f, "{v}")
        }
    }
}

/// Why a seat's packed answer is refused.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum AnswerError {
    /// The numbers do not make whole fives.
    #[error("commands come in fives: seat, ship, kind, a, b")]
    Ragged,
    /// More than [`MAX_COMMANDS`] commands.
    #[error("answered {0} commands (at most {MAX_COMMANDS})")]
    TooMany(usize),
    /// The answering seat is not in the game.
    #[error("no seat {seat} (the game seats {seats})")]
    NoSeat { seat: Js, seats: usize },
    /// A command is tagged with another seat than the one answering.
    #[error("command {index} is for seat {found}, not seat {seat}")]
    Seat {
        index: usize,
        found: Js,
        seat: usize,
    },
    /// The ship id is not a whole number from 0 to 2^32 - 1.
    #[error("command {index} has no ship id (a whole number ≥ 0)")]
    Ship { index: usize },
    /// A second command for one ship.
    #[error("two commands for ship {ship} in one turn")]
    Twice { ship: u32 },
    /// A kind other than 0, 1 or 2.
    #[error("command {index} has kind {kind} (0 thrust, 1 dock, 2 undock)")]
    Kind { index: usize, kind: Js },
    /// A thrust magnitude that is not a whole number from 0 to 7.
    #[error("command {index}: thrust magnitude {magnitude} is not a whole number from 0 to 7")]
    Magnitude { index: usize, magnitude: String },
    /// A thrust angle that is not a whole number.
    #[error("command {index}: angle {angle} is not a whole number of degrees")]
    Angle { index: usize, angle: String },
    /// A whole angle outside 0 to 65535 (what a recorded game can hold).
    #[error("command {index}: recorded angle {angle} is out of range")]
    AngleRange { index: usize, angle: Js },
    /// A planet that is not a whole number from 0 to [`MAX_PLANET`].
    #[error("command {index}: planet {planet} is not a planet id")]
    Planet { index: usize, planet: String },
    /// A command (as a bot writes it) that is not an object (`found`, in words).
    #[error("command {index} is {found}, not an object")]
    NotACommand { index: usize, found: &'static str },
    /// A command (as a bot writes it) of a type the game does not know (`found`, as JavaScript's
    /// `JSON.stringify` writes it).
    #[error("command {index} has type {found} (thrust, dock or undock)")]
    Type { index: usize, found: String },
}

fn whole(v: f64) -> bool {
    v.is_finite() && v.fract() == 0.0
}

/// Checks `seat`'s (0-based) packed answer against `game` as it is now and appends its
/// commands to `out` (only when the whole answer passes).
pub fn read_answer(
    game: &Game,
    seat: usize,
    fives: &[f64],
    out: &mut Vec<ShipCommand>,
) -> Result<(), AnswerError> {
    if !fives.len().is_multiple_of(5) {
        return Err(AnswerError::Ragged);
    }
    read_rows(game, seat, fives.chunks_exact(5), out)
}

/// [`read_answer`] over rows that may be picked out of a longer list (the rows of one seat).
pub fn read_rows<'a>(
    game: &Game,
    seat: usize,
    rows: impl Iterator<Item = &'a [f64]> + Clone,
    out: &mut Vec<ShipCommand>,
) -> Result<(), AnswerError> {
    let seats = game.players();
    if seat >= seats {
        return Err(AnswerError::NoSeat {
            seat: Js(seat as f64),
            seats,
        });
    }
    let n = rows.clone().count();
    if n > MAX_COMMANDS {
        return Err(AnswerError::TooMany(n));
    }
    let start = out.len();
    // A long answer's ships are looked up in a set; a short one's by a scan.
    let mut seen = (n > 64).then(|| std::collections::HashSet::with_capacity(n));
    let result = push_rows(seat, rows, start, seen.as_mut(), out);
    if result.is_err() {
        out.truncate(start);
    }
    result
}

fn push_rows<'a>(
    seat: usize,
    rows: impl Iterator<Item = &'a [f64]>,
    start: usize,
    mut seen: Option<&mut std::collections::HashSet<u32>>,
    out: &mut Vec<ShipCommand>,
) -> Result<(), AnswerError> {
    for (index, r) in rows.enumerate() {
        let &[s, ship, kind, a, b] = r else {
            return Err(AnswerError::Ragged);
        };
        if s != seat as f64 {
            return Err(AnswerError::Seat {
                index,
                found: Js(s),
                seat,
            });
        }
        let ship = check_ship(index, ship)?;
        let twice = match seen.as_deref_mut() {
            Some(set) => !set.insert(ship),
            None => out[start..].iter().any(|c| c.ship == ship),
        };
        if twice {
            return Err(AnswerError::Twice { ship });
        }
        let command = check_order(index, kind, a, b)?;
        out.push(ShipCommand { ship, command });
    }
    Ok(())
}

/// Command `index`'s ship id: a whole number from 0 to 2^32 - 1.
fn check_ship(index: usize, ship: f64) -> Result<u32, AnswerError> {
    if !whole(ship) || !(0.0..=f64::from(u32::MAX)).contains(&ship) {
        return Err(AnswerError::Ship { index });
    }
    Ok(ship as u32)
}

/// Command `index`'s order (`kind`, `a`, `b` of the packed form) checked.
fn check_order(index: usize, kind: f64, a: f64, b: f64) -> Result<Command, AnswerError> {
    let command = if kind == KIND_THRUST {
        if !whole(a) || !(0.0..=7.0).contains(&a) {
            return Err(AnswerError::Magnitude {
                index,
                magnitude: Js(a).to_string(),
            });
        }
        if !whole(b) {
            return Err(AnswerError::Angle {
                index,
                angle: Js(b).to_string(),
            });
        }
        if !(0.0..=65535.0).contains(&b) {
            return Err(AnswerError::AngleRange {
                index,
                angle: Js(b),
            });
        }
        Command::Thrust {
            magnitude: a as u16,
            angle: b as u16,
        }
    } else if kind == KIND_DOCK {
        if !whole(a) || !(0.0..=MAX_PLANET).contains(&a) {
            return Err(AnswerError::Planet {
                index,
                planet: Js(a).to_string(),
            });
        }
        Command::Dock { planet: a as u64 }
    } else if kind == KIND_UNDOCK {
        Command::Undock
    } else {
        return Err(AnswerError::Kind {
            index,
            kind: Js(kind),
        });
    };
    Ok(command)
}

/// Command `index` as a bot writes it (`{type, ship, ...}`, a JSON value) in the packed form's
/// numbers `[ship, kind, a, b]`, as the page packs a live bot's answer (`packCommands`,
/// www/src/games/halite2/protocol.ts): a whole angle is taken mod 360.
pub fn pack_json(index: usize, v: &serde_json::Value) -> Result<[f64; 4], AnswerError> {
    let Some(obj) = v.as_object() else {
        return Err(AnswerError::NotACommand {
            index,
            found: crate::env::forward::describe(v),
        });
    };
    let number = |key: &str| obj.get(key).and_then(serde_json::Value::as_f64);
    let shown = |key: &str| js_string(obj.get(key));
    let Some(ship) = number("ship") else {
        return Err(AnswerError::Ship { index });
    };
    match obj.get("type").and_then(serde_json::Value::as_str) {
        Some("thrust") => {
            let Some(magnitude) = number("magnitude") else {
                return Err(AnswerError::Magnitude {
                    index,
                    magnitude: shown("magnitude"),
                });
            };
            let Some(angle) = number("angle") else {
                return Err(AnswerError::Angle {
                    index,
                    angle: shown("angle"),
                });
            };
            let angle = if whole(angle) {
                angle.rem_euclid(360.0)
            } else {
                angle
            };
            Ok([ship, KIND_THRUST, magnitude, angle])
        }
        Some("dock") => match number("planet") {
            Some(planet) => Ok([ship, KIND_DOCK, planet, 0.0]),
            None => Err(AnswerError::Planet {
                index,
                planet: shown("planet"),
            }),
        },
        Some("undock") => Ok([ship, KIND_UNDOCK, 0.0, 0.0]),
        _ => Err(AnswerError::Type {
            index,
            found: obj
                .get("type")
                .map_or_else(|| "undefined".to_string(), serde_json::Value::to_string),
        }),
    }
}

/// A JSON value (or a missing one) as JavaScript's `String(v)` writes it.
fn js_string(v: Option<&serde_json::Value>) -> String {
    use serde_json::Value;
    match v {
        None => "undefined".to_string(),
        Some(Value::Null) => "null".to_string(),
        Some(Value::Bool(b)) => b.to_string(),
        Some(Value::Number(n)) => Js(n.as_f64().unwrap_or(f64::NAN)).to_string(),
        Some(Value::String(s)) => s.clone(),
        Some(Value::Array(a)) => a
            .iter()
            .map(|x| match x {
                Value::Null => String::new(),
                x => js_string(Some(x)),
            })
            .collect::<Vec<_>>()
            .join(","),
        Some(Value::Object(_)) => "[object Object]".to_string(),
    }
}

/// Commands for any ships in the packed form's `[ship, kind, a, b]` (the forward model's
/// `othersMoves`), each checked as an answer's command is and given to its ship's owner in `out`
/// (one list per seat). Commands for ships not in the game are dropped, as a turn ignores them;
/// a ship commanded twice, here or in `out` already, is refused. Nothing is added unless every
/// command passes.
pub fn read_owned(
    game: &Game,
    rows: &[[f64; 4]],
    out: &mut [Vec<ShipCommand>],
) -> Result<(), AnswerError> {
    if rows.len() > MAX_COMMANDS {
        return Err(AnswerError::TooMany(rows.len()));
    }
    let mut seen: std::collections::HashSet<u32> = out.iter().flatten().map(|c| c.ship).collect();
    let mut checked = Vec::with_capacity(rows.len());
    for (index, &[ship, kind, a, b]) in rows.iter().enumerate() {
        let ship = check_ship(index, ship)?;
        if !seen.insert(ship) {
            return Err(AnswerError::Twice { ship });
        }
        checked.push(ShipCommand {
            ship,
            command: check_order(index, kind, a, b)?,
        });
    }
    let state = game.state();
    for c in checked {
        if let Some(list) = state
            .ship(c.ship)
            .and_then(|s| out.get_mut(usize::from(s.owner)))
        {
            list.push(c);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::halite2::GameConfig;

    fn game() -> Game {
        Game::new(&GameConfig::default()).unwrap()
    }

    fn check(seat: usize, fives: &[f64]) -> Result<Vec<ShipCommand>, String> {
        let mut out = vec![];
        read_answer(&game(), seat, fives, &mut out)
            .map(|()| out)
            .map_err(|e| e.to_string())
    }

    #[test]
    fn a_good_answer_gives_its_commands() {
        let c = check(
            1,
            &[
                1.0, 3.0, 0.0, 7.0, 270.0, 1.0, 4.0, 1.0, 2.0, 0.0, 1.0, 5.0, 2.0, 0.0, 0.0,
            ],
        )
        .unwrap();
        assert_eq!(
            c,
            vec![
                ShipCommand {
                    ship: 3,
                    command: Command::Thrust {
                        magnitude: 7,
                        angle: 270
                    }
                },
                ShipCommand {
                    ship: 4,
                    command: Command::Dock { planet: 2 }
                },
                ShipCommand {
                    ship: 5,
                    command: Command::Undock
                },
            ]
        );
        assert_eq!(check(0, &[0.0, 3.0, 0.0, 7.0, 65446.0]).unwrap().len(), 1);
        assert_eq!(check(0, &[]).unwrap(), vec![]);
    }

    #[test]
    fn every_refusal_reads_as_the_ejection_reason() {
        let row = |ship: f64, kind: f64, a: f64, b: f64| vec![0.0, ship, kind, a, b];
        let cases: Vec<(usize, Vec<f64>, &str)> = vec![
            (
                0,
                vec![0.0, 1.0, 2.0],
                "commands come in fives: seat, ship, kind, a, b",
            ),
            (
                0,
                row(1.0, 2.0, 0.0, 0.0).repeat(MAX_COMMANDS + 1),
                "answered 20001 commands (at most 20000)",
            ),
            (9, vec![], "no seat 9 (the game seats 2)"),
            (
                0,
                vec![1.0, 1.0, 2.0, 0.0, 0.0],
                "command 0 is for seat 1, not seat 0",
            ),
            (
                0,
                row(-1.0, 2.0, 0.0, 0.0),
                "command 0 has no ship id (a whole number ≥ 0)",
            ),
            (
                0,
                row(1.5, 2.0, 0.0, 0.0),
                "command 0 has no ship id (a whole number ≥ 0)",
            ),
            (
                0,
                row(f64::NAN, 2.0, 0.0, 0.0),
                "command 0 has no ship id (a whole number ≥ 0)",
            ),
            (
                0,
                [row(1.0, 2.0, 0.0, 0.0), row(1.0, 2.0, 0.0, 0.0)].concat(),
                "two commands for ship 1 in one turn",
            ),
            (
                0,
                row(1.0, 3.0, 0.0, 0.0),
                "command 0 has kind 3 (0 thrust, 1 dock, 2 undock)",
            ),
            (
                0,
                row(1.0, 0.0, 8.0, 0.0),
                "command 0: thrust magnitude 8 is not a whole number from 0 to 7",
            ),
            (
                0,
                row(1.0, 0.0, 2.5, 0.0),
                "command 0: thrust magnitude 2.5 is not a whole number from 0 to 7",
            ),
            (
                0,
                row(1.0, 0.0, f64::NAN, 0.0),
                "command 0: thrust magnitude NaN is not a whole number from 0 to 7",
            ),
            (
                0,
                row(1.0, 0.0, 1.0, 1.5),
                "command 0: angle 1.5 is not a whole number of degrees",
            ),
            (
                0,
                row(1.0, 0.0, 1.0, f64::INFINITY),
                "command 0: angle Infinity is not a whole number of degrees",
            ),
            (
                0,
                row(1.0, 0.0, 1.0, 65536.0),
                "command 0: recorded angle 65536 is out of range",
            ),
            (
                0,
                row(1.0, 0.0, 1.0, -1.0),
                "command 0: recorded angle -1 is out of range",
            ),
            (
                0,
                row(1.0, 1.0, -2.0, 0.0),
                "command 0: planet -2 is not a planet id",
            ),
            (
                0,
                row(1.0, 1.0, 1e21, 0.0),
                "command 0: planet 1e+21 is not a planet id",
            ),
        ];
        for (seat, fives, reason) in cases {
            let shown = format!("{:?}", &fives[..fives.len().min(10)]);
            assert_eq!(check(seat, &fives), Err(reason.to_string()), "{shown}");
        }
    }

    #[test]
    fn numbers_read_as_javascript_prints_them() {
        for (v, s) in [
            (0.5, "0.5"),
            (-0.0, "0"),
            (1e21, "1e+21"),
            (1.5e-7, "1.5e-7"),
            (123.0, "123"),
            (f64::NEG_INFINITY, "-Infinity"),
        ] {
            assert_eq!(Js(v).to_string(), s);
        }
    }
}
