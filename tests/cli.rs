//! The `halite` binary as users run it: real bots (the reference bots, in Python) over the
//! original stdio protocol must reproduce the reference replays exactly, and the other commands
//! must print what they promise.
#![cfg(not(target_arch = "wasm32"))]

use std::path::{Path, PathBuf};
use std::process::Command;

fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/halite1")
}

fn halite() -> Command {
    Command::new(env!("CARGO_BIN_EXE_halite"))
}

fn gunzip(path: &Path) -> Vec<u8> {
    let gz = std::fs::read(path).unwrap();
    let mut out = Vec::new();
    std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(&gz[..]), &mut out).unwrap();
    out
}

/// Bot commands from a replay name such as `s105-35x35-greedy1-greedy2-chaos`:
/// seat k of seed S plays with bot seed S + k.
fn bot_commands(name: &str) -> (u32, String, Vec<String>) {
    let mut parts = name.split('-');
    let seed: u32 = parts.next().unwrap()[1..].parse().unwrap();
    let dims = parts.next().unwrap().replace('x', " ");
    let bots = parts
        .enumerate()
        .map(|(k, bot)| {
            let s = seed + k as u32 + 1;
            if let Some(aggression) = bot.strip_prefix("greedy") {
                format!("python3 bots/greedy.py {s} {aggression}")
                    .trim_end()
                    .to_string()
            } else if bot == "chaos" {
                format!("python3 bots/chaos.py {s}")
            } else if bot == "random" {
                format!("python3 bots/random_bot.py {s}")
            } else {
                panic!("unknown bot {bot}")
            }
        })
        .collect();
    (seed, dims, bots)
}

fn python_available() -> bool {
    Command::new("python3").arg("--version").output().is_ok()
}

#[test]
fn run_with_the_reference_bots_reproduces_every_reference_replay() {
    assert!(
        python_available(),
        "python3 is needed to run the reference bots"
    );
    let mut names: Vec<String> = std::fs::read_dir(fixtures())
        .unwrap()
        .filter_map(|e| {
            let n = e.unwrap().file_name().to_string_lossy().into_owned();
            n.strip_suffix(".hlt.gz").map(str::to_string)
        })
        .collect();
    names.sort();
    assert_eq!(names.len(), 8);
    let out_dir = std::env::temp_dir().join(format!("halite-cli-{}", std::process::id()));
    std::fs::create_dir_all(&out_dir).unwrap();
    let handles: Vec<_> = names
        .into_iter()
        .map(|name| {
            let out_dir = out_dir.clone();
            std::thread::spawn(move || {
                let (seed, dims, bots) = bot_commands(&name);
                let replay = out_dir.join(format!("{name}.hlt"));
                let out = halite()
                    .current_dir(fixtures())
                    .args(["run", "-q", "-t", "-d", &dims, "-s", &seed.to_string()])
                    .arg("--replay")
                    .arg(&replay)
                    .args(&bots)
                    .output()
                    .unwrap();
                assert!(out.status.success(), "{name}: {out:?}");
                let stdout = String::from_utf8(out.stdout).unwrap();
                let mut lines = stdout.lines();
                assert_eq!(
                    lines.next().unwrap(),
                    format!("{} {seed}", replay.display()),
                    "{name}"
                );
                let ranks: String = lines.take(bots.len()).map(|l| format!("{l}\n")).collect();
                let want =
                    std::fs::read_to_string(fixtures().join(format!("{name}.ranks.txt"))).unwrap();
                assert_eq!(ranks, want, "{name}: rank lines");
                let ours = std::fs::read(&replay).unwrap();
                let theirs = gunzip(&fixtures().join(format!("{name}.hlt.gz")));
                assert!(ours == theirs, "{name}: replay differs from the reference");
            })
        })
        .collect();
    for h in handles {
        h.join().unwrap();
    }
    let _ = std::fs::remove_dir_all(&out_dir);
}

