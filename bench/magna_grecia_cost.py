"""What the Magna Grecia greedy's plans cost, step by step (issue 16: why 600 games/CPU-s is out of
reach for this greedy): on the decisions of recorded greedy games (bench/magna_grecia_profile.py's
`record`), each part of the planning greedy is re-run alone and cumulatively, in ms of CPU per game
(time.process_time, mean of 3 passes), with counts per game.

Road candidates (decisions where a chain of >= 2 road tiles is possible), cumulative modes:
  trace      road_link of every road (the one-step part)
  screen     + need / open_end: which roads can start a chain plan
  search     + chain_plans_ws from those roads (plans found)
  value      + the plans' values (road_plan_value; evaluations = memo misses)
City tiles, cumulative modes:
  apply      copy the state and apply the tile (the one-step part; tiles, of them pending runs)
  repairs    + the repair search of the pending runs (repairs found)
  runs       + city_plan_value without road chains (runs valued)
  chains     + the road chains after each run (the full city plan)
These loops allocate their scratch per decision and skip _plan_pick's borrowed views, so their sum
is above bench/magna_grecia_profile.py's; the split is what matters.

Usage: python bench/magna_grecia_cost.py [--players 4] [--games 10]

Measured 2026-12-02 (4 players, 10 games, shared 2-core machine): roads: trace 0.25, screen
0.49, search 0.69, value 1.51 ms (7,437 roads, 1,373 start a search, 1,739 plans, 456 values);
cities: apply 0.99, repairs 3.08, runs 4.49, chains 6.61 ms (999 tiles, 541 pending, 790
repairs, 550 runs). Each part is a few µs per candidate over about 100 candidates a decision and
200 decisions a game; no part alone holds the 7 ms that 600 games/s would have to remove.
Approximations tried (bench/magna_grecia_cheap.py): plans for the best city tiles by one step
(plan_width) and road chains only after the 3 best runs by their value without chains (0.125
[0.111, 0.140] of 2,000 against the full greedy) lose strength; road_plan 2 loses the founding
of cities at city_tile_cost=3; capping only the road candidates' plans at 2 tiles (chains after
runs kept at 3) saved nothing measurable; reusing the run's place infos across the chains after
it (exact) saved nothing measurable (most runs found a city, whose only changed place is the
chain's own end).
"""
import argparse
import sys
import time
from pathlib import Path

import numpy as np
from numba import njit

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))   # `python bench/...` from the root

from bench.magna_grecia_profile import record  # noqa: E402
from sim.magna_grecia.board import N
from sim.magna_grecia.plans import open_end, chain_plans_ws, MAX_CHAIN, repair_prep_base, run_repairs_after
from sim.magna_grecia.rules import MAXK, WS_ROWS
from sim.magna_grecia.rules.cities import WS_SEEN, WS_BLOCK
from sim.magna_grecia.state import S_CUR, S_PENDING, H_ROAD_OWN, H_ROAD_OR
from strategies.magna_grecia import (
    A_CITY, A_DRAW_ROAD, KEY_SLOTS, PLAN_CAP, MEMO, RUN_CAP, PW_ROWS, PW_OST, PW_ENDS,
    new_place_cache, roads_left, road_link, need_ready, far_end, road_plan_value, oracle_links,
    apply_city_tile, new_city_scratch, run_aff, evaluate_cached, city_plan_value,
)

ROAD_MODES = ("trace", "screen", "search", "value")
CITY_MODES = ("apply", "repairs", "runs", "chains")


@njit(cache=True)
def roads(states, legals, ns, ctx, w, mode, cnt):
    """The road candidates' part up to `mode` (ROAD_MODES); cnt: roads, screened, searched, plans,
    values."""
    k_road = int(w[10] + 0.5)
    for i in range(states.shape[0]):
        st = states[i].copy()
        legal = legals[i]
        n = ns[i]
        if legal[0] >= A_DRAW_ROAD:
            continue
        p = st[S_CUR]
        k_more = min(k_road, roads_left(st, ctx, p))
        if k_more < 2:
            continue
        mine = np.empty(KEY_SLOTS, dtype=np.int8)
        need = np.empty((2, N), dtype=np.int64)
        need[0, 0] = -1
        buf = np.empty(6 * N, dtype=np.int64)
        buf2 = np.empty(6 * N, dtype=np.int64)
        plans = np.empty((PLAN_CAP, MAX_CHAIN + 1), dtype=np.int64)
        lens = np.empty(PLAN_CAP, dtype=np.int64)
        pws = np.empty((PW_ROWS, KEY_SLOTS), dtype=np.int64)
        stack = np.empty((3, MAX_CHAIN), dtype=np.int64)
        cache = new_place_cache()
        aff = np.empty((3, KEY_SLOTS), dtype=np.int64)
        cp = np.empty_like(st)
        keys = np.empty((MEMO, 3), dtype=np.int64)
        mv = np.empty(MEMO)
        oracle_links(st, pws[PW_OST])
        nmemo = 0
        for j in range(n):
            a = legal[j]
            if a >= A_CITY:
                break
            h = a // 9
            o = a - 9 * h
            la, lb = road_link(st, p, h, o)
            cnt[0] += 1
            if (la >= 0 and lb >= 0 and la != lb) or mode == 0:
                continue
            need_ready(st, p, need, mine, buf, k_road)
            if la < 0:
                lb = far_end(st, p, h, o)
            pa, e, y = open_end(st, h, o, la, lb)
            if pa < 0:
                continue
            nd = need[0] if mine[pa] != 0 else need[1]
            if nd[y] > k_more - 1:
                continue
            cnt[1] += 1
            if mode == 1:
                continue
            if mode == 2:
                st[H_ROAD_OWN + h] = p
                st[H_ROAD_OR + h] = o
                ends = pws[PW_ENDS:PW_ENDS + 2]
                cnt[2] += chain_plans_ws(st, ctx, p, pa, y, (e + 3) % 6, k_more - 1, nd, a, plans, lens, 0,
                                         PLAN_CAP, stack, ends)
                st[H_ROAD_OWN + h] = -1
                st[H_ROAD_OR + h] = 0
                continue
            v, nmemo = road_plan_value(st, ctx, a, p, w, k_more, need, mine, plans, lens, cache, aff, buf,
                                       buf2, cp, keys, mv, nmemo, pws, stack, la, lb)
        cnt[3] += nmemo


