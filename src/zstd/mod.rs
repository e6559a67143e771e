//! A zstd writer that aims at the smallest frame rather than speed: an optimal parse with
//! repeated offsets (as zstd's own levels 19 and up make), Huffman-coded literals and
//! FSE-coded sequences with tables fitted to each block or repeated from the one before.
//! Every frame is plain zstd (RFC 8878): any zstd reader opens it.
//!
//! It is small enough for the web binaries (the page's replay downloads use it), and its output
//! is checked by decoding it with `ruzstd` and the `zstd` command (tests/zstd_writer.rs).

mod bits;
mod codes;
mod fse;
mod huff;
mod parse;

use bits::BitWriter;
use codes::{ll_code, ml_code, of_code, LL_BASE, LL_DEFAULT, ML_BASE, ML_DEFAULT, OF_DEFAULT};
use fse::{CTable, Norm};
use huff::Huffman;
use parse::{Parser, Seq, Stats};

const BLOCK: usize = 128 * 1024;
const MAGIC: u32 = 0xFD2F_B528;

/// The window a frame declares when its content is larger (8 MB, as zstd's own level 19):
/// what every decoder accepts by default (ruzstd refuses over 100 MB, the `zstd` command over
/// 128 MB without `--memory`).
const WINDOW_LOG: u32 = 23;

/// `data` as one zstd frame.
pub fn compress(data: &[u8]) -> Vec<u8> {
    compress_in_window(data, WINDOW_LOG)
}

/// `data` as one zstd frame whose matches reach back at most `1 << window_log` bytes
/// (`window_log` from 10 to 30).
fn compress_in_window(data: &[u8], window_log: u32) -> Vec<u8> {
    let mut out = Vec::with_capacity(data.len() / 8 + 64);
    out.extend_from_slice(&MAGIC.to_le_bytes());
    let n = data.len() as u64;
    let window = 1usize << window_log;
    if data.len() <= window {
        // One segment: the window is the whole content, whose size is given. No checksum.
        if n < 256 {
            out.push(0b0010_0000);
            out.push(n as u8);
        } else if n < 65536 + 256 {
            out.push(0b0110_0000);
            out.extend_from_slice(&((n - 256) as u16).to_le_bytes());
        } else {
            out.push(0b1010_0000);
            out.extend_from_slice(&(n as u32).to_le_bytes());
        }
    } else {
        // The window declared (exponent over 10, no mantissa), then the content's size.
        let wide = n > u64::from(u32::MAX);
        out.push(if wide { 0b1100_0000 } else { 0b1000_0000 });
        out.push(((window_log - 10) << 3) as u8);
        if wide {
            out.extend_from_slice(&n.to_le_bytes());
        } else {
            out.extend_from_slice(&(n as u32).to_le_bytes());
        }
    }
    if data.is_empty() {
        block_header(&mut out, true, 0, 0);
        return out;
    }
    let mut parser = Parser::new(data, window);
    let mut state = Entropy::default();
    let mut stats: Option<Stats> = None;
    let mut start = 0;
    let (mut seqs, mut literals) = (Vec::new(), Vec::new());
    while start < data.len() {
        let end = (start + BLOCK).min(data.len());
        let last = end == data.len();
        let block = &data[start..end];
        let guess = match stats.take() {
            Some(s) => s,
            None => {
                // The first block is parsed twice: the first parse tells the second its prices.
                seqs.clear();
                literals.clear();
                parser.depth = 8;
                parser.block(start, end, &Stats::guess(block), &mut seqs, &mut literals);
                parser.restart();
                Stats::from_parse(&seqs, &literals)
            }
        };
        seqs.clear();
        literals.clear();
        let reps = parser.reps;
        parser.block(start, end, &guess, &mut seqs, &mut literals);
        stats = Some(Stats::from_parse(&seqs, &literals));
        let mut next = state.clone();
        match next.block(&seqs, &literals) {
            Some(body) if body.len() < block.len() => {
                block_header(&mut out, last, 2, body.len());
                out.extend_from_slice(&body);
                state = next;
            }
            _ => {
                // Stored as it is: no sequences, so the repeated offsets stay as they were.
                parser.reps = reps;
                block_header(&mut out, last, 0, block.len());
                out.extend_from_slice(block);
            }
        }
        start = end;
    }
    out
}

fn block_header(out: &mut Vec<u8>, last: bool, kind: u32, size: usize) {
    let h = u32::from(last) | (kind << 1) | ((size as u32) << 3);
    out.extend_from_slice(&h.to_le_bytes()[..3]);
}

/// A table a block's sequences are coded with, as the next block may repeat it.
#[derive(Clone)]
enum Table {
    Rle,
    Fse(Norm),
}

