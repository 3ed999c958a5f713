"""Maritime trade (§1.4): the rates each seat trades at (harbors; in troja, ships' port and
tile benefits), which trades are legal and the trade itself."""
from numba import njit
from sim.catan_core.borrow import NO_REFCOUNT
from sim.catan_core.board import T_S, T_NHARB, T_HARB_NODES, T_A_TRADE
from sim.catan_core.layout import *  # noqa: F401,F403  (state/config offsets)
from sim.catan_core.rules.base import corsair_blocks, ship_benefit_at  # noqa: F401


@njit(cache=True, **NO_REFCOUNT)
def update_rates(st, topo, cfg, p):
    """p's rate per resource: the generic rate with a 3:1 port (harbor or ship), the special
    rate with a port of that resource (harbor or trade tile)."""
    gen = False
    spec = 0  # bit r: a special port of resource r
    if cfg[C_USE_HARBORS] == 1:
        for k in range(topo[T_NHARB]):
            a = topo[T_HARB_NODES + 2 * k]
            b = topo[T_HARB_NODES + 2 * k + 1]
            if st[S_NODE_OWNER + a] == p or st[S_NODE_OWNER + b] == p:
                t = st[S_HARB_TYPE + k]
                if t == 5:
                    gen = True
                else:
                    spec |= 1 << t
    if st[S_GAME] == GAME_TROJA:
        b = S_PLAYERS + p * PS
        if st[b + P_SHIPS] > 0:
            for s in range(topo[T_S]):
                if st[S_SHIP_OWNER + s] == p and not corsair_blocks(st, cfg, s):
                    ben = ship_benefit_at(st, cfg, s)
                    if ben == BEN_PORT3:
                        gen = True
                    elif ben == BEN_TILE2 and st[S_SHIP_TILE + s] >= 0:
                        spec |= 1 << st[S_SHIP_TILE + s]
    b = S_PLAYERS + p * PS + P_RATE
    for r in range(5):
        rate = cfg[C_RATE_MAR]
        if gen and cfg[C_RATE_GEN] < rate:
            rate = cfg[C_RATE_GEN]
        if (spec >> r) & 1 and cfg[C_RATE_SPEC] < rate:
            rate = cfg[C_RATE_SPEC]
        st[b + r] = rate


@njit(cache=True, **NO_REFCOUNT)
def update_all_rates(st, topo, cfg):
    for q in range(st[S_P]):
        update_rates(st, topo, cfg, q)


@njit(cache=True, inline="always")
def list_trades(st, topo, p, out, n):
    """Every maritime trade p can make: give `rate` of x for one y the bank holds."""
    b = S_PLAYERS + p * PS
    T = topo[T_A_TRADE]
    for x in range(5):
        rate = st[b + P_RATE + x]
        if st[b + P_HAND + x] >= rate:
            for y in range(5):
                if y != x and st[S_BANK + y] >= 1:
                    out[n] = T + 4 * x + y - (1 if y > x else 0)
                    n += 1
    return n


@njit(cache=True, inline="always")
def apply_trade(st, topo, a, p):
    """TRADE a: p gives `rate` of x to the bank for one y (no VP change: no win check)."""
    b = S_PLAYERS + p * PS
    i = a - topo[T_A_TRADE]
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
