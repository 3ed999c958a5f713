"""What the flow statistics (sim/flow.py) cost: random games played by each game's compiled loop
with them on and off (`play_loop(..., flow)`), the same seeds, timed alternately (process CPU time:
the loop runs in this thread, and CPU time is steadier than wall time on a shared machine); the
median ratio per game.
Issue 18 allows at most 10% of a random game's time. Also checks that every other column is the
same with and without them (the statistics only read the state).

    python bench/flow_cost.py                       # every game whose loop computes flow
    python bench/flow_cost.py glory-to-rome --games 4000 --repeats 7
"""
from __future__ import annotations

import argparse
import statistics
import time
from importlib import import_module

import numpy as np

from sim import get_game

GAMES = {"glory-to-rome": 4000, "magna-grecia": 1000, "mare-nostrum": 150, "catan": 1000, "troja": 1000}


def timed(loop, spec, game, n_players, n, flow):
    """Seconds to play n random games, and the packed results."""
    E = game.engine
    ctx = E.make_ctx(n_players, spec.params.defaults())
    kinds = np.zeros(n_players, np.int64)
    w = game.players.full_weights(n_players, np.zeros((n_players, 0)))
    g_out, s_out = E.RESULTS.empty(n, n_players)
    err = np.zeros(3, np.int64)
    t = time.process_time()
    loop(np.int64(2026), np.int64(0), np.int64(n), ctx, np.int64(n_players), kinds, w, False, g_out, s_out, err,
         flow)
    dt = time.process_time() - t
    assert err[0] == 0, f"{spec.name}: error {err}"
    return dt, E.RESULTS.pack(g_out, s_out)


def measure(name: str, n: int, repeats: int) -> dict:
    spec = get_game(name)
    mod = import_module(spec.contract)
    game, loop, p = mod.GAME, mod.play_loop, spec.default_players
    timed(loop, spec, game, p, 2, True)             # compile both
    timed(loop, spec, game, p, 2, False)
    on, off = [], []
    for _ in range(repeats):
        t_off, r_off = timed(loop, spec, game, p, n, False)
        t_on, r_on = timed(loop, spec, game, p, n, True)
        off.append(t_off)
        on.append(t_on)
    same = all(np.array_equal(r_on[c], r_off[c], equal_nan=r_on[c].dtype.kind == "f")
               for c in r_on if not c.startswith("flow_"))
    m_on, m_off = statistics.median(on), statistics.median(off)
    return {"game": name, "players": p, "games": n, "repeats": repeats, "off_s": m_off, "on_s": m_on,
            "ratio": m_on / m_off, "per_game_ms_off": 1000 * m_off / n, "same_games": same}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="*", default=list(GAMES))
    ap.add_argument("--games-per-run", "--games", dest="n", type=int, default=0,
                    help="games per timing (default: per game, GAMES)")
    ap.add_argument("--repeats", type=int, default=5)
    a = ap.parse_args(argv)
    print(f"{'game':15s} {'p':>2s} {'games':>6s} {'off (s)':>9s} {'on (s)':>9s} {'on/off':>7s} "
          f"{'ms/game':>8s}  same games")
    for name in a.games:
        r = measure(name, a.n or GAMES.get(name, 500), a.repeats)
        print(f"{r['game']:15s} {r['players']:2d} {r['games']:6d} {r['off_s']:9.3f} {r['on_s']:9.3f} "
              f"{r['ratio']:7.3f} {r['per_game_ms_off']:8.2f}  {r['same_games']}", flush=True)


if __name__ == "__main__":
    main()
