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
for tool in bash env awk grep dirname cat mkdir chmod touch rm; do
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

# run_setup [VAR=VALUE...]: runs the clone's setup.sh in a clean environment; sets $status, and
# $out to its output (stdout and stderr, colours removed).
run_setup() {
  status=0
  (cd / && env -i HOME="$dir/home" PATH="$tmp/stubs:$tmp/sysbin" \
    SETUP_TEST_LOG="$log" SETUP_TEST_STATE="$dir/state" \
    HALITE_CHROMIUM="$dir/chromium/chromium" HALITE_CHROMEDRIVER="$dir/chromium/chromedriver" "$@" \
    "$tmp/sysbin/bash" "$dir/clone/scripts/setup.sh") >"$dir/out" 2>&1 || status=$?
  out=$(sed 's/\x1b\[[0-9;]*m//g' "$dir/out")
}

has_line() { grep -qxF -- "$1" <<<"$2"; }
mentions() { grep -qF -- "$1" <<<"$2"; }
new_calls() { tail -n +"$(($1 + 1))" "$log"; }
installs() { grep -E '^(cargo install|rustup target add|apt-get|sudo|npm ci)' || true; }
show() { echo "--- setup.sh output (exit $status):"; echo "$out"; echo "--- calls:"; cat "$log"; echo "---"; }

# 1. A machine with nothing installed, on which every `cargo install --locked` fails.
scenario fresh
want=$(awk '/^name = "wasm-bindgen"$/ {getline; gsub(/"/, "", $3); print $3; exit}' "$dir/clone/Cargo.lock")
[ -n "$want" ] || { echo "setup_test: no wasm-bindgen version in Cargo.lock" >&2; exit 1; }
before=$failures
run_setup
check "setup.sh exits 0 on a fresh machine" [ "$status" = 0 ]
expected_cargo="cargo install wasm-pack --locked
cargo install wasm-pack
cargo install wasm-bindgen-cli --version $want --locked
cargo install wasm-bindgen-cli --version $want"
check "cargo install tries --locked, then retries without it, for wasm-pack and wasm-bindgen-cli $want" \
  [ "$(grep '^cargo ' "$log")" = "$expected_cargo" ]
check "the output explains the retry" \
  mentions "cargo install wasm-bindgen-cli --version $want --locked failed (a version in its lock file is missing from the registry?); retrying without --locked" "$out"
check "each step says how long it should take before it starts" \
  eval 'mentions "installing wasm-pack from crates.io (compiles once, about 5 minutes)" "$out" &&
    mentions "installing wasm-bindgen-cli $want (about 3 minutes)" "$out" &&
    mentions "installing Chromium and ChromeDriver with apt-get (about 1 minute)" "$out" &&
    mentions "installing npm packages (about 30 seconds)" "$out" &&
    mentions "adding the wasm32-unknown-unknown target (a few seconds)" "$out"'
check "each of the 5 steps says how long it took" [ "$(grep -cE '^\[setup\]   done in [0-9]+ s$' <<<"$out")" = 5 ]
check "rustup target add wasm32-unknown-unknown was called" has_line "rustup target add wasm32-unknown-unknown" "$(cat "$log")"
check "apt-get install chromium chromium-driver was called, through sudo when not root" \
  eval 'has_line "apt-get install -y -qq chromium chromium-driver" "$(cat "$log")" &&
    grep -q "^sudo env DEBIAN_FRONTEND=noninteractive apt-get install" "$log"'
check "npm ci was called" grep -q '^npm ci' "$log"
[ "$failures" = "$before" ] || show

# 2. Again: everything is present now, so nothing is installed and one line is printed.
before=$failures
calls=$(wc -l <"$log")
run_setup
check "a second run exits 0" [ "$status" = 0 ]
check "a second run installs nothing" [ -z "$(new_calls "$calls" | installs)" ]
check "a second run prints only '[setup] all tools present'" [ "$out" = "[setup] all tools present" ]
[ "$failures" = "$before" ] || show

# 3. wasm-bindgen at another version than Cargo.lock's: only wasm-bindgen-cli is reinstalled.
before=$failures
mkdir -p "$dir/home/.cargo/bin"
printf '#!/usr/bin/env bash\necho "wasm-bindgen 0.2.1"\n' >"$dir/home/.cargo/bin/wasm-bindgen"
chmod +x "$dir/home/.cargo/bin/wasm-bindgen"
calls=$(wc -l <"$log")
run_setup
check "a stale wasm-bindgen (0.2.1) is replaced by $want and nothing else is installed" \
  eval '[ "$status" = 0 ] && [ "$(new_calls "$calls" | installs)" = "cargo install wasm-bindgen-cli --version $want --locked
cargo install wasm-bindgen-cli --version $want" ] && mentions "(replacing 0.2.1)" "$out"'
[ "$failures" = "$before" ] || show

# 4. cargo install fails with and without --locked: setup.sh stops and names the command to run.
scenario broken
before=$failures
run_setup SETUP_TEST_CARGO_FAIL=all
check "setup.sh fails when wasm-pack cannot be installed" [ "$status" != 0 ]
check "it names the command to run by hand" \
  mentions "setup: could not install wasm-pack. Run by hand: cargo install wasm-pack" "$out"
check "it stops there (no wasm-bindgen-cli, apt-get or npm ci)" \
  [ "$(installs <"$log")" = "rustup target add wasm32-unknown-unknown
cargo install wasm-pack --locked
cargo install wasm-pack" ]
[ "$failures" = "$before" ] || show

# 5. The same for wasm-bindgen-cli, with wasm-pack already installed.
scenario broken-bindgen
before=$failures
mkdir -p "$dir/home/.cargo/bin"
printf '#!/usr/bin/env bash\necho "wasm-pack 0.13.1"\n' >"$dir/home/.cargo/bin/wasm-pack"
chmod +x "$dir/home/.cargo/bin/wasm-pack"
run_setup SETUP_TEST_CARGO_FAIL=all
check "setup.sh fails when wasm-bindgen-cli cannot be installed, naming the command to run by hand" \
  eval '[ "$status" != 0 ] &&
    mentions "setup: could not install wasm-bindgen-cli. Run by hand: cargo install wasm-bindgen-cli --version $want" "$out"'
[ "$failures" = "$before" ] || show

if [ "$failures" != 0 ]; then
  echo "setup_test: $failures check(s) failed" >&2
  exit 1
fi
echo "setup_test: all checks passed"
