//! The JavaScript boundary (wasm32 only): every `#[wasm_bindgen]` item of the crate lives under
//! this module. `#[wasm_bindgen]` cannot export generics, so each game has its own pair of
//! handles, named after the game:
//!
//! * [`halite1`]: `Halite1Replay` (a replay loaded from bytes) and `Halite1Game` (a live game,
//!   new, forked from a replay or started from a board).
//! * [`halite2`]: `Halite2Replay` and `Halite2Game` (new or forked from a replay), frames as
//!   `Float64Array` rows of ships and planets.
//!
//! * `halite1_files` and `halite2_files`: each game's file codecs, `Halite1Files` and
//!   `Halite2Files`: replay files read into records (JSON, gzip, zstd) and records written as
//!   files. The reading and the writing are separate parts of the web build.
//! * `halite1_lesson` and `halite2_lesson`: each game's learning tools (`Halite1Lesson`,
//!   `halite1ExplainTurn`, `Halite2Lesson`).
//!
//! The web build makes each game five binaries: its engine (`only-engine`: the handles above,
//! which take replays as records), its reader (`only-read`), loaded only when a replay file is
//! opened, its writer (`only-write`), loaded only when one is saved, its learn module
//! (`only-learn`), loaded by the learn page and the sandbox, and its forward model (`only-sim`),
//! the binary handed to bots for `debug.simulate`. Without these features (the tests), all are
//! here.
//!
//! * [`forward`]: the forward model for bots (`debug.simulate`) as plain C-ABI functions that
//!   the bot runtime calls in a bot's worker (no JavaScript imports on that path).
//!
//! This module holds what every game's handles share: the panic hook, errors, serde conversion,
//! typed-array views over wasm memory, and the macros that write the accessors common to every
//! game (`shared_accessors!` through [`crate::env::ReplayFile`], `game_accessors!` through
//! [`crate::env::Game`], `lesson_handle!` through [`crate::env::lesson::Lesson`]), so a game
//! adds only its own.
//!
//! Conventions: seats are numbered from 0 in every argument and result. Views (`owner`,
//! `strength`, ...) alias wasm memory: use them at once and ask again after any call into the
//! module, since memory growth detaches them. Copies say so. Every export that can be given
//! bad input returns `Result<_, JsError>`; nothing here panics.

// A build of one part of the web layer (`only-engine`, `only-read`, `only-write`, `only-learn`,
// `only-sim`) leaves the other parts' share of these helpers unused.
#![cfg_attr(
    any(
        feature = "only-engine",
        feature = "only-read",
        feature = "only-write",
        feature = "only-learn",
        feature = "only-sim"
    ),
    allow(unused_macros, unused_imports, dead_code)
)]
#![deny(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

// A web build is one part of a game's code (or, by default, all of them): its engine, the
// reading or the writing of its replay files, its learning tools or the forward model of bots.
const _: () = assert!(
    cfg!(feature = "only-engine") as u8
        + cfg!(feature = "only-read") as u8
        + cfg!(feature = "only-write") as u8
        + cfg!(feature = "only-learn") as u8
        + cfg!(feature = "only-sim") as u8
        <= 1,
    "a web build is one part (only-engine, only-read, only-write, only-learn, only-sim) or all"
);

/// Items of the parts named (`"only-read"`, ...), which a build of every part also has.
macro_rules! in_parts {
    ([$($part:literal),+]) => {};
    ([$($part:literal),+] $first:item $($rest:item)*) => {
        #[cfg(any(
            $(feature = $part,)+
            not(any(
                feature = "only-engine",
                feature = "only-read",
                feature = "only-write",
                feature = "only-learn",
                feature = "only-sim"
            ))
        ))]
        $first
        in_parts!([$($part),+] $($rest)*);
    };
}
/// Items of the engine module.
macro_rules! engine_part {
    ($($item:item)*) => { in_parts!(["only-engine"] $($item)*); };
}
/// Items of the module that reads replay files.
macro_rules! read_part {
    ($($item:item)*) => { in_parts!(["only-read"] $($item)*); };
}
/// Items of the module that writes replay files.
macro_rules! write_part {
    ($($item:item)*) => { in_parts!(["only-write"] $($item)*); };
}
/// Items of both file modules (the handle both give methods to).
macro_rules! files_part {
    ($($item:item)*) => { in_parts!(["only-read", "only-write"] $($item)*); };
}
/// Items of the learn module.
macro_rules! learn_part {
    ($($item:item)*) => { in_parts!(["only-learn"] $($item)*); };
}
/// Items of the forward model's module.
macro_rules! sim_part {
    ($($item:item)*) => { in_parts!(["only-sim"] $($item)*); };
}
pub(crate) use {read_part, write_part};

