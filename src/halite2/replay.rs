//! Halite II replays (`.hlt`): one JSON document, either plain or in one zstd frame, as the
//! reference engine writes them (`docs/rules-halite2.md#replays`).
//!
//! Reading checks the schema and names what is wrong and where (`frames[12].ships.0.7.health:
//! expected an integer`). Writing gives the reference's bytes exactly (keys sorted, every
//! player key present, doubles as `%.17g`: all 13 conformance replays write back identical);
//! the compressed form is a zstd frame made by the pure-Rust `ruzstd` encoder (its fastest
//! level, so files are about three times larger than the reference's level 22).

use super::entities::{DockingStatus, EntityId};
use super::events::Event;
use crate::env::record::JsonText;
use serde_json::{Map, Value};
use std::io::Read;

/// The replay format version the reference writes.
pub const VERSION: u64 = 31;
/// The engine version string of the reference these rules reproduce.
pub const ENGINE_VERSION: &str = "1.2.516.gc277";
/// Largest decompressed replay accepted (a guard against compression bombs).
pub const MAX_REPLAY_BYTES: u64 = 1 << 30;
const ZSTD_MAGIC: [u8; 4] = [0x28, 0xb5, 0x2f, 0xfd];

pub use crate::env::ReplayError;

fn err<T>(at: &str, message: impl Into<String>) -> Result<T, ReplayError> {
    Err(ReplayError {
        at: at.to_string(),
        message: message.into(),
    })
}

/// A planet as the replay header describes it (its initial state).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct PlanetHeader {
    pub id: u32,
    pub x: f64,
    pub y: f64,
    pub r: f64,
    pub health: u32,
    pub docking_spots: u32,
    pub production: u32,
}

/// A ship in a frame.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ShipRecord {
    pub id: u32,
    pub owner: u8,
    pub x: f64,
    pub y: f64,
    pub vel_x: f64,
    pub vel_y: f64,
    pub health: u32,
    pub cooldown: u32,
    pub status: DockingStatus,
    /// The planet (docking, docked, undocking).
    pub planet: Option<u32>,
    /// Turns left (docking, undocking).
    pub turns_left: Option<u32>,
}

/// A living planet in a frame.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct PlanetRecord {
    pub id: u32,
    pub health: u32,
    pub owner: Option<u8>,
    pub docked_ships: Vec<u32>,
    pub current_production: u32,
    pub remaining_production: u32,
}

/// The state after a turn, and the events of the next turn.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Frame {
    /// Per player, ships sorted by id.
    pub ships: Vec<Vec<ShipRecord>>,
    /// Living planets sorted by id.
    pub planets: Vec<PlanetRecord>,
    /// The events of the turn that follows this frame (none on the last frame).
    pub events: Option<Vec<Event>>,
}

/// A command for one ship, as recorded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Command {
    /// Thrust with a magnitude (0 to 7) at an angle in degrees (any `unsigned short`; it acts
    /// modulo 360 through cos and sin).
    Thrust {
        magnitude: u16,
        angle: u16,
    },
    Dock {
        planet: u64,
    },
    Undock,
}

/// A command and the ship it is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ShipCommand {
    pub ship: u32,
    pub command: Command,
}

/// One player's final statistics (`stats`).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct PlayerStats {
    pub rank: u32,
    pub last_frame_alive: i64,
    pub total_ship_count: u64,
    pub damage_dealt: u64,
    pub init_response_time: u64,
    pub average_frame_response_time: f64,
    pub max_frame_response_time: u64,
}

/// A whole game.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Replay {
    pub version: u64,
    pub engine_version: String,
    pub seed: u32,
    pub map_generator: String,
    pub width: u32,
    pub height: u32,
    pub num_players: usize,
    pub player_names: Vec<String>,
    /// The game constants as written (kept verbatim).
    pub constants: JsonText,
    pub planets: Vec<PlanetHeader>,
    pub poi: JsonText,
    pub stats: Vec<PlayerStats>,
    pub frames: Vec<Frame>,
    /// `moves[t][player]`: the commands of turn `t + 1`, sorted by ship id.
    pub moves: Vec<Vec<Vec<ShipCommand>>>,
}

/// The constants object every replay carries, as its compact JSON text (keys sorted).
pub const DEFAULT_CONSTANTS: &str = concat!(
    r#"{"ADDITIONAL_PRODUCTIVITY":6,"BASE_PRODUCTIVITY":6,"BASE_SHIP_HEALTH":255,"#,
    r#""DOCKED_SHIP_REGENERATION":0,"DOCK_RADIUS":4.0,"DOCK_TURNS":5,"DRAG":10.0,"#,
    r#""EXPLOSION_RADIUS":10.0,"EXTRA_PLANETS":4,"INFINITE_RESOURCES":true,"#,
    r#""MAX_ACCELERATION":7.0,"MAX_SHIP_HEALTH":255,"MAX_SPEED":7.0,"MAX_TURNS":300,"#,
    r#""PLANETS_PER_PLAYER":6,"PRODUCTION_PER_SHIP":72,"RESOURCES_PER_RADIUS":144,"#,
    r#""SHIPS_PER_PLAYER":3,"SHIP_RADIUS":0.5,"SPAWN_RADIUS":2,"WEAPON_COOLDOWN":1,"#,
    r#""WEAPON_DAMAGE":64,"WEAPON_RADIUS":5.0}"#,
);

