"""Traces show the automatic steps of the rules (T02b of the spec: a Legionary with Bridge against
a Palisade, a Wall and a hand without the demand), the engine logs them only while tracing, and a
traced game shows completions and cleanups in words."""
import numpy as np

from sim.glory_to_rome import SPEC
from sim.glory_to_rome.actions import EV_BRIDGE, EV_IMMUNE, EV_CLEANUP
from sim.glory_to_rome.describe import describe_event
from sim.layout import H_TRACE, H_NEV, read_events
from .helpers import M, do, CARD
from .test_worked_examples import _t02


def test_bridge_takes_and_immunity_are_logged_while_tracing():
    s = _t02(True)                       # seat 0 demands Marble; seat 1 (Palisade) must give
    s[H_TRACE] = 1
    do(s, CARD("Statue"))               # seat 1 gives; Bridge takes its Marble stockpile card
    ev = read_events(s)
    assert (EV_BRIDGE, 0, 1, M["Marble"]) in ev
    assert describe_event(s, None, (EV_BRIDGE, 0, 1, M["Marble"])) == \
        "seat 0 takes Marble from the stockpile of seat 1 (Bridge)"
    do(s, CARD("Palace"))               # seat 2 gives; Bridge again; seat 3 has a Wall; the turn
    ev = read_events(s)                 # ends and seat 0's camp (the Shrine it led) goes to the pool
    assert (EV_BRIDGE, 0, 2, M["Marble"]) in ev and (EV_IMMUNE, 0, 3, 0) in ev
    assert (EV_CLEANUP, 0, 1, 0) in ev
    assert describe_event(s, None, (EV_CLEANUP, 0, 1, 0)) == "cleanup: seat 0's camp, 1 card to the pool"


def test_nothing_is_logged_without_the_trace_flag():
    s = _t02(True)
    do(s, CARD("Statue"), CARD("Palace"))
    assert s[H_NEV] == 0 and not s[H_TRACE]


def test_a_traced_game_shows_completions_and_cleanups():
    g = SPEC.strategy("greedy")
    kinds = np.full(3, g.kind, np.int64)
    w = np.array([g.weights] * 3)
    lines, res = SPEC.play_traced(5, 1, 3, SPEC.params.defaults(), kinds, w)
    assert lines[1].startswith("-- turn 1, leader seat 0 (seat 0 = first leader, dealt as seat")
    assert any(line.startswith("  seat ") and "completes" in line for line in lines)
    assert any(line.startswith("  cleanup: seat ") for line in lines)
    assert lines[-2].startswith("End: ") and lines[-1].startswith("score [")
