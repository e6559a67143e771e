#!/usr/bin/env bash
# Benchmarks: the engine natively (cargo bench) and the web app in headless Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export PATH="$HOME/.cargo/bin:$PWD/node_modules/.bin:$PATH"
cargo bench --bench engine
wasm-pack build --release --target bundler --out-dir pkg
webpack --mode production
node www/bench/bench.mjs