/// [`DEFAULT_CONSTANTS`] as a replay holds them.
pub fn default_constants() -> JsonText {
    JsonText::from_compact(DEFAULT_CONSTANTS)
}

// ---------------------------------------------------------------------------------------------
// Reading

/// Decompresses a zstd frame, or returns plain bytes as they are.
pub fn decompress(bytes: &[u8]) -> Result<Vec<u8>, ReplayError> {
    if !bytes.starts_with(&ZSTD_MAGIC) {
        return Ok(bytes.to_vec());
    }
    let mut src = bytes;
    let decoder = ruzstd::decoding::StreamingDecoder::new(&mut src).map_err(|e| ReplayError {
        at: "zstd frame".into(),
        message: e.to_string(),
    })?;
    let mut out = Vec::new();
    decoder
        .take(MAX_REPLAY_BYTES + 1)
        .read_to_end(&mut out)
        .map_err(|e| ReplayError {
            at: "zstd frame".into(),
            message: e.to_string(),
        })?;
    if out.len() as u64 > MAX_REPLAY_BYTES {
        return err("zstd frame", "decompresses to more than 1 GiB");
    }
    Ok(out)
}

/// Whether bytes look like a Halite II replay: a zstd frame, or JSON with the Halite II
/// `map_generator` / `engine_version` keys near the start.
pub fn looks_like(bytes: &[u8]) -> bool {
    if bytes.starts_with(&ZSTD_MAGIC) {
        return true;
    }
    let head = &bytes[..bytes.len().min(4096)];
    let text = String::from_utf8_lossy(head);
    text.trim_start().starts_with('{')
        && (text.contains("\"engine_version\"") || text.contains("\"constants\""))
}

struct At<'a> {
    v: &'a Value,
    path: String,
}

impl<'a> At<'a> {
    fn root(v: &'a Value) -> At<'a> {
        At {
            v,
            path: String::new(),
        }
    }

    fn sub(&self, key: &str) -> String {
        if self.path.is_empty() {
            key.to_string()
        } else {
            format!("{}.{key}", self.path)
        }
    }

    fn obj(&self) -> Result<&'a Map<String, Value>, ReplayError> {
        self.v
            .as_object()
            .map_or_else(|| err(&self.path, "expected an object"), Ok)
    }

    fn arr(&self) -> Result<&'a Vec<Value>, ReplayError> {
        self.v
            .as_array()
            .map_or_else(|| err(&self.path, "expected an array"), Ok)
    }

    fn field(&self, key: &str) -> Result<At<'a>, ReplayError> {
        let o = self.obj()?;
        match o.get(key) {
            Some(v) => Ok(At {
                v,
                path: self.sub(key),
            }),
            None => err(&self.sub(key), "missing"),
        }
    }

    fn opt(&self, key: &str) -> Result<Option<At<'a>>, ReplayError> {
        let o = self.obj()?;
        Ok(o.get(key).map(|v| At {
            v,
            path: self.sub(key),
        }))
    }

    fn items(&self) -> Result<Vec<At<'a>>, ReplayError> {
        Ok(self
            .arr()?
            .iter()
            .enumerate()
            .map(|(k, v)| At {
                v,
                path: format!("{}[{k}]", self.path),
            })
            .collect())
    }

    fn entries(&self) -> Result<Vec<(&'a str, At<'a>)>, ReplayError> {
        Ok(self
            .obj()?
            .iter()
            .map(|(k, v)| {
                (
                    k.as_str(),
                    At {
                        v,
                        path: self.sub(k),
                    },
                )
            })
            .collect())
    }

    fn u64(&self) -> Result<u64, ReplayError> {
        self.v
            .as_u64()
            .map_or_else(|| err(&self.path, "expected a non-negative integer"), Ok)
    }

    fn i64(&self) -> Result<i64, ReplayError> {
        self.v
            .as_i64()
            .map_or_else(|| err(&self.path, "expected an integer"), Ok)
    }

    fn u32(&self) -> Result<u32, ReplayError> {
        let v = self.u64()?;
        u32::try_from(v).or_else(|_| err(&self.path, format!("{v} is too large")))
    }

    fn f64(&self) -> Result<f64, ReplayError> {
        self.v
            .as_f64()
            .filter(|v| v.is_finite())
            .map_or_else(|| err(&self.path, "expected a number"), Ok)
    }

    fn str(&self) -> Result<&'a str, ReplayError> {
        self.v
            .as_str()
            .map_or_else(|| err(&self.path, "expected a string"), Ok)
    }
}

fn key_number(at: &At, key: &str) -> Result<u32, ReplayError> {
    key.parse::<u32>()
        .or_else(|_| err(&at.sub(key), "key is not a number"))
}

