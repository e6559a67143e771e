"""What an RL user gets from the envs: strict action checks in every wrapper, close(), the
Gymnasium vector env and ids, action masks, the turn in the observation, torus-true padding
(`wrap`), replays only when asked, and envs that pickle and continue identically."""

import copy
import os
import pickle

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import parallel_api_test, parallel_seed_test

import halite_engine  # noqa: F401  (registers the Gymnasium ids)
from halite_engine import halite1, halite2
from halite_engine.gym import Halite1Env, Halite2Env
from halite_engine.pettingzoo import halite1_parallel_env, halite2_parallel_env
from halite_engine.vector import Halite1VectorEnv, Halite2VectorEnv


def h2_action(max_ships, **fields):
    a = {k: np.zeros(max_ships, np.int64) for k in ("kind", "magnitude", "angle", "planet")}
    for k, v in fields.items():
        a[k] = np.asarray(a[k], dtype=np.asarray(v).dtype)
        a[k][0] = v
    return a


# 1. Strict everywhere ---------------------------------------------------------------------------

def test_halite2_wrappers_refuse_what_vecenv_refuses_naming_seat_and_value():
    env = Halite2Env(opponents="settler", width=96, height=64, seed=1, max_ships=8)
    env.reset(seed=1)
    with pytest.raises(TypeError, match=r"player_0's angle.*nan"):
        env.step(h2_action(8, kind=1, magnitude=3, angle=np.nan))
    with pytest.raises(ValueError, match=r"player_0's angle.*-5"):
        env.step(h2_action(8, kind=1, magnitude=3, angle=-5))
    with pytest.raises(ValueError, match=r"player_0's magnitude.*300"):
        env.step(h2_action(8, kind=1, magnitude=300, angle=10))
    # The batch itself refuses the same values.
    vec = halite2.VecEnv(1, 96, 64, 2, 1, max_ships=8)
    vec.reset()
    c = {k: np.zeros((1, 2, 8), np.int64) for k in ("kind", "magnitude", "angle", "planet")}
    c["angle"][0, 0, 0] = -5
    with pytest.raises(ValueError, match="-5"):
        vec.step(c)
    pz = halite2_parallel_env(width=96, height=64, max_ships=8)
    pz.reset(seed=2)
    with pytest.raises(ValueError, match=r"player_1's magnitude.*300"):
        pz.step({"player_1": h2_action(8, kind=1, magnitude=300)})


def test_halite1_wrappers_refuse_nan_fractions_and_out_of_range_moves():
    env = Halite1Env(opponents="greedy", width=16, height=16, seed=2)
    env.reset(seed=2)
    for bad, err, text in ((np.nan, TypeError, "nan"), (2.7, TypeError, "2.7"), (5, ValueError, "5"),
                           (-1, ValueError, "-1")):
        a = np.zeros((16, 16))
        a[3, 4] = bad
        with pytest.raises(err, match=rf"player_0's moves.*{text}.*\(3, 4\)"):
            env.step(a)
    pz = halite1_parallel_env(width=16, height=16, players=2)
    pz.reset(seed=3)
    with pytest.raises(TypeError, match="player_1's moves"):
        pz.step({"player_0": np.zeros((16, 16)), "player_1": np.full((16, 16), np.nan)})
    with pytest.raises(ValueError, match="unknown agent 'player_7'"):
        pz.step({"player_7": np.zeros((16, 16))})
    # Whole floats are integers, as for VecEnv.step.
    env.step(np.full((16, 16), 0.0))


