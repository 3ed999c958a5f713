"""The declared shape of Agon's TOML files, checked with jsonschema before anything is built.

A study file (`agon run FILE`) has top-level keys and [[study]] tables; each study kind has its
own keys (`STUDY_SCHEMAS`). A design file (`agon design-report --config FILE`) has [defaults]
and [game.NAME] tables (`DESIGN_SCHEMA`). Every property carries `valid`, the words a person
reads in the error: one line naming the file, the study, the key and the valid values.
What a schema cannot say (a game's own parameters and strategies) is checked by the game's
spec afterwards, with the same one-line errors.
"""
from __future__ import annotations

import math

from jsonschema import Draft202012Validator

from experiments.args import MAX_CHUNK, MAX_GAMES, MAX_SCALE, MAX_SEED
from sim.spec import AgonInputError

KINDS = ("seats", "sweep", "tune", "tournament", "components", "restrict", "design")


def _int(lo: int, hi: int, valid: str) -> dict:
    return {"type": "integer", "minimum": lo, "maximum": hi, "valid": valid}


def _text(valid: str) -> dict:
    return {"type": "string", "minLength": 1, "valid": valid}


def _names(valid: str) -> dict:
    """A comma-separated string or a list of strings."""
    return {"anyOf": [{"type": "string", "minLength": 1},
                      {"type": "array", "minItems": 1, "items": {"type": "string", "minLength": 1}}],
            "valid": valid}