/// What a block leaves for the next: its Huffman code and its three sequence tables.
#[derive(Clone, Default)]
struct Entropy {
    huffman: Option<Huffman>,
    ll: Option<Table>,
    of: Option<Table>,
    ml: Option<Table>,
}

impl Entropy {
    /// The block's compressed body, or `None` when it cannot be coded (the caller stores it).
    fn block(&mut self, seqs: &[Seq], literals: &[u8]) -> Option<Vec<u8>> {
        let mut out = self.literals(literals);
        self.sequences(seqs, &mut out)?;
        Some(out)
    }

    fn literals(&mut self, lits: &[u8]) -> Vec<u8> {
        let n = lits.len();
        let raw = || {
            let mut out = size_header(0, n);
            out.extend_from_slice(lits);
            out
        };
        if n == 0 {
            return raw();
        }
        let mut counts = [0u32; 256];
        for &b in lits {
            counts[b as usize] += 1;
        }
        if counts[lits[0] as usize] as usize == n {
            let mut out = size_header(1, n);
            out.push(lits[0]);
            return out;
        }
        let four = n > 1023;
        let fresh = Huffman::new(&counts).expect("two or more values");
        let description = fresh.description();
        let fresh_bytes = description.as_ref().map_or(u64::MAX, |d| {
            d.len() as u64 + fresh.cost_bits(&counts).div_ceil(8)
        });
        let reuse = self.huffman.as_ref().filter(|h| h.covers(&counts));
        let (kind, code, mut body) = match (reuse, description) {
            (Some(h), _) if h.cost_bits(&counts).div_ceil(8) <= fresh_bytes => {
                (3, h.clone(), Vec::new())
            }
            (_, Some(d)) => (2, fresh, d),
            (Some(h), None) => (3, h.clone(), Vec::new()),
            (None, None) => return raw(),
        };
        body.extend(code.encode(lits, four));
        if body.len() + 8 >= n {
            return raw();
        }
        let size = n.max(body.len());
        let (format, bits) = if !four {
            (0u64, 10u32)
        } else if size < 1 << 10 {
            (1, 10)
        } else if size < 1 << 14 {
            (2, 14)
        } else {
            (3, 18)
        };
        let header = kind | (format << 2) | ((n as u64) << 4) | ((body.len() as u64) << (4 + bits));
        let header_bytes = (4 + 2 * bits).div_ceil(8) as usize;
        let mut out = header.to_le_bytes()[..header_bytes].to_vec();
        out.extend(body);
        if kind == 2 {
            self.huffman = Some(code);
        }
        out
    }

    fn sequences(&mut self, seqs: &[Seq], out: &mut Vec<u8>) -> Option<()> {
        let n = seqs.len();
        if n < 128 {
            out.push(n as u8);
        } else if n < 0x7F00 {
            out.extend_from_slice(&[((n >> 8) + 0x80) as u8, n as u8]);
        } else if n < 0x7F00 + 0x10000 {
            let m = n - 0x7F00;
            out.extend_from_slice(&[0xFF, m as u8, (m >> 8) as u8]);
        } else {
            return None;
        }
        if n == 0 {
            return Some(());
        }
        let llc: Vec<u8> = seqs.iter().map(|s| ll_code(s.ll)).collect();
        let mlc: Vec<u8> = seqs.iter().map(|s| ml_code(s.ml)).collect();
        let ofc: Vec<u8> = seqs.iter().map(|s| of_code(s.ov)).collect();
        let (ll_mode, ll_desc, ll) = choose(&llc, 36, 9, &LL_DEFAULT, 6, self.ll.as_ref());
        let (of_mode, of_desc, of) = choose(&ofc, 32, 8, &OF_DEFAULT, 5, self.of.as_ref());
        let (ml_mode, ml_desc, ml) = choose(&mlc, 53, 9, &ML_DEFAULT, 6, self.ml.as_ref());
        out.push((ll_mode << 6) | (of_mode << 4) | (ml_mode << 2));
        out.extend(ll_desc);
        out.extend(of_desc);
        out.extend(ml_desc);
        let tables = [&ll, &of, &ml].map(|t| match t {
            Table::Fse(norm) => Some(CTable::new(norm)),
            Table::Rle => None,
        });
        let [ll_t, of_t, ml_t] = &tables;
        let mut w = BitWriter::with_capacity(n * 4);
        let init = |t: &Option<CTable>, s: u8| t.as_ref().map_or(0, |t| t.init(s));
        let encode = |t: &Option<CTable>, state: &mut u32, s: u8, w: &mut BitWriter| {
            if let Some(t) = t {
                t.encode(state, s, w);
            }
        };
        let extras = |i: usize, w: &mut BitWriter| {
            let s = &seqs[i];
            w.add(
                s.ll - LL_BASE[llc[i] as usize],
                u32::from(codes::LL_BITS[llc[i] as usize]),
            );
            w.add(
                s.ml - ML_BASE[mlc[i] as usize],
                u32::from(codes::ML_BITS[mlc[i] as usize]),
            );
            w.add(s.ov - (1 << ofc[i]), u32::from(ofc[i]));
        };
        let mut ml_s = init(ml_t, mlc[n - 1]);
        let mut of_s = init(of_t, ofc[n - 1]);
        let mut ll_s = init(ll_t, llc[n - 1]);
        extras(n - 1, &mut w);
        for i in (0..n - 1).rev() {
            encode(of_t, &mut of_s, ofc[i], &mut w);
            encode(ml_t, &mut ml_s, mlc[i], &mut w);
            encode(ll_t, &mut ll_s, llc[i], &mut w);
            extras(i, &mut w);
        }
        for (t, s) in [(ml_t, ml_s), (of_t, of_s), (ll_t, ll_s)] {
            if let Some(t) = t {
                t.flush(s, &mut w);
            }
        }
        out.extend(w.close());
        self.ll = Some(ll);
        self.of = Some(of);
        self.ml = Some(ml);
        Some(())
    }
}

