//! Turn resolution: the one place the Halite I rules live.
//!
//! [`resolve_turn`] applies one turn's moves to a board in place and fills a [`TurnReport`].
//! It reproduces the reference environment exactly:
//! 1. every owned site's piece either stays (move 0, or none sent: it first gains the site's
//!    production, capped at 255), moves one step (1..=4: it leaves a 0-strength piece of its owner
//!    behind) or made an invalid move (above 4: it stays and gains nothing);
//! 2. pieces of one owner arriving on one site add up, capped at 255 on every addition;
//! 3. every piece deals its strength to each enemy piece on its own site and the four cardinal
//!    neighbours; a neutral site with strength > 0 deals its strength to each piece on it and takes
//!    the sum of their strengths; all damage is computed before any is applied;
//! 4. a piece that took any damage entry dies when damage >= strength (so a 0-strength piece next
//!    to any enemy piece dies); an untouched piece survives, even at 0;
//! 5. a site is then owned by its surviving piece, if any, or is neutral with its old neutral
//!    strength minus the damage it took (never below 0).
//!
//! The work is data-parallel: each site's move is encoded as one key byte (owner and direction);
//! what stands on a site after movement is gathered from the site and its four neighbours' keys;
//! a site where one player stands with no enemy near and no neutral strength under it keeps that
//! piece unharmed, and only the other sites take the per-piece combat path. The passes run over
//! fixed-width lanes that the compiler turns into SIMD instructions; everything lives in a
//! reusable [`TurnScratch`], so a turn allocates nothing once the scratch and the report are
//! sized for the board.

// Lane loops index several arrays of one width by lane: the form the compiler vectorises.
#![allow(clippy::needless_range_loop)]

use super::grid::{neighbours, Board};
use serde::Serialize;

/// What one player did and suffered in one turn (the "Statistics series" of the reference data).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PlayerTurnStats {
    /// For every pair (own piece, enemy piece on the same or an adjacent site): own strength.
    pub damage_to_players: u32,
    /// For every own piece on a neutral site of strength > 0: min(piece, neutral strength).
    pub damage_to_neutral: u32,
    /// Per own piece: effective damage (min-capped per victim, plus environment) above its strength.
    pub overkill: u32,
    /// Per own piece that took damage: min(damage, its strength).
    pub damage_taken: u32,
    /// Strength that pieces staying still actually gained, after the cap.
    pub production: u32,
    /// Production lost to the 255 cap plus strength lost combining above 255.
    pub cap_loss: u32,
    /// Sites owned after the turn that the player did not own before it.
    pub sites_captured: u32,
    /// Pieces (including 0-strength ones) that died in combat.
    pub pieces_lost: u32,
}

/// Everything that happened in one turn, per player and per site.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TurnReport {
    /// Index 0 is player 1.
    pub players: Vec<PlayerTurnStats>,
    /// Per site: nominal damage dealt by what stood there (pieces to enemies and to the neutral
    /// site, and the neutral site to the pieces on it).
    pub damage_dealt: Vec<u16>,
    /// Per site: nominal damage taken by what stood there (pieces and the neutral site).
    pub damage_taken: Vec<u16>,
}

impl TurnReport {
    fn reset(&mut self, players: usize, sites: usize) {
        self.players.clear();
        self.players.resize(players, PlayerTurnStats::default());
        self.damage_dealt.clear();
        self.damage_dealt.resize(sites, 0);
        self.damage_taken.clear();
        self.damage_taken.resize(sites, 0);
    }
}

/// Sites handled together by the data-parallel passes (a fixed width the compiler turns into
/// SIMD instructions). Scratch arrays are padded to a multiple of it.
const LANES: usize = 32;
type Lane = [u8; LANES];

/// The bit of a `stand` value saying more than one player stands on the site.
const MIXED: u8 = 0x80;

/// Directions as the protocol numbers them.
const NORTH: u8 = 1;
const EAST: u8 = 2;
const SOUTH: u8 = 3;
const WEST: u8 = 4;

/// All-ones where a condition holds: selects become ANDs, which vectorise.
#[inline(always)]
fn all(c: bool) -> u8 {
    0u8.wrapping_sub(u8::from(c))
}

/// `[f(0), f(1), f(2), f(3), f(4)]`, built in place (`array::map` is not always inlined).
#[inline(always)]
fn five<T>(mut f: impl FnMut(usize) -> T) -> [T; 5] {
    [f(0), f(1), f(2), f(3), f(4)]
}

