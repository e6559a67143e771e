//! The contract every game of the crate passes, written once against [`Game`]:
//!
//! 1. [`play_randomly`]: random play from a seeded generator to the end, with invariants checked
//!    after every turn (the turn counts up, one frame per turn, a finished game refuses to step,
//!    the final ranks are a permutation);
//! 2. [`replay_round_trip`]: the replay written and read back (plain and compressed) is the same;
//! 3. [`determinism`]: the same config, seed and actions give identical replay bytes;
//! 4. [`fork_continues`]: a fork at any frame, stepped with the recorded actions, ends as the
//!    original did (replay bytes and ranking).
//!
//! [`check_all`] runs them all. Every check returns `Err(what went wrong)` rather than
//! panicking, so a test names the failure and the checks run anywhere (native or wasm).

use super::{Game, ReplayFile, SeatResult};
use rand::rngs::StdRng;
use rand::SeedableRng;
use std::fmt::Debug;

/// A game the contract can play: it draws an action for a seat.
pub trait RandomPlay: Game {
    /// An action for `seat` in the current position, drawn from `rng`: mostly legal, sometimes
    /// garbage that the game must survive (invalid moves, other seats' pieces, off the map).
    fn random_action(&self, seat: usize, rng: &mut StdRng) -> Self::Action;
}

/// One turn as the contract played it: the seats ejected before it, then every seat's action.
#[derive(Clone, Debug, PartialEq)]
pub struct Turn<A> {
    pub ejected: Vec<usize>,
    pub actions: Vec<A>,
}

/// A game played to the end, with the turns that were played.
pub struct Played<G: Game> {
    pub game: G,
    pub turns: Vec<Turn<G::Action>>,
}

/// A game that has not ended after this many turns fails the contract.
pub const MAX_CONTRACT_TURNS: usize = 100_000;

/// One in this many turns ejects a random live seat first (a bot that crashed).
const EJECT_ONE_IN: u32 = 150;

/// Plays a game from `config` to the end with random actions drawn from `seed`, ejecting a
/// seat now and then, and checks the invariants of every turn and of the final results.
pub fn play_randomly<G: RandomPlay>(config: &G::Config, seed: u64) -> Result<Played<G>, String> {
    use rand::Rng;
    let mut game = G::new(config).map_err(|e| format!("new: {e}"))?;
    let mut rng = StdRng::seed_from_u64(seed);
    let seats = game.seats();
    let mut turns = Vec::new();
    while !game.is_over() {
        if turns.len() >= MAX_CONTRACT_TURNS {
            return Err(format!("not over after {MAX_CONTRACT_TURNS} turns"));
        }
        let mut ejected = Vec::new();
        if rng.gen_range(0..EJECT_ONE_IN) == 0 {
            let seat = rng.gen_range(0..seats);
            if game.is_alive(seat) {
                game.eject(seat);
                ejected.push(seat);
            }
        }
        let actions: Vec<G::Action> = (0..seats)
            .map(|s| game.random_action(s, &mut rng))
            .collect();
        let before = game.turn();
        game.step(&actions)
            .map_err(|e| format!("turn {before}: step failed: {e}"))?;
        if game.turn() != before + 1 {
            return Err(format!("turn {before}: the turn became {}", game.turn()));
        }
        let frames = game.replay().num_frames();
        if frames != game.turn() as usize + 1 {
            return Err(format!("turn {}: {frames} frames recorded", game.turn()));
        }
        for &seat in &ejected {
            if game.is_alive(seat) {
                return Err(format!("turn {before}: seat {seat} ejected but alive"));
            }
        }
        turns.push(Turn { ejected, actions });
    }
    if game.step(&vec![G::Action::default(); seats]).is_ok() {
        return Err("a finished game accepted another turn".into());
    }
    check_results(&game.results(), seats, game.turn())?;
    Ok(Played { game, turns })
}

/// The final results: one per seat in seat order, ranks a permutation of 1..=seats, survivors
/// alive up to the last frame.
fn check_results<S>(results: &[SeatResult<S>], seats: usize, turn: u32) -> Result<(), String> {
    if results.len() != seats || results.iter().enumerate().any(|(k, r)| r.seat != k) {
        return Err(format!(
            "results are not one per seat in seat order ({seats} seats)"
        ));
    }
    let mut ranks: Vec<usize> = results.iter().map(|r| r.rank).collect();
    super::sort::values(&mut ranks);
    if ranks != (1..=seats).collect::<Vec<_>>() {
        return Err(format!("ranks {ranks:?} are not 1 to {seats}"));
    }
    for r in results {
        if r.alive && r.last_frame_alive != i64::from(turn) {
            return Err(format!(
                "seat {} is alive but last alive on frame {} of {turn}",
                r.seat, r.last_frame_alive
            ));
        }
        if r.last_frame_alive < -1 || r.last_frame_alive > i64::from(turn) {
            return Err(format!(
                "seat {}: last frame alive {}",
                r.seat, r.last_frame_alive
            ));
        }
    }
    Ok(())
}

