//! A game: configuration, state, history, end conditions and ranking.
//!
//! [`Game::step`] takes every player's moves at once (simultaneous moves), resolves the turn with
//! [`resolve_turn`], records the frame in the game's [`Replay`] and its statistics, and returns the
//! turn's [`TurnReport`]. The end conditions are the reference environment's; the ranking is
//! [`super::ranking`]'s.
//!
//! [`Game::from_replay`] (a fork of a recorded game at any frame) lives with the replay checks
//! in [`super::verify`], whose re-simulation it reuses.

use super::fog::fog_view;
use super::grid::{Board, Move, MAX_PLAYERS};
use super::mapgen::{check_sides, MapRequest};
use super::ranking::{PlayerResult, Ranking};
use super::replay::Replay;
use super::stats::Series;
use super::turn::{resolve_turn, TurnReport, TurnScratch};
use serde::{Deserialize, Serialize};
use std::fmt;

/// How a game is set up. Missing fields take their defaults.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct GameConfig {
    /// Requested map size; the generator may shrink it to keep the map symmetric.
    pub width: usize,
    pub height: usize,
    /// Seats (bots), 1 to 6.
    pub players: usize,
    /// Single-player games only: generate a map for this many players (the reference's `-n`).
    pub map_players: Option<usize>,
    /// Map seed; a random one when absent.
    pub seed: Option<u32>,
    /// Turn limit; the reference's `floor(sqrt(width * height) * 10)` when absent.
    pub max_turns: Option<u32>,
    /// Blitz: the radius each player sees within. No fog when absent.
    pub fog_radius: Option<u32>,
    /// Names shown in the replay; "Player N" for those missing.
    pub player_names: Vec<String>,
}

impl Default for GameConfig {
    fn default() -> GameConfig {
        GameConfig {
            width: 30,
            height: 30,
            players: 2,
            map_players: None,
            seed: None,
            max_turns: None,
            fog_radius: None,
            player_names: Vec::new(),
        }
    }
}

/// Why a game cannot be made, forked or stepped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameError {
    InvalidConfig(String),
    /// A board given as a starting position is not one.
    InvalidBoard(String),
    /// A fork asked for a frame the replay does not have.
    NoSuchFrame {
        frame: usize,
        frames: usize,
    },
    /// A fork of a replay that breaks the rules before the frame asked for.
    Diverges(String),
    Over,
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::InvalidConfig(m) => write!(f, "invalid game: {m}"),
            GameError::InvalidBoard(m) => write!(f, "invalid board: {m}"),
            GameError::NoSuchFrame { frame, frames } => write!(
                f,
                "frame {frame} is out of range (the replay has frames 0 to {})",
                frames.saturating_sub(1)
            ),
            GameError::Diverges(m) => write!(f, "the replay breaks the rules: {m}"),
            GameError::Over => write!(f, "the game is over"),
        }
    }
}

impl std::error::Error for GameError {}

/// Whether a game can seat `seats` players (1 to [`MAX_PLAYERS`]).
fn check_seats(seats: usize) -> Result<(), String> {
    if (1..=MAX_PLAYERS).contains(&seats) {
        Ok(())
    } else {
        Err(super::turn::TurnInputError::Players(seats).to_string())
    }
}

/// The reference's turn limit for a map actually played.
pub fn default_max_turns(width: usize, height: usize) -> u32 {
    (((width * height) as f64).sqrt() * 10.0) as u32
}

/// A Halite I (or Blitz) game in progress.
#[derive(Clone, Debug)]
pub struct Game {
    seed: u32,
    board: Board,
    players: usize,
    turn: u32,
    max_turns: u32,
    fog_radius: Option<u32>,
    pending_eject: Vec<bool>,
    ranking: Ranking,
    /// Sites each player owns (a buffer for the ranking).
    territory: Vec<u32>,
    productive_left: usize,
    replay: Replay,
    series: Series,
    scratch: TurnScratch,
    report: TurnReport,
    site_moves: Vec<u8>,
    recording: bool,
}

impl Game {
    /// A new game on a generated map.
    pub fn new(config: &GameConfig) -> Result<Game, GameError> {
        let bad = |m: String| Err(GameError::InvalidConfig(m));
        check_seats(config.players).map_err(GameError::InvalidConfig)?;
        let map_players = match config.map_players {
            Some(n) if config.players > 1 && n != config.players => {
                return bad("only single-player games take a map player count".into())
            }
            Some(n) => n,
            None => config.players,
        };
        let seed = config.seed.unwrap_or_else(crate::env::random_seed);
        let board = MapRequest {
            width: config.width,
            height: config.height,
            players: map_players,
            seed,
        }
        .generate()
        .map_err(|e| GameError::InvalidConfig(e.to_string()))?;
        // A single-player game on a map made for more: `from_board` turns the other seats'
        // sites neutral, as the reference does.
        let names = (0..config.players)
            .map(|p| {
                config
                    .player_names
                    .get(p)
                    .cloned()
                    .unwrap_or_else(|| format!("Player {}", p + 1))
            })
            .collect();
        let mut game = Game::from_board(board, names, config.fog_radius);
        game.seed = seed;
        if let Some(t) = config.max_turns {
            game.max_turns = t;
        }
        Ok(game)
    }

