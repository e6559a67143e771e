//! Ships, planets and the ids that name them, as the rules hold them during a game.

use super::geometry::Vec2;

/// Constants of the reference's default game (`core/Constants.hpp`).
pub mod constants {
    pub const SHIPS_PER_PLAYER: u32 = 3;
    pub const PLANETS_PER_PLAYER: usize = 6;
    pub const EXTRA_PLANETS: u32 = 4;
    pub const MAX_TURNS: u32 = 300;
    pub const DRAG: f64 = 10.0;
    pub const MAX_SPEED: f64 = 7.0;
    pub const MAX_ACCELERATION: u16 = 7;
    pub const SHIP_RADIUS: f64 = 0.5;
    pub const MAX_SHIP_HEALTH: u16 = 255;
    pub const BASE_SHIP_HEALTH: u16 = 255;
    pub const WEAPON_COOLDOWN: u32 = 1;
    pub const WEAPON_RADIUS: f64 = 5.0;
    pub const WEAPON_DAMAGE: u32 = 64;
    pub const DOCK_RADIUS: f64 = 4.0;
    pub const DOCK_TURNS: u32 = 5;
    pub const RESOURCES_PER_RADIUS: f64 = 144.0;
    pub const PRODUCTION_PER_SHIP: u16 = 72;
    pub const BASE_PRODUCTIVITY: u16 = 6;
    pub const ADDITIONAL_PRODUCTIVITY: u16 = 6;
    pub const SPAWN_RADIUS: i32 = 2;
    /// Players a game can seat.
    pub const MAX_PLAYERS: usize = 4;
}

/// Where a ship stands with respect to docking (the protocol's numbers 0 to 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum DockingStatus {
    Undocked = 0,
    Docking = 1,
    Docked = 2,
    Undocking = 3,
}

impl DockingStatus {
    pub fn name(self) -> &'static str {
        match self {
            DockingStatus::Undocked => "undocked",
            DockingStatus::Docking => "docking",
            DockingStatus::Docked => "docked",
            DockingStatus::Undocking => "undocking",
        }
    }

    pub fn from_name(s: &str) -> Option<DockingStatus> {
        Some(match s {
            "undocked" => DockingStatus::Undocked,
            "docking" => DockingStatus::Docking,
            "docked" => DockingStatus::Docked,
            "undocking" => DockingStatus::Undocking,
            _ => return None,
        })
    }
}

#[derive(Clone, Debug)]
pub struct Ship {
    /// Unique across players (one counter for the whole game).
    pub id: u32,
    pub owner: u8,
    pub pos: Vec2,
    pub vel: Vec2,
    /// 0 once destroyed (the ship is removed at the next clean-up).
    pub health: u16,
    pub cooldown: u32,
    pub status: DockingStatus,
    /// The planet docked to (meaningful unless undocked; 0 otherwise, as in the reference).
    pub planet: u32,
    /// Turns left to finish docking or undocking.
    pub progress: u32,
}

impl Ship {
    pub fn new(id: u32, owner: u8, pos: Vec2) -> Ship {
        Ship {
            id,
            owner,
            pos,
            vel: Vec2::ZERO,
            health: constants::BASE_SHIP_HEALTH,
            cooldown: 0,
            status: DockingStatus::Undocked,
            planet: 0,
            progress: 0,
        }
    }

    pub fn is_alive(&self) -> bool {
        self.health > 0
    }

    pub fn reset_docking(&mut self) {
        self.status = DockingStatus::Undocked;
        self.progress = 0;
        self.planet = 0;
    }
}

#[derive(Clone, Debug)]
pub struct Planet {
    pub id: u32,
    pub pos: Vec2,
    pub r: f64,
    pub health: u16,
    pub docking_spots: u16,
    pub remaining_production: u16,
    pub current_production: u16,
    pub owned: bool,
    /// Meaningful only when owned (0 otherwise, as in the reference).
    pub owner: u8,
    /// Nobody can dock this turn (two players tried at once).
    pub frozen: bool,
    /// Ships docking, docked or undocking, in the order they started.
    pub docked: Vec<u32>,
}

impl Planet {
    /// A planet of radius `r` at `(x, y)`, with the derived health, spots and resources.
    pub fn new(id: u32, x: f64, y: f64, r: f64) -> Planet {
        Planet {
            id,
            pos: Vec2::from_f64(x, y),
            r,
            health: (r * f64::from(constants::MAX_SHIP_HEALTH)) as u16,
            docking_spots: 1f64.max((r / 3.0).ceil()) as u16,
            remaining_production: (r * constants::RESOURCES_PER_RADIUS) as u16,
            current_production: 0,
            owned: false,
            owner: 0,
            frozen: false,
            docked: Vec::new(),
        }
    }

    pub fn is_alive(&self) -> bool {
        self.health > 0
    }

    /// Takes a ship off the planet; the planet is unowned once nobody is left.
    pub fn remove_ship(&mut self, ship: u32) {
        if let Some(k) = self.docked.iter().position(|&s| s == ship) {
            self.docked.remove(k);
        }
        if self.docked.is_empty() {
            self.owned = false;
            self.owner = 0;
        }
    }

    pub fn owner(&self) -> Option<u8> {
        self.owned.then_some(self.owner)
    }
}

/// A ship (by owner and id) or a planet, hashed as the reference hashes its entity ids.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum EntityId {
    Ship { owner: u8, id: u32 },
    Planet(u32),
}

impl EntityId {
    /// `std::hash<EntityId>`: `(index << 8) | (player & 0xFF)` as an `int` widened to
    /// `size_t`, with player -1 for planets.
    pub fn hash(self) -> u64 {
        let (player, index) = match self {
            EntityId::Ship { owner, id } => (i32::from(owner), id as i32),
            EntityId::Planet(id) => (-1, id as i32),
        };
        (index.wrapping_shl(8) | (player & 0xFF)) as i64 as u64
    }
}
