"""One test (at least) per god, creature, hero and wonder power, and per victory path."""
import numpy as np
import pytest

from sim.mare_nostrum import rules as R
from sim.mare_nostrum import state as ST
from sim.mare_nostrum.board import NP, TAX, CAPITAL
from .helpers import (ROM, GRE, CAR, BAB, EGY, ATL, G, prov, sea, fresh, run_setup, legal_list,
                      act, units, set_units, clear_units, hand, set_hand, strategy_turn,
                      build_turn, force_dice, give_hero, attack_id, move_land, kill_phoenix)


def game(**kw):
    S, P, rng = fresh(**kw)
    run_setup(S, P, rng, ["fruit", "oil"])
    return S, P, rng


def to_round2(S):
    """Pretend round 2 so that round-1 markers count as 'controlled before this round'."""
    S[ST.H_ROUND] = 2


# ---------------------------------------------------------------- gods
def test_baal_destroys_a_city_and_ishtar_cancels():
    S, P, rng = game()
    S[ST.GOD + R.G_BAAL] = ROM + 1
    build_turn(S, P, ROM, rng)
    alex = prov(13)
    act(S, P, R.A_BAAL + alex, rng)
    assert S[ST.CITY + alex] == 1 and S[ST.GOD + R.G_BAAL] == -1
    S, P, rng = game()
    S[ST.GOD + R.G_BAAL] = ROM + 1
    S[ST.GOD + R.G_ISHTAR] = EGY + 1
    build_turn(S, P, ROM, rng)
    act(S, P, R.A_BAAL + alex, rng)
    assert S[ST.H_STEP] == ST.ST_ISHTAR and S[ST.H_DECIDER] == EGY
    act(S, P, R.A_ISHTAR_YES, rng)
    assert S[ST.CITY + alex] == 2 and S[ST.GOD + R.G_BAAL] == -1 and S[ST.GOD + R.G_ISHTAR] == -1
    assert S[ST.H_STEP] == ST.ST_BUILD and S[ST.H_DECIDER] == ROM


def test_vulcan_destroys_a_caravan():
    S, P, rng = game()
    S[ST.GOD + R.G_VULCAN] = ROM + 1
    build_turn(S, P, ROM, rng)
    babylon = prov(19)
    pool = S[ST.POOL]
    act(S, P, R.A_VULCAN + 3 * babylon + 0, rng)
    assert S[ST.CARAVAN + 3 * babylon] == 0 and S[ST.POOL] == pool + 1
    # no target among own or neutral caravans
    assert all(not (R.A_VULCAN + 3 * prov(3) <= a < R.A_VULCAN + 3 * prov(3) + 3) for a in legal_list(S, P))


def test_poseidon_destroys_a_fleet():
    S, P, rng = game()
    S[ST.GOD + R.G_POSEIDON] = ROM + 1
    strategy_turn(S, P, ROM, rng)
    aeg = sea("AEG")
    assert units(S, GRE, aeg, 3) == 1
    act(S, P, R.A_POSEIDON + 6 * (aeg - NP) + GRE, rng)
    assert units(S, GRE, aeg, 3) == 0


def test_isis_deals_one_card_to_each_player():
    S, P, rng = fresh(n=4)
    S[ST.GOD + R.G_ISIS] = 1 + 1
    run_setup(S, P, rng)
    # after income (and no Hermes), Isis' holder picks 4 cards: himself first, then seats 0, 2, 3
    assert S[ST.H_STEP] == ST.ST_ISIS and S[ST.H_DECIDER] == 1
    before = [hand(S, o).sum() for o in range(4)]
    for _ in range(4):
        act(S, P, R.A_PICK_TYPE + TAX, rng)
    assert [hand(S, o).sum() - before[o] for o in range(4)] == [1, 1, 1, 1]
    assert S[ST.GOD + R.G_ISIS] == -1


def test_athena_adds_two_to_all_counts():
    S, P, rng = game()
    cnt0 = np.zeros((4, 6), np.int64)
    R.role_counts(S, P, cnt0)
    S[ST.GOD + R.G_ATHENA] = BAB + 1
    cnt = np.zeros((4, 6), np.int64)
    R.role_counts(S, P, cnt)
    assert (cnt[:, BAB] - cnt0[:, BAB] == 2).all()


