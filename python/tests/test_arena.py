"""The arena: results, ratings, SPRT, stdio bots, and the same results on local processes and
on a two-node Ray cluster running on this machine (every address on the loopback)."""

import json
import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from halite_engine import verify_replay
from halite_engine.arena import Sprt, arena, main

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
BOTS = REPO / "tests" / "fixtures" / "halite1" / "bots"


def read(out):
    return (Path(out) / "results.json").read_bytes()


def test_ray_without_a_cluster_is_a_usage_error_and_leaves_no_folder(tmp_path):
    # A subprocess with no RAY_ADDRESS and an empty Ray folder of its own, so no other Ray on the
    # machine (nor the module's own cluster below) is found by `auto`.
    out = tmp_path / "out"
    (tmp_path / "raytmp").mkdir()
    env = {k: v for k, v in os.environ.items() if k != "RAY_ADDRESS"}
    env.update(RAY_TMPDIR=str(tmp_path / "raytmp"), RAY_USAGE_STATS_ENABLED="0",
               PYTHONPATH=os.pathsep.join(sys.path))
    r = subprocess.run([sys.executable, "-m", "halite_engine.arena", "--bots", "builtin:greedy",
                        "builtin:expander", "--games", "2", "--ray", "auto", "--out", str(out)],
                       capture_output=True, text=True, env=env, cwd=str(tmp_path), timeout=300)
    assert r.returncode == 2, r.stderr
    assert "no Ray cluster answers at 'auto'" in r.stderr and "ray start --head" in r.stderr
    assert "Traceback" not in r.stderr
    assert not out.exists()


def test_results_of_builtin_bots(tmp_path):
    r = arena("halite1", ["builtin:expander", "builtin:greedy", "python:arena_bots:still"], games=6,
              size="20x20", seed=40, out=str(tmp_path), workers=2)
    doc = json.loads(read(tmp_path))
    assert [g["seed"] for g in doc["games"]] == list(range(40, 46))
    assert [g["seats"] for g in doc["games"]][:4] == [[0, 1, 2], [1, 2, 0], [2, 0, 1], [0, 1, 2]]
    for g in doc["games"]:
        assert sorted(g["ranks"]) == [1, 2, 3] and g["command"] is None
        data = (tmp_path / g["replay"]).read_bytes()
        assert verify_replay(data) is None
        names = json.loads(data)["player_names"]
        assert names == [["builtin:expander", "builtin:greedy", "python:arena_bots:still"][b] for b in g["seats"]]
    bots = {b["name"]: b for b in doc["bots"]}
    assert sum(b["wins"] for b in bots.values()) == 6
    assert bots["python:arena_bots:still"]["mean_rank"] == 3
    assert bots["builtin:expander"]["mu"] > bots["python:arena_bots:still"]["mu"]
    assert all(b["games"] == 6 for b in bots.values())
    ci = doc["score_ci95"]
    assert ci["games"] == 6 and ci["low"] <= ci["diff"] <= ci["high"]
    assert doc["trueskill"] == {"mu": 25.0, "sigma": 25.0 / 3, "beta": 25.0 / 6, "tau": 0.0,
                                "draw_probability": 0.0}
    assert r["bots"] == doc["bots"]


# The arena page opens a run's folder (www/src/arena/opened.ts): the fields it reads, and the
# replay names it accepts (bare file names beside results.json).
PAGE_GAME_FIELDS = {"index", "seed", "width", "height", "seats", "ranks", "replay", "command", "frames", "ejected"}
PAGE_BOT_FIELDS = {"name", "games", "wins", "mean_rank", "mu", "sigma"}
PAGE_REPLAY_NAME = r"^[A-Za-z0-9_-][A-Za-z0-9._-]{0,159}$"


