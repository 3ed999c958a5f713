"""Agon's game engines and the registry that names them.

Games are imported lazily so `agon games` and the CLI's input checks do not pay
for loading every engine.
"""
import os
from importlib import import_module

from sim.spec import AgonInputError, GameSpec

# CLI name -> module exposing SPEC. A game adds one line here and nothing else.
_GAME_MODULES = {
    "magna-grecia": "sim.magna_grecia",
    "glory-to-rome": "sim.glory_to_rome",
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
