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
use super::replay::{Command, Frame, PlanetRecord, ShipCommand, ShipIds, ShipRecord};

mod collisions;
mod docking;

use collisions::{far_apart_f64, AttackRecord, CellMap, DamageMap, PlanetCells, SimEvent};
use docking::Contention;

/// The working lists of a turn, kept between turns so that a turn allocates only what it
/// returns (its events, its recorded commands). A copy of a state starts with empty lists.
#[derive(Default)]
pub(crate) struct Scratch {
    /// `process_moves`: per ship id, the index of its first command in the player's list.
    first: Vec<u32>,
    /// `find_events`: per ship id, its position and velocity in f64, speed and event horizon.
    ships: Vec<collisions::ShipF64>,
    /// `find_events`: the planets a ship may meet, by cell.
    planet_cells: PlanetCells,
    cells: CellMap,
    seen: Vec<u32>,
    found: HashOrder<SimEvent>,
    /// `process_events`: the events found, by time, and the group of one time.
    sorted: Vec<SimEvent>,
    group: Vec<SimEvent>,
    /// `process_events`: the attackers of one time, and the damage their attacks deal.
    attackers: HashOrder<(EntityId, AttackRecord)>,
    damage: DamageMap,
    /// `spawn_spot`: the ships a spot may collide with.
    spawn_ships: Vec<(Vec2, (f64, f64))>,
    /// How many events the turn before had.
    events_before: usize,
}

impl Clone for Scratch {
    fn clone(&self) -> Scratch {
        Scratch::default()
    }
}

/// A state's [`Scratch`], boxed; a copy of a state has none.
#[derive(Default, Debug)]
pub(crate) struct ScratchBox(Option<Box<Scratch>>);

impl Clone for ScratchBox {
    fn clone(&self) -> ScratchBox {
        ScratchBox(None)
    }
}

impl std::fmt::Debug for Scratch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Scratch")
    }
}

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
    /// The turn's working lists (boxed: a turn takes them out and puts them back, a pointer
    /// each way; none until the first turn).
    pub(crate) scratch: ScratchBox,
}

