"""Many games between bots, with ratings and a sequential test, on local cores or a Ray cluster.

``python -m halite_engine.arena --game halite1 --bots BOT BOT ... --games N --size WxH --seed S
--out DIR [--ray ADDRESS|auto] [--sprt ELO0 ELO1 [--alpha A --beta B]]``, or the function
:func:`arena` with the same arguments.

A BOT is

* ``builtin:<name>``: a built-in bot (the Rust policies of ``halite_engine.halite1.BOTS`` and
  ``halite_engine.halite2.BOTS``, move for move the page's);
* ``python:<module>:<function>``: a Python function of one seat's observation (the dict
  :mod:`halite_engine.pettingzoo` gives an agent, plus ``turn``) returning its action (Halite
  I: directions ``[H, W]``; Halite II: a dict of per-slot command arrays). An exception in it
  stops the arena with that error;
* anything else: a command run through ``sh -c`` speaking the original stdio protocol, as
  ``halite run`` takes it (the engine's own runner plays it, with the original time limits).

Games seat every bot once; in game ``k`` seat ``j`` is bot ``(j + k) mod B`` (seats rotate) and
the map seed is ``S + k``. Games of stdio bots cannot mix with built-in or Python bots.

Results: every replay in ``DIR`` (``game-00000.hlt`` ..., or ``game-00000.hlt.gz`` with ``--gzip``:
Halite I's replays gzipped by the workers, about a tenth of the size) and ``DIR/results.json``: ``games``
(seed, width, height, seats, ranks, replay, command), ``bots`` (name, games, wins, mean_rank,
mu, sigma: TrueSkill with mu 25, sigma 25/3, beta 25/6, tau 0 unless set, no draws, applied in
game order), ``score_ci95`` (the first two bots' score difference, each game scoring 1 for the
bot ranked above the other: mean and Wilson's 95% interval, which stays within the score's range
and is never zero width, and the same as an Elo difference) and
``sprt`` when asked.

``--sprt ELO0 ELO1`` (two bots only) judges the games in game order and stops at the first
game after which the sequential probability ratio test decides, with cutechess-cli's bounds
``log(beta / (1 - alpha))`` and ``log((1 - beta) / alpha)``. Halite games have no draws, so the
likelihood is cutechess-cli's trinomial one with the draw rate at zero: logistic Elo, ``p(win)
= 1 / (1 + 10 ** (-elo / 400))``. Games finished beyond the deciding one are dropped, so a local
run and a Ray run give the same results for the same arguments.

Locally the games run in processes on every core (``--workers`` to change), started fresh
(multiprocessing's "spawn"): a script that calls :func:`arena` keeps that call under ``if
__name__ == "__main__":``, as multiprocessing asks. With ``--ray
ADDRESS`` (or ``auto``) each game is a Ray task; results stream back as they finish, and a
game whose worker or node is lost is run again (``--retries`` times).
"""

import argparse
from gzip import compress as gzip_compress
import importlib
import importlib.util
import json
import math
import multiprocessing
import os
import shlex
import sys
import time
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool

import numpy as np

from . import games as _games

__all__ = ["arena", "main", "parse_bot", "play_game", "Sprt"]

# The games an arena plays, the default first: the table's (halite_engine.games).
GAMES = _games.IDS


# ---------------------------------------------------------------------------------------------
# Bots


def parse_bot(spec, game):
    """A BOT argument as a dict: ``{"kind": "builtin"|"python"|"stdio", ...}``."""
    if not isinstance(spec, str) or not spec.strip():
        raise ValueError(f"bot {spec!r}: a non-empty string")
    if spec.startswith("builtin:"):
        name = spec[len("builtin:"):]
        known = _games.get(game).bots
        if name not in known:
            raise ValueError(f"no built-in {game} bot {name!r} (there are: {', '.join(known) or 'none'})")
        return {"kind": "builtin", "name": name, "spec": spec}
    if spec.startswith("python:"):
        parts = spec.split(":")
        if len(parts) != 3 or not parts[1] or not parts[2]:
            raise ValueError(f"bot {spec!r}: python:<module>:<function>")
        module, function = parts[1], parts[2]
        fn = _load_function(module, function, None)  # fails early, with the import error
        path = getattr(sys.modules.get(module), "__file__", None)
        del fn
        return {"kind": "python", "module": module, "function": function, "path": path, "spec": spec}
    return {"kind": "stdio", "command": spec, "spec": spec}


