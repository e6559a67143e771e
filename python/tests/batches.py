"""Helpers the tests of every game's batch share: random games until enough have ended (each
checked and its replay kept), `halite verify` over the kept replays, determinism traces, and
bad input refused."""

import subprocess

import numpy as np
import pytest


def play_random_games(env, games, act, rng, files, path_of):
    """Steps `env` with `act(env, rng, obs)` until `games` games have ended, none of them cut:
    each ended game ranks every seat once with the rank's share as its reward; the first
    `games` replays are written to `path_of(len(files))` and listed in `files`."""
    p = env.players
    obs, _ = env.reset()
    done = 0
    while done < games:
        obs, rewards, term, trunc, info = env.step(act(env, rng, obs))
        assert not trunc.any()
        for i in np.flatnonzero(term):
            ranks = info["final_ranks"][i]
            assert sorted(ranks) == list(range(1, p + 1))
            assert np.allclose(rewards[i], (p - ranks) / (p - 1))
            if done < games:
                path = path_of(len(files))
                path.write_bytes(env.replay(i))
                files.append(str(path))
            done += 1


def verify_all(halite, files, at_least=1000):
    """`halite verify` accepts every replay in `files` (at least `at_least` of them)."""
    assert len(files) >= at_least
    for k in range(0, len(files), 250):
        r = subprocess.run([halite, "verify", *files[k:k + 250]], capture_output=True, text=True)
        assert r.returncode == 0, r.stdout[-2000:]
        assert r.stdout.count(": ok") == len(files[k:k + 250])


def run(env, steps, seed, act):
    """Every observation and step result of `steps` turns with `act(env, rng, obs)` from a
    reset, and each env's last replay."""
    rng = np.random.default_rng(seed)
    obs, _ = env.reset()
    trace = [obs]
    for _ in range(steps):
        out = env.step(act(env, rng, obs))
        obs = out[0]
        trace.append(out)
    return trace, [env.replay(i) for i in range(env.num_envs)]


def same(a, b):
    """Equal to the bit: dicts, tuples and lists item by item, arrays by dtype, shape and bytes."""
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, (tuple, list)):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, np.ndarray):
        return a.dtype == b.dtype and a.shape == b.shape and a.tobytes() == b.tobytes()
    return a == b


def rejects(error, make, *cases):
    """`make` raises `error` for every case: a tuple of positional arguments or a dict of
    keyword arguments."""
    for case in cases:
        with pytest.raises(error):
            if isinstance(case, dict):
                make(**case)
            else:
                make(*case)