# ---------------------------------------------------------------- creatures
def test_phoenix_goes_to_its_card_and_returns():
    S, P, rng = game()
    l = prov(15)
    kill_phoenix(S, P, rng, l)
    assert units(S, EGY, l, 1) == 0 and S[ST.PHOENIX_CARD + EGY] == 1
    assert R.stock(S, P, EGY, 1) == 2
    to_round2(S)
    set_hand(S, EGY, {"tax": 3})
    build_turn(S, P, EGY, rng)
    cap = CAPITAL[EGY]
    legal = legal_list(S, P)
    assert R.A_BUY_PHOENIX + cap in legal and R.A_BUY_PHOENIX + prov(14) not in legal   # 6 elsewhere
    act(S, P, R.A_BUY_PHOENIX + cap, rng)
    assert units(S, EGY, cap, 1) == 1 and S[ST.PHOENIX_CARD + EGY] == 0 and hand(S, EGY).sum() == 0


def test_griffin_flies_two_spaces_over_sea():
    S, P, rng = game()
    ant = prov(17)
    set_units(S, BAB, ant, 1, 1)
    strategy_turn(S, P, BAB, rng)
    legal = legal_list(S, P)
    # Antiochia - CYP - Cyprus (island) is two spaces
    assert R.A_MOVE_GRIFFIN + 41 * ant + prov(33) in legal
    assert not any(R.A_MOVE_LAND + 1681 + 41 * ant <= a < R.A_MOVE_LAND + 1681 + 41 * ant + 41 for a in legal)
    act(S, P, R.A_MOVE_GRIFFIN + 41 * ant + prov(33), rng)
    assert units(S, BAB, prov(33), 1) == 1


def test_kraken_moves_dives_and_surfaces():
    S, P, rng = game()
    pos = prov(34)
    set_units(S, ATL, pos, 1, 1)
    strategy_turn(S, P, ATL, rng)
    legal = legal_list(S, P)
    assert R.A_MOVE_KRAKEN + 53 * pos + sea("ATL") in legal
    assert R.A_DIVE + pos in legal
    act(S, P, R.A_DIVE + pos, rng)
    assert S[ST.KRAKEN_DIVED + ATL] == 1
    assert not any(R.A_SURFACE <= a < R.A_SURFACE + 12 for a in legal_list(S, P))   # a later round
    R.end_of_round(S, P)
    strategy_turn(S, P, ATL, rng)
    act(S, P, R.A_SURFACE + sea("SAR") - NP, rng)
    assert units(S, ATL, sea("SAR"), 1) == 1
    # a Kraken fights fleets at sea with an automatic 6
    set_units(S, ROM, sea("SAR"), 3, 1)
    force_dice(S, [1])
    act(S, P, attack_id(sea("SAR"), ROM), rng)
    assert S[ST.H_B_TA] == 6 and units(S, ROM, sea("SAR"), 3) == 0
    # built only in coastal provinces
    S[ST.H_ROUND] = 3
    set_hand(S, ATL, {"tax": 6})
    build_turn(S, P, ATL, rng)
    assert R.A_BUY_CREATURE + pos in legal_list(S, P)


def test_centaur_and_behemoth_and_titan_covered_elsewhere():
    # T06 (centaur), T07 / T01 (behemoth), T10 (titan) in test_examples.py
    S, P, rng = game()
    assert R.behemoth_in(S, P, CAR, prov(9)) is False
    set_units(S, CAR, prov(9), 1, 1)
    assert R.behemoth_in(S, P, CAR, prov(9)) is True


# ---------------------------------------------------------------- civ heroes
def test_pericles_and_atlas_fleets_cost_two():
    S, P, rng = game()
    assert R.price(S, P, GRE, R.K_TRIREME, False, False) == 2
    assert R.price(S, P, ATL, R.K_TRIREME, False, False) == 2
    assert R.price(S, P, ROM, R.K_TRIREME, False, False) == 3
    assert R.price(S, P, ROM, R.K_FORTRESS, False, False) == 2      # Caesar