def _load_function(module, function, path):
    try:
        mod = importlib.import_module(module)
    except ImportError:
        if not path:
            raise
        spec = importlib.util.spec_from_file_location(module, path)
        mod = importlib.util.module_from_spec(spec)
        sys.modules[module] = mod
        spec.loader.exec_module(mod)
    fn = getattr(mod, function, None)
    if not callable(fn):
        raise ValueError(f"{module}.{function} is not a function")
    return fn


# ---------------------------------------------------------------------------------------------
# One game (runs in a worker process or a Ray task)


def halite_run_command(game, width, height, seed, commands, fog=None):
    """The ``halite run`` line that plays (and so replays) a game of stdio bots."""
    parts = ["halite"]
    if game != _games.DEFAULT.id:
        parts += ["--game", game]
    parts += ["run", "-d", f"{width} {height}", "-s", str(seed)]
    if fog is not None:
        parts += ["--fog", str(fog)]
    return " ".join(shlex.quote(p) for p in parts + list(commands))


def play_game(task):
    """Plays game ``task["index"]``: returns its ranks by seat and its replay bytes (gzipped
    when ``task["gzip"]``)."""
    r = _play(task)
    if task.get("gzip"):
        r["replay"] = gzip_compress(r["replay"], compresslevel=6, mtime=0)
    return r


def _play(task):
    game, seats, bots = task["game"], task["seats"], task["bots"]
    width, height, seed, fog = task["width"], task["height"], task["seed"], task.get("fog")
    seat_bots = [bots[b] for b in seats]
    names = [b["spec"][:30] for b in seat_bots]
    if all(b["kind"] == "stdio" for b in seat_bots):
        from ._core import run_stdio_game
        commands = [b["command"] for b in seat_bots]
        out = run_stdio_game(game, commands, width, height, seed, fog=fog)
        return {"index": task["index"], "ranks": list(out["ranks"]), "replay": bytes(out["replay"]),
                "frames": out["frames"], "ejected": list(out["ejected"]),
                "command": halite_run_command(game, width, height, seed, commands, fog)}
    if any(b["kind"] == "stdio" for b in seat_bots):
        raise ValueError("stdio bots cannot share a game with built-in or Python bots")
    from ._single import adapter
    kwargs = {"width": width, "height": height, "players": len(seats), "seed": seed,
              "player_names": names}
    if fog is not None:
        kwargs["fog"] = fog
    if _games.get(game).record:
        kwargs["record"] = True
    ad = adapter(game, **kwargs)
    vec = ad.vec
    fns = [None if b["kind"] != "python" else _load_function(b["module"], b["function"], b.get("path"))
           for b in seat_bots]
    obs, info = vec.reset()
    turn = 0
    while True:
        joint = ad.empty_action()
        for s, b in enumerate(seat_bots):
            if b["kind"] == "builtin":
                ad.put_bot(joint, s, b["name"])
            elif info["alive"][0, s]:
                seat_obs = ad.seat_obs(obs, s)
                seat_obs["turn"] = turn
                ad.put_action(joint, s, fns[s](seat_obs))
        obs, _, terminated, truncated, info = vec.step(joint)
        turn += 1
        if terminated[0] or truncated[0]:
            return {"index": task["index"], "ranks": [int(r) for r in info["final_ranks"][0]],
                    "replay": bytes(vec.replay(0)), "frames": int(info["final_turns"][0]) + 1,
                    "ejected": [None] * len(seats), "command": None}


# ---------------------------------------------------------------------------------------------
# Ratings and tests


