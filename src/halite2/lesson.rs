//! Halite II lessons: a small bounded board with hand-placed planets and ships, a goal the
//! engine judges, scripted opponents, and what happened in each turn.
//!
//! A lesson is data (one JSON file each, see `www/src/games/halite2/lessons/`); its prose lives
//! apart so that it can be translated. [`Lesson`] builds the board as a [`State`] and plays
//! every turn with [`State::play_turn`], the one place the rules live, so the positions, the
//! health and the events the learner sees are the engine's own. It talks to `State` rather
//! than to [`super::Game`] because a lesson is not a ranked game: a lesson with one ship
//! against a docked enemy must not end because one side "owns every planet", and it needs no
//! replay or ranking. Any orders that reach the goal pass.

use super::entities::{constants as k, DockingStatus, EntityId};
use super::events::Event;
use super::geometry::Vec2;
use super::replay::{Command, ShipCommand};
use super::turn::State;
use crate::env::lesson;
pub use crate::env::lesson::{LessonError, Status};
use serde::{Deserialize, Serialize};

/// Board sides a lesson may use (small, so every ship is readable on a phone).
const SIDES: std::ops::RangeInclusive<u32> = 10..=120;

/// One order as lessons write it: `{"thrust": [ship, magnitude, angle]}`, `{"dock": [ship,
/// planet]}` or `{"undock": ship}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Order {
    Thrust(u32, u16, u16),
    Dock(u32, u32),
    Undock(u32),
}

impl Order {
    pub fn ship(self) -> u32 {
        match self {
            Order::Thrust(s, ..) | Order::Dock(s, _) | Order::Undock(s) => s,
        }
    }

    fn command(self) -> ShipCommand {
        let command = match self {
            Order::Thrust(_, magnitude, angle) => Command::Thrust { magnitude, angle },
            Order::Dock(_, planet) => Command::Dock {
                planet: u64::from(planet),
            },
            Order::Undock(_) => Command::Undock,
        };
        ShipCommand {
            ship: self.ship(),
            command,
        }
    }
}

/// A planet as placed by the lesson. Its health, docking spots and resources derive from the
/// radius as in a real game unless the lesson sets the health (a planet already damaged) or
/// the production gathered so far.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PlanetSpec {
    pub x: f64,
    pub y: f64,
    pub r: f64,
    #[serde(default)]
    pub health: Option<u16>,
    #[serde(default)]
    pub production: Option<u16>,
}

/// A ship as placed by the lesson: its owner (a seat from 0), health and, when docked, the
/// planet it is docked to (the planet then belongs to the ship's owner).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ShipSpec {
    pub owner: u8,
    pub x: f64,
    pub y: f64,
    #[serde(default)]
    pub health: Option<u16>,
    #[serde(default)]
    pub docked: Option<u32>,
}

/// A goal, judged on the board after a turn.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Goal {
    /// A ship of the learner (`ship`, or any) ends a turn with its centre within `r` of
    /// `(x, y)`. Ships have no inertia, so a ship that ends a turn there has stopped there.
    #[serde(rename_all = "camelCase")]
    Reach {
        #[serde(default)]
        ship: Option<u32>,
        x: f64,
        y: f64,
        r: f64,
    },
    /// At least `ships` of the learner's ships are fully docked at `planet`.
    #[serde(rename_all = "camelCase")]
    Docked {
        planet: u32,
        #[serde(default = "one")]
        ships: usize,
    },
    /// The learner's planets have produced at least this many ships.
    Produced(u64),
    /// Ship `id` is gone.
    Destroyed(u32),
    /// Ship `id` is still on the board.
    Alive(u32),
    /// Planet `id` is gone.
    PlanetDestroyed(u32),
    And(Vec<Goal>),
    Or(Vec<Goal>),
    Not(Box<Goal>),
}

fn one() -> usize {
    1
}

