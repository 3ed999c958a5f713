"""The greedy's Medusa answer (war_odds on): cancel a battle only when fighting it is worse for the
defender than not. It answered every Medusa prompt yes, so Medusa cost her holders 1.2 to 2.4 points
on three seeds (bench/power_worth.py, docs/FINDINGS.md "Causal checks"): she was spent on battles the defender
won, which left the attacker's units in the province, at war. The first players (war_odds 0) keep
the old answer."""
import numpy as np
import pytest

from sim.mare_nostrum import rules as R
from sim.mare_nostrum import state as ST
from strategies.mare_nostrum import GREEDY_W, OLD_SWITCHES, with_weights
from .helpers import (prompt_answer, ROM, BAB, fresh, run_setup, give_hero,
                      set_units, strategy_turn, act, attack_id, prov)

GREEDY = np.array(GREEDY_W)
FIRST = np.array(with_weights(GREEDY_W, **OLD_SWITCHES))


def _prompt(defence, attack):
    """Rome attacks Babylon's units in province 23, Babylon holding Medusa: the state at her prompt.
    defence / attack: (legions, fortresses) / legions."""
    S, P, rng = fresh()
    run_setup(S, P, rng, ["fruit", "oil"])
    give_hero(S, BAB, R.H_MEDUSA)
    l = prov(23)
    set_units(S, BAB, l, 0, defence[0])
    set_units(S, BAB, l, 2, defence[1])
    set_units(S, ROM, l, 0, attack)
    strategy_turn(S, P, ROM, rng)
    act(S, P, attack_id(l, BAB), rng)
    assert S[ST.H_STEP] == ST.ST_MEDUSA and S[ST.H_DECIDER] == BAB
    return S, P


def _answer(S, P, w):
    return prompt_answer(S, P, BAB, w, R.A_MEDUSA_YES, R.A_MEDUSA_NO)


@pytest.mark.parametrize("defence, attack, answer", [
    ((1, 0), 4, "yes"),    # four legions against one: the defender would lose its legion
    ((0, 3), 1, "no"),     # three fortresses (automatic 6s) against one legion: the attacker dies
    ((1, 2), 1, "no"),
    ((2, 0), 6, "yes"),
])
def test_the_greedy_cancels_only_a_battle_it_would_rather_not_fight(defence, attack, answer):
    S, P = _prompt(defence, attack)
    assert _answer(S, P, GREEDY) == answer
    assert _answer(S, P, FIRST) == "yes"      # the first players: always yes


def test_a_ranged_attack_is_always_cancelled():
    """A titan's ranged attack is not fought back: cancelling it costs the defender nothing."""
    S, P = _prompt((0, 3), 1)
    S[ST.H_B_RANGED] = 2
    assert _answer(S, P, GREEDY) == "yes"
