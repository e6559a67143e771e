"""Halite I and Halite II as batched, exact environments, built from the Rust engine.

* :mod:`halite_engine.halite1` and :mod:`halite_engine.halite2`: ``VecEnv``, many games
  stepped per call in Rust across threads, observations in NumPy arrays.
* :mod:`halite_engine.pettingzoo`: PettingZoo ``ParallelEnv`` wrappers for both games.
* :mod:`halite_engine.gym`: Gymnasium single-agent environments against a built-in bot.
* :mod:`halite_engine.units`: Gymnasium single-agent environments taking one unit's order per
  step (a ``Discrete`` action, a flat ``Box`` observation).
* :mod:`halite_engine.vector`: Gymnasium ``VectorEnv`` over the batched engine (against bots, or
  every seat a sub-env).
* :mod:`halite_engine.arena`: many games between bots, ratings and SPRT, locally or on Ray.
* :mod:`halite_engine.bench`: the throughput benchmarks.
* :mod:`halite_engine.games`: the table of the games, from which all of these reach them.
"""

from . import _core, games as _games
from ._core import verify_replay, run_stdio_game, default_threads

__version__ = _core.__version__

# Gymnasium ids, when Gymnasium is installed: gymnasium.make("halite_engine/Halite1-v0") gives the
# single-agent env, gymnasium.make_vec(id, num_envs=N, vectorization_mode="vector_entry_point")
# the batched VectorEnv.
try:
    import gymnasium as _gym
except ImportError:  # Gymnasium is optional.
    _gym = None
# Each game of the table (:mod:`halite_engine.games`) has its id, and its fog variant its own.
if _gym is not None:
    for _game in _games.ALL:
        for _id, _kwargs in _game.gym_ids:
            if _id not in _gym.registry:
                _gym.register(id=_id, entry_point=f"halite_engine.gym:{_game.env_name}",
                              vector_entry_point=f"halite_engine.vector:{_game.vector_name}",
                              kwargs=_kwargs, disable_env_checker=True)
        for _id, _kwargs in _game.unit_ids:
            if _id not in _gym.registry:
                _gym.register(id=_id, entry_point=f"halite_engine.units:{_game.unit_name}",
                              kwargs=_kwargs, disable_env_checker=True)

__all__ = ["verify_replay", "run_stdio_game", "default_threads", "__version__"]
