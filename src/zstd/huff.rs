//! Huffman-coded literals (RFC 8878, 4.2): code lengths limited to 11 bits, the tree's
//! description (4-bit weights, or the weights themselves FSE-coded when that is shorter) and
//! the one- or four-stream layout.

use super::bits::BitWriter;
use super::fse::{CTable, Norm};

pub const MAX_BITS: u32 = 11;

#[derive(Clone)]
pub struct Huffman {
    /// Code length per byte value, 0 for values that do not occur.
    pub len: [u8; 256],
    code: [u16; 256],
    max_bits: u32,
}

impl Huffman {
    /// The code for `counts`, or `None` when fewer than two values occur (nothing to code).
    pub fn new(counts: &[u32; 256]) -> Option<Self> {
        let len = limited_lengths(counts, MAX_BITS)?;
        Some(Self::from_lengths(len))
    }

    fn from_lengths(len: [u8; 256]) -> Self {
        let max_bits = u32::from(*len.iter().max().unwrap());
        // The decoder fills its table by weight (longest codes first), then by value.
        let mut code = [0u16; 256];
        let mut start = 0u32;
        for l in (1..=max_bits).rev() {
            for s in 0..256 {
                if u32::from(len[s]) == l {
                    code[s] = (start >> (max_bits - l)) as u16;
                    start += 1 << (max_bits - l);
                }
            }
        }
        debug_assert_eq!(start, 1 << max_bits);
        Huffman {
            len,
            code,
            max_bits,
        }
    }

    /// Whether every value in `counts` has a code.
    pub fn covers(&self, counts: &[u32; 256]) -> bool {
        counts
            .iter()
            .zip(self.len.iter())
            .all(|(&c, &l)| c == 0 || l > 0)
    }

    /// The payload bits of `counts` in this code.
    pub fn cost_bits(&self, counts: &[u32; 256]) -> u64 {
        counts
            .iter()
            .zip(self.len.iter())
            .map(|(&c, &l)| u64::from(c) * u64::from(l))
            .sum()
    }

    /// The tree's description: the weights of every value below the highest (its own follows
    /// from the rest), FSE-coded or four bits each, whichever is shorter; `None` when neither
    /// form can carry them (over 128 weights that FSE does not bring under 128 bytes).
    pub fn description(&self) -> Option<Vec<u8>> {
        let last = (0..256).rev().find(|&s| self.len[s] > 0).unwrap();
        let weights: Vec<u8> = (0..last)
            .map(|s| {
                if self.len[s] == 0 {
                    0
                } else {
                    (self.max_bits + 1 - u32::from(self.len[s])) as u8
                }
            })
            .collect();
        let direct = if weights.len() <= 128 {
            let mut d = Vec::with_capacity(1 + weights.len().div_ceil(2));
            d.push(127 + weights.len() as u8);
            for pair in weights.chunks(2) {
                d.push((pair[0] << 4) | pair.get(1).copied().unwrap_or(0));
            }
            Some(d)
        } else {
            None
        };
        let coded = fse_weights(&weights);
        match (direct, coded) {
            (Some(d), Some(c)) if d.len() <= c.len() => Some(d),
            (_, Some(c)) => Some(c),
            (d, None) => d,
        }
    }

    fn stream(&self, literals: &[u8]) -> Vec<u8> {
        let mut w = BitWriter::with_capacity(literals.len());
        for &b in literals.iter().rev() {
            w.add(
                u32::from(self.code[b as usize]),
                u32::from(self.len[b as usize]),
            );
        }
        w.close()
    }

    /// The coded literals: one stream, or four behind a jump table.
    pub fn encode(&self, literals: &[u8], four: bool) -> Vec<u8> {
        if !four {
            return self.stream(literals);
        }
        let seg = literals.len().div_ceil(4);
        let streams: Vec<Vec<u8>> = (0..4)
            .map(|i| {
                self.stream(
                    &literals[(i * seg).min(literals.len())..((i + 1) * seg).min(literals.len())],
                )
            })
            .collect();
        let mut out = Vec::with_capacity(6 + streams.iter().map(Vec::len).sum::<usize>());
        for s in &streams[..3] {
            out.extend_from_slice(&(s.len() as u16).to_le_bytes());
        }
        for s in &streams {
            out.extend_from_slice(s);
        }
        out
    }
}

