//! The registry's vocabulary: what one game offers the `halite` CLI, the tests and the Python
//! package ([`GameTools`]), what a game writes to be listed ([`Registered`]), and the adapter
//! between them ([`Tools`]). The list itself is `crate::games`; this module names no game, so
//! the games' seams depend on it and the list depends on the seams, never the other way round.

use crate::env::{self, ReplayFile};
use serde_json::Value;
use std::fmt::Display;
use std::marker::PhantomData;

/// A recorded game, whatever its game: verified and summed up through one interface.
pub trait ReplayTools {
    /// Re-simulates the record from frame 0: `Ok` when every frame follows the rules and the
    /// game reaches its end.
    fn verify(&self) -> Result<(), Verdict>;
    /// Final results and statistics series as one JSON document (`halite stats --json`).
    fn stats_json(&self) -> Value;
    /// The same as tables for a terminal (`halite stats`).
    fn stats_table(&self) -> String;
}

/// Why a replay did not verify.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    pub message: String,
    /// Every frame follows the rules, but the record stops before the game's end.
    pub unfinished: bool,
}

impl Verdict {
    /// What a game's verifier found: `fault` (a rule broken, or the record `unfinished`).
    pub fn new(fault: impl Display, unfinished: bool) -> Verdict {
        Verdict {
            message: fault.to_string(),
            unfinished,
        }
    }
}

/// `halite stats --json` for any game: the map's size, the frames, the final standings
/// (`players`) and every statistics series by name.
pub fn stats_json(
    replay: &impl ReplayFile,
    players: Value,
    series: serde_json::Map<String, Value>,
) -> Value {
    serde_json::json!({
        "width": replay.width(),
        "height": replay.height(),
        "frames": replay.num_frames(),
        "players": players,
        "series": series,
    })
}

/// What a new match between subprocess bots asks for (`halite run`'s flags).
#[derive(Clone, Debug, Default)]
pub struct RunSetup {
    /// Requested map size; `None`: the game's own default for the seed.
    pub dims: Option<(usize, usize)>,
    /// Map seed, never 0.
    pub seed: u32,
    /// Single-player games: the map is made for this many players.
    pub map_players: Option<usize>,
    pub max_turns: Option<u32>,
    /// Fog radius (games with fog of war only).
    pub fog: Option<u32>,
}