def test_close_step_before_reset_threads_and_indices():
    vec = halite1.VecEnv(2, 12, 12, 2, 1)
    with pytest.raises(RuntimeError, match="reset"):
        vec.step(np.zeros((2, 2, 12, 12), np.uint8))
    vec.reset()
    with pytest.raises(IndexError, match="0 to 1"):
        vec.replay_seed(-1)
    with pytest.raises(IndexError, match="0 to 1"):
        vec.replay(2)
    with pytest.raises(ValueError, match="0 to 1"):
        vec.bot_moves("greedy", -1)
    vec.close()
    vec.close()
    with pytest.raises(RuntimeError, match="closed"):
        vec.reset()
    with pytest.raises(RuntimeError, match="closed"):
        vec.step(np.zeros((2, 2, 12, 12), np.uint8))
    for make, act in ((lambda: Halite1Env(width=12, height=12), np.zeros((12, 12))),
                      (lambda: Halite2Env(width=96, height=64, max_ships=4), h2_action(4))):
        env = make()
        with pytest.raises(RuntimeError, match="reset"):
            env.step(act)
        env.reset(seed=1)
        env.close()
        with pytest.raises(RuntimeError, match="closed"):
            env.reset()
    pz = halite1_parallel_env(width=12, height=12)
    with pytest.raises(RuntimeError, match="reset"):
        pz.step({})
    pz.close()
    with pytest.raises(RuntimeError, match="closed"):
        pz.reset()
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    many = halite2.VecEnv(1, 96, 64, 2, 1, num_threads=1000)
    assert 1 <= many.num_threads <= cores


# 2. The vector env --------------------------------------------------------------------------------

def test_gymnasium_ids_give_single_and_batched_envs():
    for env_id, kw in (("halite_engine/Halite1-v0", dict(width=16, height=16)),
                       ("halite_engine/Blitz-v0", dict(width=16, height=16)),
                       ("halite_engine/Halite2-v0", dict(width=96, height=64, max_ships=16))):
        single = gym.make(env_id, **kw)
        check_env(single.unwrapped, skip_render_check=True)
        vec = gym.make_vec(env_id, num_envs=3, vectorization_mode="vector_entry_point", **kw)
        assert isinstance(vec, gym.vector.VectorEnv)
        assert vec.single_observation_space == single.observation_space
        assert vec.single_action_space == single.action_space
        assert vec.metadata["autoreset_mode"] == gym.vector.AutoresetMode.SAME_STEP
        obs, _ = vec.reset(seed=5)
        assert vec.observation_space.contains(obs)
        obs, r, term, trunc, info = vec.step(vec.action_space.sample())
        assert vec.observation_space.contains(obs) and r.shape == (3,)
        vec.close()
    assert "visible" in gym.make("halite_engine/Blitz-v0", width=16, height=16).observation_space.spaces


def test_vector_env_ends_games_as_gymnasium_same_step_mode_says():
    vec = Halite1VectorEnv(4, opponents="expander", width=12, height=12, seed=3, max_turns=7)
    vec = gym.wrappers.vector.RecordEpisodeStatistics(vec)
    vec = gym.wrappers.vector.NormalizeReward(vec)
    obs, _ = vec.reset(seed=3)
    ref = Halite1Env(opponents="expander", width=12, height=12, max_turns=7)
    ref_obs, _ = ref.reset(seed=4)   # game 1 of the batch plays seed 3 + 1
    for k in ref_obs:
        assert np.array_equal(obs[k][1], ref_obs[k]), k
    for t in range(7):
        obs, r, term, trunc, info = vec.step(np.zeros((4, 12, 12), np.int64))
        _, ref_r, ref_term, _, ref_info = ref.step(np.zeros((12, 12), np.int64))
    assert term.all() and ref_term
    assert info["_final_obs"].all() and info["final_obs"].dtype == object
    assert info["final_obs"][1]["turn"] == 7 and obs["turn"][1] == 0
    assert info["final_info"]["rank"][1] == ref_info["rank"]
    assert info["_episode"].all() and (info["episode"]["l"] == 7).all()
    assert vec.observation_space.contains(obs)


def test_per_seat_adapter_plays_every_seat_with_one_policy():
    vec = Halite2VectorEnv(8, opponents="self", players=4, width=96, height=64, seed=9, max_ships=16)
    assert vec.games == 2
    obs, _ = vec.reset(seed=9)
    batch = halite2.VecEnv(2, 96, 64, 4, 9, max_ships=16)
    bobs, _ = batch.reset(seed=9)
    # Sub-env g * players + s is seat s of game g.
    assert np.array_equal(obs["ship_mask"][5], bobs["ship_mask"][1, 1])
    vec = gym.wrappers.vector.ClipReward(gym.wrappers.vector.RecordEpisodeStatistics(vec), 0, 1)
    for _ in range(3):
        obs, r, term, trunc, info = vec.step(vec.action_space.sample())
    assert r.shape == (8,) and (obs["turn"] == 3).all()
    with pytest.raises(ValueError, match="multiple of players"):
        Halite1VectorEnv(3, opponents="self", players=2)


