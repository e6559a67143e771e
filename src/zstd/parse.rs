//! Choosing the sequences: an optimal parse, as zstd's highest levels make one. Every position
//! of a stretch is priced as the end of the cheapest way to reach it (a literal, or a match
//! found by the hash chains or at one of the three repeated offsets), with prices taken from the
//! statistics of what was coded before; a match long enough is taken at once.

use super::bits::log2_256;
use super::codes::{ll_code, ml_code, of_code, LL_BITS, ML_BASE, ML_BITS};

/// Shortest match taken (the format's minimum).
const MIN_MATCH: usize = 3;
/// A match at least this long is taken without pricing the alternatives (and ends the search).
const SUFFICIENT: usize = 2048;
/// Positions priced in one stretch before its end is fixed.
const STRETCH: usize = 4096;
/// Lengths every one of which is priced; past them, a match is priced where its length code
/// changes and at its last `TAIL` lengths.
const SHORT: usize = 64;
const TAIL: usize = 4;
/// Candidates a hash chain is followed through.
const DEPTH: usize = 128;
const HASH_LOG: u32 = 18;
/// Once a match this long is found, only `NICE_DEPTH` more candidates are tried.
const NICE: usize = 32;
const NICE_DEPTH: usize = 16;
/// Bytes the chains' hash covers (the shortest match they find).
const HASH_BYTES: usize = 4;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seq {
    /// Literals before the match.
    pub ll: u32,
    /// The offset as coded: 1 to 3 a repeated offset, otherwise the distance plus 3.
    pub ov: u32,
    pub ml: u32,
}

/// Counts of what was coded, from which the parse prices the next block.
#[derive(Clone)]
pub struct Stats {
    pub lit: [u32; 256],
    pub ll: [u32; 36],
    pub ml: [u32; 53],
    pub of: [u32; 32],
}

impl Stats {
    /// A first guess for a block not preceded by any: its bytes for the literals, a flat
    /// spread of lengths leaning to the short ones.
    pub fn guess(block: &[u8]) -> Self {
        let mut lit = [0u32; 256];
        for &b in block {
            lit[b as usize] += 1;
        }
        let mut ll = [1u32; 36];
        let mut ml = [1u32; 53];
        let mut of = [1u32; 32];
        for (c, v) in ll.iter_mut().enumerate().take(8) {
            *v += 8 - c as u32;
        }
        for (c, v) in ml.iter_mut().enumerate().take(16) {
            *v += 16 - c as u32;
        }
        for v in of.iter_mut().take(4) {
            *v += 4;
        }
        Stats { lit, ll, ml, of }
    }

    pub fn from_parse(seqs: &[Seq], literals: &[u8]) -> Self {
        let mut s = Stats {
            lit: [0; 256],
            ll: [0; 36],
            ml: [0; 53],
            of: [0; 32],
        };
        for &b in literals {
            s.lit[b as usize] += 1;
        }
        for q in seqs {
            s.ll[ll_code(q.ll) as usize] += 1;
            s.ml[ml_code(q.ml) as usize] += 1;
            s.of[of_code(q.ov) as usize] += 1;
        }
        s
    }
}

fn prices<const N: usize>(counts: &[u32; N]) -> [i32; N] {
    let total: u32 = counts.iter().map(|&c| c + 1).sum();
    let t = log2_256(total);
    let mut p = [0i32; N];
    for (p, &c) in p.iter_mut().zip(counts.iter()) {
        *p = t - log2_256(c + 1);
    }
    p
}

/// Prices in 1/256 bits.
struct Prices {
    lit: [i32; 256],
    /// A literal length's price (code and extra bits), for the lengths a stretch reaches.
    ll: Vec<i32>,
    ll_code: [i32; 36],
    ml: Vec<i32>,
    of: [i32; 32],
}

impl Prices {
    fn new(s: &Stats) -> Self {
        let ll_code_p = prices(&s.ll);
        let ml_code_p = prices(&s.ml);
        let ll = (0..=STRETCH as u32 + 1)
            .map(|l| {
                let c = ll_code(l) as usize;
                ll_code_p[c] + 256 * i32::from(LL_BITS[c])
            })
            .collect();
        let ml = (0..=SUFFICIENT as u32)
            .map(|m| {
                if (m as usize) < MIN_MATCH {
                    return 0;
                }
                let c = ml_code(m) as usize;
                ml_code_p[c] + 256 * i32::from(ML_BITS[c])
            })
            .collect();
        let mut of = prices(&s.of);
        for (c, p) in of.iter_mut().enumerate() {
            *p += 256 * c as i32;
        }
        Prices {
            lit: prices(&s.lit),
            ll,
            ll_code: ll_code_p,
            ml,
            of,
        }
    }

    #[inline]
    fn ll(&self, l: u32) -> i32 {
        match self.ll.get(l as usize) {
            Some(&p) => p,
            None => {
                let c = ll_code(l) as usize;
                self.ll_code[c] + 256 * i32::from(LL_BITS[c])
            }
        }
    }

    #[inline]
    fn of(&self, ov: u32) -> i32 {
        self.of[of_code(ov) as usize]
    }
}

