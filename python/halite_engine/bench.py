"""Throughput benchmarks: ``python -m halite_engine.bench``.

Each row is one loop over a batch of 64 envs, and prints the game, the map size, the players,
``max_ships`` (Halite II), the threads, the loop kind and env-steps a second (the median of
``--repeat`` runs of ``--seconds`` each). An env-step is one turn of one game (all seats
moving). Two loop kinds:

* ``engine alone``: the actions are drawn before the clock starts (a pool of random batches
  used in turn), so the figure is the engine's and the binding's;
* ``random helper``: every step draws its actions with the package's own helper
  (``VecEnv.random_moves(rng)`` in Halite I, ``VecEnv.random_commands(rng, obs)`` in Halite II),
  as a random-play loop written with the package does;
* ``step_random`` (Halite I): ``VecEnv.step_random(rng)``, the same moves as
  ``step(random_moves(rng))`` drawn by each env inside the step.

Games are made with ``record=False`` where the build has it (no replays kept).

``--baseline PATH`` runs every row with another installed build too (``PATH``: that build's
Python interpreter, or a folder holding its ``halite_engine`` package), the two builds in
alternation (one run of each, in turn, each in a fresh process), and prints both medians and
their ratio. This file's loops run against both builds, so the rows are the same code. To make
a baseline of an older commit::

    mkdir /tmp/old && git archive COMMIT python src benches Cargo.toml Cargo.lock | tar -x -C /tmp/old
    python -m venv /tmp/old-venv && /tmp/old-venv/bin/pip install /tmp/old/python
    python -m halite_engine.bench --baseline /tmp/old-venv/bin/python

Without ``--baseline``, the arena is measured too: games a minute between built-in bots on
30x30 (every core), and, with ``--stdio-bot CMD``, the arena's and engine's own CPU time next to
the bots' when two subprocess bots play (games played one after another in this process).
"""

import argparse
import importlib
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np

# Only what every build has: a baseline build runs this file too (see `compare`), and reaches a
# game through the module a row names.
from . import default_threads

NUM_ENVS = 64


def _timed(step, seconds, warmup=5):
    """Calls ``step`` for ``seconds``; returns (calls, wall seconds, CPU seconds of the process's
    threads)."""
    for _ in range(warmup):
        step()
    n = 0
    start = time.perf_counter()
    cpu = time.process_time()
    while True:
        step()
        n += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return n, elapsed, time.process_time() - cpu


def _batch(module, num_envs, width, height, players, seed, threads, kwargs, optional):
    """A batch of the game whose module is ``module``, with ``optional`` arguments left out for
    a build without them."""
    vec_env = importlib.import_module(module).VecEnv
    try:
        return vec_env(num_envs, width, height, players, seed, num_threads=threads, **kwargs, **optional)
    except TypeError:
        if not optional:
            raise
        return vec_env(num_envs, width, height, players, seed, num_threads=threads, **kwargs)


def _draw(rng, how, shape):
    """One array of the engine loop's actions: ``[name, "integers", low, high, dtype]`` or
    ``[name, "choice", values, dtype]``."""
    if how[1] == "integers":
        return rng.integers(how[2], how[3], shape, dtype=np.dtype(how[4]))
    return rng.choice(np.array(how[2], np.dtype(how[3])), size=shape)


def bench_row(game, module, threads, loop, size, players, kwargs, optional, actions, action_shape,
              random, num_envs=NUM_ENVS, seconds=3.0, seed=1):
    """Env-steps a second of ``game`` (its batch from ``module``) with random actions: drawn
    ahead as ``actions`` says (``loop="engine"``), by the batch's random helper every step
    (``loop="random"``; ``random`` is its name and whether it takes the last observation), or
    inside the step (``loop="step_random"``, None for a build without ``step_random``). The
    other arguments are a game's ``BENCH`` row (see :func:`rows`)."""
    width, height = size
    env = _batch(module, num_envs, width, height, players, seed, threads, kwargs, optional)
    obs, _ = env.reset()
    rng = np.random.default_rng(seed)
    if loop == "engine":
        dims = dict(kwargs, width=width, height=height)
        shape = (num_envs, players) + tuple(dims[d] for d in action_shape)
        pool = []
        for _ in range(8):
            drawn = {how[0]: _draw(rng, how, shape) for how in actions}
            pool.append(drawn[None] if None in drawn else drawn)
        k = [0]

        def step():
            env.step(pool[k[0] % len(pool)])
            k[0] += 1
    elif loop == "random":
        helper, with_obs = getattr(env, random[0]), random[1]
        if with_obs:
            last = [obs]

            def step():
                last[0] = env.step(helper(rng, last[0]))[0]
        else:
            def step():
                env.step(helper(rng))
    else:
        if not hasattr(env, "step_random"):
            return None  # A build without it.

        def step():
            env.step_random(rng)

    n, elapsed, cpu = _timed(step, seconds)
    return {"game": game, "size": f"{width}x{height}", "players": players,
            "max_ships": kwargs.get("max_ships"), "threads": threads, "num_envs": num_envs, "loop": loop,
            "env_steps_per_s": n * num_envs / elapsed, "env_steps_per_cpu_s": n * num_envs / cpu}


