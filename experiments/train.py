"""`agon train`: tune a greedy (or persona) weight vector by self-play with CMA-ES.

Search space: the base strategy's weights that its look-ahead reads (every weight name except
the search player's `search*` knobs, or the list a game declares in
`GameSpec.extra["train_weights"][base]`), each as default + scale * x with x starting at 0,
scale = |default| (or half the median |default| for a weight whose default is 0), so sigma0 = 0.3
is a 30% step for every weight alike.

Fitness of a candidate: its win share (ties split) in one seat of a field made of the current
default weights and the optimiser's current mean ("itself": the player being trained), every
game played in every rotation of the seats. All candidates of a generation play the same games
(common random numbers: same setups, dice and player streams), so their differences are not
seed noise; every generation plays new games. The budget counts every game played in training.

The result (CMA-ES's mean, its best estimate) is then played against the default weights on
fresh seeds (another run seed): one tuned seat, the others default, all rotations; that win
rate with its Wilson 95% interval goes into the weights file next to the command that made it.
When a file for the same game, players, rules and base is shipped (strategies/weights/), the
result also plays one seat against that file's weights in the others, on the same seeds
([against_shipped]): beating the default is not enough to replace a file (a trained public good,
Mare Nostrum's `block`, beat greedy by more than ever and made a degenerate field), so the summary
says when the new weights lose to the file they would replace.
"""
from __future__ import annotations

import math
import os
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from experiments.weights_check import ensure_checked, summary as check_summary
from sim import get_game
from sim.spec import AgonInputError

DEFAULT_BUDGET = 120_000      # training games (all candidates, all generations)
DEFAULT_EVAL_GAMES = 6_000    # games of the final evaluation against the default weights
SIGMA0 = 0.3
EVAL_SEED_OFFSET = 1_000_003  # the evaluation's run seed: seed + this (fresh seeds, never trained on)


