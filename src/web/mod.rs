//! The JavaScript boundary (wasm32 only): one handle per kind of long-lived state.
//!
//! * [`ReplayHandle`]: a replay loaded from bytes (`.hlt`, `.hlt.gz`, `.blitz`), its frames read
//!   through `Uint8Array` views over wasm memory, its statistics series as typed arrays, any
//!   turn's report, any player's fog view, and a rules check.
//! * [`GameHandle`]: a live game made from a config and a seed, stepped with every player's moves.
//!
//! Views (`owner`, `strength`, ...) alias wasm memory: use them at once and ask again after any
//! call into the module, since memory growth detaches them. Copies say so in their names.
//! Every export returns `Result<_, JsError>` where input can be wrong; nothing here panics.

#![deny(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use crate::halite1::fog::visibility;
use crate::halite1::game::{Game, GameConfig};
use crate::halite1::protocol::Move;
use crate::halite1::stats::{replay_series, replay_turn_report, standings, Series, SERIES};
use crate::halite1::verify::verify;
use crate::halite1::Replay;
use js_sys::{Array, Uint32Array, Uint8Array};
use wasm_bindgen::prelude::*;

#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}

/// Names of the statistics series, in order.
#[wasm_bindgen(js_name = seriesNames)]
pub fn series_names() -> Array {
    SERIES.iter().map(|s| JsValue::from_str(s)).collect()
}

/// The reference map generator: `{width, height, production, owner, strength}`.
#[wasm_bindgen(js_name = generateMap)]
pub fn generate_map(
    width: usize,
    height: usize,
    players: usize,
    seed: u32,
) -> Result<JsValue, JsError> {
    let max = crate::halite1::game::MAX_SIDE;
    if !(1..=max).contains(&width) || !(1..=max).contains(&height) {
        return Err(JsError::new(&format!(
            "map sides are 1 to {max}, not {width}x{height}"
        )));
    }
    if !(1..=6).contains(&players) {
        return Err(JsError::new("a map holds 1 to 6 players"));
    }
    let b = crate::halite1::mapgen::generate(width, height, players, seed);
    #[derive(serde::Serialize)]
    struct Map {
        width: usize,
        height: usize,
        production: Vec<u8>,
        owner: Vec<u8>,
        strength: Vec<u8>,
    }
    to_js(&Map {
        width: b.width,
        height: b.height,
        production: b.production,
        owner: b.owner,
        strength: b.strength,
    })
}

/// What `verify()` answers.
#[derive(serde::Serialize)]
struct Verdict {
    ok: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    frame: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    message: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    detail: Option<crate::halite1::verify::Mismatch>,
}

fn to_js<T: serde::Serialize>(v: &T) -> Result<JsValue, JsError> {
    v.serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| JsError::new(&e.to_string()))
}

fn frame_slice(data: &[u8], n: usize, t: usize, count: usize) -> Result<&[u8], JsError> {
    if t >= count {
        return Err(JsError::new(&format!(
            "frame {t} is out of range (0 to {})",
            count.saturating_sub(1)
        )));
    }
    data.get(t * n..(t + 1) * n)
        .ok_or_else(|| JsError::new("frame out of range"))
}

/// A view of frame `t` of flat per-frame data: read it at once, before any other call into the
/// module (memory growth detaches it).
fn frame_view(data: &[u8], n: usize, t: usize, count: usize) -> Result<Uint8Array, JsError> {
    let s = frame_slice(data, n, t, count)?;
    // SAFETY: the view aliases memory that lives as long as the handle; callers read it at once.
    Ok(unsafe { Uint8Array::view(s) })
}

fn series_array(series: &Series, name: &str) -> Result<Uint32Array, JsError> {
    let k =
        Series::index_of(name).ok_or_else(|| JsError::new(&format!("no series named {name:?}")))?;
    Ok(Uint32Array::from(series.all_players(k).as_slice()))
}

/// A fog view: hidden sites neutral, production 0, strength 0, plus the visibility mask.
fn fog_object(
    width: usize,
    height: usize,
    owner: &[u8],
    strength: &[u8],
    production: &[u8],
    player: usize,
    radius: u32,
) -> Result<JsValue, JsError> {
    let mut visible = Vec::new();
    visibility(width, height, owner, player as u8, radius, &mut visible);
    let mask = |src: &[u8]| -> Vec<u8> {
        src.iter()
            .zip(&visible)
            .map(|(&v, &seen)| if seen { v } else { 0 })
            .collect()
    };
    let obj = js_sys::Object::new();
    let set = |k: &str, v: Vec<u8>| {
        js_sys::Reflect::set(&obj, &k.into(), &Uint8Array::from(v.as_slice()).into())
    };
    set("owner", mask(owner)).map_err(|_| JsError::new("cannot build the fog view"))?;
    set("strength", mask(strength)).map_err(|_| JsError::new("cannot build the fog view"))?;
    set("production", mask(production)).map_err(|_| JsError::new("cannot build the fog view"))?;
    set("visible", visible.iter().map(|&v| u8::from(v)).collect())
        .map_err(|_| JsError::new("cannot build the fog view"))?;
    Ok(obj.into())
}