crate::env::lesson::lesson_spec! {
    /// One lesson, as its file gives it.
    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    #[serde(rename_all = "camelCase", deny_unknown_fields)]
    pub struct LessonSpec<order = Order, goal = Goal> {
        board {
            pub width: u32,
            pub height: u32,
            pub planets: Vec<PlanetSpec>,
            /// Listed seat by seat; a ship's id is its place in this list.
            pub ships: Vec<ShipSpec>,
            /// The learner's seat (from 0).
            #[serde(default)]
            pub player: u8,
            /// Seats in the game (default: the highest owner + 1).
            #[serde(default)]
            pub players: Option<usize>,
        }
        goal_options {
            /// A condition that must hold after every turn (a ship to keep alive): the lesson
            /// is lost the turn it fails.
            #[serde(default)]
            pub keep: Option<Goal>,
        }
        rule_options {}
    }
}

/// A wrong answer a lesson knows (its orders per turn), and the reply that shows why it fails.
pub type Wrong = lesson::Wrong<Order>;

fn err<T>(m: impl Into<String>) -> Result<T, LessonError> {
    Err(LessonError(m.into()))
}

/// A ship on the board.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ShipView {
    pub id: u32,
    pub owner: u8,
    pub x: f64,
    pub y: f64,
    pub health: u16,
    /// `undocked`, `docking`, `docked` or `undocking`.
    pub status: &'static str,
    pub planet: Option<u32>,
    /// Turns left to finish docking or undocking.
    pub turns_left: Option<u32>,
    pub cooldown: u32,
}

/// A living planet on the board.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PlanetView {
    pub id: u32,
    pub x: f64,
    pub y: f64,
    pub r: f64,
    pub health: u16,
    /// Health of an undamaged planet of this radius.
    pub max_health: u16,
    pub owner: Option<u8>,
    pub docking_spots: u16,
    /// Ships docking, docked or undocking, in the order they started.
    pub docked: Vec<u32>,
    /// Production gathered towards the next ship.
    pub production: u16,
}

/// The board between turns, with the constants the page draws rings from.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Board {
    pub width: u32,
    pub height: u32,
    pub ships: Vec<ShipView>,
    pub planets: Vec<PlanetView>,
}

/// Rules the page states and draws (centre-to-centre distances).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RuleNumbers {
    pub max_speed: f64,
    pub ship_radius: f64,
    /// Docking works up to planet radius + this.
    pub dock_reach: f64,
    /// Ships fire at enemies up to this far.
    pub weapon_reach: f64,
    pub weapon_damage: u32,
    pub dock_turns: u32,
    pub production_per_ship: u16,
    pub base_productivity: u16,
    pub additional_productivity: u16,
}

pub fn rule_numbers() -> RuleNumbers {
    RuleNumbers {
        max_speed: k::MAX_SPEED,
        ship_radius: k::SHIP_RADIUS,
        dock_reach: k::DOCK_RADIUS + k::SHIP_RADIUS,
        weapon_reach: k::WEAPON_RADIUS + 2.0 * k::SHIP_RADIUS,
        weapon_damage: k::WEAPON_DAMAGE,
        dock_turns: k::DOCK_TURNS,
        production_per_ship: k::PRODUCTION_PER_SHIP,
        base_productivity: k::BASE_PRODUCTIVITY,
        additional_productivity: k::ADDITIONAL_PRODUCTIVITY,
    }
}

/// A ship or a planet named in an event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Target {
    Ship { id: u32, owner: u8 },
    Planet { id: u32 },
}

impl From<EntityId> for Target {
    fn from(e: EntityId) -> Target {
        match e {
            EntityId::Ship { owner, id } => Target::Ship { id, owner },
            EntityId::Planet(id) => Target::Planet { id },
        }
    }
}

/// One target of an attack and its share of the shot.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Hit {
    pub target: Target,
    pub damage: f64,
}

/// Why a ship was destroyed, read from where and when the engine says it was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Cause {
    /// It flew off the map.
    LeftMap,
    /// It flew into this planet.
    HitPlanet(u32),
    /// It collided with this ship.
    Collided(u32),
    /// It was caught in this planet's explosion.
    Explosion(u32),
    /// Weapons fire.
    Shot,
    /// A planet's explosion (for planets: their health ran out).
    Planet,
}

