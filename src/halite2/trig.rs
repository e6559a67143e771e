//! Cosine and sine with the reference's bits, on every target.
//!
//! The reference calls the C library's `cos`/`sin`: glibc on x86-64 Linux, which on a CPU with
//! FMA runs its FMA build. Those results are not always correctly rounded (about 0.1% of
//! arguments differ in the last bit), and another library (WebAssembly's, musl's, or glibc on a
//! CPU without FMA) differs elsewhere, which moves a ship by an ulp and breaks a replay. So the
//! same method is evaluated here, with the same constants and the same fused multiply-adds:
//!
//! * the argument is reduced by pi/2 in three parts (with a correction term), unless it is
//!   small enough to be used directly (or its complement to pi/2 is);
//! * a reduced argument below 0.126 goes through a Taylor polynomial of degree 9 with the
//!   correction folded in;
//! * otherwise it is split as `k/128 + r`: sin and cos of `k/128` come from a table kept in
//!   double-double (computed here once), and those of `r` from short polynomials, combined by
//!   the angle-sum formulas.
//!
//! A native test compares the result with glibc's bit for bit on millions of arguments.

use std::sync::OnceLock;

/// 1.5 * 2^45: adding it rounds a value in [0, 1) to a multiple of 1/128, whose numerator is
/// left in the low bits.
const SPLIT_128: f64 = 52_776_558_133_248.0;
/// 1.5 * 2^52: adding it rounds to an integer, left in the low bits.
const TO_INT: f64 = 6_755_399_441_055_744.0;

// pi/2 in double and its tail; 2/pi.
const HALF_PI_BITS: u64 = 0x3FF9_21FB_5444_2D18;
const HALF_PI_TAIL_BITS: u64 = 0x3C91_A626_3314_5C07;
const TWO_OVER_PI_BITS: u64 = 0x3FE4_5F30_6DC9_C883;
// pi/2 in four pieces for the reduction (the first two short, so `n * piece` is exact).
const PIO2_A_BITS: u64 = 0x3FF9_21FB_5800_0000;
const PIO2_B_BITS: u64 = 0xBE4D_DE97_3C00_0000;
const PIO2_C_BITS: u64 = 0xBC8C_B3B3_9800_0000;
const PIO2_D_BITS: u64 = 0xBACD_747F_23E3_2ED7;

// sin(r) ~ r + r^3 (S3 + r^2 S5); 1 - cos(r) ~ r^2 (C2 + r^2 (C4 + r^2 C6)), for |r| <= 1/256.
const S3: f64 = -0.16666666666666488;
const S5: f64 = 0.008333332142857223;
const C2: f64 = 0.5;
const C4: f64 = -0.04166666666666644;
const C6: f64 = 0.001388888740079376;
// The Taylor polynomial of sin for small arguments.
const T1: f64 = -0.16666666666666666;
const T2: f64 = 0.008333333333332329;
const T3: f64 = -0.00019841269834414642;
const T4: f64 = 2.755729806860771e-06;
const T5: f64 = -2.5022014848318398e-08;

fn f(bits: u64) -> f64 {
    f64::from_bits(bits)
}

/// `a * b + c` rounded once.
fn fma(a: f64, b: f64, c: f64) -> f64 {
    a.mul_add(b, c)
}

/// sin and cos of `k / 128` for k in 0..128, each as a double and the rest below it.
fn table() -> &'static [[f64; 4]; 128] {
    static TABLE: OnceLock<[[f64; 4]; 128]> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = [[0.0; 4]; 128];
        for (k, row) in t.iter_mut().enumerate() {
            let (s, c) = dd::sin_cos(k as f64 / 128.0);
            *row = [s.hi, s.lo, c.hi, c.lo];
        }
        t
    })
}

/// The table row for `u = SPLIT_128 + |x|`.
fn row(u: f64) -> [f64; 4] {
    let k = (u.to_bits() & 0xffff_ffff) as usize;
    table().get(k).copied().unwrap_or([0.0; 4])
}

/// cos(x + dx) for |x| < 0.856.
fn cos_small(x: f64, dx: f64) -> f64 {
    let dx = if x < 0.0 { -dx } else { dx };
    let u = SPLIT_128 + x.abs();
    let r = x.abs() - (u - SPLIT_128) + dx;
    let rr = r * r;
    let s = fma(r * rr, fma(rr, S5, S3), r);
    let c = rr * fma(rr, fma(rr, C6, C4), C2);
    let [sn, ssn, cs, ccs] = row(u);
    let cor = fma(-sn, s, fma(-cs, c, fma(-s, ssn, ccs)));
    cs + cor
}

/// sin(x + dx) for |x| < 0.856.
fn sin_small(x: f64, dx: f64) -> f64 {
    if x.abs() < 0.126 {
        let xx = x * x;
        let poly = fma(fma(fma(fma(T5, xx, T4), xx, T3), xx, T2), xx, T1);
        let t = fma(fma(poly, x, -(0.5 * dx)), xx, dx);
        return x + t;
    }
    let dx = if x <= 0.0 { -dx } else { dx };
    let u = SPLIT_128 + x.abs();
    let r = x.abs() - (u - SPLIT_128);
    let rr = r * r;
    let s = r + fma(r * rr, fma(rr, S5, S3), dx);
    let c = fma(r, dx, rr * fma(rr, fma(rr, C6, C4), C2));
    let [sn, ssn, cs, ccs] = row(u);
    let cor = fma(cs, s, fma(-sn, c, fma(s, ccs, ssn)));
    (sn + cor).copysign(x)
}