class Sprt:
    """The sequential probability ratio test as cutechess-cli runs it (see the module's
    documentation for the likelihood without draws)."""

    def __init__(self, elo0, elo1, alpha=0.05, beta=0.05):
        if not (0 < alpha < 1 and 0 < beta < 1):
            raise ValueError("alpha and beta lie strictly between 0 and 1")
        if not elo0 < elo1:
            raise ValueError(f"SPRT needs ELO0 < ELO1, got {elo0} and {elo1}")
        self.elo0, self.elo1, self.alpha, self.beta = float(elo0), float(elo1), float(alpha), float(beta)
        self.wins = self.losses = self.draws = 0
        self.lower = math.log(beta / (1 - alpha))
        self.upper = math.log((1 - beta) / alpha)

    def add(self, score):
        if score == 1:
            self.wins += 1
        elif score == 0:
            self.losses += 1
        else:
            self.draws += 1

    def llr(self):
        w, l, d = self.wins, self.losses, self.draws
        if d == 0:
            p0 = 1 / (1 + 10 ** (-self.elo0 / 400))
            p1 = 1 / (1 + 10 ** (-self.elo1 / 400))
            return w * math.log(p1 / p0) + l * math.log((1 - p1) / (1 - p0))
        if w == 0 or l == 0:
            return 0.0
        # cutechess-cli's BayesElo model, the draw Elo estimated from the sample.
        n = w + l + d
        pw, pl = w / n, l / n
        draw_elo = 200 * math.log10((1 - pl) / pl * (1 - pw) / pw)
        x = 10 ** (-draw_elo / 400)
        scale = 4 * x / (1 + x) ** 2

        def probs(elo):
            b = elo / scale
            win = 1 / (1 + 10 ** ((draw_elo - b) / 400))
            loss = 1 / (1 + 10 ** ((draw_elo + b) / 400))
            return win, loss, 1 - win - loss

        w0, l0, d0 = probs(self.elo0)
        w1, l1, d1 = probs(self.elo1)
        return w * math.log(w1 / w0) + l * math.log(l1 / l0) + d * math.log(d1 / d0)

    def status(self):
        llr = self.llr()
        result = "H1" if llr > self.upper else "H0" if llr < self.lower else None
        return {"llr": llr, "lower": self.lower, "upper": self.upper, "result": result,
                "wins": self.wins, "losses": self.losses, "draws": self.draws,
                "elo0": self.elo0, "elo1": self.elo1, "alpha": self.alpha, "beta": self.beta}


def _score_ci95(scores):
    """Mean score difference of bot 0 over bot 1 (each game 1 or 0 for bot 0) with a 95%
    interval, and the same as an Elo difference. The interval is Wilson's on the win rate: it
    stays within the score's range and is never zero width after a finite number of games (a
    normal approximation gives [+1, +1] after 6 wins of 6). Elo is logistic, clamped at a win rate
    of 1e-6 from either end (+-2400), so a clean sweep reads +2400 with a finite lower end."""
    n = len(scores)
    if n == 0:
        return None
    mean = float(sum(scores)) / n
    lo, hi = _wilson(mean, n)

    def elo(p):
        p = min(max(p, 1e-6), 1 - 1e-6)
        return -400 * math.log10(1 / p - 1)

    return {"games": n, "score": mean, "diff": 2 * mean - 1, "low": 2 * lo - 1, "high": 2 * hi - 1,
            "elo": elo(mean), "elo_low": elo(lo), "elo_high": elo(hi)}


def _wilson(p, n, z=1.96):
    """Wilson's 95% score interval for a win rate ``p`` over ``n`` games."""
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    # At a rate of 0 or 1 that end is exactly 0 or 1 (rounding would put it a hair inside).
    return (0.0 if p <= 0 else max(0.0, centre - half)), (1.0 if p >= 1 else min(1.0, centre + half))


# ---------------------------------------------------------------------------------------------
# Runners


class _LocalRunner:
    def __init__(self, workers):
        self.workers = max(1, workers)
        # Fresh interpreters (not forks): this process may hold the engine's worker threads.
        self.context = multiprocessing.get_context("spawn")
        self.pool = ProcessPoolExecutor(self.workers, mp_context=self.context)
        self.running = {}

    def capacity(self):
        return self.workers * 2

    def submit(self, task):
        self.running[self.pool.submit(play_game, task)] = task

    def results(self):
        """Finished games as they come (blocks until at least one)."""
        done, _ = wait(list(self.running), return_when=FIRST_COMPLETED)
        out = []
        lost = []
        for f in done:
            task = self.running.pop(f)
            try:
                out.append(f.result())
            except BrokenProcessPool:
                lost.append(task)
        if lost:
            # A worker died, which breaks the whole pool: start a new one and run every game
            # that had not finished again.
            lost += list(self.running.values())
            self.running = {}
            self.pool.shutdown(wait=False, cancel_futures=True)
            self.pool = ProcessPoolExecutor(self.workers, mp_context=self.context)
            for task in lost:
                self.submit(task)
        return out

    def pending(self):
        return len(self.running)

    def close(self):
        self.pool.shutdown(wait=False, cancel_futures=True)


