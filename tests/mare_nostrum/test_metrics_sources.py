"""Per-seat metrics of §11 on constructed situations: cards by source (start, income with
Solomon's and Circe's parts, exchange with the give-back, Colossus, Hermes, Isis, Ulysses,
Cleopatra, Nebuchadnezzar's pillage), the High Priest effect (rounds held, first god, Athena in
role races), battles, ranged attacks, pillages, take-overs, gods and creatures, and the
parameter hash of a game.

Every card entering a hand is counted once in cards_received (in give_card, or at the exchange's
hand-to-hand moves) and once under its source, so the sources add up to cards_received."""
import numpy as np
import pytest

from sim.mare_nostrum import SPEC
from sim.mare_nostrum import rules as R
from sim.mare_nostrum import state as ST
from sim.mare_nostrum.board import CAPITAL, GODS, TAX
from sim.mare_nostrum.params import PARAMS
from sim.mare_nostrum.engine import make_ctx
from sim.mare_nostrum.results import RESULTS, record, SEAT_COLS, CARD_SOURCES, FIRST_GOD, HIGH_PRIEST_BANDS
from sim.mare_nostrum.playout import params_hash
from .helpers import (ROM, GRE, CAR, BAB, EGY, ATL, G, prov, sea, fresh, run_setup,
                      act, units, set_units, clear_units, hand, set_hand, strategy_turn,
                      build_turn, force_dice, give_hero, attack_id, move_land, kill_phoenix)


def seat_cols(S, P):
    """The play_batch seat columns of the position, one value per seat."""
    n = int(S[ST.H_NP])
    game, seat = RESULTS.empty(1, n)
    record(S, make_ctx(n, P), game[0], seat[0])
    return {c: seat[0, :, i] for i, c in enumerate(SEAT_COLS)}


def cards(S, P, name, o):
    return int(seat_cols(S, P)[name][o])


def game(**kw):
    S, P, rng = fresh(**kw)
    run_setup(S, P, rng, ["fruit", "oil"])
    return S, P, rng


def to_step(S, P, rng, pc):
    """Jump the round's program counter to pc and advance to its first decision."""
    S[ST.H_PC] = pc
    S[ST.H_STEP] = -1
    R.advance(S, P, rng)


# ---------------------------------------------------------------- cards by source
def test_start_and_income_make_the_whole_hand_of_round_one():
    S, P, rng = game()
    col = seat_cols(S, P)
    for o in range(6):
        assert col["cards_start"][o] == 3                       # start_tax
        assert col["cards_received"][o] == hand(S, o).sum()     # nothing spent yet
        assert col["cards_received"][o] == col["cards_start"][o] + col["cards_income"][o]
        assert col["cards_income"][o] > 0


def test_solomon_cards_are_a_part_of_income():
    S, P, rng = fresh()
    give_hero(S, ROM, R.H_SOLOMON)
    run_setup(S, P, rng)
    col = seat_cols(S, P)
    assert col["cards_income_solomon"][ROM] == 1
    assert col["cards_income_solomon"].sum() == 1
    S0, P0, rng0 = fresh()
    run_setup(S0, P0, rng0)
    assert col["cards_income"][ROM] == seat_cols(S0, P0)["cards_income"][ROM] + 1


def test_circe_cards_are_a_part_of_income_and_a_short_bank_cuts_them_first():
    S, P, rng = game()
    give_hero(S, ROM, R.H_CIRCE)
    etruria = prov(2)                          # Rome's, no caravan on its metal and wine icons
    set_units(S, ROM, etruria, 0, 2)
    before = seat_cols(S, P)
    R.collect_income(S, P)
    after = seat_cols(S, P)
    assert after["cards_income_circe"][ROM] - before["cards_income_circe"][ROM] == 2
    base = np.zeros(14, np.int64)
    for v in range(41):
        if R.income_receiver(S, P, v) == ROM:
            R.province_production(S, P, v, base)
    assert after["cards_income"][ROM] - before["cards_income"][ROM] == base.sum() + 2
    # no wine left in the bank: Circe's wine is lost, and only hers
    S, P, rng = game()
    give_hero(S, ROM, R.H_CIRCE)
    set_units(S, ROM, etruria, 0, 2)
    wine = G["wine"]
    S[ST.HAND + GRE * 14 + wine] += S[ST.BANK + wine]      # cards conserved: Greece holds them
    S[ST.BANK + wine] = 0
    before = seat_cols(S, P)
    R.collect_income(S, P)
    after = seat_cols(S, P)
    assert after["cards_income_circe"][ROM] - before["cards_income_circe"][ROM] == 1


