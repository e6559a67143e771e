//! What a turn records in the replay besides the state: deaths, attacks, spawns and docking
//! contentions, in the order the reference writes them.

use super::entities::EntityId;

/// One event of a turn (`frames[i].events`).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum Event {
    /// A ship or planet destroyed at `time` (ships at their position at that time).
    Destroyed {
        entity: EntityId,
        x: f64,
        y: f64,
        radius: f64,
        time: f64,
    },
    /// A ship fired at `targets` (from its start-of-turn position). The reference writes the
    /// target ids again as `target_locations`; they are not stored twice here.
    Attack {
        entity: EntityId,
        x: f64,
        y: f64,
        targets: Vec<EntityId>,
        time: f64,
    },
    /// A ship produced by a planet.
    Spawned {
        entity: EntityId,
        planet: EntityId,
        x: f64,
        y: f64,
        planet_x: f64,
        planet_y: f64,
    },
    /// Ships of several players tried to dock to one planet in the same turn and fought.
    Contention {
        entity: EntityId,
        x: f64,
        y: f64,
        participants: Vec<EntityId>,
        participant_locations: Vec<(f64, f64)>,
    },
}

impl Event {
    pub fn kind(&self) -> &'static str {
        match self {
            Event::Destroyed { .. } => "destroyed",
            Event::Attack { .. } => "attack",
            Event::Spawned { .. } => "spawned",
            Event::Contention { .. } => "contention",
        }
    }

    pub fn entity(&self) -> EntityId {
        match self {
            Event::Destroyed { entity, .. }
            | Event::Attack { entity, .. }
            | Event::Spawned { entity, .. }
            | Event::Contention { entity, .. } => *entity,
        }
    }

    /// Bit-exact equality (two events are the same only if every coordinate has the same
    /// bits): the `Debug` form of a float is its shortest round-trip text, which tells every
    /// double (and the two zeros) apart.
    pub fn same_bits(&self, other: &Event) -> bool {
        format!("{self:?}") == format!("{other:?}")
    }
}
