"""Action frames (§3.4): the stack of REGULAR, BONUS, BATH, THINK and PRISON frames, and the
actions a frame has: A(p) = units + mult x C(p, R), recomputed before every step.
"""
from numba import njit

from ..board import LABORER, LEGIONARY, MERCHANT, K_STOREROOM, K_LUDUS_MAGNA, K_CIRCUS_MAXIMUS
from ..state import *  # noqa: F401,F403  (layout constants, pb, prm, republic)
from .powers import act


@njit(cache=True)
def push(s, own, kind, role, n, a1):
    sp = s[G_SP]
    if sp >= MAX_FRAMES:        # safeguard (never reached in practice): the frame is dropped
        return
    f = G_STACK + sp * FSZ
    s[f + F_OWN] = own
    s[f + F_KIND] = kind
    s[f + F_ROLE] = role
    s[f + F_N] = n
    s[f + F_USED] = 0
    s[f + F_STEP] = 0
    s[f + F_A1] = a1
    s[f + F_A2] = 0
    s[G_SP] = sp + 1
    if kind != FK_THINK and kind != FK_PRISON and role == LEGIONARY:
        s[G_NDEM] = 0


@njit(cache=True)
def top(s):
    return G_STACK + (s[G_SP] - 1) * FSZ


@njit(cache=True)
def pop(s):
    s[G_SP] -= 1


@njit(cache=True)
def client_actions(s, p, r):
    """C(p, R): non-fresh clients counting for role r (§3.4)."""
    b = P0 + p * PSZ
    sto = act(s, p, K_STOREROOM) and r == LABORER
    lud = act(s, p, K_LUDUS_MAGNA)
    c = 0
    for q in range(6):
        nf = s[b + O_CLI + q] - s[b + O_FRESH + q]
        if nf > 0 and (q == r or sto or (lud and q == MERCHANT)):
            c += nf
    return c


@njit(cache=True)
def budget(s, f):
    kind = s[f + F_KIND]
    if kind == FK_REG:
        p = s[f + F_OWN]
        b = P0 + p * PSZ
        mult = 1
        if s[b + O_LOF] != 0 and act(s, p, K_CIRCUS_MAXIMUS):
            mult = 2
        return s[b + O_UNITS] + mult * client_actions(s, p, s[f + F_ROLE])
    if kind == FK_BATH:
        return 1
    return s[f + F_N]


@njit(cache=True)
def remaining(s, f):
    r = budget(s, f) - s[f + F_USED]
    return r if r > 0 else 0


@njit(cache=True)
def use(s, f, c):
    s[f + F_USED] += c
    r = s[f + F_ROLE]
    if r < 6:
        s[P0 + s[f + F_OWN] * PSZ + O_M_ACT + r] += c
