//! Halite II for JavaScript: [`Halite2Replay`] and [`Halite2Game`].
//!
//! * [`Halite2Replay`]: a replay loaded from bytes (a zstd `.hlt` or its plain JSON), each
//!   frame's ships and planets read through `Float64Array` views over wasm memory (fixed
//!   strides, below), the events of a turn, the standings, statistics series (as the engine
//!   gives them when it follows the record) and a re-check of the whole replay against the
//!   rules.
//! * [`Halite2Game`]: a live game made from a config and a seed or forked from a replay at any
//!   frame, stepped with every seat's commands at once (flat numbers, or the original text
//!   protocol's command lines).
//!
//! Frame views, one row per ship (sorted by owner, then id) and per living planet (by id):
//! * ship row ([`SHIP_STRIDE`] = 10): id, owner, x, y, vel_x, vel_y, health, status (0
//!   undocked, 1 docking, 2 docked, 3 undocking), planet (-1 if none), turns left (-1 if none);
//! * planet row ([`PLANET_STRIDE`] = 10): id, x, y, radius, health, owner (-1 if none),
//!   docked ships, docking spots, current production, remaining production.
//!
//! [`halite2_row_layout`] (`halite2RowLayout()`, also `Halite2Replay.rowLayout()` and
//! `Halite2Game.rowLayout()`) gives these layouts, and those of the rows the page builds
//! (motion, events) and of the commands `Halite2Game.step` takes, by name.
//!
//! Statistics series (`seriesNames()` on either handle: ships, planets, docked, health,
//! produced, damage, attacks; see [`crate::halite2::stats`]) come seat-major per series
//! (`series(name)`, `seriesArray(name)`), or every series from a frame on (`seriesFrom(k)`), so
//! a live game's page takes only the new frames.

use super::{game_accessors, js_error, shared_accessors, to_js, HoldsGame, HoldsReplay};
use crate::env::Game as _;
use crate::halite2::answer::{command_row, read_answer, read_rows, AnswerError, Js};
use crate::halite2::follow::{initial_game, replay_turn};
use crate::halite2::observe::Observation;
use crate::halite2::protocol::parse_commands;
use crate::halite2::replay::{EventJson, Frame, Replay};
use crate::halite2::stats::{standings, Series, FRAME_SERIES, SERIES};
use crate::halite2::verify::{replay_series, verify};
use crate::halite2::{Game, GameConfig, ShipCommand};
use js_sys::{Float64Array, Uint32Array};
use wasm_bindgen::prelude::*;

// A seat's observation as the object a bot receives: the object `Observation::encode`'s JSON
// stands for (the same keys in the same order), made from the observation's numbers in one call
// (`observation_rows`) instead of through its text, for the live turn's speed. Nothing is
// computed here: which ships, which planets, their order and the docked lists are the
// observation's own.
#[wasm_bindgen(inline_js = r#"
const DOCKING = ['undocked', 'docking', 'docked', 'undocking'];
export function halite2ObservationObject(r) {
  const ships = [];
  const planets = [];
  const nShips = r[5];
  const nPlanets = r[6];
  let o = 7;
  for (let i = 0; i < nShips; i++, o += 8) {
    const planet = r[o + 6];
    ships.push({ id: r[o], owner: r[o + 1], x: r[o + 2], y: r[o + 3], health: r[o + 4], docking: DOCKING[r[o + 5]], planet: planet >= 0 ? planet : null, dockingProgress: r[o + 7] });
  }
  for (let i = 0; i < nPlanets; i++) {
    const owner = r[o + 6];
    const dockedShips = [];
    const n = r[o + 9];
    for (let k = 0; k < n; k++) dockedShips.push(r[o + 10 + k]);
    planets.push({ id: r[o], x: r[o + 1], y: r[o + 2], radius: r[o + 3], health: r[o + 4], dockingSpots: r[o + 5], owner: owner >= 0 ? owner : null, dockedShips, production: r[o + 7], remainingProduction: r[o + 8] });
    o += 10 + n;
  }
  return { game: 'halite2', myId: r[0], turn: r[1], width: r[2], height: r[3], players: r[4], ships, planets };
}
"#)]
extern "C" {
    #[wasm_bindgen(js_name = halite2ObservationObject)]
    fn observation_object(rows: &[f64]) -> JsValue;
}

