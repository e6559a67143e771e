//! Collisions and combat: the broad phase (32-unit cells, as the reference's `CollisionMap`),
//! the events a turn's movement meets in time order (attacks, collisions, leaving the map), and
//! the damage they deal (`docs/rules-halite2.md#collisions` and `#attacks`).

use super::*;

/// Per player, damage per ship id.
pub(crate) type DamageMap = Vec<HashOrder<(u32, f64)>>;

#[derive(Clone, Copy, Debug)]
pub(crate) struct SimEvent {
    /// 0 attack, 1 collision, 2 desertion (the reference's enum values, part of the hash).
    kind: u8,
    id1: EntityId,
    id2: EntityId,
    time: f64,
}

impl SimEvent {
    fn hash(&self) -> u64 {
        self.id1.hash() ^ self.id2.hash() ^ u64::from(self.kind)
    }

    fn same(&self, o: &SimEvent) -> bool {
        self.kind == o.kind
            && ((self.id1 == o.id1 && self.id2 == o.id2)
                || (self.id1 == o.id2 && self.id2 == o.id1))
    }
}

pub(crate) struct AttackRecord {
    pos: Vec2,
    time: f64,
    targets: Vec<EntityId>,
}

pub(super) fn damage_map(players: usize) -> DamageMap {
    (0..players).map(|_| HashOrder::new()).collect()
}

pub(super) fn add_damage(map: &mut DamageMap, owner: u8, id: u32, amount: f64) {
    let per = &mut map[owner as usize];
    if let Some(e) = per.find_mut(|e| e.0 == id) {
        e.1 += amount;
    } else {
        per.insert(u64::from(id), (id, amount), |e| e.0 == id);
    }
}

/// The broad phase of the reference (`CollisionMap`): 32-unit cells, each listing the ships
/// whose circle overlaps it. Only the order of candidates matters here.
///
/// The lists are built without a vector per cell: `add` records `(cell, ship)` pairs in order,
/// and `finish` groups them by cell with a counting sort, which keeps each cell's ships in the
/// order they were added. Its lists are kept from turn to turn ([`CellMap::reset`]).
#[derive(Default)]
pub(crate) struct CellMap {
    w: usize,
    h: usize,
    /// `w` and `h` as doubles (converted once a turn, not for every circle).
    wh: (f64, f64),
    pairs: Vec<(u32, EntityId)>,
    /// Circle `k` (in the order added) has the pairs `pairs[added[k]..added[k + 1]]`.
    added: Vec<u32>,
    /// Cell `c` lists `ids[start[c]..start[c + 1]]` once finished.
    start: Vec<u32>,
    ids: Vec<EntityId>,
}

pub(super) const CELL: i64 = 32;

/// `v.floor()` without the library call it is on baseline x86-64 (no SSE4.1): through the
/// integer conversion, exact for `|v| < 2^63`; beyond, a value of the same sign at least
/// 2^63 (the callers clamp to the board). NaN stays NaN.
fn floor(v: f64) -> f64 {
    if v.is_nan() {
        return v;
    }
    let t = v as i64 as f64;
    if t > v {
        t - 1.0
    } else {
        t
    }
}

/// Whether two points (rounded to f64 by `Vec2::to_f64`) are certainly farther apart than
/// `reach`: the f64 distance exceeds it by far more than f64 can be off from the extended
/// values (a false answer decides nothing).
pub(super) fn far_apart_f64(a: (f64, f64), b: (f64, f64), reach: f64) -> bool {
    let dx = a.0 - b.0;
    let dy = a.1 - b.1;
    let r = reach + 1e-6;
    dx.abs() > r || dy.abs() > r || dx * dx + dy * dy > r * r
}

/// A ship's position and velocity rounded to f64 (`Vec2::to_f64`), its speed and its event
/// horizon, worked out once a turn for the tests of every pair.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct ShipF64 {
    xy: (f64, f64),
    vel: (f64, f64),
    speed: f64,
    horizon: f64,
}

