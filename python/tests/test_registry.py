"""The package reaches the games through the engine's registry: the ids it lists, a replay of
any game verified as ``halite verify`` verifies it, and a subprocess match set up as
``halite run`` sets it up."""

import pathlib
import sys

import pytest

from halite_engine import _core, run_stdio_game, verify_replay

FIXTURES = pathlib.Path(__file__).resolve().parents[2] / "tests" / "fixtures"


def test_the_registry_lists_both_games_the_default_first():
    assert list(_core.GAMES) == ["halite1", "halite2"]


def test_a_replay_of_either_game_is_recognised_and_verified():
    h1 = (FIXTURES / "halite1" / "s101-20x20-greedy-chaos.hlt.gz").read_bytes()
    h2 = (FIXTURES / "halite2" / "g02_2p_240x160_rusher_vs_settler.hlt").read_bytes()
    assert verify_replay(h1) is None
    assert verify_replay(h2) is None
    problem = verify_replay(b"\x00 not a replay")
    assert problem.startswith("unreadable: byte 0:"), problem


def test_an_unknown_game_names_the_known_ones():
    with pytest.raises(ValueError, match=r'game "chess": one of \["halite1", "halite2"\]'):
        run_stdio_game("chess", ["true"], 20, 20, 1)


def test_a_setting_a_game_does_not_have_is_refused_by_the_game():
    bot = f"{sys.executable} -c pass"
    with pytest.raises(ValueError, match="Halite II has no fog of war"):
        run_stdio_game("halite2", [bot, bot], 240, 160, 1, fog=3)
    with pytest.raises(ValueError, match="turn limit comes from the map's size"):
        run_stdio_game("halite2", [bot, bot], 240, 160, 1, max_turns=10)
