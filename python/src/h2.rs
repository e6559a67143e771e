//! `halite_engine._core.halite2`: Halite II games in batches.
//!
//! Observations are fixed-size tables of packed records (little-endian), which the Python
//! side views as NumPy structured arrays without a copy:
//!
//! * ships `[N, P, max_ships]`, as each seat sees them: its own ships first (by id), then each
//!   other seat's in seat order after it; empty slots have owner 0. Record ([`SHIP_FIELDS`]):
//!   id i32, owner u8 (1 the seat itself, 2.. the others), status u8 (0 undocked, 1 docking,
//!   2 docked, 3 undocking), planet i16 (-1 none), x, y, vel_x, vel_y f64, health u16,
//!   cooldown u8, progress u8 (turns left docking or undocking).
//! * planets `[N, P, MAX_PLANETS]`, slot = planet id. Record ([`PLANET_FIELDS`]): id i32,
//!   owner u8 (0 none, 1 the seat, 2.. the others), alive u8, docking_spots u8, docked u8,
//!   x, y, r f64, health u16, current_production u16, remaining_production u16.
//!
//! Commands are arrays `[N, P, max_ships]` aligned with the seat's own ship slots (slot `j`
//! commands the seat's `j`-th own ship of the last observation): kind u8 (0 none, 1 thrust,
//! 2 dock, 3 undock), magnitude u8 (0 to 7), angle u16 (degrees), planet i32 (dock target).

use crate::batch::{self, batch_class, builtin_bot, value_error, Batch, BatchGame, Env};
use crate::common::ego_owner;
use halite::env::ReplayFile;
use halite::halite2::entities::constants::MAX_PLAYERS;
use halite::halite2::observe::Observation;
use halite::halite2::{bots, Action, Command, Game, GameConfig, Replay, ShipCommand};
use numpy::{PyArray2, PyArray4, PyArrayMethods, PyReadonlyArray3, PyUntypedArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use rayon::prelude::*;

/// Planet slots per observation (a generated map has at most 26 planets).
pub const MAX_PLANETS: usize = 32;
pub const SHIP_FIELDS: [(&str, &str); 12] = [
    ("id", "<i4"),
    ("owner", "u1"),
    ("status", "u1"),
    ("planet", "<i2"),
    ("x", "<f8"),
    ("y", "<f8"),
    ("vel_x", "<f8"),
    ("vel_y", "<f8"),
    ("health", "<u2"),
    ("cooldown", "u1"),
    ("progress", "u1"),
    ("_pad", "V4"),
];
const SHIP_BYTES: usize = 48;
pub const PLANET_FIELDS: [(&str, &str); 12] = [
    ("id", "<i4"),
    ("owner", "u1"),
    ("alive", "u1"),
    ("docking_spots", "u1"),
    ("docked", "u1"),
    ("x", "<f8"),
    ("y", "<f8"),
    ("r", "<f8"),
    ("health", "<u2"),
    ("current_production", "<u2"),
    ("remaining_production", "<u2"),
    ("_pad", "V2"),
];
const PLANET_BYTES: usize = 40;

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<VecEnv>()?;
    m.add("MAX_PLANETS", MAX_PLANETS)?;
    m.add("SHIP_FIELDS", SHIP_FIELDS.to_vec())?;
    m.add("PLANET_FIELDS", PLANET_FIELDS.to_vec())?;
    m.add("BOTS", bots::NAMES.to_vec())?;
    Ok(())
}

/// Halite II's settings of a batch.
#[derive(Clone, Debug)]
struct Settings {
    width: u32,
    height: u32,
    max_ships: usize,
}

type Spec = batch::Spec<Settings>;

impl Spec {
    fn ship_stride(&self) -> usize {
        self.players * self.game.max_ships * SHIP_BYTES
    }
    fn planet_stride(&self) -> usize {
        self.players * MAX_PLANETS * PLANET_BYTES
    }
}

/// What an env keeps besides its game.
struct Own {
    /// Per seat, the ids of its own ships in slot order (the last observation's).
    slots: Vec<Vec<u32>>,
    /// This turn's actions, by seat.
    actions: Vec<Action>,
    /// The last observation of the game that ended in this step: ships and planets tables,
    /// and the ships left out.
    fin: Vec<u8>,
    fin_dropped: Vec<u32>,
}

