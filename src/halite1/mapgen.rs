//! The Halite I map generator, reproducing the reference environment (Halite I, version 1.2)
//! bit for bit: the same seed, size and player count give the same production, owners and
//! strengths as the original game.
//!
//! # How a map is made
//! 1. A Mersenne Twister (`std::mt19937`) is seeded with the seed. Its first output decides the
//!    *orientation*: odd means the players are laid out mostly side by side ("across"), even
//!    mostly one above the other ("down").
//! 2. The players are arranged in a grid of `across` x `down` equal rectangular chunks, as close
//!    to square as the player count allows (1x1, 2x1, 3x1, 2x2, 5x1, 3x2, or transposed). The
//!    chunk size is the requested size divided by that grid, and then one chunk side is cut down
//!    to a multiple of the player count so that chunks can later be slid by a whole fraction of
//!    the map. That is why the map played is often smaller than the one requested, and why, for 4
//!    and 6 players, its shape depends on the seed (see [`actual_size_for_seed`]).
//! 3. One chunk's production and strength come from two random "region trees": a region draws
//!    a factor `u^1.5` (with `u` uniform in [0, 1)), splits itself into up to 4x4 sub-regions
//!    that recursively do the same, and then softens its sub-regions' factors with a
//!    wrap-around blur among siblings. A cell's value is the product of the factors on its
//!    path from the leaf up to the root.
//! 4. The chunk is tiled over the map, one player in the middle of each copy; chunks in odd
//!    rows / columns are mirrored when there is an even number of chunks in that direction,
//!    and (except for 6 players) the k-th column of chunks is slid down (or the k-th row of
//!    chunks slid right) by k times a randomly chosen offset, so that players do not all sit
//!    on one straight line.
//! 5. The whole map is blurred on the torus a size-dependent number of times, each value is
//!    divided by the map's maximum, and scaled by random tops: production by 6..=15, strength by
//!    150..=255, rounded half away from zero. A player's starting site produces at least 1.
//!
//! # Numerical fidelity
//! Every floating-point step is done in `f64` in the same order as the reference (which uses
//! `double` throughout), so the results agree exactly. The uniform doubles are drawn the way
//! GNU libstdc++'s `generate_canonical<double, 53>` does it: two 32-bit outputs `lo`, then `hi`,
//! combined as `(lo + hi * 2^32) / 2^64` (the sum rounded to `f64`), with a result of 1.0
//! replaced by the largest double below 1.
//!
//! The one library function involved, `pow(u, 1.5)`, comes from the platform's maths library,
//! as it did for the reference. On Linux with glibc (where the reference data was made) it is
//! the very same function. Elsewhere (e.g. `wasm32`, whose `pow` comes from Rust's port of
//! musl) a factor can differ in its last bit for rare `u`; such a difference would change a
//! map only if a scaled value fell within about 1e-13 of a rounding boundary, which was never
//! seen in 200,000 random requests (and all reference vectors also match on `wasm32`).
//!
//! # Inputs outside the reference's range
//! Requests reach this module from untrusted places (a web page), so nothing here panics or
//! allocates without bound:
//! - `players` is clamped to `1..=MAX_PLAYERS` (0 plays as 1, 7 or more as 6);
//! - each requested side is clamped to `1..=MAX_SIDE` (0 counts as 1, 65535 as 250);
//! - where the reference would cut a chunk side down to 0 (and then crash on an empty map,
//!   e.g. 8x8 with 6 players), that side is instead set to the smallest size that works: the
//!   player count for the side that must be a multiple of it, 1 for the other. Such maps are
//!   then a little larger than requested (never more than 12 in that direction).
//!
//! For every request the reference handles (sides at least 12 always suffice), the output is
//! identical to the reference's.

pub use super::grid::MAX_SIDE;
use super::grid::{neighbours, wrap, Board, MAX_PLAYERS};
use rand_mt::Mt;
use std::fmt;

