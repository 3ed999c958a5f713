"""Worked examples E1-E11 of the rules spec §10."""
import numpy as np
import pytest

from sim.magna_grecia import rules as R
from sim.magna_grecia import state as S
from sim.magna_grecia.params import PARAMS
from tests.magna_grecia.helpers import (
    A, B, C, D, empty, oracle, road, city, market, key, conn, legal, city_action, build_action,
    has_kind, H, set_turn, params,
)


def e1(**over):
    st, pr = empty(**over)
    oracle(st, (3, 15))
    ca = city(st, A, [(3, 13)])
    road(st, A, (3, 12), 0)
    road(st, A, (3, 14), 0)
    road(st, A, (2, 14), 2)
    fm = market(st, A, (3, 13))
    R.update_oracles(st, pr)
    return st, pr, ca, fm


def test_e1_connectivity_and_markets():
    st, pr, ca, fm = e1()
    assert conn(st, pr, (3, 13)) == 2
    assert conn(st, pr, (3, 11)) == 1
    assert conn(st, pr, (3, 15)) == 1
    assert R.trace(st, H((3, 13)), 5) == -1          # (2,14) NE end open: adds nothing
    assert R.market_active(st, fm) and R.market_value(st, pr, fm) == 2
    assert st[S.H_OCTRL + H((3, 15))] == ca
    set_turn(st, B)
    assert R.market_cost(st, pr, key(st, (3, 13))) == 2
    mb = market(st, B, (3, 13))
    assert R.market_value(st, pr, mb) == 0
    assert R.market_cost(st, pr, key(st, (3, 11))) == 1
    ma = market(st, A, (3, 11))
    assert R.market_value(st, pr, ma) == 1
    assert R.market_cost(st, pr, key(st, (3, 11))) == 2
    mb2 = market(st, B, (3, 11))
    assert R.market_value(st, pr, mb2) == 0
    st[S.S_POINTS + A] = 0
    parts = np.zeros((4, 6), dtype=np.int64)
    R.score_parts(st, pr, parts)
    assert parts[A, 5] == 7 and parts[A, 1] == 3 and parts[A, 2] == 4


@pytest.mark.parametrize("mode,ca_conn,v_conn", [("distinct_places", 2, 1), ("road_count", 3, 2)])
def test_e1_second_chain(mode, ca_conn, v_conn):
    st, pr, ca, fm = e1(connectivity=mode)
    road(st, A, (2, 13), 4)
    road(st, A, (2, 12), 3)
    assert conn(st, pr, (3, 13)) == ca_conn
    assert conn(st, pr, (3, 11)) == v_conn


def test_e2_village_interrupts():
    st, pr = empty()
    city(st, A, [(3, 11)])
    city(st, B, [(3, 15)])
    road(st, A, (3, 12), 0)
    road(st, B, (3, 14), 0)
    market(st, A, (3, 11))
    assert conn(st, pr, (3, 11)) == 1 and conn(st, pr, (3, 15)) == 1 and conn(st, pr, (3, 13)) == 2
    assert not R.connected_to_own_city(st, key(st, (3, 11)), B)
    v = key(st, (3, 13))
    assert R.market_cost(st, pr, v) == 1
    m = market(st, A, (3, 13))
    assert R.market_value(st, pr, m) == 2
    assert R.market_cost(st, pr, v) == 2
    m = market(st, B, (3, 13))
    assert R.market_value(st, pr, m) == 2
    assert R.market_cost(st, pr, v) == 3
    m = market(st, C, (3, 13))
    assert R.market_value(st, pr, m) == 0
    assert R.market_cost(st, pr, key(st, (3, 11))) == 2
    m = market(st, B, (3, 11))
    assert R.market_value(st, pr, m) == 0


def test_e3_oracle_update_sequence():
    steps = [
        ([(1, 2)], 1),
        ([(1, 2), (2, 2)], 1),
        ([(1, 2), (2, 3)], 2),
        ([(1, 3), (2, 3)], 2),
        ([(1, 4), (2, 4)], 2),
        ([(1, 4), (2, 4), (3, 5)], 3),
        ([(1, 4), (2, 4), (3, 1)], 1),
    ]
    cur = -1
    for cities, expect in steps:
        ids = np.array([c for c, _ in cities], dtype=np.int64)
        conns = np.array([k for _, k in cities], dtype=np.int64)
        best, bestc = R.oracle_pick(ids, conns, len(cities))
        cur_conn = dict(cities).get(cur, -1)
        cur = R.oracle_new_controller(cur, cur_conn, best, bestc)
        assert cur == expect


