"""Halite I (and Blitz, its fog-of-war variant) as a batched environment.

``VecEnv(num_envs, width, height, players, seed, fog=None, max_turns=None)`` runs
``num_envs`` games at once, each turn of every game in Rust across ``num_threads`` threads with
the GIL released.

Observations (a dict of ``uint8`` arrays):

* ``owner``, ``strength``, ``production``: ``[num_envs, players, H, W]``, each game as each seat
  sees it (fog applied in Blitz games). ``owner`` is egocentric: 1 is the seat itself, 2.. the
  other seats in seat order after it, 0 neutral (and hidden sites under fog).
* ``valid``: ``[num_envs, 1, H, W]``, 1 on the sites of the map actually played. The map
  generator makes some maps smaller than asked (always 18x18 for 20x20 with 3 players); such
  maps sit in the top-left corner, the rest is padding (zeros), and moves there are ignored.
  ``sizes[i]`` is env ``i``'s actual ``(width, height)``.
* ``visible`` (fog games only): ``[num_envs, players, H, W]``, 1 where the seat can see.
* ``action_mask``: ``bool [num_envs, players, H, W]``, the sites each seat owns: where its
  moves are read (False everywhere else, padding and wrapped copies included).
* ``turn``: ``int32 [num_envs]``, the turn each game is at (0 at its start); ``max_turns``:
  ``uint32 [num_envs]``, each game's turn limit (it depends on the map's actual size).

Padding: with the default ``wrap=None`` a map smaller than ``H x W`` sits in the top-left
corner; the rest of every plane holds zeros (owner 0, strength 0, production 0, valid 0,
visible 0, action_mask False). Those zeros are not the torus: ``np.roll`` or a circular
convolution over such planes wraps the map's right edge onto padding, not onto its left edge.
With ``wrap=r`` (an integer >= 1) every plane grows by ``2 r`` each way (``[..., H + 2r, W +
2r]``) and each env's planes hold its own map tiled periodically all over them, the real map
at rows ``r .. r + h - 1`` and columns ``r .. r + w - 1`` (``valid`` marks those sites; there
are at least ``r`` sites of wrap on every side of it). A convolution of radius at most ``r``
(a kernel of up to ``2r + 1`` sites a side) taken on the planes without any padding of its own
then equals the convolution on the torus at every real site. Moves are then given on the grown
planes too (``[num_envs, players, H + 2r, W + 2r]``) and read only at the real sites.

Actions: ``uint8 [num_envs, players, H, W]`` (grown by ``wrap`` when set) directions (0 still, 1 north, 2 east, 3 south,
4 west) in map coordinates, read only on sites the seat owns.

``step`` returns Gymnasium 1.x's five values ``(obs, rewards, terminated, truncated, infos)``:
``rewards`` is ``float32 [num_envs, players]``; ``terminated[i]`` when game ``i`` ended by its
rules (one player left or the turn limit); ``truncated[i]`` only when ``time_limit`` (an outside
limit) cut it. The default reward is 0 until the end, then the final rank's share (1 for first
down to 0 for last, evenly spaced); ``reward="territory"`` gives each turn the change in sites
owned divided by the map's site count. A finished env starts its next game in the same call:
``obs`` is then the new game's first observation, and ``infos`` holds ``final_obs`` (the
finished game's last observation, for every env; meaningful where ``_final_obs`` is true),
``final_ranks`` (``int32 [num_envs, players]``, 1 best, 0 where no game ended),
``final_turns`` and ``final_seeds``. ``infos`` always holds ``alive`` (``bool [num_envs,
players]``) and ``turn``.

Seeding: game ``k`` of env ``i`` (counted from 0 since construction or ``reset(seed=...)``) is
played on the map of seed ``(seed + i + k * num_envs) mod 2**32``; ``seeds`` holds each env's
current map seed. That map is the one ``halite mapgen -d "W H" -s SEED -n PLAYERS`` prints,
and ``replay(i)`` gives env ``i``'s last finished game as the ``.hlt`` bytes ``halite run``
writes (``halite verify`` accepts it; the page opens it) when the batch was made with
``record=True``: recording costs memory (about 1.1 MB per env for a 30x30 game, every frame
of the game in progress) and is off by default. Games have no other randomness, so
the same arguments give the same games on any number of threads.

Other arguments: ``num_threads`` (default: every core) is clamped to the cores this
process may run on, so asking for 1000 starts no more threads than there are cores;
``num_threads`` then tells what the batch uses. ``history=True`` keeps the actions of every
step since the last seeded reset so that the env can be pickled or deep-copied: the copy is
made anew from the constructor's arguments and replays those calls, which gives exactly the same
games (the engine has no randomness besides the seeds). Without it pickling raises
``TypeError``. ``close()`` ends the env; ``step`` before the first ``reset`` raises
``RuntimeError``.
"""

