#!/usr/bin/env bash
# Builds the engine's WebAssembly: two packages per game (`--target web`), each with only that
# game's code (`--no-default-features --features <id> ...`): its engine, pkg/<id>/ (binary
# pkg/<id>/<id>_bg.wasm), and its file module, pkg/<id>-files/ (replay files read and written).
# The games are the crate's default features (Cargo.toml); pkg/games.json lists them for the web
# build and the tests.
set -euo pipefail
cd "$(dirname "$0")/.."
games=$(cargo metadata --no-deps --format-version 1 |
  node -e 'const m = JSON.parse(require("fs").readFileSync(0, "utf8"));
    const p = m.packages.find((p) => p.name === "halite");
    console.log(p.features.default.join(" "));')
mkdir -p pkg
for id in $games; do
  # The game's engine, then its file module (replay files read and written), loaded only to
  # open or save a file.
  wasm-pack build --release --target web --out-dir "pkg/$id" --out-name "$id" -- --no-default-features --features "$id only-engine"
  wasm-pack build --release --target web --out-dir "pkg/$id-files" --out-name "$id-files" -- --no-default-features --features "$id only-files"
done
node -e 'require("fs").writeFileSync("pkg/games.json", JSON.stringify(process.argv.slice(1)) + "\n")' $games