def test_e3_tie_keeps_controller_on_board():
    # A (age 0) controls the oracle; B (age 1) reaches the same conn: A keeps it; B above: B takes.
    st, pr = empty()
    oracle(st, (7, 6))
    ca = city(st, A, [(9, 5), (8, 5)])
    road(st, A, (7, 5), 3)
    R.update_oracles(st, pr)
    assert st[S.H_OCTRL + H((7, 6))] == ca and conn(st, pr, (9, 5)) == 1
    cb = city(st, B, [(5, 6)])
    road(st, B, (6, 6), 2)      # SW -> (7,6)? (6,6) even: SW = (7,5) road... use NE/SE ends
    st[S.H_ROAD_OWN + H((6, 6))] = -1
    st[S.S_RES_ROAD + B] += 1
    road(st, B, (6, 6), 8)      # NE -> (5,6) city B, SE -> (7,6) oracle
    R.update_oracles(st, pr)
    assert conn(st, pr, (5, 6)) == 1
    assert st[S.H_OCTRL + H((7, 6))] == ca          # tie keeps
    road(st, B, (5, 7), 0)      # W -> (5,6) city B, E -> (5,8) open
    road(st, B, (5, 8), 0)      # E -> (5,9)
    road(st, B, (5, 9), 0)      # E -> (5,10)
    road(st, B, (5, 10), 0)     # E -> (5,11)
    road(st, B, (5, 11), 0)     # E -> (5,12) village: conn(B) = 2
    R.update_oracles(st, pr)
    assert conn(st, pr, (5, 6)) == 2
    assert st[S.H_OCTRL + H((7, 6))] == cb
    assert st[S.M_TAKEOVERS + B] == 1


def e4_city():
    st, pr = empty(points=4)
    c = city(st, A, [(5, 12), (5, 11), (5, 13)])
    market(st, A, (5, 12))
    market(st, B, (5, 12))
    market(st, C, (5, 12), sold=True)
    return st, pr, c


def test_e4_sold_markets_cost():
    st, pr, c = e4_city()
    k = R.N + c
    assert R.market_cost(st, pr, k) == 5
    for seat, expect_legal in ((D, False), (C, False), (A, False)):
        set_turn(st, seat)
        st[S.S_POINTS + seat] = 4 if seat == D else 40
        assert (build_action(st, (5, 12)) in legal(st, pr)) == expect_legal
    st[S.S_POINTS + D] = 5
    set_turn(st, D)
    assert build_action(st, (5, 12)) in legal(st, pr)
    set_turn(st, A)
    R.apply_action(st, pr, city_action((6, 12)))
    assert R.market_cost(st, pr, k) == 6
    R.end_turn(st)
    set_turn(st, B)
    R.apply_action(st, pr, R.A_SELL + R.canonical_hex(st, k))
    assert R.market_cost(st, pr, k) == 5


def test_e4_floor():
    st, pr = empty(tile="B1", points=2)
    acts = legal(st, pr)
    assert city_action((0, 1)) in acts
    R.apply_action(st, pr, city_action((0, 1)))
    assert st[S.S_FOUNDED] == 1 and st[S.S_SUPPLY + A] == 19 and st[S.S_POINTS + A] == 1
    acts = legal(st, pr)
    assert city_action((0, 2)) in acts
    R.apply_action(st, pr, city_action((0, 2)))
    assert st[S.S_POINTS + A] == 0
    acts = legal(st, pr)
    assert not has_kind(acts, R.A_BUILD, R.A_SELL)
    assert R.A_END in acts


def e5(sold3=False, chain=False):
    st, pr = empty()
    oracle(st, (7, 6))
    c1 = city(st, A, [(9, 5), (8, 5)])
    c2 = city(st, A, [(9, 7)])
    road(st, A, (7, 5), 3)
    road(st, A, (8, 4), 0)
    road(st, A, (9, 8), 6)
    if chain:
        road(st, A, (10, 6), 7)
        road(st, A, (10, 7), 6)
    m1 = market(st, A, (8, 5))
    m2 = market(st, A, (9, 7))
    m3 = market(st, B, (9, 5), sold=sold3)
    m4 = market(st, B, (9, 7))
    R.update_oracles(st, pr)
    return st, pr, c1, c2, (m1, m2, m3, m4)


