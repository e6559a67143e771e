"""Gymnasium single-agent environments that take one unit's order per step: a ``Discrete``
action and a flat ``Box`` observation, the shape that single-agent code written for Atari and
classic control takes as it is (CleanRL's ``ppo.py`` and ``dqn.py``, Stable-Baselines3's
``MlpPolicy``).

``Halite1UnitEnv(opponents="expander", radius=4, **game)`` and ``Halite2UnitEnv(opponents=
"settler", **game)``; ``game`` holds the single-agent env's arguments (:mod:`halite_engine.gym`:
``width``, ``height``, ``players``, ``seed``, ``fog``...). Seat 0 is played a unit at a time:
each step shows one of its units (Halite I: a site it owns; Halite II: one of its ships) and
takes that unit's order; when every unit of the turn has its order, the turn is played with the
built-in bots in the other seats, and the next step shows the first unit of the next turn. What a
unit sees and the orders it takes are the game's (``Units`` in :mod:`halite_engine.halite1` and
:mod:`halite_engine.halite2`). Turns in which the seat has no unit are played at once.

The reward of a step is the sum of the batch's rewards for the turns that step played (0 for a
step that only gave an order): by default Halite I's change in the number of sites the seat
owns (+1 a site won), Halite II's final rank's share. An episode is one game:
``terminated`` when the game ends by its rules, with ``info["rank"]`` and ``info["final_turn"]``;
the last observation then shows no unit (zeros but the clock). ``info`` always holds ``turn``
and the unit the observation shows (Halite I ``site``, Halite II ``ship``). Orders are checked as
``VecEnv.step`` checks actions (an integer in the action space, else an error naming the value);
``close()`` and ``step`` before ``reset`` behave as in :mod:`halite_engine.gym`.

Registered on ``import halite_engine`` as ``halite_engine/Halite1Unit-v0``,
``halite_engine/BlitzUnit-v0`` and ``halite_engine/Halite2Unit-v0``. A script that cannot import
the package itself names the id as ``"halite_engine:halite_engine/Halite1Unit-v0"``: Gymnasium
imports the module before the id is looked up, so ``python ppo.py --env-id
halite_engine:halite_engine/Halite1Unit-v0`` trains on it unchanged.
"""

import gymnasium as gym

from . import games as _games
from .gym import _SingleEnv
from ._util import check_choice, env_class, reset_seed

__all__ = [g.unit_name for g in _games.ALL]


class _UnitEnv(_SingleEnv):
    """One unit per step; ``_vec``, ``replay`` and ``close`` are the single-agent env's."""

    def __init__(self, game, opponents, render_mode=None, **kwargs):
        own, rest = game.Units.options(kwargs)
        _SingleEnv.__init__(self, game, opponents, render_mode, **rest)
        self._units = game.Units(self._game, **own)
        self.observation_space = self._units.observation_space
        self.action_space = gym.spaces.Discrete(self._units.actions)
        self._list = None

    def reset(self, *, seed=None, options=None):
        vec = self._vec()
        gym.Env.reset(self, seed=seed)   # the seeding of np_random (not the single env's reset)
        seed = reset_seed(self, seed)
        obs, _ = vec.reset(seed=seed)
        self._turn_start(obs)
        reward, done, info = self._advance()
        assert not done and reward == 0.0, "a game never ends before its first turn"
        info["map_seed"] = int(vec.seeds[0])
        return self._units.observe(self._list[0]), info

    def _turn_start(self, obs):
        self._obs = obs
        self._list = self._units.begin(obs)
        self._next = 0
        self._joint = self._game.empty_action()

    def _advance(self):
        """Plays turns until a unit waits for its order or the game ends: ``(reward, done,
        info)``."""
        reward = 0.0
        while self._next == len(self._list):
            for seat, bot in enumerate(self.opponents, start=1):
                self._game.put_bot(self._joint, seat, bot)
            obs, rewards, terminated, truncated, info = self._game.step(self._joint)
            reward += self._units.turn_reward(float(rewards[0, 0]))
            if terminated[0] or truncated[0]:
                final = info["final_obs"]
                self._list = None
                return reward, (bool(terminated[0]), bool(truncated[0]), final), {
                    "turn": int(final["turn"][0]), "rank": int(info["final_ranks"][0, 0]),
                    "final_turn": int(info["final_turns"][0])}
            self._turn_start(obs)
        unit = self._list[self._next]
        return reward, None, {"turn": int(self._obs["turn"][0]), **self._units.describe(unit)}

    def step(self, action):
        self._vec()
        if self._list is None:
            raise RuntimeError(f"this {type(self).__name__} has no game in progress (not reset "
                               "yet, or its game ended): call reset() first")
        unit = self._list[self._next]
        (what, where), = self._units.describe(unit).items()
        who = f"player_0's order for {what} {where}"
        a = check_choice(action, who, self._units.actions)
        self._units.put(self._joint, unit, a)
        self._next += 1
        reward, done, info = self._advance()
        if done is not None:
            terminated, truncated, final = done
            return self._units.nothing(final), reward, terminated, truncated, info
        return self._units.observe(self._list[self._next]), reward, False, False, info


for _game in _games.ALL:
    globals()[_game.unit_name] = env_class(
        _game, _UnitEnv, _game.unit_name, __name__,
        f"{_game.title} one unit per step: seat 0 against built-in bots ({_game.opponent} unless "
        f"``opponents`` says); see the module and ``{_game.id}.Units``.")
del _game