import numpy as np

from . import _core
from ._batch import BatchEnv, check_integer, check_optional, clamp_threads
from ._single import Adapter as _Adapter, clock, turn_spaces, turns
from ._util import as_uint_array, random_seed

_Core = _core.halite1.VecEnv
BOTS = tuple(_core.halite1.BOTS)
MAX_PLAYERS = _core.halite1.MAX_PLAYERS

__all__ = ["VecEnv", "BOTS", "MAX_PLAYERS", "mapgen", "tile"]

_PLANES = ("owner", "strength", "production", "valid", "visible")


def tile(planes, sizes, r):
    """``planes`` (``[N, C, H, W]``, each env's map of ``sizes[n] = (w, h)`` in the top-left
    corner) as ``[N, C, H + 2r, W + 2r]`` planes holding each env's own map tiled periodically,
    its real sites at offset ``(r, r)``."""
    n, c, hh, ww = planes.shape
    w = np.asarray(sizes)[:, 0:1].astype(np.int64)
    h = np.asarray(sizes)[:, 1:2].astype(np.int64)
    iy = (np.arange(hh + 2 * r)[None, :] - r) % h
    ix = (np.arange(ww + 2 * r)[None, :] - r) % w
    flat = (iy[:, :, None] * ww + ix[:, None, :]).reshape(n, 1, -1)
    out = np.take_along_axis(planes.reshape(n, c, hh * ww), flat, axis=2)
    return out.reshape(n, c, hh + 2 * r, ww + 2 * r)


