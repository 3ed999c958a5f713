"""Applying an action (§4.2): placing pieces, then the shared actions and each game's own
(development cards and the robber; donations, swap, take, tiles, ships, the corsair)."""
from numba import njit
from sim.catan_core.borrow import NO_REFCOUNT
from sim.catan_core.board import T_N, T_E, T_S, T_NODE_HEX, T_NODE_NB, T_NODE_NBE, T_EDGE_NODES
from sim.catan_core.layout import *  # noqa: F401,F403  (state/config offsets)
from sim.catan_core.rules.base import a_base, bit_set, draw_from_counts, pay, ship_benefit_at  # noqa: F401
from sim.catan_core.rules.placement import any_road_ok, road_ok, settle_ok  # noqa: F401
from sim.catan_core.rules.longest_road import longest_road_after_road, update_longest_road  # noqa: F401
from sim.catan_core.rules.trade import update_all_rates, update_rates  # noqa: F401
from sim.catan_core.rules.end import check_win  # noqa: F401
from sim.catan_core.rules.robber import next_discarder, start_robber, steal  # noqa: F401
from sim.catan_core.rules.turn import begin_turn, end_turn, roll_dice  # noqa: F401
from sim.catan_core.rules.legal import _yop_pair  # noqa: F401


@njit(cache=True, **NO_REFCOUNT)
def place_road(st, topo, cfg, p, e):
    st[S_EDGE_OWNER + e] = p
    P = st[S_P]
    for q in range(P):
        bit_set(st, S_ROAD_OK + q * RW, e, False)
    for j in range(2):
        x = topo[T_EDGE_NODES + 2 * e + j]
        for k in range(3):
            e2 = topo[T_NODE_NBE + 3 * x + k]
            if e2 >= 0:
                bit_set(st, S_ROAD_OK + p * RW, e2, road_ok(st, topo, p, e2))
        bit_set(st, S_SETTLE_OK + p * SW, x, settle_ok(st, topo, p, x))
    b = S_PLAYERS + p * PS
    st[b + P_ROADS_LEFT] -= 1
    st[b + P_ROADS_BUILT] += 1
    longest_road_after_road(st, topo, cfg, p, e)


@njit(cache=True, **NO_REFCOUNT)
def place_settlement(st, topo, cfg, p, v):
    st[S_NODE_OWNER + v] = p
    st[S_NODE_LEVEL + v] = 1
    bit_set(st, S_OWN_NODES + p * SW, v, True)
    for k in range(3):
        h = topo[T_NODE_HEX + 3 * v + k]
        if h >= 0:
            st[S_HEX_OWNERS + h] |= 1 << p
    P = st[S_P]
    for q in range(P):
        bit_set(st, S_SETTLE_OK + q * SW, v, False)
        for k in range(3):
            m = topo[T_NODE_NB + 3 * v + k]
            if m >= 0:
                bit_set(st, S_SETTLE_OK + q * SW, m, False)
            e = topo[T_NODE_NBE + 3 * v + k]
            if e >= 0:
                bit_set(st, S_ROAD_OK + q * RW, e, road_ok(st, topo, q, e))
    b = S_PLAYERS + p * PS
    st[b + P_SETTLES_LEFT] -= 1
    st[b + P_SETTLES_BUILT] += 1
    if cfg[C_USE_HARBORS] == 1:
        update_rates(st, topo, cfg, p)
    # a settlement can only break roads running through v: recount just their owners (the
    # other players' stored lengths are exact and unchanged)
    broke = 0
    for k in range(3):
        e = topo[T_NODE_NBE + 3 * v + k]
        if e >= 0:
            o = st[S_EDGE_OWNER + e]
            if o >= 0 and o != p:
                broke |= 1 << o
    if broke != 0:
        update_longest_road(st, topo, cfg, broke)


