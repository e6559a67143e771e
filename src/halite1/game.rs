//! A game: configuration, state, history, end conditions and ranking.
//!
//! [`Game::step`] takes every player's moves at once (simultaneous moves), resolves the turn with
//! [`resolve_turn`], records the frame in the game's [`Replay`] and its statistics, and returns the
//! turn's [`TurnReport`]. The end conditions and the ranking are the reference environment's.

use super::fog::fog_view;
use super::grid::{Board, MAX_PLAYERS};
use super::mapgen;
use super::protocol::Move;
use super::replay::Replay;
use super::stats::Series;
use super::turn::{resolve_turn, TurnReport, TurnScratch};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The largest map side a game accepts (the reference stores sides in 16 bits; real games use 20..50).
pub const MAX_SIDE: usize = 250;

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

/// Why a game cannot be made or stepped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameError {
    InvalidConfig(String),
    Over,
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::InvalidConfig(m) => write!(f, "invalid game: {m}"),
            GameError::Over => write!(f, "the game is over"),
        }
    }
}

impl std::error::Error for GameError {}

/// One player's standing, as the reference prints it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PlayerResult {
    pub tag: usize,
    pub name: String,
    /// 1 is best.
    pub rank: usize,
    /// Last frame in which the player owned a site (`num_frames - 1` for a survivor, -1 for a bot
    /// ejected before the first turn).
    pub last_frame_alive: i64,
    pub territory: u32,
    /// Sum of territory over all frames (frame 0 counts 1).
    pub territory_integral: u64,
    pub alive: bool,
    /// Ejected for a crash, a timeout or an invalid move line.
    pub ejected: bool,
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
    alive: Vec<bool>,
    ejected: Vec<bool>,
    pending_eject: Vec<bool>,
    last_territory: Vec<u32>,
    territory_integral: Vec<u64>,
    alive_frames: Vec<u32>,
    /// Players out of the game, worst first.
    eliminated: Vec<usize>,
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
        if !(1..=MAX_PLAYERS).contains(&config.players) {
            return bad(format!(
                "{} players: a game seats 1 to {MAX_PLAYERS}",
                config.players
            ));
        }
        let map_players = match config.map_players {
            Some(n) if config.players > 1 && n != config.players => {
                return bad("only single-player games take a map player count".into())
            }
            Some(n) if !(1..=MAX_PLAYERS).contains(&n) => {
                return bad(format!("a map holds 1 to {MAX_PLAYERS} players, not {n}"))
            }
            Some(n) => n,
            None => config.players,
        };
        for (side, v) in [("width", config.width), ("height", config.height)] {
            if !(1..=MAX_SIDE).contains(&v) {
                return bad(format!("{side} {v}: map sides are 1 to {MAX_SIDE}"));
            }
        }
        let seed = config.seed.unwrap_or_else(random_seed);
        let board = mapgen::generate(config.width, config.height, map_players, seed);
        if board.is_empty() {
            return bad(format!(
                "a {}x{} map for {map_players} players is too small",
                config.width, config.height
            ));
        }
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
            alive: vec![true; players],
            ejected: vec![false; players],
            pending_eject: vec![false; players],
            last_territory: vec![1; players],
            territory_integral: vec![1; players],
            alive_frames: vec![1; players],
            eliminated: Vec::new(),
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
    pub fn set_max_turns(&mut self, turns: u32) {
        self.max_turns = turns;
    }
    pub fn fog_radius(&self) -> Option<u32> {
        self.fog_radius
    }
    /// Whether player `p` (0-based) is still in the game.
    pub fn is_alive(&self, p: usize) -> bool {
        self.alive.get(p).copied().unwrap_or(false)
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
        let alive = self.alive.iter().filter(|&&a| a).count();
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
        self.alive[p] = false;
        self.ejected[p] = true;
        self.eliminated.push(p);
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
            if !self.alive[p] {
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
            if self.alive[p] {
                self.alive_frames[p] += 1;
            }
            if self.pending_eject[p] {
                self.pending_eject[p] = false;
                self.ejected[p] = true;
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

        self.last_territory.fill(0);
        self.productive_left = 0;
        for (i, &o) in self.board.owner.iter().enumerate() {
            let o = o as usize;
            if o == 0 {
                if self.board.production[i] > 0 {
                    self.productive_left += 1;
                }
            } else if o <= self.players {
                self.last_territory[o - 1] += 1;
            }
        }
        let mut fallen: Vec<usize> = Vec::new();
        for p in 0..self.players {
            self.territory_integral[p] += u64::from(self.last_territory[p]);
            if self.alive[p] && self.last_territory[p] == 0 {
                self.alive[p] = false;
                fallen.push(p);
            }
        }
        stable_sort_by_key(&mut fallen, |p| {
            (self.last_territory[p], self.territory_integral[p])
        });
        self.eliminated.extend(fallen);
        &self.report
    }

    /// Every player's standing now (final once [`Game::is_over`]), in seat order.
    pub fn results(&self) -> Vec<PlayerResult> {
        let mut survivors: Vec<usize> = (0..self.players).filter(|&p| self.alive[p]).collect();
        stable_sort_by_key(&mut survivors, |p| {
            (self.last_territory[p], self.territory_integral[p])
        });
        let ranks = ranks(self.players, &self.eliminated, &survivors);
        (0..self.players)
            .map(|p| PlayerResult {
                tag: p + 1,
                name: self.replay.player_names[p].clone(),
                rank: ranks[p],
                last_frame_alive: i64::from(self.alive_frames[p]) - 2 + i64::from(self.alive[p]),
                territory: self.last_territory[p],
                territory_integral: self.territory_integral[p],
                alive: self.alive[p],
                ejected: self.ejected[p],
            })
            .collect()
    }
}

/// A seed from the operating system's (or the browser's) random source, never 0.
pub fn random_seed() -> u32 {
    let mut bytes = [0u8; 4];
    loop {
        if getrandom::getrandom(&mut bytes).is_err() {
            // No random source at all (never seen in practice): a fixed sequence, still non-zero.
            use std::sync::atomic::{AtomicU32, Ordering};
            static NEXT: AtomicU32 = AtomicU32::new(0x9e37_79b9);
            bytes = NEXT.fetch_add(0x7f4a_7c15, Ordering::Relaxed).to_le_bytes();
        }
        let seed = u32::from_le_bytes(bytes);
        if seed != 0 {
            return seed;
        }
    }
}

/// Each player's rank (1 is best) from those eliminated, worst first, and the survivors sorted
/// worst first: the reference lists them in that order and reverses the list.
pub fn ranks(players: usize, eliminated: &[usize], survivors: &[usize]) -> Vec<usize> {
    let mut rank = vec![0; players];
    for (k, &p) in eliminated.iter().chain(survivors).rev().enumerate() {
        if let Some(r) = rank.get_mut(p) {
            *r = k + 1;
        }
    }
    rank
}

/// Sorts a few players by a key, keeping the order of equal ones (an insertion sort: the
/// lists hold at most six players, and the standard sort's code is large in WebAssembly).
pub fn stable_sort_by_key<K: Ord>(items: &mut [usize], key: impl Fn(usize) -> K) {
    for i in 1..items.len() {
        let mut j = i;
        while j > 0 && key(items[j - 1]) > key(items[j]) {
            items.swap(j - 1, j);
            j -= 1;
        }
    }
}