fn replay_fog(replay: &Replay, t: usize, player: usize, radius: u32) -> Result<JsValue, JsError> {
    if player == 0 || player > replay.num_players {
        return Err(JsError::new(&format!("no player {player}")));
    }
    let n = replay.sites();
    let owner = frame_slice(&replay.owner, n, t, replay.num_frames())?;
    let strength = frame_slice(&replay.strength, n, t, replay.num_frames())?;
    fog_object(
        replay.width,
        replay.height,
        owner,
        strength,
        &replay.production,
        player,
        radius,
    )
}

/// A replay held in wasm memory.
#[wasm_bindgen]
pub struct ReplayHandle {
    replay: Replay,
    series: Option<Series>,
}

#[wasm_bindgen]
impl ReplayHandle {
    /// Reads `.hlt` JSON, gzipped or not (`.hlt.gz`, `.blitz`). Errors name what is wrong and
    /// where, e.g. `frames[12][3][40]: owner 9 > num_players 4`.
    #[wasm_bindgen(js_name = fromBytes)]
    pub fn from_bytes(bytes: &[u8]) -> Result<ReplayHandle, JsError> {
        let replay = Replay::from_bytes(bytes).map_err(|e| JsError::new(&e.to_string()))?;
        Ok(ReplayHandle {
            replay,
            series: None,
        })
    }

    #[wasm_bindgen(getter)]
    pub fn width(&self) -> usize {
        self.replay.width
    }
    #[wasm_bindgen(getter)]
    pub fn height(&self) -> usize {
        self.replay.height
    }
    #[wasm_bindgen(getter, js_name = numFrames)]
    pub fn num_frames(&self) -> usize {
        self.replay.num_frames()
    }
    #[wasm_bindgen(getter, js_name = numPlayers)]
    pub fn num_players(&self) -> usize {
        self.replay.num_players
    }
    /// The Blitz fog-of-war radius, if this is a Blitz replay.
    #[wasm_bindgen(getter, js_name = fogOfWar)]
    pub fn fog_of_war(&self) -> Option<u32> {
        self.replay.fog_of_war
    }
    #[wasm_bindgen(js_name = playerNames)]
    pub fn player_names(&self) -> Vec<String> {
        self.replay.player_names.clone()
    }

    /// View of frame `t`'s owners.
    pub fn owner(&self, t: usize) -> Result<Uint8Array, JsError> {
        let r = &self.replay;
        frame_view(&r.owner, r.sites(), t, r.num_frames())
    }
    /// View of frame `t`'s strengths.
    pub fn strength(&self, t: usize) -> Result<Uint8Array, JsError> {
        let r = &self.replay;
        frame_view(&r.strength, r.sites(), t, r.num_frames())
    }
    /// View of the production map.
    pub fn production(&self) -> Uint8Array {
        // SAFETY: as for `owner`.
        unsafe { Uint8Array::view(&self.replay.production) }
    }
    /// View of the moves of turn `t` (from frame `t` to `t + 1`).
    pub fn moves(&self, t: usize) -> Result<Uint8Array, JsError> {
        let r = &self.replay;
        frame_view(&r.moves, r.sites(), t, r.num_frames().saturating_sub(1))
    }

    fn series_cache(&mut self) -> &Series {
        let replay = &self.replay;
        self.series.get_or_insert_with(|| replay_series(replay))
    }

    /// A statistics series for every player (see `seriesNames()`), player-major:
    /// `values[player * numFrames + frame]` (a copy).
    pub fn series(&mut self, name: &str) -> Result<Uint32Array, JsError> {
        series_array(self.series_cache(), name)
    }

    /// The report of turn `t` (from frame `t` to `t + 1`): per-player stats and per-site damage.
    #[wasm_bindgen(js_name = turnReport)]
    pub fn turn_report(&self, t: usize) -> Result<JsValue, JsError> {
        let r = replay_turn_report(&self.replay, t)
            .ok_or_else(|| JsError::new(&format!("turn {t} is out of range")))?;
        to_js(&r)
    }

