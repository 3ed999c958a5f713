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
    kind = "tournament"  strategies = "random,greedy,ismcts"  ladder = "random,greedy,ismcts"
    kind = "components"  strategies = "greedy"
    kind = "restrict"    bans = ["legionary"]  strategies = "greedy"
    kind = "tune"        tune = { oracle_points = "0:8" }  targets = ["first_seat_fair", "length=40:60"]
    kind = "design"      scale = 1.0   (game counts from experiments/configs/design.toml)
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

from experiments import schema
from experiments.args import parse_range
from experiments.runner import Study
from sim.spec import AgonInputError

_SEQUENTIAL_KEYS = {"until_ci", "sprt", "max_games", "batch"}


@dataclass
class Config:
    title: str
    out: str
    jobs: int
    studies: list[tuple[str, Study]]


def load_config(path: str) -> Config:
    """Read a study file: its shape is checked against experiments/schema.py before any study is built."""
    p = Path(path)
    if not p.is_file():
        raise AgonInputError(f"config file {path} not found")
    data = read_toml(p)
    schema.check(data, schema.FILE_SCHEMA, str(path))
    studies, names = [], set()
    for i, raw in enumerate(data["study"]):
        name = _name(raw, names, path, i)
        where = f"{path}: study {i + 1} ({name}, {raw.get('kind')})"
        schema.check_study(raw, where)
        try:
            study = _study(raw, where) if raw["kind"] in ("seats", "sweep") else None
            if study is None or set(raw) & _SEQUENTIAL_KEYS:
                study = _composite(raw, where, study)
        except AgonInputError as e:
            raise AgonInputError(str(e) if str(e).startswith(where) else f"{where}: {e}")
        studies.append((name, study))
    return Config(title=str(data.get("title", p.stem)), out=str(data.get("out", f"runs/{p.stem}")),
                  jobs=int(data.get("jobs", 1)), studies=studies)


def read_toml(path: Path) -> dict:
    """A TOML file as a dict; unreadable or invalid text is one line naming the file."""
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except UnicodeDecodeError:
        raise AgonInputError(f"{path} is not UTF-8 text")
    except tomllib.TOMLDecodeError as e:
        raise AgonInputError(f"{path} is not valid TOML: {e}")


def _name(raw, names: set, path, i: int) -> str:
    """The study's folder name: plain (experiments/folder.py) and unique within the file."""
    from experiments.folder import plain_name
    if not isinstance(raw, dict):
        raise AgonInputError(f"{path}: study {i + 1} must be a [[study]] table")
    if "name" not in raw:
        raise AgonInputError(f"{path}: study {i + 1} has no 'name' (a plain folder name)")
    try:
        name = plain_name(raw.get("name"), "study name")
    except AgonInputError as e:
        raise AgonInputError(f"{path}: study {i + 1}: {e}")
    if name in names:
        raise AgonInputError(f"{path}: study {i + 1}: study name {name!r} is used twice; names must be unique")
    names.add(name)
    return name


def _study(raw: dict, where: str) -> Study:
    """A seats or sweep study (values already checked by the schema)."""
    sweep = [[k, parse_range(str(v), f"sweep {k}") if not isinstance(v, list) else v]
             for k, v in (raw.get("sweep") or {}).items()]
    strategies = raw.get("strategies", "random")
    return Study(kind=raw["kind"], game=raw["game"], players=raw.get("players"),
                 games=int(raw.get("games", 10000)), seed=int(raw.get("seed", 1)),
                 strategies=strategies if isinstance(strategies, str) else list(strategies),
                 params=dict(raw.get("params") or {}), sweep=sweep,
                 chunk_size=None if raw.get("chunk_size") is None else int(raw["chunk_size"]),
                 check=bool(raw.get("check", False)))


def _composite(raw: dict, where: str, study: Study | None):
    """A design study (tune, tournament, components, restrict, design) or a seats/sweep study with
    a stopping rule: experiments/composite.py."""
    from experiments.composite import Composite, from_toml
    if study is None:
        return from_toml(raw, where)
    from experiments.sequential import make_rule
    sprt = raw.get("sprt")
    rule = make_rule(raw.get("until_ci"), ",".join(map(str, sprt)) if isinstance(sprt, list) else sprt, raw.get("max_games"), raw.get("batch"), games=study.games)
    return Composite(raw["kind"], raw["game"], study, rule)
