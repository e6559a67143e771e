//! Finite-state entropy tables (RFC 8878, section 4.1): normalizing counts to a table, writing
//! the table's description, and encoding symbols with it.

use super::bits::{highbit, log2_256, BitWriter};

/// A distribution over `counts.len()` symbols summing to `1 << log`; `-1` is the format's
/// "less than one" probability (one cell, always read in full), used by the predefined tables.
#[derive(Clone, Debug, PartialEq)]
pub struct Norm {
    pub log: u32,
    pub counts: Vec<i16>,
}

impl Norm {
    pub fn new(log: u32, counts: &[i16]) -> Self {
        Norm {
            log,
            counts: counts.to_vec(),
        }
    }

    /// `counts` (occurrences per symbol) scaled to `1 << log` cells, every symbol that occurs
    /// keeping at least one.
    pub fn from_counts(counts: &[u32], log: u32) -> Self {
        let size = 1i64 << log;
        let total: u64 = counts.iter().map(|&c| u64::from(c)).sum();
        let mut last = counts.len();
        while last > 0 && counts[last - 1] == 0 {
            last -= 1;
        }
        let mut norm: Vec<i16> = counts[..last]
            .iter()
            .map(|&c| {
                if c == 0 {
                    0
                } else {
                    let scaled = (u64::from(c) * size as u64 + total / 2) / total.max(1);
                    scaled.max(1) as i16
                }
            })
            .collect();
        let mut sum: i64 = norm.iter().map(|&n| i64::from(n)).sum();
        // Settle the rounding on the symbols where a cell costs least: the largest counts.
        while sum != size {
            let (i, _) = norm
                .iter()
                .enumerate()
                .filter(|(_, &n)| sum < size || n > 1)
                .max_by_key(|(i, &n)| (n, std::cmp::Reverse(*i)))
                .expect("a symbol to take the rounding");
            if sum < size {
                norm[i] += 1;
                sum += 1;
            } else {
                norm[i] -= 1;
                sum -= 1;
            }
        }
        Norm { log, counts: norm }
    }

    /// The bits `counts` would take coded with this table, in 1/256 bits; `None` when a symbol
    /// that occurs has no cell.
    pub fn cost(&self, counts: &[u32]) -> Option<u64> {
        let mut bits = 0u64;
        let full = (self.log * 256) as i32;
        for (s, &c) in counts.iter().enumerate() {
            if c == 0 {
                continue;
            }
            let n = *self.counts.get(s)?;
            if n == 0 {
                return None;
            }
            let cells = if n < 0 { 1 } else { n as u32 };
            bits += u64::from(c) * (full - log2_256(cells)).max(0) as u64;
        }
        Some(bits)
    }

    /// The table's description as a block carries it (RFC 8878, 4.1.1).
    pub fn write(&self, w: &mut BitWriter) {
        let size = 1i32 << self.log;
        let mut remaining = size + 1;
        let mut threshold = size;
        let mut nb_bits = self.log + 1;
        w.add(self.log - 5, 4);
        let n = self.counts.len();
        let mut s = 0usize;
        let mut previous_zero = false;
        while s < n && remaining > 1 {
            if previous_zero {
                let mut start = s;
                while s < n && self.counts[s] == 0 {
                    s += 1;
                }
                while s >= start + 24 {
                    start += 24;
                    w.add(0xFFFF, 16);
                }
                while s >= start + 3 {
                    start += 3;
                    w.add(3, 2);
                }
                w.add((s - start) as u32, 2);
            }
            let count = i32::from(self.counts[s]);
            s += 1;
            let max = (2 * threshold - 1) - remaining;
            remaining -= count.abs();
            let mut value = count + 1;
            if value >= threshold {
                value += max;
            }
            // Values under `max` take the short form, one bit less.
            w.add(
                value as u32,
                if value < max { nb_bits - 1 } else { nb_bits },
            );
            previous_zero = value == 1;
            while remaining < threshold {
                nb_bits -= 1;
                threshold >>= 1;
            }
        }
    }

    pub fn description(&self) -> Vec<u8> {
        let mut w = BitWriter::new();
        self.write(&mut w);
        w.finish()
    }
}

/// The encoder's form of a table.
pub struct CTable {
    pub log: u32,
    states: Vec<u16>,
    /// Per symbol: (delta to find the next state, delta giving the bits to write).
    transforms: Vec<(i32, u32)>,
}

impl CTable {
    pub fn new(norm: &Norm) -> Self {
        let log = norm.log;
        let size = 1usize << log;
        let mask = size - 1;
        let step = (size >> 1) + (size >> 3) + 3;
        let n = norm.counts.len();
        let mut cumul = vec![0u32; n + 1];
        let mut symbol_at = vec![0u16; size];
        let mut high = size - 1;
        for s in 0..n {
            let c = norm.counts[s];
            if c == -1 {
                cumul[s + 1] = cumul[s] + 1;
                symbol_at[high] = s as u16;
                high = high.wrapping_sub(1);
            } else {
                cumul[s + 1] = cumul[s] + c.max(0) as u32;
            }
        }
        let mut pos = 0usize;
        for s in 0..n {
            for _ in 0..norm.counts[s].max(0) {
                symbol_at[pos] = s as u16;
                pos = (pos + step) & mask;
                while pos > high {
                    pos = (pos + step) & mask;
                }
            }
        }
        debug_assert_eq!(pos, 0, "the spread covers the table");
        let mut states = vec![0u16; size];
        let mut next = cumul.clone();
        for (u, &s) in symbol_at.iter().enumerate() {
            let s = s as usize;
            states[next[s] as usize] = (size + u) as u16;
            next[s] += 1;
        }
        let mut total = 0i32;
        let transforms = norm
            .counts
            .iter()
            .map(|&c| match i32::from(c) {
                0 => (0, ((log + 1) << 16).wrapping_sub(size as u32)),
                -1 | 1 => {
                    total += 1;
                    (total - 2, (log << 16).wrapping_sub(size as u32))
                }
                c => {
                    let max_bits_out = log - highbit((c - 1) as u32);
                    let min_state_plus = (c as u32) << max_bits_out;
                    total += c;
                    (
                        total - 2 * c,
                        (max_bits_out << 16).wrapping_sub(min_state_plus),
                    )
                }
            })
            .collect();
        CTable {
            log,
            states,
            transforms,
        }
    }

    /// The state a stream starts in for its last symbol (no bits written).
    #[inline]
    pub fn init(&self, s: u8) -> u32 {
        let (find, delta) = self.transforms[s as usize];
        let nb = delta.wrapping_add(1 << 15) >> 16;
        let value = (nb << 16).wrapping_sub(delta);
        u32::from(self.states[((value >> nb) as i32 + find) as usize])
    }

    #[inline]
    pub fn encode(&self, state: &mut u32, s: u8, w: &mut BitWriter) {
        let (find, delta) = self.transforms[s as usize];
        let nb = state.wrapping_add(delta) >> 16;
        w.add(*state, nb);
        *state = u32::from(self.states[((*state >> nb) as i32 + find) as usize]);
    }

    #[inline]
    pub fn flush(&self, state: u32, w: &mut BitWriter) {
        w.add(state, self.log);
    }
}
