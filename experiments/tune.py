"""Tuning: find the constants that hit design targets, by successive halving on common
random numbers.

Candidates are the grid of the `--param` ranges. Round 0 plays every candidate on the same
seeds (so differences between candidates are not seed noise); each later round keeps the
better half by loss and doubles the games of the survivors (their run folders are extended
on the same seeds), until one candidate is left. The loss is in points of win rate:
- first_seat_fair: |seat 0 win rate - 1/p|;   seats_fair: the largest |seat win rate - 1/p|;
- length=LO:HI: mean game length (player-turns) outside [LO, HI], 100 points per range width;
- skill_gap=G: a `greedy` player against `random` ones (seats rotated) must win at least
  1/p + G; the shortfall in points (extra games per candidate);
- FIGURE=V, a game flow figure (docs/FLOW.md; `lead_changes`, `drama`, `decided_at`, `margin`,
  ...) near the value V: |mean - V| in percent of V (in points when |V| <= 1: a share);
- FIGURE=max | FIGURE=min: the most (fewest) of a flow figure. This is an objective, not a loss:
  candidates are ranked first by whether a seat edge is shown (when first_seat_fair or seats_fair
  is given they become a constraint: exact binomial p of seat 0 against 1/p, or the smallest Holm
  p over seats, below 0.05), then by the loss of the other targets, then by the objective
  ("the most lead changes without a seat edge").
"""
from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field, replace
from pathlib import Path

import numpy as np

from experiments.args import float_text
from experiments.runner import Plan, Study, run_study
from sim import get_game
from sim.spec import AgonInputError

MAX_CANDIDATES = 64
TARGETS = ("first_seat_fair", "seats_fair", "length=LO:HI", "skill_gap=G", "FLOW=max|min|V")
FAIRNESS = ("first_seat_fair", "seats_fair")


def flow_targets() -> list[str]:
    from reports.flow import target_names
    return target_names()


def parse_values(param, text: str) -> list:
    """'lo:hi' (integers: every value up to 11, else 6 evenly spaced), 'lo:hi:step', or 'a,b,c'."""
    from experiments.args import parse_range
    text = text.strip()
    if ":" in text and len(text.split(":")) == 2 and not param.choices and not param.boolean:
        try:
            lo, hi = (float_text(x, "value") for x in text.split(":"))
        except AgonInputError:   # nan, inf, '٣' included
            raise AgonInputError(f"bad range {param.name}={text!r}; write LO:HI, LO:HI:STEP or a,b,c with finite numbers")
        if hi < lo:
            raise AgonInputError(f"bad range {param.name}={text!r}; need LO <= HI")
        if param.integer and hi - lo <= 10:
            vals = list(range(int(lo), int(hi) + 1))
        else:
            grid = np.linspace(lo, hi, 6)
            vals = sorted(set(int(round(v)) for v in grid)) if param.integer else [float(f"{v:.6g}") for v in grid]
    else:
        vals = parse_range(text)
    return [param.decode(param.encode(v)) for v in vals]


@dataclass
class Target:
    kind: str
    lo: float = 0.0
    hi: float = 0.0
    figure: str = ""       # kind "flow": the figure's target name (its column without `flow_`)
    goal: str = ""         # kind "flow": "max", "min" or "value" (lo)

    @property
    def column(self) -> str:
        return f"flow_{self.figure}"

    @property
    def objective(self) -> bool:
        return self.kind == "flow" and self.goal in ("max", "min")

    def text(self) -> str:
        if self.kind == "flow":
            name = self.figure.replace("_", " ")
            return {"max": f"most {name}", "min": f"fewest {name}"}.get(self.goal, f"{name} = {self.lo:g}")
        if self.kind == "length":
            return f"length {self.lo:g}-{self.hi:g} player-turns"
        if self.kind == "skill_gap":
            return f"skill gap >= {100 * self.lo:g} points"
        return self.kind.replace("_", " ")


