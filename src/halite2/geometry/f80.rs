//! [`F80`]: a software model of the x87 80-bit extended format (64-bit significand, round to
//! nearest even) for add, subtract, multiply, divide and square root, with the wide-integer
//! helpers it is built on, so the same bits come out natively and in WebAssembly.

use std::cmp::Ordering;

/// An x87 extended-precision number: `(-1)^neg * mant * 2^(exp - 63)`, with the leading bit of
/// `mant` set (or `mant == 0` for zero). Infinities and NaNs never arise in the rules.
#[derive(Clone, Copy, Debug)]
pub struct F80 {
    neg: bool,
    exp: i32,
    mant: u64,
}

impl F80 {
    pub const ZERO: F80 = F80 {
        neg: false,
        exp: 0,
        mant: 0,
    };

    /// The exact value of a double.
    pub fn from_f64(v: f64) -> F80 {
        let bits = v.to_bits();
        let neg = bits >> 63 != 0;
        let e = ((bits >> 52) & 0x7ff) as i32;
        let frac = bits & ((1u64 << 52) - 1);
        if e == 0 {
            if frac == 0 {
                return F80 {
                    neg,
                    exp: 0,
                    mant: 0,
                };
            }
            // Subnormal: value = frac * 2^-1074.
            let lz = frac.leading_zeros() as i32;
            let mant = frac << lz;
            return F80 {
                neg,
                exp: -1074 + 63 - lz,
                mant,
            };
        }
        F80 {
            neg,
            exp: e - 1023,
            mant: ((1u64 << 52) | frac) << 11,
        }
    }

    pub fn from_i64(v: i64) -> F80 {
        if v == 0 {
            return F80::ZERO;
        }
        let neg = v < 0;
        let a = v.unsigned_abs();
        let lz = a.leading_zeros() as i32;
        F80 {
            neg,
            exp: 63 - lz,
            mant: a << lz,
        }
    }

    /// Rounds to the nearest double (ties to even), as a store of a `long double` into a
    /// `double` does.
    ///
    /// Inlined for its fast path (every coordinate and speed of the rules takes it); the other
    /// cases are out of line.
    #[inline]
    pub fn to_f64(self) -> f64 {
        // Fast path for results in the normal range: the integer-to-double conversion of the
        // significand rounds to nearest even (as Rust's `as` and wasm's `f64.convert_i64_u`
        // do), and scaling by a power of two is then exact (a significand rounded up to 2^64
        // still gives a normal double, or infinity for exp = 1023, as below).
        //
        // The significand (top bit set) is halved with the bit shifted out ORed into the new
        // last bit, well below the rounding point, so the conversion rounds the same way; it
        // then fits a signed integer, whose conversion is one instruction on x86-64.
        if (-959..=1023).contains(&self.exp) && self.mant != 0 {
            let scale = f64::from_bits(((self.exp - 62 + 1023) as u64) << 52);
            let half = ((self.mant >> 1) | (self.mant & 1)) as i64;
            let v = half as f64 * scale;
            return if self.neg { -v } else { v };
        }
        if self.mant == 0 {
            // (A ship at rest: its velocity.)
            return if self.neg { -0.0 } else { 0.0 };
        }
        self.to_f64_rest()
    }

