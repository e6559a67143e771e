use halite::halite1::turn::{resolve_turn, TurnReport, TurnScratch};
use halite::halite1::Replay;
fn main() {
    let path = "tests/fixtures/halite1/s107-50x50-greedy1-greedy2.hlt.gz";
    let replay = Replay::from_bytes(&std::fs::read(path).unwrap()).unwrap();
    let turns = replay.num_frames() - 1;
    let mut scratch = TurnScratch::new();
    let mut report = TurnReport::default();
    let mut board = replay.board(0);
    let mut owned = 0usize;
    for t in 0..turns {
        owned += replay.frame_owner(t).iter().filter(|&&o| o != 0).count();
    }
    println!("avg owned per frame {}", owned / turns);
    let t0 = std::time::Instant::now();
    let reps: usize = std::env::var("REPS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(200);
    for _ in 0..reps {
        board.owner.copy_from_slice(replay.frame_owner(0));
        board.strength.copy_from_slice(replay.frame_strength(0));
        for t in 0..turns {
            resolve_turn(
                &mut board,
                replay.turn_moves(t),
                2,
                &mut scratch,
                &mut report,
            );
        }
    }
    println!(
        "{:.2} ns/site/turn",
        t0.elapsed().as_secs_f64() * 1e9 / (reps * turns * 2500) as f64
    );
}