/// Chunk `c` of a padded scratch array.
#[inline(always)]
fn lane(v: &[u8], c: usize) -> &Lane {
    let s = &v[c * LANES..(c + 1) * LANES];
    s.try_into()
        .expect("scratch arrays are padded to whole lanes")
}

/// Chunk `c` of an array of the board's size (not padded): the last chunk is padded with
/// zeros (an empty site with no move).
#[inline(always)]
fn read_lane(v: &[u8], c: usize) -> Lane {
    match v.get(c * LANES..(c + 1) * LANES) {
        Some(s) => s.try_into().unwrap_or([0; LANES]),
        None => {
            let mut l = [0; LANES];
            let rest = v.get(c * LANES..).unwrap_or(&[]);
            l[..rest.len()].copy_from_slice(rest);
            l
        }
    }
}

#[inline(always)]
fn lane_mut(v: &mut [u8], c: usize) -> &mut Lane {
    let s = &mut v[c * LANES..(c + 1) * LANES];
    s.try_into()
        .expect("scratch arrays are padded to whole lanes")
}

/// Reusable working memory for [`resolve_turn`]. Every array is padded to whole lanes; index 0
/// of `key`, `carry` and `stand` is the site itself, 1..=4 its north, east, south and
/// west neighbour.
#[derive(Clone, Debug, Default)]
pub struct TurnScratch {
    /// `owner << 3 | direction` of a piece that moves, `owner << 3` of one that stays, 0 for a
    /// neutral site.
    key: [Vec<u8>; 5],
    /// The strength a piece carries (after production when it stays still).
    carry: [Vec<u8>; 5],
    /// Production lost to the cap by a piece staying still.
    growth_loss: Vec<u8>,
    /// Strength gained by a piece staying still.
    gain: Vec<u8>,
    /// Neutral strength of each site at combat time (0 where a player owned the site).
    neutral: Vec<u8>,
    /// After movement: who stands on the site: the highest player tag there (0: nobody), with
    /// the top bit ([`MIXED`]) set where another player's piece stands there too.
    stand: [Vec<u8>; 5],
    /// After movement: the strength of the highest tag's piece, and the exact sum of its parts
    /// as the number of times a byte sum wrapped and the byte left (`merge_wraps * 256 +
    /// merge_low`), read where combining lost strength to the cap (`merge_bits`).
    total: Vec<u8>,
    merge_low: Vec<u8>,
    merge_wraps: Vec<u8>,
    /// New owner and strength.
    new_owner: Vec<u8>,
    new_strength: Vec<u8>,
    /// A bit per site (one `u32` per lane) where pieces fight: an enemy near, more than one
    /// player, or neutral strength.
    fight: Vec<u32>,
    /// A bit per site where more than one player stands, and where combining lost
    /// strength to the cap (`merge_bits`).
    mixed_bits: Vec<u32>,
    merge_bits: Vec<u32>,
    /// The pieces of each site where several players stand, worked out once a turn (the site's
    /// own fight and its neighbours' all read them); `mixed_slot[i]` is site `i`'s entry, read
    /// only where `stand[0][i]` has [`MIXED`].
    mixed_pieces: Vec<([Piece; 5], usize)>,
    mixed_slot: Vec<u32>,
    /// The site count the arrays are sized for (0: not yet).
    sized_for: usize,
}

impl TurnScratch {
    pub fn new() -> TurnScratch {
        TurnScratch::default()
    }

    /// Sizes every array for `sites` (padded to whole lanes, padding reading as empty). The passes keep the padding empty (empty inputs give empty outputs there), so the
    /// arrays are only sized again when the board's size changes.
    #[inline(always)]
    fn prepare(&mut self, sites: usize) {
        let padded = sites.div_ceil(LANES) * LANES;
        if self.sized_for == sites {
            return;
        }
        self.sized_for = sites;
        for v in [
            &mut self.growth_loss,
            &mut self.gain,
            &mut self.neutral,
            &mut self.total,
            &mut self.merge_low,
            &mut self.merge_wraps,
            &mut self.new_owner,
            &mut self.new_strength,
        ]
        .into_iter()
        .chain(self.key.iter_mut())
        .chain(self.carry.iter_mut())
        .chain(self.stand.iter_mut())
        {
            v.resize(padded, 0);
            v[sites..].fill(0);
        }
        self.mixed_slot.resize(padded, 0);
        for v in [&mut self.fight, &mut self.mixed_bits, &mut self.merge_bits] {
            v.clear();
            v.resize(padded / LANES, 0);
        }
    }
}