#[test]
fn verify_passes_the_reference_replays_and_names_the_first_difference() {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(fixtures())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with(".hlt.gz"))
        .collect();
    paths.sort();
    let out = halite().arg("verify").args(&paths).output().unwrap();
    assert!(out.status.success(), "{out:?}");
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(stdout.lines().filter(|l| l.ends_with(": ok")).count(), 8);

    // Tamper with one strength in frame 5 and expect that exact site to be named.
    let mut r = halite::halite1::Replay::from_bytes(&std::fs::read(&paths[0]).unwrap()).unwrap();
    let n = r.sites();
    let i = 5 * n + 3 * r.width + 4;
    r.strength[i] = r.strength[i].wrapping_add(1);
    let bad = std::env::temp_dir().join(format!("halite-bad-{}.hlt", std::process::id()));
    std::fs::write(&bad, r.to_json()).unwrap();
    let out = halite()
        .arg("verify")
        .arg(&bad)
        .arg(&paths[0])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(stdout.contains("frame 5 site (4, 3): strength"), "{stdout}");
    std::fs::write(&bad, b"{\"version\":11,").unwrap();
    let out = halite().arg("verify").arg(&bad).output().unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("unreadable"));
    let _ = std::fs::remove_file(&bad);
}

#[test]
fn mapgen_prints_the_reference_map_as_json() {
    let text = String::from_utf8(gunzip(&fixtures().join("maps.jsonl.gz"))).unwrap();
    for line in text.lines().step_by(30) {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let out = halite()
            .args(["mapgen", "-d"])
            .arg(format!(
                "{} {}",
                v["requested_width"], v["requested_height"]
            ))
            .args([
                "-s",
                &v["seed"].to_string(),
                "-n",
                &v["players"].to_string(),
            ])
            .output()
            .unwrap();
        assert!(out.status.success());
        let got: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        for k in ["width", "height", "production", "owner", "strength"] {
            assert_eq!(got[k], v[k], "seed {} {k}", v["seed"]);
        }
    }
}

#[test]
fn stats_prints_results_and_series() {
    let path = fixtures().join("s101-20x20-greedy-chaos.hlt.gz");
    let out = halite().arg("stats").arg(&path).output().unwrap();
    assert!(out.status.success());
    let table = String::from_utf8(out.stdout).unwrap();
    assert!(
        table.contains("20x20 map, 2 players, 163 frames"),
        "{table}"
    );
    assert!(table.contains("overkill") && table.contains("territory by frame"));
    let out = halite()
        .args(["stats", "--json"])
        .arg(&path)
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["players"][0]["rank"], 1);
    assert_eq!(v["players"][1]["lastFrameAlive"], 161);
    assert_eq!(v["series"]["territory"][0].as_array().unwrap().len(), 163);
}