@njit(cache=True)
def cities(states, legals, ns, ctx, w, mode, cnt):
    """The city tiles' part up to `mode` (CITY_MODES); cnt: tiles, pending, repairs, runs."""
    k_road = int(w[10] + 0.5) if mode == 3 else 0
    for i in range(states.shape[0]):
        st = states[i].copy()
        legal = legals[i]
        n = ns[i]
        if legal[0] >= A_DRAW_ROAD:
            continue
        p = st[S_CUR]
        cache = new_place_cache()
        buf = np.empty(6 * N, dtype=np.int64)
        buf2 = np.empty(6 * N, dtype=np.int64)
        aff = np.empty((3, KEY_SLOTS), dtype=np.int64)
        cp = np.empty_like(st)
        mine = np.empty(KEY_SLOTS, dtype=np.int8)
        need = np.empty((2, N), dtype=np.int64)
        need[0, 0] = -1
        plans = np.empty((PLAN_CAP, MAX_CHAIN + 1), dtype=np.int64)
        lens = np.empty(PLAN_CAP, dtype=np.int64)
        cr = np.empty_like(st)
        cx = np.empty_like(st)
        keys2 = np.empty((MEMO, 3), dtype=np.int64)
        mvals2 = np.empty(MEMO, dtype=np.float64)
        runs = np.empty((MEMO, MAXK + 2), dtype=np.int64)
        run_len = np.empty(MEMO, dtype=np.int64)
        run_val = np.empty(MEMO, dtype=np.float64)
        sets = np.empty((RUN_CAP, MAXK + 1), dtype=np.int64)
        slens = np.empty(RUN_CAP, dtype=np.int64)
        pws = np.empty((PW_ROWS, KEY_SLOTS), dtype=np.int64)
        oracle_links(st, pws[PW_OST])
        stack = np.empty((3, MAX_CHAIN), dtype=np.int64)
        rws = np.empty((WS_ROWS, N), dtype=np.int64)
        rcand = np.empty(N, dtype=np.int64)
        rmarks = np.empty((3, N), dtype=np.int8)
        rtlist = np.empty(MAXK + 2, dtype=np.int64)
        bws = np.empty((WS_BLOCK + 1, N), dtype=np.int64)
        bws[WS_SEEN, 0] = -1
        csc = new_city_scratch()
        nruns = 0
        for j in range(n):
            a = legal[j]
            if a < A_CITY:
                continue
            if a >= A_DRAW_ROAD:
                break
            for q in range(st.shape[0]):
                cp[q] = st[q]
            apply_city_tile(cp, ctx, a, csc)
            cnt[0] += 1
            if cp[S_PENDING] != 0:
                cnt[1] += 1
            if mode == 0:
                continue
            if mode == 1:
                if cp[S_PENDING] != 0:
                    if bws[WS_SEEN, 0] < 0:
                        repair_prep_base(st, p, bws, rcand)
                        bws[WS_SEEN, 0] = 0
                    cnt[2] += run_repairs_after(cp, ctx, p, a - A_CITY, bws, sets, slens, RUN_CAP, rws, rcand,
                                                rmarks, rtlist)
                continue
            v = -1e300
            if cp[S_PENDING] == 0:
                naff = run_aff(cp, aff, buf2)
                v = evaluate_cached(cp, ctx, p, w, st, cache, aff, naff, buf)
            if k_road >= 1:
                need_ready(st, p, need, mine, buf, k_road)
            vp, nruns = city_plan_value(st, cp, v, ctx, a, p, w, k_road, need[0], mine, plans, lens, cache, aff,
                                        buf, buf2, cr, cx, keys2, mvals2, runs, run_len, run_val, nruns, sets,
                                        slens, pws, stack, rws, rcand, rmarks, rtlist, bws, csc)
        cnt[3] += nruns


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=10)
    a = ap.parse_args()
    ctx, w, states, legals, ns, rngs = record(a.players, a.games)
    for name, fn, modes, labels in (("roads", roads, ROAD_MODES, "roads screened plans values"),
                                    ("cities", cities, CITY_MODES, "tiles pending repairs runs")):
        print(f"{name} ({labels.replace(' ', ', ')} per game):")
        for m, mode in enumerate(modes):
            cnt = np.zeros(4, np.int64)
            fn(states[:1], legals[:1], ns[:1], ctx, w, m, cnt)      # compile / load
            cnt[:] = 0
            c = time.process_time()
            for _ in range(3):
                fn(states, legals, ns, ctx, w, m, cnt)
            t = (time.process_time() - c) / 3 / a.games * 1e3
            print(f"  {mode:8s} {t:6.2f} ms/game  " + " ".join(str(x) for x in cnt // (3 * a.games)), flush=True)


if __name__ == "__main__":
    main()
