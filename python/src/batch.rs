//! The batch both games' `VecEnv` are: many envs stepped across a thread pool with the GIL
//! released, each starting its next game in the step that ends one (same-step auto-reset),
//! observations written straight into fresh NumPy arrays. A game writes only its own part
//! through [`BatchGame`]: how a game is made from its seed, its observation tables, how the
//! actions of a step reach its rules, and its own rewards; [`batch_class!`] writes the Python
//! methods every batch has.

use crate::common::{check_names, game_seed, pool, rank_reward};
use halite::env::Game as _;
use numpy::{PyArray1, PyArray2, PyArrayMethods};
use pyo3::exceptions::{PyIndexError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use rayon::prelude::*;

/// The most envs a batch holds.
const MAX_ENVS: usize = 1 << 20;

/// What every env of a batch is made with: the batch's settings and the game's own (`game`).
#[derive(Clone, Debug)]
pub struct Spec<G> {
    pub num_envs: usize,
    pub players: usize,
    pub seed: u32,
    /// An outside turn limit: a game that reaches it is cut (truncated).
    pub time_limit: Option<u32>,
    /// Player names for the replays (none, or one per seat).
    pub names: Vec<String>,
    pub game: G,
}

/// The batch's own settings, checked (player names, then the number of envs); the game
/// checks and adds its own with [`Spec::with`].
pub fn checked_spec(
    num_envs: usize,
    players: usize,
    seed: u32,
    time_limit: Option<u32>,
    player_names: Option<Vec<String>>,
) -> PyResult<Spec<()>> {
    let names = check_names(player_names, players)?;
    if num_envs == 0 || num_envs > MAX_ENVS {
        return Err(value_error(format!(
            "num_envs {num_envs}: a batch has 1 to {MAX_ENVS} envs"
        )));
    }
    Ok(Spec {
        num_envs,
        players,
        seed,
        time_limit,
        names,
        game: (),
    })
}

impl Spec<()> {
    /// These settings with the game's.
    pub fn with<G>(self, game: G) -> Spec<G> {
        Spec {
            num_envs: self.num_envs,
            players: self.players,
            seed: self.seed,
            time_limit: self.time_limit,
            names: self.names,
            game,
        }
    }
}

/// The built-in bot `name` as a game's `by_name` found it (`found`), or an error that lists
/// the game's bots (`names`).
pub fn builtin_bot<F>(found: Option<F>, name: &str, names: &[&str]) -> PyResult<F> {
    found.ok_or_else(|| {
        value_error(format!(
            "no built-in bot {name:?} (there are: {})",
            names.join(", ")
        ))
    })
}

/// A game's part of a batch.
pub trait BatchGame: Sized + 'static {
    /// The game's settings of a batch (map size, options).
    type Settings: Clone + Send + Sync;
    type Game: halite::env::Game<Replay: Send> + Send;
    /// What an env keeps besides its game (scratch, the kept final observation).
    type Own: Send;
    /// One env's slices of a batch's observation arrays.
    type Obs<'a>: Send;
    /// The batch's observation arrays.
    type Tables<'py>;
    /// A step's actions for the whole batch.
    type Actions<'a>: Sync;

    /// Why a game cannot be made or played (raised as `ValueError` with its message).
    type Error: std::error::Error + Send + Sync + 'static;

    /// The game of map seed `seed`.
    fn new_game(spec: &Spec<Self::Settings>, seed: u32) -> Result<Self::Game, Self::Error>;
    fn own(spec: &Spec<Self::Settings>) -> Self::Own;
    /// A new game has started in `env` (the first one or a next one).
    fn started(_env: &mut Env<Self>) {}
    /// What the batch keeps of a finished game.
    fn keep_replay(spec: &Spec<Self::Settings>, game: Self::Game) -> Option<Replay<Self>>;
    /// The game's turn limit.
    fn max_turns(game: &Self::Game) -> u32;
    /// Writes every seat's view into `out`, every byte of it (the arrays may start
    /// uninitialised).
    fn write_obs(env: &mut Env<Self>, spec: &Spec<Self::Settings>, out: &mut Self::Obs<'_>);
    /// Keeps the finished game's last observation in the env (copied into the batch's
    /// final-observation arrays afterwards, which are made only when a game ends).
    fn keep_final_obs(env: &mut Env<Self>, spec: &Spec<Self::Settings>);
    /// Copies the kept final observation into `out`.
    fn copy_final_obs(env: &mut Env<Self>, spec: &Spec<Self::Settings>, out: &mut Self::Obs<'_>);
    /// Turns env `i`'s part of `actions` into what [`BatchGame::play`] plays.
    fn prepare(
        env: &mut Env<Self>,
        spec: &Spec<Self::Settings>,
        i: usize,
        actions: &Self::Actions<'_>,
    );
    /// One turn of the rules with the prepared actions (timed for `rules_seconds`).
    fn play(game: &mut Self::Game, own: &Self::Own) -> Result<(), Self::Error>;
    /// Rewards of the turn just played, before the end-of-game rewards (none by default).
    fn turn_rewards(_env: &mut Env<Self>, _spec: &Spec<Self::Settings>, _rewards: &mut [f32]) {}
    /// Whether a game's end rewards each seat with its rank's share.
    fn rank_rewards(_spec: &Spec<Self::Settings>) -> bool {
        true
    }
    fn tables<'py>(py: Python<'py>, spec: &Spec<Self::Settings>) -> Self::Tables<'py>;
    /// Per-env slices. The arrays were just made, are contiguous and no other reference to
    /// them exists until they are returned to Python.
    fn views<'a>(
        tables: &'a Self::Tables<'_>,
        spec: &Spec<Self::Settings>,
    ) -> PyResult<Vec<Self::Obs<'a>>>;
    fn into_tuple<'py>(tables: Self::Tables<'py>, py: Python<'py>) -> PyResult<Bound<'py, PyAny>>;
}