fn read_entity(at: &At, players: usize) -> Result<EntityId, ReplayError> {
    match at.field("type")?.str()? {
        "ship" => {
            let owner = at.field("owner")?.u64()?;
            if owner as usize >= players {
                return err(
                    &at.sub("owner"),
                    format!("player {owner} is not in the game"),
                );
            }
            Ok(EntityId::Ship {
                owner: owner as u8,
                id: at.field("id")?.u32()?,
            })
        }
        "planet" => Ok(EntityId::Planet(at.field("id")?.u32()?)),
        other => err(&at.sub("type"), format!("unknown entity type {other:?}")),
    }
}

fn read_entities(at: &At, players: usize) -> Result<Vec<EntityId>, ReplayError> {
    at.items()?
        .iter()
        .map(|e| read_entity(e, players))
        .collect()
}

fn read_event(at: &At, players: usize) -> Result<Event, ReplayError> {
    let entity = read_entity(&at.field("entity")?, players)?;
    let x = at.field("x")?.f64()?;
    let y = at.field("y")?.f64()?;
    Ok(match at.field("event")?.str()? {
        "destroyed" => Event::Destroyed {
            entity,
            x,
            y,
            radius: at.field("radius")?.f64()?,
            time: at.field("time")?.f64()?,
        },
        "attack" => {
            let targets = read_entities(&at.field("targets")?, players)?;
            let locations = read_entities(&at.field("target_locations")?, players)?;
            if locations != targets {
                return err(
                    &at.sub("target_locations"),
                    "differs from targets (the reference repeats the targets here)",
                );
            }
            Event::Attack {
                entity,
                x,
                y,
                targets,
                time: at.field("time")?.f64()?,
            }
        }
        "spawned" => Event::Spawned {
            entity,
            planet: read_entity(&at.field("planet")?, players)?,
            x,
            y,
            planet_x: at.field("planet_x")?.f64()?,
            planet_y: at.field("planet_y")?.f64()?,
        },
        "contention" => {
            let participants = read_entities(&at.field("participants")?, players)?;
            let participant_locations = at
                .field("participant_locations")?
                .items()?
                .iter()
                .map(|l| Ok((l.field("x")?.f64()?, l.field("y")?.f64()?)))
                .collect::<Result<Vec<_>, ReplayError>>()?;
            if participant_locations.len() != participants.len() {
                return err(
                    &at.sub("participant_locations"),
                    "not one location per participant",
                );
            }
            Event::Contention {
                entity,
                x,
                y,
                participants,
                participant_locations,
            }
        }
        other => return err(&at.sub("event"), format!("unknown event {other:?}")),
    })
}

fn read_ship(at: &At, owner: usize, id: u32) -> Result<ShipRecord, ReplayError> {
    if at.field("id")?.u32()? != id {
        return err(&at.sub("id"), "differs from its key");
    }
    if at.field("owner")?.u64()? != owner as u64 {
        return err(&at.sub("owner"), "differs from the player key");
    }
    let docking = at.field("docking")?;
    let status_at = docking.field("status")?;
    let status = DockingStatus::from_name(status_at.str()?)
        .map_or_else(|| err(&status_at.path, "unknown docking status"), Ok)?;
    let planet = match status {
        DockingStatus::Undocked => None,
        _ => Some(docking.field("planet_id")?.u32()?),
    };
    let turns_left = match status {
        DockingStatus::Docking | DockingStatus::Undocking => {
            Some(docking.field("turns_left")?.u32()?)
        }
        _ => None,
    };
    Ok(ShipRecord {
        id,
        owner: owner as u8,
        x: at.field("x")?.f64()?,
        y: at.field("y")?.f64()?,
        vel_x: at.field("vel_x")?.f64()?,
        vel_y: at.field("vel_y")?.f64()?,
        health: at.field("health")?.u32()?,
        cooldown: at.field("cooldown")?.u32()?,
        status,
        planet,
        turns_left,
    })
}

fn read_frame(at: &At, players: usize, last: bool) -> Result<Frame, ReplayError> {
    let ships_at = at.field("ships")?;
    let mut ships = vec![Vec::new(); players];
    for (key, per) in ships_at.entries()? {
        let p = key_number(&ships_at, key)? as usize;
        if p >= players {
            return err(&per.path, format!("player {p} is not in the game"));
        }
        for (skey, s) in per.entries()? {
            let id = key_number(&per, skey)?;
            ships[p].push(read_ship(&s, p, id)?);
        }
        crate::env::sort::by_key(&mut ships[p], |s| s.id);
    }
    let planets_at = at.field("planets")?;
    let mut planets = Vec::new();
    for (key, pl) in planets_at.entries()? {
        let id = key_number(&planets_at, key)?;
        if pl.field("id")?.u32()? != id {
            return err(&pl.sub("id"), "differs from its key");
        }
        let owner_at = pl.field("owner")?;
        let owner = if owner_at.v.is_null() {
            None
        } else {
            let o = owner_at.u64()?;
            if o as usize >= players {
                return err(&owner_at.path, format!("player {o} is not in the game"));
            }
            Some(o as u8)
        };
        planets.push(PlanetRecord {
            id,
            health: pl.field("health")?.u32()?,
            owner,
            docked_ships: pl
                .field("docked_ships")?
                .items()?
                .iter()
                .map(|s| s.u32())
                .collect::<Result<_, _>>()?,
            current_production: pl.field("current_production")?.u32()?,
            remaining_production: pl.field("remaining_production")?.u32()?,
        });
    }
    crate::env::sort::by_key(&mut planets, |p| p.id);
    let events = match at.opt("events")? {
        Some(ev) => Some(
            ev.items()?
                .iter()
                .map(|e| read_event(e, players))
                .collect::<Result<Vec<_>, _>>()?,
        ),
        None if last => None,
        None => return err(&at.sub("events"), "missing (only the last frame has none)"),
    };
    Ok(Frame {
        ships,
        planets,
        events,
    })
}