def test_atlas_fleets_move_twice():
    S, P, rng = game()
    set_units(S, ATL, sea("ATL"), 3, 1)
    strategy_turn(S, P, ATL, rng)
    act(S, P, R.A_MOVE_FLEET + 12 * 11 + 10, rng)     # ATL -> BAL
    act(S, P, R.A_MOVE_FLEET + 12 * 10 + 1, rng)      # BAL -> SAR
    assert units(S, ATL, sea("SAR"), 3) == 1
    assert not any(R.A_MOVE_FLEET + 12 * 1 <= a < R.A_MOVE_FLEET + 12 * 2 for a in legal_list(S, P))
    # a Roman fleet moves once
    S, P, rng = game()
    set_units(S, ROM, sea("TYR"), 3, 1)
    strategy_turn(S, P, ROM, rng)
    act(S, P, R.A_MOVE_FLEET + 12 * 0 + 1, rng)
    assert not any(R.A_MOVE_FLEET + 12 * 1 <= a < R.A_MOVE_FLEET + 12 * 2 for a in legal_list(S, P))


def test_hammurabi_free_influence_once_per_round():
    S, P, rng = game()
    to_round2(S)
    set_hand(S, BAB, {})
    build_turn(S, P, BAB, rng)
    legal = legal_list(S, P)
    assert R.A_BUY_INFLUENCE + prov(18) in legal       # Arabia, next to Babylon
    act(S, P, R.A_BUY_INFLUENCE + prov(18), rng)
    assert S[ST.INFL + prov(18)] == BAB + 1
    assert not any(R.A_BUY_INFLUENCE <= a < R.A_BUY_CARAVAN for a in legal_list(S, P))


def test_cleopatra_swap():
    S, P, rng = game()
    set_hand(S, EGY, {"grain": 1})
    build_turn(S, P, EGY, rng)
    act(S, P, R.A_CLEO_GIVE + G["grain"], rng)
    assert hand(S, EGY)[TAX] == 1 and hand(S, EGY)[G["grain"]] == 0
    assert not any(R.A_CLEO_GIVE <= a < R.A_JASON_FROM for a in legal_list(S, P))


def test_hannibal_bonus_on_defence_too():
    S, P, rng = game()
    l = prov(9)
    clear_units(S, l)
    set_units(S, CAR, l, 0, 2)
    set_units(S, ROM, l, 0, 1)
    strategy_turn(S, P, ROM, rng)
    force_dice(S, [1, 3, 3])
    act(S, P, attack_id(l, CAR), rng)
    assert S[ST.H_B_TD] == 8


# ---------------------------------------------------------------- base heroes and wonders
def _land_battle(att_units, def_units, att=ROM, dfd=BAB, dice=(), heroes=(), **kw):
    S, P, rng = game(**kw)
    for o, h in heroes:
        give_hero(S, o, h)
    l = prov(23)
    clear_units(S, l)
    for u, k in att_units.items():
        set_units(S, att, l, u, k)
    for u, k in def_units.items():
        set_units(S, dfd, l, u, k)
    strategy_turn(S, P, att, rng)
    force_dice(S, list(dice))
    act(S, P, attack_id(l, dfd), rng)
    return S, P, rng, l


def test_agamemnon_helen_archimedes():
    S, *_ = _land_battle({0: 2}, {0: 2, 2: 1}, dice=[1, 1, 1, 1],
                         heroes=[(ROM, R.H_AGAMEMNON), (BAB, R.H_HELEN), (BAB, R.H_ARCHIMEDES)])
    assert S[ST.H_B_TA] == 4 and S[ST.H_B_TD] == 2 + 2 + 6 + 2
    S, *_ = _land_battle({0: 2}, {0: 2, 2: 1}, dice=[1, 1, 1, 1], base_cards_placeholder=False,
                         heroes=[(ROM, R.H_AGAMEMNON), (BAB, R.H_HELEN), (BAB, R.H_ARCHIMEDES)])
    assert S[ST.H_B_TA] == 2 and S[ST.H_B_TD] == 8


def test_solomon_extra_tax_and_placeholder_switch():
    for on, extra in ((True, 1), (False, 0)):
        S, P, rng = fresh(base_cards_placeholder=on)
        give_hero(S, ROM, R.H_SOLOMON)
        run_setup(S, P, rng)
        assert hand(S, ROM)[TAX] == 3 + 1 + extra