@pytest.mark.parametrize("run,args", [
    ("halite1-15x15", dict(game="halite1", bots=["builtin:expander", "builtin:greedy"], games=6,
                           size="15x15", seed=1, sprt=(0, 50))),
    ("halite2-120x80", dict(game="halite2", bots=["builtin:settler", "builtin:aggressive"], games=2,
                            size="120x80", seed=1)),
])
def test_the_page_fixtures_are_this_arena_output_and_have_the_fields_the_page_reads(tmp_path, run, args):
    import re
    arena(out=str(tmp_path), workers=2, **args)
    fixture = REPO / "tests" / "fixtures" / "arena" / run
    # The page's fixtures are this arena's output, byte for byte (regenerate them if this fails:
    # tests/fixtures/arena/README.md has the commands).
    assert sorted(p.name for p in fixture.iterdir()) == sorted(p.name for p in tmp_path.iterdir())
    for p in fixture.iterdir():
        assert (tmp_path / p.name).read_bytes() == p.read_bytes(), p.name
    doc = json.loads(read(tmp_path))
    assert 2 <= len(doc["bots"]) <= 6
    for b in doc["bots"]:
        assert PAGE_BOT_FIELDS <= set(b) and isinstance(b["name"], str)
    for k, g in enumerate(doc["games"]):
        assert PAGE_GAME_FIELDS <= set(g) and g["index"] == k
        assert len(g["seats"]) == len(g["ranks"]) == len(g["ejected"]) == len(doc["bots"])
        assert re.match(PAGE_REPLAY_NAME, g["replay"]) and (tmp_path / g["replay"]).is_file()
        assert isinstance(g["frames"], int) and g["frames"] > 0
    assert {"games", "score", "diff", "low", "high", "elo", "elo_low", "elo_high"} <= set(doc["score_ci95"])
    if doc["sprt"] is not None:
        assert {"llr", "lower", "upper", "result", "wins", "losses", "draws", "elo0", "elo1", "alpha", "beta",
                "stopped_after"} <= set(doc["sprt"])
    assert "tau" in doc["trueskill"]


def test_trueskill_matches_the_library_applied_in_game_order(tmp_path):
    import trueskill
    arena("halite1", ["builtin:expander", "builtin:greedy"], games=8, size="16x16", seed=3, out=str(tmp_path))
    doc = json.loads(read(tmp_path))
    env = trueskill.TrueSkill(mu=25, sigma=25 / 3, beta=25 / 6, tau=0, draw_probability=0)
    ratings = [env.create_rating(), env.create_rating()]
    for g in doc["games"]:
        groups = env.rate([(ratings[b],) for b in g["seats"]], ranks=g["ranks"])
        for b, (rating,) in zip(g["seats"], groups):
            ratings[b] = rating
    assert [(b["mu"], b["sigma"]) for b in doc["bots"]] == [(r.mu, r.sigma) for r in ratings]


def test_sprt_stops_early_on_a_clearly_stronger_bot(tmp_path):
    r = arena("halite1", ["builtin:expander", "python:arena_bots:still"], games=200, size="16x16", seed=1,
              out=str(tmp_path), sprt=(0, 200), workers=2)
    s = r["sprt"]
    assert s["result"] == "H1"
    assert len(r["games"]) == s["stopped_after"] < 20
    assert s["llr"] > s["upper"]
    # Nothing beyond the deciding game is kept.
    assert len(list(tmp_path.glob("game-*.hlt"))) == len(r["games"])


def test_sprt_accepts_h0_for_equal_bots():
    t = Sprt(0, 50, 0.05, 0.05)
    for k in range(2000):
        t.add(k % 2)
        if t.status()["result"]:
            break
    assert t.status()["result"] == "H0"


def test_stdio_bots_and_their_halite_run_line(tmp_path, halite):
    bots = [f"python3 {shlex.quote(str(BOTS / 'greedy.py'))} 1 0.5",
            f"python3 {shlex.quote(str(BOTS / 'greedy.py'))} 2 2"]
    r = arena("halite1", bots, games=2, size="15x15", seed=5, out=str(tmp_path / "a"), workers=2)
    g = r["games"][1]
    assert g["seats"] == [1, 0] and g["command"].startswith("halite run -d '15 15' -s 6 ")
    replay = (tmp_path / "a" / g["replay"]).read_bytes()
    assert verify_replay(replay) is None
    # The recorded line plays the same game again.
    argv = shlex.split(g["command"])
    again = tmp_path / "again.hlt"
    subprocess.run([halite, *argv[1:], "--replay", str(again), "-q"], check=True, capture_output=True)
    assert again.read_bytes() == replay


