"""Halite I and Halite II as batched, exact environments, built from the Rust engine.

* :mod:`halite_engine.halite1` and :mod:`halite_engine.halite2`: ``VecEnv``, many games
  stepped per call in Rust across threads, observations in NumPy arrays.
* :mod:`halite_engine.pettingzoo`: PettingZoo ``ParallelEnv`` wrappers for both games.
* :mod:`halite_engine.gym`: Gymnasium single-agent environments against a built-in bot.
* :mod:`halite_engine.arena`: many games between bots, ratings and SPRT, locally or on Ray.
* :mod:`halite_engine.bench`: the throughput benchmarks.
"""

from . import _core
from ._core import verify_replay, run_stdio_game, default_threads

__version__ = _core.__version__

__all__ = ["verify_replay", "run_stdio_game", "default_threads", "__version__"]