/// The cosine and sine of a thrust angle in degrees, `angle * pi / 180` in doubles as the
/// reference computes it. The whole degrees below 360 (all that bots send in practice) come from
/// a table whose entries are each worked out by the same functions the first time the angle is
/// used (a game uses some of them: 201 in g09), so the bits are the same; the software fused
/// multiply-adds of the trigonometry are costly in wasm, which has no such instruction.
fn thrust_cos_sin(angle: u16) -> (f64, f64) {
    fn direct(angle: u16) -> (f64, f64) {
        let a = f64::from(angle) * std::f64::consts::PI / 180.0;
        (cos(a), sin(a))
    }
    use std::sync::OnceLock;
    static TABLE: [OnceLock<(f64, f64)>; 360] = [const { OnceLock::new() }; 360];
    match TABLE.get(usize::from(angle)) {
        Some(entry) => *entry.get_or_init(|| direct(angle)),
        None => direct(angle),
    }
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
            scratch: ScratchBox::default(),
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
            // Most calls find every ship alive: nothing to remove.
            let ships = &self.ships;
            if self.order[p]
                .iter()
                .all(|&id| ships[id as usize].as_ref().is_some_and(Ship::is_alive))
            {
                continue;
            }
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

    fn process_moves(
        &mut self,
        alive: &[bool],
        moves: &[Vec<ShipCommand>],
        first: &mut Vec<u32>,
    ) -> (Contention, Vec<Vec<ShipCommand>>) {
        let mut contention = Contention::new();
        let mut recorded = vec![Vec::new(); self.players];
        // `first[id]`: the index of the first command for ship `id` in the player's list
        // (`u32::MAX` if none), what a search of the list from the front finds. Every entry
        // set for a list is reset after it, so the vector is all `u32::MAX` between turns.
        first.resize(self.ships.len(), u32::MAX);
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
            rec.reserve(list.len().min(self.order[p].len()));
            // Docking moves no ship in or out of the player's list.
            for at in 0..self.order[p].len() {
                let Some(&sid) = self.order[p].get(at) else {
                    break;
                };
                let Some(cmd) = first.get(sid as usize).and_then(|&i| list.get(i as usize)) else {
                    continue;
                };
                match cmd.command {
                    Command::Thrust { magnitude, angle } => {
                        if let Some(ship) = self.ship_mut(sid) {
                            if ship.status == DockingStatus::Undocked {
                                let (c, s) = thrust_cos_sin(angle);
                                let m = f64::from(magnitude);
                                // A ship starts the turn at rest (drag stops every ship), and
                                // `0 + v` is `v` for a nonzero `v`: no sum to work out then.
                                let add = |v: F80, d: F80| {
                                    if v.is_zero() && !d.is_zero() {
                                        d
                                    } else {
                                        v.plus(d)
                                    }
                                };
                                ship.vel.x = add(ship.vel.x, F80::from_f64(m * c));
                                ship.vel.y = add(ship.vel.y, F80::from_f64(m * s));
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

    fn process_movement(&mut self) {
        for &id in self.order.iter().flat_map(HashOrder::iter) {
            if let Some(Some(s)) = self.ships.get_mut(id as usize) {
                // A ship at rest (most ships) stays where it is: `x + 0` is `x` for a nonzero
                // `x` (only a zero coordinate can change, its sign).
                let at_rest = s.vel.x.is_zero() && s.vel.y.is_zero();
                if at_rest && !s.pos.x.is_zero() && !s.pos.y.is_zero() {
                    continue;
                }
                s.pos = s.pos.moved_by(s.vel, 1.0);
            }
        }
    }

    /// Where `planet` spawns a ship: the free spot nearest the centre of the map. `near` is
    /// prepared for this board; `ships` is working space.
    fn spawn_spot(
        &self,
        planet: &Planet,
        near: &PlanetCells,
        ships: &mut Vec<(Vec2, (f64, f64))>,
    ) -> Option<Vec2> {
        let (center_x, center_y) = (f64::from(self.width) / 2.0, f64::from(self.height) / 2.0);
        let center = Vec2::from_f64(center_x, center_y);
        let open_radius = k::SHIP_RADIUS * 3.0;
        let ship_clear = open_radius + k::SHIP_RADIUS;
        let ship_clear2 = F80::from_f64(ship_clear * ship_clear);
        let w = F80::from_i64(i64::from(self.width));
        let h = F80::from_i64(i64::from(self.height));
        let mut best: Option<Vec2> = None;
        let mut best_distance = f64::MAX;
        let (planet_x, planet_y) = planet.pos.to_f64();
        // The ships a spot may collide with, with positions rounded to f64 once (for
        // `far_apart`); the planets it may collide with are those `near` lists for it (a spot
        // is taken within `open_radius + r` of a planet, less than a ship's reach). Every spot
        // is within `r + 2 * sqrt(2)` of the planet's centre, so a ship more than `r + 3 +
        // ship_clear + 1` from it is clearly clear of every spot and is left out.
        let ship_reach = planet.r + 3.0 + ship_clear + 1.0;
        ships.clear();
        ships.extend(
            (0..self.players)
                .flat_map(|p| self.order[p].iter())
                .filter_map(|&sid| self.ship(sid))
                .filter(|s| s.is_alive())
                .map(|s| (s.pos, s.pos.to_f64()))
                .filter(|&(_, xy)| !far_apart_f64((planet_x, planet_y), xy, ship_reach)),
        );
        for dx in -k::SPAWN_RADIUS..=k::SPAWN_RADIUS {
            for dy in -k::SPAWN_RADIUS..=k::SPAWN_RADIUS {
                let (c, s) = spawn_cos_sin(dx, dy);
                let ox = f64::from(dx) + planet.r * c;
                let oy = f64::from(dy) + planet.r * s;
                // Only a nearer spot can win: one clearly farther than the best so far (in f64,
                // within 1e-10 of the extended values) needs neither its extended coordinates
                // nor its exact distance.
                let (ax, ay) = (planet_x + ox - center_x, planet_y + oy - center_y);
                if (ax * ax + ay * ay).sqrt() > best_distance + 1e-6 {
                    continue;
                }
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
                // (`partial_cmp`: a NaN distance never wins.)
                if distance.partial_cmp(&best_distance) != Some(std::cmp::Ordering::Less) {
                    continue;
                }
                let xy = spot.to_f64();
                let occupied = near.near_indices(xy, 0.0).any(|qi| {
                    let Some(q) = self.planets.get(qi).filter(|q| q.is_alive()) else {
                        return false;
                    };
                    let t = open_radius + q.r;
                    !far_apart_f64(xy, near.xy(qi), t)
                        && spot.distance2(q.pos).le(F80::from_f64(t * t))
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

    /// Production and spawning; `scratch` holds the planet cells `find_events` prepared this
    /// turn.
    fn process_production(&mut self, events: &mut Vec<Event>, scratch: &mut Scratch) {
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
                let Some(spot) =
                    self.spawn_spot(&planet, &scratch.planet_cells, &mut scratch.spawn_ships)
                else {
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
        for &id in self.order.iter().flat_map(HashOrder::iter) {
            if let Some(Some(s)) = self.ships.get_mut(id as usize) {
                // Within 7.0625 in x and in y the magnitude is below 9.99, under DRAG (10),
                // whatever its last bits: only a faster ship needs it computed.
                let (vx, vy) = s.vel.to_f64();
                let slow = vx.abs() <= 7.0625 && vy.abs() <= 7.0625;
                if slow || s.vel.magnitude() <= k::DRAG {
                    s.vel = Vec2::ZERO;
                }
                // Speeds never exceed MAX_SPEED (7) < DRAG (10), so every ship stops.
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
    ///
    /// "Owns" counts the planets it holds with a ship docked. The reference counts them per
    /// player and compares each count with the number of living planets, in seat order, each
    /// match leaving only that player: with no living planet every player matches, and the
    /// last seat is left.
    pub fn living_players(&self) -> Vec<bool> {
        let mut alive: Vec<bool> = (0..self.players)
            .map(|p| !self.order[p].is_empty())
            .collect();
        // Per player, the planets it owns (on the stack for the usual few players).
        let mut few = [0usize; 8];
        let mut many = Vec::new();
        let owned: &mut [usize] = if self.players <= few.len() {
            &mut few[..self.players]
        } else {
            many.resize(self.players, 0);
            &mut many
        };
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
        let mut scratch = self.scratch.0.take().unwrap_or_default();
        // Room for as many events as the turn before had: the list rarely grows.
        let mut events = Vec::with_capacity(scratch.events_before);
        self.process_docking();
        let (contention, recorded) = self.process_moves(alive, moves, &mut scratch.first);
        self.process_dock_fighting(&contention, &mut events);
        self.process_events(&mut events, &mut scratch);
        self.process_movement();
        self.process_production(&mut events, &mut scratch);
        scratch.events_before = events.len();
        self.scratch.0 = Some(scratch);
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
                let order = &self.order[p];
                // The ids in ascending order (what sorting the records by id gives: a
                // container's ids are distinct), sorted before the records are made.
                let mut few = [0u32; 64];
                let mut many = Vec::new();
                let ids: &mut [u32] = if order.len() <= few.len() {
                    let ids = &mut few[..order.len()];
                    for (slot, &id) in ids.iter_mut().zip(order.iter()) {
                        *slot = id;
                    }
                    insertion_sort(ids);
                    ids
                } else {
                    many.extend(order.iter().copied());
                    crate::env::sort::values(&mut many);
                    &mut many
                };
                let mut list = Vec::with_capacity(ids.len());
                list.extend(ids.iter().filter_map(|&id| self.ship(id)).map(|s| {
                    let (x, y) = s.pos.to_f64();
                    let (vel_x, vel_y) = s.vel.to_f64();
                    let docked = s.status != DockingStatus::Undocked;
                    let moving =
                        matches!(s.status, DockingStatus::Docking | DockingStatus::Undocking);
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
                }));
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
                    docked_ships: ShipIds::from(p.docked.as_slice()),
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

/// Sorts a few values in ascending order by insertion (no working space, no call).
fn insertion_sort(v: &mut [u32]) {
    for i in 1..v.len() {
        let x = v[i];
        let mut j = i;
        while j > 0 && v[j - 1] > x {
            v[j] = v[j - 1];
            j -= 1;
        }
        v[j] = x;
    }
}
