"""What the batched environments of every game share: argument checks, the properties read
from the Rust batch, ``reset``, the five values of ``step`` with Gymnasium's same-step
auto-reset infos, and the finished games' replays. A game's ``VecEnv`` adds its observation
dict (``_obs``), its actions and its own properties."""

import numpy as np

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


class BatchEnv:
    """The part of a game's ``VecEnv`` every game shares; see :mod:`halite_engine.halite1`."""

    metadata = {"autoreset_mode": _SAME_STEP}

    def __init__(self, core, num_envs, width, height, players):
        self._env = core
        self.num_envs = int(num_envs)
        self.width = int(width)
        self.height = int(height)
        self.players = int(players)

    @staticmethod
    def _obs(t):
        """The observation dict from the Rust batch's arrays (each game's own)."""
        raise NotImplementedError

    @property
    def num_threads(self):
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
        obs, alive, turn = self._env.reset(None if seed is None else int(seed))
        return self._obs(obs), {"alive": alive.astype(bool), "turn": turn}

    def _step(self, *actions, call=None):
        """One turn of every env with the Rust batch's action arrays (through ``call`` when
        given, else the batch's ``step``): ``(obs, rewards, terminated, truncated, infos)``."""
        (obs, rewards, terminated, truncated, fin, ranks, turns, seeds, alive,
         turn) = (call or self._env.step)(*actions)
        infos = {"alive": alive, "turn": turn}
        done = terminated | truncated
        if done.any():
            infos["final_obs"] = self._obs(fin)
            infos["_final_obs"] = done
            infos["final_ranks"] = ranks
            infos["_final_ranks"] = done
            infos["final_turns"] = turns
            infos["final_seeds"] = seeds
        return self._obs(obs), rewards, terminated, truncated, infos

    def replay(self, i):
        """Env ``i``'s last finished game as the bytes ``halite run`` writes for the game
        (None before its first)."""
        return self._env.replay(int(i))

    def replay_seed(self, i):
        """The map seed of env ``i``'s last finished game (None before its first)."""
        return self._env.replay_seed(int(i))

    def close(self):
        pass