    /// [`F80::to_f64`] outside the normal range and not zero: overflow, subnormals.
    #[cold]
    #[inline(never)]
    fn to_f64_rest(self) -> f64 {
        let sign = if self.neg { 1u64 << 63 } else { 0 };
        if self.exp > 1023 {
            return f64::from_bits(sign | 0x7ff0_0000_0000_0000);
        }
        // Bits kept: 53 for normal results, fewer for subnormal ones.
        let keep = if self.exp >= -1022 {
            53
        } else {
            53 - (-1022 - self.exp)
        };
        if keep <= 0 {
            // Below half the smallest subnormal (or at it, which ties to zero): zero.
            let up = keep == 0 && self.mant > 1u64 << 63;
            return f64::from_bits(sign | u64::from(up));
        }
        let shift = 64 - keep as u32;
        let mut m = self.mant >> shift;
        let rem = self.mant & ((1u64 << shift) - 1);
        let half = 1u64 << (shift - 1);
        if rem > half || (rem == half && m & 1 == 1) {
            m += 1;
        }
        let mut exp = self.exp;
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
            // Subnormal (a carry into bit 52 correctly makes the smallest normal).
            f64::from_bits(sign | m)
        }
    }

    /// The exact value printed with `digits` (at most 17) digits after the point, rounded to
    /// nearest (ties to even), as `std::fixed << std::setprecision(digits)` prints a
    /// `long double`.
    pub fn to_fixed(self, digits: u32) -> String {
        let digits = digits.min(17);
        let sign = if self.neg { "-" } else { "" };
        let scale = 10u128.pow(digits);
        let q: u128 = if self.mant == 0 {
            0
        } else if !(-60..=60).contains(&self.exp) {
            return format!("{:.*}", digits as usize, self.to_f64());
        } else {
            let prod = self.mant as u128 * scale;
            let shift = (63 - self.exp) as u32;
            if shift == 0 {
                prod
            } else if shift >= 128 {
                0
            } else {
                let q = prod >> shift;
                let rem = prod & ((1u128 << shift) - 1);
                let half = 1u128 << (shift - 1);
                if rem > half || (rem == half && q & 1 == 1) {
                    q + 1
                } else {
                    q
                }
            }
        };
        if digits == 0 {
            return format!("{sign}{q}");
        }
        format!(
            "{sign}{}.{:0width$}",
            q / scale,
            q % scale,
            width = digits as usize
        )
    }

    /// The sign, exponent and significand: `(-1)^neg * mant * 2^(exp - 63)`, `mant` normalised
    /// (top bit set) or zero (for tests comparing results bit for bit).
    pub fn to_parts(self) -> (bool, i32, u64) {
        (self.neg, self.exp, self.mant)
    }

    /// The number with these parts; `mant` must be normalised or zero (with `exp` 0).
    pub fn from_parts(neg: bool, exp: i32, mant: u64) -> F80 {
        debug_assert!(mant >> 63 == 1 || (mant == 0 && exp == 0));
        F80 { neg, exp, mant }
    }

    pub fn is_zero(self) -> bool {
        self.mant == 0
    }

    /// Rounds the significand `hi + lo / 2^64` (`hi` normalised: top bit set) to 64 bits,
    /// to nearest with ties to even, giving `(-1)^neg * hi * 2^(exp - 63)` after rounding.
    ///
    /// `lo` holds the bits below the kept 64: its top bit is the round bit and any other set bit
    /// makes the discarded part more than a tie. Callers may "jam" bits shifted out further down
    /// into bit 0 of `lo` (OR them in): every rounding boundary is a multiple of 2^63 in units of
    /// `lo`'s bit 0, so a jammed value lies strictly between the same two boundaries as the
    /// exact one and rounds the same way.
    #[inline(always)]
    fn round_pack(neg: bool, exp: i32, hi: u64, lo: u64) -> F80 {
        debug_assert!(hi >> 63 == 1);
        let round = lo >> 63 != 0;
        let sticky = lo << 1 != 0;
        if round && (sticky || hi & 1 == 1) {
            let (m, carry) = hi.overflowing_add(1);
            if carry {
                // All ones rounded up: the next power of two.
                return F80 {
                    neg,
                    exp: exp + 1,
                    mant: 1u64 << 63,
                };
            }
            return F80 { neg, exp, mant: m };
        }
        F80 { neg, exp, mant: hi }
    }

    fn magnitude_cmp(a: F80, b: F80) -> Ordering {
        match (a.mant == 0, b.mant == 0) {
            (true, true) => Ordering::Equal,
            (true, false) => Ordering::Less,
            (false, true) => Ordering::Greater,
            _ => a.exp.cmp(&b.exp).then(a.mant.cmp(&b.mant)),
        }
    }

    /// Addition, correctly rounded (x87 round to nearest even), with 64-bit integers only.
    ///
    /// With `|a| >= |b|` and `d = a.exp - b.exp`, the exact sum or difference is
    /// `a.mant ± b.mant * 2^-d`: `b.mant` is split at the binary point into `b_hi` (aligned with
    /// `a.mant`) and `b_lo` (the 64 bits below it, the bits below those jammed into bit 0), so the
    /// exact result is the 128-bit fixed-point number `a.mant:0 ± b_hi:b_lo` up to the jam.
    /// - A sum carries at most one bit out, after which the result is shifted right by one (the
    ///   bit shifted out of `lo` is jammed).
    /// - A difference with `d >= 2` is above `2^63 - 2^62`, so it needs at most one left shift
    ///   and the jam stays far below the rounding point; with `d <= 1` nothing was jammed (`b_lo`
    ///   holds at most one bit) and the difference is exact, however far it cancels.
    pub fn plus(self, other: F80) -> F80 {
        if other.mant == 0 {
            if self.mant == 0 {
                // IEEE: -0 + -0 = -0, otherwise +0.
                return F80 {
                    neg: self.neg && other.neg,
                    ..F80::ZERO
                };
            }
            return self;
        }
        if self.mant == 0 {
            return other;
        }
        let (a, b) = if F80::magnitude_cmp(self, other) == Ordering::Less {
            (other, self)
        } else {
            (self, other)
        };
        let d = (a.exp - b.exp) as u32;
        let (b_hi, b_lo) = match d {
            0 => (b.mant, 0),
            1..=63 => (b.mant >> d, b.mant << (64 - d)),
            64 => (0, b.mant),
            65..=127 => (
                0,
                (b.mant >> (d - 64)) | u64::from(b.mant << (128 - d) != 0),
            ),
            _ => (0, 1),
        };
        if a.neg == b.neg {
            let (sum, carry) = a.mant.overflowing_add(b_hi);
            if carry {
                let hi = (1u64 << 63) | (sum >> 1);
                let lo = (sum << 63) | (b_lo >> 1) | (b_lo & 1);
                F80::round_pack(a.neg, a.exp + 1, hi, lo)
            } else {
                F80::round_pack(a.neg, a.exp, sum, b_lo)
            }
        } else {
            let (mut lo, borrow) = 0u64.overflowing_sub(b_lo);
            let mut hi = a.mant - b_hi - u64::from(borrow);
            let mut exp = a.exp;
            if hi == 0 {
                if lo == 0 {
                    return F80::ZERO;
                }
                // Only when d <= 1 (deep cancellation, exact): move the low word up.
                hi = lo;
                lo = 0;
                exp -= 64;
            }
            let z = hi.leading_zeros();
            if z > 0 {
                hi = (hi << z) | (lo >> (64 - z));
                lo <<= z;
                exp -= z as i32;
            }
            F80::round_pack(a.neg, exp, hi, lo)
        }
    }

    pub fn negated(self) -> F80 {
        F80 {
            neg: !self.neg,
            ..self
        }
    }

    pub fn minus(self, other: F80) -> F80 {
        self.plus(other.negated())
    }

    /// Multiplication: the exact 128-bit product of the significands (top bit at 127 or 126),
    /// normalised and rounded once.
    pub fn times(self, other: F80) -> F80 {
        let neg = self.neg != other.neg;
        if self.mant == 0 || other.mant == 0 {
            return F80 { neg, ..F80::ZERO };
        }
        let (hi, lo) = mul_wide(self.mant, other.mant);
        let exp = self.exp + other.exp;
        if hi >> 63 == 1 {
            F80::round_pack(neg, exp + 1, hi, lo)
        } else {
            F80::round_pack(neg, exp, (hi << 1) | (lo >> 63), lo << 1)
        }
    }

    /// `self * 2^k`, exact: what [`F80::times`] gives for a power of two (zeros unchanged).
    pub fn times_pow2(self, k: i32) -> F80 {
        if self.mant == 0 {
            return self;
        }
        F80 {
            exp: self.exp + k,
            ..self
        }
    }

    /// Division; a zero divisor gives a huge value of the right sign (never reached by the
    /// rules, which test divisors first).
    ///
    /// Both significands are normalised, so `a / b` is in `[1/2, 2)`. One 128-by-64-bit division
    /// gives 64 quotient bits and the exact remainder `r < b`, which decides the rounding: the
    /// discarded fraction `r / b` is above, at or below one half as `r` compares with `b - r`.
    /// - `a >= b`: `a / b = 1 + (a - b) / b`; the quotient of `(a - b) * 2^64` by `b` is the 64
    ///   bits below the leading one, so its last bit is the round bit and `r` the sticky part.
    /// - `a < b`: the quotient of `a * 2^64` by `b` has its top bit set and `r / b` is the
    ///   fraction below it.
    pub fn divided(self, other: F80) -> F80 {
        let neg = self.neg != other.neg;
        if self.mant == 0 {
            return F80 { neg, ..F80::ZERO };
        }
        if other.mant == 0 {
            return F80 {
                neg,
                exp: 16383,
                mant: u64::MAX,
            };
        }
        let (a, b) = (self.mant, other.mant);
        let exp = self.exp - other.exp;
        if a >= b {
            let (q, r) = div_wide(a - b, 0, b);
            let hi = (1u64 << 63) | (q >> 1);
            let lo = (q << 63) | u64::from(r != 0);
            F80::round_pack(neg, exp, hi, lo)
        } else {
            let (q, r) = div_wide(a, 0, b);
            let rest = b - r;
            let lo = match r.cmp(&rest) {
                Ordering::Greater => 3u64 << 62,
                Ordering::Equal => 1u64 << 63,
                Ordering::Less => u64::from(r != 0),
            };
            F80::round_pack(neg, exp - 1, q, lo)
        }
    }

    /// Square root (`sqrtl`); negative inputs give zero (never reached by the rules).
    ///
    /// With the power of two made even, the root's significand is `floor(sqrt(n))` for a
    /// 127-128-bit integer `n`, rounded up when `n - r^2 > r` (`sqrt(n) > r + 1/2` exactly then;
    /// an exact half is impossible). The integer root starts from a double estimate, takes one
    /// Newton step computed in doubles from the exact residual, and is then corrected with exact
    /// 128-bit comparisons, so the estimates' accuracy affects only the time taken.
    pub fn sqrt(self) -> F80 {
        if self.mant == 0 || self.neg {
            return F80::ZERO;
        }
        // value = mant * 2^(exp - 63) = n * 2^(e2 - k) with n = mant * 2^k and e2 - k even.
        let e2 = self.exp - 63;
        let k = if (e2 - 64).rem_euclid(2) == 0 { 64 } else { 63 };
        let (n_hi, n_lo) = if k == 64 {
            (self.mant, 0)
        } else {
            (self.mant >> 1, self.mant << 63)
        };
        let r = isqrt_wide(n_hi, n_lo);
        let mut exp = (e2 - k) / 2 + 63;
        // rem = n - r^2 is at most 2r, which may need 65 bits.
        let (sq_hi, sq_lo) = mul_wide(r, r);
        let (rem_lo, borrow) = n_lo.overflowing_sub(sq_lo);
        let rem_hi = n_hi - sq_hi - u64::from(borrow);
        let mut mant = r;
        if rem_hi != 0 || rem_lo > r {
            match r.checked_add(1) {
                Some(m) => mant = m,
                None => {
                    mant = 1u64 << 63;
                    exp += 1;
                }
            }
        }
        F80 {
            neg: false,
            exp,
            mant,
        }
    }

    pub fn lt(self, other: F80) -> bool {
        self.cmp_total(other) == Ordering::Less
    }

    pub fn le(self, other: F80) -> bool {
        self.cmp_total(other) != Ordering::Greater
    }

    /// Numeric order (zeros of either sign are equal).
    pub fn cmp_total(self, other: F80) -> Ordering {
        match (self.mant == 0, other.mant == 0) {
            (true, true) => return Ordering::Equal,
            (true, false) => {
                return if other.neg {
                    Ordering::Greater
                } else {
                    Ordering::Less
                }
            }
            (false, true) => {
                return if self.neg {
                    Ordering::Less
                } else {
                    Ordering::Greater
                }
            }
            _ => {}
        }
        match (self.neg, other.neg) {
            (false, true) => Ordering::Greater,
            (true, false) => Ordering::Less,
            (false, false) => F80::magnitude_cmp(self, other),
            (true, true) => F80::magnitude_cmp(other, self),
        }
    }
}

