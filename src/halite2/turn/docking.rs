//! Docking: progress of ships docking and undocking, dock commands checked against the planet,
//! and contention when ships of several players try the same planet in one turn
//! (`docs/rules-halite2.md#docking`).

use super::collisions::{add_damage, damage_map};
use super::*;

/// Per planet, per player, the ships that tried to dock when they could not.
pub(super) type Contention = HashOrder<(u32, HashOrder<(u8, Vec<EntityId>)>)>;

impl State {
    pub(super) fn process_docking(&mut self) {
        for &id in self.order.iter().flat_map(HashOrder::iter) {
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
        for planet in &mut self.planets {
            planet.frozen = false;
        }
    }

    pub(super) fn contend(contention: &mut Contention, planet: u32, player: u8, ship: EntityId) {
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

    pub(super) fn docking_move(
        &mut self,
        player: u8,
        sid: u32,
        planet_id: u64,
        contention: &mut Contention,
    ) {
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

    pub(super) fn process_dock_fighting(
        &mut self,
        contention: &Contention,
        events: &mut Vec<Event>,
    ) {
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
}
