//! Halite II extended arithmetic: `F80`'s add, subtract, multiply, divide, square root and
//! conversion to double against the previous implementation (128-bit integer arithmetic, kept
//! below as the oracle), bit for bit including the sign of zero, on over a million cases per
//! operation: random significands with runs of zeros (exact ties) and ones (carries), exponent
//! gaps from 0 to past 128, near-cancellations, zeros and both signs.
#![cfg(not(target_arch = "wasm32"))]

use halite::halite2::geometry::F80;
use std::cmp::Ordering;

/// The previous implementation, verbatim but for the representation.
mod oracle {
    use std::cmp::Ordering;

    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub struct F {
        pub neg: bool,
        pub exp: i32,
        pub mant: u64,
    }

    pub const ZERO: F = F {
        neg: false,
        exp: 0,
        mant: 0,
    };

    pub fn to_f64(f: F) -> f64 {
        if f.mant == 0 {
            return if f.neg { -0.0 } else { 0.0 };
        }
        let sign = if f.neg { 1u64 << 63 } else { 0 };
        if f.exp > 1023 {
            return f64::from_bits(sign | 0x7ff0_0000_0000_0000);
        }
        let keep = if f.exp >= -1022 {
            53
        } else {
            53 - (-1022 - f.exp)
        };
        if keep <= 0 {
            let up = keep == 0 && f.mant > 1u64 << 63;
            return f64::from_bits(sign | u64::from(up));
        }
        let shift = 64 - keep as u32;
        let mut m = f.mant >> shift;
        let rem = f.mant & ((1u64 << shift) - 1);
        let half = 1u64 << (shift - 1);
        if rem > half || (rem == half && m & 1 == 1) {
            m += 1;
        }
        let mut exp = f.exp;
        if keep == 53 {
            if m == 1u64 << 53 {
                m >>= 1;
                exp += 1;
                if exp > 1023 {
                    return f64::from_bits(sign | 0x7ff0_0000_0000_0000);
                }
            }
            let biased = (exp + 1023) as u64;
            f64::from_bits(sign | (biased << 52) | (m & ((1u64 << 52) - 1)))
        } else {
            f64::from_bits(sign | m)
        }
    }

    fn round_pack(neg: bool, e_base: i32, s: u128) -> F {
        if s == 0 {
            return F {
                neg,
                exp: 0,
                mant: 0,
            };
        }
        let p = 127 - s.leading_zeros() as i32;
        let mut exp = e_base + p;
        let mant = if p > 63 {
            let shift = (p - 63) as u32;
            let mut m = (s >> shift) as u64;
            let rem = s & ((1u128 << shift) - 1);
            let half = 1u128 << (shift - 1);
            if rem > half || (rem == half && m & 1 == 1) {
                let (n, carry) = m.overflowing_add(1);
                m = n;
                if carry {
                    m = 1u64 << 63;
                    exp += 1;
                }
            }
            m
        } else {
            (s as u64) << (63 - p)
        };
        F { neg, exp, mant }
    }

    fn magnitude_cmp(a: F, b: F) -> Ordering {
        match (a.mant == 0, b.mant == 0) {
            (true, true) => Ordering::Equal,
            (true, false) => Ordering::Less,
            (false, true) => Ordering::Greater,
            _ => a.exp.cmp(&b.exp).then(a.mant.cmp(&b.mant)),
        }
    }

    pub fn plus(x: F, y: F) -> F {
        if y.mant == 0 {
            if x.mant == 0 {
                return F {
                    neg: x.neg && y.neg,
                    ..ZERO
                };
            }
            return x;
        }
        if x.mant == 0 {
            return y;
        }
        let (a, b) = if magnitude_cmp(x, y) == Ordering::Less {
            (y, x)
        } else {
            (x, y)
        };
        let big = (a.mant as u128) << 62;
        let d = (a.exp - b.exp) as u32;
        let small = {
            let full = (b.mant as u128) << 62;
            if d == 0 {
                full
            } else if d >= 127 {
                1
            } else {
                let lost = full & ((1u128 << d) - 1);
                (full >> d) | u128::from(lost != 0)
            }
        };
        let e_base = a.exp - 125;
        if a.neg == b.neg {
            round_pack(a.neg, e_base, big + small)
        } else {
            let diff = big - small;
            if diff == 0 {
                return ZERO;
            }
            round_pack(a.neg, e_base, diff)
        }
    }

