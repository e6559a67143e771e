"""The one-unit-per-step envs: a Discrete action and a flat Box observation, each unit's order
landing where the seat's whole action would put it, checked, and the shape single-agent PPO code
written for Atari and classic control takes as it is."""

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import halite_engine  # noqa: F401  (registers the ids)
from halite_engine.gym import Halite1Env, Halite2Env
from halite_engine.units import Halite1UnitEnv, Halite2UnitEnv

IDS = ["halite_engine/Halite1Unit-v0", "halite_engine/BlitzUnit-v0", "halite_engine/Halite2Unit-v0"]


@pytest.mark.parametrize("env_id", IDS)
def test_each_id_makes_a_discrete_flat_env_that_passes_gymnasiums_checks(env_id):
    # The "module:id" form is how a script that never imports the package names the env.
    env = gym.make(f"halite_engine:{env_id}")
    assert isinstance(env.action_space, gym.spaces.Discrete)
    assert isinstance(env.observation_space, gym.spaces.Box)
    assert len(env.observation_space.shape) == 1 and env.observation_space.dtype == np.float32
    check_env(env.unwrapped, skip_render_check=True)
    env.close()


def _window(planes, x, y, r):
    """The ``(2r + 1)``-site window centred on ``(x, y)`` of a map's planes, on the torus."""
    rolled = np.roll(planes, (r - y, r - x), axis=(-2, -1))
    return rolled[..., :2 * r + 1, :2 * r + 1]


def _order(turn, x, y):
    return (turn * 7 + x * 3 + y * 5) % 5


@pytest.mark.parametrize("fog", [None, 3])
def test_halite1_units_are_the_owned_sites_and_their_orders_make_the_turn(fog):
    """Played beside the whole-map env on the same map: each turn's units are the sites the seat
    owns (row-major), each window is the torus around its site, the orders given one by one make
    the moves the whole-map env plays, and rewards, ranks and the end agree."""
    kw = dict(width=20, height=20, players=3, seed=11, fog=fog, max_turns=60)
    r = 2
    units = Halite1UnitEnv(opponents="greedy", radius=r, **kw)
    whole = Halite1Env(opponents="greedy", reward="territory", **kw)
    obs, info = units.reset(seed=11)
    full, _ = whole.reset(seed=11)
    w, h = 18, 18       # the generator's map for 20x20 with 3 players
    assert (full["valid"][:h, :w] == 1).all() and full["valid"].sum() == w * h
    done, turns = False, 0
    while not done:
        assert info["turn"] == turns
        sites = [(int(x), int(y)) for y, x in np.argwhere(full["action_mask"][:h, :w])]
        planes = np.stack([full["owner"] == 1, full["owner"] >= 2, full["strength"] / 255,
                           np.minimum(full["production"], 32) / 32]
                          + ([full["visible"]] if fog else []))[:, :h, :w].astype(np.float32)
        moves = np.zeros((20, 20), np.int64)
        reward = 0.0
        for i, (x, y) in enumerate(sites):
            assert info["site"] == (x, y)
            np.testing.assert_array_equal(obs[:-1], _window(planes, x, y, r).ravel())
            assert obs[-1] == pytest.approx(turns / full["max_turns"])
            moves[y, x] = _order(turns, x, y)
            obs, rew, term, trunc, info = units.step(moves[y, x])
            reward += rew
            if i < len(sites) - 1:
                assert rew == 0.0 and not term
        full, want, term2, trunc2, info2 = whole.step(moves)
        assert reward == pytest.approx(want * w * h)       # +1 a site won
        assert (term, trunc) == (term2, trunc2)
        done = term or trunc
        turns += 1
    assert info["rank"] == info2["rank"] and info["final_turn"] == info2["final_turn"]
    assert (obs[:-1] == 0).all()
    with pytest.raises(RuntimeError, match="no game in progress"):
        units.step(0)


