"""Worked examples §8.2-§8.5, §8.12, §8.13 and unit tests of the core rules (catan)."""
import numpy as np
import pytest
from scipy import stats

from sim.catan_core.layout import *  # noqa: F401,F403
from sim.catan_core import rules as E
from sim.catan_core.board import edge_id, T_H, T_E, T_N
from tests.catan.helpers import (fresh, give, hand, settle, road, roads, legal, act, ph,
                                 LUMBER, BRICK, WOOL, GRAIN, ORE, DESERT)


def production_board(game="catan", **over):
    st, topo, cfg = fresh(game, 4, **over)
    for h in range(19):
        st[S_TERRAIN + h] = LUMBER
        st[S_NUMBER + h] = 2
    st[S_TERRAIN + 9], st[S_NUMBER + 9] = GRAIN, 8
    st[S_TERRAIN + 10], st[S_NUMBER + 10] = BRICK, 8
    st[S_ROBBER] = 0 if game == "catan" else -1
    return st, topo, cfg


# ---- §8.2 production
def test_production_example():
    st, topo, cfg = production_board()
    settle(st, topo, cfg, 0, 24)
    settle(st, topo, cfg, 1, 35, city=True)
    E.produce(st, topo, cfg, 8)
    assert hand(st, 0) == [0, 1, 0, 1, 0]
    assert hand(st, 1) == [0, 0, 0, 2, 0]
    assert st[S_BANK + GRAIN] == 16 and st[S_BANK + BRICK] == 18


def test_production_bank_shortage_several_claimants():
    st, topo, cfg = production_board()
    settle(st, topo, cfg, 0, 24)
    settle(st, topo, cfg, 1, 35, city=True)
    give(st, 2, [0, 0, 0, 17, 0])  # bank grain 2
    E.produce(st, topo, cfg, 8)
    assert hand(st, 0) == [0, 1, 0, 0, 0] and hand(st, 1) == [0] * 5


@pytest.mark.parametrize("rule,got", [(1, 1), (0, 0)])
def test_production_single_claimant_shortage(rule, got):
    st, topo, cfg = production_board(bank_shortage_rule=rule)
    settle(st, topo, cfg, 1, 35, city=True)
    give(st, 2, [0, 0, 0, 18, 0])  # bank grain 1
    E.produce(st, topo, cfg, 8)
    assert hand(st, 1)[GRAIN] == got


def test_production_robber_blocks_hex():
    st, topo, cfg = production_board()
    settle(st, topo, cfg, 0, 24)
    settle(st, topo, cfg, 1, 35, city=True)
    st[S_ROBBER] = 9
    E.produce(st, topo, cfg, 8)
    assert hand(st, 0) == [0, 1, 0, 0, 0] and hand(st, 1) == [0] * 5


def test_dice_follow_2d6():
    """Production frequencies: the dice sum over 36,000 rolls matches 2d6 (chi-square)."""
    from sim.rng import new_stream
    st, topo, cfg = fresh("catan", 4)
    counts = np.zeros(13)
    rng = new_stream(2024, 0, 1)
    for _ in range(36000):
        st[S_PHASE] = PH_PRE_ROLL
        for q in range(4):
            st[ph(q, P_OWE)] = 0
        E.roll_dice(st, topo, cfg, rng)
        counts[st[S_DICE]] += 1
    exp = np.array([0, 0] + [min(s - 1, 13 - s) for s in range(2, 13)]) / 36 * 36000
    chi = stats.chisquare(counts[2:], exp[2:])
    assert chi.pvalue > 0.001, chi


def test_production_frequency_matches_pips():
    """A settlement on a single 6-hex collects with frequency 5/36 over many turns."""
    from sim.rng import new_stream
    st, topo, cfg = production_board()
    st[S_NUMBER + 9] = 6
    st[S_NUMBER + 10] = 2
    settle(st, topo, cfg, 0, 24)
    rng = new_stream(5, 0, 1)
    n = 20000
    got = 0
    for _ in range(n):
        before = hand(st, 0)[GRAIN]
        E.roll_dice(st, topo, cfg, rng)
        if hand(st, 0)[GRAIN] > before:
            got += 1
        # return the card and reset any discard obligations
        st[ph(0, P_HAND) + GRAIN] = 0
        for r in range(5):
            st[S_BANK + r] = 19 - st[ph(0, P_HAND) + r]
        st[ph(0, P_OWE)] = 0
    lo, hi = stats.binomtest(got, n).proportion_ci(0.999)
    assert lo <= 5 / 36 <= hi


