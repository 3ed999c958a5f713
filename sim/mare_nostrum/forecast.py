"""What the rules imply for a player planning ahead: the odds of a battle (§4.6, from the exact
distribution of dice sums), the pay capacity left after a payment (§4.5.2) and the next income
(§4.3.1). Read-only helpers for the players in `strategies/mare_nostrum.py`; they change no
state and use no hidden information (hands are read only for the seat that owns them).
"""
import numpy as np
from numba import njit

from .board import NP, NL, N_TYPES, TAX, LAND_ADJ, N_ICONS, PROV_GOODS
from . import rules as R
from .params import (P_HIT_DIVISOR, P_PENTHESILEA_DIVISOR, P_AUTO_VALUE, P_HANNIBAL_BONUS,
                     P_PERICLES_DIE_BONUS, P_ARIADNE_SMALL, P_ARIADNE_BIG, P_TAX_WILD, P_TAX_KEEP,
                     P_ROLE_VICTORY, P_MARKET_MULT, P_TEMPLE_MULT, P_OCCUPIER_INCOME,
                     P_WAR_INCOME)
from .state import HAND, INFL, CITY, CARAVAN, MARKET, TEMPLE, ROLE, UNITS

MAX_DICE = 40
MAX_SUM = 6 * MAX_DICE


def _dice_table():
    """DICE[k, s] = P(the sum of k six-sided dice is s), by repeated convolution."""
    t = np.zeros((MAX_DICE + 1, MAX_SUM + 1))
    t[0, 0] = 1.0
    for k in range(1, MAX_DICE + 1):
        for f in range(1, 7):
            t[k, f:] += t[k - 1, :MAX_SUM + 1 - f] / 6.0
    return t


DICE = _dice_table()


def _land_distance():
    """LAND_DIST[myth, a, b]: land steps from province a to b (99 when no land path)."""
    m_, n, _ = LAND_ADJ.shape
    dist = np.full((m_, n, n), 99, np.int64)
    for m in range(m_):
        for a in range(n):
            dist[m, a, a] = 0
            front = [a]
            while front:
                nxt = []
                for x in front:
                    for y in np.nonzero(LAND_ADJ[m, x])[0]:
                        if dist[m, a, y] == 99:
                            dist[m, a, y] = dist[m, a, x] + 1
                            nxt.append(y)
                front = nxt
    return dist


LAND_DIST = _land_distance()


@njit(cache=True)
def hits_dist(k, fixed, divisor, cap, out):
    """out[h] for h = 0..cap: probability that a side rolling k dice on top of `fixed` points
    inflicts h losses, floor(total / divisor) capped at the `cap` units the enemy has (§4.6.5)."""
    out[:cap + 1] = 0.0
    k = min(k, MAX_DICE)
    for s in range(6 * k + 1):
        p = DICE[k, s]
        if p > 0.0:
            h = (s + fixed) // divisor
            out[min(h, cap)] += p


@njit(cache=True)
def side_points(S, P, o, opp, l, land, attacker, legions, autos, fortresses):
    """(dice rolled, fixed points) of o's side with the given units in l against opp, as
    rules.side_setup counts them: legions (triremes at sea) roll with their per-die bonuses,
    fortresses and creatures score the automatic value unless a Behemoth fights against them."""
    fixed = 0
    dice = legions
    if land:
        bonus = 0
        c = R.civ(S, o)
        if c == R.CIV_CARTHAGE and R.has_civ_hero(S, P, o, R.CH_HANNIBAL):
            bonus += int(P[P_HANNIBAL_BONUS])
        if attacker and R.has_hero(S, P, o, R.H_AGAMEMNON):
            bonus += 1
        if (not attacker) and R.has_hero(S, P, o, R.H_HELEN):
            bonus += 1
        fixed += bonus * legions
        if R.behemoth_in(S, P, opp, l):
            dice += autos
        else:
            fixed += int(P[P_AUTO_VALUE]) * autos
        if R.has_hero(S, P, o, R.H_ARCHIMEDES):
            fixed += 2 * fortresses
        if R.has_hero(S, P, o, R.H_ARIADNE) and S[INFL + l] == o + 1:
            b = S[CITY + l] + S[CARAVAN + 3 * l] + S[CARAVAN + 3 * l + 1] + S[CARAVAN + 3 * l + 2]
            fixed += int(P[P_ARIADNE_SMALL]) * b + int(P[P_ARIADNE_BIG]) * (S[TEMPLE + l] + S[MARKET + l])
    else:
        if R.civ(S, o) == R.CIV_GREECE and R.has_civ_hero(S, P, o, R.CH_PERICLES):
            fixed += int(P[P_PERICLES_DIE_BONUS]) * legions
        fixed += int(P[P_AUTO_VALUE]) * autos
    return dice, fixed