    /// A game starting from a board given from outside (a lesson, a position built in the page),
    /// checked: sides within [`super::MAX_SIDE`], one value per site in every array, 1 to
    /// [`MAX_PLAYERS`] names, no owner above the number of names.
    pub fn from_board_checked(
        board: Board,
        player_names: Vec<String>,
        fog_radius: Option<u32>,
    ) -> Result<Game, GameError> {
        let bad = |m: String| Err(GameError::InvalidBoard(m));
        let (w, h) = (board.width, board.height);
        check_sides(w, h).map_err(|e| GameError::InvalidBoard(e.to_string()))?;
        for (name, v) in [
            ("owner", &board.owner),
            ("strength", &board.strength),
            ("production", &board.production),
        ] {
            if v.len() != w * h {
                return bad(format!(
                    "{name} has {} values for a {w}x{h} map ({} sites)",
                    v.len(),
                    w * h
                ));
            }
        }
        let players = player_names.len();
        check_seats(players).map_err(GameError::InvalidBoard)?;
        if let Some(i) = board.owner.iter().position(|&o| usize::from(o) > players) {
            return bad(format!(
                "owner {} at ({}, {}) but only {players} players",
                board.owner[i],
                i % w,
                i / w
            ));
        }
        Ok(Game::from_board(board, player_names, fog_radius))
    }

    /// A game starting from any board (hand-built positions, lessons, re-simulation).
    /// One player per name; owners above that count are treated as neutral sites.
    pub fn from_board(
        mut board: Board,
        player_names: Vec<String>,
        fog_radius: Option<u32>,
    ) -> Game {
        let players = player_names.len().min(MAX_PLAYERS);
        for o in board.owner.iter_mut() {
            if usize::from(*o) > players {
                *o = 0;
            }
        }
        let mut player_names = player_names;
        player_names.truncate(players);
        let max_turns = default_max_turns(board.width, board.height);
        let replay = Replay::new(&board, player_names, fog_radius);
        let mut series = Series::new(players);
        series.push(&board, None);
        let n = board.len();
        Game {
            seed: 0,
            players,
            turn: 0,
            max_turns,
            fog_radius,
            pending_eject: vec![false; players],
            // The reference counts every player's territory as 1 before the first turn.
            ranking: Ranking::new(vec![1; players]),
            territory: vec![0; players],
            productive_left: 1,
            replay,
            series,
            scratch: TurnScratch::new(),
            report: TurnReport::default(),
            site_moves: vec![0; n],
            recording: true,
            board,
        }
    }

    /// A game restored from a forward-model snapshot (`super::forward`): the board at turn
    /// `turn`, the seats not `alive` already out, recording off (a simulation keeps no history).
    pub(crate) fn restore(board: Board, turn: u32, max_turns: u32, alive: &[bool]) -> Game {
        let names = (0..alive.len())
            .map(|p| format!("Player {}", p + 1))
            .collect();
        let mut game = Game::from_board(board, names, None);
        game.recording = false;
        game.turn = turn;
        game.max_turns = max_turns;
        for (p, &a) in alive.iter().enumerate() {
            if !a {
                game.ranking.eject_at_init(p);
            }
        }
        game.productive_left = game
            .board
            .owner
            .iter()
            .zip(&game.board.production)
            .filter(|&(&o, &prod)| o == 0 && prod > 0)
            .count();
        game
    }

    pub fn seed(&self) -> u32 {
        self.seed
    }
    pub fn board(&self) -> &Board {
        &self.board
    }
    pub fn players(&self) -> usize {
        self.players
    }
    /// Turns played so far (the current frame's index).
    pub fn turn(&self) -> u32 {
        self.turn
    }
    pub fn max_turns(&self) -> u32 {
        self.max_turns
    }
    /// Stops (or resumes) recording frames in the replay and the statistics series; a game that
    /// does not record is cheap to clone.
    pub fn set_recording(&mut self, on: bool) {
        self.recording = on;
    }
    /// Hands a game that did not record the history it played (the replay's frames and the
    /// statistics series up to its current frame, as recording would have made them) and
    /// records from now on.
    pub(crate) fn resume_recording(&mut self, replay: Replay, series: Series) {
        self.replay = replay;
        self.series = series;
        self.recording = true;
    }
    pub fn set_max_turns(&mut self, turns: u32) {
        self.max_turns = turns;
    }
    pub fn fog_radius(&self) -> Option<u32> {
        self.fog_radius
    }
    /// Whether player `p` (0-based) is still in the game.
    pub fn is_alive(&self, p: usize) -> bool {
        self.ranking.is_alive(p)
    }
    pub fn replay(&self) -> &Replay {
        &self.replay
    }
    pub fn into_replay(self) -> Replay {
        self.replay
    }
    pub fn series(&self) -> &Series {
        &self.series
    }
    /// The report of the last turn played.
    pub fn last_report(&self) -> &TurnReport {
        &self.report
    }
    pub fn set_player_name(&mut self, p: usize, name: &str) {
        if let Some(slot) = self.replay.player_names.get_mut(p) {
            *slot = name.to_string();
        }
    }