class NoRayCluster(ConnectionError):
    """No Ray cluster answers at the address given to ``ray=`` (``--ray``)."""

    def __init__(self, address):
        super().__init__(f"no Ray cluster answers at {address!r}: start one (`ray start --head`, "
                         f"or set RAY_ADDRESS), or leave --ray out")
        self.address = address


class _RayRunner:
    def __init__(self, address, retries, runtime_env):
        import ray
        self.ray = ray
        if not ray.is_initialized():
            try:
                ray.init(address=address, ignore_reinit_error=True, log_to_driver=False)
            except ConnectionError as e:
                raise NoRayCluster(address) from e
        options = {"num_cpus": 1, "max_retries": retries}
        if runtime_env:
            options["runtime_env"] = runtime_env
        self.remote = ray.remote(**options)(play_game)
        self.slots = max(2, int(ray.cluster_resources().get("CPU", 1)) * 2)
        # What the games ran on (a node that failed to join shows here as a missing node).
        self.cluster = {"nodes": sum(1 for n in ray.nodes() if n.get("Alive")),
                        "cpus": int(ray.cluster_resources().get("CPU", 0))}
        self.retries = retries
        self.running = {}
        self.attempts = {}

    def capacity(self):
        return self.slots

    def submit(self, task):
        self.running[self.remote.remote(task)] = task

    def results(self):
        ready, _ = self.ray.wait(list(self.running), num_returns=1)
        out = []
        for ref in ready:
            task = self.running.pop(ref)
            try:
                out.append(self.ray.get(ref))
            except self.ray.exceptions.RayTaskError:
                raise
            except self.ray.exceptions.RayError:
                # The worker or its node was lost after Ray's own retries: run the game again.
                k = task["index"]
                self.attempts[k] = self.attempts.get(k, 0) + 1
                if self.attempts[k] > self.retries:
                    raise
                self.submit(task)
        return out

    def pending(self):
        return len(self.running)

    def close(self):
        for ref in self.running:
            self.ray.cancel(ref, force=True)


class _InlineRunner:
    """Games one at a time in this process (for measurements)."""

    def __init__(self):
        self.queue = []

    def capacity(self):
        return 1

    def submit(self, task):
        self.queue.append(task)

    def results(self):
        return [play_game(self.queue.pop(0))]

    def pending(self):
        return len(self.queue)

    def close(self):
        pass


# ---------------------------------------------------------------------------------------------
# The arena


def _parse_size(size):
    if isinstance(size, (tuple, list)) and len(size) == 2:
        w, h = size
    else:
        parts = str(size).lower().replace(" ", "x").split("x")
        parts = [p for p in parts if p]
        if len(parts) != 2:
            raise ValueError(f"size {size!r}: WxH, such as 30x30")
        w, h = parts
    try:
        return int(w), int(h)
    except ValueError:
        raise ValueError(f"size {size!r}: WxH with whole numbers") from None