    /// What player `player` (1-based) saw in frame `t` within `radius`:
    /// `{owner, strength, production, visible}` (copies).
    #[wasm_bindgen(js_name = fogView)]
    pub fn fog_view(&self, t: usize, player: usize, radius: u32) -> Result<JsValue, JsError> {
        replay_fog(&self.replay, t, player, radius)
    }

    /// Re-simulates the replay: `{ok: true}` or `{ok: false, frame, message}`.
    pub fn verify(&self) -> Result<JsValue, JsError> {
        match verify(&self.replay) {
            Ok(()) => to_js(&Verdict {
                ok: true,
                frame: None,
                message: None,
                detail: None,
            }),
            Err(m) => {
                let frame = match &m {
                    crate::halite1::verify::Mismatch::Site { frame, .. } => *frame,
                    crate::halite1::verify::Mismatch::Move { turn, .. } => *turn,
                    crate::halite1::verify::Mismatch::End { frame, .. } => *frame,
                };
                to_js(&Verdict {
                    ok: false,
                    frame: Some(frame),
                    message: Some(m.to_string()),
                    detail: Some(m),
                })
            }
        }
    }

    /// Final standings: `[{tag, name, rank, lastFrameAlive, territory, ...}]`.
    pub fn standings(&self) -> Result<JsValue, JsError> {
        to_js(&standings(&self.replay))
    }

    /// The replay as `.hlt` JSON bytes (a copy), for download.
    #[wasm_bindgen(js_name = toJson)]
    pub fn to_json(&self) -> Vec<u8> {
        self.replay.to_json()
    }
}

/// A live game in wasm memory.
#[wasm_bindgen]
pub struct GameHandle {
    game: Game,
    moves: Vec<Vec<Move>>,
}

#[wasm_bindgen]
impl GameHandle {
    /// A new game from a config `{width, height, players, seed?, maxTurns?, fogRadius?,
    /// playerNames?, mapPlayers?}`.
    #[wasm_bindgen(constructor)]
    pub fn new(config: JsValue) -> Result<GameHandle, JsError> {
        let config: GameConfig = serde_wasm_bindgen::from_value(config)
            .map_err(|e| JsError::new(&format!("invalid game config: {e}")))?;
        let game = Game::new(&config).map_err(|e| JsError::new(&e.to_string()))?;
        let players = game.players();
        Ok(GameHandle {
            game,
            moves: vec![Vec::new(); players],
        })
    }

    #[wasm_bindgen(getter)]
    pub fn width(&self) -> usize {
        self.game.board().width
    }
    #[wasm_bindgen(getter)]
    pub fn height(&self) -> usize {
        self.game.board().height
    }
    #[wasm_bindgen(getter)]
    pub fn players(&self) -> usize {
        self.game.players()
    }
    #[wasm_bindgen(getter)]
    pub fn seed(&self) -> u32 {
        self.game.seed()
    }
    /// Turns played so far (the current frame's index).
    #[wasm_bindgen(getter)]
    pub fn turn(&self) -> u32 {
        self.game.turn()
    }
    #[wasm_bindgen(getter, js_name = maxTurns)]
    pub fn max_turns(&self) -> u32 {
        self.game.max_turns()
    }
    #[wasm_bindgen(getter, js_name = fogRadius)]
    pub fn fog_radius(&self) -> Option<u32> {
        self.game.fog_radius()
    }
    #[wasm_bindgen(js_name = isOver)]
    pub fn is_over(&self) -> bool {
        self.game.is_over()
    }
    /// Whether player `player` (1-based) is still in the game.
    #[wasm_bindgen(js_name = isAlive)]
    pub fn is_alive(&self, player: usize) -> bool {
        player >= 1 && self.game.is_alive(player - 1)
    }
    #[wasm_bindgen(js_name = setPlayerName)]
    pub fn set_player_name(&mut self, player: usize, name: &str) {
        if player >= 1 {
            self.game.set_player_name(player - 1, name);
        }
    }
    #[wasm_bindgen(js_name = playerNames)]
    pub fn player_names(&self) -> Vec<String> {
        self.game.replay().player_names.clone()
    }