/// A map request as every caller makes it (a new game, the CLI's `mapgen`, the web's
/// `generateMap`): its limits are checked here and only here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MapRequest {
    /// Requested size; the generator may shrink it to keep the map symmetric.
    pub width: usize,
    pub height: usize,
    /// Players the map is made for, 1 to [`MAX_PLAYERS`].
    pub players: usize,
    pub seed: u32,
}

/// Why a map request is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MapError {
    Players(usize),
    Size { width: usize, height: usize },
}

impl fmt::Display for MapError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MapError::Players(n) => {
                write!(f, "a map holds 1 to {MAX_PLAYERS} players, not {n}")
            }
            MapError::Size { width, height } => {
                write!(f, "map sides are 1 to {MAX_SIDE}, not {width}x{height}")
            }
        }
    }
}

impl std::error::Error for MapError {}

/// Whether a map of `width` x `height` is within [`MAX_SIDE`] (for requests and for boards given
/// from outside alike).
pub fn check_sides(width: usize, height: usize) -> Result<(), MapError> {
    let sides = 1..=MAX_SIDE;
    if sides.contains(&width) && sides.contains(&height) {
        Ok(())
    } else {
        Err(MapError::Size { width, height })
    }
}

impl MapRequest {
    /// Whether the request is within the limits ([`MAX_PLAYERS`], [`MAX_SIDE`]).
    pub fn check(&self) -> Result<(), MapError> {
        if !(1..=MAX_PLAYERS).contains(&self.players) {
            return Err(MapError::Players(self.players));
        }
        check_sides(self.width, self.height)
    }

    /// The reference map for this request, once it is checked (see [`generate`]).
    pub fn generate(&self) -> Result<Board, MapError> {
        self.check()?;
        Ok(generate(self.width, self.height, self.players, self.seed))
    }
}

/// The map size actually played for a request when the player count makes it independent of
/// the seed, which it is for 1, 2, 3 and 5 players: each side is cut down to a multiple of the
/// player count (1 player: unchanged; 30x31 for 3 players plays 30x30).
///
/// For 4 and 6 players the reference's first random draw picks between two shapes (e.g. 30x30
/// for 4 players plays as 30x24 or 24x30), so a size without a seed can only be a guess: this
/// returns the shape for seeds whose first Mersenne Twister output is odd. Use
/// [`actual_size_for_seed`] whenever the seed is known; it is exact, and it is what
/// [`generate`] produces.
///
/// Inputs are clamped as [`generate`] clamps them.
pub fn actual_size(width: usize, height: usize, players: usize) -> (usize, usize) {
    Layout::new(width, height, players, true).map_size()
}

/// The exact map size (width, height) that [`generate`] returns for this request.
/// Costs one generator seeding and one draw.
pub fn actual_size_for_seed(
    width: usize,
    height: usize,
    players: usize,
    seed: u32,
) -> (usize, usize) {
    let mut draws = Draws::new(seed);
    let across_first = draws.word() % 2 == 1;
    Layout::new(width, height, players, across_first).map_size()
}