impl PartialEq for F80 {
    fn eq(&self, other: &F80) -> bool {
        self.cmp_total(*other) == Ordering::Equal
    }
}

/// The full 128-bit product `a * b` as `(high, low)` words.
#[cfg(not(target_arch = "wasm32"))]
#[inline(always)]
fn mul_wide(a: u64, b: u64) -> (u64, u64) {
    // One instruction on 64-bit targets.
    let p = a as u128 * b as u128;
    ((p >> 64) as u64, p as u64)
}

/// The full 128-bit product `a * b` as `(high, low)` words (wasm32 has no 64x64->128 multiply,
/// and a `u128` product is a library call there).
#[cfg(target_arch = "wasm32")]
#[inline(always)]
fn mul_wide(a: u64, b: u64) -> (u64, u64) {
    mul_wide_by_halves(a, b)
}

/// `a * b` from four 32x32->64-bit products (schoolbook on 32-bit digits). The middle sum is
/// below `3 * 2^32`, so nothing overflows.
#[cfg_attr(not(any(target_arch = "wasm32", test)), allow(dead_code))]
#[inline(always)]
fn mul_wide_by_halves(a: u64, b: u64) -> (u64, u64) {
    const LOW: u64 = 0xffff_ffff;
    let (a1, a0) = (a >> 32, a & LOW);
    let (b1, b0) = (b >> 32, b & LOW);
    let p00 = a0 * b0;
    let p01 = a0 * b1;
    let p10 = a1 * b0;
    let p11 = a1 * b1;
    let mid = (p00 >> 32) + (p01 & LOW) + (p10 & LOW);
    let lo = (mid << 32) | (p00 & LOW);
    let hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
    (hi, lo)
}

