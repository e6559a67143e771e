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

use crate::common::{ego_owner, game_seed, pool, rank_reward};
use halite::env::ReplayFile;
use halite::halite2::entities::constants::MAX_PLAYERS;
use halite::halite2::{bots, Action, Command, Game, GameConfig, Replay, ShipCommand};
use numpy::{
    PyArray1, PyArray2, PyArray4, PyArrayMethods, PyReadonlyArray3, PyUntypedArrayMethods,
};
use pyo3::exceptions::{PyIndexError, PyRuntimeError, PyValueError};
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

#[derive(Clone, Debug)]
struct Spec {
    num_envs: usize,
    width: u32,
    height: u32,
    players: usize,
    seed: u32,
    max_ships: usize,
    time_limit: Option<u32>,
    names: Vec<String>,
}

impl Spec {
    fn new_game(&self, env: usize, game: u64) -> Result<(Game, u32), String> {
        let seed = game_seed(self.seed, self.num_envs, env, game);
        let config = GameConfig {
            width: self.width,
            height: self.height,
            players: self.players,
            seed,
            player_names: self.names.clone(),
        };
        let g = Game::new(&config).map_err(|e| e.to_string())?;
        if g.replay().planets.len() > MAX_PLANETS {
            return Err(format!(
                "the map of seed {seed} has {} planets (more than {MAX_PLANETS})",
                g.replay().planets.len()
            ));
        }
        Ok((g, seed))
    }
    fn ship_stride(&self) -> usize {
        self.players * self.max_ships * SHIP_BYTES
    }
    fn planet_stride(&self) -> usize {
        self.players * MAX_PLANETS * PLANET_BYTES
    }
}

struct Env {
    game: Game,
    index: u64,
    seed: u32,
    last: Option<Replay>,
    last_seed: Option<u32>,
    /// Per seat, the ids of its own ships in slot order (the last observation's).
    slots: Vec<Vec<u32>>,
    /// The last observation of the game that ended in this step (`finished`): ships and
    /// planets tables, and the ships left out.
    fin: Vec<u8>,
    fin_dropped: Vec<u32>,
    finished: bool,
    /// Time spent in the rules (the turn itself), for the benchmarks.
    rules_ns: u64,
}

struct ObsOut<'a> {
    ships: &'a mut [u8],
    planets: &'a mut [u8],
    /// Ships left out of each seat's table for want of slots.
    dropped: &'a mut [u32],
}

struct StepOut<'a> {
    obs: ObsOut<'a>,
    rewards: &'a mut [f32],
    terminated: &'a mut u8,
    truncated: &'a mut u8,
    final_ranks: &'a mut [i32],
    final_turns: &'a mut i32,
    final_seed: &'a mut u32,
    alive: &'a mut [u8],
    turn: &'a mut i32,
}

fn put<const K: usize>(buf: &mut [u8], at: &mut usize, bytes: [u8; K]) {
    buf[*at..*at + K].copy_from_slice(&bytes);
    *at += K;
}

impl Env {
    fn new(spec: &Spec, i: usize, index: u64) -> Result<Env, String> {
        let (game, seed) = spec.new_game(i, index)?;
        Ok(Env {
            game,
            index,
            seed,
            last: None,
            last_seed: None,
            slots: vec![Vec::new(); spec.players],
            fin: Vec::new(),
            fin_dropped: Vec::new(),
            finished: false,
            rules_ns: 0,
        })
    }

    fn next_game(&mut self, spec: &Spec, i: usize, keep: bool) -> Result<(), String> {
        let (game, seed) = spec.new_game(i, self.index + 1)?;
        let old = std::mem::replace(&mut self.game, game);
        if keep {
            self.last = Some(old.into_replay());
            self.last_seed = Some(self.seed);
        }
        self.index += 1;
        self.seed = seed;
        Ok(())
    }