def test_nebuchadnezzar_and_achilles_pillage():
    S, P, rng = game()
    give_hero(S, ROM, R.H_NEBU)
    give_hero(S, ROM, R.H_ACHILLES)
    l = prov(17)                       # Antiochia: Babylon's city
    clear_units(S, l)
    set_units(S, ROM, l, 0, 2)
    S[ST.CARAVAN + 3 * l] = 1
    S[ST.POOL] -= 1
    set_units(S, ROM, prov(31), 0, 1)     # a later pillage step keeps the turn open
    strategy_turn(S, P, ROM, rng)
    act(S, P, R.A_DONE, rng)
    while not (S[ST.H_STEP] == ST.ST_PILLAGE and S[ST.H_PILL_V] == l):
        act(S, P, R.A_NOTHING, rng)
    h0 = hand(S, ROM).copy()
    act(S, P, R.A_PILLAGE + 3, rng)               # the city -> a tax card
    assert S[ST.H_STEP] == ST.ST_PILLAGE and S[ST.H_PILL_V] == l   # Achilles: once more
    act(S, P, R.A_PILLAGE + 0, rng)               # the caravan -> its good
    assert S[ST.CITY + l] == 0 and S[ST.CARAVAN + 3 * l] == 0
    gained = hand(S, ROM) - h0
    assert gained[TAX] == 1 and gained[R.PROV_GOODS[l, 0]] == 1


def test_mausoleum_blocks_pillage():
    S, P, rng = game()
    S[ST.WONDER + R.W_MAUSOLEUM] = BAB + 1
    l = prov(17)
    clear_units(S, l)
    set_units(S, ROM, l, 0, 1)
    strategy_turn(S, P, ROM, rng)
    act(S, P, R.A_DONE, rng)
    while not (S[ST.H_STEP] == ST.ST_PILLAGE and S[ST.H_PILL_V] == l):
        act(S, P, R.A_NOTHING, rng)
    assert not any(R.A_PILLAGE <= a < R.A_TAKE_OVER for a in legal_list(S, P))


def test_ulysses_swap():
    S, P, rng = fresh(n=3)
    give_hero(S, ROM, R.H_ULYSSES)
    S[ST.H_PC] = R.PC_ULYSSES
    S[ST.H_ULY_K] = 0
    S[ST.H_STEP] = -1
    R.advance(S, P, rng)
    assert S[ST.H_STEP] == ST.ST_ULYSSES and S[ST.H_DECIDER] == ROM
    act(S, P, R.A_SWAP + 14 * TAX + G["gold"], rng)
    assert hand(S, ROM)[G["gold"]] == 1 and hand(S, ROM)[TAX] == 2


def test_colossus_pick_good():
    S, P, rng = fresh()
    S[ST.WONDER + R.W_COLOSSUS] = ROM + 1
    run_setup(S, P, rng)
    assert S[ST.H_STEP] == ST.ST_COLOSSUS and S[ST.H_DECIDER] == ROM
    act(S, P, R.A_PICK_GOOD + G["gems"], rng)
    assert hand(S, ROM)[G["gems"]] == 1


def test_temple_of_artemis_once_per_build():
    S, P, rng = game()
    S[ST.WONDER + R.W_ARTEMIS] = BAB + 1
    assert R.price(S, P, BAB, R.K_CITY, False, True) == 2
    assert R.price(S, P, BAB, R.K_CITY, False, False) == 3
    R.end_of_build(S, P)
    assert R.price(S, P, BAB, R.K_CITY, False, False) == 2


def test_hanging_gardens_keep():
    S, P, rng = game()
    S[ST.WONDER + R.W_GARDENS] = ROM + 1
    set_hand(S, ROM, {"gold": 1, "wine": 1, "tax": 4})
    S[ST.H_PC] = R.PC_KEEP
    S[ST.H_COUNT] = 0
    S[ST.H_STEP] = -1
    R.advance(S, P, rng)
    assert S[ST.H_STEP] == ST.ST_KEEP and S[ST.H_DECIDER] == ROM
    act(S, P, R.A_KEEP + G["gold"], rng)
    act(S, P, R.A_KEEP + TAX, rng)
    h = hand(S, ROM)
    assert h[G["gold"]] == 1 and h[TAX] == 3 and h[G["wine"]] == 0


def test_statue_of_zeus_free_legion():
    S, P, rng = game()
    S[ST.WONDER + R.W_ZEUS] = ROM + 1
    set_hand(S, ROM, {})
    build_turn(S, P, ROM, rng)
    act(S, P, R.A_ZEUS + prov(3), rng)
    assert units(S, ROM, prov(3), 0) == 1
    assert not any(R.A_ZEUS <= a < R.A_BAAL for a in legal_list(S, P))


