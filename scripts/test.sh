#!/usr/bin/env bash
# Every test: formatting, lints (native and wasm32), native tests, the Python package (in a fresh
# virtual environment), wasm boundary tests in Node and in Chromium, the production build, and
# the front end's unit and end-to-end tests.
set -euo pipefail
cd "$(dirname "$0")/.."
# Each stage prints how long it took ("<name>: N s"), and the run ends with every stage's time and
# the total, so a slow stage shows where the time goes.
started=$SECONDS
times=()
# The set-up path itself, on a fresh clone with stand-in tools (a few seconds, installs nothing).
printf '\n\033[1;34m== %s\033[0m\n' "set-up on a fresh clone (stand-in tools)"
bash tests/setup/setup_test.sh
bash scripts/setup.sh --tests
times+=("set-up: $((SECONDS - started)) s")
echo "${times[-1]}"
export PATH="$HOME/.cargo/bin:$PWD/node_modules/.bin:$PATH"

passed=0
stage_name=
stage_started=$SECONDS
stage() { stage_name=$1; stage_started=$SECONDS; printf '\n\033[1;34m== %s\033[0m\n' "$1"; }
done_stage() {
  passed=$((passed + 1))
  times+=("$stage_name: $((SECONDS - stage_started)) s")
  echo "${times[-1]}"
}
summary() { echo; printf '%s\n' "${times[@]}"; echo "total: $((SECONDS - started)) s"; }
trap 'echo; echo "$stage_name: failed after $((SECONDS - stage_started)) s"; summary; echo "npm test: stopped at a failing stage after $passed passed"; echo "stages: $passed passed, 1 failed"' ERR

stage "cargo fmt --check"; cargo fmt --all -- --check; done_stage
stage "cargo clippy (native)"; cargo clippy --all-targets -- -D warnings; done_stage
stage "cargo clippy (Python bindings)"; cargo clippy -p halite-engine --all-targets -- -D warnings; done_stage
stage "cargo clippy (wasm32, and each part of the web build)"
cargo clippy --lib --tests --target wasm32-unknown-unknown -- -D warnings
for part in only-engine only-read only-write only-learn only-sim; do
  cargo clippy --lib --target wasm32-unknown-unknown --no-default-features --features "halite1 halite2 $part" -- -D warnings
done
done_stage
stage "native tests"; cargo test; done_stage
stage "Python package in a fresh virtual environment"; bash scripts/python-test.sh; done_stage
stage "wasm boundary tests in Node"; wasm-pack test --node -- --test web --test web_halite2_lesson; done_stage
stage "wasm boundary tests in Chromium"
WASM_BINDGEN_USE_BROWSER=1 wasm-pack test --headless --chrome --chromedriver /usr/bin/chromedriver -- --test web --test web_halite2_lesson
done_stage
stage "production build"; bash scripts/build-wasm.sh; webpack --mode production; done_stage
stage "type check"; tsc --noEmit -p .; done_stage
stage "front-end unit and end-to-end tests"; bash scripts/www-test.sh; done_stage
trap - ERR
summary
echo "stages: $passed passed, 0 failed"
