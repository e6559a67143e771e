"""One game at a time on top of a one-env batch: what the PettingZoo and Gymnasium wrappers
share. Each game's adapter turns the batch's arrays into one seat's observation (matching a
Gymnasium space) and seats' actions back into the batch's arrays, checked exactly as
``VecEnv.step`` checks them (the same errors, naming the seat and the first bad value)."""

import numpy as np
from numpy.lib import recfunctions as rfn

from . import halite1, halite2
from ._util import as_uint_array

SHIP_FEATURES = tuple(n for n in halite2.SHIP_DTYPE.names if not n.startswith("_"))
PLANET_FEATURES = tuple(n for n in halite2.PLANET_DTYPE.names if not n.startswith("_"))
_BIG_TURN = 2**31 - 1


def _turn_spaces(spaces):
    return {
        "turn": spaces.Box(0, _BIG_TURN, (), np.int32),
        "max_turns": spaces.Box(0, _BIG_TURN, (), np.int32),
    }


def _turns(obs, env=0):
    return {"turn": np.array(obs["turn"][env], np.int32),
            "max_turns": np.array(obs["max_turns"][env], np.int32)}


try:  # Gymnasium action spaces whose ``sample(mask=obs["action_mask"])`` takes this package's
    # masks (PettingZoo's and Gymnasium's samplers pass the observation's mask as it is).
    from gymnasium import spaces
except ImportError:  # Gymnasium is optional for the arena and the batches.
    spaces = None
else:
    class SiteMoves(spaces.MultiDiscrete):
        """A direction (0..4) per site; ``sample(mask)`` with an ``[H, W]`` mask of the sites
        the seat owns moves only those (the others stay still, 0)."""

        def sample(self, mask=None, probability=None):
            if mask is not None and not isinstance(mask, tuple):
                m = np.asarray(mask)
                if m.shape != self.nvec.shape:
                    raise ValueError(f"a site mask has shape {m.shape}; expected {self.nvec.shape}")
                return np.where(m != 0, super().sample(), 0).astype(self.dtype)
            return super().sample(mask=mask, probability=probability)

    class Commands(spaces.Dict):
        """Halite II commands per ship slot; ``sample(mask)`` with the observation's
        ``action_mask`` (``ships``, ``planets``) commands only the seat's own ships and docks
        only at dockable planets."""

        def sample(self, mask=None, probability=None):
            if isinstance(mask, dict) and set(mask) == {"ships", "planets"}:
                a = super().sample()
                own = np.asarray(mask["ships"]) != 0
                dockable = np.flatnonzero(np.asarray(mask["planets"]))
                kind = np.where(own, a["kind"], 0)
                if dockable.size:
                    a["planet"] = dockable[self.np_random.integers(0, dockable.size, kind.shape)]
                else:
                    kind = np.where(kind == 2, 0, kind)
                a["kind"] = kind.astype(a["kind"].dtype)
                a["planet"] = a["planet"].astype(np.int64)
                return a
            return super().sample(mask=mask, probability=probability)


class _Adapter:
    """What both games' adapters share: the batch they read a seat's view of."""

    @classmethod
    def over(cls, vec):
        """An adapter of the batch ``vec`` as it is (the vector env's, of many games)."""
        ad = cls.__new__(cls)
        ad._attach(vec)
        return ad

    def _attach(self, vec):
        self.vec = vec
        self.players = vec.players
        self.fog = getattr(vec, "fog", None)


