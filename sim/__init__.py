"""Agon's game engines and the registry that names them.

Games are imported lazily so `agon games` and the CLI's input checks do not pay
for loading every engine.
"""
import hashlib
import os
import sys
from importlib import import_module
from pathlib import Path


def _numba_cache_dir() -> str:
    """A numba cache folder keyed by the source of every engine and player.

    Numba's own cache only notices edits to a function's own file, not to the
    jitted functions it calls from other modules, so a stale cache could run old
    rules. Keying the folder on all sources makes any edit start a fresh cache. The checkout's
    path is part of the key too: numba stamps entries with each file's time, so two checkouts of
    the same sources sharing one folder would keep overwriting each other's entries.
    """
    root = Path(__file__).resolve().parent.parent
    digest = hashlib.sha1(str(root).encode())
    for folder in ("sim", "strategies"):
        for f in sorted((root / folder).rglob("*.py")):
            digest.update(str(f.relative_to(root)).encode())
            digest.update(f.read_bytes())
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "agon" / "numba"
    return str(base / digest.hexdigest()[:16])


if "NUMBA_CACHE_DIR" not in os.environ:
    os.environ["NUMBA_CACHE_DIR"] = _numba_cache_dir()  # inherited by joblib and Dask workers
    if "numba" in sys.modules:
        from numba.core import config as _numba_config
        _numba_config.reload_config()

from sim import compile_once  # noqa: E402

compile_once.install()

from sim.spec import AgonInputError, GameSpec  # noqa: E402

# CLI name -> module exposing SPEC. A game adds one line here and nothing else.
_GAME_MODULES = {
    "magna-grecia": "sim.magna_grecia",
    "glory-to-rome": "sim.glory_to_rome",
    "mare-nostrum": "sim.mare_nostrum",
    "catan": "sim.catan",
    "troja": "sim.troja",
}
# Extra games from the environment, e.g. AGON_EXTRA_GAMES="pig=tests.framework.pig" (tests, plug-ins).
for _item in filter(None, os.environ.get("AGON_EXTRA_GAMES", "").split(";")):
    _name, _, _module = _item.partition("=")
    _GAME_MODULES[_name.strip()] = _module.strip()


def game_names() -> list[str]:
    return list(_GAME_MODULES)


def get_game(name: str) -> GameSpec:
    """The GameSpec of `name`, or a one-line error naming the valid games."""
    if name not in _GAME_MODULES:
        raise AgonInputError(f"unknown game {name!r}; valid: {', '.join(_GAME_MODULES)}")
    return import_module(_GAME_MODULES[name]).SPEC


class _Games:
    """`sim.GAMES[name]` view of the registry (lazy)."""

    def __getitem__(self, name):
        return get_game(name)

    def __iter__(self):
        return iter(_GAME_MODULES)

    def __len__(self):
        return len(_GAME_MODULES)

    def __contains__(self, name):
        return name in _GAME_MODULES


GAMES = _Games()
