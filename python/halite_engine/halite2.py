"""Halite II as a batched environment.

``VecEnv(num_envs, width, height, players, seed)`` (players 1, 2 or 4) runs ``num_envs``
games at once in Rust across threads, exact to the original engine.

Observations (a dict):

* ``ships``: a structured array ``[num_envs, players, max_ships]`` (dtype :data:`SHIP_DTYPE`),
  the game as each seat sees it: its own ships first (by id), then each other seat's ships in
  seat order after it. Fields: ``id``; ``owner`` (1 the seat itself, 2.. the others in seat
  order after it, 0 an empty slot); ``status`` (0 undocked, 1 docking, 2 docked, 3 undocking);
  ``planet`` (-1 none); ``x``, ``y``, ``vel_x``, ``vel_y``; ``health``; ``cooldown``;
  ``progress`` (turns left docking or undocking). Ships beyond ``max_ships`` (default 256) are
  left out, enemies' first; ``ships_dropped`` counts them.
* ``ship_mask``: ``bool [num_envs, players, max_ships]``, the slots holding a ship.
* ``planets``: a structured array ``[num_envs, players, 32]`` (dtype :data:`PLANET_DTYPE`),
  slot = planet id. Fields: ``id``, ``owner`` (0 none, 1 the seat, 2.. the others), ``alive``,
  ``docking_spots``, ``docked`` (ships docking, docked or undocking), ``x``, ``y``, ``r``,
  ``health``, ``current_production``, ``remaining_production``.
* ``planet_mask``: ``bool [num_envs, players, 32]``, the slots holding a living planet.
* ``ships_dropped``: ``uint32 [num_envs, players]``.
* ``action_mask``: a dict of ``ships`` (``bool [num_envs, players, max_ships]``, the slots
  holding one of the seat's own ships: the slots its commands are read at) and ``planets``
  (``bool [num_envs, players, 32]``, the planets the seat could dock at: alive, not owned by
  another seat, with a free docking spot).
* ``turn``: ``int32 [num_envs]``, the turn each game is at; ``max_turns``: ``uint32
  [num_envs]``, each game's turn limit.

Commands: ``step(commands)`` with ``commands`` None (no command from anyone) or a dict of
arrays ``[num_envs, players, max_ships]`` aligned with each seat's own ship slots of the last
observation (slot ``j`` commands the seat's ``j``-th own ship; slots without an own ship are
ignored): ``kind`` (0 none, 1 thrust, 2 dock, 3 undock), ``magnitude`` (0 to 7), ``angle``
(degrees, 0 to 65535, acting modulo 360 as in the original), ``planet`` (the dock target's
id). Missing keys are zeros. :func:`commands` makes an all-zero dict to fill in.

Returns, seeding, auto-reset, ``seeds`` and ``replay(i)`` (the zstd-compressed replay ``halite
run`` writes) are as in :mod:`halite_engine.halite1`: game ``k`` of env ``i`` plays the map of
seed ``(seed + i + k * num_envs) mod 2**32``, the map ``halite --game halite2 mapgen -d "W H"
-s SEED -n PLAYERS`` prints. The end-of-game reward is the final rank's share (1 for first
down to 0 for last). The ranking's tie-break draws from the game's own generator, seeded by
the map seed, so the same arguments give the same games on any number of threads. ``num_threads``,
``history`` (pickling and copies), ``close()`` and ``step`` before ``reset`` are as in
:mod:`halite_engine.halite1`. Replays of Halite II games are always kept (the engine records as it
plays).
"""

import numpy as np
from numpy.lib import recfunctions as rfn

from . import _core
from ._batch import BatchEnv, check_integer, check_optional, clamp_threads
from ._single import BIG_TURN, Adapter as _Adapter, clock, turn_spaces, turns
from ._util import as_uint_array, random_seed

