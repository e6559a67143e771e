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
//! The work is data-parallel: each site's move is encoded as one key byte (owner and direction),
//! each player's pieces after movement are gathered from the site and its four neighbours into a
//! plane of strengths, and only sites where pieces meet an enemy or a neutral site with strength
//! take the per-piece combat path. The loops run over plain slices so the compiler vectorises
//! them; everything lives in a reusable [`TurnScratch`], so a turn allocates nothing once the
//! scratch and the report are sized for the board.

use super::grid::Board;
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

/// All-ones where a condition holds: selects become ANDs, which vectorise.
#[inline(always)]
fn all(c: bool) -> u8 {
    0u8.wrapping_sub(u8::from(c))
}

/// Chunk `c` of a padded scratch array.
#[inline(always)]
fn lane(v: &[u8], c: usize) -> &Lane {
    let s = &v[c * LANES..(c + 1) * LANES];
    s.try_into().unwrap_or(&[0; LANES])
}

#[inline(always)]
fn lane_mut(v: &mut [u8], c: usize) -> &mut Lane {
    let s = &mut v[c * LANES..(c + 1) * LANES];
    s.try_into()
        .expect("scratch arrays are padded to whole lanes")
}

/// Reusable working memory for [`resolve_turn`]. Every array is padded to whole lanes.
#[derive(Clone, Debug, Default)]
pub struct TurnScratch {
    /// The board's owner, strength, production and moves, copied to padded arrays.
    owner: Vec<u8>,
    strength: Vec<u8>,
    production: Vec<u8>,
    moves: Vec<u8>,
    /// Per site: `owner << 3 | direction` of a piece that moves, `owner << 3` of one that stays
    /// (0 for neutral sites). Then the same for the site's north, east, south and west neighbour.
    key: [Vec<u8>; 5],
    /// Per site: the strength the piece carries (after production when it stays still); then the
    /// same for the neighbours.
    carry: [Vec<u8>; 5],
    /// Per site: production lost to the cap by a piece staying still.
    grow_loss: Vec<u8>,
    /// `players` planes: each player's piece strength per site after movement.
    plane: Vec<u8>,
    /// Per site: bit `p` set when player `p + 1` has a piece there after movement.
    mask: Vec<u8>,
    /// The same, OR-ed over the site and its four neighbours.
    ball: Vec<u8>,
    /// Neutral strength of each site at combat time (0 where a player owned the site).
    neutral: Vec<u8>,
    /// New owner and strength.
    new_owner: Vec<u8>,
    new_strength: Vec<u8>,
    /// Per site: all-ones where pieces fight (more than one player, an enemy near, or a neutral
    /// site with strength).
    fight: Vec<u8>,
}

impl TurnScratch {
    pub fn new() -> TurnScratch {
        TurnScratch::default()
    }

    /// Sizes every array for `sites` (padded) and returns the padded length.
    fn prepare(&mut self, sites: usize, players: usize) -> usize {
        let padded = sites.div_ceil(LANES) * LANES;
        for v in [
            &mut self.owner,
            &mut self.strength,
            &mut self.production,
            &mut self.moves,
            &mut self.grow_loss,
            &mut self.mask,
            &mut self.ball,
            &mut self.neutral,
            &mut self.new_owner,
            &mut self.new_strength,
            &mut self.fight,
        ] {
            v.resize(padded, 0);
        }
        for v in self.key.iter_mut().chain(self.carry.iter_mut()) {
            v.resize(padded, 0);
        }
        // The padding past the last site must read as empty every turn.
        for v in [
            &mut self.owner,
            &mut self.strength,
            &mut self.production,
            &mut self.moves,
        ]
        .into_iter()
        .chain(self.key.iter_mut())
        .chain(self.carry.iter_mut())
        {
            v[sites..].fill(0);
        }
        self.plane.resize(players * padded, 0);
        padded
    }
}

/// The four neighbours of (x, y) on a `w` x `h` torus: north, east, south, west.
#[inline(always)]
fn neighbours(w: usize, h: usize, x: usize, y: usize) -> [usize; 4] {
    let i = y * w + x;
    [
        if y == 0 { i + (h - 1) * w } else { i - w },
        if x + 1 == w { i + 1 - w } else { i + 1 },
        if y + 1 == h { x } else { i + w },
        if x == 0 { i + w - 1 } else { i - 1 },
    ]
}

/// `out[d][i]` = `src` at the north, east, south and west neighbour of site `i`.
fn shift_neighbours(src: &[u8], out: &mut [Vec<u8>], w: usize, h: usize) {
    let n = w * h;
    let [north, east, south, west] = out else {
        return;
    };
    north[w..n].copy_from_slice(&src[..n - w]);
    north[..w].copy_from_slice(&src[n - w..n]);
    south[..n - w].copy_from_slice(&src[w..n]);
    south[n - w..n].copy_from_slice(&src[..w]);
    east[..n - 1].copy_from_slice(&src[1..n]);
    west[1..n].copy_from_slice(&src[..n - 1]);
    // The east and west copies above are right except at the ends of each row.
    for y in 0..h {
        east[y * w + w - 1] = src[y * w];
        west[y * w] = src[y * w + w - 1];
    }
}

