"""Golden playthroughs: replay the recorded decisions through the engine and compare."""
import json
from pathlib import Path

import numpy as np
import pytest

from sim.glory_to_rome.actions import N_ACTIONS
from sim.glory_to_rome.rules.decision import first_legal, step
from sim.glory_to_rome.rules.invariants import check_invariants
from sim.glory_to_rome.rules.scoring import final_result
from sim.glory_to_rome.rules.setup import new_game
from sim.glory_to_rome import state as S
from sim.glory_to_rome.params import PARAMS
from .make_golden import GAMES, play

HERE = Path(__file__).parent / "golden"


@pytest.mark.parametrize("name", [g[0] for g in GAMES])
def test_golden_replay(name):
    data = json.loads((HERE / f"{name}.json").read_text())
    n = data["n_players"]
    s = new_game(data["seed"], data["index"], n, PARAMS.vector(data.get("params", {})))
    buf = np.zeros(N_ACTIONS, np.int32)
    m = first_legal(s, buf)
    for seat, a in data["actions"]:
        assert s[S.G_OVER] == 0
        assert s[S.G_TOMOVE] == seat
        assert a in buf[:m], (seat, a)
        m = step(s, a, buf)
        assert check_invariants(s) == 0
    assert s[S.G_OVER] == 1
    score, win, rank = np.zeros(n, np.int64), np.zeros(n), np.zeros(n, np.int64)
    final_result(s, score, win, rank)
    assert list(score) == data["score"] and list(win) == data["win"] and list(rank) == data["rank"]


@pytest.mark.parametrize("g", GAMES[:2] + GAMES[3:4] + GAMES[5:6])
def test_golden_strategies_unchanged(g):
    name, seed, index, n, names, *over = g
    data = json.loads((HERE / f"{name}.json").read_text())
    again = play(seed, index, n, names, *over)
    assert again["actions"] == data["actions"] and again["score"] == data["score"]
