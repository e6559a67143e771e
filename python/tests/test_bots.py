"""The Rust ports of the page's built-in Halite II bots play command for command as the
TypeScript ones: whole games on fixed seeds, every seat's answer compared on every turn. (Halite
I's built-in bots exist once, in Rust: the page has the engine play them; tests/halite1_bots.rs
pins their games.)"""

import numpy as np
import pytest

from halite_engine import halite2


def h2_ts_obs(obs, seat, players, width, height, turn):
    """The page's Halite II observation from seat 0's table (whose owners are the seats + 1)."""
    ships = obs["ships"][0, 0]
    ships = ships[ships["owner"] > 0]
    status = ("undocked", "docking", "docked", "undocking")
    views = []
    docked = {}
    for s in ships:
        planet = int(s["planet"])
        v = {"id": int(s["id"]), "owner": int(s["owner"]) - 1, "x": float(s["x"]), "y": float(s["y"]),
             "health": int(s["health"]), "docking": status[int(s["status"])],
             "planet": planet if planet >= 0 else None, "dockingProgress": int(s["progress"])}
        views.append(v)
        if v["planet"] is not None and v["docking"] != "undocked":
            docked.setdefault(v["planet"], []).append(v["id"])
    planets = []
    for pl in obs["planets"][0, 0]:
        if not pl["alive"]:
            continue
        pid = int(pl["id"])
        planets.append({"id": pid, "x": float(pl["x"]), "y": float(pl["y"]), "radius": float(pl["r"]),
                        "health": int(pl["health"]), "dockingSpots": int(pl["docking_spots"]),
                        "owner": int(pl["owner"]) - 1 if pl["owner"] > 0 else None,
                        "dockedShips": docked.get(pid, []),
                        "production": int(pl["current_production"]),
                        "remainingProduction": int(pl["remaining_production"])})
    return {"game": "halite2", "myId": seat, "turn": turn, "width": width, "height": height,
            "players": players, "ships": views, "planets": planets}


def rust_commands(env, obs, bot, seat):
    """The Rust bot's commands as the page writes them, by ship id."""
    c = env.bot_commands(bot, seat)
    ships = obs["ships"][0, seat]
    out = {}
    for j in np.flatnonzero(c["kind"][0]):
        ship = int(ships[j]["id"])
        k = int(c["kind"][0, j])
        if k == 1:
            out[ship] = {"type": "thrust", "ship": ship, "magnitude": int(c["magnitude"][0, j]),
                         "angle": int(c["angle"][0, j])}
        elif k == 2:
            out[ship] = {"type": "dock", "ship": ship, "planet": int(c["planet"][0, j])}
        else:
            out[ship] = {"type": "undock", "ship": ship}
    return out, c


@pytest.mark.parametrize("seed,size,lineup", [
    (21, (240, 160), ["settler", "aggressive"]),
    (24, (240, 160), ["aggressive", "settler"]),
    (27, (240, 160), ["settler", "settler"]),
    (23, (200, 140), ["settler", "settler", "aggressive", "aggressive"]),
    (26, (240, 160), ["settler", "aggressive", "settler", "aggressive"]),
])
def test_halite2_bots_play_as_the_page(ts_bots, seed, size, lineup):
    w, h = size
    p = len(lineup)
    env = halite2.VecEnv(1, w, h, p, seed, num_threads=1, max_ships=512)
    obs, _ = env.reset()
    turn = 0
    compared = 0
    while True:
        joint = halite2.commands(1, p, 512)
        for s, bot in enumerate(lineup):
            rust, arrays = rust_commands(env, obs, bot, s)
            ts = {c["ship"]: c for c in ts_bots.ask("halite2", bot, s, h2_ts_obs(obs, s, p, w, h, turn))}
            assert rust == ts, f"{bot} (seat {s}) differs on turn {turn}"
            compared += len(ts)
            for key, v in arrays.items():
                joint[key][0, s] = v[0]
        obs, _, term, trunc, info = env.step(joint)
        turn += 1
        if term[0] or trunc[0]:
            break
    assert turn > 25 and compared > 50, (turn, compared)
