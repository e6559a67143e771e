//! Halite I (and Blitz) for JavaScript: [`Halite1Replay`] and [`Halite1Game`].
//!
//! * [`Halite1Replay`]: a replay loaded from bytes (`.hlt`, `.hlt.gz`, `.blitz`), its frames read
//!   through `Uint8Array` views over wasm memory, its statistics series as typed arrays, any
//!   turn's report, any seat's fog view, a rules check, and a re-simulation timing loop.
//! * [`Halite1Game`]: a live game made from a config and a seed, forked from a replay at any
//!   frame, or started from a board; stepped with every seat's moves at once.
//!
//! Its lessons and the sandbox's turn explanation are in [`super::halite1_lesson`].
//!
//! Seats are 0-based in every argument and result; board owner values stay what they are in
//! the game (0 neutral, `seat + 1` for a seat's sites).

use super::{
    frame_slice, frame_view, game_accessors, js_error, shared_accessors, to_js, view, HoldsGame,
    HoldsReplay,
};
use crate::halite1::answer::{read_answer, read_rows, AnswerError};
use crate::halite1::bench::resimulate;
use crate::halite1::fog::{sight, Sight};
use crate::halite1::mapgen::MapRequest;
use crate::halite1::observe::Observation;
use crate::halite1::stats::{replay_series, replay_turn_report, standings, Series, SERIES};
use crate::halite1::verify::{verify, Mismatch};
use crate::halite1::{Board, Game, GameConfig, Move, Replay};
use js_sys::{Array, Object, Reflect, Uint32Array, Uint8Array};
use wasm_bindgen::prelude::*;

/// Names of the statistics series, in order (`Halite1Replay.series(name)`).
#[wasm_bindgen(js_name = seriesNames)]
pub fn series_names() -> Array {
    SERIES.iter().map(|s| JsValue::from_str(s)).collect()
}

/// The reference map generator: `{width, height, production, owner, strength}` (flat arrays,
/// row-major; `players` 1 to 6, sides 1 to 250).
#[wasm_bindgen(js_name = generateMap)]
pub fn generate_map(
    width: usize,
    height: usize,
    players: usize,
    seed: u32,
) -> Result<JsValue, JsError> {
    let request = MapRequest {
        width,
        height,
        players,
        seed,
    };
    to_js(&request.generate().map_err(js_error)?)
}

/// One frame as a board, from the page's arrays, checked against the map size (and the map
/// limits) with an error that names the array at fault.
fn frame_board(
    width: usize,
    height: usize,
    owner: &[u8],
    strength: &[u8],
    production: &[u8],
) -> Result<Board, JsError> {
    crate::halite1::mapgen::check_sides(width, height).map_err(js_error)?;
    let n = width * height;
    for (name, a) in [
        ("owner", owner),
        ("strength", strength),
        ("production", production),
    ] {
        if a.len() != n {
            return Err(JsError::new(&format!(
                "{name} holds {} values, not {n} ({width}x{height})",
                a.len()
            )));
        }
    }
    Ok(Board {
        width,
        height,
        production: production.to_vec(),
        owner: owner.to_vec(),
        strength: strength.to_vec(),
    })
}

/// What `seat` (0-based) sees of one frame within `radius`: `{owner, strength, production,
/// visible}` (copies). Stateless: the page holds the frames and asks for one frame's view.
#[wasm_bindgen(js_name = halite1FogView)]
pub fn halite1_fog_view(
    width: usize,
    height: usize,
    owner: &[u8],
    strength: &[u8],
    production: &[u8],
    seat: usize,
    radius: u32,
) -> Result<JsValue, JsError> {
    let b = frame_board(width, height, owner, strength, production)?;
    let tag = seat_tag(seat, crate::halite1::MAX_PLAYERS)?;
    sight_object(&sight(
        width,
        height,
        &b.owner,
        &b.strength,
        &b.production,
        tag,
        radius,
    ))
}

