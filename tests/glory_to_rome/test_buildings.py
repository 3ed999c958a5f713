"""At least one test per building power (§5.3); BUILDING_TESTS maps every kind to its tests.
Powers covered by a worked example point to that test."""
import numpy as np
import pytest

from sim.glory_to_rome.actions import (A_BAR, A_DRAW, A_FIN, A_FOUNTAIN, A_PASS, A_STAIRWAY, A_TAKE,
                                       A_TAKE_JACK, A_THINK, A_VOMIT)
from sim.glory_to_rome.rules.buildings import oot_cost
from sim.glory_to_rome.rules.cards import hand_size, n_clients, n_vault, sum6
from sim.glory_to_rome.rules.limits import client_limit, hand_limit, vault_limit
from sim.glory_to_rome.rules.powers import act
from sim.glory_to_rome.rules.scoring import score_parts
from sim.glory_to_rome import state as S
from sim.glory_to_rome.board import BUILDING_NAMES, END_CATACOMB
from .helpers import (K, M, RL, blank, give, jacks, pool, stock, vault, clients, building, influence,
                      get, legal, do, lead_alone, top_frame, pass_until_owner, params,
                      CARD, JACK, PET, MATA, POOLMAT, FIN, FOUT, STIN, STOUT, BUILD, TARGET)

BUILDING_TESTS = {
    "Bar": "test_bar", "Insula": "test_insula", "Latrine": "test_T12_latrine", "Road": "test_road",
    "Circus": "test_T11_petitions", "Dock": "test_dock", "Market": "test_market",
    "Palisade": "test_palisade", "Amphitheatre": "test_amphitheatre", "Aqueduct": "test_aqueduct",
    "Bridge": "test_T02b_legionary_bridge", "Senate": "test_senate", "Storeroom": "test_storeroom",
    "Tower": "test_tower", "Vomitorium": "test_vomitorium", "Wall": "test_wall",
    "Academy": "test_academy", "Archway": "test_archway", "Atrium": "test_T10_atrium_last_card",
    "Bath": "test_T14_bath_chain", "Foundry": "test_foundry", "Gate": "test_gate",
    "School": "test_T12_school", "Shrine": "test_T12_thinker_arithmetic", "Catacomb": "test_catacomb",
    "Circus Maximus": "test_T03_thinker_with_clients", "Coliseum": "test_coliseum",
    "Garden": "test_T06_completion_raises_limits", "Prison": "test_T13_prison",
    "Scriptorium": "test_scriptorium", "Sewer": "test_sewer", "Villa": "test_villa",
    "Basilica": "test_basilica", "Forum": "test_T09_forum_completion_wins", "Fountain": "test_fountain",
    "Ludus Magna": "test_T04_merchant_counts", "Palace": "test_T04_palace_units",
    "Stairway": "test_stairway", "Statue": "test_statue", "Temple": "test_temple",
}


def test_every_building_has_a_test():
    from . import test_worked_examples as W
    assert set(BUILDING_TESTS) == set(BUILDING_NAMES)
    here = globals()
    for name, fn in BUILDING_TESTS.items():
        assert fn in here or hasattr(W, fn), (name, fn)


def test_bar():
    s = blank(2)
    building(s, 0, "Bar")
    give(s, 0, "Palace")
    pool(s, Wood=1)
    lead_alone(s, CARD("Palace"))
    assert legal(s) == [A_PASS, A_BAR, MATA("Wood")]
    top_kind = int(s[S.G_DECK + s[S.G_DTOP]])
    do(s, MATA("Wood"))
    assert legal(s) == [A_PASS, A_BAR]           # P2: the Bar sub-step after a pool hire
    do(s, A_BAR)
    assert n_clients(s, 0) == 2
    from sim.glory_to_rome.board import MAT
    assert get(s, 0, S.O_CLI, int(MAT[top_kind])) >= 1


def test_insula():
    s = blank(2)
    assert client_limit(s, 0) == 2
    building(s, 0, "Insula")
    assert client_limit(s, 0) == 3 + 2