/// An observation's numbers for [`observation_object`]: myId, turn, width, height, players,
/// the ship count and the planet count; per ship id, owner, x, y, health, docking (0 undocked,
/// 1 docking, 2 docked, 3 undocking), planet (-1 none), docking progress; per planet id, x, y,
/// radius, health, docking spots, owner (-1 none), production, remaining production, the
/// docked count and the docked ids.
fn observation_rows(o: &Observation) -> Vec<f64> {
    let mut r = Vec::with_capacity(7 + 8 * o.ships.len() + 16 * o.planets.len());
    r.extend_from_slice(&[
        o.my_id as f64,
        f64::from(o.turn),
        f64::from(o.width),
        f64::from(o.height),
        o.players as f64,
        o.ships.len() as f64,
        o.planets.len() as f64,
    ]);
    for s in &o.ships {
        r.extend_from_slice(&[
            f64::from(s.id),
            f64::from(s.owner),
            s.x,
            s.y,
            f64::from(s.health),
            f64::from(s.docking as u8),
            s.planet.map_or(-1.0, f64::from),
            f64::from(s.docking_progress),
        ]);
    }
    for p in &o.planets {
        r.extend_from_slice(&[
            f64::from(p.id),
            p.x,
            p.y,
            p.radius,
            f64::from(p.health),
            f64::from(p.docking_spots),
            p.owner.map_or(-1.0, f64::from),
            f64::from(p.production),
            f64::from(p.remaining_production),
            p.docked_ships.len() as f64,
        ]);
        r.extend(p.docked_ships.iter().map(|&id| f64::from(id)));
    }
    r
}

/// Numbers per ship row of a frame view.
pub const SHIP_STRIDE: usize = 10;
/// Numbers per planet row of a frame view.
pub const PLANET_STRIDE: usize = 10;
/// The fields of a ship row, in order.
pub const SHIP_FIELDS: [&str; SHIP_STRIDE] = [
    "id",
    "owner",
    "x",
    "y",
    "velX",
    "velY",
    "health",
    "status",
    "planet",
    "turnsLeft",
];
/// The fields of a planet row, in order.
pub const PLANET_FIELDS: [&str; PLANET_STRIDE] = [
    "id",
    "x",
    "y",
    "radius",
    "health",
    "owner",
    "docked",
    "spots",
    "production",
    "remaining",
];
/// Ship status codes (`status` of a ship row), by code.
pub const DOCKING_STATUSES: [&str; 4] = ["undocked", "docking", "docked", "undocking"];
/// Numbers per motion row the page builds (one per ship row of frame t): where the ship is at
/// the end of turn t, and when it gets there (0..1).
pub const MOTION_STRIDE: usize = 3;
pub const MOTION_FIELDS: [&str; MOTION_STRIDE] = ["x", "y", "end"];
/// Numbers per event row the page builds: kind, time (0..1 within the turn), x, y, owner (-1:
/// none), id, a, b. attack: the attacker at (x, y), one row per target, (a, b) the target's
/// position then; destroyed: a = radius, b = 0 for a ship, 1 for a planet; spawned: the new
/// ship at (x, y), (a, b) the planet's centre.
pub const EVENT_STRIDE: usize = 8;
pub const EVENT_FIELDS: [&str; EVENT_STRIDE] = ["kind", "time", "x", "y", "owner", "id", "a", "b"];
/// Event row kinds, by code.
pub const EVENT_KINDS: [&str; 3] = ["attack", "destroyed", "spawned"];
/// Numbers per command `Halite2Game.step` takes: seat, ship, kind, a, b (thrust: a =
/// magnitude, b = angle; dock: a = planet). `halite2ParseCommands` gives the same without the
/// seat.
pub const COMMAND_STRIDE: usize = 5;
pub const COMMAND_FIELDS: [&str; COMMAND_STRIDE] = ["seat", "ship", "kind", "a", "b"];
/// Command kinds, by code.
pub const COMMAND_KINDS: [&str; 3] = ["thrust", "dock", "undock"];

