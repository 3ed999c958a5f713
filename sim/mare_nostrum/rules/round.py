"""The round machine (§4): `advance` runs the automatic steps of a round, one named step per
program counter (each in its chapter's module), until a player must decide; `legal_actions` lists
the ids of that decision and `apply_action` plays one, each dispatching to the chapter that owns
the decision (§4.8 ids). `rng` is the game's CHANCE stream (dice, random ties); players never
draw from it.
"""
import numpy as np
from numba import njit

from .base import *  # noqa: F401,F403
from .scoring import *  # noqa: F401,F403
from .payment import *  # noqa: F401,F403
from .roles import *  # noqa: F401,F403
from .movement import *  # noqa: F401,F403
from .gods import *  # noqa: F401,F403
from .combat import *  # noqa: F401,F403
from .trade import *  # noqa: F401,F403
from .offering import *  # noqa: F401,F403
from .setup import *  # noqa: F401,F403
from .build import *  # noqa: F401,F403
from .strategy import *  # noqa: F401,F403
from .invariants import *  # noqa: F401,F403


@njit(cache=True)
def advance(S, P, rng):
    """Run automatic steps until a decision is pending or the game is over."""
    while S[H_OVER] == 0 and S[H_STEP] < 0:
        pc = S[H_PC]
        if pc == PC_ROLES:
            step_roles(S, P, rng)
        elif pc == PC_INCOME:
            step_income(S, P, rng)
        elif pc == PC_COLOSSUS:
            step_colossus(S, P, rng)
        elif pc == PC_HERMES_INIT:
            step_hermes_init(S, P, rng)
        elif pc == PC_HERMES:
            step_hermes(S, P, rng)
        elif pc == PC_ISIS_INIT:
            step_isis_init(S, P, rng)
        elif pc == PC_ISIS:
            step_isis(S, P, rng)
        elif pc == PC_EX_INIT:
            step_ex_init(S, P, rng)
        elif pc == PC_EX_ANTIGONE:
            step_ex_antigone(S, P, rng)
        elif pc == PC_EX_OFFER:
            step_ex_offer(S, P, rng)
        elif pc == PC_EX_TAKE:
            step_ex_take(S, P, rng)
        elif pc == PC_ULYSSES:
            step_ulysses(S, P, rng)
        elif pc == PC_POINTS:
            step_points(S, P, rng)
        elif pc == PC_SETUP:
            step_setup(S, P, rng)
        elif pc == PC_OFF_INIT:
            step_off_init(S, P, rng)
        elif pc == PC_OFF_PICK:
            step_off_pick(S, P, rng)
        elif pc == PC_OFF_TURN:
            step_off_turn(S, P, rng)
        elif pc == PC_ADONIS:
            step_adonis(S, P, rng)
        elif pc == PC_BUILD_INIT:
            step_build_init(S, P, rng)
        elif pc == PC_BUILD_PICK:
            step_build_pick(S, P, rng)
        elif pc == PC_BUILD_TURN:
            step_build_turn(S, P, rng)
        elif pc == PC_KEEP:
            step_keep(S, P, rng)
        elif pc == PC_STRAT_INIT:
            step_strat_init(S, P, rng)
        elif pc == PC_STRAT_PICK:
            step_strat_pick(S, P, rng)
        elif pc == PC_STRAT_TURN:
            step_strat_turn(S, P, rng)
        elif pc == PC_PILLAGE:
            step_pillage(S, P, rng)
        elif pc == PC_END:
            step_end(S, P, rng)
        else:
            raise ValueError("bad program counter")


# the chapter owning each decision step (ST_*): legal_actions and apply_action reach it with one
# look-up (the most frequent decisions, Build and Strategy, without trying the other chapters)
CH_NONE, CH_SETUP, CH_TRADE, CH_OFFERING, CH_BUILD, CH_GODS, CH_COMBAT, CH_STRATEGY, CH_PICK, \
    CH_YES_NO = range(10)
