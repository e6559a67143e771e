#!/usr/bin/env bash
# The Python package, as a user installs it: a fresh virtual environment (under target/, made
# anew each run), the README's install command, the test dependencies, then python/tests
# (batches of both games with 1,000 random games each checked by `halite verify`, maps against
# `halite mapgen`, determinism, the PettingZoo and Gymnasium checks, Halite II's built-in bots against
# the page's TypeScript ones, and the arena on local processes and a two-node Ray cluster on the
# loopback address).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PWD/node_modules/.bin:$PATH"
python=${PYTHON:-python3}
venv=target/python-test-venv
started=$SECONDS
rm -rf "$venv"
"$python" -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --upgrade pip
"$venv/bin/python" -m pip install ./python
"$venv/bin/python" -m pip install --quiet pytest gymnasium pettingzoo trueskill "ray>=2.9"
echo "python package installed in $((SECONDS - started)) s"
cargo test -p halite-engine
cargo build --release --bin halite
export HALITE_BIN="$PWD/target/release/halite"
export RAY_USAGE_STATS_ENABLED=0
"$venv/bin/python" -m pytest python/tests -q -p no:cacheprovider
echo "python stage: $((SECONDS - started)) s"