fn read_command(at: &At, ship: u32, player: usize) -> Result<Command, ReplayError> {
    if at.field("shipId")?.u32()? != ship {
        return err(&at.sub("shipId"), "differs from its key");
    }
    if at.field("owner")?.u64()? != player as u64 {
        return err(&at.sub("owner"), "differs from the player key");
    }
    Ok(match at.field("type")?.str()? {
        "thrust" => {
            let m = at.field("magnitude")?.u64()?;
            let a = at.field("angle")?.u64()?;
            let (Ok(magnitude), Ok(angle)) = (u16::try_from(m), u16::try_from(a)) else {
                return err(&at.path, "magnitude and angle must fit in 16 bits");
            };
            Command::Thrust { magnitude, angle }
        }
        "dock" => Command::Dock {
            planet: at.field("planet_id")?.u64()?,
        },
        "undock" => Command::Undock,
        other => return err(&at.sub("type"), format!("unknown command {other:?}")),
    })
}

fn read_moves(at: &At, players: usize) -> Result<Vec<Vec<ShipCommand>>, ReplayError> {
    let mut out = vec![Vec::new(); players];
    for (key, queue) in at.entries()? {
        let p = key_number(at, key)? as usize;
        for slot in queue.items()? {
            for (skey, m) in slot.entries()? {
                if p >= players {
                    return err(&m.path, format!("a move of player {p}, not in the game"));
                }
                let ship = key_number(&slot, skey)?;
                out[p].push(ShipCommand {
                    ship,
                    command: read_command(&m, ship, p)?,
                });
            }
        }
        if p < players {
            crate::env::sort::by_key(&mut out[p], |c| c.ship);
        }
    }
    Ok(out)
}

impl Replay {
    /// Reads a replay from its bytes (zstd-compressed or plain JSON).
    pub fn from_bytes(bytes: &[u8]) -> Result<Replay, ReplayError> {
        let plain = decompress(bytes)?;
        let doc: Value = serde_json::from_slice(&plain).map_err(|e| ReplayError {
            at: format!("line {} column {}", e.line(), e.column()),
            message: format!("not JSON: {e}"),
        })?;
        Replay::from_json(&doc)
    }