/// Resolves one turn in place.
///
/// `moves[i]` is the direction the owner of site `i` sent for its piece (0 if none); it is read
/// only where a player owns the site. Owners above `players` (at most [`super::MAX_PLAYERS`])
/// are treated as neutral. Panics only if `moves` or the board's arrays are shorter than
/// `width * height`.
pub fn resolve_turn(
    board: &mut Board,
    moves: &[u8],
    players: usize,
    scratch: &mut TurnScratch,
    report: &mut TurnReport,
) {
    let players = players.min(super::MAX_PLAYERS);
    let (w, h) = (board.width, board.height);
    let n = w * h;
    report.reset(players, n);
    if n == 0 {
        return;
    }
    let padded = scratch.prepare(n, players);
    let chunks = padded / LANES;
    scratch.owner[..n].copy_from_slice(&board.owner[..n]);
    scratch.strength[..n].copy_from_slice(&board.strength[..n]);
    scratch.production[..n].copy_from_slice(&board.production[..n]);
    scratch.moves[..n].copy_from_slice(&moves[..n]);
    let TurnScratch {
        owner,
        strength,
        production,
        moves,
        key,
        carry,
        grow_loss,
        plane,
        mask,
        ball,
        neutral,
        new_owner,
        new_strength,
        fight,
    } = scratch;

    // 1. Encode every site: who moves where, carrying what (production first for STILL).
    let top = players as u8;
    for c in 0..chunks {
        let (o, s, d, prod) = (
            lane(owner, c),
            lane(strength, c),
            lane(moves, c),
            lane(production, c),
        );
        let (k, cr) = (lane_mut(&mut key[0], c), lane_mut(&mut carry[0], c));
        let (z, gl) = (lane_mut(neutral, c), lane_mut(grow_loss, c));
        for j in 0..LANES {
            let owned = all(o[j] != 0) & all(o[j] <= top);
            let still = all(d[j] == 0);
            let moving = all(d[j].wrapping_sub(1) < 4);
            let grown = u16::from(s[j]) + u16::from(prod[j]);
            let capped = grown.min(255) as u8;
            k[j] = ((o[j] << 3) | (d[j] & moving)) & owned;
            cr[j] = (capped & still) | (s[j] & !still);
            z[j] = s[j] & !owned;
            gl[j] = (grown - u16::from(capped)) as u8 & owned & still;
        }
    }
    let (k0, kn) = key.split_at_mut(1);
    shift_neighbours(&k0[0], kn, w, h);
    let (c0, cn) = carry.split_at_mut(1);
    shift_neighbours(&c0[0], cn, w, h);

    // 2. Each player's pieces after movement: what stays plus what arrives from the four
    //    neighbours (a neighbour to the north arrives if it moved south, and so on), added with
    //    the cap; a piece that moved away leaves a 0-strength piece behind.
    mask.fill(0);
    for p in 0..players {
        let tag = ((p + 1) as u8) << 3;
        let bit = 1u8 << p;
        let (mut merge_loss, mut gained, mut grow_lost) = (0u32, 0u32, 0u32);
        for c in 0..chunks {
            let k = [0, 1, 2, 3, 4].map(|d| lane(&key[d], c));
            let cr = [0, 1, 2, 3, 4].map(|d| lane(&carry[d], c));
            let (before, lost) = (lane(strength, c), lane(grow_loss, c));
            let m = lane_mut(mask, c);
            let out = lane_mut(&mut plane[p * padded..(p + 1) * padded], c);
            let mut loss = [0u16; LANES];
            let mut gain = [0u8; LANES];
            let mut lost_here = [0u8; LANES];
            for j in 0..LANES {
                let own = all(k[0][j] & 0xf8 == tag);
                let stays = all(k[0][j] == tag);
                let from_n = all(k[1][j] == tag | 3);
                let from_e = all(k[2][j] == tag | 4);
                let from_s = all(k[3][j] == tag | 1);
                let from_w = all(k[4][j] == tag | 2);
                let total = u16::from(cr[0][j] & stays)
                    + u16::from(cr[1][j] & from_n)
                    + u16::from(cr[2][j] & from_e)
                    + u16::from(cr[3][j] & from_s)
                    + u16::from(cr[4][j] & from_w);
                let capped = total.min(255);
                loss[j] = total - capped;
                out[j] = capped as u8;
                m[j] |= bit & (own | from_n | from_e | from_s | from_w);
                gain[j] = cr[0][j].wrapping_sub(before[j]) & stays;
                lost_here[j] = lost[j] & own;
            }
            merge_loss += loss.iter().map(|&v| u32::from(v)).sum::<u32>();
            gained += gain.iter().map(|&v| u32::from(v)).sum::<u32>();
            grow_lost += lost_here.iter().map(|&v| u32::from(v)).sum::<u32>();
        }
        let stats = &mut report.players[p];
        stats.production = gained;
        stats.cap_loss = merge_loss + grow_lost;
    }

    // Which players have a piece on or next to each site.
    let (b0, bn) = key.split_at_mut(1);
    let _ = b0;
    shift_neighbours(mask, bn, w, h);
    for c in 0..chunks {
        let [_, mn, me, ms, mw] = &*key;
        let (m, mn, me, ms, mw) = (
            lane(mask, c),
            lane(mn, c),
            lane(me, c),
            lane(ms, c),
            lane(mw, c),
        );
        let (b, f, z) = (lane_mut(ball, c), lane_mut(fight, c), lane(neutral, c));
        let (no, ns) = (lane_mut(new_owner, c), lane_mut(new_strength, c));
        for j in 0..LANES {
            b[j] = m[j] | mn[j] | me[j] | ms[j] | mw[j];
            let single = all(m[j] & m[j].wrapping_sub(1) == 0);
            let quiet = single & all(b[j] == m[j]) & all(z[j] == 0);
            let empty = all(m[j] == 0);
            f[j] = !empty & !quiet;
            no[j] = 0;
            ns[j] = z[j] & empty;
        }
    }

    // 3-5. The new owner of every site. Where one player's piece stands with no enemy near and
    //      no neutral strength, nothing happens.
    for p in 0..players {
        let bit = 1u8 << p;
        let tag = (p + 1) as u8;
        for c in 0..chunks {
            let (m, f) = (lane(mask, c), lane(fight, c));
            let src = lane(&plane[p * padded..(p + 1) * padded], c);
            let (no, ns) = (lane_mut(new_owner, c), lane_mut(new_strength, c));
            for j in 0..LANES {
                let mine = all(m[j] == bit) & !f[j];
                no[j] |= tag & mine;
                ns[j] |= src[j] & mine;
            }
        }
    }
    // Elsewhere the pieces fight, one site at a time (eight quiet sites skipped at once).
    for c in 0..padded / 8 {
        let word = u64::from_le_bytes(fight[c * 8..c * 8 + 8].try_into().unwrap_or([0; 8]));
        if word == 0 {
            continue;
        }
        for i in c * 8..(c * 8 + 8).min(n) {
            if fight[i] != 0 {
                let (o, st) = combat(
                    plane,
                    padded,
                    mask,
                    ball,
                    w,
                    h,
                    i % w,
                    i / w,
                    neutral[i],
                    players,
                    report,
                );
                new_owner[i] = o;
                new_strength[i] = st;
            }
        }
    }

    // Sites captured: owned now by a player who did not own them before the turn.
    for p in 0..players {
        let tag = (p + 1) as u8;
        let mut captured = 0u32;
        for c in 0..chunks {
            let (no, o) = (lane(new_owner, c), lane(owner, c));
            let mut hit = [0u8; LANES];
            for j in 0..LANES {
                hit[j] = all(no[j] == tag) & all(o[j] != tag) & 1;
            }
            captured += hit.iter().map(|&v| u32::from(v)).sum::<u32>();
        }
        report.players[p].sites_captured = captured;
    }
    board.owner[..n].copy_from_slice(&new_owner[..n]);
    board.strength[..n].copy_from_slice(&new_strength[..n]);
}

