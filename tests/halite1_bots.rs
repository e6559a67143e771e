//! The built-in Halite I bots' behaviour, pinned: whole games on fixed seeds, every seat played by
//! its bot from its observation, every move of every turn folded into one fingerprint per game.
//! The fingerprints are those of the bots when they were checked move for move against the
//! page's former TypeScript copies (the page now has the engine play them), so a change in any
//! move of any bot changes a fingerprint.

use halite::halite1::bots;
use halite::halite1::observe::Observation;
use halite::halite1::{Game, GameConfig};

/// Plays a whole game; the FNV-1a fingerprint of every seat's moves, turn by turn, and the turns.
fn play(
    seed: u32,
    (width, height): (usize, usize),
    lineup: &[&str],
    fog: Option<u32>,
) -> (u64, u32) {
    let mut game = Game::new(&GameConfig {
        width,
        height,
        players: lineup.len(),
        seed: Some(seed),
        fog_radius: fog,
        ..GameConfig::default()
    })
    .unwrap();
    let mut hash = 0xcbf2_9ce4_8422_2325u64;
    let mut mix = |v: u32| {
        for b in v.to_le_bytes() {
            hash = (hash ^ u64::from(b)).wrapping_mul(0x100_0000_01b3);
        }
    };
    while !game.is_over() {
        let mut moves = Vec::new();
        for (seat, name) in lineup.iter().enumerate() {
            let bot = bots::by_name(name).unwrap();
            let list = if game.is_alive(seat) {
                bot(&Observation::of(&game, seat))
            } else {
                Vec::new()
            };
            mix(list.len() as u32);
            for m in &list {
                mix(u32::from(m.x) | u32::from(m.y) << 12 | u32::from(m.dir) << 24);
            }
            moves.push(list);
        }
        game.step(&moves).unwrap();
    }
    (hash, game.turn())
}

/// Seed, map size, lineup, fog radius, then the game's fingerprint and turns.
type Case = (
    u32,
    (usize, usize),
    &'static [&'static str],
    Option<u32>,
    u64,
    u32,
);

#[test]
fn the_built_in_bots_play_the_games_they_always_played() {
    let games: [Case; 7] = [
        (
            11,
            (30, 30),
            &["expander", "greedy"],
            None,
            0x2f7afe941b8994ba,
            300,
        ),
        (
            12,
            (25, 25),
            &["greedy", "expander", "tactician"],
            None,
            0x7608da224d9faae7,
            153,
        ),
        (
            13,
            (20, 20),
            &["expander", "greedy", "greedy", "expander"],
            None,
            0x22fee22513534627,
            161,
        ),
        (
            14,
            (30, 30),
            &["greedy", "expander"],
            Some(4),
            0xa8f98ea4197bfc6a,
            137,
        ),
        (
            15,
            (30, 30),
            &["tactician", "expander"],
            None,
            0x69896cd8406e4450,
            300,
        ),
        (
            16,
            (35, 30),
            &["tactician", "tactician", "greedy", "expander", "tactician"],
            None,
            0xf7062e73f905f86d,
            194,
        ),
        (
            17,
            (30, 30),
            &["expander", "tactician"],
            Some(5),
            0xca963140c1397d47,
            160,
        ),
    ];
    let got: Vec<(u64, u32)> = games
        .iter()
        .map(|&(seed, size, lineup, fog, _, _)| play(seed, size, lineup, fog))
        .collect();
    let want: Vec<(u64, u32)> = games.iter().map(|g| (g.4, g.5)).collect();
    assert_eq!(got, want);
}
