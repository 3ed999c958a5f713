"""Troja's ships and their benefits (troja.md §3.7): building a ship (resources and gallery
tokens), the benefit its disc gives (port, VP, swap, trade tile, take) and using the swap,
the take and the tile."""
from numba import njit
from sim.catan_core.borrow import NO_REFCOUNT
from sim.catan_core.board import (T_S, T_A_USE_SWAP, T_A_SWAP_RETURN, T_A_USE_TAKE, T_A_CHOOSE_TILE,
                                  T_A_BUILD_SHIP)
from sim.catan_core.layout import *  # noqa: F401,F403  (state/config offsets)
from sim.catan_core.rules.base import benefit_count, draw_from_counts, list_hand_cards, pay, row_total  # noqa: F401
from sim.catan_core.rules.placement import can_build_ship, ship_ok  # noqa: F401
from sim.catan_core.rules.trade import update_rates  # noqa: F401


# ---------------------------------------------------------------- legal
@njit(cache=True, inline="always")
def list_ships(st, topo, cfg, p, out, n):
    """Every sea hex p may build a ship on, if p can pay."""
    if can_build_ship(st, cfg, p):
        A = topo[T_A_BUILD_SHIP]
        for s in range(topo[T_S]):
            if ship_ok(st, topo, p, s):
                out[n] = A + s
                n += 1
    return n


@njit(cache=True, inline="always")
def list_benefit_uses(st, topo, cfg, p, out, n):
    """USE_SWAP and USE_TAKE while p's unblocked ships grant uses left this turn and the row
    holds cards (the take needs more than `take_min_row`)."""
    rt = row_total(st)
    if rt > 0 and st[S_SWAP_USED] < benefit_count(st, cfg, p, BEN_SWAP) * cfg[C_SWAP_USES]:
        out[n] = topo[T_A_USE_SWAP]
        n += 1
    if rt > cfg[C_TAKE_MIN_ROW] and st[S_TAKE_USED] < benefit_count(st, cfg, p, BEN_TAKE) * cfg[C_TAKE_USES]:
        out[n] = topo[T_A_USE_TAKE]
        n += 1
    return n


@njit(cache=True, inline="always")
def list_swap_returns(st, topo, p, out, n):
    """After a swap: the card p puts back into the row."""
    return list_hand_cards(st, p, topo[T_A_SWAP_RETURN], out, n)


@njit(cache=True, inline="always")
def list_tiles(st, topo, out, n):
    """A trade tile left in the supply, for the TILE2 ship just built."""
    first = topo[T_A_CHOOSE_TILE]
    for r in range(5):
        if st[S_TILES + r] > 0:
            out[n] = first + r
            n += 1
    return n


# ---------------------------------------------------------------- apply
@njit(cache=True, **NO_REFCOUNT)
def apply_ship(st, topo, cfg, a, ph, p, rng):
    """USE_SWAP, SWAP_RETURN, USE_TAKE, CHOOSE_TILE or BUILD_SHIP of p in phase ph."""
    b = S_PLAYERS + p * PS
    if a == topo[T_A_USE_SWAP]:
        r = draw_from_counts(st, S_ROW, rng)
        st[b + P_HAND + r] += 1
        st[S_SWAP_USED] += 1
        st[b + P_SWAPS] += 1
        st[S_PHASE] = PH_SWAP_RETURN
    elif a < topo[T_A_USE_TAKE]:  # SWAP_RETURN r
        r = a - topo[T_A_SWAP_RETURN]
        st[b + P_HAND + r] -= 1
        st[S_ROW + r] += 1
        st[S_PHASE] = PH_MAIN
    elif a == topo[T_A_USE_TAKE]:
        r = draw_from_counts(st, S_ROW, rng)
        st[b + P_HAND + r] += 1
        st[S_TAKE_USED] += 1
        st[b + P_TAKES] += 1
    elif a < topo[T_A_BUILD_SHIP]:  # CHOOSE_TILE r
        r = a - topo[T_A_CHOOSE_TILE]
        st[S_TILES + r] -= 1
        st[S_SHIP_TILE + st[S_TILE_SHIP]] = r
        st[S_TILE_SHIP] = -1
        update_rates(st, topo, cfg, p)
        st[S_CAUSE] = 1
        st[S_PHASE] = PH_CORSAIR
    else:  # BUILD_SHIP s
        s = a - topo[T_A_BUILD_SHIP]
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
