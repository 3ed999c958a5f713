"""What one seat can see of a Glory to Rome state (A9), so that players never peek.

Hidden from seat p: the deck order, the opponents' hands, the material of the vault cards that went
in face down (an opponent's Basilica and Atrium cards, p's own Atrium cards: O_VHID / O_VATR).
Public: everything else, including vault sizes and the vault cards sold from a stockpile or taken
from a clientele. From that, this module gives
- `view_scores`: every seat's final score if the game ended now, as p sees it: the lowest and
  highest value consistent with what p cannot see (hidden vault cards are worth 1 to 3 VP and may
  be of any material, for the Merchant Bonuses too) and an estimate (hidden cards at the deck's
  mean value of 2, bonuses from the vault cards p has seen);
- `sure_position`: the finishing place p is sure of when the game ends in that state (the worst
  place consistent with what it sees), and its win share if that place is first;
- `sample_outcomes`: p's place and win share in worlds drawn from what it cannot see;
- `unseen_materials` and `redeal_hidden`: the cards p cannot locate, by material, and a
  determinization that redeals them (search players, deck-draw look-aheads).
"""
import numpy as np
from numba import njit

from sim import rng
from .board import MAT, VAL, NK, END_FORUM
from .params import P_MERCHANT_BONUS_VP
from .rules.cards import hand_size
from .rules.scoring import score_parts, statue_points, wall_points
from .state import (prm, G_N, G_END, G_WIN, G_DECK, G_DTOP, P0, PSZ, O_HAND, O_HN, O_HMAT, O_VAULT, O_INFL,
                    O_VHID, O_VATR)

MEAN_CARD_VALUE = 2.0       # mean value of the 144 orders (24 of each material, values 1,1,2,2,3,3)


@njit(cache=True)
def hidden_from(s, p, q, m):
    """Vault cards of material m of seat q whose material seat p has not seen."""
    b = P0 + q * PSZ
    if q == p:
        return s[b + O_VATR + m]
    return s[b + O_VHID + m]


@njit(cache=True)
def known_vault(s, p, q, m):
    """Vault cards of material m of seat q that seat p has seen go in."""
    return s[P0 + q * PSZ + O_VAULT + m] - hidden_from(s, p, q, m)


@njit(cache=True)
def estimated_score(s, p, q):
    """Seat q's final score if the game ended now, as seat p estimates it (the `est` of
    view_scores, without allocating: the players' evaluation calls it for every candidate)."""
    b = P0 + q * PSZ
    n = s[G_N]
    v = float(s[b + O_INFL] + statue_points(s, q) + wall_points(s, q))
    bv = prm(s, P_MERCHANT_BONUS_VP)
    for m in range(6):
        k = known_vault(s, p, q, m)
        v += k * VAL[m] + MEAN_CARD_VALUE * hidden_from(s, p, q, m)
        if k >= 1:
            top = 0
            for r in range(n):
                if r != q:
                    x = known_vault(s, p, r, m)
                    if x > top:
                        top = x
            if k > top:
                v += bv
    return v