    pub fn times(x: F, y: F) -> F {
        let neg = x.neg != y.neg;
        if x.mant == 0 || y.mant == 0 {
            return F { neg, ..ZERO };
        }
        let s = (x.mant as u128) * (y.mant as u128);
        round_pack(neg, x.exp + y.exp - 126, s)
    }

    pub fn divided(x: F, y: F) -> F {
        let neg = x.neg != y.neg;
        if x.mant == 0 {
            return F { neg, ..ZERO };
        }
        if y.mant == 0 {
            return F {
                neg,
                exp: 16383,
                mant: u64::MAX,
            };
        }
        let d = y.mant as u128;
        let num = (x.mant as u128) << 64;
        let q = num / d;
        let rem = num % d;
        let next = (rem << 2) / d;
        let rest = (rem << 2) % d;
        let s = (q << 3) | (next << 1) | u128::from(rest != 0);
        round_pack(neg, x.exp - y.exp - 67, s)
    }

    pub fn sqrt(x: F) -> F {
        if x.mant == 0 || x.neg {
            return ZERO;
        }
        let e2 = x.exp - 63;
        let k = if (e2 - 64).rem_euclid(2) == 0 { 64 } else { 63 };
        let n = (x.mant as u128) << k;
        let mut r = isqrt(n);
        let rem = n - r * r;
        let mut exp = (e2 - k) / 2;
        if rem > r {
            r += 1;
        }
        if r == 1u128 << 64 {
            r >>= 1;
            exp += 1;
        }
        F {
            neg: false,
            exp: exp + 63,
            mant: r as u64,
        }
    }

    fn isqrt(n: u128) -> u128 {
        let mut x = (n as f64).sqrt() as u128;
        if x == 0 {
            x = 1;
        }
        x = (x + n / x) / 2;
        while x.checked_mul(x).is_none_or(|sq| sq > n) {
            x -= 1;
        }
        while (x + 1).checked_mul(x + 1).is_some_and(|sq| sq <= n) {
            x += 1;
        }
        x
    }
}

use oracle::F;

const CASES: usize = 1_200_000;

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        // splitmix64
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// A normalised significand: random, short (trailing zeros, so sums and products land on
    /// ties), all ones at the bottom (carries), or near a power of two.
    fn mant(&mut self) -> u64 {
        let w = self.next() | 1u64 << 63;
        match self.below(8) {
            0 => w & (u64::MAX << self.below(64)),
            1 => w | (u64::MAX >> (1 + self.below(63))),
            2 => u64::MAX - self.below(4),
            3 => (1u64 << 63) + self.below(4),
            4 => (1u64 << 63) | (self.below(1 << 12) << self.below(52)),
            _ => w,
        }
    }

    fn f80(&mut self) -> F {
        if self.below(64) == 0 {
            return F {
                neg: self.below(2) == 0,
                exp: 0,
                mant: 0,
            };
        }
        F {
            neg: self.below(2) == 0,
            exp: self.below(80) as i32 - 40,
            mant: self.mant(),
        }
    }

    /// A second operand related to `a`: a nearby exponent (gaps 0 to 140, so alignment,
    /// jamming and full absorption all occur), sometimes the same significand or one a few
    /// units away (cancellation), sometimes unrelated.
    fn partner(&mut self, a: F) -> F {
        if a.mant == 0 || self.below(16) == 0 {
            return self.f80();
        }
        let gap = match self.below(4) {
            0 => self.below(3) as i32,
            1 => self.below(70) as i32,
            2 => self.below(141) as i32,
            _ => self.below(8) as i32,
        };
        let exp = if self.below(2) == 0 {
            a.exp - gap
        } else {
            a.exp + gap
        };
        let mant = match self.below(4) {
            0 => a.mant,
            1 => {
                let m = a.mant.wrapping_add(self.below(9)).wrapping_sub(4);
                if m >> 63 == 1 {
                    m
                } else {
                    a.mant
                }
            }
            _ => self.mant(),
        };
        F {
            neg: self.below(2) == 0,
            exp,
            mant,
        }
    }
}

fn new(f: F) -> F80 {
    F80::from_parts(f.neg, f.exp, f.mant)
}

fn parts(x: F80) -> F {
    let (neg, exp, mant) = x.to_parts();
    F { neg, exp, mant }
}

