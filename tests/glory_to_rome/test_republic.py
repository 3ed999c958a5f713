"""Republic ruleset (§5.6): setup sizes, Crane, Tribunal, Domus Aurea, Forum Romanum, fuzz."""
import numpy as np
import pytest

from sim.glory_to_rome import SPEC
from sim.glory_to_rome.actions import A_CRANE, A_DRAW, A_PASS, A_TAKE_JACK, A_THINK
from sim.glory_to_rome.rules.cards import deck_left, hand_size
from sim.glory_to_rome.rules.setup import new_game
from sim.glory_to_rome.rules.turn import petition_size
from sim.glory_to_rome import state as S
from sim.glory_to_rome.board import END_FORUM, REPUBLIC_NAMES, ALPHA_REP
from sim.glory_to_rome.params import PARAMS
from .helpers import (K, M, RL, blank, give, jacks, pool, stock, clients, building, influence, get,
                      legal, do, lead_alone, top_frame, CARD, JACK, MATA, TARGET, BUILD)

REP = dict(ruleset="republic")


@pytest.mark.parametrize("n,deck", [(2, 132), (3, 126), (4, 120), (5, 114)])
def test_T01_republic_setup_sizes(n, deck):
    for seed in range(100):
        s = new_game(seed, 0, n, PARAMS.vector(REP))
        if s[S.G_DTOP] == 6 * n:
            break
    assert deck_left(s) == deck and s[S.G_JPILE] == 6
    for p in range(n):
        assert get(s, p, S.O_HN) == 5 and get(s, p, S.O_HJ) == 0
    assert petition_size(s, 0) == 2


def test_republic_names_order():
    assert REPUBLIC_NAMES[4] == "Crane" and REPUBLIC_NAMES[33] == "Forum Romanum"
    assert ALPHA_REP[K["Circus"]] > ALPHA_REP[K["Circus Maximus"]]     # "Crane" > "Circus Maximus"
    assert ALPHA_REP[K["Coliseum"]] > ALPHA_REP[K["Catacomb"]]         # "Domus Aurea"


def test_crane():
    s = blank(2, **REP)
    building(s, 0, "Circus")            # slot 4 = Crane
    give(s, 0, "Bar", "Temple")
    L = legal(s)
    assert A_CRANE + K["Bar"] in L and A_CRANE + K["Temple"] in L
    do(s, A_CRANE + K["Temple"])
    assert s[S.G_ROLE] == RL["Architect"] and get(s, 0, S.O_CAMP, M["Marble"]) == 1
    s = blank(2, **REP)
    give(s, 0, "Bar", "Temple")
    assert not any(a >= A_CRANE for a in legal(s))
    # a Crane follower
    s = blank(2, **REP)
    building(s, 1, "Circus")
    give(s, 0, "Tower")
    give(s, 1, "Bar")
    do(s, CARD("Tower"))
    assert legal(s) == [A_THINK, A_CRANE + K["Bar"]]


def test_tribunal():
    s = blank(2, **REP)
    building(s, 0, "Senate")            # slot 11 = Tribunal
    give(s, 0, "Bar")
    do(s, A_THINK, A_DRAW)
    assert legal(s) == [A_PASS, A_TAKE_JACK]
    do(s, A_TAKE_JACK)
    assert get(s, 0, S.O_HJ) == 1 and hand_size(s, 0) == 6


def test_no_senate_in_republic():
    s = blank(2, **REP)
    building(s, 0, "Senate")
    jacks(s, 0)
    jacks(s, 1)
    give(s, 0, "Bar")
    do(s, JACK("Patron"), JACK("Patron"))
    assert s[S.G_TURN] == 2 and get(s, 0, S.O_HJ) == 0


def test_domus_aurea():
    s = blank(2, **REP)
    building(s, 0, "Coliseum")          # slot 26 = Domus Aurea
    building(s, 1, "Temple", complete=False)
    give(s, 0, "Atrium", "Statue")
    lead_alone(s, CARD("Atrium"))
    do(s, MATA("Marble"))
    assert legal(s) == [A_PASS, TARGET(1, "Temple")]
    infl = influence(s, 0)
    do(s, TARGET(1, "Temple"))
    assert get(s, 1, S.O_BST, K["Temple"]) == 0
    assert get(s, 0, S.O_STOCK, M["Marble"]) == 1 and influence(s, 0) == infl + 3
    assert s[S.G_SGONE] == 1


def test_forum_romanum():
    for full_stock in (False, True):
        s2 = blank(2, **REP)
        building(s2, 0, "Forum", complete=False, mats=2)
        clients(s2, 0, Laborer=1, Craftsman=1, Architect=1, Legionary=1, Merchant=1, Patron=1)
        give(s2, 0, "Temple", "Circus")
        if full_stock:
            stock(s2, 0, Rubble=1, Wood=1, Concrete=1, Brick=1, Stone=1, Marble=1)
        lead_alone(s2, CARD("Circus"))
        do(s2, BUILD("Forum"), CARD("Temple"))
        assert get(s2, 0, S.O_BST, K["Forum"]) == 2
        assert (s2[S.G_OVER] == 1 and s2[S.G_END] == END_FORUM) == full_stock


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_republic_fuzz(n):
    res = SPEC.play_batch(99 + n, 0, 2000, n, PARAMS.vector(REP), np.zeros(n, np.int64),
                          np.zeros((n, 1)), check=True)
    assert np.allclose(res["win"].sum(axis=1), 1.0)


def test_republic_few_jacks_allowed():
    res = SPEC.play_batch(3, 0, 50, 4, PARAMS.vector(dict(REP, n_jacks=1)), np.zeros(4, np.int64),
                          np.zeros((4, 1)), check=True)
    assert np.allclose(res["win"].sum(axis=1), 1.0)
