"""`agon tune | tournament | components | restrict | skill | design-report | compare` and the sequential options
(`--until-ci`, `--sprt`, `--max-games`, `--batch`) of every study command.

Kept apart from experiments/cli.py so the design studies add one import and two lines there.
Every command validates its whole input before writing anything (one-line error, exit 2).
"""
from __future__ import annotations

import argparse
from pathlib import Path

from sim.spec import AgonInputError
from experiments.args import GAMES, MAX_SCALE, MAX_SEED, SEED, add_backend, ascii_text, command_line, count, number, parse_set
from experiments.folder import out_folder


def is_composite(study) -> bool:
    """A TOML study that `agon run` hands to experiments/composite.py instead of the plain runner."""
    from experiments.composite import Composite
    return isinstance(study, Composite)


def add_sequential_options(p: argparse.ArgumentParser) -> None:
    g = p.add_argument_group("sequential sample size (default: play --games once)")
    g.add_argument("--until-ci", metavar="H", type=ascii_text, help="add batches until every reported 95%% interval has a half-width "
                                                   "of at most H (0.005 = half a point)")
    g.add_argument("--sprt", metavar="P0,P1", type=ascii_text, help="sequential probability ratio test of seat 0's win rate, "
                                                  "H0 p = P0 against H1 p = P1 (alpha = beta = 0.05)")
    g.add_argument("--max-games", type=GAMES, help="game cap of a sequential run (default 200,000, in --games units)")
    g.add_argument("--batch", type=GAMES, help="games added per look (default: --games)")


def rule_from_args(args):
    from experiments.sequential import make_rule
    return make_rule(getattr(args, "until_ci", None), getattr(args, "sprt", None), getattr(args, "max_games", None),
                     getattr(args, "batch", None), games=getattr(args, "games", 0) or 0)


def sequential_requested(args) -> bool:
    return any(getattr(args, k, None) is not None for k in ("until_ci", "sprt", "max_games", "batch"))


def run_sequential_single(args, study, out, command_line) -> int:
    """seats / sweep under a stopping rule (called by cmd_seats / cmd_sweep)."""
    from experiments.runner import Plan
    from experiments.sequential import run_single
    rule = rule_from_args(args)
    if not rule.sequential:
        raise AgonInputError("--max-games and --batch need --until-ci or --sprt")
    from experiments.runner import shared_pool
    plan = Plan(study, args.jobs)
    with shared_pool(args.backend, args.jobs, args.scheduler, args.workers):
        folder, summary, rec = run_single(study, out, rule, jobs=args.jobs, resume=args.resume, force=args.force,
                                          progress=not args.quiet, plan=plan)
    print(f"report: {folder / 'report.md'}")
    print(f"stopped by {rec.stopped_by} at {rec.looks[-1].games:,} games: {rec.decision or 'fixed size'}")
    return 0


def _common(p: argparse.ArgumentParser, games: int, games_help: str, strategies: str | None = "greedy",
            sequential: bool = True) -> None:
    p.add_argument("game", help="game name (see `agon games`)")
    p.add_argument("--players", type=count(1), help="number of players (default: the game's)")
    p.add_argument("--games", type=GAMES, default=games, help=games_help)
    if strategies is not None:
        p.add_argument("--strategies", default=strategies, type=ascii_text, help=f"strategy (default {strategies})")
    p.add_argument("--seed", type=SEED, default=1, help="run seed: the same seed gives the same games")
    p.add_argument("--jobs", type=count(1), default=1, help="worker processes (at most the cores)")
    p.add_argument("--set", action="append", metavar="NAME=VALUE", help="override a rule parameter")
    p.add_argument("--out", help="study folder (default runs/GAME-COMMAND)")
    p.add_argument("--resume", action="store_true", help="finish an interrupted study in --out")
    p.add_argument("--force", action="store_true", help="replace an existing study folder")
    p.add_argument("--quiet", action="store_true", help="no progress bars")
    add_backend(p)
    if sequential:
        add_sequential_options(p)


