//! `halite`: run games between subprocess bots, verify replays, generate maps, print statistics.
//!
//! `--game` picks the game a new match or map is for (`halite1`, the default, or `halite2`); a
//! replay's game is recognised from its bytes ([`native::open_replay`]).

#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    native::main()
}

#[cfg(not(target_arch = "wasm32"))]
mod native {

    use clap::{Args, Parser, Subcommand, ValueEnum};
    use halite::env::runner::{run_game, RunOptions};
    use halite::env::{Game, ReplayFile, TextProtocol};
    use halite::halite1;
    use halite::halite1::mapgen::MapRequest;
    use halite::halite1::stats::{replay_series, standings, Series, SERIES};
    use halite::halite1::verify::verify;
    use halite::halite1::{GameConfig, PlayerResult, Replay};
    use halite::halite2;
    use std::path::{Path, PathBuf};
    use std::process::ExitCode;

    #[derive(Parser)]
    #[command(
        name = "halite",
        version,
        about = "Halite I and II game environments: run games, verify replays, generate maps, read statistics",
        long_about = "Halite I and Halite II game environments, drop-in replacements for the \
original `halite` binaries (`run` takes the original flags; `--game halite2` for Halite II), plus \
tools for replays and maps."
    )]
    struct Cli {
        /// The game to run or make a map for (replays are recognised from their bytes).
        #[arg(long, global = true, value_enum, default_value_t = GameKind::Halite1)]
        game: GameKind,
        #[command(subcommand)]
        command: Cmd,
    }

    /// The games the binary knows.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
    enum GameKind {
        /// Halite I (and Blitz, its fog-of-war variant: `run --fog R`).
        Halite1,
        /// Halite II (ships and planets in continuous space).
        Halite2,
    }

    /// A replay of any game the binary knows.
    pub enum AnyReplay {
        Halite1(Replay),
        Halite2(Box<halite2::Replay>),
    }

    /// Opens a replay of any known game, recognising the game from the bytes alone: Halite I
    /// writes `.hlt` JSON, plain or gzipped; Halite II a zstd frame (or plain JSON with its
    /// `constants` and `engine_version`).
    pub fn open_replay(bytes: &[u8]) -> Result<AnyReplay, String> {
        if halite2::replay::looks_like(bytes) {
            return halite2::Replay::from_bytes(bytes)
                .map(|r| AnyReplay::Halite2(Box::new(r)))
                .map_err(|e| e.to_string());
        }
        Replay::from_bytes(bytes)
            .map(AnyReplay::Halite1)
            .map_err(|e| e.to_string())
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

    fn parse_dims(s: &str) -> Result<(usize, usize), String> {
        let parts: Vec<&str> = s
            .split(|c: char| c.is_whitespace() || c == 'x' || c == 'X')
            .filter(|p| !p.is_empty())
            .collect();
        match parts.as_slice() {
            [w, h] => {
                let w = w.parse().map_err(|_| format!("bad width {w:?}"))?;
                let h = h.parse().map_err(|_| format!("bad height {h:?}"))?;
                Ok((w, h))
            }
            _ => Err(format!("expected \"WIDTH HEIGHT\", got {s:?}")),
        }
    }

    pub fn main() -> ExitCode {
        let cli = Cli::parse();
        let result = match cli.command {
            Cmd::Run(args) => run(cli.game, args),
            Cmd::Verify { paths, unfinished } => verify_all(&paths, unfinished),
            Cmd::Mapgen {
                dims,
                seed,
                players,
            } => mapgen_json(cli.game, dims, seed, players),
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

    fn read_replay(path: &Path) -> Result<AnyReplay, String> {
        let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
        open_replay(&bytes).map_err(|e| format!("{}: {e}", path.display()))
    }

    fn run(game: GameKind, a: RunArgs) -> Result<ExitCode, String> {
        let (commands, names) = if a.override_names {
            if a.bots.len() < 2 || a.bots.len() % 2 != 0 {
                return Err("with -o, arguments alternate BOT_COMMAND NAME".into());
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
            return Err("only single-player games take -n (a map for N players)".into());
        }
        let seed = if a.seed == 0 {
            halite1::game::random_seed()
        } else {
            a.seed
        };
        if game == GameKind::Halite2 {
            let (width, height) = match a.dims {
                Some((w, h)) => (w as u32, h as u32),
                None => halite2::mapgen::size_from_seed(seed),
            };
            let config = halite2::GameConfig {
                width,
                height,
                players: commands.len(),
                seed,
                player_names: Vec::new(),
            };
            let game = halite2::Game::new(&config).map_err(|e| e.to_string())?;
            return run_bots(game, seed, &commands, names.as_deref(), &a, true);
        }
        let (width, height) = a.dims.unwrap_or_else(|| {
            use rand::seq::SliceRandom;
            const SIZES: [usize; 16] = [
                20, 25, 25, 30, 30, 30, 35, 35, 35, 35, 40, 40, 40, 45, 45, 50,
            ];
            let s = *SIZES.choose(&mut rand::thread_rng()).unwrap_or(&30);
            (s, s)
        });
        match game {
            GameKind::Halite1 | GameKind::Halite2 => {
                let config = GameConfig {
                    width,
                    height,
                    players: commands.len(),
                    map_players: if commands.len() == 1 {
                        a.nplayers
                    } else {
                        None
                    },
                    seed: Some(seed),
                    max_turns: a.max_turns,
                    fog_radius: a.fog,
                    player_names: Vec::new(),
                };
                let game = halite1::Game::new(&config).map_err(|e| e.to_string())?;
                run_bots(game, seed, &commands, names.as_deref(), &a, false)
            }
        }
    }

    /// Plays `game` between subprocess bots and prints what the reference prints.
    fn run_bots<G: Game + TextProtocol>(
        game: G,
        seed: u32,
        commands: &[String],
        names: Option<&[String]>,
        a: &RunArgs,
        compressed_by_default: bool,
    ) -> Result<ExitCode, String> {
        let options = RunOptions {
            timeouts: !a.no_timeouts,
            verbose: !a.quiet,
            ..RunOptions::default()
        };
        let outcome = run_game(game, commands, names, &options).map_err(|e| e.to_string())?;
        let id = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_secs())
            .unwrap_or(0);
        let replay = outcome.game.replay();
        let mut out = String::new();
        let mut written: Option<String> = None;
        if !a.no_replay {
            let path = match &a.replay {
                Some(p) => p.clone(),
                None => {
                    let dir = a.replay_dir.join("Replays");
                    let base = if dir.is_dir() {
                        dir
                    } else {
                        a.replay_dir.clone()
                    };
                    base.join(format!("{id}-{seed}.hlt"))
                }
            };
            let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
            // Halite I writes plain JSON unless asked for gzip; Halite II (which has no gzip
            // form) writes its zstd frame unless asked for plain JSON.
            let compress = match ext {
                "gz" => true,
                "json" => false,
                _ => compressed_by_default,
            };
            let bytes = if compress {
                replay.to_compressed_bytes()
            } else {
                replay.to_bytes()
            };
            std::fs::write(&path, bytes).map_err(|e| format!("{}: {e}", path.display()))?;
            written = Some(path.display().to_string());
        }
        let results = outcome.game.results();
        let mut log_files = Vec::new();
        for (p, e) in outcome.ejections.iter().enumerate() {
            if e.is_some() {
                let name = format!("{}-{id}.log", G::tag(p));
                if std::fs::write(a.replay_dir.join(&name), &outcome.logs[p]).is_ok() {
                    log_files.push((G::tag(p), name));
                }
            }
        }
        let own_summary = if a.quiet {
            outcome.game.quiet_summary(written.as_deref(), &log_files)
        } else {
            None
        };
        if let Some(summary) = own_summary {
            out.push_str(&summary);
            out.push('\n');
        } else if a.quiet {
            if let Some(path) = &written {
                out.push_str(&format!("{path} {seed}\n"));
            }
            for r in &results {
                let tag = G::tag(r.seat);
                out.push_str(&format!("{tag} {} {}\n", r.rank, r.last_frame_alive));
            }
            let tags: String = results
                .iter()
                .filter(|r| r.ejected)
                .map(|r| format!("{} ", G::tag(r.seat)))
                .collect();
            out.push_str(if tags.is_empty() { " " } else { &tags });
            out.push('\n');
            let logs: String = log_files.iter().map(|(_, f)| format!("{f} ")).collect();
            out.push_str(if logs.is_empty() { " " } else { &logs });
        } else {
            if let Some(path) = &written {
                out.push_str(&format!("Map seed was {seed}\nOpening a file at {path}\n"));
            }
            for r in &results {
                let line = outcome.game.result_line(r.seat).unwrap_or_else(|| {
                    format!(
                        "Player #{}, {}, came in rank #{} and was last alive on frame #{}!",
                        G::tag(r.seat),
                        r.name,
                        r.rank,
                        r.last_frame_alive
                    )
                });
                out.push_str(&line);
                out.push('\n');
            }
        }
        print!("{out}");
        Ok(ExitCode::SUCCESS)
    }

    /// Exit status of `halite verify` when every replay follows the rules but one is unfinished.
    const EXIT_UNFINISHED: u8 = 3;

    fn verify_all(paths: &[PathBuf], accept_unfinished: bool) -> Result<ExitCode, String> {
        let mut broken = false;
        let mut unfinished = false;
        for p in paths {
            // (the verdict's text, whether it breaks the rules, whether it is unfinished)
            let verdict = match read_replay(p) {
                Ok(AnyReplay::Halite1(r)) => {
                    verify(&r).map_err(|m| (m.to_string(), m.is_unfinished()))
                }
                Ok(AnyReplay::Halite2(r)) => {
                    halite2::verify::verify(&r).map_err(|m| (m.to_string(), m.is_unfinished()))
                }
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
            println!("{}: {line}", p.display());
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
        game: GameKind,
        (width, height): (usize, usize),
        seed: u32,
        players: usize,
    ) -> Result<ExitCode, String> {
        let json = match game {
            GameKind::Halite1 => {
                let request = MapRequest {
                    width,
                    height,
                    players,
                    seed,
                };
                let board = request.generate().map_err(|e| e.to_string())?;
                serde_json::to_value(&board).map_err(|e| e.to_string())?
            }
            GameKind::Halite2 => {
                let request = halite2::mapgen::MapRequest {
                    width: width as u32,
                    height: height as u32,
                    players,
                    seed,
                };
                let map = request.generate()?;
                let mut v = serde_json::to_value(&map).map_err(|e| e.to_string())?;
                v["dims_flag"] = true.into();
                v
            }
        };
        println!("{json}");
        Ok(ExitCode::SUCCESS)
    }

    fn stats(path: &Path, json: bool) -> Result<ExitCode, String> {
        let replay = match read_replay(path)? {
            AnyReplay::Halite1(r) => r,
            AnyReplay::Halite2(r) => {
                if json {
                    let series = halite2::stats::replay_series(&r);
                    let mut s = serde_json::Map::new();
                    for (k, name) in halite2::stats::SERIES.iter().enumerate() {
                        s.insert(name.to_string(), serde_json::json!(series.values[k]));
                    }
                    let doc = serde_json::json!({
                        "width": r.width,
                        "height": r.height,
                        "frames": r.frames.len(),
                        "players": halite2::stats::standings(&r),
                        "series": s,
                    });
                    println!("{doc}");
                } else {
                    print!("{}", halite2::stats::table(&r));
                }
                return Ok(ExitCode::SUCCESS);
            }
        };
        let series = replay_series(&replay);
        let results = standings(&replay);
        if json {
            let mut s = serde_json::Map::new();
            for (k, name) in SERIES.iter().enumerate() {
                let per: Vec<Vec<u32>> = (0..series.players).map(|p| series.get(k, p)).collect();
                s.insert(name.to_string(), serde_json::json!(per));
            }
            let doc = serde_json::json!({
                "width": replay.width,
                "height": replay.height,
                "frames": replay.num_frames(),
                "players": results,
                "series": s,
            });
            println!("{doc}");
        } else {
            print!("{}", stats_table(&replay, &results, &series));
        }
        Ok(ExitCode::SUCCESS)
    }

    fn stats_table(replay: &Replay, results: &[PlayerResult], series: &Series) -> String {
        let mut out = format!(
            "{}x{} map, {} players, {} frames\n\n",
            replay.width,
            replay.height,
            replay.num_players,
            replay.num_frames()
        );
        let last = series.frames.saturating_sub(1);
        out.push_str(&format!(
            "{:<4}{:<24}{:>5}{:>11}{:>10}{:>11}{:>10}\n",
            "tag", "name", "rank", "last alive", "territory", "production", "strength"
        ));
        for r in results {
            let p = r.seat;
            out.push_str(&format!(
                "{:<4}{:<24}{:>5}{:>11}{:>10}{:>11}{:>10}\n",
                r.score.tag,
                r.name.chars().take(23).collect::<String>(),
                r.rank,
                r.last_frame_alive,
                series.get(0, p)[last],
                series.get(1, p)[last],
                series.get(2, p)[last],
            ));
        }
        out.push_str("\nTotals over the game\n");
        out.push_str(&format!("{:<22}", "series"));
        for r in results {
            out.push_str(&format!("{:>10}", format!("#{}", r.score.tag)));
        }
        out.push('\n');
        for (k, name) in SERIES.iter().enumerate().skip(3) {
            out.push_str(&format!("{name:<22}"));
            for r in results {
                let total: u64 = series.get(k, r.seat).iter().map(|&v| u64::from(v)).sum();
                out.push_str(&format!("{total:>10}"));
            }
            out.push('\n');
        }
        for (k, name) in SERIES.iter().enumerate().take(3) {
            out.push_str(&format!("\n{name} by frame\n{:<8}", "frame"));
            for r in results {
                out.push_str(&format!("{:>10}", format!("#{}", r.score.tag)));
            }
            out.push('\n');
            for t in halite::env::sampled_frames(series.frames) {
                out.push_str(&format!("{t:<8}"));
                for r in results {
                    out.push_str(&format!("{:>10}", series.get(k, r.seat)[t]));
                }
                out.push('\n');
            }
        }
        out
    }
}