@njit(cache=True, **NO_REFCOUNT)
def close_donation(st, cfg, p):
    placed = st[S_DON_PLACED]
    tok = cfg[C_TOKENS_PER_DON + placed - 1] if placed >= 1 else 0
    if st[S_TOKEN_SUPPLY] >= 0 and tok > st[S_TOKEN_SUPPLY]:
        tok = st[S_TOKEN_SUPPLY]
    if st[S_TOKEN_SUPPLY] >= 0:
        st[S_TOKEN_SUPPLY] -= tok
    b = S_PLAYERS + p * PS
    st[b + P_TOKENS] += tok
    st[b + P_TOK_EARNED] += tok
    st[b + P_DONATIONS] += 1
    st[S_DON_COUNT] += 1
    st[S_DON_PLACED] = 0
    st[S_PHASE] = PH_MAIN


@njit(cache=True, **NO_REFCOUNT)
def apply_action(st, topo, cfg, a, rng):
    """Apply action `a` of the acting player; `rng` is the chance stream."""
    ph = st[S_PHASE]
    p = st[S_ACTOR]
    b = S_PLAYERS + p * PS
    E = topo[T_E]
    N = topo[T_N]
    P = st[S_P]
    B = a_base(topo)
    st[S_ACTIONS] += 1
    st[S_TURN_ACTIONS] += 1
    if a == 0:  # ROLL: production and the 7 change nobody's VP, so no win check follows
        roll_dice(st, topo, cfg, rng)
        return
    elif a == 1:  # END (main or SBP step)
        if ph == PH_MAIN:
            end_turn(st, cfg, rng)
            return
        # SBP step done
        st[S_SBP_LEFT] -= 1
        if st[S_SBP_LEFT] > 0:
            st[S_ACTOR] = (p + 1) % P
        else:
            begin_turn(st, cfg, (st[S_ACTIVE] + 1) % P)
        return
    elif a < 2 + E:  # road
        e = a - 2
        if ph == PH_SETUP_ROAD:
            place_road(st, topo, cfg, p, e)
            st[S_SETUP_STEP] += 1
            k = st[S_SETUP_STEP]
            if k >= 2 * P:
                begin_turn(st, cfg, 0)
            else:
                st[S_ACTOR] = k if k < P else 2 * P - 1 - k
                st[S_ACTIVE] = st[S_ACTOR]
                st[S_PHASE] = PH_SETUP_SETTLEMENT
            return
        if ph == PH_ROAD_BUILDING:
            place_road(st, topo, cfg, p, e)
            st[S_RB_LEFT] -= 1
            if st[S_RB_LEFT] <= 0 or st[b + P_ROADS_LEFT] <= 0 or not any_road_ok(st, topo, p):
                st[S_PHASE] = st[S_RET_PHASE]
        else:
            pay(st, cfg, p, C_COST_ROAD)
            place_road(st, topo, cfg, p, e)
    elif a < 2 + E + N:  # settlement
        v = a - 2 - E
        if ph == PH_SETUP_SETTLEMENT:
            place_settlement(st, topo, cfg, p, v)
            if st[S_SETUP_STEP] >= P and cfg[C_SETUP_INCOME] == 1:
                for k in range(3):
                    h = topo[T_NODE_HEX + 3 * v + k]
                    if h >= 0:
                        r = st[S_TERRAIN + h]
                        if r < 5 and st[S_BANK + r] > 0:
                            st[S_BANK + r] -= 1
                            st[b + P_HAND + r] += 1
            st[S_LAST_NODE] = v
            st[S_PHASE] = PH_SETUP_ROAD
            return
        pay(st, cfg, p, C_COST_SETTLE)
        place_settlement(st, topo, cfg, p, v)
    elif a < 2 + E + 2 * N:  # city
        v = a - 2 - E - N
        pay(st, cfg, p, C_COST_CITY)
        st[S_NODE_LEVEL + v] = 2
        st[b + P_SETTLES_LEFT] += 1
        st[b + P_CITIES_LEFT] -= 1
        st[b + P_CITIES_BUILT] += 1
    elif a < 22 + E + 2 * N:  # maritime trade
        i = a - (2 + E + 2 * N)
        x = i // 4
        y = i % 4
        if y >= x:
            y += 1
        rate = st[b + P_RATE + x]
        st[b + P_HAND + x] -= rate
        st[S_BANK + x] += rate
        st[b + P_HAND + y] += 1
        st[S_BANK + y] -= 1
        st[S_TRADES_TURN] += 1
        return  # a trade changes no VP: no win check
    elif a < B:  # discard
        r = a - (22 + E + 2 * N)
        st[b + P_HAND + r] -= 1
        st[S_BANK + r] += 1
        st[b + P_OWE] -= 1
        st[b + P_DISCARDED] += 1
        if st[b + P_OWE] <= 0:
            q = next_discarder(st, p)
            if q >= 0:
                st[S_ACTOR] = q
            else:
                start_robber(st, cfg, PH_MAIN, 7)
        return
    elif st[S_GAME] == GAME_CATAN:
        _apply_catan(st, topo, cfg, a, rng, ph, p, b, B, P)
    else:
        _apply_troja(st, topo, cfg, a, rng, ph, p, b, B, P)
    check_win(st, cfg)