/// The report of one turn (per-seat statistics and per-site damage) from the frame before it and
/// its per-site moves. Stateless, like [`halite1_fog_view`].
#[wasm_bindgen(js_name = halite1TurnReport)]
pub fn halite1_turn_report(
    width: usize,
    height: usize,
    players: usize,
    owner: &[u8],
    strength: &[u8],
    production: &[u8],
    moves: &[u8],
) -> Result<JsValue, JsError> {
    let mut board = frame_board(width, height, owner, strength, production)?;
    crate::halite1::turn::check_turn_input(board.len(), moves, players).map_err(js_error)?;
    let mut report = crate::halite1::TurnReport::default();
    crate::halite1::turn::resolve_turn(
        &mut board,
        moves,
        players,
        &mut crate::halite1::TurnScratch::new(),
        &mut report,
    );
    to_js(&report)
}

thread_local! {
    /// The observation's keys, made once (a live turn asks for every seat's observation).
    static OBSERVATION_KEYS: [JsValue; 7] = [
        "width", "height", "myId", "owner", "strength", "production", "turn",
    ]
    .map(JsValue::from_str);
}

/// A seat's observation as the object a bot receives: the object [`Observation::encode`]'s JSON
/// and bytes stand for (the same keys in the same order, the arrays fresh `Uint8Array`s), made
/// straight from the observation instead of through its text, for the live turn's speed.
fn observation_object(o: &Observation) -> Result<JsValue, JsError> {
    let b = &o.board;
    let values: [JsValue; 7] = [
        (b.width as f64).into(),
        (b.height as f64).into(),
        f64::from(o.my_id).into(),
        Uint8Array::from(&b.owner[..]).into(),
        Uint8Array::from(&b.strength[..]).into(),
        Uint8Array::from(&b.production[..]).into(),
        f64::from(o.turn).into(),
    ];
    let object = Object::new();
    OBSERVATION_KEYS.with(|keys| {
        for (k, v) in keys.iter().zip(&values) {
            Reflect::set(&object, k, v).map_err(|_| JsError::new("observation"))?;
        }
        Ok::<(), JsError>(())
    })?;
    Ok(object.into())
}

/// What `verify()` answers.
#[derive(serde::Serialize)]
struct Verdict {
    ok: bool,
    /// The replay follows the rules but stops before the game's end.
    unfinished: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    frame: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    message: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    detail: Option<Mismatch>,
}

fn series_array(series: &Series, name: &str) -> Result<Uint32Array, JsError> {
    let k =
        Series::index_of(name).ok_or_else(|| JsError::new(&format!("no series named {name:?}")))?;
    Ok(Uint32Array::from(series.all_players(k).as_slice()))
}

/// A fog view as JavaScript sees it: `{owner, strength, production, visible}` (copies).
fn sight_object(s: &Sight) -> Result<JsValue, JsError> {
    let obj = Object::new();
    let visible: Vec<u8> = s.visible.iter().map(|&v| u8::from(v)).collect();
    for (k, v) in [
        ("owner", &s.view.owner),
        ("strength", &s.view.strength),
        ("production", &s.view.production),
        ("visible", &visible),
    ] {
        Reflect::set(&obj, &k.into(), &Uint8Array::from(v.as_slice()).into())
            .map_err(|_| JsError::new("cannot build the fog view"))?;
    }
    Ok(obj.into())
}

/// The owner value of `seat` (0-based) in a game of `seats`, or an error naming the seat.
fn seat_tag(seat: usize, seats: usize) -> Result<u8, JsError> {
    if seat < seats {
        Ok((seat + 1) as u8)
    } else {
        Err(JsError::new(&format!(
            "no seat {seat} (seats are 0 to {})",
            seats.saturating_sub(1)
        )))
    }
}

