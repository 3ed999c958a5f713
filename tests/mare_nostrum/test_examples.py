"""The worked examples T01-T13 of the rules spec (§10), dice forced."""
import numpy as np
import pytest

from sim.mare_nostrum import rules as R
from sim.mare_nostrum import state as ST
from sim.mare_nostrum.board import NP
from sim.rng import new_stream
from .helpers import (ROM, GRE, CAR, BAB, EGY, ATL, G, prov, sea, fresh, run_setup, legal_list,
                      act, units, set_units, clear_units, hand, set_hand, strategy_turn,
                      build_turn, force_dice, give_hero, attack_id, move_land, params)


def test_t01_seed_battle():
    S, P, rng = fresh()
    run_setup(S, P, rng)
    carthago, poseidonis = prov(9), prov(34)
    clear_units(S, carthago)
    set_units(S, CAR, carthago, 2, 1)      # fortress
    set_units(S, CAR, carthago, 1, 1)      # Behemoth
    set_units(S, CAR, carthago, 0, 2)      # legions
    set_units(S, ATL, poseidonis, 0, 4)
    for s in ("ATL", "BAL", "SAR"):
        set_units(S, ATL, sea(s), 3, 1)
    set_units(S, ATL, sea("SAR"), 1, 1)    # Kraken
    strategy_turn(S, P, ATL, rng)
    for _ in range(4):
        act(S, P, move_land(0, poseidonis, carthago), rng)      # transport ATL-BAL-SAR
    act(S, P, R.A_MOVE_KRAKEN + 53 * sea("SAR") + carthago, rng)
    assert R.A_DONE not in legal_list(S, P)                     # the attack is owed
    force_dice(S, [1, 2, 4, 4, 5, 3, 3])
    act(S, P, attack_id(carthago, CAR), rng)
    assert S[ST.H_B_TA] == 16 and S[ST.H_B_TD] == 20
    assert 16 // 5 == 3 and 20 // 5 == 4
    # Atlantis picks: 4 legions; Carthage: 2 legions + fortress
    for _ in range(4):
        assert S[ST.H_STEP] == ST.ST_CASUALTY and S[ST.H_DECIDER] == ATL
        act(S, P, R.A_CASUALTY + 0, rng)
    for u in (0, 0, 2):
        assert S[ST.H_STEP] == ST.ST_CASUALTY and S[ST.H_DECIDER] == CAR
        act(S, P, R.A_CASUALTY + u, rng)
    assert units(S, ATL, carthago, 1) == 1 and units(S, ATL, carthago, 0) == 0
    assert units(S, CAR, carthago, 1) == 1
    assert units(S, CAR, carthago, 0) == 0 and units(S, CAR, carthago, 2) == 0
    assert R.n_owners_present(S, carthago) == 2                 # at war
    assert R.buildable(S, CAR, carthago, False)                 # own capital
    assert R.income_receiver(S, P, carthago) == -1              # D09
    assert S[ST.H_STEP] == ST.ST_STRAT and S[ST.ATTACKED + carthago] == 1   # one round only
    assert attack_id(carthago, CAR) not in legal_list(S, P)


def test_t02_roles_with_ties():
    S, P, rng = fresh()
    run_setup(S, P, rng, ["fruit", "oil"])
    cnt = np.zeros((4, 6), np.int64)
    R.role_counts(S, P, cnt)
    order = [ATL, BAB, EGY, CAR, GRE, ROM]
    assert [cnt[0, o] for o in order] == [6, 5, 2, 6, 4, 5]
    assert [cnt[1, o] for o in order] == [1, 2, 5, 1, 3, 1]
    assert [cnt[2, o] for o in order] == [1, 1, 1, 2, 2, 2]
    assert [cnt[3, o] for o in order] == [1, 1, 1, 1, 1, 1]
    assert list(S[ST.ROLE:ST.ROLE + 4]) == [CAR, EGY, ROM, GRE]
    # (a) Atlantis holds Athena
    S, P, rng = fresh()
    S[ST.GOD + R.G_ATHENA] = ATL + 1
    run_setup(S, P, rng, ["fruit", "oil"])
    assert list(S[ST.ROLE:ST.ROLE + 4]) == [ATL, EGY, ATL, ATL]
    assert S[ST.GOD + R.G_ATHENA] == -1
    # (b) Babylon owns Moses
    S, P, rng = fresh()
    give_hero(S, BAB, R.H_MOSES)
    run_setup(S, P, rng, ["fruit", "oil"])
    assert S[ST.ROLE + 3] == BAB


