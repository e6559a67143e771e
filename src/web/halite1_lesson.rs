//! Halite I's learning tools for JavaScript: [`Halite1Lesson`] (a lesson judged by the engine)
//! and [`halite1_explain_turn`] (one turn explained phase by phase), for the learn page, the
//! lessons' bot track and the sandbox. In the web build they are a module of their own
//! (`only-learn`, `pkg/halite1-learn/`), loaded by those pages only.

use super::{js_error, to_js};
use crate::halite1::explain::{explain_turn, Rules};
use crate::halite1::lesson::{Dir, Order, Scenario};
use wasm_bindgen::prelude::*;

/// The sandbox's and the lessons' turn: `{width, height, owner, strength, production}` (flat
/// row-major arrays; strengths up to 65535 when the cap is off), one move byte per site
/// (0 still, 1 north, 2 east, 3 south, 4 west; read where a player owns the site), the player
/// count (1 to 6) and the rules in force `{combat?, production?, wrap?, cap?}` (each on unless
/// `false`; `undefined` for all on). Returns every phase of the turn, in camelCase: production,
/// movements, merges (with cap losses and the pieces left behind), the damage ledger, each
/// piece's fate, the changed sites, the board after and the turn's report.
#[wasm_bindgen(js_name = halite1ExplainTurn)]
pub fn halite1_explain_turn(
    scenario: JsValue,
    moves: &[u8],
    players: usize,
    rules: JsValue,
) -> Result<JsValue, JsError> {
    let scenario: Scenario = serde_wasm_bindgen::from_value(scenario)
        .map_err(|e| JsError::new(&format!("invalid scenario: {e}")))?;
    let position = scenario.check().map_err(js_error)?;
    let rules: Rules = if rules.is_undefined() || rules.is_null() {
        Rules::default()
    } else {
        serde_wasm_bindgen::from_value(rules)
            .map_err(|e| JsError::new(&format!("invalid rules: {e}")))?
    };
    crate::halite1::turn::check_turn_input(position.len(), moves, players).map_err(js_error)?;
    to_js(&explain_turn(&position, moves, players, rules))
}

super::lesson_handle!(
    /// A lesson being played: parsed from its JSON file, stepped with the learner's orders,
    /// judged by the engine after every turn.
    Halite1Lesson,
    crate::halite1::lesson::Course
);

#[wasm_bindgen]
impl Halite1Lesson {
    /// The board now: `{width, height, owner, strength, production}` (a copy).
    pub fn position(&self) -> Result<JsValue, JsError> {
        to_js(&self.lesson.state)
    }

    /// With fog: which sites the learner sees now (1 seen, 0 hidden); `undefined` without fog.
    pub fn visible(&self) -> Option<Vec<u8>> {
        self.lesson
            .visible()
            .map(|v| v.into_iter().map(u8::from).collect())
    }

    /// Why a bot's answer as the learner, packed as a live game packs it (quadruples
    /// `[seat, x, y, dir]`, the learner's seat 0-based), would be refused: the reason a live game
    /// ejects a bot with, or `undefined` if it passes.
    pub fn check(&self, quads: &[u32]) -> Option<String> {
        let s = &self.lesson.state;
        let seat = usize::from(self.lesson.spec.player).saturating_sub(1);
        if !quads.len().is_multiple_of(4) {
            return Some(crate::halite1::answer::AnswerError::Ragged.to_string());
        }
        crate::halite1::answer::read_on(
            (s.width, s.height, self.lesson.players()),
            seat,
            quads.chunks_exact(4),
            false,
            &mut Vec::new(),
        )
        .err()
        .map(|e| e.to_string())
    }

    /// Plays one turn with the learner's orders, flat triples `[x, y, direction, ...]`
    /// (direction 0 still to 4 west, on the learner's own sites), and the script's. Returns
    /// `{turn, moves, explanation, status, punished, visible}`.
    pub fn step(&mut self, orders: &[u32]) -> Result<JsValue, JsError> {
        if !orders.len().is_multiple_of(3) {
            return Err(JsError::new("orders are [x, y, direction] triples"));
        }
        let mut list = Vec::with_capacity(orders.len() / 3);
        for t in orders.chunks_exact(3) {
            let &[x, y, d] = t else { continue };
            let d = u8::try_from(d)
                .ok()
                .and_then(Dir::from_byte)
                .ok_or_else(|| JsError::new(&format!("direction {d} is not 0 to 4")))?;
            list.push(Order(x as usize, y as usize, d));
        }
        let step = self.lesson.step(&list).map_err(js_error)?;
        to_js(&step)
    }
}