/// Writes the Halite I frame accessors both handles have, read from the replay each holds:
/// views of `owner(t)`, `strength(t)`, `production()`, `moves(t)`; `turnReport(t)` and
/// `fogView(t, seat, radius)`.
macro_rules! halite1_frames {
    ($handle:ty) => {
        #[wasm_bindgen]
        impl $handle {
            /// View of frame `t`'s owners (0 neutral, `seat + 1` for a seat's sites).
            pub fn owner(&self, t: usize) -> Result<Uint8Array, JsError> {
                let r = self.held_replay();
                frame_view(&r.owner, r.sites(), t, r.num_frames())
            }
            /// View of frame `t`'s strengths.
            pub fn strength(&self, t: usize) -> Result<Uint8Array, JsError> {
                let r = self.held_replay();
                frame_view(&r.strength, r.sites(), t, r.num_frames())
            }
            /// View of the production map.
            pub fn production(&self) -> Uint8Array {
                view(&self.held_replay().production)
            }
            /// View of the moves of turn `t` (from frame `t` to `t + 1`).
            pub fn moves(&self, t: usize) -> Result<Uint8Array, JsError> {
                let r = self.held_replay();
                frame_view(&r.moves, r.sites(), t, r.num_frames().saturating_sub(1))
            }
            /// The report of turn `t` (from frame `t` to `t + 1`): per-seat stats
            /// (`players[seat]`) and per-site damage.
            #[wasm_bindgen(js_name = turnReport)]
            pub fn turn_report(&self, t: usize) -> Result<JsValue, JsError> {
                let r = replay_turn_report(self.held_replay(), t)
                    .ok_or_else(|| JsError::new(&format!("turn {t} is out of range")))?;
                to_js(&r)
            }
            /// What `seat` (0-based) saw in frame `t` within `radius`:
            /// `{owner, strength, production, visible}` (copies).
            #[wasm_bindgen(js_name = fogView)]
            pub fn fog_view(&self, t: usize, seat: usize, radius: u32) -> Result<JsValue, JsError> {
                let r = self.held_replay();
                let tag = seat_tag(seat, r.num_players)?;
                let (n, frames) = (r.sites(), r.num_frames());
                let owner = frame_slice(&r.owner, n, t, frames)?;
                let strength = frame_slice(&r.strength, n, t, frames)?;
                let s = sight(
                    r.width,
                    r.height,
                    owner,
                    strength,
                    &r.production,
                    tag,
                    radius,
                );
                sight_object(&s)
            }
        }
    };
}

/// A Halite I replay held in wasm memory.
#[wasm_bindgen]
pub struct Halite1Replay {
    replay: Replay,
    series: Option<Series>,
}

impl HoldsReplay for Halite1Replay {
    type Replay = Replay;
    fn held_replay(&self) -> &Replay {
        &self.replay
    }
}

shared_accessors!(Halite1Replay);
halite1_frames!(Halite1Replay);

#[wasm_bindgen]
impl Halite1Replay {
    /// A replay from its record (`Halite1Files.read` gives the record of a replay file).
    #[wasm_bindgen(js_name = fromRecord)]
    pub fn from_record(record: &[u8]) -> Result<Halite1Replay, JsError> {
        let replay = <Replay as crate::env::ReplayFile>::from_record(record).map_err(js_error)?;
        Ok(Halite1Replay {
            replay,
            series: None,
        })
    }

    /// The Blitz fog-of-war radius, if this is a Blitz replay.
    #[wasm_bindgen(getter, js_name = fogOfWar)]
    pub fn fog_of_war(&self) -> Option<u32> {
        self.replay.fog_of_war
    }

    fn series_cache(&mut self) -> &Series {
        let replay = &self.replay;
        self.series.get_or_insert_with(|| replay_series(replay))
    }

    /// A statistics series for every seat (see `seriesNames()`), seat-major:
    /// `values[seat * numFrames + frame]` (a copy).
    pub fn series(&mut self, name: &str) -> Result<Uint32Array, JsError> {
        series_array(self.series_cache(), name)
    }

