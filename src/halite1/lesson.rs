//! Lessons: a small board, a goal the engine judges, scripted opponents, and the rules in force.
//!
//! A lesson is data (one JSON file each, see `www/src/games/halite1/lessons/`); its prose lives
//! apart so that it can be translated. [`Lesson`] parses one, plays its turns with
//! [`explain_turn`] (so every number the learner sees comes from the explanation), moves the
//! scripted players, and judges the goal after every turn: ongoing, passed, or not yet (the turn
//! limit reached, or the learner has no sites left). Any moves that reach the goal pass.

use super::explain::{explain_turn, Explanation, Position, Rules};
use super::fog::visibility;
use super::grid::MAX_PLAYERS;
use crate::env::lesson;
pub use crate::env::lesson::{LessonError, Status};
use serde::{Deserialize, Serialize};

/// A direction as lessons write it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Dir {
    Still,
    North,
    East,
    South,
    West,
}

impl Dir {
    pub fn byte(self) -> u8 {
        self as u8
    }

    pub fn from_byte(b: u8) -> Option<Dir> {
        [Dir::Still, Dir::North, Dir::East, Dir::South, Dir::West]
            .get(usize::from(b))
            .copied()
    }
}

/// One order: `[x, y, "north"]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Order(pub usize, pub usize, pub Dir);

/// The board of a lesson or of the sandbox: row-major arrays (owner 0 neutral, 1..=6 players).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Scenario {
    pub width: usize,
    pub height: usize,
    pub owner: Vec<u8>,
    pub strength: Vec<u16>,
    pub production: Vec<u8>,
}

impl Scenario {
    /// Checks the sizes and values; the message names what is wrong.
    pub fn check(&self) -> Result<Position, LessonError> {
        let (w, h) = (self.width, self.height);
        if !(1..=30).contains(&w) || !(1..=30).contains(&h) {
            return Err(LessonError(format!(
                "the board is {w}x{h}: sides must be 1 to 30"
            )));
        }
        let n = w * h;
        for (name, len) in [
            ("owner", self.owner.len()),
            ("strength", self.strength.len()),
            ("production", self.production.len()),
        ] {
            if len != n {
                return Err(LessonError(format!(
                    "{name} holds {len} values, not {n} ({w}x{h})"
                )));
            }
        }
        if let Some(o) = self.owner.iter().find(|&&o| usize::from(o) > MAX_PLAYERS) {
            return Err(LessonError(format!("owner {o} is not 0 to 6")));
        }
        Ok(Position {
            width: w,
            height: h,
            owner: self.owner.clone(),
            strength: self.strength.clone(),
            production: self.production.clone(),
        })
    }
}

/// A goal, judged on the board after a turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Goal {
    /// The learner owns site `[x, y]`.
    Owns([usize; 2]),
    /// The learner owns every site in the list.
    OwnsAll(Vec<[usize; 2]>),
    /// The learner owns every star of the lesson.
    OwnsStars,
    /// The learner owns `at` with at least `min` strength.
    StrengthAt {
        at: [usize; 2],
        min: u16,
    },
    /// Site `[x, y]` is neutral.
    Neutral([usize; 2]),
    /// No other player owns a site.
    EnemyGone,
    /// The learner owns at least this many sites.
    Sites(usize),
    /// The learner's pieces add up to at least this strength.
    Strength(u32),
    /// The learner owns more sites than every other player (how a game at its turn limit ranks).
    MostSites,
    And(Vec<Goal>),
    Or(Vec<Goal>),
    Not(Box<Goal>),
}

crate::env::lesson::lesson_spec! {
    /// One lesson, as its file gives it.
    #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
    #[serde(rename_all = "camelCase", deny_unknown_fields)]
    pub struct LessonSpec<order = Order, goal = Goal> {
        board {
            /// `halite1` or `blitz`.
            #[serde(default = "halite1")]
            pub game: String,
            pub board: Scenario,
            /// The learner's owner value.
            pub player: u8,
            /// Players in the game (default: the highest owner on the board).
            #[serde(default)]
            pub players: Option<usize>,
        }
        goal_options {
            /// Judge the goal only after the last turn (a goal to hold, not to reach).
            #[serde(default)]
            pub at_end: bool,
            #[serde(default)]
            pub stars: Vec<[usize; 2]>,
        }
        rule_options {
            #[serde(default)]
            pub rules: Rules,
            /// Fog of war radius (Blitz).
            #[serde(default)]
            pub fog: Option<u32>,
        }
    }
}

fn halite1() -> String {
    "halite1".into()
}

/// A wrong answer a lesson knows (its moves per turn), and the reply that shows why it fails.
pub type Wrong = lesson::Wrong<Order>;

/// One turn played in a lesson.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Step {
    pub turn: u32,
    pub moves: Vec<u8>,
    pub explanation: Explanation,
    pub status: Status,
    /// The learner is following the lesson's known wrong answer (the reply punished it).
    pub punished: bool,
    /// With fog: the sites the learner sees after the turn.
    pub visible: Option<Vec<bool>>,
}

/// Halite I's side of the lesson frame: a grid board, per-site moves, [`explain_turn`].
#[derive(Clone, Copy, Debug)]
pub struct Course;

/// A lesson being played (its board now is `state`).
pub type Lesson = lesson::Lesson<Course>;

