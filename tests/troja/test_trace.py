"""Troja's traces show what happens without a decision (issue 15): the allegiance cards dealt, each
battle with the support row as it was and the cards revealed from it, the war track after it, and
an end line in plain integers."""
import re

from sim import contract, get_game


def test_trace_shows_battles_with_row_and_revealed_cards():
    spec = get_game("troja")
    kinds, w = contract.lineup_arrays(spec, ["greedy"] * 4)
    lines, res = spec.play_traced(3, 0, 4, spec.params.defaults(), kinds, w)
    battles = [x for x in lines if x.startswith("  battle: ")]
    assert len(battles) == int(res["battles"][0]) > 0
    for line in battles:
        m = re.match(r"  battle: row \{(.*)\}, revealed \{(.*)\}: (Troy wins|Mycenae wins|draw)$", line)
        assert m, line
        row = dict(x.rsplit(" ", 1) for x in m.group(1).split(", "))
        shown = dict(x.rsplit(" ", 1) for x in m.group(2).split(", ")) if m.group(2) else {}
        assert all(int(c) <= int(row.get(r, 0)) for r, c in shown.items())      # revealed from the row
        assert sum(int(c) for c in shown.values()) == min(7, sum(int(c) for c in row.values()))
    tracks = [x for x in lines if x.startswith("  war track: ")]
    assert len(tracks) == len(battles)
    assert tracks[-1] == f"  war track: Troy {int(res['wins_troy'][0])}, Mycenae {int(res['wins_mycenae'][0])}"
    assert sum(x.startswith("  allegiance: seat ") for x in lines) == 4
    end = [x for x in lines if x.startswith("game over: ")]
    assert len(end) == 1 and re.search(r"VP \[\d+(, \d+){3}\]$", end[0]) and "np." not in end[0]
