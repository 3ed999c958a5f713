"""Invariants (§12 debug checks): cards and Jacks conserved, no negative count, hand caches right,
sites and Influence accounted for, limits respected (except after a Prison, A5), vault secrecy
counts consistent. `check_invariants` returns 0 or the code of the first violation.
"""
from numba import njit

from ..board import MAT, VAL, NK, K_PRISON
from ..params import P_N_JACKS, P_SITES_PER_MATERIAL, P_START_INFLUENCE
from ..state import *  # noqa: F401,F403  (layout constants, pb, prm, republic)
from .cards import deck_left, sum6, n_clients, n_vault
from .limits import client_limit, vault_limit


@njit(cache=True)
def check_invariants(s):
    """0 if the state is consistent, else a code naming the first violated invariant."""
    n = s[G_N]
    cards = deck_left(s) + sum6(s, G_POOL)
    jacks = s[G_JPILE]
    laid = 0
    infl_sum = 0
    site_val = 0
    prison = False
    for p in range(n):
        b = P0 + p * PSZ
        if s[b + O_BST + K_PRISON] == 2:
            prison = True
    for p in range(n):
        b = P0 + p * PSZ
        hn = 0
        for k in range(NK):
            if s[b + O_HAND + k] < 0:
                return 10
            hn += s[b + O_HAND + k]
        if hn != s[b + O_HN]:
            return 11
        for m in range(6):
            hm = 0
            for k in range(NK):
                if MAT[k] == m:
                    hm += s[b + O_HAND + k]
            if hm != s[b + O_HMAT + m]:
                return 12
            if s[b + O_CAMP + m] < 0 or s[b + O_STOCK + m] < 0 or s[b + O_VAULT + m] < 0 or \
                    s[b + O_CLI + m] < 0 or s[b + O_FRESH + m] < 0 or s[G_POOL + m] < 0:
                return 13
            if s[b + O_FRESH + m] > s[b + O_CLI + m]:
                return 14
            if s[b + O_VATR + m] < 0 or s[b + O_VATR + m] > s[b + O_VHID + m] or \
                    s[b + O_VHID + m] > s[b + O_VAULT + m]:
                return 20
        if s[b + O_HJ] < 0 or s[b + O_CJ] < 0:
            return 15
        cards += hn + sum6(s, b + O_CAMP) + sum6(s, b + O_STOCK) + sum6(s, b + O_VAULT) + \
            sum6(s, b + O_CLI)
        jacks += s[b + O_HJ] + s[b + O_CJ]
        for k in range(NK):
            st = s[b + O_BST + k]
            if st != 0:
                laid += 1
                cards += 1 + s[b + O_BMAT + k]
                if st == 2:
                    site_val += VAL[s[b + O_BSITE + k]]
                elif s[b + O_BMAT + k] >= VAL[s[b + O_BSITE + k]]:
                    return 16
        if s[b + O_INFL] < 0:
            return 17
        infl_sum += s[b + O_INFL]
        site_val += s[b + O_DAGAIN]
        if not prison:
            if n_vault(s, p) > vault_limit(s, p):
                return 18
            if n_clients(s, p) > client_limit(s, p):
                return 19
    if cards != 144:
        return 1
    if jacks != prm(s, P_N_JACKS) or s[G_JPILE] < 0:
        return 2
    for m in range(6):
        if s[G_SIN + m] < 0 or s[G_SOUT + m] < 0:
            return 3
    if laid + sum6(s, G_SIN) + sum6(s, G_SOUT) + s[G_SGONE] != 6 * prm(s, P_SITES_PER_MATERIAL):
        return 4
    if infl_sum != n * prm(s, P_START_INFLUENCE) + site_val:
        return 5
    if s[G_SP] < 0 or s[G_SP] > MAX_FRAMES:
        return 6
    if s[G_DTOP] > 144:
        return 7
    return 0