def test_colossus_hermes_isis():
    S, P, rng = fresh(n=4)
    S[ST.WONDER + R.W_COLOSSUS] = ROM + 1
    S[ST.GOD + R.G_HERMES] = ROM + 1
    S[ST.GOD + R.G_ISIS] = GRE + 1
    run_setup(S, P, rng)
    assert S[ST.H_STEP] == ST.ST_COLOSSUS and S[ST.H_DECIDER] == ROM
    act(S, P, R.A_PICK_GOOD + G["gems"], rng)
    for _ in range(3):
        assert S[ST.H_STEP] == ST.ST_HERMES and S[ST.H_DECIDER] == ROM
        act(S, P, R.A_PICK_TYPE + TAX, rng)                 # a type Rome received as income
    for _ in range(4):
        assert S[ST.H_STEP] == ST.ST_ISIS and S[ST.H_DECIDER] == GRE
        act(S, P, R.A_PICK_TYPE + TAX, rng)
    col = seat_cols(S, P)
    assert col["cards_colossus"].tolist() == [1, 0, 0, 0]
    assert col["cards_hermes"].tolist() == [3, 0, 0, 0]
    assert col["cards_isis"].tolist() == [1, 1, 1, 1]      # the Isis holder deals himself one
    for o in range(4):
        assert col["cards_received"][o] == hand(S, o).sum()
        assert col["cards_received"][o] == sum(col[c][o] for c in CARD_SOURCES)


def test_exchange_takes_and_the_give_back():
    """Trader 0, X = 1: 0 takes 1's fish, 1 takes 0's grain, 0 takes 2's wine; 2 is left one
    short and the Trader gives him a card. Cards back from one's own display are not received."""
    S, P, rng = fresh(n=3)
    run_setup(S, P, rng)
    set_hand(S, 0, {"grain": 2})
    set_hand(S, 1, {"fish": 1})
    set_hand(S, 2, {"wine": 1})
    S[ST.ROLE + R.R_TRADER] = 0
    before = seat_cols(S, P)
    to_step(S, P, rng, R.PC_EX_INIT)
    act(S, P, R.A_ANNOUNCE_X + 1, rng)
    for o, good in ((1, "fish"), (2, "wine"), (0, "grain")):
        assert S[ST.H_STEP] == ST.ST_EX_OFFER and S[ST.H_DECIDER] == o
        act(S, P, R.A_OFFER + G[good], rng)
    for o, p, good in ((0, 1, "fish"), (1, 0, "grain"), (0, 2, "wine")):
        assert S[ST.H_STEP] == ST.ST_EX_TAKE and S[ST.H_DECIDER] == o
        act(S, P, R.A_TAKE + 14 * p + G[good], rng)
    assert S[ST.H_STEP] == ST.ST_EX_GIVEBACK and S[ST.H_DECIDER] == 0
    act(S, P, R.A_GIVE_BACK + G["grain"], rng)
    assert [hand(S, o).sum() for o in range(3)] == [2, 1, 1]     # hand sizes unchanged
    after = seat_cols(S, P)
    d = {c: (after[c] - before[c]).tolist() for c in after}
    assert d["cards_exchange"] == [2, 1, 0]
    assert d["cards_exchange_giveback"] == [0, 0, 1]
    assert d["cards_received"] == [2, 1, 1]