sim_part! {
    pub mod forward;
}

#[cfg(feature = "halite1")]
engine_part! {
    pub mod halite1;
    pub use halite1::{generate_map, series_names, Halite1Game, Halite1Replay};
}
#[cfg(feature = "halite1")]
files_part! {
    pub mod halite1_files;
    pub use halite1_files::Halite1Files;
}
#[cfg(feature = "halite1")]
learn_part! {
    pub mod halite1_lesson;
}
#[cfg(feature = "halite2")]
engine_part! {
    pub mod halite2;
    pub use halite2::{Halite2Game, Halite2Replay};
}
#[cfg(feature = "halite2")]
files_part! {
    pub mod halite2_files;
    pub use halite2_files::Halite2Files;
}
#[cfg(feature = "halite2")]
learn_part! {
    pub mod halite2_lesson;
}

use crate::env::{Game, ReplayFile};
use js_sys::Uint8Array;
use std::fmt::Display;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}

/// A JavaScript `Error` with the message of any error.
pub(crate) fn js_error(e: impl Display) -> JsError {
    JsError::new(&e.to_string())
}

/// Rare structured data for JavaScript (camelCase objects, plain arrays).
pub(crate) fn to_js<T: serde::Serialize>(v: &T) -> Result<JsValue, JsError> {
    v.serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(js_error)
}

/// Frame `t` of flat per-frame data holding `count` frames of `n` values each.
#[allow(dead_code)] // not every game's handles use it
pub(crate) fn frame_slice(data: &[u8], n: usize, t: usize, count: usize) -> Result<&[u8], JsError> {
    if t >= count {
        return Err(JsError::new(&format!(
            "frame {t} is out of range (0 to {})",
            count.saturating_sub(1)
        )));
    }
    data.get(t * n..(t + 1) * n)
        .ok_or_else(|| JsError::new("frame out of range"))
}

/// A view of wasm memory: read it at once, before any other call into the module (memory
/// growth detaches it).
#[allow(dead_code)] // not every game's handles use it
pub(crate) fn view(data: &[u8]) -> Uint8Array {
    // SAFETY: the view aliases memory owned by a handle that outlives this call; callers are
    // told to read it before calling into the module again.
    unsafe { Uint8Array::view(data) }
}

/// A view of frame `t` of flat per-frame data (see [`view`]).
#[allow(dead_code)] // not every game's handles use it
pub(crate) fn frame_view(
    data: &[u8],
    n: usize,
    t: usize,
    count: usize,
) -> Result<Uint8Array, JsError> {
    frame_slice(data, n, t, count).map(view)
}

/// A handle that holds a replay: what [`shared_accessors!`] reads.
pub(crate) trait HoldsReplay {
    type Replay: ReplayFile;
    fn held_replay(&self) -> &Self::Replay;
}

/// A handle that holds a live game: what [`game_accessors!`] reads and drives.
pub(crate) trait HoldsGame {
    type Game: Game;
    fn held_game(&self) -> &Self::Game;
    fn held_game_mut(&mut self) -> &mut Self::Game;
}

