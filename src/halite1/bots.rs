//! The page's built-in bots as native policies, move for move the same as the page's
//! TypeScript ones (`www/src/games/halite1/bots.ts`): a bot sees a board as its seat sees it
//! (fog applied), its owner value on the board and the turns played so far, and answers its
//! moves. A test plays them against the TypeScript versions on fixed seeds.

use super::grid::{Board, Move};

/// A built-in bot: `(board as seen, own owner value, turns played) -> moves`.
pub type Bot = fn(&Board, u8, u32) -> Vec<Move>;

/// The built-in bots' names, as the page names them.
pub const NAMES: [&str; 2] = ["greedy", "expander"];

/// The bot called `name`, if there is one.
pub fn by_name(name: &str) -> Option<Bot> {
    match name {
        "greedy" => Some(greedy),
        "expander" => Some(expander),
        _ => None,
    }
}

/// Neighbour of site `i` in direction `d` (1 N, 2 E, 3 S, 4 W) on a `w` x `h` torus.
fn step(i: usize, d: u8, w: usize, h: usize) -> usize {
    let x = i % w;
    let y = i / w;
    match d {
        1 => (if y == 0 { h - 1 } else { y - 1 }) * w + x,
        2 => y * w + if x == w - 1 { 0 } else { x + 1 },
        3 => (if y == h - 1 { 0 } else { y + 1 }) * w + x,
        4 => y * w + if x == 0 { w - 1 } else { x - 1 },
        _ => i,
    }
}

fn mv(i: usize, w: usize, dir: u8) -> Move {
    Move {
        x: (i % w) as u16,
        y: (i / w) as u16,
        dir,
    }
}

/// Distance in moves through the bot's own sites from every site to the nearest site it does
/// not own: 0 outside its territory, 1 on its border; the site count where it owns everything.
pub fn frontier_distance(b: &Board, me: u8) -> Vec<i32> {
    let (w, h) = (b.width, b.height);
    let n = w * h;
    let mut dist = vec![-1i32; n];
    let mut queue = Vec::with_capacity(n);
    for (i, (d, &o)) in dist.iter_mut().zip(&b.owner).enumerate() {
        if o != me {
            *d = 0;
            queue.push(i);
        }
    }
    let mut head = 0;
    while head < queue.len() {
        let i = queue[head];
        head += 1;
        for d in 1..=4 {
            let j = step(i, d, w, h);
            if dist[j] == -1 {
                dist[j] = dist[i] + 1;
                queue.push(j);
            }
        }
    }
    for d in dist.iter_mut() {
        if *d == -1 {
            *d = n as i32;
        }
    }
    dist
}

/// Greedy: captures the weakest neighbour it can beat, else grows until five turns of
/// production, then sends interior pieces north or west (alternating by site) to the edge.
pub fn greedy(b: &Board, me: u8, _turn: u32) -> Vec<Move> {
    let (w, h) = (b.width, b.height);
    let (owner, st, prod) = (&b.owner, &b.strength, &b.production);
    let mut moves = Vec::new();
    for i in 0..w * h {
        if owner[i] != me {
            continue;
        }
        let s = u32::from(st[i]);
        let mut target = 0;
        let mut weakest = 256;
        let mut interior = true;
        for d in 1..=4 {
            let t = step(i, d, w, h);
            if owner[t] == me {
                continue;
            }
            interior = false;
            let ts = u32::from(st[t]);
            if (ts < s || s == 255) && ts < weakest {
                weakest = ts;
                target = d;
            }
        }
        if target != 0 {
            moves.push(mv(i, w, target));
        } else if s < u32::from(prod[i]) * 5 || !interior {
            moves.push(mv(i, w, 0));
        } else {
            moves.push(mv(i, w, if (i % w + i / w) % 2 == 0 { 1 } else { 4 }));
        }
    }
    moves
}

/// The overkill-aware greedy expander: border pieces capture the neutral site with the best
/// production per strength they can beat, or move where their strength hits the most enemy
/// pieces; interior pieces wait for five turns of production, then flow down the
/// frontier-distance field; planned arrivals keep merges under the 255 cap.
pub fn expander(b: &Board, me: u8, turn: u32) -> Vec<Move> {
    let (w, h) = (b.width, b.height);
    let n = w * h;
    let (owner, st, prod) = (&b.owner, &b.strength, &b.production);
    let dist = frontier_distance(b, me);
    let mut arriving = vec![0i32; n];
    let mut decided = vec![false; n];
    let mut moves = Vec::new();

    let enemy_damage = |t: usize| -> i32 {
        let mut dmg = 0;
        for d in 0..=4 {
            let j = if d == 0 { t } else { step(t, d, w, h) };
            let o = owner[j];
            if o != 0 && o != me {
                dmg += i32::from(st[j]);
            }
        }
        dmg
    };
    let value = |t: usize| -> f64 {
        if owner[t] == 0 && st[t] > 0 {
            return f64::from(prod[t]) / f64::from(st[t]);
        }
        let dmg = enemy_damage(t);
        if dmg > 0 {
            1.0 + f64::from(dmg)
        } else {
            f64::from(prod[t]) / 2.0
        }
    };

    for i in 0..n {
        if owner[i] != me {
            continue;
        }
        if st[i] == 0 || u32::from(st[i]) < u32::from(prod[i]) * 5 {
            decided[i] = true;
            arriving[i] += 255.min(i32::from(st[i]) + i32::from(prod[i]));
            moves.push(mv(i, w, 0));
        }
    }

    let mut order: Vec<usize> = (0..n).filter(|&i| owner[i] == me && !decided[i]).collect();
    // Strongest first; ties keep site order (a stable sort, as the page's).
    order.sort_by(|&a, &b| st[b].cmp(&st[a]));

    for i in order {
        let s = i32::from(st[i]);
        let mut best: Option<usize> = None;
        let mut best_dir = 0;
        let mut best_value = f64::NEG_INFINITY;
        for d in 1..=4 {
            let t = step(i, d, w, h);
            if owner[t] == me {
                continue;
            }
            let is_enemy = owner[t] != 0;
            let ts = i32::from(st[t]);
            if !is_enemy && ts >= s && s < 255 {
                continue;
            }
            if is_enemy && ts >= s {
                continue;
            }
            if arriving[t] + s > 255 + 10 {
                continue;
            }
            let v = value(t);
            if v > best_value {
                best_value = v;
                best = Some(t);
                best_dir = d;
            }
        }
        if let Some(t) = best {
            arriving[t] += s;
            moves.push(mv(i, w, best_dir));
            continue;
        }
        if dist[i] <= 1 {
            arriving[i] += 255.min(s + i32::from(prod[i]));
            moves.push(mv(i, w, 0));
            continue;
        }
        let mut dir = 0;
        let mut best_score = f64::INFINITY;
        for d in 1..=4u8 {
            let t = step(i, d, w, h);
            if dist[t] >= dist[i] {
                continue;
            }
            let total = arriving[t] + s + if decided[t] { 0 } else { i32::from(st[t]) };
            let score = if total > 255 {
                1000.0 + f64::from(total)
            } else {
                ((u64::from(d) + u64::from(turn) + i as u64) % 4) as f64 * 0.01
            };
            if score < best_score {
                best_score = score;
                dir = d;
            }
        }
        if dir != 0 && best_score < 1000.0 {
            arriving[step(i, dir, w, h)] += s;
            moves.push(mv(i, w, dir));
        } else {
            arriving[i] += 255.min(s + i32::from(prod[i]));
            moves.push(mv(i, w, 0));
        }
    }
    moves
}
