"""The worked examples T01-T14 of the spec (§10), one test each (some with variants)."""
import numpy as np
import pytest

from sim.glory_to_rome.actions import A_ATRIUM, A_DRAW, A_MAT, A_PASS, A_PET, A_TAKE, A_TAKE_JACK, A_THINK
from sim.glory_to_rome.rules.cards import deck_left, hand_size, n_clients, n_vault, sum6
from sim.glory_to_rome.rules.end import forum_ok
from sim.glory_to_rome.rules.limits import client_limit, client_room, hand_limit, vault_limit
from sim.glory_to_rome.rules.scoring import final_result, merchant_bonus_owner, score_parts
from sim.glory_to_rome.rules.setup import deal_and_setup, init_params, new_game
from sim.glory_to_rome import state as S
from sim.glory_to_rome.board import DECK0, END_FORUM, END_DECK
from sim.glory_to_rome.params import PARAMS
from .helpers import (K, M, RL, blank, give, jacks, pool, stock, vault, clients, building, influence,
                      get, legal, do, lead_alone, top_frame, pass_until_owner, params,
                      CARD, JACK, PET, MATA, FIN, FOUT, BUILD, TARGET)


# ---------------------------------------------------------------- T01
@pytest.mark.parametrize("n,deck", [(2, 134), (3, 129), (4, 124), (5, 119)])
def test_T01_setup_sizes(n, deck):
    for seed in range(100):
        s = new_game(seed, 0, n, PARAMS.defaults())
        if s[S.G_DTOP] == 5 * n:      # no tie for the first leader
            break
    assert deck_left(s) == deck
    assert sum6(s, S.G_POOL) == n
    assert s[S.G_JPILE] == 6 - n
    for m in range(6):
        assert s[S.G_SIN + m] == n and s[S.G_SOUT + m] == 6 - n
    for p in range(n):
        assert get(s, p, S.O_HN) == 4 and get(s, p, S.O_HJ) == 1 and influence(s, p) == 2
    assert s[S.G_LEADER] == 0 and s[S.G_TOMOVE] == 0


def test_T01_first_leader_tie():
    s = np.zeros(S.STATE_SIZE, np.int32)
    init_params(s, PARAMS.defaults())
    deck = np.full(144, K["Temple"], np.int32)
    deck[0:4] = K["Bar"]
    deck[4:8] = K["Insula"]
    deck[8:12] = K["Latrine"]
    deck[12:17] = [K["Bath"], K["Bath"], K["Road"], K["Insula"], K["Dock"]]
    deal_and_setup(s, 3, deck, False)
    assert s[S.G_FL] == 1                      # dealt seat 1 leads
    assert sum6(s, S.G_POOL) == 5
    assert deck_left(s) == 144 - 12 - 5
    # seats renumbered: seat 0 is the first leader (its hand is the Insulas)
    assert get(s, 0, S.O_HAND, K["Insula"]) == 4
    assert get(s, 1, S.O_HAND, K["Latrine"]) == 4
    assert get(s, 2, S.O_HAND, K["Bar"]) == 4


def test_T01_alphabetical_order_and_seat0_rule():
    from sim.glory_to_rome.board import ALPHA
    assert ALPHA[K["Circus"]] < ALPHA[K["Circus Maximus"]] < ALPHA[K["Coliseum"]]
    assert ALPHA[K["Academy"]] == 0
    s = new_game(3, 0, 4, params())
    assert s[S.G_FL] == 0 and deck_left(s) == 124 and sum6(s, S.G_POOL) == 4


# ---------------------------------------------------------------- T02
def _t02(bridge):
    s = blank(4)
    give(s, 0, "Shrine", "Temple", "Road")
    pool(s, Marble=1, Brick=1)
    building(s, 1, "Palisade")
    give(s, 1, "Forum", "Statue")
    stock(s, 1, Marble=1)
    give(s, 2, "Palace")
    stock(s, 2, Marble=2)
    building(s, 3, "Wall")
    give(s, 3, "Basilica")
    if bridge:
        building(s, 0, "Bridge")
    lead_alone(s, CARD("Shrine"))
    assert top_frame(s)["owner"] == 0 and top_frame(s)["role"] == RL["Legionary"]
    assert legal(s) == [A_PASS, MATA("Rubble"), MATA("Marble")]
    do(s, MATA("Marble"), A_TAKE)
    return s


def test_T02a_legionary_immune_neighbours():
    s = _t02(False)
    assert get(s, 0, S.O_STOCK, M["Marble"]) == 1
    assert get(s, 0, S.O_HAND, K["Temple"]) == 1
    assert get(s, 1, S.O_HN) == 2 and get(s, 2, S.O_HN) == 1


