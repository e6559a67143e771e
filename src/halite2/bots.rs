//! The page's built-in Halite II bots as native policies, command for command the same as the
//! page's TypeScript ones (`www/src/games/halite2/bots.ts`, `fleet.ts`, `navigate.ts`): the
//! same observation ([`Observation`]: ships in seat then id order, living planets by id), the same arithmetic in
//! the same order, and JavaScript's own `Math.hypot` and `Math.round`. A test plays them
//! against the TypeScript versions on fixed seeds.

use super::entities::DockingStatus;
use super::observe::{Observation, PlanetView, ShipView};
use super::replay::{Command, ShipCommand};

/// A built-in bot: a seat's observation -> commands for its ships this turn.
pub type Bot = fn(&Observation) -> Vec<ShipCommand>;

/// The built-in bots' names, as the page names them.
pub const NAMES: [&str; 2] = ["settler", "aggressive"];

/// The bot called `name`, if there is one.
pub fn by_name(name: &str) -> Option<Bot> {
    match name {
        "settler" => Some(settler),
        "aggressive" => Some(aggressive),
        _ => None,
    }
}

const THREAT_RADIUS: f64 = 35.0;
const UNSAFE_DOCK: f64 = 40.0;
const ESCORT_RADIUS: f64 = 70.0;
const PREY_RADIUS: f64 = 30.0;
const SHIP_RADIUS: f64 = 0.5;
const DOCK_RADIUS: f64 = 4.0;
const MAX_SPEED: f64 = 7.0;
const FUDGE: f64 = 0.1;

#[derive(Clone, Copy, Debug)]
struct Point {
    x: f64,
    y: f64,
}

impl ShipView {
    fn at(&self) -> Point {
        Point {
            x: self.x,
            y: self.y,
        }
    }

    fn undocked(&self) -> bool {
        self.docking == DockingStatus::Undocked
    }
}

impl PlanetView {
    fn at(&self) -> Point {
        Point {
            x: self.x,
            y: self.y,
        }
    }
}

/// JavaScript's `Math.hypot` for two arguments: scaled by the larger magnitude, the squares
/// summed with Kahan's compensation.
fn js_hypot(a: f64, b: f64) -> f64 {
    let (a, b) = (a.abs(), b.abs());
    let max = a.max(b);
    if max == 0.0 {
        return 0.0;
    }
    if max.is_infinite() {
        return f64::INFINITY;
    }
    let mut sum = 0.0f64;
    let mut compensation = 0.0f64;
    for v in [a, b] {
        let n = v / max;
        let summand = n * n - compensation;
        let preliminary = sum + summand;
        compensation = (preliminary - sum) - summand;
        sum = preliminary;
    }
    sum.sqrt() * max
}

/// JavaScript's `Math.round`: the nearest integer, halves toward +infinity.
fn js_round(x: f64) -> f64 {
    let f = x.floor();
    if x - f >= 0.5 {
        f + 1.0
    } else {
        f
    }
}

fn distance(a: Point, b: Point) -> f64 {
    js_hypot(b.x - a.x, b.y - a.y)
}

fn angle_to(a: Point, b: Point) -> f64 {
    let deg = (libm::atan2(b.y - a.y, b.x - a.x) * 180.0) / std::f64::consts::PI;
    (deg + 360.0) % 360.0
}

fn closest_point_to(from: Point, target: Point, radius: f64, min_distance: f64) -> Point {
    let a = (angle_to(target, from) * std::f64::consts::PI) / 180.0;
    let r = radius + min_distance;
    Point {
        x: target.x + r * libm::cos(a),
        y: target.y + r * libm::sin(a),
    }
}

fn can_dock(ship: Point, planet: &PlanetView) -> bool {
    distance(ship, planet.at()) <= planet.radius + DOCK_RADIUS + SHIP_RADIUS
}

fn has_room(planet: &PlanetView, me: usize, taken: f64) -> bool {
    if planet.owner.is_some_and(|o| usize::from(o) != me) {
        return false;
    }
    planet.docked_ships.len() as f64 + taken < f64::from(planet.docking_spots)
}

fn segment_hits_circle(a: Point, b: Point, c: Point, r: f64) -> bool {
    let dx = b.x - a.x;
    let dy = b.y - a.y;
    let len2 = dx * dx + dy * dy;
    let mut t = if len2 == 0.0 {
        0.0
    } else {
        ((c.x - a.x) * dx + (c.y - a.y) * dy) / len2
    };
    t = 0f64.max(1f64.min(t));
    let px = a.x + t * dx - c.x;
    let py = a.y + t * dy - c.y;
    px * px + py * py <= r * r
}

