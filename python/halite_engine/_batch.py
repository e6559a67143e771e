"""What the batched environments of every game share: argument checks, the properties read
from the Rust batch, ``reset``, the five values of ``step`` with Gymnasium's same-step
auto-reset infos, the finished games' replays, ``close``, and pickling. A game's ``VecEnv``
adds its observation dict (``_obs``), its actions and its own properties."""

import os

import numpy as np

from . import _core
from ._util import check_index

try:  # Gymnasium's name for the auto-reset this batch does, when Gymnasium is there.
    from gymnasium.vector import AutoresetMode as _Autoreset
    _SAME_STEP = _Autoreset.SAME_STEP
except ImportError:
    _SAME_STEP = "SameStep"


def check_integer(name, v):
    """A ``TypeError`` unless ``v`` is an integer (a ``bool`` is not)."""
    if isinstance(v, bool) or not isinstance(v, (int, np.integer)):
        raise TypeError(f"{name} must be an integer, not {type(v).__name__}")


def check_optional(pairs):
    """A ``ValueError`` unless each ``(name, value)``'s value is None or an integer from 0 to
    2**32 - 1."""
    for name, v in pairs:
        if v is not None and (isinstance(v, bool) or not isinstance(v, (int, np.integer)) or v < 0 or v >= 2**32):
            raise ValueError(f"{name} {v!r}: a non-negative integer or None")


def machine_threads():
    """The cores this process may run on (``os.sched_getaffinity`` where there is one)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, int(_core.default_threads()))


def clamp_threads(num_threads):
    """``num_threads`` (checked: None or at least 1) clamped to the machine's cores: a batch
    never starts more OS threads than there are cores to run them."""
    if num_threads is None:
        return None
    check_integer("num_threads", num_threads)
    if num_threads < 1:
        raise ValueError(f"num_threads {num_threads}: at least 1 (or None for every core)")
    return min(int(num_threads), machine_threads())


class BatchEnv:
    """The part of a game's ``VecEnv`` every game shares; see :mod:`halite_engine.halite1`."""

    metadata = {"autoreset_mode": _SAME_STEP}

    def __init__(self, core, num_envs, width, height, players, config, history=False):
        self._core = core
        self._config = dict(config)
        self.num_envs = int(num_envs)
        self.width = int(width)
        self.height = int(height)
        self.players = int(players)
        self._history = [] if history else None
        self._started = False
        self._meta = None

    # --- life cycle -------------------------------------------------------------------------

    @property
    def _env(self):
        if self._core is None:
            raise RuntimeError(f"this {type(self).__name__} is closed: make a new one")
        return self._core

    @property
    def closed(self):
        """Whether :meth:`close` was called."""
        return self._core is None

    def close(self):
        """Ends the env: its games and threads are freed; any later call raises
        ``RuntimeError``. Closing twice is harmless."""
        self._core = None
        self._history = None if self._history is None else []

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # --- pickling: re-created from the constructor's arguments and the calls since -----------

    def __getstate__(self):
        if self._core is None:
            raise TypeError(f"a closed {type(self).__name__} cannot be pickled")
        if self._history is None:
            raise TypeError(
                f"this {type(self).__name__} keeps no history: make it with history=True to "
                "pickle or copy it (it then keeps every step's actions since the last seeded "
                "reset, and an unpickled copy replays them)")
        return {"config": self._config, "history": self._history, "started": self._started}

    def __setstate__(self, state):
        fresh = type(self)(**state["config"])
        self.__dict__.update(fresh.__dict__)
        core = self._env
        for kind, value in state["history"]:
            if kind == "reset":
                core.reset(value)
            else:
                getattr(core, kind)(*(v[()] if v.ndim == 0 else v for v in value))
        self._history = list(state["history"])
        self._started = state["started"]
        self._meta = self._read_meta()

    def _log(self, kind, value):
        if self._history is not None:
            if kind == "reset" and value is not None:
                self._history.clear()
            self._history.append((kind, value))

    # --- what the batch tells -----------------------------------------------------------------

    def _obs(self, t, turn, meta):
        """The observation dict from the Rust batch's arrays (each game's own), the turn of each
        env and the games' ``meta`` (:meth:`_read_meta`)."""
        raise NotImplementedError

    def _read_meta(self):
        """What the observation needs of each env's current game besides the arrays: its
        turn limit (a game's own may add more)."""
        return {"max_turns": np.array(self._env.max_turns)}

    @property
    def num_threads(self):
        """Threads the batch steps on (what was asked, clamped to the machine's cores)."""
        return self._env.num_threads

    @property
    def rules_seconds(self):
        """Seconds spent in the rules since the batch was made, summed over envs."""
        return self._env.rules_seconds

    @property
    def seeds(self):
        """``uint32 [num_envs]``: the map seed of each env's current game."""
        return self._env.seeds

    @property
    def max_turns(self):
        """``uint32 [num_envs]``: each env's turn limit."""
        return self._env.max_turns

    @property
    def game_index(self):
        """``uint64 [num_envs]``: each env's current game number since the last seeded reset."""
        return self._env.game_index

    def reset(self, seed=None, options=None):
        """New games (with ``seed``: game 0 of every env from that seed). Returns ``(obs, infos)``."""
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or not 0 <= seed < 2**32):
            raise ValueError(f"seed {seed!r}: an integer from 0 to 2**32 - 1")
        seed = None if seed is None else int(seed)
        obs, alive, turn = self._env.reset(seed)
        self._log("reset", seed)
        self._started = True
        self._meta = self._read_meta()
        return self._obs(obs, turn, self._meta), {"alive": alive.astype(bool), "turn": turn}

    def _check_started(self):
        self._env  # closed first
        if not self._started:
            raise RuntimeError(f"call reset() before step() on this {type(self).__name__}")

    def _step(self, *actions, call="step"):
        """One turn of every env with the Rust batch's action arrays, through the batch's method
        ``call`` (``step``, or ``step_random`` with a seed): ``(obs, rewards, terminated,
        truncated, infos)``."""
        self._check_started()
        (obs, rewards, terminated, truncated, fin, ranks, turns, seeds, alive,
         turn) = getattr(self._env, call)(*actions)
        self._log(call, tuple(np.array(a) for a in actions))
        before = self._meta
        self._meta = self._read_meta()
        infos = {"alive": alive, "turn": turn}
        done = terminated | truncated
        if done.any():
            fin_turn = np.where(done, turns, turn).astype(np.int32)
            fin_meta = {k: np.where(done.reshape((-1,) + (1,) * (v.ndim - 1)), before[k], v)
                        for k, v in self._meta.items()}
            infos["final_obs"] = self._obs(fin, fin_turn, fin_meta)
            infos["_final_obs"] = done
            infos["final_ranks"] = ranks
            infos["_final_ranks"] = done
            infos["final_turns"] = turns
            infos["final_seeds"] = seeds
        return self._obs(obs, turn, self._meta), rewards, terminated, truncated, infos

    def _index(self, i):
        return check_index("env", i, self.num_envs)

    def _seat(self, seat):
        try:
            return check_index("seat", seat, self.players)
        except IndexError as e:
            raise ValueError(str(e)) from None

    def replay(self, i):
        """Env ``i``'s last finished game as the bytes ``halite run`` writes for the game
        (None before its first)."""
        return self._env.replay(self._index(i))

    def replay_seed(self, i):
        """The map seed of env ``i``'s last finished game (None before its first)."""
        return self._env.replay_seed(self._index(i))
