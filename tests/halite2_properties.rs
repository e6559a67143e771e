//! Halite II properties: the game contract (random play to the end, replay round trip,
//! determinism, forks), no panic on garbage commands, command lines or replay bytes, and
//! replays written by the engine verify.
#![cfg(not(target_arch = "wasm32"))]

use halite::env::contract::{check_all, play_randomly};
use halite::halite2::protocol::parse_commands;
use halite::halite2::verify::verify;
use halite::halite2::{Command, Game, GameConfig, Replay, ShipCommand};
use proptest::prelude::*;

fn config(players: usize, width: u32, height: u32, seed: u32) -> GameConfig {
    GameConfig {
        width,
        height,
        players,
        seed,
        player_names: Vec::new(),
    }
}

#[test]
fn contract_two_seats() {
    check_all::<Game>(&config(2, 240, 160, 5), 11).unwrap();
}

#[test]
fn contract_four_seats() {
    check_all::<Game>(&config(4, 240, 160, 9), 12).unwrap();
}

#[test]
fn contract_one_seat() {
    check_all::<Game>(&config(1, 240, 160, 3), 13).unwrap();
}

/// A randomly played game (with ejections) writes a replay that verifies, and the replay read
/// back from its compressed bytes is the same.
#[test]
fn random_games_verify() {
    for seed in [1u32, 2] {
        let played = play_randomly::<Game>(&config(2, 240, 160, seed), u64::from(seed)).unwrap();
        let replay = played.game.replay();
        verify(replay).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        let back = Replay::from_bytes(&replay.to_zstd_bytes()).unwrap();
        assert_eq!(&back, replay);
        assert!(
            replay.frames.len() > 1,
            "seed {seed}: a game of {} frames",
            replay.frames.len()
        );
    }
}

fn arb_command() -> impl Strategy<Value = ShipCommand> {
    (
        0u32..40,
        prop_oneof![
            (any::<u16>(), any::<u16>()).prop_map(|(m, a)| Command::Thrust {
                magnitude: m % 8,
                angle: a
            }),
            any::<u64>().prop_map(|planet| Command::Dock { planet }),
            (0u64..20).prop_map(|planet| Command::Dock { planet }),
            Just(Command::Undock),
        ],
    )
        .prop_map(|(ship, command)| ShipCommand { ship, command })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    /// Garbage commands never panic and the same commands give the same game.
    #[test]
    fn garbage_commands_are_survived_and_deterministic(
        turns in prop::collection::vec(
            (prop::collection::vec(arb_command(), 0..12), prop::collection::vec(arb_command(), 0..12)),
            1..40),
        seed in 1u32..1000,
    ) {
        let run = || {
            let mut g = Game::new(&config(2, 240, 160, seed)).unwrap();
            for (a, b) in &turns {
                if g.is_over() { break; }
                g.step(&[a.clone(), b.clone()]).unwrap();
            }
            (g.replay().to_plain_bytes(), g.is_over())
        };
        let (first, over) = run();
        prop_assert_eq!(&first, &run().0);
        let replay = Replay::from_bytes(&first).unwrap();
        // A finished game verifies; an unfinished one differs only in going on.
        match verify(&replay) {
            Ok(()) => prop_assert!(over),
            Err(e) => prop_assert!(!over && e.message.contains("goes on"), "{}", e),
        }
    }

    /// Any command line is either read or rejected, never a panic.
    #[test]
    fn command_lines_never_panic(line in prop::collection::vec(
        prop::sample::select(b"0123456789 -tudqx.9".to_vec()), 0..60)) {
        let _ = parse_commands(&line);
    }

    /// Random or mutated replay bytes are read or rejected with an error, never a panic; what
    /// is read can be verified without a panic.
    #[test]
    fn mutated_replays_never_panic(flips in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..6)) {
        let bytes = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/halite2/g02_2p_240x160_rusher_vs_settler.hlt")).unwrap();
        let mut plain = halite::halite2::replay::decompress(&bytes).unwrap();
        for (i, b) in &flips {
            let k = i.index(plain.len());
            plain[k] = *b;
        }
        if let Ok(r) = Replay::from_bytes(&plain) {
            let _ = verify(&r);
        }
        let mut z = bytes.clone();
        for (i, b) in &flips {
            let k = i.index(z.len());
            z[k] = *b;
        }
        let _ = Replay::from_bytes(&z);
    }

    #[test]
    fn random_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        let _ = Replay::from_bytes(&bytes);
        let mut z = vec![0x28, 0xb5, 0x2f, 0xfd];
        z.extend_from_slice(&bytes);
        let _ = Replay::from_bytes(&z);
    }
}