def test_ulysses_and_cleopatra_swaps():
    S, P, rng = fresh(n=3)
    give_hero(S, ROM, R.H_ULYSSES)
    S[ST.H_ULY_K] = 0
    to_step(S, P, rng, R.PC_ULYSSES)
    assert S[ST.H_STEP] == ST.ST_ULYSSES and S[ST.H_DECIDER] == ROM
    act(S, P, R.A_SWAP + 14 * TAX + G["gold"], rng)
    col = seat_cols(S, P)
    assert col["cards_ulysses"].tolist() == [1, 0, 0]
    assert col["cards_received"].tolist() == [4, 3, 3]         # 3 start cards each + the swap
    S, P, rng = game()
    set_hand(S, EGY, {"grain": 1})
    before = cards(S, P, "cards_cleopatra", EGY), cards(S, P, "cards_received", EGY)
    build_turn(S, P, EGY, rng)
    act(S, P, R.A_CLEO_GIVE + G["grain"], rng)
    assert hand(S, EGY)[TAX] == 1
    assert cards(S, P, "cards_cleopatra", EGY) == before[0] + 1
    assert cards(S, P, "cards_received", EGY) == before[1] + 1


def test_nebuchadnezzar_pillage_cards():
    S, P, rng = game()
    give_hero(S, ROM, R.H_NEBU)
    give_hero(S, ROM, R.H_ACHILLES)
    l = prov(17)                       # Antiochia: Babylon's city
    clear_units(S, l)
    set_units(S, ROM, l, 0, 2)
    S[ST.CARAVAN + 3 * l] = 1
    S[ST.POOL] -= 1
    set_units(S, ROM, prov(31), 0, 1)     # a later pillage step keeps the turn open
    before = seat_cols(S, P)
    strategy_turn(S, P, ROM, rng)
    act(S, P, R.A_DONE, rng)
    while not (S[ST.H_STEP] == ST.ST_PILLAGE and S[ST.H_PILL_V] == l):
        act(S, P, R.A_NOTHING, rng)
    act(S, P, R.A_PILLAGE + 3, rng)               # the city -> a tax card
    act(S, P, R.A_PILLAGE + 0, rng)               # the caravan -> its good
    after = seat_cols(S, P)
    d = {c: after[c] - before[c] for c in after}
    assert d["cards_pillage"][ROM] == 2 and d["cards_received"][ROM] == 2
    assert d["pillages"][ROM] == 2
    assert d["buildings_lost"][BAB] == 2 and d["cities_lost"][BAB] == 1
    # without Nebuchadnezzar a pillage gives no card
    S, P, rng = game()
    clear_units(S, l)
    set_units(S, ROM, l, 0, 1)
    strategy_turn(S, P, ROM, rng)
    act(S, P, R.A_DONE, rng)
    while not (S[ST.H_STEP] == ST.ST_PILLAGE and S[ST.H_PILL_V] == l):
        act(S, P, R.A_NOTHING, rng)
    act(S, P, R.A_PILLAGE + 3, rng)
    col = seat_cols(S, P)
    assert col["pillages"][ROM] == 1 and col["cards_pillage"][ROM] == 0


# ---------------------------------------------------------------- High Priest effect
def test_first_god_is_the_first_taken_and_none_otherwise():
    S, P, rng = fresh(n=3)
    run_setup(S, P, rng)
    priest = int(S[ST.ROLE + R.R_PRIEST])
    set_hand(S, CAR, {"tax": 3})
    to_step(S, P, rng, R.PC_OFF_INIT)
    assert S[ST.H_STEP] == ST.ST_OFF_PICK and S[ST.H_DECIDER] == priest
    act(S, P, R.A_PICK_NEXT + CAR, rng)
    assert S[ST.H_STEP] == ST.ST_OFFER and S[ST.H_DECIDER] == CAR
    act(S, P, R.A_OFFER_TO + R.G_MARS, rng)
    R.acquire_god(S, CAR, R.G_ATHENA)          # a later god (e.g. an Adonis pick) is not first
    col = seat_cols(S, P)
    assert FIRST_GOD[int(col["first_god"][CAR])] == "mars"
    assert col["gods_taken"][CAR] == 2 and col["god_mars"][CAR] == 1 and col["god_athena"][CAR] == 1
    assert [FIRST_GOD[int(c)] for c in col["first_god"][[ROM, GRE]]] == ["none", "none"]