struct ObsOut<'a> {
    ships: &'a mut [u8],
    planets: &'a mut [u8],
    /// Ships left out of each seat's table for want of slots.
    dropped: &'a mut [u32],
}

fn put<const K: usize>(buf: &mut [u8], at: &mut usize, bytes: [u8; K]) {
    buf[*at..*at + K].copy_from_slice(&bytes);
    *at += K;
}

/// Halite II's part of a batch.
struct Halite2;

/// Why a batch game cannot be made or played.
#[derive(Debug, thiserror::Error)]
pub enum EnvError {
    /// The engine refused the game or its turn.
    #[error(transparent)]
    Game(#[from] halite::halite2::GameError),
    /// A map with more planets than the batch's arrays hold.
    #[error("the map of seed {seed} has {planets} planets (more than {MAX_PLANETS})")]
    TooManyPlanets { seed: u32, planets: usize },
}

impl BatchGame for Halite2 {
    type Settings = Settings;
    type Game = Game;
    type Own = Own;
    type Obs<'a> = ObsOut<'a>;
    type Tables<'py> = ObsArrays<'py>;
    type Actions<'a> = Commands<'a>;

    type Error = EnvError;

    fn new_game(spec: &Spec, seed: u32) -> Result<Game, EnvError> {
        let config = GameConfig {
            width: spec.game.width,
            height: spec.game.height,
            players: spec.players,
            seed,
            player_names: spec.names.clone(),
        };
        let g = Game::new(&config)?;
        if g.replay().planets.len() > MAX_PLANETS {
            return Err(EnvError::TooManyPlanets {
                seed,
                planets: g.replay().planets.len(),
            });
        }
        Ok(g)
    }

    fn own(spec: &Spec) -> Own {
        Own {
            slots: vec![Vec::new(); spec.players],
            actions: Vec::new(),
            fin: Vec::new(),
            fin_dropped: Vec::new(),
        }
    }

    fn keep_replay(_spec: &Spec, game: Game) -> Option<Replay> {
        Some(game.into_replay())
    }

    fn max_turns(game: &Game) -> u32 {
        game.max_turns()
    }

    /// Writes every seat's tables. They are an encoding of each seat's [`Observation`] (the one
    /// a bot is given) for learning: its ships (the seat's own first, then the other seats' in
    /// seat order after it, owners relabelled so with `ego_owner`, at most `max_ships`) with the
    /// velocities and cooldowns the observation leaves out, and its planets in slots by id
    /// (dead ones kept as empty slots, `alive` 0). They are written straight from the frame,
    /// with no observation built in between, for speed.
    fn write_obs(env: &mut Env<Halite2>, spec: &Spec, out: &mut ObsOut<'_>) {
        let p = spec.players;
        let frame = env.game.frame();
        let headers = &env.game.replay().planets;
        for seat in 0..p {
            let ships = &mut out.ships[seat * spec.game.max_ships * SHIP_BYTES..]
                [..spec.game.max_ships * SHIP_BYTES];
            let slots = &mut env.own.slots[seat];
            slots.clear();
            let mut k = 0;
            let mut dropped = 0u32;
            for rel in 0..p {
                let owner = (seat + rel) % p;
                for s in frame.ships.get(owner).map_or(&[][..], |v| &v[..]) {
                    if k == spec.game.max_ships {
                        dropped += 1;
                        continue;
                    }
                    if rel == 0 {
                        slots.push(s.id);
                    }
                    let rec = &mut ships[k * SHIP_BYTES..(k + 1) * SHIP_BYTES];
                    let mut at = 0;
                    put(rec, &mut at, (s.id as i32).to_le_bytes());
                    put(rec, &mut at, [(rel + 1) as u8]);
                    put(rec, &mut at, [s.status as u8]);
                    put(
                        rec,
                        &mut at,
                        s.planet.map_or(-1i16, |x| x as i16).to_le_bytes(),
                    );
                    for v in [s.x, s.y, s.vel_x, s.vel_y] {
                        put(rec, &mut at, v.to_le_bytes());
                    }
                    put(rec, &mut at, (s.health.min(65535) as u16).to_le_bytes());
                    put(rec, &mut at, [s.cooldown.min(255) as u8]);
                    put(rec, &mut at, [s.turns_left.unwrap_or(0).min(255) as u8]);
                    rec[at..].fill(0);
                    k += 1;
                }
            }
            ships[k * SHIP_BYTES..].fill(0);
            out.dropped[seat] = dropped;

            let planets =
                &mut out.planets[seat * MAX_PLANETS * PLANET_BYTES..][..MAX_PLANETS * PLANET_BYTES];
            planets.fill(0);
            for h in headers.iter().take(MAX_PLANETS) {
                let rec = &mut planets[h.id as usize * PLANET_BYTES..][..PLANET_BYTES];
                let live = frame.planets.iter().find(|r| r.id == h.id);
                let mut at = 0;
                put(rec, &mut at, (h.id as i32).to_le_bytes());
                let owner = live
                    .and_then(|r| r.owner)
                    .map_or(0, |o| ego_owner(o + 1, seat, p));
                put(rec, &mut at, [owner]);
                put(rec, &mut at, [u8::from(live.is_some())]);
                put(rec, &mut at, [h.docking_spots.min(255) as u8]);
                put(
                    rec,
                    &mut at,
                    [live.map_or(0, |r| r.docked_ships.len().min(255) as u8)],
                );
                for v in [h.x, h.y, h.r] {
                    put(rec, &mut at, v.to_le_bytes());
                }
                let (health, cur, rem) = live.map_or((0, 0, 0), |r| {
                    (r.health, r.current_production, r.remaining_production)
                });
                for v in [health, cur, rem] {
                    put(rec, &mut at, (v.min(65535) as u16).to_le_bytes());
                }
            }
        }
    }

