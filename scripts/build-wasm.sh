#!/usr/bin/env bash
# Builds the engine's WebAssembly: four packages per game (`--target web`), each with only that
# game's code (`--no-default-features --features <id> ...`): its engine, pkg/<id>/ (binary
# pkg/<id>/<id>_bg.wasm), its file module, pkg/<id>-files/ (replay files read and written), its
# learn module, pkg/<id>-learn/ (lessons, the sandbox's turn explanation), and its forward
# model, pkg/<id>-sim/ (the binary bots get for `debug.simulate`). Engines and forward models are
# built for speed (`--release`), file and learn modules for size (Cargo.toml's `wasm-files` and
# `wasm-learn` profiles).
# The games are the crate's default features that name a folder of src/ (Cargo.toml);
# pkg/games.json lists them for the web build and the tests.
set -euo pipefail
cd "$(dirname "$0")/.."
games=$(cargo metadata --no-deps --format-version 1 |
  node -e 'const m = JSON.parse(require("fs").readFileSync(0, "utf8"));
    const p = m.packages.find((p) => p.name === "halite");
    const games = p.features.default.filter((f) => require("fs").existsSync(`src/${f}`));
    console.log(games.join(" "));')
mkdir -p pkg
for id in $games; do
  # The game's engine, then its file module (replay files read and written), loaded only to
  # open or save a file.
  wasm-pack build --release --target web --out-dir "pkg/$id" --out-name "$id" -- --no-default-features --features "$id only-engine"
  wasm-pack build --profile wasm-files --target web --out-dir "pkg/$id-files" --out-name "$id-files" -- --no-default-features --features "$id only-files"
  # Its learning tools (lessons, the sandbox's turn explanation), loaded by those pages only.
  wasm-pack build --profile wasm-learn --target web --out-dir "pkg/$id-learn" --out-name "$id-learn" -- --no-default-features --features "$id only-learn"
  # The forward model bots get for `debug.simulate` (plain C-ABI functions).
  wasm-pack build --release --target web --out-dir "pkg/$id-sim" --out-name "$id-sim" -- --no-default-features --features "$id only-sim"
done
node -e 'require("fs").writeFileSync("pkg/games.json", JSON.stringify(process.argv.slice(1)) + "\n")' $games