    /// Reads a replay from its parsed JSON.
    pub fn from_json(doc: &Value) -> Result<Replay, ReplayError> {
        let root = At::root(doc);
        let num_players = root.field("num_players")?.u64()? as usize;
        if !(1..=4).contains(&num_players) {
            return err("num_players", format!("{num_players} is not 1 to 4"));
        }
        let width = root.field("width")?.u32()?;
        let height = root.field("height")?.u32()?;
        if width == 0 || height == 0 || width > 10_000 || height > 10_000 {
            return err("width", format!("{width}x{height} is not a map size"));
        }
        let names_at = root.field("player_names")?;
        let player_names = names_at
            .items()?
            .iter()
            .map(|n| n.str().map(str::to_string))
            .collect::<Result<Vec<_>, _>>()?;
        if player_names.len() != num_players {
            return err("player_names", format!("not {num_players} names"));
        }
        let planets_at = root.field("planets")?;
        let mut planets = Vec::new();
        for (k, p) in planets_at.items()?.iter().enumerate() {
            let h = PlanetHeader {
                id: p.field("id")?.u32()?,
                x: p.field("x")?.f64()?,
                y: p.field("y")?.f64()?,
                r: p.field("r")?.f64()?,
                health: p.field("health")?.u32()?,
                docking_spots: p.field("docking_spots")?.u32()?,
                production: p.field("production")?.u32()?,
            };
            if h.id as usize != k {
                return err(&p.sub("id"), format!("planet {k} has id {}", h.id));
            }
            if !(h.r > 0.0 && h.r < 1000.0) {
                return err(&p.sub("r"), "not a planet radius");
            }
            planets.push(h);
        }
        let stats_at = root.field("stats")?;
        let mut stats = Vec::new();
        for p in 0..num_players {
            let s = stats_at.field(&p.to_string())?;
            stats.push(PlayerStats {
                rank: s.field("rank")?.u32()?,
                last_frame_alive: s.field("last_frame_alive")?.i64()?,
                total_ship_count: s.field("total_ship_count")?.u64()?,
                damage_dealt: s.field("damage_dealt")?.u64()?,
                init_response_time: s.field("init_response_time")?.u64()?,
                average_frame_response_time: s.field("average_frame_response_time")?.f64()?,
                max_frame_response_time: s.field("max_frame_response_time")?.u64()?,
            });
        }
        let frames_at = root.field("frames")?;
        let frame_items = frames_at.items()?;
        if frame_items.is_empty() {
            return err("frames", "no frames");
        }
        let num_frames = root.field("num_frames")?.u64()? as usize;
        if num_frames != frame_items.len() {
            return err(
                "num_frames",
                format!("{num_frames}, but there are {} frames", frame_items.len()),
            );
        }
        let last = frame_items.len() - 1;
        let frames = frame_items
            .iter()
            .enumerate()
            .map(|(k, f)| read_frame(f, num_players, k == last))
            .collect::<Result<Vec<_>, _>>()?;
        let moves_at = root.field("moves")?;
        let move_items = moves_at.items()?;
        if move_items.len() != last {
            return err(
                "moves",
                format!(
                    "{} turns of moves for {} frames",
                    move_items.len(),
                    frames.len()
                ),
            );
        }
        let moves = move_items
            .iter()
            .map(|m| read_moves(m, num_players))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Replay {
            version: root.field("version")?.u64()?,
            engine_version: root.field("engine_version")?.str()?.to_string(),
            seed: root.field("seed")?.u32()?,
            map_generator: root.field("map_generator")?.str()?.to_string(),
            width,
            height,
            num_players,
            player_names,
            constants: JsonText::of(root.field("constants")?.v),
            planets,
            poi: JsonText::of(root.field("poi")?.v),
            stats,
            frames,
            moves,
        })
    }

    pub fn num_frames(&self) -> usize {
        self.frames.len()
    }

    // -----------------------------------------------------------------------------------------
    // Writing

    /// The replay as the reference's JSON document (see [`ReplayJson`]).
    pub fn to_json(&self) -> Value {
        // Numbers, strings and maps with string keys always convert.
        serde_json::to_value(ReplayJson(self)).unwrap_or(Value::Null)
    }

    /// The plain JSON bytes, byte for byte as the reference writes them (keys sorted, doubles
    /// as its `nlohmann::json` prints them).
    pub fn to_plain_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        let mut ser = serde_json::Serializer::with_formatter(&mut out, ReferenceFormatter);
        match serde::Serialize::serialize(&ReplayJson(self), &mut ser) {
            Ok(()) => out,
            Err(_) => Vec::new(),
        }
    }

    /// The JSON in one zstd frame.
    pub fn to_zstd_bytes(&self) -> Vec<u8> {
        self.to_zstd_bytes_with(b"")
    }

    /// The JSON with `members` (JSON object members, e.g. `"bot_logs":[...]`, that the page
    /// keeps with a game and the original tools ignore) added before its closing brace, in one
    /// zstd frame: one frame, so the original tools still read it whole. Empty `members` add
    /// nothing.
    pub fn to_zstd_bytes_with(&self, members: &[u8]) -> Vec<u8> {
        let mut plain = self.to_plain_bytes();
        if !members.is_empty() && plain.last() == Some(&b'}') {
            plain.pop();
            plain.push(b',');
            plain.extend_from_slice(members);
            plain.push(b'}');
        }
        ruzstd::encoding::compress_to_vec(&plain[..], ruzstd::encoding::CompressionLevel::Fastest)
    }
}

/// A double as the reference's `nlohmann::json` writes it: `printf("%.17g")`, with `.0`
/// added to what would read as an integer.
pub fn format_double(v: f64) -> String {
    if !v.is_finite() {
        return "null".into();
    }
    if v == 0.0 {
        return if v.is_sign_negative() { "-0.0" } else { "0.0" }.into();
    }
    const DIGITS: i32 = 17;
    // The 17 significant digits, correctly rounded, and the exponent after rounding: what
    // `%.17g` starts from in either of its forms.
    let sci = format!("{:.*e}", DIGITS as usize - 1, v);
    let (mantissa, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let (sign, mantissa) = match mantissa.strip_prefix('-') {
        Some(m) => ("-", m),
        None => ("", mantissa),
    };
    let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
    // Trailing zeros of the fraction go, then a bare point.
    let trim = |t: String| -> String {
        if t.contains('.') {
            t.trim_end_matches('0').trim_end_matches('.').to_string()
        } else {
            t
        }
    };
    let s = if !(-4..DIGITS).contains(&exp) {
        let e_sign = if exp < 0 { '-' } else { '+' };
        let m = trim(format!("{}.{}", &digits[..1], &digits[1..]));
        format!("{sign}{m}e{e_sign}{:02}", exp.abs())
    } else if exp < 0 {
        // 0.000ddd: the point, -exp - 1 zeros, the digits.
        let zeros = "0".repeat((-exp - 1) as usize);
        trim(format!("{sign}0.{zeros}{digits}"))
    } else {
        // The point after exp + 1 digits (at most all 17).
        let (int, frac) = digits.split_at(exp as usize + 1);
        trim(format!("{sign}{int}.{frac}"))
    };
    if s.contains(['.', 'e']) {
        s
    } else {
        s + ".0"
    }
}

/// Writes doubles as the reference does; everything else as `serde_json` does.
struct ReferenceFormatter;

impl serde_json::ser::Formatter for ReferenceFormatter {
    fn write_f64<W: ?Sized + std::io::Write>(&mut self, w: &mut W, v: f64) -> std::io::Result<()> {
        w.write_all(format_double(v).as_bytes())
    }
}

/// An entity as the replay names it: `{"id", "owner", "type": "ship"}` or `{"id", "type":
/// "planet"}`.
struct EntityJson<'a>(&'a EntityId);

