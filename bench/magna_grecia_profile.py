"""Where the Magna Grecia greedy spends its time (issue 16's 600 games/CPU-s target): its
decisions' values (greedy_values) re-timed on the decisions of recorded greedy games, split by
the kind of decision (no placement; roads only; city tiles only; both) and by plan part (the
full greedy; plans off, the one-step greedy; city plans only; road plans only), in ms per game
of CPU time (time.process_time, best of `--repeats`), and play_batch's own rate for comparison.
Last, the cost per legal action valued against what a target rate (600, 1,000 games/CPU-s) leaves
the greedy once the rest of a game (engine, dispatch) is paid.

Usage: python bench/magna_grecia_profile.py [--players 4] [--games 10] [--repeats 3]
The decisions are those of games 0.. of run 7, every seat greedy (default weights); a decision
with one legal action or in the oracle stage asks no player and is left out.
"""
import argparse
import time

import numpy as np
from numba import njit

from sim.magna_grecia import SPEC
from sim.magna_grecia import engine as E
from sim.magna_grecia.actions import A_CITY, A_DRAW_ROAD
from sim.magna_grecia.playout import seat_arrays
from sim.magna_grecia.state import S_CUR, S_STAGE, ST_ORACLES
from sim.rng import new_stream, CHANCE, PLAYERS
from strategies import magna_grecia as G

KINDS = ("no placement", "roads only", "city only", "roads+city")


def record(n_players, n_games):
    """States, legal lists and player streams of every greedy decision with > 1 legal action."""
    ctx = E.make_ctx(n_players, SPEC.params.vector({}))
    kinds, w = seat_arrays(n_players, [G.GREEDY] * n_players, None)
    rows = []
    for g in range(n_games):
        st = np.zeros(E.STATE_SIZE, np.int32)
        E.new_game(st, ctx, np.int64(n_players), np.int64(7), np.int64(g))
        chance = new_stream(np.int64(7), np.int64(g), CHANCE)
        prng = new_stream(np.int64(7), np.int64(g), PLAYERS)
        legal = np.zeros(E.N_ACTIONS, np.int32)
        work = np.zeros(E.STATE_SIZE, np.int32)
        m = E.legal_actions(st, ctx, legal)
        while m > 0:
            if m > 1 and st[S_STAGE] != ST_ORACLES:
                rows.append((st.copy(), legal.copy(), m, prng.copy()))
            p = int(st[S_CUR])
            a = G.choose(st, ctx, legal, m, kinds[p], w[p], prng, work)
            m = E.apply_action(st, ctx, a, chance, legal)
    states = np.array([r[0] for r in rows])
    legals = np.array([r[1] for r in rows])
    ns = np.array([r[2] for r in rows], np.int64)
    rngs = np.array([r[3] for r in rows])
    return ctx, w[0], states, legals, ns, rngs


@njit(cache=True)
def replay(states, legals, ns, rngs, ctx, w, mask):
    """greedy_values at every masked decision (copies of its state and stream)."""
    tot = 0.0
    for i in range(states.shape[0]):
        if mask[i]:
            vals = np.empty(ns[i])
            tot += G.greedy_values(states[i].copy(), ctx, legals[i], ns[i], w, rngs[i].copy(), vals)
    return tot


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--repeats", type=int, default=3)
    a = ap.parse_args()
    ctx, w, states, legals, ns, rngs = record(a.players, a.games)
    roads = np.array([np.sum(legals[i, :ns[i]] < A_CITY) for i in range(len(ns))])
    cities = np.array([np.sum((legals[i, :ns[i]] >= A_CITY) & (legals[i, :ns[i]] < A_DRAW_ROAD))
                       for i in range(len(ns))])
    kind = np.where(legals[:, 0] >= A_DRAW_ROAD, 0, np.where(roads > 0, np.where(cities > 0, 3, 1), 2))
    variants = {"full": w.copy()}
    for name, zero in (("one-step", (G.W_CITY_PLAN, G.W_ROAD_PLAN)), ("city plans", (G.W_ROAD_PLAN,)),
                       ("road plans", (G.W_CITY_PLAN,))):
        v = w.copy()
        v[list(zero)] = 0.0
        variants[name] = v

    def ms_per_game(wv, mask):
        replay(states[:1], legals[:1], ns[:1], rngs[:1], ctx, wv, mask[:1])
        best = 1e9
        for _ in range(a.repeats):
            c = time.process_time()
            replay(states, legals, ns, rngs, ctx, wv, mask)
            best = min(best, time.process_time() - c)
        return best / a.games * 1e3

    print(f"magna-grecia {a.players}p: {a.games} greedy games, {len(ns) / a.games:.0f} decisions "
          f"per game with > 1 legal action; greedy_values, ms of CPU per game:")
    print(f"{'decisions':14s} {'per game':>8s} {'legal':>6s} {'roads':>6s} {'cities':>6s} "
          + " ".join(f"{k:>10s}" for k in variants))
    rows = [("all", np.ones(len(ns), bool))] + [(KINDS[k], kind == k) for k in range(4)]
    for name, mask in rows:
        if mask.sum() == 0:
            continue
        t = [ms_per_game(v, mask) for v in variants.values()]
        if name == "all":
            values_ms = dict(zip(variants, t))
        print(f"{name:14s} {mask.sum() / a.games:8.1f} {ns[mask].mean():6.1f} {roads[mask].mean():6.1f} "
              f"{cities[mask].mean():6.1f} " + " ".join(f"{x:10.2f}" for x in t), flush=True)
    kinds, wm = seat_arrays(a.players, [G.GREEDY] * a.players, None)
    pr = SPEC.params.vector({})
    SPEC.play_batch(0, 0, 1, a.players, pr, kinds, wm)
    t = 1e9
    for _ in range(a.repeats):     # best of the repeats, as the values above: one timing was the host's noise
        c = time.process_time()
        SPEC.play_batch(7, 0, a.games, a.players, pr, kinds, wm)
        t = min(t, time.process_time() - c)
    print(f"play_batch (same games, best of {a.repeats}): {t / a.games * 1e3:.2f} ms per game, "
          f"{a.games / t:.0f} games/CPU-s")
    # The budget a target rate leaves the player: a game's time minus what is not greedy_values
    # (engine, dispatch), spread over the legal actions the greedy values in a game.
    cands = ns.sum() / a.games
    rest = t / a.games * 1e3 - values_ms["full"]
    print(f"per legal action valued ({cands:,.0f} a game): full {values_ms['full'] / cands * 1e6:.0f} ns, "
          f"one-step {values_ms['one-step'] / cands * 1e6:.0f} ns; the rest of a game {rest:.2f} ms")
    for rate in (600, 1000):
        left = 1e3 / rate - rest
        print(f"  at {rate} games/CPU-s the greedy may spend "
              + (f"{left / cands * 1e6:.0f} ns per legal action" if left > 0 else "nothing: the rest alone is over"))


if __name__ == "__main__":
    main()
