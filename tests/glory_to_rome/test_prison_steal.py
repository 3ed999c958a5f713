"""The Prison's steal is not worth using for the greedy, so leaving it unused is not a blind spot.

The greedy values a steal by one step, which counts the 3 Influence it pays and the victim's 3 but not the
stolen building's power, and steals in about 1 of 900 completed Prisons (the design report: Prison's power
"never changed a game"). The measuring weight `steal` adds a bonus to every steal; at 30 it steals whenever
the Prison allows. One seat doing so, on the same seeds as without, loses 0.51 [0.40, 0.61] points of win share
(bench/weight_effect.py, 20,000 games at 4 players)."""
import numpy as np
import pytest

from experiments.train import trained_names
from experiments.weight_effect import weight_effect
from sim.glory_to_rome import SPEC
from sim.spec import AgonInputError
from strategies.glory_to_rome import GREEDY_W, W_STEAL, WEIGHT_NAMES


def test_the_steal_weight_is_a_measuring_knob_off_by_default():
    assert WEIGHT_NAMES[W_STEAL] == "steal" and GREEDY_W[W_STEAL] == 0.0
    assert "steal" not in trained_names(SPEC, "greedy")


def test_a_seat_that_steals_whenever_it_can_does_not_gain():
    """4,000 games (1,000 seeds x every seat); the games that move are the ones where a steal was possible."""
    r = weight_effect("glory-to-rome", "greedy", "steal", 30.0, players=4, seed=6100, games=1000)
    assert r["moved"] >= 40, r              # the knob acts: about 2.6% of games move
    assert r["high"] < 0.25, r              # stealing is worth less than a quarter point, if anything


def test_a_small_steal_bonus_moves_few_games():
    """A bonus below the 6-point Influence swing steals only where the one-step value is nearly even."""
    small = weight_effect("glory-to-rome", "greedy", "steal", 1.0, players=4, seed=6100, games=500)
    big = weight_effect("glory-to-rome", "greedy", "steal", 30.0, players=4, seed=6100, games=500)
    assert small["moved"] < big["moved"]


def test_bad_input_is_a_one_line_error():
    with pytest.raises(AgonInputError, match="no weight 'stel'.*valid: .*steal"):
        weight_effect("glory-to-rome", "greedy", "stel", 1.0, games=1)
    for value in (float("nan"), float("inf"), "1"):
        with pytest.raises(AgonInputError, match="finite number"):
            weight_effect("glory-to-rome", "greedy", "steal", value, games=1)
    with pytest.raises(AgonInputError, match="at least 1"):
        weight_effect("glory-to-rome", "greedy", "steal", 1.0, games=0)
    with pytest.raises(AgonInputError, match="played by 2, 3, 4, 5 players, not 9"):
        weight_effect("glory-to-rome", "greedy", "steal", 1.0, players=9, games=1)
