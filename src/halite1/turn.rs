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

use super::grid::{step, Board, Direction};
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
    width: usize,
    height: usize,
    /// Neighbours of each site: north, east, south, west.
    nbr: Vec<[u32; 4]>,
    /// `players * sites` entries: 0 = no piece, otherwise strength + 1.
    piece: Vec<u16>,
    /// Per site: sum of piece strengths and number of pieces (all players).
    sum: Vec<u16>,
    cnt: Vec<u8>,
    /// The same summed over the site and its four neighbours.
    ball_sum: Vec<u16>,
    ball_cnt: Vec<u8>,
    /// Neutral strength of each site at combat time (0 where a player owned the site).
    neutral: Vec<u8>,
    prev_owner: Vec<u8>,
}

impl TurnScratch {
    pub fn new() -> TurnScratch {
        TurnScratch::default()
    }

    fn prepare(&mut self, width: usize, height: usize, players: usize) {
        let n = width * height;
        if self.width != width || self.height != height || self.nbr.len() != n {
            self.width = width;
            self.height = height;
            self.nbr.clear();
            self.nbr.extend(
                (0..n).map(|i| Direction::CARDINALS.map(|d| step(width, height, i, d) as u32)),
            );
            self.sum.resize(n, 0);
            self.cnt.resize(n, 0);
            self.ball_sum.resize(n, 0);
            self.ball_cnt.resize(n, 0);
            self.neutral.resize(n, 0);
            self.prev_owner.resize(n, 0);
        }
        self.piece.clear();
        self.piece.resize(players * n, 0);
    }
}

#[inline]
fn add_piece(slot: &mut u16, s: u16, cap_loss: &mut u32) {
    if *slot == 0 {
        *slot = s + 1;
    } else {
        let t = *slot + s;
        if t > 256 {
            *cap_loss += u32::from(t - 256);
            *slot = 256;
        } else {
            *slot = t;
        }
    }
}

