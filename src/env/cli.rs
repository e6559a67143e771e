//! What `halite run` does once a game is set up, for every game: play it between subprocess
//! bots, write the replay and the logs of ejected bots, and report as the original binaries do.

use super::runner::{run_game, RunOptions};
use super::{Game, ReplayFile, TextProtocol};
use std::path::PathBuf;

/// How `halite run` reports a match (its flags).
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// Give every bot unlimited time.
    pub no_timeouts: bool,
    /// Print only the machine-readable results.
    pub quiet: bool,
    /// Do not write a replay.
    pub no_replay: bool,
    /// Directory for the replay (`DIR/Replays/ID-SEED.hlt` if `DIR/Replays` exists, else
    /// `DIR/ID-SEED.hlt`) and the logs.
    pub replay_dir: PathBuf,
    /// Write the replay exactly here.
    pub replay: Option<PathBuf>,
}

/// Why `halite run` could not play or report a match.
#[derive(Debug, thiserror::Error)]
pub enum RunFailure {
    /// The match could not be played: the runner's error (such as a seat count that does not
    /// match the bots given, or a turn the game refused).
    #[error("{0}")]
    Play(Box<dyn std::error::Error + Send + Sync>),
    /// The replay could not be written.
    #[error("{}: {source}", path.display())]
    Write {
        path: std::path::PathBuf,
        source: std::io::Error,
    },
}

/// A match between subprocess bots, played: by seat its rank, name and ejection (the reason, or
/// `None`), the number of frames, and the replay as `halite run` writes it.
#[derive(Clone, Debug)]
pub struct Played {
    pub ranks: Vec<usize>,
    pub names: Vec<String>,
    pub ejected: Vec<Option<String>>,
    pub frames: usize,
    pub replay: Vec<u8>,
}

/// Plays `game` between subprocess bots (the original stdio protocol, each command run through
/// `sh -c`) with the runner `halite run` uses, and keeps what a caller needs of it (the Python
/// package's arena): ranks, names, ejections, frames and the replay (`compressed`: the game's
/// compressed form).
pub fn play<G: Game + TextProtocol>(
    game: G,
    commands: &[String],
    timeouts: bool,
    compressed: bool,
) -> Result<Played, RunFailure> {
    let options = RunOptions {
        timeouts,
        ..RunOptions::default()
    };
    let outcome =
        run_game(game, commands, None, &options).map_err(|e| RunFailure::Play(Box::new(e)))?;
    let results = outcome.game.results();
    let replay = outcome.game.replay();
    Ok(Played {
        ranks: results.iter().map(|r| r.rank).collect(),
        names: results.iter().map(|r| r.name.clone()).collect(),
        ejected: outcome
            .ejections
            .iter()
            .map(|e| e.as_ref().map(|e| e.to_string()))
            .collect(),
        frames: replay.num_frames(),
        replay: if compressed {
            replay.to_compressed_bytes()
        } else {
            replay.to_bytes()
        },
    })
}

/// Plays `game` between subprocess bots and returns what the reference prints.
/// `compressed_by_default`: the game's replays are compressed unless the name ends in `.json`
/// (otherwise plain unless it ends in `.gz`).
pub fn play_and_report<G: Game + TextProtocol>(
    game: G,
    seed: u32,
    commands: &[String],
    names: Option<&[String]>,
    a: &Report,
    compressed_by_default: bool,
) -> Result<String, RunFailure> {
    let options = RunOptions {
        timeouts: !a.no_timeouts,
        verbose: !a.quiet,
        ..RunOptions::default()
    };
    let outcome =
        run_game(game, commands, names, &options).map_err(|e| RunFailure::Play(Box::new(e)))?;
    let id = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let replay = outcome.game.replay();
    let mut out = String::new();
    let mut written: Option<String> = None;
    if !a.no_replay {
        let path = match &a.replay {
            Some(p) => p.clone(),
            None => {
                let dir = a.replay_dir.join("Replays");
                let base = if dir.is_dir() {
                    dir
                } else {
                    a.replay_dir.clone()
                };
                base.join(format!("{id}-{seed}.hlt"))
            }
        };
        let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
        // Halite I writes plain JSON unless asked for gzip; Halite II (which has no gzip
        // form) writes its zstd frame unless asked for plain JSON.
        let compress = match ext {
            "gz" => true,
            "json" => false,
            _ => compressed_by_default,
        };
        let bytes = if compress {
            replay.to_compressed_bytes()
        } else {
            replay.to_bytes()
        };
        std::fs::write(&path, bytes).map_err(|source| RunFailure::Write {
            path: path.clone(),
            source,
        })?;
        written = Some(path.display().to_string());
    }
    let results = outcome.game.results();
    let mut log_files = Vec::new();
    for (p, e) in outcome.ejections.iter().enumerate() {
        if e.is_some() {
            let name = format!("{}-{id}.log", G::tag(p));
            if std::fs::write(a.replay_dir.join(&name), &outcome.logs[p]).is_ok() {
                log_files.push((G::tag(p), name));
            }
        }
    }
    let own_summary = if a.quiet {
        outcome.game.quiet_summary(written.as_deref(), &log_files)
    } else {
        None
    };
    if let Some(summary) = own_summary {
        out.push_str(&summary);
        out.push('\n');
    } else if a.quiet {
        if let Some(path) = &written {
            out.push_str(&format!("{path} {seed}\n"));
        }
        for r in &results {
            let tag = G::tag(r.seat);
            out.push_str(&format!("{tag} {} {}\n", r.rank, r.last_frame_alive));
        }
        let tags: String = results
            .iter()
            .filter(|r| r.ejected)
            .map(|r| format!("{} ", G::tag(r.seat)))
            .collect();
        out.push_str(if tags.is_empty() { " " } else { &tags });
        out.push('\n');
        let logs: String = log_files.iter().map(|(_, f)| format!("{f} ")).collect();
        out.push_str(if logs.is_empty() { " " } else { &logs });
    } else {
        if let Some(path) = &written {
            out.push_str(&format!("Map seed was {seed}\nOpening a file at {path}\n"));
        }
        for r in &results {
            let line = outcome.game.result_line(r.seat).unwrap_or_else(|| {
                format!(
                    "Player #{}, {}, came in rank #{} and was last alive on frame #{}!",
                    G::tag(r.seat),
                    r.name,
                    r.rank,
                    r.last_frame_alive
                )
            });
            out.push_str(&line);
            out.push('\n');
        }
    }
    Ok(out)
}