def test_e5_merge():
    st, pr, c1, c2, (m1, m2, m3, m4) = e5()
    assert conn(st, pr, (9, 5)) == 2 and conn(st, pr, (9, 7)) == 1
    assert st[S.H_OCTRL + H((7, 6))] == c1
    sup = [int(st[S.S_SUPPLY + s]) for s in range(4)]
    assert city_action((9, 6)) in legal(st, pr)
    R.apply_action(st, pr, city_action((9, 6)))
    assert st[S.S_POINTS + A] == 14
    assert st[S.H_CITY + H((9, 7))] == c1 and st[S.C_SIZE + c1] == 4 and st[S.C_ALIVE + c2] == 0
    assert conn(st, pr, (9, 6)) == 3
    assert st[S.H_OCTRL + H((7, 6))] == c1
    assert [int(st[S.K_STATE + m]) for m in (m1, m2, m3, m4)] == [1, 0, 1, 0]
    assert [int(st[S.S_SUPPLY + s]) for s in range(4)] == sup
    assert R.market_cost(st, pr, R.N + c1) == 6
    assert st[S.M_MERGES + A] == 1 and st[S.M_MARKETS_REMOVED + B] == 1


def test_e5_merge_sold_market_leaves():
    st, pr, c1, c2, (m1, m2, m3, m4) = e5(sold3=True)
    R.apply_action(st, pr, city_action((9, 6)))
    assert st[S.K_STATE + m3] == 0 and st[S.K_STATE + m4] == 1


def test_e5_merge_with_chain():
    st, pr, c1, c2, ms = e5(chain=True)
    assert conn(st, pr, (9, 5)) == 3 and conn(st, pr, (9, 7)) == 2
    R.apply_action(st, pr, city_action((9, 6)))
    assert conn(st, pr, (9, 6)) == 3


def reachable_allowance(tile, mode="ladder", stock=4, reserve=16):
    """All final (r, c, d) reachable with the §3.2 predicates (roads/cities always placeable)."""
    st, pr = empty(tile=tile, enhanced_resupply=mode)
    seen = set()
    todo = [(0, 0, 0)]
    while todo:
        r, c, d = todo.pop()
        if (r, c, d) in seen:
            continue
        seen.add((r, c, d))
        st[S.S_R], st[S.S_C], st[S.S_D] = r, c, d
        if d == 0:
            if r < stock and R.road_allowed(st, pr):
                todo.append((r + 1, c, d))
            if c < stock and R.city_allowance_left(st, pr) >= 1:
                todo.append((r, c + 1, d))
        if d < reserve and R.draw_allowed(st, pr):
            todo.append((r, c, d + 1))
    return seen


def test_e6_allowance_r2():
    got = reachable_allowance("R2")
    exp = set()
    exp |= {(r, c, 0) for r in range(3) for c in range(2)}
    exp |= {(r, 0, d) for r in (1, 2) for d in range(4)}
    exp |= {(0, 1, d) for d in range(4)}
    exp |= {(3, 0, 0), (0, 2, 0)}
    exp |= {(0, 0, d) for d in range(6)}
    assert got == exp
    for bad in ((3, 1, 0), (0, 2, 1), (1, 1, 1)):
        assert bad not in got
    got1 = reachable_allowance("R2", mode="plus_one")
    assert (0, 0, 4) in got1 and (0, 0, 5) not in got1


def test_e6_caps_and_no_placement_after_draw():
    got = reachable_allowance("R2", stock=1, reserve=2)
    assert (2, 0, 0) not in got and (0, 0, 3) not in got and (1, 0, 2) in got
    st, pr = empty(tile="R2")
    city(st, A, [(0, 8)])
    R.apply_action(st, pr, R.A_DRAW_ROAD)
    acts = legal(st, pr)
    assert not has_kind(acts, 0, R.A_DRAW_ROAD) and R.A_DRAW_CITY in acts