@njit(cache=True)
def view_scores(s, p, lo, hi, est):
    """Final scores of every seat if the game ended in s, as seat p sees them (§6.2): lo/hi the
    bounds over what p cannot see, est the estimate. Exact (lo = hi = est = score_parts) when no
    vault card is hidden from p."""
    n = s[G_N]
    known = np.zeros((n, 6), np.int64)
    hid = np.zeros(n, np.int64)
    parts = np.zeros(6, np.int64)
    for q in range(n):
        score_parts(s, q, parts)
        fixed = parts[0] + parts[4] + parts[5]          # Influence, Statue, Wall: public
        kv = 0
        h = 0
        b = P0 + q * PSZ
        for m in range(6):
            x = hidden_from(s, p, q, m)
            k = s[b + O_VAULT + m] - x
            known[q, m] = k
            kv += k * VAL[m]
            h += x
        hid[q] = h
        lo[q] = fixed + kv + h
        hi[q] = fixed + kv + 3 * h
        est[q] = fixed + kv + MEAN_CARD_VALUE * h
    bv = prm(s, P_MERCHANT_BONUS_VP)
    for m in range(6):
        for q in range(n):
            top_lo = 0          # most cards of m any other seat surely has
            top_hi = 0          # ... may have
            for r in range(n):
                if r != q:
                    if known[r, m] > top_lo:
                        top_lo = known[r, m]
                    if known[r, m] + hid[r] > top_hi:
                        top_hi = known[r, m] + hid[r]
            if known[q, m] >= 1 and known[q, m] > top_hi:
                lo[q] += bv
            if known[q, m] + hid[q] >= 1 and known[q, m] + hid[q] > top_lo:
                hi[q] += bv
            if known[q, m] >= 1 and known[q, m] > top_lo:
                est[q] += bv


@njit(cache=True)
def sure_position(s, p, lo, hi):
    """(place, share) for seat p when the game ends in s: the worst finishing place consistent with
    what p sees (a rival counts as ahead unless p surely beats it: higher score, or equal score and
    more cards in hand, §6.2; a Forum end puts its winners first, §5.5) and p's win share when that
    place is first (1 / number of rivals it may tie with)."""
    n = s[G_N]
    forum = s[G_END] == END_FORUM
    cp = (not forum) or s[G_WIN + p] != 0
    hp = hand_size(s, p)
    ahead = 0
    ties = 0
    for q in range(n):
        if q == p:
            continue
        cq = (not forum) or s[G_WIN + q] != 0
        if cq and not cp:
            ahead += 1
            continue
        if cp and not cq:
            continue
        hq = hand_size(s, q)
        if lo[p] > hi[q] or (lo[p] == hi[q] and hp > hq):
            continue
        if lo[p] == hi[q] and hp == hq:
            ties += 1
            continue
        ahead += 1
    if ahead > 0:
        return 1 + ahead, 0.0
    return 1, 1.0 / (1 + ties)


@njit(cache=True)
def sample_outcomes(s, p, pr, places, shares):
    """Finishing place and win share of seat p when the game ends in s, in len(places) worlds
    consistent with what p sees: the materials of the vault cards hidden from p drawn (without
    replacement) from the materials p cannot locate; everything else as in s (§6.2, Forum §5.5)."""
    n = s[G_N]
    k = places.shape[0]
    u = np.zeros(6, np.int64)
    tot = unseen_materials(s, p, u)
    pool = np.empty(max(tot, 1), np.int64)
    i = 0
    for m in range(6):
        for c in range(u[m]):
            pool[i] = m
            i += 1
    known = np.zeros((n, 6), np.int64)
    hid = np.zeros(n, np.int64)
    fixed = np.zeros(n, np.int64)
    hand = np.zeros(n, np.int64)
    parts = np.zeros(6, np.int64)
    nh = 0
    for q in range(n):
        score_parts(s, q, parts)
        fixed[q] = parts[0] + parts[4] + parts[5]
        hand[q] = hand_size(s, q)
        b = P0 + q * PSZ
        for m in range(6):
            x = hidden_from(s, p, q, m)
            known[q, m] = s[b + O_VAULT + m] - x
            hid[q] += x
        nh += hid[q]
    forum = s[G_END] == END_FORUM
    bv = prm(s, P_MERCHANT_BONUS_VP)
    cnt = np.zeros((n, 6), np.int64)
    score = np.zeros(n, np.int64)
    for j in range(k):
        for q in range(n):
            for m in range(6):
                cnt[q, m] = known[q, m]
        i = 0
        for q in range(n):           # partial Fisher-Yates over the unseen materials
            for c in range(hid[q]):
                r = i + rng.below(pr, tot - i)
                x = pool[r]
                pool[r] = pool[i]
                pool[i] = x
                cnt[q, x] += 1
                i += 1
        for q in range(n):
            v = fixed[q]
            for m in range(6):
                v += cnt[q, m] * VAL[m]
            score[q] = v
        for m in range(6):
            best = 0
            who = -1
            for q in range(n):
                if cnt[q, m] > best:
                    best = cnt[q, m]
                    who = q
                elif cnt[q, m] == best and best > 0:
                    who = -1
            if who >= 0:
                score[who] += bv
        places[j], shares[j] = _place(s, p, score, hand, forum)
        if nh == 0:                  # nothing hidden: every world is the same
            for jj in range(j + 1, k):
                places[jj] = places[j]
                shares[jj] = shares[j]
            break


