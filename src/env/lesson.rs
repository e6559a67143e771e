//! The lesson frame every game's lessons share: a lesson file's common fields, the lesson being
//! played (turns, status, the known wrong answer and its punishing reply, the scripted
//! players), and how a goal's verdict becomes a status.
//!
//! A lesson is data: a small board, a goal the engine judges after every turn (ongoing, passed,
//! or not yet), scripted opponents, a reference solution and a known wrong answer. A game
//! writes only what is its own through [`Course`]: how the board is built from the file, how
//! the learner's orders are checked, how a turn is played and told, and what its goals mean.
//! Any answer that reaches the goal passes.

use serde::{Deserialize, Serialize};
use std::fmt;

/// Where a lesson stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Status {
    Ongoing,
    Passed,
    NotYet,
}

impl Status {
    /// The status after a turn: passed when the goal holds (as far as it is judged now), else
    /// not yet when the lesson cannot be passed any more (the turn limit reached, the learner
    /// out of pieces, a condition to keep broken), else ongoing.
    pub fn judged(passed: bool, failed: bool) -> Status {
        if passed {
            Status::Passed
        } else if failed {
            Status::NotYet
        } else {
            Status::Ongoing
        }
    }
}

/// A lesson file or an order that cannot be used, with what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LessonError(pub String);

impl fmt::Display for LessonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for LessonError {}

/// A wrong answer a lesson knows, and the reply that shows why it fails.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Wrong<O> {
    pub moves: Vec<Vec<O>>,
    /// Scripted players' orders per turn while the learner follows the wrong answer (instead
    /// of the usual script).
    #[serde(default = "Vec::new")]
    pub reply: Vec<Vec<O>>,
}

/// What the frame reads from a lesson file (written by [`lesson_spec!`]).
pub trait Spec {
    type Order;
    /// The lesson's id (its file is named after it).
    fn id(&self) -> &str;
    /// Turns for three stars.
    fn par(&self) -> u32;
    /// Turns allowed.
    fn turns(&self) -> u32;
    /// The other players' orders, per turn.
    fn script(&self) -> &[Vec<Self::Order>];
    fn wrong(&self) -> &Wrong<Self::Order>;
    /// The reference solution: the learner's orders, turn by turn.
    fn solution(&self) -> &[Vec<Self::Order>];
}

