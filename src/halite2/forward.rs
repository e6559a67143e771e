//! The Halite II forward model (`debug.simulate`): a game's exact state as a snapshot (the
//! extended-precision bits of every position and velocity, the containers' iteration orders,
//! docking progress, cooldowns, the counters), and one turn played from it by [`Game::step`]
//! itself (see [`crate::env::forward`]).
//!
//! Snapshot, after the magic `H2SN` (little-endian): width u32, height u32, players u8, turn
//! u32, max turns u32, per seat: in the game u8, ships produced u64, damage dealt u64, the bucket
//! count u64 of its ship container and its ship ids (count u32, ids u32, in iteration order);
//! the next ship id u32; the ships (count u32, each: id u32, owner u8, x, y, vx, vy as
//! extended numbers, health u16, cooldown u32, status u8, planet u32, progress u32); the planets
//! (count u32, each in id order: x, y extended, r f64, health u16, docking spots u16, remaining
//! production u16, current production u16, owned u8, owner u8, frozen u8, docked ships: count
//! u32 and ids u32). An extended number is its sign u8, exponent u32 (two's complement) and
//! significand u64.

use super::answer::{pack_json, read_answer, read_owned, MAX_COMMANDS};
use super::entities::constants::MAX_PLAYERS;
use super::entities::{DockingStatus, Planet, Ship};
use super::game::Game;
use super::geometry::{Vec2, F80};
use super::observe::Observation;
use super::order::HashOrder;
use super::replay::ShipCommand;
use super::turn::State;
use crate::env::forward::{packed_lists, Reader, SimError, SimObservation, Simulator, Writer};

const MAGIC: [u8; 4] = *b"H2SN";
/// The longest map side a snapshot may have (the page makes maps of 16 to 4096).
const MAX_SIDE: u32 = 16_384;
/// Ship ids a snapshot may have used (a game makes a few thousand ships at most).
const MAX_SHIP_IDS: usize = 1 << 22;

fn put_f80(w: &mut Writer, v: F80) {
    let (neg, exp, mant) = v.to_parts();
    w.u8(u8::from(neg));
    w.u32(exp as u32);
    w.u64(mant);
}

fn get_f80(r: &mut Reader) -> Result<F80, SimError> {
    let neg = r.u8()? != 0;
    let exp = r.u32()? as i32;
    let mant = r.u64()?;
    if !(mant >> 63 == 1 || (mant == 0 && exp == 0)) || !(-20_000..=20_000).contains(&exp) {
        return Err(SimError::Inconsistent(
            "the snapshot holds a number that is not one",
        ));
    }
    Ok(F80::from_parts(neg, exp, mant))
}

fn put_vec(w: &mut Writer, v: Vec2) {
    put_f80(w, v.x);
    put_f80(w, v.y);
}

fn get_vec(r: &mut Reader) -> Result<Vec2, SimError> {
    Ok(Vec2 {
        x: get_f80(r)?,
        y: get_f80(r)?,
    })
}

/// The snapshot of a game (Halite II has no fog).
pub fn snapshot(game: &Game) -> Vec<u8> {
    let st = game.state();
    let mut w = Writer::new(MAGIC);
    w.u32(st.width);
    w.u32(st.height);
    w.u8(st.players as u8);
    w.u32(game.turn());
    w.u32(game.max_turns());
    for p in 0..st.players {
        w.u8(u8::from(game.is_alive(p)));
        w.u64(st.total_ship_count[p]);
        w.u64(st.damage_dealt[p]);
        let (buckets, items) = st.order[p].parts();
        w.u64(buckets);
        w.u32(items.len() as u32);
        for &(_, id) in items {
            w.u32(id);
        }
    }
    w.u32(st.ships.len() as u32);
    let ships: Vec<&Ship> = st.ships.iter().flatten().collect();
    w.u32(ships.len() as u32);
    for s in ships {
        w.u32(s.id);
        w.u8(s.owner);
        put_vec(&mut w, s.pos);
        put_vec(&mut w, s.vel);
        w.u16(s.health);
        w.u32(s.cooldown);
        w.u8(s.status as u8);
        w.u32(s.planet);
        w.u32(s.progress);
    }
    w.u32(st.planets.len() as u32);
    for p in &st.planets {
        put_vec(&mut w, p.pos);
        w.f64(p.r);
        w.u16(p.health);
        w.u16(p.docking_spots);
        w.u16(p.remaining_production);
        w.u16(p.current_production);
        w.u8(u8::from(p.owned));
        w.u8(p.owner);
        w.u8(u8::from(p.frozen));
        w.u32(p.docked.len() as u32);
        for &id in &p.docked {
            w.u32(id);
        }
    }
    w.0
}

