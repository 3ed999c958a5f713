"""The engine's longest-road search (per road network, started only where a trail can start,
updated per new road) agrees with a plain search from every node, over random games of both
games, including opponents' settlements that break roads (§1.8)."""
import numpy as np

from sim.catan_core import rules as E
from sim.catan_core.layout import *  # noqa: F401,F403
from sim.rng import new_stream, below, CHANCE, PLAYERS
from tests.catan.helpers import config


def brute_longest(st, topo, p):
    """Longest trail from every node, by plain recursion (the rule text of §1.8)."""
    E_ = int(topo[E.T_E])
    adj = {}
    for e in range(E_):
        if st[S_EDGE_OWNER + e] == p:
            a, b = int(topo[E.T_EDGE_NODES + 2 * e]), int(topo[E.T_EDGE_NODES + 2 * e + 1])
            adj.setdefault(a, []).append((b, e))
            adj.setdefault(b, []).append((a, e))

    def walk(n, used, first):
        o = st[S_NODE_OWNER + n]
        if not first and o >= 0 and o != p:
            return 0
        best = 0
        for m, e in adj.get(n, ()):
            if e not in used:
                used.add(e)
                best = max(best, 1 + walk(m, used, False))
                used.discard(e)
        return best

    return max((walk(n, set(), True) for n in adj), default=0)


def _play(game, P, seed, games):
    cfg, topo = config(game, P)
    st = np.empty(STATE_SIZE, dtype=np.int32)
    legal = np.empty(1024, dtype=np.int64)
    road_hi, settle_hi = 2 + int(topo[E.T_E]), 2 + int(topo[E.T_E]) + int(topo[E.T_N])
    checked = 0
    for g in range(games):
        E.new_game(st, topo, cfg, seed, g)
        chance, prng = new_stream(seed, g, CHANCE), new_stream(seed, g, PLAYERS)
        while st[S_PHASE] != PH_OVER:
            m = E.legal_actions(st, topo, cfg, legal)
            # prefer building (longer networks, more breaks) over the uniform pick
            builds = [a for a in legal[:m] if 2 <= a < settle_hi]
            a = builds[below(prng, len(builds))] if builds and below(prng, 3) else legal[below(prng, m)]
            E.apply_action(st, topo, cfg, int(a), chance)
            if 2 <= a < settle_hi:
                for q in range(P):
                    assert st[S_PLAYERS + q * PS + P_ROAD_LEN] == brute_longest(st, topo, q), (g, a, q)
                checked += 1
    return checked


def test_longest_road_matches_plain_search_catan():
    assert _play("catan", 4, 31, 12) > 300


def test_longest_road_matches_plain_search_troja_6p():
    assert _play("troja", 6, 32, 6) > 100
