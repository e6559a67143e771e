//! `halite_engine._core.halite1`: Halite I (and Blitz) games in batches.

use crate::batch::{self, batch_class, builtin_bot, value_error, Batch, BatchGame, Env};
use crate::common::ego_owner;
use halite::halite1::fog::visibility;
use halite::halite1::observe::Observation;
use halite::halite1::{bots, Game, GameConfig, Replay, MAX_PLAYERS, MAX_SIDE};
use numpy::{PyArray2, PyArray4, PyArrayMethods, PyReadonlyArray4, PyUntypedArrayMethods};
use pyo3::exceptions::PyRuntimeError;
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

/// Halite I's settings of a batch.
#[derive(Clone, Debug)]
struct Settings {
    width: usize,
    height: usize,
    fog: Option<u32>,
    max_turns: Option<u32>,
    reward: Reward,
    record: bool,
}

type Spec = batch::Spec<Settings>;

impl Spec {
    fn plane(&self) -> usize {
        self.game.width * self.game.height
    }
}

/// What an env keeps besides its game.
struct Own {
    /// Sites owned by each seat.
    territory: Vec<u32>,
    site_moves: Vec<u8>,
    /// This env's random moves of the step (`step_random`).
    random: Vec<u8>,
    visible: Vec<bool>,
    /// The last observation of the game that ended in this step.
    fin: Vec<u8>,
}

/// Halite I's part of a batch.
struct Halite1;

/// Why a batch game cannot be made or played.
#[derive(Debug, thiserror::Error)]
pub enum EnvError {
    /// The engine refused the game or its turn.
    #[error(transparent)]
    Game(#[from] halite::halite1::GameError),
    /// A map larger than the batch's arrays.
    #[error("the generator made a {}x{} map for {}x{}", made.0, made.1, asked.0, asked.1)]
    MapTooBig {
        made: (usize, usize),
        asked: (usize, usize),
    },
}

impl BatchGame for Halite1 {
    type Settings = Settings;
    type Game = Game;
    type Own = Own;
    type Obs<'a> = ObsOut<'a>;
    type Tables<'py> = ObsArrays<'py>;
    /// `players * H * W` directions by seat, for every env.
    type Actions<'a> = Moves<'a>;

    type Error = EnvError;

    fn new_game(spec: &Spec, seed: u32) -> Result<Game, EnvError> {
        let s = &spec.game;
        let config = GameConfig {
            width: s.width,
            height: s.height,
            players: spec.players,
            map_players: None,
            seed: Some(seed),
            max_turns: s.max_turns,
            fog_radius: s.fog,
            player_names: spec.names.clone(),
        };
        let mut g = Game::new(&config)?;
        let b = g.board();
        if b.width > s.width || b.height > s.height {
            return Err(EnvError::MapTooBig {
                made: (b.width, b.height),
                asked: (s.width, s.height),
            });
        }
        g.set_recording(s.record);
        Ok(g)
    }

    fn own(spec: &Spec) -> Own {
        Own {
            territory: vec![0; spec.players],
            site_moves: Vec::new(),
            random: Vec::new(),
            visible: Vec::new(),
            fin: Vec::new(),
        }
    }

    fn started(env: &mut Env<Halite1>) {
        env.count_territory();
    }

    fn keep_replay(spec: &Spec, game: Game) -> Option<Replay> {
        spec.game.record.then(|| game.into_replay())
    }

    fn max_turns(game: &Game) -> u32 {
        game.max_turns()
    }

