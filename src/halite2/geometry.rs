//! Numbers and geometry exactly as the reference engine computes them.
//!
//! The reference keeps positions and velocities in x87 80-bit `long double` and mixes that
//! precision with `double` in specific places (see `RULES.md`, "Numeric types"). [`F80`] is a
//! software model of the x87 extended format (64-bit significand, round to nearest even) for
//! add, subtract, multiply, divide and square root, so the same results come out natively and
//! in WebAssembly. The helpers below reproduce which operation runs in which precision:
//! distances and speeds are formed in extended precision but rounded to `double` before a
//! `double` square root; squared distances and collision times stay extended.

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
    pub fn to_f64(self) -> f64 {
        if self.mant == 0 {
            return if self.neg { -0.0 } else { 0.0 };
        }
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

    pub fn is_zero(self) -> bool {
        self.mant == 0
    }

    /// Rounds `s * 2^e_base` (with any sticky information already in the low bit of `s`) to
    /// 64 significant bits.
    fn round_pack(neg: bool, e_base: i32, s: u128) -> F80 {
        if s == 0 {
            return F80 {
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
        F80 { neg, exp, mant }
    }

    fn magnitude_cmp(a: F80, b: F80) -> Ordering {
        match (a.mant == 0, b.mant == 0) {
            (true, true) => Ordering::Equal,
            (true, false) => Ordering::Less,
            (false, true) => Ordering::Greater,
            _ => a.exp.cmp(&b.exp).then(a.mant.cmp(&b.mant)),
        }
    }

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
            F80::round_pack(a.neg, e_base, big + small)
        } else {
            let diff = big - small;
            if diff == 0 {
                return F80::ZERO;
            }
            F80::round_pack(a.neg, e_base, diff)
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

    pub fn times(self, other: F80) -> F80 {
        let neg = self.neg != other.neg;
        if self.mant == 0 || other.mant == 0 {
            return F80 { neg, ..F80::ZERO };
        }
        let s = (self.mant as u128) * (other.mant as u128);
        F80::round_pack(neg, self.exp + other.exp - 126, s)
    }

    /// Division; a zero divisor gives a huge value of the right sign (never reached by the
    /// rules, which test divisors first).
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
        // 64 or 65 quotient bits, then two more and a sticky bit for the rounding.
        let d = other.mant as u128;
        let num = (self.mant as u128) << 64;
        let q = num / d;
        let rem = num % d;
        let next = (rem << 2) / d;
        let rest = (rem << 2) % d;
        let s = (q << 3) | (next << 1) | u128::from(rest != 0);
        F80::round_pack(neg, self.exp - other.exp - 67, s)
    }

    /// Square root (`sqrtl`); negative inputs give zero (never reached by the rules).
    pub fn sqrt(self) -> F80 {
        if self.mant == 0 || self.neg {
            return F80::ZERO;
        }
        // value = mant * 2^(exp - 63); make the power even and the integer 127-128 bits long.
        let e2 = self.exp - 63;
        let k = if (e2 - 64).rem_euclid(2) == 0 { 64 } else { 63 };
        let n = (self.mant as u128) << k;
        let mut r = isqrt(n);
        let rem = n - r * r;
        // sqrt(n) > r + 1/2 exactly when n - r^2 > r (an exact half is impossible).
        let mut exp = (e2 - k) / 2;
        if rem > r {
            r += 1;
        }
        // r is in [2^63, 2^64]; 2^64 only by rounding up.
        if r == 1u128 << 64 {
            r >>= 1;
            exp += 1;
        }
        F80 {
            neg: false,
            exp: exp + 63,
            mant: r as u64,
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

/// Integer square root of a 127-128 bit number (result below 2^64 + 1).
fn isqrt(n: u128) -> u128 {
    let mut x = (n as f64).sqrt() as u128;
    if x == 0 {
        x = 1;
    }
    // One Newton step from a 53-bit estimate gives the floor within a few units.
    x = (x + n / x) / 2;
    while x.checked_mul(x).map_or(true, |sq| sq > n) {
        x -= 1;
    }
    while (x + 1).checked_mul(x + 1).is_some_and(|sq| sq <= n) {
        x += 1;
    }
    x
}

/// A point or a velocity in extended precision.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Vec2 {
    pub x: F80,
    pub y: F80,
}

impl Vec2 {
    pub const ZERO: Vec2 = Vec2 {
        x: F80::ZERO,
        y: F80::ZERO,
    };

    pub fn from_f64(x: f64, y: f64) -> Vec2 {
        Vec2 {
            x: F80::from_f64(x),
            y: F80::from_f64(y),
        }
    }

    pub fn to_f64(self) -> (f64, f64) {
        (self.x.to_f64(), self.y.to_f64())
    }

    /// `Location::distance2`: the squared distance, all in extended precision.
    pub fn distance2(self, other: Vec2) -> F80 {
        let dx = other.x.minus(self.x);
        let dy = other.y.minus(self.y);
        dx.times(dx).plus(dy.times(dy))
    }

    /// `Location::distance`: the squared distance rounded to double, then a double root.
    pub fn distance(self, other: Vec2) -> f64 {
        self.distance2(other).to_f64().sqrt()
    }

    /// `Velocity::magnitude`: extended sum of squares, double root.
    pub fn magnitude(self) -> f64 {
        self.x
            .times(self.x)
            .plus(self.y.times(self.y))
            .to_f64()
            .sqrt()
    }

    /// `Location::move_by`: `pos += time * vel` in extended precision.
    pub fn moved_by(self, vel: Vec2, time: f64) -> Vec2 {
        let t = F80::from_f64(time);
        Vec2 {
            x: self.x.plus(t.times(vel.x)),
            y: self.y.plus(t.times(vel.y)),
        }
    }
}

/// The cosine and sine the reference takes of thrust angles, spawn offsets and orbits (the C
/// library's, correctly rounded for these arguments: see [`super::trig`]).
pub fn cos(x: f64) -> f64 {
    super::trig::cos(x)
}

pub fn sin(x: f64) -> f64 {
    super::trig::sin(x)
}

pub fn atan2(y: f64, x: f64) -> f64 {
    libm::atan2(y, x)
}

/// `collision_time`: the first time in the turn at which two moving circles are `r` apart
/// (`None` if never), solved in extended precision and returned as a double.
pub fn collision_time(r: f64, p1: Vec2, p2: Vec2, v1: Vec2, v2: Vec2) -> Option<f64> {
    let dx = p1.x.minus(p2.x);
    let dy = p1.y.minus(p2.y);
    let dvx = v1.x.minus(v2.x);
    let dvy = v1.y.minus(v2.y);
    let a = dvx.times(dvx).plus(dvy.times(dvy));
    let two = F80::from_i64(2);
    let b = two.times(dx.times(dvx).plus(dy.times(dvy)));
    let c = dx.times(dx).plus(dy.times(dy)).minus(F80::from_f64(r * r));
    let disc = b.times(b).minus(F80::from_i64(4).times(a).times(c));
    let zero = F80::ZERO;
    if a.is_zero() {
        if b.is_zero() {
            return c.le(zero).then_some(0.0);
        }
        let t = c.negated().divided(b);
        return (!t.lt(zero)).then(|| t.to_f64());
    }
    if disc.is_zero() {
        return Some(b.negated().divided(two.times(a)).to_f64());
    }
    if disc.lt(zero) {
        return None;
    }
    let root = disc.sqrt();
    let t1 = b.negated().plus(root);
    let t2 = b.negated().minus(root);
    let two_a = two.times(a);
    let t1_pos = !t1.lt(zero);
    let t2_pos = !t2.lt(zero);
    if t1_pos && t2_pos {
        let m = if t2.lt(t1) { t2 } else { t1 };
        Some(m.divided(two_a).to_f64())
    } else if t1.le(zero) && t2.le(zero) {
        let m = if t1.lt(t2) { t2 } else { t1 };
        Some(m.divided(two_a).to_f64())
    } else {
        Some(0.0)
    }
}

/// Event times are rounded to 1/10000 of a turn.
pub fn round_event_time(t: f64) -> f64 {
    (t * 10000.0).round() / 10000.0
}

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn collision_times() {
        let p = Vec2::from_f64(0.0, 0.0);
        let q = Vec2::from_f64(10.0, 0.0);
        let v = Vec2::from_f64(7.0, 0.0);
        // Closing at 7 per turn from 10 apart: 1 apart at 9/7.
        assert_eq!(
            collision_time(1.0, p, q, v, Vec2::ZERO),
            None.or(Some(9.0 / 7.0))
        );
        assert_eq!(collision_time(6.0, p, q, v, Vec2::ZERO), Some(4.0 / 7.0));
        assert_eq!(round_event_time(4.0 / 7.0), 0.5714);
    }
}