_Core = _core.halite2.VecEnv
BOTS = tuple(_core.halite2.BOTS)
MAX_PLANETS = _core.halite2.MAX_PLANETS
SHIP_DTYPE = np.dtype([(n, t) for n, t in _core.halite2.SHIP_FIELDS])
PLANET_DTYPE = np.dtype([(n, t) for n, t in _core.halite2.PLANET_FIELDS])
assert SHIP_DTYPE.itemsize == 48 and PLANET_DTYPE.itemsize == 40
# The fields the wrappers' observations hold, in their columns' order.
SHIP_FEATURES = tuple(n for n in SHIP_DTYPE.names if not n.startswith("_"))
PLANET_FEATURES = tuple(n for n in PLANET_DTYPE.names if not n.startswith("_"))

__all__ = ["VecEnv", "BOTS", "MAX_PLANETS", "SHIP_DTYPE", "PLANET_DTYPE", "commands"]

_COMMAND_FIELDS = (("kind", np.uint8, 3), ("magnitude", np.uint8, 7), ("angle", np.uint16, 65535),
                   ("planet", np.int32, 2**31 - 1))


def _obs(t, turn=None, meta=None):
    ships, planets, dropped = t
    ships = ships.view(SHIP_DTYPE)[..., 0]
    planets = planets.view(PLANET_DTYPE)[..., 0]
    alive = planets["alive"] > 0
    obs = {
        "ships": ships,
        "ship_mask": ships["owner"] > 0,
        "planets": planets,
        "planet_mask": alive,
        "ships_dropped": dropped,
        "action_mask": {
            "ships": ships["owner"] == 1,
            "planets": alive & (planets["owner"] <= 1) & (planets["docked"] < planets["docking_spots"]),
        },
    }
    if turn is not None:
        obs["turn"] = np.asarray(turn, np.int32)
        obs["max_turns"] = np.asarray(meta["max_turns"], np.uint32)
    return obs


def commands(num_envs, players, max_ships=256):
    """An all-zero command dict (no command for any ship) to fill in."""
    shape = (num_envs, players, max_ships)
    return {name: np.zeros(shape, dtype) for name, dtype, _ in _COMMAND_FIELDS}


class VecEnv(BatchEnv):
    """A batch of Halite II games; see the module's documentation."""

    _obs = staticmethod(_obs)

    def __init__(self, num_envs, width, height, players, seed, max_ships=256, num_threads=None,
                 time_limit=None, player_names=None, history=False):
        for name, v in (("num_envs", num_envs), ("width", width), ("height", height),
                        ("players", players), ("seed", seed), ("max_ships", max_ships)):
            check_integer(name, v)
            if v < 0 or v >= 2**32:
                raise ValueError(f"{name} {v}: out of range")
        check_optional((("time_limit", time_limit), ("num_threads", num_threads)))
        config = dict(num_envs=num_envs, width=width, height=height, players=players, seed=seed,
                      max_ships=max_ships, num_threads=num_threads, time_limit=time_limit,
                      player_names=player_names, history=history)
        super().__init__(_Core(int(num_envs), int(width), int(height), int(players), int(seed),
                               int(max_ships), clamp_threads(num_threads), time_limit,
                               None if player_names is None else [str(n) for n in player_names]),
                         num_envs, width, height, players, config, history=history)
        self.max_ships = int(max_ships)

    def _command_arrays(self, commands):
        if commands is None:
            return ()
        if not isinstance(commands, dict):
            if isinstance(commands, np.ndarray) and commands.dtype.names:
                commands = {n: commands[n] for n in commands.dtype.names}
            else:
                raise TypeError("commands must be None, a dict of arrays or a structured array")
        unknown = set(commands) - {f[0] for f in _COMMAND_FIELDS}
        if unknown:
            raise ValueError(f"unknown command fields {sorted(unknown)}; use kind, magnitude, angle, planet")
        shape = (self.num_envs, self.players, self.max_ships)
        out = []
        for name, dtype, high in _COMMAND_FIELDS:
            v = commands.get(name)
            out.append(np.zeros(shape, dtype) if v is None else as_uint_array(v, name, dtype, shape, high))
        return tuple(out)

    def step(self, commands=None):
        """One turn of every env; see the module's documentation."""
        self._check_started()
        return self._step(*self._command_arrays(commands))

    def bot_commands(self, name, seat):
        """The built-in bot ``name``'s commands for ``seat`` in every env: a dict of arrays
        ``[num_envs, max_ships]`` aligned with the seat's ship slots."""
        kind, magnitude, angle, planet = self._env.bot_commands(str(name), self._seat(seat))
        return {"kind": kind, "magnitude": magnitude, "angle": angle, "planet": planet}

    def random_commands(self, rng, obs=None):
        """Random commands for every seat's own ships of the last observation: thrusts (three
        times as likely as the rest) at random angles and speeds 0 to 7, docks at random
        planets (ids 0 to 23), undocks, or none; zeros in slots without an own ship. ``rng`` is
        a NumPy ``Generator`` (one number is drawn from it) or an integer seed; the commands are
        drawn in Rust across the batch's threads, each env from its own stream. ``obs`` (the
        last observation) is accepted for compatibility: the batch knows its own ships."""
        kind, magnitude, angle, planet = self._env.random_commands(random_seed(rng))
        return {"kind": kind, "magnitude": magnitude, "angle": angle, "planet": planet}