/// Names by code, written as a map from each name to its code (its index).
struct Codes(&'static [&'static str]);

impl serde::Serialize for Codes {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.0.iter().enumerate().map(|(i, n)| (n, i)))
    }
}

/// One row layout: numbers per row, the fields in order, each field's offset by name, and the
/// codes of its kinds (if it has any).
#[derive(serde::Serialize)]
struct Layout {
    stride: usize,
    names: &'static [&'static str],
    offsets: Codes,
    #[serde(skip_serializing_if = "Option::is_none")]
    kinds: Option<Codes>,
}

fn layout(fields: &'static [&'static str], kinds: &'static [&'static str]) -> Layout {
    Layout {
        stride: fields.len(),
        names: fields,
        offsets: Codes(fields),
        kinds: (!kinds.is_empty()).then_some(Codes(kinds)),
    }
}

#[derive(serde::Serialize)]
struct Docking {
    names: &'static [&'static str],
    codes: Codes,
}

#[derive(serde::Serialize)]
struct RowLayouts {
    ship: Layout,
    planet: Layout,
    motion: Layout,
    event: Layout,
    command: Layout,
    docking: Docking,
}

fn row_layout() -> Result<JsValue, JsError> {
    to_js(&RowLayouts {
        ship: layout(&SHIP_FIELDS, &[]),
        planet: layout(&PLANET_FIELDS, &[]),
        motion: layout(&MOTION_FIELDS, &[]),
        event: layout(&EVENT_FIELDS, &EVENT_KINDS),
        command: layout(&COMMAND_FIELDS, &COMMAND_KINDS),
        docking: Docking {
            names: &DOCKING_STATUSES,
            codes: Codes(&DOCKING_STATUSES),
        },
    })
}

/// The row layouts by name: `{ship, planet, motion, event, command}`, each `{stride, names,
/// offsets, kinds?}` (`names[i]` is at offset `i`; `offsets[name]` is its offset; `kinds[name]`
/// is a kind's code: events `attack` 0, `destroyed` 1, `spawned` 2; commands `thrust` 0, `dock`
/// 1, `undock` 2), and `docking: {names, codes}` (ship status codes).
#[wasm_bindgen(js_name = halite2RowLayout)]
pub fn halite2_row_layout() -> Result<JsValue, JsError> {
    row_layout()
}

fn series_index(name: &str) -> Result<usize, JsError> {
    Series::index_of(name).ok_or_else(|| {
        JsError::new(&format!(
            "unknown series {name:?} (the series: {})",
            SERIES.join(", ")
        ))
    })
}

fn series_names() -> Vec<String> {
    SERIES.iter().map(|s| s.to_string()).collect()
}

fn series_f64(series: &Series, name: &str) -> Result<Float64Array, JsError> {
    let flat: Vec<f64> = series
        .all_players(series_index(name)?)
        .into_iter()
        .map(f64::from)
        .collect();
    Ok(Float64Array::from(flat.as_slice()))
}

fn series_u32(series: &Series, name: &str) -> Result<Uint32Array, JsError> {
    Ok(Uint32Array::from(
        series.all_players(series_index(name)?).as_slice(),
    ))
}

/// Every frame's ships and planets as flat rows, frame after frame, with where each frame
/// starts (one more entry than frames).
#[derive(Default)]
struct FrameRows {
    ships: Vec<f64>,
    ship_start: Vec<usize>,
    planets: Vec<f64>,
    planet_start: Vec<usize>,
}

impl FrameRows {
    fn new(replay: &Replay) -> FrameRows {
        let mut rows = FrameRows {
            ship_start: vec![0],
            planet_start: vec![0],
            ..FrameRows::default()
        };
        for f in &replay.frames {
            rows.push(f, replay);
        }
        rows
    }