    /// Frames recorded so far (turns played + 1).
    #[wasm_bindgen(getter, js_name = numFrames)]
    pub fn num_frames(&self) -> usize {
        self.game.replay().num_frames()
    }
    #[wasm_bindgen(getter, js_name = numPlayers)]
    pub fn num_players(&self) -> usize {
        self.game.players()
    }
    /// View of frame `t`'s owners (the current frame is `numFrames - 1`).
    pub fn owner(&self, t: usize) -> Result<Uint8Array, JsError> {
        let r = self.game.replay();
        frame_view(&r.owner, r.sites(), t, r.num_frames())
    }
    /// View of frame `t`'s strengths.
    pub fn strength(&self, t: usize) -> Result<Uint8Array, JsError> {
        let r = self.game.replay();
        frame_view(&r.strength, r.sites(), t, r.num_frames())
    }
    /// View of the production map.
    pub fn production(&self) -> Uint8Array {
        // SAFETY: as for `owner`.
        unsafe { Uint8Array::view(&self.game.board().production) }
    }
    /// View of the moves of turn `t` (from frame `t` to `t + 1`).
    pub fn moves(&self, t: usize) -> Result<Uint8Array, JsError> {
        let r = self.game.replay();
        frame_view(&r.moves, r.sites(), t, r.num_frames().saturating_sub(1))
    }
    /// The report of turn `t` (from frame `t` to `t + 1`).
    #[wasm_bindgen(js_name = turnReport)]
    pub fn turn_report(&self, t: usize) -> Result<JsValue, JsError> {
        let r = replay_turn_report(self.game.replay(), t)
            .ok_or_else(|| JsError::new(&format!("turn {t} is out of range")))?;
        to_js(&r)
    }
    /// What player `player` (1-based) saw in frame `t` within `radius` (copies).
    #[wasm_bindgen(js_name = fogView)]
    pub fn fog_view(&self, t: usize, player: usize, radius: u32) -> Result<JsValue, JsError> {
        replay_fog(self.game.replay(), t, player, radius)
    }

    /// What player `player` (1-based) sees now: `{owner, strength, production, visible}` (copies;
    /// the whole board when the game has no fog).
    pub fn observation(&self, player: usize) -> Result<JsValue, JsError> {
        if player == 0 || player > self.game.players() {
            return Err(JsError::new(&format!("no player {player}")));
        }
        let b = self.game.board();
        let radius = self.game.fog_radius().unwrap_or(u32::MAX);
        fog_object(
            b.width,
            b.height,
            &b.owner,
            &b.strength,
            &b.production,
            player,
            radius,
        )
    }

    /// Ejects player `player` (1-based) during the next turn, as the reference ejects a bot that
    /// crashes, times out or answers garbage: its pieces turn neutral before the turn's moves.
    pub fn eject(&mut self, player: usize) {
        if player >= 1 {
            self.game.eject(player - 1);
        }
    }

    /// Ejects player `player` (1-based) before the first turn, as the reference ejects a bot that
    /// fails to start: at once, ranked below everyone eliminated later.
    #[wasm_bindgen(js_name = ejectAtInit)]
    pub fn eject_at_init(&mut self, player: usize) {
        if player >= 1 {
            self.game.eject_at_init(player - 1);
        }
    }

    /// Plays one turn. `moves` is flat quadruples `[player, x, y, direction, ...]` (player
    /// 1-based; direction 0 still, 1 north, 2 east, 3 south, 4 west, kept modulo 256 like the
    /// protocol; others are invalid moves that stay without production). Moves for sites a player does not own are ignored.
    /// Returns the turn report.
    pub fn step(&mut self, moves: &[u32]) -> Result<JsValue, JsError> {
        if moves.len() % 4 != 0 {
            return Err(JsError::new(
                "moves are [player, x, y, direction] quadruples",
            ));
        }
        for m in self.moves.iter_mut() {
            m.clear();
        }
        for q in moves.chunks_exact(4) {
            let &[p, x, y, d] = q else { continue };
            let p = p as usize;
            if p == 0 || x > u32::from(u16::MAX) || y > u32::from(u16::MAX) {
                continue;
            }
            if let Some(list) = self.moves.get_mut(p - 1) {
                list.push(Move {
                    x: x as u16,
                    y: y as u16,
                    dir: (d & 0xff) as u8,
                });
            }
        }
        let report = self
            .game
            .step(&self.moves)
            .map_err(|e| JsError::new(&e.to_string()))?;
        to_js(report)
    }

    /// Standings now (final once the game is over).
    pub fn results(&self) -> Result<JsValue, JsError> {
        to_js(&self.game.results())
    }

    /// A statistics series of the game so far, player-major (a copy).
    pub fn series(&self, name: &str) -> Result<Uint32Array, JsError> {
        series_array(self.game.series(), name)
    }

    /// The game so far as a replay handle (a copy), for the viewer.
    #[wasm_bindgen(js_name = toReplay)]
    pub fn to_replay(&self) -> ReplayHandle {
        ReplayHandle {
            replay: self.game.replay().clone(),
            series: Some(self.game.series().clone()),
        }
    }

    /// The game so far as `.hlt` JSON bytes (a copy).
    #[wasm_bindgen(js_name = toJson)]
    pub fn to_json(&self) -> Vec<u8> {
        self.game.replay().to_json()
    }
}
