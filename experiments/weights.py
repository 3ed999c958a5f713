"""Tuned weight files: where `agon train` writes them and how the `tuned` strategy finds them.

A file is `strategies/weights/<game>-<N>p[-<hash>].toml` (`-<base>` appended for a persona),
where `<hash>` names the rule overrides it was trained under (none: default rules). It holds
the game, players, overrides, the base strategy the weights play with (greedy or a persona:
`tuned` costs exactly what that strategy costs), the command that made it, the training budget
and the win rate with its 95% interval against the default weights on fresh seeds. Weights are
stored by name, so a weight added to a player later keeps its default.

Resolution for (game, players, overrides): the file of exactly those overrides at N players,
else at the nearest player count (ties: the smaller); with overrides and no file for them, the
default-rules file the same way. Every resolution says which file played and why.
"""
from __future__ import annotations

import hashlib
import json
import math
import tomllib
from dataclasses import dataclass
from pathlib import Path

from sim.spec import AgonInputError

WEIGHTS_DIR = Path(__file__).resolve().parent.parent / "strategies" / "weights"
TUNED = "tuned"


def overrides_key(spec, overrides: dict | None) -> dict:
    """Overrides in canonical form: readable values, sorted, those equal to the default dropped
    (`--set x=default` trains the same player as no --set)."""
    out = {}
    for name, value in sorted((overrides or {}).items()):
        p = spec.params.get(name)
        code = p.encode(value)
        if code != p.default_code():
            out[p.name] = p.decode(code)
    return out


def overrides_hash(spec, overrides: dict | None) -> str:
    """8 hex digits naming a rule variant ('' for the default rules)."""
    key = overrides_key(spec, overrides)
    if not key:
        return ""
    return hashlib.sha1(json.dumps(key, sort_keys=True).encode()).hexdigest()[:8]


def file_name(spec, players: int, overrides: dict | None = None, base: str = "greedy") -> str:
    h = overrides_hash(spec, overrides)
    return f"{spec.name}-{players}p" + (f"-{h}" if h else "") + ("" if base == "greedy" else f"-{base}") + ".toml"


@dataclass(frozen=True)
class Resolved:
    """The weights a `tuned` seat plays with, and why."""

    base: str                         # strategy whose kind plays them (greedy or a persona)
    kind: int
    weights: tuple[float, ...]
    path: Path | None                 # None: no file anywhere, the base strategy's defaults played
    note: str                         # one line for reports: which file, and any fallback

    def describe(self) -> dict:
        return {"base": self.base, "file": str(self.path) if self.path else None, "note": self.note}


def read(path: Path) -> dict:
    try:
        return tomllib.loads(Path(path).read_text())
    except (OSError, tomllib.TOMLDecodeError) as e:
        raise AgonInputError(f"cannot read weights file {path}: {e}")


def vector(spec, base: str, named: dict) -> tuple[float, ...]:
    """Named weights -> the base strategy's full vector (defaults for names the file lacks)."""
    info = spec.strategy(base)
    names = list(info.weight_names)
    w = list(info.weights)
    unknown = [k for k in named if k not in names]
    if unknown:
        raise AgonInputError(f"weights file for {spec.name} names unknown weight(s) {', '.join(unknown)} of "
                             f"{base}; valid: {', '.join(names)}")
    for k, v in named.items():
        w[names.index(k)] = float(v)
    return tuple(w)