    /// Re-simulates the replay: `{ok: true}` or `{ok: false, frame, message, detail}`.
    pub fn verify(&self) -> Result<JsValue, JsError> {
        match verify(&self.replay) {
            Ok(()) => to_js(&Verdict {
                ok: true,
                unfinished: false,
                frame: None,
                message: None,
                detail: None,
            }),
            Err(m) => {
                let frame = m.frame();
                to_js(&Verdict {
                    ok: false,
                    unfinished: m.is_unfinished(),
                    frame: Some(frame),
                    message: Some(m.to_string()),
                    detail: Some(m),
                })
            }
        }
    }

    /// Final standings read from the frames, in seat order:
    /// `[{seat, tag, name, rank, lastFrameAlive, alive, ejected, territory, territoryIntegral}]`.
    pub fn standings(&self) -> Result<JsValue, JsError> {
        to_js(&standings(&self.replay))
    }

    /// Re-simulates the whole replay `rounds` times from frame 0 with its moves (the fast
    /// resolver, as the native bench does) and returns the number of site-turns resolved, for
    /// JavaScript to time.
    #[wasm_bindgen(js_name = benchResimulate)]
    pub fn bench_resimulate(&self, rounds: u32) -> f64 {
        resimulate(&self.replay, rounds) as f64
    }
}

/// A live Halite I game in wasm memory.
#[wasm_bindgen]
pub struct Halite1Game {
    game: Game,
    /// Per seat, this turn's moves (reused): what `step` read, or what `acceptAnswer` kept.
    moves: Vec<Vec<Move>>,
    /// The moves of an answer being checked (reused).
    scratch: Vec<Move>,
}

impl Halite1Game {
    fn wrap(game: Game) -> Halite1Game {
        let seats = game.players();
        Halite1Game {
            game,
            moves: vec![Vec::new(); seats],
            scratch: Vec::new(),
        }
    }
}

impl HoldsReplay for Halite1Game {
    type Replay = Replay;
    fn held_replay(&self) -> &Replay {
        self.game.replay()
    }
}

impl HoldsGame for Halite1Game {
    type Game = Game;
    fn held_game(&self) -> &Game {
        &self.game
    }
    fn held_game_mut(&mut self) -> &mut Game {
        &mut self.game
    }
}

shared_accessors!(Halite1Game);
game_accessors!(Halite1Game);
halite1_frames!(Halite1Game);

/// A starting position given to `Halite1Game.fromBoard`.
#[derive(serde::Deserialize)]
#[serde(rename_all = "camelCase")]
struct BoardInput {
    width: usize,
    height: usize,
    owner: Vec<u8>,
    strength: Vec<u8>,
    production: Vec<u8>,
    player_names: Vec<String>,
    #[serde(default)]
    fog_radius: Option<u32>,
    #[serde(default)]
    max_turns: Option<u32>,
}

#[wasm_bindgen]
impl Halite1Game {
    /// A new game from a config `{width, height, players, seed?, maxTurns?, fogRadius?,
    /// playerNames?, mapPlayers?}`.
    #[wasm_bindgen(constructor)]
    pub fn new(config: JsValue) -> Result<Halite1Game, JsError> {
        let config: GameConfig = serde_wasm_bindgen::from_value(config)
            .map_err(|e| JsError::new(&format!("invalid game config: {e}")))?;
        Game::new(&config).map(Halite1Game::wrap).map_err(js_error)
    }

    /// The recorded game as it was after frame `frame` (0 to `numFrames - 1`): stepping it with
    /// the recorded moves reproduces the rest of the replay and its ranking.
    #[wasm_bindgen(js_name = fromReplay)]
    pub fn from_replay(replay: &Halite1Replay, frame: usize) -> Result<Halite1Game, JsError> {
        Game::from_replay(&replay.replay, frame)
            .map(Halite1Game::wrap)
            .map_err(js_error)
    }