    /// Writes every seat's view into the planes (each `players * H * W`), every byte of them
    /// (padding included), so the arrays may start uninitialised.
    ///
    /// The planes are an encoding of each seat's [`Observation`] (the one a bot is given):
    /// its `strength` and `production` as they are, its `owner` relabelled from the seat's point
    /// of view (`ego_owner`: the seat itself 1, the others in seat order after it), the fog of
    /// Blitz applied by the same `visibility` the observation's fog view uses (and `visible`,
    /// where asked for, its mask), padded to the batch's map size (`valid`). They are written
    /// straight from the board, with no observation built in between, for speed.
    fn write_obs(env: &mut Env<Halite1>, spec: &Spec, out: &mut ObsOut<'_>) {
        let cw = spec.game.width;
        let plane = spec.plane();
        let b = env.game.board();
        let (w, h) = (b.width, b.height);
        let padded = w != spec.game.width || h != spec.game.height;
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
            // Owner tags as this seat sees them (tags above `players` stay 0).
            let mut ego = [0u8; 256];
            for (o, e) in ego.iter_mut().enumerate().take(spec.players + 1) {
                *e = ego_owner(o as u8, s, spec.players);
            }
            let base = s * plane;
            match spec.game.fog {
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
                    visibility(w, h, &b.owner, (s + 1) as u8, r, &mut env.own.visible);
                    for y in 0..h {
                        for x in 0..w {
                            let i = y * w + x;
                            let d = base + y * cw + x;
                            let seen = env.own.visible[i];
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
    fn keep_final_obs(env: &mut Env<Halite1>, spec: &Spec) {
        let planes = spec.players * spec.plane();
        let visible = if spec.game.fog.is_some() { planes } else { 0 };
        let mut buf = std::mem::take(&mut env.own.fin);
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
                visible: spec.game.fog.map(|_| rest),
            };
            Self::write_obs(env, spec, &mut out);
        }
        env.own.fin = buf;
    }

    /// Copies the kept final observation into `out`.
    fn copy_final_obs(env: &mut Env<Halite1>, spec: &Spec, out: &mut ObsOut<'_>) {
        let planes = spec.players * spec.plane();
        let b = &env.own.fin;
        out.owner.copy_from_slice(&b[..planes]);
        out.strength.copy_from_slice(&b[planes..2 * planes]);
        out.production.copy_from_slice(&b[2 * planes..3 * planes]);
        let v0 = 3 * planes + spec.plane();
        out.valid.copy_from_slice(&b[3 * planes..v0]);
        if let Some(v) = out.visible.as_deref_mut() {
            v.copy_from_slice(&b[v0..v0 + planes]);
        }
    }

    /// Each site's move from its owner's plane (of the given moves, or of the env's random
    /// ones, drawn here as `random_moves` draws them).
    fn prepare(env: &mut Env<Halite1>, spec: &Spec, i: usize, moves: &Moves<'_>) {
        let plane = spec.plane();
        let stride = spec.players * plane;
        let Own {
            site_moves, random, ..
        } = &mut env.own;
        let moves = match *moves {
            Moves::Given(m) => &m[i * stride..(i + 1) * stride],
            Moves::Random(seed) => {
                random.resize(stride, 0);
                fill_random_moves(&mut batch::SplitMix::new(seed, i), random);
                &random[..]
            }
        };
        let cw = spec.game.width;
        let b = env.game.board();
        let (w, h) = (b.width, b.height);
        site_moves.clear();
        site_moves.resize(w * h, 0);
        // Where each owner's plane starts (the neutral and any unknown tag read a zero).
        let mut base = [usize::MAX; 256];
        for (o, b) in base.iter_mut().enumerate().take(spec.players + 1).skip(1) {
            *b = (o - 1) * plane;
        }
        for y in 0..h {
            let row = &b.owner[y * w..(y + 1) * w];
            for (x, (m, &o)) in site_moves[y * w..(y + 1) * w]
                .iter_mut()
                .zip(row)
                .enumerate()
            {
                let at = base[usize::from(o)];
                if at != usize::MAX {
                    *m = moves[at + y * cw + x];
                }
            }
        }
    }

    fn play(game: &mut Game, own: &Own) -> Result<(), EnvError> {
        game.step_sites(&own.site_moves)?;
        Ok(())
    }

    /// With `reward="territory"`: each turn, the change in sites owned over the map's site
    /// count.
    fn turn_rewards(env: &mut Env<Halite1>, spec: &Spec, rewards: &mut [f32]) {
        // Counted only for this reward (the sites are counted again when a game starts).
        if spec.game.reward != Reward::Territory {
            return;
        }
        let before = env.own.territory.clone();
        env.count_territory();
        {
            let b = env.game.board();
            let sites = (b.width * b.height) as f32;
            for ((r, &now), &was) in rewards.iter_mut().zip(&env.own.territory).zip(&before) {
                *r = (now as f32 - was as f32) / sites;
            }
        }
    }

    fn rank_rewards(spec: &Spec) -> bool {
        spec.game.reward == Reward::Rank
    }

    fn tables<'py>(py: Python<'py>, spec: &Spec) -> ObsArrays<'py> {
        let dims = [
            spec.num_envs,
            spec.players,
            spec.game.height,
            spec.game.width,
        ];
        // SAFETY: `write_obs` and `copy_final_obs` write every byte of these arrays
        // before they reach Python.
        let zeros = |d: [usize; 4]| unsafe { PyArray4::<u8>::new(py, d, false) };
        ObsArrays {
            owner: zeros(dims),
            strength: zeros(dims),
            production: zeros(dims),
            valid: zeros([spec.num_envs, 1, spec.game.height, spec.game.width]),
            visible: spec.game.fog.map(|_| zeros(dims)),
        }
    }