/// A finished game of `B`, kept for `replay(i)`.
pub type Replay<B> = <<B as BatchGame>::Game as halite::env::Game>::Replay;

/// One env: its game in progress and the last one it finished.
pub struct Env<B: BatchGame> {
    pub game: B::Game,
    /// Games started since the last seeded reset (the current one is `index`).
    pub index: u64,
    pub seed: u32,
    pub last: Option<Replay<B>>,
    pub last_seed: Option<u32>,
    /// The game that ended in this step left its last observation (see
    /// [`BatchGame::keep_final_obs`]).
    pub finished: bool,
    /// Time spent in the rules (the turn itself), for the benchmarks.
    pub rules_ns: u64,
    pub own: B::Own,
}

/// One env's slices of a step's outputs.
pub struct StepOut<'a, O> {
    obs: O,
    rewards: &'a mut [f32],
    terminated: &'a mut bool,
    truncated: &'a mut bool,
    final_ranks: &'a mut [i32],
    final_turns: &'a mut i32,
    final_seed: &'a mut u32,
    alive: &'a mut [bool],
    turn: &'a mut i32,
}

impl<B: BatchGame> Env<B> {
    fn new(spec: &Spec<B::Settings>, i: usize, index: u64) -> Result<Env<B>, B::Error> {
        let seed = game_seed(spec.seed, spec.num_envs, i, index);
        let mut env = Env {
            game: B::new_game(spec, seed)?,
            index,
            seed,
            last: None,
            last_seed: None,
            finished: false,
            rules_ns: 0,
            own: B::own(spec),
        };
        B::started(&mut env);
        Ok(env)
    }

    /// Starts game `index + 1`, keeping the finished one's replay when `keep`.
    fn next_game(
        &mut self,
        spec: &Spec<B::Settings>,
        i: usize,
        keep: bool,
    ) -> Result<(), B::Error> {
        let seed = game_seed(spec.seed, spec.num_envs, i, self.index + 1);
        let old = std::mem::replace(&mut self.game, B::new_game(spec, seed)?);
        if keep {
            self.last = B::keep_replay(spec, old);
            self.last_seed = Some(self.seed);
        }
        self.index += 1;
        self.seed = seed;
        B::started(self);
        Ok(())
    }

