"""`agon`: the command line of the balance lab.

A thin layer: it parses and validates input (every mistake is one line naming
the valid choices, exit code 2, nothing written), runs a study with the runner
and hands the run folder to the reports.
"""
from __future__ import annotations

import argparse
import json
import shlex
import sys
from pathlib import Path

from sim import game_names, get_game
from sim.spec import AgonInputError
from experiments.cli_studies import STUDY_COMMANDS, is_composite, run_sequential_single, sequential_requested

EXIT_BAD_INPUT = 2


class _Parser(argparse.ArgumentParser):
    """argparse with one-line errors (exit 2) instead of usage dumps."""

    def error(self, message):
        raise AgonInputError(f"{self.prog}: {message}")


def _parse_set(items: list[str] | None) -> dict:
    out = {}
    for item in items or []:
        name, eq, value = item.partition("=")
        if not eq or not name.strip():
            raise AgonInputError(f"--set expects NAME=VALUE, got {item!r}")
        out[name.strip()] = value.strip()
    return out


def parse_range(text: str) -> list:
    """'2:8:1' -> [2,...,8] (inclusive); 'a,b,c' -> list; a single value -> [value]."""
    text = text.strip()
    if ":" in text:
        parts = text.split(":")
        if len(parts) not in (2, 3):
            raise AgonInputError(f"bad range {text!r}; write LO:HI:STEP or a,b,c")
        try:
            lo, hi = float(parts[0]), float(parts[1])
            step = float(parts[2]) if len(parts) == 3 else 1.0
        except ValueError:
            raise AgonInputError(f"bad range {text!r}; LO, HI and STEP must be numbers")
        if step <= 0 or hi < lo:
            raise AgonInputError(f"bad range {text!r}; need LO <= HI and STEP > 0")
        count = int(round((hi - lo) / step + 1e-9)) + 1
        if count > 200:
            raise AgonInputError(f"range {text!r} has {count} values; at most 200")
        vals = [round(lo + i * step, 10) for i in range(count)]
        return [int(v) if float(v).is_integer() else v for v in vals]
    return [v.strip() for v in text.split(",") if v.strip()]


def _parse_sweep(items: list[str]) -> list[list]:
    out = []
    for item in items or []:
        name, eq, rng = item.partition("=")
        if not eq:
            raise AgonInputError(f"--param expects NAME=LO:HI:STEP or NAME=a,b,c, got {item!r}")
        out.append([name.strip(), parse_range(rng)])
    return out


def _add_common(p: argparse.ArgumentParser, games_default: int) -> None:
    p.add_argument("game", help="game name (see `agon games`)")
    p.add_argument("--players", type=int, help="number of players (default: the game's)")
    p.add_argument("--games", type=int, default=games_default, help="games (all seat rotations included; per arm for a sweep)")
    p.add_argument("--strategies", default="random",
                   help="one strategy for every seat, or one per seat separated by commas; weights as NAME:w=a/b/c")
    p.add_argument("--seed", type=int, default=1, help="run seed: the same seed gives the same games")
    p.add_argument("--jobs", type=int, default=1, help="worker processes")
    p.add_argument("--chunk", type=int, default=None, help="games per chunk (results do not depend on it)")
    _add_backend(p)
    p.add_argument("--set", action="append", metavar="NAME=VALUE", help="override a rule parameter")
    p.add_argument("--out", help="run folder (default runs/GAME-KIND)")
    p.add_argument("--resume", action="store_true", help="finish an interrupted run in --out")
    p.add_argument("--force", action="store_true", help="replace an existing run folder")
    p.add_argument("--check", action="store_true", help="check the engine's invariants after every action")
    p.add_argument("--quiet", action="store_true", help="no progress bar")


def _add_backend(p: argparse.ArgumentParser) -> None:
    """Where the chunks run; results are identical on every backend."""
    from experiments.runner import BACKENDS
    p.add_argument("--backend", default="loky", choices=BACKENDS,
                   help="loky (default: local processes), dask (a running cluster, with --scheduler), "
                        "dask-local (a local dask.distributed cluster, with --workers)")
    p.add_argument("--scheduler", metavar="tcp://HOST:8786", help="Dask scheduler address (--backend dask)")
    p.add_argument("--workers", type=int, help="worker processes of --backend dask-local (default: --jobs)")


