//! The reference's stdio protocol for bots (`docs/rules-halite2.md#bots-commands-and-timeouts`):
//! what a bot is sent and how its command line is read, quirks included.
//!
//! A bot gets its id, the map size and the map at the start, answers its name, then each turn
//! gets the map and answers one line of commands: `t SHIP THRUST ANGLE`, `d SHIP PLANET`,
//! `u SHIP`. Numbers are read as libstdc++ `istream >>` reads unsigned integers: a leading `-`
//! wraps, an overflow stores the largest value and silently ends the line, a missing number
//! reads as 0 and ends the line.

use super::entities::constants as k;
use super::game::{Action, Game};
use super::geometry::F80;
use super::replay::{Command, Replay, ShipCommand};
use crate::env::TextProtocol;
use std::fmt;
use std::fmt::Write as _;
use std::time::Duration;

/// Why a bot's command line ejects it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProtocolError(pub String);

impl fmt::Display for ProtocolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ProtocolError {}

/// A reader of one line with the `istream` rules the reference relies on.
struct Stream<'a> {
    s: &'a [u8],
    at: usize,
    failed: bool,
}

impl Stream<'_> {
    fn skip_space(&mut self) {
        while self.at < self.s.len() && self.s[self.at] == b' ' {
            self.at += 1;
        }
    }

    fn command(&mut self) -> Option<u8> {
        if self.failed {
            return None;
        }
        self.skip_space();
        let c = self.s.get(self.at).copied();
        if c.is_none() {
            self.failed = true;
        }
        self.at += 1;
        c
    }

    /// An unsigned number of at most `max`; on failure 0 (or `max` on overflow) and the stream
    /// fails. A failed stream leaves the value unread (0).
    fn unsigned(&mut self, max: u64) -> u64 {
        if self.failed {
            return 0;
        }
        self.skip_space();
        let negative = self.s.get(self.at) == Some(&b'-');
        if negative {
            self.at += 1;
        }
        let start = self.at;
        let mut v: u64 = 0;
        let mut overflow = false;
        while let Some(&c) = self.s.get(self.at) {
            if !c.is_ascii_digit() {
                break;
            }
            self.at += 1;
            match v
                .checked_mul(10)
                .and_then(|x| x.checked_add(u64::from(c - b'0')))
            {
                Some(x) if x <= max => v = x,
                _ => overflow = true,
            }
        }
        if self.at == start {
            self.failed = true;
            return 0;
        }
        if overflow {
            self.failed = true;
            return max;
        }
        if negative {
            // Wraps modulo max + 1.
            (max - v).wrapping_add(1) & max
        } else {
            v
        }
    }
}

/// Reads one command line. An error ejects the bot, as the reference does.
pub fn parse_commands(line: &[u8]) -> Result<Vec<ShipCommand>, ProtocolError> {
    if let Some(c) = line
        .iter()
        .find(|c| !matches!(c, b'0'..=b'9' | b' ' | b'-' | b't' | b'u' | b'd' | b'q'))
    {
        return Err(ProtocolError(format!(
            "Received invalid character '{}'.",
            char::from(*c).escape_default()
        )));
    }
    let mut st = Stream {
        s: line,
        at: 0,
        failed: false,
    };
    let mut out: Vec<ShipCommand> = Vec::new();
    let mut seen: Vec<u64> = Vec::new();
    while let Some(c) = st.command() {
        let (ship, command) = match c {
            b't' => {
                let ship = st.unsigned(u64::MAX);
                let magnitude = st.unsigned(u64::from(u16::MAX)) as u16;
                let angle = st.unsigned(u64::from(u16::MAX)) as u16;
                if magnitude > k::MAX_ACCELERATION {
                    return Err(ProtocolError(format!(
                        "Invalid thrust {magnitude} for ship {ship} (maximum is {}).",
                        k::MAX_ACCELERATION
                    )));
                }
                (ship, Command::Thrust { magnitude, angle })
            }
            b'd' => {
                let ship = st.unsigned(u64::MAX);
                let planet = st.unsigned(u64::MAX);
                (ship, Command::Dock { planet })
            }
            b'u' => (st.unsigned(u64::MAX), Command::Undock),
            other => {
                return Err(ProtocolError(format!(
                    "Unknown command {}",
                    char::from(other)
                )))
            }
        };
        if seen.contains(&ship) {
            return Err(ProtocolError(format!(
                "Tried to queue too many commands for ship {ship}"
            )));
        }
        seen.push(ship);
        if let Ok(ship) = u32::try_from(ship) {
            out.push(ShipCommand { ship, command });
        }
    }
    Ok(out)
}

