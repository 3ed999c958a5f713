"""Sequential sample sizes: play batches until a stopping rule says the run is big enough.

Two rules (STATISTICS.md, "Stopping rules"), checked only after whole batches:
- fixed precision (`--until-ci H`): stop when every interval the study reports has a
  half-width of at most H (a proportion: 0.005 = half a point), simultaneous and anytime-valid
  ones included, or at the game cap;
- SPRT (`--sprt p0,p1`): Wald's sequential probability ratio test of *every* seat, two-sided:
  H0 every seat wins p0 (the fair 1/p) against H1 some seat wins p0 + d or p0 - d (d = |p1 - p0|).
  Each seat has an upper and a lower one-sided test at alpha / (2 x seats) (Bonferroni), bounds
  log(beta/(1-alpha')) and log((1-beta)/alpha'); H0 is rejected as soon as one test crosses its
  upper bound and accepted when every test is below its lower bound. With 2 players seat 1's rate
  is 1 minus seat 0's, so seat 0 alone is tested.
Without a rule a study plays its `--games` once ("fixed sample size").

Intervals after a data-dependent stop: a plain 95% interval covers less than 95% (looking after
every batch is a form of peeking). The rule knows how many looks it can take (K, from the first
batch, the batch size and the cap), so Wilson intervals at 5%/K hold at 95% at whichever look the
run stops (a union bound over the looks): `anytime_alpha`. The reports show them, labelled
"anytime-valid", next to the nominal ones, and `--until-ci` is met only when they are narrow enough.

A study supplies `grow(games)` (play up to that many games: runner `extend=True`, so the
batches of one run equal a single run of the final size) and `measure()` (the intervals it
reports and seat 0's wins, folded over the result chunks). The record of every look is
written to `stopping.json` and stated in the report.
"""
from __future__ import annotations

import math
import sys
from dataclasses import dataclass, field
from typing import Callable

from sim.spec import AgonInputError

SPRT_ALPHA = 0.05
SPRT_BETA = 0.05
DEFAULT_MAX_GAMES = 200_000


@dataclass
class StopRule:
    """How a study decides its sample size. `batch` games are added per look."""

    until_ci: float | None = None
    sprt: tuple[float, float] | None = None
    alpha: float = SPRT_ALPHA
    beta: float = SPRT_BETA
    max_games: int = DEFAULT_MAX_GAMES
    batch: int | None = None

    @property
    def sequential(self) -> bool:
        return self.until_ci is not None or self.sprt is not None

    def looks_planned(self, first_games: int) -> int:
        """How many looks the rule can take: the first batch, then one per batch up to the cap."""
        if not self.sequential:
            return 1
        first = min(int(first_games), self.max_games)
        batch = self.batch or first
        return 1 + max(0, math.ceil((self.max_games - first) / max(batch, 1)))

    def anytime_alpha(self, first_games: int, alpha: float = 0.05) -> float:
        """Per-look level of intervals that hold at `alpha` however the run stopped."""
        return alpha / self.looks_planned(first_games)

    def describe(self) -> str:
        if self.until_ci is not None:
            return (f"fixed precision: add batches until every reported 95% interval has a half-width of at most "
                    f"{100 * self.until_ci:g} points, capped at {self.max_games:,} games")
        if self.sprt is not None:
            p0, p1 = self.sprt
            d = abs(p1 - p0)
            return (f"two-sided SPRT on every seat's win rate, H0 every seat wins {100 * p0:g}% against H1 a seat "
                    f"wins {100 * (p0 - d):g}% or {100 * (p0 + d):g}%, family-wise alpha = {self.alpha:g} (Bonferroni "
                    f"over seats and both directions), beta = {self.beta:g} per test, checked after each batch, "
                    f"capped at {self.max_games:,} games")
        return "fixed sample size"


def parse_sprt(text: str | None) -> tuple[float, float] | None:
    """'0.25,0.27' (or percentages '25,27') -> (0.25, 0.27)."""
    if text is None:
        return None
    parts = [t.strip() for t in str(text).split(",")]
    try:
        vals = [float(t) for t in parts]
    except ValueError:
        raise AgonInputError(f"--sprt expects P0,P1 (e.g. 0.25,0.27), got {text!r}")
    if len(vals) != 2:
        raise AgonInputError(f"--sprt expects two rates P0,P1, got {text!r}")
    if all(1 < v < 100 for v in vals):
        vals = [v / 100 for v in vals]
    p0, p1 = vals
    if not (0 < p0 < 1 and 0 < p1 < 1) or p0 == p1:
        raise AgonInputError(f"--sprt rates must be distinct and strictly between 0 and 1, got {text!r}")
    return p0, p1