/// Fills `v[1..=4]` with `v[0]` as seen from each site's north, east, south and west neighbour.
#[inline(always)]
fn shift_neighbours(v: &mut [Vec<u8>; 5], w: usize, h: usize) {
    let n = w * h;
    let [src, north, east, south, west] = v;
    north[w..n].copy_from_slice(&src[..n - w]);
    north[..w].copy_from_slice(&src[n - w..n]);
    south[..n - w].copy_from_slice(&src[w..n]);
    south[n - w..n].copy_from_slice(&src[..w]);
    east[..n - 1].copy_from_slice(&src[1..n]);
    west[1..n].copy_from_slice(&src[..n - 1]);
    // Those two copies are right except at the ends of each row.
    for y in 0..h {
        east[y * w + w - 1] = src[y * w];
        west[y * w] = src[y * w + w - 1];
    }
}

/// The direction a neighbour (index 1..=4: north, east, south, west) moves to reach the site.
const TOWARDS: [u8; 5] = [0, SOUTH, WEST, NORTH, EAST];

/// Why a turn's inputs do not fit its board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TurnInputError {
    #[error("moves holds {found} values, not {sites}")]
    Moves { found: usize, sites: usize },
    #[error("{0} players: a game seats 1 to {max}", max = super::MAX_PLAYERS)]
    Players(usize),
}

/// Checks what [`resolve_turn`] is given from outside: one move per site of a board of `sites`,
/// and 1 to [`super::MAX_PLAYERS`] players.
pub fn check_turn_input(sites: usize, moves: &[u8], players: usize) -> Result<(), TurnInputError> {
    if moves.len() != sites {
        return Err(TurnInputError::Moves {
            found: moves.len(),
            sites,
        });
    }
    if !(1..=super::MAX_PLAYERS).contains(&players) {
        return Err(TurnInputError::Players(players));
    }
    Ok(())
}

/// Resolves one turn in place.
///
/// `moves[i]` is the direction the owner of site `i` sent for its piece (0 if none); it is read
/// only where a player owns the site. Owners above `players` (at most [`super::MAX_PLAYERS`])
/// are treated as neutral. Panics only if `moves` or the board's arrays are shorter than
/// `width * height`.
///
/// The phases, each a pass over every site: [`TurnScratch::encode_moves`],
/// [`TurnScratch::gather_arrivals`], [`TurnScratch::settle_quiet_sites`], then
/// [`TurnScratch::resolve_fights`] for the sites left and [`TurnScratch::tally_players`] for the
/// per-player totals; between them, each site's neighbours' values are lined up beside its own
/// ([`shift_neighbours`]).
pub fn resolve_turn(
    board: &mut Board,
    moves: &[u8],
    players: usize,
    scratch: &mut TurnScratch,
    report: &mut TurnReport,
) {
    #[cfg(target_arch = "x86_64")]
    if WIDE.load(std::sync::atomic::Ordering::Relaxed) && std::is_x86_feature_detected!("avx2") {
        // SAFETY: the processor has AVX2, checked just above.
        unsafe { resolve_turn_avx2(board, moves, players, scratch, report) };
        return;
    }
    resolve_turn_in(board, moves, players, scratch, report);
}

/// Whether [`resolve_turn`] may take [`resolve_turn_avx2`] (see [`allow_wide_lanes`]).
#[cfg(target_arch = "x86_64")]
static WIDE: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(true);

/// Lets [`resolve_turn`] work 256 bits at a time (AVX2) where the processor can, the default,
/// or keeps it to the 128-bit instructions every x86-64 processor has, the width WebAssembly's
/// SIMD has: the benchmarks time both, and the tests check that both give the same results.
/// It changes nothing on other processors.
pub fn allow_wide_lanes(on: bool) {
    #[cfg(target_arch = "x86_64")]
    WIDE.store(on, std::sync::atomic::Ordering::Relaxed);
    #[cfg(not(target_arch = "x86_64"))]
    let _ = on;
}

/// [`resolve_turn`] compiled for processors with AVX2: the same code, whose 32-site lanes are
/// then one instruction wide instead of two. Chosen at run time, so one native build runs
/// everywhere.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
unsafe fn resolve_turn_avx2(
    board: &mut Board,
    moves: &[u8],
    players: usize,
    scratch: &mut TurnScratch,
    report: &mut TurnReport,
) {
    resolve_turn_in(board, moves, players, scratch, report);
}

