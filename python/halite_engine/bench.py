"""Throughput benchmarks: ``python -m halite_engine.bench``.

* Halite I, 30x30, 2 players, random moves, observations written: env-steps a second on 1, 2
  and N threads (N: every core), and the share of the time spent outside the rules.
* Halite II, 240x160, 2 and 4 players, random commands: env-steps a second on 1 and N threads.
* The arena: games a minute between built-in bots on 30x30 (every core), and, with
  ``--stdio-bot CMD``, the arena's and engine's own CPU time next to the bots' when two
  subprocess bots play (games played one after another in this process).

An env-step is one turn of one game (all seats moving). The moves are drawn before the clock
starts (a pool of random batches used in turn), so the numbers are the engine's and the
binding's, not NumPy's random generator's.
"""

import argparse
import os
import resource
import tempfile
import time

import numpy as np

from . import default_threads, halite1, halite2


_cpu = {}


def _timed(step, seconds, warmup=5):
    """Calls ``step`` for ``seconds``; returns (calls, wall seconds) and keeps the process's CPU
    seconds (every thread's) in ``_cpu["last"]``."""
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
            _cpu["last"] = time.process_time() - cpu
            return n, elapsed


def bench_halite1(threads, num_envs=64, size=30, players=2, seconds=3.0, seed=1):
    env = halite1.VecEnv(num_envs, size, size, players, seed, num_threads=threads)
    env.reset()
    rng = np.random.default_rng(seed)
    pool = [rng.integers(0, 5, (num_envs, players, size, size), dtype=np.uint8) for _ in range(8)]
    k = [0]

    def step():
        env.step(pool[k[0] % len(pool)])
        k[0] += 1

    rules_before = env.rules_seconds
    n, elapsed = _timed(step, seconds)
    rules = env.rules_seconds - rules_before
    # Rules time is summed over threads; the share is of the threads' busy time.
    warm = 5 * num_envs
    per_step_rules = rules / (n * num_envs + warm)
    rate = n * num_envs / elapsed
    outside = 1.0 - per_step_rules * rate / threads
    return {"game": "halite1", "size": f"{size}x{size}", "players": players, "threads": threads,
            "num_envs": num_envs, "env_steps_per_s": rate, "share_outside_rules": outside,
            "env_steps_per_cpu_s": n * num_envs / _cpu["last"]}


def bench_halite2(threads, players, num_envs=64, seconds=3.0, seed=1, max_ships=64):
    env = halite2.VecEnv(num_envs, 240, 160, players, seed, num_threads=threads, max_ships=max_ships)
    obs, _ = env.reset()
    rng = np.random.default_rng(seed)
    shape = (num_envs, players, max_ships)
    # Mostly thrusts at moderate speed (games last longer than with wild random commands).
    pool = []
    for _ in range(8):
        pool.append({
            "kind": rng.choice(np.array([0, 1, 1, 1, 1, 2, 3], np.uint8), size=shape),
            "magnitude": rng.integers(0, 4, shape, dtype=np.uint8),
            "angle": rng.integers(0, 360, shape, dtype=np.uint16),
            "planet": rng.integers(0, 12, shape, dtype=np.int32),
        })
    k = [0]

    def step():
        env.step(pool[k[0] % len(pool)])
        k[0] += 1

    rules_before = env.rules_seconds
    n, elapsed = _timed(step, seconds)
    rules = env.rules_seconds - rules_before
    warm = 5 * num_envs
    rate = n * num_envs / elapsed
    outside = 1.0 - rules / (n * num_envs + warm) * rate / threads
    return {"game": "halite2", "size": "240x160", "players": players, "threads": threads,
            "num_envs": num_envs, "env_steps_per_s": rate, "share_outside_rules": outside,
            "env_steps_per_cpu_s": n * num_envs / _cpu["last"]}


def bench_arena_builtin(games=60, size="30x30", bots=("builtin:expander", "builtin:greedy")):
    from .arena import arena
    with tempfile.TemporaryDirectory() as out:
        start = time.perf_counter()
        r = arena("halite1", list(bots), games=games, size=size, seed=1, out=out)
        elapsed = time.perf_counter() - start
    return {"games": len(r["games"]), "size": size, "bots": list(bots), "seconds": elapsed,
            "games_per_minute": len(r["games"]) / elapsed * 60}


def bench_arena_stdio(command, games=4, size="30x30"):
    """CPU time of the bots (the arena's children, reaped when each game ends) against the
    arena's own (this process: the engine, the runner's threads, the results). The command runs
    through ``sh -c``; it is prefixed with ``exec`` so the bot itself is the child whose time
    the system reports."""
    from .arena import arena
    if not command.startswith("exec "):
        command = "exec " + command
    before_self = resource.getrusage(resource.RUSAGE_SELF)
    before_children = resource.getrusage(resource.RUSAGE_CHILDREN)
    with tempfile.TemporaryDirectory() as out:
        start = time.perf_counter()
        arena("halite1", [command, command], games=games, size=size, seed=1, out=out, workers=0)
        elapsed = time.perf_counter() - start
    after_self = resource.getrusage(resource.RUSAGE_SELF)
    after_children = resource.getrusage(resource.RUSAGE_CHILDREN)
    own = (after_self.ru_utime + after_self.ru_stime) - (before_self.ru_utime + before_self.ru_stime)
    bots = (after_children.ru_utime + after_children.ru_stime) - (
        before_children.ru_utime + before_children.ru_stime)
    return {"games": games, "size": size, "seconds": elapsed, "bots_cpu_s": bots, "arena_cpu_s": own,
            "arena_share_of_bots": own / bots if bots else float("nan")}


def _outside(r):
    # Per CPU-second: what the threads did while they had a core (on a busy machine the wall
    # rate understates it). With one thread the wall time is the thread's; with more, idle or
    # preempted threads would blur the share outside the rules, so it is given for one only.
    out = f"  ({r['env_steps_per_cpu_s']:,.0f} per CPU-second)"
    if r["threads"] == 1:
        out += f"   time outside the rules: {100 * r['share_outside_rules']:.0f}%"
    return out


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m halite_engine.bench", description=__doc__.split("\n\n")[0])
    p.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    p.add_argument("--stdio-bot", metavar="CMD", help="a stdio bot command for the arena measurement")
    p.add_argument("--skip-arena", action="store_true")
    a = p.parse_args(argv)
    cores = default_threads()
    counts = sorted({1, 2, cores})
    print(f"cores: {cores}")
    print("\nHalite I, 30x30, 2 players, random moves, observations written (64 envs a batch)")
    for t in counts:
        r = bench_halite1(t, seconds=a.seconds)
        print(f"  {t} thread{'s' if t > 1 else ' '}: {r['env_steps_per_s']:>10,.0f} env-steps/s" + _outside(r))
    for players in (2, 4):
        print(f"\nHalite II, 240x160, {players} players, random commands (64 envs a batch)")
        for t in sorted({1, cores}):
            r = bench_halite2(t, players, seconds=a.seconds)
            print(f"  {t} thread{'s' if t > 1 else ' '}: {r['env_steps_per_s']:>10,.0f} env-steps/s" + _outside(r))
    if not a.skip_arena:
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
