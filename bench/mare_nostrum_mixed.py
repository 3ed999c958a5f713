"""Mare Nostrum's players in mixed 6-player line-ups (the design report's tournament mixes random,
greedy and ismcts): every strategy's win share per seat-game, with Wilson 95% intervals, seats
rotated, in one process.

    nice python bench/mare_nostrum_mixed.py --lineup ismcts,greedy*5 --per-rotation 200
    nice python bench/mare_nostrum_mixed.py --lineup ismcts,random*2,greedy*3 --lineup tuned,random*2,greedy*3
    nice python bench/mare_nostrum_mixed.py --lineup random*2,greedy*2,ismcts*2 --seed 5000
    nice python bench/mare_nostrum_mixed.py --lineup ismcts,greedy*5 --coef /tmp/mn_value.json

A line-up names the 6 seats (`name*k` repeats; any strategy `experiments/lineup.py` parses:
random, greedy, tuned, ismcts, ...; `ismcts:search_iterations=16` overrides by name). Rotation r
(0..5) seats line-up entry (s + r) mod 6 at seat s and plays games 0..N-1 of run seed + r, so
every entry sits at every seat on the same seeds. Each line prints one strategy's share of its
seat-games [Wilson 95% CI] and, for the first entry (the hero), its per-game lead over each other
strategy: its win share minus that strategy's mean share per seat in the same games, with a
normal 95% interval over the games. --coef reads a fitted value (bench/mare_nostrum_value_fit.py
--out) for the ismcts seats instead of the shipped VALUE_COEF.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

N_PLAYERS = 6


def expand(text):
    """'ismcts,greedy*5' -> ['ismcts', 'greedy', 'greedy', 'greedy', 'greedy', 'greedy']."""
    out = []
    for tok in [t.strip() for t in text.split(",") if t.strip()]:
        name, star, k = tok.rpartition("*")
        if star and k.isdigit():
            out += [name] * int(k)
        else:
            out.append(tok)
    if len(out) != N_PLAYERS:
        raise SystemExit(f"line-up {text!r} names {len(out)} seats, not {N_PLAYERS}")
    return out


def play_lineup(names, per_rotation, seed, coef=None):
    """{"win", "rank", "score"}[r, g, s]: line-up entry s's win share, rank (1 = best: the winner,
    then the others by 100 x heroes/wonders + provinces, rules/scoring.py) and score in game g of
    rotation r; CPU seconds."""
    from sim import get_game
    from experiments.lineup import arrays, parse_lineup
    spec = get_game("mare-nostrum")
    P = spec.params.defaults()
    out = {k: np.zeros((N_PLAYERS, per_rotation, N_PLAYERS)) for k in ("win", "rank", "score")}
    cpu = 0.0
    for r in range(N_PLAYERS):
        seated = [names[(s + r) % N_PLAYERS] for s in range(N_PLAYERS)]
        kinds, weights = arrays(spec, parse_lineup(spec, seated, N_PLAYERS))
        t = time.process_time()
        if coef is None:
            res = spec.play_batch(seed + r, 0, per_rotation, N_PLAYERS, P, kinds, weights)
            res = {k: np.asarray(res[k], np.float64) for k in out}
        else:
            from bench.mare_nostrum_value_fit import play, readonly
            from sim.mare_nostrum import engine as E
            from strategies import mare_nostrum as M
            res = {k: np.zeros((per_rotation, N_PLAYERS)) for k in out}
            rank = np.zeros((per_rotation, N_PLAYERS), np.int64)
            play(np.uint64(seed + r), per_rotation, E.make_ctx(N_PLAYERS, P), N_PLAYERS, kinds, weights,
                 coef, readonly(M.SEARCHED_STEPS), res["win"], res["score"], rank)
            res["rank"] = rank.astype(np.float64)
        cpu += time.process_time() - t
        for s in range(N_PLAYERS):                         # seat s played entry (s + r) mod 6
            for k in out:
                out[k][r, :, (s + r) % N_PLAYERS] = res[k][:, s]
    return out, cpu


def report(names, res, cpu):
    """Win shares per strategy; the first entry's per-game lead over each other strategy; the
    design report's pairwise measure (who finished ahead by rank, ties half) and, for the games a
    seat lost, its heroes/wonders and provinces (what ranks the losers)."""
    from statsmodels.stats.proportion import proportion_confint
    rot, per, _ = res["win"].shape
    games = rot * per
    win, rank, score = (res[k].reshape(games, N_PLAYERS) for k in ("win", "rank", "score"))
    labels = list(dict.fromkeys(names))
    cols = {lab: [i for i, n in enumerate(names) if n == lab] for lab in labels}
    print(f"line-up {','.join(names)}: {games} games ({per} per rotation), {cpu:.0f} CPU s, "
          f"{games / max(cpu, 1e-9):.1f} games/CPU-s")
    print("| strategy | seats | seat-games | win share [95% CI] | lost: heroes/wonders | lost: provinces |")
    print("|---|---|---|---|---|---|")
    for lab in labels:
        x = win[:, cols[lab]]
        lo, hi = proportion_confint(x.sum(), x.size, method="wilson")
        lost = x < 0.5
        sc = score[:, cols[lab]][lost]
        print(f"| {lab} | {len(cols[lab])} | {x.size} | {x.mean():.3f} [{lo:.3f}, {hi:.3f}] | "
              f"{np.mean(sc // 100):.2f} | {np.mean(sc % 100):.2f} |")
    hero = names[0]
    print(f"| {hero} against | win share lead per seat [95% CI] | finished ahead (rank) [95% CI] | "
          "ahead when both lost [95% CI] |\n|---|---|---|---|")
    for lab in labels:
        if lab == hero:
            continue
        d = win[:, cols[hero]].mean(1) - win[:, cols[lab]].mean(1)
        h = 1.96 * d.std(ddof=1) / np.sqrt(len(d))
        ahead, both = [], []
        for s in cols[hero]:
            for t in cols[lab]:
                y = np.where(rank[:, s] < rank[:, t], 1.0, np.where(rank[:, s] == rank[:, t], 0.5, 0.0))
                ahead.append(y)
                both.append(y[(win[:, s] < 0.5) & (win[:, t] < 0.5)])
        ahead, both = np.concatenate(ahead), np.concatenate(both)
        a_lo, a_hi = proportion_confint(ahead.sum(), len(ahead), method="wilson")
        b_lo, b_hi = proportion_confint(both.sum(), max(len(both), 1), method="wilson")
        print(f"| {lab} | {d.mean():+.3f} [{d.mean() - h:+.3f}, {d.mean() + h:+.3f}] | "
              f"{ahead.mean():.3f} [{a_lo:.3f}, {a_hi:.3f}] ({len(ahead)}) | "
              f"{both.mean():.3f} [{b_lo:.3f}, {b_hi:.3f}] ({len(both)}) |")


def tournament_ladder(folder):
    """The design report's skill ladder of a tournament folder (`agon tournament`, e.g. make
    report's mare-nostrum/tournament), refitted twice from its line-ups' results: by rank, as the
    report did before Mare Nostrum declared `rank_by_win` (the losers ordered by heroes/wonders,
    then provinces), and by the win alone, as it does now (the winner ahead of every other seat,
    the losers tied)."""
    import pandas as pd
    from reports import tournament as rep
    from reports.data import iter_chunks
    meta = json.loads((Path(folder) / "run.json").read_text())
    names, p = meta["strategies"], int(meta["players"])
    folders = rep.lineup_folders(Path(folder))
    cols = ["game"] + [f"{c}_{k}" for c in ("strategy", "rank", "win") for k in range(p)]
    for title, by_win in (("by rank (the engine orders the losers)", False), ("by the win alone (rank_by_win)", True)):
        pc, parts = rep.PairCounts(names, p), []
        for f in folders:
            for df in iter_chunks(f, cols):
                labels = [str(df[f"strategy_{k}"].iloc[0]) for k in range(p)]
                win = df[[f"win_{k}" for k in range(p)]].to_numpy(float)
                rank = rep.ranks(df, p, by_win)
                pc.add(labels, rank, win)
                idx = [names.index(x) for x in labels]
                for s in range(p):
                    for t in range(s + 1, p):
                        y = np.where(rank[:, s] < rank[:, t], 1.0, np.where(rank[:, s] == rank[:, t], 0.5, 0.0))
                        parts.append(pd.DataFrame({"cluster": df["game"].to_numpy(np.int64), "a": idx[s],
                                                   "b": idx[t], "s": s, "t": t, "y": y}))
        fit = rep.fit_bradley_terry(pc, rows=pd.concat(parts, ignore_index=True))
        lad = rep.ladder_check(pc, fit, meta.get("ladder") or rep.default_ladder(names))["steps"]
        print(f"{folder}: {pc.games} games, ladder {title}:")
        for r in lad.itertuples():
            print(f"  {r.higher} - {r.lower} = {r.gap_elo:+.0f} [{r.low:+.0f}, {r.high:+.0f}] Elo")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lineup", action="append", default=[], help="6 seats, e.g. ismcts,greedy*5 (repeatable)")
    ap.add_argument("--per-rotation", type=int, default=100, help="games per rotation (6 rotations)")
    ap.add_argument("--seed", type=int, default=30000, help="run seed of rotation 0 (rotation r plays seed + r)")
    ap.add_argument("--coef", default="", help="fitted value (JSON from mare_nostrum_value_fit.py --out)")
    ap.add_argument("--tournament", default="", help="refit a tournament folder's ladder by rank and by win")
    a = ap.parse_args(argv)
    if a.tournament:
        tournament_ladder(a.tournament)
        return 0
    coef = None
    if a.coef:
        from bench.mare_nostrum_value_fit import readonly
        coef = readonly(np.array(json.loads(Path(a.coef).read_text())["coef"], np.float64))
    for text in a.lineup or ["ismcts,greedy*5"]:
        names = expand(text)
        res, cpu = play_lineup(names, a.per_rotation, a.seed, coef)
        report(names, res, cpu)
        print(flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
