"""Studies kept as TOML files (`agon run experiments/configs/FILE.toml`).

    title = "..."              # optional
    out = "runs/main"          # base folder; each study writes out/NAME
    jobs = 2
    [[study]]
    name = "mg-seats"          # folder name
    kind = "seats"             # or "sweep"
    game = "magna-grecia"
    players = 4
    games = 20000
    strategies = "greedy"      # or ["greedy", "random", ...] one per seat
    seed = 1
    params = { oracle_points = 4 }
    sweep = { oracle_points = "0:8:1" }   # sweeps only; one or two entries
    until_ci = 0.005           # optional stopping rule (any kind but design): or sprt = "0.25,0.27"
    max_games = 100000         # with batch = N games per look

Design studies (experiments/composite.py lists each kind's keys):
    kind = "tournament"  strategies = "random,greedy,search"  ladder = "random,greedy,search"
    kind = "components"  strategies = "greedy"
    kind = "restrict"    bans = ["legionary"]  strategies = "greedy"
    kind = "tune"        tune = { oracle_points = "0:8" }  targets = ["first_seat_fair", "length=40:60"]
    kind = "design"      scale = 1.0   (game counts from experiments/configs/design.toml)
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

from experiments.runner import Study
from sim.spec import AgonInputError

_STUDY_KEYS = {"name", "kind", "game", "players", "games", "strategies", "seed", "params", "sweep",
               "chunk_size", "check"}
_SEQUENTIAL_KEYS = {"until_ci", "sprt", "max_games", "batch"}
_TOP_KEYS = {"title", "out", "jobs", "study"}


@dataclass
class Config:
    title: str
    out: str
    jobs: int
    studies: list[tuple[str, Study]]


def load_config(path: str) -> Config:
    from experiments.cli import parse_range
    p = Path(path)
    if not p.is_file():
        raise AgonInputError(f"config file {path} not found")
    try:
        data = tomllib.loads(p.read_text())
    except tomllib.TOMLDecodeError as e:
        raise AgonInputError(f"{path} is not valid TOML: {e}")
    unknown = set(data) - _TOP_KEYS
    if unknown:
        raise AgonInputError(f"{path}: unknown key(s) {', '.join(sorted(unknown))}; valid: {', '.join(sorted(_TOP_KEYS))}")
    studies_raw = data.get("study")
    if not isinstance(studies_raw, list) or not studies_raw:
        raise AgonInputError(f"{path}: no [[study]] tables")
    jobs = data.get("jobs", 1)
    if not isinstance(jobs, int) or jobs < 1:
        raise AgonInputError(f"{path}: jobs must be a positive integer")
    studies, names = [], set()
    for i, raw in enumerate(studies_raw):
        if "kind" in raw and "game" in raw and (raw["kind"] not in ("seats", "sweep") or set(raw) & _SEQUENTIAL_KEYS):
            studies.append((_name(raw, names, path, i), _composite(raw, path, i)))
            continue
        bad = set(raw) - _STUDY_KEYS
        if bad:
            raise AgonInputError(f"{path}: study {i + 1}: unknown key(s) {', '.join(sorted(bad))}; "
                                 f"valid: {', '.join(sorted(_STUDY_KEYS))}")
        for key in ("name", "kind", "game"):
            if key not in raw:
                raise AgonInputError(f"{path}: study {i + 1} has no {key!r}")
        name = _name(raw, names, path, i)
        sweep = [[k, parse_range(str(v)) if not isinstance(v, list) else v]
                 for k, v in (raw.get("sweep") or {}).items()]
        studies.append((name, Study(
            kind=raw["kind"], game=raw["game"], players=raw.get("players"),
            games=int(raw.get("games", 10000)), seed=int(raw.get("seed", 1)),
            strategies=raw.get("strategies", "random"), params=dict(raw.get("params") or {}),
            sweep=sweep, chunk_size=raw.get("chunk_size"), check=bool(raw.get("check", False)))))
    return Config(title=str(data.get("title", p.stem)), out=str(data.get("out", f"runs/{p.stem}")),
                  jobs=jobs, studies=studies)


def _name(raw: dict, names: set, path, i: int) -> str:
    """The study's folder name: plain (experiments/folder.py) and unique within the file."""
    from experiments.folder import plain_name
    try:
        name = plain_name(raw.get("name"), "study name")
    except AgonInputError as e:
        raise AgonInputError(f"{path}: study {i + 1}: {e}")
    if name in names:
        raise AgonInputError(f"{path}: study {i + 1}: study name {name!r} is used twice; names must be unique")
    names.add(name)
    return name


def _composite(raw: dict, path, i: int):
    """A design study (tune, tournament, components, restrict, design) or a seats/sweep study with
    a stopping rule: experiments/composite.py."""
    from experiments.composite import from_toml
    where = f"{path}: study {i + 1}"
    if raw["kind"] in ("seats", "sweep"):
        from experiments.composite import Composite
        from experiments.sequential import make_rule
        plain = {k: v for k, v in raw.items() if k not in _SEQUENTIAL_KEYS}
        bad = set(plain) - _STUDY_KEYS
        if bad:
            raise AgonInputError(f"{where}: unknown key(s) {', '.join(sorted(bad))}; valid: "
                                 f"{', '.join(sorted(_STUDY_KEYS | _SEQUENTIAL_KEYS))}")
        from experiments.cli import parse_range
        sweep = [[k, parse_range(str(v)) if not isinstance(v, list) else v] for k, v in (raw.get("sweep") or {}).items()]
        study = Study(kind=raw["kind"], game=raw["game"], players=raw.get("players"), games=int(raw.get("games", 10000)),
                      seed=int(raw.get("seed", 1)), strategies=raw.get("strategies", "random"),
                      params=dict(raw.get("params") or {}), sweep=sweep, chunk_size=raw.get("chunk_size"),
                      check=bool(raw.get("check", False)))
        rule = make_rule(raw.get("until_ci"), raw.get("sprt"), raw.get("max_games"), raw.get("batch"), games=study.games)
        return Composite(raw["kind"], raw["game"], study, rule)
    return from_toml(raw, where)
