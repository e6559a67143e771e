//! What both games' bindings share: seeding, thread pools, rewards, replay checks.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// The map seed of game `k` (0-based, counted per env since the last seeded reset) of env `i`
/// in a batch of `num_envs` started from `seed`: `(seed + i + k * num_envs) mod 2^32`. Every
/// game of a batch has its own seed until 2^32 games have been played, env 0's first game
/// takes `seed` itself, and the sequence does not depend on threads or on timing.
pub fn game_seed(seed: u32, num_envs: usize, env: usize, game: u64) -> u32 {
    let step = (game as u128).wrapping_mul(num_envs as u128) + env as u128;
    (u128::from(seed).wrapping_add(step) % (1u128 << 32)) as u32
}

/// A pool of `threads` workers (all cores when None).
pub fn pool(threads: Option<usize>) -> PyResult<rayon::ThreadPool> {
    let n = match threads {
        Some(0) => return Err(PyValueError::new_err("num_threads must be at least 1")),
        Some(n) if n > 1024 => {
            return Err(PyValueError::new_err(format!(
                "num_threads {n} is more than 1024"
            )))
        }
        Some(n) => n,
        None => default_threads(),
    };
    rayon::ThreadPoolBuilder::new()
        .num_threads(n)
        .thread_name(|i| format!("halite-env-{i}"))
        .build()
        .map_err(|e| PyValueError::new_err(format!("cannot start {n} threads: {e}")))
}

/// Threads a batch uses by default: the cores this process may run on.
#[pyfunction]
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Player names for a batch's replays: none, or one per seat of at most 64 characters.
pub fn check_names(names: Option<Vec<String>>, players: usize) -> PyResult<Vec<String>> {
    let names = names.unwrap_or_default();
    if !names.is_empty() && names.len() != players {
        return Err(PyValueError::new_err(format!(
            "{} player names for {players} players",
            names.len()
        )));
    }
    if let Some(n) = names.iter().find(|n| n.chars().count() > 64) {
        return Err(PyValueError::new_err(format!(
            "player name {n:?} is longer than 64 characters"
        )));
    }
    Ok(names)
}

/// The end-of-game reward of a seat ranked `rank` (1 best) among `players`: its share, 1 for
/// the first down to 0 for the last, evenly spaced (1 in a single-player game).
pub fn rank_reward(rank: usize, players: usize) -> f32 {
    if players <= 1 {
        return 1.0;
    }
    let r = rank.clamp(1, players);
    (players - r) as f32 / (players - 1) as f32
}

/// Owner value `o` (1-based seat tag, 0 neutral) as seat `seat` of `players` sees it: 1 for
/// itself, 2.. for the others in seat order after it, 0 for neutral (and for any tag above
/// `players`).
#[inline]
pub fn ego_owner(o: u8, seat: usize, players: usize) -> u8 {
    let o = usize::from(o);
    if o == 0 || o > players {
        0
    } else {
        ((o - 1 + players - seat) % players + 1) as u8
    }
}

/// Checks a replay of any game (recognised from its bytes by the registry) as `halite verify`
/// does: returns None when it follows the rules, else what is wrong.
#[pyfunction]
pub fn verify_replay(py: Python<'_>, data: &[u8]) -> Option<String> {
    let bytes = data.to_vec();
    py.detach(move || match halite::games::open_replay(&bytes) {
        Ok(replay) => replay.verify().err().map(|v| v.message),
        Err(e) => Some(format!("unreadable: {e}")),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeds_follow_the_documented_formula() {
        assert_eq!(game_seed(7, 4, 0, 0), 7);
        assert_eq!(game_seed(7, 4, 3, 0), 10);
        assert_eq!(game_seed(7, 4, 1, 2), 16);
        assert_eq!(game_seed(u32::MAX, 4, 1, 0), 0);
    }

    #[test]
    fn egocentric_owners() {
        assert_eq!(ego_owner(0, 1, 3), 0);
        assert_eq!(ego_owner(2, 1, 3), 1);
        assert_eq!(ego_owner(3, 1, 3), 2);
        assert_eq!(ego_owner(1, 1, 3), 3);
        assert_eq!(ego_owner(4, 1, 3), 0);
    }

    #[test]
    fn rank_rewards_are_evenly_spaced() {
        assert_eq!(rank_reward(1, 3), 1.0);
        assert_eq!(rank_reward(2, 3), 0.5);
        assert_eq!(rank_reward(3, 3), 0.0);
        assert_eq!(rank_reward(1, 1), 1.0);
    }
}
