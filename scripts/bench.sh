#!/usr/bin/env bash
# Benchmarks: the engine natively (cargo bench), the web app in headless Chromium (loading,
# drawing, playback, main-thread long tasks), and the engine in wasm (Node) against native.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export PATH="$HOME/.cargo/bin:$PWD/node_modules/.bin:$PATH"
cargo bench --bench engine
wasm-pack build --release --target bundler --out-dir pkg
webpack --mode production
node www/bench/bench.mjs
node www/bench/engine.mjs
