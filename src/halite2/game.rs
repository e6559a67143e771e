//! A Halite II game in progress: the board, who is still in, the ranking so far and the replay
//! being written (the reference's `Halite::run_game` around [`State::play_turn`]).

use super::entities::constants as k;
use super::mapgen::{self, MapError, MapRequest};
use super::ranking::{append_group, order_group, sort_by_score, Ahead, Score};
use super::replay::{
    default_constants, Frame, PlanetHeader, PlayerStats, Replay, ShipCommand, ENGINE_VERSION,
    VERSION,
};
use super::stats::Series;
use super::turn::State;
use crate::env::record::JsonText;
use crate::env::SeatResult;
use rand_mt::Mt;
use std::fmt;

/// How to set up a new game (from JavaScript: `{width, height, players, seed, playerNames}`).
#[derive(Clone, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct GameConfig {
    pub width: u32,
    pub height: u32,
    /// 1, 2 or 4 (the reference refuses 3).
    pub players: usize,
    pub seed: u32,
    /// Names by seat; missing ones are filled in.
    pub player_names: Vec<String>,
}

impl Default for GameConfig {
    fn default() -> GameConfig {
        GameConfig {
            width: 240,
            height: 160,
            players: 2,
            seed: 42,
            player_names: Vec::new(),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameError {
    /// The game is over: no more turns.
    Over,
    /// A config the reference would not run.
    Config(MapError),
    /// A replay that does not follow the rules (or a frame beyond its end).
    Replay(String),
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::Over => write!(f, "the game is over"),
            GameError::Config(m) => write!(f, "bad game config: {m}"),
            GameError::Replay(m) => write!(f, "{m}"),
        }
    }
}

impl std::error::Error for GameError {}

/// The turn limit: min(300, 100 + trunc(sqrt(W * H))).
pub fn max_turns(width: u32, height: u32) -> u32 {
    let area = f64::from(width) * f64::from(height);
    k::MAX_TURNS.min(100 + area.sqrt() as u32)
}

/// One seat's actions for a turn: commands for its ships.
pub type Action = Vec<ShipCommand>;

#[derive(Clone, Debug)]
pub struct Game {
    pub(crate) state: State,
    replay: Replay,
    turn: u32,
    max_turns: u32,
    living: Vec<bool>,
    /// The reference's `alive_frame_count` (starts at 1, +1 for each turn entered alive).
    alive_frames: Vec<i64>,
    /// Players out of the game, worst first.
    rankings: Vec<usize>,
    rng: Mt,
    /// The next outputs of `rng`, drawn on a copy of it (none until needed, and again each
    /// time `rng` moves on): the ranking's shuffle of tied survivors reads them every turn.
    ahead: Option<[u32; AHEAD]>,
    /// Seats to eject at the start of the next turn.
    pending: Vec<bool>,
    ejected: Vec<bool>,
    over: bool,
    /// Bots' response times as a subprocess run measures them (zero otherwise).
    times: Vec<ResponseTimes>,
    /// The statistics series of the frames recorded so far.
    series: Series,
    /// Working space for the ranking, kept between turns.
    order: Vec<usize>,
}

/// How many outputs of the generator [`Game`] keeps drawn ahead (two shuffle four players).
const AHEAD: usize = 4;

/// One bot's response times in whole milliseconds, as the reference's statistics keep them.
#[derive(Clone, Copy, Debug, Default)]
struct ResponseTimes {
    init: u64,
    turns_total: u64,
    turns_max: u64,
}

impl Game {
    /// A new game on the generated map for the config.
    pub fn new(config: &GameConfig) -> Result<Game, GameError> {
        if ![1, 2, 4].contains(&config.players) {
            return Err(GameError::Config(MapError::Players(config.players)));
        }
        let map = MapRequest {
            width: config.width,
            height: config.height,
            players: config.players,
            seed: config.seed,
        }
        .generate()
        .map_err(GameError::Config)?;
        let planets: Vec<(f64, f64, f64)> = map.planets.iter().map(|p| (p.x, p.y, p.r)).collect();
        let mut names = config.player_names.clone();
        names.resize_with(config.players, String::new);
        for (p, n) in names.iter_mut().enumerate() {
            if n.is_empty() {
                *n = format!("Player {p}");
            }
        }
        Ok(Game::from_map(
            config.width,
            config.height,
            config.seed,
            &planets,
            &mapgen::ship_positions(&map),
            names,
        ))
    }

