"""Limits (§4.1): hand limit (a Thinker refill target), clientele and vault limits.
"""
from numba import njit

from ..board import K_INSULA, K_AQUEDUCT, K_MARKET, K_SHRINE, K_TEMPLE
from ..params import (P_HAND_LIMIT, P_SHRINE_BONUS, P_TEMPLE_BONUS, P_INSULA_BONUS,
                      P_AQUEDUCT_MULTIPLIER, P_MARKET_BONUS)
from ..state import *  # noqa: F401,F403  (layout constants, pb, prm, republic)
from .cards import n_clients, n_vault
from .powers import act


@njit(cache=True)
def hand_limit(s, p):
    h = prm(s, P_HAND_LIMIT)
    if act(s, p, K_SHRINE):
        h += prm(s, P_SHRINE_BONUS)
    if act(s, p, K_TEMPLE):
        h += prm(s, P_TEMPLE_BONUS)
    return h


@njit(cache=True)
def client_limit(s, p):
    c = s[P0 + p * PSZ + O_INFL]
    if act(s, p, K_INSULA):
        c += prm(s, P_INSULA_BONUS)
    if act(s, p, K_AQUEDUCT):
        c *= prm(s, P_AQUEDUCT_MULTIPLIER)
    return c


@njit(cache=True)
def vault_limit(s, p):
    c = s[P0 + p * PSZ + O_INFL]
    if act(s, p, K_MARKET):
        c += prm(s, P_MARKET_BONUS)
    return c


@njit(cache=True)
def client_room(s, p):
    return n_clients(s, p) < client_limit(s, p)


@njit(cache=True)
def vault_room(s, p):
    return n_vault(s, p) < vault_limit(s, p)
