"""Active powers (§5.2): a power is on for a player who owns the building complete, through Gate
for a Marble structure, or when someone's completed copy is public; and never when its
`power_<name>` switch is off. The table O_ACT caches it and is refreshed on every building event.
"""
from numba import njit

from ..board import MAT, NK, K_GATE
from ..params import P_POWER0
from ..state import *  # noqa: F401,F403  (layout constants, pb, prm, republic)


@njit(cache=True)
def act(s, p, k):
    return s[P0 + p * PSZ + O_ACT + k] != 0


@njit(cache=True)
def refresh_active(s):
    """Recompute the active-power table (§5.2) after any building event."""
    n = s[G_N]
    gate_pub = False
    for q in range(n):
        b = P0 + q * PSZ
        if s[b + O_BST + K_GATE] == 2 and s[b + O_PUB + K_GATE] != 0:
            gate_pub = True
    gate_en = prm(s, P_POWER0 + K_GATE) != 0
    for k in range(NK):
        en = prm(s, P_POWER0 + k) != 0
        pub = False
        if en:
            for q in range(n):
                b = P0 + q * PSZ
                if s[b + O_BST + k] == 2 and s[b + O_PUB + k] != 0:
                    pub = True
                    break
        for q in range(n):
            b = P0 + q * PSZ
            a = 0
            if en:
                st = s[b + O_BST + k]
                if st == 2 or pub:
                    a = 1
                elif st == 1 and gate_en and (s[b + O_BST + K_GATE] == 2 or gate_pub):
                    if MAT[k] == 5 or s[b + O_BMARB + k] != 0:
                        a = 1
            s[b + O_ACT + k] = a