# ---- §8.3 discard
def test_discard_on_seven():
    st, topo, cfg = fresh("catan", 4)
    for q, h in enumerate((9, 7, 8, 15)):
        give(st, q, [h // 5 + (1 if i < h % 5 else 0) for i in range(5)])
    assert [E.hand_total(st, q) for q in range(4)] == [9, 7, 8, 15]
    from sim.rng import new_stream
    rng = new_stream(0, 0, 1)
    # find a seed whose first roll is a 7
    for s in range(200):
        rng = new_stream(s, 0, 1)
        from sim.rng import below
        r2 = rng.copy()
        if below(r2, 6) + below(r2, 6) + 2 == 7:
            break
    st[S_PHASE] = PH_PRE_ROLL
    E.roll_dice(st, topo, cfg, rng)
    assert st[S_DICE] == 7
    assert [int(st[ph(q, P_OWE)]) for q in range(4)] == [4, 0, 4, 7]
    assert st[S_PHASE] == PH_DISCARD and st[S_ACTOR] == 0
    # discard one by one; actors go 0 -> 2 -> 3, then the robber
    order = []
    while st[S_PHASE] == PH_DISCARD:
        order.append(int(st[S_ACTOR]))
        act(st, topo, cfg, legal(st, topo, cfg)[0])
    assert order == [0] * 4 + [2] * 4 + [3] * 7
    assert [E.hand_total(st, q) for q in range(4)] == [5, 7, 4, 8]
    assert st[S_PHASE] == PH_ROBBER and st[S_ACTOR] == 0


# ---- §8.4 longest road
def lr_base():
    st, topo, cfg = fresh("catan", 4)
    settle(st, topo, cfg, 0, 3)
    roads(st, topo, cfg, 0, [3, 0, 4, 1, 5, 2, 6])
    assert st[ph(0, P_ROAD_LEN)] == 6 and st[S_LR_HOLDER] == 0
    settle(st, topo, cfg, 1, 13)
    roads(st, topo, cfg, 1, [13, 8, 4])
    return st, topo, cfg


def far_road(st, topo, cfg, p, length, start_path):
    roads(st, topo, cfg, p, start_path[:length + 1])


PATH_A = [44, 48, 52, 49, 53, 50, 46, 42]   # bottom edge of the board
PATH_B = [27, 33, 38, 43, 47, 51, 48]


def test_longest_road_break_a():
    st, topo, cfg = lr_base()
    far_road(st, topo, cfg, 1, 5, PATH_A)
    assert st[ph(1, P_ROAD_LEN)] == 5 and st[S_LR_HOLDER] == 0
    vp0 = E.vp(st, cfg, 0)
    settle(st, topo, cfg, 1, 4)
    assert st[ph(0, P_ROAD_LEN)] == 4
    assert st[S_LR_HOLDER] == 1
    assert E.vp(st, cfg, 0) == vp0 - 2


def test_longest_road_break_b_tie_set_aside():
    st, topo, cfg = lr_base()
    far_road(st, topo, cfg, 1, 5, PATH_A)
    settle(st, topo, cfg, 2, 27)
    far_road(st, topo, cfg, 2, 5, PATH_B)
    assert st[ph(2, P_ROAD_LEN)] == 5
    settle(st, topo, cfg, 1, 4)
    assert st[S_LR_HOLDER] == -1
    # the next unique maximum >= 5 takes it
    road(st, topo, cfg, 2, 51, 48)
    assert st[ph(2, P_ROAD_LEN)] == 6 and st[S_LR_HOLDER] == 2


def test_longest_road_break_c_set_aside():
    st, topo, cfg = lr_base()
    far_road(st, topo, cfg, 1, 4, PATH_A)
    settle(st, topo, cfg, 1, 4)
    assert st[S_LR_HOLDER] == -1


def test_longest_road_break_d_holder_keeps():
    st, topo, cfg = lr_base()
    roads(st, topo, cfg, 0, [6, 10, 15])
    assert st[ph(0, P_ROAD_LEN)] == 8
    far_road(st, topo, cfg, 1, 6, PATH_A)
    settle(st, topo, cfg, 1, 4)
    assert st[ph(0, P_ROAD_LEN)] == 6 and st[ph(1, P_ROAD_LEN)] == 6
    assert st[S_LR_HOLDER] == 0


def test_longest_road_normal_take_needs_strictly_longer():
    st, topo, cfg = fresh("catan", 4)
    roads(st, topo, cfg, 0, PATH_A[:6])
    assert st[S_LR_HOLDER] == 0
    roads(st, topo, cfg, 1, PATH_B[:6])
    assert st[ph(1, P_ROAD_LEN)] == 5 and st[S_LR_HOLDER] == 0
    assert st[ph(0, P_ROAD_LEN)] == 5
    road(st, topo, cfg, 1, 51, 48)
    assert st[ph(1, P_ROAD_LEN)] == 6 and st[S_LR_HOLDER] == 1


def test_longest_road_loop_and_branch():
    st, topo, cfg = fresh("catan", 4)
    # hex 9's ring: 18-24-30-35-29-23-18 is a loop of 6 edges
    roads(st, topo, cfg, 0, [18, 24, 30, 35, 29, 23, 18])
    assert st[ph(0, P_ROAD_LEN)] == 6
    # a tail from 18 upward adds to the loop
    roads(st, topo, cfg, 0, [18, 13, 8])
    assert st[ph(0, P_ROAD_LEN)] == 8
    # a branch does not add: a second tail at 30
    st2, topo, cfg = fresh("catan", 4)
    roads(st2, topo, cfg, 0, [8, 13, 18, 24, 30])
    roads(st2, topo, cfg, 0, [18, 23])
    assert st2[ph(0, P_ROAD_LEN)] == 4


def test_opponent_settlement_blocks_continuation_not_own():
    st, topo, cfg = fresh("catan", 4)
    roads(st, topo, cfg, 0, [0, 4, 1, 5])
    settle(st, topo, cfg, 0, 4)
    assert st[ph(0, P_ROAD_LEN)] == 3
    st, topo, cfg = fresh("catan", 4)
    settle(st, topo, cfg, 0, 0)
    road(st, topo, cfg, 0, 0, 4)
    settle(st, topo, cfg, 1, 4)
    # P0 may not build through P1's settlement
    assert not E.road_ok(st, topo, 0, edge_id(topo, 4, 1))
    assert not E.road_ok(st, topo, 0, edge_id(topo, 4, 8))


# ---- §8.5 trade rates (catan)
def test_harbor_rates():
    st, topo, cfg = fresh("catan", 4)
    # harbor 0 at nodes (0, 3): make it 2:1 ore, harbor 1 at (1, 5): generic
    st[S_HARB_TYPE + 0] = ORE
    st[S_HARB_TYPE + 1] = 5
    settle(st, topo, cfg, 0, 0)
    assert [int(x) for x in st[ph(0, P_RATE):ph(0, P_RATE) + 5]] == [4, 4, 4, 4, 2]
    settle(st, topo, cfg, 0, 5)
    assert [int(x) for x in st[ph(0, P_RATE):ph(0, P_RATE) + 5]] == [3, 3, 3, 3, 2]


def test_maritime_trade_action():
    st, topo, cfg = fresh("catan", 4)
    give(st, 0, [4, 0, 0, 0, 0])
    T = E.a_trade(topo)
    la = legal(st, topo, cfg)
    assert sorted(a for a in la if T <= a < T + 20) == [T + 0, T + 1, T + 2, T + 3]
    act(st, topo, cfg, T + 3)  # lumber -> ore
    assert hand(st, 0) == [0, 0, 0, 0, 1] and st[S_BANK + LUMBER] == 19 and st[S_BANK + ORE] == 18


# ---- setup snake
def test_setup_snake_and_second_income():
    st, topo, cfg = fresh("catan", 4)
    E.new_game(st, topo, cfg, 11, 0)
    order = []
    second_node = None
    while st[S_PHASE] in (PH_SETUP_SETTLEMENT, PH_SETUP_ROAD):
        if st[S_PHASE] == PH_SETUP_SETTLEMENT:
            order.append(int(st[S_ACTOR]))
        la = legal(st, topo, cfg)
        if st[S_PHASE] == PH_SETUP_ROAD:
            v = st[S_LAST_NODE]
            for a in la:  # every road touches the new settlement
                e = a - 2
                assert v in (topo[T_EDGE_NODES_OFF + 2 * e], topo[T_EDGE_NODES_OFF + 2 * e + 1])
        act(st, topo, cfg, la[0])
        if len(order) == 8 and second_node is None and st[S_PHASE] == PH_SETUP_ROAD:
            second_node = int(st[S_LAST_NODE])
    assert order == [0, 1, 2, 3, 3, 2, 1, 0]
    assert st[S_PHASE] == PH_PRE_ROLL and st[S_TURN] == 1 and st[S_ACTIVE] == 0
    # seat 0's hand = one card per resource hex at its second settlement
    expect = [0] * 5
    for k in range(3):
        h = topo[T_NODE_HEX_OFF + 3 * second_node + k]
        if h >= 0 and st[S_TERRAIN + h] < 5:
            expect[st[S_TERRAIN + h]] += 1
    assert hand(st, 0) == expect


from sim.catan_core.board import T_EDGE_NODES as T_EDGE_NODES_OFF, T_NODE_HEX as T_NODE_HEX_OFF  # noqa: E402


# ---- §8.12 development cards
def dev_state():
    st, topo, cfg = fresh("catan", 4)
    st[S_DECK_POS] = 0
    return st, topo, cfg


def test_knight_bought_is_playable_next_turn_only():
    st, topo, cfg = dev_state()
    st[S_DECK] = DEV_KNIGHT
    give(st, 0, [0, 0, 1, 1, 1])
    B = E.a_base(topo)
    act(st, topo, cfg, B)
    assert st[ph(0, P_DEV) + DEV_KNIGHT] == 1
    assert B + 1 not in legal(st, topo, cfg)
    act(st, topo, cfg, 1)  # END -> next seat
    for q in (1, 2, 3):
        assert st[S_ACTIVE] == q
        st[S_PHASE] = PH_MAIN
        act(st, topo, cfg, 1)
    assert st[S_ACTIVE] == 0 and st[S_PHASE] == PH_PRE_ROLL
    assert B + 1 in legal(st, topo, cfg)  # pre-roll too


def test_vp_card_wins_at_once():
    st, topo, cfg = dev_state()
    st[S_DECK] = DEV_VP
    for v in (0, 10, 29, 40):
        settle(st, topo, cfg, 0, v, city=True)
    settle(st, topo, cfg, 0, 50)
    assert E.vp(st, cfg, 0) == 9
    give(st, 0, [0, 0, 1, 1, 1])
    act(st, topo, cfg, E.a_base(topo))
    assert st[S_PHASE] == PH_OVER and st[S_WIN_MASK] == 1


def test_largest_army_needs_strictly_more():
    st, topo, cfg = dev_state()
    B = E.a_base(topo)
    st[ph(0, P_KNIGHTS)] = 3
    st[S_LA_HOLDER] = 0
    st[ph(1, P_KNIGHTS)] = 2
    st[S_ACTIVE] = st[S_ACTOR] = 1
    st[ph(1, P_DEV) + DEV_KNIGHT] = 2
    act(st, topo, cfg, B + 1)
    assert st[ph(1, P_KNIGHTS)] == 3 and st[S_LA_HOLDER] == 0
    st[S_PHASE] = PH_MAIN
    st[S_DEV_PLAYED] = 0
    act(st, topo, cfg, B + 1)
    assert st[ph(1, P_KNIGHTS)] == 4 and st[S_LA_HOLDER] == 1


def yop_count(bank):
    st, topo, cfg = dev_state()
    for r in range(5):
        st[S_BANK + r] = bank[r]
    st[ph(0, P_DEV) + DEV_YOP] = 1
    B = E.a_base(topo)
    return len([a for a in legal(st, topo, cfg) if B + 3 <= a < B + 23])


def test_year_of_plenty_options():
    assert yop_count([19] * 5) == 15
    assert yop_count([1, 19, 19, 19, 19]) == 15
    assert yop_count([0, 19, 19, 19, 19]) == 14


def test_monopoly_and_road_building():
    st, topo, cfg = dev_state()
    B = E.a_base(topo)
    give(st, 1, [2, 0, 0, 0, 0])
    give(st, 2, [3, 1, 0, 0, 0])
    st[ph(0, P_DEV) + DEV_MONOPOLY] = 1
    act(st, topo, cfg, B + 23)
    assert hand(st, 0) == [5, 0, 0, 0, 0] and hand(st, 1) == [0] * 5 and hand(st, 2) == [0, 1, 0, 0, 0]
    st[S_DEV_PLAYED] = 0
    settle(st, topo, cfg, 0, 24)
    st[ph(0, P_DEV) + DEV_ROAD_BUILDING] = 1
    act(st, topo, cfg, B + 2)
    assert st[S_PHASE] == PH_ROAD_BUILDING
    act(st, topo, cfg, legal(st, topo, cfg)[0])
    act(st, topo, cfg, legal(st, topo, cfg)[0])
    assert st[S_PHASE] == PH_MAIN and st[ph(0, P_ROADS_LEFT)] == 13
    assert hand(st, 0) == [5, 0, 0, 0, 0]


def test_one_card_per_turn():
    st, topo, cfg = dev_state()
    B = E.a_base(topo)
    st[ph(0, P_DEV) + DEV_MONOPOLY] = 2
    act(st, topo, cfg, B + 23)
    assert not any(B + 23 <= a < B + 28 for a in legal(st, topo, cfg))


def test_robber_moves_and_steals():
    st, topo, cfg = fresh("catan", 4)
    st[S_ROBBER] = 0
    settle(st, topo, cfg, 1, 24)
    give(st, 1, [0, 0, 3, 0, 0])
    st[S_PHASE] = PH_ROBBER
    st[S_RET_PHASE] = PH_MAIN
    la = legal(st, topo, cfg)
    R = E.a_base(topo) + 28
    # hex 9 has P1 with cards: only the steal option; empty hexes: (hex, none); no hex 0
    assert R + 9 * 5 + 1 in la and R + 9 * 5 + 4 not in la
    assert R + 1 * 5 + 4 in la and all((a - R) // 5 != 0 for a in la)
    assert len(la) == 18
    act(st, topo, cfg, R + 9 * 5 + 1)
    assert hand(st, 0) == [0, 0, 1, 0, 0] and hand(st, 1) == [0, 0, 2, 0, 0]
    assert st[S_ROBBER] == 9 and st[S_PHASE] == PH_MAIN


def test_win_only_on_own_turn_in_sbp():
    st, topo, cfg = fresh("catan", 6, vp_to_win=9)
    for v in (0, 10, 29):
        settle(st, topo, cfg, 1, v, city=True)
    settle(st, topo, cfg, 1, 40)
    settle(st, topo, cfg, 1, 60)
    assert E.vp(st, cfg, 1) == 8
    act(st, topo, cfg, 1)  # P0 ends -> SBP, actor 1
    assert st[S_PHASE] == PH_SBP and st[S_ACTOR] == 1
    give(st, 1, [0, 0, 0, 2, 3])
    C = 2 + topo[T_E] + topo[T_N]
    assert C + 40 in legal(st, topo, cfg)
    act(st, topo, cfg, C + 40)
    assert E.vp(st, cfg, 1) == 9 and st[S_PHASE] == PH_SBP
    for _ in range(5):
        assert st[S_PHASE] == PH_SBP
        act(st, topo, cfg, 1)
    # P1's turn begins: the win is taken now
    assert st[S_PHASE] == PH_OVER and st[S_WIN_MASK] == 2 and st[S_ACTIVE] == 1


from sim.catan_core.board import T_NODE_NB as T_NODE_NB_OFF  # noqa: E402
