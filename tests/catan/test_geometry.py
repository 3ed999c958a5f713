"""§1.1 and §8.1: board geometry, ids and action sizes."""
import numpy as np

from sim.catan_core.board import *  # noqa: F401,F403
from sim.catan_core import rules as E
from tests.catan.helpers import config


def corners(t, h):
    return [int(x) for x in t[T_HEX_NODES + 6 * h:T_HEX_NODES + 6 * h + 6]]


def node_hexes(t, n):
    return sorted(int(x) for x in t[T_NODE_HEX + 3 * n:T_NODE_HEX + 3 * n + 3] if x >= 0)


def test_b19_counts_and_ids():
    t = TOPO_B19
    assert (t[T_H], t[T_S], t[T_N], t[T_E]) == (19, 18, 54, 72)
    assert corners(t, 9) == [18, 24, 30, 35, 29, 23]
    assert corners(t, 0) == [0, 4, 8, 12, 7, 3]
    assert node_hexes(t, 24) == [5, 9, 10]
    assert node_hexes(t, 35) == [9, 13, 14]
    coastal = sum(1 for n in range(54) if len(node_hexes(t, n)) < 3)
    assert coastal == 30
    deg = [sum(1 for k in range(3) if t[T_NODE_NB + 3 * n + k] >= 0) for n in range(54)]
    assert min(deg) == 2 and max(deg) == 3


def test_b30_counts():
    t = TOPO_B30
    assert (t[T_H], t[T_S], t[T_N], t[T_E]) == (30, 22, 80, 109)
    assert (TOPO_B19_R2[T_S], TOPO_B30_R2[T_S]) == (18 + 24, 22 + 28)


SEA4 = {19: ({0, 3}, {20, 23}), 20: ({0, 1, 4}, {19, 21}), 21: ({1, 2, 5}, {20, 22}), 22: ({2, 6}, {21, 24}),
        23: ({3, 7, 11}, {19, 25}), 24: ({6, 10, 15}, {22, 26}), 25: ({11, 16, 21}, {23, 27}),
        26: ({15, 20, 26}, {24, 28}), 27: ({21, 27}, {25, 29}), 28: ({26, 32}, {26, 30}),
        29: ({27, 33, 38}, {27, 31}), 30: ({32, 37, 42}, {28, 32}), 31: ({38, 43, 47}, {29, 33}),
        32: ({42, 46, 50}, {30, 36}), 33: ({47, 51}, {31, 34}), 34: ({48, 51, 52}, {33, 35}),
        35: ({49, 52, 53}, {34, 36}), 36: ({50, 53}, {32, 35})}
SEA6 = {30: ({0, 3}, {31, 34}), 31: ({0, 1, 4}, {30, 32}), 32: ({1, 2, 5}, {31, 33}), 33: ({2, 6}, {32, 35}),
        34: ({3, 7, 11}, {30, 36}), 35: ({6, 10, 15}, {33, 37}), 36: ({11, 16, 21}, {34, 38}),
        37: ({15, 20, 26}, {35, 39}), 38: ({21, 27, 33}, {36, 40}), 39: ({26, 32, 39}, {37, 41}),
        40: ({33, 40}, {38, 42}), 41: ({39, 46}, {39, 43}), 42: ({40, 47, 53}, {40, 44}),
        43: ({46, 52, 58}, {41, 45}), 44: ({53, 59, 64}, {42, 46}), 45: ({58, 63, 68}, {43, 47}),
        46: ({64, 69, 73}, {44, 48}), 47: ({68, 72, 76}, {45, 51}), 48: ({73, 77}, {46, 49}),
        49: ({74, 77, 78}, {48, 50}), 50: ({75, 78, 79}, {49, 51}), 51: ({76, 79}, {47, 50})}


def test_sea_hexes_match_stand_in():
    for t, table in ((TOPO_B19, SEA4), (TOPO_B30, SEA6)):
        H = int(t[T_H])
        for hid, (cs, ns) in table.items():
            s = hid - H
            got_c = {int(x) for x in t[T_SEA_NODES + 3 * s:T_SEA_NODES + 3 * s + 3] if x >= 0}
            got_n = {int(x) + H for x in t[T_SEA_ADJ + 6 * s:T_SEA_ADJ + 6 * s + 6] if x >= 0}
            assert got_c == cs and got_n == ns, hid


def test_harbor_positions_are_coastal_pairs():
    for t in (TOPO_B19, TOPO_B30):
        for k in range(int(t[T_NHARB])):
            a, b = int(t[T_HARB_NODES + 2 * k]), int(t[T_HARB_NODES + 2 * k + 1])
            edge_id(t, a, b)  # adjacent
            s = int(t[T_HARB_SEA + k])
            sea_nodes = {int(x) for x in t[T_SEA_NODES + 3 * s:T_SEA_NODES + 3 * s + 3]}
            assert {a, b} <= sea_nodes


def test_action_sizes():
    for game, P, size in (("catan", 4, 330), ("catan", 6, 534), ("troja", 4, 333), ("troja", 6, 490)):
        cfg, topo = config(game, P)
        assert actions_of_board(cfg[E.C_GAME], topo, P).size == size


def test_random_boards_follow_counts_and_no_adjacent_6_8():
    from sim.catan_core.layout import STATE_SIZE, S_TERRAIN, S_NUMBER, S_HARB_TYPE
    for P in (4, 6):
        cfg, topo = config("catan", P)
        H = int(topo[T_H])
        st = np.empty(STATE_SIZE, dtype=np.int32)
        for g in range(30):
            E.new_game(st, topo, cfg, 7, g)
            terr = st[S_TERRAIN:S_TERRAIN + H]
            assert tuple(np.bincount(terr, minlength=6)) == tuple(topo[T_TERRAIN_COUNTS:T_TERRAIN_COUNTS + 6])
            nums = st[S_NUMBER:S_NUMBER + H]
            assert all((nums[h] == 0) == (terr[h] == 5) for h in range(H))
            assert sorted(nums[nums > 0]) == sorted(topo[T_NUMBERS:T_NUMBERS + topo[T_N_NUMBERS]])
            for h in range(H):
                if nums[h] in (6, 8):
                    for k in range(6):
                        a = topo[T_HEX_ADJ + 6 * h + k]
                        assert a < 0 or nums[a] not in (6, 8)
            nh = int(topo[T_NHARB])
            assert sorted(st[S_HARB_TYPE:S_HARB_TYPE + nh]) == sorted(topo[T_HARB_TYPES:T_HARB_TYPES + nh])


def test_spiral_numbers():
    from sim.catan_core.layout import STATE_SIZE, S_TERRAIN, S_NUMBER
    cfg, topo = config("catan", 4, number_placement="spiral")
    st = np.empty(STATE_SIZE, dtype=np.int32)
    E.new_game(st, topo, cfg, 3, 0)
    seq = [int(st[S_NUMBER + h]) for h in SPIRAL_B19 if st[S_TERRAIN + h] != 5]
    assert seq == list(SPIRAL_NUMBERS)