def test_road():
    s = blank(2)
    building(s, 0, "Villa", complete=False)
    give(s, 0, "Bar", "Circus")
    jacks(s, 0)
    lead_alone(s, JACK("Craftsman"))
    assert BUILD("Villa") not in legal(s)
    s = blank(2)
    building(s, 0, "Road")
    building(s, 0, "Villa", complete=False)
    give(s, 0, "Bar", "Circus")
    jacks(s, 0)
    lead_alone(s, JACK("Craftsman"))
    do(s, BUILD("Villa"))
    assert legal(s) == [CARD("Bar"), CARD("Circus")]


def test_dock():
    s = blank(2)
    building(s, 0, "Dock")
    give(s, 0, "Bar", "Temple")
    pool(s, Wood=1)
    lead_alone(s, CARD("Bar"))
    assert legal(s) == [A_PASS, CARD("Temple"), MATA("Wood")]
    do(s, MATA("Wood"), CARD("Temple"))
    assert get(s, 0, S.O_STOCK, M["Wood"]) == 1 and get(s, 0, S.O_STOCK, M["Marble"]) == 1


def test_market():
    s = blank(2)
    assert vault_limit(s, 0) == 2
    building(s, 0, "Market")
    assert vault_limit(s, 0) == 3 + 2


def _legionary_vs(n, attacker_builds, target_builds, target_hand):
    s = blank(n)
    for b in attacker_builds:
        building(s, 0, b)
    for b in target_builds:
        building(s, 1, b)
    give(s, 0, "Atrium", "Temple")
    give(s, 1, *target_hand)
    lead_alone(s, CARD("Atrium"))
    do(s, MATA("Marble"))
    return s


def test_palisade():
    s = _legionary_vs(2, [], ["Palisade"], ["Forum"])
    assert get(s, 1, S.O_HN) == 1 and get(s, 0, S.O_STOCK, M["Marble"]) == 0
    s = _legionary_vs(2, [], [], ["Forum"])
    assert s[S.G_TOMOVE] == 1 and legal(s) == [CARD("Forum")]


def test_wall():
    s = _legionary_vs(2, ["Bridge"], ["Wall"], ["Forum"])          # even Bridge
    assert get(s, 1, S.O_HN) == 1
    s = blank(2)
    building(s, 0, "Wall")
    stock(s, 0, Rubble=5)
    parts = np.zeros(6, np.int64)
    score_parts(s, 0, parts)
    assert parts[5] == 2


def test_coliseum():
    s = blank(2)
    building(s, 0, "Coliseum")
    give(s, 0, "Atrium", "Temple")
    clients(s, 1, Patron=1)
    lead_alone(s, CARD("Atrium"))
    do(s, MATA("Marble"))
    assert legal(s) == [A_PASS, A_TAKE]
    do(s, A_TAKE)
    assert get(s, 0, S.O_VAULT, M["Marble"]) == 1 and n_clients(s, 1) == 0


def test_amphitheatre():
    s = blank(2)
    building(s, 0, "Amphitheatre", complete=False, mats=1)
    give(s, 0, "Tower")
    jacks(s, 0)
    lead_alone(s, JACK("Craftsman"))
    give(s, 0, "Wall", "Bar")
    do(s, BUILD("Amphitheatre"), CARD("Tower"))
    f = top_frame(s)
    assert f["kind"] == S.FK_BONUS and f["role"] == RL["Craftsman"] and f["budget"] == 4
    do(s, FIN("Wall"))
    assert get(s, 0, S.O_BST, K["Wall"]) == 1


def test_foundry():
    s = blank(2)
    building(s, 0, "Foundry", complete=False, mats=1)
    give(s, 0, "Gate")
    jacks(s, 0)
    pool(s, Rubble=9)
    lead_alone(s, JACK("Craftsman"))
    do(s, BUILD("Foundry"), CARD("Gate"))
    f = top_frame(s)
    assert f["kind"] == S.FK_BONUS and f["role"] == RL["Laborer"] and f["budget"] == 4
    do(s, *[MATA("Rubble")] * 4)
    assert get(s, 0, S.O_STOCK, M["Rubble"]) == 4