@njit(cache=True, **NO_REFCOUNT)
def _apply_catan(st, topo, cfg, a, rng, ph, p, b, B, P):
    if a == B:  # BUY_DEV
        pay(st, cfg, p, C_COST_DEV)
        t = st[S_DECK + st[S_DECK_POS]]
        st[S_DECK_POS] += 1
        st[b + P_DEV + t] += 1
        st[b + P_DEV_NEW + t] += 1
        st[b + P_DEV_BOUGHT] += 1
    elif a == B + 1:  # KNIGHT
        st[b + P_DEV + DEV_KNIGHT] -= 1
        st[b + P_DEV_PLAYED_N + DEV_KNIGHT] += 1
        st[S_DEV_PLAYED] += 1
        st[b + P_KNIGHTS] += 1
        k = st[b + P_KNIGHTS]
        h = st[S_LA_HOLDER]
        if h != p and k >= cfg[C_LA_MIN]:
            if h < 0 or k > st[S_PLAYERS + h * PS + P_KNIGHTS]:
                st[S_LA_HOLDER] = p
        start_robber(st, cfg, ph, 0)
    elif a == B + 2:  # ROAD BUILDING
        st[b + P_DEV + DEV_ROAD_BUILDING] -= 1
        st[b + P_DEV_PLAYED_N + DEV_ROAD_BUILDING] += 1
        st[S_DEV_PLAYED] += 1
        rb = cfg[C_RB_ROADS]
        if rb > st[b + P_ROADS_LEFT]:
            rb = st[b + P_ROADS_LEFT]
        st[S_RB_LEFT] = rb
        st[S_RET_PHASE] = ph
        st[S_PHASE] = PH_ROAD_BUILDING
    elif a < B + 23:  # YEAR OF PLENTY
        i = a - B - 3
        st[b + P_DEV + DEV_YOP] -= 1
        st[b + P_DEV_PLAYED_N + DEV_YOP] += 1
        st[S_DEV_PLAYED] += 1
        if i < 15:
            x, y = _yop_pair(i)
            st[S_BANK + x] -= 1
            st[b + P_HAND + x] += 1
            st[S_BANK + y] -= 1
            st[b + P_HAND + y] += 1
        else:
            x = i - 15
            st[S_BANK + x] -= 1
            st[b + P_HAND + x] += 1
    elif a < B + 28:  # MONOPOLY
        r = a - B - 23
        st[b + P_DEV + DEV_MONOPOLY] -= 1
        st[b + P_DEV_PLAYED_N + DEV_MONOPOLY] += 1
        st[S_DEV_PLAYED] += 1
        for q in range(P):
            if q != p:
                o = S_PLAYERS + q * PS + P_HAND + r
                st[b + P_HAND + r] += st[o]
                st[o] = 0
    else:  # MOVE_ROBBER
        i = a - B - 28
        h = i // (P + 1)
        v = i % (P + 1)
        st[S_ROBBER] = h
        if v < P:
            steal(st, p, v, rng)
        st[S_PHASE] = st[S_RET_PHASE]
        st[S_ACTOR] = st[S_ACTIVE]


