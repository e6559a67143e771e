"""Train a Halite I player that beats the built-in Random bot, in plain NumPy.

    python examples/train_halite1.py                 # the full run: about 8 minutes on 2 cores
    python examples/train_halite1.py --minutes 1     # a shorter one

The policy is local and shared by every site: each site a seat owns picks one of five moves
(still, north, east, south, west) from a softmax whose logits are linear in features of its
neighbourhood on the torus. The logit of "still" reads the site itself (its strength against
five turns of its production, whether a neighbour can be taken); the logit of a direction
reads the neighbour there (own, neutral or enemy, whether this site's strength takes it, its
production, whether merging into it would waste strength over 255) and how soon the map stops
being the seat's own along that line. The same weights serve every site and every direction.

Training is PPO (clipped ratios, a few epochs over each batch) against the Random bot in the
batched engine (:class:`halite_engine.halite1.VecEnv`): the player takes seat 0 in even envs
and seat 1 in odd ones. The reward is the engine's ``reward="territory"`` (each turn, the change
in sites owned over the map's size) plus 1 for winning a game; every site's decision of a turn
shares its seat's advantage (discounted return less a linear value estimate of the seat's
position). Each iteration prints a row of the learning curve; the curve is drawn to a PNG when
Matplotlib is installed, else written as CSV.

Every ten iterations the weights play 32 games on validation maps, and the best weights so far
are kept: training is noisy, and this is what the run returns. The evaluation plays 100 games
(by default) on map seeds used neither in training nor in validation, the player (each site
playing its most likely move) against the Random bot, half of them from each seat, and prints
the win rate with its Wilson 95% interval. The Random bot is the page's: a site stays until its strength reaches five turns
of its production, then moves in a random direction (or stays), each of the five alike.

To use another batched environment over the same engine, change :func:`make_env` (and the
``step`` call in :func:`play`): the rest reads only the observation planes ``owner``,
``strength`` and ``production`` (``[num_envs, players, H, W]``, owner 1 = the seat itself).
"""

import argparse
import csv
import math
import os
import time

import numpy as np

from halite_engine import halite1

PLAYERS = 2
MOVES = 5
# Neighbour of (y, x) in direction d, as np.roll shifts on (rows, columns): the plane rolled by
# these gives at (y, x) the value of the neighbour north (y-1), east (x+1), south, west.
SHIFTS = ((1, -2), (-1, -1), (-1, -2), (1, -1))
STILL_FEATURES = 6
MOVE_FEATURES = 11
FEATURES = STILL_FEATURES + MOVE_FEATURES
VALUE_FEATURES = 7
# Held-out maps: training envs draw seeds from `--seed` upwards (a few hundred thousand games at
# most); the checkpoints are compared on maps from VALIDATION_SEED, the final evaluation plays
# maps from EVAL_SEED.
VALIDATION_SEED = 1_000_000_000
EVAL_SEED = 2_000_000_000


def make_env(num_envs, size, seed):
    """The batched engine: territory rewards, no replays kept."""
    try:
        return halite1.VecEnv(num_envs, size, size, PLAYERS, seed, reward="territory", record=False)
    except TypeError:
        return halite1.VecEnv(num_envs, size, size, PLAYERS, seed, reward="territory")


def seat_planes(obs, seats):
    """Each env's planes as seat ``seats[i]`` sees them: owner, strength, production ``[N, H, W]``."""
    n = np.arange(len(seats))
    return (obs["owner"][n, seats], obs["strength"][n, seats].astype(np.float32),
            obs["production"][n, seats].astype(np.float32))


def random_bot(obs, seats, rng):
    """The page's Random bot for seat ``seats[i]`` of env ``i``: ``uint8 [N, H, W]`` moves."""
    owner, strength, production = seat_planes(obs, seats)
    moves = rng.integers(0, MOVES, owner.shape, dtype=np.uint8)
    moves[strength < 5 * production] = 0
    moves[owner != 1] = 0
    return moves


