//! The iteration orders of the reference's C++ containers, which show in the replay.
//!
//! The reference keeps ships, contention lists, attackers, damage and the collision events in
//! libstdc++ `unordered_map`/`unordered_set`s and sorts events with `std::sort`; the order these
//! give is visible in `docked_ships` lists and in the order of events
//! (`docs/rules-halite2.md#iteration-order`).
//! [`HashOrder`] models the hash containers' element list; [`std_sort`] is libstdc++'s
//! introsort, step for step, so equal keys end up in the same order.

/// Bucket counts libstdc++ grows through (its prime table, from 13 on).
const BUCKET_COUNTS: [u64; 16] = [
    13, 29, 59, 127, 257, 541, 1109, 2357, 5087, 10273, 20753, 42043, 85229, 172933, 351061, 712697,
];

/// An `unordered_map`/`unordered_set` of libstdc++ as an ordered list of `(hash, item)`:
/// iteration follows the list.
#[derive(Clone, Debug)]
pub struct HashOrder<T> {
    buckets: u64,
    items: Vec<(u64, T)>,
    /// Each item's bucket (`hash % buckets`), beside it: finding where an item goes compares
    /// these instead of dividing every hash again.
    bucket_of: Vec<u64>,
}

impl<T> Default for HashOrder<T> {
    fn default() -> Self {
        HashOrder {
            buckets: 1,
            items: Vec::new(),
            bucket_of: Vec::new(),
        }
    }
}

impl<T> HashOrder<T> {
    pub fn new() -> Self {
        Self::default()
    }

    /// The bucket count and the elements with their hashes, in order (for a snapshot).
    pub fn parts(&self) -> (u64, &[(u64, T)]) {
        (self.buckets, &self.items)
    }

    /// A container with these parts, as [`HashOrder::parts`] gave them.
    pub fn from_parts(buckets: u64, items: Vec<(u64, T)>) -> Self {
        let buckets = buckets.max(1);
        let bucket_of = items.iter().map(|(h, _)| h % buckets).collect();
        HashOrder {
            buckets,
            items,
            bucket_of,
        }
    }