impl lesson::Course for Course {
    type Order = Order;
    type Spec = LessonSpec;
    type State = Position;
    /// The per-site move bytes.
    type Checked = Vec<u8>;
    type Played = (Vec<u8>, Explanation);
    type Step = Step;

    fn start(spec: &LessonSpec) -> Result<(Position, usize), LessonError> {
        let start = spec.board.check()?;
        let highest = start.owner.iter().copied().max().unwrap_or(0);
        let players = spec.players.unwrap_or(usize::from(highest)).max(1);
        if spec.player == 0 || usize::from(spec.player) > players {
            return Err(LessonError(format!(
                "player {} is not one of the {players} players",
                spec.player
            )));
        }
        for &[x, y] in &spec.stars {
            if x >= start.width || y >= start.height {
                return Err(LessonError(format!("star ({x}, {y}) is off the board")));
            }
        }
        Ok((start, players))
    }

    fn check(lesson: &Lesson, orders: &[Order]) -> Result<Vec<u8>, LessonError> {
        lesson.learner_moves(orders)
    }

    /// The script's orders move only the other players' pieces.
    fn play_turn(
        lesson: &mut Lesson,
        mut moves: Vec<u8>,
        _orders: &[Order],
        script: &[Order],
    ) -> (Vec<u8>, Explanation) {
        let p = &lesson.state;
        for &Order(x, y, d) in script {
            if x < p.width && y < p.height {
                let i = y * p.width + x;
                if p.owner[i] != 0 && p.owner[i] != lesson.spec.player {
                    moves[i] = d.byte();
                }
            }
        }
        let explanation = explain_turn(p, &moves, lesson.players(), lesson.spec.rules);
        lesson.state = explanation.after.clone();
        (moves, explanation)
    }

    fn judge(lesson: &Lesson) -> Status {
        lesson.judge()
    }

    fn report(
        lesson: &Lesson,
        (moves, explanation): (Vec<u8>, Explanation),
        punished: bool,
    ) -> Step {
        Step {
            turn: lesson.turn,
            moves,
            explanation,
            status: lesson.status,
            punished,
            visible: lesson.visible(),
        }
    }
}

impl Lesson {
    /// The sites the learner sees now (all of them without fog).
    pub fn visible(&self) -> Option<Vec<bool>> {
        self.spec.fog.map(|r| {
            let p = &self.state;
            let mut v = Vec::new();
            visibility(p.width, p.height, &p.owner, self.spec.player, r, &mut v);
            v
        })
    }

    /// The per-site move bytes of the learner's orders (orders for sites the learner does not
    /// own are errors: a lesson says which piece cannot move rather than ignore it).
    pub fn learner_moves(&self, orders: &[Order]) -> Result<Vec<u8>, LessonError> {
        let p = &self.state;
        let mut moves = vec![0u8; p.len()];
        for &Order(x, y, d) in orders {
            if x >= p.width || y >= p.height {
                return Err(LessonError(format!("({x}, {y}) is off the board")));
            }
            let i = y * p.width + x;
            if p.owner[i] != self.spec.player {
                return Err(LessonError(format!("you have no piece on ({x}, {y})")));
            }
            moves[i] = d.byte();
        }
        Ok(moves)
    }

    /// The lesson's status on the current board: a goal `at_end` is judged only once the
    /// turns are over; the learner with no site left has not passed.
    pub fn judge(&self) -> Status {
        let over = self.out_of_turns();
        let mine = self.state.owner.contains(&self.spec.player);
        let judged = !self.spec.at_end || over;
        Status::judged(judged && self.holds(&self.spec.goal), over || !mine)
    }

    /// Whether `goal` holds on the current board.
    pub fn holds(&self, goal: &Goal) -> bool {
        let p = &self.state;
        let me = self.spec.player;
        let at = |[x, y]: [usize; 2]| (x < p.width && y < p.height).then(|| y * p.width + x);
        let owns = |s: [usize; 2]| at(s).is_some_and(|i| p.owner[i] == me);
        let count = |o: u8| p.owner.iter().filter(|&&v| v == o).count();
        match goal {
            Goal::Owns(s) => owns(*s),
            Goal::OwnsAll(list) => list.iter().all(|&s| owns(s)),
            Goal::OwnsStars => self.spec.stars.iter().all(|&s| owns(s)),
            Goal::StrengthAt { at: s, min } => {
                at(*s).is_some_and(|i| p.owner[i] == me && p.strength[i] >= *min)
            }
            Goal::Neutral(s) => at(*s).is_some_and(|i| p.owner[i] == 0),
            Goal::EnemyGone => p.owner.iter().all(|&o| o == 0 || o == me),
            Goal::Sites(k) => count(me) >= *k,
            Goal::Strength(min) => {
                let total: u32 = (0..p.len())
                    .filter(|&i| p.owner[i] == me)
                    .map(|i| u32::from(p.strength[i]))
                    .sum();
                total >= *min
            }
            Goal::MostSites => {
                let mine = count(me);
                (1..=self.players() as u8)
                    .filter(|&o| o != me)
                    .all(|o| count(o) < mine)
            }
            Goal::And(gs) => gs.iter().all(|g| self.holds(g)),
            Goal::Or(gs) => gs.iter().any(|g| self.holds(g)),
            Goal::Not(g) => !self.holds(g),
        }
    }
}
