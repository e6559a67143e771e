//! The forward model bots call (`debug.simulate` in the page): a game's exact state as bytes
//! (a *snapshot*), and one turn played from it with moves given for any pieces, giving the next
//! observation and the next snapshot (so a chain of turns stays exact).
//!
//! A game implements [`Simulator`] in its own folder; [`simulate`] is the one driver, and
//! [`Output`] the one layout every game's result takes on the way out:
//!
//! ```text
//! u32 LE  snapshot length n      n bytes  the next snapshot
//! u32 LE  JSON length m          m bytes  the observation as JSON text (UTF-8)
//! the rest: bytes that JSON values {"$u8": [offset, length]} stand for (Uint8Arrays)
//! ```
//!
//! Moves arrive as JSON text in the form a bot answers (a seat's own moves, and one flat list
//! for any pieces whose owner is read from the board), checked here: a bad list is an error that
//! names the problem, never a panic. The turn itself is the game's own turn function.

use std::fmt;

/// Why a simulation cannot run: bad moves, a snapshot that is not one, a game that is over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SimError(pub String);

impl fmt::Display for SimError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SimError {}

/// A shorthand for an error.
pub fn sim_error<T>(m: impl Into<String>) -> Result<T, SimError> {
    Err(SimError(m.into()))
}

/// An observation on its way out: JSON text, and the bytes its `{"$u8": [offset, length]}`
/// values stand for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SimObservation {
    pub json: String,
    pub bytes: Vec<u8>,
}

/// A game's state restored from a snapshot, steppable one turn at a time.
pub trait Simulator: Sized {
    /// The four bytes every snapshot of this game starts with.
    const MAGIC: [u8; 4];
    /// The state a snapshot holds; an error for bytes that are not a snapshot of this game.
    fn from_snapshot(bytes: &[u8]) -> Result<Self, SimError>;
    /// The exact state, as bytes [`Simulator::from_snapshot`] reads back.
    fn snapshot(&self) -> Vec<u8>;
    /// Plays one turn: `seat` (0-based) plays `mine`, and `others` is one flat list for any
    /// pieces, each move going to the owner of its piece (both as JSON text in the form a bot
    /// answers; pieces nobody commands do nothing). The game's own turn function resolves it.
    fn step(&mut self, seat: usize, mine: &str, others: &str) -> Result<(), SimError>;
    /// What `seat` sees now, in the form a bot is given.
    fn observation(&self, seat: usize) -> SimObservation;
}

/// The result of one simulated turn in the [`Output`] layout.
pub struct Output;

impl Output {
    pub fn encode(snapshot: &[u8], obs: &SimObservation) -> Vec<u8> {
        let mut out = Vec::with_capacity(8 + snapshot.len() + obs.json.len() + obs.bytes.len());
        out.extend_from_slice(&(snapshot.len() as u32).to_le_bytes());
        out.extend_from_slice(snapshot);
        out.extend_from_slice(&(obs.json.len() as u32).to_le_bytes());
        out.extend_from_slice(obs.json.as_bytes());
        out.extend_from_slice(&obs.bytes);
        out
    }
}

/// Restores `snapshot`, plays one turn and returns the next snapshot and `seat`'s observation
/// in the [`Output`] layout.
pub fn simulate<S: Simulator>(
    snapshot: &[u8],
    seat: usize,
    mine: &str,
    others: &str,
) -> Result<Vec<u8>, SimError> {
    let mut sim = S::from_snapshot(snapshot)?;
    sim.step(seat, mine, others)?;
    Ok(Output::encode(&sim.snapshot(), &sim.observation(seat)))
}

