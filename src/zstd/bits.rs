//! Bits as zstd lays them out: little-endian, the first bit written the lowest. The streams that
//! are read backwards (Huffman literals, sequences) end with a one bit that marks their end.

pub struct BitWriter {
    out: Vec<u8>,
    acc: u64,
    n: u32,
}

impl BitWriter {
    pub fn new() -> Self {
        Self::with_capacity(64)
    }

    pub fn with_capacity(bytes: usize) -> Self {
        BitWriter {
            out: Vec::with_capacity(bytes),
            acc: 0,
            n: 0,
        }
    }

    /// The `nb` low bits of `value` (at most 32).
    #[inline(always)]
    pub fn add(&mut self, value: u32, nb: u32) {
        debug_assert!(nb <= 32);
        let mask = (1u64 << nb) - 1;
        self.acc |= (u64::from(value) & mask) << self.n;
        self.n += nb;
        if self.n >= 32 {
            self.out.extend_from_slice(&(self.acc as u32).to_le_bytes());
            self.acc >>= 32;
            self.n -= 32;
        }
    }

    /// Every bit written, the last byte padded with zeros.
    pub fn finish(mut self) -> Vec<u8> {
        while self.n > 0 {
            self.out.push(self.acc as u8);
            self.acc >>= 8;
            self.n = self.n.saturating_sub(8);
        }
        self.out
    }

    /// A stream read from its end: the end-mark bit, then the padding.
    pub fn close(mut self) -> Vec<u8> {
        self.add(1, 1);
        self.finish()
    }
}

/// The index of the highest set bit (`x > 0`).
#[inline(always)]
pub fn highbit(x: u32) -> u32 {
    31 - x.leading_zeros()
}

/// log2(x) in 1/256 bits, the mantissa taken as linear (within 0.09 bits): the prices the parser
/// compares.
#[inline(always)]
pub fn log2_256(x: u32) -> i32 {
    let x = x.max(1);
    let hb = highbit(x);
    let frac = if hb >= 8 {
        (x >> (hb - 8)) as i32 - 256
    } else {
        ((x << (8 - hb)) as i32) - 256
    };
    (hb as i32) * 256 + frac
}
