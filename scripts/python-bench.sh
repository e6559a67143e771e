#!/usr/bin/env bash
# The Python package's benchmarks (`python -m halite_engine.bench`) in a virtual environment
# under target/ (kept between runs; the package is rebuilt and reinstalled each time).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
python=${PYTHON:-python3}
venv=target/python-bench-venv
[ -x "$venv/bin/python" ] || "$python" -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --upgrade pip
"$venv/bin/python" -m pip install --quiet --force-reinstall --no-deps ./python
"$venv/bin/python" -m pip install --quiet numpy trueskill
RAY_USAGE_STATS_ENABLED=0 "$venv/bin/python" -m halite_engine.bench \
  --stdio-bot "python3 $PWD/tests/fixtures/halite1/bots/greedy.py 1 0.5" "$@"
