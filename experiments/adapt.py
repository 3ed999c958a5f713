"""`--adapt`: players retrained for the rules each arm (or tuning candidate) plays.

A fixed heuristic measures how the heuristic copes with a rule change; adapted players measure
the rule. For every rule variant a study plays, the `tuned` seats get weights trained by
`agon train` under exactly those rules (same budget for every arm, the default rules included,
so the arms stay comparable), cached by game, players, rule overrides, budget and seed in a
folder Agon owns: ~/.cache/agon/weights/<hash of the players' and engines' sources>/ (so an
edited player is retrained, an unchanged one never twice). Reports list the file each arm played.

A retrained player is evidence only if it plays the game, so each file is put through the player
checks of `agon check-players` (a tenth of its training's games, cached beside it as
<file>.check.json) and a report names the arms whose players are flagged: players retrained for Mare
Nostrum's Pyramids at 12 and 13 never fought, and their civ shares were a pure race's (docs/FINDINGS.md).
"""
from __future__ import annotations

import json
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


def check_sizes(train_games: int) -> tuple[int, int, int]:
    """Traced games, seeds per rule option flip and confirming seeds of a retrained file's check: a tenth
    of its training's games, at most `agon check-players`' defaults (200, 30, 500)."""
    n = int(train_games)
    return min(200, max(20, n // 10)), min(30, max(5, n // 100)), min(500, max(10, n // 40))


def check_path(weights_file: Path) -> Path:
    return Path(weights_file).with_name(Path(weights_file).stem + ".check.json")


def weights_strategy(spec, base: str, weights_file: Path) -> str:
    """The strategy that plays a weights file: `base:name=value/...` with every weight the file names."""
    from experiments import weights as wmod
    named = wmod.read(weights_file).get("weights") or {}
    return f"{base}:" + "/".join(f"{k}={v}" for k, v in named.items()) if named else base


def check(spec, players: int, overrides: dict, base: str, weights_file: Path, train_games: int, seed: int = 1,
          jobs: int = 1, progress: bool = True) -> dict:
    """The player checks of `agon check-players` on one retrained file, under the rules it was trained for
    (cached beside it): {"checked", "games", "option_games", "flags": [{"check", "text"}], "command"}."""
    if not (spec.extra or {}).get("player_check"):
        return {"checked": False, "why": f"{spec.name} declares no action families to check"}
    cached = check_path(weights_file)
    if cached.is_file():
        try:
            return json.loads(cached.read_text())
        except (OSError, ValueError):
            pass                                   # a damaged cache entry is checked again
    from experiments.args import set_flags
    from experiments.check_players import Check, run_checks
    from experiments.runner import write_json_atomic
    games, option_games, confirm = check_sizes(train_games)
    strategy = weights_strategy(spec, base, weights_file)
    command = (f"agon check-players {spec.name} --players {players} --strategies {strategy} --games {games} "
               f"--option-games {option_games} --confirm-games {confirm} --seed {seed}{set_flags(overrides)}")
    c = Check(game=spec.name, players=players, strategies=[strategy], games=games, option_games=option_games,
              confirm_games=confirm, overrides=dict(overrides), seed=seed, command=command)
    if progress:
        print(f"   checking the adapted players ({games} games, {option_games} seeds per option flip)",
              file=sys.stderr)
    res = run_checks(c, jobs, progress=False)
    flags = [{"check": f["check"], "text": f["text"]} for f in res["strategies"][0]["flags"]]
    doc = {"checked": True, "file": str(weights_file), "games": games, "option_games": option_games,
           "confirm_games": confirm, "seed": int(seed), "flags": flags, "command": command}
    write_json_atomic(doc, cached)
    if progress:
        print("   " + (f"flagged: {'; '.join(f['check'] for f in flags)}" if flags else "no flag"), file=sys.stderr)
    return doc


def check_arm(spec, players: int, overrides: dict, bases: list[str], folder: Path, train_games: int, seed: int = 1,
              jobs: int = 1, progress: bool = True) -> dict:
    """{base: check} for the files `ensure` trained for one arm's rules."""
    from experiments import weights as wmod
    return {b: check(spec, players, overrides, b, Path(folder) / wmod.file_name(spec, players, overrides, b),
                     train_games, seed, jobs, progress) for b in bases}


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
        checks.append(check_arm(spec, plan.players, overrides, bases, folder, n, study.seed, args.jobs,
                                not args.quiet))
    study.weights_folder = str(folder)
    study.weights_checks = checks
