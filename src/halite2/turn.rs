//! The turn: the one place the rules live (`docs/rules-halite2.md#a-turn-in-order` and the
//! sections it links to).
//!
//! [`State::play_turn`] runs the reference's `process_next_frame` after the moves are in:
//! ejections, docking progress, moves, docking contention, collisions and combat, movement,
//! production, drag and cooldowns. Every container the reference iterates in hash order is
//! iterated in the same order ([`HashOrder`]), and positions stay in x87 extended precision.

use super::entities::{constants as k, DockingStatus, EntityId, Planet, Ship};
use super::events::Event;
use super::geometry::{atan2, collision_time, cos, round_event_time, sin, Vec2, F80};
use super::order::{std_sort, HashOrder};
use super::replay::{Command, Frame, PlanetRecord, ShipCommand, ShipRecord};

/// The board and the counters the ranking uses.
#[derive(Clone, Debug)]
pub struct State {
    pub width: u32,
    pub height: u32,
    pub players: usize,
    /// Every ship ever made, by id (`None` once removed).
    pub ships: Vec<Option<Ship>>,
    /// Per player, the ids of its ships in the reference's `unordered_map` order.
    pub order: Vec<HashOrder<u32>>,
    pub planets: Vec<Planet>,
    /// Ships produced per player (initial ships not counted).
    pub total_ship_count: Vec<u64>,
    pub damage_dealt: Vec<u64>,
}

/// Per planet, per player, the ships that tried to dock when they could not.
type Contention = HashOrder<(u32, HashOrder<(u8, Vec<EntityId>)>)>;
/// Per player, damage per ship id.
type DamageMap = Vec<HashOrder<(u32, f64)>>;