def test_aqueduct():
    s = blank(2)
    building(s, 0, "Aqueduct")
    assert client_limit(s, 0) == 4 * 2
    give(s, 0, "Palace", "Villa")
    lead_alone(s, CARD("Palace"))
    assert CARD("Villa") in legal(s)
    do(s, CARD("Villa"))
    assert get(s, 0, S.O_CLI, RL["Merchant"]) == 1 and get(s, 0, S.O_HN) == 0


def test_senate():
    s2 = blank(2)
    building(s2, 0, "Senate")
    jacks(s2, 0)
    jacks(s2, 1)
    give(s2, 0, "Bar")
    do(s2, JACK("Patron"), JACK("Patron"))
    assert s2[S.G_PHASE] == S.PH_SENATE and s2[S.G_TOMOVE] == 0
    assert legal(s2) == [A_PASS, A_TAKE_JACK]
    do(s2, A_TAKE_JACK)
    assert get(s2, 0, S.O_HJ) == 1 and s2[S.G_TURN] == 2


def test_storeroom():
    s = blank(2)
    building(s, 1, "Storeroom")
    clients(s, 1, Merchant=2, Patron=1)
    give(s, 0, "Bar")
    pool(s, Rubble=5)
    do(s, CARD("Bar"), A_THINK, A_DRAW)
    assert pass_until_owner(s, 1)["budget"] == 3


def test_tower():
    s = blank(2)
    building(s, 0, "Tower")
    building(s, 0, "Temple", complete=False)
    give(s, 0, "Bar")
    jacks(s, 0)
    lead_alone(s, JACK("Craftsman"))
    do(s, BUILD("Temple"), CARD("Bar"))
    assert get(s, 0, S.O_BMAT, K["Temple"]) == 1
    assert oot_cost(s, 0) == 1


def test_vomitorium():
    s = blank(2)
    building(s, 0, "Vomitorium")
    give(s, 0, "Bar", "Temple")
    jacks(s, 0)
    do(s, A_THINK)
    assert A_VOMIT in legal(s)
    pile = int(s[S.G_JPILE])
    do(s, A_VOMIT)
    assert s[S.G_JPILE] == pile + 1 and sum6(s, S.G_POOL) == 2
    assert legal(s)[:2] == [A_DRAW, A_TAKE_JACK] and A_VOMIT not in legal(s)
    do(s, A_DRAW)
    assert hand_size(s, 0) == 5


def test_academy():
    s = blank(2)
    building(s, 0, "Academy")
    give(s, 0, "Circus", "Dock")
    lead_alone(s, CARD("Circus"))
    do(s, FIN("Dock"))
    f = top_frame(s)
    assert f["kind"] == S.FK_THINK and f["owner"] == 0 and s[S.G_PHASE] == S.PH_ACADEMY
    assert A_PASS in legal(s)
    do(s, A_DRAW)
    assert hand_size(s, 0) == 5


def test_archway():
    s = blank(2)
    building(s, 0, "Wall", complete=False)
    give(s, 0, "Tower")
    pool(s, Concrete=1)
    lead_alone(s, CARD("Tower"))
    assert BUILD("Wall") not in legal(s)
    s = blank(2)
    building(s, 0, "Archway")
    building(s, 0, "Wall", complete=False)
    give(s, 0, "Tower")
    pool(s, Concrete=1)
    lead_alone(s, CARD("Tower"))
    do(s, BUILD("Wall"))
    assert legal(s) == [POOLMAT("Concrete")]
    do(s, POOLMAT("Concrete"))
    assert get(s, 0, S.O_BMAT, K["Wall"]) == 1
    assert s[S.G_POOL + M["Concrete"]] == 1     # only the led Tower, back from the camp


def test_gate():
    s = blank(2)
    building(s, 0, "Temple", complete=False)
    assert not act(s, 0, K["Temple"])
    building(s, 0, "Gate")
    assert act(s, 0, K["Temple"]) and hand_limit(s, 0) == 9
    assert get(s, 0, S.O_INFL) == 4          # Influence only at completion