@njit(cache=True)
def _place(s, p, score, hand, forum):
    """Place and win share of p for given final scores (§6.2; a Forum end ranks its winners first)."""
    n = s[G_N]
    cp = (not forum) or s[G_WIN + p] != 0
    ahead = 0
    ties = 0
    for q in range(n):
        if q == p:
            continue
        cq = (not forum) or s[G_WIN + q] != 0
        if cq != cp:
            if cq:
                ahead += 1
            continue
        if score[q] > score[p] or (score[q] == score[p] and hand[q] > hand[p]):
            ahead += 1
        elif score[q] == score[p] and hand[q] == hand[p]:
            ties += 1
    if ahead > 0:
        return 1 + ahead, 0.0
    return 1, 1.0 / (1 + ties)


@njit(cache=True)
def unseen_materials(s, p, out):
    """out[m] = cards of material m that seat p cannot locate (deck, opponents' hands, vault cards
    hidden from p); returns their number."""
    n = s[G_N]
    for m in range(6):
        out[m] = 0
    for t in range(s[G_DTOP], 144):
        out[MAT[s[G_DECK + t]]] += 1
    for q in range(n):
        b = P0 + q * PSZ
        for m in range(6):
            if q != p:
                out[m] += s[b + O_HMAT + m]
            out[m] += hidden_from(s, p, q, m)
    tot = 0
    for m in range(6):
        tot += out[m]
    return tot


@njit(cache=True)
def unseen_kinds(s, p, out):
    """out[:u] = kinds of the order cards seat p cannot locate in hands or deck (the deck and the
    opponents' hands), in kind order (so a sample drawn from them depends on what p knows, not on
    where the cards really are); returns u. A sample of them is what p may draw."""
    cnt = np.zeros(NK, np.int64)
    for t in range(s[G_DTOP], 144):
        cnt[s[G_DECK + t]] += 1
    for q in range(s[G_N]):
        if q != p:
            b = P0 + q * PSZ
            for k in range(NK):
                cnt[k] += s[b + O_HAND + k]
    u = 0
    for k in range(NK):
        for c in range(cnt[k]):
            out[u] = k
            u += 1
    return u


@njit(cache=True)
def put_on_top(s, p, m):
    """Make the top deck card one of material m, by swapping it with an unseen card of material m
    (deeper in the deck, or in an opponent's hand); for a look-ahead copy of the state."""
    t0 = s[G_DTOP]
    top = s[G_DECK + t0]
    if MAT[top] == m:
        return
    for t in range(t0 + 1, 144):
        if MAT[s[G_DECK + t]] == m:
            s[G_DECK + t0] = s[G_DECK + t]
            s[G_DECK + t] = top
            return
    n = s[G_N]
    for q in range(n):
        if q == p:
            continue
        b = P0 + q * PSZ
        if s[b + O_HMAT + m] > 0:
            for k in range(NK):
                if s[b + O_HAND + k] > 0 and MAT[k] == m:
                    s[b + O_HAND + k] -= 1
                    s[b + O_HMAT + m] -= 1
                    s[b + O_HAND + top] += 1
                    s[b + O_HMAT + MAT[top]] += 1
                    s[G_DECK + t0] = k
                    return
    for k in range(NK):         # only among hidden vault cards: any kind of material m
        if MAT[k] == m:
            s[G_DECK + t0] = k
            return