#[derive(Clone, Copy)]
struct Node {
    price: i32,
    /// Literals since the last match on the way here.
    litlen: u32,
    reps: [u32; 3],
    /// How the node was reached: a match of this length (0: a literal) from `from`.
    ml: u32,
    ov: u32,
    from: u32,
}

const UNREACHED: Node = Node {
    price: i32::MAX,
    litlen: 0,
    reps: [0; 3],
    ml: 0,
    ov: 0,
    from: 0,
};

/// The repeated offsets after a match coded as `ov` (`ll0`: no literals before it).
#[inline]
fn next_reps(reps: [u32; 3], ov: u32, ll0: bool) -> [u32; 3] {
    if ov > 3 {
        return [ov - 3, reps[0], reps[1]];
    }
    match if ll0 { ov } else { ov - 1 } {
        0 => reps,
        1 => [reps[1], reps[0], reps[2]],
        2 => [reps[2], reps[0], reps[1]],
        _ => [reps[0] - 1, reps[0], reps[1]],
    }
}

/// The distance a repeated-offset code stands for.
#[inline]
fn rep_distance(reps: [u32; 3], ov: u32, ll0: bool) -> u32 {
    match if ll0 { ov } else { ov - 1 } {
        0 => reps[0],
        1 => reps[1],
        2 => reps[2],
        _ => reps[0].wrapping_sub(1),
    }
}

pub struct Parser<'a> {
    data: &'a [u8],
    head: Vec<u32>,
    chain: Vec<u32>,
    inserted: usize,
    pub reps: [u32; 3],
    opt: Vec<Node>,
    /// Matches found at one position: (length, offset value), lengths increasing.
    found: Vec<(u32, u32)>,
    /// Candidates a hash chain is followed through.
    pub depth: usize,
    /// The farthest a match may reach back.
    window: usize,
}

#[inline]
fn hash(data: &[u8], p: usize) -> usize {
    let v = u64::from_le_bytes(data[p..p + 8].try_into().unwrap()) << (64 - 8 * HASH_BYTES);
    (v.wrapping_mul(0x9E37_79B1_85EB_CA87) >> (64 - HASH_LOG)) as usize
}

#[inline]
fn common(data: &[u8], a: usize, b: usize, limit: usize) -> usize {
    let mut n = 0;
    while n + 8 <= limit {
        let x = u64::from_le_bytes(data[a + n..a + n + 8].try_into().unwrap());
        let y = u64::from_le_bytes(data[b + n..b + n + 8].try_into().unwrap());
        let d = x ^ y;
        if d != 0 {
            return n + (d.trailing_zeros() / 8) as usize;
        }
        n += 8;
    }
    while n < limit && data[a + n] == data[b + n] {
        n += 1;
    }
    n
}

impl<'a> Parser<'a> {
    pub fn new(data: &'a [u8], window: usize) -> Self {
        Parser {
            data,
            head: vec![0; 1 << HASH_LOG],
            // A ring over the window: a position's link is only read while it is in reach.
            chain: vec![0; data.len().min(window).max(1).next_power_of_two()],
            inserted: 0,
            reps: [1, 4, 8],
            opt: vec![UNREACHED; STRETCH + SUFFICIENT + 2],
            found: Vec::with_capacity(64),
            depth: DEPTH,
            window,
        }
    }

    /// Back to the start of the data, as new (to parse the first block again).
    pub fn restart(&mut self) {
        self.head.fill(0);
        self.inserted = 0;
        self.reps = [1, 4, 8];
        self.depth = DEPTH;
    }

    fn insert_to(&mut self, p: usize) {
        let end = p.min(self.data.len().saturating_sub(7));
        while self.inserted < end {
            let h = hash(self.data, self.inserted);
            let mask = self.chain.len() - 1;
            self.chain[self.inserted & mask] = self.head[h];
            self.head[h] = self.inserted as u32 + 1;
            self.inserted += 1;
        }
    }

    /// The matches at `p` (not past `end`), longest last; the repeated offsets as `node` has
    /// them first.
    fn matches(&mut self, p: usize, end: usize, reps: [u32; 3], ll0: bool) {
        self.found.clear();
        let limit = end - p;
        let mut best = MIN_MATCH - 1;
        for ov in 1..=3u32 {
            let d = rep_distance(reps, ov, ll0) as usize;
            if d == 0 || d > p || d > self.window {
                continue;
            }
            let len = common(self.data, p, p - d, limit);
            if len > best {
                best = len;
                self.found.push((len as u32, ov));
                if len >= SUFFICIENT || len == limit {
                    return;
                }
            }
        }
        if limit < HASH_BYTES || p + 8 > self.data.len() {
            return;
        }
        self.insert_to(p);
        let mut cand = self.head[hash(self.data, p)];
        let mut depth = if best >= NICE {
            NICE_DEPTH.min(self.depth)
        } else {
            self.depth
        };
        while cand != 0 && depth > 0 {
            let c = cand as usize - 1;
            if p - c > self.window {
                break;
            }
            depth -= 1;
            if self.data[c + best] == self.data[p + best] {
                let len = common(self.data, p, c, limit);
                if len > best {
                    best = len;
                    let d = (p - c) as u32;
                    let ov = (1..=3u32)
                        .find(|&ov| rep_distance(reps, ov, ll0) == d)
                        .unwrap_or(d + 3);
                    self.found.push((len as u32, ov));
                    if len >= SUFFICIENT || len == limit {
                        break;
                    }
                    if len >= NICE {
                        depth = depth.min(NICE_DEPTH);
                    }
                }
            }
            cand = self.chain[c & (self.chain.len() - 1)];
        }
    }

