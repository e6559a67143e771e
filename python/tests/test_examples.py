"""The README's training-loop sketch runs and learns something measurable."""

import importlib.util
from pathlib import Path

import numpy as np


def test_ppo_numpy_example_runs(capsys):
    path = Path(__file__).resolve().parents[1] / "examples" / "ppo_numpy.py"
    spec = importlib.util.spec_from_file_location("ppo_numpy", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    weights = mod.main(["--envs", "8", "--steps", "16", "--iterations", "3", "--size", "16"])
    assert weights.shape == (4, 5) and np.isfinite(weights).all() and np.abs(weights).sum() > 0
    assert capsys.readouterr().out.count("iteration") == 3


def _load(name):
    path = Path(__file__).resolve().parents[1] / "examples" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_train_halite1_short_run_learns_and_evaluates_on_real_games(tmp_path, capsys):
    mod = _load("train_halite1")
    curve = tmp_path / "curve.png"
    r = mod.main(["--iterations", "12", "--envs", "16", "--steps", "16", "--size", "16",
                  "--eval-games", "6", "--validate-every", "6", "--curve", str(curve)])
    out = capsys.readouterr().out
    # A table row per iteration, a learning curve on disk, an evaluation line with its interval.
    assert len(r["history"]) == 12 and out.count("\n") >= 14
    assert curve.exists() or curve.with_suffix(".csv").exists()
    assert "Wilson 95% interval" in out and "against the Random bot" in out
    w = r["weights"]
    assert w.shape == (mod.FEATURES,) and np.isfinite(w).all() and np.abs(w).sum() > 0
    # The policy moved away from uniform (the starting point): lower entropy than log 5.
    assert r["history"][-1]["entropy"] < np.log(5)
    assert 0 <= r["wins"] <= r["games"] == 6 and 0 <= r["sampled_wins"] <= 6
    lo, hi = r["wilson"]
    assert 0 <= lo <= r["wins"] / 6 <= hi <= 1
    # Better than where it started: the untrained weights win fewer of the same games.
    start, _, _ = mod.evaluate(np.zeros(mod.FEATURES), games=6, size=16)
    assert r["wins"] > start
    assert [h["validation"] >= 0 for h in r["history"][5::6]] == [True, True]


def test_train_halite1_evaluation_plays_whole_games_from_both_seats():
    mod = _load("train_halite1")
    # A hand-set player (stay until strong, then take the best neighbour it can) against the
    # Random bot: real games of the engine's full length, won far more often than lost.
    w = np.zeros(mod.FEATURES)
    s = mod.STILL_FEATURES
    w[2] = 4.0        # still while strength < 5 x production
    w[s + 3] = 3.0    # a neighbour this site takes
    w[s + 4] = 2.0    # ... weighted by its production
    w[s + 5] = -3.0   # not a neighbour that is stronger
    wins, games, turns = mod.evaluate(w, games=8, size=16, seed=123)
    assert games == 8 and wins >= 6
    assert 50 <= turns <= 160
    zero_wins, _, _ = mod.evaluate(np.zeros(mod.FEATURES), games=8, size=16, seed=123)
    assert zero_wins < wins