def test_lighthouse_extra_zone():
    S, P, rng = game()
    S[ST.WONDER + R.W_LIGHTHOUSE] = ROM + 1
    set_units(S, ROM, sea("TYR"), 3, 1)
    strategy_turn(S, P, ROM, rng)
    assert R.A_MOVE_FLEET + 12 * 0 + 5 in legal_list(S, P)     # TYR -> ION -> LIB


def test_pyramids_win():
    S, P, rng = game()
    set_hand(S, EGY, {"tax": 12})
    build_turn(S, P, EGY, rng)
    act(S, P, R.A_BUY_WONDER + R.W_PYRAMIDS, rng)
    assert S[ST.H_OVER] == 1 and S[ST.H_WINNER] == EGY and S[ST.H_VPATH] == R.VP_PYRAMIDS


def test_four_heroes_wonders_win_with_civ_hero():
    S, P, rng = game()
    S[ST.WONDER + R.W_COLOSSUS] = ROM + 1
    S[ST.WONDER + R.W_LIGHTHOUSE] = ROM + 1
    set_hand(S, ROM, {"tax": 9})
    build_turn(S, P, ROM, rng)
    act(S, P, R.A_BUY_WONDER + R.W_ZEUS, rng)
    assert S[ST.H_OVER] == 1 and S[ST.H_WINNER] == ROM and S[ST.H_VPATH] == R.VP_HW
    # without the civ hero counting: not yet
    S, P, rng = game(civ_hero_counts=False)
    S[ST.WONDER + R.W_COLOSSUS] = ROM + 1
    S[ST.WONDER + R.W_LIGHTHOUSE] = ROM + 1
    set_hand(S, ROM, {"tax": 9})
    build_turn(S, P, ROM, rng)
    act(S, P, R.A_BUY_WONDER + R.W_ZEUS, rng)
    assert S[ST.H_OVER] == 0


def test_role_victory_and_round_cap():
    S, P, rng = fresh()
    S[ST.GOD + R.G_ATHENA] = ATL + 1
    for r in range(4):
        S[ST.ROLE + r] = ATL
    run_setup(S, P, rng, ["fruit", "oil"])
    # Atlantis: Trader 8, Statesman 3 (< Egypt 5): no role victory
    assert S[ST.H_OVER] == 0
    S, P, rng = fresh(role_victory=True)
    set_units(S, BAB, prov(18), 0, 8)
    S[ST.GOD + R.G_ATHENA] = BAB + 1
    for v in (prov(18), prov(22), prov(23)):
        S[ST.INFL + v] = BAB + 1
    S[ST.CITY + prov(22)] = 1
    S[ST.TEMPLE + prov(22)] = 1
    S[ST.MARKET + prov(19)] = 1
    S[ST.CITY + prov(25)] = 1
    S[ST.INFL + prov(25)] = BAB + 1
    S[ST.POOL + 1] -= 2
    S[ST.POOL + 3] -= 1
    run_setup(S, P, rng, ["fruit", "oil"])
    if S[ST.H_OVER]:
        assert S[ST.H_VPATH] == R.VP_ROLES and S[ST.H_WINNER] == BAB
    # round cap
    S, P, rng = game(max_rounds=10)
    S[ST.H_ROUND] = 11
    S[ST.H_PC] = R.PC_ROLES
    S[ST.H_STEP] = -1
    R.advance(S, P, rng)
    assert S[ST.H_OVER] == 1 and S[ST.H_VPATH] == R.VP_UNFINISHED and S[ST.H_WINNER] == -1


# ---------------------------------------------------------------- Mythology heroes
def test_aeneas_zone_counts_as_fleet():
    S, P, rng = game()
    give_hero(S, ROM, R.H_AENEAS)
    set_units(S, ROM, prov(3), 0, 1)
    strategy_turn(S, P, ROM, rng)
    assert move_land(0, prov(3), prov(7)) not in legal_list(S, P)
    act(S, P, R.A_AENEAS + 0, rng)                      # TYR
    assert move_land(0, prov(3), prov(7)) in legal_list(S, P)
    assert not any(R.A_AENEAS <= a < R.A_AENEAS + 12 for a in legal_list(S, P))


