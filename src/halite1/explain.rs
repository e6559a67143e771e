//! One turn explained, phase by phase, for lessons and the sandbox.
//!
//! [`explain_turn`] is a second resolver written for clarity, not speed: it walks the phases in
//! the reference environment's order and records each of them —
//! 1. production on pieces that stay still (and what the 255 cap took);
//! 2. moves, the 0-strength piece a moving piece leaves behind, and combining on each site (with
//!    what the cap took per site);
//! 3. damage: a ledger entry for every hit (who hit whom, from where, for how much, and how much
//!    of it was overkill), neutral sites included;
//! 4. removals: every piece whose damage reached its strength;
//! 5. new owners: the surviving piece, or the neutral strength left.
//!
//! Lessons may switch rules off ([`Rules`]); with every rule on, the result is exactly the
//! board and [`TurnReport`] of [`super::turn::resolve_turn`] (a property test holds it to that).
//! Strengths are kept in 16 bits so that a lesson without the cap can show pieces above 255.

use super::grid::{neighbours, Board, Direction, MAX_PLAYERS};
use super::turn::{PlayerTurnStats, TurnReport};
use serde::{Deserialize, Serialize};

/// The rules in force. Every rule is on by default (the real game).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Rules {
    /// Pieces of different players damage each other. Off: where several players end on one
    /// site, the strongest piece keeps it (ties to the lower player number).
    pub combat: bool,
    /// Pieces that stay still gain their site's production.
    pub production: bool,
    /// The board wraps around its edges. Off: a move off the edge is refused (the piece stays,
    /// without production) and pieces across an edge are not neighbours.
    pub wrap: bool,
    /// Strength is capped at 255. Off: strengths add up without limit (kept below 65536).
    pub cap: bool,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            combat: true,
            production: true,
            wrap: true,
            cap: true,
        }
    }
}

impl Rules {
    fn limit(&self) -> u32 {
        if self.cap {
            255
        } else {
            u32::from(u16::MAX)
        }
    }
}

/// A position with 16-bit strengths (row-major, index = y * width + x).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Position {
    pub width: usize,
    pub height: usize,
    pub owner: Vec<u8>,
    pub strength: Vec<u16>,
    pub production: Vec<u8>,
}

impl Position {
    pub fn len(&self) -> usize {
        self.width * self.height
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The board of the real game (strengths above 255 are clamped).
    pub fn to_board(&self) -> Board {
        Board {
            width: self.width,
            height: self.height,
            production: self.production.clone(),
            owner: self.owner.clone(),
            strength: self.strength.iter().map(|&s| s.min(255) as u8).collect(),
        }
    }
}

impl From<&Board> for Position {
    fn from(b: &Board) -> Position {
        Position {
            width: b.width,
            height: b.height,
            owner: b.owner.clone(),
            strength: b.strength.iter().map(|&s| u16::from(s)).collect(),
            production: b.production.clone(),
        }
    }
}

/// Phase 1: a piece that stayed still and grew.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Growth {
    pub site: usize,
    pub owner: u8,
    pub before: u16,
    /// Strength gained (after the cap).
    pub gain: u16,
    /// Production lost to the cap.
    pub cap_loss: u16,
}

/// What a piece did with its move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum MoveKind {
    /// Moved one step (`wrapped`: across an edge of the board).
    Moved,
    /// A move byte above 4: the piece stays, without production.
    Invalid,
    /// A move off the edge with wrap-around off: the piece stays, without production.
    Blocked,
}

/// Phase 2: a piece that was ordered to move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Movement {
    pub from: usize,
    pub to: usize,
    pub owner: u8,
    pub strength: u16,
    pub direction: u8,
    pub kind: MoveKind,
    pub wrapped: bool,
}

