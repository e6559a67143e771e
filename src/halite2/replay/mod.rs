//! Halite II replays (`.hlt`): one JSON document, either plain or in one zstd frame, as the
//! reference engine writes them (`docs/rules-halite2.md#replays`).
//!
//! Reading checks the schema and names what is wrong and where (`frames[12].ships.0.7.health:
//! expected an integer`). Writing gives the reference's bytes exactly (keys sorted, every
//! player key present, doubles as `%.17g`: all 13 conformance replays write back identical);
//! the compressed form is one zstd frame, written by the crate's own writer (`crate::zstd`): no
//! larger than the reference's own files for the same game. The page keeps its own games
//! (the arena's, a game to continue) at ruzstd's fastest level instead, written in a few
//! milliseconds.
//!
//! [`read`] takes a file apart and checks it; [`write`] puts a replay back into the
//! reference's bytes. This module holds what both share: the records and the constants.

use super::entities::{DockingStatus, EntityId};
use super::events::Event;
use crate::env::record::JsonText;
use serde_json::{Map, Value};

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
    pub docked_ships: ShipIds,
    pub current_production: u32,
    pub remaining_production: u32,
}

/// A short list of ship ids (a planet's docked ships, in docking order): up to
/// [`ShipIds::INLINE`] held in place, so a frame's planets need no allocation each; longer lists
/// (a planet of more spots, or a replay's) on the heap. It reads as a `[u32]`, compares by its
/// ids whichever way they are held, and (de)serializes as a sequence of ids, as a `Vec<u32>`.
#[derive(Clone)]
pub struct ShipIds(IdsRepr);

#[derive(Clone)]
enum IdsRepr {
    Inline {
        len: u8,
        ids: [u32; ShipIds::INLINE],
    },
    Heap(Vec<u32>),
}

impl ShipIds {
    /// Ids held without allocation (a planet of radius up to 12 has at most 4 spots).
    pub const INLINE: usize = 4;

    pub fn new() -> ShipIds {
        ShipIds(IdsRepr::Inline {
            len: 0,
            ids: [0; ShipIds::INLINE],
        })
    }

    pub fn as_slice(&self) -> &[u32] {
        match &self.0 {
            IdsRepr::Inline { len, ids } => &ids[..usize::from(*len)],
            IdsRepr::Heap(v) => v,
        }
    }

    pub fn push(&mut self, id: u32) {
        match &mut self.0 {
            IdsRepr::Inline { len, ids } if usize::from(*len) < ShipIds::INLINE => {
                ids[usize::from(*len)] = id;
                *len += 1;
            }
            IdsRepr::Inline { len, ids } => {
                let mut v = ids[..usize::from(*len)].to_vec();
                v.push(id);
                self.0 = IdsRepr::Heap(v);
            }
            IdsRepr::Heap(v) => v.push(id),
        }
    }
}

impl Default for ShipIds {
    fn default() -> ShipIds {
        ShipIds::new()
    }
}

impl std::ops::Deref for ShipIds {
    type Target = [u32];
    fn deref(&self) -> &[u32] {
        self.as_slice()
    }
}

impl From<&[u32]> for ShipIds {
    fn from(ids: &[u32]) -> ShipIds {
        if ids.len() <= ShipIds::INLINE {
            let mut inline = [0; ShipIds::INLINE];
            // (Element by element: a copy of a length known only now is a library call.)
            for (slot, &id) in inline.iter_mut().zip(ids) {
                *slot = id;
            }
            ShipIds(IdsRepr::Inline {
                len: ids.len() as u8,
                ids: inline,
            })
        } else {
            ShipIds(IdsRepr::Heap(ids.to_vec()))
        }
    }
}

impl From<Vec<u32>> for ShipIds {
    fn from(ids: Vec<u32>) -> ShipIds {
        if ids.len() <= ShipIds::INLINE {
            ShipIds::from(ids.as_slice())
        } else {
            ShipIds(IdsRepr::Heap(ids))
        }
    }
}

impl FromIterator<u32> for ShipIds {
    fn from_iter<I: IntoIterator<Item = u32>>(iter: I) -> ShipIds {
        let mut ids = ShipIds::new();
        for id in iter {
            ids.push(id);
        }
        ids
    }
}

impl<'a> IntoIterator for &'a ShipIds {
    type Item = &'a u32;
    type IntoIter = std::slice::Iter<'a, u32>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

impl PartialEq for ShipIds {
    fn eq(&self, other: &ShipIds) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for ShipIds {}

impl PartialEq<Vec<u32>> for ShipIds {
    fn eq(&self, other: &Vec<u32>) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl PartialEq<[u32]> for ShipIds {
    fn eq(&self, other: &[u32]) -> bool {
        self.as_slice() == other
    }
}

impl std::fmt::Debug for ShipIds {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl serde::Serialize for ShipIds {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.as_slice().serialize(s)
    }
}

impl<'de> serde::Deserialize<'de> for ShipIds {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<ShipIds, D::Error> {
        Vec::<u32>::deserialize(d).map(ShipIds::from)
    }
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

mod read;
mod write;

pub use read::{decompress, looks_like};
pub use write::{event_json, format_double, EventJson, ReplayJson};

impl Replay {
    pub fn num_frames(&self) -> usize {
        self.frames.len()
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

    #[test]
    fn ship_ids_read_and_write_as_a_vec_of_ids() {
        for n in 0..=2 * ShipIds::INLINE + 1 {
            let v: Vec<u32> = (0..n as u32).map(|i| 7 * i + 3).collect();
            let mut pushed = ShipIds::new();
            for &id in &v {
                pushed.push(id);
            }
            let from_slice = ShipIds::from(v.as_slice());
            let from_vec = ShipIds::from(v.clone());
            let collected: ShipIds = v.iter().copied().collect();
            for ids in [&pushed, &from_slice, &from_vec, &collected] {
                assert_eq!(ids.as_slice(), v.as_slice());
                assert_eq!(*ids, v);
                assert_eq!(ids, &pushed);
                assert_eq!(ids.len(), n);
                assert_eq!(format!("{ids:?}"), format!("{v:?}"));
                assert_eq!(
                    serde_json::to_string(ids).unwrap(),
                    serde_json::to_string(&v).unwrap()
                );
                let back: ShipIds =
                    serde_json::from_str(&serde_json::to_string(&v).unwrap()).unwrap();
                assert_eq!(&back, ids);
            }
        }
        assert_eq!(ShipIds::default(), ShipIds::new());
        assert!(ShipIds::new().is_empty());
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
