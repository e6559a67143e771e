//! The board: flat row-major storage (index = y * width + x) on a wrap-around torus.

/// The most players a Halite I game can seat (the reference environment's limit).
pub const MAX_PLAYERS: usize = 6;

/// The largest map side a game, the map generator and a hand-built board accept (the reference
/// stores sides in 16 bits; its official games never went beyond 50).
pub const MAX_SIDE: usize = 250;

/// One move of one piece: the site it stands on and the direction byte its bot sent. `dir` is
/// the byte the reference keeps: the number sent, modulo 256 (above 4: an invalid move).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    pub x: u16,
    pub y: u16,
    pub dir: u8,
}

/// A cardinal direction as the protocol and the replay number them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Direction {
    Still = 0,
    North = 1,
    East = 2,
    South = 3,
    West = 4,
}

impl Direction {
    pub const ALL: [Direction; 5] = [
        Direction::Still,
        Direction::North,
        Direction::East,
        Direction::South,
        Direction::West,
    ];
    pub const CARDINALS: [Direction; 4] = [
        Direction::North,
        Direction::East,
        Direction::South,
        Direction::West,
    ];

    /// The direction a move byte names, or `None` for an invalid move (above 4).
    pub fn from_byte(b: u8) -> Option<Direction> {
        Direction::ALL.get(b as usize).copied()
    }
}

/// One position of a game: who owns each site, the strength there, and the fixed production.
/// Serialised as `{width, height, production, owner, strength}` (flat arrays, row-major).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Board {
    pub width: usize,
    pub height: usize,
    pub production: Vec<u8>,
    pub owner: Vec<u8>,
    pub strength: Vec<u8>,
}

impl Board {
    /// An empty (all neutral, zero) board.
    pub fn new(width: usize, height: usize) -> Board {
        let n = width * height;
        Board {
            width,
            height,
            production: vec![0; n],
            owner: vec![0; n],
            strength: vec![0; n],
        }
    }

    pub fn len(&self) -> usize {
        self.width * self.height
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn index(&self, x: usize, y: usize) -> usize {
        y * self.width + x
    }

    /// The site one step from `i` in direction `d` (wrapping); `Still` is `i` itself.
    pub fn step(&self, i: usize, d: Direction) -> usize {
        step(self.width, self.height, i, d)
    }

    /// Sites owned by each player 1..=players (index 0 counts neutral sites).
    pub fn territory(&self, players: usize) -> Vec<u32> {
        territory(&self.owner, players)
    }
}

/// Sites owned by each player 1..=players in a frame's owners (index 0 counts neutral sites;
/// owners above `players` are not counted).
pub fn territory(owner: &[u8], players: usize) -> Vec<u32> {
    let mut t = vec![0u32; players + 1];
    for &o in owner {
        if let Some(count) = t.get_mut(usize::from(o)) {
            *count += 1;
        }
    }
    t
}

/// The four neighbours of (x, y) on a `width` x `height` torus, as site indices: north, east,
/// south, west (the order of [`Direction::CARDINALS`]). Every wrap-around step of the crate
/// goes through here or [`wrap`].
#[inline(always)]
pub fn neighbours(width: usize, height: usize, x: usize, y: usize) -> [usize; 4] {
    let i = y * width + x;
    [
        if y == 0 {
            i + (height - 1) * width
        } else {
            i - width
        },
        if x + 1 == width { i + 1 - width } else { i + 1 },
        if y + 1 == height { x } else { i + width },
        if x == 0 { i + width - 1 } else { i - 1 },
    ]
}

/// The site one step from `i` in direction `d` on a `width` x `height` torus.
#[inline]
pub fn step(width: usize, height: usize, i: usize, d: Direction) -> usize {
    match d {
        Direction::Still => i,
        d => neighbours(width, height, i % width, i / width)[d as usize - 1],
    }
}

/// The site at offset (dx, dy) from (x, y) on a `width` x `height` torus, any offset.
#[inline]
pub fn wrap(width: usize, height: usize, x: usize, y: usize, dx: isize, dy: isize) -> usize {
    let wx = (x as isize + dx).rem_euclid(width as isize) as usize;
    let wy = (y as isize + dy).rem_euclid(height as isize) as usize;
    wy * width + wx
}

/// Squared wrap-around Euclidean distance between two sites.
pub fn wrapped_distance2(width: usize, height: usize, a: usize, b: usize) -> usize {
    let (ax, ay) = (a % width, a / width);
    let (bx, by) = (b % width, b / width);
    let dx = ax.abs_diff(bx);
    let dy = ay.abs_diff(by);
    let dx = dx.min(width - dx);
    let dy = dy.min(height - dy);
    dx * dx + dy * dy
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_wrap_on_every_edge() {
        let b = Board::new(3, 2);
        assert_eq!(b.step(0, Direction::North), 3);
        assert_eq!(b.step(0, Direction::West), 2);
        assert_eq!(b.step(5, Direction::East), 3);
        assert_eq!(b.step(5, Direction::South), 2);
        assert_eq!(b.step(4, Direction::Still), 4);
    }

    #[test]
    fn neighbours_step_and_wrap_agree() {
        for (w, h) in [(1, 1), (1, 4), (5, 1), (3, 2), (7, 5)] {
            for i in 0..w * h {
                let (x, y) = (i % w, i / w);
                let n = neighbours(w, h, x, y);
                let offsets = [(0, -1), (1, 0), (0, 1), (-1, 0)];
                for (k, d) in Direction::CARDINALS.into_iter().enumerate() {
                    let (dx, dy) = offsets[k];
                    assert_eq!(n[k], step(w, h, i, d));
                    assert_eq!(n[k], wrap(w, h, x, y, dx, dy));
                }
                assert_eq!(wrap(w, h, x, y, 3 * w as isize, -2 * h as isize), i);
            }
        }
    }

    #[test]
    fn distance_wraps() {
        assert_eq!(wrapped_distance2(10, 10, 0, 9), 1);
        assert_eq!(wrapped_distance2(10, 10, 0, 99), 2);
        assert_eq!(wrapped_distance2(10, 10, 0, 55), 50);
    }
}