class VecEnv(BatchEnv):
    """A batch of Halite I games; see the module's documentation."""

    def __init__(self, num_envs, width, height, players, seed, fog=None, max_turns=None,
                 reward="rank", num_threads=None, record=False, time_limit=None,
                 player_names=None, wrap=None, history=False):
        for name, v in (("num_envs", num_envs), ("width", width), ("height", height),
                        ("players", players), ("seed", seed)):
            check_integer(name, v)
        if not 0 <= int(seed) < 2**32:
            raise ValueError(f"seed {seed}: 0 to 2**32 - 1")
        for name, v in (("num_envs", num_envs), ("width", width), ("height", height),
                        ("players", players)):
            if v < 1:
                raise ValueError(f"{name} {v}: must be at least 1")
        check_optional((("fog", fog), ("max_turns", max_turns), ("time_limit", time_limit),
                        ("num_threads", num_threads)))
        if wrap is not None:
            check_integer("wrap", wrap)
            if not 1 <= wrap <= 250:
                raise ValueError(f"wrap {wrap}: None or 1 to 250 sites")
            wrap = int(wrap)
        config = dict(num_envs=num_envs, width=width, height=height, players=players, seed=seed,
                      fog=fog, max_turns=max_turns, reward=reward, num_threads=num_threads,
                      record=record, time_limit=time_limit, player_names=player_names, wrap=wrap,
                      history=history)
        super().__init__(_Core(int(num_envs), int(width), int(height), int(players), int(seed), fog,
                               max_turns, reward, clamp_threads(num_threads), bool(record), time_limit,
                               None if player_names is None else [str(n) for n in player_names]),
                         num_envs, width, height, players, config, history=history)
        self.fog = fog
        self.reward_mode = reward
        self.record = bool(record)
        self.wrap = wrap
        pad = 2 * wrap if wrap else 0
        self.plane_shape = (self.height + pad, self.width + pad)
        self._spaces()

    def _spaces(self):
        try:
            from gymnasium import spaces
        except ImportError:  # Gymnasium is optional for the batch itself.
            return
        p, (h, w) = self.players, self.plane_shape
        planes = {
            "owner": spaces.Box(0, p, (p, h, w), np.uint8),
            "strength": spaces.Box(0, 255, (p, h, w), np.uint8),
            "production": spaces.Box(0, 255, (p, h, w), np.uint8),
            "valid": spaces.Box(0, 1, (1, h, w), np.uint8),
            "action_mask": spaces.MultiBinary((p, h, w)),
            "turn": spaces.Box(0, 2**31 - 1, (), np.int32),
            "max_turns": spaces.Box(0, 2**32 - 1, (), np.uint32),
        }
        if self.fog is not None:
            planes["visible"] = spaces.Box(0, 1, (p, h, w), np.uint8)
        self.single_observation_space = spaces.Dict(planes)
        self.single_action_space = spaces.Box(0, 4, (p, h, w), np.uint8)

    def _read_meta(self):
        meta = super()._read_meta()
        if self.wrap:
            meta["sizes"] = np.array(self._env.sizes)
        return meta

    def _obs(self, t, turn, meta):
        obs = {k: v for k, v in zip(_PLANES, t) if v is not None}
        r = self.wrap
        if r:
            sizes = meta["sizes"]
            for k in obs:
                obs[k] = tile(obs[k], sizes, r)
            hh, ww = self.plane_shape
            y = np.arange(hh)[None, :]
            x = np.arange(ww)[None, :]
            rows = (y >= r) & (y < r + sizes[:, 1:2])
            cols = (x >= r) & (x < r + sizes[:, 0:1])
            obs["valid"] = (rows[:, :, None] & cols[:, None, :]).astype(np.uint8)[:, None]
        obs["action_mask"] = (obs["owner"] == 1) & (obs["valid"] == 1)
        obs["turn"] = np.asarray(turn, np.int32)
        obs["max_turns"] = np.asarray(meta["max_turns"], np.uint32)
        return obs

    @property
    def sizes(self):
        """``int32 [num_envs, 2]``: each env's actual map (width, height)."""
        return self._env.sizes

    def step(self, moves):
        """One turn of every env; see the module's documentation."""
        self._check_started()
        hh, ww = self.plane_shape
        moves = as_uint_array(moves, "moves", np.uint8, (self.num_envs, self.players, hh, ww), 4)
        if self.wrap:
            r = self.wrap
            moves = np.ascontiguousarray(moves[:, :, r:r + self.height, r:r + self.width])
        return self._step(moves)

    def bot_moves(self, name, seat):
        """The built-in bot ``name``'s moves for ``seat`` in every env, ``uint8 [num_envs, H,
        W]`` (grown and tiled like the planes with ``wrap``), computed in Rust as the page's bot
        of that name plays them."""
        moves = self._env.bot_moves(str(name), self._seat(seat))
        if self.wrap:
            moves = tile(moves[:, None], self.sizes, self.wrap)[:, 0]
        return moves

    def random_moves(self, rng):
        """Uniformly random directions for every site and seat, ``uint8 [num_envs, players, H,
        W]``. ``rng`` is a NumPy ``Generator`` (one number is drawn from it) or an integer seed;
        the moves are drawn in Rust across the batch's threads, each env from its own stream, so
        the same seed gives the same moves on any number of threads (grown and tiled like the
        planes with ``wrap``)."""
        moves = self._env.random_moves(random_seed(rng))
        if self.wrap:
            moves = tile(moves, self.sizes, self.wrap)
        return moves

    def step_random(self, rng):
        """``step(random_moves(rng))`` in one call, the same moves and results, faster: each env
        draws its moves inside the step (no moves array is made or checked)."""
        self._check_started()
        return self._step(random_seed(rng), call="step_random")


def mapgen(width, height, players, seed):
    """The map ``halite mapgen -d "W H" -s SEED -n PLAYERS`` prints, as a dict of arrays
    (``production``, ``owner``, ``strength`` shaped ``[h, w]``) and its size."""
    env = VecEnv(1, width, height, players, seed, record=False, num_threads=1)
    obs, _ = env.reset()
    w, h = (int(x) for x in env.sizes[0])
    # Seat 0's egocentric owners are the owner tags themselves.
    owner = obs["owner"][0, 0, :h, :w].copy()
    env.close()
    return {
        "width": w,
        "height": h,
        "production": obs["production"][0, 0, :h, :w].copy(),
        "owner": owner,
        "strength": obs["strength"][0, 0, :h, :w].copy(),
    }