#[inline(always)]
fn resolve_turn_in(
    board: &mut Board,
    moves: &[u8],
    players: usize,
    scratch: &mut TurnScratch,
    report: &mut TurnReport,
) {
    let players = players.min(super::MAX_PLAYERS);
    let (width, height) = (board.width, board.height);
    let sites = width * height;
    report.reset(players, sites);
    if sites == 0 {
        return;
    }
    scratch.prepare(sites);
    let moves = &moves[..sites];
    scratch.encode_moves(board, moves, players as u8);
    shift_neighbours(&mut scratch.key, width, height);
    shift_neighbours(&mut scratch.carry, width, height);
    scratch.gather_arrivals();
    shift_neighbours(&mut scratch.stand, width, height);
    scratch.settle_quiet_sites();
    scratch.resolve_fights(width, height, players, report);
    scratch.tally_players(&board.owner[..sites], report);

    board.owner[..sites].copy_from_slice(&scratch.new_owner[..sites]);
    board.strength[..sites].copy_from_slice(&scratch.new_strength[..sites]);
}

impl TurnScratch {
    /// Whole lanes in the padded arrays.
    fn lanes(&self) -> usize {
        self.key[0].len() / LANES
    }

    /// Phase 1: every site's move as a key (who moves where) and the strength it carries
    /// (production first for a piece that stays, capped at 255), what the cap cut off, and the
    /// neutral strength under each site. Owners above `top` count as neutral.
    #[inline(always)]
    fn encode_moves(&mut self, board: &Board, moves: &[u8], top: u8) {
        let sites = self.sized_for;
        let (owners, strengths) = (&board.owner[..sites], &board.strength[..sites]);
        let productions = &board.production[..sites];
        for c in 0..self.lanes() {
            // Inputs read into and outputs built in local lanes, then stored whole: nothing the
            // compiler must check for overlap (WebAssembly's vectoriser otherwise checks the
            // five outputs against the four inputs on every call, at a cost).
            let owner = read_lane(owners, c);
            let strength = read_lane(strengths, c);
            let direction = read_lane(moves, c);
            let production = read_lane(productions, c);
            let mut key = [0u8; LANES];
            let mut carry = [0u8; LANES];
            let mut neutral = [0u8; LANES];
            let mut growth_loss = [0u8; LANES];
            let mut gain = [0u8; LANES];
            for j in 0..LANES {
                let owned = all(owner[j] != 0) & all(owner[j] <= top);
                let still = all(direction[j] == 0);
                let moving = all(direction[j].wrapping_sub(1) < 4);
                // Bytes only (saturating adds; what the cap cut off, modulo 256): no widening.
                let capped = strength[j].saturating_add(production[j]);
                key[j] = ((owner[j] << 3) | (direction[j] & moving)) & owned;
                carry[j] = (capped & still) | (strength[j] & !still);
                neutral[j] = strength[j] & !owned;
                growth_loss[j] =
                    strength[j].wrapping_add(production[j]).wrapping_sub(capped) & owned & still;
                gain[j] = capped.wrapping_sub(strength[j]) & owned & still;
            }
            *lane_mut(&mut self.key[0], c) = key;
            *lane_mut(&mut self.carry[0], c) = carry;
            *lane_mut(&mut self.neutral, c) = neutral;
            *lane_mut(&mut self.growth_loss, c) = growth_loss;
            *lane_mut(&mut self.gain, c) = gain;
        }
    }