@dataclass
class Training:
    game: str
    players: int | None = None
    overrides: dict = field(default_factory=dict)
    base: str = "greedy"
    budget: int | None = None     # None: the game's `train_budget` (GameSpec.extra), else DEFAULT_BUDGET
    eval_games: int = DEFAULT_EVAL_GAMES
    seed: int = 1
    popsize: int | None = None
    games_per_candidate: int | None = None
    command: str = ""

    def validate(self):
        spec = get_game(self.game)
        self.spec = spec
        self.players = spec.check_players(self.players)
        self.vec = spec.params.vector(self.overrides)
        check = (spec.extra or {}).get("check_params")
        if check is not None:
            check(self.vec, self.players)
        info = spec.strategy(self.base)
        from experiments.lineup import tuned_names
        allowed = ["greedy"] + [n[len("tuned_"):] for n in tuned_names(spec) if n != "tuned"]
        if self.base not in allowed or not info.weights:
            raise AgonInputError(f"--strategy {self.base!r} cannot be trained for {spec.name}; valid: {', '.join(allowed)}")
        self.info = info
        self.names = trained_names(spec, self.base)
        if self.budget is None:   # slow players declare a smaller default, so training fits in 10 minutes on 2 cores
            self.budget = int((spec.extra or {}).get("train_budget", DEFAULT_BUDGET))
        if int(self.budget) < 100:
            raise AgonInputError(f"--budget must be at least 100 games, got {self.budget}")
        if int(self.eval_games) < self.players:
            raise AgonInputError(f"--eval-games must be at least {self.players}, got {self.eval_games}")
        if int(self.seed) < 0:
            raise AgonInputError(f"--seed must be >= 0, got {self.seed}")
        n = len(self.names)
        self.lam = int(self.popsize) if self.popsize is not None else 4 + int(3 * math.log(n))
        if self.lam < 2:
            raise AgonInputError(f"--popsize must be at least 2, got {self.popsize}")
        p = self.players
        # games per candidate: whole rotations; about 30 generations within the budget, 2-100 seeds
        if self.games_per_candidate is not None:
            if int(self.games_per_candidate) < 1:
                raise AgonInputError(f"--games-per-candidate must be at least 1, got {self.games_per_candidate}")
            seeds = max(1, int(self.games_per_candidate) // p)
        else:
            seeds = int(np.clip(int(self.budget) // (30 * self.lam * p), 2, 100))
        self.seeds_per_gen = seeds
        if self.lam * seeds * p > int(self.budget):
            raise AgonInputError(f"--budget {int(self.budget):,} is less than one generation: population {self.lam} x "
                                 f"{seeds * p} games per candidate = {self.lam * seeds * p:,} games")
        self.generations = max(1, int(self.budget) // (self.lam * seeds * p))
        self.eval_seeds = max(1, math.ceil(int(self.eval_games) / p))
        return self


def trained_names(spec, base: str) -> list[str]:
    """The weight names the trainer moves for `base` (see the module docstring)."""
    declared = ((spec.extra or {}).get("train_weights") or {}).get(base)
    info = spec.strategy(base)
    if declared:
        bad = [n for n in declared if n not in info.weight_names]
        if bad:
            raise ValueError(f"{spec.name} train_weights names unknown weights {bad}")
        return list(declared)
    # switches that select a player's structure (0 = an old behaviour) and sample counts (they set the
    # cost of a decision, not its values) stay at their defaults: GameSpec.extra["train_fixed"]
    fixed = set((spec.extra or {}).get("train_fixed") or ())
    return [n for n in info.weight_names if not n.startswith("search") and n not in fixed]


def tuned_settings(spec) -> dict[str, float]:
    """The weights a game sets for its tuned players, untrained (GameSpec.extra["train_set"])."""
    return {name: float(v) for name, v in ((spec.extra or {}).get("train_set") or {}).items()}


def fixed_values(spec, names: list[str], defaults: np.ndarray) -> np.ndarray:
    """The defaults with GameSpec.extra["train_set"] applied: untrained weights a tuned player sets
    apart from the base strategy (e.g. Magna Grecia's plan_width, a cap on planning work that keeps
    `tuned` as cheap as `greedy`)."""
    w = defaults.copy()
    for name, value in tuned_settings(spec).items():
        if name not in names:
            raise ValueError(f"{spec.name} train_set names unknown weight {name!r}")
        w[names.index(name)] = float(value)
    return w


def _scales(defaults: np.ndarray) -> np.ndarray:
    nz = np.abs(defaults[defaults != 0])
    fill = 0.5 * float(np.median(nz)) if len(nz) else 1.0
    return np.where(defaults != 0, np.abs(defaults), fill)


def field_lineups(p: int) -> list[list[str]]:
    """Opponents of the candidate's seat, 'itself and the default': the default and the optimiser's mean
    weights in turn; with 2 players, half the games against each."""
    if p == 2:
        return [["default"], ["mean"]]
    return [[("default", "mean")[k % 2] for k in range(p - 1)]]


def play_field(game: str, seed: int, start: int, n: int, players: int, vec: np.ndarray, kind: int,
               cand: np.ndarray, others: list[np.ndarray], kinds_others: list[int]) -> tuple[float, int, float]:
    """Candidate in seat 0 of the line-up [cand] + others, every rotation of games start..start+n-1.
    Returns (win share sum of the candidate, games, CPU seconds of this call)."""
    t0 = time.process_time()
    spec = get_game(game)
    line_w = [cand] + list(others)
    line_k = [kind] + list(kinds_others)
    width = max(len(w) for w in line_w)
    total = 0.0
    for r in range(players):
        order = [(s + r) % players for s in range(players)]
        weights = np.zeros((players, width))
        for s, j in enumerate(order):
            weights[s, : len(line_w[j])] = line_w[j]
        kinds = np.array([line_k[j] for j in order], dtype=np.int64)
        res = spec.play_batch(seed, start, n, players, vec, kinds, weights, False)
        seat = order.index(0)
        total += float(np.asarray(res["win"])[:, seat].sum())
    return total, n * players, time.process_time() - t0


class Trainer:
    """CMA-ES over the trained weights; `run()` returns the weights file's content."""

    def __init__(self, t: Training, jobs: int = 1, progress: bool = True):
        self.t = t.validate() if not hasattr(t, "spec") else t
        self.jobs = max(1, int(jobs))
        self.progress = progress
        info = t.info
        self.all_names = list(info.weight_names)
        self.default = np.array(info.weights, dtype=np.float64)
        self.start = fixed_values(t.spec, self.all_names, self.default)
        self.idx = [self.all_names.index(n) for n in t.names]
        d = self.default[self.idx]
        self.scale = _scales(d)
        self.cpu = 0.0

    def weights_of(self, x) -> np.ndarray:
        w = self.start.copy()
        w[self.idx] = self.default[self.idx] + self.scale * np.asarray(x)
        return w

    def _evaluate(self, par, jobs_args) -> list[tuple[float, int, float]]:
        from joblib import delayed
        if par is None:
            return [play_field(*a) for a in jobs_args]
        return par(delayed(play_field)(*a) for a in jobs_args)

    def run(self) -> dict:
        import cma
        from joblib import Parallel
        from tqdm import tqdm
        t = self.t
        p, kind = t.players, t.info.kind
        n = len(t.names)
        opts = {"popsize": t.lam, "seed": int(t.seed) % (2 ** 31 - 1) + 1, "verbose": -9,
                "maxiter": t.generations, "tolfun": 0, "tolx": 0, "tolstagnation": 10 ** 9,
                "tolflatfitness": 10 ** 9}
        es = cma.CMAEvolutionStrategy(np.zeros(n), SIGMA0, opts)
        shipped = shipped_weights(t)
        total_games = t.generations * t.lam * t.seeds_per_gen * p + t.eval_seeds * p * (2 if shipped else 1)
        bar = tqdm(total=total_games, unit="game", unit_scale=True, file=sys.stderr, disable=not self.progress,
                   dynamic_ncols=True, desc=f"train {t.spec.name} {p}p",
                   bar_format="{l_bar}{bar}| {n_fmt}/{total_fmt} games [{elapsed}<{remaining}, {rate_fmt}]")
        wall0, cpu0 = time.perf_counter(), time.process_time()
        history = []
        par = Parallel(n_jobs=self.jobs, backend="loky") if self.jobs > 1 else None
        ctx = par if par is not None else _Null()
        with ctx:
            for g in range(t.generations):
                xs = es.ask()
                mean_w = self.weights_of(es.mean)
                start = g * t.seeds_per_gen
                lineups = field_lineups(p)
                split = np.array_split(np.arange(t.seeds_per_gen), len(lineups))
                args = []
                for x in xs:
                    for line, seeds in zip(lineups, split):
                        if len(seeds):
                            others = [self.default if role == "default" else mean_w for role in line]
                            args.append((t.spec.name, int(t.seed), start + int(seeds[0]), len(seeds), p, t.vec, kind,
                                         self.weights_of(x), others, [kind] * len(others)))
                out = self._evaluate(par, args)
                per = len(out) // len(xs)
                rates = [sum(w for w, _, _ in out[i * per:(i + 1) * per]) / sum(g_ for _, g_, _ in out[i * per:(i + 1) * per])
                         for i in range(len(xs))]
                self.cpu += sum(c for _, _, c in out)
                es.tell(xs, [-r for r in rates])
                history.append({"generation": g, "best": max(rates), "mean_of_population": float(np.mean(rates))})
                bar.update(sum(g_ for _, g_, _ in out))
                bar.set_postfix_str(f"pop {100 * np.mean(rates):.1f}% best {100 * max(rates):.1f}%", refresh=False)
            tuned = self.weights_of(es.mean)
            ev = self.evaluate_against_default(tuned, par, bar)
            against = None
            if shipped:
                path, w = shipped
                against = self.evaluate_against(tuned, w, f"the shipped file's weights ({path.name}) in the other "
                                                          f"{p - 1} seats", par, bar)
                against["file"] = path.name
                against["below_fair"] = bool(against["ci_high"] < against["fair"])
        bar.close()
        wall = time.perf_counter() - wall0
        self.cpu += time.process_time() - cpu0
        doc = self.document(tuned, ev, wall, history)
        if against:
            doc["against_shipped"] = against
        return doc

    def evaluate_against_default(self, tuned: np.ndarray, par, bar) -> dict:
        """Tuned in one seat, default weights in the others, every rotation, fresh seeds."""
        return self.evaluate_against(tuned, self.default, f"default {self.t.base} weights in the other "
                                                          f"{self.t.players - 1} seats", par, bar)

    def evaluate_against(self, tuned: np.ndarray, others: np.ndarray, opponents: str, par, bar) -> dict:
        """Tuned in one seat, `others` in the rest, every rotation, on the evaluation's fresh seeds."""
        from reports.stats import wilson
        t = self.t
        p, kind = t.players, t.info.kind
        seed = int(t.seed) + EVAL_SEED_OFFSET
        parts = max(1, self.jobs * 2)
        size = math.ceil(t.eval_seeds / parts)
        args = [(t.spec.name, seed, s0, min(size, t.eval_seeds - s0), p, t.vec, kind, tuned,
                 [others] * (p - 1), [kind] * (p - 1)) for s0 in range(0, t.eval_seeds, size)]
        out = self._evaluate(par, args)
        wins = sum(w for w, _, _ in out)
        games = sum(g for _, g, _ in out)
        self.cpu += sum(c for _, _, c in out)
        bar.update(games)
        lo, hi = wilson(wins, games)
        return {"opponents": opponents, "games": int(games),
                "run_seed": seed, "wins": round(float(wins), 3), "win_rate": round(wins / games, 5),
                "ci_low": round(float(lo), 5), "ci_high": round(float(hi), 5), "fair": round(1.0 / p, 5),
                "above_fair": bool(lo > 1.0 / p)}

    def document(self, tuned: np.ndarray, ev: dict, wall: float, history: list) -> dict:
        from experiments.provenance import git_commit, package_version
        from experiments.weights import overrides_key
        t = self.t
        return {
            "game": t.spec.name, "players": int(t.players), "overrides": overrides_key(t.spec, t.overrides),
            "strategy": t.base, "command": t.command,
            "created": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
            "version": package_version(), "git_commit": git_commit(),
            "training": {
                "optimiser": "CMA-ES (cma package), mean of the final distribution", "sigma0": SIGMA0,
                "field": ("one candidate seat; other seats alternate the default weights and the current mean"
                          if t.players > 2 else "one candidate seat; half the games against the default weights, "
                          "half against the current mean") + ", every rotation; all candidates of a generation on "
                                                             "the same games",
                "trained_weights": list(t.names), "budget_games": int(t.budget),
                "games_played": int(t.generations * t.lam * t.seeds_per_gen * t.players),
                "generations": int(t.generations), "population": int(t.lam),
                "games_per_candidate": int(t.seeds_per_gen * t.players), "run_seed": int(t.seed),
                "final_generation_population_win_rate": round(history[-1]["mean_of_population"], 5) if history else None,
                "wall_seconds": round(wall, 1), "cpu_seconds": round(self.cpu, 1), "jobs": self.jobs,
            },
            "evaluation": ev,
            "weights": {name: round(float(v), 6) for name, v in zip(self.all_names, tuned)},
        }


def shipped_weights(t: Training) -> tuple[Path, np.ndarray] | None:
    """The shipped file `tuned` plays for exactly this game, player count, rules and base (no nearest-count
    fallback), as it plays it (the game's train_set applied), or None."""
    from experiments import weights as wmod
    path = wmod.WEIGHTS_DIR / wmod.file_name(t.spec, t.players, t.overrides, t.base)
    if not path.is_file() or not is_weights_file(path):
        return None
    named = {**(wmod.read(path).get("weights") or {}), **tuned_settings(t.spec)}
    return path, np.array(wmod.vector(t.spec, t.base, named), dtype=np.float64)


class _Null:
    def __enter__(self):
        return self

    def __exit__(self, *a):
        return False


HEADER = ("Tuned weights written by `agon train` (experiments/train.py): the `tuned` strategy of this game\n"
          "plays the base strategy's kind with these weights. Evaluation: win rate against the default\n"
          "weights on fresh seeds, Wilson 95% interval; against_shipped (when a file was shipped): the same\n"
          "seeds against the file it would replace.")


def train(t: Training, out: Path | None = None, jobs: int = 1, force: bool = False, progress: bool = True) -> tuple[Path, dict]:
    """Train and write the weights file; returns (path, document)."""
    from experiments import weights as wmod
    t.validate()
    path = weights_out(t, out, force)
    doc = Trainer(t, jobs, progress).run()
    wmod.write(path, doc, HEADER)
    doc["player_check"] = ensure_checked(path, jobs, progress)   # fit to be evidence? (recorded in the file)
    return path, doc


def weights_out(t: Training, out: Path | None, force: bool) -> Path:
    """The file training writes (--out or the default), checked before any game is played: an existing
    one is replaced only with --force and only when agon train wrote it."""
    from experiments import weights as wmod
    path = Path(out) if out else wmod.WEIGHTS_DIR / wmod.file_name(t.spec, t.players, t.overrides, t.base)
    if path.is_dir():
        raise AgonInputError(f"{path} is a folder, not a weights file")
    if path.exists():
        if not force:
            raise AgonInputError(f"{path} exists; use --force to replace it (or --out for another file)")
        if not is_weights_file(path):
            raise AgonInputError(f"{path} exists and is not a weights file agon train wrote; give another --out")
    return path


def is_weights_file(path: Path) -> bool:
    """A file --force may replace: TOML with the game, players and weights agon train writes."""
    from experiments import weights as wmod
    try:
        doc = wmod.read(path)
    except AgonInputError:
        return False
    return isinstance(doc.get("weights"), dict) and "game" in doc and "players" in doc


def reevaluate(t: Training, path: Path | None = None, jobs: int = 1, progress: bool = True) -> tuple[Path, dict]:
    """Play an existing weights file again against the default weights (the evaluation of `train`,
    same seeds) after the weights a game sets for tuned players (GameSpec.extra["train_set"]) are
    applied, and rewrite its [evaluation]; [reevaluated] records what was set, when, by which
    command, and the evaluation it replaces. For an engine or player change that leaves the trained
    weights meaningful but moves their strength; retrain when it does not."""
    from joblib import Parallel
    from tqdm import tqdm
    from experiments import weights as wmod
    from experiments.provenance import git_commit
    from experiments.weights import overrides_key
    t.validate()
    path = Path(path) if path else wmod.WEIGHTS_DIR / wmod.file_name(t.spec, t.players, t.overrides, t.base)
    if not path.is_file():
        raise AgonInputError(f"no weights file {path} to re-evaluate; train it first (agon train {t.spec.name} "
                             f"--players {t.players})")
    doc = wmod.read(path)
    mine = (doc.get("game"), int(doc.get("players", 0)), doc.get("strategy", "greedy"), doc.get("overrides") or {})
    want = (t.spec.name, t.players, t.base, overrides_key(t.spec, t.overrides))
    if mine != want:
        raise AgonInputError(f"{path} holds {mine[0]} {mine[1]}p {mine[2]} {mine[3]}, not {want[0]} {want[1]}p {want[2]} {want[3]}")
    tr = Trainer(t, jobs, progress)
    named = dict(doc.get("weights") or {})
    changed = {}
    for name, value in tuned_settings(t.spec).items():
        if named.get(name) != value:
            changed[name] = value
            named[name] = value
    tuned = np.array(wmod.vector(t.spec, t.base, named), dtype=np.float64)
    bar = tqdm(total=t.eval_seeds * t.players, unit="game", file=sys.stderr, disable=not progress, dynamic_ncols=True,
               desc=f"re-evaluate {t.spec.name} {t.players}p")
    par = Parallel(n_jobs=tr.jobs, backend="loky") if tr.jobs > 1 else None
    with (par if par is not None else _Null()):
        ev = tr.evaluate_against_default(tuned, par, bar)
    bar.close()
    previous = doc.get("evaluation") or {}
    doc["weights"] = {name: round(float(v), 6) for name, v in zip(tr.all_names, tuned)}
    doc["evaluation"] = ev
    doc["reevaluated"] = {"command": t.command, "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
                          "git_commit": git_commit(), "set": changed,
                          "previous_win_rate": previous.get("win_rate"), "previous_ci_low": previous.get("ci_low"),
                          "previous_ci_high": previous.get("ci_high")}
    doc.pop("player_check", None)          # the weights may have changed (train_set): checked again
    wmod.write(path, doc, HEADER)
    doc["player_check"] = ensure_checked(path, jobs, progress)
    return path, doc


def summary_line(path: Path, doc: dict) -> str:
    ev, tr = doc["evaluation"], doc["training"]
    line = (f"{doc['game']} {doc['players']}p tuned {doc['strategy']}: {100 * ev['win_rate']:.1f}% "
            f"[{100 * ev['ci_low']:.1f}, {100 * ev['ci_high']:.1f}] against default weights in {ev['games']:,} games "
            f"(fair {100 * ev['fair']:.1f}%{', above fair' if ev['above_fair'] else ', NOT above fair'}); ")
    sh = doc.get("against_shipped")
    if sh:
        verdict = (", LOSES to it: keep the shipped file" if sh["below_fair"] else
                   ", above fair" if sh["above_fair"] else ", not shown to differ")
        line += (f"{100 * sh['win_rate']:.1f}% [{100 * sh['ci_low']:.1f}, {100 * sh['ci_high']:.1f}] against the "
                 f"shipped {sh['file']}{verdict}; ")
    return (line + f"{tr['games_played']:,} training games, {tr['wall_seconds']:.0f} s wall, "
            f"{tr['cpu_seconds']:.0f} s CPU; {check_summary(doc.get('player_check'))}; weights: {path}")


def cpu_count() -> int:
    return os.cpu_count() or 1
