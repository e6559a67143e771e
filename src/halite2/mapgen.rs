//! The reference map generator, "SolarSystem" (`docs/rules-halite2.md#map-generation`): a
//! centre cluster of four planets and elliptic orbits of 4 or 6 planets, drawn from
//! `std::mt19937(seed)` through the reference's libc++-derived distributions, and three ships
//! per player.

use super::entities::{constants as k, Planet};
use rand_mt::Mt;
use serde::Serialize;

/// The generator's name as replays record it.
pub const NAME: &str = "SolarSystem";
/// Orbit attempts before the generator gives up.
const MAX_TOTAL_ATTEMPTS: u32 = 75_000;
/// Base sizes a seed picks from when no size is given (the map is 3b x 2b).
const BASE_SIZES: [u32; 18] = [
    80, 80, 88, 88, 96, 96, 96, 104, 104, 104, 104, 112, 112, 112, 120, 120, 128, 128,
];

/// `util::uniform_int_distribution(a, b)`: independent-bits rejection sampling.
fn uniform_int(rng: &mut Mt, a: i64, b: i64) -> i64 {
    let range = (b - a + 1) as u64;
    if range <= 1 {
        return a;
    }
    let w = 64 - (range - 1).leading_zeros();
    let mask = if w >= 32 {
        u64::from(u32::MAX)
    } else {
        (1u64 << w) - 1
    };
    loop {
        let v = u64::from(rng.next_u32()) & mask;
        if v < range {
            return a + v as i64;
        }
    }
}

/// `util::uniform_real_distribution(a, b)`: `(b - a) * canonical + a`, the canonical value
/// made of two draws.
fn uniform_real(rng: &mut Mt, a: f64, b: f64) -> f64 {
    let u1 = f64::from(rng.next_u32());
    let u2 = f64::from(rng.next_u32());
    let canonical = (u1 + u2 * 4_294_967_296.0) / 18_446_744_073_709_551_616.0;
    (b - a) * canonical + a
}

/// The map size the reference picks from a seed when none is given.
pub fn size_from_seed(seed: u32) -> (u32, u32) {
    let mut rng = Mt::new(seed);
    let b = BASE_SIZES[uniform_int(&mut rng, 0, BASE_SIZES.len() as i64 - 1) as usize];
    (3 * b, 2 * b)
}

/// A planet as generated (and as the replay header lists it).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlanetSpec {
    pub id: u32,
    pub x: f64,
    pub y: f64,
    pub r: f64,
    pub health: u32,
    pub docking_spots: u32,
    pub production: u32,
}

/// An initial ship.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ShipSpec {
    pub owner: u8,
    pub id: u32,
    pub x: f64,
    pub y: f64,
}

/// A generated map: planets and initial ships, shaped like the conformance reference entries.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GeneratedMap {
    pub seed: u32,
    pub width: u32,
    pub height: u32,
    pub players: usize,
    pub planets: Vec<PlanetSpec>,
    pub ships: Vec<ShipSpec>,
}

/// What to generate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MapRequest {
    pub width: u32,
    pub height: u32,
    /// Players seated (1, 2 or 4; a 1-player map is made as for 2).
    pub players: usize,
    pub seed: u32,
}

fn dist(ax: f64, ay: f64, bx: f64, by: f64) -> f64 {
    let dx = ax - bx;
    let dy = ay - by;
    (dx * dx + dy * dy).sqrt()
}

/// Why a map request (or a game's config) is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MapError {
    /// A player count the original does not play.
    #[error("{0} players (1, 2 or 4 play)")]
    Players(usize),
    /// Sides outside 16 to 4096.
    #[error("{width}x{height} is outside 16 to 4096 on a side")]
    Size { width: u32, height: u32 },
}

