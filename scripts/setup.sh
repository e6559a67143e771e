#!/usr/bin/env bash
# Installs what is missing to build the project, and nothing else. Safe to run again.
# `--tests` also installs what only the tests and benchmarks use: wasm-pack (the wasm tests) and
# Chromium with ChromeDriver (the browser tests). `npm start` runs it bare and `npm test` with
# `--tests`, so when nothing is missing it prints one line and is fast.
# Every tool is looked up on PATH (tests/setup/setup_test.sh puts stand-ins first); the Chromium
# paths can be moved with HALITE_CHROMIUM and HALITE_CHROMEDRIVER.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$HOME/.cargo/bin:$PWD/node_modules/.bin:$PATH"
chromium=${HALITE_CHROMIUM:-/usr/bin/chromium}
chromedriver=${HALITE_CHROMEDRIVER:-/usr/bin/chromedriver}
tests=0
case "${1:-}" in
  --tests) tests=1 ;;
  "") ;;
  *) echo "usage: scripts/setup.sh [--tests]" >&2; exit 2 ;;
esac

say() { printf '\033[1;34m[setup]\033[0m %s\n' "$*"; }
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else
  echo "setup: need root to run: $*" >&2; return 1; fi; }

# step "what (about how long)": says what is about to happen and starts the clock; step_done says
# how long it really took.
steps=0
step() { say "$1"; step_started=$SECONDS; steps=$((steps + 1)); }
step_done() { say "  done in $((SECONDS - step_started)) s"; }

# cargo_install NAME ARGS...: `cargo install NAME ARGS... --locked`, and if that fails, once more
# without --locked. --locked fails when a version pinned in the tool's own Cargo.lock has since
# vanished from the registry (e.g. wasm-bindgen-cli 0.2.130 and webpki-roots 1.0.11); the retry
# lets cargo pick versions that exist. Prebuilt binaries are deliberately never downloaded.
# The tools are compiled to be ready soon rather than to run fast (each run takes a second or
# two): optimisation level 1, no whole-program optimisation, code generated on every core.
cargo_install() {
  local name=$1
  shift
  local cmd="cargo install $name${*:+ $*}"
  local -x CARGO_PROFILE_RELEASE_OPT_LEVEL=1 CARGO_PROFILE_RELEASE_LTO=false \
    CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 CARGO_PROFILE_RELEASE_DEBUG=false
  if cargo install "$name" "$@" --locked; then return 0; fi
  say "$cmd --locked failed (a version in its lock file is missing from the registry?); retrying without --locked"
  if cargo install "$name" "$@"; then return 0; fi
  echo "setup: could not install $name. Run by hand: $cmd" >&2
  exit 1
}

command -v cargo >/dev/null || { echo "setup: Rust (cargo) is required: https://rustup.rs" >&2; exit 1; }
command -v npm >/dev/null || { echo "setup: Node.js and npm are required" >&2; exit 1; }

# The npm packages install beside the compiles below (npm waits mostly on the network); its
# output is shown once it ends.
npm_pid=
npm_failed=0
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  steps=$((steps + 1))
  say "installing npm packages beside the rest (about 30 seconds)"
  npm_log=$(mktemp)
  # An install that fails stops the set-up: npm ci goes with it.
  trap 'kill "$npm_pid" 2>/dev/null || true; rm -f "$npm_log"' EXIT
  npm_started=$SECONDS
  npm ci --no-audit --no-fund >"$npm_log" 2>&1 &
  npm_pid=$!
fi

if command -v rustup >/dev/null && ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  step "adding the wasm32-unknown-unknown target (a few seconds)"
  rustup target add wasm32-unknown-unknown
  step_done
fi

# wasm-bindgen-cli must be exactly the wasm-bindgen version in Cargo.lock.
lock_version() { awk '/^name = "wasm-bindgen"$/ {getline; gsub(/"/, "", $3); print $3; exit}' Cargo.lock 2>/dev/null; }
want=$(lock_version || true)
if [ -z "$want" ]; then
  step "writing Cargo.lock to learn the wasm-bindgen version (a few seconds)"
  cargo generate-lockfile
  want=$(lock_version)
  step_done
fi
have=$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)
if [ "$have" != "$want" ]; then
  step "installing wasm-bindgen-cli $want${have:+ (replacing $have)} (about 3 minutes)"
  # --force: it replaces whatever is there, including its other binaries (wasm2es6js, the test
  # runner) left without cargo's record of them, which would otherwise stop the install.
  cargo_install wasm-bindgen-cli --version "$want" --force
  step_done
fi

# What only the tests use: the build needs neither.
if [ "$tests" = 1 ] && ! command -v wasm-pack >/dev/null; then
  step "installing wasm-pack from crates.io (compiles once, about 5 minutes)"
  cargo_install wasm-pack
  step_done
fi

if [ "$tests" = 1 ] && { [ ! -x "$chromium" ] || [ ! -x "$chromedriver" ]; }; then
  if command -v apt-get >/dev/null; then
    step "installing Chromium and ChromeDriver with apt-get (about 1 minute)"
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver >/dev/null
    step_done
  else
    echo "setup: install Chromium and ChromeDriver at $chromium and $chromedriver" >&2
  fi
fi

if [ -n "$npm_pid" ]; then
  wait "$npm_pid" || npm_failed=1
  cat "$npm_log"
  if [ "$npm_failed" = 1 ]; then echo "setup: npm ci failed (its output is above)" >&2; exit 1; fi
  say "  npm packages done in $((SECONDS - npm_started)) s"
fi

if [ "$steps" = 0 ]; then say "all tools present"; fi