/// The game's replay written and read back, plain and compressed, is the same replay, and
/// writing it again gives the same bytes.
pub fn replay_round_trip<G: Game>(game: &G) -> Result<(), String>
where
    G::Replay: PartialEq + Debug,
{
    let replay = game.replay();
    let plain = replay.to_bytes();
    for (form, bytes) in [
        ("plain", &plain),
        ("compressed", &replay.to_compressed_bytes()),
    ] {
        let back = G::Replay::from_bytes(bytes).map_err(|e| format!("{form} replay: {e}"))?;
        if &back != replay {
            return Err(format!("the {form} replay reads back different"));
        }
        if back.to_bytes() != plain {
            return Err(format!("the {form} replay writes back different bytes"));
        }
    }
    Ok(())
}

/// Playing twice from the same config and seed gives identical replay bytes and results.
/// (The config must fix everything random, such as the map seed.)
pub fn determinism<G: RandomPlay>(config: &G::Config, seed: u64) -> Result<(), String>
where
    G::Score: PartialEq,
{
    let a = play_randomly::<G>(config, seed)?;
    let b = play_randomly::<G>(config, seed)?;
    if a.game.replay().to_bytes() != b.game.replay().to_bytes() {
        return Err("the same seed and actions gave different replays".into());
    }
    if a.game.results() != b.game.results() {
        return Err("the same seed and actions gave different results".into());
    }
    Ok(())
}

/// Forks the played game's replay at each of `frames` (and fails for the frame after the
/// last), steps each fork with the recorded turns from there, and checks it ends with the same
/// replay bytes and ranking. A replay does not say which seats were ejected, only what their
/// ejection did, so `ejected` is not compared for seats ejected before the fork point.
pub fn fork_continues<G: Game>(played: &Played<G>, frames: &[usize]) -> Result<(), String>
where
    G::Score: PartialEq,
{
    let original = played.game.replay();
    let last = original.num_frames() - 1;
    if G::from_replay(original, last + 1).is_ok() {
        return Err(format!(
            "a fork at frame {} (after the last) succeeded",
            last + 1
        ));
    }
    let want_bytes = original.to_bytes();
    let want = played.game.results();
    for &n in frames.iter().filter(|&&n| n <= last) {
        let mut fork = G::from_replay(original, n).map_err(|e| format!("fork at {n}: {e}"))?;
        if fork.turn() as usize != n || fork.replay().num_frames() != n + 1 {
            return Err(format!(
                "fork at {n}: turn {}, {} frames",
                fork.turn(),
                fork.replay().num_frames()
            ));
        }
        for (t, turn) in played.turns.iter().enumerate().skip(n) {
            for &seat in &turn.ejected {
                fork.eject(seat);
            }
            fork.step(&turn.actions)
                .map_err(|e| format!("fork at {n}, turn {t}: {e}"))?;
        }
        if !fork.is_over() {
            return Err(format!("fork at {n}: not over after the recorded turns"));
        }
        if fork.replay().to_bytes() != want_bytes {
            return Err(format!("fork at {n}: the replay differs from the original"));
        }
        let ejected_before: Vec<usize> = played.turns[..n]
            .iter()
            .flat_map(|t| t.ejected.iter().copied())
            .collect();
        let mut got = fork.results();
        for r in got.iter_mut() {
            if ejected_before.contains(&r.seat) {
                r.ejected = want[r.seat].ejected;
            }
        }
        if got != want {
            return Err(format!("fork at {n}: the results differ from the original"));
        }
    }
    Ok(())
}

/// The whole contract for one config: random play from `seed`, the replay round trip,
/// determinism, and forks at frames 0, 1, the middle, the one before the last and the last.
pub fn check_all<G: RandomPlay>(config: &G::Config, seed: u64) -> Result<(), String>
where
    G::Score: PartialEq,
    G::Replay: PartialEq + Debug,
{
    let played = play_randomly::<G>(config, seed)?;
    replay_round_trip(&played.game)?;
    determinism::<G>(config, seed)?;
    let last = played.game.replay().num_frames() - 1;
    fork_continues(&played, &[0, 1, last / 2, last.saturating_sub(1), last])
}
