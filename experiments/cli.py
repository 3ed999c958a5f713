"""`agon`: the command line of the balance lab.

A thin layer: it parses and validates input (every mistake is one line naming
the valid choices, exit code 2, nothing written), runs a study with the runner
and hands the run folder to the reports.
"""
from __future__ import annotations

import argparse
import errno
import json
import sys
from pathlib import Path

from sim import game_names, get_game
from sim.spec import AgonInputError
from experiments.adapt import adapt_study
from experiments.args import (GAMES, MAX_BENCH_BATCH, MAX_CHUNK, MAX_SECONDS, SEED, add_backend, ascii_text, cap_jobs,
                             add_adapt_options, command_line, count, number, parse_set, parse_sweep, resume_command,
                             with_base_arm)
from experiments.folder import out_folder
from experiments.cli_studies import STUDY_COMMANDS, is_composite, run_sequential_single, sequential_requested

EXIT_BAD_INPUT = 2


class _Parser(argparse.ArgumentParser):
    """argparse with one-line errors (exit 2) instead of usage dumps."""

    def error(self, message):
        raise AgonInputError(f"{self.prog}: {message}")


class _Help(argparse.HelpFormatter):
    """Help that shows an option's default unless its text already says it (or there is none)."""

    def _get_help_string(self, action):
        text = action.help or ""
        if (action.option_strings and action.default is not None and action.default is not False
                and action.default != argparse.SUPPRESS and "default" not in text):
            text += " (default: %(default)s)"
        return text


class _Commands(argparse._SubParsersAction):
    """Subcommands whose own --help starts with the one-line summary `agon --help` lists."""

    def add_parser(self, name, **kwargs):
        if "help" in kwargs and "description" not in kwargs:
            kwargs["description"] = kwargs["help"].replace("%%", "%")
        kwargs.setdefault("formatter_class", _Help)
        return super().add_parser(name, **kwargs)


