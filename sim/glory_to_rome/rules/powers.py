"""Active powers (§5.2): a power is on for a player who owns the building complete, through Gate
for a Marble structure, or when someone's completed copy is public; and never when its
`power_<name>` switch is off (for every seat, or with `switch_seat` for that seat alone). The table
O_ACT caches it and is refreshed on every building event.
"""
from numba import njit

from ..board import MAT, NK, K_GATE
from ..params import P_POWER0, P_SWITCH_SEAT
from ..state import *  # noqa: F401,F403  (layout constants, pb, prm, republic)


@njit(cache=True)
def act(s, p, k):
    return s[P0 + p * PSZ + O_ACT + k] != 0


@njit(cache=True)
def power_on(s, p, k):
    """Building k's power may act for seat p: its switch is on, or it is off for another seat only."""
    if prm(s, P_POWER0 + k) != 0:
        return True
    sw = prm(s, P_SWITCH_SEAT)
    return sw >= 0 and p != sw


@njit(cache=True)
def refresh_active(s):
    """Recompute the active-power table (§5.2) after any building event."""
    n = s[G_N]
    gate_pub = False
    for q in range(n):
        b = P0 + q * PSZ
        if s[b + O_BST + K_GATE] == 2 and s[b + O_PUB + K_GATE] != 0:
            gate_pub = True
    for k in range(NK):
        pub = False
        for q in range(n):
            b = P0 + q * PSZ
            if s[b + O_BST + k] == 2 and s[b + O_PUB + k] != 0:
                pub = True
                break
        for q in range(n):
            b = P0 + q * PSZ
            a = 0
            if power_on(s, q, k):
                st = s[b + O_BST + k]
                if st == 2 or pub:
                    a = 1
                elif st == 1 and power_on(s, q, K_GATE) and (s[b + O_BST + K_GATE] == 2 or gate_pub):
                    if MAT[k] == 5 or s[b + O_BMARB + k] != 0:
                        a = 1
            s[b + O_ACT + k] = a