try:  # A Gymnasium action space whose ``sample(mask=obs["action_mask"])`` takes this game's masks
    # (PettingZoo's and Gymnasium's samplers pass the observation's mask as it is).
    from gymnasium import spaces as _spaces
except ImportError:  # Gymnasium is optional for the arena and the batches.
    pass
else:
    class Commands(_spaces.Dict):
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


class Adapter(_Adapter):
    """Halite II for the wrappers: a seat sees ``ships`` (``float64 [max_ships,
    len(SHIP_FEATURES)]``, its own first), ``ship_mask``, ``planets`` (``float64 [32,
    len(PLANET_FEATURES)]``), ``planet_mask``, ``ships_dropped`` (ships left out beyond
    ``max_ships``), ``action_mask`` (``ships``: its own ship slots, ``planets``: the planets it
    could dock at), ``turn`` and ``max_turns``; it answers per own-ship slot ``kind`` (0 none, 1
    thrust, 2 dock, 3 undock), ``magnitude`` (0..7), ``angle`` (degrees; the space samples
    0..359, ``step`` takes 0..65535 acting modulo 360 as ``VecEnv.step`` does) and ``planet``
    (0..31). The vector env's sub-envs see and answer the same, stacked along a first axis."""

    @property
    def observation_space(self):
        from gymnasium import spaces
        s = self.vec.max_ships
        big = np.float64(1e9)
        return spaces.Dict({
            "ships": spaces.Box(-big, big, (s, len(SHIP_FEATURES)), np.float64),
            "ship_mask": spaces.MultiBinary(s),
            "planets": spaces.Box(-big, big, (MAX_PLANETS, len(PLANET_FEATURES)), np.float64),
            "planet_mask": spaces.MultiBinary(MAX_PLANETS),
            "ships_dropped": spaces.Box(0, BIG_TURN, (), np.int32),
            "action_mask": spaces.Dict({"ships": spaces.MultiBinary(s),
                                        "planets": spaces.MultiBinary(MAX_PLANETS)}),
            **turn_spaces(spaces),
        })

    @property
    def action_space(self):
        from gymnasium import spaces
        s = self.vec.max_ships
        return Commands({
            "kind": spaces.MultiDiscrete(np.full(s, 4, np.int64)),
            "magnitude": spaces.MultiDiscrete(np.full(s, 8, np.int64)),
            "angle": spaces.MultiDiscrete(np.full(s, 360, np.int64)),
            "planet": spaces.MultiDiscrete(np.full(s, MAX_PLANETS, np.int64)),
        })

    def seat_obs(self, obs, seat):
        """Seat ``seat``'s view of env 0."""
        ships = obs["ships"][0, seat]
        planets = obs["planets"][0, seat]
        return {
            "ships": rfn.structured_to_unstructured(ships[list(SHIP_FEATURES)], dtype=np.float64),
            "ship_mask": obs["ship_mask"][0, seat].astype(np.int8),
            "planets": rfn.structured_to_unstructured(planets[list(PLANET_FEATURES)], dtype=np.float64),
            "planet_mask": obs["planet_mask"][0, seat].astype(np.int8),
            "ships_dropped": np.array(min(int(obs["ships_dropped"][0, seat]), BIG_TURN), np.int32),
            "action_mask": {"ships": obs["action_mask"]["ships"][0, seat].astype(np.int8),
                            "planets": obs["action_mask"]["planets"][0, seat].astype(np.int8)},
            **turns(obs),
        }

    def batch_obs(self, obs, seats, games):
        """The sub-envs' views: ``seats`` turns per-seat arrays ``[games, players, ...]`` and
        ``games`` per-game arrays ``[games, ...]`` into sub-env arrays."""
        return {
            "ships": seats(rfn.structured_to_unstructured(obs["ships"][list(SHIP_FEATURES)],
                                                          dtype=np.float64)),
            "ship_mask": seats(obs["ship_mask"]).astype(np.int8),
            "planets": seats(rfn.structured_to_unstructured(obs["planets"][list(PLANET_FEATURES)],
                                                            dtype=np.float64)),
            "planet_mask": seats(obs["planet_mask"]).astype(np.int8),
            "ships_dropped": np.minimum(seats(obs["ships_dropped"]), BIG_TURN).astype(np.int32),
            "action_mask": {"ships": seats(obs["action_mask"]["ships"]).astype(np.int8),
                            "planets": seats(obs["action_mask"]["planets"]).astype(np.int8)},
            "turn": games(obs["turn"]).astype(np.int32),
            "max_turns": games(obs["max_turns"]).astype(np.int32),
        }

    def empty_action(self):
        """No command for any ship of any seat of any env."""
        return commands(self.vec.num_envs, self.players, self.vec.max_ships)

    def put_action(self, joint, seat, action, who=None):
        """Seat ``seat``'s commands in env 0, checked."""
        who = who or f"seat {seat}"
        if not isinstance(action, dict):
            raise TypeError(f"{who}'s action is a dict of kind, magnitude, angle, planet arrays, "
                            f"not {type(action).__name__}")
        unknown = set(action) - {f[0] for f in _COMMAND_FIELDS}
        if unknown:
            raise ValueError(f"{who}'s action has unknown command fields {sorted(unknown)}; "
                             "use kind, magnitude, angle, planet")
        shape = (self.vec.max_ships,)
        for key, dtype, high in _COMMAND_FIELDS:
            if key in action:
                joint[key][0, seat] = as_uint_array(action[key], f"{who}'s {key}", dtype, shape, high,
                                                    check_range=True)

    def put_batch_action(self, joint, actions, num_envs, place):
        """The ``num_envs`` sub-envs' commands, checked; ``place(dst, a)`` puts each field's
        array in its seats."""
        if not isinstance(actions, dict):
            raise TypeError("Halite II actions are a dict of kind, magnitude, angle, planet arrays "
                            f"[num_envs, max_ships], not {type(actions).__name__}")
        unknown = set(actions) - {f[0] for f in _COMMAND_FIELDS}
        if unknown:
            raise ValueError(f"unknown command fields {sorted(unknown)}; use kind, magnitude, angle, planet")
        s = self.vec.max_ships
        for key, dtype, high in _COMMAND_FIELDS:
            if key in actions:
                place(joint[key], as_uint_array(actions[key], key, dtype, (num_envs, s), high, check_range=True))

    def put_bot(self, joint, seat, bot):
        """The built-in bot ``bot``'s commands for ``seat`` in every env."""
        for key, v in self.vec.bot_commands(bot, seat).items():
            joint[key][:, seat] = v