/// Writes a command list as a line the parser reads back.
pub fn format_commands(commands: &[ShipCommand]) -> String {
    let mut s = String::new();
    for c in commands {
        let _ = match c.command {
            Command::Thrust { magnitude, angle } => {
                write!(s, "t {} {magnitude} {angle} ", c.ship)
            }
            Command::Dock { planet } => write!(s, "d {} {planet} ", c.ship),
            Command::Undock => write!(s, "u {} ", c.ship),
        };
    }
    s
}

/// The map as bots receive it (`serialize_map`), numbers with 17 decimals.
pub fn serialize_map(game: &Game, out: &mut String) {
    let st = game.state();
    out.clear();
    let fx = |v: F80| v.to_fixed(17);
    let _ = write!(out, " {}", st.players);
    for p in 0..st.players {
        let mut ids = st.ship_ids(p);
        crate::env::sort::values(&mut ids);
        let _ = write!(out, " {p} {}", ids.len());
        for id in ids {
            let Some(s) = st.ship(id) else { continue };
            let _ = write!(
                out,
                " {id} {} {} {} {} {} {} {} {} {}",
                fx(s.pos.x),
                fx(s.pos.y),
                s.health,
                fx(s.vel.x),
                fx(s.vel.y),
                s.status as u8,
                s.planet,
                s.progress,
                s.cooldown
            );
        }
    }
    let alive: Vec<_> = st.planets.iter().filter(|p| p.is_alive()).collect();
    let _ = write!(out, " {}", alive.len());
    for p in alive {
        let _ = write!(
            out,
            " {} {} {} {} {} {} {} {} {} {} {}",
            p.id,
            fx(p.pos.x),
            fx(p.pos.y),
            p.health,
            fx(F80::from_f64(p.r)),
            p.docking_spots,
            p.current_production,
            p.remaining_production,
            u8::from(p.owned),
            if p.owned { p.owner } else { 0 },
            p.docked.len()
        );
        for d in &p.docked {
            let _ = write!(out, " {d}");
        }
    }
}

impl TextProtocol for Game {
    const INIT_TIME: Duration = Duration::from_millis(60_000);
    const TURN_TIME: Duration = Duration::from_millis(2_000);
    type ProtocolError = ProtocolError;

    fn tag(seat: usize) -> usize {
        seat
    }

    fn init_lines(&self, seat: usize) -> Vec<String> {
        let mut map = String::new();
        serialize_map(self, &mut map);
        vec![
            seat.to_string(),
            format!("{} {} ", self.replay().width, self.replay().height),
            map,
        ]
    }

    fn turn_input(&self, _seat: usize, out: &mut String) {
        serialize_map(self, out);
    }

    fn parse_action(&self, _seat: usize, line: &[u8]) -> Result<Action, ProtocolError> {
        parse_commands(line)
    }

    fn record_response_time(&mut self, seat: usize, init: bool, millis: u64) {
        Game::record_response_time(self, seat, init, millis);
    }

    fn quiet_summary(
        &self,
        replay: Option<&str>,
        error_logs: &[(usize, String)],
    ) -> Option<String> {
        Some(quiet_summary(self.replay(), replay, error_logs))
    }