def test_ajax_rerolls_low_dice():
    S, P, rng, l = _land_battle({0: 2}, {0: 1}, dice=[1, 5, 6, 4], heroes=[(ROM, R.H_AJAX)])
    assert S[ST.H_STEP] == ST.ST_AJAX and S[ST.H_DECIDER] == ROM
    act(S, P, R.A_AJAX + 3, rng)            # the 1 is rerolled (-> 4); the 5 stays
    assert S[ST.H_B_TA] == 5 + 4 and S[ST.H_B_TD] == 6


def test_antigone_may_decline_the_exchange():
    S, P, rng = fresh(n=3)
    run_setup(S, P, rng)
    give_hero(S, 1, R.H_ANTIGONE)
    S[ST.ROLE] = 0
    S[ST.H_PC] = R.PC_EX_INIT
    S[ST.H_STEP] = -1
    R.advance(S, P, rng)
    act(S, P, R.A_ANNOUNCE_X + 1, rng)
    assert S[ST.H_STEP] == ST.ST_EX_ANTIGONE and S[ST.H_DECIDER] == 1
    act(S, P, R.A_ANTIGONE_OUT, rng)
    assert S[ST.EX_IN + 1] == 0


def test_ariadne_bonus():
    S, P, rng = game()
    give_hero(S, BAB, R.H_ARIADNE)
    l = prov(19)                 # Babylon: city, 2 caravans, market
    clear_units(S, l)
    set_units(S, BAB, l, 0, 1)
    set_units(S, ROM, l, 0, 1)
    strategy_turn(S, P, ROM, rng)
    force_dice(S, [1, 1])
    act(S, P, attack_id(l, BAB), rng)
    assert S[ST.H_B_TD] == 1 + 1 * 3 + 2 * 1


def test_gilgamesh_free_fortress():
    S, P, rng = game()
    to_round2(S)
    give_hero(S, BAB, R.H_GILGAMESH)
    build_turn(S, P, BAB, rng)
    act(S, P, R.A_BUY_INFLUENCE + prov(18), rng)      # Hammurabi's free marker
    assert R.A_GILGAMESH + prov(18) in legal_list(S, P)
    act(S, P, R.A_GILGAMESH + prov(18), rng)
    assert units(S, BAB, prov(18), 2) == 1
    assert not any(R.A_GILGAMESH <= a < R.A_ZEUS for a in legal_list(S, P))


def test_hercules_legion_scores_six():
    S, P, rng, l = _land_battle({0: 2}, {0: 1}, dice=[2, 3], heroes=[(ROM, R.H_HERCULES)])
    assert S[ST.H_STEP] == ST.ST_HERCULES and S[ST.H_DECIDER] == ROM
    act(S, P, R.A_HERCULES_YES, rng)
    assert S[ST.H_B_TA] == 6 + 2 and S[ST.H_B_TD] == 3
    assert R.used_get(S, ROM, ST.U_HERCULES) == 1           # once per round
    # Hercules' legion is immune to a centaur (chosen before the centaurs strike)
    S, P, rng = game()
    give_hero(S, ROM, R.H_HERCULES)
    l = prov(23)
    clear_units(S, l)
    set_units(S, ROM, l, 0, 1)
    set_units(S, GRE, l, 1, 1)
    strategy_turn(S, P, ROM, rng)
    force_dice(S, [])
    act(S, P, attack_id(l, GRE), rng)
    act(S, P, R.A_HERCULES_YES, rng)
    assert S[ST.H_B_TA] == 6 and S[ST.H_B_TD] == 6


def test_jason_moves_a_caravan():
    S, P, rng = game()
    to_round2(S)
    give_hero(S, ROM, R.H_JASON)
    l = prov(17)
    clear_units(S, l)
    set_units(S, ROM, l, 0, 1)
    S[ST.CARAVAN + 3 * l] = 1
    S[ST.POOL] -= 1
    build_turn(S, P, ROM, rng)
    act(S, P, R.A_JASON_FROM + 3 * l + 0, rng)
    assert S[ST.H_STEP] == ST.ST_JASON2
    to = 3 * prov(2) + 0                     # Etruria metal icon
    act(S, P, R.A_JASON_TO + to, rng)
    assert S[ST.CARAVAN + 3 * l] == 0 and S[ST.CARAVAN + to] == 1


