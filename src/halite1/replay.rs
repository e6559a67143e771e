//! Replays: `.hlt` version 11 (plain or gzip) and its Blitz variant (the same with a
//! `fog_of_war` number), read into flat frame buffers: owner, strength and move, one byte each
//! per site per frame.
//!
//! The reader is a small JSON scanner specialised to this schema, so an 11 MB replay is read in
//! one pass with no intermediate tree. Every error names what is wrong and where
//! (`frames[12][3][40]: owner 9 > num_players 4`); nothing is allocated from a number the file
//! declares before the data backs it.

use super::grid::{Board, MAX_PLAYERS, MAX_SIDE};
use std::io::Read;

/// The replay format version this module reads and writes.
pub const VERSION: u64 = 11;

/// Largest decompressed replay accepted (a guard against compression bombs).
pub const MAX_REPLAY_BYTES: u64 = 1 << 30;

/// Most sites over all frames (frames x width x height) a replay may hold: the largest map
/// (250 x 250) for 2,560 frames, more than the original's longest game on it (2,501 frames), and
/// room for `halite run --max-turns` games on smaller maps. Larger replays are refused with an
/// error that names this limit, before they are held in memory.
pub const MAX_REPLAY_SITES: usize = 160_000_000;

/// A whole game: the fixed production map and every frame and move, stored flat.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Replay {
    pub width: usize,
    pub height: usize,
    pub num_players: usize,
    pub player_names: Vec<String>,
    /// `width * height`, row-major.
    pub production: Vec<u8>,
    /// `num_frames * width * height`: owner of each site in each frame.
    pub owner: Vec<u8>,
    /// `num_frames * width * height`: strength of each site in each frame.
    pub strength: Vec<u8>,
    /// `(num_frames - 1) * width * height`: the move made from each site in each turn.
    pub moves: Vec<u8>,
    /// Blitz replays: the fog-of-war radius the bots played with.
    pub fog_of_war: Option<u32>,
}

pub use crate::env::ReplayError;

fn err<T>(at: impl Into<String>, message: impl Into<String>) -> Result<T, ReplayError> {
    Err(ReplayError {
        at: at.into(),
        message: message.into(),
    })
}

impl Replay {
    /// An empty replay of a game about to start from `board` (frame 0).
    pub fn new(board: &Board, player_names: Vec<String>, fog_of_war: Option<u32>) -> Replay {
        Replay {
            width: board.width,
            height: board.height,
            num_players: player_names.len(),
            player_names,
            production: board.production.clone(),
            owner: board.owner.clone(),
            strength: board.strength.clone(),
            moves: Vec::new(),
            fog_of_war,
        }
    }

    pub fn sites(&self) -> usize {
        self.width * self.height
    }

    pub fn num_frames(&self) -> usize {
        self.owner.len().checked_div(self.sites()).unwrap_or(0)
    }

    pub fn frame_owner(&self, t: usize) -> &[u8] {
        let n = self.sites();
        &self.owner[t * n..(t + 1) * n]
    }

    pub fn frame_strength(&self, t: usize) -> &[u8] {
        let n = self.sites();
        &self.strength[t * n..(t + 1) * n]
    }

    /// Moves of turn `t` (from frame `t` to frame `t + 1`).
    pub fn turn_moves(&self, t: usize) -> &[u8] {
        let n = self.sites();
        &self.moves[t * n..(t + 1) * n]
    }

    /// Frame `t` as a board.
    pub fn board(&self, t: usize) -> Board {
        Board {
            width: self.width,
            height: self.height,
            production: self.production.clone(),
            owner: self.frame_owner(t).to_vec(),
            strength: self.frame_strength(t).to_vec(),
        }
    }

    /// The replay cut after frame `last` (frames `0..=last`, the moves of turns `0..last`).
    pub fn prefix(&self, last: usize) -> Replay {
        let n = self.sites();
        let frames = (last + 1).min(self.num_frames());
        Replay {
            player_names: self.player_names.clone(),
            production: self.production.clone(),
            owner: self.owner[..frames * n].to_vec(),
            strength: self.strength[..frames * n].to_vec(),
            moves: self.moves[..frames.saturating_sub(1) * n].to_vec(),
            ..*self
        }
    }

