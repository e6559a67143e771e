//! Statistics of a replay: each player's standing and per-frame series (ships, planets owned,
//! docked ships, total ship health), for the CLI and the viewer's graphs.

use super::entities::DockingStatus;
use super::replay::Replay;
use serde::Serialize;

/// The series, in this order.
pub const SERIES: [&str; 4] = ["ships", "planets", "docked", "health"];

/// Per series, per player, one value per frame.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Series {
    pub frames: usize,
    pub players: usize,
    /// `values[series][player][frame]`.
    pub values: Vec<Vec<Vec<u64>>>,
}

pub fn replay_series(replay: &Replay) -> Series {
    let players = replay.num_players;
    let mut values = vec![vec![Vec::with_capacity(replay.frames.len()); players]; SERIES.len()];
    for f in &replay.frames {
        for (p, ships) in f.ships.iter().enumerate().take(players) {
            values[0][p].push(ships.len() as u64);
            values[1][p].push(
                f.planets
                    .iter()
                    .filter(|pl| pl.owner == Some(p as u8))
                    .count() as u64,
            );
            values[2][p].push(
                ships
                    .iter()
                    .filter(|s| s.status == DockingStatus::Docked)
                    .count() as u64,
            );
            values[3][p].push(ships.iter().map(|s| u64::from(s.health)).sum());
        }
    }
    Series {
        frames: replay.frames.len(),
        players,
        values,
    }
}

/// One player's final line: name, rank, last frame alive, ships produced, damage dealt.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Standing {
    pub seat: usize,
    pub name: String,
    pub rank: u32,
    pub last_frame_alive: i64,
    pub ships_produced: u64,
    pub damage_dealt: u64,
}

pub fn standings(replay: &Replay) -> Vec<Standing> {
    replay
        .stats
        .iter()
        .enumerate()
        .map(|(p, s)| Standing {
            seat: p,
            name: replay.player_names[p].clone(),
            rank: s.rank,
            last_frame_alive: s.last_frame_alive,
            ships_produced: s.total_ship_count,
            damage_dealt: s.damage_dealt,
        })
        .collect()
}

/// A plain-text report of a replay.
pub fn table(replay: &Replay) -> String {
    let series = replay_series(replay);
    let mut out = format!(
        "{}x{} map, {} players, {} frames, seed {}\n\n",
        replay.width,
        replay.height,
        replay.num_players,
        replay.frames.len(),
        replay.seed
    );
    out.push_str(&format!(
        "{:<4}{:<24}{:>5}{:>11}{:>8}{:>8}{:>8}\n",
        "tag", "name", "rank", "last alive", "ships", "made", "damage"
    ));
    let last = series.frames.saturating_sub(1);
    for s in standings(replay) {
        out.push_str(&format!(
            "{:<4}{:<24}{:>5}{:>11}{:>8}{:>8}{:>8}\n",
            s.seat,
            s.name.chars().take(23).collect::<String>(),
            s.rank,
            s.last_frame_alive,
            series.values[0][s.seat][last],
            s.ships_produced,
            s.damage_dealt
        ));
    }
    for (k, name) in SERIES.iter().enumerate() {
        out.push_str(&format!("\n{name} by frame\n{:<8}", "frame"));
        for p in 0..series.players {
            out.push_str(&format!("{:>10}", format!("#{p}")));
        }
        out.push('\n');
        for t in crate::env::sampled_frames(series.frames) {
            out.push_str(&format!("{t:<8}"));
            for p in 0..series.players {
                out.push_str(&format!("{:>10}", series.values[k][p][t]));
            }
            out.push('\n');
        }
    }
    out
}