def rows(cores):
    """The benchmark rows: (name, game, keyword arguments of :func:`bench_row`), each game's from
    its ``BENCH`` (the table, :mod:`halite_engine.games`): per thread count (None: every core),
    per player count (named ``2p`` when there are several), per loop. The arguments are plain
    data, so a baseline build runs them with this file's loops."""
    from . import games
    out = []
    for g in games.ALL:
        b = g.bench
        threads = sorted({cores if t is None else t for t in b["threads"]})
        for t in threads:
            for players in b["players"]:
                for loop in b["loops"]:
                    seats = f"{players}p-" if len(b["players"]) > 1 else ""
                    spec = {k: b[k] for k in ("size", "kwargs", "optional", "actions", "action_shape", "random")}
                    out.append((f"{b['prefix']}-{seats}{loop}-{t}", g.id,
                                dict(spec, module=g.module.__name__, threads=t, players=players, loop=loop)))
    return out


def run_row(game, kwargs, seconds):
    return bench_row(game, seconds=seconds, **kwargs)


_LOOPS = {"engine": "engine alone", "random": "random helper", "step_random": "step_random"}


def describe(r):
    ships = "" if r["max_ships"] is None else f"max_ships {r['max_ships']}"
    return (f"{r['game']:<8} {r['size']:>7} {r['players']}p {ships:<13} {r['threads']} thread"
            f"{'s' if r['threads'] > 1 else ' '}  {_LOOPS[r['loop']]:<13}")


def _arena_game():
    """The default game (the table's first) and its ``BENCH["arena"]``: the arena's rows play it."""
    from . import games
    return games.DEFAULT.id, games.DEFAULT.bench["arena"]


def bench_arena_builtin(games=60, size=None, bots=None):
    """Games a minute between built-in bots, every core: by default the default game's
    ``BENCH["arena"]`` bots and size."""
    from .arena import arena
    game, spec = _arena_game()
    size = size or spec["size"]
    bots = bots or spec["bots"]
    with tempfile.TemporaryDirectory() as out:
        start = time.perf_counter()
        r = arena(game, list(bots), games=games, size=size, seed=1, out=out)
        elapsed = time.perf_counter() - start
    return {"games": len(r["games"]), "size": size, "bots": list(bots), "seconds": elapsed,
            "games_per_minute": len(r["games"]) / elapsed * 60}


def bench_arena_stdio(command, games=4, size=None):
    """CPU time of the bots (the arena's children, reaped when each game ends) against the
    arena's own (this process: the engine, the runner's threads, the results). The command runs
    through ``sh -c``; it is prefixed with ``exec`` so the bot itself is the child whose time
    the system reports."""
    from .arena import arena
    game, spec = _arena_game()
    size = size or spec["size"]
    if not command.startswith("exec "):
        command = "exec " + command
    before_self = resource.getrusage(resource.RUSAGE_SELF)
    before_children = resource.getrusage(resource.RUSAGE_CHILDREN)
    with tempfile.TemporaryDirectory() as out:
        start = time.perf_counter()
        arena(game, [command, command], games=games, size=size, seed=1, out=out, workers=0)
        elapsed = time.perf_counter() - start
    after_self = resource.getrusage(resource.RUSAGE_SELF)
    after_children = resource.getrusage(resource.RUSAGE_CHILDREN)
    own = (after_self.ru_utime + after_self.ru_stime) - (before_self.ru_utime + before_self.ru_stime)
    bots = (after_children.ru_utime + after_children.ru_stime) - (
        before_children.ru_utime + before_children.ru_stime)
    return {"games": games, "size": size, "seconds": elapsed, "bots_cpu_s": bots, "arena_cpu_s": own,
            "arena_share_of_bots": own / bots if bots else float("nan")}


# A child process runs this very file against the build its interpreter imports (loaded as a
# module of that build's package, so its relative imports reach that build).
_CHILD = """
import importlib.util, json, sys
import halite_engine
spec = importlib.util.spec_from_file_location("halite_engine._bench_side", sys.argv[1])
m = importlib.util.module_from_spec(spec)
sys.modules[spec.name] = m
spec.loader.exec_module(m)
print(json.dumps(m.run_row(sys.argv[2], json.loads(sys.argv[3]), float(sys.argv[4]))))
"""


def _interpreter(path):
    """(interpreter, environment) running the build at ``path``: an interpreter, or a folder
    holding a ``halite_engine`` package (put first on ``PYTHONPATH``)."""
    env = dict(os.environ)
    if os.path.isdir(path):
        if not os.path.isdir(os.path.join(path, "halite_engine")):
            raise SystemExit(f"--baseline {path}: no halite_engine package in this folder")
        env["PYTHONPATH"] = path + os.pathsep + env.get("PYTHONPATH", "")
        return sys.executable, env
    if not (os.path.isfile(path) and os.access(path, os.X_OK)):
        raise SystemExit(f"--baseline {path}: neither a Python interpreter nor a folder")
    return path, env


