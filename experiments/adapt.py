"""`--adapt`: players retrained for the rules each arm (or tuning candidate) plays.

A fixed heuristic measures how the heuristic copes with a rule change; adapted players measure
the rule. For every rule variant a study plays, the `tuned` seats get weights trained by
`agon train` under exactly those rules (same budget for every arm, the default rules included,
so the arms stay comparable), cached by game, players, rule overrides, budget and seed in a
folder Agon owns: ~/.cache/agon/weights/<hash of the players' and engines' sources>/ (so an
edited player is retrained, an unchanged one never twice). Reports list the file each arm played.

A retrained player is evidence only if it plays the game: `agon train` puts each file it writes through
the player checks of `agon check-players` (experiments/weights_check.py, recorded in the file), run.json
keeps every arm's check and a report names the arms whose players are flagged: players retrained for Mare
Nostrum's Pyramids at 12 and 13 never fought, and their civ shares were a pure race's (docs/FINDINGS.md).
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

from sim.spec import AgonInputError

DEFAULT_TRAIN_GAMES = 20_000


def cache_root() -> Path:
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "agon" / "weights"
    from sim import _numba_cache_dir
    return base / Path(_numba_cache_dir()).name


def cache_dir(train_games: int, seed: int) -> Path:
    return cache_root() / f"games{int(train_games)}-seed{int(seed)}"


def tuned_bases(spec, strategies) -> list[str]:
    """The bases whose weights --adapt retrains: a tuned seat's, and the greedy's for an `ismcts` seat, which
    searches over the tuned greedy's weights (experiments/lineup.parse_strategy): at another rule value its
    evaluation would otherwise be the default rules' (Magna Grecia's last seat at oracle_points=1: 20.5% with
    the default rules' weights, 23.5% with weights retrained at 1; docs/FINDINGS.md)."""
    from experiments.lineup import SEARCH, tuned_base, tuned_names
    tokens = strategies if isinstance(strategies, (list, tuple)) else str(strategies).split(",")
    out = []
    for t in tokens:
        name = t.strip().partition(":")[0]
        b = "greedy" if name == SEARCH and tuned_names(spec) else tuned_base(spec, name)
        if b is not None and b not in out:
            out.append(b)
    return out


def require_tuned(spec, strategies) -> list[str]:
    bases = tuned_bases(spec, strategies)
    if not bases:
        from experiments.lineup import SEARCH, tuned_names
        search = [SEARCH] if tuned_names(spec) and any(s.name == SEARCH for s in spec.strategies) else []
        names = tuned_names(spec) + search
        raise AgonInputError(f"--adapt retrains tuned players (and the weights `{SEARCH}` searches over): put one in "
                             f"--strategies ({', '.join(names)})")
    return bases


def ensure(spec, players: int, overrides: dict, bases: list[str], train_games: int, seed: int = 1,
           jobs: int = 1, progress: bool = True) -> Path:
    """Train (unless cached) the weights of every base for these rules; returns the cache folder."""
    from experiments import weights as wmod
    from experiments.args import set_flags
    from experiments.train import Training, summary_line, train
    folder = cache_dir(train_games, seed)
    for base in bases:
        path = folder / wmod.file_name(spec, players, overrides, base)
        if path.is_file():
            if progress:
                print(f"   adapted weights (cached): {path}", file=sys.stderr)
            continue
        t = Training(game=spec.name, players=players, overrides=dict(overrides), base=base,
                     budget=int(train_games), eval_games=max(players, int(train_games) // 5), seed=seed,
                     command=(f"agon train {spec.name} --players {players} --strategy {base} --budget {int(train_games)} "
                              f"--eval-games {max(players, int(train_games) // 5)} --seed {seed}"
                              + set_flags(overrides)))
        path, doc = train(t, path, jobs=jobs, force=True, progress=progress)
        if progress:
            print("   " + summary_line(path, doc), file=sys.stderr)
    return folder


def check_arm(spec, players: int, overrides: dict, bases: list[str], folder: Path, jobs: int = 1,
              progress: bool = True) -> dict:
    """{base: its player check} for the files `ensure` trained for one arm's rules (experiments/weights_check:
    `agon train` checks what it writes; a file trained before the checks is checked here, once)."""
    from experiments import weights as wmod
    from experiments.weights_check import ensure_checked
    return {b: ensure_checked(Path(folder) / wmod.file_name(spec, players, overrides, b), jobs, progress)
            for b in bases}


def arms_overrides(plan) -> list[dict]:
    """The rule overrides of every arm of a runner Plan."""
    return [{**plan.study.params, **values} for _, values, _ in plan.arms]


def check_train_games(n) -> int:
    if n is None:
        return DEFAULT_TRAIN_GAMES
    if int(n) < 100:
        raise AgonInputError(f"--train-games must be at least 100, got {n}")
    return int(n)


def adapt_study(study, args, out: Path) -> None:
    """Under --adapt: validate, check the folder, train every arm's weights (cached), point the study at them."""
    if not getattr(args, "adapt", False):
        if getattr(args, "train_games", None) is not None:
            raise AgonInputError("--train-games goes with --adapt")
        return
    from experiments.runner import Plan, check_backend, prepare_folder
    from sim import get_game
    check_backend(args.backend, args.scheduler, args.workers)
    spec = get_game(study.game)
    bases = require_tuned(spec, study.strategies)
    n = check_train_games(args.train_games)
    plan = Plan(study, args.jobs)                       # bad input fails before any training
    if not args.resume:
        prepare_folder(out, False, args.force, plan)    # so does an existing folder without --force
    folder, checks = None, []
    for overrides in arms_overrides(plan):
        folder = ensure(spec, plan.players, overrides, bases, n, study.seed, args.jobs, not args.quiet)
        checks.append(check_arm(spec, plan.players, overrides, bases, folder, args.jobs, not args.quiet))
    study.weights_folder = str(folder)
    study.weights_checks = checks
