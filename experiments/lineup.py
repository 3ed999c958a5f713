"""Who sits where: strategy names (with optional weights) -> numba kinds and weights.

A line-up is given as one name (every seat plays it) or one name per seat.
Weights override a strategy's defaults as `greedy:w=1/0.5/2` (by position) or
`greedy:city_tiles=1.5/stock_tiles=0` (by name). When seats play different strategies the
runner plays every seed in every rotation of the seats, so the seat effect cancels out of
strategy comparisons.

`tuned` (and `tuned_<persona>`) is the greedy (persona) kind with the weights `agon train`
wrote to strategies/weights/ for this game, player count and rules (experiments/weights.py
resolves the nearest file), so it costs exactly what greedy costs; its Seat carries a note
saying which file played.

`ismcts` searches over the same tuned weights: its policy (the order untried actions enter) and
its evaluation cut-off are the greedy's, so the strongest greedy makes the strongest search. Its
search block (search_iterations, ...) keeps the strategy's defaults unless overridden.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from sim.spec import AgonInputError, GameSpec


@dataclass(frozen=True)
class Seat:
    name: str          # label, e.g. "greedy" or "greedy:w=1/2"
    strategy: str      # registry name ("greedy" for a tuned seat: the kind that plays)
    kind: int
    weights: tuple[float, ...]
    source: str = ""   # tuned seats: which weights file played (and any fallback)


SEARCH = "ismcts"   # the shared search player (sim/search): it plays over the tuned greedy's weights

# the valid values of the shared search's block (sim/search/ismcts.py): (lowest, highest, whole
# number). A budget below 1 would quietly play the greedy under the search's name, so it is refused.
SEARCH_RANGES = {
    "search_iterations": (1, 100_000, True),
    "search_c": (0.0, 100.0, False),
    "search_rollout_actions": (0, 10_000, True),
    "search_temperature": (1e-6, 1e6, False),
    "search_widen": (0.0, 100.0, False),
    "search_widen_alpha": (0.0, 1.0, False),
    "search_greedy_rollout": (0, 1, True),
}


def tuned_names(spec: GameSpec) -> list[str]:
    """`tuned` plus `tuned_<persona>` for every strategy with the greedy's weight names."""
    greedy = next((s for s in spec.strategies if s.name == "greedy"), None)
    if greedy is None:
        return []
    out = ["tuned"]
    for s in spec.strategies:
        if s.name not in ("greedy", "random", "ismcts") and s.weight_names == greedy.weight_names and s.weights:
            out.append(f"tuned_{s.name}")
    return out


def tuned_base(spec: GameSpec, name: str) -> str | None:
    """'tuned' -> 'greedy', 'tuned_builder' -> 'builder'; None for a plain strategy name."""
    if name == "tuned":
        return "greedy"
    if name.startswith("tuned_") and name in tuned_names(spec):
        return name[len("tuned_"):]
    return None


def parse_strategy(spec: GameSpec, token: str, players: int | None = None, overrides: dict | None = None,
                   weights_folder: Path | None = None) -> Seat:
    """One seat's token -> Seat. `players` and `overrides` choose a tuned seat's weights file;
    `weights_folder` is searched before the shipped strategies/weights/ (an --adapt cache)."""
    token = token.strip()
    name, _, rest = token.partition(":")
    base = tuned_base(spec, name)
    source = ""
    if base is not None:
        from experiments import weights as wmod
        res = wmod.resolve(spec, spec.check_players(players), overrides, base, folder=weights_folder)
        info = spec.strategy(res.base)
        weights = list(res.weights)
        source = res.note
        strategy = res.base
    elif name == SEARCH and tuned_names(spec):
        from experiments import weights as wmod
        info = spec.strategy(name)
        res = wmod.resolve(spec, spec.check_players(players), overrides, "greedy", folder=weights_folder)
        weights = list(info.weights if res.path is None else wmod.vector(spec, name, wmod.read(res.path)["weights"]))
        source = "searches over " + ("tuned" if res.path else "default") + " greedy weights: " + res.note
        strategy = name
    else:
        if name.startswith("tuned"):
            raise AgonInputError(f"unknown strategy {name!r} for {spec.name}; valid: "
                                 f"{', '.join([s.name for s in spec.strategies] + tuned_names(spec))}")
        info = spec.strategy(name)
        weights = list(info.weights)
        strategy = name
    if rest:
        weights = _override(spec, info, token, rest, weights)
        _check_search_block(info, token, weights)
    return Seat(token, strategy, info.kind, tuple(weights), source)