class Units:
    """Halite II one ship at a time, for :mod:`halite_engine.units`: a unit is one of the seat's
    ships (``max_ships`` at most), in the observation's slot order each turn. Its observation is
    ``float32 [96]``, positions relative to the ship over the map's diagonal:

    * the ship: ``x / width``, ``y / height``, ``health / 255``, its status one-hot (undocked,
      docking, docked, undocking), ``progress / 5``, and the clock ``turn / max_turns``;
    * the 5 nearest living planets (by centre): present, ``dx``, ``dy``, distance, ``r / 16``,
      whether the seat owns it, whether another seat does, free docking spots ``/ 6``, and
      whether this ship could dock at it now (undocked, within ``r + 4.5``, a free spot, not
      another seat's);
    * the 5 nearest ships of other seats: present, ``dx``, ``dy``, distance, ``health / 255``,
      whether it is docked (or docking, or undocking);
    * the 3 nearest other ships of its own: present, ``dx``, ``dy``, distance.

    Missing neighbours are zeros. Its action is ``Discrete(15)``: 0 no command; 1 to 12 thrust at
    full speed (7) at angle ``30 * (a - 1)`` degrees (0 is +x, 90 is +y); 13 dock at the nearest
    planet it could dock at (the nearest the seat may dock at when none is in reach, which the
    rules then ignore); 14 undock. The game's arguments are the single-agent env's; its reward is
    the final rank's share."""

    actions = 15
    PLANETS, ENEMIES, FRIENDS = 5, 5, 3
    size = 9 + PLANETS * 9 + ENEMIES * 6 + FRIENDS * 4

    @staticmethod
    def options(kwargs):
        """``kwargs`` split into the unit view's options (none) and the game's arguments."""
        return {}, dict(kwargs)

    def __init__(self, ad):
        self.ad = ad

    @property
    def observation_space(self):
        from gymnasium import spaces
        return spaces.Box(-1.0, 1.0, (self.size,), np.float32)

    def begin(self, obs, seat=0):
        """The turn's units (``(row, slot)`` of the seat's ships) and their observations, every
        ship's at once."""
        vec = self.ad.vec
        w, h = float(vec.width), float(vec.height)
        diag = float(np.hypot(w, h))
        ships, planets = obs["ships"][0, seat], obs["planets"][0, seat]
        own = np.flatnonzero(obs["action_mask"]["ships"][0, seat])
        me = ships[own]
        n = len(own)
        f = np.zeros((n, self.size), np.float32)
        f[:, 0], f[:, 1] = me["x"] / w, me["y"] / h
        f[:, 2] = me["health"] / 255.0
        f[np.arange(n), 3 + np.clip(me["status"], 0, 3)] = 1
        f[:, 7] = me["progress"] / 5.0
        f[:, 8] = clock(obs)
        col = 9

        def nearest(others, k):
            """Per own ship, the ``k`` nearest of ``others``: indices, dx, dy, distance, present."""
            dx = others["x"][None, :] - me["x"][:, None]
            dy = others["y"][None, :] - me["y"][:, None]
            d = np.hypot(dx, dy)
            order = np.argsort(d, axis=1, kind="stable")[:, :k]
            take = lambda a: np.take_along_axis(a, order, axis=1)  # noqa: E731
            return order, take(dx), take(dy), take(d), order.shape[1]

        # Planets.
        alive = np.flatnonzero(obs["planet_mask"][0, seat])
        pl = planets[alive]
        may = obs["action_mask"]["planets"][0, seat][alive]
        self._dock = np.full(n, -1, np.int64)
        if len(pl) and n:
            idx, dx, dy, d, k = nearest(pl, self.PLANETS)
            p = pl[idx]
            free = np.maximum(p["docking_spots"].astype(np.int64) - p["docked"], 0)
            can = may[idx] & (d <= p["r"] + 4.5) & (me["status"] == 0)[:, None]
            block = np.stack([np.ones_like(d), dx / diag, dy / diag, d / diag, p["r"] / 16.0,
                              p["owner"] == 1, p["owner"] >= 2, free / 6.0, can], axis=2)
            f[:, col:col + 9 * k] = block.reshape(n, -1)
            # The dock target: the nearest planet in reach, else the nearest the seat may dock at.
            allowed = np.where(can.any(axis=1), can.argmax(axis=1), -1)
            self._dock = np.where(allowed >= 0, pl["id"][idx[np.arange(n), np.maximum(allowed, 0)]], -1)
            if may.any():
                dall = np.hypot(pl["x"][None, :] - me["x"][:, None], pl["y"][None, :] - me["y"][:, None])
                dall[:, ~may] = np.inf
                self._dock = np.where(self._dock >= 0, self._dock, pl["id"][dall.argmin(axis=1)])
        col += 9 * self.PLANETS
        # Ships of other seats, then the seat's other ships.
        mask = obs["ship_mask"][0, seat]
        enemies = ships[mask & (ships["owner"] >= 2)]
        if len(enemies) and n:
            idx, dx, dy, d, k = nearest(enemies, self.ENEMIES)
            e = enemies[idx]
            block = np.stack([np.ones_like(d), dx / diag, dy / diag, d / diag, e["health"] / 255.0,
                              e["status"] != 0], axis=2)
            f[:, col:col + 6 * k] = block.reshape(n, -1)
        col += 6 * self.ENEMIES
        if n > 1:
            idx, dx, dy, d, k = nearest(me, self.FRIENDS + 1)
            # Each ship is its own nearest (distance 0, first by the stable sort when ships
            # share a spot too): drop column 0.
            block = np.stack([np.ones_like(d), dx / diag, dy / diag, d / diag], axis=2)[:, 1:]
            f[:, col:col + 4 * (k - 1)] = block.reshape(n, -1)
        np.clip(f, -1.0, 1.0, out=f)   # radii over 16 and spots over 6, should a map have them
        self._feats = f
        self._slots = own
        self._ids = me["id"]
        return list(range(n))

    def observe(self, unit):
        return self._feats[unit]

    def nothing(self, obs):
        """The observation when there is no unit to show (the game over): zeros but the clock."""
        out = np.zeros(self.size, np.float32)
        out[8] = clock(obs)
        return out

    def put(self, joint, unit, action, seat=0):
        j = self._slots[unit]
        if 1 <= action <= 12:
            joint["kind"][0, seat, j] = 1
            joint["magnitude"][0, seat, j] = 7
            joint["angle"][0, seat, j] = 30 * (action - 1)
        elif action == 13 and self._dock[unit] >= 0:
            joint["kind"][0, seat, j] = 2
            joint["planet"][0, seat, j] = self._dock[unit]
        elif action == 14:
            joint["kind"][0, seat, j] = 3

    def turn_reward(self, reward):
        """The unit env's reward for a turn of the batch's ``reward``: the same."""
        return reward

    def describe(self, unit):
        """The unit in the info dict: the ship's id."""
        return {"ship": int(self._ids[unit])}


# The throughput benchmark's rows (`python -m halite_engine.bench`), as plain data: a build being
# compared runs the same loops on it. Rows per player count, then per loop, on every core.
BENCH = {
    "prefix": "h2",
    "size": [240, 160],
    "players": [2, 4],
    "threads": [None],
    "loops": ["engine", "random"],
    "kwargs": {"max_ships": 256},
    "optional": {},
    "actions": [["kind", "choice", [0, 1, 1, 1, 2, 3], "uint8"],    # the engine loop's commands,
                ["magnitude", "integers", 0, 8, "uint8"],          # drawn ahead
                ["angle", "integers", 0, 360, "uint16"],
                ["planet", "integers", 0, 24, "int32"]],
    "action_shape": ["max_ships"],                                  # after [num_envs, players]
    "random": ["random_commands", True],     # the random loop's helper; whether it takes the obs
}
