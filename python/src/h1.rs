//! `halite_engine._core.halite1`: Halite I (and Blitz) games in batches.

use crate::common::{check_names, ego_owner, game_seed, pool, rank_reward};
use halite::halite1::fog::visibility;
use halite::halite1::{bots, Game, GameConfig, Replay, MAX_PLAYERS, MAX_SIDE};
use numpy::{
    PyArray1, PyArray2, PyArray4, PyArrayMethods, PyReadonlyArray4, PyUntypedArrayMethods,
};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use rayon::prelude::*;

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<VecEnv>()?;
    m.add("MAX_PLAYERS", MAX_PLAYERS)?;
    m.add("MAX_SIDE", MAX_SIDE)?;
    m.add("BOTS", bots::NAMES.to_vec())?;
    Ok(())
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Reward {
    /// 0 until the end, then the final rank's share.
    Rank,
    /// Each turn: the change in sites owned, over the map's site count.
    Territory,
}

/// What every env of a batch is made with.
#[derive(Clone, Debug)]
struct Spec {
    num_envs: usize,
    width: usize,
    height: usize,
    players: usize,
    seed: u32,
    fog: Option<u32>,
    max_turns: Option<u32>,
    time_limit: Option<u32>,
    names: Vec<String>,
    reward: Reward,
    record: bool,
}

impl Spec {
    fn plane(&self) -> usize {
        self.width * self.height
    }

    fn new_game(&self, env: usize, game: u64) -> Result<(Game, u32), String> {
        let seed = game_seed(self.seed, self.num_envs, env, game);
        let config = GameConfig {
            width: self.width,
            height: self.height,
            players: self.players,
            map_players: None,
            seed: Some(seed),
            max_turns: self.max_turns,
            fog_radius: self.fog,
            player_names: self.names.clone(),
        };
        let mut g = Game::new(&config).map_err(|e| e.to_string())?;
        let b = g.board();
        if b.width > self.width || b.height > self.height {
            return Err(format!(
                "the generator made a {}x{} map for {}x{}",
                b.width, b.height, self.width, self.height
            ));
        }
        g.set_recording(self.record);
        Ok((g, seed))
    }
}

/// One env: its game in progress and the last one it finished.
struct Env {
    game: Game,
    /// Games started since the last seeded reset (the current one is `index`).
    index: u64,
    seed: u32,
    last: Option<Replay>,
    last_seed: Option<u32>,
    territory: Vec<u32>,
    site_moves: Vec<u8>,
    visible: Vec<bool>,
    /// The last observation of the game that ended in this step (`finished`).
    fin: Vec<u8>,
    finished: bool,
    /// Time spent in the rules (the turn itself), for the benchmarks.
    rules_ns: u64,
}

impl Env {
    fn new(spec: &Spec, i: usize, index: u64) -> Result<Env, String> {
        let (game, seed) = spec.new_game(i, index)?;
        let mut env = Env {
            game,
            index,
            seed,
            last: None,
            last_seed: None,
            territory: vec![0; spec.players],
            site_moves: Vec::new(),
            visible: Vec::new(),
            fin: Vec::new(),
            finished: false,
            rules_ns: 0,
        };
        env.count_territory();
        Ok(env)
    }

    fn count_territory(&mut self) {
        self.territory.fill(0);
        let p = self.territory.len();
        for &o in &self.game.board().owner {
            let o = usize::from(o);
            if o >= 1 && o <= p {
                self.territory[o - 1] += 1;
            }
        }
    }

    /// Starts game `index + 1`, keeping the finished one's replay.
    fn next_game(&mut self, spec: &Spec, i: usize, keep: bool) -> Result<(), String> {
        let (game, seed) = spec.new_game(i, self.index + 1)?;
        let old = std::mem::replace(&mut self.game, game);
        if keep {
            self.last = spec.record.then(|| old.into_replay());
            self.last_seed = Some(self.seed);
        }
        self.index += 1;
        self.seed = seed;
        self.count_territory();
        Ok(())
    }

