"""The random helpers (drawn in Rust): right shapes and ranges, every value drawn, the same draws
for the same seed on any number of threads, and playable actions."""

import numpy as np
import pytest

from halite_engine import halite1, halite2


def test_random_moves_cover_every_direction_evenly_and_repeat_by_seed():
    a = halite1.VecEnv(16, 30, 30, 2, 5, num_threads=1, record=False)
    b = halite1.VecEnv(16, 30, 30, 2, 5, num_threads=2, record=False)
    m = a.random_moves(np.random.default_rng(3))
    assert m.shape == (16, 2, 30, 30) and m.dtype == np.uint8
    counts = np.bincount(m.ravel(), minlength=5)
    assert len(counts) == 5 and counts.min() > 0.18 * m.size and counts.max() < 0.22 * m.size
    assert np.array_equal(m, b.random_moves(np.random.default_rng(3)))
    assert np.array_equal(a.random_moves(7), b.random_moves(7))
    assert not np.array_equal(a.random_moves(7), a.random_moves(8))
    # Envs draw from streams of their own.
    assert not np.array_equal(m[0], m[1])
    a.reset()
    obs, *_ = a.step(m)
    assert obs["owner"].shape == (16, 2, 30, 30)


def test_random_moves_reject_what_is_not_a_generator_or_seed():
    env = halite1.VecEnv(2, 10, 10, 2, 5, record=False)
    for bad in (-1, 1.5, "x", None):
        with pytest.raises(TypeError, match="rng must be"):
            env.random_moves(bad)


def test_random_commands_command_only_own_ships_and_repeat_by_seed():
    a = halite2.VecEnv(4, 240, 160, 4, 9, max_ships=32, num_threads=1)
    b = halite2.VecEnv(4, 240, 160, 4, 9, max_ships=32, num_threads=2)
    obs, _ = a.reset()
    b.reset()
    c = a.random_commands(np.random.default_rng(1), obs)
    own = obs["ship_mask"] & (obs["ships"]["owner"] == 1)
    assert own.sum() == 4 * 4 * 3
    assert not c["kind"][~own].any() and c["kind"][own].any()
    assert c["kind"].max() <= 3 and c["magnitude"].max() <= 7 and c["angle"].max() < 360
    assert c["planet"].min() >= 0 and c["planet"].max() < 24
    d = b.random_commands(np.random.default_rng(1))
    for k in c:
        assert np.array_equal(c[k], d[k]), k
    start = obs["ships"][own]
    obs, *_ = a.step(a.random_commands(np.random.default_rng(2)))
    now = obs["ships"][obs["ship_mask"] & (obs["ships"]["owner"] == 1)]
    # The commands are played: ships of the first turn moved (some may have collided).
    moved = {(i, x) for i, x in zip(now["id"], now["x"])} - {(i, x) for i, x in zip(start["id"], start["x"])}
    assert 0 < len(now) <= len(start) and moved


def test_step_random_plays_the_moves_random_moves_draws():
    a = halite1.VecEnv(6, 20, 20, 2, 11, num_threads=1, reward="territory", record=False)
    b = halite1.VecEnv(6, 20, 20, 2, 11, num_threads=2, reward="territory", record=False)
    a.reset()
    b.reset()
    ra, rb = np.random.default_rng(4), np.random.default_rng(4)
    ended = 0
    for _ in range(250):
        oa, rwa, ta, tra, ia = a.step(a.random_moves(ra))
        ob, rwb, tb, trb, ib = b.step_random(rb)
        for k in oa:
            assert np.array_equal(oa[k], ob[k]), k
        assert np.array_equal(rwa, rwb) and np.array_equal(ta, tb) and np.array_equal(tra, trb)
        if ta.any():
            assert np.array_equal(ia["final_ranks"], ib["final_ranks"])
            ended += int(ta.sum())
    # Whole games were played (20x20 games last at most 200 turns).
    assert ended >= 6
    with pytest.raises(TypeError, match="rng must be"):
        b.step_random("seed")


def test_random_moves_take_the_planes_shape_with_wrap_and_step_random_survives_pickling():
    import pickle
    env = halite1.VecEnv(3, 30, 30, 4, 5, wrap=2, history=True)
    env.reset()
    moves = env.random_moves(4)
    assert moves.shape == (3, 4) + env.plane_shape
    env.step(moves)
    env.step_random(9)
    copy = pickle.loads(pickle.dumps(env))
    a = env.step_random(11)[0]
    b = copy.step_random(11)[0]
    for k in a:
        assert np.array_equal(a[k], b[k]), k