/// Whether two circles moving in straight lines stay certainly more than `r` apart for the whole
/// turn (`(position, velocity)` each, rounded to f64): their least distance over `t` in [0, 1]
/// exceeds `r` by far more than f64 can be off from the extended values. Then
/// [`collision_time`] finds no time within the turn (no root, or both outside [0, 1]: at `t` = 0
/// they are apart, so neither the "already touching" answer nor a root at 0 can come), and its
/// extended-precision solution is skipped. A false answer (NaN included) decides nothing.
pub(super) fn apart_all_turn(
    a: ((f64, f64), (f64, f64)),
    b: ((f64, f64), (f64, f64)),
    r: f64,
) -> bool {
    let (dx, dy) = (a.0 .0 - b.0 .0, a.0 .1 - b.0 .1);
    let (dvx, dvy) = (a.1 .0 - b.1 .0, a.1 .1 - b.1 .1);
    let closing = dvx * dvx + dvy * dvy;
    // The time of the least distance, within the turn.
    let t = if closing > 0.0 {
        (-(dx * dvx + dy * dvy) / closing).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let (ex, ey) = (dx + t * dvx, dy + t * dvy);
    let m = r + Distance::MARGIN;
    ex * ex + ey * ey > m * m
}

/// The distance between two points as the reference computes it ([`Vec2::distance`]), for
/// comparing with thresholds: decided from the points rounded to f64 (`Vec2::to_f64`) when it
/// is clearly on one side, and computed in extended precision only near the threshold.
/// Coordinates are below 2^16, so the f64 distance is within 1e-10 of the exact one, far
/// inside the margin; the squares are compared, so no root is taken unless needed.
struct Distance<'a> {
    /// (Borrowed: most distances are decided in f64 and never read them.)
    points: (&'a Vec2, &'a Vec2),
    /// The square of the distance between the f64 points.
    approx2: f64,
    exact: Option<f64>,
}

impl<'a> Distance<'a> {
    const MARGIN: f64 = 1e-6;

    fn new((a, axy): (&'a Vec2, (f64, f64)), (b, bxy): (&'a Vec2, (f64, f64))) -> Distance<'a> {
        let (dx, dy) = (bxy.0 - axy.0, bxy.1 - axy.1);
        Distance {
            points: (a, b),
            approx2: dx * dx + dy * dy,
            exact: None,
        }
    }

    fn exact(&mut self) -> f64 {
        let (a, b) = self.points;
        *self.exact.get_or_insert_with(|| a.distance(*b))
    }

    /// Whether the distance is clearly below `t` (`Some(true)`) or clearly above it
    /// (`Some(false)`); `None` near it.
    fn clearly_below(&self, t: f64) -> Option<bool> {
        let (lo, hi) = (t - Self::MARGIN, t + Self::MARGIN);
        if lo > 0.0 && self.approx2 < lo * lo {
            Some(true)
        } else if self.approx2 > hi * hi {
            Some(false)
        } else {
            None
        }
    }

    /// `distance <= t`.
    fn at_most(&mut self, t: f64) -> bool {
        self.clearly_below(t).unwrap_or_else(|| self.exact() <= t)
    }

    /// `distance < t`.
    fn below(&mut self, t: f64) -> bool {
        self.clearly_below(t).unwrap_or_else(|| self.exact() < t)
    }
}

/// Whether the circle around `c` (`xy` is `c.to_f64()`) overlaps cell `(cx, cy)`.
pub(super) fn overlaps_cell(cx: usize, cy: usize, c: Vec2, xy: (f64, f64), radius: f64) -> bool {
    // Most cells are clearly in or out: decide those in f64 with a margin far beyond its
    // rounding (coordinates are below 2^16, so f64 is within 1e-11 of the extended values),
    // and only borderline cells in extended precision as the reference computes them.
    const MARGIN: f64 = 1e-6;
    let (x, y) = xy;
    let xd = (x - (cx as i64 * CELL) as f64 - 16.0).abs();
    let yd = (y - (cy as i64 * CELL) as f64 - 16.0).abs();
    let reach = 16.0 + radius;
    if xd > reach + MARGIN || yd > reach + MARGIN {
        return false;
    }
    if xd < reach - MARGIN && yd < reach - MARGIN {
        if xd < 16.0 - MARGIN || yd < 16.0 - MARGIN {
            return true;
        }
        if xd > 16.0 + MARGIN && yd > 16.0 + MARGIN {
            let (dx, dy) = (xd - 16.0, yd - 16.0);
            let d2 = dx * dx + dy * dy;
            let r2 = radius * radius;
            if d2 > r2 + MARGIN {
                return false;
            }
            if d2 < r2 - MARGIN {
                return true;
            }
        }
    }
    overlaps_cell_exact(cx, cy, c, radius)
}

pub(super) fn overlaps_cell_exact(cx: usize, cy: usize, c: Vec2, radius: f64) -> bool {
    let half = F80::from_f64(16.0);
    let rx = F80::from_i64(cx as i64 * CELL);
    let ry = F80::from_i64(cy as i64 * CELL);
    let abs = |v: F80| if v.lt(F80::ZERO) { v.negated() } else { v };
    let xd = abs(c.x.minus(rx).minus(half));
    let yd = abs(c.y.minus(ry).minus(half));
    let reach = F80::from_f64(16.0 + radius);
    if reach.lt(xd) || reach.lt(yd) {
        return false;
    }
    if xd.le(half) || yd.le(half) {
        return true;
    }
    let dx = xd.minus(half);
    let dy = yd.minus(half);
    dx.times(dx)
        .plus(dy.times(dy))
        .le(F80::from_f64(radius * radius))
}