    /// Writes every seat's view into the planes (each `players * H * W`), every byte of them
    /// (padding included), so the arrays may start uninitialised.
    fn write_obs(&mut self, spec: &Spec, out: &mut ObsOut<'_>) {
        let cw = spec.width;
        let plane = spec.plane();
        let b = self.game.board();
        let (w, h) = (b.width, b.height);
        let padded = w != spec.width || h != spec.height;
        if padded {
            out.owner.fill(0);
            out.strength.fill(0);
            out.production.fill(0);
            out.valid.fill(0);
            if let Some(v) = out.visible.as_deref_mut() {
                v.fill(0);
            }
        }
        for y in 0..h {
            out.valid[y * cw..y * cw + w].fill(1);
        }
        for s in 0..spec.players {
            // Owner tags as this seat sees them.
            let mut ego = [0u8; 256];
            for (o, e) in ego.iter_mut().enumerate() {
                *e = ego_owner(o as u8, s, spec.players);
            }
            let base = s * plane;
            match spec.fog {
                None => {
                    for y in 0..h {
                        let (src, dst) = (y * w, base + y * cw);
                        for (d, &o) in out.owner[dst..dst + w]
                            .iter_mut()
                            .zip(&b.owner[src..src + w])
                        {
                            *d = ego[usize::from(o)];
                        }
                        out.strength[dst..dst + w].copy_from_slice(&b.strength[src..src + w]);
                        out.production[dst..dst + w].copy_from_slice(&b.production[src..src + w]);
                    }
                }
                Some(r) => {
                    visibility(w, h, &b.owner, (s + 1) as u8, r, &mut self.visible);
                    for y in 0..h {
                        for x in 0..w {
                            let i = y * w + x;
                            let d = base + y * cw + x;
                            let seen = self.visible[i];
                            let keep = 0u8.wrapping_sub(u8::from(seen));
                            out.owner[d] = ego[usize::from(b.owner[i])] & keep;
                            out.strength[d] = b.strength[i] & keep;
                            out.production[d] = b.production[i] & keep;
                            if let Some(v) = out.visible.as_deref_mut() {
                                v[d] = u8::from(seen);
                            }
                        }
                    }
                }
            }
        }
    }

    /// The finished game's last observation into the env's own buffer (copied into the
    /// batch's final-observation arrays afterwards, which are made only when a game ends).
    fn keep_final_obs(&mut self, spec: &Spec) {
        let planes = spec.players * spec.plane();
        let visible = if spec.fog.is_some() { planes } else { 0 };
        let mut buf = std::mem::take(&mut self.fin);
        buf.resize(3 * planes + spec.plane() + visible, 0);
        {
            let (owner, rest) = buf.split_at_mut(planes);
            let (strength, rest) = rest.split_at_mut(planes);
            let (production, rest) = rest.split_at_mut(planes);
            let (valid, rest) = rest.split_at_mut(spec.plane());
            let mut out = ObsOut {
                owner,
                strength,
                production,
                valid,
                visible: spec.fog.map(|_| rest),
            };
            self.write_obs(spec, &mut out);
        }
        self.fin = buf;
        self.finished = true;
    }

    /// Copies the kept final observation into `out`.
    fn copy_final_obs(&mut self, spec: &Spec, out: &mut ObsOut<'_>) {
        let planes = spec.players * spec.plane();
        let b = &self.fin;
        out.owner.copy_from_slice(&b[..planes]);
        out.strength.copy_from_slice(&b[planes..2 * planes]);
        out.production.copy_from_slice(&b[2 * planes..3 * planes]);
        let v0 = 3 * planes + spec.plane();
        out.valid.copy_from_slice(&b[3 * planes..v0]);
        if let Some(v) = out.visible.as_deref_mut() {
            v.copy_from_slice(&b[v0..v0 + planes]);
        }
        self.finished = false;
    }