def arena(game=_games.DEFAULT.id, bots=(), games=100, size="30x30", seed=1, out="arena-out", ray=None,
          sprt=None, alpha=0.05, beta=0.05, workers=None, fog=None, tau=0.0, retries=3,
          progress=None, runtime_env=None, gzip=False):
    """Runs the games and writes ``out/results.json`` (returned as a dict); see the module's
    documentation. ``sprt`` is ``(elo0, elo1)`` or None; ``workers=0`` plays in this process;
    ``runtime_env`` is the Ray runtime environment of the game tasks (such as
    ``{"env_vars": {...}}`` for the bots); ``progress(k, record)`` is called after each game
    judged. ``gzip``: Halite I's replays written gzipped (``.hlt.gz``)."""
    g = _games.get(game)
    bots = list(bots)
    if len(bots) not in g.seats:
        raise ValueError(f"{len(bots)} bots: {game} games seat {g.seats_text}")
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"games {games!r}: a positive number")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 1 <= seed < 2**32:
        raise ValueError(f"seed {seed!r}: 1 to 2**32 - 1")
    if seed + games - 1 >= 2**32:
        raise ValueError("seed + games runs past 2**32 - 1")
    width, height = _parse_size(size)
    if fog is not None and not g.fog:
        raise ValueError(f"fog is a {_fog_games()} option")
    parsed = [parse_bot(b, game) for b in bots]
    kinds = {b["kind"] for b in parsed}
    if "stdio" in kinds and len(kinds) > 1:
        raise ValueError("stdio bots cannot share games with built-in or Python bots")
    test = None
    if sprt is not None:
        if len(bots) != 2:
            raise ValueError("--sprt needs exactly two bots")
        elo0, elo1 = sprt
        test = Sprt(elo0, elo1, alpha, beta)
    # Check the size once, here, with a clear error.
    g.VecEnv(1, width, height, len(bots), seed, num_threads=1, **({} if fog is None else {"fog": fog}))
    import trueskill
    ts = trueskill.TrueSkill(mu=25.0, sigma=25.0 / 3, beta=25.0 / 6, tau=float(tau),
                             draw_probability=0.0)
    ratings = [ts.create_rating() for _ in bots]
    if gzip and not g.gzip_ending:
        raise ValueError(f"gzip: {g.title} replays are compressed already")
    ext = g.gzip_ending if gzip else ".hlt"

    def task(k):
        b = len(bots)
        return {"index": k, "game": game, "bots": parsed, "seats": [(j + k) % b for j in range(b)],
                "width": width, "height": height, "seed": seed + k, "fog": fog, "gzip": bool(gzip)}

    if ray is not None:
        runner = _RayRunner(ray, retries, runtime_env)
    elif workers == 0:
        runner = _InlineRunner()
    else:
        runner = _LocalRunner(workers or os.cpu_count() or 1)
    # The output folder only once the runner exists: a run that cannot start leaves nothing.
    try:
        os.makedirs(out, exist_ok=True)
    except OSError:
        runner.close()
        raise
    records, wins, rank_sum, counts, scores = [], [0] * len(bots), [0] * len(bots), [0] * len(bots), []
    buffered = {}
    next_submit = next_judge = 0
    decided = None
    started = time.time()
    try:
        while next_judge < games and decided is None:
            while next_submit < games and runner.pending() < runner.capacity():
                runner.submit(task(next_submit))
                next_submit += 1
            for r in runner.results():
                buffered[r["index"]] = r
            while next_judge in buffered and decided is None:
                r = buffered.pop(next_judge)
                t = task(next_judge)
                name = f"game-{next_judge:05d}{ext}"
                with open(os.path.join(out, name), "wb") as f:
                    f.write(r["replay"])
                seats, ranks = t["seats"], r["ranks"]
                records.append({"index": next_judge, "seed": t["seed"], "width": width, "height": height,
                                "seats": seats, "ranks": ranks, "replay": name, "command": r["command"],
                                "frames": r["frames"], "ejected": r["ejected"]})
                for s, b in enumerate(seats):
                    counts[b] += 1
                    rank_sum[b] += ranks[s]
                    wins[b] += ranks[s] == 1
                groups = ts.rate([(ratings[b],) for b in seats], ranks=ranks)
                for b, g in zip(seats, groups):
                    ratings[b] = g[0]
                score = 1 if ranks[seats.index(0)] < ranks[seats.index(1)] else 0
                scores.append(score)
                if test is not None:
                    test.add(score)
                    if test.status()["result"] is not None:
                        decided = next_judge
                if progress:
                    progress(next_judge, records[-1])
                next_judge += 1
    finally:
        runner.close()
    results = {
        "game": game,
        "size": [width, height],
        "seed": seed,
        "games_asked": games,
        "fog": fog,
        "bots": [{"name": b, "games": counts[i], "wins": wins[i],
                  "mean_rank": rank_sum[i] / counts[i] if counts[i] else None,
                  "mu": ratings[i].mu, "sigma": ratings[i].sigma} for i, b in enumerate(bots)],
        "trueskill": {"mu": 25.0, "sigma": 25.0 / 3, "beta": 25.0 / 6, "tau": float(tau), "draw_probability": 0.0},
        "score_ci95": _score_ci95(scores),
        "sprt": None if test is None else dict(test.status(), stopped_after=len(records)),
        "games": records,
    }
    with open(os.path.join(out, "results.json"), "w") as f:
        json.dump(results, f, indent=1)
    results["elapsed_seconds"] = time.time() - started
    if ray is not None:
        results["ray_cluster"] = runner.cluster
    return results