    /// Keeps the finished game's last observation (copied into the batch's final-observation
    /// arrays afterwards, which are made only when a game ends).
    fn keep_final_obs(env: &mut Env<Halite2>, spec: &Spec) {
        let mut buf = std::mem::take(&mut env.own.fin);
        let mut dropped = std::mem::take(&mut env.own.fin_dropped);
        buf.resize(spec.ship_stride() + spec.planet_stride(), 0);
        dropped.resize(spec.players, 0);
        {
            let (ships, planets) = buf.split_at_mut(spec.ship_stride());
            let mut out = ObsOut {
                ships,
                planets,
                dropped: &mut dropped,
            };
            Self::write_obs(env, spec, &mut out);
        }
        env.own.fin = buf;
        env.own.fin_dropped = dropped;
    }

    fn copy_final_obs(env: &mut Env<Halite2>, spec: &Spec, out: &mut ObsOut<'_>) {
        out.ships
            .copy_from_slice(&env.own.fin[..spec.ship_stride()]);
        out.planets
            .copy_from_slice(&env.own.fin[spec.ship_stride()..]);
        out.dropped.copy_from_slice(&env.own.fin_dropped);
    }

    /// Each seat's commands, slot by slot, for its own ships of the last observation.
    fn prepare(env: &mut Env<Halite2>, spec: &Spec, i: usize, cmd: &Commands<'_>) {
        let slots = &env.own.slots;
        env.own.actions = (0..spec.players)
            .map(|seat| {
                let mut list = Vec::new();
                if let Some(c) = cmd {
                    let base = (i * spec.players + seat) * spec.game.max_ships;
                    for (j, &ship) in slots[seat].iter().enumerate() {
                        let k = base + j;
                        let command = match c.kind[k] {
                            1 => Command::Thrust {
                                magnitude: u16::from(c.magnitude[k]),
                                angle: c.angle[k],
                            },
                            2 => Command::Dock {
                                planet: u64::from(c.planet[k].max(0) as u32),
                            },
                            3 => Command::Undock,
                            _ => continue,
                        };
                        list.push(ShipCommand { ship, command });
                    }
                }
                list
            })
            .collect();
    }

    fn play(game: &mut Game, own: &Own) -> Result<(), EnvError> {
        Ok(game.step(&own.actions)?)
    }