    /// Phase 2: what stands on each site after movement: the site's own piece (a piece that
    /// moves away leaves a 0-strength one) and the neighbours that moved onto it. The highest
    /// tag among them is in `stand`, with its strength in `total`; `stand` has [`MIXED`] if another
    /// player's piece is there too; `merge_bits` notes where combining hit the cap.
    #[inline(always)]
    fn gather_arrivals(&mut self) {
        for c in 0..self.lanes() {
            // Local lanes in and out, as in `encode_moves`.
            let key = five(|d| *lane(&self.key[d], c));
            let carry = five(|d| *lane(&self.carry[d], c));
            let mut stand = [0u8; LANES];
            let mut total = [0u8; LANES];
            let mut merge_loss = [0u8; LANES];
            let mut merge_low = [0u8; LANES];
            let mut merge_wraps = [0u8; LANES];
            for j in 0..LANES {
                let own = key[0][j] >> 3;
                let arriving =
                    [1, 2, 3, 4].map(|d| (key[d][j] >> 3) & all(key[d][j] & 7 == TOWARDS[d]));
                let highest = own
                    .max(arriving[0])
                    .max(arriving[1])
                    .max(arriving[2])
                    .max(arriving[3]);
                // The site's own piece counts towards the highest tag's only if it is theirs and stays.
                let stays = all(key[0][j] & 7 == 0) & all(own != 0) & all(own == highest);
                // The exact sum as a wrapping byte sum and the number of times it wrapped: it
                // exceeds 255 exactly when it wrapped, and is capped at 255 then.
                let mut low = carry[0][j] & stays;
                let mut wraps = 0u8;
                let mut other = all(own != highest) & all(own != 0);
                for d in 0..4 {
                    let arrived = all(arriving[d] != 0);
                    let joins = all(arriving[d] == highest) & arrived;
                    let add = carry[d + 1][j] & joins;
                    let next = low.wrapping_add(add);
                    wraps += all(next < low) & 1;
                    low = next;
                    other |= !joins & arrived;
                }
                let over = all(wraps != 0);
                stand[j] = highest | (other & MIXED);
                total[j] = low | over;
                merge_loss[j] = over;
                merge_low[j] = low;
                merge_wraps[j] = wraps;
            }
            *lane_mut(&mut self.stand[0], c) = stand;
            *lane_mut(&mut self.total, c) = total;
            *lane_mut(&mut self.merge_low, c) = merge_low;
            *lane_mut(&mut self.merge_wraps, c) = merge_wraps;
            // `MIXED` is the top bit, the one `bits` reads.
            self.mixed_bits[c] = bits(&stand);
            self.merge_bits[c] = bits(&merge_loss);
        }
    }

    /// Phase 3: quiet sites (one player, no enemy near, no neutral strength) keep their piece
    /// as it is; empty sites stay neutral; the rest are marked to `fight`.
    #[inline(always)]
    fn settle_quiet_sites(&mut self) {
        for c in 0..self.lanes() {
            let stand = five(|d| *lane(&self.stand[d], c));
            let neutral = *lane(&self.neutral, c);
            let total = *lane(&self.total, c);
            let mut fight = [0u8; LANES];
            let mut new_owner = [0u8; LANES];
            let mut new_strength = [0u8; LANES];
            for j in 0..LANES {
                let here = stand[0][j];
                // Calm: one player here, no neutral strength, and each neighbour empty or that
                // same player alone (a mixed `here` never equals a neighbour's calm value).
                let mut calm = all(here < MIXED) & all(neutral[j] == 0);
                for d in 1..5 {
                    calm &= all(stand[d][j] == 0) | all(stand[d][j] == here);
                }
                let present = all(here != 0);
                fight[j] = present & !calm;
                new_owner[j] = here & present & calm;
                new_strength[j] = (total[j] & present & calm) | (neutral[j] & !present);
            }
            *lane_mut(&mut self.new_owner, c) = new_owner;
            *lane_mut(&mut self.new_strength, c) = new_strength;
            self.fight[c] = bits(&fight);
        }
    }

    /// Phase 4: the fights, one site at a time. The pieces of the sites where several players
    /// stand are worked out first, once each.
    #[inline(always)]
    fn resolve_fights(
        &mut self,
        width: usize,
        height: usize,
        players: usize,
        report: &mut TurnReport,
    ) {
        let mut table = std::mem::take(&mut self.mixed_pieces);
        let mut slot = std::mem::take(&mut self.mixed_slot);
        table.clear();
        for_each_set(&self.mixed_bits, |i| {
            slot[i] = table.len() as u32;
            table.push(pieces_at(self, i));
        });
        self.mixed_pieces = table;
        self.mixed_slot = slot;
        let rows = Rows::new(width, height);
        let mut owners = std::mem::take(&mut self.new_owner);
        let mut strengths = std::mem::take(&mut self.new_strength);
        for_each_set(&self.fight, |i| {
            (owners[i], strengths[i]) = combat(self, rows, i, players, report);
        });
        self.new_owner = owners;
        self.new_strength = strengths;
    }

