//! The format's codes for literal lengths, match lengths and offsets (RFC 8878, 3.1.1.3.2.1).

use super::bits::highbit;

pub const LL_BASE: [u32; 36] = [
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 18, 20, 22, 24, 28, 32, 40, 48, 64,
    128, 256, 512, 1024, 2048, 4096, 8192, 16384, 32768, 65536,
];
pub const LL_BITS: [u8; 36] = [
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 3, 3, 4, 6, 7, 8, 9, 10, 11,
    12, 13, 14, 15, 16,
];
pub const ML_BASE: [u32; 53] = [
    3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27,
    28, 29, 30, 31, 32, 33, 34, 35, 37, 39, 41, 43, 47, 51, 59, 67, 83, 99, 131, 259, 515, 1027,
    2051, 4099, 8195, 16387, 32771, 65539,
];
pub const ML_BITS: [u8; 53] = [
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    1, 1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
];

/// The predefined distributions (accuracy 6, 6 and 5).
pub const LL_DEFAULT: [i16; 36] = [
    4, 3, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 3, 2, 1, 1, 1, 1, 1,
    -1, -1, -1, -1,
];
pub const ML_DEFAULT: [i16; 53] = [
    1, 4, 3, 2, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, -1, -1, -1, -1, -1, -1, -1,
];
pub const OF_DEFAULT: [i16; 29] = [
    1, 1, 1, 1, 1, 1, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, -1, -1, -1, -1, -1,
];

#[inline]
pub fn ll_code(ll: u32) -> u8 {
    if ll < 16 {
        ll as u8
    } else if ll < 64 {
        (16..25).rev().find(|&c| LL_BASE[c] <= ll).unwrap() as u8
    } else {
        (highbit(ll) + 19) as u8
    }
}

#[inline]
pub fn ml_code(ml: u32) -> u8 {
    let base = ml - 3;
    if base < 32 {
        base as u8
    } else if base < 128 {
        (32..43).rev().find(|&c| ML_BASE[c] <= ml).unwrap() as u8
    } else {
        (highbit(base) + 36) as u8
    }
}

/// An offset value's code: its highest bit (also the number of extra bits).
#[inline]
pub fn of_code(ov: u32) -> u8 {
    highbit(ov) as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_length_falls_in_its_codes_range() {
        for ll in 0..131_072u32 {
            let c = ll_code(ll) as usize;
            assert!(
                LL_BASE[c] <= ll && ll < LL_BASE[c] + (1 << LL_BITS[c]),
                "ll {ll}"
            );
        }
        for ml in 3..131_072u32 {
            let c = ml_code(ml) as usize;
            assert!(
                ML_BASE[c] <= ml && ml < ML_BASE[c] + (1 << ML_BITS[c]),
                "ml {ml}"
            );
        }
    }
}