/// Generates the map the reference environment generates for `width` x `height` (requested),
/// `players` players and `seed`.
///
/// The board returned has the size given by [`actual_size_for_seed`] (at most the requested
/// size in the reference's range); player `k` (1-based) owns exactly one site, with production
/// at least 1; every other site is neutral (owner 0). Production lies in 0..=15.
///
/// Out-of-range inputs never panic: `players` is clamped to `1..=6`, the sides to
/// `1..=MAX_SIDE`, and degenerate chunk sizes are enlarged (see the module documentation).
pub fn generate(width: usize, height: usize, players: usize, seed: u32) -> Board {
    let mut draws = Draws::new(seed);
    let across_first = draws.word() % 2 == 1;
    let layout = Layout::new(width, height, players, across_first);
    let (map_w, map_h) = layout.map_size();

    // One chunk's relative production, then strength: two independent region trees.
    let prod_chunk = region_tree(layout.chunk_w, layout.chunk_h, &mut draws);
    let str_chunk = region_tree(layout.chunk_w, layout.chunk_h, &mut draws);

    // Where each map site takes its chunk value from, after tiling, mirroring and sliding.
    let (chunk_of_site, owner) = arrange(&layout, &mut draws);
    let mut production: Vec<f64> = chunk_of_site.iter().map(|&k| prod_chunk[k]).collect();
    let mut strength: Vec<f64> = chunk_of_site.iter().map(|&k| str_chunk[k]).collect();

    // Smooth the seams the tiling made, then scale both layers to a maximum of 1.
    let passes = blur_passes(map_w, map_h);
    torus_blur(&mut production, map_w, map_h, passes);
    torus_blur(&mut strength, map_w, map_h, passes);
    normalise(&mut production);
    normalise(&mut strength);

    // The tops are drawn production first, then strength.
    let top_prod = f64::from(draws.word() % 10 + 6);
    let top_str = f64::from(draws.word() % 106 + 150);

    let mut board = Board::new(map_w, map_h);
    for i in 0..map_w * map_h {
        board.owner[i] = owner[i];
        // Values are in [0, 1] times a top of at most 255, so the casts cannot saturate;
        // `round` is C's round, half away from zero.
        board.strength[i] = (strength[i] * top_str).round() as u8;
        let p = (production[i] * top_prod).round() as u8;
        board.production[i] = if owner[i] != 0 && p == 0 { 1 } else { p };
    }
    board
}

/// The reference's random source: `std::mt19937` seeded with the seed.
struct Draws {
    mt: Mt,
}

impl Draws {
    fn new(seed: u32) -> Draws {
        Draws { mt: Mt::new(seed) }
    }

    /// One raw 32-bit output (a bare `prg()` in the reference).
    fn word(&mut self) -> u32 {
        self.mt.next_u32()
    }

    /// A uniform double in [0, 1) exactly as libstdc++'s `uniform_real_distribution<double>`
    /// (through `generate_canonical<double, 53>`) makes it from two outputs.
    fn unit(&mut self) -> f64 {
        const TWO_32: f64 = 4_294_967_296.0;
        const TWO_64: f64 = 18_446_744_073_709_551_616.0;
        let low = f64::from(self.word());
        let high = f64::from(self.word());
        // The sum is rounded to 53 bits here, and may round up to 2^64.
        let value = (low + high * TWO_32) / TWO_64;
        if value >= 1.0 {
            // libstdc++ then returns nextafter(1.0, 0.0).
            1.0 - f64::EPSILON / 2.0
        } else {
            value
        }
    }
}

/// How the players are arranged: a grid of `across` x `down` chunks, each `chunk_w` x `chunk_h`.
#[derive(Clone, Copy, Debug)]
struct Layout {
    players: usize,
    /// Chunks side by side (one per player column).
    across: usize,
    /// Chunks one above the other.
    down: usize,
    chunk_w: usize,
    chunk_h: usize,
    /// The orientation drawn first: true puts more players across and later slides the chunk
    /// columns vertically; false puts more players down and slides chunk rows horizontally.
    across_first: bool,
}

impl Layout {
    fn new(width: usize, height: usize, players: usize, across_first: bool) -> Layout {
        let players = players.clamp(1, MAX_PLAYERS);
        let width = width.clamp(1, MAX_SIDE);
        let height = height.clamp(1, MAX_SIDE);

        // The smaller factor of the player count closest to its square root: start at the
        // truncated square root and step down to a divisor (1, 1, 1, 2, 1, 2 for 1..=6).
        let mut few = (players as f64).sqrt() as usize;
        while !players.is_multiple_of(few) {
            few -= 1;
        }
        let many = players / few;
        let (across, down) = if across_first {
            (many, few)
        } else {
            (few, many)
        };

        let mut chunk_w = width / across;
        let mut chunk_h = height / down;
        // The side along which chunks will be slid must divide into `players` equal steps.
        // The reference stops at 0 (and then fails); we stop at the smallest usable size.
        if across_first {
            chunk_h -= chunk_h % players;
            if chunk_h == 0 {
                chunk_h = players;
            }
        } else {
            chunk_w -= chunk_w % players;
            if chunk_w == 0 {
                chunk_w = players;
            }
        }
        Layout {
            players,
            across,
            down,
            chunk_w: chunk_w.max(1),
            chunk_h: chunk_h.max(1),
            across_first,
        }
    }

