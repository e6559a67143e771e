"""Halite II batches: tables, seeding against `halite mapgen`, 1,000 random games that `halite
verify` accepts, determinism across thread counts, and refusals of bad input."""

import functools
import json
import subprocess

import numpy as np
import pytest

from batches import play_random_games, rejects, run, same, verify_all
from halite_engine import halite2, verify_replay


def test_tables_and_masks():
    env = halite2.VecEnv(3, 240, 160, 4, 9)
    obs, info = env.reset()
    ships, planets = obs["ships"], obs["planets"]
    assert ships.shape == (3, 4, 256) and ships.dtype == halite2.SHIP_DTYPE
    assert planets.shape == (3, 4, halite2.MAX_PLANETS)
    assert (obs["ship_mask"].sum(axis=-1) == 12).all()
    for s in range(4):
        mine = ships[:, s][ships[:, s]["owner"] == 1]
        # Each seat's own three ships come first, with its seat's ids.
        assert (ships[:, s, :3]["owner"] == 1).all()
        assert sorted(set(mine["id"] // 3)) == [s]
    assert obs["planet_mask"].any(axis=-1).all()
    assert (planets["owner"] == 0).all()
    assert info["alive"].all()


def test_maps_equal_halite_mapgen(halite):
    for w, h, players, seed in [(240, 160, 2, 1), (200, 200, 4, 77), (120, 80, 2, 3000000000),
                                (300, 200, 4, 5)]:
        env = halite2.VecEnv(2, w, h, players, seed)
        obs, _ = env.reset()
        for i, s in enumerate(env.seeds):
            assert s == (seed + i) % 2**32
            ref = json.loads(subprocess.run(
                [halite, "--game", "halite2", "mapgen", "-d", f"{w} {h}", "-s", str(int(s)), "-n", str(players)],
                check=True, capture_output=True, text=True).stdout)
            pl = obs["planets"][i, 0]
            got = [(int(p["id"]), float(p["x"]), float(p["y"]), float(p["r"])) for p in pl if p["alive"]]
            assert got == [(p["id"], p["x"], p["y"], p["r"]) for p in ref["planets"]]
            sh = obs["ships"][i, 0]
            got = sorted((int(x["id"]), float(x["x"]), float(x["y"])) for x in sh if x["owner"])
            assert got == sorted((x["id"], x["x"], x["y"]) for x in ref["ships"])


def random_commands(env, rng, obs):
    return env.random_commands(rng, obs)


def test_a_thousand_random_games_verify(halite, tmp_path):
    rng = np.random.default_rng(7)
    files = []
    for n, w, h, p, seed, games in [(64, 96, 64, 2, 1, 600), (64, 96, 96, 4, 100000, 400)]:
        play_random_games(halite2.VecEnv(n, w, h, p, seed, max_ships=48), games, random_commands,
                          rng, files, lambda k: tmp_path / f"h2-{p}-{k:04d}.hlt")
    verify_all(halite, files)


def test_same_seed_same_games_on_one_or_two_threads():
    kwargs = dict(num_envs=5, width=80, height=64, players=4, seed=31, max_ships=40)
    t1, r1 = run(halite2.VecEnv(**kwargs, num_threads=1), 150, 3, random_commands)
    t2, r2 = run(halite2.VecEnv(**kwargs, num_threads=2), 150, 3, random_commands)
    assert same(t1, t2)
    assert r1 == r2 and any(r is not None for r in r1)


def test_no_commands_and_bot_commands():
    env = halite2.VecEnv(2, 240, 160, 2, 4)
    obs, _ = env.reset()
    obs2, r, term, trunc, info = env.step(None)
    assert np.array_equal(obs2["ships"]["x"], obs["ships"]["x"])
    c = env.bot_commands("settler", 0)
    assert c["kind"].shape == (2, 256) and (c["kind"][:, :3] > 0).all()
    obs3, *_ = env.step({"kind": np.stack([c["kind"], np.zeros_like(c["kind"])], 1),
                         "magnitude": np.stack([c["magnitude"], np.zeros_like(c["magnitude"])], 1),
                         "angle": np.stack([c["angle"], np.zeros_like(c["angle"])], 1)})
    moved = obs3["ships"][:, 0, :3]
    assert not np.array_equal(moved["x"], obs2["ships"][:, 0, :3]["x"]) or not np.array_equal(
        moved["y"], obs2["ships"][:, 0, :3]["y"])


def test_time_limit_truncates():
    env = halite2.VecEnv(1, 240, 160, 2, 4, time_limit=3)
    env.reset()
    for _ in range(3):
        _, r, term, trunc, info = env.step()
    assert trunc[0] and not term[0] and (r == 0).all()
    # The cut game's frames follow the rules; it just ends early.
    problem = verify_replay(env.replay(0))
    assert problem is not None and "goes on by the rules" in problem, problem


def test_bad_input_raises_clear_errors():
    rejects(ValueError, halite2.VecEnv, (1, 240, 160, 3, 1), (1, 8, 160, 2, 1))
    rejects(ValueError, functools.partial(halite2.VecEnv, 1, 240, 160, 2, 1), dict(max_ships=0))
    env = halite2.VecEnv(1, 240, 160, 2, 1, max_ships=8)
    env.reset()
    c = halite2.commands(1, 2, 8)
    c["kind"][:] = 1
    c["magnitude"][:] = 8
    with pytest.raises(ValueError):
        env.step(c)
    c["magnitude"][:] = 7
    c["kind"][:] = 4
    with pytest.raises(ValueError):
        env.step(c)
    with pytest.raises(ValueError):
        env.step({"kind": np.zeros((1, 2, 9), np.uint8)})
    with pytest.raises(ValueError):
        env.step({"speed": np.zeros((1, 2, 8), np.uint8)})
    with pytest.raises(TypeError):
        env.step([1, 2, 3])
    with pytest.raises(ValueError):
        env.bot_commands("nobody", 0)
    with pytest.raises(IndexError):
        env.replay(1)
