"""Invariant fuzz (§12 debug invariants): random games with check=True after every action
(sim/contract.py `fuzz`: invariants, win shares, ranks), and what holds for Glory to Rome's results."""
import numpy as np
import pytest

from sim import contract
from sim.glory_to_rome import SPEC
from sim.glory_to_rome.playout import GAME
from sim.glory_to_rome.rules.invariants import check_invariants
from sim.glory_to_rome.rules.setup import new_game
from sim.glory_to_rome import state as S
from sim.glory_to_rome.params import PARAMS
from sim.glory_to_rome.board import SNAKE_NAMES


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_fuzz_random_games(n):
    res = contract.fuzz(GAME, n, 2000, seed=2024 + n)
    assert (res["score"] >= 0).all()
    assert set(np.unique(res["end_condition"])) <= {0, 1, 2, 3}
    # every building gets completed somewhere in 2,000 random games
    built = np.array([res[f"built_{k}"].sum() for k in SNAKE_NAMES])
    assert built.sum() > 0
    turns = np.stack([res[f"built_turn_{k}"] for k in SNAKE_NAMES])
    assert ((turns >= 1) == (np.stack([res[f"built_{k}"] for k in SNAKE_NAMES]) == 1)).all()
    assert (res["buildings"] == sum(res[f"built_{k}"] for k in SNAKE_NAMES)).all()


VARIANTS = [
    dict(leader_think_forces_all_think=True),
    dict(first_leader_rule="alphabetical", n_jacks=12, start_orders=7),
    dict(start_jacks=0, n_jacks=0, petition_size=2, circus_petition_size=1),
    dict(oot_cost=1, sites_per_material=9, hand_limit=3),
    dict(start_influence=0, aqueduct_multiplier=3, market_bonus=6, insula_bonus=6),
    dict(max_turns=50, start_influence=6, tower_oot_cost=3, wall_divisor=1),
    {f"power_{k}": False for k in ("forum", "catacomb", "palace", "gate", "bath")},
]


@pytest.mark.parametrize("i", range(len(VARIANTS)))
def test_fuzz_parameter_variants(i):
    vec = PARAMS.vector(VARIANTS[i])
    for n in (2, 5):
        res = SPEC.play_batch(77, 0, 150, n, vec, np.zeros(n, np.int64), np.zeros((n, 1)), check=True)
        assert np.allclose(res["win"].sum(axis=1), 1.0)
    if i == 5:
        assert (res["turns"] <= 50).all()


def test_check_detects_corruption():
    s = new_game(1, 0, 3, PARAMS.defaults())
    assert check_invariants(s) == 0
    s[S.G_POOL] += 1
    assert check_invariants(s) == 1
    s[S.G_POOL] -= 1
    s[S.G_JPILE] += 1
    assert check_invariants(s) == 2


from hypothesis import given, settings, strategies as st, HealthCheck


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_fuzz_any_parameters(data):
    """Random values of every parameter within its range (and random player count)."""
    n = data.draw(st.integers(2, 5))
    over = {}
    for prm in PARAMS:
        if prm.name in ("max_turns",):
            continue
        if prm.choices:
            over[prm.name] = data.draw(st.sampled_from(prm.choices))
        elif prm.boolean:
            over[prm.name] = data.draw(st.booleans())
        else:
            over[prm.name] = data.draw(st.integers(int(prm.lo), int(prm.hi)))
    over["sites_per_material"] = max(over["sites_per_material"], n)
    over["n_jacks"] = max(over["n_jacks"], n * over["start_jacks"])
    kinds = np.array([data.draw(st.sampled_from([0, 0, 1])) for _ in range(n)], np.int64)
    from strategies.glory_to_rome import full_weights
    res = SPEC.play_batch(data.draw(st.integers(0, 10**6)), 0, 12, n, PARAMS.vector(over), kinds,
                          full_weights(n, np.zeros((n, 0))), check=True)
    assert np.allclose(res["win"].sum(axis=1), 1.0)


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_fuzz_strategies_with_checks(n):
    """Greedy and the personas (and one ismcts seat) keep the invariants too."""
    names = ["greedy", "builder", "merchant", "legionary", "collector"][:n]
    infos = [SPEC.strategy(x) for x in names]
    kinds = np.array([i.kind for i in infos], np.int64)
    w = np.array([i.weights for i in infos], np.float64)
    res = SPEC.play_batch(500 + n, 0, 60, n, PARAMS.defaults(), kinds, w, check=True)
    assert np.allclose(res["win"].sum(axis=1), 1.0)
    kinds[0] = SPEC.strategy("ismcts").kind
    w[0] = SPEC.strategy("ismcts").weights
    SPEC.play_batch(600 + n, 0, 2, n, PARAMS.defaults(), kinds, w, check=True)
