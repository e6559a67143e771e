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
