// The Halite II statistics series as the viewer counted them before the engine computed them:
// kept as the tests' independent oracle for the engine's series (halite2.unit.test.mjs). Built
// from the page's frame and event rows (rows.ts, types.ts), one frame at a time.

/** The oracle's class over the compiled `rows` and `types` modules. */
export function makeSeriesBuilder(rows, types) {
  const { EV_STRIDE, E_OWNER, E_KIND, E_ID, EV_SPAWNED, EV_ATTACK, WEAPON_DAMAGE, SERIES_KEYS } = rows;
  const { SHIP_STRIDE, S_OWNER, S_HEALTH, S_STATUS, PLANET_STRIDE, P_OWNER } = types;
  /** Grows the series one frame at a time (a replay's frames, or a live game's turns). */
  class SeriesBuilder {
    frames = 0;

    constructor(players) {
      this.players = players;
      const per = () => Array.from({ length: players }, () => []);
      this.values = { ships: per(), planets: per(), docked: per(), health: per(), produced: per(), damage: per(), attacks: per() };
      this.total = { produced: new Array(players).fill(0), damage: new Array(players).fill(0), attacks: new Array(players).fill(0) };
    }

    /** Adds a frame: its rows, the event rows of the turn that led to it (none for frame 0), and
     * each seat's damage dealt so far as the engine counts it, if known. */
    add(ships, planets, events, damage = null) {
      const p = this.players;
      if (events) {
        for (let o = 0; o + EV_STRIDE <= events.length; o += EV_STRIDE) {
          const owner = events[o + E_OWNER];
          if (owner < 0 || owner >= p) continue;
          const kind = events[o + E_KIND];
          if (kind === EV_SPAWNED) this.total.produced[owner]++;
          else if (kind === EV_ATTACK) {
            // One row per target: the attack is counted once, on its first target's row.
            const first = o === 0 || events[o - EV_STRIDE + E_KIND] !== EV_ATTACK || events[o - EV_STRIDE + E_ID] !== events[o + E_ID];
            if (first) {
              this.total.attacks[owner]++;
              if (!damage) this.total.damage[owner] += WEAPON_DAMAGE;
            }
          }
        }
      }
      if (damage) for (let s = 0; s < p; s++) this.total.damage[s] = damage[s] ?? this.total.damage[s];
      const count = (key, seat) => this.values[key][seat];
      const nShips = new Array(p).fill(0);
      const nDocked = new Array(p).fill(0);
      const nHealth = new Array(p).fill(0);
      const nPlanets = new Array(p).fill(0);
      for (let o = 0; o + SHIP_STRIDE <= ships.length; o += SHIP_STRIDE) {
        const owner = ships[o + S_OWNER];
        if (owner < 0 || owner >= p) continue;
        nShips[owner]++;
        nHealth[owner] += ships[o + S_HEALTH];
        if (ships[o + S_STATUS] === 2) nDocked[owner]++;
      }
      for (let o = 0; o + PLANET_STRIDE <= planets.length; o += PLANET_STRIDE) {
        const owner = planets[o + P_OWNER];
        if (owner >= 0 && owner < p) nPlanets[owner]++;
      }
      for (let s = 0; s < p; s++) {
        count('ships', s).push(nShips[s]);
        count('planets', s).push(nPlanets[s]);
        count('docked', s).push(nDocked[s]);
        count('health', s).push(nHealth[s]);
        count('produced', s).push(this.total.produced[s]);
        count('damage', s).push(this.total.damage[s]);
        count('attacks', s).push(this.total.attacks[s]);
      }
      this.frames++;
    }

    /** Replaces the damage series of the frames so far with the engine's (seat-major). */
    setDamage(series) {
      const n = this.frames;
      if (series.length !== n * this.players) return;
      for (let s = 0; s < this.players; s++) {
        const v = Array.from({ length: n }, (_, t) => series[s * n + t]);
        this.values.damage[s] = v;
        this.total.damage[s] = n > 0 ? v[n - 1] : 0;
      }
    }

    /** Every series, seat-major (`seat * frames + frame`), as fresh arrays (for transfer). */
    snapshot() {
      const out = {};
      for (const key of SERIES_KEYS) {
        const a = new Uint32Array(this.players * this.frames);
        this.values[key].forEach((v, seat) => a.set(v, seat * this.frames));
        out[key] = a;
      }
      return out;
    }
  }
  return SeriesBuilder;
}