    /// A game on a given board (planets `(x, y, r)`, initial ship positions per player).
    pub fn from_map(
        width: u32,
        height: u32,
        seed: u32,
        planets: &[(f64, f64, f64)],
        ships: &[Vec<(f64, f64)>],
        player_names: Vec<String>,
    ) -> Game {
        let state = State::new(width, height, planets, ships);
        let replay = Replay::fresh(&state, seed, player_names);
        let players = ships.len();
        let series = first_series(&replay, &state);
        let mut game = Game {
            state,
            replay,
            turn: 0,
            max_turns: max_turns(width, height),
            living: vec![true; players],
            alive_frames: vec![1; players],
            rankings: Vec::new(),
            rng: Mt::new(seed),
            ahead: None,
            pending: vec![false; players],
            ejected: vec![false; players],
            over: false,
            times: vec![ResponseTimes::default(); players],
            series,
            order: Vec::new(),
        };
        // The frames, moves and series of every turn up to the limit, without growing them
        // (each growth copied the lists so far).
        let turns = game.max_turns as usize;
        game.replay.frames.reserve_exact(turns);
        game.replay.moves.reserve_exact(turns);
        game.series.reserve(turns + 1);
        game.update_stats();
        game
    }

    /// A game restored from a forward-model snapshot (`super::forward`): the board at turn
    /// `turn` with the seats `living`; no history (its replay starts at this frame) and no
    /// ranking so far (a simulation needs neither).
    pub(crate) fn restore(state: State, turn: u32, max_turns: u32, living: Vec<bool>) -> Game {
        let players = state.players;
        let names = (0..players).map(|p| format!("Player {p}")).collect();
        let replay = Replay::fresh(&state, 0, names);
        let series = first_series(&replay, &state);
        let mut game = Game {
            state,
            replay,
            turn,
            max_turns,
            living,
            alive_frames: vec![1; players],
            rankings: Vec::new(),
            rng: Mt::new(0),
            ahead: None,
            pending: vec![false; players],
            ejected: vec![false; players],
            over: false,
            times: vec![ResponseTimes::default(); players],
            series,
            order: Vec::new(),
        };
        game.over = game.complete();
        game
    }

    pub fn living(&self) -> &[bool] {
        &self.living
    }
}

/// The statistics series of a replay's first frame, `state`.
fn first_series(replay: &Replay, state: &State) -> Series {
    let mut series = Series::new(replay.num_players);
    if let Some(first) = replay.frames.first() {
        series.push(first, None, Some(&state.damage_dealt));
    }
    series
}

impl Replay {
    /// A replay whose first frame is `state` (its planets' headers from the state's planets).
    fn fresh(state: &State, seed: u32, player_names: Vec<String>) -> Replay {
        let headers = state
            .planets
            .iter()
            .map(|p| {
                let (x, y) = p.pos.to_f64();
                PlanetHeader {
                    id: p.id,
                    x,
                    y,
                    r: p.r,
                    health: u32::from(p.health),
                    docking_spots: u32::from(p.docking_spots),
                    production: u32::from(p.remaining_production),
                }
            })
            .collect();
        Replay {
            version: VERSION,
            engine_version: ENGINE_VERSION.to_string(),
            seed,
            map_generator: mapgen::NAME.to_string(),
            width: state.width,
            height: state.height,
            num_players: state.players,
            player_names,
            constants: default_constants(),
            planets: headers,
            poi: JsonText::from_compact("[]"),
            stats: Vec::new(),
            frames: vec![state.frame()],
            moves: Vec::new(),
        }
    }
}

impl Game {
    pub fn state(&self) -> &State {
        &self.state
    }

