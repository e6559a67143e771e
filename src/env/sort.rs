//! Sorting for the whole engine, through one instantiation of the standard library's sort.
//!
//! Every `sort_by`/`sort_by_key`/`sort_unstable` on a new element type or comparator compiles
//! the standard sort again (several kB of WebAssembly each). Here every sort orders a
//! `Vec<u64>` of `(32-bit digit of the key, position)` pairs with `sort_unstable`, one pass per
//! digit from the least significant: the positions make the pairs unique, so each pass is a
//! stable sort (equal digits keep their order), and so is the whole. Only the key extraction
//! and the loop of swaps that moves the elements are generic, a few instructions each.
//!
//! A key is one or more `u64` words ([`SortKey`]): integers, `f64` (in the order of
//! [`f64::total_cmp`]), [`Reverse`] for descending order and pairs for "by this, then by that".

use std::cmp::Reverse;

/// A sort key as 64-bit words, most significant first: the keys' order is the lexicographic
/// order of their words compared as unsigned integers.
pub trait SortKey: Copy {
    /// How many words the key has.
    const WORDS: usize = 1;
    /// Word `i` (`i < WORDS`).
    fn word(self, i: usize) -> u64;
}

macro_rules! unsigned_key {
    ($($t:ty),*) => {$(
        impl SortKey for $t {
            fn word(self, _: usize) -> u64 {
                self as u64
            }
        }
    )*};
}
unsigned_key!(bool, u8, u16, u32, u64, usize);

macro_rules! signed_key {
    ($($t:ty),*) => {$(
        impl SortKey for $t {
            fn word(self, _: usize) -> u64 {
                (self as i64 as u64) ^ (1 << 63)
            }
        }
    )*};
}
signed_key!(i8, i16, i32, i64, isize);

/// The order of [`f64::total_cmp`]: -NaN < -inf < ... < -0.0 < 0.0 < ... < inf < NaN.
impl SortKey for f64 {
    fn word(self, _: usize) -> u64 {
        let bits = self.to_bits() as i64;
        // What `total_cmp` does (negative numbers' magnitude bits flipped), then the sign bit
        // flipped so that the signed order becomes the unsigned one.
        ((bits ^ (((bits >> 63) as u64) >> 1) as i64) as u64) ^ (1 << 63)
    }
}

/// Descending.
impl<K: SortKey> SortKey for Reverse<K> {
    const WORDS: usize = K::WORDS;
    fn word(self, i: usize) -> u64 {
        !self.0.word(i)
    }
}

/// A number in the order of its decimal text (`"10" < "9"`), as the keys of a JSON object whose
/// members are named by ids sort.
#[derive(Clone, Copy, Debug)]
pub struct AsText(pub u32);

impl SortKey for AsText {
    fn word(self, _: usize) -> u64 {
        // The digits left-aligned in base 11, each as 1 to 10 and 0 past the last, so that a
        // prefix comes first, as in text. Ten digits: 11^10 < 2^64.
        let text = self.0.to_string();
        let mut digits = text.bytes().map(|b| u64::from(b - b'0') + 1);
        (0..10).fold(0, |w, _| w * 11 + digits.next().unwrap_or(0))
    }
}

/// By the first, then by the second.
impl<A: SortKey, B: SortKey> SortKey for (A, B) {
    const WORDS: usize = A::WORDS + B::WORDS;
    fn word(self, i: usize) -> u64 {
        if i < A::WORDS {
            self.0.word(i)
        } else {
            self.1.word(i - A::WORDS)
        }
    }
}

/// Words of working space kept on the stack (32 elements with one-word keys).
const STACK: usize = 96;

/// Sorts `v` by `key`, stably: exactly what `v.sort_by_key(key)` gives for keys ordered as
/// [`SortKey`] says. `key` is called twice per element to see whether the keys are already in
/// order, then `K::WORDS` times per element.
///
/// Panics only for a slice of 2^32 elements or more (impossible in WebAssembly's 32-bit
/// memory).
pub fn by_key<T, K: SortKey>(v: &mut [T], mut key: impl FnMut(&T) -> K) {
    let n = v.len();
    // Zero-sized elements are all alike: any order is every order.
    if n < 2 || std::mem::size_of::<T>() == 0 {
        return;
    }
    // Keys already in order (often so: lists kept sorted, ids in the order made) need nothing
    // more.
    let in_order = v.windows(2).all(|p| {
        let (a, b) = (key(&p[0]), key(&p[1]));
        (0..K::WORDS)
            .map(|w| a.word(w).cmp(&b.word(w)))
            .find(|o| o.is_ne())
            .is_none_or(|o| o.is_lt())
    });
    if in_order {
        return;
    }
    // The keys' words, word-major, then `plan`'s working space: on the stack for a short
    // slice (most sorts here), so that sorting it allocates nothing.
    let len = n * (K::WORDS + 2);
    let mut stack = [0u64; STACK];
    let mut heap = Vec::new();
    let buf: &mut [u64] = if len <= STACK {
        &mut stack[..len]
    } else {
        heap.resize(len, 0);
        &mut heap
    };
    for w in 0..K::WORDS {
        for (slot, x) in buf[w * n..(w + 1) * n].iter_mut().zip(v.iter()) {
            *slot = key(x).word(w);
        }
    }
    let count = plan(buf, n, K::WORDS);
    let mut prev = 0;
    for &m in &buf[..count] {
        let at = (m & LOW) as usize;
        if m & CYCLE_START == 0 {
            v.swap(prev, at);
        }
        prev = at;
    }
}

