"""Argument types and helpers of the command line, shared by experiments/cli.py,
experiments/cli_studies.py and experiments/config.py (so none of them imports another).

Every helper returns a clean value or raises one line naming the option and its valid values:
numbers are finite and written with ASCII digits, counts are whole numbers within bounds, seeds
fit the 63-bit game index the engines use. argparse turns an `ArgumentTypeError` into
"argument --games: ...", which experiments/cli.py prints as one line (exit 2).
"""
from __future__ import annotations

import argparse
import math
import os
import re
import shlex
import sys

from numpy import bool_ as np_bool

from sim.spec import AgonInputError

MAX_SEED = 2**63 - 1          # seeds and game indices are int64 in the engines
MAX_CHUNK = 2000              # games per chunk file
MAX_GAMES = 10**15            # games of one run (planned lazily: memory does not grow with it)
MAX_SECONDS = 86_400.0        # `agon bench --seconds`
MAX_BENCH_BATCH = 100_000     # games per call of `agon bench --batch`
MAX_SCALE = 1000.0            # `agon design-report --scale`
MAX_RANGE_VALUES = 200        # values of one --param range
_INT = re.compile(r"[+-]?[0-9]+")
_FLOAT = re.compile(r"[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?")


def int_text(text, what: str, lo: int | None = None, hi: int | None = None) -> int:
    """An integer written with ASCII digits (no '40.9', no '٣', no '1e3') within [lo, hi]."""
    if isinstance(text, bool) or not isinstance(text, (int, str)):
        raise AgonInputError(f"{what} must be a whole number{_bounds(lo, hi)}, got {text!r}")
    if isinstance(text, str):
        if not _INT.fullmatch(text.strip()):
            raise AgonInputError(f"{what} must be a whole number{_bounds(lo, hi)} (ASCII digits), got {text!r}")
        value = int(text.strip())
    else:
        value = text
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise AgonInputError(f"{what} must be{_bounds(lo, hi)}, got {value}")
    return value


def float_text(text, what: str, lo: float | None = None, hi: float | None = None,
               open_lo: bool = False) -> float:
    """A finite number written with ASCII digits (no nan, inf, '٣') within [lo, hi] ((lo, hi] if open_lo)."""
    if isinstance(text, bool) or not isinstance(text, (int, float, str)):
        raise AgonInputError(f"{what} must be a number{_bounds(lo, hi, open_lo)}, got {text!r}")
    if isinstance(text, str) and not _FLOAT.fullmatch(text.strip()):
        raise AgonInputError(f"{what} must be a finite number{_bounds(lo, hi, open_lo)} (ASCII digits), got {text!r}")
    value = float(text)
    if not math.isfinite(value):
        raise AgonInputError(f"{what} must be a finite number{_bounds(lo, hi, open_lo)}, got {text!r}")
    if (lo is not None and (value <= lo if open_lo else value < lo)) or (hi is not None and value > hi):
        raise AgonInputError(f"{what} must be{_bounds(lo, hi, open_lo)}, got {value:g}")
    return value


def _bounds(lo, hi, open_lo: bool = False) -> str:
    parts = []
    if lo is not None:
        parts.append(f"more than {_num(lo)}" if open_lo else f"at least {_num(lo)}")
    if hi is not None:
        parts.append(f"at most {_num(hi)}")
    return " " + " and ".join(parts) if parts else ""


def _num(v) -> str:
    if isinstance(v, int):
        return f"{v:,}" if abs(v) >= 10_000 else str(v)
    return f"{v:g}"


def count(lo: int = 1, hi: int | None = None):
    """argparse type: a whole number in [lo, hi]."""
    def parse(text):
        try:
            return int_text(text, "value", lo, hi)
        except AgonInputError as e:
            raise argparse.ArgumentTypeError(str(e).replace("value ", "", 1))
    parse.__name__ = "count"
    return parse


def number(lo: float | None = None, hi: float | None = None, open_lo: bool = False):
    """argparse type: a finite number in [lo, hi] ((lo, hi] with open_lo)."""
    def parse(text):
        try:
            return float_text(text, "value", lo, hi, open_lo)
        except AgonInputError as e:
            raise argparse.ArgumentTypeError(str(e).replace("value ", "", 1))
    parse.__name__ = "number"
    return parse


def ascii_text(text: str) -> str:
    """argparse type: text without non-ASCII characters (digits such as '٣' are not numbers here)."""
    if not text.isascii():
        raise argparse.ArgumentTypeError(f"write it with ASCII characters, got {text!r}")
    return text


SEED = count(0, MAX_SEED)
GAMES = count(1, MAX_GAMES)


def parse_set(items: list[str] | None, option: str = "--set") -> dict:
    """['target=40', ...] -> {'target': '40'}; the game's parameter table checks each value."""
    out = {}
    for item in items or []:
        name, eq, value = item.partition("=")
        if not eq or not name.strip() or not value.strip():
            raise AgonInputError(f"{option} expects NAME=VALUE, got {item!r}")
        if not item.isascii():
            raise AgonInputError(f"{option} {item!r}: write names and values with ASCII characters")
        out[name.strip()] = value.strip()
    return out