_VALUE = {"anyOf": [{"type": "string"}, {"type": "number"}, {"type": "boolean"}]}
_PROPS = {
    "name": _text("a plain folder name (letters, digits, '.', '_', '-')"),
    "kind": {"enum": list(KINDS), "valid": ", ".join(KINDS)},
    "game": _text("a game name (see `agon games`)"),
    "players": _int(1, 100, "a whole number of players the game allows"),
    "games": _int(1, MAX_GAMES, "a whole number from 1 to 10^15"),
    "seed": _int(0, MAX_SEED, "a whole number from 0 to 2^63-1"),
    "params": {"type": "object", "additionalProperties": _VALUE,
               "valid": "a table of rule parameters, e.g. { oracle_points = 4 }"},
    "until_ci": {"anyOf": [{"type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 50},
                           {"type": "string", "pattern": "^[ -~]+$"}],
                 "valid": "a half-width such as 0.005 (0 < H < 0.5)"},
    "sprt": {"anyOf": [{"type": "string", "pattern": "^[ -~]+$"},
                       {"type": "array", "items": {"type": "number"}, "minItems": 2, "maxItems": 2}],
             "valid": "\"P0,P1\" such as \"0.25,0.27\""},
    "max_games": _int(1, MAX_GAMES, "a whole number of games >= 1"),
    "batch": _int(1, MAX_GAMES, "a whole number of games >= 1"),
    "strategies": _names("a strategy name, or one per seat as \"a,b,c\" or [\"a\", \"b\"]"),
    "chunk_size": _int(1, MAX_CHUNK, f"a whole number from 1 to {MAX_CHUNK}"),
    "check": {"type": "boolean", "valid": "true or false (not a string)"},
    "sweep": {"type": "object", "minProperties": 1, "maxProperties": 2,
              "additionalProperties": {"anyOf": [
                  {"type": "string", "minLength": 1}, {"type": "number"},
                  {"type": "array", "minItems": 1, "items": {"anyOf": [{"type": "string"}, {"type": "number"}]}}]},
              "valid": "one or two entries NAME = \"LO:HI:STEP\" or [a, b, c]"},
    "tune": {"type": "object", "minProperties": 1,
             "additionalProperties": {"anyOf": [{"type": "string", "minLength": 1}, {"type": "number"}]},
             "valid": "a table NAME = \"LO:HI\""},
    "targets": _names("first_seat_fair | seats_fair | length=LO:HI | skill_gap=G, as a list"),
    "ladder": _names("strategies weakest first, e.g. \"random,greedy,ismcts\""),
    "bans": _names("options to ban, e.g. [\"legionary\"]"),
    "scale": {"type": "number", "exclusiveMinimum": 0, "maximum": MAX_SCALE,
              "valid": f"a number > 0 and <= {MAX_SCALE:g}"},
    "config": _text("the path of a design TOML file"),
}
_COMMON = ("name", "kind", "game", "players", "games", "seed", "params", "until_ci", "sprt", "max_games", "batch")
_KEYS = {
    "seats": _COMMON + ("strategies", "chunk_size", "check"),
    "sweep": _COMMON + ("strategies", "chunk_size", "check", "sweep"),
    "tune": _COMMON + ("strategies", "tune", "targets"),
    "tournament": _COMMON + ("strategies", "ladder"),
    "components": _COMMON + ("strategies",),
    "restrict": _COMMON + ("strategies", "bans"),
    "design": ("name", "kind", "game", "seed", "scale", "config"),
}
_DESIGN_SEED = _int(0, MAX_SEED - 3, "a whole number from 0 to 2^63-4 (the sweep, the tournament and the levels' order check use the next three)")
_REQUIRED = {"sweep": ["sweep"], "tune": ["tune", "targets"], "tournament": ["strategies"], "restrict": ["bans"]}


def _study_schema(kind: str) -> dict:
    props = {k: _PROPS[k] for k in _KEYS[kind]}
    if kind == "design":
        props["seed"] = _DESIGN_SEED
    return {"type": "object", "properties": props,
            "required": ["name", "kind", "game"] + _REQUIRED.get(kind, []), "additionalProperties": False}


STUDY_SCHEMAS = {kind: _study_schema(kind) for kind in KINDS}
FILE_SCHEMA = {
    "type": "object",
    "properties": {
        "title": _text("a title"),
        "out": _text("a folder for the studies' run folders"),
        "jobs": _int(1, 4096, "a whole number of worker processes >= 1"),
        "study": {"type": "array", "minItems": 1, "items": {"type": "object"},
                  "valid": "[[study]] tables"},
    },
    "required": ["study"], "additionalProperties": False,
}
_DESIGN_GAME = {
    "type": "object",
    "properties": {
        "players": _int(1, 100, "a whole number of players the game allows"),
        "strategies": _text("the strategy of the seats and sweep runs"),
        "tournament": _names("the tournament's strategies, e.g. \"random,greedy,ismcts\""),
        "seats": {"anyOf": [{"type": "integer", "minimum": 1, "maximum": MAX_GAMES},
                            {"type": "object", "minProperties": 1, "propertyNames": {"pattern": "^[0-9]{1,3}$"},
                             "additionalProperties": {"type": "integer", "minimum": 1, "maximum": MAX_GAMES}}]},
        "sweep": {"anyOf": [{"type": "string", "minLength": 1},
                            {"type": "array", "minItems": 1, "items": {"type": "number"}}]},
        "sweep_games": _int(1, MAX_GAMES, "a whole number of games >= 1"),
        "sweep_levels": {"anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string", "minLength": 1}}],
                         "valid": "further strategies the sweep is played with, e.g. \"tuned\" (\"\": none)"},
        "tournament_games": _int(1, MAX_GAMES, "a whole number of games >= 1"),
        "skill": _names("two or more strategies, weakest first, e.g. \"greedy,tuned,ismcts\""),
        "skill_games": {"anyOf": [{"type": "integer", "minimum": 1, "maximum": MAX_GAMES},
                                  {"type": "object", "minProperties": 1,
                                   "additionalProperties": {"type": "integer", "minimum": 1, "maximum": MAX_GAMES}}],
                        "valid": "games of each further skill level, or { tuned = 8000, ismcts = 2000 }"},
        "skill_trace_games": _int(0, MAX_GAMES, "a whole number of games per rung >= 0 (0: no skill trace)"),
        "order_games": _int(0, MAX_GAMES, "a whole number of games per step >= 0 (0: no check of the levels' order)"),
        "check_games": _int(0, MAX_GAMES, "a whole number of games >= 0 (0: no player checks)"),
        "check_option_games": _int(0, MAX_GAMES, "a whole number of seeds >= 0"),
        "check_confirm_games": _int(1, MAX_GAMES, "a whole number of seeds >= 1"),
        "causal": {"type": "boolean", "valid": "true or false (switch each flagged component's power off)"},
        "causal_games": _int(0, MAX_GAMES, "a whole number of games >= 0 (0: the seats run's; else its first games)"),
        "seat_check": {"type": "boolean",
                       "valid": "true or false (play the value the seat verdict names against the default)"},
    },
    "additionalProperties": False,
}
_DESIGN_GAME["properties"]["seats"]["valid"] = "games for every player count, or { 2 = 2000, 4 = 4000 }"
_DESIGN_GAME["properties"]["sweep"]["valid"] = "values of the key constant: \"0,2,4\", \"0:8:2\" or [0, 2, 4]"
DESIGN_SCHEMA = {
    "type": "object",
    "properties": {"defaults": dict(_DESIGN_GAME, valid="a table of game counts"),
                   "game": {"type": "object", "additionalProperties": dict(_DESIGN_GAME, valid="a table of game counts"),
                            "valid": "[game.NAME] tables"}},
    "additionalProperties": False,
}
_VALIDATORS: dict = {}