    fn write_info<T: From<bool>>(&self, alive: &mut [T], turn: &mut i32) {
        for (s, a) in alive.iter_mut().enumerate() {
            *a = T::from(self.game.is_alive(s));
        }
        *turn = self.game.turn() as i32;
    }

    /// One turn with env `i`'s part of `actions`; when the game ends (or is cut) its ranks,
    /// turns, seed and last observation, and the next game's first observation.
    fn step(
        &mut self,
        spec: &Spec<B::Settings>,
        i: usize,
        actions: &B::Actions<'_>,
        out: &mut StepOut<'_, B::Obs<'_>>,
    ) -> Result<(), B::Error> {
        B::prepare(self, spec, i, actions);
        let started = std::time::Instant::now();
        B::play(&mut self.game, &self.own)?;
        self.rules_ns += started.elapsed().as_nanos() as u64;
        B::turn_rewards(self, spec, out.rewards);
        let over = self.game.is_over();
        let cut = !over && spec.time_limit.is_some_and(|t| self.game.turn() >= t);
        *out.terminated = over;
        *out.truncated = cut;
        if over || cut {
            for r in self.game.results() {
                if let Some(slot) = out.final_ranks.get_mut(r.seat) {
                    *slot = r.rank as i32;
                }
                if over && B::rank_rewards(spec) {
                    out.rewards[r.seat] = rank_reward(r.rank, spec.players);
                }
            }
            *out.final_turns = self.game.turn() as i32;
            *out.final_seed = self.seed;
            B::keep_final_obs(self, spec);
            self.finished = true;
            self.next_game(spec, i, true)?;
        }
        B::write_obs(self, spec, &mut out.obs);
        self.write_info(out.alive, out.turn);
        Ok(())
    }
}

/// The random helpers' generator (SplitMix64): fast, and an independent stream per env, so
/// what is drawn depends on the seed and the env, not on threads or timing.
pub struct SplitMix(u64);

impl SplitMix {
    /// Env `i`'s stream from `seed`.
    pub fn new(seed: u64, i: usize) -> SplitMix {
        let mut g = SplitMix(seed);
        let mixed = g.next() ^ (i as u64);
        let mut g = SplitMix(mixed);
        g.0 = g.next();
        g
    }

    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// A number in `0..n` from 16 random bits (`n` at most 65536; off uniform by at most 2^-16).
#[inline]
pub fn below(bits16: u64, n: u64) -> u64 {
    ((bits16 & 0xFFFF) * n) >> 16
}

/// Fills `out`, `chunk` elements per env, across the pool with the GIL released: `f` gets env
/// `i`'s own stream of `seed` and its chunk.
pub fn par_random<T: Send>(
    py: Python<'_>,
    pool: &rayon::ThreadPool,
    out: &mut [T],
    chunk: usize,
    seed: u64,
    f: impl Fn(&mut SplitMix, &mut [T]) + Sync + Send,
) {
    py.detach(|| {
        pool.install(|| {
            out.par_chunks_mut(chunk)
                .enumerate()
                .for_each(|(i, c)| f(&mut SplitMix::new(seed, i), c))
        })
    });
}

pub fn value_error(m: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(m.to_string())
}

/// A batch of one game: its envs and its thread pool.
pub struct Batch<B: BatchGame> {
    pub spec: Spec<B::Settings>,
    pub envs: Vec<Env<B>>,
    pub pool: rayon::ThreadPool,
    pub threads: usize,
    /// No step since the games were made: `reset()` hands these games out as they are.
    fresh: bool,
}

fn make_envs<B: BatchGame>(
    pool: &rayon::ThreadPool,
    spec: &Spec<B::Settings>,
    index: u64,
) -> Result<Vec<Env<B>>, B::Error> {
    pool.install(|| {
        (0..spec.num_envs)
            .into_par_iter()
            .map(|i| Env::new(spec, i, index))
            .collect()
    })
}

impl<B: BatchGame> Batch<B> {
    /// The batch's games, on `num_threads` threads (all cores when None).
    pub fn new(spec: Spec<B::Settings>, num_threads: Option<usize>) -> PyResult<Batch<B>> {
        let pool = pool(num_threads)?;
        let threads = pool.current_num_threads();
        let envs = make_envs(&pool, &spec, 0).map_err(value_error)?;
        Ok(Batch {
            spec,
            envs,
            pool,
            threads,
            fresh: true,
        })
    }