/// The quotient and remainder of the 128-bit `hi:lo` by `v`, for a normalised `v` (top bit
/// set) and `hi < v`, so that the quotient fits 64 bits: Knuth's algorithm D on 32-bit digits
/// (as `divlu` in Hacker's Delight), two steps of a 64-by-32-bit estimate corrected at most
/// twice. Only 64-bit divisions are used: a `u128` division is a slow library call in wasm32.
#[inline]
fn div_wide(hi: u64, lo: u64, v: u64) -> (u64, u64) {
    debug_assert!(v >> 63 == 1 && hi < v);
    const B: u64 = 1 << 32;
    let (vn1, vn0) = (v >> 32, v & (B - 1));
    let (un1, un0) = (lo >> 32, lo & (B - 1));
    // First digit: estimate from the top 64 bits over the divisor's top 32 (at most 2 too big).
    let mut q1 = hi / vn1;
    let mut rhat = hi - q1 * vn1;
    while q1 >= B || q1 * vn0 > (rhat << 32) + un1 {
        q1 -= 1;
        rhat += vn1;
        if rhat >= B {
            break;
        }
    }
    // The partial remainder is below v, so the wrapping arithmetic is exact.
    let un21 = (hi << 32)
        .wrapping_add(un1)
        .wrapping_sub(q1.wrapping_mul(v));
    let mut q0 = un21 / vn1;
    rhat = un21 - q0 * vn1;
    while q0 >= B || q0 * vn0 > (rhat << 32) + un0 {
        q0 -= 1;
        rhat += vn1;
        if rhat >= B {
            break;
        }
    }
    let r = (un21 << 32)
        .wrapping_add(un0)
        .wrapping_sub(q0.wrapping_mul(v));
    ((q1 << 32) | q0, r)
}

