"""The PettingZoo and Gymnasium wrappers pass their libraries' own API checks."""

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import parallel_api_test

from halite_engine.gym import Halite1Env, Halite2Env
from halite_engine.pettingzoo import halite1_parallel_env, halite2_parallel_env
from halite_engine import verify_replay


def test_halite1_parallel_api():
    parallel_api_test(halite1_parallel_env(width=20, height=20, players=3, seed=3), num_cycles=400)
    parallel_api_test(halite1_parallel_env(width=16, height=16, players=2, seed=4, fog=3), num_cycles=400)


def test_halite2_parallel_api():
    parallel_api_test(halite2_parallel_env(width=96, height=64, players=4, seed=3), num_cycles=400)


def test_parallel_game_runs_to_the_end_with_ranks():
    env = halite1_parallel_env(width=16, height=16, players=2, seed=9, record=True)
    obs, infos = env.reset(seed=9)
    assert set(obs) == {"player_0", "player_1"}
    rng = np.random.default_rng(0)
    steps = 0
    while env.agents:
        actions = {a: rng.integers(0, 5, (16, 16)) for a in env.agents}
        obs, rewards, terms, truncs, infos = env.step(actions)
        steps += 1
    assert steps == 160  # the turn limit of a 16x16 map
    assert sorted(i["rank"] for i in infos.values()) == [1, 2]
    assert sorted(rewards.values()) == [0.0, 1.0]
    assert verify_replay(env.replay()) is None


def test_halite1_gym_env():
    check_env(Halite1Env(opponents="greedy", width=20, height=20, seed=5), skip_render_check=True)
    check_env(Halite1Env(opponents=["expander", "greedy"], players=3, width=20, height=20, fog=4),
              skip_render_check=True)


def test_halite2_gym_env():
    check_env(Halite2Env(opponents="settler", width=96, height=64, seed=5), skip_render_check=True)


def test_gym_env_plays_a_whole_game_against_a_bot():
    env = Halite1Env(opponents="expander", width=20, height=20, seed=1)
    obs, info = env.reset(seed=1)
    done = False
    total = 0.0
    while not done:
        obs, r, term, trunc, info = env.step(np.zeros((20, 20), np.int64))
        total += r
        done = term or trunc
    # Never moving loses to the expander.
    assert info["rank"] == 2 and total == 0.0


def test_wrappers_refuse_bad_arguments():
    with pytest.raises(ValueError):
        Halite1Env(opponents="nobody")
    with pytest.raises(ValueError):
        Halite1Env(opponents=["greedy", "greedy"], players=2)
    env = halite1_parallel_env(width=20, height=20)
    env.reset()
    with pytest.raises(ValueError):
        env.step({"player_0": np.full((20, 20), 9)})
