#!/usr/bin/env bash
# Builds the engine's WebAssembly: one package per game, pkg/<id>/ (`--target web`; its binary
# is pkg/<id>/<id>_bg.wasm), each with only that game's rules (`--no-default-features --features
# <id>`). The games are the crate's default features (Cargo.toml); pkg/games.json lists them for
# the web build and the tests.
set -euo pipefail
cd "$(dirname "$0")/.."
games=$(cargo metadata --no-deps --format-version 1 |
  node -e 'const m = JSON.parse(require("fs").readFileSync(0, "utf8"));
    const p = m.packages.find((p) => p.name === "halite");
    console.log(p.features.default.join(" "));')
mkdir -p pkg
for id in $games; do
  wasm-pack build --release --target web --out-dir "pkg/$id" --out-name "$id" -- --no-default-features --features "$id"
done
node -e 'require("fs").writeFileSync("pkg/games.json", JSON.stringify(process.argv.slice(1)) + "\n")' $games