def _add_common(p: argparse.ArgumentParser, games_default: int) -> None:
    p.add_argument("game", help="game name (see `agon games`)")
    p.add_argument("--players", type=count(1), help="number of players (default: the game's)")
    p.add_argument("--games", type=GAMES, default=games_default,
                   help="games (all seat rotations included; per arm for a sweep)")
    p.add_argument("--strategies", default="random", type=ascii_text,
                   help="one strategy for every seat, or one per seat separated by commas; weights as NAME:w=a/b/c")
    p.add_argument("--seed", type=SEED, default=1, help="run seed: the same seed gives the same games")
    p.add_argument("--jobs", type=count(1), default=1, help="worker processes (at most the cores)")
    p.add_argument("--chunk", type=count(1, MAX_CHUNK), default=None,
                   help="games per chunk (results do not depend on it)")
    add_backend(p)
    p.add_argument("--set", action="append", metavar="NAME=VALUE", help="override a rule parameter")
    p.add_argument("--out", help="run folder (default runs/GAME-KIND)")
    p.add_argument("--resume", action="store_true", help="finish an interrupted run in --out")
    p.add_argument("--force", action="store_true", help="replace an existing run folder")
    p.add_argument("--check", action="store_true", help="check the engine's invariants after every action")
    p.add_argument("--quiet", action="store_true", help="no progress bar")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="agon", description="Agon: a Monte Carlo balance lab for board games.")
    sub = parser.add_subparsers(dest="cmd", metavar="COMMAND", parser_class=_Parser, action=_Commands)

    g = sub.add_parser("games", help="list games, player counts, parameters and strategies")
    g.add_argument("game", nargs="?", help="show one game in detail")

    p = sub.add_parser("play", help="play one game and print it")
    p.add_argument("game", help="game name (see `agon games`)")
    p.add_argument("--players", type=count(1), help="number of players (default: the game's)")
    p.add_argument("--seed", type=SEED, default=1, help="run seed (with --index, the game a study played)")
    p.add_argument("--index", type=SEED, default=0, help="game index within the seed's run")
    p.add_argument("--strategies", default="random", type=ascii_text,
                   help="one strategy for every seat, or one per seat separated by commas")
    p.add_argument("--trace", action="store_true", help="print every action in words")
    p.add_argument("--set", action="append", metavar="NAME=VALUE", help="override a rule parameter")
    p.add_argument("--html", metavar="FILE.html", help="write the game as a replay page (board, steps, scores)")
    p.add_argument("--seat", type=count(0), default=None,
                   help="replay: show this seat's hidden information (default 0)")
    p.add_argument("--reveal", action="store_true", help="replay: show every seat's hidden information")
    p.add_argument("--force", action="store_true", help="replay: replace an existing replay page (only one Agon wrote)")

    s = sub.add_parser("seats", help="seat (first-player) advantage study")
    _add_common(s, 10000)
    add_adapt_options(s, "the run's rules (--set)")

    w = sub.add_parser("sweep", help="sweep one constant (or two, as a grid) on common random numbers")
    _add_common(w, 2000)
    w.add_argument("--param", action="append", required=True, metavar="NAME=LO:HI:STEP",
                   help="parameter range, inclusive; or NAME=a,b,c; twice for a grid")
    w.set_defaults(games_per_arm=True)
    add_adapt_options(w, "every arm's rules")
    from experiments.cli_studies import add_sequential_options, add_study_commands
    add_sequential_options(s)
    add_sequential_options(w)
    add_study_commands(sub)
    from experiments.cli_players import add_player_commands
    add_player_commands(sub)

    r = sub.add_parser("report", help="re-render a run's or a study's report (components, tournament, design "
                       "report, ...) from its stored results")
    r.add_argument("run_dir", help="a run or study folder Agon wrote (it holds run.json)")

    b = sub.add_parser("bench", help="measure games/s per core")
    b.add_argument("game", help="game name (see `agon games`)")
    b.add_argument("--strategy", default="random", type=ascii_text, help="the strategy of every seat")
    b.add_argument("--players", type=count(1), help="number of players (default: the game's)")
    b.add_argument("--seconds", type=number(0, MAX_SECONDS, open_lo=True), default=10.0,
                   help=f"measuring time per job (at most {MAX_SECONDS:g})")
    b.add_argument("--jobs", type=count(1), default=1, help="worker processes measured at once (games/s per core is their mean)")
    b.add_argument("--batch", type=count(0, MAX_BENCH_BATCH), default=0,
                   help="games per call (default 0: adaptive)")
    b.add_argument("--set", action="append", metavar="NAME=VALUE", help="override a rule parameter")
    b.add_argument("--json", action="store_true", help="print one JSON object")

    c = sub.add_parser("run", help="run the studies of a TOML file")
    c.add_argument("config", help="a study file (TOML; examples in experiments/configs/)")
    c.add_argument("--jobs", type=count(1), help="worker processes (default: the file's, else 1)")
    c.add_argument("--out", help="base folder for the studies' run folders")
    c.add_argument("--resume", action="store_true", help="finish an interrupted run of the file in --out")
    c.add_argument("--force", action="store_true", help="replace existing study folders")
    c.add_argument("--quiet", action="store_true", help="no progress bars")
    add_backend(c)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    from experiments import folder
    started, args = folder.started(), None
    try:
        args = parser.parse_args(argv)
        if not args.cmd:
            parser.print_help()
            return 0
        for option in ("jobs", "workers"):
            if getattr(args, option, None) is not None:
                setattr(args, option, cap_jobs(getattr(args, option), f"--{option}"))
        return COMMANDS[args.cmd](args, argv)
    except AgonInputError as e:
        print(f"agon: error: {e}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        if folder.started() > started and hasattr(args, "resume"):   # a run folder was written: how to finish it
            print(f"finish with: {resume_command(command_line(argv))}", file=sys.stderr)
        return 130
    except RuntimeError as e:
        from experiments.runner import AgonRunError
        if not isinstance(e, AgonRunError):
            raise
        hint = f"; finish with: {resume_command(command_line(argv))}" if e.resumable and hasattr(args, "resume") else ""
        print(f"agon: error: {e}{hint}", file=sys.stderr)
        return 1
    except OSError as e:  # unwritable folder, disk full: a clear line naming the file, not a traceback
        print(f"agon: error: {os_error_line(e)}", file=sys.stderr)
        return EXIT_BAD_INPUT


_WRITE_ERRORS = {errno.ENOSPC, errno.EDQUOT, errno.EROFS, errno.ENOTDIR, errno.EISDIR, errno.EEXIST, errno.EFBIG}


def os_error_line(e: OSError) -> str:
    """One line for an OSError: 'disk full writing FILE', 'cannot write FILE: ...' or 'FILE: ...'."""
    where = f" {e.filename}" if getattr(e, "filename", None) else ""
    what = e.strerror or str(e)
    if e.errno == errno.ENOSPC:
        return f"disk full writing{where}: {what}"
    if e.errno in _WRITE_ERRORS:
        return f"cannot write{where}: {what}"
    return f"{where.strip() or 'file'}: {what}"


def cmd_games(args, argv) -> int:
    from experiments.describe import describe_game, games_table
    if args.game is not None:
        print(describe_game(get_game(args.game)))
    else:
        print(games_table([get_game(n) for n in game_names()]))
    return 0


def cmd_play(args, argv) -> int:
    from experiments.lineup import arrays, parse_lineup
    spec = get_game(args.game)
    players = spec.check_players(args.players)
    vec = spec.params.vector(parse_set(args.set))
    seats = parse_lineup(spec, args.strategies, players, parse_set(args.set))
    kinds, weights = arrays(spec, seats)
    if args.html is None and (args.seat is not None or args.reveal):
        raise AgonInputError("--seat and --reveal choose what a replay shows: give --html FILE.html too")
    if args.html is None and args.force:
        raise AgonInputError("--force replaces a replay page: give --html FILE.html too")
    if args.html is not None:
        return _play_html(args, spec, players, vec, kinds, weights, seats)
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


def _play_html(args, spec, players, vec, kinds, weights, seats) -> int:
    """`agon play ... --html FILE`: the replay page (experiments/replay.py); checked before playing."""
    from experiments.replay import check_html_path, replay_page, write_replay
    check_html_path(args.html, args.force)
    if args.seat is not None and args.reveal:
        raise AgonInputError("--seat and --reveal exclude each other: --reveal shows every seat")
    if args.seat is not None and args.seat >= players:
        raise AgonInputError(f"--seat {args.seat}: this game has seats 0..{players - 1}")
    viewer = None if args.reveal else (args.seat or 0)
    page, res = replay_page(spec.name, args.seed, args.index, players, vec, kinds, weights, seats, viewer)
    out = write_replay(args.html, page)
    print(f"{spec.title}, {players} players, seed {args.seed}, game {args.index}: "
          f"{int(res['turns'][0])} turns")
    print(_result_table(spec, res, seats))
    print(f"replay: {out}")
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
                 strategies=args.strategies, params=parse_set(args.set),
                 sweep=parse_sweep(getattr(args, "param", None)) if kind == "sweep" else [],
                 chunk_size=args.chunk, check=args.check, command=command_line(argv))


