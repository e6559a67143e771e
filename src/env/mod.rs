//! The game-agnostic seam: what every game of the crate offers, whatever its rules.
//!
//! * [`Game`]: a game in progress, stepped with one joint action (every seat at once), with
//!   per-seat observations, ejection, results and its replay; forkable from any frame of a
//!   recorded game.
//! * [`ReplayFile`]: a recorded game as bytes (read, written, its size and seats).
//! * [`TextProtocol`]: the original stdio protocol of a game, for the native subprocess
//!   `runner`.
//! * [`SeatResult`]: one seat's standing, shared by every game.
//! * [`forward`]: the forward model bots call (`debug.simulate`): a game's exact state as
//!   bytes and one turn played from it.
//! * [`lesson`]: the lesson frame every game's lessons share (a lesson file's common fields,
//!   turns, the known wrong answer, status); a game writes its board, orders and goals.
//! * [`contract`]: checks every game must pass (random play, replay round trip, determinism,
//!   fork), written once against these traits.
//! * [`sort`]: the one sort every part of the engine uses (stable, by key).
//! * [`tools`]: what a game offers the registry (`crate::games`, the one list of games): its
//!   replays, map generator, forward model and subprocess matches, behind one interface.
//!
//! Seats are numbered from 0 everywhere at this seam; a game maps them to its own ids inside
//! (Halite I: the owner value `seat + 1` on the board).
//!
//! Nothing here knows about WebAssembly: the boundary lives in `crate::web`.

#[cfg(not(target_arch = "wasm32"))]
pub mod cli;
pub mod contract;
pub mod forward;
pub mod lesson;
pub mod record;
#[cfg(not(target_arch = "wasm32"))]
pub mod runner;
pub mod series;
pub mod sort;
pub mod tools;

use serde::Serialize;
use std::fmt::Display;
use std::time::Duration;

/// One seat's standing, as every game reports it (final once the game is over).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SeatResult<S> {
    /// 0-based.
    pub seat: usize,
    pub name: String,
    /// 1 is best.
    pub rank: usize,
    /// The last frame in which the seat was in the game (`num_frames - 1` for a survivor, -1 for
    /// a seat ejected before the first turn).
    pub last_frame_alive: i64,
    pub alive: bool,
    /// Ejected for a crash, a timeout or an invalid answer.
    pub ejected: bool,
    /// What the game ranks by (serialised inline with the fields above).
    #[serde(flatten)]
    pub score: S,
}

/// A recorded game, as bytes and as frames. Its serde derives give its [`record`]: the compact
/// form in which it crosses between the web build's engine and file modules.
pub trait ReplayFile: Sized + Serialize + serde::de::DeserializeOwned {
    type Error: std::error::Error + Send + Sync + 'static;
    /// Reads a replay from its bytes, in any form the game writes (plain or compressed).
    fn from_bytes(bytes: &[u8]) -> Result<Self, Self::Error>;
    /// The replay in its plain form (byte for byte what the reference environment writes).
    fn to_bytes(&self) -> Vec<u8>;
    /// The replay compressed, as the game's tools store it.
    fn to_compressed_bytes(&self) -> Vec<u8>;
    fn width(&self) -> usize;
    fn height(&self) -> usize;
    fn num_frames(&self) -> usize;
    fn seats(&self) -> usize;
    fn player_names(&self) -> &[String];
    /// The replay as a [`record`] (see there).
    fn to_record(&self) -> Vec<u8> {
        record::to_record(self)
    }
    /// A replay from its [`record`].
    fn from_record(bytes: &[u8]) -> Result<Self, record::RecordError> {
        record::from_record(bytes)
    }
}

/// A game in progress.
pub trait Game: Sized {
    type Config;
    /// One seat's action for one turn (Halite I: the moves of its pieces).
    type Action: Clone + Default;
    /// What one seat sees.
    type Observation;
    type Replay: ReplayFile;
    /// The game-specific part of a [`SeatResult`].
    type Score: Clone + Serialize;
    type Error: std::error::Error + Send + Sync + 'static;