    fn push(&mut self, f: &Frame, replay: &Replay) {
        for s in f.ships.iter().flatten() {
            self.ships.extend_from_slice(&[
                f64::from(s.id),
                f64::from(s.owner),
                s.x,
                s.y,
                s.vel_x,
                s.vel_y,
                f64::from(s.health),
                f64::from(s.status as u8),
                s.planet.map_or(-1.0, f64::from),
                s.turns_left.map_or(-1.0, f64::from),
            ]);
        }
        self.ship_start.push(self.ships.len());
        for p in &f.planets {
            let header = replay.planets.get(p.id as usize);
            self.planets.extend_from_slice(&[
                f64::from(p.id),
                header.map_or(0.0, |h| h.x),
                header.map_or(0.0, |h| h.y),
                header.map_or(0.0, |h| h.r),
                f64::from(p.health),
                p.owner.map_or(-1.0, f64::from),
                p.docked_ships.len() as f64,
                header.map_or(0.0, |h| f64::from(h.docking_spots)),
                f64::from(p.current_production),
                f64::from(p.remaining_production),
            ]);
        }
        self.planet_start.push(self.planets.len());
    }

    fn frames(&self) -> usize {
        self.ship_start.len().saturating_sub(1)
    }

    fn rows(data: &[f64], starts: &[usize], t: usize) -> Result<Float64Array, JsError> {
        let (Some(&a), Some(&b)) = (starts.get(t), starts.get(t + 1)) else {
            return Err(JsError::new(&format!(
                "frame {t} is out of range (0 to {})",
                starts.len().saturating_sub(2)
            )));
        };
        let slice = data
            .get(a..b)
            .ok_or_else(|| JsError::new("frame out of range"))?;
        // SAFETY: the view aliases memory owned by the handle; callers read it before calling
        // into the module again (memory growth detaches it).
        Ok(unsafe { Float64Array::view(slice) })
    }
}

fn events_of(replay: &Replay, t: usize) -> Result<JsValue, JsError> {
    let frame = replay
        .frames
        .get(t)
        .ok_or_else(|| JsError::new(&format!("frame {t} is out of range")))?;
    let list: Vec<EventJson> = frame
        .events
        .as_deref()
        .unwrap_or(&[])
        .iter()
        .map(EventJson)
        .collect();
    to_js(&list)
}

/// Names of the Halite II statistics series a frame alone gives (ships, planets, docked,
/// health), the first of `seriesNames()` on either handle.
#[wasm_bindgen(js_name = halite2SeriesNames)]
pub fn halite2_series_names() -> Vec<String> {
    SERIES
        .iter()
        .take(FRAME_SERIES)
        .map(|s| s.to_string())
        .collect()
}

/// Reads one command line of the original protocol (`t SHIP THRUST ANGLE`, `d SHIP PLANET`,
/// `u SHIP`) into flat numbers as `Halite2Game.step` takes them (without the seat); an error
/// says why the reference would eject the bot.
#[wasm_bindgen(js_name = halite2ParseCommands)]
pub fn halite2_parse_commands(line: &str) -> Result<Vec<f64>, JsError> {
    let cmds = parse_commands(line.as_bytes()).map_err(js_error)?;
    // The command rows without their seat.
    Ok(cmds
        .iter()
        .flat_map(|c| command_row(0, c).into_iter().skip(1))
        .collect())
}

impl Halite2Replay {
    /// The recorded moves of the turns between two frames.
    fn recorded_turns(&self) -> impl Iterator<Item = &Vec<Vec<ShipCommand>>> {
        let turns = self.replay.frames.len().saturating_sub(1);
        self.replay.moves.iter().take(turns)
    }
}

/// A Halite II replay held in wasm memory.
#[wasm_bindgen]
pub struct Halite2Replay {
    replay: Replay,
    rows: FrameRows,
    /// The statistics series, computed the first time they are asked for.
    series: std::cell::OnceCell<Series>,
}

impl Halite2Replay {
    fn held_series(&self) -> &Series {
        self.series.get_or_init(|| replay_series(&self.replay))
    }
}

impl HoldsReplay for Halite2Replay {
    type Replay = Replay;
    fn held_replay(&self) -> &Replay {
        &self.replay
    }
}

shared_accessors!(Halite2Replay);

