"""Outcomes of play: how a game went for a seat, declared in `GameSpec.extra["outcomes"]`.

Troja's seats end on the side ahead in the war, behind it, or level. Judged as components, the side
ahead was "too strong" and the side behind "too weak": true, and nothing a designer can act on,
because no one builds "being ahead in the war". What a designer can use is how much the outcome
decides the game: the win rate with it and without it. So an outcome is described (Wilson
intervals, the raw lift with its Newcombe interval) and never judged (reports/component_study.py
`unjudged` keeps it out of the component verdicts, its family's median and the regression check).
"""
from __future__ import annotations

from reports.fmt import ci, integer, pct

__all__ = ["outcome_line", "WHAT", "CAPTION"]

WHAT = ("An outcome of play (how the game went for the seat), not a component a designer sets: described, not "
        "judged too strong or too weak.")
CAPTION = (WHAT + " Win rate with and without it (ties split 1/j), 95% Wilson intervals; raw lift: with minus without "
           "(Newcombe interval). An association: the outcome and the win may share a cause.")


def outcome_line(tab, title: str, players: int) -> str:
    """'**Side in the war at the end** (outcomes of play, described, not judged): win rate on the side
    ahead in the war 36.8% [35.6, 38.1] of 5,594 seat-games, on the side behind in the war 13.2%
    [12.3, 14.1] of 5,594; fair 25.0%.' One clause per outcome, in the table's order; the table
    beside it has the rates without and the lifts. A lone outcome (Magna Grecia's oracles held at the
    end) also says its rate without, the other side of the same question."""
    lab = "label" if "label" in tab else "component"
    parts = [f"{getattr(r, lab)} {pct(r.win_rate_with)} {ci(r.with_low, r.with_high)} of {integer(r.seat_games)}"
             + (" seat-games" if i == 0 else "") for i, r in enumerate(tab.itertuples())]
    if len(tab) == 1:
        r = next(tab.itertuples())
        parts[0] += (f", without it {pct(r.win_rate_without)} {ci(r.without_low, r.without_high)} of "
                     f"{integer(r.seat_games_without)}")
    return f"**{title}** (outcomes of play, described, not judged): win rate " + ", ".join(parts) + \
        f"; fair {pct(1 / players)}."