@njit(cache=True)
def battle_odds(S, P, a, d, l, add_legions, add_creatures, def_legions, def_forts, out):
    """Odds of a's attack on d's units in l, with add_legions / add_creatures more attacking
    units than a has there now (a move being considered) and def_legions / def_forts more
    defending ones (a purchase being considered). Writes into out:
    [0] expected units d loses, [1] expected units a loses, [2] P(d wiped out and a keeps a
    unit: a holds l), [3] P(both keep units: at war), [4] units of d, [5] units of a.
    Centaurs' kills before the dice are counted; Mars, Ajax, Hamilcar, Hercules, Midas and
    Medusa are left out (a reaction the attacker cannot count on)."""
    land = l < NP
    la = S[R.ui(a, l, 0)] + add_legions if land else S[R.ui(a, l, 3)]
    ca = S[R.ui(a, l, 1)] + add_creatures
    fa = S[R.ui(a, l, 2)] if land else 0
    ld = (S[R.ui(d, l, 0)] if land else S[R.ui(d, l, 3)]) + def_legions
    cd = S[R.ui(d, l, 1)]
    fd = (S[R.ui(d, l, 2)] if land else 0) + def_forts
    if land:
        # centaurs kill one enemy legion each before the dice (simultaneous)
        ka = min(ca, ld) if R.civ(S, a) == R.CIV_GREECE and R.creature_power(S, P, a) else 0
        kd = min(cd, la) if R.civ(S, d) == R.CIV_GREECE and R.creature_power(S, P, d) else 0
        ld -= ka
        la -= kd
    else:
        ka = 0
        kd = 0
    na = la + ca + fa
    nd = ld + cd + fd
    out[4] = nd + ka
    out[5] = na + kd
    if nd == 0 or na == 0:
        out[0] = ka
        out[1] = kd
        out[2] = 1.0 if (nd == 0 and na > 0) else 0.0
        out[3] = 0.0
        return
    dv = int(P[P_HIT_DIVISOR])
    div_on_d = int(P[P_PENTHESILEA_DIVISOR]) if (land and R.has_hero(S, P, d, R.H_PENTHESILEA)) else dv
    div_on_a = int(P[P_PENTHESILEA_DIVISOR]) if (land and R.has_hero(S, P, a, R.H_PENTHESILEA)) else dv
    kA, fA = side_points(S, P, a, d, l, land, True, la, ca + fa, fa)
    kD, fD = side_points(S, P, d, a, l, land, False, ld, cd + fd, fd)
    hd = np.zeros(nd + 1)
    ha = np.zeros(na + 1)
    hits_dist(kA, fA, div_on_d, nd, hd)
    hits_dist(kD, fD, div_on_a, na, ha)
    e_d = 0.0
    for h in range(nd + 1):
        e_d += h * hd[h]
    e_a = 0.0
    for h in range(na + 1):
        e_a += h * ha[h]
    out[0] = e_d + ka
    out[1] = e_a + kd
    a_keeps = 1.0 - ha[na]
    out[2] = hd[nd] * a_keeps
    out[3] = (1.0 - hd[nd]) * a_keeps


@njit(cache=True)
def capacity_after_pay(S, P, o, n):
    """o's pay capacity (§4.5.2) after the canonical auto-payment of an n-card combination:
    the goods paid first are the most-copied ones, so a payment can cost less capacity than n."""
    h = np.empty(N_TYPES, np.int64)
    for t in range(N_TYPES):
        h[t] = S[HAND + o * N_TYPES + t]
    wild = P[P_TAX_WILD] != 0
    n_goods = R.goods_paid(S, P, o, n)
    used = np.zeros(13, np.bool_)
    for k in range(n_goods):
        best = -1
        bc = 0
        for g in range(13):
            if not used[g] and h[g] > bc:
                bc = h[g]
                best = g
        used[best] = True
        h[best] -= 1
    h[TAX] -= n - n_goods
    d = 0
    for g in range(13):
        if h[g] > 0:
            d += 1
    if wild:
        return d + h[TAX]
    return d if d > h[TAX] else h[TAX]


@njit(cache=True)
def next_income(S, P, o, out):
    """Cards per type o would collect if the income were paid now (§4.3.1), into out (14)."""
    out[:] = 0
    for v in range(NP):
        if R.income_receiver(S, P, v) == o:
            R.province_income(S, P, v, o, out)
    if R.has_hero(S, P, o, R.H_SOLOMON):
        out[TAX] += 1