    /// Appends one turn: its moves and the frame they led to.
    pub fn push_turn(&mut self, moves: &[u8], board: &Board) {
        self.moves.extend_from_slice(moves);
        self.owner.extend_from_slice(&board.owner);
        self.strength.extend_from_slice(&board.strength);
    }

    /// Reads a replay from its bytes: `.hlt` JSON, or the same gzipped.
    pub fn from_bytes(bytes: &[u8]) -> Result<Replay, ReplayError> {
        if bytes.starts_with(&[0x1f, 0x8b]) {
            let mut text = Vec::new();
            let mut decoder = flate2::read::MultiGzDecoder::new(bytes).take(MAX_REPLAY_BYTES + 1);
            if let Err(e) = decoder.read_to_end(&mut text) {
                return err("gzip", format!("cannot decompress: {e}"));
            }
            if text.len() as u64 > MAX_REPLAY_BYTES {
                return err("gzip", "decompressed replay is larger than 1 GiB");
            }
            Replay::from_json(&text)
        } else {
            Replay::from_json(bytes)
        }
    }

    /// Reads a replay from its JSON text.
    pub fn from_json(text: &[u8]) -> Result<Replay, ReplayError> {
        Parser { s: text, i: 0 }.replay()
    }

    /// The replay as `.hlt` JSON, laid out as the reference environment writes it.
    pub fn to_json(&self) -> Vec<u8> {
        let n = self.sites();
        let frames = self.num_frames();
        let mut out = Vec::with_capacity(frames * n * 8 + n * 4 + 256);
        out.push(b'{');
        if let Some(r) = self.fog_of_war {
            out.extend_from_slice(b"\"fog_of_war\":");
            push_num(&mut out, u64::from(r));
            out.push(b',');
        }
        out.extend_from_slice(b"\"frames\":[");
        for t in 0..frames {
            if t > 0 {
                out.push(b',');
            }
            let (o, s) = (self.frame_owner(t), self.frame_strength(t));
            push_rows(&mut out, self.width, self.height, |i, out| {
                out.push(b'[');
                push_num(out, u64::from(o[i]));
                out.push(b',');
                push_num(out, u64::from(s[i]));
                out.push(b']');
            });
        }
        out.extend_from_slice(b"],\"height\":");
        push_num(&mut out, self.height as u64);
        out.extend_from_slice(b",\"moves\":[");
        for t in 0..frames.saturating_sub(1) {
            if t > 0 {
                out.push(b',');
            }
            let m = self.turn_moves(t);
            push_rows(&mut out, self.width, self.height, |i, out| {
                push_num(out, u64::from(m[i]))
            });
        }
        out.extend_from_slice(b"],\"num_frames\":");
        push_num(&mut out, frames as u64);
        out.extend_from_slice(b",\"num_players\":");
        push_num(&mut out, self.num_players as u64);
        out.extend_from_slice(b",\"player_names\":");
        out.push(b'[');
        for (k, name) in self.player_names.iter().enumerate() {
            if k > 0 {
                out.push(b',');
            }
            push_string(&mut out, name);
        }
        out.push(b']');
        out.extend_from_slice(b",\"productions\":");
        push_rows(&mut out, self.width, self.height, |i, out| {
            push_num(out, u64::from(self.production[i]))
        });
        out.extend_from_slice(b",\"version\":11,\"width\":");
        push_num(&mut out, self.width as u64);
        out.push(b'}');
        out
    }

    /// The replay as gzipped `.hlt` JSON (deflate's default level, 6).
    pub fn to_gzip(&self) -> Vec<u8> {
        gzip(&self.to_json(), 6)
    }
}

/// The deflate level of replays kept in a browser's storage (the page's arena and its live
/// games): on a 30x30 game's 1.8 MB of JSON, level 3 takes about a third of level 6's time
/// (13 against 40 ms natively, 12 ms in WebAssembly) for a file about a third larger (211
/// against 155 kB). Level 4 is where zlib's slower matcher starts: twice level 3's time.
pub const KEEP_LEVEL: u32 = 3;