def test_castor_pollux_copy():
    S, P, rng = game()
    give_hero(S, BAB, R.H_IMHOTEP)
    S[ST.DISPLAY + R.H_CASTOR] = 1
    set_hand(S, ROM, {"tax": 9})
    build_turn(S, P, ROM, rng)
    act(S, P, R.A_BUY_HERO + R.H_CASTOR, rng)
    assert S[ST.H_STEP] == ST.ST_COPY
    assert legal_list(S, P) == [R.A_COPY + R.H_IMHOTEP]
    act(S, P, R.A_COPY + R.H_IMHOTEP, rng)
    assert R.has_hero(S, P, ROM, R.H_IMHOTEP)
    assert R.price(S, P, ROM, R.K_WONDER, False, False) == 8


def test_circe_legions_produce():
    S, P, rng = game()
    give_hero(S, ROM, R.H_CIRCE)
    set_units(S, ROM, prov(2), 0, 2)      # Etruria: metal, wine icons free
    out = np.zeros(14, np.int64)
    R.province_income(S, P, prov(2), ROM, out)
    assert out[G["metal"]] == 1 and out[G["wine"]] == 1


def test_queen_of_sheba_edge_legions():
    S, P, rng = game()
    give_hero(S, ROM, R.H_SHEBA)
    set_hand(S, ROM, {"tax": 3})
    build_turn(S, P, ROM, rng)
    assert R.A_BUY_LEGION + prov(19) in legal_list(S, P)    # Babylon is an edge province
    assert R.A_BUY_LEGION + prov(5) not in legal_list(S, P)


def test_croesus_builds_the_round_of_the_marker():
    S, P, rng = game()
    to_round2(S)
    give_hero(S, BAB, R.H_CROESUS)
    set_hand(S, BAB, {"tax": 6})
    build_turn(S, P, BAB, rng)
    act(S, P, R.A_BUY_INFLUENCE + prov(18), rng)           # free (Hammurabi)
    assert R.A_BUY_CARAVAN + 3 * prov(18) in legal_list(S, P)
    act(S, P, R.A_BUY_CARAVAN + 3 * prov(18), rng)         # 3 - 1
    assert hand(S, BAB)[TAX] == 4
    act(S, P, R.A_BUY_CARAVAN + 3 * prov(18) + 1, rng)     # once per type: full price
    assert hand(S, BAB)[TAX] == 1


def test_medusa_cancels_a_battle():
    S, P, rng = game()
    give_hero(S, BAB, R.H_MEDUSA)
    l = prov(23)
    set_units(S, BAB, l, 0, 1)
    set_units(S, ROM, l, 0, 3)
    strategy_turn(S, P, ROM, rng)
    act(S, P, attack_id(l, BAB), rng)
    assert S[ST.H_STEP] == ST.ST_MEDUSA and S[ST.H_DECIDER] == BAB
    act(S, P, R.A_MEDUSA_YES, rng)
    assert units(S, BAB, l, 0) == 1 and units(S, ROM, l, 0) == 3
    assert S[ST.ATTACKED + l] == 1 and R.A_DONE in legal_list(S, P)


def test_midas_turns_an_enemy_legion():
    S, P, rng = game()
    give_hero(S, ROM, R.H_MIDAS)
    set_hand(S, ROM, {"tax": 2})
    l = prov(23)
    set_units(S, BAB, l, 0, 2)
    set_units(S, ROM, l, 0, 1)
    strategy_turn(S, P, ROM, rng)
    force_dice(S, [1, 1, 1])
    act(S, P, attack_id(l, BAB), rng)
    assert S[ST.H_STEP] == ST.ST_MIDAS and S[ST.H_DECIDER] == ROM
    act(S, P, R.A_MIDAS_YES, rng)
    assert S[ST.H_B_TA] == 2 and S[ST.H_B_TD] == 1
    assert hand(S, ROM)[TAX] == 0


def test_minos_island_discount():
    S, P, rng = game()
    give_hero(S, ATL, R.H_MINOS)
    assert R.price(S, P, ATL, R.K_CITY, True, False) == 2
    assert R.price(S, P, ATL, R.K_CITY, False, False) == 3