def add_study_commands(sub) -> None:
    t = sub.add_parser("tune", help="search constants that hit design targets (successive halving, common seeds)")
    _common(t, 1000, "games per candidate in the first round (survivors play twice as many each round)")
    t.add_argument("--param", action="append", required=True, metavar="NAME=LO:HI",
                   help="a constant to tune: LO:HI, LO:HI:STEP or a,b,c; repeat for several")
    t.add_argument("--target", action="append", required=True,
                   help="first_seat_fair | seats_fair | length=LO:HI | skill_gap=G; repeat for several")
    from experiments.args import add_adapt_options
    add_adapt_options(t)

    r = sub.add_parser("tournament", help="every strategy in every seat: win matrix, Bradley-Terry ratings, skill ladder")
    _common(r, 2000, "games in all, shared equally by the line-ups, each in every seat rotation", strategies=None)
    r.add_argument("--strategies", required=True, type=ascii_text, help="two or more strategies, comma separated (weights as NAME:w=a/b)")
    r.add_argument("--ladder", type=ascii_text, help="expected order weakest first, e.g. random,greedy,ismcts (default: those present)")

    c = sub.add_parser("components", help="win rate with vs without each component, BH-flagged too strong/weak")
    _common(c, 4000, "games, all seat rotations included")

    x = sub.add_parser("restrict", help="restricted play: the win rate of a player who may not use an option")
    _common(x, 4000, "games per --ban, all seat rotations included")
    x.add_argument("--ban", action="append", required=True, metavar="OPTION", type=ascii_text, help="option to ban; repeat for several")

    m = sub.add_parser("compare", help="two or more runs (or a rule variant of one) side by side, paired on shared "
                                       "seeds; a civ or side judged across the runs (above / below fair in every run)")
    m.add_argument("runs", nargs="+", help="run folders of one game and player count (the first is the reference), "
                                           "e.g. the same seats played by greedy, tuned and ismcts")
    m.add_argument("--set", action="append", metavar="NAME=VALUE",
                   help="with one run folder: replay it with this rule change on the same seeds, then compare")
    m.add_argument("--out", help="comparison folder (default runs/compare)")
    m.add_argument("--jobs", type=count(1), default=1, help="worker processes (a --set replay)")
    m.add_argument("--force", action="store_true", help="replace an existing comparison (and variant run)")
    m.add_argument("--quiet", action="store_true", help="no progress bars")

    k = sub.add_parser("skill", help="skill trace: a player against copies of itself at half its budget, along a "
                                     "ladder of budgets (win rate, 95%% CI, share of the outcome explained by skill); "
                                     "--games counts games per rung (default 40; ismcts plays 3-35 games/s per core)")
    _common(k, 40, "games per rung of the ladder, all seat rotations included", strategies=None, sequential=False)
    k.add_argument("--budgets", type=ascii_text, help="budgets B, comma separated, each played against copies at B/2 "
                                                     "(default: the game's ladder, listed by `agon games GAME`)")

    d = sub.add_parser("design-report", help="the standard battery (seats, key sweep, the sweep again by tuned, "
                                             "the value the seat verdict names played against the default "
                                             "at every player count, "
                                             "tournament, components, causal checks, the findings again at each "
                                             "skill level, whether each level is stronger than the one below, "
                                             "player checks) in one report")
    d.add_argument("game", nargs="+", help="one or more games")
    d.add_argument("--config", help="TOML file with per-game game counts (default experiments/configs/design.toml)")
    d.add_argument("--scale", type=number(0, MAX_SCALE, open_lo=True), default=1.0,
                   help="multiply every game count (e.g. 0.1 for a quick look)")
    d.add_argument("--seed", type=count(0, MAX_SEED - 3), default=1, help="run seed (the sweep, the tournament and "
                   "the levels' order check use the next three)")
    d.add_argument("--jobs", type=count(1), default=1, help="worker processes (at most the cores)")
    d.add_argument("--out", help="base folder (default runs/design); each game writes out/GAME")
    d.add_argument("--resume", action="store_true", help="finish interrupted studies in --out (done ones are kept)")
    d.add_argument("--force", action="store_true", help="replace existing study folders")
    d.add_argument("--quiet", action="store_true", help="no progress bars")
    add_backend(d)


def _set(args) -> dict:
    return parse_set(args.set)


def _cmd(argv) -> str:
    return command_line(argv)


def _jobs(args) -> int:
    if args.jobs < 1:
        raise AgonInputError(f"--jobs must be at least 1, got {args.jobs}")
    return args.jobs


def _done(res: dict, out: Path) -> int:
    print(f"report: {Path(out) / 'report.md'}")
    for f in res.get("findings", [])[:3]:
        print("- " + f.replace("**", ""))
    return 0


