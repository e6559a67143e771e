//! Games between subprocess bots (the original stdio protocols), for the arena.

use halite::env::tools::{RunSetup, ToolError};
use halite::games;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};

/// Plays one game of `game` (an id of the registry, `halite_engine.GAMES`) between subprocess bots, each command
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
    let tools = games::game(game).ok_or_else(|| {
        PyValueError::new_err(format!("game {game:?}: one of {:?}", games::ids()))
    })?;
    let setup = RunSetup {
        dims: Some((width, height)),
        seed,
        map_players: None,
        max_turns,
        fog,
    };
    let played = py
        .detach(|| tools.play(&setup, &commands, timeouts))
        .map_err(|e| match e {
            ToolError::Setup(_) | ToolError::Map(_) => PyValueError::new_err(e.to_string()),
            _ => PyRuntimeError::new_err(e.to_string()),
        })?;
    let d = PyDict::new(py);
    d.set_item("ranks", played.ranks)?;
    d.set_item("names", played.names)?;
    d.set_item("ejected", played.ejected)?;
    d.set_item("frames", played.frames)?;
    d.set_item("replay", PyBytes::new(py, &played.replay))?;
    Ok(d)
}