    /// A new game.
    fn new(config: &Self::Config) -> Result<Self, Self::Error>;
    /// The recorded game exactly as it was after frame `frame` (board, turn, who is in,
    /// ranking history, the replay's frames `0..=frame`): stepping it with the recorded actions
    /// reproduces the rest. An error for a frame beyond the last or a replay that breaks the
    /// rules before it.
    fn from_replay(replay: &Self::Replay, frame: usize) -> Result<Self, Self::Error>;
    /// Plays one turn with every seat's action (`actions[seat]`; missing seats and seats out of
    /// the game act as if they sent nothing). An error only if the game is over.
    fn step(&mut self, actions: &[Self::Action]) -> Result<(), Self::Error>;
    fn observation(&self, seat: usize) -> Self::Observation;
    /// Ejects `seat` during the next turn (it crashed, timed out or answered garbage).
    fn eject(&mut self, seat: usize);
    /// Ejects `seat` before the first turn (it failed to start).
    fn eject_at_init(&mut self, seat: usize);
    fn is_over(&self) -> bool;
    fn is_alive(&self, seat: usize) -> bool;
    /// Every seat's standing now, in seat order.
    fn results(&self) -> Vec<SeatResult<Self::Score>>;
    fn replay(&self) -> &Self::Replay;
    fn seats(&self) -> usize;
    /// Turns played so far (the current frame's index).
    fn turn(&self) -> u32;
    fn set_player_name(&mut self, seat: usize, name: &str);
}

/// Writes, inside a game's `impl env::Game for G`, the methods `G` already has as inherent
/// methods with the same signature: `inherent_methods! { new, eject, seats = players }`
/// writes `new` and `eject` calling `G`'s own, and `seats` calling `G::players`.
/// Known methods: `new`, `from_replay`, `step`, `observation`, `eject`, `eject_at_init`, `is_over`, `is_alive`, `results`,
/// `replay`, `seats`, `turn`, `set_player_name`; a game writes the others itself.
macro_rules! inherent_methods {
    ($($method:ident $(= $inherent:ident)?),* $(,)?) => {
        $($crate::env::inherent_methods!(@ $method, $($inherent)? $method);)*
    };
    (@ new, $f:ident $($_m:ident)?) => {
        fn new(config: &Self::Config) -> Result<Self, Self::Error> {
            Self::$f(config)
        }
    };
    (@ from_replay, $f:ident $($_m:ident)?) => {
        fn from_replay(replay: &Self::Replay, frame: usize) -> Result<Self, Self::Error> {
            Self::$f(replay, frame)
        }
    };
    (@ step, $f:ident $($_m:ident)?) => {
        fn step(&mut self, actions: &[Self::Action]) -> Result<(), Self::Error> {
            Self::$f(self, actions)
        }
    };
    (@ observation, $f:ident $($_m:ident)?) => {
        fn observation(&self, seat: usize) -> Self::Observation {
            Self::$f(self, seat)
        }
    };
    (@ eject, $f:ident $($_m:ident)?) => {
        fn eject(&mut self, seat: usize) {
            Self::$f(self, seat)
        }
    };
    (@ eject_at_init, $f:ident $($_m:ident)?) => {
        fn eject_at_init(&mut self, seat: usize) {
            Self::$f(self, seat)
        }
    };
    (@ is_over, $f:ident $($_m:ident)?) => {
        fn is_over(&self) -> bool {
            Self::$f(self)
        }
    };
    (@ is_alive, $f:ident $($_m:ident)?) => {
        fn is_alive(&self, seat: usize) -> bool {
            Self::$f(self, seat)
        }
    };
    (@ results, $f:ident $($_m:ident)?) => {
        fn results(&self) -> Vec<$crate::env::SeatResult<Self::Score>> {
            Self::$f(self)
        }
    };
    (@ replay, $f:ident $($_m:ident)?) => {
        fn replay(&self) -> &Self::Replay {
            Self::$f(self)
        }
    };
    (@ seats, $f:ident $($_m:ident)?) => {
        fn seats(&self) -> usize {
            Self::$f(self)
        }
    };
    (@ turn, $f:ident $($_m:ident)?) => {
        fn turn(&self) -> u32 {
            Self::$f(self)
        }
    };
    (@ set_player_name, $f:ident $($_m:ident)?) => {
        fn set_player_name(&mut self, seat: usize, name: &str) {
            Self::$f(self, seat, name)
        }
    };
}
pub(crate) use inherent_methods;

