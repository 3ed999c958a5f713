"""sim/layout.py: offsets, sizes, dumps, action decoding and result columns declared once."""
import numpy as np
import pytest

from sim.layout import (ActionSpace, Events, Layout, Results, Struct, H_TRACE, H_NEV, HEADER_SIZE,
                        clear_state, note, read_events)


def _layout():
    L = Layout("toy")
    n = L.field("N")
    top = L.field("TOP")
    deck = L.field("DECK", 4, values=("Ace", "King", "Queen"), first="TOP")
    seat = Struct("seat")
    hand = seat.field("HAND", 3, labels=("Ace", "King", "Queen"))
    vp = seat.field("VP")
    turn = seat.field("TURN", default=-1)
    grid = seat.field("GRID", (2, 3), labels=(("a", "b"), None))
    seats = L.array("SEATS", seat, 3, live="N")
    return L, dict(n=n, top=top, deck=deck, hand=hand, vp=vp, turn=turn, grid=grid, seats=seats, psz=seat.size)


def test_offsets_are_consecutive_after_the_header():
    L, o = _layout()
    assert o["n"] == HEADER_SIZE and o["top"] == HEADER_SIZE + 1 and o["deck"] == HEADER_SIZE + 2
    assert (o["hand"], o["vp"], o["turn"], o["grid"], o["psz"]) == (0, 3, 4, 5, 11)
    assert o["seats"] == HEADER_SIZE + 6
    assert L.size == HEADER_SIZE + 6 + 3 * 11
    assert L.start("SEATS") == o["seats"] and L.shape("DECK") == (4,)


def test_dump_names_fields_and_skips_defaults():
    L, o = _layout()
    st = np.zeros(L.size, np.int32)
    st[o["n"]] = 2
    st[o["top"]] = 2
    st[o["deck"]:o["deck"] + 4] = [0, 1, 2, 1]
    b1 = o["seats"] + o["psz"]
    st[o["seats"] + o["turn"]] = -1            # default of TURN: not shown
    st[b1 + o["turn"]] = -1
    st[b1 + o["hand"] + 1] = 2
    st[b1 + o["vp"]] = 7
    st[b1 + o["grid"] + 3 + 2] = 5             # GRID[b, 2]
    st[o["seats"] + 2 * o["psz"] + o["vp"]] = 9   # seat 2 is not live (N = 2)
    text = L.dump(st)
    assert "DECK[2..: Queen, King]" in text
    assert "SEATS[1]:" in text and "HAND[King=2] VP=7 GRID[b/2=5]" in text
    assert "SEATS[0]" not in text and "SEATS[2]" not in text and "TURN" not in text
    assert L.offset_words(b1 + o["hand"] + 2) == "SEATS[1].HAND[Queen]"


def test_declaration_errors():
    s = Struct("x")
    s.field("A")
    with pytest.raises(ValueError):
        s.field("A")
    with pytest.raises(ValueError):
        s.field("B", 2, labels=("only one",))
    _ = s.size
    with pytest.raises(RuntimeError):
        s.field("C")                           # after the size was used


def test_actions_decode_and_encode():
    A = ActionSpace("toy actions")
    PASS = A.single("PASS")
    CARD = A.range("CARD", 3, ("Ace", "King", "Queen"))
    PET = A.range("PETITION", (2, 3), (("red", "blue"), ("x", "y", "z")))
    assert (PASS, CARD, PET, A.size) == (0, 1, 4, 10)
    assert A.decode(0) == ("PASS", None)
    assert A.decode(2) == ("CARD", 1)
    assert A.decode(PET + 3 + 2) == ("PETITION", (1, 2))
    assert A.encode("PETITION", 1, 2) == PET + 5 and A.encode("PASS") == 0
    assert A.words(PET + 5) == "PETITION(blue, z)" and A.words(3) == "CARD(Queen)"
    with pytest.raises(ValueError):
        A.decode(10)


def test_results_pack_with_declared_dtypes():
    R = Results("toy")
    turns = R.game("turns")
    end = R.game("end_condition")
    score, win, rank = R.seat("score", float), R.seat("win", float), R.seat("rank")
    built = R.seat_block("built", ("road", "city"))
    assert (turns, end, score, win, rank, built) == (0, 1, 0, 1, 2, 3)
    assert R.game_metrics == ("end_condition",) and R.seat_metrics == ("built_road", "built_city")
    g, s = R.empty(2, 3)
    g[1, end] = 4
    s[0, 2, win] = 0.5
    s[1, 0, built + 1] = 1
    out = R.pack(g, s)
    assert list(out) == ["turns", "end_condition", "score", "win", "rank", "built_road", "built_city"]
    assert out["end_condition"].dtype == np.int64 and list(out["end_condition"]) == [0, 4]
    assert out["win"].dtype == np.float64 and out["win"][0, 2] == 0.5
    assert out["built_city"].shape == (2, 3) and out["built_city"][1, 0] == 1


def test_results_need_the_gamespec_columns_first():
    R = Results("bad")
    R.game("length")
    R.seat("score", float)
    with pytest.raises(ValueError):
        R.empty(1, 2)


def test_events_are_noted_only_while_tracing():
    E = Events("toy events")
    BRIDGE = E.add("BRIDGE", ("seat", "victim", "material"))
    assert BRIDGE == 1 and E.words((BRIDGE, 1, 2, 3)) == "BRIDGE(seat=1, victim=2, material=3)"
    st = np.zeros(HEADER_SIZE + 4, np.int32)
    note(st, BRIDGE, 1, 2, 3)
    assert st[H_NEV] == 0 and read_events(st) == []
    st[H_TRACE] = 1
    note(st, BRIDGE, 1, 2, 3)
    note(st, BRIDGE, 0, 1, 5)
    assert read_events(st) == [(1, 1, 2, 3), (1, 0, 1, 5)] and st[H_NEV] == 0
    st[-1] = 9
    clear_state(st)
    assert st[H_TRACE] == 1 and not st[1:].any()
