"""What a `tuned` player costs against `greedy` (issue target: at most 1.2x per game).

`tuned` is the greedy kind with other weights, so a decision costs the same; a game can still cost
more or less when the weights change its length or how many actions it looks at. Per game and
player count with a shipped weights file: CPU seconds per game of four `tuned` against four
`greedy` in every seat (same seeds, numba compilation excluded), median of repeats.

    nice python bench/tuned_cost.py [--games 300] [--repeats 3] [--game magna-grecia]
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def cpu_per_game(spec, token: str, players: int, games: int, repeats: int) -> tuple[float, float]:
    from experiments.lineup import arrays, parse_lineup
    kinds, weights = arrays(spec, parse_lineup(spec, token, players))
    vec = spec.params.defaults()
    spec.play_batch(99, 0, 2, players, vec, kinds, weights, False)     # compile / load outside the clock
    times, turns = [], 0.0
    for r in range(repeats):
        t0 = time.process_time()
        res = spec.play_batch(7, r * games, games, players, vec, kinds, weights, False)
        times.append((time.process_time() - t0) / games)
        turns = float(res["turns"].mean())
    return statistics.median(times), turns


def main(argv=None) -> int:
    from sim import get_game
    from experiments import weights as wmod
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--game", action="append", help="only these games (repeatable; default: every shipped file)")
    args = ap.parse_args(argv)
    print("| game | players | greedy ms/game | tuned ms/game | tuned / greedy | mean turns greedy / tuned |")
    print("|---|---|---|---|---|---|")
    for path in sorted(wmod.WEIGHTS_DIR.glob("*.toml")):
        d = wmod.read(path)
        if d.get("overrides") or d.get("strategy", "greedy") != "greedy":
            continue
        if args.game and d["game"] not in args.game:
            continue
        spec, p = get_game(d["game"]), int(d["players"])
        g, tg = cpu_per_game(spec, "greedy", p, args.games, args.repeats)
        t, tt = cpu_per_game(spec, "tuned", p, args.games, args.repeats)
        print(f"| {spec.name} | {p} | {1000 * g:.2f} | {1000 * t:.2f} | {t / g:.2f}x | {tg:.0f} / {tt:.0f} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