    fn tables<'py>(py: Python<'py>, spec: &Spec) -> ObsArrays<'py> {
        let n = spec.num_envs;
        ObsArrays {
            // SAFETY: `write_obs` and `copy_final_obs` write every byte of the
            // tables before they reach Python.
            ships: unsafe {
                PyArray4::new(
                    py,
                    [n, spec.players, spec.game.max_ships, SHIP_BYTES],
                    false,
                )
            },
            planets: unsafe {
                PyArray4::new(py, [n, spec.players, MAX_PLANETS, PLANET_BYTES], false)
            },
            dropped: PyArray2::zeros(py, [n, spec.players], false),
        }
    }

    fn views<'a>(tables: &'a ObsArrays<'_>, spec: &Spec) -> PyResult<Vec<ObsOut<'a>>> {
        // SAFETY: fresh, contiguous arrays, unshared until returned to Python.
        let (s, p, d) = unsafe {
            (
                tables.ships.as_slice_mut()?,
                tables.planets.as_slice_mut()?,
                tables.dropped.as_slice_mut()?,
            )
        };
        Ok(s.chunks_mut(spec.ship_stride())
            .zip(p.chunks_mut(spec.planet_stride()))
            .zip(d.chunks_mut(spec.players))
            .map(|((ships, planets), dropped)| ObsOut {
                ships,
                planets,
                dropped,
            })
            .collect())
    }

    fn into_tuple<'py>(tables: ObsArrays<'py>, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok((tables.ships, tables.planets, tables.dropped)
            .into_pyobject(py)?
            .into_any())
    }
}

/// Every seat's commands for a batch, flat by `(env, seat, slot)`; None: no commands.
type Commands<'a> = Option<CommandArrays<'a>>;

struct CommandArrays<'a> {
    kind: &'a [u8],
    magnitude: &'a [u8],
    angle: &'a [u16],
    planet: &'a [i32],
}

struct ObsArrays<'py> {
    ships: Bound<'py, PyArray4<u8>>,
    planets: Bound<'py, PyArray4<u8>>,
    dropped: Bound<'py, PyArray2<u32>>,
}

/// Halite II games in a batch, stepped in Rust across threads. The Python class
/// `halite_engine.halite2.VecEnv` wraps this one.
#[pyclass(module = "halite_engine._core.halite2")]
pub struct VecEnv {
    batch: Batch<Halite2>,
}