def _counts(S, P):
    cnt = np.zeros((4, 6), np.int64)
    R.role_counts(S, P, cnt)
    return cnt


def test_athena_roles_counts_only_roles_the_bonus_decided():
    """Pre-set counts (Trader, Statesman, Military Leader, High Priest) of Babylon 5, 2, 1, 1;
    best of the others 6, 5, 2, 1. With Athena's +2 Babylon wins the Trader and Military races
    it trailed (counted), wins the High Priest race it only tied (not counted: a tie is
    kept by the holder or drawn), and still loses the Statesman race."""
    S, P, rng = game()
    cnt = _counts(S, P)
    others = np.delete(cnt, BAB, axis=1).max(axis=1)
    assert cnt[:, BAB].tolist() == [5, 2, 1, 1] and others.tolist() == [6, 5, 2, 1]
    S[ST.GOD + R.G_ATHENA] = BAB + 1
    R.determine_roles(S, P, rng)
    assert [S[ST.ROLE + r] == BAB for r in range(4)] == [True, False, True, True]
    col = seat_cols(S, P)
    assert col["athena_roles"].tolist() == [0, 0, 0, 2, 0, 0]
    # Egypt with Athena: Statesman won anyway (5 > 3), Military won thanks to it (1 < 2),
    # Trader 4 + 2 only ties Carthage, who keeps it
    S, P, rng = game()
    S[ST.GOD + R.G_ATHENA] = EGY + 1
    R.determine_roles(S, P, rng)
    assert S[ST.ROLE + R.R_STATESMAN] == EGY and S[ST.ROLE + R.R_MILITARY] == EGY
    assert S[ST.ROLE + R.R_TRADER] == CAR
    assert seat_cols(S, P)["athena_roles"].tolist() == [0, 0, 0, 0, 1, 0]
    # no Athena: nothing counted
    S, P, rng = game()
    R.determine_roles(S, P, rng)
    assert seat_cols(S, P)["athena_roles"].sum() == 0


def test_high_priest_band_codes():
    S, P, rng = game()
    m = ST.METRICS + BAB * ST.NM + ST.M_ROLE_ROUNDS + R.R_PRIEST
    for held, band in ((0, "0"), (1, "1-2"), (2, "1-2"), (3, "3-5"), (5, "3-5"), (6, "6-9"),
                       (9, "6-9"), (10, "10+"), (37, "10+")):
        S[m] = held
        col = seat_cols(S, P)
        assert col["role_rounds_high_priest"][BAB] == held
        assert HIGH_PRIEST_BANDS[int(col["high_priest_band"][BAB])] == band


# ---------------------------------------------------------------- battles
def test_battle_won_needs_all_enemy_units_destroyed_and_own_survivors():
    S, P, rng = game()
    l = prov(23)
    clear_units(S, l)
    set_units(S, ROM, l, 0, 3)
    set_units(S, BAB, l, 0, 1)
    strategy_turn(S, P, ROM, rng)
    force_dice(S, [6, 6, 6, 1])                  # Rome 18 -> 3 hits, Babylon 1 -> none
    act(S, P, attack_id(l, BAB), rng)
    col = seat_cols(S, P)
    assert units(S, BAB, l, 0) == 0 and units(S, ROM, l, 0) == 3
    assert col["battles"][ROM] == 1 and col["battles"][BAB] == 1
    assert col["battles_won"][ROM] == 1 and col["battles_won"][BAB] == 0
    assert col["legions_lost"][BAB] == 1 and col["units_lost"][BAB] == 1
    # both sides left: fought, nobody won
    S, P, rng = game()
    clear_units(S, l)
    set_units(S, ROM, l, 0, 2)
    set_units(S, BAB, l, 0, 2)
    strategy_turn(S, P, ROM, rng)
    force_dice(S, [1, 1, 1, 1])
    act(S, P, attack_id(l, BAB), rng)
    col = seat_cols(S, P)
    assert col["battles"][ROM] == 1 and col["battles"][BAB] == 1
    assert col["battles_won"].sum() == 0