    pub fn env(&self, i: usize) -> PyResult<&Env<B>> {
        self.envs.get(i).ok_or_else(|| {
            PyIndexError::new_err(format!(
                "env {i}: this batch has envs 0 to {}",
                self.envs.len() - 1
            ))
        })
    }

    /// An error unless `seat` is one of the batch's seats.
    pub fn check_seat(&self, seat: usize) -> PyResult<()> {
        if seat >= self.spec.players {
            return Err(value_error(format!(
                "seat {seat}: this batch has seats 0 to {}",
                self.spec.players - 1
            )));
        }
        Ok(())
    }

    pub fn seeds<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u32>> {
        PyArray1::from_iter(py, self.envs.iter().map(|e| e.seed))
    }

    pub fn game_index<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u64>> {
        PyArray1::from_iter(py, self.envs.iter().map(|e| e.index))
    }

    pub fn max_turns<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u32>> {
        PyArray1::from_iter(py, self.envs.iter().map(|e| B::max_turns(&e.game)))
    }

    pub fn rules_seconds(&self) -> f64 {
        self.envs.iter().map(|e| e.rules_ns as f64).sum::<f64>() / 1e9
    }

    /// New games: with `seed`, game 0 of every env from that seed; without, each env's next
    /// game (the games made by the constructor or the last seeded reset when none was played).
    /// Returns the observation tables and the info arrays (alive, turn).
    pub fn reset<'py>(
        &mut self,
        py: Python<'py>,
        seed: Option<u32>,
    ) -> PyResult<Bound<'py, PyAny>> {
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
        let tables = B::tables(py, spec);
        let alive = PyArray2::<u8>::zeros(py, [spec.num_envs, spec.players], false);
        let turn = PyArray1::<i32>::zeros(py, spec.num_envs, false);
        {
            let mut views = B::views(&tables, spec)?;
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
                            B::write_obs(e, spec, v);
                            e.write_info(a, t);
                        })
                })
            });
        }
        Ok((B::into_tuple(tables, py)?, alive, turn)
            .into_pyobject(py)?
            .into_any())
    }

    /// One turn of every env with `actions` (checked by the caller). Returns
    /// `(obs, rewards, terminated, truncated, final_obs, final_ranks, final_turns,
    /// final_seeds, alive, turn)`.
    pub fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: &B::Actions<'_>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let spec = &self.spec;
        let n = spec.num_envs;
        let p = spec.players;
        let obs = B::tables(py, spec);
        let rewards = PyArray2::<f32>::zeros(py, [n, p], false);
        // Booleans are made as NumPy `bool` arrays here (no conversion afterwards).
        let terminated = PyArray1::<bool>::zeros(py, n, false);
        let truncated = PyArray1::<bool>::zeros(py, n, false);
        let final_ranks = PyArray2::<i32>::zeros(py, [n, p], false);
        let final_turns = PyArray1::<i32>::zeros(py, n, false);
        let final_seeds = PyArray1::<u32>::zeros(py, n, false);
        let alive = PyArray2::<bool>::zeros(py, [n, p], false);
        let turn = PyArray1::<i32>::zeros(py, n, false);
        {
            let obs_views = B::views(&obs, spec)?;
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
            let mut outs: Vec<StepOut<'_, B::Obs<'_>>> = obs_views
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
            py.detach(|| {
                pool.install(|| {
                    envs.par_iter_mut()
                        .zip(outs.par_iter_mut())
                        .enumerate()
                        .try_for_each(|(i, (e, out))| e.step(spec, i, actions, out))
                })
            })
            .map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
        }
        self.fresh = false;
        let fin = if self.envs.iter().any(|e| e.finished) {
            let fin = B::tables(py, spec);
            let mut views = B::views(&fin, spec)?;
            let envs = &mut self.envs;
            let pool = &self.pool;
            py.detach(|| {
                pool.install(|| {
                    envs.par_iter_mut()
                        .zip(views.par_iter_mut())
                        .for_each(|(e, v)| {
                            if e.finished {
                                B::copy_final_obs(e, spec, v);
                                e.finished = false;
                            } else {
                                B::write_obs(e, spec, v);
                            }
                        })
                })
            });
            drop(views);
            B::into_tuple(fin, py)?
        } else {
            py.None().into_bound(py)
        };
        Ok((
            B::into_tuple(obs, py)?,
            rewards,
            terminated,
            truncated,
            fin,
            final_ranks,
            final_turns,
            final_seeds,
            alive,
            turn,
        )
            .into_pyobject(py)?
            .into_any())
    }
}