/// What happened in a turn, in the order the engine did it. Attacks, destructions, spawns and
/// contentions are the engine's events; docking changes and refused docking orders are read
/// from the board before and after.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum TurnEvent {
    /// A ship's docking or undocking went on (the first thing a turn does).
    #[serde(rename_all = "camelCase")]
    Docking {
        ship: u32,
        owner: u8,
        planet: u32,
        from: &'static str,
        to: &'static str,
        turns_left: Option<u32>,
    },
    /// A dock order that did nothing, and why.
    #[serde(rename_all = "camelCase")]
    DockRefused {
        ship: u32,
        owner: u8,
        planet: u32,
        reason: &'static str,
        /// Centre distance to the planet, and the farthest docking works from.
        distance: f64,
        reach: f64,
    },
    #[serde(rename_all = "camelCase")]
    Contention { planet: u32, ships: Vec<Target> },
    /// A ship fired (its shot of `weapon_damage` split among every enemy in range).
    #[serde(rename_all = "camelCase")]
    Attack {
        ship: u32,
        owner: u8,
        x: f64,
        y: f64,
        time: f64,
        hits: Vec<Hit>,
    },
    #[serde(rename_all = "camelCase")]
    Destroyed {
        target: Target,
        x: f64,
        y: f64,
        radius: f64,
        time: f64,
        cause: Cause,
    },
    /// A planet lost health (ships flew into it; 0 when it was destroyed).
    #[serde(rename_all = "camelCase")]
    PlanetDamaged { planet: u32, from: u16, to: u16 },
    #[serde(rename_all = "camelCase")]
    Produced {
        planet: u32,
        owner: u8,
        from: u16,
        to: u16,
        docked: usize,
    },
    #[serde(rename_all = "camelCase")]
    Spawned {
        ship: u32,
        owner: u8,
        planet: u32,
        x: f64,
        y: f64,
    },
}

/// How a ship moved during the turn: in a straight line from `(x0, y0)` to `(x1, y1)`,
/// reached at `end` (1, or the moment it was destroyed).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Motion {
    pub ship: u32,
    pub owner: u8,
    pub x0: f64,
    pub y0: f64,
    pub x1: f64,
    pub y1: f64,
    pub end: f64,
}

/// An order given in a turn, by whom.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Given {
    pub owner: u8,
    pub order: Order,
}

/// One turn played in a lesson.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Step {
    pub turn: u32,
    pub status: Status,
    /// The learner is following the lesson's known wrong answer (the reply punished it).
    pub punished: bool,
    pub orders: Vec<Given>,
    pub before: Board,
    pub after: Board,
    pub motion: Vec<Motion>,
    pub events: Vec<TurnEvent>,
}

fn inside(w: u32, h: u32, x: f64, y: f64) -> bool {
    x >= 0.0 && y >= 0.0 && x < f64::from(w) && y < f64::from(h)
}

impl LessonSpec {
    /// The board the lesson starts from; the message names what is wrong.
    pub fn build(&self) -> Result<(State, usize), LessonError> {
        let (w, h) = (self.width, self.height);
        if !SIDES.contains(&w) || !SIDES.contains(&h) {
            return err(format!(
                "the map is {w}x{h}: sides must be {} to {}",
                SIDES.start(),
                SIDES.end()
            ));
        }
        let highest = self.ships.iter().map(|s| s.owner).max().unwrap_or(0);
        let players = self
            .players
            .unwrap_or(usize::from(highest) + 1)
            .max(usize::from(highest) + 1);
        if players > k::MAX_PLAYERS {
            return err(format!("{players} players: at most {}", k::MAX_PLAYERS));
        }
        if usize::from(self.player) >= players {
            return err(format!(
                "player {} is not one of the {players} seats",
                self.player
            ));
        }
        if self.ships.windows(2).any(|p| p[0].owner > p[1].owner) {
            return err("ships are listed seat by seat (their ids follow the list)");
        }
        for (i, p) in self.planets.iter().enumerate() {
            if p.r.is_nan() || p.r <= 0.0 || !inside(w, h, p.x, p.y) {
                return err(format!("planet {i} is off the map or has no radius"));
            }
        }
        let mut positions = vec![Vec::new(); players];
        for (i, s) in self.ships.iter().enumerate() {
            if !inside(w, h, s.x, s.y) {
                return err(format!("ship {i} is off the map"));
            }
            positions[usize::from(s.owner)].push((s.x, s.y));
        }
        let planets: Vec<(f64, f64, f64)> = self.planets.iter().map(|p| (p.x, p.y, p.r)).collect();
        let mut state = State::new(w, h, &planets, &positions);
        for (i, p) in self.planets.iter().enumerate() {
            let planet = &mut state.planets[i];
            if let Some(hp) = p.health {
                if hp == 0 {
                    return err(format!("planet {i} starts with no health"));
                }
                planet.health = hp;
            }
            if let Some(pr) = p.production {
                planet.current_production = pr;
            }
        }
        for (i, s) in self.ships.iter().enumerate() {
            let id = i as u32;
            let Some(Some(ship)) = state.ships.get_mut(i) else {
                return err(format!("ship {i} was not placed"));
            };
            if let Some(hp) = s.health {
                if hp == 0 {
                    return err(format!("ship {i} starts with no health"));
                }
                ship.health = hp;
            }
            if let Some(pi) = s.docked {
                let Some(planet) = state.planets.get_mut(pi as usize) else {
                    return err(format!(
                        "ship {i} is docked to planet {pi}, which is not there"
                    ));
                };
                if planet.owned && planet.owner != s.owner {
                    return err(format!("planet {pi} has ships of two seats docked"));
                }
                if planet.docked.len() >= usize::from(planet.docking_spots) {
                    return err(format!("planet {pi} has no docking spot left for ship {i}"));
                }
                planet.owned = true;
                planet.owner = s.owner;
                planet.docked.push(id);
                ship.status = DockingStatus::Docked;
                ship.planet = pi;
            }
        }
        Ok((state, players))
    }
}

