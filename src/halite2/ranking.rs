//! Ranking (`docs/rules-halite2.md#ranking`): players leaving in the same turn are shuffled
//! with the game's `std::mt19937(seed)` (libstdc++'s `std::shuffle`), then stably sorted by ships
//! produced and damage dealt; the whole list is read best first.

use rand_mt::Mt;
use serde::Serialize;

/// The game-specific part of a seat's result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Score {
    /// Ships produced (initial ships not counted).
    pub ships_produced: u64,
    pub damage_dealt: u64,
    /// Ships on the board now.
    pub ships: usize,
}

/// A source of the engine's 32-bit outputs: the engine itself, or outputs drawn ahead of it.
pub trait Draw {
    fn next_u32(&mut self) -> u32;
}

impl Draw for Mt {
    fn next_u32(&mut self) -> u32 {
        Mt::next_u32(self)
    }
}

/// The outputs `rng` gives next, without advancing it: those in `drawn` (drawn ahead on a
/// copy), then, if more are needed, a copy of `rng` past them.
pub struct Ahead<'a> {
    pub drawn: &'a [u32],
    pub rng: &'a Mt,
    at: usize,
    rest: Option<Mt>,
}

impl<'a> Ahead<'a> {
    pub fn new(drawn: &'a [u32], rng: &'a Mt) -> Ahead<'a> {
        Ahead {
            drawn,
            rng,
            at: 0,
            rest: None,
        }
    }
}

impl Draw for Ahead<'_> {
    fn next_u32(&mut self) -> u32 {
        if let Some(&v) = self.drawn.get(self.at) {
            self.at += 1;
            return v;
        }
        let (rng, skip) = (self.rng, self.drawn.len());
        self.rest
            .get_or_insert_with(|| {
                let mut copy = rng.clone();
                for _ in 0..skip {
                    copy.next_u32();
                }
                copy
            })
            .next_u32()
    }
}

/// libstdc++'s `uniform_int_distribution` on a 32-bit engine for `[0, k)` (Lemire's method).
fn below(rng: &mut dyn Draw, k: u32) -> u32 {
    let mut p = u64::from(rng.next_u32()) * u64::from(k);
    let mut low = p as u32;
    if low < k {
        let threshold = k.wrapping_neg() % k;
        while low < threshold {
            p = u64::from(rng.next_u32()) * u64::from(k);
            low = p as u32;
        }
    }
    (p >> 32) as u32
}

/// libstdc++'s `std::shuffle` (GCC 12) with a 32-bit engine: positions drawn two at a time.
pub fn shuffle<T>(v: &mut [T], rng: &mut dyn Draw) {
    let n = v.len();
    if n < 2 {
        return;
    }
    let mut i = 1;
    if n.is_multiple_of(2) {
        let j = below(rng, 2) as usize;
        v.swap(i, j);
        i += 1;
    }
    while i < n {
        let range = (i + 1) as u32;
        let x = below(rng, range * (range + 1));
        v.swap(i, (x / (range + 1)) as usize);
        v.swap(i + 1, (x % (range + 1)) as usize);
        i += 2;
    }
}

/// Appends the players leaving together to `rankings` (worst first): shuffled, then stably
/// sorted by ships produced and damage dealt.
pub fn append_group(
    rankings: &mut Vec<usize>,
    mut group: Vec<usize>,
    ships_produced: &[u64],
    damage: &[u64],
    rng: &mut Mt,
) {
    order_group(&mut group, ships_produced, damage, rng);
    rankings.extend(group);
}

/// The order [`append_group`] gives a group (in place): shuffled, then stably sorted by ships
/// produced and damage dealt.
pub fn order_group(
    group: &mut [usize],
    ships_produced: &[u64],
    damage: &[u64],
    rng: &mut dyn Draw,
) {
    shuffle(group, rng);
    sort_by_score(group, ships_produced, damage);
}

/// Sorts players stably by ships produced, then damage dealt: by insertion, for the few
/// players of a game (what any stable sort gives).
pub fn sort_by_score(group: &mut [usize], ships_produced: &[u64], damage: &[u64]) {
    let key = |p: usize| (ships_produced[p], damage[p]);
    for i in 1..group.len() {
        let x = group[i];
        let mut j = i;
        // A player passes only players of greater scores: equal ones keep their order.
        while j > 0 && key(group[j - 1]) > key(x) {
            group[j] = group[j - 1];
            j -= 1;
        }
        group[j] = x;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_score_sort_is_the_stable_sort() {
        let mut bits = 0x2545_f491_4f6c_dd1du64;
        for n in 0..40 {
            for _ in 0..50 {
                let mut next = || {
                    bits ^= bits << 13;
                    bits ^= bits >> 7;
                    bits ^= bits << 17;
                    bits % 3
                };
                let ships: Vec<u64> = (0..n).map(|_| next()).collect();
                let damage: Vec<u64> = (0..n).map(|_| next()).collect();
                let mut group: Vec<usize> = (0..n).rev().collect();
                let mut want = group.clone();
                want.sort_by_key(|&p| (ships[p], damage[p]));
                sort_by_score(&mut group, &ships, &damage);
                assert_eq!(group, want);
            }
        }
    }

    #[test]
    fn outputs_drawn_ahead_are_the_engines() {
        for ahead in 0..5 {
            let mut rng = Mt::new(5489);
            for _ in 0..620 {
                rng.next_u32();
            }
            let mut copy = rng.clone();
            let drawn: Vec<u32> = (0..ahead).map(|_| copy.next_u32()).collect();
            let mut source = Ahead::new(&drawn, &rng);
            let mut reference = rng.clone();
            for _ in 0..12 {
                assert_eq!(source.next_u32(), reference.next_u32());
            }
        }
    }

    #[test]
    fn shuffle_is_a_permutation_and_seeded() {
        for n in 0..6 {
            let mut a: Vec<usize> = (0..n).collect();
            let mut rng = Mt::new(17);
            shuffle(&mut a, &mut rng);
            let mut s = a.clone();
            s.sort_unstable();
            assert_eq!(s, (0..n).collect::<Vec<_>>());
            let mut b: Vec<usize> = (0..n).collect();
            shuffle(&mut b, &mut Mt::new(17));
            assert_eq!(a, b);
        }
    }
}
