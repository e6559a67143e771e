//! The Halite I ranking, written once: a live game ([`super::Game::results`]) and a replay read
//! from its frames alone ([`super::stats::standings`]) both feed a [`Ranking`] frame by frame.
//!
//! Seats eliminated on the same turn are ordered by territory on that turn (0 for all of them),
//! then by the territory integral (the sum of territory over all frames, counting 1 for frame
//! 0); survivors by final territory, then the integral. The reference lists seats worst first
//! (eliminated in order, then survivors sorted) and reverses the list, so a full tie ranks the
//! later seat first.

use crate::env::SeatResult;
use serde::Serialize;

/// What Halite I ranks a seat by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Score {
    /// The seat's owner value on the board (`seat + 1`), as the reference prints it.
    pub tag: usize,
    /// Sites owned in the last frame.
    pub territory: u32,
    /// Sum of territory over all frames (frame 0 counts 1).
    pub territory_integral: u64,
}

/// One Halite I seat's standing.
pub type PlayerResult = SeatResult<Score>;

/// The ranking history of a game: who is in, when each seat fell and in what order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ranking {
    frame: u32,
    alive: Vec<bool>,
    ejected: Vec<bool>,
    territory: Vec<u32>,
    integral: Vec<u64>,
    /// For a seat out of the game: the last frame it owned a site (-1: ejected at init).
    last_alive: Vec<i64>,
    /// Seats out of the game, worst first.
    eliminated: Vec<usize>,
}

impl Ranking {
    /// At frame 0, with each seat's territory as it counts before any turn (a live game counts
    /// 1 for every seat, as the reference does; a replay read alone counts its frame 0).
    pub fn new(territory: Vec<u32>) -> Ranking {
        let seats = territory.len();
        Ranking {
            frame: 0,
            alive: vec![true; seats],
            ejected: vec![false; seats],
            territory,
            integral: vec![1; seats],
            last_alive: vec![0; seats],
            eliminated: Vec::new(),
        }
    }

    pub fn is_alive(&self, seat: usize) -> bool {
        self.alive.get(seat).copied().unwrap_or(false)
    }

    /// `seat` failed to start: out at once, ranked below everyone eliminated later.
    pub fn eject_at_init(&mut self, seat: usize) {
        if self.is_alive(seat) {
            self.alive[seat] = false;
            self.ejected[seat] = true;
            self.last_alive[seat] = -1;
            self.eliminated.push(seat);
        }
    }

    /// `seat` is ejected during the coming turn (it falls when the frame shows it has no site).
    pub fn mark_ejected(&mut self, seat: usize) {
        if let Some(e) = self.ejected.get_mut(seat) {
            *e = true;
        }
    }

    /// Counts the next frame, given each seat's territory in it.
    pub fn record_frame(&mut self, territory: &[u32]) {
        self.frame += 1;
        for (mine, &t) in self.territory.iter_mut().zip(territory) {
            *mine = t;
        }
        let mut fallen = Vec::new();
        for p in 0..self.alive.len() {
            self.integral[p] += u64::from(self.territory[p]);
            if self.alive[p] && self.territory[p] == 0 {
                self.alive[p] = false;
                self.last_alive[p] = i64::from(self.frame) - 1;
                fallen.push(p);
            }
        }
        self.sort_worst_first(&mut fallen);
        self.eliminated.extend(fallen);
    }

    /// Sorts seats worst first by (territory, integral), keeping the order of equal ones.
    /// An insertion sort: at most six seats, and the standard sort's code is large in
    /// WebAssembly.
    fn sort_worst_first(&self, seats: &mut [usize]) {
        let key = |p: usize| (self.territory[p], self.integral[p]);
        for i in 1..seats.len() {
            let mut j = i;
            while j > 0 && key(seats[j - 1]) > key(seats[j]) {
                seats.swap(j - 1, j);
                j -= 1;
            }
        }
    }

    /// Every seat's standing now, in seat order, with its name from `names`.
    pub fn results(&self, names: &[String]) -> Vec<PlayerResult> {
        let seats = self.alive.len();
        let mut survivors: Vec<usize> = (0..seats).filter(|&p| self.alive[p]).collect();
        self.sort_worst_first(&mut survivors);
        let mut rank = vec![0; seats];
        for (k, &p) in self.eliminated.iter().chain(&survivors).rev().enumerate() {
            rank[p] = k + 1;
        }
        (0..seats)
            .map(|p| SeatResult {
                seat: p,
                name: names.get(p).cloned().unwrap_or_default(),
                rank: rank[p],
                last_frame_alive: if self.alive[p] {
                    i64::from(self.frame)
                } else {
                    self.last_alive[p]
                },
                alive: self.alive[p],
                ejected: self.ejected[p],
                score: Score {
                    tag: p + 1,
                    territory: self.territory[p],
                    territory_integral: self.integral[p],
                },
            })
            .collect()
    }
}