@njit(cache=True)
def all_incomes(S, P, out, recv, cards):
    """out[o, t]: cards of type t every seat o would collect if the income were paid now;
    recv[v]: the seat province v pays (-1 none), cards[v]: how many cards (§4.3.1:
    rules.income_receiver and rules.province_income, written out in one pass over the provinces
    because every player decision reads them; test_players checks them against the rules)."""
    out[:, :] = 0
    recv[:] = -1
    cards[:] = 0
    n = S[R.H_NP]
    mm = int(P[P_MARKET_MULT])
    tm = int(P[P_TEMPLE_MULT])
    occupier = P[P_OCCUPIER_INCOME] != 0
    war = P[P_WAR_INCOME] != 0
    circe = -1
    for o in range(n):
        if R.has_hero(S, P, o, R.H_CIRCE):
            circe = o
    tmp = np.zeros(N_TYPES, np.int64)
    for v in range(NP):
        c = S[INFL + v] - 1
        if c < 0:
            continue
        others = -1
        nown = 0
        for q in range(6):
            b = UNITS + (q * NL + v) * 4
            if S[b] + S[b + 1] + S[b + 2] + S[b + 3] > 0:
                nown += 1
                if q != c:
                    others = q
        if others < 0:
            r = c
        elif nown == 1:
            r = others if occupier else -1
        else:
            r = c if war else -1
        if r < 0 or r >= n:
            continue
        recv[v] = r
        m = mm if S[MARKET + v] > 0 else 1
        k = 0
        for i in range(N_ICONS[v]):
            if S[CARAVAN + 3 * v + i] > 0:
                out[r, PROV_GOODS[v, i]] += m
                k += m
        out[r, TAX] += S[CITY + v] * (tm if S[TEMPLE + v] > 0 else 1)
        k += S[CITY + v] * (tm if S[TEMPLE + v] > 0 else 1)
        if r == circe:
            tmp[:] = 0
            R.circe_production(S, P, v, r, tmp)
            for t in range(N_TYPES):
                out[r, t] += tmp[t]
                k += tmp[t]
        cards[v] = k
    for o in range(n):
        if R.has_hero(S, P, o, R.H_SOLOMON):
            out[o, TAX] += 1


@njit(cache=True)
def combination_size(P, cards, kept_tax):
    """Pay capacity (§4.5.2) of a hand of `cards` per type plus `kept_tax` more tax cards."""
    d = 0
    for g in range(13):
        if cards[g] > 0:
            d += 1
    t = cards[TAX] + kept_tax
    if P[P_TAX_WILD] != 0:
        return d + t
    return d if d > t else t


@njit(cache=True)
def spare_copies(cards):
    """Cards beyond one per good: what the exchange can turn into goods the holder lacks."""
    k = 0
    for g in range(13):
        if cards[g] > 1:
            k += cards[g] - 1
    return k


@njit(cache=True)
def next_capacity(S, P, o, kept_tax):
    """Pay capacity of o's next income plus `kept_tax` tax cards carried over (at most tax_keep):
    how large a combination o can pay next round before the exchange."""
    inc = np.zeros(N_TYPES, np.int64)
    next_income(S, P, o, inc)
    d = 0
    for g in range(13):
        if inc[g] > 0:
            d += 1
    t = inc[TAX] + min(kept_tax, int(P[P_TAX_KEEP]))
    if P[P_TAX_WILD] != 0:
        return d + t
    return d if d > t else t


@njit(cache=True)
def next_duplicates(S, P, o):
    """Cards of o's next income beyond one per good: what the exchange can turn into goods he
    lacks (each such card taken for a new good raises his combination by one)."""
    inc = np.zeros(N_TYPES, np.int64)
    next_income(S, P, o, inc)
    k = 0
    for g in range(13):
        if inc[g] > 1:
            k += inc[g] - 1
    return k


@njit(cache=True)
def capacity_without(S, P, o, v, kept_tax):
    """next_capacity of o if province v paid o nothing (occupied by a rival, at war, or its
    buildings destroyed): what taking v away costs o in the size of his next combination."""
    inc = np.zeros(N_TYPES, np.int64)
    next_income(S, P, o, inc)
    if R.income_receiver(S, P, v) == o:
        out = np.zeros(N_TYPES, np.int64)
        R.province_income(S, P, v, o, out)
        for t in range(N_TYPES):
            inc[t] -= out[t]
    d = 0
    for g in range(13):
        if inc[g] > 0:
            d += 1
    t = inc[TAX] + min(kept_tax, int(P[P_TAX_KEEP]))
    if P[P_TAX_WILD] != 0:
        return d + t
    return d if d > t else t


@njit(cache=True)
def province_cards(S, P, v):
    """Cards province v pays its receiver each round (caravans, cities, market, temple)."""
    out = np.zeros(N_TYPES, np.int64)
    R.province_production(S, P, v, out)
    return out.sum()


@njit(cache=True)
def role_victor(S, P, cnt):
    """The seat that would hold all four roles if the roles were determined now with the counts
    `cnt` (rules.role_counts, Athena's face-up bonus included), i.e. win by roles (§4.2.4);
    -1 when nobody would, when a tie among non-holders leaves a role to chance, or when the role
    victory is off."""
    if S[R.H_MYTH] == 0 or P[P_ROLE_VICTORY] == 0:
        return -1
    n = S[R.H_NP]
    who = -1
    for r in range(4):
        best = -1
        for q in range(n):
            if cnt[r, q] > best:
                best = cnt[r, q]
        h = S[ROLE + r]
        if h >= 0 and cnt[r, h] == best:
            w = h
        else:
            w = -1
            nt = 0
            for q in range(n):
                if cnt[r, q] == best:
                    nt += 1
                    w = q
            if nt > 1:
                return -1
        if r == 0:
            who = w
        elif w != who:
            return -1
    return who