impl serde::Serialize for EntityJson<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        match *self.0 {
            EntityId::Ship { owner, id } => {
                let mut m = s.serialize_map(Some(3))?;
                m.serialize_entry("id", &id)?;
                m.serialize_entry("owner", &owner)?;
                m.serialize_entry("type", "ship")?;
                m.end()
            }
            EntityId::Planet(id) => {
                let mut m = s.serialize_map(Some(2))?;
                m.serialize_entry("id", &id)?;
                m.serialize_entry("type", "planet")?;
                m.end()
            }
        }
    }
}

/// A place: `{"x", "y"}`.
struct PointJson<'a>(&'a (f64, f64));

impl serde::Serialize for PointJson<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut m = s.serialize_map(Some(2))?;
        m.serialize_entry("x", &self.0 .0)?;
        m.serialize_entry("y", &self.0 .1)?;
        m.end()
    }
}

/// An event as the replay file writes it, keys in order: `destroyed` `{entity, event, radius,
/// time, x, y}`, `attack` `{entity, event, target_locations, targets, time, x, y}` (the
/// reference writes the targets twice), `spawned` `{entity, event, planet, planet_x, planet_y,
/// x, y}`, `contention` `{entity, event, participant_locations, participants, x, y}`. The file
/// writer and the page (`events(t)`) both take it from here.
pub struct EventJson<'a>(pub &'a Event);

impl serde::Serialize for EventJson<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let e = self.0;
        let mut m = s.serialize_map(None)?;
        m.serialize_entry("entity", &EntityJson(&e.entity()))?;
        m.serialize_entry("event", e.kind())?;
        match e {
            Event::Destroyed {
                x, y, radius, time, ..
            } => {
                m.serialize_entry("radius", radius)?;
                m.serialize_entry("time", time)?;
                m.serialize_entry("x", x)?;
                m.serialize_entry("y", y)?;
            }
            Event::Attack {
                x,
                y,
                targets,
                time,
                ..
            } => {
                m.serialize_entry("target_locations", &Seq(targets, EntityJson))?;
                m.serialize_entry("targets", &Seq(targets, EntityJson))?;
                m.serialize_entry("time", time)?;
                m.serialize_entry("x", x)?;
                m.serialize_entry("y", y)?;
            }
            Event::Spawned {
                planet,
                x,
                y,
                planet_x,
                planet_y,
                ..
            } => {
                m.serialize_entry("planet", &EntityJson(planet))?;
                m.serialize_entry("planet_x", planet_x)?;
                m.serialize_entry("planet_y", planet_y)?;
                m.serialize_entry("x", x)?;
                m.serialize_entry("y", y)?;
            }
            Event::Contention {
                x,
                y,
                participants,
                participant_locations,
                ..
            } => {
                m.serialize_entry(
                    "participant_locations",
                    &Seq(participant_locations, PointJson),
                )?;
                m.serialize_entry("participants", &Seq(participants, EntityJson))?;
                m.serialize_entry("x", x)?;
                m.serialize_entry("y", y)?;
            }
        }
        m.end()
    }
}

/// An event as a JSON value (see [`EventJson`]).
pub fn event_json(e: &Event) -> Value {
    // A map with string keys and numbers, as here, always converts.
    serde_json::to_value(EventJson(e)).unwrap_or(Value::Null)
}

/// A replay as the reference writes it, written straight to a serializer (no document in
/// between): every object's keys in sorted order, as the reference's `std::map` keeps them
/// (members named by ids in the order of the ids' text, `"10"` before `"9"`).
pub struct ReplayJson<'a>(pub &'a Replay);

impl serde::Serialize for ReplayJson<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let r = self.0;
        // A record's text was written from a value by this crate: only a damaged record has
        // text that does not read back, and its file then says `null` there.
        let verbatim = |t: &JsonText| t.value().unwrap_or(Value::Null);
        let mut m = s.serialize_map(None)?;
        m.serialize_entry("constants", &verbatim(&r.constants))?;
        m.serialize_entry("engine_version", &r.engine_version)?;
        m.serialize_entry("frames", &Seq(&r.frames, FrameJson))?;
        m.serialize_entry("height", &r.height)?;
        m.serialize_entry("map_generator", &r.map_generator)?;
        m.serialize_entry("moves", &Seq(&r.moves, |turn| MovesJson(turn)))?;
        m.serialize_entry("num_frames", &r.frames.len())?;
        m.serialize_entry("num_players", &r.num_players)?;
        m.serialize_entry("planets", &Seq(&r.planets, PlanetHeaderJson))?;
        m.serialize_entry("player_names", &r.player_names)?;
        m.serialize_entry("poi", &verbatim(&r.poi))?;
        m.serialize_entry("seed", &r.seed)?;
        m.serialize_entry("stats", &ByIndex(&r.stats, StatsJson))?;
        m.serialize_entry("version", &r.version)?;
        m.serialize_entry("width", &r.width)?;
        m.end()
    }
}

