//! The board: flat row-major storage (index = y * width + x) on a wrap-around torus.

/// The most players a Halite I game can seat (the reference environment's limit).
pub const MAX_PLAYERS: usize = 6;

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
#[derive(Clone, Debug, PartialEq, Eq)]
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
        let mut t = vec![0u32; players + 1];
        for &o in &self.owner {
            if (o as usize) <= players {
                t[o as usize] += 1;
            }
        }
        t
    }
}

/// The site one step from `i` in direction `d` on a `width` x `height` torus.
#[inline]
pub fn step(width: usize, height: usize, i: usize, d: Direction) -> usize {
    let (x, y) = (i % width, i / width);
    match d {
        Direction::Still => i,
        Direction::North => (if y == 0 { height - 1 } else { y - 1 }) * width + x,
        Direction::South => (if y + 1 == height { 0 } else { y + 1 }) * width + x,
        Direction::East => y * width + if x + 1 == width { 0 } else { x + 1 },
        Direction::West => y * width + if x == 0 { width - 1 } else { x - 1 },
    }
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
    fn distance_wraps() {
        assert_eq!(wrapped_distance2(10, 10, 0, 9), 1);
        assert_eq!(wrapped_distance2(10, 10, 0, 99), 2);
        assert_eq!(wrapped_distance2(10, 10, 0, 55), 50);
    }
}
