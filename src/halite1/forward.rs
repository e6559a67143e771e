//! The Halite I forward model (`debug.simulate`): a game's exact state as a snapshot, and one
//! turn played from it by [`Game::step`] itself (see [`crate::env::forward`]).
//!
//! Snapshot (after the magic `H1SN`, little-endian): width u16, height u16, players u8, turn u32,
//! max turns u32, one byte per seat (1 in the game, 0 out), then the owner, strength and
//! production of every site, row-major. Blitz (fog) games have none: a snapshot holds the
//! whole board.

use super::answer::{pack_json, read_answer, read_owned};
use super::game::Game;
use super::grid::{Board, Move, MAX_PLAYERS, MAX_SIDE};
use super::observe::Observation;
use crate::env::forward::{packed_lists, Reader, SimError, SimObservation, Simulator, Writer};

const MAGIC: [u8; 4] = *b"H1SN";

/// The snapshot of a game, or None in a fog game (it would reveal hidden sites).
pub fn snapshot(game: &Game) -> Option<Vec<u8>> {
    if game.fog_radius().is_some() {
        return None;
    }
    let b = game.board();
    let mut w = Writer::new(MAGIC);
    w.u16(b.width as u16);
    w.u16(b.height as u16);
    w.u8(game.players() as u8);
    w.u32(game.turn());
    w.u32(game.max_turns());
    for p in 0..game.players() {
        w.u8(u8::from(game.is_alive(p)));
    }
    w.bytes(&b.owner);
    w.bytes(&b.strength);
    w.bytes(&b.production);
    Some(w.0)
}

/// A Halite I game restored from a snapshot.
pub struct Halite1Sim {
    game: Game,
}

impl Halite1Sim {
    pub fn game(&self) -> &Game {
        &self.game
    }
}

impl Simulator for Halite1Sim {
    const MAGIC: [u8; 4] = MAGIC;

    fn from_snapshot(bytes: &[u8]) -> Result<Halite1Sim, SimError> {
        let mut r = Reader::new(bytes, MAGIC)?;
        let width = usize::from(r.u16()?);
        let height = usize::from(r.u16()?);
        let players = usize::from(r.u8()?);
        SimError::check_size(
            (width as u64, height as u64),
            MAX_SIDE as u64,
            players,
            MAX_PLAYERS,
        )?;
        let turn = r.u32()?;
        let max_turns = r.u32()?;
        let alive: Vec<bool> = r.take(players)?.iter().map(|&a| a != 0).collect();
        let n = width * height;
        let owner = r.take(n)?.to_vec();
        let strength = r.take(n)?.to_vec();
        let production = r.take(n)?.to_vec();
        r.finish()?;
        if owner.iter().any(|&o| usize::from(o) > players) {
            return Err(SimError::Inconsistent(
                "the snapshot has an owner beyond its players",
            ));
        }
        let board = Board {
            width,
            height,
            production,
            owner,
            strength,
        };
        Ok(Halite1Sim {
            game: Game::restore(board, turn, max_turns, &alive),
        })
    }

    fn snapshot(&self) -> Vec<u8> {
        snapshot(&self.game).unwrap_or_default()
    }

    fn step(&mut self, seat: usize, mine: &str, others: &str) -> Result<(), SimError> {
        let players = self.game.players();
        if seat >= players {
            return Err(SimError::NoSuchSeat(seat));
        }
        let b = self.game.board();
        let max = 2 * b.width * b.height;
        // The seat's moves, checked as its answer is; the others' given to their sites' owners.
        let (mine, others) = packed_lists(mine, others, max, pack_json)?;
        let quads: Vec<u32> = mine
            .iter()
            .flat_map(|&[x, y, dir]| [seat as u32, x, y, dir])
            .collect();
        let mut moves: Vec<Vec<Move>> = vec![Vec::new(); players];
        read_answer(&self.game, seat, &quads, false, &mut moves[seat])
            .map_err(SimError::answer("moves"))?;
        read_owned(&self.game, &others, &mut moves).map_err(SimError::answer("othersMoves"))?;
        if self.game.is_over() {
            return Err(SimError::Over {
                turn: self.game.turn(),
                max: self.game.max_turns(),
            });
        }
        self.game
            .step(&moves)
            .map(|_| ())
            .map_err(|e| SimError::Turn(e.to_string()))
    }

    fn observation(&self, seat: usize) -> SimObservation {
        Observation::of(&self.game, seat).encode()
    }
}