def _run_and_report(study, out, jobs, resume, force, backend, quiet, scheduler=None, workers=None) -> Path:
    from experiments.runner import Plan, check_backend, run_study
    check_backend(backend, scheduler, workers)
    plan = Plan(study, jobs)  # validates before anything is written
    folder = run_study(study, out, jobs=jobs, resume=resume, force=force, backend=backend,
                       progress=not quiet, plan=plan, scheduler=scheduler, workers=workers)
    _render(folder)
    return folder


def _build_run(folder: Path):
    """A run's report, with the stopping section a sequential run adds (its stopping.json): a run
    re-rendered by `agon report` lost it, and with it the word that its intervals are anytime-valid."""
    from reports import build_report
    from reports.render import stopping_record
    from reports.sequential import annotate_report
    summary = build_report(folder)
    record = stopping_record(folder)
    if record:
        annotate_report(folder, record)
    return summary


def _render(folder: Path) -> None:
    summary = _build_run(folder)
    print(f"report: {folder / 'report.md'}")
    if isinstance(summary, dict) and summary.get("headline"):
        print(summary["headline"])


def cmd_seats(args, argv) -> int:
    study = _study_from_args(args, argv, "seats")
    out = out_folder(args.out, f"runs/{study.game}-seats")
    adapt_study(study, args, out)     # --adapt: tuned seats retrained for the --set rules (cached)
    if sequential_requested(args):
        return run_sequential_single(args, study, out, argv)
    _run_and_report(study, out, args.jobs, args.resume, args.force, args.backend, args.quiet,
                    args.scheduler, args.workers)
    return 0


