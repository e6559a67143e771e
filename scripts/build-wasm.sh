#!/usr/bin/env bash
# Builds the engine's WebAssembly: five packages per game (`--target web`), each with only that
# game's code (`--no-default-features --features <id> ...`):
# - its engine, pkg/<id>/ (binary pkg/<id>/<id>_bg.wasm): live games, replays held in memory;
# - its reader, pkg/<id>-read/ (replay files read into records), loaded only to open a file;
# - its writer, pkg/<id>-write/ (records written as replay files), loaded only to save one;
# - its learn module, pkg/<id>-learn/ (lessons, the sandbox's turn explanation);
# - its forward model, pkg/<id>-sim/ (the binary bots get for `debug.simulate`).
# The learn module is built for size (Cargo.toml's `wasm-learn` profile), the others for speed.
# The games are the crate's default features that name a folder of src/ (Cargo.toml);
# pkg/games.json lists them for the web build and the tests.
#
# `--quick` (what `npm start` builds): every package with Cargo.toml's `wasm-quick` profile (no
# whole-program optimisation) and no wasm-opt pass, one after another in one target directory, so
# the dependencies compile once and each package's code on every core. The binaries are larger and
# a little slower than the release build's, which `npm run build` and `npm test` make.
set -euo pipefail
cd "$(dirname "$0")/.."
quick=0
case "${1:-}" in
  --quick) quick=1 ;;
  "") ;;
  *) echo "usage: scripts/build-wasm.sh [--quick]" >&2; exit 2 ;;
esac
games=$(cargo metadata --no-deps --format-version 1 |
  node -e 'const m = JSON.parse(require("fs").readFileSync(0, "utf8"));
    const p = m.packages.find((p) => p.name === "halite");
    const games = p.features.default.filter((f) => require("fs").existsSync(`src/${f}`));
    console.log(games.join(" "));')
mkdir -p pkg
# The three steps wasm-pack would take, without needing wasm-pack (which only the wasm tests use):
# cargo builds the binary, wasm-bindgen writes its JavaScript bindings and types (`--target web`),
# and wasm-opt (npm's binaryen) optimizes it: for speed, or for size for the learn modules.
features="--enable-bulk-memory --enable-nontrapping-float-to-int --enable-simd"
# One package: its directory's name, its part's feature, its cargo profile and wasm-opt level,
# built in cargo's target directory `$dir`.
build() {
  local dir=$1 id=$2 name=$3 part=$4 profile=$5 level=$6 started=$SECONDS
  cargo build --lib --quiet --target wasm32-unknown-unknown --profile "$profile" --target-dir "$dir" \
    --no-default-features --features "$id $part"
  rm -rf "pkg/$name"
  wasm-bindgen --target web --out-dir "pkg/$name" --out-name "$name" \
    "$dir/wasm32-unknown-unknown/$profile/halite.wasm"
  # shellcheck disable=SC2086
  [ "$quick" = 1 ] || wasm-opt "$level" $features "pkg/$name/${name}_bg.wasm" -o "pkg/$name/${name}_bg.wasm"
  printf '  pkg/%s/%s_bg.wasm: %s bytes (%s, %s s)\n' "$name" "$name" "$(wc -c <"pkg/$name/${name}_bg.wasm")" "$dir" "$((SECONDS - started))"
}
packages=()
speed=release
size=wasm-learn
if [ "$quick" = 1 ]; then speed=wasm-quick size=wasm-quick; fi
for id in $games; do
  packages+=("$id $id only-engine $speed -O3" "$id $id-read only-read $speed -O3"
    "$id $id-write only-write $speed -O3" "$id $id-learn only-learn $size -Os"
    "$id $id-sim only-sim $speed -O3")
done
# Each build ends in a long single-threaded step (whole-program optimisation of one crate), so
# the packages are shared out over lanes that build side by side, one per core (at most 4), each
# in a target directory of its own (cargo locks one directory per build).
lanes=$(nproc 2>/dev/null || echo 1)
lanes=$((lanes < 1 ? 1 : lanes > 4 ? 4 : lanes))
# Without it (--quick), cargo spreads each package over the cores itself.
if [ "$quick" = 1 ]; then lanes=1; fi
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
failed=0
# run_lanes PACKAGE-INDEXES...: builds the packages side by side, the k-th given in lane k mod lanes,
# then prints each lane's output.
run_lanes() {
  local pids=() lane i
  local -a mine
  for ((lane = 0; lane < lanes; lane++)); do
    mine=()
    for ((i = lane + 1; i <= $#; i += lanes)); do mine+=("${!i}"); done
    [ "${#mine[@]}" -gt 0 ] || continue
    (
      for i in "${mine[@]}"; do
        # shellcheck disable=SC2086
        build "target/wasm-lane-$lane" ${packages[$i]}
      done
    ) >"$logs/$lane" 2>&1 &
    pids+=("$lane:$!")
  done
  for entry in "${pids[@]}"; do
    wait "${entry#*:}" || failed=1
    cat "$logs/${entry%%:*}"
  done
}
# In a lane's fresh target directory, the first package of a cargo profile also compiles every
# dependency in that profile (minutes, with whole-program optimisation). So, with more than one
# lane, the first package of each profile is built first, each in a lane of its own, and then
# that profile's directories are copied to the lanes that have none: each dependency compiles
# once per profile instead of once per lane and profile. The rest are then shared out.
seeds=()
rest=()
seeded=" "
for i in "${!packages[@]}"; do
  # shellcheck disable=SC2206
  package=(${packages[$i]})
  if [ "$lanes" -gt 1 ] && [ "${#seeds[@]}" -lt "$lanes" ] && [[ $seeded != *" ${package[3]} "* ]]; then
    seeded+="${package[3]} "
    seeds+=("$i")
  else
    rest+=("$i")
  fi
done
if [ "${#seeds[@]}" -gt 0 ]; then
  run_lanes "${seeds[@]}"
  for ((from = 0; from < ${#seeds[@]}; from++)); do
    # shellcheck disable=SC2206
    package=(${packages[${seeds[$from]}]})
    for ((lane = 0; lane < lanes; lane++)); do
      for dir in "${package[3]}" "wasm32-unknown-unknown/${package[3]}"; do
        if [ "$failed" = 0 ] && [ ! -e "target/wasm-lane-$lane/$dir" ]; then
          mkdir -p "$(dirname "target/wasm-lane-$lane/$dir")"
          cp -a "target/wasm-lane-$from/$dir" "target/wasm-lane-$lane/$dir"
        fi
      done
    done
  done
fi
[ "$failed" = 1 ] || run_lanes "${rest[@]}"
if [ "$failed" = 1 ]; then
  echo "build-wasm: a package failed to build (its output is above)" >&2
  exit 1
fi
node -e 'require("fs").writeFileSync("pkg/games.json", JSON.stringify(process.argv.slice(1)) + "\n")' $games
echo "build-wasm: $SECONDS s"