/// The board as the page draws it.
pub fn board(state: &State) -> Board {
    let mut ships: Vec<ShipView> = state
        .ships
        .iter()
        .flatten()
        .filter(|s| s.is_alive())
        .map(|s| {
            let (x, y) = s.pos.to_f64();
            let docked = s.status != DockingStatus::Undocked;
            let moving = matches!(s.status, DockingStatus::Docking | DockingStatus::Undocking);
            ShipView {
                id: s.id,
                owner: s.owner,
                x,
                y,
                health: s.health,
                status: s.status.name(),
                planet: docked.then_some(s.planet),
                turns_left: moving.then_some(s.progress),
                cooldown: s.cooldown,
            }
        })
        .collect();
    crate::env::sort::by_key(&mut ships, |s| s.id);
    let planets = state
        .planets
        .iter()
        .filter(|p| p.is_alive())
        .map(|p| {
            let (x, y) = p.pos.to_f64();
            PlanetView {
                id: p.id,
                x,
                y,
                r: p.r,
                health: p.health,
                max_health: (p.r * f64::from(k::MAX_SHIP_HEALTH)) as u16,
                owner: p.owner(),
                docking_spots: p.docking_spots,
                docked: p.docked.clone(),
                production: p.current_production,
            }
        })
        .collect();
    Board {
        width: state.width,
        height: state.height,
        ships,
        planets,
    }
}

fn find_ship(b: &Board, id: u32) -> Option<&ShipView> {
    b.ships.iter().find(|s| s.id == id)
}

fn find_planet(b: &Board, id: u32) -> Option<&PlanetView> {
    b.planets.iter().find(|p| p.id == id)
}

/// Why a dock order did nothing, checked as the engine checks it (the same distance formula);
/// `None` when the ship started docking (or the planet was contended, which has its own event).
fn dock_refusal(
    state: &State,
    before: &Board,
    after: &Board,
    order: Order,
) -> Option<(&'static str, f64, f64, u32)> {
    let Order::Dock(sid, pid) = order else {
        return None;
    };
    let started = find_ship(after, sid)
        .is_some_and(|s| s.planet == Some(pid) && s.status != "undocked")
        && find_ship(before, sid).is_some_and(|s| s.status == "undocked");
    if started {
        return None;
    }
    let ship_before = find_ship(before, sid)?;
    let Some(planet) = state.planets.get(pid as usize) else {
        return Some(("no such planet", 0.0, 0.0, pid));
    };
    let reach = planet.r + k::DOCK_RADIUS + k::SHIP_RADIUS;
    let start = Vec2::from_f64(ship_before.x, ship_before.y);
    let distance = start.distance(planet.pos);
    let reason = if find_planet(before, pid).is_none() {
        "the planet is destroyed"
    } else if ship_before.status != "undocked" {
        "the ship is not undocked"
    } else if distance > reach {
        "out of range"
    } else if find_planet(before, pid).and_then(|p| p.owner) != Some(ship_before.owner)
        && find_planet(before, pid).is_some_and(|p| p.owner.is_some())
    {
        "another player owns the planet"
    } else {
        "every docking spot is taken"
    };
    Some((reason, distance, reach, pid))
}