def check(data, schema: dict, where: str) -> dict:
    """Raise one line for the first problem of `data` against `schema`; returns `data`."""
    _finite(data, where, [])
    key = id(schema)
    if key not in _VALIDATORS:
        _VALIDATORS[key] = Draft202012Validator(schema)
    order = {"additionalProperties": 0, "required": 1}   # unknown keys first: they explain the rest
    errors = sorted(_VALIDATORS[key].iter_errors(data),
                    key=lambda e: (len(e.absolute_path), order.get(e.validator, 2), list(map(str, e.absolute_path))))
    if errors:
        raise AgonInputError(f"{where}: {_describe(errors[0], schema)}")
    return data


def check_study(raw, where: str) -> dict:
    """One [[study]] table: its kind first (that picks the schema), then every key."""
    if not isinstance(raw, dict):
        raise AgonInputError(f"{where}: a study must be a [[study]] table")
    kind = raw.get("kind")
    if kind is None:
        raise AgonInputError(f"{where} has no 'kind'; valid: {', '.join(KINDS)}")
    if kind not in KINDS:
        raise AgonInputError(f"{where}: unknown study kind {kind!r}; valid: {', '.join(KINDS)}")
    return check(raw, STUDY_SCHEMAS[kind], where)


def _finite(value, where: str, path: list) -> None:
    """TOML allows nan and inf; no Agon value does."""
    if isinstance(value, float) and not math.isfinite(value):
        if len(path) > 2 and path[0] == "study" and isinstance(path[1], int):
            where, path = f"{where}: study {path[1] + 1}", path[2:]
        raise AgonInputError(f"{where}: {'.'.join(map(str, path)) or 'value'} = {value} is not a finite number")
    if isinstance(value, dict):
        for k, v in value.items():
            _finite(v, where, path + [k])
    elif isinstance(value, list):
        for i, v in enumerate(value):
            _finite(v, where, path + [i])


def _describe(error, schema: dict) -> str:
    path = list(error.absolute_path)
    if error.validator == "additionalProperties":   # only ever False here: unknown keys
        props = _sub(schema, path).get("properties", {})
        bad = sorted(set(error.instance) - set(props))
        inside = f" in {'.'.join(map(str, path))}" if path else ""
        return f"unknown key(s) {', '.join(map(str, bad))}{inside}; valid: {', '.join(props)}"
    if error.validator == "required":
        missing = [k for k in error.validator_value if k not in error.instance]
        return f"missing key {missing[0]!r}" + (f" ({_sub(schema, path + [missing[0]]).get('valid')})"
                                                if _sub(schema, path + [missing[0]]).get("valid") else "")
    key = ".".join(map(str, path)) or "the file"
    valid = None
    for depth in range(len(path), -1, -1):   # the nearest declared `valid` on the way up
        valid = _sub(schema, path[:depth]).get("valid")
        if valid:
            break
    shown = error.instance if not isinstance(error.instance, (dict, list)) or len(repr(error.instance)) < 60 \
        else type(error.instance).__name__
    return f"{key} = {shown!r} is not valid; valid: {valid or error.message}"


def _sub(schema: dict, path: list) -> dict:
    """The schema of the value at `path` (through properties and additionalProperties)."""
    node = schema
    for step in path:
        if not isinstance(node, dict):
            return {}
        if isinstance(step, int):
            node = node.get("items", {})
        elif step in node.get("properties", {}):
            node = node["properties"][step]
        elif isinstance(node.get("additionalProperties"), dict):
            node = node["additionalProperties"]
        else:
            return {}
    return node if isinstance(node, dict) else {}