/// The planets a ship may meet, by the 8-unit cell it is in: a set of planets (a bitset over
/// their indices) per cell, holding each planet whose centre is within `radius + REACH` of
/// the cell. A ship meets a planet only within `speed + SHIP_RADIUS + radius` of it (plus
/// [`Distance`]'s margin), and its speed is at most `MAX_SPEED`, so with `REACH` above that
/// every planet it can meet is in its cell's set; the sets list planets in index order, the
/// order the planets are tested in. Planets never move: the sets are made once per board.
#[derive(Default)]
pub(crate) struct PlanetCells {
    /// The board the sets are for: its size and each planet's centre and radius.
    size: (u32, u32),
    planets: Vec<(Vec2, f64)>,
    /// Each planet's centre rounded to f64 (`Vec2::to_f64`).
    xy: Vec<(f64, f64)>,
    w: usize,
    h: usize,
    /// `w` and `h` as doubles.
    wh: (f64, f64),
    /// 64-bit words per set.
    words: usize,
    bits: Vec<u64>,
}

impl PlanetCells {
    /// Farther than any ship reaches in x or y beyond a planet's radius: `MAX_SPEED +
    /// SHIP_RADIUS` plus a margin far above the rounding of these small numbers.
    const REACH: f64 = k::MAX_SPEED + k::SHIP_RADIUS + 0.5;
    /// The sets' cells are this wide: finer than the ships' (`CELL`), so that a cell's set
    /// holds few planets besides those near.
    const SIDE: f64 = 8.0;

    /// The sets for this board: kept if already made for it.
    pub(super) fn prepare(&mut self, width: u32, height: u32, planets: &[Planet]) {
        // Compared bit for bit (every turn, so without the numeric comparison of `F80`):
        // equal bits are equal values, and values equal otherwise only make the sets again.
        let same_bits = |a: F80, b: F80| a.to_parts() == b.to_parts();
        let same = self.size == (width, height)
            && self.planets.len() == planets.len()
            && self.planets.iter().zip(planets).all(|(&(c, r), p)| {
                same_bits(c.x, p.pos.x) && same_bits(c.y, p.pos.y) && r.to_bits() == p.r.to_bits()
            });
        if same {
            return;
        }
        self.size = (width, height);
        self.planets = planets.iter().map(|p| (p.pos, p.r)).collect();
        self.xy = planets.iter().map(|p| p.pos.to_f64()).collect();
        self.w = (f64::from(width) / Self::SIDE).ceil() as usize;
        self.h = (f64::from(height) / Self::SIDE).ceil() as usize;
        self.wh = (self.w as f64, self.h as f64);
        self.words = planets.len().div_ceil(64);
        self.bits.clear();
        self.bits.resize(self.w * self.h * self.words, 0);
        let cell_range = |lo: f64, hi: f64, n: usize| {
            let first = floor(lo / Self::SIDE).max(0.0);
            let last = floor(hi / Self::SIDE).min(n as f64 - 1.0);
            if first.is_nan() || last.is_nan() {
                0..n
            } else {
                first as usize..(last + 1.0).max(first) as usize
            }
        };
        // A planet is in the set of each cell within `r + REACH` of its centre (the cell as a
        // closed square: a ship in the cell is no nearer than the square).
        let gap = |v: f64, c: usize| {
            let lo = c as f64 * Self::SIDE;
            (lo - v).max(v - (lo + Self::SIDE)).max(0.0)
        };
        for (i, (&(x, y), &(_, r))) in self.xy.iter().zip(&self.planets).enumerate() {
            let reach = r + Self::REACH;
            for cx in cell_range(x - reach, x + reach, self.w) {
                for cy in cell_range(y - reach, y + reach, self.h) {
                    let (dx, dy) = (gap(x, cx), gap(y, cy));
                    // (A NaN centre keeps every cell of its range.)
                    let d2 = dx * dx + dy * dy;
                    if d2.is_nan() || d2 <= reach * reach {
                        self.bits[(cx * self.h + cy) * self.words + i / 64] |= 1 << (i % 64);
                    }
                }
            }
        }
    }