def _child(interpreter, env, game, kwargs, seconds):
    # The child imports the package from its own path, not from this folder.
    r = subprocess.run([interpreter, "-c", _CHILD, os.path.abspath(__file__), game, json.dumps(kwargs),
                        str(seconds)], env=env, capture_output=True, text=True, cwd=tempfile.gettempdir())
    if r.returncode != 0:
        raise SystemExit(f"the benchmark failed in {interpreter}:\n{r.stderr.strip()}")
    return json.loads(r.stdout.strip().splitlines()[-1])


def compare(baseline, seconds, repeat, only=None, out=sys.stdout):
    """Every row with the baseline build and this one in alternation; prints and returns
    ``[(row, baseline median, this build's median)]``."""
    base = _interpreter(baseline)
    this = (sys.executable, dict(os.environ))
    cores = default_threads()
    results = []
    print(f"cores: {cores}; {repeat} runs of {seconds:g} s per build and row, in alternation; "
          f"baseline: {baseline}", file=out)
    print("env-steps a second (wall clock) and, after the slash, per CPU-second of the process "
          "(steadier on a busy machine)", file=out)
    print(f"{'row':<62} {'baseline':>17} {'this build':>17} {'ratio':>12}", file=out)
    for name, game, kwargs in rows(cores):
        if only and not any(o in name for o in only):
            continue
        a, b = [], []
        r = None
        for _ in range(repeat):
            a.append(_child(*base, game, kwargs, seconds))
            r = _child(*this, game, kwargs, seconds)
            b.append(r)
        if r is None:  # This build lacks the loop.
            continue
        mb, cb = (statistics.median(x[k] for x in b) for k in ("env_steps_per_s", "env_steps_per_cpu_s"))
        if None in a:  # The baseline lacks it: this build's figures alone.
            results.append((r, None, mb, None, cb))
            print(f"{describe(r):<62} {'-':>17} {mb:>8,.0f}/{cb:<8,.0f}", file=out, flush=True)
            continue
        ma, ca = (statistics.median(x[k] for x in a) for k in ("env_steps_per_s", "env_steps_per_cpu_s"))
        results.append((r, ma, mb, ca, cb))
        print(f"{describe(r):<62} {ma:>8,.0f}/{ca:<8,.0f} {mb:>8,.0f}/{cb:<8,.0f} {mb / ma:>5.2f}/{cb / ca:<5.2f}x",
              file=out, flush=True)
    return results


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m halite_engine.bench", description=__doc__.split("\n\n")[0])
    p.add_argument("--seconds", type=float, default=2.0, help="time per run of a row")
    p.add_argument("--repeat", type=int, default=3, help="runs per row (the median is printed)")
    p.add_argument("--baseline", metavar="PATH",
                   help="another build (its Python interpreter, or a folder holding its halite_engine) "
                        "to run side by side; prints both and the ratio")
    p.add_argument("--only", action="append", metavar="TEXT", help="only the rows whose name holds TEXT "
                   "(h1, h2, engine, random, ...); repeatable")
    p.add_argument("--stdio-bot", metavar="CMD", help="a stdio bot command for the arena measurement")
    p.add_argument("--skip-arena", action="store_true")
    a = p.parse_args(argv)
    if a.seconds <= 0 or a.repeat < 1:
        p.error("--seconds must be positive and --repeat at least 1")
    if a.baseline:
        compare(a.baseline, a.seconds, a.repeat, a.only)
        return
    cores = default_threads()
    print(f"cores: {cores}; median of {a.repeat} runs of {a.seconds:g} s, {NUM_ENVS} envs a batch")
    for name, game, kwargs in rows(cores):
        if a.only and not any(o in name for o in a.only):
            continue
        runs = [run_row(game, kwargs, a.seconds) for _ in range(a.repeat)]
        r = runs[0]
        if r is None:
            continue
        rate = statistics.median(x["env_steps_per_s"] for x in runs)
        cpu = statistics.median(x["env_steps_per_cpu_s"] for x in runs)
        print(f"  {describe(r)} {rate:>10,.0f} env-steps/s  ({cpu:,.0f} per CPU-second)", flush=True)
    if not a.skip_arena and not a.only:
        r = bench_arena_builtin()
        print(f"\nArena, built-in bots ({' vs '.join(r['bots'])}), {r['size']}, every core: "
              f"{r['games_per_minute']:,.0f} games/minute ({r['games']} games in {r['seconds']:.1f} s)")
        if a.stdio_bot:
            r = bench_arena_stdio(a.stdio_bot)
            print(f"Arena, two stdio bots ({a.stdio_bot}), {r['size']}, {r['games']} games in this process: "
                  f"bots {r['bots_cpu_s']:.2f} s CPU, arena and engine {r['arena_cpu_s']:.2f} s CPU "
                  f"({100 * r['arena_share_of_bots']:.1f}% of the bots')")


if __name__ == "__main__":
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    main()