/// Phase 2: the pieces of one player that ended on one site, added up.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Merge {
    pub site: usize,
    pub owner: u8,
    /// Each arriving piece: the site it came from and its strength (a piece left behind is a
    /// part of strength 0 from the site itself).
    pub parts: Vec<Part>,
    pub strength: u16,
    /// Strength lost to the cap when adding up.
    pub cap_loss: u16,
    /// The 0-strength piece a moving piece left here is part of this merge.
    pub left_behind: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Part {
    pub from: usize,
    pub strength: u16,
}

/// Phase 3: one hit. Owner 0 is the neutral site itself (as attacker or victim).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Hit {
    pub from: usize,
    pub attacker: u8,
    pub to: usize,
    pub victim: u8,
    /// The attacker's full strength (every enemy in reach takes it all).
    pub amount: u16,
    /// The part of `amount` the victim's strength could absorb; the rest is overkill.
    pub effective: u16,
}

/// Phases 3 and 4: what happened to each piece standing after movement.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Fate {
    pub site: usize,
    pub owner: u8,
    pub strength: u16,
    /// Total damage taken (`touched`: at least one hit reached it, even of 0).
    pub damage: u32,
    pub touched: bool,
    pub survives: bool,
    pub remaining: u16,
    /// With combat off: removed because a stronger piece of another player held the site.
    pub crowded_out: bool,
}

/// Phase 5: a site whose owner or neutral strength changed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SiteChange {
    pub site: usize,
    pub owner_before: u8,
    pub strength_before: u16,
    pub owner: u8,
    pub strength: u16,
}

/// Everything one turn did, in the order it happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Explanation {
    pub rules: Rules,
    pub players: usize,
    pub before: Position,
    pub growth: Vec<Growth>,
    pub movements: Vec<Movement>,
    pub merges: Vec<Merge>,
    /// Neutral strength standing on each site during combat (0 where a player owned it).
    pub neutral: Vec<u16>,
    pub hits: Vec<Hit>,
    pub fates: Vec<Fate>,
    pub changes: Vec<SiteChange>,
    pub after: Position,
    pub report: TurnReport,
}

/// Owner values a site can hold in a turn (0 and the players).
const TAGS: usize = MAX_PLAYERS + 1;

/// A piece after movement.
#[derive(Clone, Debug)]
struct Standing {
    owner: u8,
    strength: u16,
}

/// The neighbour of `i` in `d`, or `None` across an edge when the board does not wrap.
fn step(w: usize, h: usize, i: usize, d: Direction, wrap: bool) -> Option<(usize, bool)> {
    let (x, y) = (i % w, i / w);
    let crosses = match d {
        Direction::Still => false,
        Direction::North => y == 0,
        Direction::South => y + 1 == h,
        Direction::West => x == 0,
        Direction::East => x + 1 == w,
    };
    if crosses && !wrap {
        return None;
    }
    let to = match d {
        Direction::Still => i,
        d => neighbours(w, h, x, y)[d as usize - 1],
    };
    Some((to, crosses))
}

/// The sites a piece on `i` reaches: itself and its four neighbours (a neighbour can repeat on
/// a board one or two sites wide, and counts again, as in the original).
fn reach(w: usize, h: usize, i: usize, wrap: bool) -> Vec<usize> {
    Direction::ALL
        .iter()
        .filter_map(|&d| step(w, h, i, d, wrap).map(|(t, _)| t))
        .collect()
}