def make_rule(until_ci=None, sprt=None, max_games=None, batch=None, games: int = 0,
              alpha: float = SPRT_ALPHA, beta: float = SPRT_BETA) -> StopRule:
    """Validate the sequential options of a command (or TOML study) into a StopRule."""
    if until_ci is not None and sprt is not None:
        raise AgonInputError("choose one of --until-ci and --sprt")
    if until_ci is not None:
        try:
            until_ci = float(until_ci)
        except (TypeError, ValueError):
            raise AgonInputError(f"--until-ci expects a half-width such as 0.005, got {until_ci!r}")
        if until_ci >= 1 and until_ci < 50:
            until_ci = until_ci / 100  # given in points
        if not (0 < until_ci < 0.5):
            raise AgonInputError(f"--until-ci must be a half-width between 0 and 0.5 (0.005 = half a point), got {until_ci}")
    sprt = parse_sprt(sprt) if isinstance(sprt, str) or sprt is None else tuple(sprt)
    if max_games is not None and int(max_games) < 1:
        raise AgonInputError(f"--max-games must be at least 1, got {max_games}")
    if batch is not None and int(batch) < 1:
        raise AgonInputError(f"--batch must be at least 1, got {batch}")
    if not (0 < alpha < 0.5 and 0 < beta < 0.5):
        raise AgonInputError("SPRT alpha and beta must be between 0 and 0.5")
    cap = int(max_games) if max_games is not None else max(DEFAULT_MAX_GAMES, int(games))
    if (until_ci is not None or sprt is not None) and games and cap < int(games):
        raise AgonInputError(f"--max-games ({cap:,}) is below the first batch --games ({int(games):,})")
    return StopRule(until_ci=until_ci, sprt=sprt, alpha=alpha, beta=beta, max_games=cap,
                    batch=int(batch) if batch else None)


@dataclass
class Look:
    games: int
    max_half_width: float | None
    widest: str | None
    llr: float | None             # the largest log likelihood ratio of the SPRT's tests
    nearest: str | None = None    # the test it belongs to ("seat 2 high")


@dataclass
class Record:
    rule: str
    stopped_by: str
    decision: str
    looks: list[Look] = field(default_factory=list)
    bounds: tuple[float, float] | None = None
    looks_planned: int = 1
    anytime_alpha: float = 0.05

    def to_json(self) -> dict:
        return {"rule": self.rule, "stopped_by": self.stopped_by, "decision": self.decision,
                "bounds": list(self.bounds) if self.bounds else None,
                "looks_planned": self.looks_planned, "anytime_alpha": self.anytime_alpha,
                "looks": [vars(lk) for lk in self.looks]}


def sprt_llr(wins: float, n: float, p0: float, p1: float) -> float:
    """Log-likelihood ratio of H1 against H0 for `wins` (ties split, so fractional) in n games."""
    return wins * math.log(p1 / p0) + (n - wins) * math.log((1 - p1) / (1 - p0))


def sprt_bounds(alpha: float, beta: float) -> tuple[float, float]:
    """(accept H0 at or below, accept H1 at or above)."""
    return math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)


def sprt_tests(seats: list[tuple[float, float]], p0: float, p1: float) -> dict[str, float]:
    """Log likelihood ratios of the two-sided every-seat SPRT: for each seat (seat 0 only with 2
    players, whose rates mirror each other) one test against p0 + d and one against p0 - d."""
    d = abs(p1 - p0)
    tests = seats[:1] if len(seats) == 2 else seats
    out = {}
    for k, (w, n) in enumerate(tests):
        out[f"seat {k} high"] = sprt_llr(w, n, p0, min(p0 + d, 1 - 1e-12))
        out[f"seat {k} low"] = sprt_llr(w, n, p0, max(p0 - d, 1e-12))
    return out