#[wasm_bindgen]
impl Halite2Replay {
    /// A replay from its record (`Halite2Files.read` gives the record of a replay file).
    #[wasm_bindgen(js_name = fromRecord)]
    pub fn from_record(record: &[u8]) -> Result<Halite2Replay, JsError> {
        let replay = <Replay as crate::env::ReplayFile>::from_record(record).map_err(js_error)?;
        let rows = FrameRows::new(&replay);
        Ok(Halite2Replay {
            replay,
            rows,
            series: std::cell::OnceCell::new(),
        })
    }

    /// Frame `t`'s ships, `SHIP_STRIDE` numbers each (a view: read it at once).
    pub fn ships(&self, t: usize) -> Result<Float64Array, JsError> {
        FrameRows::rows(&self.rows.ships, &self.rows.ship_start, t)
    }

    /// Frame `t`'s living planets, `PLANET_STRIDE` numbers each (a view: read it at once).
    pub fn planets(&self, t: usize) -> Result<Float64Array, JsError> {
        FrameRows::rows(&self.rows.planets, &self.rows.planet_start, t)
    }

    /// The ids docked to planet `planet` in frame `t`, in docking order (a copy).
    #[wasm_bindgen(js_name = dockedShips)]
    pub fn docked_ships(&self, t: usize, planet: u32) -> Result<Uint32Array, JsError> {
        let frame = self
            .replay
            .frames
            .get(t)
            .ok_or_else(|| JsError::new(&format!("frame {t} is out of range")))?;
        let list = frame
            .planets
            .iter()
            .find(|p| p.id == planet)
            .map(|p| p.docked_ships.clone())
            .unwrap_or_default();
        Ok(Uint32Array::from(list.as_slice()))
    }

    /// The events of the turn after frame `t` (as the replay writes them: `destroyed`,
    /// `attack`, `spawned`, `contention`; none after the last frame).
    pub fn events(&self, t: usize) -> Result<JsValue, JsError> {
        events_of(&self.replay, t)
    }

    /// The moves the replay recorded, as command rows (`rowLayout().command`: seat, ship, kind,
    /// a, b): turn after turn (the turn after frame 0 first), each turn's seats in order and each
    /// seat's ships by id. `recordedMoveCounts()` says how many rows each turn has.
    #[wasm_bindgen(js_name = recordedMoves)]
    pub fn recorded_moves(&self) -> Float64Array {
        let mut rows = Vec::new();
        for turn in self.recorded_turns() {
            for (seat, list) in turn.iter().enumerate() {
                rows.extend(list.iter().flat_map(|c| command_row(seat, c)));
            }
        }
        Float64Array::from(rows.as_slice())
    }

    /// How many rows of `recordedMoves()` each turn has, one count per turn between two frames
    /// (`numFrames - 1`; 0 for a turn the replay recorded no moves for).
    #[wasm_bindgen(js_name = recordedMoveCounts)]
    pub fn recorded_move_counts(&self) -> Uint32Array {
        let turns = self.replay.frames.len().saturating_sub(1);
        let mut counts: Vec<u32> = self
            .recorded_turns()
            .map(|turn| turn.iter().map(|l| l.len() as u32).sum())
            .collect();
        counts.resize(turns, 0);
        Uint32Array::from(counts.as_slice())
    }

    /// The initial planets `[{id, x, y, r, health, docking_spots, production}]`.
    #[wasm_bindgen(js_name = planetHeaders)]
    pub fn planet_headers(&self) -> Result<JsValue, JsError> {
        to_js(&self.replay.planets)
    }

    #[wasm_bindgen(getter)]
    pub fn seed(&self) -> u32 {
        self.replay.seed
    }

    /// Final standings in seat order: `[{seat, name, rank, lastFrameAlive, shipsProduced,
    /// damageDealt}]`.
    pub fn standings(&self) -> Result<JsValue, JsError> {
        to_js(&standings(&self.replay))
    }

    /// A statistics series (see `seriesNames()`), seat-major:
    /// `values[seat * numFrames + frame]` (a copy). The series are the engine's as it follows
    /// the record (computed once, on the first call of any series method).
    pub fn series(&self, name: &str) -> Result<Float64Array, JsError> {
        series_f64(self.held_series(), name)
    }

    /// The names of the statistics series, in order: ships, planets, docked, health, produced,
    /// damage, attacks.
    #[wasm_bindgen(js_name = seriesNames)]
    pub fn series_names(&self) -> Vec<String> {
        series_names()
    }