/// `floor(sqrt(n))` for the 127-128-bit `n = hi:lo` (`hi >= 2^62`), in `[2^63, 2^64)`.
///
/// A double estimate is within about 2^12 of the root; one Newton step
/// `x + (n - x^2) / (2x)`, with the residual exact and the quotient in doubles, brings it
/// within about one; exact 128-bit comparisons then make it the floor.
#[inline]
fn isqrt_wide(hi: u64, lo: u64) -> u64 {
    const TWO64: f64 = 18_446_744_073_709_551_616.0;
    // A saturating cast: 2^64 becomes u64::MAX. The root is at least 2^63.
    let x0 = (hi as f64 * TWO64 + lo as f64).sqrt() as u64;
    let x0 = x0.max(1u64 << 63);
    let (sq_hi, sq_lo) = mul_wide(x0, x0);
    let (res_lo, borrow) = lo.overflowing_sub(sq_lo);
    let res_hi = hi.wrapping_sub(sq_hi).wrapping_sub(u64::from(borrow));
    // |n - x0^2| is below 2^80, so the two's complement words read as a signed number.
    let res = res_hi as i64 as f64 * TWO64 + res_lo as f64;
    let step = (res / (2.0 * x0 as f64)).round();
    let mut x = if step >= 0.0 {
        x0.saturating_add(step as u64)
    } else {
        x0.saturating_sub((-step) as u64)
    }
    .max(1u64 << 63);
    // x^2 <= n, then (x + 1)^2 > n (x + 1 may be 2^64, whose square exceeds any n).
    while mul_wide(x, x) > (hi, lo) {
        x -= 1;
    }
    while x < u64::MAX && mul_wide(x + 1, x + 1) <= (hi, lo) {
        x += 1;
    }
    x
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A xorshift generator for the seeded checks below.
    fn next(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    /// A random word, sometimes with runs of zeros or ones at either end.
    fn word(state: &mut u64) -> u64 {
        let w = next(state);
        match next(state) % 6 {
            0 => w << (next(state) % 64),
            1 => w >> (next(state) % 64),
            2 => w | (u64::MAX >> (next(state) % 64)),
            3 => w | (u64::MAX << (next(state) % 64)),
            _ => w,
        }
    }

    #[test]
    fn wide_integer_helpers_match_u128() {
        let mut state = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..1_000_000 {
            let (a, b) = (word(&mut state), word(&mut state));
            let p = a as u128 * b as u128;
            assert_eq!(mul_wide_by_halves(a, b), ((p >> 64) as u64, p as u64));
            assert_eq!(mul_wide(a, b), ((p >> 64) as u64, p as u64));
            let v = b | 1u64 << 63;
            let hi = if a < v { a } else { a - v };
            let lo = word(&mut state);
            let n = (hi as u128) << 64 | lo as u128;
            let (q, r) = div_wide(hi, lo, v);
            assert_eq!((q as u128, r as u128), (n / v as u128, n % v as u128));
            let top = hi | 1u64 << 62;
            let x = isqrt_wide(top, lo) as u128;
            let n = (top as u128) << 64 | lo as u128;
            assert!(x * x <= n && (x + 1).checked_mul(x + 1).is_none_or(|sq| sq > n));
        }
        for (hi, lo) in [(1u64 << 62, 0u64), (u64::MAX, u64::MAX), (u64::MAX, 0)] {
            let x = isqrt_wide(hi, lo) as u128;
            let n = (hi as u128) << 64 | lo as u128;
            assert!(x * x <= n && (x + 1).checked_mul(x + 1).is_none_or(|sq| sq > n));
        }
    }

    #[test]
    fn exact_doubles_round_trip() {
        for v in [0.0, 1.0, -2.5, 123.456, 1e-300, 7.0, 0.1, f64::MIN_POSITIVE] {
            assert_eq!(F80::from_f64(v).to_f64().to_bits(), v.to_bits());
        }
    }

    #[test]
    fn extended_keeps_more_bits() {
        // 1 + 2^-60 is exact in extended precision but not in double.
        let tiny = F80::from_f64(2f64.powi(-60));
        let one = F80::from_f64(1.0);
        let s = one.plus(tiny);
        assert!(one.lt(s));
        assert_eq!(s.minus(one).to_f64(), 2f64.powi(-60));
        assert_eq!(s.to_f64(), 1.0);
    }

    #[test]
    fn arithmetic_matches_double_when_exact() {
        let a = F80::from_f64(3.0);
        let b = F80::from_f64(4.0);
        assert_eq!(a.times(a).plus(b.times(b)).sqrt().to_f64(), 5.0);
        assert_eq!(F80::from_f64(1.0).divided(a).times(a).to_f64(), 1.0);
        assert_eq!(F80::from_f64(2.0).sqrt().to_f64(), 2f64.sqrt());
        assert_eq!(F80::from_f64(10.0).divided(a).to_f64(), 10.0 / 3.0);
    }

    #[test]
    fn division_rounds_to_64_bits() {
        // 1/3 in extended: 0xAAAA...AB * 2^-65 (round up of the repeating pattern).
        let third = F80::from_f64(1.0).divided(F80::from_f64(3.0));
        assert_eq!(third.mant, 0xAAAA_AAAA_AAAA_AAAB);
        assert_eq!(third.exp, -2);
    }

    #[test]
    fn fixed_printing_is_exact() {
        assert_eq!(F80::from_f64(60.0).to_fixed(17), "60.00000000000000000");
        assert_eq!(F80::from_f64(0.1).to_fixed(17), "0.10000000000000001");
        assert_eq!(F80::from_f64(-2.5).to_fixed(17), "-2.50000000000000000");
        assert_eq!(F80::ZERO.to_fixed(17), "0.00000000000000000");
        assert_eq!(
            F80::from_f64(1.0 / 3.0).to_fixed(17),
            format!("{:.17}", 1.0 / 3.0)
        );
    }
}