def test_T02b_legionary_bridge():
    s = _t02(True)
    assert s[S.G_TOMOVE] == 1
    assert legal(s) == [CARD("Forum"), CARD("Statue")]    # victim picks
    do(s, CARD("Statue"))
    assert s[S.G_TOMOVE] == 2 and legal(s) == [CARD("Palace")]
    do(s, CARD("Palace"))
    assert get(s, 0, S.O_STOCK, M["Marble"]) == 5
    assert get(s, 1, S.O_STOCK, M["Marble"]) == 0 and get(s, 2, S.O_STOCK, M["Marble"]) == 1
    assert get(s, 3, S.O_HN) == 1


def test_T02c_two_demands_two_players():
    s = blank(2)
    clients(s, 0, Legionary=1)
    give(s, 0, "Temple", "Statue")
    jacks(s, 0)
    give(s, 1, "Forum")
    pool(s, Marble=3)
    lead_alone(s, JACK("Legionary"))
    assert top_frame(s)["budget"] == 2
    do(s, MATA("Marble"), MATA("Marble"))
    do(s, A_TAKE, CARD("Forum"), A_TAKE)
    assert get(s, 0, S.O_STOCK, M["Marble"]) == 3
    assert s[S.G_POOL + M["Marble"]] == 1
    assert get(s, 0, S.O_HN) == 2                  # revealed cards stay in hand


# ---------------------------------------------------------------- T03
@pytest.mark.parametrize("follow", [False, True])
def test_T03_thinker_with_clients(follow):
    s = blank(3)
    give(s, 0, "Bar")
    give(s, 1, "Latrine", "Academy", "Tower")
    if follow:
        give(s, 1, "Insula")
    building(s, 1, "Circus Maximus")
    clients(s, 1, Laborer=2)
    jacks(s, 2)
    pool(s, Rubble=9)
    do(s, CARD("Bar"))
    if follow:
        do(s, CARD("Insula"))
    else:
        do(s, A_THINK, A_DRAW)
        assert get(s, 1, S.O_HN) == 5
    do(s, JACK("Laborer"))
    assert top_frame(s)["owner"] == 0 and top_frame(s)["budget"] == 1
    assert pass_until_owner(s, 1)["budget"] == (5 if follow else 2)
    assert pass_until_owner(s, 2)["budget"] == 1


# ---------------------------------------------------------------- T04
def _t04_base():
    s = blank(3)
    for p in range(3):
        stock(s, p, Stone=3)
        s[S.pb(p) + S.O_INFL] = 9
    building(s, 0, "Circus Maximus")
    clients(s, 0, Merchant=2, Laborer=1)
    building(s, 1, "Circus Maximus")
    building(s, 1, "Ludus Magna")
    clients(s, 1, Architect=1, Merchant=1)
    building(s, 2, "Circus Maximus")
    clients(s, 2, Merchant=2)
    return s


def test_T04_merchant_counts():
    s = _t04_base()
    give(s, 0, "Villa")
    give(s, 1, "Sewer")
    do(s, CARD("Villa"), CARD("Sewer"), A_THINK, A_DRAW)
    assert top_frame(s)["budget"] == 5
    assert pass_until_owner(s, 1)["budget"] == 3
    assert pass_until_owner(s, 2)["budget"] == 2


def test_T04_architect_with_ludus():
    s = _t04_base()
    give(s, 0, "Tower")
    give(s, 1, "Wall", "Road")
    do(s, CARD("Tower"), CARD("Wall"), A_THINK, A_DRAW)
    assert pass_until_owner(s, 1)["budget"] == 5


def test_T04_storeroom_ludus_laborer():
    s = blank(2)
    building(s, 1, "Storeroom")
    building(s, 1, "Ludus Magna")
    clients(s, 1, Craftsman=1, Patron=1, Merchant=1)
    give(s, 0, "Bar")
    give(s, 1, "Insula")
    pool(s, Rubble=9)
    do(s, CARD("Bar"), CARD("Insula"))
    assert pass_until_owner(s, 1)["budget"] == 4


def test_T04_palace_units():
    s = blank(2)
    building(s, 0, "Palace")
    clients(s, 0, Merchant=1)
    give(s, 0, "Villa", "Sewer")
    jacks(s, 0)
    stock(s, 0, Stone=5)
    s[S.pb(0) + S.O_INFL] = 9
    do(s, CARD("Villa"))
    assert A_PASS in legal(s) and s[S.G_PHASE] == S.PH_MORE
    do(s, CARD("Sewer"), JACK("Merchant"), A_THINK, A_DRAW)   # MORE: PASS only, silent
    f = top_frame(s)
    assert f["owner"] == 0 and f["budget"] == 4