    /// A statistics series as `series(name)` gives it, as a `Uint32Array` (a copy).
    #[wasm_bindgen(js_name = seriesArray)]
    pub fn series_array(&self, name: &str) -> Result<Uint32Array, JsError> {
        series_u32(self.held_series(), name)
    }

    /// Every statistics series from frame `from` on, one flat copy: for each series (in the
    /// order of `seriesNames()`), for each seat, the values of frames `from..numFrames`:
    /// `values[(series * players + seat) * n + (frame - from)]`, `n = numFrames - from` (empty
    /// if `from >= numFrames`).
    #[wasm_bindgen(js_name = seriesFrom)]
    pub fn series_from(&self, from: usize) -> Uint32Array {
        Uint32Array::from(self.held_series().from_frame(from).as_slice())
    }

    /// The row layouts (see `halite2RowLayout()`).
    #[wasm_bindgen(js_name = rowLayout)]
    pub fn row_layout() -> Result<JsValue, JsError> {
        row_layout()
    }

    /// Damage dealt by each seat up to each frame, as the engine credits it (64 a shot, and the
    /// health of what a ship rams), seat-major: `values[seat * numFrames + frame]`. The replay
    /// stores only the final totals, so the game is re-simulated; an error if it does not
    /// follow the rules.
    #[wasm_bindgen(js_name = damageSeries)]
    pub fn damage_series(&self) -> Result<Float64Array, JsError> {
        let replay = &self.replay;
        let frames = replay.frames.len();
        let players = replay.num_players;
        let mut out = vec![0.0; frames * players];
        let mut game = initial_game(replay).map_err(js_error)?;
        for turn in 1..frames {
            replay_turn(&mut game, replay, turn).map_err(js_error)?;
            for r in game.results() {
                if let Some(v) = out.get_mut(r.seat * frames + turn) {
                    *v = r.score.damage_dealt as f64;
                }
            }
        }
        Ok(Float64Array::from(out.as_slice()))
    }

    /// Re-simulates the replay bit for bit: `{ok: true}` or `{ok: false, frame, message}`.
    pub fn verify(&self) -> Result<JsValue, JsError> {
        #[derive(serde::Serialize)]
        struct Verdict {
            ok: bool,
            unfinished: bool,
            frame: Option<usize>,
            message: Option<String>,
        }
        let v = match verify(&self.replay) {
            Ok(()) => Verdict {
                ok: true,
                unfinished: false,
                frame: None,
                message: None,
            },
            Err(m) => Verdict {
                ok: false,
                unfinished: m.unfinished,
                frame: m.frame,
                message: Some(m.to_string()),
            },
        };
        to_js(&v)
    }
}

/// A live Halite II game in wasm memory.
#[wasm_bindgen]
pub struct Halite2Game {
    game: Game,
    rows: FrameRows,
    /// The commands of an answer being checked (reused).
    scratch: Vec<ShipCommand>,
    /// Per seat, the commands `acceptAnswer` kept for `stepAccepted`.
    accepted: Vec<Vec<ShipCommand>>,
}

impl Halite2Game {
    fn wrap(game: Game) -> Halite2Game {
        let rows = FrameRows::new(game.replay());
        let seats = game.players();
        Halite2Game {
            game,
            accepted: vec![Vec::new(); seats],
            rows,
            scratch: Vec::new(),
        }
    }
}

impl HoldsReplay for Halite2Game {
    type Replay = Replay;
    fn held_replay(&self) -> &Replay {
        self.game.replay()
    }
}

impl HoldsGame for Halite2Game {
    type Game = Game;
    fn held_game(&self) -> &Game {
        &self.game
    }
    fn held_game_mut(&mut self) -> &mut Game {
        &mut self.game
    }
}

shared_accessors!(Halite2Game);
game_accessors!(Halite2Game);

