"""Who sits where: strategy names (with optional weights) -> numba kinds and weights.

A line-up is given as one name (every seat plays it) or one name per seat.
Weights override a strategy's defaults as `greedy:w=1/0.5/2`. When seats play
different strategies the runner plays every seed in every rotation of the seats,
so the seat effect cancels out of strategy comparisons.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from sim.spec import AgonInputError, GameSpec


@dataclass(frozen=True)
class Seat:
    name: str          # label, e.g. "greedy" or "greedy:w=1/2"
    strategy: str      # registry name
    kind: int
    weights: tuple[float, ...]


def parse_strategy(spec: GameSpec, token: str) -> Seat:
    token = token.strip()
    name, _, rest = token.partition(":")
    info = spec.strategy(name)
    weights = list(info.weights)
    if rest:
        if not rest.startswith("w="):
            raise AgonInputError(f"bad strategy option {token!r}; write NAME or NAME:w=a/b/c")
        try:
            given = [float(x) if x.isascii() else float("nan") for x in rest[2:].split("/") if x != ""]
        except ValueError:
            given = [float("nan")]
        if not all(math.isfinite(w) for w in given):
            raise AgonInputError(f"bad weights in {token!r}; write finite numbers (ASCII digits) separated by '/'")
        if len(given) > max(len(weights), spec.n_weights):
            raise AgonInputError(
                f"{name} takes at most {max(len(weights), spec.n_weights)} weights, got {len(given)}"
                + (f" ({', '.join(info.weight_names)})" if info.weight_names else ""))
        weights[: len(given)] = given
        weights += given[len(weights):]
    return Seat(token, name, info.kind, tuple(weights))


def parse_lineup(spec: GameSpec, text, players: int) -> list[Seat]:
    """'greedy' or 'greedy,random,...' (one per seat) -> a Seat per seat."""
    tokens = text if isinstance(text, (list, tuple)) else [t for t in str(text).split(",") if t.strip()]
    if not tokens:
        raise AgonInputError("no strategy given; valid: " + ", ".join(s.name for s in spec.strategies))
    seats = [parse_strategy(spec, t) for t in tokens]
    if len(seats) == 1:
        seats = seats * players
    if len(seats) != players:
        raise AgonInputError(
            f"{len(seats)} strategies for {players} players; give one for all seats or one per seat")
    return seats


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
