//! Running a game with bots as subprocesses speaking its original stdio protocol (native only),
//! for any game with a [`TextProtocol`].
//!
//! Each bot command runs through `sh -c` in its own process group. Its stdout carries the
//! protocol; its stderr is collected apart and kept for the log of a bot that is ejected.
//! A bot that crashes, closes its output, times out or sends an answer the protocol rejects is
//! ejected as the reference does: the game ejects its seat and goes on.

use super::{Game, TextProtocol};
use std::fmt;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// An answer line longer than this ejects its bot (a guard against a bot that never sends a newline).
pub const MAX_LINE: usize = 64 << 20;
/// Bot stderr kept per bot for its log.
const MAX_STDERR: usize = 1 << 20;

/// How to run the bots.
#[derive(Clone, Debug)]
pub struct RunOptions {
    /// Apply the time limits (the reference's `-t` turns them off).
    pub timeouts: bool,
    /// Time limits instead of the protocol's ([`TextProtocol::INIT_TIME`],
    /// [`TextProtocol::TURN_TIME`]).
    pub init_time: Option<Duration>,
    pub turn_time: Option<Duration>,
    /// Print progress as the reference does when not quiet.
    pub verbose: bool,
}

impl Default for RunOptions {
    fn default() -> RunOptions {
        RunOptions {
            timeouts: true,
            init_time: None,
            turn_time: None,
            verbose: false,
        }
    }
}

/// Why a bot was ejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ejection {
    TimedOut { turn: u32 },
    Crashed { turn: u32, detail: String },
    InvalidMoves { turn: u32, detail: String },
}

impl std::fmt::Display for Ejection {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let when = |t: &u32| {
            if *t == 0 {
                "during init".to_string()
            } else {
                format!("on turn {t}")
            }
        };
        match self {
            Ejection::TimedOut { turn } => write!(f, "timed out {}", when(turn)),
            Ejection::Crashed { turn, detail } => write!(f, "{} {}", detail, when(turn)),
            Ejection::InvalidMoves { turn, detail } => {
                write!(f, "sent an invalid move line {}: {detail}", when(turn))
            }
        }
    }
}

/// A finished game and what happened to each bot.
#[derive(Debug)]
pub struct RunOutcome<G> {
    pub game: G,
    /// Per player: why it was ejected, if it was.
    pub ejections: Vec<Option<Ejection>>,
    /// Per player: the protocol log and collected stderr (kept for ejected bots' log files).
    pub logs: Vec<String>,
}

enum Line {
    /// A line and when it arrived (a bot's response time ends there, not when it is read).
    Text(Vec<u8>, Instant),
    TooLong,
    Closed,
}

struct Bot {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Line>,
    stderr: Arc<Mutex<Vec<u8>>>,
    log: String,
}

