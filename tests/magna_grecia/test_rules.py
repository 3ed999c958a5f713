"""Unit tests of the Magna Grecia rules (spec §2-§9), beyond the worked examples."""
import itertools

import numpy as np
import pytest

from sim.magna_grecia import board as Bd
from sim.magna_grecia import rules as R
from sim.magna_grecia import state as S
from sim.magna_grecia.params import PARAMS
from sim.magna_grecia.playout import game_actions
from tests.magna_grecia import reference as REF
from tests.magna_grecia.helpers import (
    A, B, C, empty, oracle, road, city, market, key, legal, city_action, has_kind, H,
    set_turn, params,
)


# ---------------------------------------------------------------- §8.1 classic board
def test_classic_board():
    kind = Bd.CLASSIC_KIND
    assert Bd.N == 249 and Bd.HEX_POS[0] == (0, 1)
    assert (kind == 0).sum() == 207 and (kind > 0).sum() == 42
    assert (kind == 2).sum() == 10 and (kind == 1).sum() == 32
    assert Bd.EDGE.sum() == 61
    vill = np.flatnonzero(kind > 0)
    edge_v = [Bd.HEX_POS[h] for h in vill if Bd.EDGE[h]]
    assert sorted(edge_v) == sorted(Bd.FRONTIER + [(12, 14)])
    for a, b in itertools.combinations(vill, 2):
        assert Bd.DIST[a, b] >= 2
    nearest = [min(Bd.DIST[a, b] for b in vill if b != a) for a in vill]
    assert nearest.count(2) == 29 and nearest.count(3) == 13
    fr = np.flatnonzero(kind == 2)
    for a, b in itertools.combinations(fr, 2):
        assert Bd.DIST[a, b] >= 3
    # row-major index order, neighbours symmetric, offset neighbour rule of §4.1
    assert all(Bd.HEX_POS[i] < Bd.HEX_POS[i + 1] for i in range(Bd.N - 1))
    for h in range(Bd.N):
        r, c = Bd.HEX_POS[h]
        for d in range(6):
            y = Bd.NB[h, d]
            if y >= 0:
                assert Bd.NB[y, (d + 3) % 6] == h
        exp = {5: (r - 1, c + (r & 1)), 4: (r - 1, c - 1 + (r & 1)),
               1: (r + 1, c + (r & 1)), 2: (r + 1, c - 1 + (r & 1)), 0: (r, c + 1), 3: (r, c - 1)}
        for d, rc in exp.items():
            assert Bd.NB[h, d] == Bd.POS_INDEX.get(rc, -1)


def test_oracles_leave_open_villages():
    for n, left in ((4, 23), (2, 25), (3, 25)):
        pr = PARAMS.vector({"oracle_placement": "random"})
        st = S.new_game(3, 0, n, pr)
        open_in = sum(1 for h in range(Bd.N) if st[S.H_KIND + h] == 1 and st[S.H_ORACLE + h] == 0)
        assert open_in == left


# ---------------------------------------------------------------- §4.3 road tiles
def test_nine_orientations():
    pairs = [tuple(sorted(e)) for e in Bd.ORI_ENDS]
    assert len(set(pairs)) == 9
    names = Bd.DIR_NAMES
    exp = [("E", "W"), ("SE", "NW"), ("SW", "NE"), ("E", "SW"), ("SE", "W"), ("SW", "NW"),
           ("W", "NE"), ("NW", "E"), ("NE", "SE")]
    for o, (a, b) in enumerate(exp):
        assert {names[Bd.ORI_ENDS[o, 0]], names[Bd.ORI_ENDS[o, 1]]} == {a, b}
    straight = [o for o in range(9) if (Bd.ORI_ENDS[o, 1] - Bd.ORI_ENDS[o, 0]) % 6 == 3]
    assert straight == [0, 1, 2]
    assert all((Bd.ORI_ENDS[o, 1] - Bd.ORI_ENDS[o, 0]) % 6 in (2, 4) for o in range(3, 9))