def test_pettingzoo_checks_still_pass_with_masks():
    parallel_api_test(halite1_parallel_env(width=16, height=16, players=3, seed=3), num_cycles=60)
    parallel_api_test(halite2_parallel_env(width=96, height=64, players=2, seed=3), num_cycles=60)
    parallel_seed_test(lambda: halite1_parallel_env(width=16, height=16, players=2))
    parallel_seed_test(lambda: halite2_parallel_env(width=96, height=64, players=2))


# 3, 4. Masks, turns, dropped ships --------------------------------------------------------------

def test_action_masks_turns_and_dropped_ships():
    vec = halite1.VecEnv(2, 20, 20, 3, 11)
    obs, _ = vec.reset()
    assert np.array_equal(obs["action_mask"], (obs["owner"] == 1) & (obs["valid"] == 1))
    assert obs["turn"].tolist() == [0, 0] and np.array_equal(obs["max_turns"], vec.max_turns)
    obs, *_ = vec.step(np.zeros((2, 3, 20, 20), np.uint8))
    assert obs["turn"].tolist() == [1, 1]
    pz = halite1_parallel_env(width=16, height=16, players=2)
    o, _ = pz.reset(seed=5)
    assert o["player_1"]["action_mask"].sum() == 1 and o["player_1"]["turn"] == 0
    h2 = halite2.VecEnv(1, 96, 64, 2, 4, max_ships=2)
    obs, _ = h2.reset()
    own = obs["ships"]["owner"] == 1
    assert np.array_equal(obs["action_mask"]["ships"], own & obs["ship_mask"])
    assert obs["action_mask"]["planets"].any()
    g = Halite2Env(width=96, height=64, max_ships=2)
    o, _ = g.reset(seed=4)
    # Three ships a side at the start, two slots: the seat's own two, every enemy dropped.
    assert int(o["ships_dropped"]) == 4 and o["action_mask"]["ships"].sum() == 2


# 5. Torus-true padding ----------------------------------------------------------------------------

def torus_sum(plane, r):
    return sum(np.roll(plane, (dy, dx), (0, 1)) for dy in range(-r, r + 1) for dx in range(-r, r + 1))


def window_sum(planes, r):
    hh, ww = planes.shape
    out = np.zeros((hh - 2 * r, ww - 2 * r), np.int64)
    for dy in range(2 * r + 1):
        for dx in range(2 * r + 1):
            out += planes[dy:dy + hh - 2 * r, dx:dx + ww - 2 * r]
    return out


def test_wrap_makes_convolutions_equal_the_torus_on_shrunk_maps():
    r = 2
    vec = halite1.VecEnv(8, 30, 30, 4, 1, wrap=r)
    obs, _ = vec.reset()
    sizes = vec.sizes
    assert any(tuple(s) != (30, 30) for s in sizes)
    assert obs["owner"].shape == (8, 4, 34, 34)
    plain = halite1.VecEnv(8, 30, 30, 4, 1)
    pobs, _ = plain.reset()
    for i, (w, h) in enumerate(sizes):
        real = pobs["production"][i, 0, :h, :w].astype(np.int64)
        planes = obs["production"][i, 0].astype(np.int64)
        assert obs["valid"][i, 0].sum() == w * h
        assert np.array_equal(obs["valid"][i, 0, r:r + h, r:r + w], np.ones((h, w)))
        for radius in (1, 2):
            conv = window_sum(planes, radius)            # valid convolution on the planes
            off = r - radius
            assert np.array_equal(conv[off:off + h, off:off + w], torus_sum(real, radius)), (i, radius)
    # Moves on the grown planes reach the real sites: the same game as the plain batch.
    moves = np.stack([vec.bot_moves("greedy", s) for s in range(4)], 1)
    pmoves = np.stack([plain.bot_moves("greedy", s) for s in range(4)], 1)
    a, *_ = vec.step(moves)
    b, *_ = plain.step(pmoves)
    for i, (w, h) in enumerate(sizes):
        assert np.array_equal(a["strength"][i, :, r:r + h, r:r + w], b["strength"][i, :, :h, :w])