    /// Whether the game has ended: at the turn limit, when at most one player is left, or in a
    /// single-player game when no unowned productive site remains.
    pub fn is_over(&self) -> bool {
        let alive = (0..self.players).filter(|&p| self.is_alive(p)).count();
        !(self.turn < self.max_turns
            && (alive > 1 || (self.players == 1 && self.productive_left > 0)))
    }

    /// What player `p` (0-based) sees: the whole board, or the fog view in Blitz.
    pub fn observation(&self, p: usize) -> Board {
        match self.fog_radius {
            Some(r) => fog_view(&self.board, (p + 1) as u8, r),
            None => self.board.clone(),
        }
    }

    /// Ejects player `p` before the first turn (it failed to start): its sites become neutral at
    /// once, keeping their strength, and it ranks below everyone eliminated later.
    pub fn eject_at_init(&mut self, p: usize) {
        if self.turn != 0 || !self.is_alive(p) {
            self.eject(p);
            return;
        }
        self.ranking.eject_at_init(p);
        self.neutralise(p);
    }

    /// Ejects player `p` during the next turn (it crashed, timed out or sent an invalid move
    /// line): its sites become neutral, keeping their strength, before the turn's moves apply.
    pub fn eject(&mut self, p: usize) {
        if self.is_alive(p) {
            self.pending_eject[p] = true;
        }
    }

    fn neutralise(&mut self, p: usize) {
        let tag = (p + 1) as u8;
        for o in self.board.owner.iter_mut() {
            if *o == tag {
                *o = 0;
            }
        }
    }

    /// Plays one turn with every player's moves (`moves[p]` for player `p + 1`; missing or dead
    /// players' entries are ignored, and so are moves for sites a player does not own).
    pub fn step(&mut self, moves: &[Vec<Move>]) -> Result<&TurnReport, GameError> {
        if self.is_over() {
            return Err(GameError::Over);
        }
        self.begin_turn();
        let (w, h) = (self.board.width, self.board.height);
        self.site_moves.fill(0);
        for (p, list) in moves.iter().enumerate().take(self.players) {
            if !self.is_alive(p) {
                continue;
            }
            let tag = (p + 1) as u8;
            for m in list {
                let (x, y) = (usize::from(m.x), usize::from(m.y));
                if x < w && y < h && self.board.owner[y * w + x] == tag {
                    self.site_moves[y * w + x] = m.dir;
                }
            }
        }
        Ok(self.finish_turn())
    }

    /// Plays one turn from per-site moves (as a replay stores them); moves from sites that no
    /// live player owns are ignored.
    pub fn step_sites(&mut self, site_moves: &[u8]) -> Result<&TurnReport, GameError> {
        if self.is_over() {
            return Err(GameError::Over);
        }
        self.begin_turn();
        for (i, slot) in self.site_moves.iter_mut().enumerate() {
            let o = self.board.owner[i] as usize;
            *slot = if o != 0 && o <= self.players {
                site_moves.get(i).copied().unwrap_or(0)
            } else {
                0
            };
        }
        Ok(self.finish_turn())
    }

    fn begin_turn(&mut self) {
        self.turn += 1;
        for p in 0..self.players {
            if self.pending_eject[p] {
                self.pending_eject[p] = false;
                self.ranking.mark_ejected(p);
                self.neutralise(p);
            }
        }
    }

    fn finish_turn(&mut self) -> &TurnReport {
        resolve_turn(
            &mut self.board,
            &self.site_moves,
            self.players,
            &mut self.scratch,
            &mut self.report,
        );
        if self.recording {
            self.replay.push_turn(&self.site_moves, &self.board);
            self.series.push(&self.board, Some(&self.report));
        }

        self.territory.fill(0);
        self.productive_left = 0;
        for (i, &o) in self.board.owner.iter().enumerate() {
            let o = o as usize;
            if o == 0 {
                if self.board.production[i] > 0 {
                    self.productive_left += 1;
                }
            } else if o <= self.players {
                self.territory[o - 1] += 1;
            }
        }
        self.ranking.record_frame(&self.territory);
        &self.report
    }

    /// Every player's standing now (final once [`Game::is_over`]), in seat order.
    pub fn results(&self) -> Vec<PlayerResult> {
        self.ranking.results(&self.replay.player_names)
    }
}