/// `bytes` gzipped at deflate level `level` (0 to 9).
pub fn gzip(bytes: &[u8], level: u32) -> Vec<u8> {
    use std::io::Write;
    let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::new(level.min(9)));
    // Writing to a Vec cannot fail.
    let _ = enc.write_all(bytes);
    enc.finish().unwrap_or_default()
}

impl crate::env::ReplayFile for Replay {
    type Error = ReplayError;
    fn from_bytes(bytes: &[u8]) -> Result<Replay, ReplayError> {
        Replay::from_bytes(bytes)
    }
    fn to_bytes(&self) -> Vec<u8> {
        self.to_json()
    }
    fn to_compressed_bytes(&self) -> Vec<u8> {
        self.to_gzip()
    }
    fn width(&self) -> usize {
        self.width
    }
    fn height(&self) -> usize {
        self.height
    }
    fn num_frames(&self) -> usize {
        Replay::num_frames(self)
    }
    fn seats(&self) -> usize {
        self.num_players
    }
    fn player_names(&self) -> &[String] {
        &self.player_names
    }
}

fn push_num(out: &mut Vec<u8>, v: u64) {
    if v < 10 {
        out.push(b'0' + v as u8);
    } else {
        let mut buf = [0u8; 20];
        let mut i = buf.len();
        let mut v = v;
        while v > 0 {
            i -= 1;
            buf[i] = b'0' + (v % 10) as u8;
            v /= 10;
        }
        out.extend_from_slice(&buf[i..]);
    }
}

/// A JSON string, escaped as the reference's JSON library escapes it.
fn push_string(out: &mut Vec<u8>, s: &str) {
    out.push(b'"');
    for c in s.chars() {
        match c {
            '"' => out.extend_from_slice(b"\\\""),
            '\\' => out.extend_from_slice(b"\\\\"),
            '\n' => out.extend_from_slice(b"\\n"),
            '\r' => out.extend_from_slice(b"\\r"),
            '\t' => out.extend_from_slice(b"\\t"),
            '\u{8}' => out.extend_from_slice(b"\\b"),
            '\u{c}' => out.extend_from_slice(b"\\f"),
            c if (c as u32) < 0x20 => {
                out.extend_from_slice(format!("\\u{:04x}", c as u32).as_bytes());
            }
            c => {
                let mut buf = [0u8; 4];
                out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
            }
        }
    }
    out.push(b'"');
}

/// Why a JSON string literal cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StringError {
    #[error("not UTF-8")]
    NotUtf8,
    #[error("a \\u escape needs four hex digits")]
    ShortEscape,
    #[error("bad \\u escape {0:?}")]
    BadHex(String),
    #[error("a lone surrogate")]
    LoneSurrogate,
    #[error("bad escape {0:?}")]
    BadEscape(Option<char>),
    #[error("a control character")]
    ControlCharacter,
}

/// The text of a JSON string literal (without its quotes), escapes resolved.
fn unescape(raw: &[u8]) -> Result<String, StringError> {
    let mut out = String::with_capacity(raw.len());
    let text = std::str::from_utf8(raw).map_err(|_| StringError::NotUtf8)?;
    let mut chars = text.chars();
    let hex4 = |chars: &mut std::str::Chars| -> Result<u32, StringError> {
        let digits: String = chars.take(4).collect();
        if digits.len() != 4 {
            return Err(StringError::ShortEscape);
        }
        u32::from_str_radix(&digits, 16).map_err(|_| StringError::BadHex(digits))
    };
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some('"') => out.push('"'),
                Some('\\') => out.push('\\'),
                Some('/') => out.push('/'),
                Some('b') => out.push('\u{8}'),
                Some('f') => out.push('\u{c}'),
                Some('n') => out.push('\n'),
                Some('r') => out.push('\r'),
                Some('t') => out.push('\t'),
                Some('u') => {
                    let hi = hex4(&mut chars)?;
                    let code = if (0xd800..0xdc00).contains(&hi) {
                        if chars.next() != Some('\\') || chars.next() != Some('u') {
                            return Err(StringError::LoneSurrogate);
                        }
                        let lo = hex4(&mut chars)?;
                        if !(0xdc00..0xe000).contains(&lo) {
                            return Err(StringError::LoneSurrogate);
                        }
                        0x10000 + ((hi - 0xd800) << 10) + (lo - 0xdc00)
                    } else {
                        hi
                    };
                    out.push(char::from_u32(code).ok_or(StringError::LoneSurrogate)?);
                }
                other => return Err(StringError::BadEscape(other)),
            },
            c if (c as u32) < 0x20 => return Err(StringError::ControlCharacter),
            c => out.push(c),
        }
    }
    Ok(out)
}

