"""A PPO-style loop in plain NumPy on the batched Halite I environment.

Every site a seat owns is a decision: a linear softmax policy over five directions reads a few
local features (its strength, its production, how much of its neighbourhood it owns). Both
seats share the policy (self-play). Each iteration collects ``--steps`` turns of ``--envs``
games, turns the per-turn territory reward into discounted returns per seat, and takes a few
clipped-ratio gradient steps. Small on purpose: the point is the data flow, not the player.

The batch is made with ``wrap=1``: each env's planes hold its own map tiled one site beyond
every edge, so the neighbourhood share (a radius-1 sum) is the torus' at every real site, even
on maps the generator made smaller than asked. Decisions are taken where ``action_mask`` says
the seat owns the site.

    python ppo_numpy.py --iterations 20
"""

import argparse

import numpy as np

from halite_engine import halite1

DIRS = 5


def features(obs):
    """Per site and seat: [1, strength, production, owned share of the 4 neighbours]. With
    ``wrap=1`` the rolls wrap wrongly only on the outer ring of the planes, which holds copies,
    never a real site."""
    own = (obs["owner"] == 1).astype(np.float32)
    near = sum(np.roll(own, s, axis=a) for s in (1, -1) for a in (2, 3)) / 4
    features = np.stack([np.ones_like(own), obs["strength"] / 255.0, obs["production"] / 20.0, near], -1)
    return features, obs["action_mask"]


def softmax(z):
    z = z - z.max(-1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(-1, keepdims=True)


def main(argv=None):
    p = argparse.ArgumentParser()
    p.add_argument("--envs", type=int, default=32)
    p.add_argument("--steps", type=int, default=32)
    p.add_argument("--iterations", type=int, default=10)
    p.add_argument("--size", type=int, default=20)
    a = p.parse_args(argv)
    n, size = a.envs, a.size
    env = halite1.VecEnv(n, size, size, 2, seed=1, reward="territory", wrap=1)
    rng = np.random.default_rng(0)
    weights = np.zeros((4, DIRS), np.float32)
    obs, _ = env.reset()
    gamma, clip, lr = 0.97, 0.2, 0.5
    for it in range(a.iterations):
        xs, acts, logps, masks, rewards = [], [], [], [], []
        for _ in range(a.steps):
            x, mine = features(obs)
            probs = softmax(x @ weights)
            u = rng.random(probs.shape[:-1] + (1,))
            act = (probs.cumsum(-1) < u).sum(-1).clip(0, DIRS - 1).astype(np.uint8)
            logp = np.log(np.take_along_axis(probs, act[..., None].astype(np.int64), -1)[..., 0] + 1e-9)
            obs, r, term, trunc, info = env.step(np.where(mine, act, 0).astype(np.uint8))
            xs.append(x), acts.append(act), logps.append(logp), masks.append(mine), rewards.append(r)
        # Discounted returns per env and seat, broadcast to every site the seat decided on.
        ret = np.zeros((n, 2), np.float32)
        returns = []
        for r in reversed(rewards):
            ret = r + gamma * ret
            returns.append(ret)
        returns.reverse()
        adv = np.stack(returns)  # [T, N, P]
        adv = (adv - adv.mean()) / (adv.std() + 1e-8)
        X, A, L, M = (np.stack(v) for v in (xs, acts, logps, masks))
        ADV = np.broadcast_to(adv[..., None, None], M.shape)
        X, A, L, ADV = X[M], A[M].astype(np.int64), L[M], ADV[M]
        for _ in range(4):
            probs = softmax(X @ weights)
            ratio = np.exp(np.log(np.take_along_axis(probs, A[:, None], 1)[:, 0] + 1e-9) - L)
            active = np.where(ADV >= 0, ratio < 1 + clip, ratio > 1 - clip)
            coef = (ADV * ratio * active)[:, None] * (np.eye(DIRS)[A] - probs)
            weights += lr * (X.T @ coef) / len(X)
        print(f"iteration {it}: mean territory reward {np.mean(rewards):+.5f}, decisions {len(X)}")
    return weights


if __name__ == "__main__":
    main()
