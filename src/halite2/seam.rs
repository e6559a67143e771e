//! Halite II's side of the seam: the game as an [`env::Game`] (fork from a replay by following
//! it, [`super::follow`]), its replay as an [`env::ReplayFile`], and random play for the
//! contract checks, and its tools in the registry ([`crate::games`]): replays, maps and
//! matches for the CLI.

use super::follow;
use super::game::{Action, Game, GameConfig, GameError};
use super::ranking::Score;
use super::replay::{Frame, Replay, ShipCommand};
use super::{mapgen, replay, stats, verify};
use crate::env;
use crate::env::tools::{Registered, ReplayTools, Tools, Verdict};
use serde_json::Value;

impl env::ReplayFile for Replay {
    type Error = super::replay::ReplayError;

    fn from_bytes(bytes: &[u8]) -> Result<Replay, Self::Error> {
        Replay::from_bytes(bytes)
    }
    fn to_bytes(&self) -> Vec<u8> {
        self.to_plain_bytes()
    }
    fn to_compressed_bytes(&self) -> Vec<u8> {
        self.to_zstd_bytes()
    }
    fn width(&self) -> usize {
        self.width as usize
    }
    fn height(&self) -> usize {
        self.height as usize
    }
    fn num_frames(&self) -> usize {
        self.frames.len()
    }
    fn seats(&self) -> usize {
        self.num_players
    }
    fn player_names(&self) -> &[String] {
        &self.player_names
    }
}

impl env::Game for Game {
    type Config = GameConfig;
    type Action = Action;
    type Observation = Frame;
    type Replay = Replay;
    type Score = Score;
    type Error = GameError;

    crate::env::inherent_methods! {
        new, step, eject, eject_at_init, is_over, is_alive,
        results, replay, seats = players, turn, set_player_name
    }
    fn from_replay(replay: &Replay, frame: usize) -> Result<Game, GameError> {
        follow::fork(replay, frame)
    }
    fn observation(&self, _seat: usize) -> Frame {
        self.frame().clone()
    }
}

impl env::contract::RandomPlay for Game {
    /// Mostly purposeful commands (fly to the nearest planet, dock, undock, random thrusts)
    /// so games see docking, production, fights and collisions; sometimes garbage (other
    /// seats' or unknown ships, unknown planets, huge angles) the rules must ignore.
    fn random_action(&self, seat: usize, rng: &mut rand::rngs::StdRng) -> Action {
        use super::replay::Command;
        use rand::Rng;
        let st = &self.state;
        let mut out = Vec::new();
        if seat >= st.players {
            return out;
        }
        for id in st.ship_ids(seat) {
            let Some(ship) = st.ship(id) else { continue };
            let (x, y) = ship.pos.to_f64();
            let nearest = st
                .planets
                .iter()
                .filter(|p| p.is_alive())
                .map(|p| {
                    let (px, py) = p.pos.to_f64();
                    let d = ((px - x).powi(2) + (py - y).powi(2)).sqrt() - p.r;
                    (d, p.id, (py - y).atan2(px - x).to_degrees())
                })
                .min_by(|a, b| a.0.total_cmp(&b.0));
            let command = match rng.gen_range(0..100) {
                0..=9 => continue,
                10..=49 => match nearest {
                    Some((d, _, angle)) => Command::Thrust {
                        magnitude: (d - 2.0).clamp(0.0, 7.0) as u16,
                        angle: angle.rem_euclid(360.0) as u16,
                    },
                    None => continue,
                },
                50..=74 => Command::Dock {
                    planet: nearest.map_or(0, |n| u64::from(n.1)),
                },
                75..=89 => Command::Thrust {
                    magnitude: rng.gen_range(0..=7),
                    angle: rng.gen_range(0..360),
                },
                90..=94 => Command::Undock,
                _ => match rng.gen_range(0..3) {
                    0 => Command::Thrust {
                        magnitude: rng.gen_range(0..=7),
                        angle: rng.gen(),
                    },
                    1 => Command::Dock {
                        planet: rng.gen_range(0..1000),
                    },
                    _ => {
                        out.push(ShipCommand {
                            ship: rng.gen_range(0..500),
                            command: Command::Undock,
                        });
                        continue;
                    }
                },
            };
            out.push(ShipCommand { ship: id, command });
        }
        // The protocol rejects two commands for one ship; keep the first.
        let mut seen = Vec::new();
        out.retain(|c| {
            let fresh = !seen.contains(&c.ship);
            seen.push(c.ship);
            fresh
        });
        out
    }
}

/// Halite II's entry in the registry ([`crate::games`]).
pub static TOOLS: Tools<Game> = Tools::new();

/// Halite II's replays, maps and matches for the CLI and the tests.
impl Registered for Game {
    type Sim = super::forward::Halite2Sim;
    const ID: &'static str = "halite2";
    const ABOUT: &'static str = "Halite II (ships and planets in continuous space)";
    const COMPRESSED_REPLAYS: bool = true;

    fn recognise(bytes: &[u8]) -> u8 {
        // A zstd frame, or plain JSON with its `constants` and `engine_version`.
        if replay::looks_like(bytes) {
            2
        } else {
            0
        }
    }
    fn mapgen(
        width: usize,
        height: usize,
        seed: u32,
        players: usize,
    ) -> Result<Value, crate::env::tools::ToolError> {
        let request = mapgen::MapRequest {
            width: width as u32,
            height: height as u32,
            players,
            seed,
        };
        let map = request
            .generate()
            .map_err(crate::env::tools::ToolError::map)?;
        let mut v = serde_json::to_value(&map)?;
        v["dims_flag"] = true.into();
        Ok(v)
    }
    #[cfg(not(target_arch = "wasm32"))]
    fn for_run(
        setup: &crate::env::tools::RunSetup,
        players: usize,
    ) -> Result<Game, crate::env::tools::ToolError> {
        // Halite II has no fog of war, and its turn limit comes from the map's size.
        if setup.fog.is_some() {
            return Err(crate::env::tools::ToolError::Setup(
                "Halite II has no fog of war (no fog radius)".into(),
            ));
        }
        if setup.max_turns.is_some() {
            return Err(crate::env::tools::ToolError::Setup(
                "Halite II's turn limit comes from the map's size (no max turns)".into(),
            ));
        }
        let (width, height) = match setup.dims {
            Some((w, h)) => (w as u32, h as u32),
            None => mapgen::size_from_seed(setup.seed),
        };
        let config = GameConfig {
            width,
            height,
            players,
            seed: setup.seed,
            player_names: Vec::new(),
        };
        Game::new(&config).map_err(crate::env::tools::ToolError::setup)
    }
}

/// A Halite II replay, verified and summed up for the CLI.
impl ReplayTools for Replay {
    fn verify(&self) -> Result<(), Verdict> {
        verify::verify(self).map_err(|m| Verdict::new(&m, m.is_unfinished()))
    }
    fn stats_json(&self) -> Value {
        let series = verify::replay_series(self);
        let mut s = serde_json::Map::new();
        for (k, name) in stats::SERIES.iter().enumerate() {
            let per: Vec<Vec<u32>> = (0..series.players).map(|p| series.get(k, p)).collect();
            s.insert(name.to_string(), serde_json::json!(per));
        }
        crate::env::tools::stats_json(self, serde_json::json!(stats::standings(self)), s)
    }
    fn stats_table(&self) -> String {
        stats::table(self, &verify::replay_series(self))
    }
}