/// Halite II's side of the lesson frame: a [`State`] played with [`State::play_turn`], ship
/// orders, and each turn told as motion and events.
#[derive(Clone, Copy, Debug)]
pub struct Course;

/// A lesson being played (its board now is `state`).
pub type Lesson = lesson::Lesson<Course>;

/// What a turn did: the orders given, the board before and after, the engine's events.
pub struct Played {
    orders: Vec<Given>,
    before: Board,
    after: Board,
    events: Vec<Event>,
}

impl lesson::Course for Course {
    type Order = Order;
    type Spec = LessonSpec;
    type State = State;
    type Checked = Vec<ShipCommand>;
    type Played = Played;
    type Step = Step;

    fn start(spec: &LessonSpec) -> Result<(State, usize), LessonError> {
        let built = spec.build()?;
        if spec.turns == 0 {
            return err("a lesson needs at least one turn");
        }
        Ok(built)
    }

    fn check(lesson: &Lesson, orders: &[Order]) -> Result<Vec<ShipCommand>, LessonError> {
        lesson.check_orders(orders)
    }

    /// A scripted ship that is gone (or the learner's) is skipped, not an error.
    fn play_turn(
        lesson: &mut Lesson,
        mine: Vec<ShipCommand>,
        orders: &[Order],
        script: &[Order],
    ) -> Played {
        let me = lesson.spec.player;
        let mut moves: Vec<Vec<ShipCommand>> = vec![Vec::new(); lesson.players()];
        let mut given: Vec<Given> = orders
            .iter()
            .map(|&order| Given { owner: me, order })
            .collect();
        moves[usize::from(me)] = mine;
        for &o in script {
            if let Some(s) = lesson.state.ship(o.ship()).filter(|s| s.owner != me) {
                moves[usize::from(s.owner)].push(o.command());
                given.push(Given {
                    owner: s.owner,
                    order: o,
                });
            }
        }
        let before = lesson.board();
        let alive = vec![true; lesson.players()];
        let outcome = lesson.state.play_turn(&alive, &[], &moves);
        Played {
            orders: given,
            before,
            after: lesson.board(),
            events: outcome.events,
        }
    }

    fn judge(lesson: &Lesson) -> Status {
        lesson.judge()
    }

    fn report(lesson: &Lesson, played: Played, punished: bool) -> Step {
        let (motion, events) = lesson.describe(
            &played.before,
            &played.after,
            &played.orders,
            &played.events,
        );
        Step {
            turn: lesson.turn,
            status: lesson.status,
            punished,
            orders: played.orders,
            before: played.before,
            after: played.after,
            motion,
            events,
        }
    }
}

impl Lesson {
    pub fn board(&self) -> Board {
        board(&self.state)
    }

    /// The learner's orders checked: each names a ship of the learner, at most once (a lesson
    /// says which order cannot be used rather than ignore it).
    pub fn check_orders(&self, orders: &[Order]) -> Result<Vec<ShipCommand>, LessonError> {
        let me = self.spec.player;
        let mut out: Vec<ShipCommand> = Vec::new();
        for &o in orders {
            let id = o.ship();
            if self.state.ship(id).is_none_or(|s| s.owner != me) {
                return err(format!("you have no ship {id}"));
            }
            if out.iter().any(|c| c.ship == id) {
                return err(format!("ship {id} has two orders"));
            }
            if let Order::Thrust(_, m, _) = o {
                if f64::from(m) > k::MAX_SPEED {
                    return err(format!(
                        "thrust {m} is more than the most a ship can thrust ({})",
                        k::MAX_SPEED
                    ));
                }
            }
            out.push(o.command());
        }
        crate::env::sort::by_key(&mut out, |c| c.ship);
        Ok(out)
    }