def random_states(n_games=6, n_players=4, step=7, kind=0, **over):
    pr = PARAMS.vector(over)
    out = []
    for g in range(n_games):
        acts, _ = game_actions(11, g, n_players, pr, [kind] * n_players, None)
        st = S.new_game(11, g, n_players, pr)
        for i, a in enumerate(acts):
            if i % step == 0 and st[S.S_STAGE] == S.ST_PLAY:
                out.append(st.copy())
            R.apply_action(st, pr, int(a))
    return out, pr


@pytest.mark.parametrize("allow", [False, True])
def test_road_generation_matches_rule(allow):
    states, pr = random_states(allow_join_rival_road_end=allow)
    out = np.empty(R.MAX_LEGAL, dtype=np.int64)
    checked = 0
    for st in states:
        for p in range(4):
            n = R.road_actions(st, pr, p, out, 0)
            got = set(out[:n].tolist())
            exp = {9 * h + o for h in range(Bd.N) for o in range(9) if R.road_legal(st, pr, p, h, o)}
            assert got == exp
            checked += len(exp)
    assert checked > 100


def test_rival_join_option():
    st, pr = empty()
    city(st, A, [(3, 13)])
    road(st, A, (4, 14), 1)       # A's SE end points at (5,14)
    road(st, B, (5, 13), 0)       # B's E end points at (5,14)
    h = H((5, 14))
    pr2 = params(allow_join_rival_road_end=True)
    # o4 SE-W: W joins B's road (anchor), SE enters the open village (6,15): legal in both modes
    assert R.road_legal(st, pr, B, h, 4) and R.road_legal(st, pr2, B, h, 4)
    # o6 W-NE: W joins B (anchor), NE -> (4,15) empty
    assert R.road_legal(st, pr, B, h, 6) and R.road_legal(st, pr2, B, h, 6)
    # o5 SW-NW: NW joins A's road end: forbidden by default; with the option the join is no
    # anchor and SW -> (6,14) is empty, so still illegal
    assert not R.road_legal(st, pr, B, h, 5) and not R.road_legal(st, pr2, B, h, 5)
    # o1 SE-NW for A: joins its own road (anchor)
    assert R.road_legal(st, pr, A, h, 1)


def test_rival_join_option_changes_legality():
    st, pr = empty()
    city(st, A, [(3, 13)])
    road(st, A, (4, 14), 1)       # SE end points at (5,14)
    city(st, B, [(6, 15)])        # B city: an anchor for anybody at (5,14)'s SE
    h = H((5, 14))
    assert not R.road_legal(st, pr, B, h, 1)                  # NW joins A's road
    assert R.road_legal(st, params(allow_join_rival_road_end=True), B, h, 1)


# ---------------------------------------------------------------- §4.6 cities
def test_city_hex_rule():
    st, pr = empty()
    oracle(st, (7, 6))
    city(st, B, [(3, 13)])
    tent = np.zeros(Bd.N, dtype=np.int8)
    assert not R.hex_rule(st, A, H((7, 6)), tent)     # oracle
    assert not R.hex_rule(st, A, H((7, 5)), tent)     # next to an oracle
    assert not R.hex_rule(st, A, H((3, 12)), tent)    # next to B's city
    assert R.hex_rule(st, B, H((3, 12)), tent)
    road(st, A, (0, 5), 0)
    assert not R.hex_rule(st, A, H((0, 5)), tent)     # road
    assert R.hex_rule(st, A, H((0, 6)), tent)


def brute_completable(st, pr, p, h):
    """Exhaustive §4.6 completability: try all sets of <= k hex-rule hexes near the run."""
    tent = np.zeros(Bd.N, dtype=np.int8)
    if not R.hex_rule(st, p, h, tent):
        return False
    k = R.city_k_after(st, pr, p)
    ws = R.new_city_ws()
    tlist = np.empty(16, dtype=np.int64)
    near = [y for y in range(Bd.N) if Bd.DIST[h, y] <= k or any(
        Bd.DIST[t, y] <= k for t in st[S.S_TT:S.S_TT + st[S.S_TT_N]])]
    near = [y for y in near if y != h and R.hex_rule(st, p, y, tent)]
    for m in range(0, k + 1):
        for combo in itertools.combinations(near, m):
            cells = (h,) + combo
            for i, y in enumerate(cells):
                tent[y] = 1
                tlist[i] = y
            ok = R.eval_conditions(st, p, tent, tlist, len(cells), ws)[0] == 0
            for y in cells:
                tent[y] = 0
            if ok:
                return True
    return False


