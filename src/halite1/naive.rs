//! A second, deliberately plain implementation of turn resolution: ordered maps of pieces per
//! player, written straight from the rules. It is the oracle that property tests compare
//! [`super::turn::resolve_turn`] against, and the baseline the benchmark measures it beside.

use super::grid::{Board, Direction};
use std::collections::BTreeMap;

/// Resolves one turn in place, like [`super::turn::resolve_turn`] (without a report).
pub fn resolve_turn_naive(board: &mut Board, moves: &[u8], players: usize) {
    let n = board.len();
    let mut pieces: Vec<BTreeMap<usize, u8>> = vec![BTreeMap::new(); players];
    let mut neutral = vec![0u8; n];
    let add = |m: &mut BTreeMap<usize, u8>, at: usize, s: u8| {
        let e = m.entry(at).or_insert(0);
        *e = (u16::from(*e) + u16::from(s)).min(255) as u8;
    };
    for i in 0..n {
        let o = board.owner[i] as usize;
        if o == 0 || o > players {
            neutral[i] = board.strength[i];
            continue;
        }
        let m = &mut pieces[o - 1];
        let s = board.strength[i];
        match Direction::from_byte(moves[i]) {
            Some(Direction::Still) => {
                let g = (u16::from(s) + u16::from(board.production[i])).min(255) as u8;
                add(m, i, g);
            }
            Some(d) => {
                m.entry(i).or_insert(0);
                add(m, board.step(i, d), s);
            }
            None => add(m, i, s),
        }
    }
    let mut injury: Vec<BTreeMap<usize, u32>> = vec![BTreeMap::new(); players];
    let mut neutral_injury = vec![0u32; n];
    for (c, mine) in pieces.iter().enumerate() {
        for (&at, &s) in mine {
            for (d, theirs) in pieces.iter().enumerate() {
                if d == c {
                    continue;
                }
                for dir in Direction::ALL {
                    let target = board.step(at, dir);
                    if theirs.contains_key(&target) {
                        *injury[d].entry(target).or_insert(0) += u32::from(s);
                    }
                }
            }
            if neutral[at] > 0 {
                *injury[c].entry(at).or_insert(0) += u32::from(neutral[at]);
                neutral_injury[at] += u32::from(s);
            }
        }
    }
    for (mine, hurt) in pieces.iter_mut().zip(&injury) {
        for (&at, &dmg) in hurt {
            let s = mine[&at];
            if dmg >= u32::from(s) {
                mine.remove(&at);
            } else {
                mine.insert(at, s - dmg as u8);
            }
        }
    }
    for i in 0..n {
        board.owner[i] = 0;
        board.strength[i] = u32::from(neutral[i]).saturating_sub(neutral_injury[i]) as u8;
    }
    for (p, mine) in pieces.iter().enumerate() {
        for (&at, &s) in mine {
            board.owner[at] = (p + 1) as u8;
            board.strength[at] = s;
        }
    }
}
