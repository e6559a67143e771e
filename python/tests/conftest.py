"""Shared fixtures: the `halite` command-line tool and the TypeScript bots under Node."""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

# Run from python/ (`pytest` or `python -m pytest`), the current folder would put the source tree's
# halite_engine, which has no compiled `_core`, before the installed package: leave it out unless
# it was built in place.
_SOURCE = Path(__file__).resolve().parents[1]
if not any((_SOURCE / "halite_engine").glob("_core*.so")) and not any((_SOURCE / "halite_engine").glob("_core*.pyd")):
    sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _SOURCE]

import pytest  # noqa: E402

# The shared test helpers' asserts explain themselves like the tests' own.
pytest.register_assert_rewrite("batches")

REPO = Path(__file__).resolve().parents[2]


def halite_bin():
    """The `halite` CLI: $HALITE_BIN, else the repository's release or debug build."""
    env = os.environ.get("HALITE_BIN")
    if env:
        return env
    for profile in ("release", "debug"):
        p = REPO / "target" / profile / "halite"
        if p.exists():
            return str(p)
    found = shutil.which("halite")
    if found:
        return found
    pytest.fail("no `halite` CLI: build it with `cargo build --release` or set HALITE_BIN")


@pytest.fixture(scope="session")
def halite():
    return halite_bin()


class TsBots:
    """The page's TypeScript bots (Halite II's: Halite I's the engine plays itself) compiled with
    the repository's tsc and run under Node."""

    def __init__(self, tmp):
        tsc = REPO / "node_modules" / ".bin" / "tsc"
        if not tsc.exists() or shutil.which("node") is None:
            pytest.fail("the bot comparison needs Node and the repository's node_modules (npm ci)")
        out = tmp / "tsbots"
        src = REPO / "www" / "src"
        subprocess.run([str(tsc), "--outDir", str(out), "--module", "commonjs", "--target", "es2020",
                        "--skipLibCheck", "--rootDir", str(src),
                        str(src / "games/halite2/bots.ts")],
                       check=False, capture_output=True)
        if not (out / "games/halite2/bots.js").exists():
            pytest.fail("tsc did not compile the bots")
        self.proc = subprocess.Popen(["node", str(Path(__file__).parent / "ts_bots" / "driver.cjs"), str(out)],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def ask(self, game, bot, seat, obs):
        self.proc.stdin.write(json.dumps({"game": game, "bot": bot, "seat": seat, "obs": obs}) + "\n")
        self.proc.stdin.flush()
        return json.loads(self.proc.stdout.readline())

    def close(self):
        self.proc.stdin.close()
        self.proc.wait(timeout=10)


@pytest.fixture(scope="session")
def ts_bots(tmp_path_factory):
    bots = TsBots(tmp_path_factory.mktemp("ts"))
    yield bots
    bots.close()