def test_halite2_units_are_the_ships_and_their_orders_are_the_commands():
    kw = dict(width=120, height=80, players=2, seed=5)
    units = Halite2UnitEnv(opponents="settler", **kw)
    whole = Halite2Env(opponents="settler", **kw)
    obs, info = units.reset(seed=5)
    full, _ = whole.reset(seed=5)
    docked = thrust = 0
    for turn in range(60):
        own = np.flatnonzero(full["action_mask"]["ships"])
        ids = [int(full["ships"][j, 0]) for j in own]       # feature 0 is the id
        cmd = {k: np.zeros(64, np.int64) for k in ("kind", "magnitude", "angle", "planet")}
        reward = 0.0
        for n, j in enumerate(own):
            assert info["turn"] == turn and info["ship"] == ids[n]
            ship = full["ships"][j]
            x, y = ship[4], ship[5]
            assert obs[0] == pytest.approx(x / 120) and obs[1] == pytest.approx(y / 80)
            # The nearest planet, as the observation shows it.
            alive = np.flatnonzero(full["planet_mask"])
            p = full["planets"][alive]
            d = np.hypot(p[:, 5] - x, p[:, 6] - y)
            k = int(d.argmin())
            diag = np.hypot(120, 80)
            assert obs[9] == 1 and obs[12] == pytest.approx(d[k] / diag, rel=1e-5)
            can = obs[9 + 8] == 1
            a = 13 if can else 1 + (turn + n) % 12
            if a == 13:
                docked += 1
                cmd["kind"][j], cmd["planet"][j] = 2, int(p[np.argmin(np.where(
                    full["action_mask"]["planets"][alive] & (d <= p[:, 7] + 4.5), d, np.inf)), 0])
            else:
                thrust += 1
                cmd["kind"][j], cmd["magnitude"][j], cmd["angle"][j] = 1, 7, 30 * (a - 1)
            obs, rew, term, trunc, info = units.step(a)
            reward += rew
        full, want, term2, _, _ = whole.step(cmd)
        assert reward == want and term == term2
        if term:
            break
    assert docked and thrust


@pytest.mark.parametrize("bad, error", [
    (5, r"^player_0's order for site \(\d+, \d+\) must be one integer from 0 to 4; got 5$"),
    (np.int8(-1), r"must be one integer from 0 to 4; got -1$"),
    (2.5, r"must be one integer from 0 to 4; got 2.5$"),
    (float("nan"), r"must be one integer from 0 to 4; got nan$"),
    ("north", r"must be one integer from 0 to 4, not str 'north'$"),
    (None, r"must be one integer from 0 to 4, not NoneType None$"),
    ([1, 2], r"must be one integer from 0 to 4; got an array of shape \(2,\)$"),
])
def test_bad_orders_raise_naming_the_unit_and_the_value(bad, error):
    env = Halite1UnitEnv(width=20, height=20, seed=1)
    env.reset()
    with pytest.raises((ValueError, TypeError), match=error):
        env.step(bad)
    obs, *_ = env.step(np.int64(4))     # the env goes on after a refused order
    env.close()
    with pytest.raises(RuntimeError, match="closed"):
        env.step(0)
    env.close()


def test_arguments_are_checked():
    with pytest.raises(ValueError, match="radius 0: 1 to 15 sites"):
        Halite1UnitEnv(radius=0)
    with pytest.raises(ValueError, match="wrap is set by the unit env from radius"):
        Halite1UnitEnv(wrap=3)
    with pytest.raises(ValueError, match="no built-in bot 'nobody'"):
        Halite2UnitEnv(opponents="nobody")
    with pytest.raises(RuntimeError, match="call reset"):
        Halite1UnitEnv().step(0)


def test_a_ppo_style_loop_runs_on_a_sync_vector_env_of_the_id():
    """The loop of single-agent PPO code (CleanRL's ppo.py): a SyncVectorEnv of gym.make(id)
    under RecordEpisodeStatistics, a Discrete head over the flat observation, the actions array
    back; finished episodes are reported by the statistics wrapper."""
    def make(i):
        return lambda: gym.wrappers.RecordEpisodeStatistics(
            gym.make("halite_engine:halite_engine/Halite1Unit-v0", width=16, height=16, max_turns=30))

    envs = gym.vector.SyncVectorEnv([make(i) for i in range(3)])
    assert isinstance(envs.single_action_space, gym.spaces.Discrete)
    n_in, n_out = int(np.prod(envs.single_observation_space.shape)), envs.single_action_space.n
    rng = np.random.default_rng(1)
    weights = rng.normal(0, 0.1, (n_in, n_out))
    obs, _ = envs.reset(seed=1)
    episodes = []
    for _ in range(3000):
        logits = obs @ weights
        p = np.exp(logits - logits.max(axis=1, keepdims=True))
        p /= p.sum(axis=1, keepdims=True)
        actions = np.array([rng.choice(n_out, p=row) for row in p])
        obs, rewards, terms, truncs, infos = envs.step(actions)
        assert obs.shape == (3, n_in) and rewards.shape == (3,)
        if "episode" in infos:
            episodes += [float(r) for r in infos["episode"]["r"][infos["_episode"]]]
        if len(episodes) >= 3:
            break
    assert len(episodes) >= 3
    # An episode's return is the sites the seat holds at the end less the one it began with.
    assert all(-1 <= r <= 16 * 16 and r == round(r) for r in episodes)
    envs.close()


def test_a_finished_games_replay_is_kept_and_verified():
    from halite_engine import verify_replay
    env = Halite1UnitEnv(width=16, height=16, seed=2, record=True)
    env.reset()
    done = False
    while not done:
        _, _, term, trunc, _ = env.step(0)
        done = term or trunc
    assert verify_replay(env.replay()) is None
    env.close()