fn push_rows(out: &mut Vec<u8>, w: usize, h: usize, mut cell: impl FnMut(usize, &mut Vec<u8>)) {
    out.push(b'[');
    for y in 0..h {
        if y > 0 {
            out.push(b',');
        }
        out.push(b'[');
        for x in 0..w {
            if x > 0 {
                out.push(b',');
            }
            cell(y * w + x, out);
        }
        out.push(b']');
    }
    out.push(b']');
}

/// Shape of a grid-valued field as it is read: rows and columns, checked against each other.
#[derive(Default)]
struct Shape {
    width: Option<usize>,
    height: Option<usize>,
}

/// Refuses a replay whose map sides exceed [`MAX_SIDE`] or whose frames so far hold more than
/// [`MAX_REPLAY_SITES`] sites, as soon as it is seen.
fn check_size(shape: &Shape, frames: usize) -> Result<(), ReplayError> {
    let (w, h) = (shape.width.unwrap_or(0), shape.height.unwrap_or(0));
    if w > MAX_SIDE || h > MAX_SIDE {
        return err(
            "width",
            format!("the map is {w}x{h}: sides are at most {MAX_SIDE}"),
        );
    }
    if frames.saturating_mul(w).saturating_mul(h) > MAX_REPLAY_SITES {
        return err(
            "frames",
            format!(
                "the replay is too large to open: {frames} frames of {w}x{h} is more than \
                 {MAX_REPLAY_SITES} sites in all (frames x width x height)"
            ),
        );
    }
    Ok(())
}

impl Shape {
    fn row_done(&mut self, at: &dyn Fn() -> String, cols: usize) -> Result<(), ReplayError> {
        match self.width {
            None => self.width = Some(cols),
            Some(w) if w != cols => {
                return err(at(), format!("row has {cols} sites, other rows have {w}"))
            }
            _ => {}
        }
        Ok(())
    }
    fn grid_done(&mut self, at: &dyn Fn() -> String, rows: usize) -> Result<(), ReplayError> {
        match self.height {
            None => self.height = Some(rows),
            Some(h) if h != rows => return err(at(), format!("has {rows} rows, others have {h}")),
            _ => {}
        }
        Ok(())
    }
}

struct Parser<'a> {
    s: &'a [u8],
    i: usize,
}

const MAX_DEPTH: usize = 64;

