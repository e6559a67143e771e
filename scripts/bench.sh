#!/usr/bin/env bash
# Benchmarks: the engine natively (cargo bench), the web app in headless Chromium (loading,
# drawing, playback, main-thread long tasks, the home page's first paint and the wasm it
# fetched), a full 50x50 game through the live path (time outside the bots), a human's game
# against bots at the limits of drawings and logs (the page's delays, its main thread's work, the
# bytes kept), what a bot's sandbox costs (start-up and memory), the built-in bots' strength, a 10,000-game results file opened in the arena page, the engine against older commits' (the goals' ratios), and the engine in wasm (Node) against native.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --tests
export PATH="$HOME/.cargo/bin:$PWD/node_modules/.bin:$PATH"
cargo bench --bench engine
cargo bench --bench halite2
cargo bench --bench replays
node www/bench/native-against.mjs --rev c5cd84a --bench engine --then 4.86 --goal 2.7
node www/bench/native-against.mjs --rev 32711c7 --bench halite2 --then 8.12 --goal 5
bash scripts/build-wasm.sh
webpack --mode production
node www/bench/bench.mjs
node www/bench/home.mjs
node www/bench/game.mjs --reps 3 --size 50x50 --bots greedy,greedy
node www/bench/limits.mjs --turns 60
node www/bench/sandboxes.mjs --runs 3
node www/bench/strength.mjs --games 50 --size 30x30 --bots tactician,greedy
node www/bench/strength.mjs --games 50 --size 30x30 --bots tactician,expander
node www/bench/arena.mjs --games 50 --size 30x30 --bots tactician,greedy
node www/bench/results.mjs
node www/bench/engine.mjs
node www/bench/replays.mjs
bash scripts/python-bench.sh