def test_t02c_absent_role_random_among_roleless():
    seen = set()
    P = params(civ_assignment="random")
    for seed in range(200):
        S = R.new_game(5, P, new_stream(np.uint64(seed), 0, 0))
        civs = [S[ST.CIV_OF + o] for o in range(5)]
        if GRE in civs:
            continue
        hp = S[ST.ROLE + 3]
        seen.add(int(S[ST.CIV_OF + hp]))
    assert seen == {ATL, BAB}


def test_t03_income_market_temple():
    S, P, rng = fresh()
    S[ST.GOD + R.G_HERMES] = EGY + 1
    run_setup(S, P, rng, ["fruit", "oil"])
    h = hand(S, ATL)
    assert h[G["tax"]] == 1 + 3 and h[G["pottery"]] == 3 and h[G["gems"]] == 2
    assert h[G["fruit"]] == 1 and h[G["metal"]] == 1 and h.sum() == 8 + 3
    h = hand(S, CAR)
    assert (h[G["tax"]], h[G["fish"]], h[G["oil"]], h[G["livestock"]], h[G["slaves"]]) == (4, 2, 3, 1, 1)
    # Hermes: Egypt picks among the types it received
    assert S[ST.H_STEP] == ST.ST_HERMES and S[ST.H_DECIDER] == EGY
    legal = legal_list(S, P)
    assert sorted(legal) == sorted(R.A_PICK_TYPE + t for t in (G["tax"], G["papyrus"], G["grain"]))
    h = hand(S, EGY)
    assert h[G["tax"]] == 6 + 3 and h[G["papyrus"]] == 1 and h[G["grain"]] == 1 and h.sum() == 11
    for _ in range(3):
        act(S, P, R.A_PICK_TYPE + G["tax"], rng)
    assert hand(S, EGY)[G["tax"]] == 12 and S[ST.GOD + R.G_HERMES] == -1
    # a Roman legion alone in Byzacena takes its oil
    set_units(S, ROM, prov(10), 0, 1)
    assert R.income_receiver(S, P, prov(10)) == ROM
    out = np.zeros(14, np.int64)
    tot = 0
    for v in range(NP):
        if R.income_receiver(S, P, v) == CAR:
            out[:] = 0
            R.province_income(S, P, v, CAR, out)
            tot += out.sum()
    assert tot == 7


