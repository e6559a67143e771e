"""Actions out of range are refused with a message naming the value, before any game moves."""

import numpy as np
import pytest

from halite_engine import halite1, halite2


def test_halite1_refuses_a_direction_above_4():
    env = halite1.VecEnv(3, 10, 10, 2, 1, record=False)
    env.reset()
    moves = np.zeros((3, 2, 10, 10), np.uint8)
    moves[2, 1, 9, 9] = 7
    with pytest.raises(ValueError, match="move 7"):
        env._env.step(moves)
    assert (env._env.step(np.zeros_like(moves))[-1] == 1).all()


@pytest.mark.parametrize("field,value,kind,message", [
    ("kind", 4, 4, "command kind 4"),
    ("magnitude", 9, 1, "thrust magnitude 9"),
    ("planet", -3, 2, "dock target -3"),
])
def test_halite2_refuses_commands_out_of_range(field, value, kind, message):
    env = halite2.VecEnv(2, 240, 160, 2, 1, max_ships=8)
    env.reset()
    arrays = {"kind": np.zeros((2, 2, 8), np.uint8), "magnitude": np.zeros((2, 2, 8), np.uint8),
              "angle": np.zeros((2, 2, 8), np.uint16), "planet": np.zeros((2, 2, 8), np.int32)}
    arrays["kind"][1, 1, 5] = kind
    arrays[field][1, 1, 5] = value
    with pytest.raises(ValueError, match=message):
        env._env.step(arrays["kind"], arrays["magnitude"], arrays["angle"], arrays["planet"])
    # The same value where it is not read passes: a magnitude without a thrust, a planet without a dock.
    if field != "kind":
        arrays["kind"][1, 1, 5] = 0
        env._env.step(arrays["kind"], arrays["magnitude"], arrays["angle"], arrays["planet"])