def _with_defaults(study) -> None:
    """Add each swept parameter's value under the run's rules (its default, or the --set value)
    to its list when missing: the base arm every other arm is compared with (STATISTICS.md)."""
    spec = get_game(study.game)
    for item in study.sweep:
        name, values = item
        try:
            p = spec.params.get(name)
        except Exception:
            return          # the runner's validation names the bad parameter
        base = study.params.get(name, p.default)
        try:
            base = p.decode(p.encode(base))
            vals = [p.decode(p.encode(v)) for v in values]
        except Exception:
            return
        item[1], added = with_base_arm(p, vals, base, study.players or spec.default_players)
        if added:
            print(f"note: added {name} = {base} (the rules' value) to the sweep as its base arm", file=sys.stderr)


def cmd_sweep(args, argv) -> int:
    study = _study_from_args(args, argv, "sweep")
    _with_defaults(study)
    out = out_folder(args.out, f"runs/{study.game}-sweep")
    adapt_study(study, args, out)
    if sequential_requested(args):
        return run_sequential_single(args, study, out, argv)
    _run_and_report(study, out, args.jobs, args.resume, args.force, args.backend, args.quiet,
                    args.scheduler, args.workers)
    return 0


# composite studies: the report module and builder that re-renders one from its folder alone
REBUILD = {"components": ("reports.components_report", "build"), "design": ("reports.design", "build"),
           "restrict": ("reports.restrict", "build"), "skill": ("reports.skill", "build_trace"),
           "tournament": ("reports.tournament", "build"), "tune": ("reports.tune", "build"),
           "check-players": ("reports.players", "build"), "compare": ("reports.compare", "build")}


def cmd_report(args, argv) -> int:
    if not args.run_dir.strip():
        raise AgonInputError("give the run folder to re-render, got an empty path")
    folder = Path(args.run_dir)
    meta_file = next((folder / n for n in ("run.json", "batch.json") if (folder / n).exists()), None)
    if meta_file is None:
        raise AgonInputError(f"{folder} is not a run folder (no run.json)")
    try:
        meta = json.loads(meta_file.read_text())
    except ValueError:
        raise AgonInputError(f"{meta_file} is not valid JSON")
    kind = meta.get("kind") if isinstance(meta, dict) else None
    from experiments import folder as folders
    if kind in REBUILD or kind == "batch":
        if meta.get("status") != "complete":
            raise AgonInputError(f"{folder} is an unfinished {kind} study: finish it with its command and --resume")
        with folders.locked(folder):
            try:
                done = _rebuild(folder, kind, meta)
            except (KeyError, FileNotFoundError) as e:     # a run.json or a part its report reads is missing
                raise AgonInputError(f"{folder} is not a complete {kind} study: {e} is missing")
        print(f"report: {done}")
        return 0
    if not list((folder / "results").glob("chunk-*.parquet")):
        raise AgonInputError(f"{folder} has no results to report")
    with folders.locked(folder):   # not while a run is still writing its chunks and report
        _render(folder)
    return 0


