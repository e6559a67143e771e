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

/// A `serde_json::Value` inside a record, as its JSON text (postcard cannot hold self-describing
/// data): `#[serde(with = "crate::env::record::json_text")]`.
pub mod json_text {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(v: &serde_json::Value, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&v.to_string())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<serde_json::Value, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        serde_json::from_str(&text).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, PartialEq, serde::Serialize, serde::Deserialize)]
    struct Sample {
        names: Vec<String>,
        x: f64,
        #[serde(with = "json_text")]
        extra: serde_json::Value,
    }

    #[test]
    fn a_record_reads_back_exactly_and_damage_is_an_error() {
        let s = Sample {
            names: vec!["a".into(), "bé".into()],
            x: 0.1 + 0.2,
            extra: serde_json::json!({"k": [1, 2.5, null]}),
        };
        let bytes = to_record(&s);
        assert_eq!(from_record::<Sample>(&bytes).unwrap(), s);
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