#[derive(Clone, Copy, Debug)]
struct SimEvent {
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

struct AttackRecord {
    pos: Vec2,
    time: f64,
    targets: Vec<EntityId>,
}

fn damage_map(players: usize) -> DamageMap {
    (0..players).map(|_| HashOrder::new()).collect()
}

fn add_damage(map: &mut DamageMap, owner: u8, id: u32, amount: f64) {
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
/// order they were added.
struct CellMap {
    w: usize,
    h: usize,
    pairs: Vec<(u32, EntityId)>,
    /// Cell `c` lists `ids[start[c]..start[c + 1]]` once finished.
    start: Vec<u32>,
    ids: Vec<EntityId>,
}

const CELL: i64 = 32;

/// The cosine and sine of a thrust angle in degrees, `angle * pi / 180` in doubles as the
/// reference computes it. The whole degrees below 360 (all that bots send in practice) come from
/// a table filled once by the same functions, so the bits are the same; the software
/// fused multiply-adds of the trigonometry are costly in wasm, which has no such instruction.
fn thrust_cos_sin(angle: u16) -> (f64, f64) {
    fn direct(angle: u16) -> (f64, f64) {
        let a = f64::from(angle) * std::f64::consts::PI / 180.0;
        (cos(a), sin(a))
    }
    static TABLE: std::sync::OnceLock<Vec<(f64, f64)>> = std::sync::OnceLock::new();
    let table = TABLE.get_or_init(|| (0..360).map(direct).collect());
    table
        .get(usize::from(angle))
        .copied()
        .unwrap_or_else(|| direct(angle))
}

/// The cosine and sine of `atan2(dy, dx)` for a spawn offset, from a table filled once by the
/// same functions (the offsets are the same few small integers for every spawn).
fn spawn_cos_sin(dx: i32, dy: i32) -> (f64, f64) {
    const R: i32 = k::SPAWN_RADIUS;
    const SIDE: usize = (2 * R + 1) as usize;
    fn direct(dx: i32, dy: i32) -> (f64, f64) {
        let angle = atan2(f64::from(dy), f64::from(dx));
        (cos(angle), sin(angle))
    }
    static TABLE: std::sync::OnceLock<Vec<(f64, f64)>> = std::sync::OnceLock::new();
    let table = TABLE.get_or_init(|| {
        (0..SIDE * SIDE)
            .map(|i| direct((i / SIDE) as i32 - R, (i % SIDE) as i32 - R))
            .collect()
    });
    if dx.abs() <= R && dy.abs() <= R {
        table[(dx + R) as usize * SIDE + (dy + R) as usize]
    } else {
        direct(dx, dy)
    }
}

/// Whether two points (rounded to f64 by `Vec2::to_f64`) are certainly farther apart than
/// `reach`: the f64 distance exceeds it by far more than f64 can be off from the extended
/// values (a false answer decides nothing).
fn far_apart_f64(a: (f64, f64), b: (f64, f64), reach: f64) -> bool {
    let dx = a.0 - b.0;
    let dy = a.1 - b.1;
    let r = reach + 1e-6;
    dx.abs() > r || dy.abs() > r || dx * dx + dy * dy > r * r
}

/// Whether the circle around `c` (`xy` is `c.to_f64()`) overlaps cell `(cx, cy)`.
fn overlaps_cell(cx: usize, cy: usize, c: Vec2, xy: (f64, f64), radius: f64) -> bool {
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

fn overlaps_cell_exact(cx: usize, cy: usize, c: Vec2, radius: f64) -> bool {
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

impl CellMap {
    fn new(width: u32, height: u32) -> CellMap {
        let w = (f64::from(width) / CELL as f64).ceil() as usize;
        let h = (f64::from(height) / CELL as f64).ceil() as usize;
        CellMap {
            w,
            h,
            pairs: Vec::new(),
            start: Vec::new(),
            ids: Vec::new(),
        }
    }

    fn finish(&mut self) {
        let mut start = vec![0u32; self.w * self.h + 1];
        for &(c, _) in &self.pairs {
            start[c as usize + 1] += 1;
        }
        for c in 1..start.len() {
            start[c] += start[c - 1];
        }
        let mut next = start.clone();
        let mut ids = vec![EntityId::Planet(0); self.pairs.len()];
        for &(c, id) in &self.pairs {
            ids[next[c as usize] as usize] = id;
            next[c as usize] += 1;
        }
        self.start = start;
        self.ids = ids;
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
        let range = |v: f64, n: usize| {
            const SLACK: f64 = 1e-3;
            let lo = ((v - radius - SLACK) / CELL as f64).floor();
            let hi = ((v + radius + SLACK) / CELL as f64).floor() + 1.0;
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
        (range(x, self.w), range(y, self.h))
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
    }

    fn test(&self, c: Vec2, xy: (f64, f64), radius: f64, out: &mut Vec<EntityId>) {
        let (xs, ys) = self.span(xy, radius);
        for cx in xs {
            for cy in ys.clone() {
                if overlaps_cell(cx, cy, c, xy, radius) {
                    let cell = cx * self.h + cy;
                    let (a, b) = (self.start[cell], self.start[cell + 1]);
                    out.extend_from_slice(&self.ids[a as usize..b as usize]);
                }
            }
        }
    }
}

/// What a turn produced besides the new state.
#[derive(Clone, Debug, Default)]
pub struct TurnOutcome {
    pub events: Vec<Event>,
    /// Per player, the commands applied to its ships (sorted by ship id).
    pub moves: Vec<Vec<ShipCommand>>,
    /// Per player, whether it is still in the game.
    pub alive: Vec<bool>,
}

impl State {
    /// A board from planets `(x, y, r)` and ship positions per player (ids given in order
    /// from 0, player by player).
    pub fn new(
        width: u32,
        height: u32,
        planets: &[(f64, f64, f64)],
        ships: &[Vec<(f64, f64)>],
    ) -> State {
        let players = ships.len();
        let mut st = State {
            width,
            height,
            players,
            ships: Vec::new(),
            order: (0..players).map(|_| HashOrder::new()).collect(),
            planets: planets
                .iter()
                .enumerate()
                .map(|(i, &(x, y, r))| Planet::new(i as u32, x, y, r))
                .collect(),
            total_ship_count: vec![0; players],
            damage_dealt: vec![0; players],
        };
        for (p, list) in ships.iter().enumerate() {
            for &(x, y) in list {
                st.add_ship(p as u8, Vec2::from_f64(x, y));
            }
        }
        st
    }

    fn add_ship(&mut self, owner: u8, pos: Vec2) -> u32 {
        let id = self.ships.len() as u32;
        self.ships.push(Some(Ship::new(id, owner, pos)));
        self.order[owner as usize].insert(u64::from(id), id, |&s| s == id);
        id
    }

    pub fn ship(&self, id: u32) -> Option<&Ship> {
        self.ships.get(id as usize).and_then(Option::as_ref)
    }

    fn ship_mut(&mut self, id: u32) -> Option<&mut Ship> {
        self.ships.get_mut(id as usize).and_then(Option::as_mut)
    }

    /// A ship of `owner` still on the board (possibly destroyed this step, not yet removed).
    fn owned_ship(&self, owner: u8, id: u32) -> Option<&Ship> {
        self.ship(id).filter(|s| s.owner == owner)
    }

    pub fn ship_count(&self, player: usize) -> usize {
        self.order[player].len()
    }

    /// Ids of a player's ships in the reference's iteration order.
    pub fn ship_ids(&self, player: usize) -> Vec<u32> {
        self.order[player].iter().copied().collect()
    }

    fn is_valid(&self, id: EntityId) -> bool {
        match id {
            EntityId::Ship { owner, id } => self.owned_ship(owner, id).is_some(),
            EntityId::Planet(p) => self.planets.get(p as usize).is_some_and(Planet::is_alive),
        }
    }

    fn health(&self, id: EntityId) -> u16 {
        match id {
            EntityId::Ship { id, .. } => self.ship(id).map_or(0, |s| s.health),
            EntityId::Planet(p) => self.planets.get(p as usize).map_or(0, |p| p.health),
        }
    }

    /// Removes destroyed ships (`cleanup_entities`).
    fn cleanup(&mut self) {
        for p in 0..self.players {
            let ships = &mut self.ships;
            let mut gone = Vec::new();
            self.order[p].retain(|&id| {
                let alive = ships[id as usize].as_ref().is_some_and(Ship::is_alive);
                if !alive {
                    gone.push(id);
                }
                alive
            });
            for id in gone {
                ships[id as usize] = None;
            }
        }
    }

    /// Ejects a player: its ships vanish without events, its planets become unowned (keeping
    /// their production).
    pub fn kill_player(&mut self, player: usize) {
        for id in self.ship_ids(player) {
            if let Some(s) = self.ship_mut(id) {
                s.health = 0;
            }
        }
        self.cleanup();
        for planet in &mut self.planets {
            if planet.owned && planet.owner as usize == player {
                planet.owned = false;
                planet.docked.clear();
            }
        }
    }

    fn damage_entity(&mut self, id: EntityId, damage: u16, time: f64, events: &mut Vec<Event>) {
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

    fn kill_entity(&mut self, id: EntityId, time: f64, events: &mut Vec<Event>) {
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

    fn process_damage(&mut self, map: &DamageMap, time: f64, events: &mut Vec<Event>) {
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

    fn process_docking(&mut self) {
        for p in 0..self.players {
            for id in self.ship_ids(p) {
                let Some(ship) = self.ships[id as usize].as_mut() else {
                    continue;
                };
                match ship.status {
                    DockingStatus::Docking => {
                        ship.progress = ship.progress.wrapping_sub(1);
                        if ship.progress == 0 {
                            ship.status = DockingStatus::Docked;
                        }
                    }
                    DockingStatus::Undocking => {
                        ship.progress = ship.progress.wrapping_sub(1);
                        if ship.progress == 0 {
                            ship.status = DockingStatus::Undocked;
                            let planet = ship.planet as usize;
                            if let Some(pl) = self.planets.get_mut(planet) {
                                pl.remove_ship(id);
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
        for planet in &mut self.planets {
            planet.frozen = false;
        }
    }

    fn contend(contention: &mut Contention, planet: u32, player: u8, ship: EntityId) {
        if contention.find(|e| e.0 == planet).is_none() {
            contention.insert(u64::from(planet), (planet, HashOrder::new()), |e| {
                e.0 == planet
            });
        }
        if let Some((_, per)) = contention.find_mut(|e| e.0 == planet) {
            if per.find(|e| e.0 == player).is_none() {
                per.insert(u64::from(player), (player, Vec::new()), |e| e.0 == player);
            }
            if let Some((_, list)) = per.find_mut(|e| e.0 == player) {
                list.push(ship);
            }
        }
    }

    fn docking_move(&mut self, player: u8, sid: u32, planet_id: u64, contention: &mut Contention) {
        let Some(pi) = usize::try_from(planet_id)
            .ok()
            .filter(|&p| p < self.planets.len())
        else {
            return;
        };
        let Some(ship) = self.ship(sid) else {
            return;
        };
        let planet = &self.planets[pi];
        let dock_radius = k::DOCK_RADIUS + planet.r + k::SHIP_RADIUS;
        if !planet.is_alive()
            || ship.status != DockingStatus::Undocked
            || !ship.vel.x.is_zero()
            || !ship.vel.y.is_zero()
            || ship.pos.distance(planet.pos) > dock_radius
        {
            return;
        }
        let me = EntityId::Ship {
            owner: player,
            id: sid,
        };
        if planet.frozen {
            Self::contend(contention, pi as u32, player, me);
            return;
        }
        if !self.planets[pi].owned {
            let pl = &mut self.planets[pi];
            pl.owned = true;
            pl.owner = player;
            pl.current_production = 0;
        }
        let planet = &self.planets[pi];
        if planet.owner == player && planet.docked.len() < planet.docking_spots as usize {
            if let Some(s) = self.ship_mut(sid) {
                s.planet = pi as u32;
                s.status = DockingStatus::Docking;
                s.progress = k::DOCK_TURNS;
            }
            self.planets[pi].docked.push(sid);
        } else if planet.owner != player {
            let owner = planet.owner;
            let all_just_started = planet.docked.iter().all(|&d| {
                self.owned_ship(owner, d).is_some_and(|s| {
                    s.status == DockingStatus::Docking && s.progress == k::DOCK_TURNS
                })
            });
            if all_just_started {
                let docked = std::mem::take(&mut self.planets[pi].docked);
                self.planets[pi].frozen = true;
                for d in docked {
                    if let Some(s) = self.ship_mut(d) {
                        if s.owner == owner {
                            s.reset_docking();
                        }
                    }
                    Self::contend(
                        contention,
                        pi as u32,
                        owner,
                        EntityId::Ship { owner, id: d },
                    );
                }
                let pl = &mut self.planets[pi];
                pl.owned = false;
                pl.owner = 0;
                Self::contend(contention, pi as u32, player, me);
            }
        } else {
            Self::contend(contention, pi as u32, player, me);
        }
    }

    fn process_moves(
        &mut self,
        alive: &[bool],
        moves: &[Vec<ShipCommand>],
    ) -> (Contention, Vec<Vec<ShipCommand>>) {
        let mut contention = Contention::new();
        let mut recorded = vec![Vec::new(); self.players];
        // `first[id]`: the index of the first command for ship `id` in the player's list
        // (`u32::MAX` if none), what a search of the list from the front finds.
        let mut first = vec![u32::MAX; self.ships.len()];
        for (p, rec) in recorded.iter_mut().enumerate() {
            if !alive.get(p).copied().unwrap_or(false) {
                continue;
            }
            let Some(list) = moves.get(p) else {
                continue;
            };
            if list.is_empty() {
                continue;
            }
            for (i, c) in list.iter().enumerate().rev() {
                if let Some(slot) = first.get_mut(c.ship as usize) {
                    *slot = i as u32;
                }
            }
            for sid in self.ship_ids(p) {
                let Some(cmd) = first.get(sid as usize).and_then(|&i| list.get(i as usize)) else {
                    continue;
                };
                match cmd.command {
                    Command::Thrust { magnitude, angle } => {
                        if let Some(ship) = self.ship_mut(sid) {
                            if ship.status == DockingStatus::Undocked {
                                let (c, s) = thrust_cos_sin(angle);
                                let m = f64::from(magnitude);
                                ship.vel.x = ship.vel.x.plus(F80::from_f64(m * c));
                                ship.vel.y = ship.vel.y.plus(F80::from_f64(m * s));
                                let speed = ship.vel.magnitude();
                                if speed > k::MAX_SPEED {
                                    let scale = F80::from_f64(k::MAX_SPEED)
                                        .divided(F80::from_f64(speed))
                                        .to_f64();
                                    let s = F80::from_f64(scale);
                                    ship.vel.x = ship.vel.x.times(s);
                                    ship.vel.y = ship.vel.y.times(s);
                                }
                            }
                        }
                    }
                    Command::Dock { planet } => {
                        self.docking_move(p as u8, sid, planet, &mut contention);
                    }
                    Command::Undock => {
                        if let Some(ship) = self.ship_mut(sid) {
                            if ship.status == DockingStatus::Docked {
                                ship.status = DockingStatus::Undocking;
                                ship.progress = k::DOCK_TURNS;
                            }
                        }
                    }
                }
                rec.push(*cmd);
            }
            for c in list {
                if let Some(slot) = first.get_mut(c.ship as usize) {
                    *slot = u32::MAX;
                }
            }
            crate::env::sort::by_key(rec, |c| c.ship);
        }
        (contention, recorded)
    }

    fn process_dock_fighting(&mut self, contention: &Contention, events: &mut Vec<Event>) {
        for (planet_id, per) in contention.iter() {
            if per.len() == 1 {
                continue;
            }
            let mut dm = damage_map(self.players);
            let mut participants = Vec::new();
            let mut locations = Vec::new();
            let total: usize = per.iter().map(|(_, l)| l.len()).sum();
            for (player, list) in per.iter() {
                let enemies = total - list.len();
                let split = f64::from(k::WEAPON_DAMAGE) / enemies as f64;
                for &sid in list {
                    let EntityId::Ship { id, .. } = sid else {
                        continue;
                    };
                    if !self.is_valid(sid) {
                        continue;
                    }
                    let Some(ship) = self.ship_mut(id) else {
                        continue;
                    };
                    if !ship.is_alive() || ship.cooldown != 0 {
                        continue;
                    }
                    participants.push(sid);
                    locations.push(ship.pos.to_f64());
                    ship.cooldown = k::WEAPON_COOLDOWN;
                    for (other, olist) in per.iter() {
                        if other == player {
                            continue;
                        }
                        for &os in olist {
                            if let EntityId::Ship { owner, id } = os {
                                add_damage(&mut dm, owner, id, split);
                            }
                        }
                    }
                }
            }
            self.process_damage(&dm, 0.0, events);
            self.cleanup();
            let (x, y) = self.planets[*planet_id as usize].pos.to_f64();
            events.push(Event::Contention {
                entity: EntityId::Planet(*planet_id),
                x,
                y,
                participants,
                participant_locations: locations,
            });
        }
    }

    fn event_horizon(ship: &Ship) -> f64 {
        F80::from_f64(k::SHIP_RADIUS)
            .plus(F80::from_f64(ship.vel.magnitude()))
            .plus(F80::from_f64(k::WEAPON_RADIUS))
            .to_f64()
    }

    fn find_events(&self) -> Vec<SimEvent> {
        let mut set: HashOrder<SimEvent> = HashOrder::new();
        let mut insert = |e: SimEvent| {
            set.insert(e.hash(), e, |o| o.same(&e));
        };
        // Each ship's position rounded to f64, speed and event horizon, and each planet's
        // position, once: the broad phase and the f64 pre-tests need them for every pair.
        let ships: Vec<((f64, f64), f64, f64)> = self
            .ships
            .iter()
            .map(|s| {
                s.as_ref().map_or(((0.0, 0.0), 0.0, 0.0), |s| {
                    (s.pos.to_f64(), s.vel.magnitude(), Self::event_horizon(s))
                })
            })
            .collect();
        let planets: Vec<(f64, f64)> = self.planets.iter().map(|p| p.pos.to_f64()).collect();
        let mut cells = CellMap::new(self.width, self.height);
        for p in 0..self.players {
            for &sid in self.order[p].iter() {
                if let Some(s) = self.ship(sid) {
                    let (xy, _, horizon) = ships[sid as usize];
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
        let mut candidates = Vec::new();
        // A ship in several cells is a candidate several times; its events are the same each
        // time and the set keeps the first, so later copies are skipped (`seen[id]` is the
        // ship being tested when ship `id` was last a candidate, plus one).
        let mut seen = vec![0u32; self.ships.len()];
        for p in 0..self.players {
            for &sid in self.order[p].iter() {
                let Some(s1) = self.ship(sid) else {
                    continue;
                };
                let id1 = EntityId::Ship {
                    owner: s1.owner,
                    id: sid,
                };
                candidates.clear();
                let (xy1, m1, horizon1) = ships[sid as usize];
                cells.test(s1.pos, xy1, horizon1, &mut candidates);
                for &id2 in &candidates {
                    let EntityId::Ship {
                        owner: o2,
                        id: sid2,
                    } = id2
                    else {
                        continue;
                    };
                    if seen[sid2 as usize] == sid + 1 {
                        continue;
                    }
                    seen[sid2 as usize] = sid + 1;
                    let Some(s2) = self.ship(sid2) else {
                        continue;
                    };
                    let (xy2, m2, _) = ships[sid2 as usize];
                    let attack_radius = k::SHIP_RADIUS + k::SHIP_RADIUS + k::WEAPON_RADIUS;
                    // Both tests below need the ships within m1 + m2 + attack_radius; most
                    // candidates are clearly farther, which f64 tells without the extended sum.
                    if far_apart_f64(xy1, xy2, m1 + m2 + attack_radius) {
                        continue;
                    }
                    let distance = s1.pos.distance(s2.pos);
                    if s1.owner != o2 && distance <= m1 + m2 + attack_radius {
                        let t = collision_time(attack_radius, s1.pos, s2.pos, s1.vel, s2.vel);
                        match t {
                            Some(t) if (0.0..=1.0).contains(&t) => insert(SimEvent {
                                kind: 0,
                                id1,
                                id2,
                                time: round_event_time(t),
                            }),
                            _ if distance < attack_radius => insert(SimEvent {
                                kind: 0,
                                id1,
                                id2,
                                time: 0.0,
                            }),
                            _ => {}
                        }
                    }
                    let collision_radius = k::SHIP_RADIUS + k::SHIP_RADIUS;
                    if id1 != id2 && distance <= m1 + m2 + collision_radius {
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
                for (pi, planet) in self.planets.iter().enumerate() {
                    if !planet.is_alive() {
                        continue;
                    }
                    if far_apart_f64(xy1, planets[pi], m1 + k::SHIP_RADIUS + planet.r) {
                        continue;
                    }
                    let distance = s1.pos.distance(planet.pos);
                    if distance <= m1 + k::SHIP_RADIUS + planet.r {
                        let r = k::SHIP_RADIUS + planet.r;
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
                let end = s1.pos.moved_by(s1.vel, 1.0);
                if !self.within_bounds(end) {
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
        set.iter().copied().collect()
    }

    fn within_bounds(&self, p: Vec2) -> bool {
        let zero = F80::ZERO;
        !p.x.lt(zero)
            && !p.y.lt(zero)
            && p.x.lt(F80::from_i64(i64::from(self.width)))
            && p.y.lt(F80::from_i64(i64::from(self.height)))
    }

    fn credit_damage(&mut self, source: EntityId, target: EntityId, damage: u16) {
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

    fn process_events(&mut self, events: &mut Vec<Event>) {
        let mut sorted = self.find_events();
        std_sort(&mut sorted, &|a: &SimEvent, b: &SimEvent| a.time > b.time);
        while let Some(first) = sorted.pop() {
            let mut group = vec![first];
            while sorted.last().is_some_and(|e| e.time == first.time) {
                if let Some(e) = sorted.pop() {
                    group.push(e);
                }
            }
            group.retain(|e| self.is_valid(e.id1) && self.is_valid(e.id2));
            if group.is_empty() {
                continue;
            }
            let mut attackers: HashOrder<(EntityId, AttackRecord)> = HashOrder::new();
            for ev in &group {
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
                        self.register_attack(&mut attackers, ev.id1, ev.id2, ev.time);
                        self.register_attack(&mut attackers, ev.id2, ev.id1, ev.time);
                    }
                }
            }
            let mut dm = damage_map(self.players);
            for (src, rec) in attackers.iter() {
                let (x, y) = rec.pos.to_f64();
                events.push(Event::Attack {
                    entity: *src,
                    x,
                    y,
                    targets: rec.targets.clone(),
                    time: rec.time,
                });
                let EntityId::Ship { owner, id } = *src else {
                    continue;
                };
                self.damage_dealt[owner as usize] += u64::from(k::WEAPON_DAMAGE);
                let share = f64::from(k::WEAPON_DAMAGE) / rec.targets.len() as f64;
                for target in &rec.targets {
                    if let Some(s) = self.ship_mut(id) {
                        s.cooldown = k::WEAPON_COOLDOWN;
                    }
                    if let EntityId::Ship { owner: to, id: tid } = *target {
                        add_damage(&mut dm, to, tid, share);
                    }
                }
            }
            let time = group.last().map_or(0.0, |e| e.time);
            self.process_damage(&dm, time, events);
            self.cleanup();
        }
    }

    fn register_attack(
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

    fn process_movement(&mut self) {
        for p in 0..self.players {
            for id in self.ship_ids(p) {
                if let Some(s) = self.ship_mut(id) {
                    s.pos = s.pos.moved_by(s.vel, 1.0);
                }
            }
        }
    }

    fn spawn_spot(&self, planet: &Planet) -> Option<Vec2> {
        let center = Vec2::from_f64(f64::from(self.width) / 2.0, f64::from(self.height) / 2.0);
        let open_radius = k::SHIP_RADIUS * 3.0;
        let ship_clear = open_radius + k::SHIP_RADIUS;
        let ship_clear2 = F80::from_f64(ship_clear * ship_clear);
        let w = F80::from_i64(i64::from(self.width));
        let h = F80::from_i64(i64::from(self.height));
        let mut best: Option<Vec2> = None;
        let mut best_distance = f64::MAX;
        // What a spot may collide with, with positions rounded to f64 once (for `far_apart`).
        let planets: Vec<(&Planet, (f64, f64))> = self
            .planets
            .iter()
            .filter(|q| q.is_alive())
            .map(|q| (q, q.pos.to_f64()))
            .collect();
        let ships: Vec<(Vec2, (f64, f64))> = (0..self.players)
            .flat_map(|p| self.order[p].iter())
            .filter_map(|&sid| self.ship(sid))
            .filter(|s| s.is_alive())
            .map(|s| (s.pos, s.pos.to_f64()))
            .collect();
        for dx in -k::SPAWN_RADIUS..=k::SPAWN_RADIUS {
            for dy in -k::SPAWN_RADIUS..=k::SPAWN_RADIUS {
                let (c, s) = spawn_cos_sin(dx, dy);
                let ox = f64::from(dx) + planet.r * c;
                let oy = f64::from(dy) + planet.r * s;
                let x = planet.pos.x.plus(F80::from_f64(ox));
                if x.lt(F80::ZERO) || !x.lt(w) {
                    continue;
                }
                let y = planet.pos.y.plus(F80::from_f64(oy));
                if y.lt(F80::ZERO) || !y.lt(h) {
                    continue;
                }
                let spot = Vec2 { x, y };
                let distance = spot.distance(center);
                // Only a nearer spot can win (`partial_cmp`: a NaN distance never does).
                if distance.partial_cmp(&best_distance) != Some(std::cmp::Ordering::Less) {
                    continue;
                }
                let xy = spot.to_f64();
                let occupied = planets.iter().any(|&(q, q_xy)| {
                    let t = open_radius + q.r;
                    !far_apart_f64(xy, q_xy, t) && spot.distance2(q.pos).le(F80::from_f64(t * t))
                }) || ships.iter().any(|&(pos, s_xy)| {
                    !far_apart_f64(xy, s_xy, ship_clear) && spot.distance2(pos).le(ship_clear2)
                });
                if !occupied {
                    best_distance = distance;
                    best = Some(spot);
                }
            }
        }
        best
    }

    fn process_production(&mut self, events: &mut Vec<Event>) {
        for pi in 0..self.planets.len() {
            let planet = &self.planets[pi];
            if !planet.is_alive() || !planet.owned {
                continue;
            }
            let owner = planet.owner;
            let docked = planet
                .docked
                .iter()
                .filter(|&&sid| {
                    self.owned_ship(owner, sid)
                        .is_some_and(|s| s.status == DockingStatus::Docked)
                })
                .count() as u16;
            if docked == 0 {
                continue;
            }
            let production = planet.remaining_production.min(
                k::BASE_PRODUCTIVITY
                    .wrapping_add((docked - 1).wrapping_mul(k::ADDITIONAL_PRODUCTIVITY)),
            );
            self.planets[pi].current_production =
                self.planets[pi].current_production.wrapping_add(production);
            while self.planets[pi].current_production >= k::PRODUCTION_PER_SHIP {
                let planet = self.planets[pi].clone();
                let Some(spot) = self.spawn_spot(&planet) else {
                    break;
                };
                self.planets[pi].current_production -= k::PRODUCTION_PER_SHIP;
                let id = self.add_ship(owner, spot);
                self.total_ship_count[owner as usize] += 1;
                let (x, y) = spot.to_f64();
                let (planet_x, planet_y) = planet.pos.to_f64();
                events.push(Event::Spawned {
                    entity: EntityId::Ship { owner, id },
                    planet: EntityId::Planet(pi as u32),
                    x,
                    y,
                    planet_x,
                    planet_y,
                });
            }
        }
    }

    fn process_drag(&mut self) {
        for p in 0..self.players {
            for id in self.ship_ids(p) {
                if let Some(s) = self.ship_mut(id) {
                    if s.vel.magnitude() <= k::DRAG {
                        s.vel = Vec2::ZERO;
                    }
                    // Speeds never exceed MAX_SPEED (7) < DRAG (10), so every ship stops.
                }
            }
        }
    }

    fn process_cooldowns(&mut self) {
        for s in self.ships.iter_mut().flatten() {
            if s.cooldown > 0 {
                s.cooldown -= 1;
            }
        }
    }

    /// `find_living_players`: who has ships, unless one player owns every living planet.
    pub fn living_players(&self) -> Vec<bool> {
        let mut alive: Vec<bool> = (0..self.players)
            .map(|p| !self.order[p].is_empty())
            .collect();
        let mut owned = vec![0usize; self.players];
        let mut total = 0;
        for planet in &self.planets {
            if !planet.is_alive() {
                continue;
            }
            total += 1;
            if planet.owned && !planet.docked.is_empty() {
                let docked = planet.docked.iter().any(|&sid| {
                    self.owned_ship(planet.owner, sid)
                        .is_some_and(|s| s.status == DockingStatus::Docked)
                });
                if docked {
                    if let Some(c) = owned.get_mut(planet.owner as usize) {
                        *c += 1;
                    }
                }
            }
        }
        for (p, &n) in owned.iter().enumerate() {
            if n == total {
                alive.iter_mut().for_each(|a| *a = false);
                if self.players > 1 {
                    alive[p] = true;
                }
            }
        }
        alive
    }

    /// One turn: `ejected` players are removed first, then the rules run with `moves` for the
    /// players `alive` at the start of the turn.
    pub fn play_turn(
        &mut self,
        alive: &[bool],
        ejected: &[usize],
        moves: &[Vec<ShipCommand>],
    ) -> TurnOutcome {
        for &p in ejected {
            if p < self.players {
                self.kill_player(p);
            }
        }
        let mut events = Vec::new();
        self.process_docking();
        let (contention, recorded) = self.process_moves(alive, moves);
        self.process_dock_fighting(&contention, &mut events);
        self.process_events(&mut events);
        self.process_movement();
        self.process_production(&mut events);
        self.process_drag();
        self.process_cooldowns();
        TurnOutcome {
            events,
            moves: recorded,
            alive: self.living_players(),
        }
    }

    /// The state as a replay frame (without events).
    pub fn frame(&self) -> Frame {
        let ships = (0..self.players)
            .map(|p| {
                let mut list = Vec::with_capacity(self.order[p].len());
                list.extend(
                    self.order[p]
                        .iter()
                        .filter_map(|&id| self.ship(id))
                        .map(|s| {
                            let (x, y) = s.pos.to_f64();
                            let (vel_x, vel_y) = s.vel.to_f64();
                            let docked = s.status != DockingStatus::Undocked;
                            let moving = matches!(
                                s.status,
                                DockingStatus::Docking | DockingStatus::Undocking
                            );
                            ShipRecord {
                                id: s.id,
                                owner: s.owner,
                                x,
                                y,
                                vel_x,
                                vel_y,
                                health: u32::from(s.health),
                                cooldown: s.cooldown,
                                status: s.status,
                                planet: docked.then_some(s.planet),
                                turns_left: moving.then_some(s.progress),
                            }
                        }),
                );
                crate::env::sort::by_key(&mut list, |s: &ShipRecord| s.id);
                list
            })
            .collect();
        let mut planets = Vec::with_capacity(self.planets.len());
        planets.extend(
            self.planets
                .iter()
                .filter(|p| p.is_alive())
                .map(|p| PlanetRecord {
                    id: p.id,
                    health: u32::from(p.health),
                    owner: p.owner(),
                    docked_ships: p.docked.clone(),
                    current_production: u32::from(p.current_production),
                    remaining_production: u32::from(p.remaining_production),
                }),
        );
        Frame {
            ships,
            planets,
            events: None,
        }
    }
}