# ---------------------------------------------------------------- T05
def _t05(client=False, tower=False, in_town=0):
    s = blank(2)
    s[S.G_SIN + M["Stone"]] = in_town
    s[S.G_SOUT + M["Stone"]] = 4
    give(s, 0, "Villa")
    jacks(s, 0)
    if client:
        clients(s, 0, Craftsman=1)
    if tower:
        building(s, 0, "Tower")
    lead_alone(s, JACK("Craftsman"))
    return s


def test_T05_out_of_town():
    s = _t05()
    assert FIN("Villa") not in legal(s) and FOUT("Villa") not in legal(s)
    s = _t05(client=True)
    assert FIN("Villa") not in legal(s) and FOUT("Villa") in legal(s)
    do(s, FOUT("Villa"))
    assert get(s, 0, S.O_BST, K["Villa"]) == 1 and s[S.G_SOUT + M["Stone"]] == 3
    assert s[S.G_SP] == 0 or top_frame(s)["owner"] != 0        # both actions consumed
    s = _t05(tower=True)
    assert FOUT("Villa") in legal(s)
    s = _t05(client=True, in_town=1)
    assert FIN("Villa") in legal(s) and FOUT("Villa") in legal(s)


# ---------------------------------------------------------------- T06
def test_T06_completion_raises_limits():
    s = blank(2)
    building(s, 0, "Insula")
    clients(s, 0, Laborer=3)
    building(s, 0, "Garden", complete=False, mats=2)
    give(s, 0, "Coliseum")
    jacks(s, 0)
    pool(s, Rubble=7)
    assert influence(s, 0) == 3 and client_limit(s, 0) == 5
    lead_alone(s, JACK("Craftsman"))
    do(s, BUILD("Garden"), CARD("Coliseum"))
    assert get(s, 0, S.O_BST, K["Garden"]) == 2
    assert influence(s, 0) == 6 and client_limit(s, 0) == 8 and vault_limit(s, 0) == 6
    f = top_frame(s)
    assert f["kind"] == S.FK_BONUS and f["role"] == RL["Patron"] and f["budget"] == 6
    do(s, *[MATA("Rubble")] * 5)
    assert n_clients(s, 0) == 8 and s[S.G_POOL + M["Rubble"]] == 2
    assert s[S.G_SP] == 0 or top_frame(s)["kind"] != S.FK_BONUS       # 6th action: PASS only


# ---------------------------------------------------------------- T07
def test_T07_merchant_bonus_tie():
    s = blank(3)
    vault(s, 0, Stone=2, Marble=1, Rubble=1)
    vault(s, 1, Stone=2, Brick=1)
    vault(s, 2, Stone=1, Brick=1, Wood=1)
    owners = [merchant_bonus_owner(s, m) for m in range(6)]
    assert owners == [0, 2, -1, -1, -1, 0]
    parts = np.zeros(6, np.int64)
    got = []
    for p in range(3):
        score_parts(s, p, parts)
        got.append(int(parts[1] + parts[3]))
    assert got == [16, 8, 9]


# ---------------------------------------------------------------- T08
def _t08(y_hand):
    s = blank(2)
    building(s, 0, "Wall")
    building(s, 0, "Statue", site="Brick")
    building(s, 0, "Villa")
    vault(s, 0, Stone=2, Marble=1, Rubble=1)
    stock(s, 0, Rubble=7)
    give(s, 0, "Bar", "Insula")
    vault(s, 1, Marble=1, Rubble=1)
    s[S.pb(1) + S.O_INFL] = 24
    give(s, 1, *["Bar", "Insula", "Road", "Dock"][:y_hand])
    return s


def test_T08_final_score_and_tie_breaks():
    s = _t08(4)
    assert influence(s, 0) == 9
    parts = np.zeros(6, np.int64)
    assert score_parts(s, 0, parts) == 28
    assert list(parts) == [9, 10, 1, 3, 3, 3]
    assert score_parts(s, 1, parts) == 28
    sc, win, rk = np.zeros(2, np.int64), np.zeros(2), np.zeros(2, np.int64)
    final_result(s, sc, win, rk)
    assert list(win) == [0.0, 1.0] and list(rk) == [2, 1]
    s = _t08(2)
    final_result(s, sc, win, rk)
    assert list(win) == [0.5, 0.5] and list(rk) == [1, 1]


