"""The games the package plays: one entry per game of the engine's registry, and the only place
besides the games' own modules (:mod:`halite_engine.halite1`, :mod:`halite_engine.halite2`) that
names one. The Gymnasium ids and classes, the vector envs, the PettingZoo functions, the arena
and the benchmarks are all made from this table.

The extension lists the registry's game ids in ``_core.GAMES``, the default game first, and has a
submodule of each id's name (its Rust ``VecEnv`` and built-in bots). Each id also has a module of
this package of the same name, ``halite_engine.<id>``: its ``VecEnv`` and ``BOTS``, its
``Adapter`` (one seat's view of a batch and its actions back, for the wrappers) and ``BENCH``
(its benchmark rows). :data:`ALL` is the table in the registry's order; importing the package
fails, naming the game, when the registry lists a game the table has no entry for, or the other
way round.

Adding a game to the package: its module and one entry in ``_LINES``.
"""

import dataclasses
import importlib
import importlib.util
from typing import Any, Dict, Optional, Tuple

from . import _core

__all__ = ["Game", "ALL", "IDS", "DEFAULT", "get"]


@dataclasses.dataclass(frozen=True, eq=False)
class Game:
    """One game of the table.

    ``id``: the registry's id (``halite --game ID``, ``run_stdio_game``, the arena's ``--game``,
    the module ``halite_engine.<id>``). ``title``: its name in messages. ``stem``: its classes'
    names, ``gym.<stem>Env``, ``vector.<stem>VectorEnv`` and ``units.<stem>UnitEnv``, and its
    Gymnasium ids ``halite_engine/<stem>-v0`` and ``halite_engine/<stem>Unit-v0``. ``opponent``: the built-in bot the single-agent and vector envs
    seat by default. ``defaults``: those envs' and the PettingZoo env's game arguments when not
    given (``width``, ``height``, ``players`` and any other of its ``VecEnv``'s). ``seats``: the
    numbers of bots an arena game seats. ``fog``: ``(name, sight)`` of its fog-of-war variant,
    which has its own Gymnasium id ``halite_engine/<name>-v0`` with that sight radius, or None
    (the game has no fog). ``record``: its batches keep replays only when made with
    ``record=True`` (otherwise always). ``gzip_ending``: its replays are plain JSON, as the
    original wrote them, and may be kept gzipped under this ending (``.hlt.gz``, which ``halite
    verify``, :func:`verify_replay` and the page read), or None (they are compressed already)."""

    id: str
    title: str
    stem: str
    opponent: str
    defaults: Dict[str, Any]
    seats: Tuple[int, ...]
    fog: Optional[Tuple[str, int]] = None
    record: bool = False
    gzip_ending: Optional[str] = None

    @property
    def module(self):
        """The game's own module, ``halite_engine.<id>``."""
        return importlib.import_module(f"{__package__}.{self.id}")

    @property
    def VecEnv(self):
        return self.module.VecEnv

    @property
    def Adapter(self):
        return self.module.Adapter

    @property
    def Units(self):
        """The game's one-unit-at-a-time view, for :mod:`halite_engine.units`."""
        return self.module.Units

    @property
    def bots(self):
        """The built-in bots' names, as the extension lists them."""
        return self.module.BOTS

    @property
    def bench(self):
        return self.module.BENCH

    @property
    def env_name(self):
        return f"{self.stem}Env"

    @property
    def vector_name(self):
        return f"{self.stem}VectorEnv"

    @property
    def unit_name(self):
        return f"{self.stem}UnitEnv"

    @property
    def parallel_name(self):
        return f"{self.id}_parallel_env"

    @property
    def gym_ids(self):
        """``(Gymnasium id, its keyword arguments)``: the game's, then its fog variant's."""
        ids = [(f"halite_engine/{self.stem}-v0", {})]
        if self.fog:
            name, sight = self.fog
            ids.append((f"halite_engine/{name}-v0", {"fog": sight}))
        return tuple(ids)

    @property
    def unit_ids(self):
        """``(Gymnasium id, its keyword arguments)`` of the one-unit-per-step envs
        (:mod:`halite_engine.units`): ``halite_engine/<stem>Unit-v0``, then the fog variant's."""
        return tuple((i.replace("-v0", "Unit-v0"), kw) for i, kw in self.gym_ids)

    @property
    def seats_text(self):
        """The arena's seat counts in words: ``2 to 6``, ``2 or 4``."""
        s = sorted(self.seats)
        if len(s) > 2 and s == list(range(s[0], s[-1] + 1)):
            return f"{s[0]} to {s[-1]}"
        return " or ".join(str(n) for n in s)


# The table: one entry per game.
_LINES = (
    Game("halite1", "Halite I", "Halite1", "expander", dict(width=30, height=30, players=2),
         seats=(2, 3, 4, 5, 6), fog=("Blitz", 4), record=True, gzip_ending=".hlt.gz"),
    Game("halite2", "Halite II", "Halite2", "settler", dict(width=240, height=160, players=2, max_ships=64),
         seats=(2, 4)),
)


def build(exported, lines=_LINES):
    """The table in the order of ``exported`` (the registry's ids, ``_core.GAMES``); a
    ``RuntimeError`` naming the game when the two disagree or a game's modules are missing."""
    exported = list(exported)
    by_id = {g.id: g for g in lines}
    missing = [i for i in exported if i not in by_id]
    if missing:
        raise RuntimeError(
            f"the engine's registry (_core.GAMES) lists {', '.join(missing)}, which "
            f"halite_engine/games.py has no entry for: add its entry to the table there and its module, "
            f"halite_engine/{missing[0]}.py")
    extra = [g.id for g in lines if g.id not in exported]
    if extra:
        raise RuntimeError(
            f"halite_engine/games.py has an entry for {', '.join(extra)}, which the engine's registry "
            f"(_core.GAMES: {', '.join(exported)}) does not list: remove the entry, or build the "
            f"extension with the game")
    for i in exported:
        if not hasattr(_core, i):
            raise RuntimeError(f"the extension lists {i} in _core.GAMES but has no _core.{i} submodule")
        if importlib.util.find_spec(f"{__package__}.{i}") is None:
            raise RuntimeError(f"{i} is in the table but has no module halite_engine/{i}.py")
    return tuple(by_id[i] for i in exported)


ALL = build(_core.GAMES)
IDS = tuple(g.id for g in ALL)
DEFAULT = ALL[0]


def get(game):
    """The table's entry for the id ``game``; a ``ValueError`` naming the ids otherwise."""
    for g in ALL:
        if g.id == game:
            return g
    raise ValueError(f"game {game!r}: one of {', '.join(IDS)}")
