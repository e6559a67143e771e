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

/// Why a simulation cannot run: bad moves, a snapshot that is not one, a game that is over.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum SimError {
    /// The bytes do not start with the game's snapshot mark.
    #[error("not a snapshot of this game")]
    NotASnapshot,
    /// The bytes start with no game's snapshot mark.
    #[error("not a snapshot of any game")]
    NoGame,
    /// The bytes end before the snapshot does.
    #[error("the snapshot is cut short")]
    CutShort,
    /// A count in the snapshot asks for more than its bytes hold.
    #[error("the snapshot's counts do not fit its size")]
    CountsDoNotFit,
    /// Bytes after the end of the snapshot.
    #[error("the snapshot has bytes left over")]
    LeftOver,
    /// A snapshot whose contents are no state of the game, as the sentence says (such as "the
    /// snapshot's map size is out of range").
    #[error("{0}")]
    Inconsistent(&'static str),
    /// The input as the page packs it (snapshot and move lists) does not hold together, as the
    /// sentence says.
    #[error("{0}")]
    Input(&'static str),
    /// A move list (`what`) that is not UTF-8 text.
    #[error("{what} are not UTF-8 text")]
    NotText { what: &'static str },
    /// A move list (`what`) that is not JSON.
    #[error("{what} cannot be read")]
    Unreadable { what: &'static str },
    /// A move list with more entries than the board can use.
    #[error("{what} has {len} entries (at most {max})")]
    TooLong {
        what: &'static str,
        len: usize,
        max: usize,
    },
    /// A move list that is some other JSON value (`found`, in words).
    #[error("{what} is {found} instead of an array")]
    NotAList {
        what: &'static str,
        found: &'static str,
    },
    /// A move list (`what`) with a move the game refuses, in the words a bot is ejected with.
    #[error("{what}: {reason}")]
    Answer { what: &'static str, reason: String },
    /// A seat the game does not have.
    #[error("seat {0} is not in this game")]
    NoSuchSeat(usize),
    /// The game is over: no turn is left to play.
    #[error("the game is over (turn {turn} of {max})")]
    Over { turn: u32, max: u32 },
    /// The game refused the turn, in its own words.
    #[error("{0}")]
    Turn(String),
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
            return Err(SimError::NotASnapshot);
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
            None => Err(SimError::CutShort),
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
            return Err(SimError::CountsDoNotFit);
        }
        Ok(n)
    }
    /// Whether every byte was read.
    pub fn finish(self) -> Result<(), SimError> {
        if self.at == self.bytes.len() {
            Ok(())
        } else {
            Err(SimError::LeftOver)
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
pub fn move_list(
    text: &str,
    what: &'static str,
    max: usize,
) -> Result<Vec<serde_json::Value>, SimError> {
    let v: serde_json::Value = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(_) => return Err(SimError::Unreadable { what }),
    };
    match v {
        serde_json::Value::Null => Ok(Vec::new()),
        serde_json::Value::Array(a) if a.len() > max => Err(SimError::TooLong {
            what,
            len: a.len(),
            max,
        }),
        serde_json::Value::Array(a) => Ok(a),
        other => Err(SimError::NotAList {
            what,
            found: describe(&other),
        }),
    }
}

/// A simulated turn's two move lists (JSON text, as [`Simulator::step`] takes them), each move
/// packed by `pack` (the game's packing of an answer's move, given its index); a move it cannot
/// pack is an error naming its list, in the game's words.
pub fn packed_lists<R, E: std::fmt::Display>(
    mine: &str,
    others: &str,
    max: usize,
    pack: impl Fn(usize, &serde_json::Value) -> Result<R, E>,
) -> Result<(Vec<R>, Vec<R>), SimError> {
    let read = |text, what| -> Result<Vec<R>, SimError> {
        move_list(text, what, max)?
            .iter()
            .enumerate()
            .map(|(i, v)| pack(i, v).map_err(SimError::answer(what)))
            .collect()
    };
    Ok((read(mine, "moves")?, read(others, "othersMoves")?))
}

impl SimError {
    /// A snapshot's map size and player count checked against the game's bounds (every side 1
    /// to `max_side`, 1 to `max_players` players).
    pub fn check_size(
        (width, height): (u64, u64),
        max_side: u64,
        players: usize,
        max_players: usize,
    ) -> Result<(), SimError> {
        if !(1..=max_side).contains(&width) || !(1..=max_side).contains(&height) {
            return Err(SimError::Inconsistent(
                "the snapshot's map size is out of range",
            ));
        }
        if !(1..=max_players).contains(&players) {
            return Err(SimError::Inconsistent(
                "the snapshot's player count is out of range",
            ));
        }
        Ok(())
    }

    /// The error for a move list `what` that the game refuses, as the game says why.
    pub fn answer<E: std::fmt::Display>(what: &'static str) -> impl Fn(E) -> SimError {
        move |e| SimError::Answer {
            what,
            reason: e.to_string(),
        }
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