def test_gzip_writes_the_same_replays_compressed(tmp_path):
    import gzip
    bots = ["builtin:expander", "builtin:greedy"]
    plain = arena("halite1", bots, games=2, size="15x15", seed=3, out=str(tmp_path / "plain"), workers=0)
    main(["--bots", *bots, "--games", "2", "--size", "15x15", "--seed", "3", "--workers", "0", "--gzip",
          "--out", str(tmp_path / "gz")])
    packed = json.loads(read(tmp_path / "gz"))
    assert [g["replay"] for g in packed["games"]] == ["game-00000.hlt.gz", "game-00001.hlt.gz"]
    for a, b in zip(plain["games"], packed["games"]):
        data = (tmp_path / "gz" / b["replay"]).read_bytes()
        raw = (tmp_path / "plain" / a["replay"]).read_bytes()
        assert gzip.decompress(data) == raw and len(data) * 5 < len(raw)
        assert verify_replay(data) is None
        assert {**a, "replay": None} == {**b, "replay": None}
    assert plain["bots"] == packed["bots"]
    # Halite II's replays are zstd already.
    with pytest.raises(ValueError, match="compressed already"):
        arena("halite2", ["builtin:settler"] * 2, games=1, size="120x80", out=str(tmp_path / "h2"), gzip=True)
    assert not (tmp_path / "h2").exists()


def test_a_lost_local_worker_loses_only_its_game(tmp_path, monkeypatch):
    bots = ["builtin:greedy", "python:arena_bots:crash_once"]
    arena("halite1", bots, games=4, size="16x16", seed=11, out=str(tmp_path / "ref"), workers=2)
    monkeypatch.setenv("HALITE_TEST_CRASH_MARKER", str(tmp_path / "marker"))
    arena("halite1", bots, games=4, size="16x16", seed=11, out=str(tmp_path / "crash"), workers=2)
    assert (tmp_path / "marker").exists()
    assert read(tmp_path / "ref") == read(tmp_path / "crash")


def test_command_line(tmp_path):
    out = subprocess.run([sys.executable, "-m", "halite_engine.arena", "--game", "halite2", "--bots",
                          "builtin:settler", "builtin:aggressive", "--games", "2", "--size", "120x80",
                          "--seed", "3", "--out", str(tmp_path)], capture_output=True, text=True, check=True,
                         cwd=str(tmp_path))
    assert "builtin:settler" in out.stdout
    doc = json.loads(read(tmp_path))
    assert len(doc["games"]) == 2
    for g in doc["games"]:
        assert verify_replay((tmp_path / g["replay"]).read_bytes()) is None
    bad = subprocess.run([sys.executable, "-m", "halite_engine.arena", "--bots", "builtin:nobody", "builtin:greedy",
                          "--out", str(tmp_path)], capture_output=True, text=True, cwd=str(tmp_path))
    assert bad.returncode == 2 and "no built-in halite1 bot 'nobody'" in bad.stderr


def test_bad_arguments(tmp_path):
    with pytest.raises(ValueError):
        arena("halite1", ["builtin:greedy"], out=str(tmp_path))
    with pytest.raises(ValueError):
        arena("halite2", ["builtin:settler"] * 3, out=str(tmp_path))
    with pytest.raises(ValueError):
        arena("halite1", ["builtin:greedy", "python3 bot.py"], out=str(tmp_path))
    with pytest.raises(ValueError):
        arena("halite1", ["builtin:greedy"] * 3, sprt=(0, 10), out=str(tmp_path))
    with pytest.raises(ValueError):
        arena("halite1", ["builtin:greedy"] * 2, size="big", out=str(tmp_path))
    with pytest.raises(ValueError):
        arena("halite1", ["builtin:greedy"] * 2, seed=0, out=str(tmp_path))
    with pytest.raises(ImportError):
        arena("halite1", ["python:no_such_module:f", "builtin:greedy"], out=str(tmp_path))


