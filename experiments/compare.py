"""`agon compare RUN_A RUN_B [...]`: runs (or rule variants) of one game side by side.

A variant can be played here too: `agon compare RUN_A --set NAME=VALUE` replays RUN_A's study
with the parameter changed, on the same seeds (so every difference is paired), into
OUT/variant-NAME-VALUE (inside the comparison's own folder), then compares the two. The report
is reports/compare.py.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

from experiments.args import set_flags
from sim.spec import AgonInputError


def check_runs(runs: list[str]) -> list[Path]:
    """Run folders of one game and player count, each with results (one-line errors otherwise)."""
    out = []
    metas = []
    seen = set()
    for r in runs:
        if str(r).strip() == "":
            raise AgonInputError("a run folder is an empty path")
        key = Path(r).resolve()
        if key in seen:
            raise AgonInputError(f"{r} is given twice; compare takes different runs (or one with --set)")
        seen.add(key)
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


def variant_study(run: Path, overrides: dict):
    """`run`'s study with `overrides`, on the same seeds, and the folder name of the variant."""
    from experiments.runner import Study
    meta = json.loads((run / "run.json").read_text())
    params = {**(meta.get("params") or {}), **overrides}
    tag = "variant-" + "-".join(f"{k}-{v}" for k, v in overrides.items())
    strategies = meta.get("strategies") or ["random"]
    sweep = [[p, [a["values"][p] for a in meta["sweep"]["arms"]]] for p in meta["sweep"]["params"]] \
        if meta.get("kind") == "sweep" else []
    rotations = 1 if not meta.get("rotation") else int(meta["players"])
    st = Study(kind=meta["kind"], game=meta["game"], players=meta["players"], games=int(meta["seeds"]) * rotations,
               seed=meta["seed"], strategies=",".join(map(str, strategies)), params=params, sweep=sweep,
               command=f"{meta.get('command', '')}" + set_flags(overrides))
    return st, re.sub(r"[^A-Za-z0-9._-]", "_", tag)[:100]


def run(runs: list[str], out, overrides: dict | None = None, jobs: int = 1, force: bool = False,
        progress: bool = True, command: str = "") -> dict:
    """Check everything, then (for --set) play the variant into OUT and write the comparison.
    OUT is an Agon folder like any run's (experiments/folder.py): new, or replaced with --force."""
    from experiments import folder
    from experiments.runner import Plan, run_study
    from reports.compare import build
    out = folder.check(out, resume=False, force=force)
    if overrides:
        if len(runs) != 1:
            raise AgonInputError("--set plays a variant of one run: give one run folder with --set")
        base = check_runs(runs)[0]
        st, name = variant_study(base, overrides)
        plan = Plan(st, jobs)   # validates the overrides before anything is written
    else:
        if len(runs) < 2:
            raise AgonInputError("compare needs two or more run folders (or one with --set NAME=VALUE)")
        paths = check_runs(runs)
    folder.start(out, {"kind": "compare", "runs": [str(r) for r in runs], "overrides": overrides or {},
                       "command": command}, force=force)
    if overrides:
        sub = folder.child(out, name, "variant")
        run_study(st, sub, jobs=jobs, progress=progress, plan=plan)
        paths = [base, sub]
    res = build(out, paths, command)
    folder.finish(out, {})
    return res