/// Resolves one turn in place.
///
/// `moves[i]` is the direction the owner of site `i` sent for its piece (0 if none); it is read
/// only where a player owns the site. Owners above `players` are treated as neutral.
/// Panics only if `moves` or the board's arrays are shorter than `width * height`.
pub fn resolve_turn(
    board: &mut Board,
    moves: &[u8],
    players: usize,
    scratch: &mut TurnScratch,
    report: &mut TurnReport,
) {
    let n = board.len();
    scratch.prepare(board.width, board.height, players);
    report.reset(players, n);
    let TurnScratch {
        nbr,
        piece,
        sum,
        cnt,
        ball_sum,
        ball_cnt,
        neutral,
        prev_owner,
        ..
    } = scratch;
    let (owner, strength, production) = (
        &mut board.owner[..n],
        &mut board.strength[..n],
        &board.production[..n],
    );
    let moves = &moves[..n];
    let nbr = &nbr[..n];

    // 1-2. Production, movement and combination.
    for i in 0..n {
        let o = owner[i] as usize;
        if o == 0 || o > players {
            neutral[i] = strength[i];
            continue;
        }
        neutral[i] = 0;
        let p = o - 1;
        let base = p * n;
        let stats = &mut report.players[p];
        let s = u16::from(strength[i]);
        let d = moves[i];
        let (dest, s) = match d {
            0 => {
                let g = s + u16::from(production[i]);
                if g > 255 {
                    stats.cap_loss += u32::from(g - 255);
                    stats.production += u32::from(255 - s);
                    (i, 255)
                } else {
                    stats.production += u32::from(production[i]);
                    (i, g)
                }
            }
            1..=4 => {
                let here = &mut piece[base + i];
                if *here == 0 {
                    *here = 1;
                }
                (nbr[i][usize::from(d - 1)] as usize, s)
            }
            _ => (i, s),
        };
        add_piece(&mut piece[base + dest], s, &mut stats.cap_loss);
    }

    // Per-site totals over all players, then over each site's neighbourhood.
    for l in 0..n {
        let (mut s, mut c) = (0u16, 0u8);
        for p in 0..players {
            let v = piece[p * n + l];
            let present = u16::from(v != 0);
            s += v - present;
            c += present as u8;
        }
        sum[l] = s;
        cnt[l] = c;
    }
    for l in 0..n {
        let [a, b, c, d] = nbr[l];
        let (a, b, c, d) = (a as usize, b as usize, c as usize, d as usize);
        ball_sum[l] = sum[l] + sum[a] + sum[b] + sum[c] + sum[d];
        ball_cnt[l] = cnt[l] + cnt[a] + cnt[b] + cnt[c] + cnt[d];
    }

    // 5 (neutral part). Every site starts neutral with what is left of its neutral strength.
    prev_owner[..n].copy_from_slice(owner);
    for l in 0..n {
        let ns = neutral[l];
        owner[l] = 0;
        if ns > 0 && cnt[l] > 0 {
            strength[l] = u16::from(ns).saturating_sub(sum[l]) as u8;
            report.damage_taken[l] += sum[l];
            report.damage_dealt[l] += u16::from(ns) * u16::from(cnt[l]);
        } else {
            strength[l] = ns;
        }
    }

    // 3-5. Combat, one player at a time; survivors are written back.
    for p in 0..players {
        let base = p * n;
        let own = &piece[base..base + n];
        for l in 0..n {
            let v = own[l];
            if v == 0 {
                continue;
            }
            let s = v - 1;
            let [a, b, c, d] = nbr[l];
            let mut own_sum = s;
            let mut own_cnt = 1u8;
            for k in [a, b, c, d] {
                let w = own[k as usize];
                if w != 0 {
                    own_sum += w - 1;
                    own_cnt += 1;
                }
            }
            let enemies = ball_cnt[l] - own_cnt;
            let ns = u16::from(neutral[l]);
            if enemies == 0 && ns == 0 {
                owner[l] = (p + 1) as u8;
                strength[l] = s as u8;
                continue;
            }
            let dmg = ball_sum[l] - own_sum + ns;
            contact(piece, nbr, p, l, s, ns, dmg, players, report);
            if dmg >= s {
                report.players[p].pieces_lost += 1;
            } else {
                owner[l] = (p + 1) as u8;
                strength[l] = (s - dmg) as u8;
            }
        }
    }

    for l in 0..n {
        let o = owner[l];
        if o != 0 && prev_owner[l] != o {
            report.players[usize::from(o) - 1].sites_captured += 1;
        }
    }
}

/// The statistics of one piece that touched an enemy or a neutral site (the rare, slow path).
#[allow(clippy::too_many_arguments)]
#[cold]
fn contact(
    piece: &[u16],
    nbr: &[[u32; 4]],
    p: usize,
    l: usize,
    s: u16,
    ns: u16,
    dmg: u16,
    players: usize,
    report: &mut TurnReport,
) {
    let n = nbr.len();
    let [a, b, c, d] = nbr[l];
    let mut pairs = 0u32;
    let mut effective = 0u32;
    for k in [l, a as usize, b as usize, c as usize, d as usize] {
        for q in 0..players {
            if q == p {
                continue;
            }
            let w = piece[q * n + k];
            if w != 0 {
                pairs += 1;
                effective += u32::from(s.min(w - 1));
            }
        }
    }
    let stats = &mut report.players[p];
    stats.damage_to_players += u32::from(s) * pairs;
    let mut dealt = u32::from(s) * pairs;
    if ns > 0 {
        let env = u32::from(s.min(ns));
        stats.damage_to_neutral += env;
        effective += env;
        dealt += u32::from(s);
    }
    stats.overkill += effective.saturating_sub(u32::from(s));
    stats.damage_taken += u32::from(dmg.min(s));
    report.damage_dealt[l] = report.damage_dealt[l].saturating_add(dealt.min(0xffff) as u16);
    report.damage_taken[l] = report.damage_taken[l].saturating_add(dmg);
}