/// Writes a game's `#[pymethods]` block for `$class` (which holds its [`Batch`] in the field
/// `batch`): the game's own methods (`$own`: its constructor, sizes, `step`, `replay`, bots),
/// then what every batch has: the `num_envs`, `players`, `num_threads`, `base_seed`, `seeds`,
/// `game_index`, `max_turns` and `rules_seconds` getters, `reset(seed=None)` and
/// `replay_seed(i)`.
macro_rules! batch_class {
    ($class:ident { $($own:tt)* }) => {
        #[pymethods]
        impl $class {
            $($own)*

            #[getter]
            fn num_envs(&self) -> usize {
                self.batch.spec.num_envs
            }
            #[getter]
            fn players(&self) -> usize {
                self.batch.spec.players
            }
            #[getter]
            fn num_threads(&self) -> usize {
                self.batch.threads
            }
            #[getter]
            fn base_seed(&self) -> u32 {
                self.batch.spec.seed
            }

            /// The map seed of each env's current game.
            #[getter]
            fn seeds<'py>(&self, py: Python<'py>) -> Bound<'py, numpy::PyArray1<u32>> {
                self.batch.seeds(py)
            }

            /// Each env's games started since the last seeded reset (the current one's index).
            #[getter]
            fn game_index<'py>(&self, py: Python<'py>) -> Bound<'py, numpy::PyArray1<u64>> {
                self.batch.game_index(py)
            }

            /// Each env's turn limit.
            #[getter]
            fn max_turns<'py>(&self, py: Python<'py>) -> Bound<'py, numpy::PyArray1<u32>> {
                self.batch.max_turns(py)
            }

            /// Seconds spent in the rules (turn resolution) since the batch was made, summed
            /// over envs (and so over threads).
            #[getter]
            fn rules_seconds(&self) -> f64 {
                self.batch.rules_seconds()
            }

            /// New games: with `seed`, game 0 of every env from that seed; without, each env's
            /// next game (the games made by the constructor or the last seeded reset when none
            /// was played). Returns the observation arrays and the info arrays (alive, turn).
            #[pyo3(signature = (seed=None))]
            fn reset<'py>(
                &mut self,
                py: Python<'py>,
                seed: Option<u32>,
            ) -> PyResult<Bound<'py, PyAny>> {
                self.batch.reset(py, seed)
            }

            /// The map seed of the last finished game of env `i` (None before its first).
            fn replay_seed(&self, i: usize) -> PyResult<Option<u32>> {
                Ok(self.batch.env(i)?.last_seed)
            }
        }
    };
}
pub(crate) use batch_class;