def resolve(spec, players: int, overrides: dict | None = None, base: str = "greedy",
            folder: Path | None = None, fallback_folder: Path | None = None) -> Resolved:
    """The weights of `tuned` (base strategy `base`) for this game, player count and rules.

    `folder` is searched first (an --adapt cache), then `fallback_folder` (default: the shipped
    strategies/weights/)."""
    info = spec.strategy(base)
    folders = [f for f in (folder, fallback_folder or WEIGHTS_DIR) if f is not None]
    h = overrides_hash(spec, overrides)
    suffix = "" if base == "greedy" else f"-{base}"
    tried = [h, ""] if h else [""]
    for rules_hash in tried:
        for d in folders:
            found = _nearest(Path(d), spec, players, rules_hash, suffix)
            if found is None:
                continue
            path, n = found
            data = read(path)
            w = vector(spec, data.get("strategy", base), data.get("weights", {}))
            notes = [f"weights {_short(path)}"]
            if n != players:
                notes.append(f"trained at {n} players (none for {players}: nearest player count)")
            if h and not rules_hash:
                notes.append("trained under the default rules (none for these rule overrides)")
            ev = data.get("evaluation", {})
            if "win_rate" in ev:
                notes.append(f"{100 * ev['win_rate']:.1f}% [{100 * ev['ci_low']:.1f}, {100 * ev['ci_high']:.1f}] "
                             f"against default {base} in {int(ev.get('games', 0)):,} games")
            if isinstance(data.get("player_check"), dict):     # agon train's check, at the file's own rules and count
                from experiments.weights_check import summary
                notes.append(summary(data["player_check"]))
            return Resolved(data.get("strategy", base), spec.strategy(data.get("strategy", base)).kind, w, path,
                            "; ".join(notes))
    return Resolved(base, info.kind, tuple(info.weights), None,
                    f"no trained weights for {spec.name}: the default {base} weights played "
                    f"(train with `agon train {spec.name} --players {players}"
                    + ("" if base == "greedy" else f" --strategy {base}") + "`)")


def _short(path: Path) -> str:
    try:
        return str(Path(path).resolve().relative_to(WEIGHTS_DIR.parent.parent))
    except ValueError:
        return str(path)


def _nearest(d: Path, spec, players: int, rules_hash: str, suffix: str):
    """(path, players) of the file in d nearest to `players` for these rules, or None."""
    if not d.is_dir():
        return None
    best = None
    for n in spec.player_counts:
        name = f"{spec.name}-{n}p" + (f"-{rules_hash}" if rules_hash else "") + suffix + ".toml"
        path = d / name
        if path.is_file():
            key = (abs(n - players), n)
            if best is None or key < best[0]:
                best = (key, path, n)
    return None if best is None else (best[1], best[2])


# ------------------------------------------------------------------ writing
def _toml_value(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        if math.isnan(v) or math.isinf(v):
            return json.dumps(str(v))
        return repr(v)
    if isinstance(v, dict):
        return "{" + ", ".join(f"{_toml_key(k)} = {_toml_value(x)}" for k, x in v.items()) + "}"
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(_toml_value(x) for x in v) + "]"
    return json.dumps(str(v))   # a TOML basic string is a JSON string


def _toml_key(k: str) -> str:
    return k if k.replace("_", "").replace("-", "").isalnum() else json.dumps(k)


def dumps(doc: dict, header: str = "") -> str:
    """A small TOML writer for these files: scalars and inline tables first, then [tables]."""
    lines = [f"# {x}" if x else "#" for x in header.splitlines()] if header else []
    tables = {k: v for k, v in doc.items() if isinstance(v, dict) and k in ("training", "evaluation", "player_check", "weights")}
    for k, v in doc.items():
        if k not in tables:
            lines.append(f"{_toml_key(k)} = {_toml_value(v)}")
    for k, v in tables.items():
        lines.append("")
        lines.append(f"[{k}]")
        for kk, vv in v.items():
            lines.append(f"{_toml_key(kk)} = {_toml_value(vv)}")
    return "\n".join(lines) + "\n"


def write(path: Path, doc: dict, header: str = "") -> Path:
    """Write atomically (a weights file is whole or absent)."""
    import os
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    text = dumps(doc, header)
    tomllib.loads(text)   # what we write must read back
    tmp = path.with_name("." + path.name + ".tmp")
    tmp.write_text(text)
    os.replace(tmp, path)
    return path