def test_t04_n_different_cards():
    S, P, rng = fresh()
    run_setup(S, P, rng)
    set_hand(S, ROM, {"grain": 2, "wine": 1, "fruit": 1, "oil": 1, "tax": 2})
    assert R.pay_capacity(S, P, ROM) >= 6                      # market payable
    assert R.price(S, P, ROM, R.K_LEGION, False, False) == 2   # Caesar
    R.pay(S, P, ROM, 2)
    h = hand(S, ROM)
    assert h[G["grain"]] == 1 and h[G["fruit"]] == 0 and h.sum() == 5
    n = 1
    while R.pay_capacity(S, P, ROM) >= 2:
        R.pay(S, P, ROM, 2)
        n += 1
    assert n == 3 and hand(S, ROM)[G["tax"]] == 1 and hand(S, ROM).sum() == 1
    # a 6-card payment never repeats a good
    set_hand(S, ROM, {"grain": 2, "wine": 1, "fruit": 1, "oil": 1, "tax": 2})
    R.pay(S, P, ROM, 6)
    assert list(np.nonzero(hand(S, ROM))[0]) == [G["grain"]]
    # tax_wild = 0
    S, P, rng = fresh(tax_wild=False)
    run_setup(S, P, rng)
    set_hand(S, ROM, {"grain": 2, "wine": 1, "fruit": 1, "oil": 1, "tax": 2})
    assert R.pay_capacity(S, P, ROM) < 6
    paid = []
    while R.pay_capacity(S, P, ROM) >= 2:
        before = hand(S, ROM).copy()
        R.pay(S, P, ROM, 2)
        paid.append(sorted(np.nonzero(before - hand(S, ROM))[0]))
    assert paid == [[G["grain"], G["fruit"]], [G["grain"], G["oil"]], [G["tax"]]]
    assert list(np.nonzero(hand(S, ROM))[0]) == [G["wine"]]
    # Pyramids prices
    S, P, rng = fresh()
    pyr = lambda: R.price(S, P, ROM, R.K_PYRAMIDS, False, False)
    assert pyr() == 12
    give_hero(S, ROM, R.H_IMHOTEP)
    assert pyr() == 11
    give_hero(S, ROM, R.H_CROESUS)
    assert pyr() == 11
    S[ST.HERO + R.H_IMHOTEP] = 0
    assert pyr() == 11
    S, P, rng = fresh(advanced=True)
    assert R.price(S, P, ROM, R.K_PYRAMIDS, False, False) == 13
    give_hero(S, ROM, R.H_IMHOTEP)
    assert R.price(S, P, ROM, R.K_PYRAMIDS, False, False) == 12


def test_t05_penthesilea():
    S, P, rng = fresh()
    give_hero(S, GRE, R.H_PENTHESILEA)
    assert R.losses_from(S, P, 17, GRE, True) == 2
    assert R.losses_from(S, P, 11, ROM, True) == 2
    assert R.losses_from(S, P, 17, GRE, False) == 3


def _battle(S, P, rng, att, l, dfd, dice):
    strategy_turn(S, P, att, rng)
    force_dice(S, dice)
    act(S, P, attack_id(l, dfd), rng)


def test_t06_centaur():
    S, P, rng = fresh()
    run_setup(S, P, rng)
    l = prov(2)
    clear_units(S, l)
    set_units(S, GRE, l, 1, 1)
    set_units(S, GRE, l, 0, 2)
    set_units(S, ROM, l, 0, 3)
    set_units(S, ROM, l, 2, 1)
    _battle(S, P, rng, GRE, l, ROM, [4, 2, 5, 6])
    assert S[ST.H_B_TA] == 12 and S[ST.H_B_TD] == 17
    assert units(S, GRE, l, 0) + units(S, GRE, l, 1) == 0      # 3 losses of 3: automatic
    assert S[ST.H_STEP] == ST.ST_CASUALTY and S[ST.H_DECIDER] == ROM
    act(S, P, R.A_CASUALTY + 0, rng)
    act(S, P, R.A_CASUALTY + 0, rng)
    assert units(S, ROM, l, 0) == 0 and units(S, ROM, l, 2) == 1
    # two centaurs against 1 legion + 1 fortress kill just the legion
    S, P, rng = fresh()
    run_setup(S, P, rng)
    clear_units(S, l)
    set_units(S, GRE, l, 1, 2)
    set_units(S, ROM, l, 0, 1)
    set_units(S, ROM, l, 2, 1)
    _battle(S, P, rng, GRE, l, ROM, [])
    assert S[ST.H_B_TD] == 6            # the legion died before dice: only the fortress fights
    assert S[ST.H_B_TA] == 12