def add_adapt_options(p: argparse.ArgumentParser) -> None:
    """--adapt / --train-games of sweep and tune (experiments/adapt.py)."""
    from experiments.adapt import DEFAULT_TRAIN_GAMES
    p.add_argument("--adapt", action="store_true",
                   help="retrain the tuned players (--strategies tuned) for every arm's rules (cached)")
    p.add_argument("--train-games", type=int, metavar="N",
                   help=f"training games per arm with --adapt (default {DEFAULT_TRAIN_GAMES:,})")


def adapt_study(study, args, out: Path) -> None:
    """Under --adapt: validate, check the folder, train every arm's weights (cached), point the study at them."""
    if not getattr(args, "adapt", False):
        if getattr(args, "train_games", None) is not None:
            raise AgonInputError("--train-games goes with --adapt")
        return
    from experiments import adapt
    from experiments.runner import Plan, check_backend, prepare_folder
    check_backend(args.backend, args.scheduler, args.workers)
    spec = get_game(study.game)
    bases = adapt.require_tuned(spec, study.strategies)
    n = adapt.check_train_games(args.train_games)
    plan = Plan(study, args.jobs)                       # bad input fails before any training
    if not args.resume:
        prepare_folder(out, False, args.force, plan)    # so does an existing folder without --force
    folder = None
    for overrides in adapt.arms_overrides(plan):
        folder = adapt.ensure(spec, plan.players, overrides, bases, n, study.seed, args.jobs, not args.quiet)
    study.weights_folder = str(folder)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="agon", description="Agon: a Monte Carlo balance lab for board games.")
    sub = parser.add_subparsers(dest="cmd", metavar="COMMAND", parser_class=_Parser)

    g = sub.add_parser("games", help="list games, player counts, parameters and strategies")
    g.add_argument("game", nargs="?", help="show one game in detail")

    p = sub.add_parser("play", help="play one game and print it")
    p.add_argument("game")
    p.add_argument("--players", type=int)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--index", type=int, default=0, help="game index within the seed's run")
    p.add_argument("--strategies", default="random")
    p.add_argument("--trace", action="store_true", help="print every action in words")
    p.add_argument("--set", action="append", metavar="NAME=VALUE")

    s = sub.add_parser("seats", help="seat (first-player) advantage study")
    _add_common(s, 10000)

    w = sub.add_parser("sweep", help="sweep one constant (or two, as a grid) on common random numbers")
    _add_common(w, 2000)
    w.add_argument("--param", action="append", required=True, metavar="NAME=LO:HI:STEP",
                   help="parameter range, inclusive; or NAME=a,b,c; twice for a grid")
    w.set_defaults(games_per_arm=True)
    add_adapt_options(w)
    from experiments.cli_studies import add_sequential_options, add_study_commands
    add_sequential_options(s)
    add_sequential_options(w)
    add_study_commands(sub)
    from experiments.cli_players import add_player_commands
    add_player_commands(sub)

    r = sub.add_parser("report", help="re-render a run folder's report from its stored results")
    r.add_argument("run_dir")

    b = sub.add_parser("bench", help="measure games/s per core")
    b.add_argument("game")
    b.add_argument("--strategy", default="random")
    b.add_argument("--players", type=int)
    b.add_argument("--seconds", type=float, default=10.0)
    b.add_argument("--jobs", type=int, default=1)
    b.add_argument("--batch", type=int, default=0, help="games per call (default: adaptive)")
    b.add_argument("--set", action="append", metavar="NAME=VALUE")
    b.add_argument("--json", action="store_true", help="print one JSON object")

    c = sub.add_parser("run", help="run the studies of a TOML file")
    c.add_argument("config")
    c.add_argument("--jobs", type=int)
    c.add_argument("--out", help="base folder for the studies' run folders")
    c.add_argument("--resume", action="store_true")
    c.add_argument("--force", action="store_true")
    c.add_argument("--quiet", action="store_true")
    _add_backend(c)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        if not args.cmd:
            parser.print_help()
            return 0
        return COMMANDS[args.cmd](args, argv)
    except AgonInputError as e:
        print(f"agon: error: {e}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        return 130
    except RuntimeError as e:
        from experiments.runner import AgonRunError
        if not isinstance(e, AgonRunError):
            raise
        print(f"agon: error: {e}", file=sys.stderr)
        return 1
    except OSError as e:  # unwritable folder, disk full: a clear line, not a traceback
        where = f" {e.filename}" if getattr(e, "filename", None) else ""
        print(f"agon: error: cannot write{where}: {e.strerror or e}", file=sys.stderr)
        return EXIT_BAD_INPUT


def _command_line(argv) -> str:
    return "agon " + " ".join(shlex.quote(a) for a in argv)


def cmd_games(args, argv) -> int:
    from experiments.describe import describe_game, games_table
    if args.game:
        print(describe_game(get_game(args.game)))
    else:
        print(games_table([get_game(n) for n in game_names()]))
    return 0


def cmd_play(args, argv) -> int:
    from experiments.lineup import arrays, parse_lineup
    spec = get_game(args.game)
    players = spec.check_players(args.players or spec.default_players)
    vec = spec.params.vector(_parse_set(args.set))
    overrides = _parse_set(args.set)
    seats = parse_lineup(spec, args.strategies, players, overrides)
    kinds, weights = arrays(spec, seats)
    if args.seed < 0 or args.index < 0:
        raise AgonInputError("--seed and --index must be >= 0")
    lines, res = spec.play_traced(args.seed, args.index, players, vec, kinds, weights)
    if args.trace:
        for line in lines:
            print(line)
        print()
    print(f"{spec.title}, {players} players, seed {args.seed}, game {args.index}: "
          f"{int(res['turns'][0])} turns")
    print(_result_table(spec, res, seats))
    from experiments.lineup import sources
    for label, note in sources(seats).items():   # tuned seats: which weights file played
        print(f"{label}: {note}")
    return 0


def _result_table(spec, res, seats) -> str:
    extra = [m for m in spec.seat_metrics if m in res][:8]
    head = ["seat", "strategy", "score", "rank", "win"] + extra
    rows = []
    for s, seat in enumerate(seats):
        row = [str(s), seat.name, f"{float(res['score'][0, s]):g}", str(int(res["rank"][0, s])),
               f"{float(res['win'][0, s]):g}"]
        row += [f"{float(res[m][0, s]):g}" for m in extra]
        rows.append(row)
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(head)]
    fmt = lambda r: "  ".join(c.rjust(w) for c, w in zip(r, widths))
    return "\n".join([fmt(head)] + [fmt(r) for r in rows])


