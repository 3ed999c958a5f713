"""Games/s per core for every registered game and strategy (one job each).

    python bench/run_all.py --seconds 10 [--games magna-grecia,catan] [--json]
"""
import argparse
import json
import sys

from experiments.bench import bench
from sim import game_names, get_game


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--games", default="")
    ap.add_argument("--strategies", default="", help="comma list; default: all of each game")
    ap.add_argument("--players", default="", help="comma list; default: the game's default")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    names = [g for g in a.games.split(",") if g] or game_names()
    rows = []
    for name in names:
        spec = get_game(name)
        strategies = [s for s in a.strategies.split(",") if s] or [s.name for s in spec.strategies]
        players = [int(p) for p in a.players.split(",") if p] or [spec.default_players]
        for p in players:
            for strat in strategies:
                res = bench(spec, strat, p, a.seconds, 1, {})
                rows.append(res)
                if a.json:
                    print(json.dumps(res), flush=True)
                else:
                    print(f"{name:<14} {p}p {strat:<12} {res['games_per_s_per_core']:>12,.1f} games/s per core"
                          f"   mean turns {res['mean_turns']:.1f}   ({res['games']} games in {res['seconds']} s)",
                          flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