impl Bot {
    fn start(command: &str) -> std::io::Result<Bot> {
        let mut cmd = Command::new("sh");
        cmd.arg("-c")
            .arg(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        #[cfg(unix)]
        {
            use std::os::unix::process::CommandExt;
            cmd.process_group(0);
        }
        let mut child = cmd.spawn()?;
        let stdin = child.stdin.take();
        let stdout = child.stdout.take();
        let stderr_pipe = child.stderr.take();
        let (tx, rx) = channel();
        if let Some(out) = stdout {
            thread::spawn(move || {
                let mut reader = BufReader::new(out);
                loop {
                    let mut buf = Vec::new();
                    let got = (&mut reader)
                        .take(MAX_LINE as u64 + 1)
                        .read_until(b'\n', &mut buf);
                    let msg = match got {
                        Ok(0) | Err(_) => Line::Closed,
                        Ok(_) if buf.last() == Some(&b'\n') => {
                            buf.pop();
                            Line::Text(buf, Instant::now())
                        }
                        Ok(_) if buf.len() > MAX_LINE => Line::TooLong,
                        Ok(_) => Line::Closed,
                    };
                    let stop = !matches!(msg, Line::Text(..));
                    if tx.send(msg).is_err() || stop {
                        break;
                    }
                }
            });
        }
        let stderr = Arc::new(Mutex::new(Vec::new()));
        if let Some(mut err) = stderr_pipe {
            let keep = Arc::clone(&stderr);
            thread::spawn(move || {
                let mut chunk = [0u8; 8192];
                while let Ok(k) = err.read(&mut chunk) {
                    if k == 0 {
                        break;
                    }
                    if let Ok(mut v) = keep.lock() {
                        if v.len() < MAX_STDERR {
                            v.extend_from_slice(&chunk[..k]);
                        }
                    }
                }
            });
        }
        Ok(Bot {
            child,
            stdin,
            lines: rx,
            stderr,
            log: String::new(),
        })
    }

    fn send(&mut self, line: &str) -> bool {
        match self.stdin.as_mut() {
            Some(w) => w
                .write_all(line.as_bytes())
                .and_then(|_| w.write_all(b"\n"))
                .and_then(|_| w.flush())
                .is_ok(),
            None => false,
        }
    }

    /// The next line and when it arrived, waiting until `deadline` (forever if none).
    fn receive(&mut self, deadline: Option<Instant>) -> Result<(Vec<u8>, Instant), String> {
        let got = match deadline {
            None => self
                .lines
                .recv()
                .map_err(|_| RecvTimeoutError::Disconnected),
            Some(d) => self
                .lines
                .recv_timeout(d.saturating_duration_since(Instant::now())),
        };
        match got {
            Ok(Line::Text(mut t, at)) => {
                if t.last() == Some(&b'\r') {
                    t.pop();
                }
                Ok((t, at))
            }
            Ok(Line::TooLong) => Err(format!("sent a line longer than {MAX_LINE} bytes")),
            Ok(Line::Closed) | Err(RecvTimeoutError::Disconnected) => {
                let status = self.child.try_wait().ok().flatten();
                Err(match status {
                    Some(s) => format!("exited ({s})"),
                    None => "closed its output".to_string(),
                })
            }
            Err(RecvTimeoutError::Timeout) => Err(String::new()),
        }
    }

    fn kill(&mut self) {
        self.stdin = None;
        #[cfg(unix)]
        {
            let pid = self.child.id() as i32;
            // SAFETY: killpg only sends a signal to the bot's own process group.
            unsafe {
                libc::killpg(pid, libc::SIGKILL);
            }
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    fn full_log(&self) -> String {
        let err = self
            .stderr
            .lock()
            .map(|v| String::from_utf8_lossy(&v).into_owned())
            .unwrap_or_default();
        format!("{}\n--- stderr ---\n{err}", self.log)
    }
}

/// Why a game could not be run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RunError<E> {
    /// The game seats a different number of bots than there are commands.
    Seats { seats: usize, commands: usize },
    /// The game refused a turn.
    Game(E),
}

impl<E: fmt::Display> fmt::Display for RunError<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RunError::Seats { seats, commands } => {
                write!(f, "the game seats {seats} bots, but {commands} were given")
            }
            RunError::Game(e) => e.fmt(f),
        }
    }
}

impl<E: std::error::Error + 'static> std::error::Error for RunError<E> {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            RunError::Seats { .. } => None,
            RunError::Game(e) => Some(e),
        }
    }
}

/// Plays `game` to the end between `commands` (one per seat, in seat order). `names` overrides
/// the names the bots send (the reference's `-o`).
/// Whole milliseconds from `from` to `to`, as the reference counts a response time.
fn millis(to: Instant, from: Instant) -> u64 {
    u64::try_from(to.saturating_duration_since(from).as_millis()).unwrap_or(u64::MAX)
}