def _roll(a, d):
    s, axis = SHIFTS[d]
    return np.roll(a, s, axis=axis)


def _ray(a, d, length=6, decay=0.7):
    """Along direction ``d``: sum over k = 1..length of decay**k * a(k steps away)."""
    out = np.zeros(a.shape, np.float32)
    b = a.astype(np.float32)
    w = 1.0
    for _ in range(length):
        b = _roll(b, d)
        w *= decay
        out += w * b
    return out


def features(owner, strength, production):
    """Per site: the five actions' feature rows ``float32 [N, H, W, 5, FEATURES]`` (the still
    row in the first block, the directions' rows in the second) and the sites the seat owns."""
    mine = owner == 1
    enemy = owner >= 2
    neutral = owner == 0
    free = ~mine
    s = strength / 255.0
    weak = strength < 5 * production
    f = np.zeros(owner.shape + (MOVES, FEATURES), np.float32)
    takeable_any = np.zeros(owner.shape, bool)
    free_near = np.zeros(owner.shape, np.float32)
    for d in range(4):
        n_mine, n_enemy, n_neutral = _roll(mine, d), _roll(enemy, d), _roll(neutral, d)
        n_str, n_prod = _roll(strength, d), _roll(production, d)
        take = ~n_mine & (strength > n_str)
        takeable_any |= take
        free_near += ~n_mine
        row = f[..., d + 1, STILL_FEATURES:]
        row[..., 0] = n_mine
        row[..., 1] = n_enemy
        row[..., 2] = n_neutral
        row[..., 3] = take
        row[..., 4] = take * n_prod / 10.0
        row[..., 5] = ~n_mine & ~take
        row[..., 6] = n_mine & (strength + n_str > 255)
        row[..., 7] = n_mine * _ray(free, d)
        row[..., 8] = n_mine * _ray(enemy, d)
        row[..., 9] = n_mine & ~weak
        row[..., 10] = ~n_mine * n_str / 255.0
    still = f[..., 0, :STILL_FEATURES]
    still[..., 0] = 1.0
    still[..., 1] = s
    still[..., 2] = weak
    still[..., 3] = production / 10.0
    still[..., 4] = free_near / 4.0
    still[..., 5] = takeable_any
    return f, mine


def value_features(owner, strength, production, turn, max_turns):
    """Per env: the seat's position ``float32 [N, VALUE_FEATURES]`` for the value estimate."""
    sites = owner[0].size
    mine, theirs = owner == 1, owner >= 2
    out = np.empty((owner.shape[0], VALUE_FEATURES), np.float32)
    out[:, 0] = 1.0
    out[:, 1] = mine.sum((1, 2)) / sites
    out[:, 2] = theirs.sum((1, 2)) / sites
    out[:, 3] = (strength * mine).sum((1, 2)) / (255.0 * sites)
    out[:, 4] = (strength * theirs).sum((1, 2)) / (255.0 * sites)
    out[:, 5] = (production * mine).sum((1, 2)) / (10.0 * sites)
    out[:, 6] = turn / max_turns
    return out