impl MapRequest {
    pub fn generate(&self) -> Result<GeneratedMap, MapError> {
        let effective = match self.players {
            1 | 2 => 2,
            4 => 4,
            n => return Err(MapError::Players(n)),
        };
        if self.width < 16 || self.height < 16 || self.width > 4096 || self.height > 4096 {
            return Err(MapError::Size {
                width: self.width,
                height: self.height,
            });
        }
        let (w, h) = (self.width, self.height);
        let (wf, hf) = (f64::from(w), f64::from(h));
        let mut rng = Mt::new(self.seed);
        let zones: Vec<(f64, f64)> = if effective == 2 {
            if rng.next_u32().is_multiple_of(2) {
                vec![
                    (f64::from(w / 4), f64::from(h / 2)),
                    (f64::from(3 * w / 4), f64::from(h / 2)),
                ]
            } else {
                vec![
                    (f64::from(w / 2), f64::from(h / 4)),
                    (f64::from(w / 2), f64::from(3 * h / 4)),
                ]
            }
        } else {
            vec![
                (f64::from(w / 4), f64::from(h / 4)),
                (f64::from(3 * w / 4), f64::from(h / 4)),
                (f64::from(w / 4), f64::from(3 * h / 4)),
                (f64::from(3 * w / 4), f64::from(3 * h / 4)),
            ]
        };
        const ZONE_RADIUS: f64 = 1.0;
        let total_planets = effective * k::PLANETS_PER_PLAYER;
        let center_x = wf / 2.0;
        let center_y = hf / 2.0;
        let m = f64::from(w.min(h)).sqrt();
        let min_radius = 4f64.max(m / 4.0);
        let max_radius = 5f64.max(m);
        let min_separation = m / 1.5;

        // Planets placed: (x, y, r).
        let mut planets: Vec<(f64, f64, f64)> = Vec::new();
        let ok =
            |planets: &[(f64, f64, f64)], orbit: &[(f64, f64, f64)], x: f64, y: f64, r: f64| {
                let radius = r + k::DOCK_RADIUS;
                if x - radius < 0.0 || x + radius > wf || y - radius < 0.0 || y + radius > hf {
                    return false;
                }
                if zones
                    .iter()
                    .any(|&(zx, zy)| dist(zx, zy, x, y) <= ZONE_RADIUS + radius + min_separation)
                {
                    return false;
                }
                if orbit
                    .iter()
                    .any(|&(px, py, pr)| dist(px, py, x, y) <= pr + radius + 5.0)
                {
                    return false;
                }
                !planets
                    .iter()
                    .any(|&(px, py, pr)| dist(px, py, x, y) <= pr + radius + min_separation)
            };

        // The centre cluster (EXTRA_PLANETS > 1).
        let big_radius = 4f64.max(m / 2.0);
        let small_radius = 2f64.max(m / 3.0);
        let radius = uniform_real(&mut rng, small_radius, big_radius);
        let from_center = 2.0 * radius + 2.0 * k::SHIP_RADIUS;
        for i in 0..4 {
            let angle = f64::from(i) * std::f64::consts::PI / 2.0 + std::f64::consts::PI / 4.0;
            planets.push((
                center_x + from_center * super::trig::cos(angle),
                center_y + from_center * super::trig::sin(angle),
                radius,
            ));
        }

        // Orbits.
        let mut attempts = 0;
        let mut orbit: Vec<(f64, f64, f64)> = Vec::new();
        while planets.len() < total_planets && attempts < MAX_TOTAL_ATTEMPTS {
            let per_player_max = 2.max(k::PLANETS_PER_PLAYER as i64 / 2);
            let mut count = uniform_int(&mut rng, 2, per_player_max) * 2;
            if planets.len() as i64 + count > total_planets as i64 {
                count = 4;
            }
            for _ in 0..100 {
                orbit.clear();
                attempts += 1;
                let ax = uniform_int(&mut rng, 1, i64::from(w / 2) - 1) as f64;
                let ay = uniform_int(&mut rng, 1, i64::from(h / 2) - 1) as f64;
                let offset = uniform_real(&mut rng, 0.0, 2.0 * std::f64::consts::PI);
                let step = 2.0 * std::f64::consts::PI / count as f64;
                let r = uniform_real(&mut rng, min_radius, max_radius);
                let mut fits = true;
                for i in 0..count {
                    let angle = offset + i as f64 * step;
                    let x = center_x + ax * super::trig::cos(angle);
                    let y = center_y + ay * super::trig::sin(angle);
                    if !ok(&planets, &orbit, x, y, r) {
                        fits = false;
                        break;
                    }
                    orbit.push((x, y, r));
                }
                if fits {
                    planets.extend_from_slice(&orbit);
                    break;
                }
            }
        }
        // The reference then draws "extra" axis planets into a scratch list that never reaches
        // the map; nothing after it draws from the generator, so it is skipped here.

        let planets: Vec<PlanetSpec> = planets
            .iter()
            .enumerate()
            .map(|(i, &(x, y, r))| {
                let p = Planet::new(i as u32, x, y, r);
                PlanetSpec {
                    id: i as u32,
                    x,
                    y,
                    r,
                    health: u32::from(p.health),
                    docking_spots: u32::from(p.docking_spots),
                    production: u32::from(p.remaining_production),
                }
            })
            .collect();
        let mut ships = Vec::new();
        for (p, &(zx, zy)) in zones.iter().enumerate().take(self.players) {
            for offset in [0.0, -3.0, 3.0] {
                ships.push(ShipSpec {
                    owner: p as u8,
                    id: ships.len() as u32,
                    x: zx,
                    y: zy + offset,
                });
            }
        }
        Ok(GeneratedMap {
            seed: self.seed,
            width: w,
            height: h,
            players: self.players,
            planets,
            ships,
        })
    }
}

/// Initial ship positions per player.
pub fn ship_positions(map: &GeneratedMap) -> Vec<Vec<(f64, f64)>> {
    let mut out = vec![Vec::new(); map.players];
    for s in &map.ships {
        out[s.owner as usize].push((s.x, s.y));
    }
    out
}
