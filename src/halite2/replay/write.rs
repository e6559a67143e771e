//! Writing a replay: the reference's JSON byte for byte (keys sorted, every player key
//! present, doubles as `%.17g`), plain or in one zstd frame.

use super::*;

impl Replay {
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
        compress(&with_members(self.to_plain_bytes(), members))
    }

    /// As [`Replay::to_zstd_bytes_with`], written fast rather than small (ruzstd's fastest
    /// level, about 2.2 times the size): for the games the page keeps in the browser (the
    /// arena's, a game to continue), written again and again while a person waits for
    /// something else.
    pub fn to_zstd_bytes_to_keep(&self, members: &[u8]) -> Vec<u8> {
        ruzstd::encoding::compress_to_vec(
            &with_members(self.to_plain_bytes(), members)[..],
            ruzstd::encoding::CompressionLevel::Fastest,
        )
    }
}

/// `plain` JSON with `members` added before its closing brace.
fn with_members(mut plain: Vec<u8>, members: &[u8]) -> Vec<u8> {
    if !members.is_empty() && plain.last() == Some(&b'}') {
        plain.pop();
        plain.push(b',');
        plain.extend_from_slice(members);
        plain.push(b'}');
    }
    plain
}

/// The JSON in one zstd frame, as small as the crate's writer makes it: no larger than the
/// reference's own files (`docs/performance.md#replay-sizes`).
fn compress(plain: &[u8]) -> Vec<u8> {
    crate::zstd::compress(plain)
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
