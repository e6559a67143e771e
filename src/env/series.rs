//! The statistics series every game records for its graphs: one `u32` per series, seat and
//! frame, stored frame-major (`frame * players + seat`) so a new frame is appended at the end of
//! each series, and read out seat-major. A game's own `Series` says which series there are and
//! how a frame fills them; this table holds and reads them.

use serde::Serialize;

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SeriesTable {
    pub players: usize,
    pub frames: usize,
    /// One vector per series, in the game's order.
    data: Vec<Vec<u32>>,
}

impl SeriesTable {
    /// `series` empty series for `players` seats.
    pub fn new(players: usize, series: usize) -> SeriesTable {
        SeriesTable {
            players,
            frames: 0,
            data: vec![Vec::new(); series],
        }
    }

    /// Opens the next frame: every series gets a value per seat, 0, except series `carry..`,
    /// which start from the frame before's (running totals). Returns the frame's first index;
    /// fill it with [`SeriesTable::cell`], then [`SeriesTable::close_frame`].
    pub fn open_frame(&mut self, carry: usize) -> usize {
        let p = self.players;
        let start = self.frames * p;
        let prev = self.frames.checked_sub(1).map(|f| f * p);
        for (k, v) in self.data.iter_mut().enumerate() {
            v.resize(start + p, 0);
            if let (true, Some(b)) = (k >= carry, prev) {
                v.copy_within(b..b + p, start);
            }
        }
        start
    }

    /// Makes room for `frames` more frames in every series (a game knows its turn limit).
    pub fn reserve(&mut self, frames: usize) {
        let more = frames.saturating_mul(self.players);
        for v in &mut self.data {
            v.reserve_exact(more);
        }
    }

    /// The value of series `which` at index `at` of the open frame (`start + seat`).
    pub fn cell(&mut self, which: usize, at: usize) -> &mut u32 {
        &mut self.data[which][at]
    }

    /// The frame opened by [`SeriesTable::open_frame`] is complete.
    pub fn close_frame(&mut self) {
        self.frames += 1;
    }

    /// Series `which` of `seat`, one value per frame.
    pub fn get(&self, which: usize, seat: usize) -> Vec<u32> {
        self.get_from(which, seat, 0)
    }

    /// Series `which` of `seat` from frame `from` on.
    pub fn get_from(&self, which: usize, seat: usize, from: usize) -> Vec<u32> {
        let p = self.players;
        match self.data.get(which) {
            Some(v) if seat < p => v
                .iter()
                .skip(from.saturating_mul(p).saturating_add(seat))
                .step_by(p)
                .copied()
                .collect(),
            _ => Vec::new(),
        }
    }

    /// The value of series `which` for `seat` at `frame`.
    pub fn at(&self, which: usize, seat: usize, frame: usize) -> Option<u32> {
        if seat >= self.players {
            return None;
        }
        self.data
            .get(which)?
            .get(frame * self.players + seat)
            .copied()
    }

    /// Series `which` for all seats, seat-major: `seat * frames + frame`.
    pub fn all_players(&self, which: usize) -> Vec<u32> {
        (0..self.players).flat_map(|p| self.get(which, p)).collect()
    }

    /// Every series, every seat, the values of frames `from..`:
    /// `(series * players + seat) * n + (frame - from)` with `n = frames - from` (empty when
    /// `from` is at or past the end). A live game's viewer takes the new frames this way.
    pub fn from_frame(&self, from: usize) -> Vec<u32> {
        let n = self.frames.saturating_sub(from);
        let mut out = Vec::with_capacity(self.data.len() * self.players * n);
        for k in 0..self.data.len() {
            for p in 0..self.players {
                out.extend(self.get_from(k, p, from));
            }
        }
        out
    }

    /// Keeps frames `0..frames` only.
    pub fn truncate(&mut self, frames: usize) {
        if frames < self.frames {
            for v in self.data.iter_mut() {
                v.truncate(frames * self.players);
            }
            self.frames = frames;
        }
    }
}

/// A game's `Series`: a newtype over [`SeriesTable`] that reads as the table (through `Deref`) and
/// serializes as it; the game adds how a frame fills it.
macro_rules! game_series {
    ($(#[$meta:meta])* $name:ident) => {
        $(#[$meta])*
        #[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
        #[serde(transparent)]
        pub struct $name($crate::env::series::SeriesTable);

        impl std::ops::Deref for $name {
            type Target = $crate::env::series::SeriesTable;
            fn deref(&self) -> &$crate::env::series::SeriesTable {
                &self.0
            }
        }
    };
}
pub(crate) use game_series;

#[cfg(test)]
mod tests {
    use super::SeriesTable;

    #[test]
    fn frames_are_appended_and_read_per_seat_with_running_totals_carried() {
        let mut t = SeriesTable::new(2, 2);
        let s = t.open_frame(1);
        *t.cell(0, s) = 3;
        *t.cell(1, s + 1) = 5;
        t.close_frame();
        let s = t.open_frame(1);
        *t.cell(0, s + 1) = 4;
        *t.cell(1, s + 1) += 1;
        t.close_frame();
        assert_eq!(t.get(0, 0), vec![3, 0]);
        assert_eq!(t.get(0, 1), vec![0, 4]);
        assert_eq!(t.get(1, 1), vec![5, 6], "series 1 carries over");
        assert_eq!(t.get_from(1, 1, 1), vec![6]);
        assert_eq!(t.at(0, 1, 1), Some(4));
        assert_eq!(t.at(0, 2, 1), None);
        assert_eq!(t.all_players(1), vec![0, 0, 5, 6]);
        assert_eq!(t.from_frame(1), vec![0, 4, 0, 6]);
        assert!(t.get(5, 0).is_empty());
        t.truncate(1);
        assert_eq!((t.frames, t.get(1, 1)), (1, vec![5]));
    }
}