fn status(b: u8) -> Result<DockingStatus, SimError> {
    Ok(match b {
        0 => DockingStatus::Undocked,
        1 => DockingStatus::Docking,
        2 => DockingStatus::Docked,
        3 => DockingStatus::Undocking,
        _ => {
            return Err(SimError::Inconsistent(
                "the snapshot holds an unknown docking status",
            ))
        }
    })
}

/// A Halite II game restored from a snapshot.
pub struct Halite2Sim {
    game: Game,
}

impl Halite2Sim {
    pub fn game(&self) -> &Game {
        &self.game
    }
}

impl Simulator for Halite2Sim {
    const MAGIC: [u8; 4] = MAGIC;

    fn from_snapshot(bytes: &[u8]) -> Result<Halite2Sim, SimError> {
        let mut r = Reader::new(bytes, MAGIC)?;
        let width = r.u32()?;
        let height = r.u32()?;
        let players = usize::from(r.u8()?);
        SimError::check_size(
            (u64::from(width), u64::from(height)),
            u64::from(MAX_SIDE),
            players,
            MAX_PLAYERS,
        )?;
        let turn = r.u32()?;
        let max_turns = r.u32()?;
        let mut living = Vec::with_capacity(players);
        let mut total_ship_count = Vec::with_capacity(players);
        let mut damage_dealt = Vec::with_capacity(players);
        let mut orders: Vec<(u64, Vec<u32>)> = Vec::with_capacity(players);
        for _ in 0..players {
            living.push(r.u8()? != 0);
            total_ship_count.push(r.u64()?);
            damage_dealt.push(r.u64()?);
            let buckets = r.u64()?;
            let n = r.count(4)?;
            let ids = (0..n).map(|_| r.u32()).collect::<Result<Vec<u32>, _>>()?;
            orders.push((buckets, ids));
        }
        let next_id = r.u32()? as usize;
        let n = r.count(60)?;
        if next_id > MAX_SHIP_IDS {
            return Err(SimError::Inconsistent(
                "the snapshot's ship count does not fit its size",
            ));
        }
        let mut ships: Vec<Option<Ship>> = vec![None; next_id];
        for _ in 0..n {
            let id = r.u32()?;
            let owner = r.u8()?;
            let pos = get_vec(&mut r)?;
            let vel = get_vec(&mut r)?;
            let health = r.u16()?;
            let cooldown = r.u32()?;
            let status = status(r.u8()?)?;
            let planet = r.u32()?;
            let progress = r.u32()?;
            if usize::from(owner) >= players {
                return Err(SimError::Inconsistent(
                    "the snapshot has a ship of no player",
                ));
            }
            match ships.get_mut(id as usize) {
                Some(slot @ None) => {
                    *slot = Some(Ship {
                        id,
                        owner,
                        pos,
                        vel,
                        health,
                        cooldown,
                        status,
                        planet,
                        progress,
                    })
                }
                _ => {
                    return Err(SimError::Inconsistent(
                        "the snapshot's ship ids are not unique and in range",
                    ))
                }
            }
        }
        let np = r.count(40)?;
        let mut planets = Vec::with_capacity(np);
        for id in 0..np {
            let pos = get_vec(&mut r)?;
            let radius = r.f64()?;
            let health = r.u16()?;
            let docking_spots = r.u16()?;
            let remaining_production = r.u16()?;
            let current_production = r.u16()?;
            let owned = r.u8()? != 0;
            let owner = r.u8()?;
            let frozen = r.u8()? != 0;
            let k = r.count(4)?;
            let docked = (0..k).map(|_| r.u32()).collect::<Result<Vec<u32>, _>>()?;
            if !radius.is_finite() || radius <= 0.0 || (owned && usize::from(owner) >= players) {
                return Err(SimError::Inconsistent(
                    "the snapshot has a planet that is not one",
                ));
            }
            // A planet's list may name ships already gone (the engine keeps them and looks
            // each up when it needs it), so the ids are kept as they are.
            planets.push(Planet {
                id: id as u32,
                pos,
                r: radius,
                health,
                docking_spots,
                remaining_production,
                current_production,
                owned,
                owner,
                frozen,
                docked,
            });
        }
        r.finish()?;
        let mut order = Vec::with_capacity(players);
        for (p, (buckets, ids)) in orders.into_iter().enumerate() {
            for &id in &ids {
                let ok = ships
                    .get(id as usize)
                    .and_then(Option::as_ref)
                    .is_some_and(|s| usize::from(s.owner) == p);
                if !ok {
                    return Err(SimError::Inconsistent(
                        "the snapshot lists a ship that is not there",
                    ));
                }
            }
            if buckets == 0 {
                return Err(SimError::Inconsistent(
                    "the snapshot has a container without buckets",
                ));
            }
            order.push(HashOrder::from_parts(
                buckets,
                ids.into_iter().map(|id| (u64::from(id), id)).collect(),
            ));
        }
        let listed: usize = order.iter().map(HashOrder::len).sum();
        if listed != n {
            return Err(SimError::Inconsistent(
                "the snapshot has ships no player lists",
            ));
        }
        for s in ships.iter().flatten() {
            if s.status != DockingStatus::Undocked && planets.get(s.planet as usize).is_none() {
                return Err(SimError::Inconsistent(
                    "the snapshot has a ship docked at no planet",
                ));
            }
        }
        let state = State {
            width,
            height,
            players,
            ships,
            order,
            planets,
            total_ship_count,
            damage_dealt,
            scratch: Default::default(),
        };
        Ok(Halite2Sim {
            game: Game::restore(state, turn, max_turns, living),
        })
    }