    pub fn len(&self) -> usize {
        self.items.len()
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// The element at position `i` of the iteration order.
    pub fn get(&self, i: usize) -> Option<&T> {
        self.items.get(i).map(|(_, t)| t)
    }

    /// Empties the container as a default-constructed one, keeping its allocation.
    pub fn clear(&mut self) {
        self.buckets = 1;
        self.items.clear();
        self.bucket_of.clear();
    }

    pub fn iter(&self) -> impl Iterator<Item = &T> {
        self.items.iter().map(|(_, t)| t)
    }

    pub fn iter_mut(&mut self) -> impl Iterator<Item = &mut T> {
        self.items.iter_mut().map(|(_, t)| t)
    }

    pub fn find(&self, found: impl Fn(&T) -> bool) -> Option<&T> {
        self.items.iter().map(|(_, t)| t).find(|t| found(t))
    }

    pub fn find_mut(&mut self, found: impl Fn(&T) -> bool) -> Option<&mut T> {
        self.items.iter_mut().map(|(_, t)| t).find(|t| found(t))
    }

    /// Where a new element of bucket `b` is linked: in front of its bucket's first element, or
    /// at the very front when its bucket is empty.
    fn position(bucket_of: &[u64], b: u64) -> usize {
        bucket_of.iter().position(|&x| x == b).unwrap_or(0)
    }

    /// Links `item` (hash `h`) where the container would.
    fn link(&mut self, h: u64, item: T) {
        let b = h % self.buckets;
        let at = Self::position(&self.bucket_of, b);
        self.items.insert(at, (h, item));
        self.bucket_of.insert(at, b);
    }

    /// Inserts `item` (hash `h`) unless an element for which `same` holds is present; returns
    /// whether it was inserted.
    pub fn insert(&mut self, h: u64, item: T, same: impl Fn(&T) -> bool) -> bool {
        if self.items.iter().any(|(_, t)| same(t)) {
            return false;
        }
        let count = self.items.len() as u64 + 1;
        if self.buckets == 1 {
            // A default-constructed container starts with one bucket; the first insertion
            // makes it 13.
            self.rehash(BUCKET_COUNTS[0]);
        } else if count > self.buckets {
            let want = (self.buckets * 2).max(count);
            let next = BUCKET_COUNTS
                .iter()
                .copied()
                .find(|&n| n >= want)
                .unwrap_or(want | 1);
            self.rehash(next);
        }
        self.link(h, item);
        true
    }

    fn rehash(&mut self, buckets: u64) {
        let old = std::mem::take(&mut self.items);
        self.bucket_of.clear();
        self.buckets = buckets;
        for (h, t) in old {
            self.link(h, t);
        }
    }

    /// Removes the elements for which `gone` holds (the rest keep their order).
    pub fn retain(&mut self, mut keep: impl FnMut(&T) -> bool) {
        let mut kept = 0;
        for i in 0..self.items.len() {
            if keep(&self.items[i].1) {
                self.items.swap(kept, i);
                self.bucket_of.swap(kept, i);
                kept += 1;
            }
        }
        self.items.truncate(kept);
        self.bucket_of.truncate(kept);
    }
}

/// libstdc++ `std::sort` (introsort, then insertion sort) with the strict order `less`.
pub fn std_sort<T: Clone>(v: &mut [T], less: &impl Fn(&T, &T) -> bool) {
    let n = v.len();
    if n < 2 {
        return;
    }
    let depth = 2 * (usize::BITS - 1 - n.leading_zeros()) as usize;
    introsort_loop(v, 0, n, depth, less);
    final_insertion_sort(v, 0, n, less);
}

const THRESHOLD: usize = 16;

fn introsort_loop<T: Clone>(
    v: &mut [T],
    first: usize,
    mut last: usize,
    mut depth: usize,
    less: &impl Fn(&T, &T) -> bool,
) {
    while last - first > THRESHOLD {
        if depth == 0 {
            heap_sort(v, first, last, less);
            return;
        }
        depth -= 1;
        let mid = first + (last - first) / 2;
        move_median_to_first(v, first, first + 1, mid, last - 1, less);
        let cut = unguarded_partition(v, first + 1, last, first, less);
        introsort_loop(v, cut, last, depth, less);
        last = cut;
    }
}

fn move_median_to_first<T>(
    v: &mut [T],
    result: usize,
    a: usize,
    b: usize,
    c: usize,
    less: &impl Fn(&T, &T) -> bool,
) {
    let pick = if less(&v[a], &v[b]) {
        if less(&v[b], &v[c]) {
            b
        } else if less(&v[a], &v[c]) {
            c
        } else {
            a
        }
    } else if less(&v[a], &v[c]) {
        a
    } else if less(&v[b], &v[c]) {
        c
    } else {
        b
    };
    v.swap(result, pick);
}

fn unguarded_partition<T>(
    v: &mut [T],
    mut first: usize,
    mut last: usize,
    pivot: usize,
    less: &impl Fn(&T, &T) -> bool,
) -> usize {
    loop {
        while less(&v[first], &v[pivot]) {
            first += 1;
        }
        last -= 1;
        while less(&v[pivot], &v[last]) {
            last -= 1;
        }
        if first >= last {
            return first;
        }
        v.swap(first, last);
        first += 1;
    }
}

fn final_insertion_sort<T: Clone>(
    v: &mut [T],
    first: usize,
    last: usize,
    less: &impl Fn(&T, &T) -> bool,
) {
    if last - first > THRESHOLD {
        insertion_sort(v, first, first + THRESHOLD, less);
        for i in first + THRESHOLD..last {
            unguarded_linear_insert(v, i, less);
        }
    } else {
        insertion_sort(v, first, last, less);
    }
}

fn insertion_sort<T: Clone>(
    v: &mut [T],
    first: usize,
    last: usize,
    less: &impl Fn(&T, &T) -> bool,
) {
    if first == last {
        return;
    }
    for i in first + 1..last {
        if less(&v[i], &v[first]) {
            let val = v[i].clone();
            for j in (first..i).rev() {
                v[j + 1] = v[j].clone();
            }
            v[first] = val;
        } else {
            unguarded_linear_insert(v, i, less);
        }
    }
}

fn unguarded_linear_insert<T: Clone>(v: &mut [T], mut last: usize, less: &impl Fn(&T, &T) -> bool) {
    let val = v[last].clone();
    let mut next = last - 1;
    while less(&val, &v[next]) {
        v[last] = v[next].clone();
        last = next;
        next -= 1;
    }
    v[last] = val;
}

/// `std::partial_sort(first, last, last)`: make_heap then sort_heap.
fn heap_sort<T: Clone>(v: &mut [T], first: usize, last: usize, less: &impl Fn(&T, &T) -> bool) {
    let len = last - first;
    if len >= 2 {
        let mut parent = (len - 2) / 2;
        loop {
            let value = v[first + parent].clone();
            adjust_heap(v, first, parent, len, value, less);
            if parent == 0 {
                break;
            }
            parent -= 1;
        }
    }
    let mut end = last;
    while end - first > 1 {
        end -= 1;
        let value = v[end].clone();
        v[end] = v[first].clone();
        adjust_heap(v, first, 0, end - first, value, less);
    }
}

fn adjust_heap<T: Clone>(
    v: &mut [T],
    first: usize,
    mut hole: usize,
    len: usize,
    value: T,
    less: &impl Fn(&T, &T) -> bool,
) {
    let top = hole;
    let mut second = hole;
    while second < (len - 1) / 2 {
        second = 2 * (second + 1);
        if less(&v[first + second], &v[first + second - 1]) {
            second -= 1;
        }
        v[first + hole] = v[first + second].clone();
        hole = second;
    }
    if len & 1 == 0 && second == (len - 2) / 2 {
        second = 2 * (second + 1);
        v[first + hole] = v[first + second - 1].clone();
        hole = second - 1;
    }
    // push_heap
    let mut parent = hole.wrapping_sub(1) / 2;
    while hole > top && less(&v[first + parent], &value) {
        v[first + hole] = v[first + parent].clone();
        hole = parent;
        parent = hole.wrapping_sub(1) / 2;
    }
    v[first + hole] = value;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hash_order_links_in_front_of_bucket_or_at_front() {
        let mut h = HashOrder::new();
        for k in [0u64, 1, 13, 2] {
            h.insert(k, k, |&t| t == k);
        }
        // 0 -> [0]; 1 -> [1, 0]; 13 (bucket 0) -> in front of 0; 2 -> front.
        assert_eq!(h.iter().copied().collect::<Vec<_>>(), vec![2, 1, 13, 0]);
        assert!(!h.insert(1, 1, |&t| t == 1));
    }

    #[test]
    fn sort_orders_like_a_sort() {
        let mut v: Vec<u32> = (0..200).map(|i| (i * 7919) % 61).collect();
        std_sort(&mut v, &|a, b| a < b);
        assert!(v.windows(2).all(|w| w[0] <= w[1]));
        let mut d = (0..100u32).rev().collect::<Vec<_>>();
        std_sort(&mut d, &|a, b| a < b);
        assert_eq!(d, (0..100).collect::<Vec<_>>());
    }
}