class Halite1Adapter(_Adapter):
    """Halite I: a seat sees ``owner``, ``strength``, ``production`` (egocentric owners) and
    ``valid`` as ``uint8 [H, W]`` planes (plus ``visible`` under fog; grown by ``2 * wrap``
    each way with ``wrap``), ``action_mask`` (``int8 [H, W]``, 1 on the sites it owns), ``turn``
    and ``max_turns``; it answers a direction per site, ``int64 [H, W]`` in 0..4 (a
    ``MultiDiscrete`` space)."""

    game = "halite1"

    def __init__(self, width=30, height=30, players=2, seed=0, fog=None, max_turns=None,
                 reward="rank", player_names=None, record=False, wrap=None, history=False):
        self._attach(halite1.VecEnv(1, width, height, players, seed, fog=fog, max_turns=max_turns,
                                    reward=reward, num_threads=1, player_names=player_names,
                                    record=record, wrap=wrap, history=history))

    @property
    def observation_space(self):
        from gymnasium import spaces
        (h, w), players = self.vec.plane_shape, self.players
        planes = {
            "owner": spaces.Box(0, players, (h, w), np.uint8),
            "strength": spaces.Box(0, 255, (h, w), np.uint8),
            "production": spaces.Box(0, 255, (h, w), np.uint8),
            "valid": spaces.Box(0, 1, (h, w), np.uint8),
            "action_mask": spaces.MultiBinary((h, w)),
            **_turn_spaces(spaces),
        }
        if self.fog is not None:
            planes["visible"] = spaces.Box(0, 1, (h, w), np.uint8)
        return spaces.Dict(planes)

    @property
    def action_space(self):
        return SiteMoves(np.full(self.vec.plane_shape, 5, np.int64))

    def seat_obs(self, obs, seat):
        out = {k: np.ascontiguousarray(obs[k][0, seat])
               for k in ("owner", "strength", "production", "visible") if k in obs}
        out["valid"] = np.ascontiguousarray(obs["valid"][0, 0])
        out["action_mask"] = obs["action_mask"][0, seat].astype(np.int8)
        out.update(_turns(obs))
        return out

    def empty_action(self):
        return np.zeros((1, self.players) + self.vec.plane_shape, np.uint8)

    def put_action(self, joint, seat, action, who=None):
        who = who or f"seat {seat}"
        joint[0, seat] = as_uint_array(action, f"{who}'s moves", np.uint8, self.vec.plane_shape, 4,
                                       check_range=True)

    def put_bot(self, joint, seat, bot):
        joint[0, seat] = self.vec.bot_moves(bot, seat)[0]

    def step(self, joint):
        return self.vec.step(joint)


class Halite2Adapter(_Adapter):
    """Halite II: a seat sees ``ships`` (``float64 [max_ships, len(SHIP_FEATURES)]``, its own
    first), ``ship_mask``, ``planets`` (``float64 [32, len(PLANET_FEATURES)]``),
    ``planet_mask``, ``ships_dropped`` (ships left out beyond ``max_ships``), ``action_mask``
    (``ships``: its own ship slots, ``planets``: the planets it could dock at), ``turn`` and
    ``max_turns``; it answers per own-ship slot ``kind`` (0 none, 1 thrust, 2 dock, 3 undock),
    ``magnitude`` (0..7), ``angle`` (degrees; the space samples 0..359, ``step`` takes 0..65535
    acting modulo 360 as ``VecEnv.step`` does) and ``planet`` (0..31)."""

    game = "halite2"

    def __init__(self, width=240, height=160, players=2, seed=0, max_ships=64, player_names=None,
                 history=False):
        self._attach(halite2.VecEnv(1, width, height, players, seed, max_ships=max_ships,
                                    num_threads=1, player_names=player_names, history=history))

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
            "ships_dropped": spaces.Box(0, _BIG_TURN, (), np.int32),
            "action_mask": spaces.Dict({"ships": spaces.MultiBinary(s),
                                        "planets": spaces.MultiBinary(halite2.MAX_PLANETS)}),
            **_turn_spaces(spaces),
        })

    @property
    def action_space(self):
        from gymnasium import spaces
        s = self.vec.max_ships
        return Commands({
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
            "ships_dropped": np.array(min(int(obs["ships_dropped"][0, seat]), _BIG_TURN), np.int32),
            "action_mask": {"ships": obs["action_mask"]["ships"][0, seat].astype(np.int8),
                            "planets": obs["action_mask"]["planets"][0, seat].astype(np.int8)},
            **_turns(obs),
        }

    def empty_action(self):
        return halite2.commands(1, self.players, self.vec.max_ships)

    def put_action(self, joint, seat, action, who=None):
        who = who or f"seat {seat}"
        if not isinstance(action, dict):
            raise TypeError(f"{who}'s action is a dict of kind, magnitude, angle, planet arrays, "
                            f"not {type(action).__name__}")
        unknown = set(action) - {f[0] for f in halite2._COMMAND_FIELDS}
        if unknown:
            raise ValueError(f"{who}'s action has unknown command fields {sorted(unknown)}; "
                             "use kind, magnitude, angle, planet")
        shape = (self.vec.max_ships,)
        for key, dtype, high in halite2._COMMAND_FIELDS:
            if key in action:
                joint[key][0, seat] = as_uint_array(action[key], f"{who}'s {key}", dtype, shape, high,
                                                    check_range=True)

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