def parse_target(text: str) -> Target:
    name, eq, val = text.partition("=")
    name = name.strip()
    if name in ("first_seat_fair", "seats_fair") and not eq:
        return Target(name)
    if name == "length" and eq:
        try:
            lo, hi = (float_text(x, "value") for x in val.split(":"))
        except (ValueError, AgonInputError):
            raise AgonInputError(f"--target length expects LO:HI player-turns, got {val!r}")
        if not (0 <= lo < hi):
            raise AgonInputError(f"--target length={val}: need 0 <= LO < HI")
        return Target("length", lo, hi)
    if name == "skill_gap" and eq:
        try:
            g = float_text(val, "value")
        except AgonInputError:
            raise AgonInputError(f"--target skill_gap expects a win-rate gap such as 0.1, got {val!r}")
        if not (0 < g < 1):
            raise AgonInputError(f"--target skill_gap={val}: the gap is a proportion between 0 and 1")
        return Target("skill_gap", g)
    if name in flow_targets():
        goal = val.strip().lower()
        if goal in ("max", "min"):
            return Target("flow", figure=name, goal=goal)
        try:
            v = float_text(val, "value") if eq else math.nan
        except AgonInputError:
            v = math.nan
        if not math.isfinite(v):
            raise AgonInputError(f"--target {name} expects max, min or a target value (e.g. {name}=max), got {val!r}")
        return Target("flow", lo=v, figure=name, goal="value")
    raise AgonInputError(f"unknown target {text!r}; valid: {', '.join(TARGETS)}; flow figures: "
                         f"{', '.join(flow_targets())}")


@dataclass
class Tuning:
    game: str
    params: list[tuple[str, str]]          # (name, range text)
    targets: list[str]
    players: int | None = None
    games: int = 1000                      # games per candidate in the first round
    seed: int = 1
    strategies: str = "greedy"
    fixed: dict = field(default_factory=dict)
    strong: str = "greedy"
    weak: str = "random"
    command: str = ""
    adapt: int | None = None               # --adapt: training games per candidate's rules (experiments/adapt.py)
    jobs: int = 1
    progress: bool = True

    def validate(self, jobs: int = 1):
        spec = get_game(self.game)
        self.players = spec.check_players(self.players)
        if not self.params:
            raise AgonInputError("give at least one --param NAME=LO:HI to tune")
        if not self.targets:
            raise AgonInputError(f"give at least one --target; valid: {', '.join(TARGETS)}")
        self.parsed_targets = [parse_target(t) for t in self.targets]
        if self.has_flow() and spec.flow is None:
            from sim import game_names
            raise AgonInputError(f"{self.game} records no game flow figures, so it cannot tune "
                                 f"{', '.join(t.figure for t in self.parsed_targets if t.kind == 'flow')}; games with "
                                 f"flow: {', '.join(g for g in game_names() if get_game(g).flow is not None)}")
        if sum(t.objective for t in self.parsed_targets) > 1:
            raise AgonInputError("give at most one FLOW=max or FLOW=min objective (other targets are values or ranges)")
        if self.adapt:
            from experiments.adapt import require_tuned
            self.bases = require_tuned(spec, self.strategies)
        if int(self.games) < 10:
            raise AgonInputError(f"--games must be at least 10 per candidate, got {self.games}")
        axes = []
        for name, text in self.params:
            p = spec.params.get(name)
            if name in self.fixed:
                raise AgonInputError(f"{name} is both tuned (--param) and fixed (--set)")
            axes.append((name, parse_values(p, text)))
        self.axes = axes
        grid = [dict(zip([a for a, _ in axes], combo)) for combo in itertools.product(*[v for _, v in axes])]
        if len(grid) > MAX_CANDIDATES:
            raise AgonInputError(f"{len(grid)} candidates; at most {MAX_CANDIDATES}: narrow the ranges or give steps")
        self.grid = grid
        plans = []
        adapt, self.adapt = self.adapt, None   # validation only: no training yet
        for i, values in enumerate(grid):
            plans.append(Plan(self.mirror_study(values, self.games), jobs))
            if self.needs_skill():
                plans.append(Plan(self.skill_study(values, self.games), jobs))
        self.adapt = adapt
        return plans

    def needs_skill(self) -> bool:
        return any(t.kind == "skill_gap" for t in self.parsed_targets)

    def has_flow(self) -> bool:
        return any(t.kind == "flow" for t in self.parsed_targets)

    def objective(self) -> Target | None:
        """The FLOW=max|min target, if any (the fairness targets then become a constraint)."""
        return next((t for t in self.parsed_targets if t.objective), None)

    def rank_key(self, ev: dict, i: int) -> tuple:
        """Successive halving's order: the loss; with an objective, (seat edge shown, the loss of
        the other targets, the objective) - "the most X without a seat edge"."""
        if self.objective() is None:
            return (ev["loss"], i)
        return (bool(ev.get("seat_edge", False)), ev["loss"], ev["objective"], i)

    def mirror_study(self, values: dict, games: int) -> Study:
        folder = self.adapted(values)
        return Study(kind="seats", game=self.game, players=self.players, games=int(games), seed=self.seed,
                     strategies=self.strategies, params={**self.fixed, **values}, command=self.command,
                     weights_folder=folder, weights_checks=self.adapted_checks(values, folder))

    def adapted(self, values: dict) -> str | None:
        """--adapt: the cache folder holding weights trained for these rules (trained here when missing)."""
        if not self.adapt:
            return None
        from experiments import adapt
        spec = get_game(self.game)
        return str(adapt.ensure(spec, self.players, {**self.fixed, **values}, self.bases, self.adapt, self.seed,
                                self.jobs, self.progress))

    def adapted_checks(self, values: dict, folder: str | None) -> list | None:
        """--adapt: the player checks of the files trained for these rules (cached beside them)."""
        if not self.adapt:
            return None
        from experiments import adapt
        return [adapt.check_arm(get_game(self.game), self.players, {**self.fixed, **values}, self.bases, Path(folder),
                                self.jobs, self.progress)]

    def skill_study(self, values: dict, games: int) -> Study:
        line = [self.strong] + [self.weak] * (self.players - 1)
        return Study(kind="seats", game=self.game, players=self.players, games=int(games), seed=self.seed,
                     strategies=line, params={**self.fixed, **values}, command=self.command)