#[wasm_bindgen]
impl Halite2Game {
    /// A new game from `{width, height, players (1, 2 or 4), seed, playerNames?}`.
    #[wasm_bindgen(constructor)]
    pub fn new(config: JsValue) -> Result<Halite2Game, JsError> {
        let config: GameConfig = serde_wasm_bindgen::from_value(config)
            .map_err(|e| JsError::new(&format!("invalid game config: {e}")))?;
        Game::new(&config).map(Halite2Game::wrap).map_err(js_error)
    }

    /// The recorded game as it was after frame `frame`, re-simulated from frame 0 (positions
    /// carry extended precision, so a fork is exact only this way).
    #[wasm_bindgen(js_name = fromReplay)]
    pub fn from_replay(replay: &Halite2Replay, frame: usize) -> Result<Halite2Game, JsError> {
        Game::from_replay(&replay.replay, frame)
            .map(Halite2Game::wrap)
            .map_err(js_error)
    }

    /// The game's exact state now for the forward model bots call (`debug.simulate`; a copy):
    /// positions and velocities in their extended precision.
    pub fn snapshot(&self) -> Vec<u8> {
        crate::halite2::forward::snapshot(&self.game)
    }

    #[wasm_bindgen(getter, js_name = maxTurns)]
    pub fn max_turns(&self) -> u32 {
        self.game.max_turns()
    }

    /// What `seat` (0-based) is given this turn, the object a bot receives
    /// (`halite2::observe`: `{game, myId, turn, width, height, players, ships, planets}`).
    pub fn observation(&self, seat: usize) -> Result<JsValue, JsError> {
        if seat >= self.game.players() {
            return Err(JsError::new(&format!("seat {seat} is not in this game")));
        }
        Ok(observation_object(&observation_rows(&Observation::of(
            &self.game, seat,
        ))))
    }

    /// Checks one seat's answer in the packed form `step` takes (five numbers per command, this
    /// seat's only) against the game as it is now: `undefined` when it passes, else the reason
    /// it is refused (a bot is ejected with it).
    #[wasm_bindgen(js_name = checkAnswer)]
    pub fn check_answer(&mut self, seat: usize, commands: &[f64]) -> Option<String> {
        let mut scratch = std::mem::take(&mut self.scratch);
        scratch.clear();
        let r = read_answer(&self.game, seat, commands, &mut scratch);
        self.scratch = scratch;
        r.err().map(|e| e.to_string())
    }

    /// Checks one seat's answer as `checkAnswer` does and, when it passes, keeps its commands
    /// for `stepAccepted` (replacing any this seat had); a refused answer leaves the seat with
    /// no commands. `undefined` when it passes, else the reason.
    #[wasm_bindgen(js_name = acceptAnswer)]
    pub fn accept_answer(&mut self, seat: usize, commands: &[f64]) -> Option<String> {
        let Some(list) = self.accepted.get_mut(seat) else {
            let seats = self.game.players();
            return Some(
                AnswerError::NoSeat {
                    seat: Js(seat as f64),
                    seats,
                }
                .to_string(),
            );
        };
        list.clear();
        read_answer(&self.game, seat, commands, list)
            .err()
            .map(|e| e.to_string())
    }

    /// Plays one turn with the answers `acceptAnswer` kept (a seat with none gives no
    /// commands), then forgets them: each answer is read once.
    #[wasm_bindgen(js_name = stepAccepted)]
    pub fn step_accepted(&mut self) -> Result<(), JsError> {
        let r = self.game.step(&self.accepted).map_err(js_error);
        self.accepted.iter_mut().for_each(Vec::clear);
        r?;
        let replay = self.game.replay();
        if let Some(f) = replay.frames.last() {
            self.rows.push(f, replay);
        }
        Ok(())
    }

