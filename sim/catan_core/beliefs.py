"""What one seat can know of the hidden parts of a Catan-core game (no peeking, docs/DESIGN_NOTES.md).

Players that look ahead through hidden information (a steal, the battle a donation sets off, the
rivals' track bonus) use these quantities instead of the true hidden state:
- the cards a seat cannot locate: per resource, all cards minus the bank, its own hand and the
  cards out of the game (all open); they are the rivals' hands and, in Troja, the support row;
- the rivals' allegiance cards: a deal of the cards the seat has not got (troja.md §3.3);
- the odds of a battle (troja.md §3.5, §8.8) on a row whose unknown cards are a uniform draw from
  the cards the seat cannot locate, and whose known cards (the one the seat is donating) are in it.
Rules stay in engine.py; nothing here changes a state.
"""
from numba import njit

from sim.catan_core.borrow import NO_REFCOUNT
from sim.catan_core.layout import *  # noqa: F401,F403


@njit(cache=True, **NO_REFCOUNT)
def unseen(st, cfg, p, r):
    """Cards of resource r that seat p cannot locate (rivals' hands and the support row)."""
    return cfg[C_BANK] - st[S_BANK + r] - st[S_PLAYERS + p * PS + P_HAND + r] - st[S_REMOVED + r]


@njit(cache=True, **NO_REFCOUNT)
def comb(n, k):
    """Binomial coefficient C(n, k) as a float (0 outside 0 <= k <= n)."""
    if k < 0 or k > n:
        return 0.0
    if k > n - k:
        k = n - k
    c = 1.0
    for i in range(k):
        c = c * (n - i) / (i + 1)
    return c


@njit(cache=True, **NO_REFCOUNT)
def battle_odds(st, cfg, p, known):
    """(P(Troy wins), P(Mycenae wins), P(draw)) of a battle on the support row of st as seat p
    sees it. The row's size is public; `known` (a resource, or -1) is one card p knows is in it
    (the one it is donating); the other row cards are a uniform draw from the cards p cannot
    locate, so the revealed ones are too (a uniform subset of a uniform subset)."""
    troy = 0.0
    myc = 0.0
    draw = 0.0
    n = st[S_ROW] + st[S_ROW + 1] + st[S_ROW + 2] + st[S_ROW + 3] + st[S_ROW + 4]
    k = cfg[C_REVEAL]
    if k > n:
        k = n
    pt = 0
    pm = 0
    pb = 0
    for r in range(5):
        u = unseen(st, cfg, p, r) - (1 if r == known else 0)
        if u < 0:
            u = 0
        side = cfg[C_SIDE + r]
        if side == SIDE_TROY:
            pt += u
        elif side == SIDE_MYCENAE:
            pm += u
        else:
            pb += u
    kappa = 1 if known >= 0 else 0
    kt = 1 if kappa == 1 and cfg[C_SIDE + known] == SIDE_TROY else 0
    km = 1 if kappa == 1 and cfg[C_SIDE + known] == SIDE_MYCENAE else 0
    pool = pt + pm + pb
    total = comb(n, k)
    for j in range(kappa + 1):          # known cards among the revealed
        if j > k:
            break
        pj = comb(kappa, j) * comb(n - kappa, k - j) / total
        if pj <= 0.0:
            continue
        c = k - j
        cc = comb(pool, c)
        if cc <= 0.0:
            continue
        for t in range(c + 1):
            ct = comb(pt, t)
            if ct == 0.0:
                continue
            for m in range(c - t + 1):
                x = ct * comb(pm, m) * comb(pb, c - t - m)
                if x == 0.0:
                    continue
                tt = t + kt * j
                mm = m + km * j
                if tt > mm:
                    troy += pj * x / cc
                elif mm > tt:
                    myc += pj * x / cc
                else:
                    draw += pj * x / cc
    return troy, myc, draw


@njit(cache=True, **NO_REFCOUNT)
def allegiance_left(st, cfg, p):
    """(Troy, Mycenae) allegiance cards seat p has not got: the rivals' cards are dealt from them."""
    nt = cfg[C_ALLEG_T]
    nm = cfg[C_ALLEG_M]
    own = st[S_PLAYERS + p * PS + P_ALLEG]
    if own == SIDE_TROY:
        nt -= 1
    elif own == SIDE_MYCENAE:
        nm -= 1
    return nt, nm


@njit(cache=True, **NO_REFCOUNT)
def deal_probability(nt, nm, t, m):
    """Probability that rivals in a given order get t Troy then m Mycenae cards of a given
    pattern, dealt without replacement from nt Troy and nm Mycenae cards."""
    x = 1.0
    for i in range(t):
        x *= nt - i
    for i in range(m):
        x *= nm - i
    for i in range(t + m):
        x /= nt + nm - i
    return x


@njit(cache=True, **NO_REFCOUNT)
def expected_rival_bonus(st, cfg, p):
    """A rival's track bonus as seat p can expect it: the bonus of either side, weighted by the
    share of that side's cards among those p has not got."""
    nt, nm = allegiance_left(st, cfg, p)
    if nt + nm <= 0:
        return 0.0
    wt = st[S_TRACK]
    wm = st[S_TRACK + 1]
    if wt > 5:
        wt = 5
    if wm > 5:
        wm = 5
    return (nt * cfg[C_TRACK_VALUES + wt] + nm * cfg[C_TRACK_VALUES + wm]) / (nt + nm)