def interval_half_widths(counts: dict, alpha: float) -> dict[str, float]:
    """{label: half-width} of Wilson intervals at alpha / m for counts {label: (wins, n, m)}
    (m: the size of the family the interval is simultaneous over, 1 for a plain interval)."""
    from reports.stats import wilson
    out = {}
    for label, (w, n, m) in counts.items():
        if n and n > 0:
            lo, hi = wilson(w, n, alpha / max(int(m), 1))
            out[label] = (hi - lo) / 2
    return out


STATE_FILE = "sequential.json"


def run_until(rule: StopRule, first_games: int, grow: Callable[[int], None],
              measure: Callable[[], dict], progress: bool = True, folder=None, resume: bool = False) -> Record:
    """Play `first_games`, then batches, until the rule stops the run.

    measure() returns {"counts": {label: (wins, n, m)}} (intervals the report shows; m is the
    size of the family a simultaneous interval covers) and/or {"intervals": {label: (low,
    high)}}, and {"seats": [(wins, games) per seat]} (or "seat0"); `games` counts the study's
    games in the same unit as `first_games` (per arm, per line-up...). With --until-ci the
    half-width checked is that of the anytime-valid interval (Wilson at alpha/K per look, and
    alpha/(K m) for a simultaneous one), the widest the report shows.
    With `folder`, the looks so far and the size being grown to are kept in folder/sequential.json
    after every look, so an interrupted run resumes at the batch it was playing, with the same
    looks, and stops where an uninterrupted run stops."""
    games = int(first_games)
    if rule.sequential:
        games = min(games, rule.max_games)
    batch = rule.batch or games
    alpha_t = rule.anytime_alpha(first_games)
    alpha1 = rule.alpha
    rec = Record(rule=rule.describe(), stopped_by="fixed sample size", decision="", looks_planned=rule.looks_planned(first_games),
                 anytime_alpha=alpha_t)
    n_tests = None
    saved = load_state(folder, rule) if folder is not None and resume and rule.sequential else None
    if saved:
        rec.looks = [Look(**lk) for lk in saved["looks"]]
        games = int(saved["growing_to"])
    while True:
        grow(games)
        m = measure()
        widths = interval_half_widths(m.get("counts", {}), alpha_t if rule.sequential else 0.05)
        for k, (lo, hi) in (m.get("intervals") or {}).items():
            if k not in widths and lo is not None and hi is not None and math.isfinite(lo) and math.isfinite(hi):
                widths[k] = (hi - lo) / 2
        widest = max(widths, key=widths.get) if widths else None
        llr, nearest, tests = None, None, {}
        if rule.sprt:
            seats = m.get("seats") or [m["seat0"]]
            tests = sprt_tests(seats, *rule.sprt)
            n_tests = len(tests)
            alpha1 = rule.alpha / n_tests
            nearest = max(tests, key=tests.get)
            llr = tests[nearest]
            rec.bounds = sprt_bounds(alpha1, rule.beta)
        rec.looks.append(Look(games, widths[widest] if widest else None, widest, llr, nearest))
        if not rule.sequential:
            return rec
        if rule.until_ci is not None and widest is not None and widths[widest] <= rule.until_ci:
            rec.stopped_by = "until-ci"
            rec.decision = (f"every reported interval, anytime-valid and simultaneous ones included, has a half-width "
                            f"of at most {100 * rule.until_ci:g} points (widest: {widest}, "
                            f"{100 * widths[widest]:.3g} points)")
            return rec
        if tests:
            lo_b, hi_b = rec.bounds
            if llr >= hi_b:
                side = "more" if nearest.endswith("high") else "less"
                d = abs(rule.sprt[1] - rule.sprt[0])
                rec.stopped_by = "sprt"
                rec.decision = (f"reject H0: {nearest.rsplit(' ', 1)[0]} wins {side} than {100 * rule.sprt[0]:g}% "
                                f"(its test against {100 * (rule.sprt[0] + (d if side == 'more' else -d)):g}% crossed "
                                f"the upper bound)")
                return rec
            if all(v <= lo_b for v in tests.values()):
                rec.stopped_by = "sprt"
                rec.decision = (f"accept H0: no seat's rate differs from {100 * rule.sprt[0]:g}% by "
                                f"{100 * abs(rule.sprt[1] - rule.sprt[0]):g} points or more (all {n_tests} tests below "
                                "the lower bound)")
                return rec
        if games >= rule.max_games:
            rec.stopped_by = "max-games"
            rec.decision = ("the game cap was reached before the rule was met: "
                            + (f"widest interval {widest} still {100 * widths[widest]:.3g} points"
                               if rule.until_ci is not None and widest else
                               f"no SPRT decision (largest log LR {llr:.3g}, {nearest}, between {rec.bounds[0]:.3g} "
                               f"and {rec.bounds[1]:.3g})" if llr is not None else "no decision"))
            return rec
        games = min(games + batch, rule.max_games)
        if folder is not None:
            save_state(folder, rule, rec, games)
        if progress:
            print(f"sequential: growing to {games:,} games ({rule.describe().split(':')[0]})", file=sys.stderr)


