"""Offering to the gods (§4.4): who can offer, the High Priest's order, Adonis.
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


@njit(cache=True)
def can_offer(S, P, o):
    if pay_capacity(S, P, o) < int(P[P_COST_OFFERING]):
        return False
    for j in range(8):
        if S[GOD + j] == 0:
            return True
    return False


@njit(cache=True)
def adonis_owner(S, P, stage):
    """stage 0: the Adonis card's owner, 1: a copier."""
    n = S[H_NP]
    if stage == 0:
        o = S[HERO + H_ADONIS] - 1
        return o if o >= 0 and o < n and hero_power(P, H_ADONIS, o) else -1
    for o in range(n):
        if S[COPY + o] == H_ADONIS + 1:
            return o if hero_power(P, H_ADONIS, o) else -1
    return -1


@njit(cache=True)
def legal_offering_steps(S, P, st, o, out):
    """The legal actions of this chapter's decision `st` in out[:n]; -1 if st is not one of them."""
    n = 0
    np_ = S[H_NP]
    if st == ST_OFFER:
        n = push(out, n, A_PASS)
        for j in range(8):
            if S[GOD + j] == 0:
                n = push(out, n, A_OFFER_TO + j)
        return n
    if st == ST_ADONIS:
        for j in range(8):
            if S[GOD + j] == 0:
                n = push(out, n, A_TAKE_GOD + j)
        return n
    return -1


@njit(cache=True)
def apply_offering_steps(S, P, st, o, a, rng):
    """Apply action a at this chapter's decision `st` (before the automatic steps run); False if
    st is not one of them."""
    n = S[H_NP]
    if st == ST_OFF_PICK:
        S[H_ACTOR] = a - A_PICK_NEXT
        S[H_PC] = PC_OFF_TURN
    elif st == ST_OFFER:
        S[H_PC] = PC_OFF_PICK
        if a != A_PASS:
            j = a - A_OFFER_TO
            if P[P_AUTO_PAY] == 0:
                start_payment(S, o, a, int(P[P_COST_OFFERING]))
            else:
                pay(S, P, o, int(P[P_COST_OFFERING]))
                acquire_god(S, o, j)
    elif st == ST_ADONIS:
        acquire_god(S, o, a - A_TAKE_GOD)
    else:
        return False
    return True


@njit(cache=True)
def step_off_init(S, P, rng):
    """The automatic step PC_OFF_INIT of the round (advance)."""
    if not myth(S):
        S[H_PC] = PC_BUILD_INIT
        return
    for j in range(8):
        S[GOD + j] = 0
    for o in range(6):
        S[TURN_DONE + o] = 0
    S[H_PC] = PC_OFF_PICK


@njit(cache=True)
def step_off_pick(S, P, rng):
    """The automatic step PC_OFF_PICK of the round (advance)."""
    nr, last = remaining_players(S)
    if nr == 0:
        S[H_PC] = PC_ADONIS
        S[H_COUNT] = 0
    elif nr == 1:
        S[H_ACTOR] = last
        S[H_PC] = PC_OFF_TURN
    else:
        set_decision(S, ST_OFF_PICK, S[ROLE + R_PRIEST])


@njit(cache=True)
def step_off_turn(S, P, rng):
    """The automatic step PC_OFF_TURN of the round (advance)."""
    o = S[H_ACTOR]
    if S[TURN_DONE + o] == 0 and can_offer(S, P, o):
        S[TURN_DONE + o] = 1
        set_decision(S, ST_OFFER, o)
    else:
        S[TURN_DONE + o] = 1
        S[H_PC] = PC_OFF_PICK


@njit(cache=True)
def step_adonis(S, P, rng):
    """The automatic step PC_ADONIS of the round (advance)."""
    st = S[H_COUNT]
    if st >= 2:
        S[H_PC] = PC_BUILD_INIT
        return
    S[H_COUNT] = st + 1
    o = adonis_owner(S, P, st)
    if o >= 0:
        for j in range(8):
            if S[GOD + j] == 0:
                set_decision(S, ST_ADONIS, o)
                break