    fn map_size(&self) -> (usize, usize) {
        (self.chunk_w * self.across, self.chunk_h * self.down)
    }
}

/// The sizes of the up-to-four parts a region side of length `len` splits into: as equal as
/// possible, larger parts first, empty parts dropped.
fn split_side(len: usize) -> Vec<usize> {
    const PARTS: usize = 4;
    let (base, extra) = (len / PARTS, len % PARTS);
    (0..PARTS)
        .map(|i| if i < extra { base + 1 } else { base })
        .filter(|&part| part > 0)
        .collect()
}

/// A region once it and all its sub-regions are built: its own factor (its parent may still
/// blur it) and, for each of its `w` x `h` cells, the product of the factors of all regions
/// strictly below it (1 for a single-cell region).
struct Region {
    factor: f64,
    below: Vec<f64>,
}

/// Builds a `w` x `h` region (both at least 1), consuming draws in the reference's order:
/// own factor first, then the sub-regions row by row, each depth first.
fn build_region(w: usize, h: usize, draws: &mut Draws) -> Region {
    let factor = draws.unit().powf(1.5);
    if w == 1 && h == 1 {
        return Region {
            factor,
            below: vec![1.0],
        };
    }
    let row_heights = split_side(h);
    let col_widths = split_side(w);
    let (rows, cols) = (row_heights.len(), col_widths.len());
    let mut subs: Vec<Region> = Vec::with_capacity(rows * cols);
    for &sub_h in &row_heights {
        for &sub_w in &col_widths {
            subs.push(build_region(sub_w, sub_h, draws));
        }
    }

    // One pass of a wrap-around blur over the sub-region factors (a 3/4 own weight, the rest
    // shared by the four neighbours), every term added in the reference's order.
    const KEEP: f64 = 0.75;
    let blurred: Vec<f64> = (0..rows * cols)
        .map(|k| {
            let [up, right, down, left] = neighbours(cols, rows, k % cols, k / cols);
            let mut sum = 0.0;
            sum += subs[k].factor * KEEP;
            sum += subs[up].factor * (1.0 - KEEP) / 4.0;
            sum += subs[down].factor * (1.0 - KEEP) / 4.0;
            sum += subs[left].factor * (1.0 - KEEP) / 4.0;
            sum += subs[right].factor * (1.0 - KEEP) / 4.0;
            sum
        })
        .collect();

    // Lay the sub-regions' cells out, each multiplied by that sub-region's blurred factor.
    let mut below = vec![0.0; w * h];
    let mut top = 0;
    for (r, &sub_h) in row_heights.iter().enumerate() {
        let mut left = 0;
        for (c, &sub_w) in col_widths.iter().enumerate() {
            let k = r * cols + c;
            for y in 0..sub_h {
                for x in 0..sub_w {
                    below[(top + y) * w + left + x] = subs[k].below[y * sub_w + x] * blurred[k];
                }
            }
            left += sub_w;
        }
        top += sub_h;
    }
    Region { factor, below }
}

/// The relative values of one `w` x `h` chunk, row-major: each cell the product of the factors
/// from its leaf region up to the root.
fn region_tree(w: usize, h: usize, draws: &mut Draws) -> Vec<f64> {
    let root = build_region(w, h, draws);
    root.below.iter().map(|v| v * root.factor).collect()
}