/// The weights FSE-coded (at most 6 bits of accuracy, two interleaved states), or `None` when
/// that does not apply or does not fit the description's 127 bytes.
fn fse_weights(weights: &[u8]) -> Option<Vec<u8>> {
    if weights.len() < 2 {
        return None;
    }
    let mut counts = [0u32; 13];
    for &w in weights {
        counts[w as usize] += 1;
    }
    if counts.iter().any(|&c| c as usize == weights.len()) {
        return None;
    }
    let mut best: Option<Vec<u8>> = None;
    for log in 5..=6 {
        let norm = Norm::from_counts(&counts, log);
        let table = CTable::new(&norm);
        let mut w = BitWriter::new();
        let n = weights.len();
        let (mut s1, mut s2);
        let mut i = n;
        if n % 2 == 1 {
            s1 = table.init(weights[n - 1]);
            s2 = table.init(weights[n - 2]);
            table.encode(&mut s1, weights[n - 3], &mut w);
            i -= 3;
        } else {
            s2 = table.init(weights[n - 1]);
            s1 = table.init(weights[n - 2]);
            i -= 2;
        }
        while i > 0 {
            table.encode(&mut s2, weights[i - 1], &mut w);
            table.encode(&mut s1, weights[i - 2], &mut w);
            i -= 2;
        }
        table.flush(s2, &mut w);
        table.flush(s1, &mut w);
        let mut out = vec![0u8];
        out.extend(norm.description());
        out.extend(w.close());
        if out.len() - 1 < 128 && best.as_ref().is_none_or(|b| out.len() < b.len()) {
            out[0] = (out.len() - 1) as u8;
            best = Some(out);
        }
    }
    best
}

/// Huffman code lengths for `counts`, none longer than `limit`; `None` for fewer than two values.
fn limited_lengths(counts: &[u32; 256], limit: u32) -> Option<[u8; 256]> {
    let mut symbols: Vec<usize> = (0..256).filter(|&s| counts[s] > 0).collect();
    if symbols.len() < 2 {
        return None;
    }
    // Huffman's construction over the sorted counts (two queues: leaves, then merged nodes).
    symbols.sort_by_key(|&s| (counts[s], s));
    let n = symbols.len();
    let mut weight: Vec<u64> = symbols.iter().map(|&s| u64::from(counts[s])).collect();
    let mut parent = vec![0usize; 2 * n - 1];
    let (mut leaf, mut node) = (0usize, n);
    for next in n..2 * n - 1 {
        let mut take = || {
            if leaf < n && (node >= next || weight[leaf] <= weight[node]) {
                leaf += 1;
                leaf - 1
            } else {
                node += 1;
                node - 1
            }
        };
        let (a, b) = (take(), take());
        weight.push(weight[a] + weight[b]);
        parent[a] = next;
        parent[b] = next;
    }
    let mut depth = vec![0u32; 2 * n - 1];
    for i in (0..2 * n - 2).rev() {
        depth[i] = depth[parent[i]] + 1;
    }
    let mut len = [0u8; 256];
    let mut lens: Vec<u32> = (0..n).map(|i| depth[i].min(limit)).collect();
    // Over the limit: lengthen the codes closest to it (the rarest first) until the code fits,
    // then shorten the commonest while room is left, so the code stays complete.
    let full = 1u64 << limit;
    let mut kraft: u64 = lens.iter().map(|&l| 1u64 << (limit - l)).sum();
    while kraft > full {
        let i = (0..n)
            .filter(|&i| lens[i] < limit)
            .max_by_key(|&i| (lens[i], std::cmp::Reverse(i)))
            .unwrap();
        kraft -= 1u64 << (limit - lens[i] - 1);
        lens[i] += 1;
    }
    while kraft < full {
        let room = full - kraft;
        let i = (0..n)
            .rev()
            .filter(|&i| lens[i] > 1 && (1u64 << (limit - lens[i])) <= room)
            .min_by_key(|&i| lens[i])
            .unwrap();
        kraft += 1u64 << (limit - lens[i]);
        lens[i] -= 1;
    }
    for (i, &s) in symbols.iter().enumerate() {
        len[s] = lens[i] as u8;
    }
    Some(len)
}