    /// The turn in the page's terms: each ship's straight flight and the events in order.
    fn describe(
        &self,
        before: &Board,
        after: &Board,
        given: &[Given],
        engine: &[Event],
    ) -> (Vec<Motion>, Vec<TurnEvent>) {
        let mut events = Vec::new();
        // Docking goes on first in a turn, then the orders (a dock order starts docking).
        for b in &before.ships {
            let Some(a) = find_ship(after, b.id) else {
                continue;
            };
            if a.status != b.status || a.turns_left != b.turns_left {
                events.push(TurnEvent::Docking {
                    ship: b.id,
                    owner: b.owner,
                    planet: a.planet.or(b.planet).unwrap_or(0),
                    from: b.status,
                    to: a.status,
                    turns_left: a.turns_left,
                });
            }
        }
        for g in given {
            if let Some((reason, distance, reach, planet)) =
                dock_refusal(&self.state, before, after, g.order)
            {
                events.push(TurnEvent::DockRefused {
                    ship: g.order.ship(),
                    owner: g.owner,
                    planet,
                    reason,
                    distance,
                    reach,
                });
            }
        }
        let destroyed_at = |e: &Event| match e {
            Event::Destroyed {
                entity, x, y, time, ..
            } => Some((*entity, *x, *y, *time)),
            _ => None,
        };
        let gone: Vec<(EntityId, f64, f64, f64)> = engine.iter().filter_map(destroyed_at).collect();
        for e in engine {
            match e {
                Event::Attack {
                    entity,
                    x,
                    y,
                    targets,
                    time,
                } => {
                    let EntityId::Ship { owner, id } = *entity else {
                        continue;
                    };
                    // The engine splits one shot evenly among every target in range.
                    let share = f64::from(k::WEAPON_DAMAGE) / targets.len().max(1) as f64;
                    events.push(TurnEvent::Attack {
                        ship: id,
                        owner,
                        x: *x,
                        y: *y,
                        time: *time,
                        hits: targets
                            .iter()
                            .map(|&t| Hit {
                                target: t.into(),
                                damage: share,
                            })
                            .collect(),
                    });
                }
                Event::Destroyed {
                    entity,
                    x,
                    y,
                    radius,
                    time,
                } => {
                    let cause = self.cause(before, *entity, *x, *y, *time, &gone);
                    events.push(TurnEvent::Destroyed {
                        target: (*entity).into(),
                        x: *x,
                        y: *y,
                        radius: *radius,
                        time: *time,
                        cause,
                    });
                }
                Event::Contention {
                    entity,
                    participants,
                    ..
                } => {
                    if let EntityId::Planet(planet) = *entity {
                        events.push(TurnEvent::Contention {
                            planet,
                            ships: participants.iter().map(|&p| p.into()).collect(),
                        });
                    }
                }
                Event::Spawned { .. } => {}
            }
        }
        for p in &before.planets {
            // A destroyed planet is gone from the board after: its health went to 0.
            let to = find_planet(after, p.id).map_or(0, |a| a.health);
            if to < p.health {
                events.push(TurnEvent::PlanetDamaged {
                    planet: p.id,
                    from: p.health,
                    to,
                });
            }
        }
        // Production: what each planet gathered, then the ships it made (engine events).
        for a in &after.planets {
            let Some(owner) = a.owner else { continue };
            let docked = a
                .docked
                .iter()
                .filter(|&&s| find_ship(after, s).is_some_and(|s| s.status == "docked"))
                .count();
            let from = find_planet(before, a.id).map_or(0, |p| p.production);
            if docked > 0 || a.production != from {
                events.push(TurnEvent::Produced {
                    planet: a.id,
                    owner,
                    from,
                    to: a.production,
                    docked,
                });
            }
            for e in engine {
                if let Event::Spawned {
                    entity: EntityId::Ship { owner, id },
                    planet: EntityId::Planet(pid),
                    x,
                    y,
                    ..
                } = *e
                {
                    if pid == a.id {
                        events.push(TurnEvent::Spawned {
                            ship: id,
                            owner,
                            planet: pid,
                            x,
                            y,
                        });
                    }
                }
            }
        }
        let motion = before
            .ships
            .iter()
            .map(|b| {
                let died = gone
                    .iter()
                    .find(|g| matches!(g.0, EntityId::Ship { id, .. } if id == b.id));
                let (x1, y1, end) = match (died, find_ship(after, b.id)) {
                    (Some(&(_, x, y, t)), _) => (x, y, t),
                    (None, Some(a)) => (a.x, a.y, 1.0),
                    (None, None) => (b.x, b.y, 0.0),
                };
                Motion {
                    ship: b.id,
                    owner: b.owner,
                    x0: b.x,
                    y0: b.y,
                    x1,
                    y1,
                    end,
                }
            })
            .collect();
        (motion, events)
    }