@njit(cache=True)
def redeal_hidden(s, p, pr):
    """Redeal, in place, what seat p cannot see: the opponents' hands and the deck (one shuffled
    pool of their kinds, hand sizes kept), and the vault cards hidden from p (their materials
    pooled and redealt over the same hidden slots, Atrium flags kept per seat). Both pools are
    laid out in kind (material) order before the shuffle, so the result depends on what p sees
    and on pr, never on where the hidden cards really are (engine contract)."""
    n = s[G_N]
    unseen = np.empty(144, np.int32)
    u = unseen_kinds(s, p, unseen)
    rng.shuffle(pr, unseen[:u])
    i = 0
    for q in range(n):
        if q == p:
            continue
        bq = P0 + q * PSZ
        h = s[bq + O_HN]
        for k in range(NK):
            s[bq + O_HAND + k] = 0
        for m in range(6):
            s[bq + O_HMAT + m] = 0
        for j in range(h):
            k = unseen[i]
            i += 1
            s[bq + O_HAND + k] += 1
            s[bq + O_HMAT + MAT[k]] += 1
    for t in range(s[G_DTOP], 144):
        s[G_DECK + t] = unseen[i]
        i += 1
    # vault cards hidden from p: pooled by material, redealt over the same slots
    vm = np.empty(144, np.int32)
    v = 0
    for m in range(6):
        for q in range(n):
            for c in range(hidden_from(s, p, q, m)):
                vm[v] = m
                v += 1
    if v == 0:
        return
    rng.shuffle(pr, vm[:v])
    i = 0
    for q in range(n):
        bq = P0 + q * PSZ
        size = 0
        atr = 0
        for m in range(6):
            x = hidden_from(s, p, q, m)
            size += x
            atr += s[bq + O_VATR + m]
            s[bq + O_VAULT + m] -= x
            if q == p:                      # p's Atrium cards: hidden, and Atrium
                s[bq + O_VHID + m] -= x
            else:
                s[bq + O_VHID + m] = 0
            s[bq + O_VATR + m] = 0
        for j in range(size):
            m = vm[i]
            i += 1
            s[bq + O_VAULT + m] += 1
            s[bq + O_VHID + m] += 1
            if j < atr:
                s[bq + O_VATR + m] += 1


def observation(st, ctx, seat):
    """What `seat` sees of state st, as an array (engine contract; for tests, not compiled): the
    state with the deck's cards, the opponents' hands and the materials of the vault cards hidden
    from seat (O_VHID / O_VATR) replaced by their counts. Two states look the same to seat iff their
    observations are equal, so `redeal_hidden` must keep it."""
    from sim.layout import HEADER_SIZE
    from .state import O_VHID, O_VATR, G_N
    o = np.array(st, copy=True)
    o[:HEADER_SIZE] = 0                         # the trace log is not part of the game
    o[G_DECK:G_DECK + 144] = 0                  # deck order (dealt positions included); DTOP stays
    for q in range(int(st[G_N])):
        b = P0 + q * PSZ
        x = st[b + O_VATR:b + O_VATR + 6] if q == seat else st[b + O_VHID:b + O_VHID + 6]
        o[b + O_VAULT:b + O_VAULT + 6] -= x     # vault cards whose material seat has not seen ...
        if q == seat:
            o[b + O_VHID:b + O_VHID + 6] -= x   # (seat's own Basilica cards stay known)
        else:
            o[b + O_VHID:b + O_VHID + 6] = 0
            o[b + O_VHID] = x.sum()             # ... are only counted
            o[b + O_HAND:b + O_HAND + 40] = 0   # hand size (O_HN, O_HJ) stays public
            o[b + O_HMAT:b + O_HMAT + 6] = 0
        o[b + O_VATR:b + O_VATR + 6] = 0
        o[b + O_VATR] = st[b + O_VATR:b + O_VATR + 6].sum()
    return o
