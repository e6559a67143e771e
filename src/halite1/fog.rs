//! Fog of war (Blitz): a player sees the sites it owns and every site within wrap-around
//! Euclidean distance `radius` (inclusive) of one of them. Hidden sites arrive as neutral,
//! production 0, strength 0.

use super::grid::{wrap, Board};

/// Marks in `visible` (resized to the board) the sites `player` can see.
pub fn visibility(
    width: usize,
    height: usize,
    owner: &[u8],
    player: u8,
    radius: u32,
    visible: &mut Vec<bool>,
) {
    let n = width * height;
    visible.clear();
    visible.resize(n, false);
    if n == 0 {
        return;
    }
    let r = radius as usize;
    // Offsets never need to reach further than half the map: wrapped distances stop there.
    let (rx, ry) = (r.min(width / 2), r.min(height / 2));
    let r2 = r.saturating_mul(r);
    let mut offsets = Vec::new();
    for dy in -(ry as isize)..=(ry as isize) {
        for dx in -(rx as isize)..=(rx as isize) {
            if (dx * dx + dy * dy) as usize <= r2 {
                offsets.push((dx, dy));
            }
        }
    }
    for (i, &o) in owner.iter().enumerate().take(n) {
        if o != player {
            continue;
        }
        let (x, y) = (i % width, i / width);
        for &(dx, dy) in &offsets {
            visible[wrap(width, height, x, y, dx, dy)] = true;
        }
    }
}

/// What a player sees: the position with hidden sites masked, and which sites are visible.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sight {
    pub view: Board,
    pub visible: Vec<bool>,
}

/// What `player` (its owner value on the board) sees of a position given as flat arrays within
/// `radius`: hidden sites neutral with production 0 and strength 0. The one place fog masks.
pub fn sight(
    width: usize,
    height: usize,
    owner: &[u8],
    strength: &[u8],
    production: &[u8],
    player: u8,
    radius: u32,
) -> Sight {
    let mut visible = Vec::new();
    visibility(width, height, owner, player, radius, &mut visible);
    let mask = |src: &[u8]| -> Vec<u8> {
        src.iter()
            .zip(&visible)
            .map(|(&v, &seen)| if seen { v } else { 0 })
            .collect()
    };
    let view = Board {
        width,
        height,
        production: mask(production),
        owner: mask(owner),
        strength: mask(strength),
    };
    Sight { view, visible }
}

/// What `player` sees of `board`: hidden sites neutral with production 0 and strength 0.
pub fn fog_view(board: &Board, player: u8, radius: u32) -> Board {
    sight(
        board.width,
        board.height,
        &board.owner,
        &board.strength,
        &board.production,
        player,
        radius,
    )
    .view
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn radius_is_euclidean_inclusive_and_wraps() {
        let mut b = Board::new(9, 9);
        b.owner[0] = 1;
        let mut v = Vec::new();
        visibility(9, 9, &b.owner, 1, 2, &mut v);
        let seen = |x: usize, y: usize| v[y * 9 + x];
        assert!(seen(0, 0) && seen(2, 0) && seen(0, 2) && seen(1, 1));
        assert!(seen(7, 0) && seen(0, 7) && seen(8, 8));
        assert!(!seen(2, 1) && !seen(2, 2) && !seen(3, 0) && !seen(7, 8));
        assert_eq!(v.iter().filter(|&&s| s).count(), 13);
    }

    #[test]
    fn hidden_sites_arrive_neutral_and_empty() {
        let mut b = Board::new(9, 1);
        b.owner[0] = 1;
        b.owner[5] = 2;
        b.strength[5] = 50;
        b.production[5] = 3;
        let view = fog_view(&b, 1, 2);
        assert_eq!(
            (view.owner[5], view.strength[5], view.production[5]),
            (0, 0, 0)
        );
        let theirs = fog_view(&b, 2, 2);
        assert_eq!((theirs.owner[5], theirs.strength[5]), (2, 50));
        assert_eq!(theirs.owner[0], 0);
    }
}