/// Sorts plain values (integers, or anything whose equal values are alike) in ascending order.
pub fn values<K: SortKey>(v: &mut [K]) {
    by_key(v, |&k| k);
}

/// A move begins a new cycle of the permutation (no swap).
const CYCLE_START: u64 = 1 << 63;
/// The low 32 bits.
const LOW: u64 = 0xffff_ffff;

/// Sorts `n` elements stably by their keys, `buf` holding the keys' words (word `w` of element
/// `i` at `w * n + i`) followed by room for `2 * n` more, and leaves in `buf[..count]` the
/// `count` moves that put the elements in that order (0: already in order).
///
/// The sort is one pass per 32-bit digit of the words, least significant first, each sorting
/// `(digit, position)` pairs with `sort_unstable`: the positions make the pairs unique, so each
/// pass keeps the order of the passes before it among its ties, as a stable sort does. A pass
/// whose digits are already in order (the high digits of small numbers) is skipped. Up to 32
/// one-word keys are sorted by insertion instead.
///
/// The moves are the permutation's cycles one after the other (positions in the low halves),
/// each from a move flagged [`CYCLE_START`]; moving the elements is swapping each move's position
/// with the one before it. A cycle `c0, c1, ..., c(k-1)` (with `c(i+1)` the position whose
/// element goes to `c(i)`) fills `c0`, then `c1`, ... by swaps `(c0, c1), (c1, c2), ...`; the
/// element first at `c0` ends at `c(k-1)`, where it belongs.
fn plan(buf: &mut [u64], n: usize, words: usize) -> usize {
    assert!(n as u64 <= LOW, "too many elements to sort");
    let keys_len = words * n;
    let (keys, rest) = buf.split_at_mut(keys_len);
    let (order, work) = rest.split_at_mut(n);
    // `order[i]`: the element (by its first position) now at position `i`.
    for (i, o) in order.iter_mut().enumerate() {
        *o = i as u64;
    }
    let work = &mut work[..n];
    let mut moved = false;
    let short = words == 1 && n <= 32;
    if short {
        // Few one-word keys: insertion sort of the positions by key (stable: a position
        // passes only greater keys).
        for i in 1..n {
            let mut j = i;
            while j > 0 && keys[order[j - 1] as usize] > keys[order[j] as usize] {
                order.swap(j - 1, j);
                moved = true;
                j -= 1;
            }
        }
    }
    let passes = if short { 0 } else { 2 * words };
    for digit in (0..passes).rev() {
        let (w, shift) = (digit / 2, 32 * (1 - digit % 2));
        for (i, (slot, &e)) in work.iter_mut().zip(order.iter()).enumerate() {
            *slot = (((keys[w * n + e as usize] >> shift) & LOW) << 32) | i as u64;
        }
        if work.windows(2).all(|p| p[0] < p[1]) {
            continue;
        }
        work.sort_unstable();
        for slot in work.iter_mut() {
            *slot = order[(*slot & LOW) as usize];
        }
        order.copy_from_slice(work);
        moved = true;
    }
    if !moved {
        return 0;
    }
    // The cycles; a position once placed (or in place from the start) reads as its own source.
    let mut count = 0;
    for start in 0..n {
        if order[start] == start as u64 {
            continue;
        }
        let mut flag = CYCLE_START;
        let mut at = start;
        loop {
            let next = order[at] as usize;
            order[at] = at as u64;
            work[count] = flag | at as u64;
            flag = 0;
            count += 1;
            if next == start {
                break;
            }
            at = next;
        }
    }
    buf.copy_within(keys_len + n..keys_len + n + count, 0);
    count
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_and_one_element() {
        let mut empty: Vec<u32> = Vec::new();
        by_key(&mut empty, |&x| x);
        assert!(empty.is_empty());
        let mut one = vec![(7u32, 'a')];
        by_key(&mut one, |p| p.0);
        assert_eq!(one, vec![(7, 'a')]);
        let mut zst = vec![(); 5];
        by_key(&mut zst, |_| 1u8);
        assert_eq!(zst.len(), 5);
    }

    #[test]
    fn ties_keep_their_order() {
        let mut v = vec![(2, 'a'), (1, 'b'), (2, 'c'), (1, 'd'), (0, 'e'), (2, 'f')];
        by_key(&mut v, |p| p.0 as u32);
        let letters: String = v.iter().map(|p| p.1).collect();
        assert_eq!(letters, "ebdacf");
    }

    #[test]
    fn descending_keeps_ties_in_order() {
        let st = [3u8, 9, 3, 0, 9, 255];
        let mut order: Vec<usize> = (0..st.len()).collect();
        by_key(&mut order, |&i| Reverse(st[i]));
        assert_eq!(order, vec![5, 1, 4, 0, 2, 3]);
        let mut want: Vec<usize> = (0..st.len()).collect();
        want.sort_by(|&a, &b| st[b].cmp(&st[a]));
        assert_eq!(order, want);
    }

    #[test]
    fn f64_keys_follow_total_cmp() {
        let xs = [
            1.5,
            -0.0,
            f64::NAN,
            0.0,
            f64::NEG_INFINITY,
            -f64::NAN,
            -2.25,
            f64::INFINITY,
            0.0,
            -0.0,
            f64::MIN_POSITIVE,
            -f64::MIN_POSITIVE,
            5e-324,
            f64::MAX,
            f64::MIN,
        ];
        let mut got: Vec<usize> = (0..xs.len()).collect();
        by_key(&mut got, |&i| xs[i]);
        let mut want: Vec<usize> = (0..xs.len()).collect();
        want.sort_by(|&a, &b| xs[a].total_cmp(&xs[b]));
        assert_eq!(got, want);
        by_key(&mut got, |&i| Reverse(xs[i]));
        want.sort_by(|&a, &b| xs[b].total_cmp(&xs[a]));
        assert_eq!(got, want);
    }

    #[test]
    fn signed_and_pairs() {
        let mut v = vec![
            (3i32, 1u64),
            (-1, 5),
            (3, 0),
            (i32::MIN, 2),
            (-1, 5),
            (i32::MAX, 0),
        ];
        let mut want = v.clone();
        by_key(&mut v, |&p| p);
        want.sort();
        assert_eq!(v, want);
        let mut plain = vec![5u8, 0, 255, 5, 1];
        values(&mut plain);
        assert_eq!(plain, vec![0, 1, 5, 5, 255]);
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod props {
    use super::*;
    use proptest::prelude::*;

    /// Floats with many ties, both zeros and both NaNs.
    fn float() -> impl Strategy<Value = f64> {
        prop_oneof![
            Just(0.0),
            Just(-0.0),
            Just(f64::NAN),
            Just(-f64::NAN),
            Just(f64::INFINITY),
            Just(-1.5),
            Just(2.0),
            any::<f64>(),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

        #[test]
        fn equals_std_stable_sort(keys in prop::collection::vec((0u8..6, any::<u64>(), float()), 0..200)) {
            let start: Vec<usize> = (0..keys.len()).collect();
            let check = |got: Vec<usize>, want: Vec<usize>| -> Result<(), TestCaseError> {
                prop_assert_eq!(got, want);
                Ok(())
            };
            let (mut got, mut want) = (start.clone(), start.clone());
            by_key(&mut got, |&i| keys[i].0);
            want.sort_by_key(|&i| keys[i].0);
            check(got, want)?;
            let (mut got, mut want) = (start.clone(), start.clone());
            by_key(&mut got, |&i| Reverse(keys[i].0));
            want.sort_by_key(|&i| Reverse(keys[i].0));
            check(got, want)?;
            let (mut got, mut want) = (start.clone(), start.clone());
            by_key(&mut got, |&i| (keys[i].0, Reverse(keys[i].1 % 3)));
            want.sort_by_key(|&i| (keys[i].0, Reverse(keys[i].1 % 3)));
            check(got, want)?;
            let (mut got, mut want) = (start.clone(), start.clone());
            by_key(&mut got, |&i| keys[i].1);
            want.sort_by_key(|&i| keys[i].1);
            check(got, want)?;
            let (mut got, mut want) = (start.clone(), start.clone());
            by_key(&mut got, |&i| keys[i].2);
            want.sort_by(|&a, &b| keys[a].2.total_cmp(&keys[b].2));
            check(got, want)?;
            let (mut got, mut want) = (start.clone(), start.clone());
            by_key(&mut got, |&i| AsText(keys[i].1 as u32));
            want.sort_by_key(|&i| (keys[i].1 as u32).to_string());
            check(got, want)?;
            let (mut got, mut want) = (start.clone(), start);
            by_key(&mut got, |&i| Reverse(keys[i].2));
            want.sort_by(|&a, &b| keys[b].2.total_cmp(&keys[a].2));
            check(got, want)?;
        }
    }
}
