//! Forking the reference replays: `Game::from_replay(replay, n)` is the recorded game after
//! frame n. Stepped with the recorded moves of the later turns, every later frame must equal the
//! recorded one and the final ranking must be the one the reference printed.
#![cfg(not(target_arch = "wasm32"))]

use halite::halite1::stats::{replay_series, standings, Series};
use halite::halite1::{Game, GameError, Replay};
mod common;
use common::{fixtures, replays};

/// `tag rank last_frame_alive` lines, as the reference printed them.
fn rank_lines(g: &Game) -> String {
    g.results()
        .iter()
        .map(|p| format!("{} {} {}\n", p.score.tag, p.rank, p.last_frame_alive))
        .collect()
}

fn check_fork(name: &str, r: &Replay, all: &Series, n: usize) {
    let last = r.num_frames() - 1;
    let mut g = Game::from_replay(r, n).unwrap_or_else(|e| panic!("{name} at {n}: {e}"));
    assert_eq!(g.turn() as usize, n, "{name} at {n}");
    assert_eq!(g.replay().num_frames(), n + 1, "{name} at {n}");
    for t in 0..=n {
        assert_eq!(g.replay().frame_owner(t), r.frame_owner(t), "{name} at {n}");
        assert_eq!(
            g.replay().frame_strength(t),
            r.frame_strength(t),
            "{name} at {n}"
        );
    }
    assert_eq!(g.board(), &r.board(n), "{name} at {n}: the board");
    // The statistics so far are those of the whole replay, cut at frame n.
    for k in 0..halite::halite1::stats::SERIES.len() {
        for p in 0..r.num_players {
            assert_eq!(g.series().get(k, p), all.get(k, p)[..=n], "{name} at {n}");
        }
    }
    assert_eq!(g.is_over(), n == last, "{name} at {n}");
    // The same game played live from frame 0 to frame n: same ranking history, replay, series.
    let mut live = Game::from_board(r.board(0), r.player_names.clone(), r.fog_of_war);
    for t in 0..n {
        live.step_sites(r.turn_moves(t)).unwrap();
    }
    assert_eq!(g.results(), live.results(), "{name} at {n}: results so far");
    assert_eq!(g.replay(), live.replay(), "{name} at {n}");
    assert_eq!(g.series(), live.series(), "{name} at {n}");
    assert_eq!(g.last_report(), live.last_report(), "{name} at {n}");
    for t in n..last {
        g.step_sites(r.turn_moves(t)).unwrap();
        assert_eq!(
            g.replay().frame_owner(t + 1),
            r.frame_owner(t + 1),
            "{name} forked at {n}: owners of frame {}",
            t + 1
        );
        assert_eq!(
            g.replay().frame_strength(t + 1),
            r.frame_strength(t + 1),
            "{name} forked at {n}: strengths of frame {}",
            t + 1
        );
    }
    assert!(g.is_over(), "{name} forked at {n}");
    assert_eq!(g.replay(), r, "{name} forked at {n}: the whole replay");
    let want = std::fs::read_to_string(fixtures().join(format!("{name}.ranks.txt"))).unwrap();
    assert_eq!(rank_lines(&g), want, "{name} forked at {n}: ranks");
    assert_eq!(g.results(), standings(r), "{name} forked at {n}: results");
}

#[test]
fn a_fork_of_every_reference_replay_at_any_frame_plays_on_as_recorded() {
    for (name, r) in replays() {
        let last = r.num_frames() - 1;
        let all = replay_series(&r);
        for n in [0, 1, last / 2, last - 1, last] {
            check_fork(&name, &r, &all, n);
        }
    }
}

#[test]
fn a_fork_after_the_last_frame_is_an_error() {
    for (name, r) in replays() {
        let frames = r.num_frames();
        for n in [frames, frames + 1, usize::MAX] {
            assert_eq!(
                Game::from_replay(&r, n).err(),
                Some(GameError::NoSuchFrame { frame: n, frames }),
                "{name}"
            );
        }
    }
}

#[test]
fn a_fork_remembers_ejections_and_the_elimination_order() {
    // A three-player game: p1 ejected on turn 2, p2 ejected on turn 3 (mid-game ejections that
    // only the re-simulation can explain), played on to the end by p3.
    let mut b = halite::halite1::Board::new(7, 7);
    for (i, o) in [(8, 1), (9, 1), (11, 2), (25, 3)] {
        b.owner[i] = o;
        b.strength[i] = 10;
        b.production[i] = 1;
    }
    let names: Vec<String> = ["a", "b", "c"].map(String::from).to_vec();
    let mut g = Game::from_board(b, names, None);
    g.set_max_turns(6);
    g.step(&[]).unwrap();
    g.eject(0);
    g.step(&[]).unwrap();
    g.eject(1);
    while !g.is_over() {
        g.step(&[]).unwrap();
    }
    let r = g.replay().clone();
    assert_eq!(r.num_frames(), 4, "the game ends when one player is left");
    for n in 0..r.num_frames() {
        let mut fork = Game::from_replay(&r, n).unwrap();
        assert_eq!(fork.is_alive(0), n < 2, "at {n}");
        assert_eq!(fork.is_alive(1), n < 3, "at {n}");
        for t in n..r.num_frames() - 1 {
            // The ejections are in the future of the fork: replay them as they happened.
            if t == 1 {
                fork.eject(0);
            }
            if t == 2 {
                fork.eject(1);
            }
            fork.step_sites(r.turn_moves(t)).unwrap();
        }
        assert_eq!(fork.replay(), &r, "forked at {n}");
        assert_eq!(fork.results(), g.results(), "forked at {n}");
    }
}