/// Resolves the fights on one site where more than one player stands, an enemy is near, or a
/// neutral site has strength left: returns the site's new owner and strength, and records every
/// piece's statistics.
#[allow(clippy::too_many_arguments)]
#[inline(never)]
fn combat(
    plane: &[u8],
    n: usize,
    mask: &[u8],
    ball: &[u8],
    w: usize,
    h: usize,
    x: usize,
    y: usize,
    ns: u8,
    players: usize,
    report: &mut TurnReport,
) -> (u8, u8) {
    let i = y * w + x;
    let [a, b, c, d] = neighbours(w, h, x, y);
    let around = [i, a, b, c, d];
    let ns = u16::from(ns);
    let m = mask[i];
    let (mut total, mut count) = (0u16, 0u16);
    let mut result = (0u8, 0u8);
    let mut dealt_here = 0u32;
    let mut taken_here = 0u32;
    for p in 0..players {
        if m & (1 << p) == 0 {
            continue;
        }
        let s = u16::from(plane[p * n + i]);
        total += s;
        count += 1;
        let enemies = ball[i] & !(1u8 << p);
        let mut dmg = ns;
        let mut pairs = 0u32;
        let mut effective = 0u32;
        if enemies != 0 {
            for &k in &around {
                let theirs = mask[k] & !(1u8 << p);
                if theirs == 0 {
                    continue;
                }
                for q in 0..players {
                    if theirs & (1 << q) != 0 {
                        let v = u16::from(plane[q * n + k]);
                        dmg += v;
                        pairs += 1;
                        effective += u32::from(s.min(v));
                    }
                }
            }
        }
        let touched = enemies != 0 || ns > 0;
        let stats = &mut report.players[p];
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
            result = ((p + 1) as u8, (s - if touched { dmg } else { 0 }) as u8);
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
        dealt_here += u32::from(ns) * u32::from(count);
        taken_here += u32::from(total);
    }
    report.damage_dealt[i] = dealt_here.min(0xffff) as u16;
    report.damage_taken[i] = taken_here.min(0xffff) as u16;
    result
}