/// For every map site, the chunk cell (row-major index into a chunk) it shows, and every
/// site's owner. Tiles the chunk, mirrors alternate chunks, then slides chunk columns or rows;
/// the slide draws one word unless there are 6 players.
fn arrange(layout: &Layout, draws: &mut Draws) -> (Vec<usize>, Vec<u8>) {
    let (cw, ch) = (layout.chunk_w, layout.chunk_h);
    let (map_w, map_h) = layout.map_size();

    // Tiling plus mirroring, as a function of the site: chunk (a down, b across), offset
    // (c, d) inside it. Mirroring happens only when that direction has an even chunk count.
    let mirror_rows = layout.down.is_multiple_of(2);
    let mirror_cols = layout.across.is_multiple_of(2);
    let mut cell = vec![0usize; map_w * map_h];
    let mut owner = vec![0u8; map_w * map_h];
    for y in 0..map_h {
        let (a, c) = (y / ch, y % ch);
        let c = if mirror_rows && a % 2 == 1 {
            ch - 1 - c
        } else {
            c
        };
        for x in 0..map_w {
            let (b, d) = (x / cw, x % cw);
            let d = if mirror_cols && b % 2 == 1 {
                cw - 1 - d
            } else {
                d
            };
            cell[y * map_w + x] = c * cw + d;
            // Each player starts in the middle of its chunk as tiled (before mirroring),
            // numbered row by row, so the owner goes with the source cell (c, d).
            if c == ch / 2 && d == cw / 2 {
                owner[y * map_w + x] = (a * layout.across + b + 1) as u8;
            }
        }
    }

    if layout.players == 6 {
        return (cell, owner);
    }
    // Slide chunk column b down by b steps (or chunk row a right by a steps); a step is a
    // random multiple of the map side divided by the number of chunks in the other direction.
    let mut slid_cell = vec![0usize; map_w * map_h];
    let mut slid_owner = vec![0u8; map_w * map_h];
    if layout.across_first {
        let step = (draws.word() as usize % layout.across) * (map_h / layout.across);
        for y in 0..map_h {
            for x in 0..map_w {
                let b = x / cw;
                let src = wrap(map_w, map_h, x, y, 0, (b * step) as isize);
                slid_cell[y * map_w + x] = cell[src];
                slid_owner[y * map_w + x] = owner[src];
            }
        }
    } else {
        let step = (draws.word() as usize % layout.down) * (map_w / layout.down);
        for y in 0..map_h {
            let a = y / ch;
            for x in 0..map_w {
                let src = wrap(map_w, map_h, x, y, (a * step) as isize, 0);
                slid_cell[y * map_w + x] = cell[src];
                slid_owner[y * map_w + x] = owner[src];
            }
        }
    }
    (slid_cell, slid_owner)
}

/// How many times the whole map is blurred: every whole number `z` from 0 up to
/// `2 * sqrt(w * h) / 10` (inclusive), computed in `f64` as the reference does.
fn blur_passes(map_w: usize, map_h: usize) -> usize {
    let limit = 2.0 * ((map_w * map_h) as f64).sqrt() / 10.0;
    let mut passes = 0usize;
    while passes as f64 <= limit {
        passes += 1;
    }
    passes
}

/// `passes` rounds of a wrap-around blur: each site keeps 0.66667 of its value and takes a
/// quarter of the rest from each of its north, south, west and east neighbours, added in that
/// order.
fn torus_blur(values: &mut Vec<f64>, w: usize, h: usize, passes: usize) {
    const KEEP: f64 = 0.66667;
    let mut next = values.clone();
    for _ in 0..passes {
        for y in 0..h {
            for x in 0..w {
                let [north, east, south, west] = neighbours(w, h, x, y);
                let mut v = values[y * w + x] * KEEP;
                v += values[north] * (1.0 - KEEP) / 4.0;
                v += values[south] * (1.0 - KEEP) / 4.0;
                v += values[west] * (1.0 - KEEP) / 4.0;
                v += values[east] * (1.0 - KEEP) / 4.0;
                next[y * w + x] = v;
            }
        }
        std::mem::swap(values, &mut next);
    }
}

/// Divides every value by the largest one. (All values are non-negative; if all are 0, which
/// needs a zero draw, they are left at 0 where the reference would divide 0 by 0.)
fn normalise(values: &mut [f64]) {
    let max = values
        .iter()
        .fold(0.0f64, |m, &v| if v > m { v } else { m });
    if max > 0.0 {
        for v in values.iter_mut() {
            *v /= max;
        }
    }
}
