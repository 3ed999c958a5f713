"""What one weight of a player is worth to the seat that changes it: the paired, one-seat contrast.

One seat plays the strategy with `weight` set to `value`, the other seats the strategy unchanged; every seat
in turn, on the same seeds as the same line-up with the weight unchanged, so a game differs only where the
changed valuation chose otherwise. The effect is the changed seat's win share minus its share on the same
seeds, averaged per game over the seats (as restricted play is, reports/power_worth.restricted_effect), with a
t interval over the games (reports/compare.mean_interval) and the number of seat-games that moved. It answers
"is this option worth using?" for a measuring knob such as Glory to Rome's `steal` (the Prison), where the
option is rare and a fresh-seed comparison would drown it in noise.
"""
from __future__ import annotations

import math

import numpy as np

from experiments.check_players import moved_games
from experiments.lineup import parse_strategy
from reports.compare import mean_interval
from sim import get_game
from sim.spec import AgonInputError


def weight_effect(game: str, strategy: str, weight: str, value: float, players: int | None = None,
                  seed: int = 1, games: int = 1000, overrides: dict | None = None) -> dict:
    """The changed seat's win share with weight=value minus without, in points [95%], over `games` games,
    each played once per seat with that seat changed."""
    spec = get_game(game)
    players = spec.check_players(players)
    if not (isinstance(value, (int, float)) and math.isfinite(value)):
        raise AgonInputError(f"a weight value must be a finite number, got {value!r}")
    if int(games) < 1:
        raise AgonInputError(f"games must be at least 1, got {games}")
    me = parse_strategy(spec, strategy, players)
    names = list(spec.strategy(me.strategy).weight_names)
    if weight not in names:
        raise AgonInputError(f"{me.strategy} has no weight {weight!r}; valid: {', '.join(names)}")
    i = names.index(weight)
    vec = spec.params.vector(overrides or {})
    kinds = np.full(players, me.kind, np.int64)
    base = np.tile(np.array(me.weights, float), (players, 1))
    b = spec.play_batch(seed, 0, games, players, vec, kinds, base, False)     # the unchanged line-up, once
    b_win = np.asarray(b["win"], float)
    diffs = np.empty((players, games))
    moved = 0
    for seat in range(players):
        changed = base.copy()
        changed[seat, i] = value
        a = spec.play_batch(seed, 0, games, players, vec, kinds, changed, False)
        diffs[seat] = np.asarray(a["win"], float)[:, seat] - b_win[:, seat]
        moved += int(moved_games(a, b).sum())
    r = mean_interval(100.0 * diffs.mean(axis=0))
    return {"game": game, "strategy": strategy, "weight": weight, "value": value, "players": players,
            "games": games * players, "moved": moved, "points": r["diff"], "low": r["low"], "high": r["high"],
            "p": r["p"]}
