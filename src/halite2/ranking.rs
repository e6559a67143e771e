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

/// libstdc++'s `uniform_int_distribution` on a 32-bit engine for `[0, k)` (Lemire's method).
fn below(rng: &mut Mt, k: u32) -> u32 {
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
pub fn shuffle<T>(v: &mut [T], rng: &mut Mt) {
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
    shuffle(&mut group, rng);
    crate::env::sort::by_key(&mut group, |&p| (ships_produced[p], damage[p]));
    rankings.extend(group);
}

#[cfg(test)]
mod tests {
    use super::*;

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