def _override(spec, info, token: str, rest: str, weights: list[float]) -> list[float]:
    if rest.startswith("w="):
        try:
            given = [float(x) if x.isascii() else float("nan") for x in rest[2:].split("/") if x != ""]
        except ValueError:
            given = [float("nan")]
        if not all(math.isfinite(w) for w in given):
            raise AgonInputError(f"bad weights in {token!r}; write finite numbers (ASCII digits) separated by '/'")
        if len(given) > max(len(weights), spec.n_weights):
            raise AgonInputError(
                f"{info.name} takes at most {max(len(weights), spec.n_weights)} weights, got {len(given)}"
                + (f" ({', '.join(info.weight_names)})" if info.weight_names else ""))
        weights[: len(given)] = given
        return weights + given[len(weights):]
    names = list(info.weight_names)
    for item in rest.split("/"):
        key, eq, value = item.partition("=")
        if not eq:
            raise AgonInputError(f"bad strategy option {token!r}; write NAME, NAME:w=a/b/c or NAME:weight=x/weight=y")
        if key.strip() not in names:
            raise AgonInputError(f"{info.name} has no weight {key.strip()!r}; valid: {', '.join(names) or 'none'}")
        try:
            x = float(value) if value.strip().isascii() else float("nan")
        except ValueError:
            raise AgonInputError(f"bad weight value in {token!r}: {value!r} is not a number")
        if not math.isfinite(x):
            raise AgonInputError(f"bad weight value in {token!r}: {value!r} is not a finite number")
        weights[names.index(key.strip())] = x
    return weights


def _check_search_block(info, token: str, weights: list[float]) -> None:
    """Overridden search settings must be ones the search can play (SEARCH_RANGES)."""
    for i, name in enumerate(info.weight_names):
        if name in SEARCH_RANGES and i < len(weights):
            lo, hi, whole = SEARCH_RANGES[name]
            x = weights[i]
            if not lo <= x <= hi or (whole and x != int(x)):
                kind = "a whole number" if whole else "a number"
                raise AgonInputError(f"bad {name} in {token!r}: {x:g}; {name} takes {kind} from {lo:g} to {hi:g}")


def parse_lineup(spec: GameSpec, text, players: int, overrides: dict | None = None,
                 weights_folder: Path | None = None) -> list[Seat]:
    """'greedy' or 'greedy,random,...' (one per seat) -> a Seat per seat."""
    tokens = text if isinstance(text, (list, tuple)) else [t for t in str(text).split(",") if t.strip()]
    if not tokens:
        raise AgonInputError("no strategy given; valid: " + ", ".join(s.name for s in spec.strategies))
    seats = [parse_strategy(spec, t, players, overrides, weights_folder) for t in tokens]
    if len(seats) == 1:
        seats = seats * players
    if len(seats) != players:
        raise AgonInputError(
            f"{len(seats)} strategies for {players} players; give one for all seats or one per seat")
    return seats


def sources(seats: list[Seat]) -> dict:
    """{seat label: which weights played} for the tuned seats (empty when there are none)."""
    return {s.name: s.source for s in seats if s.source}


def is_mirror(seats: list[Seat]) -> bool:
    return len({s.name for s in seats}) == 1


def rotated(seats: list[Seat], rotation: int) -> list[Seat]:
    """Rotation r: seat s plays the line-up's entry (s + r) mod p."""
    p = len(seats)
    return [seats[(s + rotation) % p] for s in range(p)]


def arrays(spec: GameSpec, seats: list[Seat]) -> tuple[np.ndarray, np.ndarray]:
    """kinds int64[p], weights float64[p, W] for play_batch."""
    width = max([spec.n_weights, 1] + [len(s.weights) for s in seats])
    weights = np.zeros((len(seats), width), dtype=np.float64)
    for i, s in enumerate(seats):
        weights[i, : len(s.weights)] = s.weights
    kinds = np.array([s.kind for s in seats], dtype=np.int64)
    return kinds, weights
