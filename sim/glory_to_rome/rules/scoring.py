"""Scoring (§6.2): Influence, vault values, Merchant Bonuses, Statue and Wall points; winners
(Forum winners first, §5.5), ties broken by cards in hand, ranks.
"""
import numpy as np
from numba import njit

from ..board import VAL, K_STATUE, K_WALL, END_FORUM
from ..params import P_MERCHANT_BONUS_VP, P_STATUE_VP, P_WALL_DIVISOR
from ..state import *  # noqa: F401,F403  (layout constants, pb, prm, republic)
from .cards import hand_size, sum6
from .powers import act


@njit(cache=True)
def merchant_bonus_owner(s, m):
    n = s[G_N]
    best = 0
    who = -1
    for p in range(n):
        v = s[P0 + p * PSZ + O_VAULT + m]
        if v > best:
            best = v
            who = p
        elif v == best and v > 0:
            who = -1
    return who


@njit(cache=True)
def statue_points(s, p):
    """statue_vp if Statue is active for p and a completed Statue exists for it (own or public, D8)."""
    if not act(s, p, K_STATUE):
        return 0
    if s[P0 + p * PSZ + O_BST + K_STATUE] == 2:
        return prm(s, P_STATUE_VP)
    for q in range(s[G_N]):
        bq = P0 + q * PSZ
        if s[bq + O_BST + K_STATUE] == 2 and s[bq + O_PUB + K_STATUE] != 0:
            return prm(s, P_STATUE_VP)
    return 0


@njit(cache=True)
def wall_points(s, p):
    """1 VP per wall_divisor stockpile cards if Wall is active for p."""
    if not act(s, p, K_WALL):
        return 0
    return sum6(s, P0 + p * PSZ + O_STOCK) // prm(s, P_WALL_DIVISOR)


@njit(cache=True)
def score_parts(s, p, out):
    """out[0..5] = influence, vault points, merchant bonuses (count), bonus VP, statue VP, wall VP;
    returns the total (§6.2)."""
    b = P0 + p * PSZ
    infl = s[b + O_INFL]
    vp = 0
    for m in range(6):
        vp += s[b + O_VAULT + m] * VAL[m]
    nb = 0
    for m in range(6):
        if merchant_bonus_owner(s, m) == p:
            nb += 1
    bonus = nb * prm(s, P_MERCHANT_BONUS_VP)
    statue = statue_points(s, p)
    wall = wall_points(s, p)
    out[0] = infl
    out[1] = vp
    out[2] = nb
    out[3] = bonus
    out[4] = statue
    out[5] = wall
    return infl + vp + bonus + statue + wall


@njit(cache=True)
def final_result(s, score, win, rank):
    """Scores, win shares (§6.2, Forum §5.5) and ranks of a finished game."""
    n = s[G_N]
    parts = np.zeros(6, np.int64)
    hand = np.zeros(n, np.int64)
    for p in range(n):
        score[p] = score_parts(s, p, parts)
        hand[p] = hand_size(s, p)
    forum = s[G_OVER] != 0 and s[G_END] == END_FORUM
    cand = np.zeros(n, np.int64)
    for p in range(n):
        cand[p] = 1 if (not forum or s[G_WIN + p] != 0) else 0
    best = -1 << 30
    for p in range(n):
        if cand[p] and score[p] > best:
            best = score[p]
    bh = -1
    for p in range(n):
        if cand[p] and score[p] == best and hand[p] > bh:
            bh = hand[p]
    k = 0
    for p in range(n):
        if cand[p] and score[p] == best and hand[p] == bh:
            k += 1
    for p in range(n):
        w = cand[p] and score[p] == best and hand[p] == bh
        win[p] = 1.0 / k if w else 0.0
    for p in range(n):
        r = 1
        for q in range(n):
            if q == p:
                continue
            if win[q] > 0 and win[p] == 0:
                r += 1
            elif (win[q] > 0) == (win[p] > 0):
                if score[q] > score[p] or (score[q] == score[p] and hand[q] > hand[p]):
                    r += 1
        rank[p] = r
