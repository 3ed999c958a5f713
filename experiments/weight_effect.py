"""What one weight of a player is worth to the seat that changes it: the paired, one-seat contrast.

One seat plays the strategy with `weight` set to `value`, the other seats the strategy unchanged; every seat
in turn, on the same seeds as the same line-up with the weight unchanged, so a game differs only where the
changed valuation chose otherwise. The effect is the changed seat's win share minus its share on the same
seeds (per game, t interval: reports/compare.mean_interval), with the number of games that moved. It answers
"is this option worth using?" for a measuring knob such as Glory to Rome's `steal` (the Prison), where the
option is rare and a fresh-seed comparison would drown it in noise.
"""
from __future__ import annotations

import numpy as np

from experiments.lineup import parse_strategy
from reports.compare import mean_interval
from sim import get_game
from sim.spec import AgonInputError


def weight_effect(game: str, strategy: str, weight: str, value: float, players: int | None = None,
                  seed: int = 1, games: int = 1000, overrides: dict | None = None) -> dict:
    """The changed seat's win share with weight=value minus without, in points [95%], over games x players."""
    spec = get_game(game)
    players = players or spec.default_players
    me = parse_strategy(spec, strategy, players)
    info = spec.strategy(me.strategy)
    names = list(info.weight_names)
    if weight not in names:
        raise AgonInputError(f"{info.name} has no weight {weight!r}; valid: {', '.join(names)}")
    i = names.index(weight)
    vec = spec.params.vector(overrides or {})
    kinds = np.full(players, me.kind, np.int64)
    base = np.tile(np.array(me.weights, float), (players, 1))
    diffs, moved = [], 0
    for seat in range(players):
        changed = base.copy()
        changed[seat, i] = value
        a = spec.play_batch(seed, 0, games, players, vec, kinds, changed, False)
        b = spec.play_batch(seed, 0, games, players, vec, kinds, base, False)
        diffs.append(np.asarray(a["win"], float)[:, seat] - np.asarray(b["win"], float)[:, seat])
        moved += int(((np.asarray(a["score"]) != np.asarray(b["score"])).any(axis=1)
                      | (np.asarray(a["turns"]) != np.asarray(b["turns"]))).sum())
    r = mean_interval(100.0 * np.concatenate(diffs))
    return {"game": game, "strategy": strategy, "weight": weight, "value": value, "players": players,
            "games": games * players, "moved": moved, "points": r["diff"], "low": r["low"], "high": r["high"],
            "p": r["p"]}
