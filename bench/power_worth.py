"""Every component power's worth, by switching each power off on the same seeds.

For each measuring switch `power_<name>` whose component's holders are fixed before the switch changes any
play (GameSpec.extra["switch_holders"], or its owner in "switch_owners": Mare Nostrum's heroes, wonders and
creatures), one run with the power off on the reference run's seeds, and `agon compare`'s holder effect: the
holders' win share with the power minus on the same seeds without it (paired per game, t interval), Holm
over the components. This is the causal reading of "which hero wins too many games" for these players; the
design report's component figures are associations (who buys a component is who is winning).

With --restricted, the powers whose holders are chosen in play (Glory to Rome's buildings, Mare Nostrum's
gods) are measured by restricted play instead (reports/power_worth.py): the power off for one seat at a time
(the game's `switch_seat`), each seat over 1/p of the games; the worth to a player is that seat's win share
with the power minus without it.

    nice python bench/power_worth.py mare-nostrum --strategies tuned --games 8000 --out /tmp/pw-tuned
    nice python bench/power_worth.py glory-to-rome --restricted --games 8000 --out /tmp/pw-gtr

About 30 s a run on 2 cores with greedy or tuned players at 8,000 games (45 runs for Mare Nostrum), 5 min
with ismcts; restricted play costs the same games per power. Runs are kept in --out; a rerun reuses the
finished ones.
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
from reports.compare import Switched
from reports.power_worth import Check, MIN_HOLDERS, holders, restricted_row, switched_off, worth_row, worth_table
from sim import game_names, get_game
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
    ap.add_argument("--restricted", action="store_true",
                    help="also measure the powers whose holders are chosen in play, by restricted play (the game's "
                         "switch_seat): the power off for one seat at a time")
    ap.add_argument("--out", type=Path, required=True)
    a = ap.parse_args(argv)
    spec = get_game(a.game)
    players = a.players or spec.default_players
    lineup = a.strategies.split(",") if "," in a.strategies else [a.strategies] * players
    study = dict(kind="seats", game=a.game, players=players, games=a.games, seed=a.seed, strategies=a.strategies)

    def run(name, params, games=a.games):
        out = a.out / name
        m = load_meta(out) if (out / "run.json").exists() else {}
        if (m.get("status") != "complete" or m.get("games") != games or m.get("seed") != a.seed
                or m.get("strategies") != lineup):
            run_study(Study(**{**study, "games": games}, params=params), out, jobs=a.jobs, force=True, progress=False)
        return out

    seat = (spec.extra or {}).get("switch_seat") if a.restricted else None
    if a.restricted and not seat:      # bad input is refused before anything is played
        raise AgonInputError(f"{a.game} has no seat switch for restricted play; games with one: " + ", ".join(
            g for g in game_names() if (get_game(g).extra or {}).get("switch_seat")))
    switches = [p.name for p in spec.params if p.measuring and p.name.startswith("power_")]
    unknown = [sw for sw in (a.only.split(",") if a.only else []) if sw not in switches]
    if unknown:
        raise AgonInputError(f"unknown power switch {unknown[0]!r}; valid: {', '.join(switches[:6])}, ... "
                             f"({len(switches)} in all, `agon games {a.game}`)")
    rows = []
    with shared_pool("loky", a.jobs):
        ref = run("base", {})
        cols, meta = set(result_columns(ref).columns), load_meta(ref)
        fixed = lambda sw: switched_component(spec, meta, switched_off(meta, sw), cols)   # noqa: E731
        names = a.only.split(",") if a.only else [sw for sw in switches if seat or fixed(sw)]   # every judgeable one
        for i, sw in enumerate(names, 1):
            s = fixed(sw)
            if s is None and seat:
                s = Switched(sw, "", sw[len("power_"):].replace("_", " ").title())
                c = Check(s.label, "", s, seat)
                offs = [run(name, params, n) for name, params, n in c.runs(players, a.games)]
                rows.append({**restricted_row(ref, offs, s, players), "restricted": True})
                print(f"[{i}/{len(names)}] {s.label}: {rows[-1]['worth']:+.1f} points to a player (restricted)",
                      file=sys.stderr, flush=True)
                continue
            if s is None:
                raise AgonInputError(f"{sw} names no component whose holders are fixed before play"
                                     + ("" if a.restricted else " (--restricted measures the others)"))
            held = holders(ref, s, players)
            if held < a.min_holders:      # the holders come from the reference run alone: no run needed
                rows.append({**worth_row(ref, None, s, players, held), "restricted": False})
                print(f"[{i}/{len(names)}] {s.label}: {held} holders, not judged", file=sys.stderr, flush=True)
                continue
            rows.append({**worth_row(ref, run(sw, {sw: False}), s, players), "restricted": False})
            print(f"[{i}/{len(names)}] {s.label}: {rows[-1]['worth']:+.1f} points", file=sys.stderr, flush=True)
    tab = worth_table(rows)
    tab = tab.sort_values("worth", ascending=False)
    tab.to_csv(a.out / "power_worth.csv", index=False)
    print(f"{a.game}, {players} x {a.strategies}, {a.games:,} games per run, seed {a.seed}: each power's worth to "
          "its holders, or to a player (restricted): win share with it minus without it, same seeds; Holm over the "
          "components")
    if tab["restricted"].astype(bool).any():
        print("Restricted rows: the power off for one seat at a time, each over 1/p of the games; seat-games are "
              "every seat compared (holder or not), and the worth is what the power adds to a player's win share.")
    print("| component | seat-games | won with | without | worth, points [95%] | Holm p |")
    print("|---|---|---|---|---|---|")
    for r in tab[tab["p"].notna()].itertuples():
        kind = " (restricted)" if r.restricted else ""
        print(f"| {r.component}{kind} | {r.seat_games:,} | {100 * r.won_with:.1f}% | {100 * r.won_without:.1f}% | "
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