    /// Why the engine destroyed `entity` at `(x, y)` at `time`: off the map, on a planet's
    /// surface, touching another ship destroyed at the same moment, near a planet exploding
    /// then, or else by weapons fire.
    fn cause(
        &self,
        before: &Board,
        entity: EntityId,
        x: f64,
        y: f64,
        time: f64,
        gone: &[(EntityId, f64, f64, f64)],
    ) -> Cause {
        // Event times are rounded to 1e-4 of a turn (up to 7e-4 units at full speed).
        const EPS: f64 = 0.01;
        let EntityId::Ship { id: me, .. } = entity else {
            return Cause::Planet;
        };
        let (w, h) = (self.state.width, self.state.height);
        if !inside(w, h, x, y)
            || x <= EPS
            || y <= EPS
            || x >= f64::from(w) - EPS
            || y >= f64::from(h) - EPS
        {
            return Cause::LeftMap;
        }
        for p in &before.planets {
            if ((p.x - x).powi(2) + (p.y - y).powi(2)).sqrt() <= p.r + k::SHIP_RADIUS + EPS {
                return Cause::HitPlanet(p.id);
            }
        }
        for &(other, ox, oy, t) in gone {
            if let EntityId::Ship { id, .. } = other {
                if id != me
                    && t == time
                    && ((ox - x).powi(2) + (oy - y).powi(2)).sqrt() <= 2.0 * k::SHIP_RADIUS + EPS
                {
                    return Cause::Collided(id);
                }
            }
        }
        for &(other, ..) in gone.iter().filter(|g| g.3 == time) {
            if let EntityId::Planet(p) = other {
                return Cause::Explosion(p);
            }
        }
        Cause::Shot
    }

    /// The lesson's status on the current board: lost the turn a condition to `keep` fails,
    /// or the learner has no ship left.
    pub fn judge(&self) -> Status {
        let kept = self.spec.keep.as_ref().is_none_or(|g| self.holds(g));
        let has_ships = self.state.ship_count(usize::from(self.spec.player)) > 0;
        Status::judged(
            kept && self.holds(&self.spec.goal),
            !kept || self.out_of_turns() || !has_ships,
        )
    }

    /// Whether `goal` holds on the current board.
    pub fn holds(&self, goal: &Goal) -> bool {
        let st = &self.state;
        let me = self.spec.player;
        let alive = |id: u32| st.ship(id).is_some_and(|s| s.is_alive());
        match goal {
            Goal::Reach { ship, x, y, r } => st.ship_ids(usize::from(me)).iter().any(|&id| {
                ship.is_none_or(|s| s == id)
                    && st.ship(id).is_some_and(|s| {
                        let (sx, sy) = s.pos.to_f64();
                        ((sx - x).powi(2) + (sy - y).powi(2)).sqrt() <= *r
                            && s.vel.magnitude() == 0.0
                    })
            }),
            Goal::Docked { planet, ships } => {
                st.ship_ids(usize::from(me))
                    .iter()
                    .filter_map(|&id| st.ship(id))
                    .filter(|s| s.status == DockingStatus::Docked && s.planet == *planet)
                    .count()
                    >= *ships
            }
            Goal::Produced(n) => st.total_ship_count[usize::from(me)] >= *n,
            Goal::Destroyed(id) => !alive(*id),
            Goal::Alive(id) => alive(*id),
            Goal::PlanetDestroyed(p) => !st.planets.get(*p as usize).is_some_and(|p| p.is_alive()),
            Goal::And(gs) => gs.iter().all(|g| self.holds(g)),
            Goal::Or(gs) => gs.iter().any(|g| self.holds(g)),
            Goal::Not(g) => !self.holds(g),
        }
    }
}
