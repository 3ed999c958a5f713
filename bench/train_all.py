"""Train the shipped tuned weights: every game at its smallest, default and largest player count
(default rules), into strategies/weights/. Resumable: a (game, players) whose file exists is
skipped (--force retrains it). Prints one row per file with the win rate against the default
weights (95% interval), the games played, wall and CPU seconds, and the command; the same table
goes to bench/train_all.md for the README.

    nice python bench/train_all.py --jobs 2                    # every game
    nice python bench/train_all.py --games catan,troja --jobs 2
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def counts(spec) -> list[int]:
    return sorted({min(spec.player_counts), spec.default_players, max(spec.player_counts)})


def main(argv=None) -> int:
    from sim import game_names, get_game
    from experiments import weights as wmod
    from experiments.train import DEFAULT_BUDGET, DEFAULT_EVAL_GAMES, Training, summary_line, train
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", default=",".join(game_names()), help="games, comma separated (default: all)")
    ap.add_argument("--players", help="player counts, comma separated (default: smallest, default and largest)")
    ap.add_argument("--budget", type=int, help=f"training games (default: the game's train_budget, else {DEFAULT_BUDGET:,})")
    ap.add_argument("--eval-games", type=int, default=DEFAULT_EVAL_GAMES)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--force", action="store_true", help="retrain files that exist")
    ap.add_argument("--table", default=str(ROOT / "bench" / "train_all.md"), help="Markdown table to (re)write")
    args = ap.parse_args(argv)
    t_all, rows = time.perf_counter(), []
    for game in [g.strip() for g in args.games.split(",") if g.strip()]:
        spec = get_game(game)
        players = [int(x) for x in args.players.split(",")] if args.players else counts(spec)
        for p in players:
            if p not in spec.player_counts:
                continue
            path = wmod.WEIGHTS_DIR / wmod.file_name(spec, p)
            if path.exists() and not args.force:
                print(f"{game} {p}p: {path.name} exists, skipped (--force retrains)", file=sys.stderr)
            else:
                budget = args.budget or int((spec.extra or {}).get("train_budget", DEFAULT_BUDGET))
                cmd = (f"agon train {game} --players {p} --budget {budget} --eval-games {args.eval_games} "
                       f"--seed {args.seed} --jobs {args.jobs}")
                t = Training(game=game, players=p, budget=budget, eval_games=args.eval_games, seed=args.seed,
                             command=cmd)
                path, doc = train(t, path, jobs=args.jobs, force=True, progress=True)
                print(summary_line(path, doc), flush=True)
            rows.append(wmod.read(path))
    wall = time.perf_counter() - t_all
    lines = ["| game | players | tuned vs default greedy [95% CI] | fair | above fair | evaluation games | "
             "training games | wall s | CPU s | command |", "|---|---|---|---|---|---|---|---|---|---|"]
    for d in rows:
        ev, tr = d["evaluation"], d["training"]
        lines.append(f"| {d['game']} | {d['players']} | {100 * ev['win_rate']:.1f}% [{100 * ev['ci_low']:.1f}, "
                     f"{100 * ev['ci_high']:.1f}] | {100 * ev['fair']:.1f}% | {'yes' if ev['above_fair'] else 'no'} | "
                     f"{ev['games']:,} | {tr['games_played']:,} | {tr['wall_seconds']:.0f} | {tr['cpu_seconds']:.0f} | "
                     f"`{d['command']}` |")
    table = "\n".join(lines)
    print(table)
    print(f"\ntotal wall time this call: {wall:.0f} s (files skipped cost nothing)")
    if args.table:
        old = Path(args.table).read_text() if Path(args.table).exists() else ""
        keep = [ln for ln in old.splitlines()[2:] if ln.startswith("| ")
                and not any(ln.startswith(f"| {d['game']} | {d['players']} |") for d in rows)]
        Path(args.table).write_text("\n".join(lines[:2] + sorted(keep + lines[2:])) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