def test_completability_matches_brute_force():
    states, pr = random_states(n_games=4, step=3)
    out = np.empty(R.MAX_LEGAL, dtype=np.int64)
    rng = np.random.default_rng(0)
    n_checked = 0
    n_true = 0
    for st in states:
        p = st[S.S_CUR]
        if st[S.S_PHASE] != 0 or R.city_allowance_left(st, pr) < 1 or st[S.S_STOCK_CITY + p] < 1:
            continue
        k = R.city_k_after(st, pr, p)
        if k > 2:
            continue
        n = R.city_actions(st, pr, p, out, 0)
        got = set(int(a) - R.A_CITY for a in out[:n])
        cand = [h for h in range(Bd.N) if Bd.DIST[h, :][np.flatnonzero(
            st[S.H_KIND:S.H_KIND + Bd.N])].min() <= k + 1]
        for h in rng.choice(cand, size=min(25, len(cand)), replace=False):
            exp = brute_completable(st, pr, p, int(h))
            assert (int(h) in got) == exp, (int(h), exp)
            n_checked += 1
            n_true += exp
        for h in got:
            n_true += 0
    assert n_checked > 200 and n_true > 5


def test_run_completed_by_merging_a_second_new_city_into_an_old_one():
    """(d) with two new cities: a repair may merge the second one into an old city. A planning
    greedy game found it (2 players, seed 21, game 3): (12,2) was listed after (9,14), and the
    run then had no legal tile, because the repair search branched on the first new city only."""
    st, pr = empty(n_players=2, tile="B2", points=5, enh_cities_bonus=2)
    city(st, A, [(14, 4), (13, 3), (12, 4)])        # an old city with frontier village (14,4)
    road(st, A, (13, 2), 7)                          # NW enters village (12,2), E meets (13,3)
    R.apply_action(st, pr, city_action((9, 14)))      # pending: frontier (9,15) must be covered
    assert st[S.S_PENDING] == 1 and R.city_k_after(st, pr, A) == 2
    # (12,2) alone is a second new city; (12,3) then merges it into the old city: a completion
    assert brute_completable(st, pr, A, H((12, 2)))
    assert city_action((12, 2)) in legal(st, pr)
    out = np.empty(R.MAX_LEGAL, dtype=np.int64)
    n = REF.legal_actions_reference(st, pr, out)
    assert city_action((12, 2)) in out[:n]
    R.apply_action(st, pr, city_action((12, 2)))
    acts = legal(st, pr)
    assert city_action((12, 3)) in acts and city_action((9, 15)) in acts
    R.apply_action(st, pr, city_action((12, 3)))
    R.apply_action(st, pr, city_action((9, 15)))
    assert st[S.S_PENDING] == 0 and st[S.S_FOUNDED] == 1


def test_city_must_not_touch_open_village_and_needs_village():
    st, pr = empty(tile="G1")
    # (0,7) next to frontier (0,8): a tile there must cover (0,8) in the same run
    assert city_action((0, 7)) in legal(st, pr)
    R.apply_action(st, pr, city_action((0, 7)))
    assert st[S.S_PENDING] == 1
    acts = legal(st, pr)
    assert acts == [city_action((0, 8))] or city_action((0, 8)) in acts
    R.apply_action(st, pr, city_action((0, 8)))
    assert st[S.S_PENDING] == 0 and st[S.S_FOUNDED] == 1


def test_one_founding_per_turn():
    st, pr = empty(tile="G1")
    R.apply_action(st, pr, city_action((0, 8)))
    assert st[S.S_FOUNDED] == 1
    # a second new city elsewhere (frontier (0,16)) cannot be founded this turn
    assert city_action((0, 16)) not in legal(st, pr)
    R.end_turn(st)
    set_turn(st, A)
    assert city_action((0, 16)) in legal(st, pr)


