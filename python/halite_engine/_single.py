"""One game at a time on top of a one-env batch: what the PettingZoo and Gymnasium wrappers
share. Each game's adapter turns the batch's arrays into one seat's observation (matching a
Gymnasium space) and seats' actions back into the batch's arrays."""

import numpy as np
from numpy.lib import recfunctions as rfn

from . import halite1, halite2

SHIP_FEATURES = tuple(n for n in halite2.SHIP_DTYPE.names if not n.startswith("_"))
PLANET_FEATURES = tuple(n for n in halite2.PLANET_DTYPE.names if not n.startswith("_"))


class Halite1Adapter:
    """Halite I: a seat sees ``owner``, ``strength``, ``production`` (egocentric owners) and
    ``valid`` as ``uint8 [H, W]`` planes (plus ``visible`` under fog); it answers a direction per
    site, ``int64 [H, W]`` in 0..4 (a ``MultiDiscrete`` space)."""

    game = "halite1"

    def __init__(self, width=30, height=30, players=2, seed=0, fog=None, max_turns=None,
                 reward="rank", player_names=None):
        self.vec = halite1.VecEnv(1, width, height, players, seed, fog=fog, max_turns=max_turns,
                                  reward=reward, num_threads=1, player_names=player_names)
        self.players = players
        self.fog = fog

    @property
    def observation_space(self):
        from gymnasium import spaces
        h, w, players = self.vec.height, self.vec.width, self.players
        planes = {
            "owner": spaces.Box(0, players, (h, w), np.uint8),
            "strength": spaces.Box(0, 255, (h, w), np.uint8),
            "production": spaces.Box(0, 255, (h, w), np.uint8),
            "valid": spaces.Box(0, 1, (h, w), np.uint8),
        }
        if self.fog is not None:
            planes["visible"] = spaces.Box(0, 1, (h, w), np.uint8)
        return spaces.Dict(planes)

    @property
    def action_space(self):
        from gymnasium import spaces
        return spaces.MultiDiscrete(np.full((self.vec.height, self.vec.width), 5, np.int64))

    def seat_obs(self, obs, seat):
        out = {k: np.ascontiguousarray(v[0, seat]) for k, v in obs.items() if k != "valid"}
        out["valid"] = np.ascontiguousarray(obs["valid"][0, 0])
        return out

    def empty_action(self):
        return np.zeros((1, self.players, self.vec.height, self.vec.width), np.uint8)

    def put_action(self, joint, seat, action):
        a = np.asarray(action)
        if a.shape != (self.vec.height, self.vec.width):
            raise ValueError(f"an action has shape {a.shape}; expected {(self.vec.height, self.vec.width)}")
        if a.size and (a.min() < 0 or a.max() > 4):
            raise ValueError("directions are 0 (still) to 4 (west)")
        joint[0, seat] = a

    def put_bot(self, joint, seat, bot):
        joint[0, seat] = self.vec.bot_moves(bot, seat)[0]

    def step(self, joint):
        return self.vec.step(joint)


class Halite2Adapter:
    """Halite II: a seat sees ``ships`` (``float64 [max_ships, len(SHIP_FEATURES)]``, its own
    first), ``ship_mask``, ``planets`` (``float64 [32, len(PLANET_FEATURES)]``) and
    ``planet_mask``; it answers per own-ship slot ``kind`` (0 none, 1 thrust, 2 dock, 3 undock),
    ``magnitude`` (0..7), ``angle`` (0..359) and ``planet`` (0..31)."""

    game = "halite2"

    def __init__(self, width=240, height=160, players=2, seed=0, max_ships=64, player_names=None):
        self.vec = halite2.VecEnv(1, width, height, players, seed, max_ships=max_ships, num_threads=1,
                                  player_names=player_names)
        self.players = players

    @property
    def observation_space(self):
        from gymnasium import spaces
        s = self.vec.max_ships
        big = np.float64(1e9)
        return spaces.Dict({
            "ships": spaces.Box(-big, big, (s, len(SHIP_FEATURES)), np.float64),
            "ship_mask": spaces.MultiBinary(s),
            "planets": spaces.Box(-big, big, (halite2.MAX_PLANETS, len(PLANET_FEATURES)), np.float64),
            "planet_mask": spaces.MultiBinary(halite2.MAX_PLANETS),
        })

    @property
    def action_space(self):
        from gymnasium import spaces
        s = self.vec.max_ships
        return spaces.Dict({
            "kind": spaces.MultiDiscrete(np.full(s, 4, np.int64)),
            "magnitude": spaces.MultiDiscrete(np.full(s, 8, np.int64)),
            "angle": spaces.MultiDiscrete(np.full(s, 360, np.int64)),
            "planet": spaces.MultiDiscrete(np.full(s, halite2.MAX_PLANETS, np.int64)),
        })

    def seat_obs(self, obs, seat):
        ships = obs["ships"][0, seat]
        planets = obs["planets"][0, seat]
        return {
            "ships": rfn.structured_to_unstructured(ships[list(SHIP_FEATURES)], dtype=np.float64),
            "ship_mask": obs["ship_mask"][0, seat].astype(np.int8),
            "planets": rfn.structured_to_unstructured(planets[list(PLANET_FEATURES)], dtype=np.float64),
            "planet_mask": obs["planet_mask"][0, seat].astype(np.int8),
        }

    def empty_action(self):
        return halite2.commands(1, self.players, self.vec.max_ships)

    def put_action(self, joint, seat, action):
        if not isinstance(action, dict):
            raise TypeError("a Halite II action is a dict of kind, magnitude, angle, planet arrays")
        for key, v in action.items():
            if key not in joint:
                raise ValueError(f"unknown command field {key!r}")
            joint[key][0, seat] = np.asarray(v)

    def put_bot(self, joint, seat, bot):
        for key, v in self.vec.bot_commands(bot, seat).items():
            joint[key][0, seat] = v[0]

    def step(self, joint):
        return self.vec.step(joint)


def adapter(game, **kwargs):
    if game == "halite1":
        return Halite1Adapter(**kwargs)
    if game == "halite2":
        return Halite2Adapter(**kwargs)
    raise ValueError(f"game {game!r}: 'halite1' or 'halite2'")
