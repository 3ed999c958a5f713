"""Maritime trade rates (§1.4): harbors, generic and special rates, per seat."""
from numba import njit
from sim.catan_core.borrow import NO_REFCOUNT
from sim.catan_core.board import T_S, T_NHARB, T_HARB_NODES
from sim.catan_core.layout import *  # noqa: F401,F403  (state/config offsets)
from sim.catan_core.rules.base import corsair_blocks, ship_benefit_at  # noqa: F401


@njit(cache=True, **NO_REFCOUNT)
def update_rates(st, topo, cfg, p):
    gen = False
    spec0 = False
    spec1 = False
    spec2 = False
    spec3 = False
    spec4 = False
    if cfg[C_USE_HARBORS] == 1:
        for k in range(topo[T_NHARB]):
            a = topo[T_HARB_NODES + 2 * k]
            b = topo[T_HARB_NODES + 2 * k + 1]
            if st[S_NODE_OWNER + a] == p or st[S_NODE_OWNER + b] == p:
                t = st[S_HARB_TYPE + k]
                if t == 5:
                    gen = True
                elif t == 0:
                    spec0 = True
                elif t == 1:
                    spec1 = True
                elif t == 2:
                    spec2 = True
                elif t == 3:
                    spec3 = True
                else:
                    spec4 = True
    if st[S_GAME] == GAME_TROJA:
        b = S_PLAYERS + p * PS
        if st[b + P_SHIPS] > 0:
            for s in range(topo[T_S]):
                if st[S_SHIP_OWNER + s] == p and not corsair_blocks(st, cfg, s):
                    ben = ship_benefit_at(st, cfg, s)
                    if ben == BEN_PORT3:
                        gen = True
                    elif ben == BEN_TILE2 and st[S_SHIP_TILE + s] >= 0:
                        t = st[S_SHIP_TILE + s]
                        if t == 0:
                            spec0 = True
                        elif t == 1:
                            spec1 = True
                        elif t == 2:
                            spec2 = True
                        elif t == 3:
                            spec3 = True
                        else:
                            spec4 = True
    b = S_PLAYERS + p * PS + P_RATE
    for r in range(5):
        rate = cfg[C_RATE_MAR]
        if gen and cfg[C_RATE_GEN] < rate:
            rate = cfg[C_RATE_GEN]
        sp = spec0 if r == 0 else (spec1 if r == 1 else (spec2 if r == 2 else (spec3 if r == 3 else spec4)))
        if sp and cfg[C_RATE_SPEC] < rate:
            rate = cfg[C_RATE_SPEC]
        st[b + r] = rate


@njit(cache=True, **NO_REFCOUNT)
def update_all_rates(st, topo, cfg):
    for q in range(st[S_P]):
        update_rates(st, topo, cfg, q)