def test_new_city_needs_frontier_or_own_road():
    st, pr = empty(tile="G1")
    assert city_action((6, 9)) not in legal(st, pr)          # inland, no road of A
    road(st, B, (6, 8), 0)                                     # a rival road does not help
    assert city_action((6, 9)) not in legal(st, pr)
    road(st, A, (5, 9), 2)                                     # (5,9) odd: SW -> (6,9)
    assert city_action((6, 9)) in legal(st, pr)
    R.apply_action(st, pr, city_action((6, 9)))
    assert st[S.S_FOUNDED] == 1 and st[S.S_PENDING] == 0
    st, pr = empty(tile="Y1")                                  # k = 1: (3,8) is 3 from (0,8)
    assert city_action((3, 8)) not in legal(st, pr)
    st, pr = empty(tile="G1")                                  # k = 3: reaches frontier (0,8)
    assert city_action((3, 8)) in legal(st, pr)


def test_founding_with_sold_market_in_covered_village():
    st, pr = empty(tile="G1")
    road(st, A, (5, 9), 2)
    m = market(st, A, (6, 9), sold=True)
    sup = st[S.S_SUPPLY + A]
    R.apply_action(st, pr, city_action((6, 9)))
    assert st[S.K_STATE + m] == S.MK_NONE
    assert st[S.S_SUPPLY + A] == sup - 1
    assert R.own_market_at(st, A, key(st, (6, 9))) == m + 1


def test_founding_with_unsold_market_in_covered_village():
    st, pr = empty(tile="G1")
    road(st, A, (5, 9), 2)
    m = market(st, A, (6, 9))
    sup = st[S.S_SUPPLY + A]
    R.apply_action(st, pr, city_action((6, 9)))
    assert st[S.K_STATE + m] == S.MK_UNSOLD and st[S.S_SUPPLY + A] == sup
    assert st[S.M_FOUNDING_MARKETS + A] == 0 and st[S.M_CITIES_FOUNDED + A] == 1


@pytest.mark.parametrize("sold_first", [False, True])
def test_covered_village_markets_cleanup(sold_first):
    st, pr = empty(tile="G1")
    city(st, A, [(3, 6)])
    m0 = market(st, A, (3, 6), sold=sold_first)
    m1 = market(st, A, (3, 8))
    m2 = market(st, B, (3, 8))
    R.apply_action(st, pr, city_action((3, 7)))
    assert st[S.S_PENDING] == 1                       # next to the open village (3,8)
    acts = legal(st, pr)
    assert city_action((3, 8)) in acts and all(R.A_CITY <= a < R.A_DRAW_ROAD for a in acts)
    R.apply_action(st, pr, city_action((3, 8)))
    assert st[S.S_PENDING] == 0
    states = [int(st[S.K_STATE + m]) for m in (m0, m1, m2)]
    if sold_first:
        assert states == [0, 1, 1]                    # oldest unsold kept
    else:
        assert states == [1, 0, 1]                    # oldest kept
    assert st[S.M_MARKETS_REMOVED + A] == 1 and st[S.M_MARKETS_REMOVED + B] == 0


def test_market_sell_and_options():
    st, pr = e2_like()
    fa = R.own_market_at(st, A, key(st, (3, 11)))
    va = R.market_value(st, pr, fa)
    assert va == 1
    m = market(st, A, (3, 13))
    pts = st[S.S_POINTS + A]
    R.apply_action(st, pr, R.A_SELL + H((3, 13)))
    assert st[S.S_POINTS + A] == pts + 2 and st[S.K_STATE + m] == S.MK_SOLD
    assert st[S.S_PHASE] == S.PH_MARKET_DONE and legal(st, pr) == [R.A_END]
    assert R.market_cost(st, pr, key(st, (3, 13))) == 1      # sold market not counted
    R.end_turn(st)
    set_turn(st, A)
    assert R.A_BUILD + H((3, 13)) not in legal(st, pr)         # never again there
    # inactive market: sellable for 0 by default, not with sell_requires_active
    mi = market(st, A, (12, 9))
    assert not R.market_active(st, mi)
    assert R.A_SELL + H((12, 9)) in legal(st, pr)
    assert R.A_SELL + H((12, 9)) not in legal(st, params(sell_requires_active=True))
    assert R.A_SELL + H((3, 11)) in legal(st, params(sell_requires_active=True))


