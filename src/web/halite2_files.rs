//! Halite II's file codecs (its reader and its writer): replay files (one zstd frame holding
//! JSON, or the JSON) read into records and records written as files, for the engine module's
//! handles (`Halite2Replay.fromRecord`, `toRecord()`).

use super::{file_codecs, js_error};
use crate::env::ReplayFile;
use crate::halite2::replay::{decompress, Replay};
use wasm_bindgen::prelude::*;

file_codecs!(
    /// Halite II's replay files: `Halite2Files.read(bytes)` gives a record (zstd or JSON),
    /// `write(record)` the JSON the reference writes, `writeCompressed(record)` it in one zstd
    /// frame.
    Halite2Files,
    Replay
);

super::read_part! {
    #[wasm_bindgen]
    impl Halite2Files {
        /// A replay's JSON bytes: decompressed from its one zstd frame, or as they are (to read
        /// what the page kept with the game, such as `bot_logs`, which reading a replay skips).
        #[wasm_bindgen(js_name = plainJson)]
        pub fn plain_json(bytes: &[u8]) -> Result<Vec<u8>, JsError> {
            decompress(bytes).map_err(js_error)
        }
    }
}

super::write_part! {
    #[wasm_bindgen]
    impl Halite2Files {
        /// The replay file of a record, compressed, with `members` (JSON object members such as
        /// `"bot_logs":[...]`) added to its JSON (see `Replay::to_zstd_bytes_with`).
        #[wasm_bindgen(js_name = writeCompressedWith)]
        pub fn write_compressed_with(record: &[u8], members: &[u8]) -> Result<Vec<u8>, JsError> {
            let replay = Replay::from_record(record).map_err(js_error)?;
            Ok(replay.to_zstd_bytes_with(members))
        }

        /// As `writeCompressedWith`, written fast rather than small: for the games the page
        /// keeps in the browser (see `Replay::to_zstd_bytes_to_keep`).
        #[wasm_bindgen(js_name = writeToKeep)]
        pub fn write_to_keep(record: &[u8], members: &[u8]) -> Result<Vec<u8>, JsError> {
            let replay = Replay::from_record(record).map_err(js_error)?;
            Ok(replay.to_zstd_bytes_to_keep(members))
        }
    }
}