/// A raw or RLE literals header: the kind and the size, in 1 to 3 bytes.
fn size_header(kind: u8, n: usize) -> Vec<u8> {
    if n < 32 {
        vec![kind | ((n as u8) << 3)]
    } else if n < 4096 {
        vec![kind | 0b0100 | ((n as u8 & 0xF) << 4), (n >> 4) as u8]
    } else {
        vec![
            kind | 0b1100 | ((n as u8 & 0xF) << 4),
            (n >> 4) as u8,
            (n >> 12) as u8,
        ]
    }
}

/// The cheapest way to code one stream of codes: predefined (0), a single code (1), a table
/// fitted to them (2) or the block before's (3). Returns the mode, the table's description and
/// the table.
fn choose(
    codes: &[u8],
    alphabet: usize,
    max_log: u32,
    default: &[i16],
    default_log: u32,
    previous: Option<&Table>,
) -> (u8, Vec<u8>, Table) {
    let mut counts = vec![0u32; alphabet];
    for &c in codes {
        counts[c as usize] += 1;
    }
    let n = codes.len() as u32;
    // Costs in 1/256 bits.
    let predefined = Norm::new(default_log, default);
    let mut best = (
        predefined.cost(&counts).unwrap_or(u64::MAX),
        0u8,
        Vec::new(),
        Table::Fse(predefined),
    );
    if let Some(Table::Fse(prev)) = previous {
        if let Some(c) = prev.cost(&counts) {
            if c < best.0 {
                best = (c, 3, Vec::new(), Table::Fse(prev.clone()));
            }
        }
    }
    let distinct = counts.iter().filter(|&&c| c > 0).count() as u32;
    if distinct == 1 {
        // One code: a single byte names it (no table fitted to one symbol).
        if 8 * 256 < best.0 {
            return (1, vec![codes[0]], Table::Rle);
        }
        return (best.1, best.2, best.3);
    }
    let least = (32 - distinct.leading_zeros()).max(5);
    let most = max_log.min((32 - n.leading_zeros()).max(5));
    for log in least..=most.max(least).min(max_log) {
        let norm = Norm::from_counts(&counts, log);
        let desc = norm.description();
        let c = norm.cost(&counts).unwrap() + desc.len() as u64 * 8 * 256;
        if c < best.0 {
            best = (c, 2, desc, Table::Fse(norm));
        }
    }
    (best.1, best.2, best.3)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    fn decode(frame: &[u8]) -> Vec<u8> {
        let mut src = frame;
        let mut d = ruzstd::decoding::StreamingDecoder::new(&mut src).unwrap();
        let mut out = Vec::new();
        d.read_to_end(&mut out).unwrap();
        out
    }

    #[test]
    fn content_over_the_window_declares_it_and_no_match_reaches_past_it() {
        // Repeats 1,500 bytes apart, in a window of 1,024: each must be written out again.
        let mut data = Vec::new();
        let mut x = 12345u32;
        let unit: Vec<u8> = (0..1500)
            .map(|_| {
                x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
                (x >> 16) as u8
            })
            .collect();
        for _ in 0..6 {
            data.extend_from_slice(&unit);
        }
        let frame = compress_in_window(&data, 10);
        assert_eq!(frame[4] & 0b0010_0000, 0, "not one segment");
        assert_eq!(frame[5], 0, "a window of 1 << 10");
        assert!(decode(&frame) == data);
        assert!(frame.len() > 5 * 1500, "nothing matched past the window");
        // The same data in a window that holds it: one segment, the repeats matched.
        let whole = compress_in_window(&data, 14);
        assert_ne!(whole[4] & 0b0010_0000, 0);
        assert!(decode(&whole) == data);
        assert!(whole.len() < 2000);
    }
}
