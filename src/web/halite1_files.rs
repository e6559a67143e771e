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

super::write_part! {
    #[wasm_bindgen]
    impl Halite1Files {
        /// `bytes` (a replay's JSON, with the page's members added) gzipped for keeping in the
        /// browser's storage: deflate level 3 (`replay::KEEP_LEVEL`), about three times faster
        /// than level 6 (the browser's own gzip) for a file about a third larger.
        #[wasm_bindgen(js_name = gzipToKeep)]
        pub fn gzip_to_keep(bytes: &[u8]) -> Vec<u8> {
            crate::halite1::replay::gzip(bytes, crate::halite1::replay::KEEP_LEVEL)
        }

        /// The replay file of a record gzipped for keeping in the browser: `write` and
        /// `gzipToKeep` in one call (the JSON never leaves the module).
        #[wasm_bindgen(js_name = writeToKeep)]
        pub fn write_to_keep(record: &[u8]) -> Result<Vec<u8>, JsError> {
            let replay = <Replay as crate::env::ReplayFile>::from_record(record).map_err(super::js_error)?;
            Ok(crate::halite1::replay::gzip(&replay.to_json(), crate::halite1::replay::KEEP_LEVEL))
        }
    }
}