def _rebuild(folder: Path, kind: str, meta: dict) -> Path:
    """Re-render a composite study's report; a batch folder (a design-report run or a study file's
    folder): each of its studies, then its index."""
    import importlib
    from experiments import folder as folders
    if kind == "batch":
        from reports.index import write_index
        if "studies" in meta:           # `agon run FILE`: plain names of Agon folders inside this one only
            items = [(n, folders.child(folder, n, "study")) for n in meta["studies"]]
            bad = [n for n, d in items if not folders.is_agon_folder(d)]
            if bad:
                raise AgonInputError(f"{folder}: study folder(s) {', '.join(bad)} missing or not made by Agon")
            title = _config_title(meta.get("config"))
        else:                           # `agon design-report GAME ...`
            from experiments.design import earlier_reports
            items, title = earlier_reports(folder, set(), finished=True), "Agon design reports"
        for _, d in items:
            sub = folders.meta_of(d) or {}
            if sub.get("kind") in REBUILD:
                _rebuild(d, sub["kind"], sub)
            else:
                _build_run(d)
        return write_index(folder, items, title=title)
    module, name = REBUILD[kind]
    build = getattr(importlib.import_module(module), name)
    if kind == "compare":
        build(folder, meta.get("runs", []), meta.get("command", ""))
    else:
        build(folder)
    return folder / "report.md"


def _config_title(path) -> str:
    """The index title a study file gave (its `title`), or the default when the file is gone."""
    from experiments.config import load_config
    try:
        return load_config(path).title
    except (AgonInputError, OSError, TypeError):
        return "Agon studies"


def cmd_bench(args, argv) -> int:
    from experiments.bench import bench
    spec = get_game(args.game)
    res = bench(spec, args.strategy, args.players, args.seconds, args.jobs, parse_set(args.set), args.batch)
    if args.json:
        print(json.dumps(res))
    else:
        print(f"{spec.name} {res['players']}p {res['strategy']}: {res['games']} games in "
              f"{res['seconds']:.1f} s on {res['jobs']} job(s): {res['games_per_s']:.0f} games/s, "
              f"{res['games_per_s_per_core']:.0f} games/s per core; mean {res['mean_turns']:.1f} turns")
    return 0


def cmd_run(args, argv) -> int:
    from experiments import folder
    from experiments.config import load_config
    from experiments.runner import Plan, check_backend, prepare_folder, run_study, shared_pool
    from reports import write_index
    cfg = load_config(args.config)
    jobs = args.jobs or cap_jobs(cfg.jobs, f"jobs (in {args.config})")
    check_backend(args.backend, args.scheduler, args.workers)
    base = folder.check_base(args.out if args.out is not None else cfg.out)
    plans, where = [], {}
    for i, (name, study) in enumerate(cfg.studies):
        study.command = command_line(argv) + f"  # study {name}"
        where[name] = f"{args.config}: study {i + 1} ({name}, {study.kind})"
        try:
            plan = None if is_composite(study) else Plan(study, jobs)
        except AgonInputError as e:
            raise AgonInputError(f"{where[name]}: {e}")
        plans.append((folder.child(base, name, "study name"), study, plan))
    # --resume finishes the studies an interrupted file had started and plays the others
    again = {out: args.resume and (out / "run.json").exists() for out, _, _ in plans}
    for out, study, plan in plans:  # check every folder before playing anything
        try:
            if plan is None:
                study.check(out, jobs, again[out], args.force)
            else:
                prepare_folder(out, again[out], args.force, plan)
        except AgonInputError as e:
            raise AgonInputError(f"{where[out.name]}: {e}")
    batch = {"kind": "batch", "config": str(args.config), "studies": [o.name for o, _, _ in plans],
             "command": command_line(argv)}
    with folder.locked(base), shared_pool(args.backend, jobs, args.scheduler, args.workers):
        folder.write_batch(base, dict(batch, status="running"))   # an interrupted file is resumable
        for out, study, plan in plans:   # every study of the file on one pool
            print(f"== {out.name}: {study.kind} {study.game}", file=sys.stderr)
            if plan is None:  # design studies and stopping rules: experiments/composite.py
                study.run(out, jobs, again[out], args.force, not args.quiet)
                print(f"report: {out / 'report.md'}")
                continue
            run_study(study, out, jobs=jobs, resume=again[out], force=args.force, progress=not args.quiet, plan=plan)
            _render(out)
        write_index(base, [(out.name, out) for out, _, _ in plans], title=cfg.title)
        folder.write_batch(base, dict(batch, status="complete"))
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
