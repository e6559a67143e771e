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

Each game's class, its name, its default opponent and its game's default arguments come from
the table, :mod:`halite_engine.games`; the game's own ``Adapter`` reads and writes its arrays.
"""

import numpy as np
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from . import games as _games
from ._util import check_opponents, reset_seed

__all__ = [g.vector_name for g in _games.ALL]


class _VectorEnv(VectorEnv):
    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}

    def __init__(self, game, num_envs, opponents, width, height, players, seed, **kwargs):
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
            self.opponents = check_opponents(opponents, players - 1, game.bots, also="; or 'self'")
            games = num_envs
        self.num_envs = int(num_envs)
        self.games = games
        self.players = players
        self.vec = game.VecEnv(games, width, height, players, 0 if seed is None else seed, **kwargs)
        self._ad = ad = game.Adapter.over(self.vec)
        self.single_observation_space = ad.observation_space
        self.single_action_space = ad.action_space
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        self.render_mode = None
        self._seeded = False
        self._started = False
        self._seed_given = seed

    # Per-seat arrays [games, players, ...] and per-game arrays [games, ...] as sub-env arrays.
    def _seats(self, a):
        a = np.asarray(a)
        if self.self_play:
            return a.reshape((self.num_envs,) + a.shape[2:])
        return a[:, 0]

    def _games(self, a):
        a = np.asarray(a)
        return np.repeat(a, self.players, axis=0) if self.self_play else a

    def _place(self, joint, a):
        """Sub-env actions ``a`` ``[num_envs, ...]`` into the joint array ``[games, players,
        ...]``: every seat's with ``opponents='self'``, else seat 0's."""
        if self.self_play:
            joint[:] = a.reshape(joint.shape)
        else:
            joint[:, 0] = a

    def _batch_obs(self, obs):
        return self._ad.batch_obs(obs, self._seats, self._games)

    def _vec(self):
        if self.vec is None:
            raise RuntimeError(f"this {type(self).__name__} is closed: make a new one")
        return self.vec

    def reset(self, *, seed=None, options=None):
        vec = self._vec()
        super().reset(seed=seed)
        seed = reset_seed(self, seed)
        obs, info = vec.reset(seed=seed)
        self._started = True
        return self._batch_obs(obs), {"map_seed": self._games(vec.seeds).astype(np.int64)}

    def step(self, actions):
        vec = self._vec()
        if not self._started:
            raise RuntimeError(f"call reset() before step() on this {type(self).__name__}")
        joint = self._ad.empty_action()
        self._ad.put_batch_action(joint, actions, self.num_envs, self._place)
        for seat, bot in enumerate(self.opponents, start=1):
            self._ad.put_bot(joint, seat, bot)
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


def _vector_class(game):
    """The vector env class of ``game`` (an entry of the table)."""
    d = game.defaults

    def __init__(self, num_envs, opponents=game.opponent, width=d["width"], height=d["height"],
                 players=d["players"], seed=None, *, render_mode=None, **kwargs):
        rest = {k: v for k, v in d.items() if k not in ("width", "height", "players")}
        _VectorEnv.__init__(self, game, num_envs, opponents, width, height, players, seed,
                            **{**rest, **kwargs})

    return type(game.vector_name, (_VectorEnv,), {
        "__init__": __init__, "__module__": __name__, "__qualname__": game.vector_name,
        "__doc__": f"{game.title} games as a Gymnasium ``VectorEnv``; see the module."})


for _game in _games.ALL:
    globals()[_game.vector_name] = _vector_class(_game)
del _game
