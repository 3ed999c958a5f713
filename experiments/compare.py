"""`agon compare RUN_A RUN_B [...]`: runs (or rule variants) of one game side by side.

A variant can be played here too: `agon compare RUN_A --set NAME=VALUE` replays RUN_A's study
with the parameter changed, on the same seeds (so every difference is paired), into
RUN_A-NAME-VALUE, then compares the two. The report is reports/compare.py.
"""
from __future__ import annotations

import json
from pathlib import Path

from sim.spec import AgonInputError


def check_runs(runs: list[str]) -> list[Path]:
    """Run folders of one game and player count, each with results (one-line errors otherwise)."""
    out = []
    metas = []
    for r in runs:
        p = Path(r)
        if not (p / "run.json").exists():
            raise AgonInputError(f"{p} is not a run folder (no run.json)")
        try:
            meta = json.loads((p / "run.json").read_text())
        except ValueError:
            raise AgonInputError(f"{p}/run.json is not valid JSON")
        if meta.get("kind") not in ("seats", "sweep"):
            raise AgonInputError(f"{p} is a {meta.get('kind')} folder; compare takes seats or sweep run folders")
        if not list((p / "results").glob("chunk-*.parquet")):
            raise AgonInputError(f"{p} has no results to compare")
        out.append(p)
        metas.append(meta)
    games = {m.get("game") for m in metas}
    if len(games) > 1:
        raise AgonInputError(f"compare needs runs of one game, got {', '.join(sorted(map(str, games)))}")
    players = {m.get("players") for m in metas}
    if len(players) > 1:
        raise AgonInputError(f"compare needs runs with one player count, got {', '.join(map(str, sorted(players)))}")
    return out


def variant(run: Path, overrides: dict, jobs: int = 1, force: bool = False, progress: bool = True) -> Path:
    """Replay `run`'s study with `overrides` on the same seeds; returns the new run folder."""
    from experiments.runner import Plan, Study, run_study
    meta = json.loads((run / "run.json").read_text())
    params = {**(meta.get("params") or {}), **overrides}
    tag = "-".join(f"{k}-{v}" for k, v in overrides.items())
    out = run.parent / f"{run.name}-{tag}"
    strategies = meta.get("strategies") or ["random"]
    sweep = [[p, [a["values"][p] for a in meta["sweep"]["arms"]]] for p in meta["sweep"]["params"]] \
        if meta.get("kind") == "sweep" else []
    rotations = 1 if not meta.get("rotation") else int(meta["players"])
    st = Study(kind=meta["kind"], game=meta["game"], players=meta["players"], games=int(meta["seeds"]) * rotations,
               seed=meta["seed"], strategies=",".join(map(str, strategies)), params=params, sweep=sweep,
               command=f"{meta.get('command', '')} " + " ".join(f"--set {k}={v}" for k, v in overrides.items()))
    plan = Plan(st, jobs)
    run_study(st, out, jobs=jobs, force=force, progress=progress, plan=plan)
    return out


def run(runs: list[str], out, overrides: dict | None = None, jobs: int = 1, force: bool = False,
        progress: bool = True, command: str = "") -> dict:
    from reports.compare import build
    if overrides:
        if len(runs) != 1:
            raise AgonInputError("--set plays a variant of one run: give one run folder with --set")
        base = check_runs(runs)[0]
        paths = [base, variant(base, overrides, jobs, force, progress)]
    else:
        if len(runs) < 2:
            raise AgonInputError("compare needs two or more run folders (or one with --set NAME=VALUE)")
        paths = check_runs(runs)
    out = Path(out)
    if (out / "report.md").exists() and not force:
        raise AgonInputError(f"{out} already holds a comparison; use --force to replace it")
    out.mkdir(parents=True, exist_ok=True)
    return build(out, paths, command)