    fn views<'a>(tables: &'a ObsArrays<'_>, spec: &Spec) -> PyResult<Vec<ObsOut<'a>>> {
        let stride = spec.players * spec.plane();
        // SAFETY: fresh, contiguous, unshared arrays (see above).
        let (o, s, p, v) = unsafe {
            (
                tables.owner.as_slice_mut()?,
                tables.strength.as_slice_mut()?,
                tables.production.as_slice_mut()?,
                tables.valid.as_slice_mut()?,
            )
        };
        let mut vis: Vec<Option<&mut [u8]>> = match &tables.visible {
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

    fn into_tuple<'py>(tables: ObsArrays<'py>, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let visible = match tables.visible {
            Some(v) => v.into_any(),
            None => py.None().into_bound(py),
        };
        Ok((
            tables.owner,
            tables.strength,
            tables.production,
            tables.valid,
            visible,
        )
            .into_pyobject(py)?
            .into_any())
    }
}

impl Env<Halite1> {
    fn count_territory(&mut self) {
        let territory = &mut self.own.territory;
        territory.fill(0);
        let p = territory.len();
        for &o in &self.game.board().owner {
            let o = usize::from(o);
            if o >= 1 && o <= p {
                territory[o - 1] += 1;
            }
        }
    }
}

/// A step's moves: given (`players * H * W` directions by seat, for every env), or drawn by
/// each env from its own stream of a seed.
enum Moves<'a> {
    Given(&'a [u8]),
    Random(u64),
}

/// Uniform directions (0 to 4) into `c` from `g`: four from each draw (16 bits each).
fn fill_random_moves(g: &mut batch::SplitMix, c: &mut [u8]) {
    let mut fours = c.chunks_exact_mut(4);
    for four in &mut fours {
        let r = g.next();
        four[0] = batch::below(r, 5) as u8;
        four[1] = batch::below(r >> 16, 5) as u8;
        four[2] = batch::below(r >> 32, 5) as u8;
        four[3] = batch::below(r >> 48, 5) as u8;
    }
    let r = g.next();
    for (k, m) in fours.into_remainder().iter_mut().enumerate() {
        *m = batch::below(r >> (16 * k), 5) as u8;
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

/// Halite I games in a batch, stepped in Rust across threads.
///
/// The Python class `halite_engine.halite1.VecEnv` wraps this one; its documentation says
/// what every array holds.
#[pyclass(module = "halite_engine._core.halite1")]
pub struct VecEnv {
    batch: Batch<Halite1>,
}

batch_class!(VecEnv {
    #[new]
    #[pyo3(signature = (num_envs, width, height, players, seed, fog=None, max_turns=None, reward="rank", num_threads=None, record=false, time_limit=None, player_names=None))]
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
        let base = batch::checked_spec(num_envs, players, seed, time_limit, player_names)?;
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
            return Err(value_error("turn limits must be at least 1"));
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
        let spec = base.with(Settings {
            width,
            height,
            fog,
            max_turns,
            reward,
            record,
        });
        Ok(VecEnv {
            batch: Batch::new(spec, num_threads)?,
        })
    }

    #[getter]
    fn width(&self) -> usize {
        self.batch.spec.game.width
    }
    #[getter]
    fn height(&self) -> usize {
        self.batch.spec.game.height
    }
    #[getter]
    fn fog(&self) -> Option<u32> {
        self.batch.spec.game.fog
    }

    /// Each env's actual map size as `[N, 2]` (width, height).
    #[getter]
    fn sizes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<i32>>> {
        let rows: Vec<Vec<i32>> = self
            .batch
            .envs
            .iter()
            .map(|e| vec![e.game.board().width as i32, e.game.board().height as i32])
            .collect();
        PyArray2::from_vec2(py, &rows).map_err(|e| PyRuntimeError::new_err(e.to_string()))
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
        let spec = &self.batch.spec;
        let want = [spec.num_envs, spec.players, spec.game.height, spec.game.width];
        if moves.shape() != want {
            return Err(value_error(format!(
                "moves have shape {:?}; this batch takes {:?} (envs, players, height, width)",
                moves.shape(),
                want
            )));
        }
        let moves = moves
            .as_slice()
            .map_err(|_| value_error("moves must be a C-contiguous array"))?;
        // A maximum the compiler vectorises; the offending value is looked for only then.
        if moves.iter().fold(0u8, |m, &d| m.max(d)) > 4 {
            let bad = moves.iter().find(|&&d| d > 4).copied().unwrap_or(5);
            return Err(value_error(format!(
                "move {bad}: directions are 0 (still), 1 north, 2 east, 3 south, 4 west"
            )));
        }
        self.batch.step(py, &Moves::Given(moves))
    }

    /// Uniformly random directions (0 to 4) for every site and seat of every env,
    /// `uint8 [N, P, H, W]`, drawn across the batch's threads with the GIL released, each env
    /// from its own stream of `seed` (the same seed gives the same moves on any number of
    /// threads).
    fn random_moves<'py>(&self, py: Python<'py>, seed: u64) -> PyResult<Bound<'py, PyArray4<u8>>> {
        let spec = &self.batch.spec;
        let dims = [spec.num_envs, spec.players, spec.game.height, spec.game.width];
        // SAFETY: every byte is written below before the array reaches Python.
        let out = unsafe { PyArray4::<u8>::new(py, dims, false) };
        {
            // SAFETY: fresh, contiguous, unshared until returned.
            let o = unsafe { out.as_slice_mut()? };
            let chunk = spec.players * spec.plane();
            batch::par_random(py, &self.batch.pool, o, chunk, seed, fill_random_moves);
        }
        Ok(out)
    }

    /// One turn of every env with the moves `random_moves(seed)` would return, drawn by each
    /// env inside the step (no moves array is made or checked). Returns what `step` returns.
    fn step_random<'py>(&mut self, py: Python<'py>, seed: u64) -> PyResult<Bound<'py, PyAny>> {
        self.batch.step(py, &Moves::Random(seed))
    }