/// The original stdio protocol of a game: what a bot process is sent and how its answers read.
///
/// A bot receives [`TextProtocol::init_lines`] and answers one line, its name; then each turn it
/// receives [`TextProtocol::turn_input`] and answers one line, its action.
pub trait TextProtocol: Game {
    /// Time a bot has to answer its name.
    const INIT_TIME: Duration;
    /// Time a bot has to answer a turn.
    const TURN_TIME: Duration;
    /// Names are cut to this many characters.
    const MAX_NAME_CHARS: usize = 30;
    type ProtocolError: Display;

    /// The id the protocol and the messages give a seat.
    fn tag(seat: usize) -> usize;
    /// The lines `seat` receives before the game (each without its newline).
    fn init_lines(&self, seat: usize) -> Vec<String>;
    /// What `seat` receives at the start of a turn: its line(s), `\n`-separated, without the
    /// final newline, written into `out` (cleared first).
    fn turn_input(&self, seat: usize, out: &mut String);
    /// `seat`'s answer to a turn as an action; an error ejects the bot.
    fn parse_action(&self, seat: usize, line: &[u8]) -> Result<Self::Action, Self::ProtocolError>;
    /// The name a bot answered at initialisation (also used for names given on the command
    /// line), cut to [`TextProtocol::MAX_NAME_CHARS`].
    fn parse_name(line: &[u8]) -> String {
        String::from_utf8_lossy(line)
            .chars()
            .take(Self::MAX_NAME_CHARS)
            .collect()
    }
    /// A bot answered its initialisation (`init`) or a turn after `millis` ms (games whose
    /// replays record response times keep them).
    fn record_response_time(&mut self, _seat: usize, _init: bool, _millis: u64) {}
    /// What the reference prints on stdout in quiet mode (`-q`), when the game has its own
    /// form: `replay` is the path written (None with `-r`), `error_logs` the log file written
    /// for each ejected seat. None: the common lines.
    fn quiet_summary(
        &self,
        _replay: Option<&str>,
        _error_logs: &[(usize, String)],
    ) -> Option<String> {
        None
    }
    /// The line the reference prints for one seat at the end when not quiet, when the game has
    /// its own form. None: the common line.
    fn result_line(&self, _seat: usize) -> Option<String> {
        None
    }
    /// The name recorded for a bot that failed to start.
    fn init_failure_name(seat: usize) -> String {
        format!("Bot #{}; timed out during Init", Self::tag(seat))
    }
}

/// Why bytes are not a valid replay of a game, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayError {
    /// Where: a JSON path such as `frames[12][3][40]`, `byte 123` for a syntax error, or empty.
    pub at: String,
    pub message: String,
}

impl std::fmt::Display for ReplayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.at.is_empty() {
            write!(f, "{}", self.message)
        } else {
            write!(f, "{}: {}", self.at, self.message)
        }
    }
}

impl std::error::Error for ReplayError {}

/// The frames a text table of a series shows: about ten evenly spaced, and always the last one.
pub fn sampled_frames(frames: usize) -> Vec<usize> {
    let step = (frames / 10).max(1);
    let mut out: Vec<usize> = (0..frames).step_by(step).collect();
    let last = frames.saturating_sub(1);
    if frames > 0 && out.last() != Some(&last) {
        out.push(last);
    }
    out
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
