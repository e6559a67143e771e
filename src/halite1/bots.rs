//! The built-in bots tactician, expander and greedy, the only copy: the page's engine plays
//! them (`Halite1Game.playBuiltin`), and so does the Python package (`bot_moves`). A bot is
//! given its seat's [`Observation`] (the board as the seat sees it, fog applied, its owner value
//! on the board and the turns played so far) and answers its moves. `tests/halite1_bots.rs`
//! pins the games they play.

use super::grid::{Board, Move};
use super::observe::Observation;

/// A built-in bot: a seat's observation -> its moves.
pub type Bot = fn(&Observation) -> Vec<Move>;

/// The built-in bots' names, as the page names them.
pub const NAMES: [&str; 3] = ["tactician", "expander", "greedy"];

/// The bot called `name`, if there is one.
pub fn by_name(name: &str) -> Option<Bot> {
    match name {
        "greedy" => Some(greedy),
        "expander" => Some(expander),
        "tactician" => Some(tactician),
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
pub fn greedy(obs: &Observation) -> Vec<Move> {
    let (b, me) = (&obs.board, obs.my_id);
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
pub fn expander(obs: &Observation) -> Vec<Move> {
    let (b, me, turn) = (&obs.board, obs.my_id, obs.turn);
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
    crate::env::sort::by_key(&mut order, |&i| std::cmp::Reverse(st[i]));

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

/// The tactician's tuning (the page's `TACTICIAN_DEFAULTS`).
mod tuning {
    pub const DECAY: f64 = 0.8;
    pub const WAR_DECAY: f64 = 0.8;
    pub const WAR_BASE: f64 = 2.0;
    pub const AREA: f64 = 0.35;
    pub const NO_MANS_LAND: f64 = 0.05;
    pub const HOLD: i32 = 5;
    pub const CAP_SLACK: i32 = 10;
    pub const PATIENCE: f64 = 0.6;
}

/// North, east, south and west neighbours of every site.
fn neighbour_table(w: usize, h: usize) -> Vec<usize> {
    let mut nb = vec![0; w * h * 4];
    for y in 0..h {
        for x in 0..w {
            let i = y * w + x;
            nb[i * 4] = (if y == 0 { h - 1 } else { y - 1 }) * w + x;
            nb[i * 4 + 1] = y * w + if x == w - 1 { 0 } else { x + 1 };
            nb[i * 4 + 2] = (if y == h - 1 { 0 } else { y + 1 }) * w + x;
            nb[i * 4 + 3] = y * w + if x == 0 { w - 1 } else { x - 1 };
        }
    }
    nb
}

/// Spreads `field` over the sites `me` owns: each takes the best of its own neighbours' values
/// times `decay`, sweeping in both orders until nothing changes (64 sweeps at most).
fn relax(field: &mut [f64], decay: f64, owner: &[u8], me: u8, nb: &[usize]) {
    let n = field.len();
    for sweep in 0..64 {
        let mut changed = false;
        let forward = sweep % 2 == 0;
        for s in 0..n {
            let i = if forward { s } else { n - 1 - s };
            if owner[i] != me {
                continue;
            }
            let mut best = field[i];
            for k in 0..4 {
                let j = nb[i * 4 + k];
                if owner[j] == me && field[j] * decay > best {
                    best = field[j] * decay;
                }
            }
            if best > field[i] {
                field[i] = best;
                changed = true;
            }
        }
        if !changed {
            return;
        }
    }
}

/// Tactician, the page's strongest Halite I bot: values every site it does not own (walls by
/// production per strength and their surroundings, battle sites by the damage they offer),
/// lets the values flow into its territory, fights with overkill, takes walls alone or
/// together (or waits beside the best one), and moves interior pieces up the value field.
pub fn tactician(obs: &Observation) -> Vec<Move> {
    use tuning::*;
    let (b, me) = (&obs.board, obs.my_id);
    let (w, h) = (b.width, b.height);
    let n = w * h;
    let (owner, st, prod) = (&b.owner, &b.strength, &b.production);
    let nb = neighbour_table(w, h);
    let is_enemy = |i: usize| owner[i] != 0 && owner[i] != me;
    let strength = |i: usize| i32::from(st[i]);

    // 1. Site values.
    let mut hit = vec![0f64; n];
    let mut near_enemy = vec![false; n];
    for t in 0..n {
        if owner[t] == me {
            continue;
        }
        let mut hv = if is_enemy(t) { f64::from(st[t]) } else { 0.0 };
        let mut near = is_enemy(t);
        for k in 0..4 {
            let j = nb[t * 4 + k];
            if is_enemy(j) {
                hv += f64::from(st[j]);
                near = true;
            }
        }
        hit[t] = hv;
        near_enemy[t] = near;
    }
    let mut base = vec![0f64; n];
    for t in 0..n {
        if owner[t] == 0 {
            base[t] = f64::from(prod[t]) / f64::from(st[t].max(1));
        }
    }
    let mut value = vec![0f64; n];
    for t in 0..n {
        if owner[t] == me {
            continue;
        }
        if hit[t] > 0.0 {
            value[t] = WAR_BASE + hit[t] / 64.0;
            continue;
        }
        if is_enemy(t) {
            value[t] = 1.0 + f64::from(prod[t]) / 16.0;
            continue;
        }
        let mut around = 0.0;
        for k in 0..4 {
            let j = nb[t * 4 + k];
            if owner[j] == 0 {
                around += base[j];
            }
        }
        let mut v = base[t] + (AREA * around) / 4.0;
        if near_enemy[t] {
            v *= NO_MANS_LAND;
        }
        value[t] = v;
    }

    // 2. The value field.
    let mut expand = vec![0f64; n];
    let mut war = vec![0f64; n];
    for i in 0..n {
        if owner[i] != me {
            continue;
        }
        for k in 0..4 {
            let j = nb[i * 4 + k];
            if owner[j] == me {
                continue;
            }
            if hit[j] > 0.0 {
                war[i] = war[i].max(value[j]);
            } else {
                expand[i] = expand[i].max(value[j]);
            }
        }
    }
    relax(&mut expand, DECAY, owner, me, &nb);
    relax(&mut war, WAR_DECAY, owner, me, &nb);
    let field: Vec<f64> = expand.iter().zip(&war).map(|(&e, &w)| e.max(w)).collect();

    // Decisions.
    let mut dir = vec![-1i8; n];
    let mut arriving = vec![0i32; n];
    let go = |dir: &mut [i8], arriving: &mut [i32], i: usize, d: usize| {
        dir[i] = d as i8;
        let t = if d == 0 { i } else { nb[i * 4 + d - 1] };
        arriving[t] += if d == 0 {
            255.min(strength(i) + i32::from(prod[i]))
        } else {
            strength(i)
        };
    };
    let fits = |arriving: &[i32], t: usize, s: i32| arriving[t] + s <= 255 + CAP_SLACK;

    for i in 0..n {
        if owner[i] == me && st[i] == 0 {
            go(&mut dir, &mut arriving, i, 0);
        }
    }

    // 3. Battle, strongest first.
    let mut fighters: Vec<usize> = (0..n)
        .filter(|&i| owner[i] == me && dir[i] == -1 && (0..4).any(|k| hit[nb[i * 4 + k]] > 0.0))
        .collect();
    crate::env::sort::by_key(&mut fighters, |&i| std::cmp::Reverse(st[i]));
    for i in fighters {
        let s = strength(i);
        let mut best_dir = 0;
        let mut best_damage = 0;
        for k in 0..4 {
            let t = nb[i * 4 + k];
            if owner[t] == me || hit[t] == 0.0 {
                continue;
            }
            if owner[t] == 0 && strength(t) >= s {
                continue;
            }
            if !fits(&arriving, t, s) {
                continue;
            }
            let mut dmg = 0;
            if is_enemy(t) {
                dmg += s.min(strength(t));
            }
            for q in 0..4 {
                let j = nb[t * 4 + q];
                if is_enemy(j) {
                    dmg += s.min(strength(j));
                }
            }
            if dmg > best_damage {
                best_damage = dmg;
                best_dir = k + 1;
            }
        }
        go(&mut dir, &mut arriving, i, best_dir);
    }

    // 4. Expansion, best target first.
    let mut best_near = vec![0f64; n];
    let mut targets = Vec::new();
    let mut seen = vec![false; n];
    for i in 0..n {
        if owner[i] != me || dir[i] != -1 {
            continue;
        }
        for k in 0..4 {
            let t = nb[i * 4 + k];
            if owner[t] == me {
                continue;
            }
            if value[t] > best_near[i] {
                best_near[i] = value[t];
            }
            if !seen[t] {
                seen[t] = true;
                targets.push(t);
            }
        }
    }
    crate::env::sort::by_key(&mut targets, |&t| std::cmp::Reverse(value[t]));
    let mut waiting = vec![false; n];
    for t in targets {
        if value[t] <= 0.0 {
            continue;
        }
        let cand: Vec<usize> = (0..4)
            .map(|k| nb[t * 4 + k])
            .filter(|&i| owner[i] == me && dir[i] == -1 && !waiting[i] && st[i] > 0)
            .collect();
        if cand.is_empty() {
            continue;
        }
        let need = strength(t);
        let dir_to = |i: usize| (0..4).find(|&k| nb[i * 4 + k] == t).map_or(0, |k| k + 1);
        let mut willing: Vec<usize> = cand
            .into_iter()
            .filter(|&i| value[t] >= PATIENCE * best_near[i])
            .collect();
        if willing.is_empty() {
            continue;
        }
        let mut single: Option<usize> = None;
        for &i in &willing {
            if (strength(i) > need || st[i] == 255)
                && fits(&arriving, t, strength(i))
                && single.is_none_or(|s| st[i] < st[s])
            {
                single = Some(i);
            }
        }
        if let Some(i) = single {
            go(&mut dir, &mut arriving, i, dir_to(i));
            continue;
        }
        crate::env::sort::by_key(&mut willing, |&i| std::cmp::Reverse(st[i]));
        let mut sum = 0;
        let mut used = 0;
        while used < willing.len() && sum <= need {
            sum += strength(willing[used]);
            used += 1;
        }
        if sum > need && sum <= 255 + CAP_SLACK && fits(&arriving, t, sum) {
            for &i in &willing[..used] {
                go(&mut dir, &mut arriving, i, dir_to(i));
            }
            continue;
        }
        for &i in &willing {
            if value[t] >= best_near[i] {
                waiting[i] = true;
            }
        }
    }

    // 5. Interior, highest field first.
    let mut order: Vec<usize> = (0..n).filter(|&i| owner[i] == me && dir[i] == -1).collect();
    crate::env::sort::by_key(&mut order, |&i| std::cmp::Reverse(field[i]));
    for i in order {
        let s = strength(i);
        let border = (0..4).any(|k| owner[nb[i * 4 + k]] != me);
        if border || s < HOLD * i32::from(prod[i]) {
            go(&mut dir, &mut arriving, i, 0);
            continue;
        }
        let mut best_dir = 0;
        let mut best = field[i];
        for k in 0..4 {
            let j = nb[i * 4 + k];
            if owner[j] != me {
                continue;
            }
            let extra = if dir[j] == -1 { strength(j) } else { 0 };
            if !fits(&arriving, j, s + extra) {
                continue;
            }
            if field[j] > best {
                best = field[j];
                best_dir = k + 1;
            }
        }
        go(&mut dir, &mut arriving, i, best_dir);
    }

    (0..n)
        .filter(|&i| owner[i] == me && dir[i] > 0)
        .map(|i| mv(i, w, dir[i] as u8))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frontier_distance_is_0_outside_1_on_the_border_growing_inwards_wrapping() {
        let (w, h) = (5, 5);
        let mut owner = vec![1u8; w * h];
        owner[0] = 0; // the only foreign site, at the corner: neighbours wrap
        let b = Board {
            width: w,
            height: h,
            production: vec![0; w * h],
            owner,
            strength: vec![0; w * h],
        };
        let d = frontier_distance(&b, 1);
        assert_eq!(d[0], 0);
        assert_eq!(d[1], 1);
        assert_eq!(d[4], 1, "wraps east-west");
        assert_eq!(d[20], 1, "wraps north-south");
        assert_eq!(d[2 * w + 2], 4);
    }
}
