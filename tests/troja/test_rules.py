"""Troja worked examples §8.2, §8.3, §8.5-§8.11 and unit tests of the scenario rules."""
from math import comb

import numpy as np
import pytest
from scipy import stats

from sim.catan_core.layout import *  # noqa: F401,F403
from sim.catan_core import rules as E
from sim.catan_core.board import T_S, T_H
from sim.rng import new_stream
from tests.catan.helpers import (fresh, give, hand, settle, road, roads, legal, act, ph,
                                 LUMBER, BRICK, WOOL, GRAIN, ORE)


def troja(P=4, **over):
    return fresh("troja", P, **over)


def B(topo):
    return E.a_base(topo)


def SHIP(topo, s):
    return E.a_base(topo) + 18 + s


def CORS(topo, P, s, v):
    return E.a_base(topo) + 18 + int(topo[T_S]) + s * (P + 1) + v


# ---- setup facts
def test_new_game_allegiance_row_corsair():
    for P in (4, 6):
        st, topo, cfg = troja(P)
        for g in range(20):
            E.new_game(st, topo, cfg, 3, g)
            al = [int(st[ph(q, P_ALLEG)]) for q in range(P)]
            assert sorted(al) == [0] * (P // 2) + [1] * (P // 2)
            assert [int(x) for x in st[S_ROW:S_ROW + 5]] == [1, 0, 1, 1, 1]
            bank = 24 if P == 6 else 19
            assert [int(x) for x in st[S_BANK:S_BANK + 5]] == [bank - 1, bank, bank - 1, bank - 1, bank - 1]
            assert st[S_CORSAIR] == 0 and st[S_ROBBER] == -1
            assert [int(x) for x in st[S_TILES:S_TILES + 5]] == [2] * 5


# ---- §8.2 production in troja: no robber, row holds a grain
def test_production_troja():
    st, topo, cfg = troja()
    for h in range(19):
        st[S_TERRAIN + h] = LUMBER
        st[S_NUMBER + h] = 2
    st[S_TERRAIN + 9], st[S_NUMBER + 9] = GRAIN, 8
    st[S_TERRAIN + 10], st[S_NUMBER + 10] = BRICK, 8
    settle(st, topo, cfg, 0, 24)
    settle(st, topo, cfg, 1, 35, city=True)
    assert st[S_BANK + GRAIN] == 18
    E.produce(st, topo, cfg, 8)
    assert hand(st, 0) == [0, 1, 0, 1, 0] and hand(st, 1) == [0, 0, 0, 2, 0]
    assert st[S_BANK + GRAIN] == 15 and st[S_BANK + BRICK] == 18


# ---- §8.3 tokens never count for discards
def test_tokens_do_not_count_for_discard():
    st, topo, cfg = troja()
    give(st, 0, [2, 1, 2, 1, 1])
    st[ph(0, P_TOKENS)] = 5
    st[ph(0, P_TOK_EARNED)] = 5
    for s in range(100):
        rng = new_stream(s, 0, 1)
        r2 = rng.copy()
        from sim.rng import below
        if below(r2, 6) + below(r2, 6) + 2 == 7:
            break
    st[S_PHASE] = PH_PRE_ROLL
    E.roll_dice(st, topo, cfg, rng)
    assert st[S_DICE] == 7 and st[ph(0, P_OWE)] == 0
    assert st[S_PHASE] == PH_CORSAIR and st[S_ACTOR] == 0


# ---- §8.5 trade rates in troja
def test_ship_and_tile_rates_with_corsair():
    st, topo, cfg = troja()
    settle(st, topo, cfg, 0, 0)
    st[S_CORSAIR] = 5
    give(st, 0, [1, 0, 1, 0, 0])
    st[ph(0, P_TOKENS)] = st[ph(0, P_TOK_EARNED)] = 1
    act(st, topo, cfg, SHIP(topo, 0))  # disc 1 = PORT3 on sea 0 (hex 19)
    assert st[S_PHASE] == PH_CORSAIR
    assert [int(x) for x in st[ph(0, P_RATE):ph(0, P_RATE) + 5]] == [3] * 5
    act(st, topo, cfg, CORS(topo, 4, 0, 4))  # corsair onto own ship: blocked
    assert [int(x) for x in st[ph(0, P_RATE):ph(0, P_RATE) + 5]] == [4] * 5
    st[S_PHASE] = PH_CORSAIR
    st[S_RET_PHASE] = PH_MAIN
    act(st, topo, cfg, CORS(topo, 4, 7, 4))  # leaves
    assert [int(x) for x in st[ph(0, P_RATE):ph(0, P_RATE) + 5]] == [3] * 5


def test_tile2_ship_gives_two_to_one():
    st, topo, cfg = troja(ship_benefit_1="tile2")
    settle(st, topo, cfg, 0, 0)
    give(st, 0, [1, 0, 1, 0, 0])
    st[ph(0, P_TOKENS)] = st[ph(0, P_TOK_EARNED)] = 1
    act(st, topo, cfg, SHIP(topo, 0))
    assert st[S_PHASE] == PH_CHOOSE_TILE
    assert legal(st, topo, cfg) == [B(topo) + 13 + r for r in range(5)]
    act(st, topo, cfg, B(topo) + 13 + WOOL)
    assert st[S_TILES + WOOL] == 1 and st[S_PHASE] == PH_CORSAIR
    act(st, topo, cfg, CORS(topo, 4, 9, 4))
    assert [int(x) for x in st[ph(0, P_RATE):ph(0, P_RATE) + 5]] == [4, 4, 2, 4, 4]


# ---- §8.6 donations
def test_donation_example():
    st, topo, cfg = troja()
    st[S_ROW + GRAIN] -= 1  # row of 4 -> make it 4 exactly: seed already 4
    st[S_ROW + GRAIN] += 1
    assert E.row_total(st) == 4
    give(st, 0, [1, 1, 1, 1, 1])
    b = B(topo)
    act(st, topo, cfg, b + ORE)
    assert st[S_PHASE] == PH_DONATING
    act(st, topo, cfg, b + WOOL)
    act(st, topo, cfg, b + 5)  # stop
    assert E.row_total(st) == 6 and st[ph(0, P_TOKENS)] == 1 and st[S_PHASE] == PH_MAIN
    assert not any(b <= a < b + 5 for a in legal(st, topo, cfg))  # one donation per turn
    act(st, topo, cfg, 1)  # END, row 6 < 10: no battle
    for q in (1, 2, 3):
        st[S_PHASE] = PH_MAIN
        act(st, topo, cfg, 1)
    assert st[S_ACTIVE] == 0
    st[S_PHASE] = PH_MAIN
    act(st, topo, cfg, b + LUMBER)
    act(st, topo, cfg, b + GRAIN)
    act(st, topo, cfg, b + BRICK)  # third card closes the donation automatically
    assert E.row_total(st) == 9 and st[ph(0, P_TOKENS)] == 2 and st[S_PHASE] == PH_MAIN
    act(st, topo, cfg, 1)
    assert st[S_BATTLES] + st[S_BATTLES + 1] + st[S_BATTLES + 2] == 0


# ---- §8.7 the seed's battle
def test_seed_battle():
    st, topo, cfg = troja()
    st[S_TRACK + SIDE_MYCENAE] = 2
    row = [3, 2, 2, 2, 2]  # 11 cards
    for r in range(5):
        st[S_BANK + r] += st[S_ROW + r] - row[r]
        st[S_ROW + r] = row[r]
    revealed = np.array([2, 2, 1, 1, 1])  # lumber 2, brick 2, wool 1, grain 1, ore 1
    for r in range(5):
        st[S_ROW + r] -= revealed[r]
    bank_before = [int(x) for x in st[S_BANK:S_BANK + 5]]
    assert E.battle_result(cfg, revealed) == SIDE_MYCENAE
    assert not E.resolve_battle(st, cfg, revealed)
    assert st[S_TRACK + SIDE_MYCENAE] == 3 and st[S_BATTLES + SIDE_MYCENAE] == 1
    assert E.row_total(st) == 4
    assert [int(x) for x in st[S_BANK:S_BANK + 5]] == [b + int(r) for b, r in zip(bank_before, revealed)]
    myc = [q for q in range(4) if st[ph(q, P_ALLEG)] == SIDE_MYCENAE]
    assert all(E.track_bonus(st, cfg, q) == 3 for q in myc)
    assert E.check_invariants(st, topo, cfg) == 0


@pytest.mark.parametrize("size,fires", [(9, False), (10, True), (11, True)])
def test_battle_trigger_at_end(size, fires):
    st, topo, cfg = troja()
    row = [size - 4, 0, 2, 1, 1]
    for r in range(5):
        st[S_BANK + r] += st[S_ROW + r] - row[r]
        st[S_ROW + r] = row[r]
    act(st, topo, cfg, 1)
    n = st[S_BATTLES] + st[S_BATTLES + 1] + st[S_BATTLES + 2]
    assert n == (1 if fires else 0)
    assert E.row_total(st) == (size - 7 if fires else size)


# ---- §8.8 battle probabilities
def exact(T, M, Bk, k):
    n = T + M + Bk
    tw = mw = dr = 0
    for t in range(k + 1):
        for m in range(k + 1 - t):
            b = k - t - m
            w = comb(T, t) * comb(M, m) * comb(Bk, b)
            if t > m:
                tw += w
            elif m > t:
                mw += w
            else:
                dr += w
    tot = comb(n, k)
    return tw / tot, mw / tot, dr / tot


def test_exact_probabilities_examples():
    assert exact(5, 4, 1, 7) == pytest.approx((1 / 2, 1 / 6, 1 / 3))
    assert exact(6, 5, 2, 9) == pytest.approx((79 / 143, 34 / 143, 30 / 143))
    assert exact(4, 5, 2, 7) == pytest.approx((5 / 22, 35 / 66, 8 / 33))
    assert exact(5, 5, 0, 7) == pytest.approx((1 / 2, 1 / 2, 0))
    # and scipy's multivariate hypergeometric agrees with the enumeration for (a)
    mh = stats.multivariate_hypergeom(m=[5, 4, 1], n=7)
    p_troy = sum(mh.pmf([t, m, 7 - t - m]) for t in range(8) for m in range(8 - t) if t > m)
    assert p_troy == pytest.approx(0.5)


@pytest.mark.parametrize("P,row,expect", [
    (4, [2, 1, 2, 2, 3], (1 / 2, 1 / 6, 1 / 3)),          # (a) ore 3, wool 2, lumber 2, grain 2, brick 1
    (6, [3, 2, 2, 2, 4], (79 / 143, 34 / 143, 30 / 143)),  # (b)
])
def test_engine_reveal_matches_hypergeometric(P, row, expect):
    st, topo, cfg = troja(P)
    n = 1_000_000
    counts = E.simulate_battles(cfg, np.array(row, dtype=np.int64), n, new_stream(77, P, 1))
    got = counts / n
    assert np.all(np.abs(got - np.array(expect)) < 0.002), got
    chi = stats.chisquare(counts, np.array(expect) * n)
    assert chi.pvalue > 1e-4


# ---- §8.9 track values
def test_track_values():
    st, topo, cfg = troja()
    vals = [int(cfg[C_TRACK_VALUES + w]) for w in range(6)]
    assert vals == [0, 1, 2, 3, 4, 6]
    st[S_TRACK + SIDE_TROY] = 4
    st[S_TRACK + SIDE_MYCENAE] = 2
    for q in range(4):
        assert E.track_bonus(st, cfg, q) == (4 if st[ph(q, P_ALLEG)] == SIDE_TROY else 2)
    rv = np.array([2, 2, 0, 0, 2])  # lumber 2, ore 2 -> draw
    E.resolve_battle(st, cfg, rv)
    assert st[S_TRACK] == 4 and st[S_TRACK + 1] == 2 and st[S_BATTLES + 2] == 1


# ---- §8.10 ships and corsair
def test_ship_placement_and_corsair_example():
    st, topo, cfg = troja()
    settle(st, topo, cfg, 0, 0)
    st[S_CORSAIR] = 0  # sea 0 = hex 19
    # P1 ship on hex 20 (sea 1)
    st[S_SHIP_OWNER + 1] = 1
    st[S_SHIP_DISC + 1] = 0
    st[ph(1, P_SHIPS)] = 1
    st[ph(1, P_SHIP_BEN) + BEN_PORT3] = 1
    E.update_rates(st, topo, cfg, 1)
    give(st, 1, [0, 0, 1, 0, 0])
    give(st, 0, [2, 0, 2, 0, 0])
    st[ph(0, P_TOKENS)] = st[ph(0, P_TOK_EARNED)] = 3
    ships = [a for a in legal(st, topo, cfg) if SHIP(topo, 0) <= a < SHIP(topo, 0) + topo[T_S]]
    assert ships == [SHIP(topo, 0)]  # only hex 19, the corsair's hex is allowed
    act(st, topo, cfg, SHIP(topo, 0))
    assert hand(st, 0) == [1, 0, 1, 0, 0] and st[ph(0, P_TOKENS)] == 2
    assert st[S_PHASE] == PH_CORSAIR and st[S_ACTOR] == 0
    opts = [a for a in legal(st, topo, cfg)]
    assert CORS(topo, 4, 0, 4) not in opts  # must move off 19
    assert CORS(topo, 4, 1, 1) in opts and CORS(topo, 4, 1, 4) in opts  # steal from P1 or not
    assert sum(1 for a in opts if (a - CORS(topo, 4, 0, 0)) // 5 == 1) == 2
    act(st, topo, cfg, CORS(topo, 4, 1, 1))
    assert E.hand_total(st, 1) == 0 and E.hand_total(st, 0) == 3
    assert [int(x) for x in st[ph(1, P_RATE):ph(1, P_RATE) + 5]] == [4] * 5  # P1's ship blocked
    ships = [a - SHIP(topo, 0) for a in legal(st, topo, cfg) if SHIP(topo, 0) <= a < SHIP(topo, 0) + topo[T_S]]
    assert ships == [4]  # hex 23 next to own ship on 19; 20 taken
    assert st[ph(0, P_TOKENS)] == 2  # disc 2 costs 2


def test_corsair_victims_include_buildings_on_corners():
    st, topo, cfg = troja()
    settle(st, topo, cfg, 2, 4)  # node 4 is a corner of hex 20 (sea 1)
    give(st, 2, [1, 0, 0, 0, 0])
    st[S_PHASE] = PH_CORSAIR
    st[S_RET_PHASE] = PH_MAIN
    st[S_CAUSE] = 7
    opts = legal(st, topo, cfg)
    assert CORS(topo, 4, 1, 2) in opts and CORS(topo, 4, 1, 4) in opts
    assert CORS(topo, 4, 0, 4) not in opts


def test_ship_needs_symbol_empty_and_adjacency_ring2():
    st, topo, cfg = troja(sea_rings=2)
    settle(st, topo, cfg, 0, 0)
    give(st, 0, [3, 0, 3, 0, 0])
    st[ph(0, P_TOKENS)] = st[ph(0, P_TOK_EARNED)] = 10
    S = int(topo[T_S])
    ships = sorted(a - SHIP(topo, 0) for a in legal(st, topo, cfg) if SHIP(topo, 0) <= a < SHIP(topo, 0) + S)
    assert ships == [0, 1]  # only hexes touching node 0
    act(st, topo, cfg, SHIP(topo, 0))
    act(st, topo, cfg, CORS(topo, 4, 5, 4))
    ships = sorted(a - SHIP(topo, 0) for a in legal(st, topo, cfg) if SHIP(topo, 0) <= a < SHIP(topo, 0) + S)
    ring2 = [s for s in ships if s >= 18]
    assert 1 in ships and 4 in ships and ring2  # chain outward into ring 2
    assert 0 not in ships


def test_swap_and_take():
    st, topo, cfg = troja(ship_benefit_1="swap", ship_benefit_2="take", ship_token_cost_2=0)
    settle(st, topo, cfg, 0, 0)
    give(st, 0, [2, 0, 2, 0, 0])
    st[ph(0, P_TOKENS)] = st[ph(0, P_TOK_EARNED)] = 1
    act(st, topo, cfg, SHIP(topo, 0))
    act(st, topo, cfg, CORS(topo, 4, 9, 4))
    b = B(topo)
    assert b + 6 in legal(st, topo, cfg)
    act(st, topo, cfg, b + 6)
    assert st[S_PHASE] == PH_SWAP_RETURN and E.row_total(st) == 3
    act(st, topo, cfg, b + 7 + LUMBER)
    assert E.row_total(st) == 4 and st[S_PHASE] == PH_MAIN
    assert b + 6 not in legal(st, topo, cfg)  # once per turn
    act(st, topo, cfg, SHIP(topo, 1))
    act(st, topo, cfg, CORS(topo, 4, 10, 4))
    h0 = E.hand_total(st, 0)
    act(st, topo, cfg, b + 12)
    assert E.row_total(st) == 3 and E.hand_total(st, 0) == h0 + 1
    assert b + 12 not in legal(st, topo, cfg)
    # the corsair on the SWAP ship voids it next turn
    st[S_SWAP_USED] = 0
    st[S_CORSAIR] = 0
    assert b + 6 not in legal(st, topo, cfg)


def test_vp_ship_keeps_point_under_corsair():
    st, topo, cfg = troja(ship_benefit_1="vp")
    settle(st, topo, cfg, 0, 0)
    give(st, 0, [1, 0, 1, 0, 0])
    st[ph(0, P_TOKENS)] = st[ph(0, P_TOK_EARNED)] = 1
    v0 = E.vp(st, cfg, 0)
    act(st, topo, cfg, SHIP(topo, 0))
    act(st, topo, cfg, CORS(topo, 4, 1, 4))
    assert E.vp(st, cfg, 0) == v0 + 1
    st[S_CORSAIR] = 0
    assert E.vp(st, cfg, 0) == v0 + 1
    st2, topo, cfg2 = troja(ship_benefit_1="vp", corsair_blocks_vp=True)
    st[:] = st
    assert E.vp(st, cfg2, 0) == v0


# ---- §8.11 track end with a VP tie
def track_end_state(**over):
    st, topo, cfg = troja(**over)
    # seats A=0, B=1, C=2, D=3; Troy = A, C
    for q, side in enumerate((SIDE_TROY, SIDE_MYCENAE, SIDE_TROY, SIDE_MYCENAE)):
        st[ph(q, P_ALLEG)] = side
    st[S_TRACK + SIDE_TROY] = 4
    st[S_TRACK + SIDE_MYCENAE] = 2
    base = {0: 7, 1: 12, 2: 8, 3: 9}
    for q, v in base.items():  # VP without bonus via settlements/cities
        c = min(v // 2, 4)
        s_ = v - 2 * c
        st[ph(q, P_CITIES_LEFT)] -= c
        st[ph(q, P_SETTLES_LEFT)] -= s_
    for q, t in enumerate((1, 5, 3, 0)):
        st[ph(q, P_TOKENS)] = t
    st[S_ACTIVE] = st[S_ACTOR] = 3
    return st, topo, cfg


def test_track_end_tie_break_on_tokens():
    st, topo, cfg = track_end_state()
    assert [E.vp(st, cfg, q) for q in range(4)] == [7 + 4, 12 + 2, 8 + 4, 9 + 2]
    assert E.resolve_battle(st, cfg, np.array([0, 0, 4, 0, 3]))  # Troy's 5th win
    assert [E.vp(st, cfg, q) for q in range(4)] == [13, 14, 14, 11]
    assert st[S_PHASE] == PH_OVER and st[S_END_PATH] == END_TRACK_TROY
    assert st[S_WIN_MASK] == 1 << 1  # B, a Mycenae player, wins


def test_track_end_pool_winning_side():
    st, topo, cfg = track_end_state(track_end_pool=1)
    E.resolve_battle(st, cfg, np.array([0, 0, 4, 0, 3]))
    assert st[S_WIN_MASK] == 1 << 2  # C


def test_track_end_precedence_option():
    st, topo, cfg = track_end_state(track_end_precedence=0, vp_to_win=11)
    E.resolve_battle(st, cfg, np.array([0, 0, 4, 0, 3]))
    assert st[S_END_PATH] == END_RACE and st[S_WIN_MASK] == 1 << 3  # D, active, has 11


def test_race_win_after_end_battle():
    st, topo, cfg = troja(vp_to_win=5)
    for q in range(4):
        st[ph(q, P_ALLEG)] = SIDE_TROY if q == 0 else SIDE_MYCENAE
    st[ph(0, P_CITIES_LEFT)] -= 2  # 4 VP
    row = [0, 0, 5, 0, 5]  # all Troy: the battle is a Troy win -> bonus 1 -> 5 VP
    for r in range(5):
        st[S_BANK + r] += st[S_ROW + r] - row[r]
        st[S_ROW + r] = row[r]
    act(st, topo, cfg, 1)
    assert st[S_PHASE] == PH_OVER and st[S_END_PATH] == END_RACE and st[S_WIN_MASK] == 1


# ---- measuring switch: a VP ship's point off (the causal check of "ship: victory point", restricted play)
def test_power_ship_vp_off_for_one_seat_or_every_seat():
    """`power_ship_vp=false` with `switch_seat` k: seat k's VP ships score nothing, the others' score as
    usual; with switch_seat -1 no seat's do. The ships stay built (the count a component reads)."""
    def vps(**over):
        st, topo, cfg = troja(4, **over)
        for q in range(4):
            st[ph(q, P_VP_SHIPS)] = 2
        return [int(E.vp_ships(st, cfg, q)) for q in range(4)], [int(E.vp(st, cfg, q)) for q in range(4)]
    on, vp_on = vps()
    assert on == [2, 2, 2, 2]
    off1, vp_off1 = vps(power_ship_vp=False, switch_seat=1)
    assert off1 == [2, 0, 2, 2] and vp_off1[1] == vp_on[1] - 2 and vp_off1[0] == vp_on[0]
    assert vps(power_ship_vp=False)[0] == [0, 0, 0, 0]
    assert vps(switch_seat=2)[0] == [2, 2, 2, 2]        # the seat alone switches nothing


def test_switch_seat_must_name_a_seat():
    from sim.spec import AgonInputError
    from sim.troja.params import PARAMS, to_config
    with pytest.raises(AgonInputError, match="switch_seat=4 names no seat of a 4-player game"):
        to_config(PARAMS.vector({"power_ship_vp": False, "switch_seat": 4}), 4)
    to_config(PARAMS.vector({"power_ship_vp": False, "switch_seat": 5}), 6)