    pub fn replay(&self) -> &Replay {
        &self.replay
    }

    pub fn into_replay(self) -> Replay {
        self.replay
    }

    /// The statistics series of every frame so far (frame 0 and one per turn played).
    pub fn series(&self) -> &Series {
        &self.series
    }

    pub fn turn(&self) -> u32 {
        self.turn
    }

    pub fn max_turns(&self) -> u32 {
        self.max_turns
    }

    pub fn players(&self) -> usize {
        self.living.len()
    }

    pub fn seed(&self) -> u32 {
        self.replay.seed
    }

    pub fn is_alive(&self, seat: usize) -> bool {
        self.living.get(seat).copied().unwrap_or(false)
    }

    pub fn was_ejected(&self, seat: usize) -> bool {
        self.ejected.get(seat).copied().unwrap_or(false)
    }

    fn complete(&self) -> bool {
        let n = self.living.iter().filter(|&&a| a).count();
        let players = self.living.len();
        self.turn >= self.max_turns || (n <= 1 && players > 1) || (n == 0 && players == 1)
    }

    pub fn is_over(&self) -> bool {
        self.over
    }

    pub fn set_player_name(&mut self, seat: usize, name: &str) {
        if let Some(n) = self.replay.player_names.get_mut(seat) {
            *n = name.to_string();
        }
    }

    /// Ejects `seat` at the start of the next turn (a crash, a timeout, a bad command).
    pub fn eject(&mut self, seat: usize) {
        if self.is_alive(seat) {
            self.pending[seat] = true;
        }
    }

    /// Ejects `seat` before the first turn (it failed to start).
    pub fn eject_at_init(&mut self, seat: usize) {
        if self.turn == 0 && self.is_alive(seat) {
            self.state.kill_player(seat);
            self.living[seat] = false;
            self.ejected[seat] = true;
            self.rankings.push(seat);
            self.over = self.complete();
            self.update_stats();
        }
    }

    /// Plays one turn with every seat's commands.
    pub fn step(&mut self, actions: &[Action]) -> Result<(), GameError> {
        if self.over {
            return Err(GameError::Over);
        }
        self.turn += 1;
        for (p, &alive) in self.living.iter().enumerate() {
            if alive {
                self.alive_frames[p] += 1;
            }
        }
        let mut ejected_now = Vec::new();
        for p in 0..self.players() {
            if self.pending[p] && self.living[p] {
                ejected_now.push(p);
                self.ejected[p] = true;
            }
            self.pending[p] = false;
        }
        // The players ejected now lose their ships before the moves, and the dead have none,
        // so only the living players' commands act.
        let outcome = self.state.play_turn(&self.living, &ejected_now, actions);
        if let Some(last) = self.replay.frames.last_mut() {
            last.events = Some(outcome.events);
        }
        self.replay.frames.push(self.state.frame());
        self.replay.moves.push(outcome.moves);
        if let [.., before, after] = self.replay.frames.as_slice() {
            let events = before.events.as_deref().unwrap_or(&[]);
            self.series.push(
                after,
                Some((before, events)),
                Some(&self.state.damage_dealt),
            );
        }
        let leaving: Vec<usize> = (0..self.players())
            .filter(|&p| self.living[p] && !outcome.alive[p])
            .collect();
        if !leaving.is_empty() {
            // (A group of one draws nothing, but whatever moves the generator on drops the
            // outputs drawn ahead.)
            self.ahead = None;
        }
        append_group(
            &mut self.rankings,
            leaving,
            &self.state.total_ship_count,
            &self.state.damage_dealt,
            &mut self.rng,
        );
        self.living = outcome.alive;
        self.over = self.complete();
        self.update_stats();
        Ok(())
    }