    /// One turn with `moves` (`players * H * W` directions by seat), the finished game's
    /// observation and ranks into `fin` if it ends.
    fn step(
        &mut self,
        spec: &Spec,
        i: usize,
        moves: &[u8],
        out: &mut StepOut<'_>,
    ) -> Result<(), String> {
        let plane = spec.plane();
        let cw = spec.width;
        let b = self.game.board();
        let (w, h) = (b.width, b.height);
        self.site_moves.clear();
        self.site_moves.resize(w * h, 0);
        for y in 0..h {
            for x in 0..w {
                let o = usize::from(b.owner[y * w + x]);
                if o >= 1 && o <= spec.players {
                    self.site_moves[y * w + x] = moves[(o - 1) * plane + y * cw + x];
                }
            }
        }
        let started = std::time::Instant::now();
        self.game
            .step_sites(&self.site_moves)
            .map_err(|e| e.to_string())?;
        self.rules_ns += started.elapsed().as_nanos() as u64;
        let before = self.territory.clone();
        self.count_territory();
        if spec.reward == Reward::Territory {
            let sites = (w * h) as f32;
            for ((r, &now), &was) in out.rewards.iter_mut().zip(&self.territory).zip(&before) {
                *r = (now as f32 - was as f32) / sites;
            }
        }
        let over = self.game.is_over();
        let cut = !over && spec.time_limit.is_some_and(|t| self.game.turn() >= t);
        *out.terminated = u8::from(over);
        *out.truncated = u8::from(cut);
        if over || cut {
            let results = self.game.results();
            for r in &results {
                if let Some(slot) = out.final_ranks.get_mut(r.seat) {
                    *slot = r.rank as i32;
                }
                if over && spec.reward == Reward::Rank {
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

    fn write_info(&self, alive: &mut [u8], turn: &mut i32) {
        for (s, a) in alive.iter_mut().enumerate() {
            *a = u8::from(self.game.is_alive(s));
        }
        *turn = self.game.turn() as i32;
    }
}

/// One env's slices of a batch's observation arrays.
struct ObsOut<'a> {
    owner: &'a mut [u8],
    strength: &'a mut [u8],
    production: &'a mut [u8],
    valid: &'a mut [u8],
    visible: Option<&'a mut [u8]>,
}

/// One env's slices of a step's outputs.
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

type Planes<'py> = Bound<'py, PyArray4<u8>>;

/// A batch's observation arrays: owner, strength, production `[N, P, H, W]`, valid
/// `[N, 1, H, W]`, visible `[N, P, H, W]` (fog only).
struct ObsArrays<'py> {
    owner: Planes<'py>,
    strength: Planes<'py>,
    production: Planes<'py>,
    valid: Planes<'py>,
    visible: Option<Planes<'py>>,
}

impl<'py> ObsArrays<'py> {
    fn new(py: Python<'py>, spec: &Spec) -> ObsArrays<'py> {
        let dims = [spec.num_envs, spec.players, spec.height, spec.width];
        // SAFETY: `Env::write_obs` and `Env::copy_final_obs` write every byte of these arrays
        // before they reach Python.
        let zeros = |d: [usize; 4]| unsafe { PyArray4::<u8>::new(py, d, false) };
        ObsArrays {
            owner: zeros(dims),
            strength: zeros(dims),
            production: zeros(dims),
            valid: zeros([spec.num_envs, 1, spec.height, spec.width]),
            visible: spec.fog.map(|_| zeros(dims)),
        }
    }

    /// Per-env slices. Safety: the arrays were just made here, are contiguous and no other
    /// reference to them exists until they are returned to Python.
    fn views(&self, spec: &Spec) -> PyResult<Vec<ObsOut<'_>>> {
        let stride = spec.players * spec.plane();
        // SAFETY: fresh, contiguous, unshared arrays (see above).
        let (o, s, p, v) = unsafe {
            (
                self.owner.as_slice_mut()?,
                self.strength.as_slice_mut()?,
                self.production.as_slice_mut()?,
                self.valid.as_slice_mut()?,
            )
        };
        let mut vis: Vec<Option<&mut [u8]>> = match &self.visible {
            // SAFETY: as above.
            Some(a) => unsafe { a.as_slice_mut()? }
                .chunks_mut(stride)
                .map(Some)
                .collect(),
            None => (0..spec.num_envs).map(|_| None).collect(),
        };
        Ok(o.chunks_mut(stride)
            .zip(s.chunks_mut(stride))
            .zip(p.chunks_mut(stride))
            .zip(v.chunks_mut(spec.plane()))
            .zip(vis.iter_mut())
            .map(
                |((((owner, strength), production), valid), visible)| ObsOut {
                    owner,
                    strength,
                    production,
                    valid,
                    visible: visible.take(),
                },
            )
            .collect())
    }

    fn into_tuple(self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let visible = match self.visible {
            Some(v) => v.into_any(),
            None => py.None().into_bound(py),
        };
        Ok((
            self.owner,
            self.strength,
            self.production,
            self.valid,
            visible,
        )
            .into_pyobject(py)?
            .into_any())
    }
}

/// Halite I games in a batch, stepped in Rust across threads.
///
/// The Python class `halite_engine.halite1.VecEnv` wraps this one; its documentation says
/// what every array holds.
#[pyclass(module = "halite_engine._core.halite1")]
pub struct VecEnv {
    spec: Spec,
    envs: Vec<Env>,
    pool: rayon::ThreadPool,
    threads: usize,
    /// No step since the games were made: `reset()` hands these games out as they are.
    fresh: bool,
}

fn value_error(m: String) -> PyErr {
    PyValueError::new_err(m)
}

#[pymethods]
impl VecEnv {
    #[new]
    #[pyo3(signature = (num_envs, width, height, players, seed, fog=None, max_turns=None, reward="rank", num_threads=None, record=true, time_limit=None, player_names=None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        num_envs: usize,
        width: usize,
        height: usize,
        players: usize,
        seed: u32,
        fog: Option<u32>,
        max_turns: Option<u32>,
        reward: &str,
        num_threads: Option<usize>,
        record: bool,
        time_limit: Option<u32>,
        player_names: Option<Vec<String>>,
    ) -> PyResult<VecEnv> {
        let names = check_names(player_names, players)?;
        if num_envs == 0 || num_envs > 1 << 20 {
            return Err(value_error(format!(
                "num_envs {num_envs}: a batch has 1 to {} envs",
                1 << 20
            )));
        }
        if !(1..=MAX_PLAYERS).contains(&players) {
            return Err(value_error(format!(
                "{players} players: a game seats 1 to {MAX_PLAYERS}"
            )));
        }
        if !(1..=MAX_SIDE).contains(&width) || !(1..=MAX_SIDE).contains(&height) {
            return Err(value_error(format!(
                "{width}x{height}: sides run from 1 to {MAX_SIDE}"
            )));
        }
        if max_turns == Some(0) || time_limit == Some(0) {
            return Err(value_error("turn limits must be at least 1".into()));
        }
        let reward = match reward {
            "rank" => Reward::Rank,
            "territory" => Reward::Territory,
            other => {
                return Err(value_error(format!(
                    "reward {other:?}: \"rank\" or \"territory\""
                )))
            }
        };
        let spec = Spec {
            num_envs,
            width,
            height,
            players,
            seed,
            fog,
            max_turns,
            time_limit,
            reward,
            record,
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
    fn width(&self) -> usize {
        self.spec.width
    }
    #[getter]
    fn height(&self) -> usize {
        self.spec.height
    }
    #[getter]
    fn players(&self) -> usize {
        self.spec.players
    }
    #[getter]
    fn fog(&self) -> Option<u32> {
        self.spec.fog
    }
    #[getter]
    fn num_threads(&self) -> usize {
        self.threads
    }
    #[getter]
    fn base_seed(&self) -> u32 {
        self.spec.seed
    }

    /// The map seed of each env's current game.
    #[getter]
    fn seeds<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u32>> {
        PyArray1::from_iter(py, self.envs.iter().map(|e| e.seed))
    }

    /// Each env's actual map size as `[N, 2]` (width, height).
    #[getter]
    fn sizes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<i32>>> {
        let rows: Vec<Vec<i32>> = self
            .envs
            .iter()
            .map(|e| vec![e.game.board().width as i32, e.game.board().height as i32])
            .collect();
        PyArray2::from_vec2(py, &rows).map_err(|e| PyRuntimeError::new_err(e.to_string()))
    }

    /// Each env's games started since the last seeded reset (the current one's index).
    #[getter]
    fn game_index<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u64>> {
        PyArray1::from_iter(py, self.envs.iter().map(|e| e.index))
    }

    /// Each env's turn limit (the rules': 10 * sqrt(w * h) for the map actually played, or
    /// `max_turns`).
    #[getter]
    fn max_turns<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u32>> {
        PyArray1::from_iter(py, self.envs.iter().map(|e| e.game.max_turns()))
    }

    /// New games: with `seed`, game 0 of every env from that seed; without, each env's next
    /// game (the games made by the constructor or the last seeded reset when none was played).
    /// Returns the observation planes and the info arrays (alive, turn).
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

    /// One turn of every env with `moves` (`uint8 [N, P, H, W]`, 0 still, 1 north, 2 east,
    /// 3 south, 4 west; read only on sites the seat owns). Returns
    /// `(obs, rewards, terminated, truncated, final_obs, final_ranks, final_turns,
    /// final_seeds, alive, turn)`.
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        moves: PyReadonlyArray4<'py, u8>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let spec = &self.spec;
        let want = [spec.num_envs, spec.players, spec.height, spec.width];
        if moves.shape() != want {
            return Err(value_error(format!(
                "moves have shape {:?}; this batch takes {:?} (envs, players, height, width)",
                moves.shape(),
                want
            )));
        }
        let moves = moves
            .as_slice()
            .map_err(|_| value_error("moves must be a C-contiguous array".into()))?;
        if let Some(bad) = moves.iter().find(|&&d| d > 4) {
            return Err(value_error(format!(
                "move {bad}: directions are 0 (still), 1 north, 2 east, 3 south, 4 west"
            )));
        }
        let n = spec.num_envs;
        let p = spec.players;
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
            let stride = p * spec.plane();
            let envs = &mut self.envs;
            let pool = &self.pool;
            py.detach(|| {
                pool.install(|| {
                    envs.par_iter_mut()
                        .zip(outs.par_iter_mut())
                        .zip(moves.par_chunks(stride))
                        .enumerate()
                        .try_for_each(|(i, ((e, out), m))| e.step(spec, i, m, out))
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
        let b = |a: Bound<'py, PyArray1<u8>>| -> PyResult<Bound<'py, PyAny>> {
            a.call_method1("astype", ("bool",))
        };
        Ok((
            obs.into_tuple(py)?,
            rewards,
            b(terminated)?,
            b(truncated)?,
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

    /// The last finished game of env `i` as `.hlt` bytes (plain JSON, as `halite run` writes
    /// it), or None if it has finished none yet.
    fn replay<'py>(&self, py: Python<'py>, i: usize) -> PyResult<Option<Bound<'py, PyBytes>>> {
        let env = self.env(i)?;
        if !self.spec.record {
            return Err(value_error(
                "this batch does not record replays (record=False)".into(),
            ));
        }
        Ok(env.last.as_ref().map(|r| PyBytes::new(py, &r.to_json())))
    }

    /// Seconds spent in the rules (turn resolution) since the batch was made, summed over
    /// envs (and so over threads).
    #[getter]
    fn rules_seconds(&self) -> f64 {
        self.envs.iter().map(|e| e.rules_ns as f64).sum::<f64>() / 1e9
    }

    /// The map seed of the last finished game of env `i` (None before its first).
    fn replay_seed(&self, i: usize) -> PyResult<Option<u32>> {
        Ok(self.env(i)?.last_seed)
    }

    /// Moves of the built-in bot `name` for seat `seat` of every env (`uint8 [N, H, W]`), as
    /// the page's bot of that name plays them. Computed across threads.
    fn bot_moves<'py>(
        &self,
        py: Python<'py>,
        name: &str,
        seat: usize,
    ) -> PyResult<Bound<'py, numpy::PyArray3<u8>>> {
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
        let out = numpy::PyArray3::<u8>::zeros(py, [spec.num_envs, spec.height, spec.width], false);
        {
            // SAFETY: fresh, contiguous, unshared until returned.
            let o = unsafe { out.as_slice_mut()? };
            let envs = &self.envs;
            let pool = &self.pool;
            py.detach(|| {
                pool.install(|| {
                    envs.par_iter()
                        .zip(o.par_chunks_mut(spec.plane()))
                        .for_each(|(e, o)| {
                            let board = e.game.observation(seat);
                            let moves = bot(&board, (seat + 1) as u8, e.game.turn());
                            let w = board.width;
                            for m in moves {
                                let (x, y) = (usize::from(m.x), usize::from(m.y));
                                if x < w && y < board.height {
                                    o[y * spec.width + x] = m.dir;
                                }
                            }
                        })
                })
            });
        }
        Ok(out)
    }
}

impl VecEnv {
    fn env(&self, i: usize) -> PyResult<&Env> {
        self.envs.get(i).ok_or_else(|| {
            pyo3::exceptions::PyIndexError::new_err(format!(
                "env {i}: this batch has envs 0 to {}",
                self.envs.len() - 1
            ))
        })
    }
}

fn make_envs(pool: &rayon::ThreadPool, spec: &Spec, index: u64) -> Result<Vec<Env>, String> {
    pool.install(|| {
        (0..spec.num_envs)
            .into_par_iter()
            .map(|i| Env::new(spec, i, index))
            .collect()
    })
}
