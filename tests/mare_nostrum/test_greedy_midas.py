"""The greedy's Midas answer (war_odds on): turn an enemy legion for 2 tax cards only when the battle gains more
than the taxes are worth. At Strategy time a player's taxes are the ones it keeps for next round; the greedy paid
them whenever it could, and its Midas holders one hero or wonder short of victory lost that purchase (in the 31
greedy games of 8,000 that the power moved, its holders won 1 with it and 9 without). The first players
(war_odds 0) keep the old answer."""
import numpy as np

from sim.mare_nostrum import rules as R
from sim.mare_nostrum import state as ST
from strategies.mare_nostrum import GREEDY_W, OLD_SWITCHES, with_weights
from .helpers import (prompt_answer, ROM, BAB, fresh, run_setup, give_hero,
                      set_units, set_hand, strategy_turn, act, attack_id, prov)

GREEDY = np.array(GREEDY_W)
FIRST = np.array(with_weights(GREEDY_W, **OLD_SWITCHES))
# heroes Rome could hold besides Midas (none of them acts in this battle)
OTHERS = (R.H_SOLOMON, R.H_CROESUS, R.H_IMHOTEP)


def _prompt(heroes=0):
    """Rome (Midas, 2 kept taxes, `heroes` more heroes) attacks 2 Babylonian legions with 2 of its own: the state
    at Midas's prompt."""
    S, P, rng = fresh()
    run_setup(S, P, rng, ["fruit", "oil"])
    give_hero(S, ROM, R.H_MIDAS)
    for h in OTHERS[:heroes]:
        give_hero(S, ROM, h)
    set_hand(S, ROM, {"tax": 2})
    l = prov(23)
    set_units(S, BAB, l, 0, 2)
    set_units(S, ROM, l, 0, 2)
    strategy_turn(S, P, ROM, rng)
    act(S, P, attack_id(l, BAB), rng)
    assert S[ST.H_STEP] == ST.ST_MIDAS and S[ST.H_DECIDER] == ROM
    return S, P


def _answer(S, P, w):
    return prompt_answer(S, P, ROM, w, R.A_MIDAS_YES, R.A_MIDAS_NO)


def test_the_greedy_turns_a_legion_when_its_taxes_buy_no_win():
    S, P = _prompt()
    assert R.hw_count(S, P, ROM) < P[R.P_WIN_HW] - 1
    assert _answer(S, P, GREEDY) == "yes" and _answer(S, P, FIRST) == "yes"


def test_the_greedy_keeps_its_taxes_one_hero_short_of_victory():
    S, P = _prompt(heroes=1)
    assert R.hw_count(S, P, ROM) == P[R.P_WIN_HW] - 1
    assert _answer(S, P, GREEDY) == "no"
    assert _answer(S, P, FIRST) == "yes"      # the first players: always yes
