//! `Halite2Lesson`: a Halite II lesson judged by the engine, for the learn page.
//!
//! Lessons are small (a few ships and planets), so the board and each turn's story cross as
//! plain objects; nothing here is called every frame.

use super::{js_error, to_js};
use crate::halite2::lesson::{rule_numbers, Course, Order};
use wasm_bindgen::prelude::*;

super::lesson_handle!(
    /// A Halite II lesson being played: parsed from its JSON file, stepped with the learner's
    /// orders, judged after every turn. Seats are numbered from 0.
    Halite2Lesson,
    Course
);

#[wasm_bindgen]
impl Halite2Lesson {
    /// The board now: `{width, height, ships, planets}` (a copy).
    pub fn board(&self) -> Result<JsValue, JsError> {
        to_js(&self.lesson.board())
    }

    /// The rule numbers the page draws and states (speed, dock and weapon reach, damage, ...).
    pub fn rules(&self) -> Result<JsValue, JsError> {
        to_js(&rule_numbers())
    }

    /// Plays one turn with the learner's orders, written as in the lesson files
    /// (`[{thrust: [ship, magnitude, angle]}, {dock: [ship, planet]}, {undock: ship}]`), and
    /// the script's. Returns `{turn, status, punished, orders, before, after, motion, events}`.
    pub fn step(&mut self, orders: JsValue) -> Result<JsValue, JsError> {
        let list: Vec<Order> = serde_wasm_bindgen::from_value(orders)
            .map_err(|e| JsError::new(&format!("orders: {e}")))?;
        let step = self.lesson.step(&list).map_err(js_error)?;
        to_js(&step)
    }
}