def test_selling_switched_off_for_one_seat_or_every_seat():
    """The measuring switch `power_sell_market` (the causal check of "sold a market", restricted play):
    off with `switch_seat` k, seat k may not sell while the others may; off alone, no seat may. Building
    stays legal."""
    st, pr = e2_like()
    market(st, A, (3, 13))
    sells = lambda pv: sorted(a for a in legal(st, pv) if R.A_SELL <= a < R.A_ORACLE)
    builds = lambda pv: [a for a in legal(st, pv) if R.A_BUILD <= a < R.A_SELL]
    assert sells(pr) == sorted([R.A_SELL + H((3, 11)), R.A_SELL + H((3, 13))])
    assert sells(params(power_sell_market=False)) == []
    assert sells(params(power_sell_market=False, switch_seat=A)) == []
    assert sells(params(power_sell_market=False, switch_seat=B)) == sells(pr)
    assert sells(params(switch_seat=A)) == sells(pr)               # the seat alone switches nothing
    assert builds(params(power_sell_market=False, switch_seat=A)) == builds(pr)


def e2_like():
    st, pr = empty()
    city(st, A, [(3, 11)])
    city(st, B, [(3, 15)])
    road(st, A, (3, 12), 0)
    road(st, B, (3, 14), 0)
    market(st, A, (3, 11))
    return st, pr


def test_market_network_option():
    st, pr = e2_like()
    pr2 = params(market_build_requires_network=True)
    assert R.A_BUILD + H((12, 9)) in legal(st, pr)
    assert R.A_BUILD + H((12, 9)) not in legal(st, pr2)
    assert R.A_BUILD + H((3, 13)) in legal(st, pr2)
    set_turn(st, C)
    assert not has_kind(legal(st, pr2), R.A_BUILD, R.A_SELL)


def test_market_cost_parameters():
    st, _ = e2_like()
    pr = params(market_cost_village_base=3, market_cost_per_unsold_market=2,
                market_cost_per_city_tile=2)
    assert R.market_cost(st, pr, key(st, (3, 13))) == 3
    market(st, C, (3, 13))
    assert R.market_cost(st, pr, key(st, (3, 13))) == 5
    assert R.market_cost(st, pr, key(st, (3, 11))) == 2 + 2


def test_points_floor_and_city_cost_param():
    st, pr = empty(tile="B1", points=1, city_tile_cost=2)
    assert not has_kind(legal(st, pr), R.A_CITY, R.A_DRAW_ROAD)
    st, pr = empty(tile="B1", points=2, city_tile_cost=2)
    assert city_action((0, 1)) in legal(st, pr)
    R.apply_action(st, pr, city_action((0, 1)))
    assert st[S.S_POINTS + A] == 0
    st, pr = empty(tile="B1", points=0, city_tile_cost=0)
    assert city_action((0, 1)) in legal(st, pr)


def test_founding_market_option():
    st, pr = empty(tile="B1", founding_market=0)
    R.apply_action(st, pr, city_action((0, 1)))
    assert st[S.S_FOUNDED] == 1 and st[S.S_NEXT_MARKET] == 0
    st, pr = empty(tile="B1", markets_per_player=1)
    R.apply_action(st, pr, city_action((0, 1)))
    acts = legal(st, pr)
    assert st[S.S_SUPPLY + A] == 0 and not has_kind(acts, R.A_BUILD, R.A_SELL)
    assert R.A_SELL + H((0, 1)) in acts


def test_enhanced_bonuses():
    st, pr = empty(tile="R2")
    assert R.tile_values(st, pr)[3:5] == (3, 2)
    assert R.tile_values(st, params(enh_roads_bonus=2, enh_cities_bonus=0))[3:5] == (4, 1)
    assert R.enhanced_s(7, pr) == 8 and R.enhanced_s(2, pr) == 3 and R.enhanced_s(3, pr) == 5


def test_oracle_control_and_takeover_after_every_tile():
    st, pr = empty()
    oracle(st, (7, 6))
    ca = city(st, A, [(9, 5), (8, 5)])
    R.update_oracles(st, pr)
    assert st[S.H_OCTRL + H((7, 6))] == -1
    R.apply_action(st, pr, 9 * H((7, 5)) + 3)      # A's road joins C1 and the oracle
    assert st[S.H_OCTRL + H((7, 6))] == ca and st[S.M_TAKEOVERS + A] == 1