try:  # A Gymnasium action space whose ``sample(mask=obs["action_mask"])`` takes this game's mask
    # (PettingZoo's and Gymnasium's samplers pass the observation's mask as it is).
    from gymnasium import spaces as _spaces
except ImportError:  # Gymnasium is optional for the arena and the batches.
    pass
else:
    class SiteMoves(_spaces.MultiDiscrete):
        """A direction (0..4) per site; ``sample(mask)`` with an ``[H, W]`` mask of the sites
        the seat owns moves only those (the others stay still, 0)."""

        def sample(self, mask=None, probability=None):
            if mask is not None and not isinstance(mask, tuple):
                m = np.asarray(mask)
                if m.shape != self.nvec.shape:
                    raise ValueError(f"a site mask has shape {m.shape}; expected {self.nvec.shape}")
                return np.where(m != 0, super().sample(), 0).astype(self.dtype)
            return super().sample(mask=mask, probability=probability)


class Adapter(_Adapter):
    """Halite I for the wrappers: a seat sees ``owner``, ``strength``, ``production``
    (egocentric owners) and ``valid`` as ``uint8 [H, W]`` planes (plus ``visible`` under fog;
    grown by ``2 * wrap`` each way with ``wrap``), ``action_mask`` (``int8 [H, W]``, 1 on the
    sites it owns), ``turn`` and ``max_turns``; it answers a direction per site, ``int64 [H, W]``
    in 0..4 (a ``MultiDiscrete`` space). The vector env's sub-envs see and answer the same,
    stacked along a first axis."""

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
            **turn_spaces(spaces),
        }
        if self.fog is not None:
            planes["visible"] = spaces.Box(0, 1, (h, w), np.uint8)
        return spaces.Dict(planes)

    @property
    def action_space(self):
        return SiteMoves(np.full(self.vec.plane_shape, 5, np.int64))

    def seat_obs(self, obs, seat):
        """Seat ``seat``'s view of env 0."""
        out = {k: np.ascontiguousarray(obs[k][0, seat])
               for k in ("owner", "strength", "production", "visible") if k in obs}
        out["valid"] = np.ascontiguousarray(obs["valid"][0, 0])
        out["action_mask"] = obs["action_mask"][0, seat].astype(np.int8)
        out.update(turns(obs))
        return out

    def batch_obs(self, obs, seats, games):
        """The sub-envs' views: ``seats`` turns per-seat arrays ``[games, players, ...]`` and
        ``games`` per-game arrays ``[games, ...]`` into sub-env arrays."""
        out = {k: seats(obs[k]) for k in ("owner", "strength", "production", "visible") if k in obs}
        out["valid"] = games(obs["valid"][:, 0])
        out["action_mask"] = seats(obs["action_mask"]).astype(np.int8)
        out["turn"] = games(obs["turn"]).astype(np.int32)
        out["max_turns"] = games(obs["max_turns"]).astype(np.int32)
        return out

    def empty_action(self):
        """Every seat of every env still."""
        return np.zeros((self.vec.num_envs, self.players) + self.vec.plane_shape, np.uint8)

    def put_action(self, joint, seat, action, who=None):
        """Seat ``seat``'s moves in env 0, checked."""
        who = who or f"seat {seat}"
        joint[0, seat] = as_uint_array(action, f"{who}'s moves", np.uint8, self.vec.plane_shape, 4,
                                       check_range=True)

    def put_batch_action(self, joint, actions, num_envs, place):
        """The ``num_envs`` sub-envs' moves, checked; ``place(dst, a)`` puts them in their seats."""
        hh, ww = self.vec.plane_shape
        place(joint, as_uint_array(actions, "actions", np.uint8, (num_envs, hh, ww), 4, check_range=True))

    def put_bot(self, joint, seat, bot):
        """The built-in bot ``bot``'s moves for ``seat`` in every env."""
        joint[:, seat] = self.vec.bot_moves(bot, seat)


