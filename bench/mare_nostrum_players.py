"""Mare Nostrum players as measured behaviour (issue 12): per player count, on seeded games of one
strategy at every seat, the figures a designer needs before trusting a civilisation table:
rounds per game, battles per game and the share of games with none, High Priest holder changes,
how often each god is taken per offering phase and what the first offerer does, victory paths,
the civilisation win table with its chi-square, and games per CPU-second.

    .venv/bin/python bench/mare_nostrum_players.py --games 1000 --players 3,4,5,6
    .venv/bin/python bench/mare_nostrum_players.py --strategy greedy:state_gods=0,war_eval=0 ...
    PYTHONPATH=/tmp/old-tree .venv/bin/python bench/mare_nostrum_players.py ...   # another tree

Every rate comes with its sample and a 95% interval (Wilson for shares, t for means); the
chi-square is scipy's goodness of fit of civ wins against the wins expected from how often each
civ was played, on the games that have a winner.
"""
import argparse
import json
import time

import numpy as np
from scipy.stats import binomtest, chisquare, t as t_dist

from sim.mare_nostrum import SPEC
from sim.mare_nostrum.behaviour import (tally, G_ROUNDS, G_BATTLES, G_BATTLES_PVP, G_HP_CHANGES,
                                        G_WINNER_CIV, G_VPATH, G_OFF_PHASES, G_FIRST_HP_ROUNDS,
                                        G_GODS, G_CREATURES, G_PILLAGES, G_TAKEOVERS, G_UNITS_BUILT)
from sim.mare_nostrum.board import CIVS, GODS
from sim.mare_nostrum.params import PARAMS

def parse_strategy(text):
    """'greedy' or 'greedy:name=value,name=value' -> (kind, weight vector)."""
    name, _, over = text.partition(":")
    info = SPEC.strategy(name)
    w = np.array(info.weights or SPEC.strategy("greedy").weights, np.float64)
    names = list(info.weight_names or SPEC.strategy("greedy").weight_names)
    for item in filter(None, over.split(",")):
        k, _, v = item.partition("=")
        w[names.index(k.strip())] = float(v)
    return info.kind, w


def wilson(k, n):
    if n == 0:
        return float("nan"), float("nan"), float("nan")
    ci = binomtest(int(round(k)), int(n)).proportion_ci(method="wilson")
    return k / n, ci.low, ci.high


def mean_ci(x):
    x = np.asarray(x, float)
    m = x.mean()
    if len(x) < 2 or x.std() == 0:
        return m, m, m
    h = t_dist.ppf(0.975, len(x) - 1) * x.std(ddof=1) / np.sqrt(len(x))
    return m, m - h, m + h


def measure(strategy, n_players, n_games, seed):
    kind, w = parse_strategy(strategy)
    kinds = np.full(n_players, kind, np.int64)
    W = np.tile(w, (n_players, 1))
    P = PARAMS.defaults()
    tally(seed, 2, n_players, P, kinds, W, start=10**6)      # compile / load the cache
    c0 = time.process_time()
    games, gods, first, civ_played = tally(seed, n_games, n_players, P, kinds, W)
    cpu = time.process_time() - c0
    return summarize(strategy, n_players, games, gods, first, civ_played, cpu)