fn check_binary(name: &str, seed: u64, op: impl Fn(F80, F80) -> F80, oracle: impl Fn(F, F) -> F) {
    let mut rng = Rng(seed);
    for i in 0..CASES {
        let a = rng.f80();
        let b = rng.partner(a);
        let (a, b) = if i % 2 == 0 { (a, b) } else { (b, a) };
        let got = parts(op(new(a), new(b)));
        let want = oracle(a, b);
        assert_eq!(got, want, "{name}({a:?}, {b:?})");
    }
}

#[test]
fn plus_matches_the_oracle() {
    check_binary("plus", 1, F80::plus, oracle::plus);
}

#[test]
fn minus_matches_the_oracle() {
    check_binary("minus", 2, F80::minus, |a, b| {
        oracle::plus(a, F { neg: !b.neg, ..b })
    });
}

#[test]
fn times_matches_the_oracle() {
    check_binary("times", 3, F80::times, oracle::times);
}

#[test]
fn times_pow2_is_times_by_the_power() {
    let mut rng = Rng(6);
    for i in 0..CASES {
        let a = new(rng.f80());
        let k = (i % 5) as i32;
        let power = F80::from_i64(1 << k);
        assert_eq!(
            parts(a.times_pow2(k)),
            parts(a.times(power)),
            "{a:?} * 2^{k}"
        );
    }
    for zero in [F80::ZERO, F80::ZERO.negated()] {
        assert_eq!(
            parts(zero.times_pow2(2)),
            parts(zero.times(F80::from_i64(4)))
        );
    }
}

#[test]
fn divided_matches_the_oracle() {
    check_binary("divided", 4, F80::divided, oracle::divided);
}

#[test]
fn sqrt_matches_the_oracle() {
    let mut rng = Rng(5);
    for _ in 0..CASES {
        let a = rng.f80();
        let a = F { neg: false, ..a };
        assert_eq!(parts(new(a).sqrt()), oracle::sqrt(a), "sqrt({a:?})");
    }
    // Perfect squares and their neighbours (remainders 0, 1 and 2r), at both exponent parities.
    for r in [
        1u64 << 63,
        (1u64 << 63) + 1,
        u64::MAX,
        u64::MAX - 1,
        3 << 62,
    ] {
        for exp in [-1, 0, 1, 2] {
            let a = F {
                neg: false,
                exp,
                mant: r,
            };
            let sq = oracle::times(a, a);
            for delta in [-2i64, -1, 0, 1, 2] {
                let m = sq.mant.wrapping_add_signed(delta);
                if m >> 63 == 1 {
                    let x = F { mant: m, ..sq };
                    assert_eq!(parts(new(x).sqrt()), oracle::sqrt(x), "sqrt({x:?})");
                }
            }
        }
    }
}

#[test]
fn to_f64_matches_the_oracle() {
    let mut rng = Rng(6);
    for i in 0..CASES {
        let mut a = rng.f80();
        // Now and then far outside the coordinates' range: subnormal and overflowing doubles.
        if i % 8 == 0 && a.mant != 0 {
            a.exp = rng.below(2200) as i32 - 1150;
        }
        let got = new(a).to_f64();
        assert_eq!(got.to_bits(), oracle::to_f64(a).to_bits(), "to_f64({a:?})");
    }
    for exp in [
        -1200, -1087, -1086, -1075, -1074, -1023, -1022, -960, -959, 1023, 1024,
    ] {
        for mant in [
            1u64 << 63,
            u64::MAX,
            (1u64 << 63) | 0x400,
            (1u64 << 63) | 0xc00,
        ] {
            let a = F {
                neg: exp % 2 == 0,
                exp,
                mant,
            };
            let got = new(a).to_f64();
            assert_eq!(got.to_bits(), oracle::to_f64(a).to_bits(), "to_f64({a:?})");
        }
    }
}

#[test]
fn comparisons_are_numeric() {
    let mut rng = Rng(7);
    for _ in 0..100_000 {
        let a = rng.f80();
        let b = rng.partner(a);
        let want = oracle::to_f64(oracle::plus(a, F { neg: !b.neg, ..b }));
        let got = new(a).cmp_total(new(b));
        let sign = if want == 0.0 {
            Ordering::Equal
        } else if want > 0.0 {
            Ordering::Greater
        } else {
            Ordering::Less
        };
        assert_eq!(got, sign, "cmp({a:?}, {b:?})");
    }
}