    /// The last finished game of env `i` as `.hlt` bytes (plain JSON, as `halite run` writes
    /// it), or None if it has finished none yet.
    fn replay<'py>(&self, py: Python<'py>, i: usize) -> PyResult<Option<Bound<'py, PyBytes>>> {
        let env = self.batch.env(i)?;
        if !self.batch.spec.game.record {
            return Err(value_error(
                "this batch does not record replays (record=False)",
            ));
        }
        Ok(env.last.as_ref().map(|r| PyBytes::new(py, &r.to_json())))
    }

    /// Moves of the built-in bot `name` for seat `seat` of every env (`uint8 [N, H, W]`), as
    /// the page's bot of that name plays them. Computed across threads.
    fn bot_moves<'py>(
        &self,
        py: Python<'py>,
        name: &str,
        seat: usize,
    ) -> PyResult<Bound<'py, numpy::PyArray3<u8>>> {
        self.batch.check_seat(seat)?;
        let spec = &self.batch.spec;
        let bot = builtin_bot(bots::by_name(name), name, &bots::NAMES)?;
        let dims = [spec.num_envs, spec.game.height, spec.game.width];
        let out = numpy::PyArray3::<u8>::zeros(py, dims, false);
        {
            // SAFETY: fresh, contiguous, unshared until returned.
            let o = unsafe { out.as_slice_mut()? };
            let envs = &self.batch.envs;
            let pool = &self.batch.pool;
            py.detach(|| {
                pool.install(|| {
                    envs.par_iter()
                        .zip(o.par_chunks_mut(spec.plane()))
                        .for_each(|(e, o)| {
                            let obs = Observation::of(&e.game, seat);
                            let moves = bot(&obs);
                            let (w, h) = (obs.board.width, obs.board.height);
                            for m in moves {
                                let (x, y) = (usize::from(m.x), usize::from(m.y));
                                if x < w && y < h {
                                    o[y * spec.game.width + x] = m.dir;
                                }
                            }
                        })
                })
            });
        }
        Ok(out)
    }
});