/// Whether the straight path from `ship` to `to` meets a planet or another ship.
fn path_blocked(obs: &Observation, ship: &ShipView, to: Point) -> bool {
    let hit = |c: Point, radius: f64| -> bool {
        let r = radius + SHIP_RADIUS + FUDGE;
        distance(ship.at(), c) > r && segment_hits_circle(ship.at(), to, c, r)
    };
    obs.planets.iter().any(|p| hit(p.at(), p.radius))
        || obs
            .ships
            .iter()
            .any(|s| s.id != ship.id && hit(s.at(), SHIP_RADIUS))
}

fn inside(obs: &Observation, p: Point) -> bool {
    let m = SHIP_RADIUS;
    p.x >= m && p.y >= m && p.x < f64::from(obs.width) - m && p.y < f64::from(obs.height) - m
}

#[derive(Clone, Copy)]
struct Move {
    from: Point,
    to: Point,
}

fn moves_meet(a: Move, b: Move) -> bool {
    let p0 = Point {
        x: b.from.x - a.from.x,
        y: b.from.y - a.from.y,
    };
    let p1 = Point {
        x: b.to.x - a.to.x,
        y: b.to.y - a.to.y,
    };
    segment_hits_circle(p0, p1, Point { x: 0.0, y: 0.0 }, 2.0 * SHIP_RADIUS + FUDGE)
}

/// `navigate` with the fleet's options: full speed, 90 corrections of 2 degrees a side,
/// planets and ships avoided, this turn's planned moves not met.
fn navigate(
    obs: &Observation,
    ship: &ShipView,
    target: Point,
    planned: &[Move],
) -> Option<(u16, u16)> {
    let dist = distance(ship.at(), target);
    let magnitude = 0f64.max(MAX_SPEED.min(MAX_SPEED.floor()).min(dist.floor()));
    if magnitude == 0.0 {
        return None;
    }
    let base = js_round(angle_to(ship.at(), target)) as i64;
    let (tries, step) = (90i64, 2i64);
    for k in 0..=tries {
        let signs: &[i64] = if k == 0 { &[1] } else { &[1, -1] };
        for &sign in signs {
            let angle = (((base + sign * k * step) % 360) + 360) % 360;
            let rad = (angle as f64 * std::f64::consts::PI) / 180.0;
            let end = Point {
                x: ship.x + magnitude * libm::cos(rad),
                y: ship.y + magnitude * libm::sin(rad),
            };
            if !inside(obs, end) {
                continue;
            }
            let mv = Move {
                from: ship.at(),
                to: end,
            };
            if planned.iter().any(|&m| moves_meet(mv, m)) {
                continue;
            }
            let far = Point {
                x: ship.x + dist * libm::cos(rad),
                y: ship.y + dist * libm::sin(rad),
            };
            if path_blocked(obs, ship, far) {
                continue;
            }
            return Some((magnitude as u16, angle as u16));
        }
    }
    None
}

/// The item with the least cost (the first of equals), or None.
fn nearest<'a, T>(items: impl IntoIterator<Item = &'a T>, cost: impl Fn(&T) -> f64) -> Option<&'a T>
where
    T: 'a,
{
    let mut best = None;
    let mut best_cost = f64::INFINITY;
    for t in items {
        let c = cost(t);
        if c < best_cost {
            best_cost = c;
            best = Some(t);
        }
    }
    best
}

struct Fleet<'a> {
    obs: &'a Observation,
    me: usize,
    mine: Vec<ShipView>,
    enemies: Vec<ShipView>,
    commands: Vec<ShipCommand>,
    ordered: Vec<u32>,
    planned: Vec<Move>,
    spots: Vec<(u32, f64)>,
}