@njit(cache=True, **NO_REFCOUNT)
def _apply_troja(st, topo, cfg, a, rng, ph, p, b, B, P):
    S = topo[T_S]
    if a < B + 5:  # DONATE r
        r = a - B
        st[b + P_HAND + r] -= 1
        st[S_ROW + r] += 1
        st[b + P_DONATED + r] += 1
        st[S_DON_PLACED] += 1
        if st[S_DON_PLACED] >= cfg[C_DON_MAX]:
            close_donation(st, cfg, p)
        else:
            st[S_PHASE] = PH_DONATING
    elif a == B + 5:  # DONATE_STOP
        close_donation(st, cfg, p)
    elif a == B + 6:  # USE_SWAP
        r = draw_from_counts(st, S_ROW, rng)
        st[b + P_HAND + r] += 1
        st[S_SWAP_USED] += 1
        st[b + P_SWAPS] += 1
        st[S_PHASE] = PH_SWAP_RETURN
    elif a < B + 12:  # SWAP_RETURN r
        r = a - B - 7
        st[b + P_HAND + r] -= 1
        st[S_ROW + r] += 1
        st[S_PHASE] = PH_MAIN
    elif a == B + 12:  # USE_TAKE
        r = draw_from_counts(st, S_ROW, rng)
        st[b + P_HAND + r] += 1
        st[S_TAKE_USED] += 1
        st[b + P_TAKES] += 1
    elif a < B + 18:  # CHOOSE_TILE r
        r = a - B - 13
        st[S_TILES + r] -= 1
        st[S_SHIP_TILE + st[S_TILE_SHIP]] = r
        st[S_TILE_SHIP] = -1
        update_rates(st, topo, cfg, p)
        st[S_CAUSE] = 1
        st[S_PHASE] = PH_CORSAIR
    elif a < B + 18 + S:  # BUILD_SHIP s
        s = a - B - 18
        k = st[b + P_SHIPS]
        pay(st, cfg, p, C_COST_SHIP)
        c = cfg[C_SHIP_TOKEN_COST + k]
        st[b + P_TOKENS] -= c
        st[b + P_TOK_SPENT] += c
        if st[S_TOKEN_SUPPLY] >= 0:
            st[S_TOKEN_SUPPLY] += c
        st[S_SHIP_OWNER + s] = p
        st[S_SHIP_DISC + s] = k
        st[b + P_SHIPS] += 1
        ben = cfg[C_SHIP_BENEFIT + k]
        st[b + P_SHIP_BEN + ben] += 1
        if ben == BEN_VP:
            st[b + P_VP_SHIPS] += 1
        st[S_RET_PHASE] = ph
        update_rates(st, topo, cfg, p)
        has_tile = False
        for r in range(5):
            if st[S_TILES + r] > 0:
                has_tile = True
        if ben == BEN_TILE2 and has_tile:
            st[S_TILE_SHIP] = s
            st[S_PHASE] = PH_CHOOSE_TILE
        else:
            st[S_CAUSE] = 1
            st[S_PHASE] = PH_CORSAIR
    else:  # MOVE_CORSAIR
        i = a - B - 18 - S
        s = i // (P + 1)
        v = i % (P + 1)
        st[S_CORSAIR] = s
        o = st[S_SHIP_OWNER + s]
        if o >= 0 and ship_benefit_at(st, cfg, s) != BEN_VP:
            st[S_PLAYERS + o * PS + P_CORSAIR_BLOCKED] += 1
        if v < P:
            steal(st, p, v, rng)
        update_all_rates(st, topo, cfg)
        st[S_PHASE] = st[S_RET_PHASE]
