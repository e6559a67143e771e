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


def test_the_table_follows_the_registry_and_makes_every_games_entry_points():
    import gymnasium as gym

    from halite_engine import arena, games, gym as single, pettingzoo, units, vector
    assert games.IDS == tuple(_core.GAMES) and games.DEFAULT.id == _core.GAMES[0]
    assert arena.GAMES == games.IDS
    for g in games.ALL:
        assert g.module.__name__ == f"halite_engine.{g.id}"
        assert g.bots == tuple(getattr(_core, g.id).BOTS) and g.opponent in g.bots
        assert g.VecEnv.__module__ == g.module.__name__ and hasattr(g.Adapter, "over")
        assert g.env_name in single.__all__ and g.vector_name in vector.__all__
        assert g.parallel_name in pettingzoo.__all__
        for gym_id, _ in g.gym_ids:
            spec = gym.spec(gym_id)
            assert spec.entry_point == f"halite_engine.gym:{g.env_name}"
            assert spec.vector_entry_point == f"halite_engine.vector:{g.vector_name}"
        assert g.unit_name in units.__all__ and hasattr(g.Units, "begin")
        for (gym_id, kw), (unit_id, unit_kw) in zip(g.gym_ids, g.unit_ids):
            assert unit_id == gym_id.replace("-v0", "Unit-v0") and unit_kw == kw
            assert gym.spec(unit_id).entry_point == f"halite_engine.units:{g.unit_name}"
    assert [i for g in games.ALL for i, _ in g.gym_ids] == [
        "halite_engine/Halite1-v0", "halite_engine/Blitz-v0", "halite_engine/Halite2-v0"]
    assert games.get("halite2").seats_text == "2 or 4" and games.get("halite1").seats_text == "2 to 6"
    with pytest.raises(ValueError, match="game 'chess': one of halite1, halite2"):
        games.get("chess")


def test_the_table_and_the_registry_disagreeing_is_an_error_naming_the_game():
    from halite_engine import games
    with pytest.raises(RuntimeError, match=r"lists chess, which halite_engine/games.py has no entry for"):
        games.build(list(_core.GAMES) + ["chess"])
    with pytest.raises(RuntimeError, match=r"has an entry for halite2, which the engine's registry"):
        games.build(["halite1"])
    assert [g.id for g in games.build(reversed(_core.GAMES))] == list(reversed(_core.GAMES))