def _fog_games():
    """The games with fog and their variants, for messages: ``Halite I (Blitz)``."""
    return " or ".join(f"{g.title} ({g.fog[0]})" for g in _games.ALL if g.fog)


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m halite_engine.arena",
                                description="Many games between bots: ratings, SPRT, local cores or Ray.")
    p.add_argument("--game", default=_games.DEFAULT.id, choices=GAMES)
    p.add_argument("--bots", nargs="+", required=True, metavar="BOT",
                   help="builtin:<name>, python:<module>:<function>, or a stdio command")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--size", default="30x30", help="WxH (default 30x30)")
    p.add_argument("--seed", type=int, default=1, help="game k uses map seed SEED + k")
    p.add_argument("--out", required=True, metavar="DIR")
    p.add_argument("--ray", metavar="ADDRESS", help="a Ray cluster address, or auto")
    p.add_argument("--sprt", nargs=2, type=float, metavar=("ELO0", "ELO1"))
    p.add_argument("--alpha", type=float, default=0.05)
    p.add_argument("--beta", type=float, default=0.05)
    p.add_argument("--workers", type=int, help="local processes (default: every core; 0: this process)")
    fogs = " or ".join(f"{g.title} {g.fog[0]}" for g in _games.ALL if g.fog)
    p.add_argument("--fog", type=int, help=f"{fogs}: the sight radius")
    p.add_argument("--tau", type=float, default=0.0, help="TrueSkill's tau (default 0)")
    p.add_argument("--retries", type=int, default=3, help="runs of a game whose worker was lost")
    gz = " or ".join(f"{g.title}'s" for g in _games.ALL if g.gzip_ending)
    p.add_argument("--gzip", action="store_true",
                   help=f"write {gz} replays gzipped (.hlt.gz), about a tenth of the size")
    a = p.parse_args(argv)
    try:
        r = arena(a.game, a.bots, a.games, a.size, a.seed, a.out, ray=a.ray,
                  sprt=tuple(a.sprt) if a.sprt else None, alpha=a.alpha, beta=a.beta,
                  workers=a.workers, fog=a.fog, tau=a.tau, retries=a.retries, gzip=a.gzip)
    except (ValueError, ImportError, NoRayCluster) as e:
        p.error(str(e))
    for b in r["bots"]:
        print(f"{b['name']:<40} games {b['games']:>5}  wins {b['wins']:>5}  mean rank {b['mean_rank'] or 0:.2f}"
              f"  mu {b['mu']:.2f}  sigma {b['sigma']:.2f}")
    if r["score_ci95"]:
        c = r["score_ci95"]
        print(f"score difference (bot 1 - bot 2): {c['diff']:+.3f} [{c['low']:+.3f}, {c['high']:+.3f}]"
              f"  Elo {c['elo']:+.0f} [{c['elo_low']:+.0f}, {c['elo_high']:+.0f}]")
    if r["sprt"]:
        s = r["sprt"]
        print(f"SPRT: {s['result'] or 'undecided'} after {s['stopped_after']} games "
              f"(LLR {s['llr']:.2f}, bounds [{s['lower']:.2f}, {s['upper']:.2f}])")
    where = ""
    if r.get("ray_cluster"):
        c = r["ray_cluster"]
        where = f" on Ray ({c['nodes']} node{'s' if c['nodes'] != 1 else ''}, {c['cpus']} CPU{'s' if c['cpus'] != 1 else ''})"
    print(f"{len(r['games'])} games in {r['elapsed_seconds']:.1f} s{where}; results in {os.path.join(a.out, 'results.json')}")


if __name__ == "__main__":
    main()