def test_t07_behemoth():
    S, P, rng = fresh()
    run_setup(S, P, rng)
    l = prov(8)
    clear_units(S, l)
    set_units(S, ROM, l, 0, 2)
    set_units(S, ROM, l, 1, 1)
    set_units(S, CAR, l, 1, 1)
    set_units(S, CAR, l, 2, 1)
    _battle(S, P, rng, ROM, l, CAR, [3, 5, 2])
    assert S[ST.H_B_TA] == 10 and S[ST.H_B_TD] == 12
    assert S[ST.H_STEP] == ST.ST_CASUALTY and S[ST.H_DECIDER] == ROM
    act(S, P, R.A_CASUALTY + 0, rng)
    act(S, P, R.A_CASUALTY + 0, rng)
    assert units(S, ROM, l, 1) == 1 and units(S, CAR, l, 1) + units(S, CAR, l, 2) == 0
    assert R.alone_foreign(S, ROM, l)                            # occupied by Rome
    # a Behemoth attacking a Roman fortress: the fortress rolls, the Behemoth scores 6
    S, P, rng = fresh()
    run_setup(S, P, rng)
    l = prov(2)
    clear_units(S, l)
    set_units(S, CAR, l, 1, 1)
    set_units(S, ROM, l, 2, 1)
    _battle(S, P, rng, CAR, l, ROM, [2])
    assert S[ST.H_B_TA] == 6 and S[ST.H_B_TD] == 2


def test_t08_hamilcar():
    S, P, rng = fresh()
    run_setup(S, P, rng)
    give_hero(S, CAR, R.H_HAMILCAR)
    l = prov(2)
    clear_units(S, l)
    set_units(S, CAR, l, 0, 3)
    set_units(S, ROM, l, 0, 1)
    _battle(S, P, rng, CAR, l, ROM, [1])
    for _ in range(3):
        assert S[ST.H_STEP] == ST.ST_HAMILCAR and S[ST.H_DECIDER] == CAR
        act(S, P, R.A_HAMILCAR_TAKE, rng)
    assert S[ST.H_B_TA] == 15                         # 3 x (4 + Hannibal 1)
    # mixed: the first die is rolled (6 -> 7), the other two take 4 (-> 5 + 5) = 17
    S, P, rng = fresh()
    run_setup(S, P, rng)
    give_hero(S, CAR, R.H_HAMILCAR)
    clear_units(S, l)
    set_units(S, CAR, l, 0, 3)
    set_units(S, ROM, l, 0, 1)
    _battle(S, P, rng, CAR, l, ROM, [6, 1])
    act(S, P, R.A_HAMILCAR_ROLL, rng)
    act(S, P, R.A_HAMILCAR_TAKE, rng)
    act(S, P, R.A_HAMILCAR_TAKE, rng)
    assert S[ST.H_B_TA] == 17 and 17 // 5 == 3
    # without Hannibal, defending against a Behemoth: 4 for legions and the forced fortress
    S, P, rng = fresh()
    run_setup(S, P, rng)
    give_hero(S, ROM, R.H_HAMILCAR)
    l = prov(2)
    clear_units(S, l)
    set_units(S, ROM, l, 0, 2)
    set_units(S, ROM, l, 2, 1)
    set_units(S, CAR, l, 1, 1)
    _battle(S, P, rng, CAR, l, ROM, [])
    for _ in range(3):
        assert S[ST.H_STEP] == ST.ST_HAMILCAR and S[ST.H_DECIDER] == ROM
        act(S, P, R.A_HAMILCAR_TAKE, rng)
    assert S[ST.H_B_TD] == 12


def t09_battle(ishtar, **kw):
    """T09's battle up to the totals: Carthage (holding Mars) attacks Rome in province 2, Rome
    holding Ishtar if `ishtar`; `kw` are parameters. Returns S, P, rng and the province."""
    S, P, rng = fresh(**kw)
    run_setup(S, P, rng)
    l = prov(2)
    clear_units(S, l)
    set_units(S, CAR, l, 0, 2)
    set_units(S, CAR, l, 2, 1)
    set_units(S, ROM, l, 0, 2)
    set_units(S, ROM, l, 2, 1)
    S[ST.HERO + R.CH_HANNIBAL] = 0
    S[ST.GOD + R.G_MARS] = CAR + 1
    if ishtar:
        S[ST.GOD + R.G_ISHTAR] = ROM + 1
    _battle(S, P, rng, CAR, l, ROM, [3, 5, 3, 3])
    return S, P, rng, l