/// A list, each item written as `f` makes it.
struct Seq<'a, T, J>(&'a [T], fn(&'a T) -> J);

impl<'a, T, J: serde::Serialize> serde::Serialize for Seq<'a, T, J> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.iter().map(&self.1))
    }
}

/// A list written as an object whose keys are the positions (`{"0": .., "1": ..}`; fewer than
/// ten items, so the positions' order is their text's).
struct ByIndex<'a, T, J>(&'a [T], fn(&'a T) -> J);

impl<'a, T, J: serde::Serialize> serde::Serialize for ByIndex<'a, T, J> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(
            self.0
                .iter()
                .enumerate()
                .map(|(i, x)| (i.to_string(), (self.1)(x))),
        )
    }
}

/// Items written as an object keyed by their ids (`id(item)`), in the order of the ids' text.
struct ById<'a, T, J>(&'a [T], fn(&T) -> u32, fn(&'a T) -> J);

impl<'a, T, J: serde::Serialize> serde::Serialize for ById<'a, T, J> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut order: Vec<&'a T> = self.0.iter().collect();
        crate::env::sort::by_key(&mut order, |x| crate::env::sort::AsText((self.1)(x)));
        s.collect_map(
            order
                .into_iter()
                .map(|x| ((self.1)(x).to_string(), (self.2)(x))),
        )
    }
}

struct PlanetHeaderJson<'a>(&'a PlanetHeader);

impl serde::Serialize for PlanetHeaderJson<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let p = self.0;
        let mut m = s.serialize_map(Some(7))?;
        m.serialize_entry("docking_spots", &p.docking_spots)?;
        m.serialize_entry("health", &p.health)?;
        m.serialize_entry("id", &p.id)?;
        m.serialize_entry("production", &p.production)?;
        m.serialize_entry("r", &p.r)?;
        m.serialize_entry("x", &p.x)?;
        m.serialize_entry("y", &p.y)?;
        m.end()
    }
}

struct StatsJson<'a>(&'a PlayerStats);

impl serde::Serialize for StatsJson<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let p = self.0;
        let mut m = s.serialize_map(Some(7))?;
        m.serialize_entry(
            "average_frame_response_time",
            &p.average_frame_response_time,
        )?;
        m.serialize_entry("damage_dealt", &p.damage_dealt)?;
        m.serialize_entry("init_response_time", &p.init_response_time)?;
        m.serialize_entry("last_frame_alive", &p.last_frame_alive)?;
        m.serialize_entry("max_frame_response_time", &p.max_frame_response_time)?;
        m.serialize_entry("rank", &p.rank)?;
        m.serialize_entry("total_ship_count", &p.total_ship_count)?;
        m.end()
    }
}

struct FrameJson<'a>(&'a Frame);

impl serde::Serialize for FrameJson<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let f = self.0;
        let mut m = s.serialize_map(None)?;
        if let Some(ev) = &f.events {
            m.serialize_entry("events", &Seq(ev, EventJson))?;
        }
        m.serialize_entry("planets", &ById(&f.planets, |p| p.id, PlanetJson))?;
        m.serialize_entry("ships", &ByIndex(&f.ships, ships_json))?;
        m.end()
    }
}

/// One player's ships, keyed by id.
#[allow(clippy::ptr_arg)] // a `fn(&Vec<ShipRecord>)`: what `ByIndex` maps `Frame::ships`'s items with
fn ships_json(per: &Vec<ShipRecord>) -> ById<'_, ShipRecord, ShipJson<'_>> {
    ById(per, |s| s.id, ShipJson)
}

struct PlanetJson<'a>(&'a PlanetRecord);

impl serde::Serialize for PlanetJson<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let p = self.0;
        let mut m = s.serialize_map(Some(6))?;
        m.serialize_entry("current_production", &p.current_production)?;
        m.serialize_entry("docked_ships", &p.docked_ships)?;
        m.serialize_entry("health", &p.health)?;
        m.serialize_entry("id", &p.id)?;
        m.serialize_entry("owner", &p.owner)?;
        m.serialize_entry("remaining_production", &p.remaining_production)?;
        m.end()
    }
}

struct ShipJson<'a>(&'a ShipRecord);