def check_sprt_fair(rule: StopRule, players: int) -> None:
    """The every-seat SPRT tests H0 'every seat wins the fair 1/p': P0 must be that rate."""
    if rule.sprt is not None and abs(rule.sprt[0] - 1.0 / players) > 1e-6:
        raise AgonInputError(f"--sprt P0 must be the fair rate 1/{players} = {1 / players:.6g} (H0: every seat is fair); "
                             f"got {rule.sprt[0]:g}")


def load_state(folder, rule: StopRule) -> dict | None:
    """The stored looks of an interrupted sequential run in `folder` (None if it has none)."""
    import json
    from pathlib import Path
    path = Path(folder) / STATE_FILE
    if not path.exists():
        return None
    try:
        saved = json.loads(path.read_text())
        int(saved["growing_to"]), list(saved["looks"])
    except (OSError, ValueError, KeyError, TypeError):
        raise AgonInputError(f"cannot resume {folder}: {STATE_FILE} is unreadable; use --force to start again")
    if saved.get("rule") != rule.describe():
        raise AgonInputError(f"cannot resume {folder}: it was run with the stopping rule \"{saved.get('rule')}\"; "
                             f"use the same options or --force")
    return saved


def save_state(folder, rule: StopRule, rec: Record, growing_to: int) -> None:
    from pathlib import Path
    from experiments.runner import write_json_atomic
    write_json_atomic({"rule": rule.describe(), "growing_to": int(growing_to),
                       "looks": [vars(lk) for lk in rec.looks]}, Path(folder) / STATE_FILE)


def run_single(study, out, rule: StopRule, jobs: int = 1, resume: bool = False, force: bool = False,
               progress: bool = True, plan=None):
    """A seats or sweep study under a stopping rule: grow one run folder batch by batch
    (runner `extend=True`), then build its report and add the stopping section."""
    from dataclasses import replace
    from pathlib import Path

    from experiments.runner import Plan, prepare_folder, run_study
    from reports import build_report
    from reports.fold import seat_counts
    from reports.sequential import annotate_report

    out = Path(out)
    plan = plan or Plan(study, jobs)
    check_sprt_fair(rule, plan.players)
    saved = load_state(out, rule) if resume and rule.sequential else None
    if saved:   # an interrupted batch: the stored run may have grown past the first one
        prepare_folder(out, resume, force, Plan(replace(study, games=int(saved["growing_to"])), jobs), extend=True)
    else:
        prepare_folder(out, resume, force, plan)       # validates before anything is written
    state = {"force": force, "resume": resume}

    def grow(games):
        st = replace(study, games=int(games))
        run_study(st, out, jobs=jobs, resume=state["resume"], force=state["force"], progress=progress,
                  plan=Plan(st, jobs), extend=not state["force"])
        state["force"] = state["resume"] = False

    def measure():
        sc = seat_counts(out)
        counts, fam = {}, 1 if sc.players == 2 else sc.players
        for arm in sorted(sc.games):
            for k in range(sc.players):
                _, _, _, w, n = sc.rate(k, arm)
                tag = f"seat {k}" + (f", arm {arm}" if len(sc.games) > 1 else "")
                counts[tag] = (w, n, 1)
                counts[tag + " (simultaneous)"] = (w, n, fam)
        first = min(sc.games)
        return {"counts": counts, "seats": [sc.rate(k, first)[3:5] for k in range(sc.players)]}

    from experiments import folder
    from reports.sequential import write_record
    with folder.locked(out):   # one writer for every batch, not only while a batch plays
        rec = run_until(rule, int(study.games), grow, measure, progress, folder=out, resume=resume)
        write_record(out, rec.to_json())     # the report reads it: anytime-valid intervals, the stopping rule
        summary = build_report(out)
        annotate_report(out, rec.to_json())
    return out, summary, rec