# 6. No hidden costs -------------------------------------------------------------------------------

def test_replays_only_when_asked_and_pickled_envs_continue_identically():
    vec = halite1.VecEnv(2, 12, 12, 2, 3, max_turns=5)
    assert vec.record is False
    vec.reset()
    for _ in range(5):
        vec.step(np.zeros((2, 2, 12, 12), np.uint8))
    with pytest.raises(ValueError, match="record"):
        vec.replay(0)
    with pytest.raises(TypeError, match="history=True"):
        pickle.dumps(vec)
    rng = np.random.default_rng(1)
    for make, act in ((lambda: halite1.VecEnv(3, 14, 14, 2, 7, history=True, max_turns=20),
                       lambda e: e.random_moves(rng)),
                      (lambda: halite2.VecEnv(2, 96, 64, 2, 7, history=True, max_ships=16),
                       lambda e: e.random_commands(rng, last))):
        env = make()
        last, _ = env.reset()
        for _ in range(25):
            last, *_ = env.step(act(env))
        twin = pickle.loads(pickle.dumps(env))
        third = copy.deepcopy(env)
        for _ in range(10):
            a = act(env)
            outs = [e.step(a) for e in (env, twin, third)]
            last = outs[0][0]
            for o in outs[1:]:
                assert np.array_equal(o[1], outs[0][1])
                for k in ("ship_mask", "owner", "strength"):
                    if k in o[0]:
                        assert np.array_equal(o[0][k], outs[0][0][k])
        assert np.array_equal(twin.seeds, env.seeds)


def test_wrappers_take_wrap_and_history():
    env = Halite1Env(opponents="greedy", width=16, height=16, wrap=2, history=True)
    check_env(env, skip_render_check=True)
    obs, _ = env.reset(seed=8)
    assert obs["owner"].shape == (20, 20) and obs["valid"].sum() == 256
    for _ in range(5):
        env.step(env.action_space.sample(mask=obs["action_mask"]))
    twin = pickle.loads(pickle.dumps(env))
    a = np.where(obs["action_mask"], 1, 0)
    for _ in range(5):
        o1, r1, *_ = env.step(a)
        o2, r2, *_ = twin.step(a)
        assert r1 == r2 and all(np.array_equal(o1[k], o2[k]) for k in o1)
    vec = Halite1VectorEnv(2, opponents="self", width=16, height=16, wrap=1)
    obs, _ = vec.reset(seed=1)
    assert obs["owner"].shape == (2, 18, 18)


def test_a_cleanrl_shaped_rollout_runs_on_the_per_seat_adapter():
    # The rollout part of CleanRL's PPO for Gymnasium 1.x: make_vec, RecordEpisodeStatistics,
    # step the batch, read finished episodes from infos["episode"] / infos["_episode"].
    envs = gym.make_vec("halite_engine/Halite1-v0", num_envs=6, vectorization_mode="vector_entry_point",
                        opponents="self", width=12, height=12, max_turns=6)
    envs = gym.wrappers.vector.RecordEpisodeStatistics(envs)
    next_obs, _ = envs.reset(seed=1)
    finished = []
    for step in range(12):
        action = np.stack([envs.single_action_space.sample(mask=m) for m in next_obs["action_mask"]])
        next_obs, reward, terminations, truncations, infos = envs.step(action)
        next_done = np.logical_or(terminations, truncations)
        if "episode" in infos:
            finished.append(infos["episode"]["r"][infos["_episode"]])
            assert (infos["episode"]["l"][infos["_episode"]] == 6).all()
    assert len(finished) == 2 and next_done.shape == (6,)
    # Three games of two seats: each game's seats share the rank rewards 1 and 0.
    for r in finished:
        assert sorted(r.reshape(3, 2).sum(axis=1).tolist()) == [1.0, 1.0, 1.0]