/// Declares a game's lesson file: the fields every lesson has (`id`, `order`, `par`, `turns`,
/// `goal`, `hints`, `script`, `solution`, `wrong`) around the game's own, in this order:
/// `id`, `order`, the game's board fields, `par`, `turns`, `goal`, the game's goal options,
/// `hints`, `script`, the game's rule options, `solution`, `wrong`. It implements [`Spec`].
macro_rules! lesson_spec {
    (
        $(#[$meta:meta])*
        pub struct $name:ident<order = $order:ty, goal = $goal:ty> {
            board { $($board:tt)* }
            goal_options { $($goal_options:tt)* }
            rule_options { $($rule_options:tt)* }
        }
    ) => {
        $(#[$meta])*
        pub struct $name {
            pub id: String,
            /// Its place in the list.
            pub order: u32,
            $($board)*
            /// Turns for three stars.
            pub par: u32,
            /// Turns allowed.
            pub turns: u32,
            pub goal: $goal,
            $($goal_options)*
            /// Hint arrows: the first turn of a good answer, or part of it.
            #[serde(default)]
            pub hints: Vec<$order>,
            /// The other players' orders, per turn.
            #[serde(default)]
            pub script: Vec<Vec<$order>>,
            $($rule_options)*
            pub solution: Vec<Vec<$order>>,
            pub wrong: $crate::env::lesson::Wrong<$order>,
        }

        impl $crate::env::lesson::Spec for $name {
            type Order = $order;
            fn id(&self) -> &str {
                &self.id
            }
            fn par(&self) -> u32 {
                self.par
            }
            fn turns(&self) -> u32 {
                self.turns
            }
            fn script(&self) -> &[Vec<$order>] {
                &self.script
            }
            fn wrong(&self) -> &$crate::env::lesson::Wrong<$order> {
                &self.wrong
            }
            fn solution(&self) -> &[Vec<$order>] {
                &self.solution
            }
        }
    };
}
pub(crate) use lesson_spec;

/// What a game brings to its lessons.
pub trait Course: Sized {
    /// One order as lessons write it.
    type Order: Clone;
    /// A lesson file (see [`lesson_spec!`]).
    type Spec: Spec<Order = Self::Order> + serde::de::DeserializeOwned + Clone + fmt::Debug;
    /// The board as the rules hold it.
    type State: Clone + fmt::Debug;
    /// One turn's orders of the learner as the rules take them, once checked (an answer
    /// follows the known wrong one when these are equal).
    type Checked: PartialEq;
    /// What playing a turn did, before the frame counts and judges it.
    type Played;
    /// One turn as the page is told it.
    type Step;

    /// The board the lesson starts from and the seats in the game; the message names what is
    /// wrong with the file.
    fn start(spec: &Self::Spec) -> Result<(Self::State, usize), LessonError>;
    /// The learner's orders checked (an order the learner cannot give is an error: a lesson
    /// says which rather than ignore it).
    fn check(lesson: &Lesson<Self>, orders: &[Self::Order]) -> Result<Self::Checked, LessonError>;
    /// Plays one turn on `lesson.state`: the learner's checked orders (`orders` as given) and
    /// the scripted players' `script`.
    fn play_turn(
        lesson: &mut Lesson<Self>,
        mine: Self::Checked,
        orders: &[Self::Order],
        script: &[Self::Order],
    ) -> Self::Played;
    /// The lesson's status on the current board (see [`Status::judged`]).
    fn judge(lesson: &Lesson<Self>) -> Status;
    /// The turn just played, counted and judged (`lesson.turn` and `lesson.status` are the new
    /// ones), as the page is told it.
    fn report(lesson: &Lesson<Self>, played: Self::Played, punished: bool) -> Self::Step;
}

/// A lesson being played.
#[derive(Clone, Debug)]
pub struct Lesson<C: Course> {
    pub spec: C::Spec,
    start: C::State,
    /// The board now.
    pub state: C::State,
    pub turn: u32,
    pub status: Status,
    players: usize,
    /// Every turn so far matched the known wrong answer.
    on_wrong_path: bool,
}

impl<C: Course> Lesson<C> {
    /// A lesson from the text of its file.
    pub fn parse(json: &str) -> Result<Lesson<C>, LessonError> {
        let spec: C::Spec =
            serde_json::from_str(json).map_err(|e| LessonError(format!("lesson: {e}")))?;
        Lesson::new(spec)
    }

    pub fn new(spec: C::Spec) -> Result<Lesson<C>, LessonError> {
        let (start, players) = C::start(&spec)?;
        Ok(Lesson {
            state: start.clone(),
            start,
            turn: 0,
            status: Status::Ongoing,
            players,
            on_wrong_path: true,
            spec,
        })
    }

    /// Seats in the game.
    pub fn players(&self) -> usize {
        self.players
    }

    /// Back to the first turn.
    pub fn reset(&mut self) {
        self.state = self.start.clone();
        self.turn = 0;
        self.status = Status::Ongoing;
        self.on_wrong_path = true;
    }

    /// Plays one turn with the learner's orders and the script's (the known wrong answer's
    /// reply instead while the learner has followed that answer on every turn).
    pub fn step(&mut self, orders: &[C::Order]) -> Result<C::Step, LessonError> {
        if self.status != Status::Ongoing {
            return Err(LessonError(
                "the lesson is over: reset it to play again".into(),
            ));
        }
        let mine = C::check(self, orders)?;
        let t = self.turn as usize;
        let wrong = self.spec.wrong();
        let follows_wrong = match wrong.moves.get(t).map(|o| C::check(self, o)) {
            Some(Ok(w)) => self.on_wrong_path && w == mine,
            _ => false,
        };
        let punished = follows_wrong && wrong.reply.get(t).is_some();
        let script = if punished {
            wrong.reply.get(t)
        } else {
            self.spec.script().get(t)
        };
        let script = script.cloned().unwrap_or_default();
        self.on_wrong_path = follows_wrong;
        let played = C::play_turn(self, mine, orders, &script);
        self.turn += 1;
        self.status = C::judge(self);
        Ok(C::report(self, played, punished))
    }

    /// Plays a whole answer from the start; the status it ends with. An answer that stops
    /// early gives no more orders for the turns left.
    pub fn play(&mut self, answer: &[Vec<C::Order>]) -> Result<Status, LessonError> {
        self.reset();
        for turn in answer {
            if self.status != Status::Ongoing {
                break;
            }
            self.step(turn)?;
        }
        while self.status == Status::Ongoing {
            self.step(&[])?;
        }
        Ok(self.status)
    }

    /// Whether the turn limit is reached.
    pub fn out_of_turns(&self) -> bool {
        self.turn >= self.spec.turns()
    }
}