def evaluate(t: Tuning, folder: Path) -> dict:
    """Loss and the figures behind it for one candidate (folded over its chunks)."""
    from reports.fold import seat_counts
    p = t.players
    fair = 1.0 / p
    sc = seat_counts(folder / "mirror")
    r0, lo0, hi0, _, n = sc.rate(0)
    rates = [sc.rate(k) for k in range(p)]
    mean_len, len_lo, len_hi = sc.length()
    ev = {"games": n, "seat0": r0, "seat0_low": lo0, "seat0_high": hi0,
          "max_seat_dev": max(abs(r[0] - fair) for r in rates),
          "length": mean_len, "length_low": len_lo, "length_high": len_hi}
    loss = 0.0
    constraint = t.objective() is not None     # the fairness targets are a constraint, not a loss
    if t.has_flow():
        from reports.flow import run_figures
        figs = run_figures(folder / "mirror", p).set_index("figure")
    for tg in t.parsed_targets:
        if tg.kind in FAIRNESS and constraint:
            from reports import stats
            if tg.kind == "first_seat_fair":
                pv = stats.binom_pvalue(rates[0][3], rates[0][4], fair)
            else:
                pv = float(min(stats.holm([stats.binom_pvalue(r[3], r[4], fair) for r in rates])))
            ev["seat_edge_p"] = min(ev.get("seat_edge_p", 1.0), pv)
            ev["seat_edge"] = ev["seat_edge_p"] < 0.05
        elif tg.kind == "first_seat_fair":
            loss += 100 * abs(r0 - fair)
        elif tg.kind == "seats_fair":
            loss += 100 * ev["max_seat_dev"]
        elif tg.kind == "flow":
            row = figs.loc[tg.column] if tg.column in figs.index else None
            v = float(row["value"]) if row is not None else math.nan
            ev.update({tg.column: v, f"{tg.column}_low": float(row["ci_low"]) if row is not None else math.nan,
                       f"{tg.column}_high": float(row["ci_high"]) if row is not None else math.nan,
                       f"{tg.column}_n": int(row["games"]) if row is not None else 0})
            if tg.goal == "value":
                loss += flow_loss(v, tg.lo)
            else:
                ev["objective"] = (-v if tg.goal == "max" else v) if math.isfinite(v) else math.inf
        elif tg.kind == "length":
            dist = max(tg.lo - mean_len, 0.0, mean_len - tg.hi)
            loss += 100 * dist / (tg.hi - tg.lo)
        elif tg.kind == "skill_gap":
            ss = seat_counts(folder / "skill")
            g, glo, ghi, _, gn = ss.strategy_rate(t.strong)
            ev.update(gap=g - fair, gap_low=glo - fair, gap_high=ghi - fair, gap_n=gn)
            loss += 100 * max(tg.lo - (g - fair), 0.0)
    ev["loss"] = loss
    return ev


def flow_loss(value: float, goal: float) -> float:
    """Loss of a flow value target: |value - goal| in percent of the goal (in points when |goal| <= 1,
    where a figure is a share or a rate); 100 points when the figure is undefined (no game had it)."""
    if not math.isfinite(value):
        return 100.0
    return 100 * abs(value - goal) / max(abs(goal), 1.0)


def _weights_played(run_dir: Path) -> str:
    """Which weights file the tuned seats of a candidate's run played (run.json), '' if none."""
    import json
    try:
        meta = json.loads((Path(run_dir) / "run.json").read_text())
    except (OSError, ValueError):
        return ""
    played = dict(meta.get("weights") or {})
    for arm in (meta.get("adapt") or {}).get("arms", []):   # --adapt: the candidate's one arm
        played.update(arm["weights"])
    # each file's note carries its player check (experiments/weights.resolve), flagged or not
    return "; ".join(f"{k}: {v}" for k, v in played.items())


