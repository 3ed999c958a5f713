"""Games/s per core for every registered game and strategy (one job each).

    python bench/run_all.py --seconds 10 [--games magna-grecia,catan] [--json]
    python bench/run_all.py --games glory-to-rome --cpu 2000 --repeats 5

`--cpu N` measures CPU time instead of wall time (for a machine shared with other work): each
strategy plays the same N games (seed 1, after an untimed warm-up) `--repeats` times in this
process, and the line gives the median games per CPU second with the range of the repeats. Search
strategies play N/50 games. To compare two checkouts on one machine, run it back to back with
PYTHONPATH pointing at each (the same games are played, so only the code differs).
"""
import argparse
import json
import statistics
import sys
import time

from experiments.bench import bench
from sim import game_names, get_game


def cpu_rate(spec, strategy, players, games, repeats):
    """Median (min, max) games per CPU second over `repeats` plays of the same games."""
    from experiments.lineup import arrays, parse_lineup
    kinds, weights = arrays(spec, parse_lineup(spec, strategy, players))
    vec = spec.params.defaults()
    spec.play_batch(10_000_019, 0, 2, players, vec, kinds, weights, False)     # warm-up (compile/load)
    rates = []
    turns = 0.0
    for _ in range(repeats):
        t = time.process_time()
        res = spec.play_batch(1, 0, games, players, vec, kinds, weights, False)
        rates.append(games / max(time.process_time() - t, 1e-9))
        turns = float(res["turns"].mean())
    return statistics.median(rates), min(rates), max(rates), turns


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--games", default="")
    ap.add_argument("--strategies", default="", help="comma list; default: all of each game")
    ap.add_argument("--players", default="", help="comma list; default: the game's default")
    ap.add_argument("--cpu", type=int, default=0, metavar="N", help="CPU time of N games (see above)")
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    names = [g for g in a.games.split(",") if g] or game_names()
    for name in names:
        spec = get_game(name)
        strategies = [s for s in a.strategies.split(",") if s] or [s.name for s in spec.strategies]
        players = [int(p) for p in a.players.split(",") if p] or [spec.default_players]
        from experiments.lineup import tuned_names
        known = {s.name for s in spec.strategies} | set(tuned_names(spec))
        for p in players:
            for strat in strategies:
                if strat not in known:          # e.g. `search`, which only older checkouts have (PYTHONPATH)
                    print(f"{name:<14} {p}p {strat:<12} {'-':>10}  (no such player in this game)", flush=True)
                    continue
                if a.cpu:
                    n = max(2, a.cpu // 50) if strat in ("search", "ismcts") else a.cpu   # searches are slow
                    med, lo, hi, turns = cpu_rate(spec, strat, p, n, a.repeats)
                    res = {"game": name, "strategy": strat, "players": p, "games": n,
                           "repeats": a.repeats, "games_per_cpu_s": round(med, 1),
                           "min": round(lo, 1), "max": round(hi, 1), "mean_turns": round(turns, 2)}
                    if a.json:
                        print(json.dumps(res), flush=True)
                    else:
                        print(f"{name:<14} {p}p {strat:<12} {med:>10,.1f} games/cpu-s  "
                              f"[{lo:,.1f}, {hi:,.1f}] over {a.repeats} x {n} games   "
                              f"mean turns {turns:.1f}", flush=True)
                    continue
                res = bench(spec, strat, p, a.seconds, 1, {})
                if a.json:
                    print(json.dumps(res), flush=True)
                else:
                    print(f"{name:<14} {p}p {strat:<12} {res['games_per_s_per_core']:>12,.1f} games/s per core"
                          f"   mean turns {res['mean_turns']:.1f}   ({res['games']} games in {res['seconds']} s)",
                          flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
