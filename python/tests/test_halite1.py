"""Halite I batches: layout, seeding against `halite mapgen`, 1,000 random games that `halite
verify` accepts, determinism across thread counts, rewards, and refusals of bad input."""

import functools
import json
import subprocess

import numpy as np
import pytest

from batches import play_random_games, rejects, run, same, verify_all
from halite_engine import halite1, verify_replay


def mapgen(halite, w, h, players, seed):
    out = subprocess.run([halite, "mapgen", "-d", f"{w} {h}", "-s", str(seed), "-n", str(players)],
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def test_observations_are_egocentric_and_padded():
    env = halite1.VecEnv(4, 20, 20, 3, 100)
    obs, info = env.reset()
    assert obs["owner"].shape == (4, 3, 20, 20) and obs["owner"].dtype == np.uint8
    assert obs["valid"].shape == (4, 1, 20, 20)
    # The generator always makes 18x18 maps for 20x20 with 3 players.
    assert (env.sizes == 18).all()
    assert obs["valid"][:, 0, :18, :18].all() and not obs["valid"][:, 0, 18:, :].any()
    for k in ("owner", "strength", "production"):
        assert not obs[k][:, :, 18:, :].any() and not obs[k][:, :, :, 18:].any()
    own0 = obs["owner"][:, 0]
    for s in range(3):
        mine = obs["owner"][:, s] == 1
        assert mine.sum() > 0
        # Seat s's own sites are the sites seat 0 sees as owner s + 1.
        assert np.array_equal(mine, own0 == s + 1)
        # The next seat after s is 2 in s's view.
        assert np.array_equal(obs["owner"][:, s] == 2, own0 == (s + 1) % 3 + 1)
    assert info["alive"].all() and (info["turn"] == 0).all()


def test_moves_on_padding_and_foreign_sites_are_ignored():
    a = halite1.VecEnv(2, 20, 20, 3, 5)
    b = halite1.VecEnv(2, 20, 20, 3, 5)
    oa, _ = a.reset()
    b.reset()
    rng = np.random.default_rng(1)
    for _ in range(30):
        moves = rng.integers(0, 5, (2, 3, 20, 20), dtype=np.uint8)
        noise = moves.copy()
        noise[:, :, 18:, :] = rng.integers(0, 5, noise[:, :, 18:, :].shape)
        # Directions on sites a seat does not own change nothing.
        noise = np.where(oa["owner"] == 1, moves, rng.integers(0, 5, moves.shape)).astype(np.uint8)
        oa, ra, *_ = a.step(moves)
        ob, rb, *_ = b.step(noise)
        assert all(np.array_equal(oa[k], ob[k]) for k in oa)


def test_maps_equal_halite_mapgen(halite):
    for w, h, players, seed in [(20, 20, 3, 7), (30, 30, 2, 1), (25, 25, 4, 99), (40, 30, 6, 12345),
                                (35, 35, 4, 4000000000)]:
        env = halite1.VecEnv(3, w, h, players, seed, record=False)
        obs, _ = env.reset()
        assert list(env.seeds) == [(seed + i) % 2**32 for i in range(3)]
        for i, s in enumerate(env.seeds):
            ref = mapgen(halite, w, h, players, int(s))
            mw, mh = ref["width"], ref["height"]
            assert list(env.sizes[i]) == [mw, mh]
            for k in ("owner", "strength", "production"):
                got = obs[k][i, 0, :mh, :mw].ravel().tolist()
                assert got == ref[k], (k, w, h, players, s)


def test_next_games_follow_the_documented_seeds():
    env = halite1.VecEnv(3, 10, 10, 2, 50, max_turns=3)
    env.reset()
    zeros = np.zeros((3, 2, 10, 10), np.uint8)
    for k in range(1, 4):
        for _ in range(3):
            _, _, term, _, info = env.step(zeros)
        assert term.all()
        assert list(info["final_seeds"]) == [50 + i + (k - 1) * 3 for i in range(3)]
        assert list(env.seeds) == [50 + i + k * 3 for i in range(3)]
        assert list(env.game_index) == [k] * 3


def random_moves(env, rng, obs):
    return env.random_moves(rng)


def test_a_thousand_random_games_verify(halite, tmp_path):
    rng = np.random.default_rng(2024)
    files = []
    for (n, w, h, p, seed, games) in [(64, 20, 20, 2, 1, 512), (64, 16, 16, 4, 90000, 256),
                                       (32, 15, 15, 3, 70000, 128), (32, 18, 18, 6, 50000, 128)]:
        play_random_games(halite1.VecEnv(n, w, h, p, seed, record=True), games, random_moves, rng, files,
                          lambda k: tmp_path / f"h1-{p}-{k:04d}.hlt")
    verify_all(halite, files)


def test_same_seed_same_games_on_one_or_two_threads():
    kwargs = dict(num_envs=6, width=12, height=12, players=3, seed=777, max_turns=40, fog=3, record=True)
    t1, r1 = run(halite1.VecEnv(**kwargs, num_threads=1), 130, 5, random_moves)
    t2, r2 = run(halite1.VecEnv(**kwargs, num_threads=2), 130, 5, random_moves)
    t3, r3 = run(halite1.VecEnv(**kwargs, num_threads=2), 130, 5, random_moves)
    assert same(t1, t2) and same(t2, t3)
    assert r1 == r2 == r3 and all(r is not None for r in r1)
    # A seeded reset starts the same games again.
    env = halite1.VecEnv(**kwargs)
    env.reset()
    env.step(np.zeros((6, 3, 12, 12), np.uint8))
    obs, _ = env.reset(seed=777)
    assert same(obs, t1[0])


def test_fog_hides_far_sites():
    env = halite1.VecEnv(2, 30, 30, 2, 8, fog=2)
    obs, _ = env.reset()
    vis = obs["visible"]
    assert vis.shape == (2, 2, 30, 30)
    assert 0 < vis[0, 0].sum() < 900
    hidden = vis == 0
    assert not obs["owner"][hidden].any() and not obs["strength"][hidden].any()
    assert not obs["production"][hidden].any()


def test_territory_reward():
    env = halite1.VecEnv(2, 20, 20, 2, 3, reward="territory")
    obs, _ = env.reset()
    before = (obs["owner"] == 1).sum(axis=(2, 3))
    moves = np.stack([env.bot_moves("expander", s) for s in range(2)], axis=1)
    obs, rewards, *_ = env.step(moves)
    after = (obs["owner"] == 1).sum(axis=(2, 3))
    sites = env.sizes.prod(axis=1)[:, None]
    assert np.allclose(rewards, (after - before) / sites)


def test_time_limit_truncates():
    env = halite1.VecEnv(2, 10, 10, 2, 3, time_limit=5, record=True)
    env.reset()
    for t in range(5):
        _, r, term, trunc, info = env.step(np.zeros((2, 2, 10, 10), np.uint8))
    assert trunc.all() and not term.any() and (r == 0).all()
    assert info["final_turns"].tolist() == [5, 5]
    # The cut game's frames follow the rules; it just ends early.
    problem = verify_replay(env.replay(0))
    assert problem is not None and problem.startswith("unfinished"), problem


def test_bad_input_raises_clear_errors():
    rejects(ValueError, halite1.VecEnv, (1, 20, 20, 7, 1), (1, 0, 20, 2, 1), (1, 251, 20, 2, 1),
            (0, 20, 20, 2, 1), (1, 20, 20, 2, -1))
    rejects(TypeError, halite1.VecEnv, (1, 20.5, 20, 2, 1))
    rejects(ValueError, functools.partial(halite1.VecEnv, 1, 20, 20, 2, 1), dict(reward="money"),
            dict(num_threads=0), dict(player_names=["a"]))
    env = halite1.VecEnv(2, 20, 20, 2, 1, record=True)
    env.reset()
    with pytest.raises(ValueError):
        env.step(np.zeros((2, 2, 20), np.uint8))
    with pytest.raises(ValueError):
        env.step(np.full((2, 2, 20, 20), 5, np.uint8))
    with pytest.raises(ValueError):
        env.step(np.full((2, 2, 20, 20), -1))
    with pytest.raises(TypeError):
        env.step(np.full((2, 2, 20, 20), 0.5))
    with pytest.raises(ValueError):
        env.step("north")
    with pytest.raises(TypeError):
        env.step(np.full((2, 2, 20, 20), "north"))
    with pytest.raises(IndexError):
        env.replay(2)
    with pytest.raises(ValueError):
        env.bot_moves("nobody", 0)
    with pytest.raises(ValueError):
        env.bot_moves("greedy", 2)
    assert env.replay(0) is None
    # Non-contiguous or other integer arrays are fine.
    env.step(np.zeros((2, 2, 20, 40), np.int64)[..., ::2])