pub fn run_game<G: Game + TextProtocol>(
    mut game: G,
    commands: &[String],
    names: Option<&[String]>,
    options: &RunOptions,
) -> Result<RunOutcome<G>, RunError<G::Error>> {
    let players = commands.len();
    if game.seats() != players {
        return Err(RunError::Seats {
            seats: game.seats(),
            commands: players,
        });
    }
    let mut ejections: Vec<Option<Ejection>> = vec![None; players];
    let mut bots: Vec<Option<Bot>> = Vec::with_capacity(players);
    for c in commands {
        if options.verbose {
            println!("{c}");
        }
        bots.push(Bot::start(c).ok());
    }
    let deadline = |limit: Duration| options.timeouts.then(|| Instant::now() + limit);
    let init_time = options.init_time.unwrap_or(G::INIT_TIME);
    let turn_time = options.turn_time.unwrap_or(G::TURN_TIME);

    // Initialisation: every bot gets what the protocol sends first (Halite I: its tag, the
    // size, the productions and the map) and answers its name.
    let mut init_deadlines = Vec::with_capacity(players);
    for (p, slot) in bots.iter_mut().enumerate() {
        let sent = match slot {
            Some(bot) => game.init_lines(p).iter().all(|l| bot.send(l)),
            None => false,
        };
        init_deadlines.push((sent, deadline(init_time), Instant::now()));
    }
    for p in 0..players {
        let (sent, dl, asked) = init_deadlines[p];
        let answer = match bots[p].as_mut() {
            Some(bot) if sent => bot.receive(dl),
            Some(_) => Err("did not accept its input".to_string()),
            None => Err("could not be started".to_string()),
        };
        match answer {
            Ok((name, at)) => {
                game.record_response_time(p, true, millis(at, asked));
                let name = G::parse_name(&name);
                if let Some(bot) = bots[p].as_mut() {
                    bot.log.push_str(&format!("--- init ---\n{name}\n"));
                }
                game.set_player_name(p, &name);
            }
            Err(why) => {
                let e = if why.is_empty() {
                    Ejection::TimedOut { turn: 0 }
                } else {
                    Ejection::Crashed {
                        turn: 0,
                        detail: why,
                    }
                };
                if options.verbose {
                    println!("Player {} {e}.", G::tag(p));
                }
                game.set_player_name(p, &G::init_failure_name(p));
                ejections[p] = Some(e);
                game.eject_at_init(p);
                if let Some(bot) = bots[p].as_mut() {
                    bot.kill();
                }
            }
        }
    }
    if let Some(names) = names {
        for (p, n) in names.iter().enumerate().take(players) {
            game.set_player_name(p, &G::parse_name(n.as_bytes()));
        }
    }

    // Turns.
    let mut input = String::new();
    let mut actions: Vec<G::Action> = vec![G::Action::default(); players];
    while !game.is_over() {
        let turn = game.turn() + 1;
        if options.verbose {
            println!("Turn {turn}");
        }
        let mut deadlines = vec![None; players];
        let mut asked = vec![Instant::now(); players];
        for p in 0..players {
            actions[p] = G::Action::default();
            if !game.is_alive(p) {
                continue;
            }
            game.turn_input(p, &mut input);
            if let Some(bot) = bots[p].as_mut() {
                bot.send(&input);
            }
            asked[p] = Instant::now();
            deadlines[p] = deadline(turn_time);
        }
        for p in 0..players {
            if !game.is_alive(p) {
                continue;
            }
            let Some(bot) = bots[p].as_mut() else {
                continue;
            };
            let outcome = match bot.receive(deadlines[p]) {
                Ok((text, at)) => {
                    game.record_response_time(p, false, millis(at, asked[p]));
                    bot.log.push_str(&format!(
                        "--- turn {turn} ---\n{}\n",
                        String::from_utf8_lossy(&text)
                    ));
                    game.parse_action(p, &text)
                        .map_err(|e| Ejection::InvalidMoves {
                            turn,
                            detail: e.to_string(),
                        })
                }
                Err(why) if why.is_empty() => Err(Ejection::TimedOut { turn }),
                Err(detail) => Err(Ejection::Crashed { turn, detail }),
            };
            match outcome {
                Ok(a) => actions[p] = a,
                Err(e) => {
                    if options.verbose {
                        println!("Player {} {e}.", G::tag(p));
                    }
                    ejections[p] = Some(e);
                    game.eject(p);
                    bot.kill();
                }
            }
        }
        game.step(&actions).map_err(RunError::Game)?;
    }
    let logs = bots
        .iter_mut()
        .map(|b| match b {
            Some(bot) => {
                bot.kill();
                bot.full_log()
            }
            None => "could not be started".to_string(),
        })
        .collect();
    Ok(RunOutcome {
        game,
        ejections,
        logs,
    })
}