def test_t09_mars_and_ishtar():
    for ishtar in (False, True):
        S, P, rng, l = t09_battle(ishtar)
        assert S[ST.H_B_TA] == 14 and S[ST.H_B_TD] == 12
        assert S[ST.H_STEP] == ST.ST_MARS and S[ST.H_DECIDER] == CAR
        act(S, P, R.A_MARS_YES, rng)
        assert S[ST.H_B_TA] == 20
        if ishtar:
            assert S[ST.H_STEP] == ST.ST_ISHTAR and S[ST.H_DECIDER] == ROM
            act(S, P, R.A_ISHTAR_YES, rng)
            assert S[ST.H_B_TA] == 14 and S[ST.GOD + R.G_ISHTAR] == -1
        assert S[ST.GOD + R.G_MARS] == -1
        # Carthage loses 12 // 5 = 2 of its 3 units (its choice)
        assert S[ST.H_STEP] == ST.ST_CASUALTY and S[ST.H_DECIDER] == CAR
        act(S, P, R.A_CASUALTY + 0, rng)
        act(S, P, R.A_CASUALTY + 0, rng)
        if ishtar:      # 14 -> 2 Roman losses of 3
            assert S[ST.H_STEP] == ST.ST_CASUALTY and S[ST.H_DECIDER] == ROM
            act(S, P, R.A_CASUALTY + 0, rng)
            act(S, P, R.A_CASUALTY + 0, rng)
            assert units(S, ROM, l, 2) == 1
        else:           # 20 -> 4 losses, capped at the 3 Roman units
            assert units(S, ROM, l, 0) + units(S, ROM, l, 2) == 0
        assert units(S, CAR, l, 2) == 1 and units(S, CAR, l, 0) == 0


def test_t10_titan_ranged():
    S, P, rng = fresh()
    run_setup(S, P, rng)
    roma = prov(3)
    set_units(S, ROM, roma, 1, 2)
    set_units(S, CAR, sea("TYR"), 3, 3)
    strategy_turn(S, P, ROM, rng)
    force_dice(S, [5, 6])
    act(S, P, R.A_TITAN1 + 20 * roma + 1, rng)
    assert S[ST.H_STEP] == ST.ST_TITAN2
    act(S, P, R.A_TITAN2 + 6 * sea("TYR") + CAR, rng)
    assert S[ST.H_B_TA] == 11 and units(S, CAR, sea("TYR"), 3) == 1
    assert units(S, ROM, roma, 1) == 2                  # no return fire
    assert S[ST.ATTACKED + sea("TYR")] == 0             # it is not the target's ATTACK
    # the firing titans stay out of a later ATTACK in Roma
    set_units(S, CAR, roma, 0, 1)
    force_dice(S, [1])
    act(S, P, attack_id(roma, CAR), rng)
    assert S[ST.H_B_TA] == 6                            # Roma's fortress only
    # the same 11 into Penthesilea's land units -> 1
    S, P, rng = fresh()
    run_setup(S, P, rng)
    give_hero(S, GRE, R.H_PENTHESILEA)
    l = prov(2)
    set_units(S, ROM, roma, 1, 2)
    set_units(S, GRE, l, 0, 3)
    strategy_turn(S, P, ROM, rng)
    force_dice(S, [5, 6])
    act(S, P, R.A_TITAN1 + 20 * roma + 1, rng)
    act(S, P, R.A_TITAN2 + 6 * l + GRE, rng)
    assert units(S, GRE, l, 0) == 2


def _exchange_state():
    S, P, rng = fresh(n=3)
    run_setup(S, P, rng)
    for o, cards in ((0, {"fish": 1, "wine": 1}), (1, {"grain": 1, "fruit": 1}),
                     (2, {"oil": 1, "metal": 1})):
        set_hand(S, o, cards)
    S[ST.ROLE + 0] = 0
    S[ST.H_PC] = R.PC_EX_INIT
    S[ST.H_STEP] = -1
    R.advance(S, P, rng)
    assert S[ST.H_STEP] == ST.ST_EX_ANNOUNCE and S[ST.H_DECIDER] == 0
    act(S, P, R.A_ANNOUNCE_X + 2, rng)
    for o, (a, b) in ((1, ("grain", "fruit")), (2, ("oil", "metal")), (0, ("fish", "wine"))):
        assert S[ST.H_DECIDER] == o and S[ST.H_STEP] == ST.ST_EX_OFFER
        act(S, P, R.A_OFFER + G[a], rng)
        act(S, P, R.A_OFFER + G[b], rng)
    return S, P, rng


