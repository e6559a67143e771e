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
/// Long matches remembered (`Parser::known`), and the shortest worth remembering.
const KNOWN: usize = 8;
const KNOWN_MIN: usize = 16;
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

/// How a position of a stretch is reached the cheapest: the price, and the last step (a
/// match of `ml` bytes coded as `ov`, or a literal when `ml` is 0). The literal length and the
/// repeated offsets there follow from the step and are worked out only when the parse gets to
/// the position (`Parser::arrive`), which keeps the hot loop's stores small.
#[derive(Clone, Copy)]
struct Step {
    ml: u32,
    ov: u32,
}

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
    /// Per position of a stretch: the cheapest price found to reach it, the step taken, and
    /// (once the parse is there) the literal length and repeated offsets it leaves.
    price: Vec<i32>,
    step: Vec<Step>,
    litlen: Vec<u32>,
    rep_at: Vec<[u32; 3]>,
    /// Matches found at one position: (length, offset value), lengths increasing.
    found: Vec<(u32, u32)>,
    /// Long matches measured lately, as (distance, where the match ends). A match measured at
    /// one position holds, shorter by as many bytes, at every later position up to its end, so
    /// its length there is known without comparing the bytes again: they agree up to the end,
    /// and at the end they differ or the block ends. In a long repeat every position finds the
    /// same few matches, and comparing them again and again was a good part of the time.
    /// Within a block positions are searched in increasing order; the list is emptied at each.
    known: [(u32, u32); KNOWN],
    known_next: usize,
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
            price: vec![i32::MAX; STRETCH + SUFFICIENT + 2],
            step: vec![Step { ml: 0, ov: 0 }; STRETCH + SUFFICIENT + 2],
            litlen: vec![0; STRETCH + SUFFICIENT + 2],
            rep_at: vec![[0; 3]; STRETCH + SUFFICIENT + 2],
            found: Vec::with_capacity(64),
            known: [(0, 0); KNOWN],
            known_next: 0,
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

    /// The length of the match at `p` from `d` bytes back, at most `limit`.
    #[inline(always)]
    fn length(&mut self, p: usize, d: usize, limit: usize) -> usize {
        let d32 = d as u32;
        if let Some(&(_, e)) = self
            .known
            .iter()
            .find(|&&(kd, e)| kd == d32 && e as usize > p)
        {
            return e as usize - p;
        }
        let len = common(self.data, p, p - d, limit);
        if len >= KNOWN_MIN {
            self.known[self.known_next] = (d32, (p + len) as u32);
            self.known_next = (self.known_next + 1) % KNOWN;
        }
        len
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
            let len = self.length(p, d, limit);
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
        let mask = self.chain.len() - 1;
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
            // The next candidate is read first: its read then does not wait on the compare
            // below when that branch is mispredicted (the walk is bound by these reads).
            let next = self.chain[c & mask];
            if self.data[c + best] == self.data[p + best] {
                let len = self.length(p, p - c, limit);
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
            cand = next;
        }
    }

    /// The literal length and repeated offsets at stretch position `cur` (> 0), from the step
    /// that reaches it and what the position it came from has.
    #[inline]
    fn arrive(&mut self, cur: usize) {
        let Step { ml, ov } = self.step[cur];
        if ml == 0 {
            self.litlen[cur] = self.litlen[cur - 1] + 1;
            self.rep_at[cur] = self.rep_at[cur - 1];
        } else {
            let from = cur - ml as usize;
            self.litlen[cur] = 0;
            self.rep_at[cur] = next_reps(self.rep_at[from], ov, self.litlen[from] == 0);
        }
    }

    /// Offers a match of every length in `lo..=hi` from stretch position `cur`, each priced
    /// `base` plus its length's price: a position takes it when that is cheaper than what it has.
    #[inline]
    fn relax(&mut self, cur: usize, lo: u32, hi: u32, base: i32, ov: u32, ml_price: &[i32]) {
        let (lo, hi) = (lo as usize, hi as usize);
        let prices = &mut self.price[cur + lo..=cur + hi];
        let steps = &mut self.step[cur + lo..=cur + hi];
        for (ml, ((p, s), &m)) in prices
            .iter_mut()
            .zip(steps.iter_mut())
            .zip(&ml_price[lo..=hi])
            .enumerate()
        {
            let price = base + m;
            if price < *p {
                *p = price;
                *s = Step {
                    ml: (lo + ml) as u32,
                    ov,
                };
            }
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
        // What is known of matches reaching the block's end does not hold in the next block.
        self.known = [(0, 0); KNOWN];
        let mut pos = start;
        let mut anchor = start;
        // Per match found, longest first: its length and the cheapest offset (price, value)
        // among it and the longer ones.
        let mut cheapest: Vec<(u32, i32, u32)> = Vec::with_capacity(64);
        let mut path = Vec::new();
        while pos < end {
            self.price[0] = 0;
            self.litlen[0] = (pos - anchor) as u32;
            self.rep_at[0] = self.reps;
            let mut last = 0usize;
            let mut cur = 0usize;
            // A match long enough to be taken at once, ending the stretch where it starts.
            let mut taken: Option<(u32, u32)> = None;
            // The stretch ends at the block's end, or where its furthest priced position is
            // reached once `STRETCH` positions have been searched.
            while pos + cur < end && (cur < STRETCH || cur < last) {
                let p = pos + cur;
                if cur > 0 {
                    self.arrive(cur);
                }
                let (node_price, litlen, reps) =
                    (self.price[cur], self.litlen[cur], self.rep_at[cur]);
                if cur + 1 > last {
                    last = cur + 1;
                    self.price[last] = i32::MAX;
                }
                let price =
                    node_price + pr.lit[self.data[p] as usize] + pr.ll(litlen + 1) - pr.ll(litlen);
                if price < self.price[cur + 1] {
                    self.price[cur + 1] = price;
                    self.step[cur + 1] = Step { ml: 0, ov: 0 };
                }
                if cur >= STRETCH || end - p < MIN_MATCH {
                    cur += 1;
                    continue;
                }
                let ll0 = litlen == 0;
                self.matches(p, end, reps, ll0);
                let Some(&(longest, ov)) = self.found.last() else {
                    cur += 1;
                    continue;
                };
                if longest as usize >= SUFFICIENT {
                    taken = Some((longest, ov));
                    break;
                }
                let reach = cur + longest as usize;
                if last < reach {
                    self.price[last + 1..=reach].fill(i32::MAX);
                    last = reach;
                }
                cheapest.clear();
                let mut best = (i32::MAX, 0u32);
                for &(len, ov) in self.found.iter().rev() {
                    if pr.of(ov) < best.0 {
                        best = (pr.of(ov), ov);
                    }
                    cheapest.push((len, best.0, best.1));
                }
                // The next sequence's literal length is paid for ahead (none yet).
                let base = node_price + pr.ll(0);
                // Each match offers the lengths past the one before it. Every length up to
                // `SHORT` is priced; past it, only where the length code changes and the last
                // `TAIL` lengths: the positions inside a long match are reached by the same
                // match found one position later.
                let mut lo = MIN_MATCH as u32;
                for &(len, off_price, ov) in cheapest.iter().rev() {
                    let base = base + off_price;
                    let dense_end = len.min((SHORT as u32).max(lo));
                    self.relax(cur, lo, dense_end, base, ov, &pr.ml);
                    if dense_end < len {
                        let tail = len - TAIL as u32;
                        let next_code = ml_code(dense_end) as usize + 1;
                        for &b in ML_BASE[next_code..].iter().take_while(|&&b| b < tail) {
                            self.relax(cur, b, b, base, ov, &pr.ml);
                        }
                        self.relax(cur, tail.max(dense_end + 1), len, base, ov, &pr.ml);
                    }
                    lo = len + 1;
                }
                cur += 1;
            }
            // Walk back from where the stretch ends, then emit forwards.
            path.clear();
            let mut at = cur;
            while at > 0 {
                let Step { ml, ov } = self.step[at];
                if ml > 0 {
                    at -= ml as usize;
                    path.push((at, ml, ov));
                } else {
                    at -= 1;
                }
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
