//! Running a game with bots as subprocesses speaking the original stdio protocol (native only).
//!
//! Each bot command runs through `sh -c` in its own process group. Its stdout carries the
//! protocol; its stderr is collected apart and kept for the log of a bot that is ejected.
//! A bot that crashes, closes its output, times out or sends an invalid character is ejected as
//! the reference does: its pieces turn neutral and the game goes on.

use super::game::{Game, GameConfig, GameError};
use super::protocol::{init_lines, parse_moves, serialize_map, Move};
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// The reference's time limits.
pub const INIT_TIME: Duration = Duration::from_millis(30_000);
pub const TURN_TIME: Duration = Duration::from_millis(1_500);
/// A move line longer than this ejects its bot (a guard against a bot that never sends a newline).
pub const MAX_LINE: usize = 64 << 20;
/// Bot stderr kept per bot for its log.
const MAX_STDERR: usize = 1 << 20;

/// How to run the bots.
#[derive(Clone, Debug)]
pub struct RunOptions {
    /// Apply the time limits (the reference's `-t` turns them off).
    pub timeouts: bool,
    pub init_time: Duration,
    pub turn_time: Duration,
    /// Print progress as the reference does when not quiet.
    pub verbose: bool,
}

impl Default for RunOptions {
    fn default() -> RunOptions {
        RunOptions {
            timeouts: true,
            init_time: INIT_TIME,
            turn_time: TURN_TIME,
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
pub struct RunOutcome {
    pub game: Game,
    /// Per player: why it was ejected, if it was.
    pub ejections: Vec<Option<Ejection>>,
    /// Per player: the protocol log and collected stderr (kept for ejected bots' log files).
    pub logs: Vec<String>,
}

enum Line {
    Text(Vec<u8>),
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
                            Line::Text(buf)
                        }
                        Ok(_) if buf.len() > MAX_LINE => Line::TooLong,
                        Ok(_) => Line::Closed,
                    };
                    let stop = !matches!(msg, Line::Text(_));
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

    /// The next line, waiting until `deadline` (forever if none).
    fn receive(&mut self, deadline: Option<Instant>) -> Result<Vec<u8>, String> {
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
            Ok(Line::Text(mut t)) => {
                if t.last() == Some(&b'\r') {
                    t.pop();
                }
                Ok(t)
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

/// Plays a whole game between `commands` (one per seat). `names` overrides the names the bots
/// send (the reference's `-o`).
pub fn run_game(
    config: &GameConfig,
    commands: &[String],
    names: Option<&[String]>,
    options: &RunOptions,
) -> Result<RunOutcome, GameError> {
    let mut config = config.clone();
    config.players = commands.len();
    let mut game = Game::new(&config)?;
    let players = commands.len();
    let mut ejections: Vec<Option<Ejection>> = vec![None; players];
    let mut bots: Vec<Option<Bot>> = Vec::with_capacity(players);
    for c in commands {
        if options.verbose {
            println!("{c}");
        }
        bots.push(Bot::start(c).ok());
    }
    let deadline = |limit: Duration| options.timeouts.then(|| Instant::now() + limit);

    // Initialisation: every bot gets its tag, the size, the productions and the map.
    let mut init_deadlines = Vec::with_capacity(players);
    for (p, slot) in bots.iter_mut().enumerate() {
        let view = game.observation(p);
        let sent = match slot {
            Some(bot) => init_lines(p + 1, &view).iter().all(|l| bot.send(l)),
            None => false,
        };
        init_deadlines.push((sent, deadline(options.init_time)));
    }
    for p in 0..players {
        let (sent, dl) = init_deadlines[p];
        let answer = match bots[p].as_mut() {
            Some(bot) if sent => bot.receive(dl),
            Some(_) => Err("did not accept its input".to_string()),
            None => Err("could not be started".to_string()),
        };
        match answer {
            Ok(name) => {
                let name = String::from_utf8_lossy(&name);
                let name: String = name.chars().take(30).collect();
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
                    println!("Player {} {e}.", p + 1);
                }
                game.set_player_name(p, &format!("Bot #{}; timed out during Init", p + 1));
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
            let n: String = n.chars().take(30).collect();
            game.set_player_name(p, &n);
        }
    }

    // Turns.
    let mut line = String::new();
    let mut moves: Vec<Vec<Move>> = vec![Vec::new(); players];
    while !game.is_over() {
        let turn = game.turn() + 1;
        if options.verbose {
            println!("Turn {turn}");
        }
        let mut deadlines = vec![None; players];
        for p in 0..players {
            moves[p].clear();
            if !game.is_alive(p) {
                continue;
            }
            let view = game.observation(p);
            serialize_map(&view.owner, &view.strength, &mut line);
            if let Some(bot) = bots[p].as_mut() {
                bot.send(&line);
            }
            deadlines[p] = deadline(options.turn_time);
        }
        let (w, h) = (game.board().width, game.board().height);
        for p in 0..players {
            if !game.is_alive(p) {
                continue;
            }
            let Some(bot) = bots[p].as_mut() else {
                continue;
            };
            let outcome = match bot.receive(deadlines[p]) {
                Ok(text) => {
                    bot.log.push_str(&format!(
                        "--- turn {turn} ---\n{}\n",
                        String::from_utf8_lossy(&text)
                    ));
                    parse_moves(&text, w, h).map_err(|e| Ejection::InvalidMoves {
                        turn,
                        detail: e.to_string(),
                    })
                }
                Err(why) if why.is_empty() => Err(Ejection::TimedOut { turn }),
                Err(detail) => Err(Ejection::Crashed { turn, detail }),
            };
            match outcome {
                Ok(m) => moves[p] = m,
                Err(e) => {
                    if options.verbose {
                        println!("Player {} {e}.", p + 1);
                    }
                    ejections[p] = Some(e);
                    game.eject(p);
                    bot.kill();
                }
            }
        }
        game.step(&moves)?;
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