    /// The planets a ship at `(x, y)` moving at `speed` may meet, in index order (all of them
    /// when the sets can't tell).
    pub(super) fn near_indices(&self, xy: (f64, f64), speed: f64) -> PlanetIndices<'_> {
        let set = self.near(xy, speed);
        PlanetIndices {
            all: set.is_none().then_some(0..self.planets.len()),
            words: set.unwrap_or(&[]),
            at: 0,
            bits: 0,
        }
    }

    /// Planet `i`'s centre rounded to f64.
    pub(super) fn xy(&self, i: usize) -> (f64, f64) {
        self.xy[i]
    }

    /// The set for a ship at `(x, y)` moving at `speed`: `None` when the sets can't tell (off
    /// the board, or faster than `MAX_SPEED`), and every planet must be tried.
    fn near(&self, (x, y): (f64, f64), speed: f64) -> Option<&[u64]> {
        if speed.is_nan() || speed > k::MAX_SPEED + 0.25 {
            return None;
        }
        // On the board, which these tests hold to as the floors would (`w` and `h` are whole),
        // the truncations are the floors.
        let (cx, cy) = (x / Self::SIDE, y / Self::SIDE);
        if !(cx >= 0.0 && cy >= 0.0 && cx < self.wh.0 && cy < self.wh.1) {
            return None;
        }
        // (Both below the board's size: the `i64` conversion is exact and the cheaper one.)
        let at = (cx as i64 as usize * self.h + cy as i64 as usize) * self.words;
        self.bits.get(at..at + self.words)
    }
}

/// Planet indices from a set's words, lowest first, or a whole range.
pub(crate) struct PlanetIndices<'a> {
    all: Option<std::ops::Range<usize>>,
    words: &'a [u64],
    /// The next word to read, and what is left of the one read before it.
    at: usize,
    bits: u64,
}

impl Iterator for PlanetIndices<'_> {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        if let Some(all) = &mut self.all {
            return all.next();
        }
        while self.bits == 0 {
            self.bits = *self.words.get(self.at)?;
            self.at += 1;
        }
        let i = (self.at - 1) * 64 + self.bits.trailing_zeros() as usize;
        self.bits &= self.bits - 1;
        Some(i)
    }
}

impl CellMap {
    /// An empty map of a `width` by `height` board.
    fn reset(&mut self, width: u32, height: u32) {
        self.w = (f64::from(width) / CELL as f64).ceil() as usize;
        self.h = (f64::from(height) / CELL as f64).ceil() as usize;
        self.wh = (self.w as f64, self.h as f64);
        self.pairs.clear();
        self.added.clear();
        self.added.push(0);
    }

    fn finish(&mut self) {
        let cells = self.w * self.h;
        let start = &mut self.start;
        start.clear();
        start.resize(cells + 1, 0);
        for &(c, _) in &self.pairs {
            start[c as usize + 1] += 1;
        }
        for c in 1..start.len() {
            start[c] += start[c - 1];
        }
        // `start[c]` serves as cell `c`'s next free place, which keeps each cell's ships in
        // the order added; it ends at the cell's end, the next cell's start.
        self.ids.clear();
        self.ids.resize(self.pairs.len(), EntityId::Planet(0));
        for &(c, id) in &self.pairs {
            self.ids[start[c as usize] as usize] = id;
            start[c as usize] += 1;
        }
        start.copy_within(0..cells, 1);
        start[0] = 0;
    }

    /// The cells a circle may overlap, as ranges of columns and rows (the order of the cells
    /// kept is unchanged). A column left out lies wholly more than `SLACK` beyond the circle's
    /// bounding box: its centre is more than `16 + radius + SLACK` away in x, so
    /// [`overlaps_cell`] would reject it by its first f64 test (`SLACK` is far above that
    /// test's margin and the f64 rounding of these small coordinates); rows likewise.
    fn span(
        &self,
        (x, y): (f64, f64),
        radius: f64,
    ) -> (std::ops::Range<usize>, std::ops::Range<usize>) {
        let range = |v: f64, n: usize, nf: f64| {
            const SLACK: f64 = 1e-3;
            let (lo, hi) = (
                (v - radius - SLACK) / CELL as f64,
                (v + radius + SLACK) / CELL as f64,
            );
            // Within the board (the usual case) the truncations are the floors and nothing
            // needs clamping (and both fit an `i64`, whose conversion is the cheaper one).
            if lo >= 0.0 && hi < nf {
                return lo as i64 as usize..hi as i64 as usize + 1;
            }
            let lo = floor(lo);
            let hi = floor(hi) + 1.0;
            let clamp = |t: f64| {
                if t.is_nan() {
                    0
                } else {
                    t.clamp(0.0, n as f64) as usize
                }
            };
            if lo.is_nan() || hi.is_nan() {
                0..n
            } else {
                clamp(lo)..clamp(hi)
            }
        };
        (range(x, self.w, self.wh.0), range(y, self.h, self.wh.1))
    }

    fn add(&mut self, c: Vec2, xy: (f64, f64), radius: f64, id: EntityId) {
        let (xs, ys) = self.span(xy, radius);
        for cx in xs {
            for cy in ys.clone() {
                if overlaps_cell(cx, cy, c, xy, radius) {
                    self.pairs.push(((cx * self.h + cy) as u32, id));
                }
            }
        }
        self.added.push(self.pairs.len() as u32);
    }