    fn snapshot(&self) -> Vec<u8> {
        snapshot(&self.game)
    }

    fn step(&mut self, seat: usize, mine: &str, others: &str) -> Result<(), SimError> {
        let players = self.game.players();
        if seat >= players {
            return Err(SimError::NoSuchSeat(seat));
        }
        // The seat's commands, checked as its answer is; the others' given to their ships' owners.
        let (mine, others) = packed_lists(mine, others, MAX_COMMANDS, pack_json)?;
        let fives: Vec<f64> = mine
            .iter()
            .flat_map(|&[ship, kind, a, b]| [seat as f64, ship, kind, a, b])
            .collect();
        let mut actions: Vec<Vec<ShipCommand>> = vec![Vec::new(); players];
        read_answer(&self.game, seat, &fives, &mut actions[seat])
            .map_err(SimError::answer("moves"))?;
        read_owned(&self.game, &others, &mut actions).map_err(SimError::answer("othersMoves"))?;
        if self.game.is_over() {
            return Err(SimError::Over {
                turn: self.game.turn(),
                max: self.game.max_turns(),
            });
        }
        self.game
            .step(&actions)
            .map_err(|e| SimError::Turn(e.to_string()))
    }

    fn observation(&self, seat: usize) -> SimObservation {
        Observation::of(&self.game, seat).encode()
    }
}
