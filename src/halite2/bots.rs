//! The page's built-in Halite II bots as native policies (`www/src/games/halite2/bots.ts`).

use super::game::Game;
use super::replay::ShipCommand;

/// A built-in bot: `(game, seat) -> commands` for the seat's ships this turn.
pub type Bot = fn(&Game, usize) -> Vec<ShipCommand>;

/// The built-in bots' names, as the page names them.
pub const NAMES: [&str; 0] = [];

/// The bot called `name`, if there is one.
pub fn by_name(_name: &str) -> Option<Bot> {
    None
}
