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

Actions: ``uint8 [num_envs, players, H, W]`` directions (0 still, 1 north, 2 east, 3 south,
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
writes (``halite verify`` accepts it; the page opens it). Games have no other randomness, so
the same arguments give the same games on any number of threads.
"""

import numpy as np

from . import _core
from ._batch import BatchEnv, check_integer, check_optional
from ._util import as_uint_array, random_seed

_Core = _core.halite1.VecEnv
BOTS = tuple(_core.halite1.BOTS)
MAX_PLAYERS = _core.halite1.MAX_PLAYERS

__all__ = ["VecEnv", "BOTS", "MAX_PLAYERS", "mapgen"]


def _obs(t):
    owner, strength, production, valid, visible = t
    obs = {"owner": owner, "strength": strength, "production": production, "valid": valid}
    if visible is not None:
        obs["visible"] = visible
    return obs


class VecEnv(BatchEnv):
    """A batch of Halite I games; see the module's documentation."""

    _obs = staticmethod(_obs)

    def __init__(self, num_envs, width, height, players, seed, fog=None, max_turns=None,
                 reward="rank", num_threads=None, record=True, time_limit=None,
                 player_names=None):
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
        super().__init__(_Core(int(num_envs), int(width), int(height), int(players), int(seed), fog,
                               max_turns, reward, num_threads, bool(record), time_limit,
                               None if player_names is None else [str(n) for n in player_names]),
                         num_envs, width, height, players)
        self.fog = fog
        self.reward_mode = reward
        self._spaces()

    def _spaces(self):
        try:
            from gymnasium import spaces
        except ImportError:  # Gymnasium is optional for the batch itself.
            return
        p, h, w = self.players, self.height, self.width
        planes = {
            "owner": spaces.Box(0, p, (p, h, w), np.uint8),
            "strength": spaces.Box(0, 255, (p, h, w), np.uint8),
            "production": spaces.Box(0, 255, (p, h, w), np.uint8),
            "valid": spaces.Box(0, 1, (1, h, w), np.uint8),
        }
        if self.fog is not None:
            planes["visible"] = spaces.Box(0, 1, (p, h, w), np.uint8)
        self.single_observation_space = spaces.Dict(planes)
        self.single_action_space = spaces.Box(0, 4, (p, h, w), np.uint8)

    @property
    def sizes(self):
        """``int32 [num_envs, 2]``: each env's actual map (width, height)."""
        return self._env.sizes

    def step(self, moves):
        """One turn of every env; see the module's documentation."""
        moves = as_uint_array(moves, "moves", np.uint8,
                              (self.num_envs, self.players, self.height, self.width), 4)
        return self._step(moves)

    def bot_moves(self, name, seat):
        """The built-in bot ``name``'s moves for ``seat`` in every env, ``uint8 [num_envs, H,
        W]``, computed in Rust as the page's bot of that name plays them."""
        return self._env.bot_moves(str(name), int(seat))

    def random_moves(self, rng):
        """Uniformly random directions for every site and seat, ``uint8 [num_envs, players, H,
        W]``. ``rng`` is a NumPy ``Generator`` (one number is drawn from it) or an integer seed;
        the moves are drawn in Rust across the batch's threads, each env from its own stream, so
        the same seed gives the same moves on any number of threads."""
        return self._env.random_moves(random_seed(rng))

    def step_random(self, rng):
        """``step(random_moves(rng))`` in one call, the same moves and results, faster: each env
        draws its moves inside the step (no moves array is made or checked)."""
        return self._step(random_seed(rng), call=self._env.step_random)


def mapgen(width, height, players, seed):
    """The map ``halite mapgen -d "W H" -s SEED -n PLAYERS`` prints, as a dict of arrays
    (``production``, ``owner``, ``strength`` shaped ``[h, w]``) and its size."""
    env = VecEnv(1, width, height, players, seed, record=False, num_threads=1)
    obs, _ = env.reset()
    w, h = (int(x) for x in env.sizes[0])
    # Seat 0's egocentric owners are the owner tags themselves.
    owner = obs["owner"][0, 0, :h, :w].copy()
    return {
        "width": w,
        "height": h,
        "production": obs["production"][0, 0, :h, :w].copy(),
        "owner": owner,
        "strength": obs["strength"][0, 0, :h, :w].copy(),
    }
