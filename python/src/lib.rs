//! `halite_engine._core`: the Rust side of the Python package.
//!
//! Two submodules, one per game, each with a batched environment (`VecEnv`) that steps many
//! games per call across threads with the GIL released and writes observations straight into
//! NumPy arrays; the built-in bots as policies; and a runner for subprocess bots. The Python
//! package (`halite_engine`) wraps these with Gymnasium, PettingZoo and the arena.
//!
//! Every argument from Python is checked here: bad input raises a Python exception and never
//! reaches a panic.

use pyo3::prelude::*;

mod batch;
mod common;
mod h1;
mod h2;
mod stdio;

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    let h1 = PyModule::new(py, "halite1")?;
    h1::register(&h1)?;
    m.add_submodule(&h1)?;
    let h2 = PyModule::new(py, "halite2")?;
    h2::register(&h2)?;
    m.add_submodule(&h2)?;
    m.add_function(wrap_pyfunction!(stdio::run_stdio_game, m)?)?;
    m.add_function(wrap_pyfunction!(common::verify_replay, m)?)?;
    m.add_function(wrap_pyfunction!(common::default_threads, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    // The registry's game ids, the default first: what `run_stdio_game` and the arena accept.
    m.add("GAMES", halite::games::ids())?;
    Ok(())
}