    /// A game from a position: `{width, height, owner, strength, production, playerNames,
    /// fogRadius?, maxTurns?}` with `owner`, `strength` and `production` flat row-major arrays
    /// (`number[]` or `Uint8Array`) of `width * height` values 0 to 255, owners 0 (neutral) to
    /// `playerNames.length` (1 to 6 seats), sides 1 to 250.
    #[wasm_bindgen(js_name = fromBoard)]
    pub fn from_board(board: JsValue) -> Result<Halite1Game, JsError> {
        let input: BoardInput = serde_wasm_bindgen::from_value(board)
            .map_err(|e| JsError::new(&format!("invalid board: {e}")))?;
        let board = Board {
            width: input.width,
            height: input.height,
            production: input.production,
            owner: input.owner,
            strength: input.strength,
        };
        let mut game = Game::from_board_checked(board, input.player_names, input.fog_radius)
            .map_err(js_error)?;
        if let Some(t) = input.max_turns {
            game.set_max_turns(t);
        }
        Ok(Halite1Game::wrap(game))
    }

    /// The map seed (0 for a game forked or started from a board).
    #[wasm_bindgen(getter)]
    pub fn seed(&self) -> u32 {
        self.game.seed()
    }
    /// The game's exact state now for the forward model bots call (`debug.simulate`; a copy),
    /// or `undefined` in a fog game (it would reveal hidden sites).
    pub fn snapshot(&self) -> Option<Vec<u8>> {
        crate::halite1::forward::snapshot(&self.game)
    }

    #[wasm_bindgen(getter, js_name = maxTurns)]
    pub fn max_turns(&self) -> u32 {
        self.game.max_turns()
    }
    #[wasm_bindgen(getter, js_name = fogRadius)]
    pub fn fog_radius(&self) -> Option<u32> {
        self.game.fog_radius()
    }

    /// What `seat` (0-based) is given this turn, the object a bot receives (`halite1::observe`:
    /// `{width, height, myId, owner, strength, production, turn}`, the arrays copies, fog
    /// applied in Blitz).
    pub fn observation(&self, seat: usize) -> Result<JsValue, JsError> {
        seat_tag(seat, self.game.players())?;
        observation_object(&Observation::of(&self.game, seat))
    }

    /// Checks one seat's answer in the packed form `step` takes (flat quadruples `[seat, x, y,
    /// direction, ...]`, this seat's only) against the game as it is now: `undefined` when it
    /// passes, else the reason it is refused (a bot is ejected with it). `recorded` admits any
    /// direction byte, as the original protocol did.
    #[wasm_bindgen(js_name = checkAnswer)]
    pub fn check_answer(&mut self, seat: usize, moves: &[u32], recorded: bool) -> Option<String> {
        let mut scratch = std::mem::take(&mut self.scratch);
        scratch.clear();
        let r = read_answer(&self.game, seat, moves, recorded, &mut scratch);
        self.scratch = scratch;
        r.err().map(|e| e.to_string())
    }

    /// Checks one seat's answer as `checkAnswer` does and, when it passes, keeps its moves for
    /// `stepAccepted` (replacing any this seat had); a refused answer leaves the seat with no
    /// moves. `undefined` when it passes, else the reason.
    #[wasm_bindgen(js_name = acceptAnswer)]
    pub fn accept_answer(&mut self, seat: usize, moves: &[u32], recorded: bool) -> Option<String> {
        let Some(list) = self.moves.get_mut(seat) else {
            let seats = self.game.players();
            return Some(AnswerError::NoSeat { seat, seats }.to_string());
        };
        list.clear();
        read_answer(&self.game, seat, moves, recorded, list)
            .err()
            .map(|e| e.to_string())
    }

