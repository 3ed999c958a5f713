"""How Glory to Rome games end under a line-up, and whether the player who ended a game won.

    .venv/bin/python bench/glory_to_rome_endings.py [--games 1500] [--players 2 4] [--strategy greedy]
        [--set end_aware=0] [--seed 1] [--json out.json]

Per player count: share of games ended by each end condition, the share of player-ended games in
which the ender did not win (ended while not first), the share of those it could have avoided
(`sim/glory_to_rome/endings.py`), game length, all with 95% intervals (Wilson for shares, t for
means); and the line-up's speed in games per CPU-second of this process (play_batch, compilation
excluded). `--set NAME=VALUE` overrides one of the strategy's weights (e.g. end_aware=0: the old
players).
"""
import argparse
import json
import time

import numpy as np
from scipy import stats

from sim.glory_to_rome import SPEC
from sim.glory_to_rome.board import END_NAMES
from sim.glory_to_rome.endings import audit_endings
from reports.stats import wilson


def share(k, n):
    lo, hi = wilson(k, n) if n else (float("nan"), float("nan"))
    return {"k": int(k), "n": int(n), "rate": k / n if n else float("nan"), "lo": lo, "hi": hi}


def mean_ci(x):
    x = np.asarray(x, np.float64)
    lo, hi = stats.t.interval(0.95, len(x) - 1, loc=x.mean(), scale=stats.sem(x))
    return {"n": len(x), "mean": float(x.mean()), "lo": float(lo), "hi": float(hi)}


def lineup(strategy, n_players, overrides):
    st = SPEC.strategy(strategy)
    w = np.array(st.weights, np.float64)
    for name, value in overrides.items():
        w[st.weight_names.index(name)] = value
    return np.full(n_players, st.kind, np.int64), np.tile(w, (n_players, 1))


def measure(strategy, n_players, games, seed, overrides):
    kinds, w = lineup(strategy, n_players, overrides)
    params = SPEC.params.defaults()
    a = audit_endings(seed, 0, games, n_players, params, kinds, w)
    out = {"players": n_players, "games": games, "strategy": strategy, "seed": seed,
           "weights": overrides, "end": {}, "ender_not_win": {}, "avoidable_not_win": {}}
    endc, ender = a["end_condition"], a["ended_by"]
    by_player = ender >= 0
    lost = by_player & (a["ender_win"] == 0)
    for c, name in enumerate(END_NAMES):
        sel = endc == c
        out["end"][name] = share(sel.sum(), games)
        out["ender_not_win"][name] = share((sel & lost).sum(), (sel & by_player).sum())
    out["end"]["all_player_ended"] = share(by_player.sum(), games)
    out["ender_not_win"]["all"] = share(lost.sum(), by_player.sum())
    avoid = lost & (a["avoidable"] == 1)
    out["avoidable_not_win"]["all"] = share(avoid.sum(), by_player.sum())
    out["avoidable_not_win"]["ender_saw_all"] = share((avoid & (a["ender_hidden"] == 0)).sum(),
                                                      (by_player & (a["ender_hidden"] == 0)).sum())
    out["turns"] = mean_ci(a["turns"])
    # speed: play_batch, one process, compilation excluded
    SPEC.play_batch(seed, 0, 2, n_players, params, kinds, w)
    n_speed = max(200, games // 3)
    t = time.process_time()
    SPEC.play_batch(seed + 1, 0, n_speed, n_players, params, kinds, w)
    out["games_per_cpu_second"] = n_speed / (time.process_time() - t)
    return out


def fmt(d):
    return f"{100 * d['rate']:5.1f}% [{100 * d['lo']:4.1f}, {100 * d['hi']:4.1f}] ({d['k']}/{d['n']})"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=1500)
    ap.add_argument("--players", type=int, nargs="+", default=[2, 4])
    ap.add_argument("--strategy", default="greedy")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--set", action="append", default=[], help="weight override NAME=VALUE")
    ap.add_argument("--json")
    a = ap.parse_args()
    over = {kv.split("=")[0]: float(kv.split("=")[1]) for kv in a.set}
    results = []
    for p in a.players:
        r = measure(a.strategy, p, a.games, a.seed, over)
        results.append(r)
        print(f"== glory-to-rome {p}p, {a.games} {a.strategy} games, seed {a.seed}, weights {over or 'default'}")
        for name in END_NAMES:
            print(f"  ended by {name:9s}: {fmt(r['end'][name])};  ender did not win: "
                  f"{fmt(r['ender_not_win'][name])}")
        print(f"  ender did not win (all player-ended games): {fmt(r['ender_not_win']['all'])}")
        print(f"  ... and had a move that did not end the game: {fmt(r['avoidable_not_win']['all'])}")
        print(f"  ... among games whose ender saw every vault card: "
              f"{fmt(r['avoidable_not_win']['ender_saw_all'])}")
        t = r["turns"]
        print(f"  turns: {t['mean']:.1f} [{t['lo']:.1f}, {t['hi']:.1f}]")
        print(f"  speed: {r['games_per_cpu_second']:.0f} games per CPU-second")
    if a.json:
        with open(a.json, "w") as f:
            json.dump(results, f, indent=1)


if __name__ == "__main__":
    main()