impl<'a> Fleet<'a> {
    fn new(obs: &'a Observation) -> Fleet<'a> {
        let me = obs.my_id;
        Fleet {
            obs,
            me,
            mine: obs
                .ships
                .iter()
                .filter(|s| usize::from(s.owner) == me)
                .cloned()
                .collect(),
            enemies: obs
                .ships
                .iter()
                .filter(|s| usize::from(s.owner) != me)
                .cloned()
                .collect(),
            commands: Vec::new(),
            ordered: Vec::new(),
            planned: Vec::new(),
            spots: Vec::new(),
        }
    }

    fn free(&self) -> Vec<ShipView> {
        self.mine
            .iter()
            .filter(|s| s.undocked() && !self.ordered.contains(&s.id))
            .cloned()
            .collect()
    }

    fn promised(&self, planet: u32) -> f64 {
        self.spots
            .iter()
            .find(|(p, _)| *p == planet)
            .map_or(0.0, |(_, n)| *n)
    }

    fn promise(&mut self, planet: u32) {
        let n = self.promised(planet) + 1.0;
        match self.spots.iter_mut().find(|(p, _)| *p == planet) {
            Some(slot) => slot.1 = n,
            None => self.spots.push((planet, n)),
        }
    }

    fn dock(&mut self, ship: &ShipView, planet: &PlanetView) {
        self.promise(planet.id);
        self.hold(ship);
        self.commands.push(ShipCommand {
            ship: ship.id,
            command: Command::Dock {
                planet: u64::from(planet.id),
            },
        });
    }

    fn go_to(&mut self, ship: &ShipView, target: Point, planet: Option<u32>) -> bool {
        if let Some(p) = planet {
            self.promise(p);
        }
        self.ordered.push(ship.id);
        match navigate(self.obs, ship, target, &self.planned) {
            None => {
                self.hold(ship);
                false
            }
            Some((magnitude, angle)) => {
                let rad = (f64::from(angle) * std::f64::consts::PI) / 180.0;
                let m = f64::from(magnitude);
                self.planned.push(Move {
                    from: ship.at(),
                    to: Point {
                        x: ship.x + m * libm::cos(rad),
                        y: ship.y + m * libm::sin(rad),
                    },
                });
                self.commands.push(ShipCommand {
                    ship: ship.id,
                    command: Command::Thrust { magnitude, angle },
                });
                true
            }
        }
    }

    fn attack(&mut self, ship: &ShipView, enemy: &ShipView) -> bool {
        let stand = if enemy.undocked() { 2.5 } else { 1.5 };
        let target = closest_point_to(ship.at(), enemy.at(), SHIP_RADIUS, stand);
        self.go_to(ship, target, None)
    }

    fn hold(&mut self, ship: &ShipView) {
        self.ordered.push(ship.id);
        self.planned.push(Move {
            from: ship.at(),
            to: ship.at(),
        });
    }
}

/// Settler: docks at the nearest planets with a spot free and spreads as ships are produced;
/// meets enemy ships near its docked ships, escorts against armed enemies nearby, takes close
/// enemy docked ships, and attacks when no planet has room.
pub fn settler(obs: &Observation) -> Vec<ShipCommand> {
    let mut fleet = Fleet::new(obs);
    let me = fleet.me;
    let docked: Vec<ShipView> = obs
        .ships
        .iter()
        .filter(|s| usize::from(s.owner) == me && !s.undocked())
        .cloned()
        .collect();
    let armed: Vec<ShipView> = fleet
        .enemies
        .iter()
        .filter(|s| s.undocked())
        .cloned()
        .collect();

    let mut threats: Vec<(ShipView, f64)> = armed
        .iter()
        .map(|e| {
            let d = docked
                .iter()
                .map(|s| distance(s.at(), e.at()))
                .fold(f64::INFINITY, f64::min);
            (e.clone(), d)
        })
        .filter(|t| t.1 <= THREAT_RADIUS)
        .collect();
    crate::env::sort::by_key(&mut threats, |t| t.1);
    for _round in 0..2 {
        for (e, _) in &threats {
            let free = fleet.free();
            let Some(ship) = nearest(&free, |s| distance(e.at(), s.at())).cloned() else {
                continue;
            };
            if distance(ship.at(), e.at()) > 3.0 * THREAT_RADIUS {
                continue;
            }
            fleet.attack(&ship, e);
        }
    }

    let ours = fleet.mine.clone();
    let near: Vec<ShipView> = armed
        .iter()
        .filter(|e| {
            ours.iter()
                .any(|s| distance(s.at(), e.at()) <= ESCORT_RADIUS)
        })
        .cloned()
        .collect();
    let mut escorts: Vec<(ShipView, f64)> = fleet
        .free()
        .into_iter()
        .map(|s| {
            let d = near
                .iter()
                .map(|e| distance(s.at(), e.at()))
                .fold(f64::INFINITY, f64::min);
            (s, d)
        })
        .collect();
    crate::env::sort::by_key(&mut escorts, |e| e.1);
    escorts.truncate(near.len());
    for (s, _) in &escorts {
        if let Some(e) = nearest(&near, |e| distance(s.at(), e.at())).cloned() {
            fleet.attack(s, &e);
        }
    }

    let enemy_docked: Vec<ShipView> = fleet
        .enemies
        .iter()
        .filter(|e| !e.undocked())
        .cloned()
        .collect();
    for ship in fleet.free() {
        let prey = nearest(&enemy_docked, |t| distance(ship.at(), t.at())).cloned();
        if let Some(prey) = prey {
            if distance(prey.at(), ship.at()) <= PREY_RADIUS {
                fleet.attack(&ship, &prey);
                continue;
            }
        }
        let danger = armed
            .iter()
            .any(|e| distance(e.at(), ship.at()) <= UNSAFE_DOCK);
        let here = obs
            .planets
            .iter()
            .find(|p| can_dock(ship.at(), p) && has_room(p, me, fleet.promised(p.id)));
        if let (Some(here), false) = (here, danger) {
            fleet.dock(&ship, here);
            continue;
        }
        let rooms: Vec<&PlanetView> = obs
            .planets
            .iter()
            .filter(|p| has_room(p, me, fleet.promised(p.id)))
            .collect();
        let planet = nearest(rooms.iter().copied(), |p| {
            distance(ship.at(), p.at()) - p.radius * 2.0
        });
        if let (Some(planet), false) = (planet, danger) {
            let target = closest_point_to(ship.at(), planet.at(), planet.radius, 3.0);
            fleet.go_to(&ship, target, Some(planet.id));
            continue;
        }
        let target = if danger {
            nearest(&armed, |t| distance(ship.at(), t.at()))
        } else {
            None
        }
        .or_else(|| nearest(&enemy_docked, |t| distance(ship.at(), t.at())))
        .or_else(|| nearest(&fleet.enemies, |t| distance(ship.at(), t.at())))
        .cloned();
        if let Some(t) = target {
            fleet.attack(&ship, &t);
        }
    }
    fleet.commands
}

/// Aggressive: one ship settles the nearest planet so that reinforcements keep coming; every
/// other ship rushes the enemy, docked ships first, then the nearest enemy ship.
pub fn aggressive(obs: &Observation) -> Vec<ShipCommand> {
    let mut fleet = Fleet::new(obs);
    let me = fleet.me;
    let settled = obs
        .ships
        .iter()
        .any(|s| usize::from(s.owner) == me && !s.undocked());
    if !settled {
        let mut best: Option<(ShipView, f64)> = None;
        for ship in fleet.free() {
            for p in &obs.planets {
                if !has_room(p, me, 0.0) {
                    continue;
                }
                let d = distance(ship.at(), p.at()) - p.radius;
                if best.as_ref().is_none_or(|b| d < b.1) {
                    best = Some((ship.clone(), d));
                }
            }
        }
        if let Some((ship, _)) = best {
            let planet = obs
                .planets
                .iter()
                .find(|p| can_dock(ship.at(), p) && has_room(p, me, 0.0));
            if let Some(planet) = planet {
                fleet.dock(&ship, planet);
            } else {
                let rooms: Vec<&PlanetView> = obs
                    .planets
                    .iter()
                    .filter(|p| has_room(p, me, 0.0))
                    .collect();
                let target = nearest(rooms.iter().copied(), |p| {
                    distance(ship.at(), p.at()) - p.radius
                });
                if let Some(t) = target {
                    let point = closest_point_to(ship.at(), t.at(), t.radius, 3.0);
                    fleet.go_to(&ship, point, Some(t.id));
                }
            }
        }
    }
    let docked: Vec<ShipView> = fleet
        .enemies
        .iter()
        .filter(|e| !e.undocked())
        .cloned()
        .collect();
    for ship in fleet.free() {
        let target = nearest(&docked, |t| distance(ship.at(), t.at()))
            .or_else(|| nearest(&fleet.enemies, |t| distance(ship.at(), t.at())))
            .cloned();
        if let Some(t) = target {
            fleet.attack(&ship, &t);
        }
    }
    fleet.commands
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn js_round_rounds_halves_up() {
        assert_eq!(js_round(2.5), 3.0);
        assert_eq!(js_round(-2.5), -2.0);
        assert_eq!(js_round(0.49999999999999994), 0.0);
        assert_eq!(js_round(359.6), 360.0);
    }

    #[test]
    fn js_hypot_matches_simple_cases() {
        assert_eq!(js_hypot(3.0, 4.0), 5.0);
        assert_eq!(js_hypot(0.0, 0.0), 0.0);
        assert_eq!(js_hypot(-5.0, 0.0), 5.0);
    }
}