# ---------------------------------------------------------------- T09
def test_T09_forum_completion_wins():
    s = blank(2)
    building(s, 0, "Forum", complete=False, mats=2)
    clients(s, 0, Laborer=1, Craftsman=1, Architect=1, Legionary=1, Merchant=1, Patron=1)
    give(s, 0, "Temple", "Villa")
    jacks(s, 0)
    lead_alone(s, JACK("Craftsman"))
    do(s, BUILD("Forum"), CARD("Temple"))
    assert s[S.G_OVER] == 1 and s[S.G_END] == END_FORUM
    sc, win, rk = np.zeros(2, np.int64), np.zeros(2), np.zeros(2, np.int64)
    final_result(s, sc, win, rk)
    assert list(win) == [1.0, 0.0]
    assert get(s, 0, S.O_HAND, K["Villa"]) == 1          # no further actions


@pytest.mark.parametrize("cl,extra,ok", [
    (dict(Laborer=1, Craftsman=1, Architect=1, Merchant=2, Patron=1), "Ludus Magna", True),
    (dict(Craftsman=1, Architect=1, Legionary=1, Merchant=1, Patron=2), "Storeroom", True),
    (dict(Craftsman=1, Architect=1, Legionary=1, Merchant=1, Patron=1), "Storeroom", False),
    (dict(Laborer=1, Craftsman=1, Architect=1, Merchant=2, Patron=1), None, False),
    (dict(Laborer=1, Craftsman=1, Architect=1, Legionary=1, Patron=2), "Ludus Magna", False),
])
def test_T09_forum_condition(cl, extra, ok):
    s = blank(2)
    building(s, 0, "Forum")
    if extra:
        building(s, 0, extra)
    clients(s, 0, **cl)
    assert forum_ok(s, 0) == ok


def test_T09_gate_forum_foundation_wins():
    s = blank(2)
    building(s, 0, "Gate")
    clients(s, 0, Laborer=1, Craftsman=1, Architect=1, Legionary=1, Merchant=1, Patron=1)
    give(s, 0, "Forum")
    jacks(s, 0)
    lead_alone(s, JACK("Craftsman"))
    do(s, FIN("Forum"))
    assert s[S.G_OVER] == 1 and s[S.G_END] == END_FORUM


# ---------------------------------------------------------------- T10
def test_T10_deck_runs_out_mid_draw():
    s = blank(3)
    s[S.G_DTOP] = 142
    give(s, 0, "Tower")
    give(s, 1, "Bar")
    do(s, CARD("Tower"), A_THINK, A_DRAW)
    assert s[S.G_OVER] == 1 and s[S.G_END] == END_DECK
    assert hand_size(s, 1) == 3 and deck_left(s) == 0
    assert s[S.G_ROLE] == RL["Architect"] and s[S.G_CUR] == 2   # nobody acted


def test_T10_atrium_last_card():
    s = blank(2)
    building(s, 0, "Atrium")
    building(s, 0, "Basilica")
    give(s, 0, "Villa", "Temple")
    s[S.G_DTOP] = 143
    lead_alone(s, CARD("Villa"))
    assert A_ATRIUM in legal(s)
    do(s, A_ATRIUM)
    assert s[S.G_OVER] == 1 and s[S.G_END] == END_DECK and n_vault(s, 0) == 1
    assert get(s, 0, S.O_HAND, K["Temple"]) == 1


# ---------------------------------------------------------------- T11
def _t11(*builds):
    s = blank(2)
    give(s, 0, "Bar", "Insula", "Road", "Market")
    jacks(s, 0)
    for b in builds:
        building(s, 0, b)
    return s


def test_T11_petitions():
    s = _t11()
    assert PET("Patron", "Laborer") in legal(s)
    do(s, PET("Patron", "Laborer"))
    assert legal(s) == [CARD("Bar"), CARD("Insula"), CARD("Road")]
    do(s, CARD("Bar"), CARD("Insula"), CARD("Road"))
    assert s[S.G_ROLE] == RL["Patron"] and get(s, 0, S.O_UNITS) == 1
    assert s[S.G_PHASE] == S.PH_FOLLOW and s[S.G_CUR] == 1
    s = _t11("Circus")
    do(s, PET("Patron", "Laborer"), CARD("Bar"), CARD("Insula"))
    assert s[S.G_PHASE] == S.PH_FOLLOW and get(s, 0, S.O_HN) == 2
    s = _t11("Palace")
    do(s, PET("Patron", "Laborer"), CARD("Bar"), CARD("Insula"), CARD("Road"), JACK("Patron"))
    assert get(s, 0, S.O_UNITS) == 2
    s = blank(2)
    give(s, 0, "Bar", "Insula", "Market")
    assert not any(A_PET <= a < A_MAT and (a - A_PET) % 6 == RL["Laborer"] for a in legal(s))