/// Writes the accessors every handle of every game has, through its [`HoldsReplay`]:
/// `width`, `height`, `numFrames`, `numPlayers` (getters), `playerNames()` and `toRecord()` (the
/// replay as a record, a copy).
macro_rules! shared_accessors {
    ($handle:ty) => {
        #[wasm_bindgen]
        impl $handle {
            #[wasm_bindgen(getter)]
            pub fn width(&self) -> usize {
                $crate::env::ReplayFile::width($crate::web::HoldsReplay::held_replay(self))
            }
            #[wasm_bindgen(getter)]
            pub fn height(&self) -> usize {
                $crate::env::ReplayFile::height($crate::web::HoldsReplay::held_replay(self))
            }
            /// Frames held (for a live game: turns played + 1).
            #[wasm_bindgen(getter, js_name = numFrames)]
            pub fn num_frames(&self) -> usize {
                $crate::env::ReplayFile::num_frames($crate::web::HoldsReplay::held_replay(self))
            }
            #[wasm_bindgen(getter, js_name = numPlayers)]
            pub fn num_players(&self) -> usize {
                $crate::env::ReplayFile::seats($crate::web::HoldsReplay::held_replay(self))
            }
            /// Player names in seat order (a copy).
            #[wasm_bindgen(js_name = playerNames)]
            pub fn player_names(&self) -> Vec<String> {
                $crate::env::ReplayFile::player_names($crate::web::HoldsReplay::held_replay(self))
                    .to_vec()
            }
            /// The replay as a record (a copy): what the game's file module writes as a
            /// file (`HaliteNFiles.write`), or another handle reads (`fromRecord`).
            #[wasm_bindgen(js_name = toRecord)]
            pub fn to_record(&self) -> Vec<u8> {
                $crate::env::ReplayFile::to_record($crate::web::HoldsReplay::held_replay(self))
            }
        }
    };
}
pub(crate) use shared_accessors;

/// Writes the accessors every live-game handle has, through its [`HoldsGame`] (seats 0-based):
/// `players` and `turn` (getters), `isOver()`, `isAlive(seat)`, `setPlayerName(seat, name)`,
/// `eject(seat)`, `ejectAtInit(seat)` and `results()`.
macro_rules! game_accessors {
    ($handle:ty) => {
        #[wasm_bindgen]
        impl $handle {
            /// Seats in the game.
            #[wasm_bindgen(getter)]
            pub fn players(&self) -> usize {
                $crate::env::Game::seats($crate::web::HoldsGame::held_game(self))
            }
            /// Turns played so far (the current frame's index).
            #[wasm_bindgen(getter)]
            pub fn turn(&self) -> u32 {
                $crate::env::Game::turn($crate::web::HoldsGame::held_game(self))
            }
            #[wasm_bindgen(js_name = isOver)]
            pub fn is_over(&self) -> bool {
                $crate::env::Game::is_over($crate::web::HoldsGame::held_game(self))
            }
            /// Whether `seat` (0-based) is still in the game (false for a seat that does not
            /// exist).
            #[wasm_bindgen(js_name = isAlive)]
            pub fn is_alive(&self, seat: usize) -> bool {
                $crate::env::Game::is_alive($crate::web::HoldsGame::held_game(self), seat)
            }
            /// Renames `seat` (0-based) in the results and the replay.
            #[wasm_bindgen(js_name = setPlayerName)]
            pub fn set_player_name(&mut self, seat: usize, name: &str) {
                let game = $crate::web::HoldsGame::held_game_mut(self);
                $crate::env::Game::set_player_name(game, seat, name)
            }
            /// Ejects `seat` (0-based) during the next turn, as the reference ejects a bot
            /// that crashes, times out or answers garbage. Ignored for a seat out of the game.
            pub fn eject(&mut self, seat: usize) {
                $crate::env::Game::eject($crate::web::HoldsGame::held_game_mut(self), seat)
            }
            /// Ejects `seat` (0-based) before the first turn, as the reference ejects a bot
            /// that fails to start: at once, ranked below everyone eliminated later.
            #[wasm_bindgen(js_name = ejectAtInit)]
            pub fn eject_at_init(&mut self, seat: usize) {
                $crate::env::Game::eject_at_init($crate::web::HoldsGame::held_game_mut(self), seat)
            }
            /// Standings now (final once the game is over), in seat order:
            /// `[{seat, name, rank, lastFrameAlive, alive, ejected, ...game score}]`.
            pub fn results(&self) -> Result<JsValue, JsError> {
                let game = $crate::web::HoldsGame::held_game(self);
                $crate::web::to_js(&$crate::env::Game::results(game))
            }
        }
    };
}
pub(crate) use game_accessors;