@pytest.fixture(scope="module")
def ray_cluster(tmp_path_factory):
    # No usage reports, and every node, the driver included, on the loopback address (Ray
    # otherwise takes the machine's outward address on Linux).
    os.environ["RAY_USAGE_STATS_ENABLED"] = "0"
    os.environ["RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"] = "0"
    import ray
    from ray.cluster_utils import Cluster
    # Ray puts the driver's folder first on its workers' sys.path: run from python/, that would be
    # the uncompiled source tree, so the driver runs from a folder of its own.
    cwd = os.getcwd()
    os.chdir(tmp_path_factory.mktemp("ray-driver"))
    cluster = Cluster(initialize_head=True, head_node_args={
        "num_cpus": 1, "node_ip_address": "127.0.0.1", "include_dashboard": False})
    cluster.add_node(num_cpus=1, node_ip_address="127.0.0.1")
    cluster.wait_for_nodes()
    ray.init(address=cluster.address, log_to_driver=False)
    nodes = [n for n in ray.nodes() if n["Alive"]]
    assert len(nodes) == 2 and all(n["NodeManagerAddress"] == "127.0.0.1" for n in nodes)
    yield cluster
    ray.shutdown()
    cluster.shutdown()
    os.chdir(cwd)


def test_local_and_ray_give_identical_results(tmp_path, ray_cluster, monkeypatch):
    bots = ["builtin:expander", "builtin:greedy"]
    kw = dict(games=12, size="20x20", seed=100, sprt=(0, 100))
    local = arena("halite1", bots, out=str(tmp_path / "local"), workers=2, **kw)
    remote = arena("halite1", bots, out=str(tmp_path / "ray"), ray=ray_cluster.address, **kw)
    # The run says what it ran on: both nodes of the cluster.
    assert remote["ray_cluster"] == {"nodes": 2, "cpus": 2}
    assert "ray_cluster" not in local
    assert read(tmp_path / "local") == read(tmp_path / "ray")
    for g in local["games"]:
        assert (tmp_path / "local" / g["replay"]).read_bytes() == (tmp_path / "ray" / g["replay"]).read_bytes()
    assert remote["games"] == local["games"]
    # Halite II, four seats.
    bots2 = ["builtin:settler", "builtin:aggressive", "builtin:settler", "builtin:aggressive"]
    kw2 = dict(games=4, size="120x120", seed=7)
    arena("halite2", bots2, out=str(tmp_path / "l2"), workers=2, **kw2)
    arena("halite2", bots2, out=str(tmp_path / "r2"), ray=ray_cluster.address, **kw2)
    assert read(tmp_path / "l2") == read(tmp_path / "r2")


def test_a_lost_ray_worker_loses_only_its_game(tmp_path, ray_cluster, monkeypatch):
    bots = ["builtin:greedy", "python:arena_bots:crash_once"]
    arena("halite1", bots, games=4, size="16x16", seed=11, out=str(tmp_path / "ref"), workers=2)
    monkeypatch.setenv("HALITE_TEST_CRASH_MARKER", str(tmp_path / "marker"))
    arena("halite1", bots, games=4, size="16x16", seed=11, out=str(tmp_path / "ray"), ray=ray_cluster.address,
          runtime_env={"env_vars": {"HALITE_TEST_CRASH_MARKER": str(tmp_path / "marker")}})
    assert (tmp_path / "marker").exists()
    assert read(tmp_path / "ref") == read(tmp_path / "ray")


def test_the_score_interval_is_wilsons_within_range_and_never_zero_width():
    from halite_engine.arena import _score_ci95
    for wins, n in [(6, 6), (0, 6), (17, 20), (20, 20), (1, 1), (3, 5), (500, 1000)]:
        ci = _score_ci95([1] * wins + [0] * (n - wins))
        assert -1 <= ci["low"] <= ci["diff"] <= ci["high"] <= 1, (wins, n, ci)
        assert ci["high"] - ci["low"] > 0, (wins, n, ci)
        assert ci["elo_low"] <= ci["elo"] <= ci["elo_high"]
    ci = _score_ci95([1] * 17 + [0] * 3)
    assert abs((ci["low"] + 1) / 2 - 0.6396) < 1e-3 and abs((ci["high"] + 1) / 2 - 0.9476) < 1e-3
