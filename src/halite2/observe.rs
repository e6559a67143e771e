//! What a seat's bot is given each turn: the one Halite II observation. The page's engine worker
//! hands it to every bot (built-in or hosted), the forward model (`debug.simulate`) answers with
//! it, and the native built-in bots (the page's and the Python package's) read it.
//!
//! As a bot receives it (`docs/bots.md`), in this key order:
//!
//! ```text
//! {game: "halite2", myId, turn, width, height, players,
//!  ships: [{id, owner, x, y, health, docking, planet, dockingProgress}],
//!  planets: [{id, x, y, radius, health, dockingSpots, owner, dockedShips, production,
//!             remainingProduction}]}
//! ```
//!
//! Seats (`myId`, owners) are 0-based; ships come in seat then id order, living planets by id;
//! `planet` and a planet's `owner` are `null` when there is none; `dockedShips` lists the ships
//! docking, docked or undocking there, in ship order. Halite II has no fog: every seat sees
//! everything.
//!
//! Its one serialisation is [`Observation::encode`], JSON text (doubles written so that they
//! read back to the same bits), which the forward model answers with and the page parses into
//! the object above.

use super::entities::DockingStatus;
use super::game::Game;
use crate::env::forward::SimObservation;
use std::fmt::Write;

/// A ship as a bot sees it.
#[derive(Clone, Debug, PartialEq)]
pub struct ShipView {
    pub id: u32,
    /// The seat that owns it (0-based).
    pub owner: u8,
    pub x: f64,
    pub y: f64,
    pub health: u32,
    pub docking: DockingStatus,
    /// The planet it is docking at, docked to or undocking from.
    pub planet: Option<u32>,
    /// Turns until docking or undocking completes (0 when neither).
    pub docking_progress: u32,
}

/// A living planet as a bot sees it.
#[derive(Clone, Debug, PartialEq)]
pub struct PlanetView {
    pub id: u32,
    pub x: f64,
    pub y: f64,
    pub radius: f64,
    pub health: u32,
    pub docking_spots: u32,
    /// The seat that owns it (0-based), if any.
    pub owner: Option<u8>,
    /// Ids of the ships docking, docked or undocking here, in ship order.
    pub docked_ships: Vec<u32>,
    /// Production gathered toward the next ship.
    pub production: u32,
    /// Production the planet still holds.
    pub remaining_production: u32,
}

/// One seat's view of a game at the start of a turn.
#[derive(Clone, Debug, PartialEq)]
pub struct Observation {
    /// The seat (0-based).
    pub my_id: usize,
    /// Turns played so far.
    pub turn: u32,
    pub width: u32,
    pub height: u32,
    pub players: usize,
    pub ships: Vec<ShipView>,
    pub planets: Vec<PlanetView>,
}

impl Observation {
    /// What `seat` (0-based) of `game` sees now (its latest frame).
    pub fn of(game: &Game, seat: usize) -> Observation {
        let frame = game.frame();
        let ships: Vec<ShipView> = frame
            .ships
            .iter()
            .flatten()
            .map(|s| ShipView {
                id: s.id,
                owner: s.owner,
                x: s.x,
                y: s.y,
                health: s.health,
                docking: s.status,
                planet: s.planet,
                docking_progress: s.turns_left.unwrap_or(0),
            })
            .collect();
        let headers = &game.replay().planets;
        let planets = frame
            .planets
            .iter()
            .map(|p| {
                let h = headers.iter().find(|h| h.id == p.id);
                PlanetView {
                    id: p.id,
                    x: h.map_or(0.0, |h| h.x),
                    y: h.map_or(0.0, |h| h.y),
                    radius: h.map_or(0.0, |h| h.r),
                    health: p.health,
                    docking_spots: h.map_or(0, |h| h.docking_spots),
                    owner: p.owner,
                    docked_ships: ships
                        .iter()
                        .filter(|s| s.planet == Some(p.id) && s.docking != DockingStatus::Undocked)
                        .map(|s| s.id)
                        .collect(),
                    production: p.current_production,
                    remaining_production: p.remaining_production,
                }
            })
            .collect();
        let st = game.state();
        Observation {
            my_id: seat,
            turn: game.turn(),
            width: st.width,
            height: st.height,
            players: st.players,
            ships,
            planets,
        }
    }

    /// The observation as JSON text (no bytes besides it).
    pub fn encode(&self) -> SimObservation {
        let mut j = String::with_capacity(64 + 140 * self.ships.len() + 200 * self.planets.len());
        // Writing to a String cannot fail.
        let _ = self.write_json(&mut j);
        SimObservation {
            json: j,
            bytes: Vec::new(),
        }
    }

    fn write_json(&self, j: &mut String) -> std::fmt::Result {
        write!(
            j,
            r#"{{"game":"halite2","myId":{},"turn":{},"width":{},"height":{},"players":{},"ships":["#,
            self.my_id, self.turn, self.width, self.height, self.players
        )?;
        for (i, s) in self.ships.iter().enumerate() {
            if i > 0 {
                j.push(',');
            }
            write!(
                j,
                r#"{{"id":{},"owner":{},"x":{},"y":{},"health":{},"docking":"{}","planet":"#,
                s.id,
                s.owner,
                s.x,
                s.y,
                s.health,
                s.docking.name()
            )?;
            match s.planet {
                Some(p) => write!(j, "{p}")?,
                None => j.push_str("null"),
            }
            write!(j, r#","dockingProgress":{}}}"#, s.docking_progress)?;
        }
        j.push_str(r#"],"planets":["#);
        for (i, p) in self.planets.iter().enumerate() {
            if i > 0 {
                j.push(',');
            }
            write!(
                j,
                r#"{{"id":{},"x":{},"y":{},"radius":{},"health":{},"dockingSpots":{},"owner":"#,
                p.id, p.x, p.y, p.radius, p.health, p.docking_spots
            )?;
            match p.owner {
                Some(o) => write!(j, "{o}")?,
                None => j.push_str("null"),
            }
            j.push_str(r#","dockedShips":["#);
            for (k, id) in p.docked_ships.iter().enumerate() {
                if k > 0 {
                    j.push(',');
                }
                write!(j, "{id}")?;
            }
            write!(
                j,
                r#"],"production":{},"remainingProduction":{}}}"#,
                p.production, p.remaining_production
            )?;
        }
        j.push_str("]}");
        Ok(())
    }
}