#[test]
fn errors_go_to_stderr_with_a_failing_status() {
    let out = halite()
        .args(["stats", "/nonexistent.hlt"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("/nonexistent.hlt"));
    let out = halite()
        .args(["mapgen", "-d", "0 5", "-s", "1"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let out = halite()
        .args(["run", "-q", "-d", "20 20", "-n", "3", "a", "b"])
        .output()
        .unwrap();
    assert!(!out.status.success());
}

#[test]
fn a_bot_that_crashes_or_sends_garbage_is_ejected_and_the_game_goes_on() {
    let dir = std::env::temp_dir().join(format!("halite-eject-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let greedy = fixtures().join("bots/greedy.py");
    // Reads init, answers a name, then sends an invalid character on its first turn.
    let garbage =
        "sh -c 'read a; read b; read c; read d; echo Junk; read e; echo \"1 1 x\"; sleep 5'";
    let out = halite()
        .current_dir(&dir)
        .args(["run", "-q", "-t", "-d", "20 20", "-s", "5", "-i"])
        .arg(&dir)
        .arg(format!("python3 {} 6", greedy.display()))
        .arg(garbage)
        .arg("exit 3")
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let stdout = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines[1], "1 1 1", "{stdout}");
    assert_eq!(lines[2], "2 2 0", "{stdout}");
    assert_eq!(lines[3], "3 3 -1", "{stdout}");
    assert_eq!(lines[4], "2 3 ", "{stdout}");
    assert!(
        lines[5].contains("2-") && lines[5].contains("3-"),
        "{stdout}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

// ---------------------------------------------------------------------------------------------
// Halite II

fn h2_fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/halite2")
}

fn h2_replay(path: &Path) -> halite::halite2::Replay {
    halite::halite2::Replay::from_bytes(&std::fs::read(path).unwrap())
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// `run --game halite2` with the conformance bots and the manifest's seeds reproduces the
/// reference games from the seed alone: every frame, event and move, and the ranking.
#[test]
fn halite2_run_reproduces_the_reference_games() {
    assert!(
        python_available(),
        "python3 is needed to run the reference bots"
    );
    let games = [
        (
            "g06_2p_264x176_bomber_vs_rusher",
            11,
            "264 176",
            ["bomber.py", "rusher.py"],
        ),
        (
            "g07_2p_288x192_cycler_vs_bomber",
            3,
            "288 192",
            ["cycler.py", "bomber.py"],
        ),
        (
            "g11_2p_240x160_turtle_turn_limit",
            24,
            "240 160",
            ["turtle.py 2", "turtle.py 1"],
        ),
        (
            "g13_2p_264x176_idle_turn_limit_tie",
            17,
            "264 176",
            ["turtle.py 0", "turtle.py 0"],
        ),
    ];
    let out_dir = std::env::temp_dir().join(format!("halite2-cli-{}", std::process::id()));
    std::fs::create_dir_all(&out_dir).unwrap();
    let handles: Vec<_> = games
        .into_iter()
        .map(|(name, seed, dims, bots)| {
            let out_dir = out_dir.clone();
            std::thread::spawn(move || {
                let path = out_dir.join(format!("{name}.hlt"));
                let out = halite()
                    .current_dir(h2_fixtures())
                    .args(["run", "--game", "halite2", "-q", "-t", "-d", dims])
                    .args(["-s", &seed.to_string(), "--replay"])
                    .arg(&path)
                    .args(bots.iter().map(|b| format!("python3 bots/{b}")))
                    .output()
                    .unwrap();
                assert!(
                    out.status.success(),
                    "{name}: {}",
                    String::from_utf8_lossy(&out.stderr)
                );
                let got = h2_replay(&path);
                let want = h2_replay(&h2_fixtures().join(format!("{name}.hlt")));
                // Quiet mode prints the reference's JSON summary.
                let summary: serde_json::Value = serde_json::from_slice(&out.stdout)
                    .unwrap_or_else(|e| panic!("{name}: summary is not JSON ({e})"));
                let keys: Vec<&str> = summary
                    .as_object()
                    .unwrap()
                    .keys()
                    .map(String::as_str)
                    .collect();
                assert_eq!(
                    keys,
                    [
                        "error_logs",
                        "gameplay_parameters",
                        "map_generator",
                        "map_height",
                        "map_seed",
                        "map_width",
                        "replay",
                        "stats"
                    ],
                    "{name}"
                );
                assert_eq!(summary["replay"], path.display().to_string(), "{name}");
                assert_eq!(summary["map_seed"], seed, "{name}");
                assert_eq!(summary["map_generator"], want.map_generator, "{name}");
                assert_eq!(
                    summary["gameplay_parameters"],
                    want.constants.value().unwrap(),
                    "{name}"
                );
                assert_eq!(summary["error_logs"], serde_json::json!({}), "{name}");
                for (p, s) in want.stats.iter().enumerate() {
                    assert_eq!(summary["stats"][p.to_string()]["rank"], s.rank, "{name}");
                }
                // Response times are measured: a Python bot takes milliseconds to start.
                assert!(
                    got.stats.iter().any(|s| s.init_response_time > 0),
                    "{name}: no init response time recorded"
                );
                assert_eq!(got.player_names, want.player_names, "{name}");
                assert_eq!(got.planets, want.planets, "{name}");
                assert_eq!(got.frames.len(), want.frames.len(), "{name}: frames");
                for (t, (a, b)) in got.frames.iter().zip(&want.frames).enumerate() {
                    assert!(
                        format!("{a:?}") == format!("{b:?}"),
                        "{name}: frame {t} differs"
                    );
                }
                assert_eq!(got.moves, want.moves, "{name}: moves");
                for (a, b) in got.stats.iter().zip(&want.stats) {
                    assert_eq!(
                        (
                            a.rank,
                            a.last_frame_alive,
                            a.total_ship_count,
                            a.damage_dealt
                        ),
                        (
                            b.rank,
                            b.last_frame_alive,
                            b.total_ship_count,
                            b.damage_dealt
                        ),
                        "{name}: stats"
                    );
                }
                // What the run wrote verifies.
                let v = halite().arg("verify").arg(&path).output().unwrap();
                assert!(
                    v.status.success(),
                    "{name}: {}",
                    String::from_utf8_lossy(&v.stdout)
                );
            })
        })
        .collect();
    for h in handles {
        h.join().unwrap();
    }
    let _ = std::fs::remove_dir_all(&out_dir);
}

/// A bot that fails to start is ejected: its log file is named in the quiet summary, and
/// without `-q` each player's line tells ships produced and damage dealt.
#[test]
fn halite2_run_reports_an_ejected_bot() {
    let dir = std::env::temp_dir().join(format!("halite2-eject-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let idle = "sh -c 'echo idle; while read l; do echo; done'";
    let out = halite()
        .args([
            "run", "--game", "halite2", "-q", "-d", "240 160", "-s", "5", "-r", "-i",
        ])
        .arg(&dir)
        .args(["exit 3", idle])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let summary: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(summary["replay"], "");
    let log = summary["error_logs"]["0"]
        .as_str()
        .expect("a log for player 0");
    assert!(dir.join(log).is_file(), "{log} was not written");
    assert!(summary["error_logs"].get("1").is_none());
    assert_eq!(summary["stats"]["0"]["rank"], 2);
    assert_eq!(summary["stats"]["1"]["rank"], 1);

    let out = halite()
        .args([
            "run", "--game", "halite2", "-d", "240 160", "-s", "5", "-r", "-i",
        ])
        .arg(&dir)
        .args([idle, idle])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("Player #0, idle, came in rank #")
            && text.contains(" ships and dealing 0 damage!"),
        "{text}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn halite2_verify_names_each_replay_and_the_first_difference() {
    let out = halite()
        .arg("verify")
        .args(
            [
                "g02_2p_240x160_rusher_vs_settler.hlt",
                "g05_2p_240x160_quirks_vs_settler.hlt",
            ]
            .iter()
            .map(|n| h2_fixtures().join(n)),
        )
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        text.lines().filter(|l| l.ends_with(": ok")).count(),
        2,
        "{text}"
    );

    // A replay with one coordinate moved by an ulp fails, naming frame and ship.
    let plain = halite::halite2::replay::decompress(
        &std::fs::read(h2_fixtures().join("g02_2p_240x160_rusher_vs_settler.hlt")).unwrap(),
    )
    .unwrap();
    let mut doc: serde_json::Value = serde_json::from_slice(&plain).unwrap();
    let y = &mut doc["frames"][7]["ships"]["1"]["3"]["y"];
    *y = f64::from_bits(y.as_f64().unwrap().to_bits() - 1).into();
    let path = std::env::temp_dir().join(format!("halite2-ulp-{}.json", std::process::id()));
    std::fs::write(&path, serde_json::to_vec(&doc).unwrap()).unwrap();
    let out = halite().arg("verify").arg(&path).output().unwrap();
    let _ = std::fs::remove_file(&path);
    assert!(!out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("frame 7: ship 3 (player 1): y"), "{text}");
}

#[test]
fn halite2_mapgen_prints_the_reference_entry() {
    let out = halite()
        .args([
            "--game", "halite2", "mapgen", "-d", "240 160", "-s", "1", "-n", "2",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let got: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let text = std::fs::read_to_string(h2_fixtures().join("mapgen_reference.json")).unwrap();
    let refs: Vec<serde_json::Value> = serde_json::from_str(&text).unwrap();
    let want = refs
        .iter()
        .find(|r| r["seed"] == 1 && r["width"] == 240 && r["players"] == 2)
        .unwrap();
    assert_eq!(&got, want);
}

#[test]
fn halite2_stats_prints_standings() {
    let path = h2_fixtures().join("g02_2p_240x160_rusher_vs_settler.hlt");
    let out = halite().arg("stats").arg(&path).output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.starts_with("240x160 map, 2 players, 44 frames, seed 7"),
        "{text}"
    );
    assert!(text.contains("Rusher"), "{text}");
    let out = halite()
        .args(["stats", "--json"])
        .arg(&path)
        .output()
        .unwrap();
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["players"][0]["rank"], 1);
    assert_eq!(doc["series"]["ships"][0].as_array().unwrap().len(), 44);
    // The seven series; damage and produced end at the standings' totals.
    let names: Vec<&str> = doc["series"]
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    for name in [
        "ships", "planets", "docked", "health", "produced", "damage", "attacks",
    ] {
        assert!(names.contains(&name), "{name} in {names:?}");
        assert_eq!(doc["series"][name][1].as_array().unwrap().len(), 44);
    }
    for seat in 0..2 {
        let last = |name: &str| doc["series"][name][seat][43].clone();
        assert_eq!(last("damage"), doc["players"][seat]["damageDealt"]);
        assert_eq!(last("produced"), doc["players"][seat]["shipsProduced"]);
    }
    assert!(text.contains("attacks by frame"), "{text}");
}

#[test]
fn verify_names_an_unfinished_replay_and_accepts_it_with_the_flag() {
    // A reference game cut after frame 30, as a game downloaded while it is being played.
    let path = fixtures().join("s101-20x20-greedy-chaos.hlt.gz");
    let mut v: serde_json::Value = serde_json::from_slice(&gunzip(&path)).unwrap();
    v["frames"].as_array_mut().unwrap().truncate(31);
    v["moves"].as_array_mut().unwrap().truncate(30);
    v["num_frames"] = serde_json::json!(31);
    let cut = std::env::temp_dir().join(format!("halite-unfinished-{}.hlt", std::process::id()));
    std::fs::write(&cut, serde_json::to_vec(&v).unwrap()).unwrap();

    let out = halite().arg("verify").arg(&cut).output().unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        out.status.code(),
        Some(3),
        "unfinished has its own exit status: {stdout}"
    );
    assert!(
        stdout.contains("unfinished: the replay stops at frame 30 before the game's end"),
        "{stdout}"
    );

    let out = halite()
        .args(["verify", "--unfinished"])
        .arg(&cut)
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{stdout}");
    assert!(stdout.contains(": ok, unfinished"), "{stdout}");

    // A finished replay next to it: still unfinished as a whole, and a broken one wins over both.
    let out = halite()
        .arg("verify")
        .arg(&path)
        .arg(&cut)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    let mut r = halite::halite1::Replay::from_bytes(&std::fs::read(&cut).unwrap()).unwrap();
    let i = 5 * r.sites() + 3 * r.width + 4;
    r.strength[i] = r.strength[i].wrapping_add(1);
    let bad =
        std::env::temp_dir().join(format!("halite-unfinished-bad-{}.hlt", std::process::id()));
    std::fs::write(&bad, r.to_json()).unwrap();
    let out = halite()
        .args(["verify", "--unfinished"])
        .arg(&bad)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout).contains("frame 5 site (4, 3)"));

    // Halite II: the same, from a reference game cut after frame 40.
    let h2 = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/halite2/g01_2p_240x160_settler_vs_settler.hlt");
    let mut r2 = halite::halite2::Replay::from_bytes(&std::fs::read(&h2).unwrap()).unwrap();
    r2.frames.truncate(41);
    r2.moves.truncate(40);
    let cut2 = std::env::temp_dir().join(format!("halite2-unfinished-{}.json", std::process::id()));
    std::fs::write(&cut2, serde_json::to_vec(&r2.to_json()).unwrap()).unwrap();
    let out = halite().arg("verify").arg(&cut2).output().unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(3), "{stdout}");
    assert!(stdout.contains("frame 40: unfinished"), "{stdout}");
    let out = halite()
        .args(["verify", "--unfinished"])
        .arg(&cut2)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    for f in [cut, bad, cut2] {
        let _ = std::fs::remove_file(f);
    }
}

#[test]
fn a_reader_that_stops_reading_ends_the_output_quietly() {
    // `halite mapgen ... | head`: the reader is gone before (or while) the map is written.
    for args in [
        vec!["mapgen", "-d", "250 250", "-s", "1"],
        vec![
            "--game", "halite2", "mapgen", "-d", "384 256", "-s", "1", "-n", "4",
        ],
    ] {
        let mut child = halite()
            .args(&args)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(out.status.success(), "{args:?}: {:?} {err}", out.status);
    }
}
