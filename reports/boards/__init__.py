"""Board pictures per game: the geometry and the pieces of a state drawn as SVG (the replay,
experiments/replay.py) and the locations the report heatmaps colour (reports/board.py).

A game's picture module has `static_svg(st, ctx) -> (viewBox, svg)` (what never changes),
`pieces_svg(view, ctx) -> svg` (the pieces of a state or of one seat's observation),
`seat_lines(view, ctx, viewer) -> [str]` (what the panel says per seat; `viewer` None = all
revealed) and `seat_colour(view, seat)`. Pictures read the engine's state layout (names, not
offsets); they never change a state.
"""
from __future__ import annotations

from importlib import import_module

PICTURES = {
    "magna-grecia": "reports.boards.magna_grecia",
    "catan": "reports.boards.catan",
    "troja": "reports.boards.catan",
    "mare-nostrum": "reports.boards.mare_nostrum",
    "glory-to-rome": "reports.boards.glory_to_rome",
}


def picture_of(game: str):
    """The picture module of a game, or None (a game without a board picture yet)."""
    path = PICTURES.get(game)
    return import_module(path) if path else None
