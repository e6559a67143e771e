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
//! The work is done over flat per-player arrays held in a reusable [`TurnScratch`], so a turn
//! allocates nothing once the scratch and the report have been sized for the board.

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

/// Reusable working memory for [`resolve_turn`].
#[derive(Clone, Debug, Default)]
pub struct TurnScratch {
    /// `(players + 1) * sites` entries: 0 = no piece, otherwise strength + 1. Region `p`
    /// (1-based) holds player `p`'s pieces; region 0 is a sink for neutral sites, so the movement
    /// pass needs no branch.
    piece: Vec<u16>,
    /// Per site: bit `p` set when player `p + 1` has a piece there after movement.
    mask: Vec<u8>,
    /// The same, OR-ed over the site and its four neighbours.
    ball: Vec<u8>,
    /// Neutral strength of each site at combat time (0 where a player owned the site).
    neutral: Vec<u8>,
}

impl TurnScratch {
    pub fn new() -> TurnScratch {
        TurnScratch::default()
    }

    fn prepare(&mut self, sites: usize, players: usize) {
        self.piece.clear();
        self.piece.resize((players + 1) * sites, 0);
        self.mask.clear();
        self.mask.resize(sites, 0);
        self.ball.resize(sites, 0);
        self.neutral.resize(sites, 0);
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
    scratch.prepare(n, players);
    report.reset(players, n);
    let TurnScratch {
        piece,
        mask,
        ball,
        neutral,
    } = scratch;
    let (owner, strength, production) = (
        &mut board.owner[..n],
        &mut board.strength[..n],
        &board.production[..n],
    );
    let moves = &moves[..n];

    // 1-2. Production, movement and combination, without branches: a neutral site moves a
    // "piece" of owner 0 into the sink region, whose bit is 0.
    let mut production_gain = [0u32; super::MAX_PLAYERS + 1];
    let mut cap_loss = [0u32; super::MAX_PLAYERS + 1];
    for y in 0..h {
        for x in 0..w {
            let i = y * w + x;
            let raw = owner[i] as usize;
            let o = if raw <= players { raw } else { 0 };
            let owned = o != 0;
            let bit = (1u8 << o) >> 1;
            let s = u16::from(strength[i]);
            let d = moves[i];
            let still = d == 0;
            let moving = d.wrapping_sub(1) < 4;
            let g = s + u16::from(production[i]);
            let grown = g.min(255);
            let s2 = if still { grown } else { s };
            production_gain[o] += u32::from(if still { grown - s } else { 0 });
            cap_loss[o] += u32::from(if still { g - grown } else { 0 });
            let [north, east, south, west] = neighbours(w, h, x, y);
            let targets = [i, north, east, south, west];
            let dest = targets[if moving { usize::from(d) } else { 0 }];
            let here = &mut piece[o * n + i];
            *here = (*here).max(u16::from(moving));
            mask[i] |= if moving { bit } else { 0 };
            let slot = &mut piece[o * n + dest];
            let t = *slot + s2 + u16::from(*slot == 0);
            let merged = t.min(256);
            cap_loss[o] += u32::from(t - merged);
            *slot = merged;
            mask[dest] |= bit;
            neutral[i] = if owned { 0 } else { strength[i] };
        }
    }
    for (p, stats) in report.players.iter_mut().enumerate() {
        stats.production = production_gain[p + 1];
        stats.cap_loss = cap_loss[p + 1];
    }

    // Which players have a piece on or next to each site (row by row, so it vectorises).
    for y in 0..h {
        let row = &mask[y * w..(y + 1) * w];
        let up = &mask[(if y == 0 { h - 1 } else { y - 1 }) * w..][..w];
        let down = &mask[(if y + 1 == h { 0 } else { y + 1 }) * w..][..w];
        let out = &mut ball[y * w..(y + 1) * w];
        for x in 0..w {
            out[x] = row[x] | up[x] | down[x];
        }
        if w > 1 {
            for x in 1..w - 1 {
                out[x] |= row[x - 1] | row[x + 1];
            }
            out[0] |= row[w - 1] | row[1];
            out[w - 1] |= row[w - 2] | row[0];
        }
    }

    // 3-5. Combat and the new owner of every site.
    for y in 0..h {
        for x in 0..w {
            let i = y * w + x;
            let m = mask[i];
            let ns = neutral[i];
            let before = owner[i];
            if m == 0 {
                owner[i] = 0;
                strength[i] = ns;
                continue;
            }
            if ns == 0 && m & (m - 1) == 0 && ball[i] == m {
                // One player's piece, no enemy near, no neutral strength: nothing happens.
                let p = m.trailing_zeros() as usize;
                owner[i] = (p + 1) as u8;
                strength[i] = (piece[(p + 1) * n + i] - 1) as u8;
                if before != owner[i] {
                    report.players[p].sites_captured += 1;
                }
                continue;
            }
            let (o, s) = combat(piece, mask, ball, n, w, h, x, y, ns, players, report);
            owner[i] = o;
            strength[i] = s;
            if o != 0 && before != o {
                report.players[usize::from(o) - 1].sites_captured += 1;
            }
        }
    }
}

/// Resolves the fights on one site where more than one player stands, an enemy is near, or a
/// neutral site has strength left: returns the site's new owner and strength, and records every
/// piece's statistics.
#[allow(clippy::too_many_arguments)]
#[inline(never)]
fn combat(
    piece: &[u16],
    mask: &[u8],
    ball: &[u8],
    n: usize,
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
        let s = piece[(p + 1) * n + i] - 1;
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
                        let v = piece[(q + 1) * n + k] - 1;
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