/// Writes a game's lesson handle `$handle` over [`crate::env::lesson::Lesson`]`<$course>`,
/// with what every lesson handle has: the constructor (`new Handle(json)`, the text of a
/// lesson file; the error says what is wrong with it), `spec()` (the file as given, camelCase),
/// `turn`, `players` and `status` (`"ongoing"`, `"passed"` or `"notYet"`) getters, and
/// `reset()`. The game adds its board and `step`, reading the lesson in the field `lesson`.
macro_rules! lesson_handle {
    ($(#[$doc:meta])* $handle:ident, $course:ty) => {
        $(#[$doc])*
        #[wasm_bindgen]
        pub struct $handle {
            lesson: $crate::env::lesson::Lesson<$course>,
        }

        #[wasm_bindgen]
        impl $handle {
            /// A lesson from the text of its file; the error says what is wrong with it.
            #[wasm_bindgen(constructor)]
            pub fn new(json: &str) -> Result<$handle, JsError> {
                $crate::env::lesson::Lesson::parse(json)
                    .map(|lesson| $handle { lesson })
                    .map_err($crate::web::js_error)
            }

            /// The lesson as its file gives it (board, goal, hints, script, solution, ...),
            /// camelCase.
            pub fn spec(&self) -> Result<JsValue, JsError> {
                $crate::web::to_js(&self.lesson.spec)
            }

            #[wasm_bindgen(getter)]
            pub fn turn(&self) -> u32 {
                self.lesson.turn
            }

            #[wasm_bindgen(getter)]
            pub fn players(&self) -> usize {
                self.lesson.players()
            }

            /// `"ongoing"`, `"passed"` or `"notYet"`.
            #[wasm_bindgen(getter)]
            pub fn status(&self) -> Result<JsValue, JsError> {
                $crate::web::to_js(&self.lesson.status)
            }

            /// Back to the first turn.
            pub fn reset(&mut self) {
                self.lesson.reset();
            }
        }
    };
}
pub(crate) use lesson_handle;

/// Writes a game's file codecs handle `$handle` (static methods only) over its replay type's
/// [`ReplayFile`]: in the reader, `read(bytes)` (any form the game writes; the error names what
/// is wrong and where) gives a record; in the writer, `write(record)` the plain file and
/// `writeCompressed(record)` the compressed one. Records come from and go to the game's engine
/// module (`toRecord()`, `fromRecord()`); a record that is not one is an error.
macro_rules! file_codecs {
    ($(#[$doc:meta])* $handle:ident, $replay:ty) => {
        $(#[$doc])*
        #[wasm_bindgen]
        pub struct $handle;

        $crate::web::read_part! {
            #[wasm_bindgen]
            impl $handle {
                /// A replay file's record.
                pub fn read(bytes: &[u8]) -> Result<Vec<u8>, JsError> {
                    let replay = <$replay as $crate::env::ReplayFile>::from_bytes(bytes)
                        .map_err($crate::web::js_error)?;
                    Ok($crate::env::ReplayFile::to_record(&replay))
                }
            }
        }

        $crate::web::write_part! {
        #[wasm_bindgen]
        impl $handle {
            /// The replay file of a record, in its plain form (byte for byte what the
            /// reference environment writes).
            pub fn write(record: &[u8]) -> Result<Vec<u8>, JsError> {
                let replay = <$replay as $crate::env::ReplayFile>::from_record(record)
                    .map_err($crate::web::js_error)?;
                Ok($crate::env::ReplayFile::to_bytes(&replay))
            }

            /// The replay file of a record, compressed as the game's tools store it.
            #[wasm_bindgen(js_name = writeCompressed)]
            pub fn write_compressed(record: &[u8]) -> Result<Vec<u8>, JsError> {
                let replay = <$replay as $crate::env::ReplayFile>::from_record(record)
                    .map_err($crate::web::js_error)?;
                Ok($crate::env::ReplayFile::to_compressed_bytes(&replay))
            }
        }
        }
    };
}
#[allow(unused_imports)] // a build with no game's file module
pub(crate) use file_codecs;
