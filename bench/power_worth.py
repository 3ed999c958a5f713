"""Every component power's worth to the seats that hold it, by switching each power off on the same seeds.

For each measuring switch `power_<name>` whose component's holders are fixed before the switch changes any
play (GameSpec.extra["switch_holders"], or its owner in "switch_owners": Mare Nostrum's heroes, wonders and
creatures), one run with the power off on the reference run's seeds, and `agon compare`'s holder effect: the
holders' win share with the power minus on the same seeds without it (paired per game, t interval), Holm
over the components. This is the causal reading of "which hero wins too many games" for these players; the
design report's component figures are associations (who buys a component is who is winning).

    nice python bench/power_worth.py mare-nostrum --strategies tuned --games 8000 --out /tmp/pw-tuned

About 30 s a run on 2 cores with greedy or tuned players at 8,000 games (45 runs for Mare Nostrum), 5 min
with ismcts. Runs are kept in --out; a rerun reuses the finished ones.
"""
import argparse
import sys
from pathlib import Path

import numpy as np
import pandas as pd
from statsmodels.stats.multitest import multipletests

from experiments.runner import Study, run_study, shared_pool
from reports.compare import switched_component
from reports.data import load_meta, result_columns
from reports.power_worth import MIN_HOLDERS, holders, switched_off, worth_row, worth_table
from sim import get_game
from sim.spec import AgonInputError


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("game")
    ap.add_argument("--strategies", default="greedy")
    ap.add_argument("--players", type=int)
    ap.add_argument("--games", type=int, default=8000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--only", help="comma-separated switch names (default: every one that can be judged)")
    ap.add_argument("--min-holders", type=int, default=MIN_HOLDERS,
                    help="seat-games holding a component below which it is not judged (its run is not played)")
    ap.add_argument("--out", type=Path, required=True)
    a = ap.parse_args(argv)
    spec = get_game(a.game)
    players = a.players or spec.default_players
    lineup = a.strategies.split(",") if "," in a.strategies else [a.strategies] * players
    study = dict(kind="seats", game=a.game, players=players, games=a.games, seed=a.seed, strategies=a.strategies)

    def run(name, params):
        out = a.out / name
        m = load_meta(out) if (out / "run.json").exists() else {}
        if (m.get("status") != "complete" or m.get("games") != a.games or m.get("seed") != a.seed
                or m.get("strategies") != lineup):
            run_study(Study(**study, params=params), out, jobs=a.jobs, force=True, progress=False)
        return out

    rows = []
    with shared_pool("loky", a.jobs):
        ref = run("base", {})
        cols, meta = set(result_columns(ref).columns), load_meta(ref)
        names = a.only.split(",") if a.only else [     # every measuring switch whose holders can be judged
            p.name for p in spec.params if p.measuring and switched_component(spec, meta, switched_off(meta, p.name), cols)]
        for i, sw in enumerate(names, 1):
            s = switched_component(spec, meta, switched_off(meta, sw), cols)
            if s is None:
                raise AgonInputError(f"{sw} names no component whose holders are fixed before play")
            held = holders(ref, s, players)
            if held < a.min_holders:      # the holders come from the reference run alone: no run needed
                rows.append(worth_row(ref, None, s, players, held))
                print(f"[{i}/{len(names)}] {s.label}: {held} holders, not judged", file=sys.stderr, flush=True)
                continue
            rows.append(worth_row(ref, run(sw, {sw: False}), s, players))
            print(f"[{i}/{len(names)}] {s.label}: {rows[-1]['worth']:+.1f} points", file=sys.stderr, flush=True)
    tab = worth_table(rows)
    tab = tab.sort_values("worth", ascending=False)
    tab.to_csv(a.out / "power_worth.csv", index=False)
    print(f"{a.game}, {players} x {a.strategies}, {a.games:,} games per run, seed {a.seed}: each power's worth to "
          "its holders (win share with it minus without it, same seeds; Holm over the components)")
    print("| component | holder seat-games | won with | without | worth, points [95%] | Holm p |")
    print("|---|---|---|---|---|---|")
    for r in tab[tab["p"].notna()].itertuples():
        print(f"| {r.component} | {r.seat_games:,} | {100 * r.won_with:.1f}% | {100 * r.won_without:.1f}% | "
              f"{r.worth:+.1f} [{r.low:+.1f}, {r.high:+.1f}] | {r.p_holm:.2g} |")
    few = tab[tab["p"].isna() & ~tab["unchanged"]]
    if len(few):
        print(f"Not judged, fewer than {a.min_holders} holder seat-games: " + ", ".join(
            f"{r.component} ({r.seat_games})" for r in few.itertuples()) + ".")
    if tab["unchanged"].any():
        print("Switched off, no game of their holders changed (the power never acted, or acted without changing "
              "a result): " + ", ".join(f"{r.component} ({r.seat_games:,})" for r in tab[tab["unchanged"]].itertuples()) + ".")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except AgonInputError as e:     # unknown game, strategy or switch, bad count: one line, exit 2
        print(f"power_worth: {e}", file=sys.stderr)
        sys.exit(2)