def _study_from_args(args, argv, kind):
    from experiments.runner import Study
    return Study(kind=kind, game=args.game, players=args.players, games=args.games, seed=args.seed,
                 strategies=args.strategies, params=_parse_set(args.set),
                 sweep=_parse_sweep(getattr(args, "param", None)) if kind == "sweep" else [],
                 chunk_size=args.chunk, check=args.check, command=_command_line(argv))


def _run_and_report(study, out, jobs, resume, force, backend, quiet, scheduler=None, workers=None) -> Path:
    from experiments.runner import Plan, check_backend, run_study
    check_backend(backend, scheduler, workers)
    plan = Plan(study, jobs)  # validates before anything is written
    folder = run_study(study, out, jobs=jobs, resume=resume, force=force, backend=backend,
                       progress=not quiet, plan=plan, scheduler=scheduler, workers=workers)
    _render(folder)
    return folder


def _render(folder: Path) -> None:
    from reports import build_report
    summary = build_report(folder)
    print(f"report: {folder / 'report.md'}")
    if isinstance(summary, dict) and summary.get("headline"):
        print(summary["headline"])


def cmd_seats(args, argv) -> int:
    study = _study_from_args(args, argv, "seats")
    out = Path(args.out or f"runs/{study.game}-seats")
    if sequential_requested(args):
        return run_sequential_single(args, study, out, argv)
    _run_and_report(study, out, args.jobs, args.resume, args.force, args.backend, args.quiet,
                    args.scheduler, args.workers)
    return 0


