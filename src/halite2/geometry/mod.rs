//! Numbers and geometry exactly as the reference engine computes them.
//!
//! The reference keeps positions and velocities in x87 80-bit `long double` and mixes that
//! precision with `double` in specific places (see `docs/rules-halite2.md#numbers`).
//! [`F80`] is a software model of the x87 extended format (64-bit significand, round to
//! nearest even) for add, subtract, multiply, divide and square root, so the same results come
//! out natively and in WebAssembly. The helpers below reproduce which operation runs in which
//! precision: distances and speeds are formed in extended precision but rounded to `double`
//! before a `double` square root; squared distances and collision times stay extended.

mod f80;

pub use f80::F80;

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

    #[inline]
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

    /// `Velocity::magnitude`: extended sum of squares, double root (0 for a ship at rest,
    /// as that gives).
    pub fn magnitude(self) -> f64 {
        if self.x.is_zero() && self.y.is_zero() {
            return 0.0;
        }
        self.x
            .times(self.x)
            .plus(self.y.times(self.y))
            .to_f64()
            .sqrt()
    }

    /// `Location::move_by`: `pos += time * vel` in extended precision.
    pub fn moved_by(self, vel: Vec2, time: f64) -> Vec2 {
        if time == 1.0 {
            // A whole turn (every ship's move): `1 * vel` is `vel` exactly, zeros included.
            return Vec2 {
                x: self.x.plus(vel.x),
                y: self.y.plus(vel.y),
            };
        }
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
    // Products by 2 and 4 only move the exponent (`times_pow2`, exactly what `times` gives).
    let b = dx.times(dvx).plus(dy.times(dvy)).times_pow2(1);
    let c = dx.times(dx).plus(dy.times(dy)).minus(F80::from_f64(r * r));
    let disc = b.times(b).minus(a.times_pow2(2).times(c));
    let zero = F80::ZERO;
    if a.is_zero() {
        if b.is_zero() {
            return c.le(zero).then_some(0.0);
        }
        let t = c.negated().divided(b);
        return (!t.lt(zero)).then(|| t.to_f64());
    }
    if disc.is_zero() {
        return Some(b.negated().divided(a.times_pow2(1)).to_f64());
    }
    if disc.lt(zero) {
        return None;
    }
    let root = disc.sqrt();
    let t1 = b.negated().plus(root);
    let t2 = b.negated().minus(root);
    let two_a = a.times_pow2(1);
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