    fn write_obs(&mut self, spec: &Spec, out: &mut ObsOut<'_>) {
        let p = spec.players;
        let frame = self.game.frame();
        let headers = &self.game.replay().planets;
        for seat in 0..p {
            let ships =
                &mut out.ships[seat * spec.max_ships * SHIP_BYTES..][..spec.max_ships * SHIP_BYTES];
            let slots = &mut self.slots[seat];
            slots.clear();
            let mut k = 0;
            let mut dropped = 0u32;
            for rel in 0..p {
                let owner = (seat + rel) % p;
                for s in frame.ships.get(owner).map_or(&[][..], |v| &v[..]) {
                    if k == spec.max_ships {
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
    fn keep_final_obs(&mut self, spec: &Spec) {
        let mut buf = std::mem::take(&mut self.fin);
        let mut dropped = std::mem::take(&mut self.fin_dropped);
        buf.resize(spec.ship_stride() + spec.planet_stride(), 0);
        dropped.resize(spec.players, 0);
        {
            let (ships, planets) = buf.split_at_mut(spec.ship_stride());
            let mut out = ObsOut {
                ships,
                planets,
                dropped: &mut dropped,
            };
            self.write_obs(spec, &mut out);
        }
        self.fin = buf;
        self.fin_dropped = dropped;
        self.finished = true;
    }

    fn copy_final_obs(&mut self, spec: &Spec, out: &mut ObsOut<'_>) {
        out.ships.copy_from_slice(&self.fin[..spec.ship_stride()]);
        out.planets.copy_from_slice(&self.fin[spec.ship_stride()..]);
        out.dropped.copy_from_slice(&self.fin_dropped);
        self.finished = false;
    }

    fn write_info(&self, alive: &mut [u8], turn: &mut i32) {
        for (s, a) in alive.iter_mut().enumerate() {
            *a = u8::from(self.game.is_alive(s));
        }
        *turn = self.game.turn() as i32;
    }

    fn step(
        &mut self,
        spec: &Spec,
        i: usize,
        cmd: &Commands<'_>,
        out: &mut StepOut<'_>,
    ) -> Result<(), String> {
        let actions: Vec<Action> = (0..spec.players)
            .map(|seat| {
                let mut list = Vec::new();
                if let Some(c) = cmd {
                    let base = (i * spec.players + seat) * spec.max_ships;
                    for (j, &ship) in self.slots[seat].iter().enumerate() {
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
        let started = std::time::Instant::now();
        self.game.step(&actions).map_err(|e| e.to_string())?;
        self.rules_ns += started.elapsed().as_nanos() as u64;
        let over = self.game.is_over();
        let cut = !over && spec.time_limit.is_some_and(|t| self.game.turn() >= t);
        *out.terminated = u8::from(over);
        *out.truncated = u8::from(cut);
        if over || cut {
            for r in self.game.results() {
                if let Some(slot) = out.final_ranks.get_mut(r.seat) {
                    *slot = r.rank as i32;
                }
                if over {
                    out.rewards[r.seat] = rank_reward(r.rank, spec.players);
                }
            }
            *out.final_turns = self.game.turn() as i32;
            *out.final_seed = self.seed;
            self.keep_final_obs(spec);
            self.next_game(spec, i, true)?;
        }
        self.write_obs(spec, &mut out.obs);
        self.write_info(out.alive, out.turn);
        Ok(())
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

impl<'py> ObsArrays<'py> {
    fn new(py: Python<'py>, spec: &Spec) -> ObsArrays<'py> {
        let n = spec.num_envs;
        ObsArrays {
            // SAFETY: `Env::write_obs` and `Env::copy_final_obs` write every byte of the
            // tables before they reach Python.
            ships: unsafe {
                PyArray4::new(py, [n, spec.players, spec.max_ships, SHIP_BYTES], false)
            },
            planets: unsafe {
                PyArray4::new(py, [n, spec.players, MAX_PLANETS, PLANET_BYTES], false)
            },
            dropped: PyArray2::zeros(py, [n, spec.players], false),
        }
    }

    fn views(&self, spec: &Spec) -> PyResult<Vec<ObsOut<'_>>> {
        // SAFETY: fresh, contiguous arrays, unshared until returned to Python.
        let (s, p, d) = unsafe {
            (
                self.ships.as_slice_mut()?,
                self.planets.as_slice_mut()?,
                self.dropped.as_slice_mut()?,
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

    fn into_tuple(self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok((self.ships, self.planets, self.dropped)
            .into_pyobject(py)?
            .into_any())
    }
}

/// Halite II games in a batch, stepped in Rust across threads. The Python class
/// `halite_engine.halite2.VecEnv` wraps this one.
#[pyclass(module = "halite_engine._core.halite2")]
pub struct VecEnv {
    spec: Spec,
    envs: Vec<Env>,
    pool: rayon::ThreadPool,
    threads: usize,
    fresh: bool,
}

fn value_error(m: String) -> PyErr {
    PyValueError::new_err(m)
}

fn make_envs(pool: &rayon::ThreadPool, spec: &Spec, index: u64) -> Result<Vec<Env>, String> {
    pool.install(|| {
        (0..spec.num_envs)
            .into_par_iter()
            .map(|i| Env::new(spec, i, index))
            .collect()
    })
}

#[pymethods]
impl VecEnv {
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
        let names = crate::common::check_names(player_names, players)?;
        if num_envs == 0 || num_envs > 1 << 20 {
            return Err(value_error(format!(
                "num_envs {num_envs}: a batch has 1 to {} envs",
                1 << 20
            )));
        }
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
            return Err(value_error("time_limit must be at least 1".into()));
        }
        let spec = Spec {
            num_envs,
            width,
            height,
            players,
            seed,
            max_ships,
            time_limit,
            names,
        };
        let pool = pool(num_threads)?;
        let threads = pool.current_num_threads();
        let envs = make_envs(&pool, &spec, 0).map_err(value_error)?;
        Ok(VecEnv {
            spec,
            envs,
            pool,
            threads,
            fresh: true,
        })
    }

    #[getter]
    fn num_envs(&self) -> usize {
        self.spec.num_envs
    }
    #[getter]
    fn width(&self) -> u32 {
        self.spec.width
    }
    #[getter]
    fn height(&self) -> u32 {
        self.spec.height
    }
    #[getter]
    fn players(&self) -> usize {
        self.spec.players
    }
    #[getter]
    fn max_ships(&self) -> usize {
        self.spec.max_ships
    }
    #[getter]
    fn num_threads(&self) -> usize {
        self.threads
    }
    #[getter]
    fn base_seed(&self) -> u32 {
        self.spec.seed
    }
    #[getter]
    fn seeds<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u32>> {
        PyArray1::from_iter(py, self.envs.iter().map(|e| e.seed))
    }
    #[getter]
    fn game_index<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u64>> {
        PyArray1::from_iter(py, self.envs.iter().map(|e| e.index))
    }
    #[getter]
    fn max_turns<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u32>> {
        PyArray1::from_iter(py, self.envs.iter().map(|e| e.game.max_turns()))
    }

    #[pyo3(signature = (seed=None))]
    fn reset<'py>(&mut self, py: Python<'py>, seed: Option<u32>) -> PyResult<Bound<'py, PyAny>> {
        if let Some(s) = seed {
            self.spec.seed = s;
            let spec = self.spec.clone();
            let pool = &self.pool;
            self.envs = py
                .detach(|| make_envs(pool, &spec, 0))
                .map_err(value_error)?;
        } else if !self.fresh {
            let spec = self.spec.clone();
            let pool = &self.pool;
            let envs = &mut self.envs;
            py.detach(|| {
                pool.install(|| {
                    envs.par_iter_mut()
                        .enumerate()
                        .try_for_each(|(i, e)| e.next_game(&spec, i, false))
                })
            })
            .map_err(value_error)?;
        }
        self.fresh = true;
        let spec = &self.spec;
        let arrays = ObsArrays::new(py, spec);
        let alive = PyArray2::<u8>::zeros(py, [spec.num_envs, spec.players], false);
        let turn = PyArray1::<i32>::zeros(py, spec.num_envs, false);
        {
            let mut views = arrays.views(spec)?;
            // SAFETY: fresh arrays, contiguous, not shared until returned.
            let (a, t) = unsafe { (alive.as_slice_mut()?, turn.as_slice_mut()?) };
            let envs = &mut self.envs;
            let pool = &self.pool;
            py.detach(|| {
                pool.install(|| {
                    envs.par_iter_mut()
                        .zip(views.par_iter_mut())
                        .zip(a.par_chunks_mut(spec.players))
                        .zip(t.par_iter_mut())
                        .for_each(|(((e, v), a), t)| {
                            e.write_obs(spec, v);
                            e.write_info(a, t);
                        })
                })
            });
        }
        Ok((arrays.into_tuple(py)?, alive, turn)
            .into_pyobject(py)?
            .into_any())
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
        let spec = &self.spec;
        let n = spec.num_envs;
        let p = spec.players;
        let want = [n, p, spec.max_ships];
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
                let contiguous = |_| value_error("commands must be C-contiguous arrays".into());
                let c = CommandArrays {
                    kind: k.as_slice().map_err(contiguous)?,
                    magnitude: m.as_slice().map_err(contiguous)?,
                    angle: a.as_slice().map_err(contiguous)?,
                    planet: pl.as_slice().map_err(contiguous)?,
                };
                if let Some(bad) = c.kind.iter().find(|&&x| x > 3) {
                    return Err(value_error(format!(
                        "command kind {bad}: 0 none, 1 thrust, 2 dock, 3 undock"
                    )));
                }
                if let Some(bad) = c
                    .kind
                    .iter()
                    .zip(c.magnitude)
                    .find(|(&k, &m)| k == 1 && m > 7)
                {
                    return Err(value_error(format!("thrust magnitude {}: 0 to 7", bad.1)));
                }
                if let Some((_, &bad)) = c
                    .kind
                    .iter()
                    .zip(c.planet)
                    .find(|(&k, &pl)| k == 2 && pl < 0)
                {
                    return Err(value_error(format!(
                        "dock target {bad}: planet ids are 0 and up"
                    )));
                }
                Some(c)
            }
            _ => {
                return Err(value_error(
                    "give all four command arrays (kind, magnitude, angle, planet) or none".into(),
                ))
            }
        };
        let obs = ObsArrays::new(py, spec);
        let rewards = PyArray2::<f32>::zeros(py, [n, p], false);
        let terminated = PyArray1::<u8>::zeros(py, n, false);
        let truncated = PyArray1::<u8>::zeros(py, n, false);
        let final_ranks = PyArray2::<i32>::zeros(py, [n, p], false);
        let final_turns = PyArray1::<i32>::zeros(py, n, false);
        let final_seeds = PyArray1::<u32>::zeros(py, n, false);
        let alive = PyArray2::<u8>::zeros(py, [n, p], false);
        let turn = PyArray1::<i32>::zeros(py, n, false);
        {
            let obs_views = obs.views(spec)?;
            // SAFETY: fresh arrays, contiguous, not shared until returned.
            let (rw, te, tr, fr, ft, fs, al, tu) = unsafe {
                (
                    rewards.as_slice_mut()?,
                    terminated.as_slice_mut()?,
                    truncated.as_slice_mut()?,
                    final_ranks.as_slice_mut()?,
                    final_turns.as_slice_mut()?,
                    final_seeds.as_slice_mut()?,
                    alive.as_slice_mut()?,
                    turn.as_slice_mut()?,
                )
            };
            let mut outs: Vec<StepOut<'_>> = obs_views
                .into_iter()
                .zip(rw.chunks_mut(p))
                .zip(te.iter_mut())
                .zip(tr.iter_mut())
                .zip(fr.chunks_mut(p))
                .zip(ft.iter_mut())
                .zip(fs.iter_mut())
                .zip(al.chunks_mut(p))
                .zip(tu.iter_mut())
                .map(
                    |(
                        (
                            ((((((obs, rewards), terminated), truncated), ranks), turns), seed),
                            alive,
                        ),
                        turn,
                    )| StepOut {
                        obs,
                        rewards,
                        terminated,
                        truncated,
                        final_ranks: ranks,
                        final_turns: turns,
                        final_seed: seed,
                        alive,
                        turn,
                    },
                )
                .collect();
            let envs = &mut self.envs;
            let pool = &self.pool;
            let arrays = &arrays;
            py.detach(|| {
                pool.install(|| {
                    envs.par_iter_mut()
                        .zip(outs.par_iter_mut())
                        .enumerate()
                        .try_for_each(|(i, (e, out))| e.step(spec, i, arrays, out))
                })
            })
            .map_err(PyRuntimeError::new_err)?;
        }
        self.fresh = false;
        let fin = if self.envs.iter().any(|e| e.finished) {
            let fin = ObsArrays::new(py, spec);
            let mut views = fin.views(spec)?;
            for (e, v) in self.envs.iter_mut().zip(views.iter_mut()) {
                if e.finished {
                    e.copy_final_obs(spec, v);
                } else {
                    e.write_obs(spec, v);
                }
            }
            drop(views);
            fin.into_tuple(py)?
        } else {
            py.None().into_bound(py)
        };
        Ok((
            obs.into_tuple(py)?,
            rewards,
            terminated.call_method1("astype", ("bool",))?,
            truncated.call_method1("astype", ("bool",))?,
            fin,
            final_ranks,
            final_turns,
            final_seeds,
            alive.call_method1("astype", ("bool",))?,
            turn,
        )
            .into_pyobject(py)?
            .into_any())
    }

    /// The last finished game of env `i` as the zstd-compressed replay `halite run` writes,
    /// or None before its first.
    fn replay<'py>(&self, py: Python<'py>, i: usize) -> PyResult<Option<Bound<'py, PyBytes>>> {
        let env = self.env(i)?;
        let bytes = env.last.as_ref().map(|r| r.to_compressed_bytes());
        Ok(bytes.map(|b| PyBytes::new(py, &b)))
    }

    /// Seconds spent in the rules (turns, with their replay frames) since the batch was made,
    /// summed over envs.
    #[getter]
    fn rules_seconds(&self) -> f64 {
        self.envs.iter().map(|e| e.rules_ns as f64).sum::<f64>() / 1e9
    }

    fn replay_seed(&self, i: usize) -> PyResult<Option<u32>> {
        Ok(self.env(i)?.last_seed)
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
        let spec = &self.spec;
        if seat >= spec.players {
            return Err(value_error(format!(
                "seat {seat}: this batch has seats 0 to {}",
                spec.players - 1
            )));
        }
        let bot = bots::by_name(name).ok_or_else(|| {
            value_error(format!(
                "no built-in bot {name:?} (there are: {})",
                bots::NAMES.join(", ")
            ))
        })?;
        let dims = [spec.num_envs, spec.max_ships];
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
            let envs = &self.envs;
            let pool = &self.pool;
            let s = spec.max_ships;
            py.detach(|| {
                pool.install(|| {
                    envs.par_iter()
                        .zip(k.par_chunks_mut(s))
                        .zip(m.par_chunks_mut(s))
                        .zip(a.par_chunks_mut(s))
                        .zip(pl.par_chunks_mut(s))
                        .for_each(|((((e, k), m), a), pl)| {
                            let commands = bot(&e.game, seat);
                            for c in commands {
                                let Some(j) = e.slots[seat].iter().position(|&id| id == c.ship)
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
}

impl VecEnv {
    fn env(&self, i: usize) -> PyResult<&Env> {
        self.envs.get(i).ok_or_else(|| {
            PyIndexError::new_err(format!(
                "env {i}: this batch has envs 0 to {}",
                self.envs.len() - 1
            ))
        })
    }
}
