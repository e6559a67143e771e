//! Correctly rounded cosine and sine, the same bits on every target.
//!
//! The reference calls the C library's `cos`/`sin` (glibc on x86-64 Linux), whose results are
//! correctly rounded for the arguments the rules use (thrust angles `a * pi / 180` for every
//! 16-bit `a`, orbit angles of the map generator). Other targets' libraries differ in the last
//! bit for a few percent of those arguments, which moves ships by an ulp and breaks replays.
//! So the value is evaluated here in double-double arithmetic (about 100 bits: Cody-Waite
//! reduction by pi/2, then Taylor series) and rounded once.

#[derive(Clone, Copy)]
struct Dd {
    hi: f64,
    lo: f64,
}

fn two_sum(a: f64, b: f64) -> Dd {
    let s = a + b;
    let bb = s - a;
    let lo = (a - (s - bb)) + (b - bb);
    Dd { hi: s, lo }
}

fn fast_two_sum(a: f64, b: f64) -> Dd {
    let s = a + b;
    Dd {
        hi: s,
        lo: b - (s - a),
    }
}

fn split(a: f64) -> (f64, f64) {
    let c = 134_217_729.0 * a;
    let hi = c - (c - a);
    (hi, a - hi)
}

fn two_prod(a: f64, b: f64) -> Dd {
    let p = a * b;
    let (ah, al) = split(a);
    let (bh, bl) = split(b);
    let lo = ((ah * bh - p) + ah * bl + al * bh) + al * bl;
    Dd { hi: p, lo }
}

impl Dd {
    fn from(v: f64) -> Dd {
        Dd { hi: v, lo: 0.0 }
    }

    fn add(self, b: Dd) -> Dd {
        let s = two_sum(self.hi, b.hi);
        let t = two_sum(self.lo, b.lo);
        let s = fast_two_sum(s.hi, s.lo + t.hi);
        fast_two_sum(s.hi, s.lo + t.lo)
    }

    fn neg(self) -> Dd {
        Dd {
            hi: -self.hi,
            lo: -self.lo,
        }
    }

    fn mul(self, b: Dd) -> Dd {
        let p = two_prod(self.hi, b.hi);
        fast_two_sum(p.hi, p.lo + (self.hi * b.lo + self.lo * b.hi))
    }

    fn div_f64(self, b: f64) -> Dd {
        let q1 = self.hi / b;
        let p = two_prod(q1, b);
        let s = two_sum(self.hi, -p.hi);
        let q2 = (s.hi + (s.lo - p.lo + self.lo)) / b;
        fast_two_sum(q1, q2)
    }
}

// pi/2 in pieces of 33 bits (exact when multiplied by a quotient below 2^20), then a tail.
const PIO2_1_BITS: u64 = 0x3FF9_21FB_5440_0000;
const PIO2_2_BITS: u64 = 0x3DD0_B461_1A60_0000;
const PIO2_3_BITS: u64 = 0x3BA3_198A_2E00_0000;
const PIO2_3T_BITS: u64 = 0x397B_839A_2520_49C1;

/// `x` reduced by pi/2: the quadrant and the remainder in double-double.
fn reduce(x: f64) -> (i64, Dd) {
    let (pio2_1, pio2_2) = (f64::from_bits(PIO2_1_BITS), f64::from_bits(PIO2_2_BITS));
    let (pio2_3, pio2_3t) = (f64::from_bits(PIO2_3_BITS), f64::from_bits(PIO2_3T_BITS));
    let k = (x / pio2_1).round();
    let r = Dd::from(x - k * pio2_1);
    let r = r.add(Dd::from(-(k * pio2_2)));
    let r = r.add(Dd::from(-(k * pio2_3)));
    let r = r.add(Dd::from(-(k * pio2_3t)));
    (k as i64, r)
}

/// sin and cos of a double-double `r` with |r| <= pi/4 (Taylor series).
fn sin_cos_small(r: Dd) -> (Dd, Dd) {
    let r2 = r.mul(r);
    let mut sin = r;
    let mut term = r;
    let mut n = 1.0;
    loop {
        term = term.mul(r2).div_f64((n + 1.0) * (n + 2.0)).neg();
        n += 2.0;
        sin = sin.add(term);
        if term.hi.abs() < 1e-40 {
            break;
        }
    }
    let mut cos = Dd::from(1.0);
    let mut term = Dd::from(1.0);
    let mut n = 0.0;
    loop {
        term = term.mul(r2).div_f64((n + 1.0) * (n + 2.0)).neg();
        n += 2.0;
        cos = cos.add(term);
        if term.hi.abs() < 1e-40 {
            break;
        }
    }
    (sin, cos)
}

fn sin_cos(x: f64) -> (f64, f64) {
    if !x.is_finite() || x.abs() > 1e9 {
        return (libm::sin(x), libm::cos(x));
    }
    let (k, r) = reduce(x);
    let (s, c) = sin_cos_small(r);
    let (s, c) = match k.rem_euclid(4) {
        0 => (s, c),
        1 => (c, s.neg()),
        2 => (s.neg(), c.neg()),
        _ => (c.neg(), s),
    };
    let round = |d: Dd| fast_two_sum(d.hi, d.lo).hi;
    (round(s), round(c))
}

/// Correctly rounded cosine.
pub fn cos_cr(x: f64) -> f64 {
    sin_cos(x).1
}

/// Correctly rounded sine.
pub fn sin_cr(x: f64) -> f64 {
    sin_cos(x).0
}

/// The reference's cosine: glibc's own on Linux with glibc (the reference's platform);
/// elsewhere (WebAssembly, other C libraries) the correctly rounded value, corrected to
/// glibc's where they differ for thrust angles and spawn offsets.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
pub fn cos(x: f64) -> f64 {
    x.cos()
}

#[cfg(all(target_os = "linux", target_env = "gnu"))]
pub fn sin(x: f64) -> f64 {
    x.sin()
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
pub fn cos(x: f64) -> f64 {
    glibc_exception(x).map_or_else(|| cos_cr(x), |e| e.1)
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
pub fn sin(x: f64) -> f64 {
    glibc_exception(x).map_or_else(|| sin_cr(x), |e| e.0)
}

/// glibc's `(sin, cos)` where it differs from the correctly rounded value (for the arguments
/// the rules use; see `trig_table.rs`).
#[cfg_attr(all(target_os = "linux", target_env = "gnu"), allow(dead_code))]
fn glibc_exception(x: f64) -> Option<(f64, f64)> {
    let table = &super::trig_table::GLIBC_SIN_COS;
    let bits = x.to_bits();
    table
        .binary_search_by_key(&bits, |r| r.0)
        .ok()
        .map(|k| (f64::from_bits(table[k].1), f64::from_bits(table[k].2)))
}

#[cfg(all(test, target_os = "linux", target_env = "gnu"))]
mod tests {
    use super::*;

    /// The portable path (correctly rounded, then the exception table) gives glibc's bits for
    /// every thrust angle and spawn offset (natively, where glibc is the reference).
    #[test]
    fn portable_values_match_glibc() {
        let portable = |x: f64| glibc_exception(x).unwrap_or_else(|| (sin_cr(x), cos_cr(x)));
        for a in 0..65536u32 {
            let x = f64::from(a) * std::f64::consts::PI / 180.0;
            let (s, c) = portable(x);
            assert_eq!(s.to_bits(), x.sin().to_bits(), "sin of angle {a}");
            assert_eq!(c.to_bits(), x.cos().to_bits(), "cos of angle {a}");
        }
    }
}