    /// The cells circle `k` (in the order added) overlaps, in order, as `(cell, _)` pairs.
    fn added_cells(&self, k: usize) -> &[(u32, EntityId)] {
        match (self.added.get(k), self.added.get(k + 1)) {
            (Some(&a), Some(&b)) => &self.pairs[a as usize..b as usize],
            _ => &[],
        }
    }

    /// What cell `cell` lists, in the order added (read in place, not copied).
    fn listed(&self, cell: u32) -> &[EntityId] {
        let cell = cell as usize;
        let (a, b) = (self.start[cell], self.start[cell + 1]);
        &self.ids[a as usize..b as usize]
    }
}

impl State {
    pub(super) fn damage_entity(
        &mut self,
        id: EntityId,
        damage: u16,
        time: f64,
        events: &mut Vec<Event>,
    ) {
        let health = self.health(id);
        if health <= damage {
            self.kill_entity(id, time, events);
        } else {
            match id {
                EntityId::Ship { id, .. } => {
                    if let Some(s) = self.ship_mut(id) {
                        s.health -= damage;
                    }
                }
                EntityId::Planet(p) => self.planets[p as usize].health -= damage,
            }
        }
    }

    pub(super) fn kill_entity(&mut self, id: EntityId, time: f64, events: &mut Vec<Event>) {
        match id {
            EntityId::Ship { id: sid, .. } => {
                let Some(ship) = self.ship_mut(sid) else {
                    return;
                };
                if !ship.is_alive() {
                    return;
                }
                ship.health = 0;
                let (x, y) = ship.pos.moved_by(ship.vel, time).to_f64();
                events.push(Event::Destroyed {
                    entity: id,
                    x,
                    y,
                    radius: k::SHIP_RADIUS,
                    time,
                });
                if ship.status != DockingStatus::Undocked {
                    let planet = ship.planet as usize;
                    ship.status = DockingStatus::Undocked;
                    ship.planet = 0;
                    if let Some(pl) = self.planets.get_mut(planet) {
                        pl.remove_ship(sid);
                    }
                }
            }
            EntityId::Planet(p) => {
                let pi = p as usize;
                if !self.planets[pi].is_alive() {
                    return;
                }
                self.planets[pi].health = 0;
                let planet = self.planets[pi].clone();
                let (x, y) = planet.pos.to_f64();
                events.push(Event::Destroyed {
                    entity: id,
                    x,
                    y,
                    radius: planet.r,
                    time,
                });
                for &sid in &planet.docked {
                    if let Some(s) = self.ship_mut(sid) {
                        if s.owner == planet.owner {
                            s.reset_docking();
                        }
                    }
                }
                let max_distance = planet.r.max(k::DOCK_RADIUS);
                let reach = planet.r + max_distance;
                let mut caught = Vec::new();
                for (qi, q) in self.planets.iter().enumerate() {
                    if q.is_alive() {
                        let t = reach + q.r;
                        if planet.pos.distance2(q.pos).le(F80::from_f64(t * t)) {
                            caught.push((EntityId::Planet(qi as u32), q.pos, q.r));
                        }
                    }
                }
                let ship_reach = reach + k::SHIP_RADIUS;
                let ship_reach2 = F80::from_f64(ship_reach * ship_reach);
                for player in 0..self.players {
                    for &sid in self.order[player].iter() {
                        if let Some(s) = self.ship(sid) {
                            if s.is_alive() && planet.pos.distance2(s.pos).le(ship_reach2) {
                                caught.push((
                                    EntityId::Ship {
                                        owner: s.owner,
                                        id: sid,
                                    },
                                    s.pos,
                                    k::SHIP_RADIUS,
                                ));
                            }
                        }
                    }
                }
                for (target, pos, radius) in caught {
                    if target == id {
                        continue;
                    }
                    let d = planet.pos.distance(pos) - radius;
                    let damage = if d < planet.r {
                        u16::MAX
                    } else {
                        let crust = d - planet.r;
                        let max_hp = f64::from(k::MAX_SHIP_HEALTH);
                        let min_damage = 0.5 * max_hp;
                        let max_damage = 5.0 * max_hp;
                        (min_damage + (1.0 - crust / max_distance) * (max_damage - min_damage))
                            as u16
                    };
                    self.damage_entity(target, damage, time, events);
                }
                self.planets[pi].health = 0;
            }
        }
    }

    pub(super) fn process_damage(&mut self, map: &DamageMap, time: f64, events: &mut Vec<Event>) {
        for (player, per) in map.iter().enumerate() {
            for &(id, amount) in per.iter() {
                let id = EntityId::Ship {
                    owner: player as u8,
                    id,
                };
                self.damage_entity(id, amount as u16, time, events);
            }
        }
    }