def value_text(v) -> str:
    """A rule value as --set reads it back: a switch as true/false (Python's True would not be read)."""
    return ("true" if v else "false") if isinstance(v, (bool, np_bool)) else str(v)


def set_flags(overrides: dict | None) -> str:
    """The ` --set NAME=VALUE` flags that reproduce rule overrides on a command line."""
    return "".join(f" --set {k}={value_text(v)}" for k, v in (overrides or {}).items())


def with_base_arm(param, values: list, base, players: int) -> tuple[list, bool]:
    """A sweep's values with the rules' value `base` added as the base arm every other arm is compared with
    (STATISTICS.md), and whether it was added: not for an option or a switch, nor when a swept value already
    plays it (a 0 that means auto, Param.effective: Troja's row_threshold=0 is the arm at 10 at 4 players)."""
    played = {param.effective(v, players) for v in values}
    if param.choices or param.boolean or base in values or param.effective(base, players) in played:
        return values, False
    return sorted(values + [base]), True


def parse_range(text: str, what: str = "range") -> list:
    """'2:8:1' -> [2,...,8] (inclusive); 'a,b,c' -> list; a single value -> [value]."""
    text = str(text).strip()
    if not text.isascii():
        raise AgonInputError(f"bad {what} {text!r}: write it with ASCII characters")
    if ":" in text:
        parts = text.split(":")
        if len(parts) not in (2, 3):
            raise AgonInputError(f"bad {what} {text!r}; write LO:HI:STEP or a,b,c")
        try:
            nums = [float_text(t, f"{what} {text!r}:") for t in parts]
        except AgonInputError:
            raise AgonInputError(f"bad {what} {text!r}; LO, HI and STEP must be finite numbers")
        lo, hi = nums[0], nums[1]
        step = nums[2] if len(nums) == 3 else 1.0
        if step <= 0 or hi < lo:
            raise AgonInputError(f"bad {what} {text!r}; need LO <= HI and STEP > 0")
        count_ = int(round((hi - lo) / step + 1e-9)) + 1
        if count_ > MAX_RANGE_VALUES:
            raise AgonInputError(f"{what} {text!r} has more than {MAX_RANGE_VALUES} values; "
                                 f"at most {MAX_RANGE_VALUES}")
        vals = [round(lo + i * step, 10) for i in range(count_)]
        return [int(v) if float(v).is_integer() else v for v in vals]
    return [v.strip() for v in text.split(",") if v.strip()]


def parse_sweep(items: list[str] | None) -> list[list]:
    out = []
    for item in items or []:
        name, eq, rng = item.partition("=")
        if not eq or not name.strip():
            raise AgonInputError(f"--param expects NAME=LO:HI:STEP or NAME=a,b,c, got {item!r}")
        out.append([name.strip(), parse_range(rng, f"--param {name.strip()}")])
    return out


def add_backend(p: argparse.ArgumentParser) -> None:
    """Where the chunks run; results are identical on every backend."""
    from experiments.runner import BACKENDS
    p.add_argument("--backend", default="loky", choices=BACKENDS,
                   help="loky (default: local processes), multiprocessing (the standard library's process "
                        "pool), threading, dask (a running cluster, with --scheduler), "
                        "dask-local (a local dask.distributed cluster, with --workers)")
    p.add_argument("--scheduler", metavar="tcp://HOST:8786", type=ascii_text,
                   help="Dask scheduler address (--backend dask)")
    p.add_argument("--workers", type=count(1), help="worker processes of --backend dask-local (default: --jobs)")


def cores() -> int:
    """Cores this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def cap_jobs(jobs: int | None, option: str = "--jobs") -> int | None:
    """More worker processes than cores only costs memory (500 jobs took 3 GB in 13 s): warn and cap."""
    if jobs is None:
        return None
    n = cores()
    if jobs > n:
        print(f"agon: warning: {option} {jobs} is more than the {n} cores here; using {n}", file=sys.stderr)
        return n
    return jobs


def command_line(argv) -> str:
    return "agon " + " ".join(shlex.quote(a) for a in argv)


def resume_command(command: str) -> str:
    """The command that finishes an interrupted run: the same one, without --force, with --resume."""
    try:
        words = shlex.split(command)
    except ValueError:
        return command + " --resume"
    words = [w for w in words if w not in ("--force", "--resume")]
    return " ".join(shlex.quote(w) for w in words) + " --resume"


def add_adapt_options(p: argparse.ArgumentParser, rules: str = "every arm's rules") -> None:
    """--adapt / --train-games of seats, sweep and tune (experiments/adapt.py)."""
    from experiments.adapt import DEFAULT_TRAIN_GAMES
    p.add_argument("--adapt", action="store_true",
                   help=f"retrain the tuned players (--strategies tuned) for {rules} and put them through "
                        "check-players (both cached; the report names flagged players)")
    p.add_argument("--train-games", type=int, metavar="N",
                   help=f"training games per rule set with --adapt (default {DEFAULT_TRAIN_GAMES:,})")