def successive_halving(t: Tuning, out: Path, jobs: int = 1, progress: bool = True) -> list[dict]:
    """Play the rounds; returns the trajectory: one row per (round, candidate)."""
    alive = list(range(len(t.grid)))
    games = int(t.games)
    rows = []
    rnd = 0
    while True:
        for i in alive:
            folder = out / "candidates" / f"c{i:03d}"
            st = t.mirror_study(t.grid[i], games)
            run_study(st, folder / "mirror", jobs=jobs, progress=progress, plan=Plan(st, jobs), extend=True)
            if t.needs_skill():
                sk = t.skill_study(t.grid[i], games)
                run_study(sk, folder / "skill", jobs=jobs, progress=progress, plan=Plan(sk, jobs), extend=True)
        evs = {i: evaluate(t, out / "candidates" / f"c{i:03d}") for i in alive}
        for i in alive:
            w = _weights_played(out / "candidates" / f"c{i:03d}" / "mirror")
            rows.append({"round": rnd, "candidate": i, **t.grid[i], **evs[i], **({"weights": w} if w else {})})
        if len(alive) == 1:
            return rows
        alive = sorted(alive, key=lambda i: t.rank_key(evs[i], i))[: math.ceil(len(alive) / 2)]
        games *= 2
        rnd += 1


def run(t: Tuning, out, jobs: int = 1, resume: bool = False, force: bool = False, rule=None,
        progress: bool = True) -> dict:
    from experiments import folder
    from experiments.sequential import StopRule, run_until
    from reports.fold import seat_counts
    from reports.sequential import write_record

    from experiments.sequential import check_sprt_fair
    rule = rule or StopRule()
    t.validate(jobs)
    check_sprt_fair(rule, t.players)
    out = folder.check(out, resume, force)
    spec = get_game(t.game)
    meta = {"kind": "tune", "game": t.game, "title": spec.title, "players": t.players,
            "strategies": [t.strategies], "params": dict(t.fixed), "tuned": [[n, v] for n, v in t.axes],
            "targets": t.targets, "seed": t.seed, "games": int(t.games), "command": t.command,
            "skill_lineup": [t.strong, t.weak] if t.needs_skill() else None, "rule": rule.describe(),
            "adapt": {"train_games": t.adapt} if t.adapt else None}
    folder.start(out, meta, resume, force)
    rows = successive_halving(t, Path(out), jobs, progress)
    best = rows[-1]["candidate"]
    best_dir = Path(out) / "candidates" / f"c{best:03d}"
    final_games = rows[-1]["games"]

    def grow(n):
        for sub, mk in (("mirror", t.mirror_study), ("skill", t.skill_study)):
            if sub == "skill" and not t.needs_skill():
                continue
            st = mk(t.grid[best], max(int(n), final_games))
            run_study(st, best_dir / sub, jobs=jobs, progress=progress, plan=Plan(st, jobs), extend=True)

    def measure():
        sc = seat_counts(best_dir / "mirror")
        fam = 1 if t.players == 2 else t.players
        counts = {f"seat {k}": (*sc.rate(k)[3:5], 1) for k in range(t.players)}
        counts.update({f"seat {k} (simultaneous)": (*sc.rate(k)[3:5], fam) for k in range(t.players)})
        return {"counts": counts, "seats": [sc.rate(k)[3:5] for k in range(t.players)]}

    rec = run_until(rule, final_games, grow, measure, progress, folder=out, resume=resume) if rule.sequential else None
    # the winner was chosen on these seeds, so its figures there are biased towards the target
    # (winner's curse): play it again on seeds no candidate was chosen on
    from reports.tune_stats import FRESH_SEED_OFFSET
    fresh_games = max(int(rows[-1]["games"]), int(t.games))
    fresh = replace(t.mirror_study(t.grid[best], fresh_games), seed=t.seed + FRESH_SEED_OFFSET)
    run_study(fresh, best_dir / "fresh", jobs=jobs, progress=progress, plan=Plan(fresh, jobs), extend=True)
    if rec is not None:
        write_record(out, rec.to_json())
        ev = evaluate(t, best_dir)
        rows.append({"round": rows[-1]["round"] + 1, "candidate": best, **t.grid[best], **ev, "confirm": True})
    import pandas as pd

    from reports.render import write_atomic
    write_atomic(Path(out) / "trajectory.csv", pd.DataFrame(rows).to_csv(index=False, lineterminator="\n").encode())
    folder.finish(out, {"best": t.grid[best], "best_candidate": best, "fresh_seed": t.seed + FRESH_SEED_OFFSET,
                        "fresh_games": fresh_games})
    from reports.tune import build
    return build(out)