    /// How far a ship moving at `speed` (its velocity's magnitude) may meet another.
    pub(super) fn event_horizon(speed: f64) -> f64 {
        if speed == 0.0 {
            // 0.5 + 0 + 5, exact in either precision.
            return k::SHIP_RADIUS + k::WEAPON_RADIUS;
        }
        // From 2^-8 to 8 both extended sums are exact (multiples of 2^-60 below 16), so the
        // result is the exact sum rounded once to double: what one f64 addition gives (0.5 + 5
        // is exact).
        if (1.0 / 256.0..=8.0).contains(&speed) {
            return k::SHIP_RADIUS + k::WEAPON_RADIUS + speed;
        }
        F80::from_f64(k::SHIP_RADIUS)
            .plus(F80::from_f64(speed))
            .plus(F80::from_f64(k::WEAPON_RADIUS))
            .to_f64()
    }

    /// The turn's events in the order of the reference's set of them, into `sc.sorted`.
    pub(super) fn find_events(&self, sc: &mut Scratch) {
        let Scratch {
            ships,
            planet_cells,
            cells,
            seen,
            found: set,
            sorted,
            ..
        } = sc;
        set.clear();
        let mut insert = |e: SimEvent| {
            set.insert(e.hash(), e, |o| o.same(&e));
        };
        // Each ship's position and velocity rounded to f64, speed and event horizon, and each
        // planet's position, once: the broad phase and the f64 pre-tests need them for every
        // pair. Only the listed ships are ever looked up, so the other entries are left as
        // they were.
        if ships.len() < self.ships.len() {
            ships.resize(self.ships.len(), ShipF64::default());
        }
        for &sid in self.order.iter().flat_map(HashOrder::iter) {
            if let Some(s) = self.ship(sid) {
                // (`magnitude` gives 0 for a ship at rest, most of them: no call for those.)
                let at_rest = s.vel.x.is_zero() && s.vel.y.is_zero();
                let speed = if at_rest { 0.0 } else { s.vel.magnitude() };
                ships[sid as usize] = ShipF64 {
                    xy: s.pos.to_f64(),
                    vel: s.vel.to_f64(),
                    speed,
                    horizon: Self::event_horizon(speed),
                };
            }
        }
        planet_cells.prepare(self.width, self.height, &self.planets);
        cells.reset(self.width, self.height);
        for p in 0..self.players {
            for &sid in self.order[p].iter() {
                if let Some(s) = self.ship(sid) {
                    let ShipF64 { xy, horizon, .. } = ships[sid as usize];
                    cells.add(
                        s.pos,
                        xy,
                        horizon,
                        EntityId::Ship {
                            owner: s.owner,
                            id: sid,
                        },
                    );
                }
            }
        }
        cells.finish();
        // A ship in several cells is a candidate several times; its events are the same each
        // time and the set keeps the first, so later copies are skipped (`seen[id]` is the
        // ship being tested when ship `id` was last a candidate, plus one).
        seen.clear();
        seen.resize(self.ships.len(), 0);
        // The ships in the order they were added to the cells: the cells a ship overlaps are
        // the ones it was added to.
        let mut added = 0;
        for p in 0..self.players {
            for &sid in self.order[p].iter() {
                let Some(s1) = self.ship(sid) else {
                    continue;
                };
                let id1 = EntityId::Ship {
                    owner: s1.owner,
                    id: sid,
                };
                let ShipF64 {
                    xy: xy1,
                    vel: v1,
                    speed: m1,
                    ..
                } = ships[sid as usize];
                // The broad phase's candidates for the ship: what the cells it was added to
                // list, cell after cell.
                let added_cells = cells.added_cells(added);
                added += 1;
                for &(cell, _) in added_cells {
                    for &id2 in cells.listed(cell) {
                        let EntityId::Ship {
                            owner: o2,
                            id: sid2,
                        } = id2
                        else {
                            continue;
                        };
                        // A ship meets neither itself nor, by attack, its own side.
                        if sid2 == sid || seen[sid2 as usize] == sid + 1 {
                            continue;
                        }
                        seen[sid2 as usize] = sid + 1;
                        let ShipF64 {
                            xy: xy2,
                            vel: v2,
                            speed: m2,
                            ..
                        } = ships[sid2 as usize];
                        let attack_radius = k::SHIP_RADIUS + k::SHIP_RADIUS + k::WEAPON_RADIUS;
                        // Both tests below need the ships within m1 + m2 + attack_radius; most
                        // candidates are clearly farther, which f64 tells without the extended sum.
                        if far_apart_f64(xy1, xy2, m1 + m2 + attack_radius) {
                            continue;
                        }
                        let Some(s2) = self.ship(sid2) else {
                            continue;
                        };
                        let mut distance = Distance::new((&s1.pos, xy1), (&s2.pos, xy2));
                        if s1.owner != o2 && distance.at_most(m1 + m2 + attack_radius) {
                            let t = if apart_all_turn((xy1, v1), (xy2, v2), attack_radius) {
                                None
                            } else {
                                collision_time(attack_radius, s1.pos, s2.pos, s1.vel, s2.vel)
                            };
                            match t {
                                Some(t) if (0.0..=1.0).contains(&t) => insert(SimEvent {
                                    kind: 0,
                                    id1,
                                    id2,
                                    time: round_event_time(t),
                                }),
                                _ if distance.below(attack_radius) => insert(SimEvent {
                                    kind: 0,
                                    id1,
                                    id2,
                                    time: 0.0,
                                }),
                                _ => {}
                            }
                        }
                        let collision_radius = k::SHIP_RADIUS + k::SHIP_RADIUS;
                        if id1 != id2
                            && distance.at_most(m1 + m2 + collision_radius)
                            && !apart_all_turn((xy1, v1), (xy2, v2), collision_radius)
                        {
                            if let Some(t) =
                                collision_time(collision_radius, s1.pos, s2.pos, s1.vel, s2.vel)
                            {
                                if (0.0..=1.0).contains(&t) {
                                    insert(SimEvent {
                                        kind: 1,
                                        id1,
                                        id2,
                                        time: round_event_time(t),
                                    });
                                }
                            }
                        }
                    }
                }
                for pi in planet_cells.near_indices(xy1, m1) {
                    let Some(planet) = self.planets.get(pi).filter(|p| p.is_alive()) else {
                        continue;
                    };
                    let xy = planet_cells.xy(pi);
                    let mut distance = Distance::new((&s1.pos, xy1), (&planet.pos, xy));
                    let r = k::SHIP_RADIUS + planet.r;
                    if distance.at_most(m1 + r) && !apart_all_turn((xy1, v1), (xy, (0.0, 0.0)), r) {
                        if let Some(t) = collision_time(r, s1.pos, planet.pos, s1.vel, Vec2::ZERO) {
                            if (0.0..=1.0).contains(&t) {
                                insert(SimEvent {
                                    kind: 1,
                                    id1,
                                    id2: EntityId::Planet(pi as u32),
                                    time: round_event_time(t),
                                });
                            }
                        }
                    }
                }
                // A ship whose end point is clearly inside the map (in f64, by far more than
                // f64 can be off) stays in; only the others have it worked out exactly.
                let (ex, ey) = (xy1.0 + v1.0, xy1.1 + v1.1);
                let m = Distance::MARGIN;
                let inside = ex > m
                    && ey > m
                    && ex < f64::from(self.width) - m
                    && ey < f64::from(self.height) - m;
                if !inside && !self.within_bounds(s1.pos.moved_by(s1.vel, 1.0)) {
                    let mut time = 1_000_000.0f64;
                    let zero = F80::ZERO;
                    let mut consider = |t: F80| {
                        if t.lt(F80::from_f64(time)) && !t.lt(zero) {
                            time = t.to_f64();
                        }
                    };
                    if !s1.vel.x.is_zero() {
                        consider(s1.pos.x.negated().divided(s1.vel.x));
                        consider(
                            F80::from_i64(i64::from(self.width))
                                .minus(s1.pos.x)
                                .divided(s1.vel.x),
                        );
                    }
                    if !s1.vel.y.is_zero() {
                        consider(s1.pos.y.negated().divided(s1.vel.y));
                        consider(
                            F80::from_i64(i64::from(self.height))
                                .minus(s1.pos.y)
                                .divided(s1.vel.y),
                        );
                    }
                    insert(SimEvent {
                        kind: 2,
                        id1,
                        id2: id1,
                        time: round_event_time(time),
                    });
                }
            }
        }
        sorted.clear();
        sorted.extend(set.iter().copied());
    }