def test_final_score_and_tiebreak_through_record():
    from sim.magna_grecia.results import RESULTS, record, Q_WIN, R_TIE, R_TIE_BREAK_USED
    st, pr = empty(n_players=2)
    st[S.S_POINTS + A] = 30
    st[S.S_POINTS + B] = 30
    st[S.S_STOCK_ROAD + A] = 1
    st[S.S_STOCK_CITY + A] = 2
    st[S.S_STOCK_ROAD + B] = 3
    st[S.S_STOCK_CITY + B] = 2
    game, seat = RESULTS.empty(1, 2)
    record(st, pr, game[0], seat[0])
    assert list(seat[0, :, Q_WIN]) == [0.0, 1.0] and game[0, R_TIE] == 1 and game[0, R_TIE_BREAK_USED] == 1
    record(st, params(tie_break="shared"), game[0], seat[0])
    assert list(seat[0, :, Q_WIN]) == [0.5, 0.5] and game[0, R_TIE_BREAK_USED] == 0


# ---------------------------------------------------------------- §2, §9 setup
def test_stack_structure():
    counts = np.zeros((12, 12), dtype=np.int64)
    for g in range(300):
        st = S.new_game(5, g, 4, PARAMS.defaults())
        stack = st[S.S_STACK:S.S_STACK + 12]
        assert sorted(stack) == list(range(12))
        for blk in range(3):
            cols = sorted(Bd.TILE_TABLE[t, 0] for t in stack[4 * blk:4 * blk + 4])
            assert cols == [0, 1, 2, 3]
        for i, t in enumerate(stack):
            counts[i, t] += 1
    assert (counts[0] > 0).sum() == 12          # every tile can come first


def test_tile_table_checks():
    T = Bd.TILE_TABLE
    assert T[:, 4].sum() == 25 and T[:, 5].sum() == 23 and T[:, 6].sum() == 40
    assert sorted(T[:, 6].tolist()) == [2] * 4 + [3] * 4 + [5] * 4
    for c in range(4):
        assert (T[:, 0] == c).sum() == 3
        for j in range(4):
            assert (T[:, j] == c).sum() == 3


def test_seats_colours_and_skipping():
    for n in (2, 3, 4):
        for g in range(30):
            pr = PARAMS.defaults()
            st = S.new_game(7, g, n, pr)
            cols = [int(c) for c in st[S.S_COLOUR:S.S_COLOUR + n]]
            order = [c for c in Bd.TILE_TABLE[st[S.S_STACK], :4] if c in cols]
            assert cols == order
            if n == 4:
                assert sorted(cols) == [0, 1, 2, 3]
            for r in range(12):
                out = np.zeros(4, dtype=np.int64)
                k = S.seat_tile_order(st, r, out)
                exp = [cols.index(c) for c in Bd.TILE_TABLE[st[S.S_STACK + r], :4] if c in cols]
                assert k == n and list(out[:k]) == exp
    # fixed colours: 0..n-1 present
    st = S.new_game(7, 0, 3, PARAMS.vector({"colours_small_game": "fixed"}))
    assert sorted(st[S.S_COLOUR:S.S_COLOUR + 3]) == [0, 1, 2]
    subsets = set()
    for g in range(40):
        st = S.new_game(7, g, 2, PARAMS.defaults())
        subsets.add(tuple(sorted(st[S.S_COLOUR:S.S_COLOUR + 2])))
    assert len(subsets) == 6


def test_turn_sequence_counts():
    for n in (2, 3, 4):
        pr = PARAMS.defaults()
        acts, st = game_actions(3, 1, n, pr, [0] * n, None)
        assert st[S.S_TURNS] == 12 * n
        acts, st = game_actions(3, 1, n, PARAMS.vector({"rounds": 5}), [0] * n, None)
        assert st[S.S_TURNS] == 5 * n