/// `x` reduced by pi/2: the quadrant (mod 4) and the remainder as `a + da`.
fn reduce(x: f64) -> (u64, f64, f64) {
    let t = fma(x, f(TWO_OVER_PI_BITS), TO_INT);
    let n = t - TO_INT;
    let y = fma(-n, f(PIO2_B_BITS), fma(-n, f(PIO2_A_BITS), x));
    let t2 = fma(-n, f(PIO2_C_BITS), y);
    let mut da = fma(-n, f(PIO2_C_BITS), y - t2);
    let a = fma(-n, f(PIO2_D_BITS), t2);
    da += fma(-n, f(PIO2_D_BITS), t2 - a);
    (t.to_bits() & 3, a, da)
}

/// sin of the reduced argument, turned by `quadrant` quarter turns.
fn quadrant_sin(a: f64, da: f64, quadrant: u64) -> f64 {
    let v = if quadrant & 1 == 1 {
        cos_small(a, da)
    } else {
        sin_small(a, da)
    };
    if quadrant & 2 == 2 {
        -v
    } else {
        v
    }
}

/// The reference's sine.
pub fn sin(x: f64) -> f64 {
    let k = (x.to_bits() >> 32) as u32 & 0x7fff_ffff;
    if k < 0x3e50_0000 {
        x
    } else if k < 0x3feb_6000 {
        sin_small(x, 0.0)
    } else if k < 0x4003_68fd {
        cos_small(f(HALF_PI_BITS) - x.abs(), f(HALF_PI_TAIL_BITS)).copysign(x)
    } else if k < 0x4199_21fb {
        let (q, a, da) = reduce(x);
        quadrant_sin(a, da, q)
    } else {
        // Beyond 1e8 (never an angle of the rules): the platform's.
        x.sin()
    }
}

/// The reference's cosine.
pub fn cos(x: f64) -> f64 {
    let k = (x.to_bits() >> 32) as u32 & 0x7fff_ffff;
    if k < 0x3e40_0000 {
        1.0
    } else if k < 0x3feb_6000 {
        cos_small(x, 0.0)
    } else if k < 0x4003_68fd {
        let y = f(HALF_PI_BITS) - x.abs();
        let a = y + f(HALF_PI_TAIL_BITS);
        let da = (y - a) + f(HALF_PI_TAIL_BITS);
        sin_small(a, da)
    } else if k < 0x4199_21fb {
        let (q, a, da) = reduce(x);
        quadrant_sin(a, da, q + 1)
    } else {
        x.cos()
    }
}

/// Double-double arithmetic, only to fill the table.
mod dd {
    #[derive(Clone, Copy)]
    pub struct Dd {
        pub hi: f64,
        pub lo: f64,
    }

    fn two_sum(a: f64, b: f64) -> Dd {
        let s = a + b;
        let bb = s - a;
        Dd {
            hi: s,
            lo: (a - (s - bb)) + (b - bb),
        }
    }

    fn add(a: Dd, b: Dd) -> Dd {
        let s = two_sum(a.hi, b.hi);
        two_sum(s.hi, s.lo + a.lo + b.lo)
    }

    fn mul(a: Dd, b: Dd) -> Dd {
        let p = a.hi * b.hi;
        let e = a.hi.mul_add(b.hi, -p) + a.hi * b.lo + a.lo * b.hi;
        two_sum(p, e)
    }

    fn div(a: Dd, b: f64) -> Dd {
        let q = a.hi / b;
        let p = q * b;
        let pe = q.mul_add(b, -p);
        two_sum(q, ((a.hi - p) - pe + a.lo) / b)
    }

    /// sin and cos of a small double by their series (|x| < 1: 30 terms are far past need).
    pub fn sin_cos(x: f64) -> (Dd, Dd) {
        let x = Dd { hi: x, lo: 0.0 };
        let x2 = mul(x, x);
        let (mut s, mut term, mut n) = (x, x, 1.0);
        for _ in 0..30 {
            term = div(mul(term, x2), -((n + 1.0) * (n + 2.0)));
            n += 2.0;
            s = add(s, term);
        }
        let one = Dd { hi: 1.0, lo: 0.0 };
        let (mut c, mut term, mut n) = (one, one, 0.0);
        for _ in 0..30 {
            term = div(mul(term, x2), -((n + 1.0) * (n + 2.0)));
            n += 2.0;
            c = add(c, term);
        }
        (s, c)
    }
}

#[cfg(all(
    test,
    target_os = "linux",
    target_env = "gnu",
    any(target_arch = "x86_64", target_arch = "x86")
))]
mod tests {
    use super::*;

    /// Every thrust angle, spawn offset and a million random orbit angles give glibc's bits
    /// (glibc's FMA build is the reference's, so the check needs a CPU with FMA).
    #[test]
    fn bits_match_glibc() {
        if !std::is_x86_feature_detected!("fma") {
            eprintln!("no FMA on this CPU: glibc takes another path; skipped");
            return;
        }
        let mut args: Vec<f64> = (0..65536u32)
            .map(|a| f64::from(a) * std::f64::consts::PI / 180.0)
            .collect();
        for dx in -2..=2 {
            for dy in -2..=2 {
                args.push(f64::from(dy).atan2(f64::from(dx)));
            }
        }
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..1_000_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let u = (state >> 11) as f64 / (1u64 << 53) as f64;
            args.push(u * 26.0 - 13.0);
            args.push(u * 1e-6);
        }
        for x in args {
            assert_eq!(sin(x).to_bits(), x.sin().to_bits(), "sin({x:e})");
            assert_eq!(cos(x).to_bits(), x.cos().to_bits(), "cos({x:e})");
        }
    }
}
