#!/usr/bin/env bash
# The front end's unit and end-to-end tests (www/tests/, `node --test`; the end-to-end files need
# a built dist/), in two runs of `node --test`:
# 1. the files that do not time the page, two at a time: the browser tests spend most of their
#    time waiting on the page (games played at their speed, results that must stay past a
#    countdown), about a third of a core each, so two at a time take little more than one;
# 2. the files that time the page (an event loop never 500 ms late, a verdict within so many ms
#    of a key, long tasks asserted when the machine is not busy), one at a time with nothing else
#    of this suite beside them, as every file ran before: each file that imports
#    support/responsive.mjs or reads os.loadavg, Date.now() or performance.now(), but for the
#    few listed in `untimed` below, which read a clock only to print a figure.
# Each run prints its TAP, the time each file's tests took (support/durations.mjs), then its own
# time. Extra arguments go to both runs (e.g. `--test-name-pattern=arena`).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"
# The files `node --test www/tests/` finds (node's default patterns), in a stable order.
mapfile -t files < <(find www/tests -type f \( -name '*.test.*js' -o -name '*-test.*js' -o -name '*_test.*js' \
  -o -name 'test-*.*js' -o -name 'test.*js' \) -not -path '*/node_modules/*' | LC_ALL=C sort)
# Clocks read only to print a figure: axe's time per state, e2e's input latency while a bot loops.
# (offline.e2e reads one only to date a saved bot, but its service worker's update, the whole
# build cached anew, has missed its 30 s under load beside another file: it stays one at a time.)
untimed=" www/tests/axe.e2e.test.mjs www/tests/e2e.test.mjs "
timed=()
others=()
for f in "${files[@]}"; do
  if [[ $untimed != *" $f "* ]] && grep -qE 'responsive\.mjs|os\.loadavg|Date\.now\(\)|performance\.now\(\)' "$f"; then
    timed+=("$f")
  else
    others+=("$f")
  fi
done
reporters=(--test-reporter=tap --test-reporter-destination=stdout
  --test-reporter=./www/tests/support/durations.mjs --test-reporter-destination=stdout)
failed=0
# run NAME CONCURRENCY FILES...: one `node --test` run, timed.
run() {
  local name=$1 concurrency=$2 started=$SECONDS
  shift 2
  echo "# $name: $# files"
  node --test --test-concurrency="$concurrency" "${reporters[@]}" "${extra[@]}" "$@" || failed=1
  echo "# $name: $((SECONDS - started)) s"
}
extra=("$@")
[ "${#others[@]}" = 0 ] || run "files that do not time the page, two at a time" 2 "${others[@]}"
[ "${#timed[@]}" = 0 ] || run "files that time the page, one at a time" 1 "${timed[@]}"
exit "$failed"