def test_e7_final_score():
    """Final score = track + values of own unsold active markets + oracle_points x oracles.

    E7's own numbers (track 3; active unsold markets 5, 4, 3, 2; an inactive and a sold market;
    4 oracles -> 33) are checked on the formula; the same structure is built on the board."""
    op = int(params()[PARAMS.index("oracle_points")])
    assert 3 + (5 + 4 + 3 + 2) + op * 4 == 33
    st, pr = empty()
    hub = city(st, A, [(6, 9)])
    st[S.S_POINTS + A] = 3
    road(st, A, (5, 9), 2)      # SW -> hub (6,9), NE -> village (4,10)
    road(st, A, (6, 8), 0)      # E -> hub, W -> (6,7)
    road(st, A, (6, 7), 0)
    road(st, A, (6, 6), 0)      # W -> village (6,5)
    assert conn(st, pr, (6, 9)) == 2
    market(st, A, (6, 9))                   # active, value 2
    market(st, A, (4, 10))                  # active, value 1
    market(st, A, (6, 5))                   # active, value 1
    mi = market(st, A, (9, 11))             # inactive: 0
    market(st, A, (8, 9), sold=True)        # sold: 0
    market(st, B, (6, 9))                   # B's market in A's city: inactive for B
    assert not R.market_active(st, mi)
    for rc in ((3, 6), (3, 8), (12, 9), (4, 1)):
        oracle(st, rc)
    for i in range(4):
        st[S.H_OCTRL + st[S.S_ORACLE_LIST + i]] = hub
    parts = np.zeros((4, 6), dtype=np.int64)
    R.score_parts(st, pr, parts)
    assert list(parts[A]) == [3, 4, 16, 4, 3, 3 + 4 + 16]
    assert list(parts[B]) == [15, 0, 0, 0, 0, 15]


def test_e8_allowance_step_by_step():
    st, pr = empty(tile="Y2")
    city(st, A, [(0, 8)])          # anchors for roads, room for more city tiles
    assert R.enhanced_s(5, pr) == 7
    assert R.enhanced_s(5, params(enhanced_resupply="plus_one")) == 6
    s0 = st.copy()
    # PLACE_ROAD -> roads while r < 4, cities while c < 2, draws <= 5
    R.apply_action(st, pr, [a for a in legal(st, pr) if a < R.A_CITY][0])
    acts = legal(st, pr)
    assert has_kind(acts, 0, R.A_CITY) and has_kind(acts, R.A_CITY, R.A_DRAW_ROAD)
    st2 = st.copy()
    for _ in range(5):
        R.apply_action(st2, pr, R.A_DRAW_ROAD)
    assert R.A_DRAW_ROAD not in legal(st2, pr)
    for _ in range(3):
        R.apply_action(st, pr, [a for a in legal(st, pr) if a < R.A_CITY][0])
    assert st[S.S_R] == 4 and st[S.S_STOCK_ROAD + A] == 0
    acts = legal(st, pr)
    assert not has_kind(acts, 0, R.A_DRAW_CITY + 1)
    # from r = 1, PLACE_CITY -> roads while r < 3, cities while c < 2, no draw
    st = s0.copy()
    R.apply_action(st, pr, [a for a in legal(st, pr) if a < R.A_CITY][0])
    cities = [a for a in legal(st, pr) if R.A_CITY <= a < R.A_DRAW_ROAD]
    R.apply_action(st, pr, cities[0])
    acts = legal(st, pr)
    assert has_kind(acts, 0, R.A_CITY) and has_kind(acts, R.A_CITY, R.A_DRAW_ROAD)
    assert not has_kind(acts, R.A_DRAW_ROAD, R.A_DRAW_CITY + 1)
    R.apply_action(st, pr, [a for a in acts if a < R.A_CITY][0])
    acts = legal(st, pr)
    assert has_kind(acts, 0, R.A_CITY) and st[S.S_R] == 2
    R.apply_action(st, pr, [a for a in acts if a < R.A_CITY][0])
    acts = legal(st, pr)
    assert not has_kind(acts, 0, R.A_CITY) and has_kind(acts, R.A_CITY, R.A_DRAW_ROAD)
    R.apply_action(st, pr, [a for a in acts if R.A_CITY <= a < R.A_DRAW_ROAD][0])
    acts = legal(st, pr)
    assert not has_kind(acts, 0, R.A_DRAW_CITY + 1)
    # 7 DRAW_CITY from the start; an 8th and any placement illegal
    st = s0.copy()
    for _ in range(7):
        assert R.A_DRAW_CITY in legal(st, pr)
        R.apply_action(st, pr, R.A_DRAW_CITY)
    acts = legal(st, pr)
    assert not has_kind(acts, 0, R.A_DRAW_CITY + 1)
    st = s0.copy()
    st[S.S_STACK] = 3       # Y1: S+ = 3 both modes
    assert R.tile_values(st, pr)[5] == 3
    assert R.tile_values(st, params(enhanced_resupply="plus_one"))[5] == 3
    st[S.S_STACK] = 1       # R2: 5 ladder, 4 plus_one
    assert R.tile_values(st, pr)[5] == 5
    assert R.tile_values(st, params(enhanced_resupply="plus_one"))[5] == 4