def test_ranged_attack_counts_as_a_battle_and_a_ranged_attack():
    S, P, rng = game()
    roma = prov(3)
    set_units(S, ROM, roma, 1, 2)
    set_units(S, CAR, sea("TYR"), 3, 3)
    strategy_turn(S, P, ROM, rng)
    force_dice(S, [5, 6])
    act(S, P, R.A_TITAN1 + 20 * roma + 1, rng)
    act(S, P, R.A_TITAN2 + 6 * sea("TYR") + CAR, rng)
    col = seat_cols(S, P)
    assert col["ranged_attacks"].tolist() == [1, 0, 0, 0, 0, 0]
    assert col["battles"][ROM] == 1 and col["battles"][CAR] == 1
    assert col["triremes_lost"][CAR] == 2
    assert col["battles_won"].sum() == 0                   # one Carthaginian fleet is left
    # a ranged attack that destroys every target unit is won (the titans take no losses)
    S, P, rng = game()
    set_units(S, ROM, roma, 1, 2)
    set_units(S, CAR, sea("TYR"), 3, 2)
    strategy_turn(S, P, ROM, rng)
    force_dice(S, [5, 6])
    act(S, P, R.A_TITAN1 + 20 * roma + 1, rng)
    act(S, P, R.A_TITAN2 + 6 * sea("TYR") + CAR, rng)
    col = seat_cols(S, P)
    assert units(S, CAR, sea("TYR"), 3) == 0
    assert col["battles_won"].tolist() == [1, 0, 0, 0, 0, 0]


def test_a_battle_medusa_cancels_is_not_fought():
    for cancel in (True, False):
        S, P, rng = game()
        give_hero(S, BAB, R.H_MEDUSA)
        l = prov(23)
        set_units(S, BAB, l, 0, 1)
        set_units(S, ROM, l, 0, 3)
        strategy_turn(S, P, ROM, rng)
        force_dice(S, [1, 1, 1, 1])
        act(S, P, attack_id(l, BAB), rng)
        assert S[ST.H_STEP] == ST.ST_MEDUSA
        act(S, P, R.A_MEDUSA_YES if cancel else R.A_MEDUSA_NO, rng)
        col = seat_cols(S, P)
        assert col["battles"][[ROM, BAB]].tolist() == ([0, 0] if cancel else [1, 1])


def test_takeover_counted():
    S, P, rng = game()
    byz, syrt = prov(10), prov(11)
    clear_units(S, byz)
    set_units(S, ROM, syrt, 0, 1)
    strategy_turn(S, P, ROM, rng)
    act(S, P, move_land(0, syrt, byz), rng)
    act(S, P, R.A_DONE, rng)
    act(S, P, R.A_NOTHING, rng)
    strategy_turn(S, P, ROM, rng)
    act(S, P, R.A_DONE, rng)
    act(S, P, R.A_TAKE_OVER, rng)
    col = seat_cols(S, P)
    assert col["takeovers"].tolist() == [1, 0, 0, 0, 0, 0] and col["pillages"].sum() == 0