def _take(S, P, rng, chooser, p, good):
    assert S[ST.H_STEP] == ST.ST_EX_TAKE and S[ST.H_DECIDER] == chooser
    act(S, P, R.A_TAKE + 14 * p + G[good], rng)


def test_t11_exchange():
    S, P, rng = _exchange_state()
    T, B, C = 0, 1, 2
    _take(S, P, rng, T, B, "grain")
    _take(S, P, rng, B, C, "oil")
    _take(S, P, rng, C, B, "fruit")
    _take(S, P, rng, B, C, "metal")
    _take(S, P, rng, C, T, "fish")
    # T sees only his own wine: it returns to him; nobody is short
    assert S[ST.H_STEP] != ST.ST_EX_GIVEBACK
    assert [hand(S, o).sum() for o in range(3)] == [2, 2, 2]
    assert hand(S, T)[G["wine"]] == 1 and hand(S, T)[G["grain"]] == 1
    # variant: the last chooser C is one short -> T gives back
    S, P, rng = _exchange_state()
    _take(S, P, rng, T, B, "grain")
    _take(S, P, rng, B, T, "fish")
    _take(S, P, rng, T, B, "fruit")
    _take(S, P, rng, B, C, "oil")
    _take(S, P, rng, C, T, "wine")
    _take(S, P, rng, T, C, "metal")
    assert S[ST.H_STEP] == ST.ST_EX_GIVEBACK and S[ST.H_DECIDER] == T
    assert hand(S, T).sum() == 3 and hand(S, C).sum() == 1
    act(S, P, R.A_GIVE_BACK + G["fruit"], rng)
    assert [hand(S, o).sum() for o in range(3)] == [2, 2, 2]
    assert hand(S, C)[G["fruit"]] == 1


def test_t12_takeover_timing():
    S, P, rng = fresh()
    run_setup(S, P, rng, ["fruit", "oil"])
    byz, syrt = prov(10), prov(11)
    clear_units(S, byz)
    set_units(S, ROM, syrt, 0, 1)
    strategy_turn(S, P, ROM, rng)
    act(S, P, move_land(0, syrt, byz), rng)
    act(S, P, R.A_DONE, rng)
    assert S[ST.H_STEP] == ST.ST_PILLAGE and S[ST.H_PILL_V] == byz
    legal = legal_list(S, P)
    assert R.A_TAKE_OVER not in legal and R.A_PILLAGE + 0 in legal
    act(S, P, R.A_NOTHING, rng)
    # round r+1: Rome collects Byzacena's oil, then may take it over
    assert R.income_receiver(S, P, byz) == ROM
    strategy_turn(S, P, ROM, rng)
    act(S, P, R.A_DONE, rng)
    assert S[ST.H_STEP] == ST.ST_PILLAGE
    assert R.A_TAKE_OVER in legal_list(S, P)
    act(S, P, R.A_TAKE_OVER, rng)
    assert S[ST.INFL + byz] == ROM + 1 and S[ST.CARAVAN + 3 * byz + 0] == 1
    cnt = np.zeros((4, 6), np.int64)
    R.role_counts(S, P, cnt)
    assert cnt[0, ROM] == 6                    # 5 + the oil caravan
    # pillaging instead forbids the take-over that turn
    S, P, rng = fresh()
    run_setup(S, P, rng, ["fruit", "oil"])
    clear_units(S, byz)
    set_units(S, ROM, byz, 0, 1)
    strategy_turn(S, P, ROM, rng)
    act(S, P, R.A_DONE, rng)
    assert R.A_TAKE_OVER in legal_list(S, P)
    act(S, P, R.A_PILLAGE + 0, rng)
    assert S[ST.H_STEP] != ST.ST_PILLAGE and S[ST.INFL + byz] == CAR + 1


