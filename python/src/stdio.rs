//! Games between subprocess bots (the original stdio protocols), for the arena.

use halite::env::runner::{run_game, RunOptions};
use halite::env::{Game, ReplayFile, TextProtocol};
use halite::{halite1, halite2};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};

/// What a finished game hands back: ranks and ejections by seat, frames, and the replay.
struct Played {
    ranks: Vec<usize>,
    names: Vec<String>,
    ejected: Vec<Option<String>>,
    frames: usize,
    replay: Vec<u8>,
}

fn play<G: Game + TextProtocol>(
    game: G,
    commands: &[String],
    timeouts: bool,
    compressed: bool,
) -> Result<Played, String> {
    let options = RunOptions {
        timeouts,
        ..RunOptions::default()
    };
    let outcome = run_game(game, commands, None, &options).map_err(|e| e.to_string())?;
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

/// Plays one game of `game` ("halite1" or "halite2") between subprocess bots, each command
/// run through `sh -c` and spoken to with the original stdio protocol, exactly as
/// `halite run -d "W H" -s SEED [--fog R] COMMAND...` does (`timeouts=False` is its `-t`).
/// Returns a dict: ranks, names, ejected (a reason or None per seat), frames, replay (bytes
/// as `halite run` writes them).
#[pyfunction]
#[pyo3(signature = (game, commands, width, height, seed, fog=None, max_turns=None, timeouts=true))]
#[allow(clippy::too_many_arguments)]
pub fn run_stdio_game<'py>(
    py: Python<'py>,
    game: &str,
    commands: Vec<String>,
    width: usize,
    height: usize,
    seed: u32,
    fog: Option<u32>,
    max_turns: Option<u32>,
    timeouts: bool,
) -> PyResult<Bound<'py, PyDict>> {
    if commands.is_empty() {
        return Err(PyValueError::new_err("no bot commands"));
    }
    if seed == 0 {
        return Err(PyValueError::new_err(
            "seed 0 means a random seed to `halite run`: give a seed from 1",
        ));
    }
    let played = match game {
        "halite1" => {
            let config = halite1::GameConfig {
                width,
                height,
                players: commands.len(),
                map_players: None,
                seed: Some(seed),
                max_turns,
                fog_radius: fog,
                player_names: Vec::new(),
            };
            let g =
                halite1::Game::new(&config).map_err(|e| PyValueError::new_err(e.to_string()))?;
            py.detach(|| play(g, &commands, timeouts, false))
        }
        "halite2" => {
            if fog.is_some() || max_turns.is_some() {
                return Err(PyValueError::new_err(
                    "Halite II takes neither fog nor max_turns",
                ));
            }
            let config = halite2::GameConfig {
                width: width as u32,
                height: height as u32,
                players: commands.len(),
                seed,
                player_names: Vec::new(),
            };
            let g =
                halite2::Game::new(&config).map_err(|e| PyValueError::new_err(e.to_string()))?;
            py.detach(|| play(g, &commands, timeouts, true))
        }
        other => {
            return Err(PyValueError::new_err(format!(
                "game {other:?}: \"halite1\" or \"halite2\""
            )))
        }
    }
    .map_err(PyRuntimeError::new_err)?;
    let d = PyDict::new(py);
    d.set_item("ranks", played.ranks)?;
    d.set_item("names", played.names)?;
    d.set_item("ejected", played.ejected)?;
    d.set_item("frames", played.frames)?;
    d.set_item("replay", PyBytes::new(py, &played.replay))?;
    Ok(d)
}