    /// Phase 5: per-player totals: production gained and lost to the cap, combining losses on
    /// sites where one player stands (sites where several stand count theirs in [`combat`]),
    /// sites captured.
    #[inline(always)]
    fn tally_players(&self, owners: &[u8], report: &mut TurnReport) {
        let lanes = self.lanes();
        // Combining losses where one player stands (sites where several stand count theirs in
        // `combat`): the exact sum of the parts above 255.
        let mut exact_merge = [0u32; super::MAX_PLAYERS + 1];
        for_each_set(&self.merge_bits, |i| {
            if self.stand[0][i] < MIXED {
                let exact = u32::from(self.merge_wraps[i]) * 256 + u32::from(self.merge_low[i]);
                exact_merge[usize::from(self.stand[0][i])] += exact - 255;
            }
        });
        for (p, stats) in report.players.iter_mut().enumerate() {
            let tag = (p + 1) as u8;
            // Lane-wise sums, added up once at the end (a u16 lane holds 256 lanes of bytes).
            let (mut gained, mut lost, mut captured) = (0u32, 0u32, 0u32);
            let mut start = 0;
            while start < lanes {
                let end = (start + 256).min(lanes);
                let mut gain_sums = [0u16; LANES];
                let mut cap_sums = [0u16; LANES];
                let mut taken = [0u16; LANES];
                for c in start..end {
                    let (owner, new_owner) = (read_lane(owners, c), *lane(&self.new_owner, c));
                    let (gain, growth_loss) = (*lane(&self.gain, c), *lane(&self.growth_loss, c));
                    for j in 0..LANES {
                        let mine = all(owner[j] == tag);
                        gain_sums[j] += u16::from(gain[j] & mine);
                        cap_sums[j] += u16::from(growth_loss[j] & mine);
                        taken[j] += u16::from(all(new_owner[j] == tag) & !mine & 1);
                    }
                }
                gained += gain_sums.iter().map(|&v| u32::from(v)).sum::<u32>();
                lost += cap_sums.iter().map(|&v| u32::from(v)).sum::<u32>();
                captured += taken.iter().map(|&v| u32::from(v)).sum::<u32>();
                start = end;
            }
            stats.production = gained;
            stats.cap_loss += lost + exact_merge[p + 1];
            stats.sites_captured = captured;
        }
    }
}

/// The sign bits of a lane's bytes (all-ones bytes: set bits), bit `j` for byte `j`: one
/// mask-extracting instruction per 16 bytes (SSE2 on x86-64, SIMD128 in WebAssembly), which the
/// compiler does not find in the plain loop.
#[inline(always)]
fn bits(l: &Lane) -> u32 {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{__m128i, _mm_loadu_si128, _mm_movemask_epi8};
        // SAFETY: SSE2 is part of every x86-64 target; the loads read 16 bytes each of the
        // 32-byte lane.
        unsafe {
            let lo = _mm_movemask_epi8(_mm_loadu_si128(l.as_ptr().cast::<__m128i>())) as u32;
            let hi =
                _mm_movemask_epi8(_mm_loadu_si128(l.as_ptr().add(16).cast::<__m128i>())) as u32;
            lo | hi << 16
        }
    }
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    {
        use std::arch::wasm32::{i8x16_bitmask, v128, v128_load};
        // SAFETY: the loads read 16 bytes each of the 32-byte lane (unaligned loads are allowed).
        unsafe {
            let lo = u32::from(i8x16_bitmask(v128_load(l.as_ptr().cast::<v128>())));
            let hi = u32::from(i8x16_bitmask(v128_load(l.as_ptr().add(16).cast::<v128>())));
            lo | hi << 16
        }
    }
    #[cfg(not(any(
        target_arch = "x86_64",
        all(target_arch = "wasm32", target_feature = "simd128")
    )))]
    {
        let mut m = 0u32;
        for j in 0..LANES {
            m |= u32::from(l[j] >> 7) << j;
        }
        m
    }
}

/// Calls `f` with the index of every set bit of `mask` (a `u32` per lane), in order.
#[inline(always)]
fn for_each_set(mask: &[u32], mut f: impl FnMut(usize)) {
    for (c, &word) in mask.iter().enumerate() {
        let mut b = word;
        while b != 0 {
            f(c * LANES + b.trailing_zeros() as usize);
            b &= b - 1;
        }
    }
}

/// The board's shape, with a site's row found by a multiplication instead of a division.
#[derive(Clone, Copy)]
struct Rows {
    width: usize,
    height: usize,
    /// ceil(2^32 / width), or 0 for a board too large for it: `i * inverse >> 32` is
    /// `i / width` exactly while `i * width < 2^32` (the error is below `i * width / 2^32`).
    inverse: u64,
}

impl Rows {
    fn new(width: usize, height: usize) -> Rows {
        let w = width.max(1) as u64;
        let exact = (width as u64 * height as u64).saturating_mul(w) < 1 << 32;
        Rows {
            width,
            height,
            inverse: if exact { (1u64 << 32).div_ceil(w) } else { 0 },
        }
    }

