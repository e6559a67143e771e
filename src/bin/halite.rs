//! `halite`: run games between subprocess bots, verify replays, generate maps, print statistics.
//!
//! `--game` picks the game a new match or map is for (the registry's first game by default); a
//! replay's game is recognised from its bytes. Every game is reached through the registry,
//! [`halite::games`].

#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    native::main()
}

#[cfg(not(target_arch = "wasm32"))]
mod native {

    use clap::builder::{PossibleValue, PossibleValuesParser};
    use clap::{Args, Parser, Subcommand};
    use halite::env::cli::Report;
    use halite::env::tools::{GameTools, ReplayTools, RunSetup, ToolError};
    use halite::games;
    use std::path::{Path, PathBuf};
    use std::process::ExitCode;

    #[derive(Parser)]
    #[command(
        name = "halite",
        version,
        about = "Halite game environments: run games, verify replays, generate maps, read statistics",
        long_about = "Halite game environments, drop-in replacements for the original `halite` \
binaries (`run` takes the original flags; `--game` picks the game), plus tools for replays and maps."
    )]
    struct Cli {
        /// The game to run or make a map for (replays are recognised from their bytes).
        #[arg(long, global = true, default_value = games::GAMES[0].id(), value_parser = game_values())]
        game: String,
        #[command(subcommand)]
        command: Cmd,
    }

    /// `--game`'s values: the registry's ids, each with its line of help.
    fn game_values() -> PossibleValuesParser {
        PossibleValuesParser::new(
            games::GAMES
                .iter()
                .map(|g| PossibleValue::new(g.id()).help(g.about())),
        )
    }

    /// Why a command failed (printed after `halite: `).
    #[derive(Debug, thiserror::Error)]
    enum CliError {
        #[error("no game {0:?}")]
        NoGame(String),
        /// A file that could not be read.
        #[error("{}: {source}", path.display())]
        Read {
            path: PathBuf,
            source: std::io::Error,
        },
        /// A file that is no replay a game reads.
        #[error("{}: {source}", path.display())]
        Replay { path: PathBuf, source: ToolError },
        #[error("with -o, arguments alternate BOT_COMMAND NAME")]
        NamePairs,
        #[error("only single-player games take -n (a map for N players)")]
        MapPlayers,
        /// The game's tools refused (its map generator, its match setup, the match).
        #[error(transparent)]
        Tool(#[from] ToolError),
        /// Standard output could not be written (other than a reader that stopped reading).
        #[error("could not write the output: {0}")]
        Write(std::io::Error),
    }

    /// Writes `text` to standard output. A reader that stops reading (`halite mapgen | head`)
    /// ends the output quietly, as for any command-line tool, rather than with a panic.
    fn emit(text: &str) -> Result<(), CliError> {
        use std::io::Write;
        let mut out = std::io::stdout().lock();
        match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
            Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(CliError::Write(e)),
            _ => Ok(()),
        }
    }

    /// Why `--dims` was not understood.
    #[derive(Debug, thiserror::Error)]
    enum DimsError {
        #[error("bad width {0:?}")]
        Width(String),
        #[error("bad height {0:?}")]
        Height(String),
        #[error("expected \"WIDTH HEIGHT\", got {0:?}")]
        Shape(String),
    }

    /// The registry's game for an id `--game` accepted.
    fn tools(id: &str) -> Result<&'static dyn GameTools, CliError> {
        games::game(id).ok_or_else(|| CliError::NoGame(id.to_string()))
    }

    #[derive(Subcommand)]
    enum Cmd {
        /// Run a game between bots (each BOT_COMMAND runs through `sh -c`).
        Run(RunArgs),
        /// Re-simulate replays from frame 0 and their moves; exit 0 only if all match the rules
        /// and reach the game's end. Exit status 1 when a replay breaks the rules or cannot be
        /// read, 3 when every replay follows the rules but one stops before the game's end
        /// (unfinished: a game saved while it was being played).
        Verify {
            /// Accept unfinished replays: every frame must follow the rules, but the record may
            /// stop before the game's end.
            #[arg(long)]
            unfinished: bool,
            /// Replay files (.hlt, .hlt.gz, .blitz).
            #[arg(required = true)]
            paths: Vec<PathBuf>,
        },
        /// Print a generated map as JSON: Halite I {width, height, production, owner, strength};
        /// Halite II {seed, width, height, players, dims_flag, planets, ships}.
        Mapgen {
            /// Requested size "W H" (the generator may shrink it to keep the map symmetric).
            #[arg(short = 'd', long = "dimensions", value_parser = parse_dims)]
            dims: (usize, usize),
            /// Map seed.
            #[arg(short, long)]
            seed: u32,
            /// Players the map is made for (1 to 6).
            #[arg(short = 'n', long = "nplayers", default_value_t = 2)]
            players: usize,
        },
        /// Print each player's final results and the statistics series of a replay.
        Stats {
            path: PathBuf,
            /// Print everything as JSON instead of tables.
            #[arg(long)]
            json: bool,
        },
    }

    #[derive(Args)]
    struct RunArgs {
        /// Map size "W H"; when absent, Halite I takes a random reference size (20 to 50,
        /// square) and Halite II the size the reference draws from the seed.
        #[arg(short = 'd', long = "dimensions", value_parser = parse_dims)]
        dims: Option<(usize, usize)>,
        /// Map seed; random when absent or 0.
        #[arg(short, long, default_value_t = 0)]
        seed: u32,
        /// Single-player games: make the map for N players.
        #[arg(short = 'n', long = "nplayers")]
        nplayers: Option<usize>,
        /// Ignore time limits (give every bot unlimited time).
        #[arg(short = 't', long = "timeout")]
        no_timeouts: bool,
        /// Quiet: print only the machine-readable results.
        #[arg(short, long)]
        quiet: bool,
        /// Do not write a replay.
        #[arg(short = 'r', long = "noreplay")]
        no_replay: bool,
        /// Directory for the replay (written as DIR/Replays/ID-SEED.hlt if DIR/Replays exists, else DIR/ID-SEED.hlt).
        #[arg(short = 'i', long = "replaydirectory", default_value = ".")]
        replay_dir: PathBuf,
        /// Arguments alternate BOT_COMMAND NAME: the names override what the bots send.
        #[arg(short = 'o', long = "override")]
        override_names: bool,
        /// Blitz: each bot sees only sites within this distance of its own.
        #[arg(long = "fog")]
        fog: Option<u32>,
        /// Write the replay exactly here (Halite I: gzipped if the name ends in .gz; Halite II:
        /// a zstd frame unless the name ends in .json).
        #[arg(long = "replay")]
        replay: Option<PathBuf>,
        /// Turn limit instead of floor(10 * sqrt(width * height)).
        #[arg(long = "max-turns")]
        max_turns: Option<u32>,
        /// Bot commands, one per player.
        #[arg(value_name = "BOT_COMMAND", required = true)]
        bots: Vec<String>,
    }

    fn parse_dims(s: &str) -> Result<(usize, usize), DimsError> {
        let parts: Vec<&str> = s
            .split(|c: char| c.is_whitespace() || c == 'x' || c == 'X')
            .filter(|p| !p.is_empty())
            .collect();
        match parts.as_slice() {
            [w, h] => {
                let w = w.parse().map_err(|_| DimsError::Width(w.to_string()))?;
                let h = h.parse().map_err(|_| DimsError::Height(h.to_string()))?;
                Ok((w, h))
            }
            _ => Err(DimsError::Shape(s.to_string())),
        }
    }

    pub fn main() -> ExitCode {
        let cli = Cli::parse();
        let result = match cli.command {
            Cmd::Run(args) => run(&cli.game, args),
            Cmd::Verify { paths, unfinished } => verify_all(&paths, unfinished),
            Cmd::Mapgen {
                dims,
                seed,
                players,
            } => mapgen_json(&cli.game, dims, seed, players),
            Cmd::Stats { path, json } => stats(&path, json),
        };
        match result {
            Ok(code) => code,
            Err(e) => {
                eprintln!("halite: {e}");
                ExitCode::FAILURE
            }
        }
    }

    fn read_replay(path: &Path) -> Result<Box<dyn ReplayTools>, CliError> {
        let bytes = std::fs::read(path).map_err(|source| CliError::Read {
            path: path.to_path_buf(),
            source,
        })?;
        games::open_replay(&bytes).map_err(|source| CliError::Replay {
            path: path.to_path_buf(),
            source,
        })
    }

    fn run(game: &str, a: RunArgs) -> Result<ExitCode, CliError> {
        let (commands, names) = if a.override_names {
            if a.bots.len() < 2 || !a.bots.len().is_multiple_of(2) {
                return Err(CliError::NamePairs);
            }
            let (c, n): (Vec<_>, Vec<_>) = a
                .bots
                .chunks(2)
                .map(|p| (p[0].clone(), p[1].clone()))
                .unzip();
            (c, Some(n))
        } else {
            (a.bots.clone(), None)
        };
        if commands.len() > 1 && a.nplayers.is_some_and(|n| n != 1) {
            return Err(CliError::MapPlayers);
        }
        let setup = RunSetup {
            dims: a.dims,
            seed: if a.seed == 0 {
                halite::env::random_seed()
            } else {
                a.seed
            },
            map_players: if commands.len() == 1 {
                a.nplayers
            } else {
                None
            },
            max_turns: a.max_turns,
            fog: a.fog,
        };
        let report = Report {
            no_timeouts: a.no_timeouts,
            quiet: a.quiet,
            no_replay: a.no_replay,
            replay_dir: a.replay_dir,
            replay: a.replay,
        };
        let out = tools(game)?.run(&setup, &commands, names.as_deref(), &report)?;
        emit(&out)?;
        Ok(ExitCode::SUCCESS)
    }

    /// Exit status of `halite verify` when every replay follows the rules but one is unfinished.
    const EXIT_UNFINISHED: u8 = 3;

    fn verify_all(paths: &[PathBuf], accept_unfinished: bool) -> Result<ExitCode, CliError> {
        let mut broken = false;
        let mut unfinished = false;
        for p in paths {
            // (the verdict's text, whether it breaks the rules, whether it is unfinished)
            let verdict = match read_replay(p) {
                Ok(r) => r.verify().map_err(|v| (v.message, v.unfinished)),
                Err(e) => Err((format!("unreadable: {e}"), false)),
            };
            let line = match verdict {
                Ok(()) => "ok".to_string(),
                Err((m, true)) if accept_unfinished => format!("ok, {m}"),
                Err((m, true)) => {
                    unfinished = true;
                    m
                }
                Err((m, false)) => {
                    broken = true;
                    m
                }
            };
            emit(&format!("{}: {line}\n", p.display()))?;
        }
        Ok(if broken {
            ExitCode::FAILURE
        } else if unfinished {
            ExitCode::from(EXIT_UNFINISHED)
        } else {
            ExitCode::SUCCESS
        })
    }

    fn mapgen_json(
        game: &str,
        (width, height): (usize, usize),
        seed: u32,
        players: usize,
    ) -> Result<ExitCode, CliError> {
        let json = tools(game)?.mapgen_json(width, height, seed, players)?;
        emit(&format!("{json}\n"))?;
        Ok(ExitCode::SUCCESS)
    }

    fn stats(path: &Path, json: bool) -> Result<ExitCode, CliError> {
        let replay = read_replay(path)?;
        if json {
            emit(&format!("{}\n", replay.stats_json()))?;
        } else {
            emit(&replay.stats_table())?;
        }
        Ok(ExitCode::SUCCESS)
    }
}
