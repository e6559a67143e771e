//! Statistics series for graphs, per player, one value per frame.
//!
//! Territory, production and strength describe each frame. The others describe the turn that
//! led to the frame (so frame 0 holds 0): realised production, strength lost to the cap, damage
//! dealt to players and to the environment, overkill, damage taken, sites captured, pieces lost.

use super::grid::{territory, Board};
use super::ranking::{PlayerResult, Ranking};
use super::replay::Replay;
use super::turn::{resolve_turn, PlayerTurnStats, TurnReport, TurnScratch};
use crate::env::series::SeriesTable;

/// The names of the series, in the order [`Series::get`] takes them.
pub const SERIES: [&str; 11] = [
    "territory",
    "production",
    "strength",
    "realisedProduction",
    "capLoss",
    "damageToPlayers",
    "damageToNeutral",
    "overkill",
    "damageTaken",
    "sitesCaptured",
    "piecesLost",
];

crate::env::series::game_series! {
    /// Every series for every player (player 0 is tag 1), in the shared table
    /// ([`SeriesTable`]: `get`, `all_players`, ... read it out).
    Series
}

impl Series {
    pub fn new(players: usize) -> Series {
        Series(SeriesTable::new(players, SERIES.len()))
    }

    /// Appends one frame: the board after the turn and that turn's report (none for frame 0).
    pub fn push(&mut self, board: &Board, report: Option<&TurnReport>) {
        let p = self.players;
        let t = &mut self.0;
        // No running totals: every value is the frame's own.
        let start = t.open_frame(SERIES.len());
        for i in 0..board.len() {
            let o = board.owner[i] as usize;
            if o == 0 || o > p {
                continue;
            }
            *t.cell(0, start + o - 1) += 1;
            *t.cell(1, start + o - 1) += u32::from(board.production[i]);
            *t.cell(2, start + o - 1) += u32::from(board.strength[i]);
        }
        if let Some(r) = report {
            for (k, s) in r.players.iter().enumerate().take(p) {
                let PlayerTurnStats {
                    production,
                    cap_loss,
                    damage_to_players,
                    damage_to_neutral,
                    overkill,
                    damage_taken,
                    sites_captured,
                    pieces_lost,
                } = *s;
                let values = [
                    production,
                    cap_loss,
                    damage_to_players,
                    damage_to_neutral,
                    overkill,
                    damage_taken,
                    sites_captured,
                    pieces_lost,
                ];
                for (j, v) in values.into_iter().enumerate() {
                    *t.cell(3 + j, start + k) = v;
                }
            }
        }
        t.close_frame();
    }

    /// Index of a series by its name in [`SERIES`].
    pub fn index_of(name: &str) -> Option<usize> {
        SERIES.iter().position(|&s| s == name)
    }
}

/// Every turn's report of a replay, obtained by resolving each turn from the frame the replay
/// holds and the moves it holds (so a replay that breaks the rules still gets its graphs).
pub fn replay_series(replay: &Replay) -> Series {
    let mut series = Series::new(replay.num_players);
    let mut scratch = TurnScratch::new();
    let mut report = TurnReport::default();
    let mut board = replay.board(0);
    series.push(&board, None);
    for t in 1..replay.num_frames() {
        board.owner.copy_from_slice(replay.frame_owner(t - 1));
        board.strength.copy_from_slice(replay.frame_strength(t - 1));
        resolve_turn(
            &mut board,
            replay.turn_moves(t - 1),
            replay.num_players,
            &mut scratch,
            &mut report,
        );
        board.owner.copy_from_slice(replay.frame_owner(t));
        board.strength.copy_from_slice(replay.frame_strength(t));
        series.push(&board, Some(&report));
    }
    series
}

/// The report of turn `t` of a replay (from frame `t` to `t + 1`), from the frame it holds.
pub fn replay_turn_report(replay: &Replay, t: usize) -> Option<TurnReport> {
    if t + 1 >= replay.num_frames() {
        return None;
    }
    let mut board = replay.board(t);
    let mut report = TurnReport::default();
    resolve_turn(
        &mut board,
        replay.turn_moves(t),
        replay.num_players,
        &mut TurnScratch::new(),
        &mut report,
    );
    Some(report)
}

/// Final standings read from a replay's frames alone, ranked by [`Ranking`] as the reference
/// ranks them (a replay does not say who was ejected, so nobody is).
pub fn standings(replay: &Replay) -> Vec<PlayerResult> {
    let owned = |t: usize| territory(replay.frame_owner(t), replay.num_players).split_off(1);
    let mut ranking = Ranking::new(owned(0));
    for t in 1..replay.num_frames() {
        ranking.record_frame(&owned(t));
    }
    ranking.results(&replay.player_names)
}
