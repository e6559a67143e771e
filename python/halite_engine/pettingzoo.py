"""PettingZoo ``ParallelEnv`` wrappers: every seat moves at once, as the games are played.

``halite1_parallel_env(width=30, height=30, players=2, seed=0, fog=None, max_turns=None,
reward="rank", record=False, wrap=None)`` and ``halite2_parallel_env(width=240, height=160,
players=2, seed=0, max_ships=64)``. Agents are ``player_0`` ... in seat order; every agent stays
until the game ends (an eliminated seat keeps seeing the board; its actions are ignored), then
all terminate together with their rank rewards (1 for first down to 0 for last).
``reset(seed=s)`` plays the map of seed ``s``; later ``reset()`` calls play seeds ``s + 1``,
``s + 2``, ... The spaces are the adapters' in :mod:`halite_engine._single`; every observation
holds ``action_mask`` (PettingZoo's convention: Halite I ``int8 [H, W]``, 1 on the agent's own
sites; Halite II a dict of ``ships`` and ``planets``), ``turn`` and ``max_turns``. Actions are
checked as ``VecEnv.step`` checks them (a bad one raises, naming the agent and the value).
``close()`` ends the env (later calls raise ``RuntimeError``); ``step`` before ``reset`` raises
``RuntimeError``.

``HaliteParallelEnv(game, **kwargs)`` takes any game id of :mod:`halite_engine.games`; each
game's ``<id>_parallel_env`` is made from that table.
"""

import functools

from pettingzoo import ParallelEnv

from . import games as _games
from ._single import adapter

__all__ = ["HaliteParallelEnv"] + [g.parallel_name for g in _games.ALL]


class HaliteParallelEnv(ParallelEnv):
    metadata = {"name": "halite_parallel_v0", "render_modes": []}

    def __init__(self, game, **kwargs):
        self._game = adapter(game, **kwargs)
        self.metadata = {"name": f"{game}_parallel_v0", "render_modes": []}
        self.possible_agents = [f"player_{i}" for i in range(self._game.players)]
        self._obs_space = self._game.observation_space
        self._act_space = self._game.action_space
        self.agents = []
        self.render_mode = None
        self._started = False

    @functools.lru_cache(maxsize=None)
    def observation_space(self, agent):
        self._seat(agent)
        return self._obs_space

    @functools.lru_cache(maxsize=None)
    def action_space(self, agent):
        self._seat(agent)
        return self._act_space

    def _seat(self, agent):
        try:
            return self.possible_agents.index(agent)
        except ValueError:
            raise ValueError(f"unknown agent {agent!r}: the agents are {', '.join(self.possible_agents)}") from None

    def _vec(self):
        if self._game is None:
            raise RuntimeError("this HaliteParallelEnv is closed: make a new one")
        return self._game.vec

    def reset(self, seed=None, options=None):
        vec = self._vec()
        obs, info = vec.reset(seed=seed)
        self._started = True
        self.agents = list(self.possible_agents)
        observations = {a: self._game.seat_obs(obs, i) for i, a in enumerate(self.agents)}
        infos = {a: {"alive": bool(info["alive"][0, i]), "map_seed": int(vec.seeds[0])}
                 for i, a in enumerate(self.agents)}
        return observations, infos

    def step(self, actions):
        self._vec()
        if not self._started:
            raise RuntimeError("call reset() before step() on this HaliteParallelEnv")
        if not self.agents:
            raise RuntimeError("the game is over: call reset()")
        joint = self._game.empty_action()
        for agent, action in actions.items():
            seat = self._seat(agent)
            if agent not in self.agents:
                continue
            self._game.put_action(joint, seat, action, agent)
        obs, rewards, terminated, truncated, info = self._game.step(joint)
        over = bool(terminated[0] or truncated[0])
        if over:
            obs = info["final_obs"]
        observations = {a: self._game.seat_obs(obs, self._seat(a)) for a in self.agents}
        rew = {a: float(rewards[0, self._seat(a)]) for a in self.agents}
        terms = {a: bool(terminated[0]) for a in self.agents}
        truncs = {a: bool(truncated[0]) for a in self.agents}
        infos = {}
        for a in self.agents:
            s = self._seat(a)
            infos[a] = {"alive": bool(info["alive"][0, s]) if not over else None}
            if over:
                infos[a]["rank"] = int(info["final_ranks"][0, s])
        if over:
            self.agents = []
        return observations, rew, terms, truncs, infos

    def render(self):
        return None

    def close(self):
        """Ends the env; closing twice is harmless."""
        if self._game is not None:
            self._game.vec.close()
            self._game = None
        self.agents = []

    def replay(self):
        """The last finished game's replay bytes (Halite I: with ``record=True``)."""
        return self._vec().replay(0)


def _parallel_env(game):
    """The function making ``game``'s (an entry of the table) ``HaliteParallelEnv``."""

    def make(**kwargs):
        return HaliteParallelEnv(game.id, **kwargs)

    make.__name__ = make.__qualname__ = game.parallel_name
    make.__doc__ = f"A {game.title} ``HaliteParallelEnv``; see the module."
    return make


for _game in _games.ALL:
    globals()[_game.parallel_name] = _parallel_env(_game)
del _game