# ---------------------------------------------------------------- T12
def _think(s, p=0):
    """Put p's lead Thinker action on top (p = leader)."""
    do(s, A_THINK)
    f = top_frame(s)
    assert f["kind"] == S.FK_THINK and f["owner"] == p


def test_T12_thinker_arithmetic():
    s = blank(2)
    give(s, 0, "Bar", "Insula", "Road")
    _think(s)
    do(s, A_DRAW)
    assert hand_size(s, 0) == 5
    s = blank(2)
    give(s, 0, "Bar", "Insula", "Road", "Dock", "Market")
    _think(s)
    do(s, A_DRAW)
    assert hand_size(s, 0) == 6
    s = blank(2)
    building(s, 0, "Shrine")
    give(s, 0, *["Bar"] * 8)
    _think(s)
    do(s, A_DRAW)
    assert hand_size(s, 0) == 9
    building(s, 0, "Temple")
    assert hand_limit(s, 0) == 11
    s = blank(2)
    s[S.G_JPILE] = 0
    give(s, 0, "Bar")
    _think(s)
    assert A_TAKE_JACK not in legal(s)


def test_T12_latrine():
    s = blank(2)
    building(s, 0, "Latrine")
    give(s, 0, "Bar", "Insula", "Road", "Dock")
    _think(s)
    assert CARD("Bar") in legal(s) and A_PASS not in legal(s)
    do(s, CARD("Bar"))
    assert legal(s) == [A_DRAW, A_TAKE_JACK]      # no second discard, no PASS
    do(s, A_DRAW)
    assert hand_size(s, 0) == 5 and s[S.G_POOL + M["Rubble"]] == 1


def test_T12_school():
    s = blank(2)
    building(s, 0, "School", complete=False, mats=1)
    give(s, 0, "Academy", "Bar", "Insula")
    jacks(s, 0)
    lead_alone(s, JACK("Craftsman"))
    do(s, BUILD("School"), CARD("Academy"))
    assert influence(s, 0) == 4
    f = top_frame(s)
    assert f["kind"] == S.FK_THINK and f["budget"] == 4 and A_PASS in legal(s)
    do(s, A_DRAW)
    assert hand_size(s, 0) == 5
    do(s, A_TAKE_JACK, A_TAKE_JACK, A_DRAW)
    assert hand_size(s, 0) == 8


# ---------------------------------------------------------------- T13
def test_T13_prison():
    s = blank(2)
    s[S.pb(0) + S.O_INFL] = 4
    building(s, 0, "Prison", complete=False, mats=2)
    give(s, 0, "Villa")
    jacks(s, 0)
    building(s, 1, "Aqueduct")
    clients(s, 1, Laborer=7)
    assert influence(s, 1) == 4 and client_limit(s, 1) == 8
    lead_alone(s, JACK("Craftsman"))
    do(s, BUILD("Prison"), CARD("Villa"))
    assert influence(s, 0) == 7
    assert TARGET(1, "Aqueduct") in legal(s)
    do(s, TARGET(1, "Aqueduct"))
    assert influence(s, 0) == 4 and influence(s, 1) == 7
    assert get(s, 0, S.O_BST, K["Aqueduct"]) == 2 and get(s, 1, S.O_BST, K["Aqueduct"]) == 0
    assert client_limit(s, 1) == 7 and n_clients(s, 1) == 7 and not client_room(s, 1)
    assert client_limit(s, 0) == 8


# ---------------------------------------------------------------- T14
def test_T14_bath_chain():
    s = blank(2)
    building(s, 0, "Bath")
    give(s, 0, "Palace")
    pool(s, Rubble=1, Marble=1, Stone=1)
    lead_alone(s, CARD("Palace"))
    do(s, MATA("Marble"))
    f = top_frame(s)
    assert f["kind"] == S.FK_BATH and f["role"] == RL["Patron"]
    do(s, MATA("Rubble"))
    f = top_frame(s)
    assert f["kind"] == S.FK_BATH and f["role"] == RL["Laborer"]
    do(s, MATA("Stone"))
    assert get(s, 0, S.O_CLI, RL["Patron"]) == 1 and get(s, 0, S.O_CLI, RL["Laborer"]) == 1
    assert get(s, 0, S.O_STOCK, M["Stone"]) == 1 and sum6(s, S.G_POOL) >= 0
    assert s[S.G_TURN] == 2            # nobody acted again: the turn is over
