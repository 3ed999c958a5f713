"""Troja's donations (troja.md §3.4): cards from the hand to the support row, and the gallery
tokens a finished donation earns."""
from numba import njit
from sim.catan_core.borrow import NO_REFCOUNT
from sim.catan_core.board import T_A_DONATE, T_A_DONATE_STOP
from sim.catan_core.layout import *  # noqa: F401,F403  (state/config offsets)
from sim.catan_core.rules.base import hand_total, list_hand_cards  # noqa: F401


@njit(cache=True, inline="always")
def list_donations(st, topo, cfg, p, out, n):
    """In the main phase: the first card of a donation (any resource p holds), while p has
    donations left this turn and holds the minimum."""
    if st[S_DON_COUNT] < cfg[C_DON_PER_TURN] and hand_total(st, p) >= cfg[C_DON_MIN] \
            and cfg[C_DON_MAX] >= 1:
        n = list_hand_cards(st, p, topo[T_A_DONATE], out, n)
    return n


@njit(cache=True, inline="always")
def list_donating(st, topo, cfg, p, out, n):
    """During a donation: one more card (up to the maximum), or stop once the minimum is in."""
    placed = st[S_DON_PLACED]
    if placed < cfg[C_DON_MAX]:
        n = list_hand_cards(st, p, topo[T_A_DONATE], out, n)
    if placed >= cfg[C_DON_MIN]:
        out[n] = topo[T_A_DONATE_STOP]
        n += 1
    return n


@njit(cache=True, **NO_REFCOUNT)
def close_donation(st, cfg, p):
    """The donation ends: tokens by the number of cards placed (as far as the supply lasts)."""
    placed = st[S_DON_PLACED]
    tok = cfg[C_TOKENS_PER_DON + placed - 1] if placed >= 1 else 0
    if st[S_TOKEN_SUPPLY] >= 0 and tok > st[S_TOKEN_SUPPLY]:
        tok = st[S_TOKEN_SUPPLY]
    if st[S_TOKEN_SUPPLY] >= 0:
        st[S_TOKEN_SUPPLY] -= tok
    b = S_PLAYERS + p * PS
    st[b + P_TOKENS] += tok
    st[b + P_TOK_EARNED] += tok
    st[b + P_DONATIONS] += 1
    st[S_DON_COUNT] += 1
    st[S_DON_PLACED] = 0
    st[S_PHASE] = PH_MAIN


@njit(cache=True, **NO_REFCOUNT)
def apply_donation(st, topo, cfg, a, p):
    """DONATE r (one card to the row) or DONATE_STOP."""
    if a < topo[T_A_DONATE_STOP]:  # DONATE r
        r = a - topo[T_A_DONATE]
        b = S_PLAYERS + p * PS
        st[b + P_HAND + r] -= 1
        st[S_ROW + r] += 1
        st[b + P_DONATED + r] += 1
        st[S_DON_PLACED] += 1
        if st[S_DON_PLACED] >= cfg[C_DON_MAX]:
            close_donation(st, cfg, p)
        else:
            st[S_PHASE] = PH_DONATING
    else:  # DONATE_STOP
        close_donation(st, cfg, p)