def summarize(strategy, n_players, games, gods, first, civ_played, cpu):
    n = len(games)
    phases = games[:, G_OFF_PHASES].sum()
    out = {"strategy": strategy, "players": n_players, "games": n,
           "games_per_cpu_s": n / cpu,
           "rounds": mean_ci(games[:, G_ROUNDS]),
           "battles": mean_ci(games[:, G_BATTLES]),
           "battles_between_players": mean_ci(games[:, G_BATTLES_PVP]),
           "no_battle_share": wilson((games[:, G_BATTLES] == 0).sum(), n),
           "hp_changes": mean_ci(games[:, G_HP_CHANGES]),
           "hp_changed_share": wilson((games[:, G_HP_CHANGES] > 0).sum(), n),
           "hp_first_holder_round_share": wilson(games[:, G_FIRST_HP_ROUNDS].sum(), games[:, G_ROUNDS].sum()),
           "offering_phases": int(phases),
           "god_taken": {GODS[j]: wilson(gods[j], phases) for j in range(8)},
           "first_offerer": {(GODS[j] if j < 8 else "pass"): wilson(first[j], phases) for j in range(9)},
           "per_game": {k: mean_ci(games[:, c]) for k, c in
                        (("gods taken", G_GODS), ("units built", G_UNITS_BUILT),
                         ("creatures built", G_CREATURES), ("pillages", G_PILLAGES),
                         ("take-overs", G_TAKEOVERS))},
           "victory_path": {p: wilson((games[:, G_VPATH] == i).sum(), n)
                            for i, p in enumerate(("heroes_wonders", "pyramids", "roles", "unfinished"))}}
    won = games[:, G_WINNER_CIV]
    decisive = won >= 0
    wins = np.bincount(won[decisive], minlength=6).astype(float)
    # expected wins: each decisive game gives 1/n to each civ played in it; with random
    # assignment this is the civ's share of plays
    exp = civ_played / civ_played.sum() * decisive.sum()
    played = exp > 0
    out["civ"] = {CIVS[c]: {"played": int(civ_played[c]), "wins": int(wins[c]),
                            "rate": wilson(wins[c], civ_played[c])} for c in range(6) if civ_played[c]}
    if decisive.sum() > 0:
        chi = chisquare(wins[played], exp[played] * wins[played].sum() / exp[played].sum())
        out["civ_chi2"] = (float(chi.statistic), int(played.sum() - 1), float(chi.pvalue))
    return out


def fmt3(t, pct=False):
    m, lo, hi = t
    if pct:
        return f"{100 * m:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}]"
    return f"{m:.2f} [{lo:.2f}, {hi:.2f}]"


def render(r):
    lines = [f"### {r['strategy']}, {r['players']} players, {r['games']} games "
             f"({r['games_per_cpu_s']:.1f} games per CPU-second)", "",
             f"- rounds per game: {fmt3(r['rounds'])}",
             f"- battles per game: {fmt3(r['battles'])} (between players {fmt3(r['battles_between_players'])})",
             f"- games with no battle: {fmt3(r['no_battle_share'], True)}",
             f"- High Priest holder changes per game: {fmt3(r['hp_changes'])}; games with a change "
             f"{fmt3(r['hp_changed_share'], True)}; rounds held by the set-up holder "
             f"{fmt3(r['hp_first_holder_round_share'], True)}",
             f"- offering phases: {r['offering_phases']}",
             "- god taken per offering phase: " + "; ".join(f"{g} {fmt3(v, True)}" for g, v in r["god_taken"].items()),
             "- first offerer's choice: " + "; ".join(f"{g} {fmt3(v, True)}" for g, v in r["first_offerer"].items()
                                                      if v[0] > 0),
             "- per game (all seats): " + "; ".join(f"{k} {fmt3(v)}" for k, v in r["per_game"].items()),
             "- victory path: " + "; ".join(f"{p} {fmt3(v, True)}" for p, v in r["victory_path"].items()), "",
             "| civ | played | wins | win rate [95% CI] |", "|---|---|---|---|"]
    for c, d in r["civ"].items():
        lines.append(f"| {c} | {d['played']} | {d['wins']} | {fmt3(d['rate'], True)} |")
    if "civ_chi2" in r:
        s, df, p = r["civ_chi2"]
        lines.append("")
        lines.append(f"chi-square of civ wins against plays: {s:.1f} on {df} df, p = {p:.3g} "
                     f"(fair {100 / r['players']:.1f}%)")
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--players", default="3,4,5,6")
    ap.add_argument("--strategy", default="greedy",
                    help="strategy at every seat, optionally with weights: greedy:state_gods=0")
    ap.add_argument("--seed", type=int, default=12)
    ap.add_argument("--json", help="also write the figures to this file")
    a = ap.parse_args()
    results = []
    for n in [int(x) for x in a.players.split(",")]:
        r = measure(a.strategy, n, a.games, a.seed)
        results.append(r)
        print(render(r), "\n", flush=True)
    if a.json:
        with open(a.json, "w") as f:
            json.dump(results, f, indent=1)


if __name__ == "__main__":
    main()