    /// The sequences and literals of `data[start..end]` (one block), priced with `stats`.
    /// The repeated offsets carry on from the block before.
    pub fn block(
        &mut self,
        start: usize,
        end: usize,
        stats: &Stats,
        seqs: &mut Vec<Seq>,
        literals: &mut Vec<u8>,
    ) {
        let pr = Prices::new(stats);
        let mut pos = start;
        let mut anchor = start;
        // Per match found: the cheapest offset among it and the longer ones.
        let mut cheapest: Vec<(i32, u32)> = Vec::with_capacity(64);
        while pos < end {
            self.opt[0] = Node {
                price: 0,
                litlen: (pos - anchor) as u32,
                reps: self.reps,
                ml: 0,
                ov: 0,
                from: 0,
            };
            let mut last = 0usize;
            let mut cur = 0usize;
            // A match long enough to be taken at once, ending the stretch where it starts.
            let mut taken: Option<(u32, u32)> = None;
            // The stretch ends at the block's end, or where its furthest priced position is
            // reached once `STRETCH` positions have been searched.
            while pos + cur < end && (cur < STRETCH || cur < last) {
                let p = pos + cur;
                let node = self.opt[cur];
                if cur + 1 > last {
                    last = cur + 1;
                    self.opt[last] = UNREACHED;
                }
                let price = node.price + pr.lit[self.data[p] as usize] + pr.ll(node.litlen + 1)
                    - pr.ll(node.litlen);
                if price < self.opt[cur + 1].price {
                    self.opt[cur + 1] = Node {
                        price,
                        litlen: node.litlen + 1,
                        reps: node.reps,
                        ml: 0,
                        ov: 0,
                        from: cur as u32,
                    };
                }
                if cur >= STRETCH || end - p < MIN_MATCH {
                    cur += 1;
                    continue;
                }
                let ll0 = node.litlen == 0;
                self.matches(p, end, node.reps, ll0);
                let Some(&(longest, ov)) = self.found.last() else {
                    cur += 1;
                    continue;
                };
                if longest as usize >= SUFFICIENT {
                    taken = Some((longest, ov));
                    break;
                }
                cheapest.clear();
                cheapest.resize(self.found.len(), (i32::MAX, 0));
                let mut best = (i32::MAX, 0u32);
                for i in (0..self.found.len()).rev() {
                    let ov = self.found[i].1;
                    if pr.of(ov) < best.0 {
                        best = (pr.of(ov), ov);
                    }
                    cheapest[i] = best;
                }
                // The next sequence's literal length is paid for ahead (none yet).
                let base = node.price + pr.ll(0);
                let mut ml = MIN_MATCH as u32;
                for (i, &(len, _)) in self.found.iter().enumerate() {
                    let (off_price, ov) = cheapest[i];
                    while ml <= len {
                        let to = cur + ml as usize;
                        while last < to {
                            last += 1;
                            self.opt[last] = UNREACHED;
                        }
                        let price = base + off_price + pr.ml[ml as usize];
                        if price < self.opt[to].price {
                            self.opt[to] = Node {
                                price,
                                litlen: 0,
                                reps: next_reps(node.reps, ov, ll0),
                                ml,
                                ov,
                                from: cur as u32,
                            };
                        }
                        ml += 1;
                        if ml as usize > SHORT && ml + (TAIL as u32) < len {
                            // Past `SHORT`, a long match is priced where its length code
                            // changes and at its end: the positions inside it are reached by
                            // the same match found one position later.
                            let next_code = ML_BASE
                                .iter()
                                .copied()
                                .find(|&b| b >= ml)
                                .unwrap_or(u32::MAX);
                            ml = next_code.min(len - TAIL as u32);
                        }
                    }
                }
                cur += 1;
            }
            // Walk back from where the stretch ends, then emit forwards.
            let mut path = Vec::new();
            let mut at = cur;
            while at > 0 {
                let n = self.opt[at];
                if n.ml > 0 {
                    path.push((n.from as usize, n.ml, n.ov));
                }
                at = n.from as usize;
            }
            if let Some((len, ov)) = taken {
                path.insert(0, (cur, len, ov));
            }
            for &(from, ml, ov) in path.iter().rev() {
                let p = pos + from;
                let ll = (p - anchor) as u32;
                self.reps = next_reps(self.reps, ov, ll == 0);
                literals.extend_from_slice(&self.data[anchor..p]);
                seqs.push(Seq { ll, ov, ml });
                anchor = p + ml as usize;
            }
            pos = if taken.is_some() { anchor } else { pos + cur };
        }
        literals.extend_from_slice(&self.data[anchor..end]);
    }
}