/// Explains one turn of `before` with `moves[i]` the direction sent for the piece on site `i`
/// (read only where one of the `players` owns it). Owners above `players` count as neutral.
/// Panics only if `moves` or the position's arrays are shorter than `width * height`.
pub fn explain_turn(before: &Position, moves: &[u8], players: usize, rules: Rules) -> Explanation {
    let players = players.min(MAX_PLAYERS);
    let (w, h) = (before.width, before.height);
    let n = w * h;
    let limit = rules.limit();
    let owned = |i: usize| {
        let o = before.owner[i];
        o != 0 && usize::from(o) <= players
    };

    // 1. Production, and where every piece goes.
    let mut growth = Vec::new();
    let mut movements = Vec::new();
    let mut neutral = vec![0u16; n];
    // Per site: the parts arriving, as (owner, from, strength).
    let mut arrivals: Vec<Vec<(u8, usize, u16)>> = vec![Vec::new(); n];
    let mut left = vec![false; n];
    for i in 0..n {
        if !owned(i) {
            neutral[i] = before.strength[i];
            continue;
        }
        let (o, s) = (before.owner[i], before.strength[i]);
        match Direction::from_byte(moves[i]) {
            Some(Direction::Still) => {
                let prod = if rules.production {
                    u32::from(before.production[i])
                } else {
                    0
                };
                let grown = u32::from(s) + prod;
                let capped = grown.min(limit.max(u32::from(s)));
                if prod > 0 {
                    growth.push(Growth {
                        site: i,
                        owner: o,
                        before: s,
                        gain: (capped - u32::from(s)) as u16,
                        cap_loss: (grown - capped) as u16,
                    });
                }
                arrivals[i].push((o, i, capped as u16));
            }
            Some(d) => match step(w, h, i, d, rules.wrap) {
                Some((to, wrapped)) => {
                    movements.push(Movement {
                        from: i,
                        to,
                        owner: o,
                        strength: s,
                        direction: d as u8,
                        kind: MoveKind::Moved,
                        wrapped,
                    });
                    // The piece leaves a 0-strength piece of its owner behind.
                    arrivals[i].push((o, i, 0));
                    left[i] = true;
                    arrivals[to].push((o, i, s));
                }
                None => {
                    movements.push(Movement {
                        from: i,
                        to: i,
                        owner: o,
                        strength: s,
                        direction: d as u8,
                        kind: MoveKind::Blocked,
                        wrapped: false,
                    });
                    arrivals[i].push((o, i, s));
                }
            },
            None => {
                movements.push(Movement {
                    from: i,
                    to: i,
                    owner: o,
                    strength: s,
                    direction: moves[i],
                    kind: MoveKind::Invalid,
                    wrapped: false,
                });
                arrivals[i].push((o, i, s));
            }
        }
    }

    // 2. Combining: one piece per player per site.
    let mut merges = Vec::new();
    let mut standing: Vec<Vec<Standing>> = vec![Vec::new(); n];
    let mut merge_loss = [0u32; MAX_PLAYERS + 1];
    for i in 0..n {
        let mut tags: Vec<u8> = arrivals[i].iter().map(|a| a.0).collect();
        crate::env::sort::values(&mut tags);
        tags.dedup();
        for tag in tags {
            let parts: Vec<Part> = arrivals[i]
                .iter()
                .filter(|a| a.0 == tag)
                .map(|a| Part {
                    from: a.1,
                    strength: a.2,
                })
                .collect();
            let sum: u32 = parts.iter().map(|p| u32::from(p.strength)).sum();
            let capped = sum.min(limit);
            let loss = sum - capped;
            merge_loss[usize::from(tag)] += loss;
            let behind = left[i] && before.owner[i] == tag;
            if parts.len() > 1 || loss > 0 || behind {
                merges.push(Merge {
                    site: i,
                    owner: tag,
                    parts,
                    strength: capped as u16,
                    cap_loss: loss as u16,
                    left_behind: behind,
                });
            }
            standing[i].push(Standing {
                owner: tag,
                strength: capped as u16,
            });
        }
    }

    // 3. Damage, all computed before any is applied.
    let mut hits = Vec::new();
    for i in 0..n {
        let targets = reach(w, h, i, rules.wrap);
        for a in &standing[i] {
            if rules.combat {
                for &t in &targets {
                    for b in &standing[t] {
                        if b.owner != a.owner {
                            hits.push(Hit {
                                from: i,
                                attacker: a.owner,
                                to: t,
                                victim: b.owner,
                                amount: a.strength,
                                effective: a.strength.min(b.strength),
                            });
                        }
                    }
                }
            }
            let ns = neutral[i];
            if ns > 0 {
                hits.push(Hit {
                    from: i,
                    attacker: a.owner,
                    to: i,
                    victim: 0,
                    amount: a.strength,
                    effective: a.strength.min(ns),
                });
                hits.push(Hit {
                    from: i,
                    attacker: 0,
                    to: i,
                    victim: a.owner,
                    amount: ns,
                    effective: ns.min(a.strength),
                });
            }
        }
    }

    // 4. Removals.
    // Damage per (site, owner), indexed site * TAGS + owner.
    let mut on = vec![(0u32, false); n * TAGS];
    for x in &hits {
        let e = &mut on[x.to * TAGS + usize::from(x.victim)];
        e.0 += u32::from(x.amount);
        e.1 = true;
    }
    let mut fates = Vec::new();
    for (i, pieces) in standing.iter().enumerate() {
        for p in pieces {
            let (damage, touched) = on[i * TAGS + usize::from(p.owner)];
            let survives = !touched || damage < u32::from(p.strength);
            let remaining = if survives {
                p.strength - damage as u16
            } else {
                0
            };
            fates.push(Fate {
                site: i,
                owner: p.owner,
                strength: p.strength,
                damage,
                touched,
                survives,
                remaining,
                crowded_out: false,
            });
        }
    }
    if !rules.combat {
        // Without combat several players can survive on one site: the strongest keeps it.
        // Fates are in site order, so each site's pieces are one run.
        for run in fates.chunk_by_mut(|a, b| a.site == b.site) {
            let best = run
                .iter()
                .filter(|f| f.survives)
                .max_by_key(|f| (f.remaining, std::cmp::Reverse(f.owner)))
                .map(|f| f.owner);
            for f in run.iter_mut().filter(|f| f.survives) {
                if Some(f.owner) != best {
                    f.survives = false;
                    f.crowded_out = true;
                    f.remaining = 0;
                }
            }
        }
    }

    // 5. New owners.
    let mut after = Position {
        width: w,
        height: h,
        owner: vec![0; n],
        strength: vec![0; n],
        production: before.production.clone(),
    };
    let mut survivor: Vec<Option<&Fate>> = vec![None; n];
    for f in fates.iter().filter(|f| f.survives) {
        survivor[f.site] = Some(f);
    }
    for i in 0..n {
        match survivor[i] {
            Some(f) => {
                after.owner[i] = f.owner;
                after.strength[i] = f.remaining;
            }
            None => {
                let total: u32 = standing[i].iter().map(|p| u32::from(p.strength)).sum();
                after.strength[i] = u32::from(neutral[i]).saturating_sub(total) as u16;
            }
        }
    }
    let changes = (0..n)
        .filter(|&i| after.owner[i] != before.owner[i] || after.strength[i] != before.strength[i])
        .map(|i| SiteChange {
            site: i,
            owner_before: before.owner[i],
            strength_before: before.strength[i],
            owner: after.owner[i],
            strength: after.strength[i],
        })
        .collect();

    let report = report(
        before,
        &after,
        players,
        &growth,
        &merge_loss,
        &standing,
        &neutral,
        &hits,
        &fates,
    );
    Explanation {
        rules,
        players,
        before: before.clone(),
        growth,
        movements,
        merges,
        neutral,
        hits,
        fates,
        changes,
        after,
        report,
    }
}

