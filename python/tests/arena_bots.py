"""Python bots for the arena tests: functions of one seat's observation."""

import os

import numpy as np


def still(obs):
    """Never moves."""
    return np.zeros(obs["owner"].shape, np.uint8)


def crash_once(obs):
    """Never moves; the first time it is asked (per marker file) it kills its own process
    mid-game, as a lost worker would."""
    marker = os.environ.get("HALITE_TEST_CRASH_MARKER")
    if marker and obs["turn"] == 5 and not os.path.exists(marker):
        with open(marker, "w") as f:
            f.write("crashed")
        os._exit(13)
    return still(obs)