    /// The ranking best first: at the end the survivors' group is added as the reference
    /// does; before, on a copy of the generator (so nothing of the game changes).
    ///
    /// The shuffle only orders survivors whose ships produced and damage dealt are equal, so
    /// when no two survivors tie the stable sort alone gives the same order and the generator
    /// is not needed. When they tie, the shuffle reads the generator's next outputs from
    /// `ahead` (drawn once on a copy of it, kept while the generator stays where it is), not
    /// from a new copy each turn (about 2.5 kB of state, and all of it regenerated on the copy
    /// when the generator is at the end of a block).
    ///
    /// Written into `rankings` (emptied first).
    fn final_order(&self, rankings: &mut Vec<usize>, ahead: &mut Option<[u32; AHEAD]>) {
        rankings.clear();
        rankings.extend_from_slice(&self.rankings);
        let (ships, damage) = (&self.state.total_ship_count, &self.state.damage_dealt);
        let key = |p: usize| (ships[p], damage[p]);
        // The survivors after the players out, sorted there.
        let out = rankings.len();
        rankings.extend((0..self.players()).filter(|&p| self.living[p]));
        sort_by_score(&mut rankings[out..], ships, damage);
        if !rankings[out..].windows(2).all(|w| key(w[0]) != key(w[1])) {
            let drawn = ahead.get_or_insert_with(|| {
                let mut copy = self.rng.clone();
                std::array::from_fn(|_| copy.next_u32())
            });
            // The players in their seat order, as the shuffle expects them.
            rankings.truncate(out);
            rankings.extend((0..self.players()).filter(|&p| self.living[p]));
            let survivors = &mut rankings[out..];
            order_group(survivors, ships, damage, &mut Ahead::new(drawn, &self.rng));
        }
        rankings.reverse();
    }

    /// Records a bot's response time: its initialisation (`init`) or a turn. The replay's
    /// statistics show the initialisation time, the mean over the frames the bot was alive
    /// and the longest turn, as the reference's do.
    pub fn record_response_time(&mut self, seat: usize, init: bool, millis: u64) {
        let Some(t) = self.times.get_mut(seat) else {
            return;
        };
        if init {
            t.init = millis;
        } else {
            t.turns_total = t.turns_total.saturating_add(millis);
            t.turns_max = t.turns_max.max(millis);
        }
        self.update_stats();
    }

    fn update_stats(&mut self) {
        let mut order = std::mem::take(&mut self.order);
        let mut ahead = self.ahead.take();
        self.final_order(&mut order, &mut ahead);
        self.ahead = ahead;
        let stats = (0..self.players()).map(|p| PlayerStats {
            rank: order
                .iter()
                .position(|&q| q == p)
                .map_or(0, |r| r as u32 + 1),
            last_frame_alive: self.alive_frames[p] - 2 + i64::from(self.living[p]),
            total_ship_count: self.state.total_ship_count[p],
            damage_dealt: self.state.damage_dealt[p],
            init_response_time: self.times[p].init,
            average_frame_response_time: self.times[p].turns_total as f64
                / self.alive_frames[p].max(1) as f64,
            max_frame_response_time: self.times[p].turns_max,
        });
        // In place: the list is rewritten every turn.
        let list = &mut self.replay.stats;
        list.clear();
        list.extend(stats);
        self.order = order;
    }

    /// Every seat's standing now (final once the game is over).
    pub fn results(&self) -> Vec<SeatResult<Score>> {
        self.replay
            .stats
            .iter()
            .enumerate()
            .map(|(p, s)| SeatResult {
                seat: p,
                name: self.replay.player_names[p].clone(),
                rank: s.rank as usize,
                last_frame_alive: s.last_frame_alive,
                alive: self.living[p],
                ejected: self.ejected[p],
                score: Score {
                    ships_produced: s.total_ship_count,
                    damage_dealt: s.damage_dealt,
                    ships: self.state.ship_count(p),
                },
            })
            .collect()
    }

    /// The latest frame.
    pub fn frame(&self) -> &Frame {
        &self.replay.frames[self.replay.frames.len() - 1]
    }
}