class Units:
    """Halite I one site at a time, for :mod:`halite_engine.units`: a unit is a site the seat
    owns, visited in row-major order each turn. Its observation is ``float32 [C * (2 radius +
    1)**2 + 1]``: the window of ``(2 radius + 1)`` sites a side centred on the site, taken on
    the torus, as channels ``mine`` (1 where the seat owns the site), ``theirs`` (1 where another
    seat does), ``strength / 255`` and ``production / 32`` (capped at 1), plus ``visible`` under
    fog, each flattened row-major; then the clock, ``turn / max_turns``. Its action is
    ``Discrete(5)``: the site's direction (0 still, 1 north, 2 east, 3 south, 4 west).

    Options: ``radius`` (1 to 15, default 4). The game's arguments are the single-agent env's
    (``wrap`` is set from ``radius``). The reward is by default each turn's change in the number
    of sites the seat owns (the batch's ``"territory"`` reward times the map's site count: +1 a
    site won, so a game's return is the sites held at its end less the one it began with);
    ``reward="rank"`` gives only the final rank's share."""

    actions = 5

    @staticmethod
    def options(kwargs):
        """``kwargs`` split into the unit view's options and the game's arguments."""
        kwargs = dict(kwargs)
        radius = kwargs.pop("radius", 4)
        check_integer("radius", radius)
        if not 1 <= radius <= 15:
            raise ValueError(f"radius {radius}: 1 to 15 sites")
        if kwargs.get("wrap") is not None:
            raise ValueError("wrap is set by the unit env from radius: leave it out")
        kwargs["wrap"] = int(radius)
        kwargs.setdefault("reward", "territory")
        return {"radius": int(radius), "per_site": kwargs["reward"] == "territory"}, kwargs

    def __init__(self, ad, radius, per_site):
        self.ad = ad
        self.radius = radius
        self.per_site = per_site
        self.channels = 4 + (ad.fog is not None)
        self.size = self.channels * (2 * radius + 1) ** 2 + 1

    @property
    def observation_space(self):
        from gymnasium import spaces
        return spaces.Box(0.0, 1.0, (self.size,), np.float32)

    def begin(self, obs, seat=0):
        """The turn's units (plane coordinates of the sites ``seat`` owns, row-major) and what
        their observations are cut from."""
        mine = obs["owner"][0, seat] == 1
        planes = [mine, (obs["owner"][0, seat] >= 2),
                  obs["strength"][0, seat] / np.float32(255),
                  np.minimum(obs["production"][0, seat], 32) / np.float32(32)]
        if self.channels == 5:
            planes.append(obs["visible"][0, seat])
        self._planes = np.stack(planes).astype(np.float32)
        self._clock = clock(obs)
        self._sites = int(obs["valid"][0, 0].sum())
        return [tuple(int(v) for v in p) for p in np.argwhere(obs["action_mask"][0, seat])]

    def observe(self, unit):
        y, x = unit
        r = self.radius
        out = np.empty(self.size, np.float32)
        out[:-1] = self._planes[:, y - r:y + r + 1, x - r:x + r + 1].ravel()
        out[-1] = self._clock
        return out

    def nothing(self, obs):
        """The observation when there is no unit to show (the game over): zeros but the clock."""
        out = np.zeros(self.size, np.float32)
        out[-1] = clock(obs)
        return out

    def put(self, joint, unit, action, seat=0):
        y, x = unit
        joint[0, seat, y, x] = action

    def turn_reward(self, reward):
        """The unit env's reward for a turn of the batch's ``reward`` (its map's)."""
        return float(round(reward * self._sites)) if self.per_site else reward

    def describe(self, unit):
        """The unit in the info dict: the site's map coordinates ``(x, y)``."""
        y, x = unit
        return {"site": (x - self.radius, y - self.radius)}


# The throughput benchmark's rows (`python -m halite_engine.bench`), as plain data: a build being
# compared runs the same loops on it. Rows per thread count (None: every core), then per loop.
BENCH = {
    "prefix": "h1",
    "size": [30, 30],
    "players": [2],
    "threads": [1, None],
    "loops": ["engine", "random", "step_random"],
    "kwargs": {},
    "optional": {"record": False},            # left out for a build without it
    "actions": [[None, "integers", 0, 5, "uint8"]],   # the engine loop's moves, drawn ahead
    "action_shape": ["height", "width"],      # after [num_envs, players]
    "random": ["random_moves", False],        # the random loop's helper; whether it takes the obs
    "arena": {"bots": ["builtin:expander", "builtin:greedy"], "size": "30x30"},
}
