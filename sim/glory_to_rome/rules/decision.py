"""One decision (§3.2): which chapter lists and applies it. The turn driver's phases when the frame
stack is empty, else the top frame: a Thinker menu, a Prison steal, or the step of its role.
After every applied decision the end checks run (§6.1) and the state is settled to the next
decision; `step` also applies decisions whose only legal action is PASS, silently.
"""
from numba import njit

from ..actions import A_PASS
from ..board import LABORER, CRAFTSMAN, ARCHITECT, MERCHANT, PATRON
from ..state import *  # noqa: F401,F403  (layout constants, pb, prm, republic)
from .architect import legal_architect, apply_architect
from .buildings import legal_prison, apply_prison
from .craftsman import legal_craftsman, apply_craftsman
from .end import end_check
from .frames import top
from .laborer import legal_laborer, apply_laborer
from .legionary import legal_legionary, apply_legionary
from .merchant import legal_merchant, apply_merchant
from .patron import legal_patron, apply_patron
from .thinker import legal_thinker, apply_thinker
from .turn import legal_phase, apply_phase, settle


@njit(cache=True)
def legal_actions(s, out):
    """Legal action ids of the current decision in ascending order; returns their number."""
    if s[G_OVER] != 0:
        return 0
    if s[G_SP] == 0:
        return legal_phase(s, out)
    f = top(s)
    kind = s[f + F_KIND]
    p = s[f + F_OWN]
    if kind == FK_THINK:
        return legal_thinker(s, f, p, out)
    if kind == FK_PRISON:
        return legal_prison(s, p, out)
    role = s[f + F_ROLE]
    if role == LABORER:
        return legal_laborer(s, f, p, out)
    if role == PATRON:
        return legal_patron(s, f, p, out)
    if role == MERCHANT:
        return legal_merchant(s, f, p, out)
    if role == CRAFTSMAN:
        return legal_craftsman(s, f, p, out)
    if role == ARCHITECT:
        return legal_architect(s, f, p, out)
    return legal_legionary(s, f, p, out)


@njit(cache=True)
def apply_frame(s, a):
    """Apply decision a to the top frame."""
    f = top(s)
    kind = s[f + F_KIND]
    p = s[f + F_OWN]
    if kind == FK_THINK:
        apply_thinker(s, f, p, a)
        return
    if kind == FK_PRISON:
        apply_prison(s, p, a)
        return
    role = s[f + F_ROLE]
    if role == LABORER:
        apply_laborer(s, f, p, a)
    elif role == PATRON:
        apply_patron(s, f, p, a)
    elif role == MERCHANT:
        apply_merchant(s, f, p, a)
    elif role == CRAFTSMAN:
        apply_craftsman(s, f, p, a)
    elif role == ARCHITECT:
        apply_architect(s, f, p, a)
    else:
        apply_legionary(s, f, p, a)


@njit(cache=True)
def apply_decision(s, a):
    """Apply decision `a` (must be legal), run the end checks, settle to the next decision."""
    s[G_NDEC] += 1
    if s[G_SP] > 0:
        apply_frame(s, a)
    else:
        apply_phase(s, a)
    end_check(s)
    if s[G_OVER] == 0:
        settle(s)


@njit(cache=True)
def step(s, a, buf):
    """apply_decision, then apply PASS-only decisions silently; returns the number of legal
    actions of the next decision (written to buf), 0 when the game is over."""
    apply_decision(s, a)
    while True:
        n = legal_actions(s, buf)
        if n == 1 and buf[0] == A_PASS:
            apply_decision(s, A_PASS)
            continue
        return n


@njit(cache=True)
def first_legal(s, buf):
    """Legal actions at the current decision, with PASS-only decisions applied silently."""
    while True:
        n = legal_actions(s, buf)
        if n == 1 and buf[0] == A_PASS:
            apply_decision(s, A_PASS)
            continue
        return n
