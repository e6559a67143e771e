"""Gymnasium ``VectorEnv`` over the batched engine itself: many games stepped per call in Rust,
no loop over single envs.

``Halite1VectorEnv(num_envs, opponents="expander", width=30, height=30, players=2, seed=None,
fog=None, max_turns=None, reward="rank", wrap=None, num_threads=None, record=False)`` and
``Halite2VectorEnv(num_envs, opponents="settler", width=240, height=160, players=2, seed=None,
max_ships=64, num_threads=None)``.

* ``opponents`` a bot name (or a list, one per other seat): each of the ``num_envs``
  sub-envs is one game, its seat 0 played by the policy and the other seats by the built-in
  bots (the vector form of :mod:`halite_engine.gym`'s envs, with the same spaces).
* ``opponents="self"``: the per-seat adapter. Each game's every seat is a sub-env, so
  ``num_envs`` (a multiple of ``players``) single-agent envs are ``num_envs // players`` games
  and sub-env ``g * players + s`` is seat ``s`` of game ``g``; the same policy plays every
  seat. A CleanRL-style PPO loop runs on it as on any Gymnasium vector env.

Observations, actions and their checks are the single-agent env's (see
:mod:`halite_engine._single`), stacked along a first axis of ``num_envs``:
``single_observation_space``, ``single_action_space`` and the batched ``observation_space`` /
``action_space`` are set for both games. Every observation has ``action_mask``, ``turn`` and
``max_turns``.

Auto-reset: ``metadata["autoreset_mode"]`` is ``AutoresetMode.SAME_STEP``: a sub-env whose game
ended returns its next game's first observation in the same ``step``; ``infos["final_obs"]`` is
then an object array holding each finished sub-env's last observation (None elsewhere), with
``infos["_final_obs"]`` the mask, and ``infos["final_info"]`` the finished sub-envs' ``rank``
and ``final_turn`` (with ``_final_info``), as Gymnasium's own vector envs give them in that
mode. Rewards are the seat's reward of the batch (the rank's share at a game's end by default).
Seeding: ``reset(seed=s)`` plays game ``g``'s first map with seed ``s + g`` (then the
batch's formula, :mod:`halite_engine.halite1`); without a seed on the first reset, a seed is
drawn from ``np_random``.
"""

import numpy as np
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from . import halite1, halite2
from ._single import Halite1Adapter, Halite2Adapter
from ._util import check_opponents

__all__ = ["Halite1VectorEnv", "Halite2VectorEnv"]


class _VectorEnv(VectorEnv):
    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}

    def _setup(self, adapter_cls, bots, num_envs, opponents, players, make_vec):
        if isinstance(num_envs, bool) or not isinstance(num_envs, (int, np.integer)) or num_envs < 1:
            raise ValueError(f"num_envs {num_envs!r}: a positive integer")
        self.self_play = isinstance(opponents, str) and opponents == "self"
        if self.self_play:
            if num_envs % players:
                raise ValueError(f"num_envs {num_envs}: with opponents='self' a multiple of "
                                 f"players ({players}), one sub-env per seat")
            games = num_envs // players
            self.opponents = []
        else:
            self.opponents = check_opponents(opponents, players - 1, bots, also="; or 'self'")
            games = num_envs
        self.num_envs = int(num_envs)
        self.games = games
        self.players = players
        self.vec = make_vec(games)
        self._ad = ad = adapter_cls.over(self.vec)
        self.single_observation_space = ad.observation_space
        self.single_action_space = ad.action_space
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        self.render_mode = None
        self._seeded = False
        self._started = False

    # Per-seat arrays [games, players, ...] and per-game arrays [games, ...] as sub-env arrays.
    def _seats(self, a):
        a = np.asarray(a)
        if self.self_play:
            return a.reshape((self.num_envs,) + a.shape[2:])
        return a[:, 0]

    def _games(self, a):
        a = np.asarray(a)
        return np.repeat(a, self.players, axis=0) if self.self_play else a

    def _vec(self):
        if self.vec is None:
            raise RuntimeError(f"this {type(self).__name__} is closed: make a new one")
        return self.vec

    def reset(self, *, seed=None, options=None):
        vec = self._vec()
        super().reset(seed=seed)
        if seed is None and not self._seeded:
            seed = self._seed_given
            if seed is None:
                seed = int(self.np_random.integers(0, 2**32))
        if seed is not None:
            if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0:
                raise ValueError(f"seed {seed!r}: a non-negative integer")
            seed = int(seed) % 2**32
            self._seeded = True
        obs, info = vec.reset(seed=seed)
        self._started = True
        return self._batch_obs(obs), {"map_seed": self._games(vec.seeds).astype(np.int64)}

    def step(self, actions):
        vec = self._vec()
        if not self._started:
            raise RuntimeError(f"call reset() before step() on this {type(self).__name__}")
        joint = self._joint(actions)
        for seat, bot in enumerate(self.opponents, start=1):
            self._put_bot(joint, seat, bot)
        obs, rewards, terminated, truncated, info = vec.step(joint)
        out = self._batch_obs(obs)
        infos = {"alive": self._seats(info["alive"]), "turn": self._games(info["turn"])}
        term = self._games(terminated)
        trunc = self._games(truncated)
        done = term | trunc
        if done.any():
            fin = self._batch_obs(info["final_obs"])
            final_obs = np.full(self.num_envs, None, dtype=object)
            for j in np.flatnonzero(done):
                final_obs[j] = _index(fin, j)
            infos["final_obs"] = final_obs
            infos["_final_obs"] = done
            infos["final_info"] = {
                "rank": np.where(done, self._seats(info["final_ranks"]), 0).astype(np.int64),
                "_rank": done,
                "final_turn": np.where(done, self._games(info["final_turns"]), 0).astype(np.int64),
                "_final_turn": done,
            }
            infos["_final_info"] = done
        return out, self._seats(rewards).astype(np.float64), term, trunc, infos

    def close_extras(self, **kwargs):
        if self.vec is not None:
            self.vec.close()
            self.vec = None

    def replay(self, game):
        """Game ``game``'s last finished game's replay bytes (Halite I: with ``record=True``)."""
        return self._vec().replay(game)