def cmd_tune(args, argv) -> int:
    from experiments import tune
    pairs = []
    for item in args.param:
        name, eq, rng = item.partition("=")
        if not eq or not name.strip():
            raise AgonInputError(f"--param expects NAME=LO:HI, got {item!r}")
        pairs.append((name.strip(), rng))
    if args.train_games is not None and not args.adapt:
        raise AgonInputError("--train-games goes with --adapt")
    from experiments.adapt import check_train_games
    t = tune.Tuning(game=args.game, params=pairs, targets=args.target, players=args.players, games=args.games,
                    seed=args.seed, strategies=args.strategies, fixed=_set(args), command=_cmd(argv),
                    adapt=check_train_games(args.train_games) if args.adapt else None, jobs=args.jobs,
                    progress=not args.quiet)
    out = out_folder(args.out, f"runs/{args.game}-tune")
    res = tune.run(t, out, _jobs(args), args.resume, args.force, rule_from_args(args), not args.quiet)
    return _done(res, out)


def cmd_tournament(args, argv) -> int:
    from experiments import tournament
    ladder = [s.strip() for s in args.ladder.split(",")] if args.ladder else None
    t = tournament.Tournament(game=args.game, strategies=args.strategies, players=args.players, games=args.games,
                              seed=args.seed, params=_set(args), ladder=ladder, command=_cmd(argv))
    out = out_folder(args.out, f"runs/{args.game}-tournament")
    res = tournament.run(t, out, _jobs(args), args.resume, args.force, rule_from_args(args), not args.quiet)
    return _done(res, out)


def cmd_components(args, argv) -> int:
    from experiments import components
    cs = components.ComponentStudy(game=args.game, players=args.players, games=args.games, seed=args.seed,
                                   strategies=args.strategies, params=_set(args), command=_cmd(argv))
    out = out_folder(args.out, f"runs/{args.game}-components")
    res = components.run(cs, out, _jobs(args), args.resume, args.force, rule_from_args(args), not args.quiet)
    return _done(res, out)


def cmd_restrict(args, argv) -> int:
    from experiments import restrict
    r = restrict.Restriction(game=args.game, bans=args.ban, players=args.players, games=args.games, seed=args.seed,
                             strategy=args.strategies, params=_set(args), command=_cmd(argv))
    out = out_folder(args.out, f"runs/{args.game}-restrict")
    res = restrict.run(r, out, _jobs(args), args.resume, args.force, rule_from_args(args), not args.quiet)
    return _done(res, out)


def cmd_skill(args, argv) -> int:
    from experiments import skill
    t = skill.SkillTrace(game=args.game, players=args.players, games=args.games, budgets=args.budgets,
                         seed=args.seed, params=_set(args), command=_cmd(argv))
    out = out_folder(args.out, f"runs/{args.game}-skill")
    res = skill.run(t, out, _jobs(args), args.resume, args.force, not args.quiet)
    _done(res, out)
    print("what this sample cannot conclude:")
    for c in res.get("cannot", [])[:2]:
        print("- " + c)
    return 0


def cmd_design_report(args, argv) -> int:
    from experiments import design
    out = out_folder(args.out, "runs/design")
    index = design.run_many(args.game, out, jobs=_jobs(args), seed=args.seed, scale=args.scale, config=args.config,
                            resume=args.resume, force=args.force, progress=not args.quiet, command=_cmd(argv))
    print(f"index: {index}")
    return 0


def cmd_compare(args, argv) -> int:
    from experiments import compare
    _jobs(args)
    out = out_folder(args.out, "runs/compare")
    res = compare.run(args.runs, out, _set(args) or None, args.jobs, args.force, not args.quiet, _cmd(argv))
    print(f"report: {out / 'report.md'}")
    for v in res.get("verdicts", [])[:4]:
        print("- " + v.replace("**", ""))
    return 0


def _on_backend(cmd):
    """Run a study command with its runs on --backend: a Dask cluster or client is reached (or
    started) once for all of the study's runs; bad options fail before anything is written."""
    def run(args, argv) -> int:
        from experiments.runner import shared_pool
        _jobs(args)
        with shared_pool(args.backend, args.jobs, args.scheduler, args.workers):
            return cmd(args, argv)
    run.__doc__ = cmd.__doc__
    return run


STUDY_COMMANDS = {name: _on_backend(cmd) for name, cmd in (
    ("tune", cmd_tune), ("tournament", cmd_tournament), ("components", cmd_components),
    ("restrict", cmd_restrict), ("skill", cmd_skill), ("design-report", cmd_design_report))}
STUDY_COMMANDS["compare"] = cmd_compare
