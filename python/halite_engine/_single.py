"""One game at a time on top of a one-env batch: what the PettingZoo and Gymnasium wrappers
share. Each game's module has an ``Adapter`` (a subclass of :class:`Adapter`) that turns the
batch's arrays into one seat's observation (matching a Gymnasium space) and seats' actions back
into the batch's arrays, checked exactly as ``VecEnv.step`` checks them (the same errors, naming
the seat and the first bad value); the vector env uses the same adapter over a batch of many
games."""

import numpy as np

BIG_TURN = 2**31 - 1


def turn_spaces(spaces):
    """The ``turn`` and ``max_turns`` spaces every game's observation holds."""
    return {
        "turn": spaces.Box(0, BIG_TURN, (), np.int32),
        "max_turns": spaces.Box(0, BIG_TURN, (), np.int32),
    }


def turns(obs, env=0):
    return {"turn": np.array(obs["turn"][env], np.int32),
            "max_turns": np.array(obs["max_turns"][env], np.int32)}


def clock(obs, env=0):
    """``turn / max_turns`` of env ``env`` as a ``float32`` in 0..1."""
    return np.float32(min(1.0, int(obs["turn"][env]) / max(1, int(obs["max_turns"][env]))))


class Adapter:
    """What every game's adapter shares: the batch they read a seat's view of."""

    @classmethod
    def over(cls, vec):
        """An adapter of the batch ``vec`` as it is (one game, or the vector env's many)."""
        ad = cls.__new__(cls)
        ad._attach(vec)
        return ad

    def _attach(self, vec):
        self.vec = vec
        self.players = vec.players
        self.fog = getattr(vec, "fog", None)

    def step(self, joint):
        return self.vec.step(joint)


def adapter(game, **kwargs):
    """The adapter of a new one-env batch of the game ``game`` (an id of
    :mod:`halite_engine.games`), its arguments the table's defaults overridden by ``kwargs``
    (``seed`` 0 unless given)."""
    from . import games
    g = games.get(game)
    return g.Adapter.over(g.VecEnv(1, num_threads=1, **{**g.defaults, "seed": 0, **kwargs}))