/// Why a registry tool refused: a replay no game reads, or the game's own error (its replay
/// reader's, its map generator's, its config check's), whose message it keeps.
#[derive(Debug, thiserror::Error)]
pub enum ToolError {
    /// Bytes that no game recognises as one of its replays.
    #[error("not a replay of any known game")]
    UnknownReplay,
    /// The game's replay reader refused the bytes.
    #[error("{0}")]
    Replay(Box<dyn std::error::Error + Send + Sync>),
    /// The game's map generator refused the request.
    #[error("{0}")]
    Map(Box<dyn std::error::Error + Send + Sync>),
    /// A map that could not be given as JSON.
    #[error(transparent)]
    Json(#[from] serde_json::Error),
    /// A match the game cannot set up (`halite run`).
    #[error("{0}")]
    Setup(Box<dyn std::error::Error + Send + Sync>),
    /// A match that could not be played or reported (`halite run`).
    #[cfg(not(target_arch = "wasm32"))]
    #[error(transparent)]
    Run(#[from] crate::env::cli::RunFailure),
}

impl ToolError {
    /// The game's map generator refused: `e` is its error.
    pub fn map(e: impl std::error::Error + Send + Sync + 'static) -> ToolError {
        ToolError::Map(Box::new(e))
    }
    /// The game cannot set up the match: `e` is its error.
    pub fn setup(e: impl std::error::Error + Send + Sync + 'static) -> ToolError {
        ToolError::Setup(Box::new(e))
    }
}

/// One game's tools, as the registry lists them.
pub trait GameTools: Sync {
    /// The id the CLI's `--game`, the page's addresses and the Python package use.
    fn id(&self) -> &'static str;
    /// One line for `--help`.
    fn about(&self) -> &'static str;
    /// How sure the game is that `bytes` are one of its replays: 0 not, 1 perhaps (a form
    /// another game may share, such as plain JSON), 2 sure.
    fn recognise(&self, bytes: &[u8]) -> u8;
    fn open_replay(&self, bytes: &[u8]) -> Result<Box<dyn ReplayTools>, ToolError>;
    /// The map the game's generator makes, as JSON (`halite mapgen`).
    fn mapgen_json(
        &self,
        width: usize,
        height: usize,
        seed: u32,
        players: usize,
    ) -> Result<Value, ToolError>;
    /// One turn of the forward model (`debug.simulate`) from `snapshot`, when it is a snapshot of
    /// this game (`None` otherwise): the next observation and snapshot, as
    /// [`crate::env::forward::simulate`] gives them.
    fn forward_step(
        &self,
        snapshot: &[u8],
        seat: usize,
        mine: &str,
        others: &str,
    ) -> Option<Result<Vec<u8>, crate::env::forward::SimError>>;
    /// Plays a match between subprocess bots and reports it as the original binary does.
    #[cfg(not(target_arch = "wasm32"))]
    fn run(
        &self,
        setup: &RunSetup,
        commands: &[String],
        names: Option<&[String]>,
        report: &crate::env::cli::Report,
    ) -> Result<String, ToolError>;
    /// Plays a match between subprocess bots and gives its outcome and replay (in the form
    /// `halite run` writes by default) rather than a report: what the Python package's arena
    /// calls.
    #[cfg(not(target_arch = "wasm32"))]
    fn play(
        &self,
        setup: &RunSetup,
        commands: &[String],
        timeouts: bool,
    ) -> Result<crate::env::cli::Played, ToolError>;
}

/// What a game tells the registry, implemented by its [`env::Game`] (whose replay type is its
/// own [`ReplayTools`]); [`Tools`] serves it as [`GameTools`], so a game writes only what is
/// its own.
pub trait Registered:
    env::Game<Replay: ReplayTools + 'static> + env::TextProtocol + 'static
{
    /// Its forward model (`debug.simulate`): snapshots and one turn from them.
    type Sim: crate::env::forward::Simulator;
    /// [`GameTools::id`].
    const ID: &'static str;
    /// [`GameTools::about`].
    const ABOUT: &'static str;
    /// `halite run` writes the game's replays compressed unless the name ends in `.json`
    /// (otherwise plain unless it ends in `.gz`).
    const COMPRESSED_REPLAYS: bool;
    /// [`GameTools::recognise`].
    fn recognise(bytes: &[u8]) -> u8;
    /// [`GameTools::mapgen_json`].
    fn mapgen(width: usize, height: usize, seed: u32, players: usize) -> Result<Value, ToolError>;
    /// The game of a `halite run` match between `players` subprocess bots.
    #[cfg(not(target_arch = "wasm32"))]
    fn for_run(setup: &RunSetup, players: usize) -> Result<Self, ToolError>;
}

/// A game's entry in [`GAMES`]: its [`Registered`] facts as [`GameTools`].
pub struct Tools<G>(PhantomData<fn() -> G>);

impl<G> Tools<G> {
    pub const fn new() -> Tools<G> {
        Tools(PhantomData)
    }
}

impl<G> Default for Tools<G> {
    fn default() -> Tools<G> {
        Tools::new()
    }
}

impl<G: Registered> GameTools for Tools<G> {
    fn id(&self) -> &'static str {
        G::ID
    }
    fn about(&self) -> &'static str {
        G::ABOUT
    }
    fn recognise(&self, bytes: &[u8]) -> u8 {
        G::recognise(bytes)
    }
    fn open_replay(&self, bytes: &[u8]) -> Result<Box<dyn ReplayTools>, ToolError> {
        G::Replay::from_bytes(bytes)
            .map(|r| Box::new(r) as Box<dyn ReplayTools>)
            .map_err(|e| ToolError::Replay(Box::new(e)))
    }
    fn mapgen_json(
        &self,
        width: usize,
        height: usize,
        seed: u32,
        players: usize,
    ) -> Result<Value, ToolError> {
        G::mapgen(width, height, seed, players)
    }
    fn forward_step(
        &self,
        snapshot: &[u8],
        seat: usize,
        mine: &str,
        others: &str,
    ) -> Option<Result<Vec<u8>, crate::env::forward::SimError>> {
        use crate::env::forward::{simulate, Simulator};
        (snapshot.get(..4) == Some(&G::Sim::MAGIC[..]))
            .then(|| simulate::<G::Sim>(snapshot, seat, mine, others))
    }
    #[cfg(not(target_arch = "wasm32"))]
    fn run(
        &self,
        setup: &RunSetup,
        commands: &[String],
        names: Option<&[String]>,
        report: &crate::env::cli::Report,
    ) -> Result<String, ToolError> {
        let game = G::for_run(setup, commands.len())?;
        let compressed = G::COMPRESSED_REPLAYS;
        Ok(crate::env::cli::play_and_report(
            game, setup.seed, commands, names, report, compressed,
        )?)
    }
    #[cfg(not(target_arch = "wasm32"))]
    fn play(
        &self,
        setup: &RunSetup,
        commands: &[String],
        timeouts: bool,
    ) -> Result<crate::env::cli::Played, ToolError> {
        let game = G::for_run(setup, commands.len())?;
        Ok(crate::env::cli::play(
            game,
            commands,
            timeouts,
            G::COMPRESSED_REPLAYS,
        )?)
    }
}