    #[inline(always)]
    fn row(self, i: usize) -> usize {
        if self.inverse == 0 {
            return i / self.width;
        }
        ((i as u64 * self.inverse) >> 32) as usize
    }
}

/// A piece after movement: its player's tag, its strength, and what combining lost to the cap.
#[derive(Clone, Copy, Debug, Default)]
struct Piece {
    tag: u8,
    strength: u16,
    lost: u16,
}

/// The pieces standing on site `i` after movement, one per player there (at most five).
#[inline]
fn pieces_at(sc: &TurnScratch, i: usize) -> ([Piece; 5], usize) {
    let mut found = [Piece::default(); 5];
    let mut count = 0;
    for d in 0..5 {
        let k = sc.key[d][i];
        let arrives = if d == 0 { k != 0 } else { k & 7 == TOWARDS[d] };
        if !arrives {
            continue;
        }
        let tag = k >> 3;
        // A piece that moved away leaves a 0-strength piece behind.
        let s = if d == 0 && k & 7 != 0 {
            0
        } else {
            u16::from(sc.carry[d][i])
        };
        match found[..count].iter().position(|p| p.tag == tag) {
            Some(e) => found[e].strength += s,
            None => {
                found[count] = Piece {
                    tag,
                    strength: s,
                    lost: 0,
                };
                count += 1;
            }
        }
    }
    for p in &mut found[..count] {
        p.lost = p.strength.saturating_sub(255);
        p.strength = p.strength.min(255);
    }
    (found, count)
}

/// The pieces on site `i` after movement (as [`pieces_at`] gives them), read from `stand` and
/// `total` where at most one player stands.
#[inline(always)]
fn standing(sc: &TurnScratch, i: usize) -> ([Piece; 5], usize) {
    let f = sc.stand[0][i];
    let mut one = [Piece::default(); 5];
    if f == 0 {
        (one, 0)
    } else if f < MIXED {
        one[0] = Piece {
            tag: f,
            strength: u16::from(sc.total[i]),
            lost: 0,
        };
        (one, 1)
    } else {
        sc.mixed_pieces[sc.mixed_slot[i] as usize]
    }
}

/// Appends the pieces on site `i` after movement (as [`standing`] gives them, without what
/// combining lost) to `tags` and `strengths` from `len`; returns the new length. Filling flat
/// lists in place keeps the per-site lists of pieces out of memory copies.
#[inline(always)]
fn push_standing(
    sc: &TurnScratch,
    i: usize,
    tags: &mut [u8; 25],
    strengths: &mut [u16; 25],
    len: usize,
) -> usize {
    let f = sc.stand[0][i];
    if f == 0 {
        len
    } else if f < MIXED {
        tags[len] = f;
        strengths[len] = u16::from(sc.total[i]);
        len + 1
    } else {
        let (pieces, count) = &sc.mixed_pieces[sc.mixed_slot[i] as usize];
        for (k, p) in pieces[..*count].iter().enumerate() {
            tags[len + k] = p.tag;
            strengths[len + k] = p.strength;
        }
        len + *count
    }
}

/// [`combat`] where one player's piece stands on site `i` and on each of its neighbours `nb`
/// (the common case: a border between two territories, or a piece taking a neutral site).
/// Every piece is then the site's `stand` with strength `total`, and the site's piece is
/// touched (an enemy is near or neutral strength is under it), so the rules reduce to sums
/// without branches.
#[inline(always)]
fn lone_combat(sc: &TurnScratch, i: usize, nb: [usize; 4], report: &mut TurnReport) -> (u8, u8) {
    let tag = sc.stand[0][i];
    let s = u32::from(sc.total[i]);
    let ns = u32::from(sc.neutral[i]);
    let (mut dmg, mut pairs, mut effective) = (ns, 0u32, 0u32);
    for d in 0..4 {
        let t = sc.stand[d + 1][i];
        let enemy = u32::from(t != 0 && t != tag);
        let v = u32::from(sc.total[nb[d]]);
        dmg += enemy * v;
        pairs += enemy;
        effective += enemy * s.min(v);
    }
    let on_neutral = u32::from(ns > 0);
    let env = s.min(ns);
    effective += env;
    let dies = dmg >= s;
    let stats = &mut report.players[usize::from(tag) - 1];
    stats.damage_to_players += s * pairs;
    stats.damage_to_neutral += env;
    stats.overkill += effective.saturating_sub(s);
    stats.damage_taken += dmg.min(s);
    stats.pieces_lost += u32::from(dies);
    let dealt = s * pairs + (s + ns) * on_neutral;
    let taken = dmg + s * on_neutral;
    report.damage_dealt[i] = dealt.min(0xffff) as u16;
    report.damage_taken[i] = taken.min(0xffff) as u16;
    if dies {
        (0, ns.saturating_sub(s) as u8)
    } else {
        (tag, (s - dmg) as u8)
    }
}