/// The turn's statistics, counted from the phases as the original counts them.
#[allow(clippy::too_many_arguments)]
fn report(
    before: &Position,
    after: &Position,
    players: usize,
    growth: &[Growth],
    merge_loss: &[u32],
    standing: &[Vec<Standing>],
    neutral: &[u16],
    hits: &[Hit],
    fates: &[Fate],
) -> TurnReport {
    let n = before.len();
    let mut stats = vec![PlayerTurnStats::default(); players];
    let mut dealt = vec![0u32; n];
    let mut taken = vec![0u32; n];
    for g in growth {
        let s = &mut stats[usize::from(g.owner) - 1];
        s.production += u32::from(g.gain);
        s.cap_loss += u32::from(g.cap_loss);
    }
    for (p, s) in stats.iter_mut().enumerate() {
        s.cap_loss += merge_loss[p + 1];
    }
    // Per (site, attacker): damage to players, to the neutral site, and effective damage.
    let mut by = vec![(0u32, 0u32, 0u32); n * TAGS];
    for x in hits.iter().filter(|x| x.attacker != 0) {
        let e = &mut by[x.from * TAGS + usize::from(x.attacker)];
        if x.victim == 0 {
            e.1 += u32::from(x.effective);
        } else {
            e.0 += u32::from(x.amount);
        }
        e.2 += u32::from(x.effective);
    }
    for f in fates {
        let p = usize::from(f.owner) - 1;
        let strength = u32::from(f.strength);
        let (to_players, to_neutral, effective) = by[f.site * TAGS + usize::from(f.owner)];
        stats[p].damage_to_neutral += to_neutral;
        stats[p].damage_to_players += to_players;
        dealt[f.site] += to_players;
        if neutral[f.site] > 0 {
            dealt[f.site] += strength + u32::from(neutral[f.site]);
        }
        if f.touched {
            stats[p].overkill += effective.saturating_sub(strength);
            stats[p].damage_taken += f.damage.min(strength);
            taken[f.site] += f.damage;
            if f.damage >= strength {
                stats[p].pieces_lost += 1;
            }
        }
    }
    for i in 0..n {
        if neutral[i] > 0 {
            taken[i] += standing[i]
                .iter()
                .map(|p| u32::from(p.strength))
                .sum::<u32>();
        }
    }
    for (p, s) in stats.iter_mut().enumerate() {
        let tag = (p + 1) as u8;
        s.sites_captured = (0..n)
            .filter(|&i| after.owner[i] == tag && before.owner[i] != tag)
            .count() as u32;
    }
    TurnReport {
        players: stats,
        damage_dealt: dealt.iter().map(|&v| v.min(0xffff) as u16).collect(),
        damage_taken: taken.iter().map(|&v| v.min(0xffff) as u16).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one_row(owner: &[u8], strength: &[u16], production: &[u8]) -> Position {
        Position {
            width: owner.len(),
            height: 1,
            owner: owner.to_vec(),
            strength: strength.to_vec(),
            production: production.to_vec(),
        }
    }

    #[test]
    fn combining_150_and_150_onto_200_loses_to_the_cap() {
        // 150 moves east onto a 200 that stays, and another 150 moves west onto it.
        let p = one_row(&[1, 1, 1], &[150, 200, 150], &[0, 0, 0]);
        let e = explain_turn(&p, &[2, 0, 4], 1, Rules::default());
        assert_eq!(e.after.strength, vec![0, 255, 0]);
        let m = e.merges.iter().find(|m| m.site == 1).expect("a merge");
        assert_eq!(m.cap_loss, 245);
        assert_eq!(e.report.players[0].cap_loss, 245);
        let off = explain_turn(
            &p,
            &[2, 0, 4],
            1,
            Rules {
                cap: false,
                ..Rules::default()
            },
        );
        assert_eq!(off.after.strength[1], 500);
    }

    #[test]
    fn a_move_off_the_edge_is_refused_without_wrap() {
        let p = one_row(&[1, 0, 0], &[10, 0, 0], &[3, 0, 0]);
        let no_wrap = Rules {
            wrap: false,
            ..Rules::default()
        };
        let e = explain_turn(&p, &[4, 0, 0], 1, no_wrap);
        assert_eq!(e.after.owner, vec![1, 0, 0]);
        assert_eq!(e.after.strength, vec![10, 0, 0]);
        let e = explain_turn(&p, &[4, 0, 0], 1, Rules::default());
        assert_eq!(e.after.owner, vec![1, 0, 1]);
        assert!(e.movements[0].wrapped);
    }
}
