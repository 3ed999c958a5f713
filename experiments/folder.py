"""Folders of composite studies (tournament, tune, restrict, components, design report).

A composite study writes its own run.json and report next to ordinary run folders of the
runner (line-ups, candidates, arms). The same rules as for a run folder: an existing
folder needs --resume or --force, only an Agon folder (with run.json) is ever replaced,
and everything is checked before the first file is written.
"""
from __future__ import annotations

import shutil
import time
from pathlib import Path

from experiments.provenance import git_commit, package_version
from experiments.runner import write_json_atomic
from sim.spec import AgonInputError


def check(out, resume: bool = False, force: bool = False) -> Path:
    """Validate `out` for a new, resumed or replaced study; writes nothing."""
    out = Path(out)
    if resume and force:
        raise AgonInputError("choose one of --resume and --force")
    if out.exists() and not out.is_dir():
        raise AgonInputError(f"output path {out} exists and is not a folder")
    if out.exists() and any(out.iterdir()):
        if not (out / "run.json").exists():
            raise AgonInputError(f"refusing to use {out}: it is not an Agon run folder (no run.json)")
        if not (resume or force):
            raise AgonInputError(f"output folder {out} already exists; use --resume to finish it or --force to replace it")
    elif resume:
        raise AgonInputError(f"nothing to resume in {out}: no run.json")
    return out


def start(out, meta: dict, resume: bool = False, force: bool = False) -> Path:
    """Clear the folder on --force and write the study's run.json (status running)."""
    out = Path(out)
    if force and out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True, exist_ok=True)
    meta = dict(meta, status="running", version=package_version(), git_commit=git_commit(),
                created=time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()))
    write_json_atomic(meta, out / "run.json")
    return out


def finish(out, meta_update: dict) -> None:
    import json
    path = Path(out) / "run.json"
    meta = json.loads(path.read_text())
    meta.update(meta_update, status="complete")
    write_json_atomic(meta, path)
