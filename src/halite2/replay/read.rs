//! Reading a replay: the zstd frame undone (within [`MAX_REPLAY_BYTES`]), the JSON checked
//! field by field, every fault named with its place.

use super::*;
use std::io::Read;

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
}