/// Reads a snapshot's fields in order; every read is checked (a short snapshot is an error).
pub struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    /// A reader past the magic, which must be `magic`.
    pub fn new(bytes: &'a [u8], magic: [u8; 4]) -> Result<Reader<'a>, SimError> {
        if bytes.get(..4) != Some(&magic[..]) {
            return sim_error("not a snapshot of this game");
        }
        Ok(Reader { bytes, at: 4 })
    }

    pub fn take(&mut self, n: usize) -> Result<&'a [u8], SimError> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len());
        match end {
            Some(end) => {
                let s = &self.bytes[self.at..end];
                self.at = end;
                Ok(s)
            }
            None => sim_error("the snapshot is cut short"),
        }
    }

    fn array<const N: usize>(&mut self) -> Result<[u8; N], SimError> {
        let mut a = [0u8; N];
        a.copy_from_slice(self.take(N)?);
        Ok(a)
    }

    pub fn u8(&mut self) -> Result<u8, SimError> {
        Ok(self.array::<1>()?[0])
    }
    pub fn u16(&mut self) -> Result<u16, SimError> {
        Ok(u16::from_le_bytes(self.array()?))
    }
    pub fn u32(&mut self) -> Result<u32, SimError> {
        Ok(u32::from_le_bytes(self.array()?))
    }
    pub fn u64(&mut self) -> Result<u64, SimError> {
        Ok(u64::from_le_bytes(self.array()?))
    }
    pub fn f64(&mut self) -> Result<f64, SimError> {
        Ok(f64::from_bits(self.u64()?))
    }
    /// A count of items that each take at least `min_bytes`: checked against what is left, so
    /// a bad count cannot make anyone allocate more than the snapshot's size.
    pub fn count(&mut self, min_bytes: usize) -> Result<usize, SimError> {
        let n = self.u32()? as usize;
        if n.saturating_mul(min_bytes.max(1)) > self.bytes.len() - self.at {
            return sim_error("the snapshot's counts do not fit its size");
        }
        Ok(n)
    }
    /// Whether every byte was read.
    pub fn finish(self) -> Result<(), SimError> {
        if self.at == self.bytes.len() {
            Ok(())
        } else {
            sim_error("the snapshot has bytes left over")
        }
    }
}

/// Writes a snapshot's fields in order (little-endian).
#[derive(Default)]
pub struct Writer(pub Vec<u8>);

impl Writer {
    pub fn new(magic: [u8; 4]) -> Writer {
        Writer(magic.to_vec())
    }
    pub fn u8(&mut self, v: u8) {
        self.0.push(v);
    }
    pub fn u16(&mut self, v: u16) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    pub fn u32(&mut self, v: u32) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    pub fn u64(&mut self, v: u64) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    pub fn f64(&mut self, v: f64) {
        self.u64(v.to_bits());
    }
    pub fn bytes(&mut self, b: &[u8]) {
        self.0.extend_from_slice(b);
    }
}

/// A list of moves as a bot answers it (JSON text), read as JSON values; `what` names the list
/// in errors. `null` (or nothing) is an empty list.
pub fn move_list(text: &str, what: &str, max: usize) -> Result<Vec<serde_json::Value>, SimError> {
    let v: serde_json::Value = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(_) => return sim_error(format!("{what} cannot be read")),
    };
    match v {
        serde_json::Value::Null => Ok(Vec::new()),
        serde_json::Value::Array(a) if a.len() > max => {
            sim_error(format!("{what} has {} entries (at most {max})", a.len()))
        }
        serde_json::Value::Array(a) => Ok(a),
        other => sim_error(format!(
            "{what} is {} instead of an array",
            describe(&other)
        )),
    }
}

/// What a JSON value is, in words.
pub fn describe(v: &serde_json::Value) -> &'static str {
    match v {
        serde_json::Value::Null => "null",
        serde_json::Value::Bool(_) => "a boolean",
        serde_json::Value::Number(_) => "a number",
        serde_json::Value::String(_) => "a string",
        serde_json::Value::Array(_) => "an array",
        serde_json::Value::Object(_) => "an object",
    }
}

/// Field `key` of a move object as a whole number in `min..=max`, or an error naming it.
pub fn whole(
    obj: &serde_json::Map<String, serde_json::Value>,
    key: &str,
    min: f64,
    max: f64,
    at: &str,
) -> Result<f64, SimError> {
    match obj.get(key).and_then(serde_json::Value::as_f64) {
        Some(v) if v.fract() == 0.0 && v >= min && v <= max => Ok(v),
        Some(v) => sim_error(format!(
            "{at}: {key} {v} is not a whole number from {min} to {max}"
        )),
        None => sim_error(format!("{at}: {key} is missing or not a number")),
    }
}