STEP_CHAPTER = np.zeros(len(STEP_NAMES), np.int64)
for _st, _ch in ((ST_SETUP_CARAVAN, CH_SETUP), (ST_POINTS, CH_SETUP),
                 (ST_COLOSSUS, CH_TRADE), (ST_HERMES, CH_TRADE), (ST_ISIS, CH_TRADE),
                 (ST_EX_ANNOUNCE, CH_TRADE), (ST_EX_ANTIGONE, CH_TRADE), (ST_EX_OFFER, CH_TRADE),
                 (ST_EX_TAKE, CH_TRADE), (ST_EX_GIVEBACK, CH_TRADE), (ST_ULYSSES, CH_TRADE),
                 (ST_OFFER, CH_OFFERING), (ST_ADONIS, CH_OFFERING),
                 (ST_BUILD, CH_BUILD), (ST_PAY, CH_BUILD), (ST_COPY, CH_BUILD), (ST_KEEP, CH_BUILD),
                 (ST_JASON2, CH_BUILD), (ST_ISHTAR, CH_GODS), (ST_POSEIDON, CH_GODS),
                 (ST_HERCULES, CH_COMBAT), (ST_HAMILCAR, CH_COMBAT), (ST_AJAX, CH_COMBAT),
                 (ST_MEDUSA, CH_COMBAT), (ST_MIDAS, CH_COMBAT), (ST_MARS, CH_COMBAT),
                 (ST_CASUALTY, CH_COMBAT), (ST_STRAT, CH_STRATEGY), (ST_PILLAGE, CH_STRATEGY),
                 (ST_TITAN2, CH_STRATEGY), (ST_OFF_PICK, CH_PICK), (ST_BUILD_PICK, CH_PICK),
                 (ST_STRAT_PICK, CH_PICK)):
    STEP_CHAPTER[_st] = _ch
del _st, _ch


@njit(cache=True)
def legal_actions(S, P, out):
    """The legal ids of the current decision in out[:n] (the order of the listing is part of the
    game: players break ties by position); 0 when no decision is pending."""
    st = S[H_STEP]
    if st < 0:
        return 0
    o = S[H_DECIDER]
    if st == ST_BUILD:
        return legal_build(S, P, o, out)
    if st == ST_STRAT:
        return legal_strategy(S, P, o, out)
    if st == ST_POINTS:
        return legal_points(S, P, o, out)
    ch = STEP_CHAPTER[st]
    n = 0
    if ch == CH_PICK:                      # the role holder names who plays next
        for p in range(S[H_NP]):
            if S[TURN_DONE + p] == 0:
                n = push(out, n, A_PICK_NEXT + p)
        return n
    if st == ST_ISHTAR or st == ST_MEDUSA or st == ST_MARS or st == ST_MIDAS:     # yes / no
        base = A_ISHTAR_YES if st == ST_ISHTAR else (A_MEDUSA_YES if st == ST_MEDUSA else A_MARS_YES)
        if st == ST_MIDAS:
            base = A_MIDAS_YES
        n = push(out, n, base)
        n = push(out, n, base + 1)
        return n
    if ch == CH_SETUP:
        n = legal_setup_steps(S, P, st, o, out)
    elif ch == CH_TRADE:
        n = legal_trade_steps(S, P, st, o, out)
    elif ch == CH_OFFERING:
        n = legal_offering_steps(S, P, st, o, out)
    elif ch == CH_BUILD:
        n = legal_build_steps(S, P, st, o, out)
    elif ch == CH_GODS:
        n = legal_gods_steps(S, P, st, o, out)
    elif ch == CH_COMBAT:
        n = legal_combat_steps(S, P, st, o, out)
    elif ch == CH_STRATEGY:
        n = legal_strategy_steps(S, P, st, o, out)
    return n if n > 0 else 0


@njit(cache=True)
def apply_action(S, P, a, rng):
    """Apply legal action a of the seat deciding, then run the automatic steps (advance)."""
    st = S[H_STEP]
    o = S[H_DECIDER]
    S[H_NACT] += 1
    S[H_STEP] = -1
    ch = STEP_CHAPTER[st]
    if ch == CH_STRATEGY:
        apply_strategy_steps(S, P, st, o, a, rng)
    elif ch == CH_BUILD:
        apply_build_steps(S, P, st, o, a, rng)
    elif ch == CH_COMBAT:
        apply_combat_steps(S, P, st, o, a, rng)
    elif ch == CH_TRADE:
        apply_trade_steps(S, P, st, o, a, rng)
    elif ch == CH_OFFERING or (ch == CH_PICK and st == ST_OFF_PICK):
        apply_offering_steps(S, P, st, o, a, rng)
    elif ch == CH_PICK:
        if st == ST_BUILD_PICK:
            apply_build_steps(S, P, st, o, a, rng)
        else:
            apply_strategy_steps(S, P, st, o, a, rng)
    elif ch == CH_GODS:
        apply_gods_steps(S, P, st, o, a, rng)
    elif ch == CH_SETUP:
        apply_setup_steps(S, P, st, o, a, rng)
    advance(S, P, rng)