    /// Plays one turn. `commands` is flat, five numbers per command: seat, ship id, kind (0
    /// thrust, 1 dock, 2 undock), then thrust magnitude (0 to 7) and angle in degrees (0 to
    /// 65535), or the planet id, or two zeros. Every seat's commands pass `checkAnswer` or the
    /// turn is refused and nothing changes; commands for ships a seat does not own are ignored,
    /// as the reference ignores them.
    pub fn step(&mut self, commands: &[f64]) -> Result<(), JsError> {
        if !commands.len().is_multiple_of(5) {
            return Err(js_error(AnswerError::Ragged));
        }
        let seats = self.game.players();
        let seat_of = |c: &[f64]| c.first().copied().unwrap_or(f64::NAN);
        if let Some(seat) = commands
            .chunks_exact(5)
            .map(seat_of)
            .find(|&s| !(0..seats).any(|k| s == k as f64))
        {
            return Err(js_error(AnswerError::NoSeat {
                seat: Js(seat),
                seats,
            }));
        }
        let mut actions: Vec<Vec<ShipCommand>> = vec![Vec::new(); seats];
        for (seat, list) in actions.iter_mut().enumerate() {
            let rows = commands
                .chunks_exact(5)
                .filter(|c| seat_of(c) == seat as f64);
            read_rows(&self.game, seat, rows, list).map_err(js_error)?;
        }
        self.game.step(&actions).map_err(js_error)?;
        let replay = self.game.replay();
        if let Some(f) = replay.frames.last() {
            self.rows.push(f, replay);
        }
        Ok(())
    }

    /// Frame `t`'s ships (see [`Halite2Replay::ships`]; a view).
    pub fn ships(&self, t: usize) -> Result<Float64Array, JsError> {
        FrameRows::rows(&self.rows.ships, &self.rows.ship_start, t)
    }

    /// Frame `t`'s living planets (see [`Halite2Replay::planets`]; a view).
    pub fn planets(&self, t: usize) -> Result<Float64Array, JsError> {
        FrameRows::rows(&self.rows.planets, &self.rows.planet_start, t)
    }

    /// The events of the turn after frame `t`.
    pub fn events(&self, t: usize) -> Result<JsValue, JsError> {
        events_of(self.game.replay(), t)
    }

    /// Frames held (turns played + 1).
    #[wasm_bindgen(js_name = framesHeld)]
    pub fn frames_held(&self) -> usize {
        self.rows.frames()
    }

    /// The game so far as a replay handle (a copy).
    #[wasm_bindgen(js_name = toReplay)]
    pub fn to_replay(&self) -> Halite2Replay {
        let replay = self.game.replay().clone();
        let rows = FrameRows::new(&replay);
        // The game's series are what following its replay gives.
        let series = std::cell::OnceCell::from(self.game.series().clone());
        Halite2Replay {
            replay,
            rows,
            series,
        }
    }

    /// A statistics series of the game so far (see `seriesNames()`), seat-major:
    /// `values[seat * numFrames + frame]` (a copy).
    pub fn series(&self, name: &str) -> Result<Float64Array, JsError> {
        series_f64(self.game.series(), name)
    }

    /// The names of the statistics series, in order (as `Halite2Replay.seriesNames()`).
    #[wasm_bindgen(js_name = seriesNames)]
    pub fn series_names(&self) -> Vec<String> {
        series_names()
    }

    /// A statistics series of the game so far as a `Uint32Array`, seat-major (a copy).
    #[wasm_bindgen(js_name = seriesArray)]
    pub fn series_array(&self, name: &str) -> Result<Uint32Array, JsError> {
        series_u32(self.game.series(), name)
    }

    /// Every statistics series from frame `from` on (as `Halite2Replay.seriesFrom`): after a
    /// step, `seriesFrom(numFrames - 1)` is the new frame's values, `[series][seat]`.
    #[wasm_bindgen(js_name = seriesFrom)]
    pub fn series_from(&self, from: usize) -> Uint32Array {
        Uint32Array::from(self.game.series().from_frame(from).as_slice())
    }

    /// The row layouts (see `halite2RowLayout()`).
    #[wasm_bindgen(js_name = rowLayout)]
    pub fn row_layout() -> Result<JsValue, JsError> {
        row_layout()
    }
}

#[wasm_bindgen]
impl Halite2Replay {
    /// Re-simulates the whole replay `rounds` times from frame 0 with its moves (as the native
    /// bench does) and returns the number of turns played, for JavaScript to time.
    #[wasm_bindgen(js_name = benchResimulate)]
    pub fn bench_resimulate(&self, rounds: u32) -> Result<f64, JsError> {
        crate::halite2::bench::resimulate(&self.replay, rounds)
            .map(|t| t as f64)
            .map_err(js_error)
    }
}
