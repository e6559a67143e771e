//! The games the crate knows: the one list that everything dispatching on a game reads (the
//! `halite` CLI, the tests, the Python package), and the lookups over it. Each game offers its
//! tools through [`GameTools`] from its own `seam` module; the vocabulary lives in
//! [`crate::env::tools`], so no game's module imports this list. Nothing outside a game's
//! folder names it.

use crate::env::tools::{GameTools, ReplayTools, ToolError};

/// Every game, the default (the CLI's `--game` when absent) first.
pub static GAMES: &[&dyn GameTools] = &[
    #[cfg(feature = "halite1")]
    &crate::halite1::seam::TOOLS,
    #[cfg(feature = "halite2")]
    &crate::halite2::seam::TOOLS,
];

/// The game with this id.
pub fn game(id: &str) -> Option<&'static dyn GameTools> {
    GAMES.iter().copied().find(|g| g.id() == id)
}

/// The ids of every game, the default first.
pub fn ids() -> Vec<&'static str> {
    GAMES.iter().map(|g| g.id()).collect()
}

/// Opens a replay of any game, recognised from its bytes alone (the surest game wins; on a tie
/// the first listed).
pub fn open_replay(bytes: &[u8]) -> Result<Box<dyn ReplayTools>, ToolError> {
    let mut best: Option<(&dyn GameTools, u8)> = None;
    for &g in GAMES {
        let r = g.recognise(bytes);
        if r > 0 && best.is_none_or(|(_, b)| r > b) {
            best = Some((g, r));
        }
    }
    match best {
        Some((g, _)) => g.open_replay(bytes),
        None => Err(ToolError::UnknownReplay),
    }
}

/// One turn of the forward model from a snapshot of any game (recognised by its first bytes).
pub fn forward_step(
    snapshot: &[u8],
    seat: usize,
    mine: &str,
    others: &str,
) -> Result<Vec<u8>, crate::env::forward::SimError> {
    GAMES
        .iter()
        .find_map(|g| g.forward_step(snapshot, seat, mine, others))
        .unwrap_or(Err(crate::env::forward::SimError::NoGame))
}
