//! The game contract (`halite::env::contract`) instantiated for Halite I: random play to the
//! end, replay round trip, determinism and forks, with and without fog, for 1, 2 and 6 seats.
//! A later game adds its own instances with the same one-line calls.

use halite::env::contract::check_all;
use halite::halite1::{Game, GameConfig};

fn halite1(players: usize, fog_radius: Option<u32>, seed: u32) -> GameConfig {
    GameConfig {
        width: 20,
        height: 20,
        players,
        // A lone seat gets a map made for two, so there is something to take.
        map_players: (players == 1).then_some(2),
        seed: Some(seed),
        max_turns: None,
        fog_radius,
        player_names: Vec::new(),
    }
}

fn contract(players: usize, fog_radius: Option<u32>, seed: u32) {
    let config = halite1(players, fog_radius, seed);
    if let Err(e) = check_all::<Game>(&config, u64::from(seed) * 7919) {
        panic!("{players} seats, fog {fog_radius:?}, seed {seed}: {e}");
    }
}

#[test]
fn halite1_one_seat() {
    contract(1, None, 11);
}

#[test]
fn halite1_two_seats() {
    contract(2, None, 12);
}

#[test]
fn halite1_six_seats() {
    contract(6, None, 16);
}

#[test]
fn blitz_one_seat() {
    contract(1, Some(3), 21);
}

#[test]
fn blitz_two_seats() {
    contract(2, Some(3), 22);
}

#[test]
fn blitz_six_seats() {
    contract(6, Some(2), 26);
}