    pub(super) fn within_bounds(&self, p: Vec2) -> bool {
        let zero = F80::ZERO;
        !p.x.lt(zero)
            && !p.y.lt(zero)
            && p.x.lt(F80::from_i64(i64::from(self.width)))
            && p.y.lt(F80::from_i64(i64::from(self.height)))
    }

    pub(super) fn credit_damage(&mut self, source: EntityId, target: EntityId, damage: u16) {
        let EntityId::Ship { owner: dealer, .. } = source else {
            return;
        };
        let receiver = match target {
            EntityId::Planet(p) => {
                let planet = &self.planets[p as usize];
                if !planet.owned {
                    return;
                }
                planet.owner
            }
            EntityId::Ship { owner, .. } => owner,
        };
        if dealer != receiver {
            self.damage_dealt[dealer as usize] += u64::from(damage);
        }
    }

    pub(super) fn process_events(&mut self, events: &mut Vec<Event>, sc: &mut Scratch) {
        self.find_events(sc);
        let Scratch {
            sorted,
            group,
            attackers,
            damage,
            ..
        } = sc;
        damage.resize_with(self.players, HashOrder::new);
        std_sort(sorted, &|a: &SimEvent, b: &SimEvent| a.time > b.time);
        while let Some(first) = sorted.pop() {
            group.clear();
            group.push(first);
            while sorted.last().is_some_and(|e| e.time == first.time) {
                if let Some(e) = sorted.pop() {
                    group.push(e);
                }
            }
            group.retain(|e| self.is_valid(e.id1) && self.is_valid(e.id2));
            if group.is_empty() {
                continue;
            }
            attackers.clear();
            for ev in group.iter() {
                match ev.kind {
                    1 => {
                        let self_damage = self.health(ev.id1);
                        let other_damage = match ev.id2 {
                            EntityId::Ship { .. } => self.health(ev.id2),
                            EntityId::Planet(_) => self_damage.min(self.health(ev.id2)),
                        };
                        self.credit_damage(ev.id2, ev.id1, self_damage);
                        self.credit_damage(ev.id1, ev.id2, other_damage);
                        self.damage_entity(ev.id1, self_damage, ev.time, events);
                        self.damage_entity(ev.id2, other_damage, ev.time, events);
                    }
                    2 => {
                        let damage = self.health(ev.id1);
                        self.damage_entity(ev.id1, damage, ev.time, events);
                    }
                    _ => {
                        self.register_attack(attackers, ev.id1, ev.id2, ev.time);
                        self.register_attack(attackers, ev.id2, ev.id1, ev.time);
                    }
                }
            }
            damage.iter_mut().for_each(HashOrder::clear);
            let dm = &mut *damage;
            for (src, rec) in attackers.iter_mut() {
                let (x, y) = rec.pos.to_f64();
                let targets = std::mem::take(&mut rec.targets);
                if let EntityId::Ship { owner, id } = *src {
                    self.damage_dealt[owner as usize] += u64::from(k::WEAPON_DAMAGE);
                    let share = f64::from(k::WEAPON_DAMAGE) / targets.len() as f64;
                    for target in &targets {
                        if let Some(s) = self.ship_mut(id) {
                            s.cooldown = k::WEAPON_COOLDOWN;
                        }
                        if let EntityId::Ship { owner: to, id: tid } = *target {
                            add_damage(dm, to, tid, share);
                        }
                    }
                }
                events.push(Event::Attack {
                    entity: *src,
                    x,
                    y,
                    targets,
                    time: rec.time,
                });
            }
            let time = group.last().map_or(0.0, |e| e.time);
            self.process_damage(dm, time, events);
            self.cleanup();
        }
    }