def cmd_sweep(args, argv) -> int:
    study = _study_from_args(args, argv, "sweep")
    out = Path(args.out or f"runs/{study.game}-sweep")
    adapt_study(study, args, out)
    if sequential_requested(args):
        return run_sequential_single(args, study, out, argv)
    _run_and_report(study, out, args.jobs, args.resume, args.force, args.backend, args.quiet,
                    args.scheduler, args.workers)
    return 0


def cmd_report(args, argv) -> int:
    folder = Path(args.run_dir)
    if not (folder / "run.json").exists():
        raise AgonInputError(f"{folder} is not a run folder (no run.json)")
    try:
        json.loads((folder / "run.json").read_text())
    except ValueError:
        raise AgonInputError(f"{folder}/run.json is not valid JSON")
    if not list((folder / "results").glob("chunk-*.parquet")):
        raise AgonInputError(f"{folder} has no results to report")
    _render(folder)
    return 0


def cmd_bench(args, argv) -> int:
    from experiments.bench import bench
    spec = get_game(args.game)
    if args.seconds <= 0:
        raise AgonInputError("--seconds must be positive")
    if args.jobs < 1:
        raise AgonInputError("--jobs must be at least 1")
    res = bench(spec, args.strategy, args.players, args.seconds, args.jobs, _parse_set(args.set), args.batch)
    if args.json:
        print(json.dumps(res))
    else:
        print(f"{spec.name} {res['players']}p {res['strategy']}: {res['games']} games in "
              f"{res['seconds']:.1f} s on {res['jobs']} job(s): {res['games_per_s']:.0f} games/s, "
              f"{res['games_per_s_per_core']:.0f} games/s per core; mean {res['mean_turns']:.1f} turns")
    return 0


def cmd_run(args, argv) -> int:
    from experiments.config import load_config
    from experiments.runner import Plan, check_backend, prepare_folder, run_study, shared_pool
    from reports import write_index
    cfg = load_config(args.config)
    jobs = args.jobs or cfg.jobs
    check_backend(args.backend, args.scheduler, args.workers)
    base = Path(args.out or cfg.out)
    plans = []
    for name, study in cfg.studies:
        study.command = _command_line(argv) + f"  # study {name}"
        plans.append((name, study, None if is_composite(study) else Plan(study, jobs)))
    for name, study, plan in plans:  # check every folder before playing anything
        if plan is None:
            study.check(base / name, jobs, args.resume, args.force)
        else:
            prepare_folder(base / name, args.resume, args.force, plan)
    with shared_pool(args.backend, jobs, args.scheduler, args.workers):   # every study of the file on it
        for name, study, plan in plans:
            print(f"== {name}: {study.kind} {study.game}", file=sys.stderr)
            if plan is None:  # design studies and stopping rules: experiments/composite.py
                study.run(base / name, jobs, args.resume, args.force, not args.quiet)
                print(f"report: {base / name / 'report.md'}")
                continue
            folder = run_study(study, base / name, jobs=jobs, resume=args.resume, force=args.force,
                               progress=not args.quiet, plan=plan)
            _render(folder)
    write_index(base, [(name, base / name) for name, _, _ in plans], title=cfg.title)
    print(f"index: {base / 'index.md'}")
    return 0


COMMANDS = {
    "games": cmd_games, "play": cmd_play, "seats": cmd_seats, "sweep": cmd_sweep,
    "report": cmd_report, "bench": cmd_bench, "run": cmd_run,
}
COMMANDS.update(STUDY_COMMANDS)  # tune, tournament, components, restrict, design-report
from experiments.cli_players import PLAYER_COMMANDS  # noqa: E402
COMMANDS.update(PLAYER_COMMANDS)  # train, check-players

if __name__ == "__main__":
    sys.exit(main())