/// Resolves the fights on site `i` (an enemy near, more than one player on it, or neutral
/// strength under it): returns the site's new owner and strength, and records every piece's
/// statistics and the site's damage.
#[inline(never)]
fn combat(
    sc: &TurnScratch,
    rows: Rows,
    i: usize,
    players: usize,
    report: &mut TurnReport,
) -> (u8, u8) {
    let y = rows.row(i);
    let [a, b, c, d] = neighbours(rows.width, rows.height, i - y * rows.width, y);
    if (sc.stand[0][i] | sc.stand[1][i] | sc.stand[2][i] | sc.stand[3][i] | sc.stand[4][i]) < MIXED
    {
        return lone_combat(sc, i, [a, b, c, d], report);
    }
    let ns = u16::from(sc.neutral[i]);
    let (mut total, mut count) = (0u16, 0u32);
    let mut result = (0u8, 0u8);
    let (mut dealt_here, mut taken_here) = (0u32, 0u32);
    // Every piece on the site and its neighbours, as flat lists (the site's own first).
    let (here, here_count) = standing(sc, i);
    let mut tags = [0u8; 25];
    let mut strengths = [0u16; 25];
    for (k, p) in here[..here_count].iter().enumerate() {
        tags[k] = p.tag;
        strengths[k] = p.strength;
    }
    let mut len = here_count;
    for k in [a, b, c, d] {
        len = push_standing(sc, k, &mut tags, &mut strengths, len);
    }
    for &Piece {
        tag,
        strength: s,
        lost,
    } in &here[..here_count]
    {
        let p = usize::from(tag) - 1;
        if p >= players {
            continue;
        }
        total += s;
        count += 1;
        let mut dmg = ns;
        let mut pairs = 0u32;
        let mut effective = 0u32;
        for (&t, &v) in tags[..len].iter().zip(&strengths[..len]) {
            if t != tag {
                dmg += v;
                pairs += 1;
                effective += u32::from(s.min(v));
            }
        }
        let touched = pairs > 0 || ns > 0;
        let stats = &mut report.players[p];
        // Combining losses of sites where several players stand are counted here (`lost` is 0
        // where one player stands: those are counted with the other per-player totals).
        stats.cap_loss += u32::from(lost);
        stats.damage_to_players += u32::from(s) * pairs;
        dealt_here += u32::from(s) * pairs;
        if ns > 0 {
            let env = u32::from(s.min(ns));
            stats.damage_to_neutral += env;
            effective += env;
            dealt_here += u32::from(s);
        }
        if touched {
            stats.overkill += effective.saturating_sub(u32::from(s));
            stats.damage_taken += u32::from(dmg.min(s));
            taken_here += u32::from(dmg);
        }
        if touched && dmg >= s {
            stats.pieces_lost += 1;
        } else {
            result = (tag, (s - if touched { dmg } else { 0 }) as u8);
        }
    }
    if result.0 == 0 {
        result.1 = if ns > 0 {
            ns.saturating_sub(total) as u8
        } else {
            0
        };
    }
    if ns > 0 {
        dealt_here += u32::from(ns) * count;
        taken_here += u32::from(total);
    }
    report.damage_dealt[i] = dealt_here.min(0xffff) as u16;
    report.damage_taken[i] = taken_here.min(0xffff) as u16;
    result
}

#[cfg(test)]
mod tests {
    use super::Rows;
    use crate::halite1::MAX_SIDE;

    #[test]
    fn a_row_found_by_multiplying_is_the_division() {
        for width in 1..=MAX_SIDE {
            let height = MAX_SIDE;
            let rows = Rows::new(width, height);
            assert_ne!(rows.inverse, 0);
            for i in (0..width * height).step_by(7).chain([width * height - 1]) {
                assert_eq!(rows.row(i), i / width, "site {i} of width {width}");
            }
        }
        let huge = Rows::new(70_000, 70_000);
        assert_eq!(huge.inverse, 0);
        assert_eq!(huge.row(4_000_000_000), 4_000_000_000 / 70_000);
    }
}