def _index(obs, j):
    if isinstance(obs, dict):
        return {k: _index(v, j) for k, v in obs.items()}
    return obs[j]


class Halite1VectorEnv(_VectorEnv):
    """Halite I (and Blitz with ``fog``) games as a Gymnasium ``VectorEnv``; see the module."""

    def __init__(self, num_envs, opponents="expander", width=30, height=30, players=2, seed=None,
                 fog=None, max_turns=None, reward="rank", wrap=None, num_threads=None, record=False,
                 render_mode=None):
        def make(games):
            return halite1.VecEnv(games, width, height, players, 0 if seed is None else seed,
                                  fog=fog, max_turns=max_turns, reward=reward,
                                  num_threads=num_threads, record=record, wrap=wrap)
        self._setup(Halite1Adapter, halite1.BOTS, num_envs, opponents, players, make)
        self._seed_given = seed

    def _batch_obs(self, obs):
        out = {k: self._seats(obs[k]) for k in ("owner", "strength", "production", "visible") if k in obs}
        out["valid"] = self._games(obs["valid"][:, 0])
        out["action_mask"] = self._seats(obs["action_mask"]).astype(np.int8)
        out["turn"] = self._games(obs["turn"]).astype(np.int32)
        out["max_turns"] = self._games(obs["max_turns"]).astype(np.int32)
        return out

    def _joint(self, actions):
        from ._util import as_uint_array
        hh, ww = self.vec.plane_shape
        a = as_uint_array(actions, "actions", np.uint8, (self.num_envs, hh, ww), 4, check_range=True)
        joint = np.zeros((self.games, self.players, hh, ww), np.uint8)
        if self.self_play:
            joint[:] = a.reshape(self.games, self.players, hh, ww)
        else:
            joint[:, 0] = a
        return joint

    def _put_bot(self, joint, seat, bot):
        joint[:, seat] = self.vec.bot_moves(bot, seat)


class Halite2VectorEnv(_VectorEnv):
    """Halite II games as a Gymnasium ``VectorEnv``; see the module."""

    def __init__(self, num_envs, opponents="settler", width=240, height=160, players=2, seed=None,
                 max_ships=64, num_threads=None, render_mode=None):
        def make(games):
            return halite2.VecEnv(games, width, height, players, 0 if seed is None else seed,
                                  max_ships=max_ships, num_threads=num_threads)
        self._setup(Halite2Adapter, halite2.BOTS, num_envs, opponents, players, make)
        self._seed_given = seed

    def _batch_obs(self, obs):
        from numpy.lib import recfunctions as rfn
        from ._single import PLANET_FEATURES, SHIP_FEATURES
        return {
            "ships": self._seats(rfn.structured_to_unstructured(obs["ships"][list(SHIP_FEATURES)],
                                                                 dtype=np.float64)),
            "ship_mask": self._seats(obs["ship_mask"]).astype(np.int8),
            "planets": self._seats(rfn.structured_to_unstructured(obs["planets"][list(PLANET_FEATURES)],
                                                                   dtype=np.float64)),
            "planet_mask": self._seats(obs["planet_mask"]).astype(np.int8),
            "ships_dropped": np.minimum(self._seats(obs["ships_dropped"]), 2**31 - 1).astype(np.int32),
            "action_mask": {"ships": self._seats(obs["action_mask"]["ships"]).astype(np.int8),
                            "planets": self._seats(obs["action_mask"]["planets"]).astype(np.int8)},
            "turn": self._games(obs["turn"]).astype(np.int32),
            "max_turns": self._games(obs["max_turns"]).astype(np.int32),
        }

    def _joint(self, actions):
        from ._util import as_uint_array
        if not isinstance(actions, dict):
            raise TypeError("Halite II actions are a dict of kind, magnitude, angle, planet arrays "
                            f"[num_envs, max_ships], not {type(actions).__name__}")
        unknown = set(actions) - {f[0] for f in halite2._COMMAND_FIELDS}
        if unknown:
            raise ValueError(f"unknown command fields {sorted(unknown)}; use kind, magnitude, angle, planet")
        s = self.vec.max_ships
        joint = halite2.commands(self.games, self.players, s)
        for key, dtype, high in halite2._COMMAND_FIELDS:
            if key not in actions:
                continue
            a = as_uint_array(actions[key], key, dtype, (self.num_envs, s), high, check_range=True)
            if self.self_play:
                joint[key][:] = a.reshape(self.games, self.players, s)
            else:
                joint[key][:, 0] = a
        return joint

    def _put_bot(self, joint, seat, bot):
        for key, v in self.vec.bot_commands(bot, seat).items():
            joint[key][:, seat] = v
