//! Halite I's file codecs (its reader and its writer): replay files (`.hlt`, `.hlt.gz`,
//! `.blitz`) read into records and records written as files, for the engine module's handles
//! (`Halite1Replay.fromRecord`, `toRecord()`).

use super::file_codecs;
use crate::halite1::Replay;
use wasm_bindgen::prelude::*;

file_codecs!(
    /// Halite I's replay files: `Halite1Files.read(bytes)` gives a record (JSON or gzip),
    /// `write(record)` the JSON the reference writes, `writeCompressed(record)` it gzipped.
    Halite1Files,
    Replay
);