    fn result_line(&self, seat: usize) -> Option<String> {
        let r = self.replay();
        let s = r.stats.get(seat)?;
        Some(format!(
            "Player #{seat}, {}, came in rank #{} and was last alive on frame #{}, producing {} ships and dealing {} damage!",
            r.player_names.get(seat).map_or("", String::as_str),
            s.rank,
            s.last_frame_alive,
            s.total_ship_count,
            s.damage_dealt
        ))
    }
}

/// The reference's machine-readable summary (`-q`): one JSON object, keys sorted, indented by
/// four spaces: the replay path (empty when none was written), the map's seed, generator and
/// size, the game constants, the log file of each ejected player and each player's rank.
pub fn quiet_summary(r: &Replay, replay: Option<&str>, error_logs: &[(usize, String)]) -> String {
    use serde::Serialize;
    let logs: serde_json::Map<String, serde_json::Value> = error_logs
        .iter()
        .map(|(p, f)| (p.to_string(), serde_json::Value::from(f.as_str())))
        .collect();
    let stats: serde_json::Map<String, serde_json::Value> = r
        .stats
        .iter()
        .enumerate()
        .map(|(p, s)| (p.to_string(), serde_json::json!({ "rank": s.rank })))
        .collect();
    let v = serde_json::json!({
        "replay": replay.unwrap_or(""),
        "map_seed": r.seed,
        "map_generator": r.map_generator,
        "map_width": r.width,
        "map_height": r.height,
        "gameplay_parameters": r.constants.value().unwrap_or_default(),
        "error_logs": logs,
        "stats": stats,
    });
    let mut out = Vec::new();
    let mut ser = serde_json::Serializer::with_formatter(
        &mut out,
        serde_json::ser::PrettyFormatter::with_indent(b"    "),
    );
    // Writing JSON values to memory cannot fail.
    let _ = v.serialize(&mut ser);
    String::from_utf8(out).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn thrust(ship: u32, magnitude: u16, angle: u16) -> ShipCommand {
        ShipCommand {
            ship,
            command: Command::Thrust { magnitude, angle },
        }
    }

    #[test]
    fn reads_the_quirks_of_the_reference() {
        assert_eq!(
            parse_commands(b"t 0 7 -90").unwrap(),
            vec![thrust(0, 7, 65446)]
        );
        assert_eq!(
            parse_commands(b"t 0 1 90t 1 1 90").unwrap(),
            vec![thrust(0, 1, 90), thrust(1, 1, 90)]
        );
        // Overflow: the largest value is stored and the rest of the line is dropped.
        assert_eq!(
            parse_commands(b"t 0 1 65536 t 1 1 0").unwrap(),
            vec![thrust(0, 1, 65535)]
        );
        assert_eq!(parse_commands(b"").unwrap(), vec![]);
        assert_eq!(
            parse_commands(b"   t  2   3  4  ").unwrap(),
            vec![thrust(2, 3, 4)]
        );
        assert!(parse_commands(b"t 0 3.5 90").is_err());
        assert!(parse_commands(b"t 0 8 0").is_err());
        assert!(parse_commands(b"q").is_err());
        assert!(parse_commands(b"t 0 1 0 u 0").is_err());
        assert_eq!(
            parse_commands(b"d 3 4 u 5").unwrap(),
            vec![
                ShipCommand {
                    ship: 3,
                    command: Command::Dock { planet: 4 }
                },
                ShipCommand {
                    ship: 5,
                    command: Command::Undock
                }
            ]
        );
        // A truncated command keeps what was read (missing numbers are 0) and ends the line.
        assert_eq!(parse_commands(b"t 4 2").unwrap(), vec![thrust(4, 2, 0)]);
    }

    #[test]
    fn formatted_commands_read_back() {
        let cmds = vec![
            thrust(1, 7, 359),
            ShipCommand {
                ship: 2,
                command: Command::Dock { planet: 3 },
            },
        ];
        assert_eq!(
            parse_commands(format_commands(&cmds).as_bytes()).unwrap(),
            cmds
        );
    }
}
