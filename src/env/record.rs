//! A replay's record: its frames and moves in a compact binary form (postcard over the replay's
//! serde derives), the form in which a replay crosses between two builds of this crate that
//! were made from the same source. The web build is split this way: a game's engine module
//! holds games and replays as records, and its file module alone reads and writes the replay
//! files (JSON, gzip, zstd), turning them into records and back.
//!
//! A record is not a file format: it has no version and is read only by the build that wrote
//! it. Reading one still checks it whole (postcard refuses truncated or malformed input), so a
//! damaged record is an error, never a panic.

use serde::de::DeserializeOwned;
use serde::Serialize;

/// Why bytes are not a record of this build.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a replay record of this engine: {0}")]
pub struct RecordError(String);

/// The record of `value`.
pub fn to_record<T: Serialize>(value: &T) -> Vec<u8> {
    // Writing to a growing Vec fails only if a value's `Serialize` fails, which a replay's
    // derives never do; an empty record then reads back as an error.
    postcard::to_allocvec(value).unwrap_or_default()
}

/// The value a record holds; bytes left over are an error, as is anything malformed.
pub fn from_record<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, RecordError> {
    let (value, rest) = postcard::take_from_bytes(bytes).map_err(|e| RecordError(e.to_string()))?;
    if !rest.is_empty() {
        return Err(RecordError(format!("{} bytes left over", rest.len())));
    }
    Ok(value)
}

/// JSON a replay keeps verbatim (e.g. Halite II's game constants), held as its compact text. A
/// record carries the text as a string (postcard cannot hold self-describing data), and a module
/// that only holds replays never parses it: only the modules that read and write files turn it
/// into a `serde_json::Value` and back.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(transparent)]
pub struct JsonText(String);

impl JsonText {
    /// The compact text of `value`.
    pub fn of(value: &serde_json::Value) -> JsonText {
        JsonText(value.to_string())
    }

    /// Text already in the compact form [`JsonText::of`] writes (a constant of this crate; its
    /// tests check the form).
    pub fn from_compact(text: &str) -> JsonText {
        JsonText(text.to_string())
    }

    /// The value again. The text was written from a value by this crate, so this fails only
    /// for a damaged record: the error says so.
    pub fn value(&self) -> Result<serde_json::Value, serde_json::Error> {
        serde_json::from_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, PartialEq, serde::Serialize, serde::Deserialize)]
    struct Sample {
        names: Vec<String>,
        x: f64,
        extra: JsonText,
    }

    #[test]
    fn a_record_reads_back_exactly_and_damage_is_an_error() {
        let s = Sample {
            names: vec!["a".into(), "bé".into()],
            x: 0.1 + 0.2,
            extra: JsonText::of(&serde_json::json!({"k": [1, 2.5, null]})),
        };
        let bytes = to_record(&s);
        let back = from_record::<Sample>(&bytes).unwrap();
        assert_eq!(back, s);
        assert_eq!(
            back.extra.value().unwrap(),
            serde_json::json!({"k": [1, 2.5, null]})
        );
        for cut in 0..bytes.len() {
            assert!(
                from_record::<Sample>(&bytes[..cut]).is_err(),
                "cut at {cut}"
            );
        }
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(from_record::<Sample>(&longer)
            .unwrap_err()
            .to_string()
            .contains("left over"));
    }
}
