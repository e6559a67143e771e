#!/usr/bin/env bash
# The Python package, as a user installs it: a fresh virtual environment (under target/, made
# anew each run), the README's install command, the test dependencies, then python/tests
# (batches of both games with 1,000 random games each checked by `halite verify`, maps against
# `halite mapgen`, determinism, the PettingZoo and Gymnasium checks, Halite II's built-in bots against
# the page's TypeScript ones, and the arena on local processes and a two-node Ray cluster on the
# loopback address).
#
# The two other Rust builds run beside the Python steps, which mostly wait on the network and the
# disk: the bindings' own Rust tests (debug profile, target/debug/) from the start, and the
# release `halite` CLI the tests check replays with once the wheel is built (the wheel is a
# release build in the same target/release/, and cargo builds in one profile's directory at a
# time). Each prints its output once done, and says when that was.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PWD/node_modules/.bin:$PATH"
python=${PYTHON:-python3}
venv=target/python-test-venv
started=$SECONDS
logs=$(mktemp -d)
pids=()
trap 'for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; rm -rf "$logs"' EXIT
# finish NAME PID: waits for the job, prints its output, fails if it failed.
finish() {
  local rc=0
  wait "$2" || rc=$?
  cat "$logs/$1"
  echo "$1: done at $((SECONDS - started)) s"
  return "$rc"
}
cargo test -p halite-engine >"$logs/cargo test -p halite-engine" 2>&1 &
pids+=($!)
rm -rf "$venv"
"$python" -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --upgrade pip
"$venv/bin/python" -m pip install ./python
echo "python package installed in $((SECONDS - started)) s"
cargo build --release --bin halite >"$logs/cargo build --release --bin halite" 2>&1 &
pids+=($!)
"$venv/bin/python" -m pip install --quiet pytest gymnasium pettingzoo trueskill "ray>=2.9"
echo "test dependencies installed at $((SECONDS - started)) s"
finish "cargo test -p halite-engine" "${pids[0]}"
finish "cargo build --release --bin halite" "${pids[1]}"
pids=()
export HALITE_BIN="$PWD/target/release/halite"
export RAY_USAGE_STATS_ENABLED=0
"$venv/bin/python" -m pytest python/tests -q -p no:cacheprovider --durations=10
echo "python stage: $((SECONDS - started)) s"