impl serde::Serialize for ShipJson<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let sh = self.0;
        let mut m = s.serialize_map(Some(9))?;
        m.serialize_entry("cooldown", &sh.cooldown)?;
        m.serialize_entry("docking", &DockingJson(sh))?;
        m.serialize_entry("health", &sh.health)?;
        m.serialize_entry("id", &sh.id)?;
        m.serialize_entry("owner", &sh.owner)?;
        m.serialize_entry("vel_x", &sh.vel_x)?;
        m.serialize_entry("vel_y", &sh.vel_y)?;
        m.serialize_entry("x", &sh.x)?;
        m.serialize_entry("y", &sh.y)?;
        m.end()
    }
}

/// A ship's `docking`: `{planet_id?, status, turns_left?}`.
struct DockingJson<'a>(&'a ShipRecord);

impl serde::Serialize for DockingJson<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let sh = self.0;
        let mut m = s.serialize_map(None)?;
        if let Some(planet) = sh.planet {
            m.serialize_entry("planet_id", &planet)?;
        }
        m.serialize_entry("status", sh.status.name())?;
        if let Some(t) = sh.turns_left {
            m.serialize_entry("turns_left", &t)?;
        }
        m.end()
    }
}

/// One turn's moves: `{"0": [{ship id: command}], ..., "3": [...]}`, all four players always.
struct MovesJson<'a>(&'a [Vec<ShipCommand>]);

impl serde::Serialize for MovesJson<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut m = s.serialize_map(Some(4))?;
        for p in 0..4 {
            let list = self.0.get(p).map(Vec::as_slice).unwrap_or(&[]);
            let commands: Vec<CommandJson> = list.iter().map(|c| CommandJson(p, c)).collect();
            m.serialize_entry(&p.to_string(), &[ById(&commands, |c| c.1.ship, |c| c)])?;
        }
        m.end()
    }
}

/// A command: `{angle?, magnitude?, owner, planet_id?, queue_number: 0, shipId, type}`.
struct CommandJson<'a>(usize, &'a ShipCommand);

impl serde::Serialize for CommandJson<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let CommandJson(owner, c) = *self;
        let mut m = s.serialize_map(None)?;
        if let Command::Thrust { magnitude, angle } = c.command {
            m.serialize_entry("angle", &angle)?;
            m.serialize_entry("magnitude", &magnitude)?;
        }
        m.serialize_entry("owner", &owner)?;
        if let Command::Dock { planet } = c.command {
            m.serialize_entry("planet_id", &planet)?;
        }
        m.serialize_entry("queue_number", &0)?;
        m.serialize_entry("shipId", &c.ship)?;
        let kind = match c.command {
            Command::Thrust { .. } => "thrust",
            Command::Dock { .. } => "dock",
            Command::Undock => "undock",
        };
        m.serialize_entry("type", kind)?;
        m.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_constants_are_in_the_form_a_read_replay_holds() {
        let value: Value = serde_json::from_str(DEFAULT_CONSTANTS).unwrap();
        assert_eq!(JsonText::of(&value), default_constants());
        assert_eq!(value["MAX_TURNS"], 300);
        assert_eq!(value["DOCK_RADIUS"], 4.0);
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod props {
    use super::format_double;
    use proptest::prelude::*;

    /// `%.17g` with `.0` added to integers, by Rust's two exact formatters: the form the
    /// reference's replays are checked against, written the long way.
    fn printf_17g(v: f64) -> String {
        if !v.is_finite() {
            return "null".into();
        }
        if v == 0.0 {
            return if v.is_sign_negative() { "-0.0" } else { "0.0" }.into();
        }
        let sci = format!("{v:.16e}");
        let (mantissa, exp) = sci.split_once('e').unwrap();
        let exp: i32 = exp.parse().unwrap();
        let trim = |t: &str| -> String {
            if t.contains('.') {
                t.trim_end_matches('0').trim_end_matches('.').to_string()
            } else {
                t.to_string()
            }
        };
        let s = if !(-4..17).contains(&exp) {
            let sign = if exp < 0 { '-' } else { '+' };
            format!("{}e{sign}{:02}", trim(mantissa), exp.abs())
        } else {
            let decimals = (16 - exp).max(0) as usize;
            trim(&format!("{v:.decimals$}"))
        };
        if s.contains(['.', 'e']) {
            s
        } else {
            s + ".0"
        }
    }

    #[test]
    fn doubles_at_the_edges_of_each_form() {
        for v in [
            1.0,
            -1.0,
            0.1,
            0.5,
            1e-4,
            9.99999999999999e-5,
            1e-5,
            0.00012345,
            1e16,
            1e17,
            9.999999999999999e16,
            123456789012345680.0,
            2.5,
            1.0 / 3.0,
            -2.0 / 3.0,
            5e-324,
            f64::MAX,
            f64::MIN_POSITIVE,
            239.99999999999997,
            4.0,
            10.0,
            100.5,
        ] {
            assert_eq!(format_double(v), printf_17g(v), "{v:e}");
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 5000, ..ProptestConfig::default() })]

        #[test]
        fn writes_every_double_as_printf_does(bits in any::<u64>(), small in -1e6f64..1e6) {
            let v = f64::from_bits(bits);
            prop_assert_eq!(format_double(v), printf_17g(v));
            prop_assert_eq!(format_double(small), printf_17g(small));
        }
    }
}