    /// Computes `seat`'s answer by the built-in bot `name` (`halite1::bots`) from its
    /// observation and keeps it as `acceptAnswer` does: `undefined` when it passes, else the
    /// reason (also for a name no built-in bot has).
    #[wasm_bindgen(js_name = playBuiltin)]
    pub fn play_builtin(&mut self, seat: usize, name: &str) -> Option<String> {
        let Some(bot) = crate::halite1::bots::by_name(name) else {
            return Some(format!("no built-in bot named {name}"));
        };
        if seat >= self.game.players() {
            let seats = self.game.players();
            return Some(AnswerError::NoSeat { seat, seats }.to_string());
        }
        let moves = bot(&Observation::of(&self.game, seat));
        let mut packed = Vec::with_capacity(4 * moves.len());
        for m in moves {
            packed.extend_from_slice(&[seat as u32, u32::from(m.x), u32::from(m.y), u32::from(m.dir)]);
        }
        self.accept_answer(seat, &packed, false)
    }

    /// Plays one turn with the answers `acceptAnswer` kept (a seat with none stays still), then
    /// forgets them: each answer is read once. Returns nothing: ask `lastReport()`.
    #[wasm_bindgen(js_name = stepAccepted)]
    pub fn step_accepted(&mut self) -> Result<(), JsError> {
        let r = self.game.step(&self.moves).map(|_| ()).map_err(js_error);
        self.moves.iter_mut().for_each(Vec::clear);
        r
    }

    /// Plays one turn. `moves` is flat quadruples `[seat, x, y, direction, ...]` (seat 0-based;
    /// direction 0 still, 1 north, 2 east, 3 south, 4 west; any other byte a recorded game may
    /// hold stays without production). Every seat's moves pass `checkAnswer` (as recorded) or
    /// the turn is refused and nothing changes; moves for sites a seat does not own are ignored.
    /// Returns nothing: ask `lastReport()`.
    pub fn step(&mut self, moves: &[u32]) -> Result<(), JsError> {
        if !moves.len().is_multiple_of(4) {
            return Err(js_error(AnswerError::Ragged));
        }
        let seats = self.moves.len();
        let seat_of = |q: &[u32]| q.first().map_or(usize::MAX, |&s| s as usize);
        if let Some(seat) = moves.chunks_exact(4).map(seat_of).find(|&s| s >= seats) {
            return Err(js_error(AnswerError::NoSeat { seat, seats }));
        }
        for (seat, list) in self.moves.iter_mut().enumerate() {
            list.clear();
            let rows = moves.chunks_exact(4).filter(|q| seat_of(q) == seat);
            read_rows(&self.game, seat, rows, true, list).map_err(js_error)?;
        }
        self.game.step(&self.moves).map(|_| ()).map_err(js_error)
    }

    /// The report of the last turn played (per-seat stats, per-site damage), or `undefined`
    /// before the first turn.
    #[wasm_bindgen(js_name = lastReport)]
    pub fn last_report(&self) -> Result<JsValue, JsError> {
        if self.game.turn() == 0 {
            return Ok(JsValue::UNDEFINED);
        }
        to_js(self.game.last_report())
    }

    /// A statistics series of the game so far, seat-major (a copy).
    pub fn series(&self, name: &str) -> Result<Uint32Array, JsError> {
        series_array(self.game.series(), name)
    }

    /// Every statistics series from frame `from` on (as `Halite2Game.seriesFrom`), in
    /// `seriesNames()` order: after a step, `seriesFrom(numFrames - 1)` is the new frame's
    /// values, `[series][seat]`, so a live viewer takes only what is new.
    #[wasm_bindgen(js_name = seriesFrom)]
    pub fn series_from(&self, from: usize) -> Uint32Array {
        Uint32Array::from(self.game.series().from_frame(from).as_slice())
    }

    /// The game so far as a replay handle (a copy), for the viewer.
    #[wasm_bindgen(js_name = toReplay)]
    pub fn to_replay(&self) -> Halite1Replay {
        Halite1Replay {
            replay: self.game.replay().clone(),
            series: Some(self.game.series().clone()),
        }
    }
}