def test_oracle_placement_players():
    for n, per_seat in ((4, [3, 2, 2, 2]), (3, [3, 2, 2]), (2, [4, 3])):
        pr = PARAMS.defaults()
        st = S.new_game(9, 0, n, pr)
        assert st[S.S_STAGE] == S.ST_ORACLES
        placed = [0] * n
        while st[S.S_STAGE] == S.ST_ORACLES:
            acts = legal(st, pr)
            exp = [R.A_ORACLE + h for h in range(Bd.N) if st[S.H_KIND + h] == 1 and st[S.H_ORACLE + h] == 0]
            assert acts == exp
            placed[st[S.S_CUR]] += 1
            R.apply_action(st, pr, acts[len(acts) // 2])
        assert placed == per_seat
        assert st[S.S_STAGE] == S.ST_PLAY


def test_oracle_placement_random():
    pr = PARAMS.vector({"oracle_placement": "random"})
    for n, k in ((4, 9), (3, 7), (2, 7)):
        st = S.new_game(9, 0, n, pr)
        assert st[S.S_STAGE] == S.ST_PLAY and st[S.S_N_ORACLES] == k
        hs = st[S.S_ORACLE_LIST:S.S_ORACLE_LIST + k]
        assert len(set(hs.tolist())) == k and all(st[S.H_KIND + h] == 1 for h in hs)
    a = S.new_game(9, 0, 4, pr)
    b = S.new_game(9, 1, 4, pr)
    assert not np.array_equal(a[S.S_ORACLE_LIST:S.S_ORACLE_LIST + 9], b[S.S_ORACLE_LIST:S.S_ORACLE_LIST + 9])
    st = S.new_game(9, 0, 4, PARAMS.vector({"oracle_placement": "random", "oracles_4p": 5}))
    assert st[S.S_N_ORACLES] == 5


def test_parameters_for_pieces_and_points():
    pr = PARAMS.vector({"start_points_3p": 20, "road_tiles_per_player": 10,
                        "city_tiles_per_player": 30, "initial_stock_roads": 2,
                        "initial_stock_cities": 6, "markets_per_player": 7})
    st = S.new_game(1, 0, 3, pr)
    for s in range(3):
        assert st[S.S_POINTS + s] == 20
        assert (st[S.S_STOCK_ROAD + s], st[S.S_RES_ROAD + s]) == (2, 8)
        assert (st[S.S_STOCK_CITY + s], st[S.S_RES_CITY + s]) == (6, 24)
        assert st[S.S_SUPPLY + s] == 7


# ---------------------------------------------------------------- §8.2 generator
def test_generator_acceptance():
    pr = PARAMS.vector({"board": "generated"})
    first = 0
    boards = set()
    for g in range(60):
        st = S.new_game(21, g, 4, pr)
        kind = st[S.H_KIND:S.H_KIND + Bd.N]
        fr = np.flatnonzero(kind == 2)
        vil = np.flatnonzero(kind > 0)
        assert len(fr) == 10 and len(vil) == 42
        assert all(Bd.EDGE[h] for h in fr)
        for a, b in itertools.combinations(fr, 2):
            assert Bd.DIST[a, b] >= 3
        for a, b in itertools.combinations(vil, 2):
            assert Bd.DIST[a, b] >= 2
        for a in vil:
            assert min(Bd.DIST[a, b] for b in vil if b != a) <= 3
        first += st[S.S_BOARD_ATTEMPTS] == 1
        boards.add(tuple(vil))
    assert len(boards) == 60
    assert 0.6 <= first / 60 <= 1.0
    fixed = PARAMS.vector({"board": "generated", "gen_board_seed": 5})
    a = S.new_game(21, 0, 4, fixed)[S.H_KIND:S.H_KIND + Bd.N]
    b = S.new_game(21, 1, 4, fixed)[S.H_KIND:S.H_KIND + Bd.N]
    assert np.array_equal(a, b)
    pr2 = PARAMS.vector({"board": "generated", "gen_villages": 30, "gen_frontier": 6,
                         "gen_min_village_dist": 3, "gen_frontier_min_dist": 5, "gen_max_gap": 0})
    st = S.new_game(21, 0, 4, pr2)
    kind = st[S.H_KIND:S.H_KIND + Bd.N]
    vil = np.flatnonzero(kind > 0)
    assert len(vil) == 30 and (kind == 2).sum() == 6
    for a, b in itertools.combinations(vil, 2):
        assert Bd.DIST[a, b] >= 3


def test_generator_gives_up():
    pr = PARAMS.vector({"board": "generated", "gen_villages": 60, "gen_min_village_dist": 4})
    with pytest.raises(Exception):
        S.new_game(1, 0, 4, pr)


@pytest.mark.parametrize("n_players,kind,over", [
    (4, 0, {}), (3, 0, {"board": "generated"}), (2, 0, {"city_tile_cost": 0, "enh_cities_bonus": 2}),
    (4, 1, {}), (2, 1, {"enh_cities_bonus": 2})])
def test_city_generation_matches_unpruned_search(n_players, kind, over):
    """city_actions (hex-rule mask, goal-distance bounds, closed forms) equals a plain search:
    hex_rule + the depth-first completability search without distance bounds."""
    states, pr = random_states(n_games=20 if kind == 0 else 4, n_players=n_players, step=2,
                               kind=kind, **over)
    out = np.empty(R.MAX_LEGAL, dtype=np.int64)
    n_states = 0
    n_legal = 0
    for st in states:
        p = st[S.S_CUR]
        if (st[S.S_PHASE] != 0 or R.city_allowance_left(st, pr) < 1 or st[S.S_STOCK_CITY + p] < 1
                or st[S.S_POINTS + p] < 1):
            continue
        n = R.city_actions(st, pr, p, out, 0)
        got = set(int(a) - R.A_CITY for a in out[:n])
        ws = R.new_city_ws()
        REF.hex_rule_mask(st, p, ws)
        tent = np.zeros(Bd.N, dtype=np.int8)
        tlist = np.empty(16, dtype=np.int64)
        assert [bool(x) for x in ws[R.WS_BLOCK]] == [not R.hex_rule(st, p, h, tent) for h in range(Bd.N)]
        k = R.city_k_after(st, pr, p)
        exp = set()
        for h in range(Bd.N):
            if R.hex_rule(st, p, h, tent):
                tent[h] = 1
                tlist[0] = h
                if R.completable(st, p, k, tent, tlist, 1, ws):
                    exp.add(h)
                tent[h] = 0
        assert got == exp
        n_states += 1
        n_legal += len(exp)
    assert n_states > 30 and n_legal > 100


def test_oracle_points_parameter_scales_oracle_score():
    from sim.magna_grecia import SPEC
    a = SPEC.play_batch(9, 0, 30, 3, PARAMS.defaults(), [0] * 3, None)
    b = SPEC.play_batch(9, 0, 30, 3, PARAMS.vector({"oracle_points": 7}), [0] * 3, None)
    assert np.array_equal(a["oracles"], b["oracles"]) and a["oracles"].sum() > 0
    assert np.array_equal(b["score"] - a["score"], 3 * a["oracles"])
    assert np.array_equal(b["oracle_points_scored"], 7 * b["oracles"])


@pytest.mark.parametrize("vis", [1, 2, 5])
def test_redeal_hidden_keeps_visible_tiles_and_blocks(vis):
    """The engine's redeal of the unseen round tiles (the determinization of the search player, ismcts)."""
    from sim.rng import new_stream
    from sim.magna_grecia.view import redeal_hidden
    pr = PARAMS.vector({"visible_tiles": vis})
    st = S.new_game(3, 0, 4, pr)
    st[S.S_ROUND] = 2
    orig = st[S.S_STACK:S.S_STACK + 12].copy()
    rng = new_stream(1, 2, 3)
    seen_change = False
    for _ in range(50):
        cp = st.copy()
        redeal_hidden(cp, pr, 0, rng)
        stack = cp[S.S_STACK:S.S_STACK + 12]
        assert np.array_equal(stack[:2 + vis], orig[:2 + vis])
        assert sorted(stack) == list(range(12))
        for blk in range(3):
            assert sorted(Bd.TILE_TABLE[t, 0] for t in stack[4 * blk:4 * blk + 4]) == [0, 1, 2, 3]
        seen_change |= not np.array_equal(stack, orig)
        assert np.array_equal(np.delete(cp, np.arange(S.S_STACK, S.S_STACK + 12)),
                              np.delete(st, np.arange(S.S_STACK, S.S_STACK + 12)))
    assert seen_change
