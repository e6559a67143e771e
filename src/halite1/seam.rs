//! Halite I's side of the seam: the game as an [`env::Game`] (forks follow the replay,
//! [`super::follow`]), random play for the contract checks, and its tools in the registry
//! ([`crate::games`]): replays, maps and matches for the CLI.

use super::game::{Game, GameConfig, GameError};
use super::grid::{Board, Move};
use super::mapgen::MapRequest;
use super::ranking::{PlayerResult, Score};
use super::replay::Replay;
use super::stats::{replay_series, standings, Series, SERIES};
use super::verify::verify;
use crate::env;
use crate::env::tools::{Registered, ReplayTools, Tools, Verdict};
use serde_json::Value;

impl env::Game for Game {
    type Config = GameConfig;
    type Action = Vec<Move>;
    type Observation = Board;
    type Replay = Replay;
    type Score = Score;
    type Error = GameError;

    crate::env::inherent_methods! {
        new, from_replay, observation, eject, eject_at_init, is_over, is_alive,
        results, replay, seats = players, turn, set_player_name
    }
    fn step(&mut self, actions: &[Vec<Move>]) -> Result<(), GameError> {
        Game::step(self, actions).map(|_| ())
    }
}

/// Random play for the contract checks: each piece of the seat stays (half the time) or moves
/// one step; now and then a move is garbage (an invalid direction, a site the seat does not
/// own, a site off the map) or repeats a site.
impl env::contract::RandomPlay for Game {
    fn random_action(&self, seat: usize, rng: &mut rand::rngs::StdRng) -> Vec<Move> {
        use rand::Rng;
        let tag = (seat + 1) as u8;
        let (w, h) = (self.board().width, self.board().height);
        let mut moves = Vec::new();
        for (i, _) in self
            .board()
            .owner
            .iter()
            .enumerate()
            .filter(|(_, &o)| o == tag)
        {
            let (x, y) = ((i % w) as u16, (i / w) as u16);
            let dir = match rng.gen_range(0..100) {
                0..=49 => continue,
                50..=95 => rng.gen_range(1..=4),
                _ => rng.gen(),
            };
            moves.push(Move { x, y, dir });
        }
        if rng.gen_range(0..20) == 0 {
            let (x, y) = (rng.gen_range(0..w + 2), rng.gen_range(0..h + 2));
            moves.push(Move {
                x: x as u16,
                y: y as u16,
                dir: rng.gen_range(0..=4),
            });
        }
        moves
    }
}

/// Halite I's entry in the registry ([`crate::games`]).
pub static TOOLS: Tools<Game> = Tools::new();

/// Halite I's replays, maps and matches for the CLI and the tests.
impl Registered for Game {
    type Sim = super::forward::Halite1Sim;
    const ID: &'static str = "halite1";
    const ABOUT: &'static str = "Halite I (and Blitz, its fog-of-war variant: `run --fog R`)";
    const COMPRESSED_REPLAYS: bool = false;

    fn recognise(bytes: &[u8]) -> u8 {
        // gzip is Halite I's alone; plain JSON is read as Halite I's unless a surer game claims it.
        if bytes.starts_with(&[0x1f, 0x8b]) {
            2
        } else {
            1
        }
    }
    fn mapgen(
        width: usize,
        height: usize,
        seed: u32,
        players: usize,
    ) -> Result<Value, crate::env::tools::ToolError> {
        let request = MapRequest {
            width,
            height,
            players,
            seed,
        };
        let board = request
            .generate()
            .map_err(crate::env::tools::ToolError::map)?;
        Ok(serde_json::to_value(&board)?)
    }
    #[cfg(not(target_arch = "wasm32"))]
    fn for_run(
        setup: &crate::env::tools::RunSetup,
        players: usize,
    ) -> Result<Game, crate::env::tools::ToolError> {
        let (width, height) = setup.dims.unwrap_or_else(|| {
            // The reference's sizes when none is asked for: 20 to 50, square.
            use rand::seq::SliceRandom;
            const SIZES: [usize; 16] = [
                20, 25, 25, 30, 30, 30, 35, 35, 35, 35, 40, 40, 40, 45, 45, 50,
            ];
            let s = *SIZES.choose(&mut rand::thread_rng()).unwrap_or(&30);
            (s, s)
        });
        let config = GameConfig {
            width,
            height,
            players,
            map_players: setup.map_players,
            seed: Some(setup.seed),
            max_turns: setup.max_turns,
            fog_radius: setup.fog,
            player_names: Vec::new(),
        };
        Game::new(&config).map_err(crate::env::tools::ToolError::setup)
    }
}

/// A Halite I replay, verified and summed up for the CLI.
impl ReplayTools for Replay {
    fn verify(&self) -> Result<(), Verdict> {
        verify(self).map_err(|m| Verdict::new(&m, m.is_unfinished()))
    }
    fn stats_json(&self) -> Value {
        let series = replay_series(self);
        let mut s = serde_json::Map::new();
        for (k, name) in SERIES.iter().enumerate() {
            let per: Vec<Vec<u32>> = (0..series.players).map(|p| series.get(k, p)).collect();
            s.insert(name.to_string(), serde_json::json!(per));
        }
        crate::env::tools::stats_json(self, serde_json::json!(standings(self)), s)
    }
    fn stats_table(&self) -> String {
        stats_table(self, &standings(self), &replay_series(self))
    }
}

/// `halite stats` as tables: final standings, totals, and the main series by sampled frame.
fn stats_table(replay: &Replay, results: &[PlayerResult], series: &Series) -> String {
    let mut out = format!(
        "{}x{} map, {} players, {} frames\n\n",
        replay.width,
        replay.height,
        replay.num_players,
        replay.num_frames()
    );
    let last = series.frames.saturating_sub(1);
    out.push_str(&format!(
        "{:<4}{:<24}{:>5}{:>11}{:>10}{:>11}{:>10}\n",
        "tag", "name", "rank", "last alive", "territory", "production", "strength"
    ));
    for r in results {
        let p = r.seat;
        out.push_str(&format!(
            "{:<4}{:<24}{:>5}{:>11}{:>10}{:>11}{:>10}\n",
            r.score.tag,
            r.name.chars().take(23).collect::<String>(),
            r.rank,
            r.last_frame_alive,
            series.get(0, p)[last],
            series.get(1, p)[last],
            series.get(2, p)[last],
        ));
    }
    out.push_str("\nTotals over the game\n");
    out.push_str(&format!("{:<22}", "series"));
    for r in results {
        out.push_str(&format!("{:>10}", format!("#{}", r.score.tag)));
    }
    out.push('\n');
    for (k, name) in SERIES.iter().enumerate().skip(3) {
        out.push_str(&format!("{name:<22}"));
        for r in results {
            let total: u64 = series.get(k, r.seat).iter().map(|&v| u64::from(v)).sum();
            out.push_str(&format!("{total:>10}"));
        }
        out.push('\n');
    }
    for (k, name) in SERIES.iter().enumerate().take(3) {
        out.push_str(&format!("\n{name} by frame\n{:<8}", "frame"));
        for r in results {
            out.push_str(&format!("{:>10}", format!("#{}", r.score.tag)));
        }
        out.push('\n');
        for t in crate::env::sampled_frames(series.frames) {
            out.push_str(&format!("{t:<8}"));
            for r in results {
                out.push_str(&format!("{:>10}", series.get(k, r.seat)[t]));
            }
            out.push('\n');
        }
    }
    out
}