def test_catacomb():
    s = blank(2)
    building(s, 0, "Catacomb", complete=False, mats=2)
    give(s, 0, "Villa")
    jacks(s, 0)
    lead_alone(s, JACK("Craftsman"))
    do(s, BUILD("Catacomb"), CARD("Villa"))
    assert s[S.G_OVER] == 1 and s[S.G_END] == END_CATACOMB and influence(s, 0) == 5


def test_scriptorium():
    s = blank(2)
    building(s, 0, "Scriptorium")
    building(s, 0, "Villa", complete=False)
    give(s, 0, "Temple")
    jacks(s, 0)
    lead_alone(s, JACK("Craftsman"))
    do(s, BUILD("Villa"), CARD("Temple"))
    assert get(s, 0, S.O_BST, K["Villa"]) == 2


def test_sewer():
    s = blank(2)
    building(s, 0, "Sewer")
    give(s, 0, "Bar")
    pool(s, Wood=1)
    lead_alone(s, CARD("Bar"))
    do(s, MATA("Wood"))
    assert s[S.G_PHASE] == S.PH_SEWER and legal(s) == [A_PASS, MATA("Rubble")]
    do(s, MATA("Rubble"))
    assert get(s, 0, S.O_STOCK, M["Rubble"]) == 1 and get(s, 0, S.O_CAMP, M["Rubble"]) == 0


def test_villa():
    s = blank(2)
    building(s, 0, "Villa", complete=False)
    give(s, 0, "Tower")
    stock(s, 0, Stone=1)
    lead_alone(s, CARD("Tower"))
    do(s, BUILD("Villa"), MATA("Stone"))
    assert get(s, 0, S.O_BST, K["Villa"]) == 2 and influence(s, 0) == 5


def test_basilica():
    s = blank(2)
    building(s, 0, "Basilica")
    give(s, 0, "Villa", "Temple")
    stock(s, 0, Stone=1)
    lead_alone(s, CARD("Villa"))
    assert CARD("Temple") in legal(s)
    do(s, MATA("Stone"), CARD("Temple"))
    assert n_vault(s, 0) == 2


def test_fountain():
    s = blank(2)
    building(s, 0, "Fountain")
    give(s, 0, "Circus")
    lead_alone(s, CARD("Circus"))
    assert A_FOUNTAIN in legal(s)
    c = int(s[S.G_DECK + s[S.G_DTOP]])
    do(s, A_FOUNTAIN)
    L = legal(s)
    assert L[0] == A_PASS
    if c != K["Statue"] and c != K["Fountain"]:
        assert A_FIN + c in L
        do(s, A_FIN + c)
        assert get(s, 0, S.O_BST, c) == 1 and get(s, 0, S.O_HAND, c) == 0


def test_stairway():
    s = blank(2)
    building(s, 0, "Stairway")
    building(s, 1, "Market")
    give(s, 0, "Tower")
    stock(s, 0, Wood=1)
    lead_alone(s, CARD("Tower"))
    assert A_STAIRWAY in legal(s)
    do(s, A_STAIRWAY)
    assert legal(s) == [TARGET(1, "Market")]
    do(s, TARGET(1, "Market"), MATA("Wood"))
    assert get(s, 1, S.O_PUB, K["Market"]) == 1
    assert act(s, 0, K["Market"]) and vault_limit(s, 0) == 5 + 2


def test_statue():
    s = blank(2)
    give(s, 0, "Statue")
    jacks(s, 0)
    lead_alone(s, JACK("Craftsman"))
    L = legal(s)
    assert all(STIN(m) in L for m in M)
    do(s, STIN("Rubble"))
    assert get(s, 0, S.O_BSITE, K["Statue"]) == M["Rubble"]
    s = blank(2)
    building(s, 0, "Statue", site="Rubble")
    parts = np.zeros(6, np.int64)
    assert score_parts(s, 0, parts) == 3 + 3 and influence(s, 0) == 3


def test_temple():
    s = blank(2)
    building(s, 0, "Temple")
    assert hand_limit(s, 0) == 9


def test_power_disabled():
    s = blank(2, power_temple=False)
    building(s, 0, "Temple")
    assert hand_limit(s, 0) == 5 and influence(s, 0) == 5