def test_creatures_built_and_lost():
    S, P, rng = game()
    l = prov(15)
    kill_phoenix(S, P, rng, l)
    S[ST.H_ROUND] = 2
    set_hand(S, EGY, {"tax": 3})
    build_turn(S, P, EGY, rng)
    act(S, P, R.A_BUY_PHOENIX + CAPITAL[EGY], rng)
    col = seat_cols(S, P)
    # the Phoenix back from its card is a return, not a new creature
    assert col["creatures_lost"][EGY] == 1 and col["creatures_built"][EGY] == 0
    assert col["creatures_end"][EGY] == 1 and col["creature_phoenix"][EGY] == 0
    set_hand(S, ROM, {"tax": 6})
    build_turn(S, P, ROM, rng)
    act(S, P, R.A_BUY_CREATURE + CAPITAL[ROM], rng)
    col = seat_cols(S, P)
    assert col["creatures_built"][ROM] == 1 and col["creature_titan"][ROM] == 1
    assert col["units_built"][ROM] == 1


# ---------------------------------------------------------------- whole games
@pytest.fixture(scope="module", params=[("random", {}), ("greedy", {}), ("random", {"myth": False})],
                ids=["random", "greedy", "random_base"])
def games(request):
    name, overrides = request.param
    info = SPEC.strategy(name)
    n = 5 if overrides.get("myth") is False else 6
    kinds = np.full(n, info.kind, np.int64)
    W = np.tile(np.array(info.weights or SPEC.strategy("greedy").weights, np.float64), (n, 1))
    P = PARAMS.vector(overrides)
    return SPEC.play_batch(17, 0, 60, n, P, kinds, W, True), P


def test_sources_add_up_to_cards_received(games):
    res, P = games
    total = sum(res[c] for c in CARD_SOURCES)
    np.testing.assert_array_equal(total, res["cards_received"])
    assert (res["cards_income_solomon"] + res["cards_income_circe"] <= res["cards_income"]).all()
    assert (res["cards_income"].sum(axis=1) > 0).all()
    start = 3 if P[PARAMS.index("myth")] else 0
    assert (res["cards_start"] == start).all()


def test_high_priest_rounds_cover_every_round(games):
    res, P = games
    held = res["role_rounds_high_priest"].sum(axis=1)
    if P[PARAMS.index("myth")]:
        # every round's role determination gives the High Priest to someone
        np.testing.assert_array_equal(held, res["rounds"])
    else:
        assert (held == 0).all() and (res["high_priest_band"] == 0).all()
        assert (res["gods_taken"] == 0).all() and (res["first_god"] == len(GODS)).all()


def test_first_god_agrees_with_gods_taken(games):
    res, _ = games
    first = res["first_god"]
    np.testing.assert_array_equal(first == len(GODS), res["gods_taken"] == 0)
    for j, g in enumerate(GODS):
        assert (res["god_" + g][first == j] == 1).all()
    assert (res["athena_roles"] <= 4 * res["god_athena"] * res["rounds"][:, None]).all()


def test_params_hash_names_the_rule_variant(games):
    res, P = games
    assert (res["params_hash"] == params_hash(P)).all()
    assert params_hash(PARAMS.vector({"x_max": 3})) != params_hash(PARAMS.defaults())


def test_declarations_and_traced_game_agree():
    cats = SPEC.extra["categorical_seat"]
    assert cats["first_god"] == list(FIRST_GOD) and cats["high_priest_band"] == list(HIGH_PRIEST_BANDS)
    for c in CARD_SOURCES + ("cards_received", "cards_income_solomon", "cards_income_circe",
                             "first_god", "athena_roles", "high_priest_band"):
        assert c in SPEC.seat_metrics
    info = SPEC.strategy("random")
    kinds = np.full(4, info.kind, np.int64)
    W = np.tile(np.array(SPEC.strategy("greedy").weights, np.float64), (4, 1))
    batch = SPEC.play_batch(3, 5, 1, 4, PARAMS.defaults(), kinds, W)
    _, traced = SPEC.play_traced(3, 5, 4, PARAMS.defaults(), kinds, W)
    for c in CARD_SOURCES + ("cards_received", "first_god", "athena_roles", "high_priest_band",
                             "params_hash"):
        np.testing.assert_array_equal(batch[c], traced[c], err_msg=c)