def test_t13_offering_and_adonis():
    S, P, rng = fresh()
    run_setup(S, P, rng)
    give_hero(S, BAB, R.H_ADONIS)
    for o in range(6):
        set_hand(S, o, {"tax": 3})
    S[ST.H_PC] = R.PC_OFF_INIT
    S[ST.H_STEP] = -1
    R.advance(S, P, rng)
    assert S[ST.H_STEP] == ST.ST_OFF_PICK and S[ST.H_DECIDER] == GRE
    act(S, P, R.A_PICK_NEXT + GRE, rng)
    act(S, P, R.A_OFFER_TO + R.G_ATHENA, rng)
    gods = [R.G_BAAL, R.G_HERMES, R.G_ISIS, R.G_ISHTAR, R.G_MARS]
    for o, j in zip((ROM, CAR, BAB, EGY, ATL), gods):
        if S[ST.H_STEP] == ST.ST_OFF_PICK:
            act(S, P, R.A_PICK_NEXT + o, rng)
        assert S[ST.H_STEP] == ST.ST_OFFER and S[ST.H_DECIDER] == o
        act(S, P, R.A_OFFER_TO + j, rng)
    assert S[ST.H_STEP] == ST.ST_ADONIS and S[ST.H_DECIDER] == BAB
    assert sorted(legal_list(S, P)) == [R.A_TAKE_GOD + R.G_POSEIDON, R.A_TAKE_GOD + R.G_VULCAN]
    act(S, P, R.A_TAKE_GOD + R.G_VULCAN, rng)
    assert S[ST.GOD + R.G_VULCAN] == BAB + 1 and S[ST.GOD + R.G_ATHENA] == GRE + 1
    # next round: Athena's +2 at the role check, then all gods return
    cnt = np.zeros((4, 6), np.int64)
    R.role_counts(S, P, cnt)
    assert cnt[3, GRE] == 3
    R.determine_roles(S, P, rng)
    assert S[ST.GOD + R.G_ATHENA] == -1
    S[ST.H_PC] = R.PC_OFF_INIT
    S[ST.H_STEP] = -1
    R.advance(S, P, rng)
    assert all(S[ST.GOD + j] == 0 for j in range(8))


def test_t04_card_by_card_payment():
    S, P, rng = fresh(auto_pay=False)
    run_setup(S, P, rng)
    S[ST.H_ROUND] = 2
    set_hand(S, ROM, {"grain": 2, "wine": 1, "fruit": 1, "oil": 1, "tax": 2})
    build_turn(S, P, ROM, rng)
    act(S, P, R.A_BUY_MARKET + prov(2) if False else R.A_BUY_CITY + prov(2), rng)
    assert S[ST.H_STEP] == ST.ST_PAY
    act(S, P, R.A_PAY + G["grain"], rng)
    assert R.A_PAY + G["grain"] not in legal_list(S, P)          # no good repeated
    act(S, P, R.A_PAY + G["tax"], rng)
    act(S, P, R.A_PAY + G["tax"], rng)
    assert S[ST.H_STEP] == ST.ST_BUILD and S[ST.CITY + prov(2)] == 1
    assert hand(S, ROM).sum() == 4
    # tax_wild = 0: a combination is all goods or all taxes
    S, P, rng = fresh(auto_pay=False, tax_wild=False)
    run_setup(S, P, rng)
    S[ST.H_ROUND] = 2
    set_hand(S, ROM, {"grain": 2, "wine": 1, "tax": 2})
    build_turn(S, P, ROM, rng)
    act(S, P, R.A_BUY_LEGION + prov(3), rng)                       # Caesar: 2
    act(S, P, R.A_PAY + G["grain"], rng)
    assert legal_list(S, P) == [R.A_PAY + G["wine"]]
