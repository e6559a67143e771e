"""Gymnasium single-agent environments: seat 0 against built-in bots in the other seats.

``Halite1Env(opponents="expander", width=30, height=30, players=2, seed=None, fog=None,
max_turns=None, reward="rank", record=False, wrap=None)`` and ``Halite2Env(opponents="settler",
width=240, height=160, players=2, seed=None, max_ships=64)``. ``opponents`` is a bot name or a
list of names, one per other seat (the Rust policies of :data:`halite_engine.halite1.BOTS` /
:data:`halite_engine.halite2.BOTS`). Observations and actions are seat 0's, as in
:mod:`halite_engine.pettingzoo` (with ``action_mask``, ``turn`` and ``max_turns``); actions are
checked as ``VecEnv.step`` checks them (a bad one raises, naming ``player_0`` and the value).
``reset(seed=s)`` plays the map of seed ``s``; later resets play the next seeds; without any
seed, a seed is drawn from the environment's ``np_random``. ``close()`` ends the env (any later
call raises ``RuntimeError``); ``step`` before ``reset`` raises ``RuntimeError``.

Registered with Gymnasium on ``import halite_engine`` as ``halite_engine/Halite1-v0``,
``halite_engine/Blitz-v0`` (Halite I with fog, sight radius 4) and ``halite_engine/Halite2-v0``:
``gymnasium.make(id)`` gives these envs, ``gymnasium.make_vec(id, num_envs=N,
vectorization_mode="vector_entry_point")`` the batched :mod:`halite_engine.vector` envs.

Each game's class, its name, its default opponent and its game's default arguments come from
the table, :mod:`halite_engine.games`.
"""

import gymnasium as gym

from . import games as _games
from ._single import adapter
from ._util import check_opponents, env_class, reset_seed

__all__ = [g.env_name for g in _games.ALL]


class _SingleEnv(gym.Env):
    metadata = {"render_modes": []}

    def __init__(self, game, opponents, render_mode=None, **kwargs):
        self._seed_given = kwargs.pop("seed", None)
        self._game = adapter(game.id, seed=self._seed_given or 0, **kwargs)
        self.opponents = check_opponents(opponents, self._game.players - 1, game.bots)
        self.render_mode = render_mode
        self.observation_space = self._game.observation_space
        self.action_space = self._game.action_space
        self._obs = None
        self._seeded = False

    def _vec(self):
        if self._game is None:
            raise RuntimeError(f"this {type(self).__name__} is closed: make a new one")
        return self._game.vec

    def reset(self, *, seed=None, options=None):
        vec = self._vec()
        super().reset(seed=seed)
        seed = reset_seed(self, seed)
        obs, info = vec.reset(seed=seed)
        self._obs = obs
        return self._game.seat_obs(obs, 0), {"map_seed": int(vec.seeds[0])}

    def step(self, action):
        self._vec()
        if self._obs is None:
            raise RuntimeError(f"this {type(self).__name__} has no game in progress (not reset "
                               "yet, or its game ended): call reset() first")
        joint = self._game.empty_action()
        self._game.put_action(joint, 0, action, "player_0")
        for seat, bot in enumerate(self.opponents, start=1):
            self._game.put_bot(joint, seat, bot)
        obs, rewards, terminated, truncated, info = self._game.step(joint)
        info_out = {"alive": bool(info["alive"][0, 0])}
        if terminated[0] or truncated[0]:
            info_out["rank"] = int(info["final_ranks"][0, 0])
            info_out["final_turn"] = int(info["final_turns"][0])
            out = self._game.seat_obs(info["final_obs"], 0)
            # The game is over: the next step needs a reset.
            self._obs = None
        else:
            out = self._game.seat_obs(obs, 0)
            self._obs = obs
        return out, float(rewards[0, 0]), bool(terminated[0]), bool(truncated[0]), info_out

    def replay(self):
        """The last finished game's replay bytes (Halite I: with ``record=True``)."""
        return self._vec().replay(0)

    def close(self):
        """Ends the env; closing twice is harmless."""
        if self._game is not None:
            self._game.vec.close()
            self._game = None


for _game in _games.ALL:
    globals()[_game.env_name] = env_class(
        _game, _SingleEnv, _game.env_name, __name__,
        f"{_game.title}: seat 0 against built-in bots ({_game.opponent} unless ``opponents`` says); "
        "see the module.")
del _game
