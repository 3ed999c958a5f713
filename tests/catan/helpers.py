"""Hand-built states for the worked examples (both games)."""
import numpy as np

from sim.catan_core.layout import *  # noqa: F401,F403
from sim.catan_core import rules as E
from sim.catan_core.board import edge_id, T_E, T_N

LUMBER, BRICK, WOOL, GRAIN, ORE, DESERT = 0, 1, 2, 3, 4, 5


def config(game, P, **over):
    if game == "catan":
        from sim.catan.params import PARAMS, to_config
        from sim.catan_core.board import topo_for
        return to_config(PARAMS.vector(over), P), topo_for(P)
    from sim.troja.params import PARAMS, to_config
    return to_config(PARAMS.vector(over), P)


def fresh(game="catan", P=4, **over):
    """A game after setup of nothing: empty board, bank full, seat 0 in MAIN of turn 1."""
    cfg, topo = config(game, P, **over)
    st = np.empty(STATE_SIZE, dtype=np.int32)
    E.new_game(st, topo, cfg, 0, 0)
    st[S_PHASE] = PH_MAIN
    st[S_ACTIVE] = 0
    st[S_ACTOR] = 0
    st[S_TURN] = 1
    return st, topo, cfg


def ph(p, f):
    return S_PLAYERS + p * PS + f


def give(st, p, hand):
    """Move cards (lumber, brick, wool, grain, ore) from the bank to p."""
    for r, c in enumerate(hand):
        st[S_BANK + r] -= c
        st[ph(p, P_HAND) + r] += c


def hand(st, p):
    return [int(x) for x in st[ph(p, P_HAND):ph(p, P_HAND) + 5]]


def settle(st, topo, cfg, p, v, city=False):
    E.place_settlement(st, topo, cfg, p, v)
    if city:
        st[S_NODE_LEVEL + v] = 2
        st[ph(p, P_SETTLES_LEFT)] += 1
        st[ph(p, P_CITIES_LEFT)] -= 1


def road(st, topo, cfg, p, a, b):
    E.place_road(st, topo, cfg, p, edge_id(topo, a, b))


def roads(st, topo, cfg, p, path):
    for a, b in zip(path[:-1], path[1:]):
        road(st, topo, cfg, p, a, b)


def legal(st, topo, cfg):
    out = np.empty(1024, dtype=np.int64)
    n = E.legal_actions(st, topo, cfg, out)
    return [int(x) for x in out[:n]]


def act(st, topo, cfg, a, seed=0):
    from sim.rng import new_stream
    E.apply_action(st, topo, cfg, a, new_stream(seed, 0, 1))
