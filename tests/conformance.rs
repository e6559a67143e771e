//! The reference replays: re-simulated from frame 0 and their moves, they must match frame by
//! frame, and the final standings must match what the reference printed.
#![cfg(not(target_arch = "wasm32"))]

use halite::halite1::verify::verify;
use halite::halite1::Game;
mod common;
use common::{fixtures, replays};

#[test]
fn every_reference_replay_verifies() {
    for (name, r) in replays() {
        assert_eq!(verify(&r), Ok(()), "{name}");
    }
}

#[test]
fn standings_match_what_the_reference_printed() {
    for (name, r) in replays() {
        let mut game = Game::from_board(r.board(0), r.player_names.clone(), None);
        for t in 0..r.num_frames() - 1 {
            game.step_sites(r.turn_moves(t)).unwrap();
        }
        assert!(game.is_over(), "{name}");
        let got: String = game
            .results()
            .iter()
            .map(|p| format!("{} {} {}\n", p.score.tag, p.rank, p.last_frame_alive))
            .collect();
        let want = std::fs::read_to_string(fixtures().join(format!("{name}.ranks.txt"))).unwrap();
        assert_eq!(got, want, "{name}");
    }
}

#[test]
fn writing_a_reference_replay_gives_back_its_exact_bytes() {
    for (name, r) in replays() {
        let mut text = Vec::new();
        let gz = std::fs::read(fixtures().join(format!("{name}.hlt.gz"))).unwrap();
        std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(&gz[..]), &mut text).unwrap();
        assert!(
            r.to_json() == text,
            "{name}: written JSON differs from the original"
        );
    }
}