batch_class!(VecEnv {
    #[new]
    #[pyo3(signature = (num_envs, width, height, players, seed, max_ships=256, num_threads=None, time_limit=None, player_names=None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        num_envs: usize,
        width: u32,
        height: u32,
        players: usize,
        seed: u32,
        max_ships: usize,
        num_threads: Option<usize>,
        time_limit: Option<u32>,
        player_names: Option<Vec<String>>,
    ) -> PyResult<VecEnv> {
        let base = batch::checked_spec(num_envs, players, seed, time_limit, player_names)?;
        if ![1, 2, 4].contains(&players) {
            return Err(value_error(format!(
                "{players} players: Halite II seats 1, 2 or 4 (at most {MAX_PLAYERS})"
            )));
        }
        if max_ships == 0 || max_ships > 65536 {
            return Err(value_error(format!(
                "max_ships {max_ships}: 1 to 65536 slots"
            )));
        }
        if time_limit == Some(0) {
            return Err(value_error("time_limit must be at least 1"));
        }
        let spec = base.with(Settings {
            width,
            height,
            max_ships,
        });
        Ok(VecEnv {
            batch: Batch::new(spec, num_threads)?,
        })
    }

    #[getter]
    fn width(&self) -> u32 {
        self.batch.spec.game.width
    }
    #[getter]
    fn height(&self) -> u32 {
        self.batch.spec.game.height
    }
    #[getter]
    fn max_ships(&self) -> usize {
        self.batch.spec.game.max_ships
    }

    /// One turn of every env. `commands`: None (no command from anyone) or the arrays
    /// `(kind, magnitude, angle, planet)`, each `[N, P, max_ships]`.
    #[pyo3(signature = (kind=None, magnitude=None, angle=None, planet=None))]
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        kind: Option<PyReadonlyArray3<'py, u8>>,
        magnitude: Option<PyReadonlyArray3<'py, u8>>,
        angle: Option<PyReadonlyArray3<'py, u16>>,
        planet: Option<PyReadonlyArray3<'py, i32>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let spec = &self.batch.spec;
        let n = spec.num_envs;
        let p = spec.players;
        let want = [n, p, spec.game.max_ships];
        let arrays = match (&kind, &magnitude, &angle, &planet) {
            (None, None, None, None) => None,
            (Some(k), Some(m), Some(a), Some(pl)) => {
                for (name, shape) in [
                    ("kind", k.shape()),
                    ("magnitude", m.shape()),
                    ("angle", a.shape()),
                    ("planet", pl.shape()),
                ] {
                    if shape != want {
                        return Err(value_error(format!(
                            "{name} has shape {shape:?}; this batch takes {want:?} (envs, players, ship slots)"
                        )));
                    }
                }
                let contiguous = |_| value_error("commands must be C-contiguous arrays");
                let c = CommandArrays {
                    kind: k.as_slice().map_err(contiguous)?,
                    magnitude: m.as_slice().map_err(contiguous)?,
                    angle: a.as_slice().map_err(contiguous)?,
                    planet: pl.as_slice().map_err(contiguous)?,
                };
                // Each check is first a pass the compiler vectorises (a maximum or a
                // minimum); the offending entry is looked for only when there is one.
                let max_kind = c.kind.iter().fold(0u8, |a, &x| a.max(x));
                if let Some(bad) = (max_kind > 3)
                    .then(|| c.kind.iter().find(|&&x| x > 3))
                    .flatten()
                {
                    return Err(value_error(format!(
                        "command kind {bad}: 0 none, 1 thrust, 2 dock, 3 undock"
                    )));
                }
                let max_thrust = c
                    .kind
                    .iter()
                    .zip(c.magnitude)
                    .fold(0u8, |a, (&k, &m)| a.max(if k == 1 { m } else { 0 }));
                if let Some(bad) = (max_thrust > 7)
                    .then(|| {
                        c.kind
                            .iter()
                            .zip(c.magnitude)
                            .find(|(&k, &m)| k == 1 && m > 7)
                    })
                    .flatten()
                {
                    return Err(value_error(format!("thrust magnitude {}: 0 to 7", bad.1)));
                }
                let min_dock = c
                    .kind
                    .iter()
                    .zip(c.planet)
                    .fold(0i32, |a, (&k, &pl)| a.min(if k == 2 { pl } else { 0 }));
                if let Some((_, &bad)) = (min_dock < 0)
                    .then(|| c.kind.iter().zip(c.planet).find(|(&k, &pl)| k == 2 && pl < 0))
                    .flatten()
                {
                    return Err(value_error(format!(
                        "dock target {bad}: planet ids are 0 and up"
                    )));
                }
                Some(c)
            }
            _ => {
                return Err(value_error(
                    "give all four command arrays (kind, magnitude, angle, planet) or none",
                ))
            }
        };
        self.batch.step(py, &arrays)
    }

    /// Random commands for every seat's own ships of the last observation, as arrays
    /// `(kind, magnitude, angle, planet)` of shape `[N, P, max_ships]`: kind none, thrust
    /// (three times as likely), dock or undock; magnitude 0 to 7, angle 0 to 359, planet 0 to
    /// 23; zeros in slots without an own ship. Drawn across the batch's threads with the GIL
    /// released, each env from its own stream of `seed`.
    fn random_commands<'py>(&self, py: Python<'py>, seed: u64) -> PyResult<Bound<'py, PyAny>> {
        const KINDS: [u8; 6] = [0, 1, 1, 1, 2, 3];
        let spec = &self.batch.spec;
        let s = spec.game.max_ships;
        let p = spec.players;
        let dims = [spec.num_envs, p, s];
        let kind = numpy::PyArray3::<u8>::zeros(py, dims, false);
        let magnitude = numpy::PyArray3::<u8>::zeros(py, dims, false);
        let angle = numpy::PyArray3::<u16>::zeros(py, dims, false);
        let planet = numpy::PyArray3::<i32>::zeros(py, dims, false);
        {
            // SAFETY: fresh, contiguous, unshared until returned.
            let (k, m, a, pl) = unsafe {
                (
                    kind.as_slice_mut()?,
                    magnitude.as_slice_mut()?,
                    angle.as_slice_mut()?,
                    planet.as_slice_mut()?,
                )
            };
            let envs = &self.batch.envs;
            let pool = &self.batch.pool;
            py.detach(|| {
                pool.install(|| {
                    envs.par_iter()
                        .zip(k.par_chunks_mut(p * s))
                        .zip(m.par_chunks_mut(p * s))
                        .zip(a.par_chunks_mut(p * s))
                        .zip(pl.par_chunks_mut(p * s))
                        .enumerate()
                        .for_each(|(i, ((((e, k), m), a), pl))| {
                            let mut g = batch::SplitMix::new(seed, i);
                            for (seat, slots) in e.own.slots.iter().enumerate() {
                                for j in seat * s..seat * s + slots.len().min(s) {
                                    let r = g.next();
                                    k[j] = KINDS[batch::below(r, 6) as usize];
                                    m[j] = batch::below(r >> 16, 8) as u8;
                                    a[j] = batch::below(r >> 32, 360) as u16;
                                    pl[j] = batch::below(r >> 48, 24) as i32;
                                }
                            }
                        })
                })
            });
        }
        Ok((kind, magnitude, angle, planet)
            .into_pyobject(py)?
            .into_any())
    }

    /// The last finished game of env `i` as the zstd-compressed replay `halite run` writes
    /// (no larger than the reference's files, 0.1 to 0.4 s per megabyte of JSON, other Python
    /// threads running meanwhile), or None before its first.
    fn replay<'py>(&self, py: Python<'py>, i: usize) -> PyResult<Option<Bound<'py, PyBytes>>> {
        let env = self.batch.env(i)?;
        let last = env.last.as_ref();
        let bytes = py.detach(|| last.map(|r| r.to_compressed_bytes()));
        Ok(bytes.map(|b| PyBytes::new(py, &b)))
    }

    /// Commands of the built-in bot `name` for seat `seat` of every env, as arrays
    /// `(kind, magnitude, angle, planet)` of shape `[N, max_ships]` aligned with the seat's
    /// ship slots.
    fn bot_commands<'py>(
        &self,
        py: Python<'py>,
        name: &str,
        seat: usize,
    ) -> PyResult<Bound<'py, PyAny>> {
        self.batch.check_seat(seat)?;
        let spec = &self.batch.spec;
        let bot = builtin_bot(bots::by_name(name), name, &bots::NAMES)?;
        let dims = [spec.num_envs, spec.game.max_ships];
        let kind = PyArray2::<u8>::zeros(py, dims, false);
        let magnitude = PyArray2::<u8>::zeros(py, dims, false);
        let angle = PyArray2::<u16>::zeros(py, dims, false);
        let planet = PyArray2::<i32>::zeros(py, dims, false);
        {
            // SAFETY: fresh, contiguous, unshared until returned.
            let (k, m, a, pl) = unsafe {
                (
                    kind.as_slice_mut()?,
                    magnitude.as_slice_mut()?,
                    angle.as_slice_mut()?,
                    planet.as_slice_mut()?,
                )
            };
            let envs = &self.batch.envs;
            let pool = &self.batch.pool;
            let s = spec.game.max_ships;
            py.detach(|| {
                pool.install(|| {
                    envs.par_iter()
                        .zip(k.par_chunks_mut(s))
                        .zip(m.par_chunks_mut(s))
                        .zip(a.par_chunks_mut(s))
                        .zip(pl.par_chunks_mut(s))
                        .for_each(|((((e, k), m), a), pl)| {
                            let commands = bot(&Observation::of(&e.game, seat));
                            for c in commands {
                                let Some(j) = e.own.slots[seat].iter().position(|&id| id == c.ship)
                                else {
                                    continue;
                                };
                                match c.command {
                                    Command::Thrust { magnitude, angle } => {
                                        k[j] = 1;
                                        m[j] = magnitude.min(7) as u8;
                                        a[j] = angle;
                                    }
                                    Command::Dock { planet } => {
                                        k[j] = 2;
                                        pl[j] = planet.min(i32::MAX as u64) as i32;
                                    }
                                    Command::Undock => k[j] = 3,
                                }
                            }
                        })
                })
            });
        }
        Ok((kind, magnitude, angle, planet)
            .into_pyobject(py)?
            .into_any())
    }
});