impl Parser<'_> {
    fn syntax<T>(&self, what: &str) -> Result<T, ReplayError> {
        let found = match self.s.get(self.i) {
            None => "the end of the file".to_string(),
            Some(c) if c.is_ascii_graphic() => format!("'{}'", *c as char),
            Some(c) => format!("byte 0x{c:02x}"),
        };
        err(
            format!("byte {}", self.i),
            format!("expected {what}, found {found}"),
        )
    }

    #[inline]
    fn ws(&mut self) {
        while let Some(&c) = self.s.get(self.i) {
            if c == b' ' || c == b'\n' || c == b'\r' || c == b'\t' {
                self.i += 1;
            } else {
                break;
            }
        }
    }

    #[inline]
    fn eat(&mut self, c: u8) -> bool {
        self.ws();
        if self.s.get(self.i) == Some(&c) {
            self.i += 1;
            true
        } else {
            false
        }
    }

    fn expect(&mut self, c: u8) -> Result<(), ReplayError> {
        if self.eat(c) {
            Ok(())
        } else {
            self.syntax(&format!("'{}'", c as char))
        }
    }

    /// After an element: `,` (more follow) or the closing bracket (returns false).
    #[inline]
    fn more(&mut self, close: u8) -> Result<bool, ReplayError> {
        self.ws();
        match self.s.get(self.i) {
            Some(&b',') => {
                self.i += 1;
                Ok(true)
            }
            Some(&c) if c == close => {
                self.i += 1;
                Ok(false)
            }
            _ => self.syntax(&format!("',' or '{}'", close as char)),
        }
    }

    /// Opens an array; returns false if it is empty (and already closed).
    fn open_array(&mut self) -> Result<bool, ReplayError> {
        self.expect(b'[')?;
        Ok(!self.eat(b']'))
    }

    /// A non-negative integer (saturating above u64).
    #[inline]
    fn uint(&mut self, at: &dyn Fn() -> String) -> Result<u64, ReplayError> {
        self.ws();
        let start = self.i;
        let mut v: u64 = 0;
        while let Some(&c) = self.s.get(self.i) {
            if c.is_ascii_digit() {
                v = v.saturating_mul(10).saturating_add(u64::from(c - b'0'));
                self.i += 1;
            } else {
                break;
            }
        }
        if self.i == start {
            if matches!(self.s.get(self.i), Some(b'-')) {
                return err(at(), "negative number");
            }
            return self.syntax("a number").map_err(|e| ReplayError {
                at: at(),
                message: e.message,
            });
        }
        if matches!(self.s.get(self.i), Some(b'.' | b'e' | b'E')) {
            return err(at(), "expected an integer");
        }
        Ok(v)
    }

    #[inline]
    fn byte(&mut self, at: &dyn Fn() -> String, what: &str) -> Result<u8, ReplayError> {
        let v = self.uint(at)?;
        if v > 255 {
            return err(at(), format!("{what} {v} is above 255"));
        }
        Ok(v as u8)
    }

    fn string(&mut self) -> Result<String, ReplayError> {
        self.ws();
        let start = self.i;
        if self.s.get(self.i) != Some(&b'"') {
            return self.syntax("a string");
        }
        self.i += 1;
        loop {
            match self.s.get(self.i) {
                None => return self.syntax("the end of a string"),
                Some(b'"') => break,
                Some(b'\\') => self.i = (self.i + 2).min(self.s.len()),
                Some(_) => self.i += 1,
            }
        }
        self.i += 1;
        let end = self.i.min(self.s.len());
        unescape(&self.s[start + 1..end - 1])
            .or_else(|e| err(format!("byte {start}"), format!("invalid string: {e}")))
    }

    fn skip_value(&mut self, depth: usize) -> Result<(), ReplayError> {
        if depth > MAX_DEPTH {
            return err(format!("byte {}", self.i), "nested too deeply");
        }
        self.ws();
        match self.s.get(self.i) {
            Some(b'"') => self.string().map(|_| ()),
            Some(b'[') => {
                self.i += 1;
                if self.eat(b']') {
                    return Ok(());
                }
                loop {
                    self.skip_value(depth + 1)?;
                    if !self.more(b']')? {
                        return Ok(());
                    }
                }
            }
            Some(b'{') => {
                self.i += 1;
                if self.eat(b'}') {
                    return Ok(());
                }
                loop {
                    self.string()?;
                    self.expect(b':')?;
                    self.skip_value(depth + 1)?;
                    if !self.more(b'}')? {
                        return Ok(());
                    }
                }
            }
            Some(c) if c.is_ascii_digit() || *c == b'-' => {
                while let Some(c) = self.s.get(self.i) {
                    if c.is_ascii_digit() || matches!(c, b'-' | b'+' | b'.' | b'e' | b'E') {
                        self.i += 1;
                    } else {
                        break;
                    }
                }
                Ok(())
            }
            _ => {
                for word in [&b"true"[..], b"false", b"null"] {
                    if self.s[self.i..].starts_with(word) {
                        self.i += word.len();
                        return Ok(());
                    }
                }
                self.syntax("a value")
            }
        }
    }

    /// A `[[v, ...], ...]` grid of single bytes appended to `out`.
    fn byte_grid(
        &mut self,
        name: &dyn Fn() -> String,
        what: &str,
        shape: &mut Shape,
        out: &mut Vec<u8>,
    ) -> Result<(), ReplayError> {
        let mut rows = 0;
        if self.open_array()? {
            loop {
                let y = rows;
                let mut cols = 0;
                if self.open_array()? {
                    loop {
                        let x = cols;
                        out.push(self.byte(&|| format!("{}[{y}][{x}]", name()), what)?);
                        cols += 1;
                        if !self.more(b']')? {
                            break;
                        }
                    }
                }
                shape.row_done(&|| format!("{}[{y}]", name()), cols)?;
                rows += 1;
                if !self.more(b']')? {
                    break;
                }
            }
        }
        shape.grid_done(name, rows)
    }

    /// One frame: `[[[owner, strength], ...], ...]`.
    fn frame(
        &mut self,
        t: usize,
        shape: &mut Shape,
        owner: &mut Vec<u8>,
        strength: &mut Vec<u8>,
    ) -> Result<(), ReplayError> {
        let mut rows = 0;
        if self.open_array()? {
            loop {
                let y = rows;
                let mut cols = 0;
                if self.open_array()? {
                    loop {
                        let x = cols;
                        let at = || format!("frames[{t}][{y}][{x}]");
                        self.expect(b'[').map_err(|e| ReplayError {
                            at: at(),
                            message: format!("a site is [owner, strength]: {}", e.message),
                        })?;
                        owner.push(self.byte(&at, "owner")?);
                        self.expect(b',')?;
                        strength.push(self.byte(&at, "strength")?);
                        if !self.eat(b']') {
                            return err(at(), "a site is [owner, strength], with nothing more");
                        }
                        cols += 1;
                        if !self.more(b']')? {
                            break;
                        }
                    }
                }
                shape.row_done(&|| format!("frames[{t}][{y}]"), cols)?;
                rows += 1;
                if !self.more(b']')? {
                    break;
                }
            }
        }
        shape.grid_done(&|| format!("frames[{t}]"), rows)
    }

    fn replay(mut self) -> Result<Replay, ReplayError> {
        let (mut version, mut width, mut height, mut num_players, mut num_frames) =
            (None, None, None, None, None);
        let mut fog_of_war = None;
        let mut names: Option<Vec<String>> = None;
        let (mut production, mut owner, mut strength, mut moves) =
            (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        let (mut seen_prod, mut seen_frames, mut seen_moves) = (false, false, false);
        let mut shape = Shape::default();
        let (mut frame_count, mut move_count) = (0usize, 0usize);

        // Skip a UTF-8 byte order mark.
        if self.s.starts_with(&[0xef, 0xbb, 0xbf]) {
            self.i = 3;
        }
        self.ws();
        if self.s.get(self.i) != Some(&b'{') {
            return self.syntax("a JSON object (a .hlt replay starts with '{')");
        }
        self.i += 1;
        if !self.eat(b'}') {
            loop {
                let key = self.string()?;
                self.expect(b':')?;
                let k = key.as_str();
                match k {
                    "version" | "width" | "height" | "num_players" | "num_frames"
                    | "fog_of_war" => {
                        let v = self.uint(&|| k.to_string())?;
                        let slot = match k {
                            "version" => &mut version,
                            "width" => &mut width,
                            "height" => &mut height,
                            "num_players" => &mut num_players,
                            "num_frames" => &mut num_frames,
                            _ => &mut fog_of_war,
                        };
                        *slot = Some(v);
                    }
                    "player_names" => {
                        let mut list = Vec::new();
                        if self.open_array()? {
                            loop {
                                list.push(self.string()?);
                                if !self.more(b']')? {
                                    break;
                                }
                            }
                        }
                        names = Some(list);
                    }
                    "productions" => {
                        seen_prod = true;
                        production.clear();
                        self.byte_grid(
                            &|| "productions".into(),
                            "production",
                            &mut shape,
                            &mut production,
                        )?;
                    }
                    "frames" => {
                        seen_frames = true;
                        owner.clear();
                        strength.clear();
                        frame_count = 0;
                        if self.open_array()? {
                            loop {
                                self.frame(frame_count, &mut shape, &mut owner, &mut strength)?;
                                frame_count += 1;
                                check_size(&shape, frame_count)?;
                                if !self.more(b']')? {
                                    break;
                                }
                            }
                        }
                    }
                    "moves" => {
                        seen_moves = true;
                        moves.clear();
                        move_count = 0;
                        if self.open_array()? {
                            loop {
                                let t = move_count;
                                self.byte_grid(
                                    &|| format!("moves[{t}]"),
                                    "move",
                                    &mut shape,
                                    &mut moves,
                                )?;
                                move_count += 1;
                                if !self.more(b']')? {
                                    break;
                                }
                            }
                        }
                    }
                    _ => self.skip_value(0)?,
                }
                if !self.more(b'}')? {
                    break;
                }
            }
        }
        self.ws();
        if self.i < self.s.len() {
            return self.syntax("the end of the file after the replay object");
        }

        let need = |v: Option<u64>, k: &str| match v {
            Some(v) => Ok(v),
            None => err(k, "missing"),
        };
        let version = need(version, "version")?;
        if version != VERSION {
            return err(
                "version",
                format!("{version} is not supported (this reads version {VERSION})"),
            );
        }
        let width = need(width, "width")?;
        let height = need(height, "height")?;
        let num_players = need(num_players, "num_players")?;
        let num_frames = need(num_frames, "num_frames")?;
        let names = match names {
            Some(n) => n,
            None => return err("player_names", "missing"),
        };
        for (k, seen) in [
            ("productions", seen_prod),
            ("frames", seen_frames),
            ("moves", seen_moves),
        ] {
            if !seen {
                return err(k, "missing");
            }
        }
        if width == 0 || height == 0 {
            return err("width", format!("map of {width}x{height} has no sites"));
        }
        if width > MAX_SIDE as u64 || height > MAX_SIDE as u64 {
            return err(
                "width",
                format!("the map is {width}x{height}: sides are at most {MAX_SIDE}"),
            );
        }
        if num_players == 0 || num_players > MAX_PLAYERS as u64 {
            return err(
                "num_players",
                format!("{num_players} is not between 1 and {MAX_PLAYERS}"),
            );
        }
        if names.len() as u64 != num_players {
            return err(
                "player_names",
                format!("{} names for num_players {num_players}", names.len()),
            );
        }
        if shape.width != Some(width as usize) {
            return err(
                "width",
                format!("{width}, but rows have {} sites", shape.width.unwrap_or(0)),
            );
        }
        if shape.height != Some(height as usize) {
            return err(
                "height",
                format!(
                    "{height}, but grids have {} rows",
                    shape.height.unwrap_or(0)
                ),
            );
        }
        let (w, h) = (width as usize, height as usize);
        if frame_count == 0 {
            return err("frames", "no frames");
        }
        if num_frames != frame_count as u64 {
            return err(
                "num_frames",
                format!("{num_frames}, but there are {frame_count} frames"),
            );
        }
        if move_count + 1 != frame_count {
            return err(
                "moves",
                format!(
                    "{move_count} turns of moves for {frame_count} frames (expected one fewer)"
                ),
            );
        }
        let n = w * h;
        if let Some(i) = owner.iter().position(|&o| u64::from(o) > num_players) {
            let (t, y, x) = (i / n, i % n / w, i % w);
            return err(
                format!("frames[{t}][{y}][{x}]"),
                format!("owner {} > num_players {num_players}", owner[i]),
            );
        }
        let fog_of_war = match fog_of_war {
            Some(r) if r > u64::from(u32::MAX) => return err("fog_of_war", "radius too large"),
            r => r.map(|r| r as u32),
        };
        // Frames are held at exactly 3 bytes per site: drop the growth slack.
        for v in [&mut owner, &mut strength, &mut moves, &mut production] {
            v.shrink_to_fit();
        }
        Ok(Replay {
            width: w,
            height: h,
            num_players: num_players as usize,
            player_names: names,
            production,
            owner,
            strength,
            moves,
            fog_of_war,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tiny() -> &'static str {
        r#"{"frames":[[[[0,5],[1,0]]],[[[1,0],[1,1]]]],"height":1,"moves":[[[0,4]]],"num_frames":2,"num_players":1,"player_names":["a\"b"],"productions":[[1,1]],"version":11,"width":2}"#
    }

    #[test]
    fn round_trips_byte_for_byte() {
        let r = Replay::from_json(tiny().as_bytes()).unwrap();
        assert_eq!(r.num_frames(), 2);
        assert_eq!(r.player_names, vec!["a\"b".to_string()]);
        assert_eq!(r.owner, vec![0, 1, 1, 1]);
        assert_eq!(String::from_utf8(r.to_json()).unwrap(), tiny());
        let again = Replay::from_bytes(&r.to_gzip()).unwrap();
        assert_eq!(again, r);
        let kept = gzip(&r.to_json(), KEEP_LEVEL);
        assert_eq!(&kept[..2], &[0x1f, 0x8b]);
        assert_eq!(Replay::from_bytes(&kept).unwrap(), r);
    }

    #[test]
    fn names_the_place_of_a_bad_owner() {
        let bad = tiny().replace("[[[1,0],[1,1]]]", "[[[1,0],[9,1]]]");
        let e = Replay::from_json(bad.as_bytes()).unwrap_err();
        assert_eq!(e.to_string(), "frames[1][0][1]: owner 9 > num_players 1");
    }

    #[test]
    fn names_the_place_of_a_ragged_row_and_syntax() {
        let bad = tiny().replace("[[[1,0],[1,1]]]", "[[[1,0]]]");
        let e = Replay::from_json(bad.as_bytes()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "frames[1][0]: row has 1 sites, other rows have 2"
        );
        let e = Replay::from_json(&tiny().as_bytes()[..40]).unwrap_err();
        assert!(e.to_string().starts_with("byte 40: expected"), "{e}");
        let e = Replay::from_json(b"").unwrap_err();
        assert!(e.to_string().contains("starts with '{'"), "{e}");
        let e = Replay::from_json(tiny().replace("11", "10").as_bytes()).unwrap_err();
        assert_eq!(e.at, "version");
    }

    #[test]
    fn keeps_the_blitz_radius() {
        let blitz = tiny().replacen('{', "{\"fog_of_war\":2,", 1);
        let r = Replay::from_json(blitz.as_bytes()).unwrap();
        assert_eq!(r.fog_of_war, Some(2));
        assert_eq!(String::from_utf8(r.to_json()).unwrap(), blitz);
    }

    #[test]
    fn replays_beyond_the_stated_size_are_refused_with_the_limit_named() {
        let shape = |w, h| Shape {
            width: Some(w),
            height: Some(h),
        };
        assert!(check_size(&shape(250, 250), 2_560).is_ok());
        let e = check_size(&shape(250, 250), 2_561).unwrap_err().to_string();
        assert!(e.contains("160000000 sites"), "{e}");
        // A small map may have many more frames (`halite run --max-turns`).
        assert!(check_size(&shape(20, 20), 400_000).is_ok());
        let wide = "{\"version\":11,\"width\":251,\"height\":1,\"num_players\":1,\"num_frames\":1,\"player_names\":[\"a\"],\"productions\":[[1]],\"frames\":[[[[0,0]]]],\"moves\":[]}";
        let e = Replay::from_json(wide.as_bytes()).unwrap_err().to_string();
        assert!(e.contains("at most 250"), "{e}");
    }
}