def policy(weights, f):
    """Move probabilities ``[..., 5]`` from feature rows ``[..., 5, FEATURES]``."""
    z = f @ weights
    z -= z.max(-1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(-1, keepdims=True)


def sample(probs, rng):
    u = rng.random(probs.shape[:-1] + (1,), dtype=np.float32)
    return np.minimum((probs.cumsum(-1) < u).sum(-1), MOVES - 1).astype(np.uint8)


class Adam:
    def __init__(self, shape, lr):
        self.m, self.v, self.t, self.lr = np.zeros(shape), np.zeros(shape), 0, lr

    def step(self, params, grad):
        """Gradient ascent on ``params`` in place."""
        self.t += 1
        self.m = 0.9 * self.m + 0.1 * grad
        self.v = 0.999 * self.v + 0.001 * grad * grad
        mh, vh = self.m / (1 - 0.9 ** self.t), self.v / (1 - 0.999 ** self.t)
        params += self.lr * mh / (np.sqrt(vh) + 1e-8)


def wilson(wins, n, z=1.96):
    """Wilson's 95% interval of a win rate."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    mid = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    # At 0 or n wins the interval reaches 0 or 1 exactly (not a rounding error short of it).
    lo = 0.0 if wins == 0 else max(0.0, mid - half)
    hi = 1.0 if wins == n else min(1.0, mid + half)
    return lo, hi


def play(env, obs, weights, seats, rng, greedy=False):
    """One turn of every env: the player in ``seats[i]``, the Random bot in the other seat.
    Returns the step's five values and what the player decided (features, actions, their
    log-probabilities, the sites it owned)."""
    n = np.arange(env.num_envs)
    f, mine = features(*seat_planes(obs, seats))
    probs = policy(weights, f)
    act = probs.argmax(-1).astype(np.uint8) if greedy else sample(probs, rng)
    act[~mine] = 0
    moves = np.zeros((env.num_envs, PLAYERS, env.height, env.width), np.uint8)
    moves[n, seats] = act
    moves[n, 1 - seats] = random_bot(obs, 1 - seats, rng)
    out = env.step(moves)
    logp = np.log(np.take_along_axis(probs, act[..., None].astype(np.int64), -1)[..., 0] + 1e-12)
    return out, (f, act, logp, mine)


def evaluate(weights, games=100, size=20, seed=EVAL_SEED, rng_seed=12345, greedy=True):
    """The player against the Random bot, one game per env on seeds ``seed``, ``seed + 1``, ...,
    the player in seat 0 in even games and seat 1 in odd ones; with ``greedy`` each site plays
    its most likely move, else a sampled one. Returns (wins, games, mean turns)."""
    env = make_env(games, size, seed)
    obs, _ = env.reset()
    seats = np.arange(games) % PLAYERS
    rng = np.random.default_rng(rng_seed)
    won = np.zeros(games, bool)
    done = np.zeros(games, bool)
    turns = np.zeros(games)
    while not done.all():
        (obs, _, term, trunc, info), _ = play(env, obs, weights, seats, rng, greedy)
        ended = (term | trunc) & ~done
        if ended.any():
            ranks = info["final_ranks"][np.arange(games), seats]
            won[ended] = ranks[ended] == 1
            turns[ended] = info["final_turns"][ended]
            done |= ended
    return int(won.sum()), games, float(turns.mean())


def train(iterations=None, minutes=8.0, envs=64, steps=32, size=20, seed=1, epochs=4, lr=0.03,
          gamma=0.97, clip=0.2, entropy=0.003, rng_seed=0, validate_every=10, validation_games=32,
          log=print, curve=None):
    """PPO against the Random bot until ``iterations`` or ``minutes`` run out. Every
    ``validate_every`` iterations the weights play ``validation_games`` games on validation maps
    (greedy, against the Random bot); the best so far are kept and returned (the later on a
    tie), with the learning curve (a dict per iteration)."""
    env = make_env(envs, size, seed)
    obs, _ = env.reset()
    rng = np.random.default_rng(rng_seed)
    seats = np.arange(envs) % PLAYERS
    rows = np.arange(envs)
    weights = np.zeros(FEATURES)
    value = np.zeros(VALUE_FEATURES)
    opt = Adam(FEATURES, lr)
    max_turns = env.max_turns.astype(np.float32)
    turn = np.zeros(envs, np.float32)
    history = []
    wins = games = 0
    start = time.perf_counter()
    it = 0
    best, best_rate = weights.copy(), -1.0
    header = (f"{'iter':>5} {'minutes':>7} {'games':>6} {'win rate':>8} {'territory':>9} {'entropy':>7} "
              f"{'steps/s':>8} {'validation':>10}")
    log(header)
    while (iterations is None or it < iterations) and (
            iterations is not None or time.perf_counter() - start < minutes * 60):
        t0 = time.perf_counter()
        batch, rewards, dones, vfeat = [], np.zeros((steps, envs)), np.zeros((steps, envs), bool), []
        it_wins = it_games = 0
        for t in range(steps):
            vfeat.append(value_features(*seat_planes(obs, seats), turn, max_turns))
            (obs, r, term, trunc, info), (f, act, logp, mine) = play(env, obs, weights, seats, rng)
            # Keep only the player's own sites (the decisions), with their env.
            e, y, x = np.nonzero(mine)
            batch.append((f[e, y, x], act[e, y, x], logp[e, y, x], t * envs + e))
            rewards[t] = r[rows, seats]
            ended = term | trunc
            dones[t] = ended
            turn = np.where(ended, 0, info["turn"]).astype(np.float32)
            if ended.any():
                won = info["final_ranks"][rows, seats] == 1
                rewards[t] += np.where(ended & won, 1.0, 0.0)
                it_wins += int((ended & won).sum())
                it_games += int(ended.sum())
        # Discounted returns, cut where a game ended, the tail from the value estimate.
        last = value_features(*seat_planes(obs, seats), turn, max_turns) @ value
        returns = np.zeros((steps, envs))
        g = last
        for t in reversed(range(steps)):
            g = rewards[t] + gamma * np.where(dones[t], 0.0, g)
            returns[t] = g
        vx = np.concatenate(vfeat)
        vy = returns.reshape(-1)
        adv_env = vy - vx @ value
        # The value estimate: ridge regression of the returns on the position.
        value = np.linalg.solve(vx.T @ vx + 1e-3 * np.eye(VALUE_FEATURES), vx.T @ vy)
        f = np.concatenate([b[0] for b in batch])
        act = np.concatenate([b[1] for b in batch]).astype(np.int64)
        old = np.concatenate([b[2] for b in batch])
        adv = adv_env[np.concatenate([b[3] for b in batch])]
        adv = (adv - adv.mean()) / (adv.std() + 1e-8)
        f_act = np.take_along_axis(f, act[:, None, None], 1)[:, 0]
        ent = 0.0
        for _ in range(epochs):
            probs = policy(weights, f)
            lp = np.log(np.take_along_axis(probs, act[:, None], 1)[:, 0] + 1e-12)
            ratio = np.exp(lp - old)
            active = ~(((adv > 0) & (ratio > 1 + clip)) | ((adv < 0) & (ratio < 1 - clip)))
            expected = np.einsum("mk,mkf->mf", probs, f)
            coef = (adv * ratio * active)[:, None]
            grad = (coef * (f_act - expected)).mean(0)
            # The entropy bonus's gradient: -sum_k p_k (log p_k + H) (f_k - E f).
            logp_all = np.log(probs + 1e-12)
            h = -(probs * logp_all).sum(-1, keepdims=True)
            grad += entropy * np.einsum("mk,mkf->mf", -probs * (logp_all + h), f - expected[:, None]).mean(0)
            opt.step(weights, grad)
            ent = float(h.mean())
        it += 1
        wins += it_wins
        games += it_games
        mine_share = float(vx[-envs:, 1].mean())
        rate = steps * envs / (time.perf_counter() - t0)
        row = {"iteration": it, "minutes": (time.perf_counter() - start) / 60, "games": games,
               "win_rate": it_wins / it_games if it_games else float("nan"),
               "territory": mine_share, "entropy": ent, "env_steps_per_s": rate}
        row["validation"] = float("nan")
        if validate_every and it % validate_every == 0:
            w, g, _ = evaluate(weights, validation_games, size, VALIDATION_SEED)
            row["validation"] = w / g
            if w / g >= best_rate:
                best, best_rate = weights.copy(), w / g
        history.append(row)
        log(f"{it:>5} {row['minutes']:>7.2f} {games:>6} {row['win_rate']:>8.2f} {mine_share:>9.3f} "
            f"{ent:>7.3f} {rate:>8.0f} {row['validation']:>10.2f}")
    if best_rate >= 0:
        log(f"kept the weights of the best validation win rate: {best_rate:.2f}")
        weights = best
    if curve:
        write_curve(history, curve, log)
    return weights, history


def write_curve(history, path, log=print):
    """The learning curve: a PNG when Matplotlib is there, else CSV (``path`` without suffix)."""
    base = os.path.splitext(path)[0]
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        with open(base + ".csv", "w", newline="") as fh:
            w = csv.DictWriter(fh, fieldnames=list(history[0]))
            w.writeheader()
            w.writerows(history)
        log(f"learning curve: {base}.csv")
        return base + ".csv"
    fig, ax = plt.subplots(figsize=(7, 4))
    x = [h["minutes"] for h in history]
    ax.plot(x, [h["win_rate"] for h in history], label="win rate in training games")
    ax.plot(x, [h["territory"] for h in history], label="share of the map owned")
    v = [(h["minutes"], h["validation"]) for h in history if h["validation"] == h["validation"]]
    if v:
        ax.plot(*zip(*v), "o-", label="validation win rate (greedy)")
    ax.set_xlabel("minutes")
    ax.set_ylim(0, 1)
    ax.legend()
    fig.tight_layout()
    fig.savefig(base + ".png", dpi=100)
    log(f"learning curve: {base}.png")
    return base + ".png"


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--minutes", type=float, default=8.0, help="training time (default 8)")
    p.add_argument("--iterations", type=int, help="train this many iterations instead of for --minutes")
    p.add_argument("--envs", type=int, default=64, help="envs in the training batch")
    p.add_argument("--steps", type=int, default=32, help="turns per iteration")
    p.add_argument("--size", type=int, default=20, help="map side (training and evaluation)")
    p.add_argument("--eval-games", type=int, default=100, help="evaluation games against the Random bot")
    p.add_argument("--validate-every", type=int, default=10,
                   help="iterations between validation rounds (0: none; the last weights are kept)")
    p.add_argument("--curve", default="halite1_learning_curve.png",
                   help="where the learning curve goes (.png, or .csv without Matplotlib)")
    p.add_argument("--save", help="write the trained weights here (.npy)")
    a = p.parse_args(argv)
    for name in ("envs", "steps", "size", "eval_games"):
        if getattr(a, name) < 1:
            p.error(f"--{name.replace('_', '-')} must be at least 1")
    if a.minutes <= 0 and a.iterations is None:
        p.error("--minutes must be positive")
    start = time.perf_counter()
    weights, history = train(iterations=a.iterations, minutes=a.minutes, envs=a.envs, steps=a.steps,
                             size=a.size, validate_every=a.validate_every, curve=a.curve)
    trained = time.perf_counter() - start
    if a.save:
        np.save(a.save, weights)
    wins, games, turns = evaluate(weights, a.eval_games, a.size)
    lo, hi = wilson(wins, games)
    print(f"trained {trained / 60:.1f} minutes ({history[-1]['games'] if history else 0} training games); "
          f"evaluation on {games} new maps ({a.size}x{a.size}) against the Random bot, each site playing its "
          f"most likely move: won {wins} ({100 * wins / games:.0f}%, Wilson 95% interval {100 * lo:.0f}% to "
          f"{100 * hi:.0f}%), games lasted {turns:.0f} turns on average")
    s_wins, _, _ = evaluate(weights, a.eval_games, a.size, greedy=False)
    s_lo, s_hi = wilson(s_wins, games)
    print(f"the same games with moves sampled from the policy: won {s_wins} ({100 * s_wins / games:.0f}%, "
          f"Wilson 95% interval {100 * s_lo:.0f}% to {100 * s_hi:.0f}%); "
          f"total {(time.perf_counter() - start) / 60:.1f} minutes")
    return {"weights": weights, "history": history, "wins": wins, "games": games, "wilson": (lo, hi),
            "sampled_wins": s_wins}


if __name__ == "__main__":
    main()
