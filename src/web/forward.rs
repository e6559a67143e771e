//! The forward model for bots (`debug.simulate`), exported as plain C-ABI functions that touch
//! no JavaScript: the bot runtime (`www/src/bots/bot-runtime.ts`) instantiates this same
//! binary inside a bot's worker with stub imports, which nothing here calls.
//!
//! Protocol, all within this module's memory:
//! 1. `sim_input(n)` makes an input buffer of `n` bytes and returns where it is;
//! 2. the caller writes the snapshot, then the seat's moves and the others' moves (JSON text);
//! 3. `sim_step(seat, snapshot_len, mine_len, others_len)` plays one turn: 0 when it played,
//!    1 when it did not (bad moves, a snapshot that is not one, a game that is over);
//! 4. `sim_output_ptr()` and `sim_output_len()` give the result: on success the layout of
//!    [`crate::env::forward::Output`], on failure the reason as UTF-8 text.
//!
//! The game is recognised by the snapshot's first four bytes (through the registry,
//! [`crate::games`]). Nothing here panics on any
//! input: every check returns an error (a trap would leave the caller with garbage).

use crate::env::forward::SimError;
use std::cell::RefCell;

thread_local! {
    static INPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    static OUTPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// One turn from `snapshot` for the game it belongs to (the registry recognises it).
pub fn step_any(
    snapshot: &[u8],
    seat: usize,
    mine: &str,
    others: &str,
) -> Result<Vec<u8>, SimError> {
    crate::games::forward_step(snapshot, seat, mine, others)
}

/// An input buffer of `len` bytes (its previous contents are gone); where it starts.
#[no_mangle]
pub extern "C" fn sim_input(len: usize) -> *mut u8 {
    INPUT.with(|i| {
        let mut i = i.borrow_mut();
        i.clear();
        i.resize(len, 0);
        i.as_mut_ptr()
    })
}

/// Plays one turn from the input buffer: `snapshot_len` bytes of snapshot, then `mine_len`
/// bytes of the seat's moves and `others_len` bytes of the others' moves, as JSON text. 0 on
/// success, 1 on failure (the output holds the result or the reason).
#[no_mangle]
pub extern "C" fn sim_step(
    seat: u32,
    snapshot_len: usize,
    mine_len: usize,
    others_len: usize,
) -> u32 {
    let result = INPUT.with(|i| {
        let i = i.borrow();
        let a = snapshot_len;
        let b = a.checked_add(mine_len);
        let c = b.and_then(|b| b.checked_add(others_len));
        let (Some(b), Some(c)) = (b, c) else {
            return Err(SimError::Input("the input lengths are out of range"));
        };
        let (Some(snapshot), Some(mine), Some(others)) = (i.get(..a), i.get(a..b), i.get(b..c))
        else {
            return Err(SimError::Input("the input is shorter than its parts"));
        };
        let text = |t: &[u8], what: &'static str| {
            std::str::from_utf8(t)
                .map(str::to_owned)
                .map_err(|_| SimError::NotText { what })
        };
        step_any(
            snapshot,
            seat as usize,
            &text(mine, "moves")?,
            &text(others, "othersMoves")?,
        )
    });
    let (code, out) = match result {
        Ok(out) => (0, out),
        Err(e) => (1, e.to_string().into_bytes()),
    };
    OUTPUT.with(|o| *o.borrow_mut() = out);
    code
}

/// Where the last result starts.
#[no_mangle]
pub extern "C" fn sim_output_ptr() -> *const u8 {
    OUTPUT.with(|o| o.borrow().as_ptr())
}

/// The last result's length in bytes.
#[no_mangle]
pub extern "C" fn sim_output_len() -> usize {
    OUTPUT.with(|o| o.borrow().len())
}