def e9():
    st, pr = empty()
    city(st, A, [(3, 13)])
    road(st, A, (3, 12), 0)
    road(st, A, (4, 14), 1)
    return st, pr


@pytest.mark.parametrize("player,rc,o,ok", [
    (A, (5, 14), 1, True), (B, (5, 14), 1, False), (A, (5, 14), 0, False), (B, (5, 14), 0, False),
    (B, (4, 13), 2, True), (B, (4, 13), 8, True), (B, (3, 10), 0, False), (A, (3, 10), 0, True),
    (A, (3, 11), 0, False), (A, (3, 11), 4, False), (A, (4, 12), 6, False), (A, (4, 12), 7, True),
])
def test_e9_road_legality(player, rc, o, ok):
    st, pr = e9()
    assert R.road_legal(st, pr, player, H(rc), o) == ok
    set_turn(st, player)
    assert ((9 * H(rc) + o) in legal(st, pr)) == ok


def test_e9_conn_after_join():
    st, pr = e9()
    assert conn(st, pr, (3, 13)) == 1
    R.apply_action(st, pr, 9 * H((5, 14)) + 1)
    assert conn(st, pr, (3, 13)) == 2


def test_e10_city_run_and_founding():
    st, pr = empty(tile="G1")
    acts = legal(st, pr)
    assert city_action((0, 3)) in acts
    assert R.city_k_after(st, pr, A) == 3
    R.apply_action(st, pr, city_action((0, 3)))
    assert st[S.S_PENDING] == 1
    acts = legal(st, pr)
    assert all(R.A_CITY <= a < R.A_DRAW_ROAD for a in acts)
    assert city_action((1, 3)) not in acts
    assert city_action((0, 2)) in acts
    R.apply_action(st, pr, city_action((0, 2)))
    R.apply_action(st, pr, city_action((0, 1)))
    assert st[S.S_PENDING] == 0 and st[S.S_FOUNDED] == 1 and st[S.S_FOUND_HEX] == H((0, 1))
    assert st[S.S_POINTS + A] == 12 and st[S.S_STOCK_CITY + A] == 1
    m = R.own_market_at(st, A, key(st, (0, 1)))
    assert m >= 0 and st[S.K_HEX + m] == H((0, 1))
    acts = legal(st, pr)
    assert has_kind(acts, 0, R.A_CITY) and R.A_DRAW_ROAD in acts and R.A_END in acts
    assert has_kind(acts, R.A_BUILD, R.A_ORACLE) and has_kind(acts, R.A_CITY, R.A_DRAW_ROAD)
    st2 = st.copy()
    R.apply_action(st2, pr, R.A_DRAW_ROAD)
    R.apply_action(st2, pr, R.A_DRAW_ROAD)
    assert R.A_DRAW_ROAD not in legal(st2, pr)


def test_e10_k_too_small():
    st, pr = empty(tile="Y1")
    assert city_action((0, 3)) not in legal(st, pr)
    st, pr = empty(tile="G1", points=2)
    assert city_action((0, 3)) not in legal(st, pr)
    st, pr = empty(tile="G1")
    assert city_action((2, 3)) in legal(st, pr)


@pytest.mark.parametrize("stocks,tb,win", [((3, 5), 0, (0.0, 1.0)), ((4, 4), 0, (0.5, 0.5)),
                                           ((3, 5), 1, (0.5, 0.5))])
def test_e11_tie_break(stocks, tb, win):
    score = np.array([30, 30], dtype=np.int64)
    stock = np.array(stocks, dtype=np.int64)
    rank = np.zeros(2, dtype=np.int64)
    w = np.zeros(2)
    tie, used = R.rank_players(score, stock, 2, tb == 0, rank, w)
    assert tuple(w) == win and tie
    assert used == (win == (0.0, 1.0))