def test_moses_crosses_straits():
    S, P, rng = game()
    give_hero(S, ROM, R.H_MOSES)
    set_units(S, ROM, prov(5), 0, 1)
    strategy_turn(S, P, ROM, rng)
    assert move_land(0, prov(5), prov(7)) in legal_list(S, P)      # Messina


def test_spartacus_legion_for_slaves():
    S, P, rng = game()
    give_hero(S, CAR, R.H_SPARTACUS)
    set_hand(S, CAR, {"slaves": 1})
    build_turn(S, P, CAR, rng)
    act(S, P, R.A_SPARTACUS + prov(9), rng)
    assert hand(S, CAR).sum() == 0 and units(S, CAR, prov(9), 0) == 2


def test_adonis_and_imhotep_and_penthesilea_and_hamilcar_elsewhere():
    # Adonis T13, Imhotep/Croesus T04, Penthesilea T05/T10, Hamilcar T08 (test_examples.py)
    S, P, rng = game()
    give_hero(S, ROM, R.H_PENTHESILEA)
    assert R.losses_from(S, P, 12, ROM, True) == 2


def test_poseidon_reaction_sinks_the_chain_and_cancels():
    S, P, rng = game()
    S[ST.GOD + R.G_POSEIDON] = CAR + 1
    pos = prov(34)
    set_units(S, ATL, pos, 0, 1)
    set_units(S, ATL, sea("ATL"), 3, 1)
    set_units(S, ATL, sea("BAL"), 3, 1)
    strategy_turn(S, P, ATL, rng)
    act(S, P, move_land(0, pos, prov(38)), rng)            # Poseidonis -> Gallia Narbonensis
    assert S[ST.H_STEP] == ST.ST_POSEIDON and S[ST.H_DECIDER] == CAR
    assert sorted(legal_list(S, P)) == [R.A_PASS, R.A_POSEIDON_REACT + 10, R.A_POSEIDON_REACT + 11]
    act(S, P, R.A_POSEIDON_REACT + 10, rng)                 # sink the BAL fleet
    assert units(S, ATL, sea("BAL"), 3) == 0
    assert units(S, ATL, pos, 0) == 1 and units(S, ATL, prov(38), 0) == 0   # cancelled
    assert S[ST.H_STEP] == ST.ST_STRAT and S[ST.GOD + R.G_POSEIDON] == -1


def test_points_start():
    S, P, rng = fresh(start="points")
    R.advance(S, P, rng)
    assert S[ST.H_STEP] == ST.ST_POINTS and S[ST.H_DECIDER] == 0 and S[ST.H_BUDGET] == 9
    assert S[ST.HERO + R.CH_CAESAR] == 0
    legal = legal_list(S, P)
    assert R.A_BUY_HERO + R.CH_CAESAR in legal and R.A_BUY_LEGION + prov(3) in legal
    assert R.A_BUY_LEGION + prov(5) not in legal                 # home provinces only
    assert R.A_BUY_CREATURE + prov(3) in legal and R.A_BUY_CREATURE + prov(2) not in legal
    act(S, P, R.A_BUY_LEGION + prov(3), rng)                     # Caesar's 2 applies
    assert S[ST.H_BUDGET] == 7
    act(S, P, R.A_BUY_CITY + prov(2), rng)
    act(S, P, R.A_DONE, rng)                                     # 4 points lost
    assert S[ST.H_DECIDER] == 1 and S[ST.H_BUDGET] == 9
    for _ in range(5 * 6 - 1):
        act(S, P, R.A_DONE, rng)
    assert S[ST.H_STEP] != ST.ST_POINTS and S[ST.H_ROUND] == 1
    assert all(S[ST.ROLE + r] >= 0 for r in range(4))


def test_base_game_myth0():
    S, P, rng = fresh(n=5, myth=False)
    assert S[ST.BANK + G["pottery"]] == 0 and S[ST.BANK + TAX] == 35 and S[ST.BANK + G["gold"]] == 5
    assert S[ST.INFL + prov(34)] == 0 and sum(S[ST.DISPLAY:ST.DISPLAY + 27]) == 6
    R.advance(S, P, rng)
    assert S[ST.H_STEP] == ST.ST_POINTS and S[ST.H_BUDGET] == 9
    assert R.A_BUY_CREATURE + prov(3) not in legal_list(S, P)
