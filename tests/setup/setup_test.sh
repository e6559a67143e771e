#!/usr/bin/env bash
# Tests scripts/setup.sh without touching the machine: runs the working tree's setup.sh in a fresh
# clone, with a temporary HOME and a PATH that holds only stand-ins (tests/setup/stubs: cargo,
# rustup, apt-get, npm, sudo, id) and links to a few basic utilities. Finishes in a few seconds.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(git -C "$here" rev-parse --show-toplevel)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
trap 'echo "setup_test: stopped by a failing command at line $LINENO" >&2' ERR

failures=0
ok() { echo "ok - $1"; }
not_ok() { echo "not ok - $1"; failures=$((failures + 1)); }
# check DESCRIPTION COMMAND...: ok if the command succeeds.
check() { local what=$1; shift; if "$@"; then ok "$what"; else not_ok "$what"; fi; }

# Stand-ins first, then links to the utilities setup.sh and the stand-ins use; nothing else, so a
# real cargo, wasm-pack, wasm-bindgen, npm or apt-get can never be reached.
mkdir -p "$tmp/stubs" "$tmp/sysbin"
cp "$here"/stubs/* "$tmp/stubs/"
chmod +x "$tmp/stubs"/*
for tool in bash env awk grep dirname cat mkdir chmod touch rm mktemp; do
  path=$(type -P "$tool") || { echo "setup_test: $tool not found" >&2; exit 1; }
  ln -s "$path" "$tmp/sysbin/$tool"
done

# scenario NAME: a fresh clone with the working tree's setup.sh, a fresh HOME, an empty call log.
scenario() {
  dir=$tmp/$1
  mkdir -p "$dir/home" "$dir/state"
  git clone -q "$repo" "$dir/clone"
  cp "$repo/scripts/setup.sh" "$dir/clone/scripts/setup.sh"
  log=$dir/calls.log
  : >"$log"
  echo "# $1"
}

# run_setup [VAR=VALUE...]: runs the clone's setup.sh (with $args, e.g. --tests) in a clean
# environment; sets $status, and $out to its output (stdout and stderr, colours removed).
args=
run_setup() {
  status=0
  # shellcheck disable=SC2086
  (cd / && env -i HOME="$dir/home" PATH="$tmp/stubs:$tmp/sysbin" \
    SETUP_TEST_LOG="$log" SETUP_TEST_STATE="$dir/state" \
    HALITE_CHROMIUM="$dir/chromium/chromium" HALITE_CHROMEDRIVER="$dir/chromium/chromedriver" "$@" \
    "$tmp/sysbin/bash" "$dir/clone/scripts/setup.sh" $args) >"$dir/out" 2>&1 || status=$?
  out=$(sed 's/\x1b\[[0-9;]*m//g' "$dir/out")
}

has_line() { grep -qxF -- "$1" <<<"$2"; }
mentions() { grep -qF -- "$1" <<<"$2"; }
new_calls() { tail -n +"$(($1 + 1))" "$log"; }
installs() { grep -E '^(cargo install|rustup target add|apt-get|sudo|npm ci)' || true; }
show() { echo "--- setup.sh output (exit $status):"; echo "$out"; echo "--- calls:"; cat "$log"; echo "---"; }

# 1. `npm start` on a machine with nothing installed, on which every `cargo install --locked`
# fails: only what the build needs is installed (no wasm-pack, no Chromium).
scenario start
want=$(awk '/^name = "wasm-bindgen"$/ {getline; gsub(/"/, "", $3); print $3; exit}' "$dir/clone/Cargo.lock")
[ -n "$want" ] || { echo "setup_test: no wasm-bindgen version in Cargo.lock" >&2; exit 1; }
before=$failures
args=
run_setup
check "setup.sh exits 0 on a fresh machine" [ "$status" = 0 ]
check "cargo install tries --locked, then retries without it, for wasm-bindgen-cli $want alone" \
  [ "$(grep '^cargo ' "$log")" = "cargo install wasm-bindgen-cli --version $want --force --locked
cargo install wasm-bindgen-cli --version $want --force" ]
check "the output explains the retry" \
  mentions "cargo install wasm-bindgen-cli --version $want --force --locked failed (a version in its lock file is missing from the registry?); retrying without --locked" "$out"
check "each step says how long it should take before it starts" \
  eval 'mentions "installing wasm-bindgen-cli $want (about 3 minutes)" "$out" &&
    mentions "installing npm packages beside the rest" "$out" &&
    mentions "adding the wasm32-unknown-unknown target (a few seconds)" "$out"'
check "each of the 2 steps says how long it took" [ "$(grep -cE '^\[setup\]   done in [0-9]+ s$' <<<"$out")" = 2 ]
check "and so does npm ci, which ran beside them" mentions "npm packages done in" "$out"
check "rustup target add wasm32-unknown-unknown was called" has_line "rustup target add wasm32-unknown-unknown" "$(cat "$log")"
check "npm ci was called" grep -q '^npm ci' "$log"
check "neither wasm-pack nor Chromium was installed (only the tests use them)" \
  eval '! grep -q "wasm-pack" "$log" && ! grep -q "apt-get" "$log"'
[ "$failures" = "$before" ] || show

# 2. `npm test` on the same machine: what only the tests use is added, and nothing else.
before=$failures
calls=$(wc -l <"$log")
args=--tests
run_setup
check "setup.sh --tests exits 0" [ "$status" = 0 ]
check "it installs wasm-pack (--locked, then without) and Chromium, nothing else" \
  eval '[ "$(new_calls "$calls" | installs | grep -v "apt-get update")" = "cargo install wasm-pack --locked
cargo install wasm-pack
sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver
apt-get install -y -qq chromium chromium-driver" ]'
check "each step says how long it should take, and took" \
  eval 'mentions "installing wasm-pack from crates.io (compiles once, about 5 minutes)" "$out" &&
    mentions "installing Chromium and ChromeDriver with apt-get (about 1 minute)" "$out" &&
    [ "$(grep -cE "^\[setup\]   done in [0-9]+ s$" <<<"$out")" = 2 ]'
check "apt-get goes through sudo when not root" \
  grep -q "^sudo env DEBIAN_FRONTEND=noninteractive apt-get install" "$log"
[ "$failures" = "$before" ] || show

# 3. Again, both ways: everything is present now, so nothing is installed and one line is printed.
before=$failures
for args in "" --tests; do
  calls=$(wc -l <"$log")
  run_setup
  check "a second run${args:+ with $args} exits 0" [ "$status" = 0 ]
  check "a second run${args:+ with $args} installs nothing" [ -z "$(new_calls "$calls" | installs)" ]
  check "a second run${args:+ with $args} prints only '[setup] all tools present'" [ "$out" = "[setup] all tools present" ]
done
[ "$failures" = "$before" ] || show

# 4. wasm-bindgen at another version than Cargo.lock's: only wasm-bindgen-cli is reinstalled.
before=$failures
mkdir -p "$dir/home/.cargo/bin"
printf '#!/usr/bin/env bash\necho "wasm-bindgen 0.2.1"\n' >"$dir/home/.cargo/bin/wasm-bindgen"
chmod +x "$dir/home/.cargo/bin/wasm-bindgen"
calls=$(wc -l <"$log")
args=--tests
run_setup
check "a stale wasm-bindgen (0.2.1) is replaced by $want and nothing else is installed" \
  eval '[ "$status" = 0 ] && [ "$(new_calls "$calls" | installs)" = "cargo install wasm-bindgen-cli --version $want --force --locked
cargo install wasm-bindgen-cli --version $want --force" ] && mentions "(replacing 0.2.1)" "$out"'
[ "$failures" = "$before" ] || show

# 5. cargo install fails with and without --locked: setup.sh stops and names the command to run.
scenario broken
before=$failures
args=
run_setup SETUP_TEST_CARGO_FAIL=all
check "setup.sh fails when wasm-bindgen-cli cannot be installed" [ "$status" != 0 ]
check "it names the command to run by hand" \
  mentions "setup: could not install wasm-bindgen-cli. Run by hand: cargo install wasm-bindgen-cli --version $want --force" "$out"
check "it stops there (npm ci had started beside it; nothing after it)" \
  [ "$(installs <"$log" | sort)" = "$(sort <<<"npm ci --no-audit --no-fund
rustup target add wasm32-unknown-unknown
cargo install wasm-bindgen-cli --version $want --force --locked
cargo install wasm-bindgen-cli --version $want --force")" ]
[ "$failures" = "$before" ] || show

# 6. The same for wasm-pack (with --tests), wasm-bindgen-cli already installed.
scenario broken-pack
before=$failures
mkdir -p "$dir/home/.cargo/bin"
printf '#!/usr/bin/env bash\necho "wasm-bindgen %s"\n' "$want" >"$dir/home/.cargo/bin/wasm-bindgen"
chmod +x "$dir/home/.cargo/bin/wasm-bindgen"
args=--tests
run_setup SETUP_TEST_CARGO_FAIL=all
check "setup.sh --tests fails when wasm-pack cannot be installed, naming the command to run by hand" \
  eval '[ "$status" != 0 ] &&
    mentions "setup: could not install wasm-pack. Run by hand: cargo install wasm-pack" "$out"'
[ "$failures" = "$before" ] || show

# 7. A stray binary of wasm-bindgen-cli's that cargo has no record of (left by a removed
# install) does not stop the install: it is replaced.
scenario stray
before=$failures
mkdir -p "$dir/home/.cargo/bin"
printf '#!/usr/bin/env bash\n' >"$dir/home/.cargo/bin/wasm2es6js"
chmod +x "$dir/home/.cargo/bin/wasm2es6js"
args=
run_setup
check "a stray wasm2es6js is overwritten and wasm-bindgen $want installed" \
  eval '[ "$status" = 0 ] && [ "$("$dir/home/.cargo/bin/wasm-bindgen" --version)" = "wasm-bindgen $want" ]'
[ "$failures" = "$before" ] || show

# 8. A mistyped argument is refused before anything is installed.
scenario usage
before=$failures
args=--test
run_setup
check "setup.sh --test (a typo) exits 2 with its usage and installs nothing" \
  eval '[ "$status" = 2 ] && mentions "usage: scripts/setup.sh [--tests]" "$out" && [ -z "$(installs <"$log")" ]'
[ "$failures" = "$before" ] || show

if [ "$failures" != 0 ]; then
  echo "setup_test: $failures check(s) failed" >&2
  exit 1
fi
echo "setup_test: all checks passed"