    pub(super) fn register_attack(
        &self,
        attackers: &mut HashOrder<(EntityId, AttackRecord)>,
        src: EntityId,
        target: EntityId,
        time: f64,
    ) {
        let EntityId::Ship { id, .. } = src else {
            return;
        };
        let Some(ship) = self.ship(id) else {
            return;
        };
        if !ship.is_alive() || ship.cooldown > 0 || ship.status != DockingStatus::Undocked {
            return;
        }
        if attackers.find(|e| e.0 == src).is_none() {
            attackers.insert(
                src.hash(),
                (
                    src,
                    AttackRecord {
                        pos: ship.pos,
                        time,
                        targets: Vec::new(),
                    },
                ),
                |e| e.0 == src,
            );
        }
        if let Some((_, rec)) = attackers.find_mut(|e| e.0 == src) {
            rec.targets.push(target);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `event_horizon`'s f64 sum gives the bits of the extended sums it stands for.
    #[test]
    fn event_horizon_matches_the_extended_sums() {
        let extended = |speed: f64| {
            F80::from_f64(k::SHIP_RADIUS)
                .plus(F80::from_f64(speed))
                .plus(F80::from_f64(k::WEAPON_RADIUS))
                .to_f64()
        };
        let mut speeds = vec![1.0 / 256.0, 0.1, 1.0, 3f64.sqrt(), 7.0, 8.0];
        let mut bits = 0x9e37_79b9_7f4a_7c15u64;
        for i in 0..200_000 {
            bits ^= bits << 13;
            bits ^= bits >> 7;
            bits ^= bits << 17;
            // Every significand, at every exponent of the range.
            let exp = 1023 - 8 + (i % 11) as u64;
            speeds.push(f64::from_bits(exp << 52 | (bits & ((1 << 52) - 1))));
        }
        for speed in speeds {
            if (1.0 / 256.0..=8.0).contains(&speed) {
                let got = State::event_horizon(speed);
                assert_eq!(got.to_bits(), extended(speed).to_bits(), "{speed}");
            }
        }
    }
}
