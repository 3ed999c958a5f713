"""`agon train` and `agon check-players`: the commands about the players themselves.

Kept apart from experiments/cli.py (which adds one import and two lines for them). Every
command validates its whole input before writing anything (one-line error, exit 2).
"""
from __future__ import annotations

import sys
from pathlib import Path

from sim.spec import AgonInputError


MAX_TRAIN_GAMES = 10**9   # training, evaluation and confirming games (int64 seeds, arrays per candidate)
MAX_POPSIZE = 10_000
MAX_TRACED = 100_000      # traced games are held in memory


def add_player_commands(sub) -> None:
    from experiments.args import SEED, ascii_text, count
    t = sub.add_parser("train", help="tune a greedy/persona weight vector by self-play (CMA-ES) into strategies/weights/, then put it through check-players")
    t.add_argument("game", help="game name (see `agon games`)")
    t.add_argument("--players", type=count(1), help="number of players (default: the game's)")
    t.add_argument("--strategy", default="greedy", type=ascii_text, help="base strategy whose weights are tuned: greedy or a persona")
    t.add_argument("--set", action="append", metavar="NAME=VALUE", help="train under a rule override")
    from experiments.train import DEFAULT_BUDGET, DEFAULT_EVAL_GAMES
    t.add_argument("--budget", type=count(100, MAX_TRAIN_GAMES), help=f"training games in all (default {DEFAULT_BUDGET:,}, or the game's "
                   "smaller train_budget when its players are slow)")
    t.add_argument("--eval-games", type=count(1, MAX_TRAIN_GAMES), default=DEFAULT_EVAL_GAMES,
                   help=f"games of the final evaluation against the default weights, fresh seeds (default {DEFAULT_EVAL_GAMES:,})")
    t.add_argument("--popsize", type=count(2, MAX_POPSIZE), help="CMA-ES population (default 4 + 3 ln(number of weights))")
    t.add_argument("--games-per-candidate", type=count(1, MAX_TRAIN_GAMES), help="games per candidate and generation (default: from the budget)")
    t.add_argument("--seed", type=SEED, default=1, help="training seed (the evaluation plays fresh seeds from it)")
    t.add_argument("--jobs", type=count(1), default=1, help="worker processes")
    t.add_argument("--out", help="weights file (default strategies/weights/GAME-Np[-HASH].toml)")
    t.add_argument("--force", action="store_true", help="replace an existing weights file")
    t.add_argument("--quiet", action="store_true", help="no progress bar")
    t.add_argument("--reevaluate", action="store_true",
                   help="no training: play the existing weights file (--out or the default) again against the default "
                        "weights (--eval-games, --seed as in training) with the game's tuned settings applied, and "
                        "rewrite its evaluation")

    c = sub.add_parser("check-players", help="degeneracy battery: is this player fit to be used as evidence?")
    c.add_argument("game", help="game name (see `agon games`)")
    c.add_argument("--players", type=count(1), help="number of players (default: the game's)")
    c.add_argument("--strategies", default="greedy", type=ascii_text, help="strategies to check, comma separated (each in every seat)")
    c.add_argument("--games", type=count(1, MAX_TRACED), default=200, help="traced games per strategy (and of random play)")
    c.add_argument("--option-games", type=count(0, MAX_TRACED), default=30, help="seeds per rule option flip")
    c.add_argument("--confirm-games", type=count(1, MAX_TRAIN_GAMES), default=500,
                   help="seeds (each played in every seat rotation) of the restricted play that confirms "
                        "whether a family the player never uses is worth using")
    c.add_argument("--options", help="rule options to flip, comma separated (default: every rule option of the game; measuring switches, power_<name>, only when named)")
    c.add_argument("--set", action="append", metavar="NAME=VALUE", help="override a rule parameter")
    c.add_argument("--seed", type=SEED, default=1, help="run seed of the traced games and option flips")
    c.add_argument("--jobs", type=count(1), default=1, help="worker processes")
    c.add_argument("--out", help="folder for report.md and checks.json (default runs/GAME-check-players)")
    c.add_argument("--force", action="store_true", help="replace an existing folder")
    c.add_argument("--quiet", action="store_true", help="no progress output")


def cmd_train(args, argv) -> int:
    from experiments.args import command_line as _command_line, parse_set as _parse_set
    from experiments.train import Training, summary_line, train
    if args.out is not None and not args.out.strip():
        raise AgonInputError("--out must name a weights file, got an empty path")
    t = Training(game=args.game, players=args.players, overrides=_parse_set(args.set), base=args.strategy,
                 budget=args.budget, eval_games=args.eval_games, seed=args.seed, popsize=args.popsize,
                 games_per_candidate=args.games_per_candidate, command=_command_line(argv))
    t.validate()
    if args.reevaluate:
        from experiments.train import reevaluate
        from experiments.weights_check import summary as check_summary
        path, doc = reevaluate(t, Path(args.out) if args.out else None, jobs=args.jobs, progress=not args.quiet)
        ev, was = doc["evaluation"], doc["reevaluated"]
        print(f"{doc['game']} {doc['players']}p tuned {doc['strategy']} re-evaluated with {was['set'] or 'nothing changed'}: "
              f"{100 * ev['win_rate']:.1f}% [{100 * ev['ci_low']:.1f}, {100 * ev['ci_high']:.1f}] against default weights "
              f"in {ev['games']:,} games (fair {100 * ev['fair']:.1f}%; "
              f"{'was %.1f%%' % (100 * was['previous_win_rate']) if was['previous_win_rate'] is not None else 'no earlier evaluation'}); "
              f"{check_summary(doc.get('player_check'))}; weights: {path}")
        return 0
    from experiments.train import weights_out
    weights_out(t, Path(args.out) if args.out else None, args.force)    # refused before the banner
    if not args.quiet:
        print(f"training {t.spec.name} {t.players}p {t.base}: {len(t.names)} weights, population {t.lam}, "
              f"{t.generations} generations x {t.seeds_per_gen * t.players} games per candidate, then "
              f"{t.eval_seeds * t.players:,} evaluation games", file=sys.stderr)
    path, doc = train(t, Path(args.out) if args.out else None, jobs=args.jobs, force=args.force,
                      progress=not args.quiet)
    print(summary_line(path, doc))
    return 0


def cmd_check_players(args, argv) -> int:
    from experiments.args import command_line as _command_line, parse_set as _parse_set
    from experiments import check_players as cp
    options = [o.strip() for o in args.options.split(",") if o.strip()] if args.options else None
    check = cp.Check(game=args.game, players=args.players,
                     strategies=[s.strip() for s in args.strategies.split(",") if s.strip()],
                     games=args.games, option_games=args.option_games, confirm_games=args.confirm_games, options=options,
                     overrides=_parse_set(args.set), seed=args.seed, command=_command_line(argv))
    from experiments.folder import out_folder
    out = out_folder(args.out, f"runs/{args.game}-check-players")
    res = cp.run(check, out, jobs=args.jobs, force=args.force, progress=not args.quiet)
    print(f"report: {out / 'report.md'}")
    for line in res["summary"]:
        print("- " + line.replace("**", "").replace("`", ""))
    return 0


PLAYER_COMMANDS = {"train": cmd_train, "check-players": cmd_check_players}
