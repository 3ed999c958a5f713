"""Mare Nostrum players, dispatched by integer kind inside the compiled playout.

random    uniform over the legal ids
greedy    scores every legal id with a weighted evaluation (weights overridable) and plays
          the best; ties broken by the PLAYERS stream
economist greedy weights aimed at income, heroes, wonders and the Pyramids; never attacks
warmonger greedy weights for legions, creatures, attacks, pillage and take-overs
hoarder   greedy weights chasing role counts (the all-four-roles victory) and Athena
search    flat Monte Carlo over the greedy's top candidates at Build, Offering, order,
          Strategy and exchange-X decisions. Before each rollout the cards it cannot see (the
          opponents' hands, tax cards included) are redealt at random among the opponents,
          keeping each hand's size (determinization, `determinize`); each candidate is then
          played out with greedy players to the start of the round after next (dice from the
          PLAYERS stream) and scored by the rivals it finishes ahead of, plus a bonus for a win
          (`evaluate`: the tournament's pairwise measure); 6 rollouts per candidate at 5-6
          players, 3 at 3-4
"""
import numpy as np
from numba import njit

from sim.rng import below, uniform
from sim.spec import StrategyInfo
from sim.mare_nostrum import rules as R
from sim.mare_nostrum.board import (NP, NS, NL, N_TYPES, TAX, PROV_GOODS, N_ICONS, CITY_SITES,
                                    CAPITAL, LAND_NB, LAND_NBN, RARE)
from sim.mare_nostrum.state import (H_STEP, H_DECIDER, H_ROUND, H_NP, H_OVER, H_B_LOC, H_B_ATT,
                                    H_B_DEF, H_B_TA, H_B_TD, H_B_LAND, H_ISIS_TO, H_TWO, H_WINNER,
                                    HAND, BANK, INFL, CITY, MARKET, TEMPLE, CARAVAN, ROLE, GOD,
                                    HERO, WONDER, CIV_OF, ATTACKED, UNITS, ST_BUILD, ST_STRAT,
                                    ST_OFF_PICK, ST_BUILD_PICK, ST_STRAT_PICK, ST_SETUP_CARAVAN,
                                    ST_COLOSSUS, ST_HERMES, ST_ISIS, ST_EX_ANNOUNCE, ST_EX_ANTIGONE,
                                    ST_EX_OFFER, ST_EX_TAKE, ST_EX_GIVEBACK, ST_ULYSSES, ST_OFFER,
                                    ST_ADONIS, ST_COPY, ST_KEEP, ST_MARS, ST_ISHTAR, ST_CASUALTY,
                                    ST_PILLAGE, ST_TITAN2, ST_MEDUSA, ST_JASON2, ST_MIDAS,
                                    ST_POINTS, ST_POSEIDON, ST_HERCULES, ST_HAMILCAR, ST_AJAX, ST_PAY)
from sim.mare_nostrum.params import P_HIT_DIVISOR, P_MARS_BONUS, P_WIN_HW, P_ADVANCED

K_RANDOM, K_GREEDY, K_ECONOMIST, K_WARMONGER, K_HOARDER, K_SEARCH = range(6)

WEIGHT_NAMES = ("hero", "caravan", "city", "market", "temple", "influence", "legion", "fortress",
                "trireme", "creature", "attack", "expand", "god", "pillage", "role", "x_target",
                "destroy", "done_build")
N_WEIGHTS = len(WEIGHT_NAMES)
(W_HERO, W_CARAVAN, W_CITY, W_MARKET, W_TEMPLE, W_INFLUENCE, W_LEGION, W_FORTRESS, W_TRIREME,
 W_CREATURE, W_ATTACK, W_EXPAND, W_GOD, W_PILLAGE, W_ROLE, W_XTARGET, W_DESTROY,
 W_DONE_BUILD) = range(N_WEIGHTS)

GREEDY_W = (12.0, 1.5, 1.6, 2.0, 1.8, 1.3, 0.4, 0.3, 0.1, 0.4, 1.0, 0.8, 0.8, 0.5, 0.2, 4.0,
            0.8, 0.15)
ECONOMIST_W = (14.0, 1.6, 1.8, 2.4, 2.0, 1.4, 0.05, 0.1, 0.05, 0.1, 0.0, 0.5, 0.6, 0.0, 0.1, 5.0,
               0.3, 0.15)
WARMONGER_W = (8.0, 0.6, 0.6, 0.8, 0.6, 1.0, 1.6, 0.6, 0.5, 1.5, 2.5, 2.0, 1.0, 2.0, 0.2, 2.0,
               1.5, 0.15)
HOARDER_W = (8.0, 1.2, 1.2, 1.8, 2.0, 0.8, 0.7, 0.5, 0.3, 0.8, 0.6, 0.8, 1.2, 0.6, 2.5, 3.0,
             1.0, 0.15)

# god values (Athena, Baal, Hermes, Isis, Ishtar, Mars, Poseidon, Vulcan)
GOD_V = np.array([0.8, 0.7, 1.3, 0.9, 0.4, 0.7, 0.6, 0.7])
SEARCH_CANDIDATES = 5
SEARCH_DEPTH = 2      # rollouts run to the start of the round after next
SEARCH_WIN_BONUS = 1.0  # a win is worth one rival more than finishing ahead of all the others
SEARCH_TEMP = 20.0      # position-value gap (half a hero) that makes a rival ~73% beaten


@njit(cache=True)
def search_rollouts(n_players):
    """Rollouts per candidate: a 6-player rollout ends in more different ways (five rivals to
    place against), so 3 rollouts are too noisy there (+34 Elo against greedy vs +83 with 6)."""
    return 3 if n_players <= 4 else 6


@njit(cache=True)
def role_counts_now(S, P):
    cnt = np.zeros((4, 6), np.int64)
    R.role_counts(S, P, cnt)
    return cnt


@njit(cache=True)
def role_gain(S, cnt, o, r, d):
    """Value of adding d to o's count of role r: 1 if it closes on or passes the leader."""
    best = 0
    for q in range(S[H_NP]):
        if q != o and cnt[r, q] > best:
            best = cnt[r, q]
    if S[ROLE + r] == o:
        return 0.3 if cnt[r, o] - best <= 1 else 0.05
    gap = best - cnt[r, o]
    if gap < d + 2:
        return 1.0
    return 0.1


@njit(cache=True)
def enemy_adjacent(S, o, v):
    m = S[R.H_MYTH]
    t = 0
    for k in range(LAND_NBN[m, v]):
        w = LAND_NB[m, v, k]
        for q in range(6):
            if q != o:
                t += S[UNITS + (q * NL + w) * 4] + S[UNITS + (q * NL + w) * 4 + 1]
    return t


@njit(cache=True)
def leader(S, P, o):
    """The opponent with the most heroes/wonders (ties: most provinces)."""
    best = -1
    bv = -1
    for q in range(S[H_NP]):
        if q == o:
            continue
        v = 100 * R.hw_count(S, P, q) + R.provinces_of(S, q)
        if v > bv:
            bv = v
            best = q
    return best


@njit(cache=True)
def strength(S, o, l, land):
    if land:
        return S[UNITS + (o * NL + l) * 4] * 3.5 + (S[UNITS + (o * NL + l) * 4 + 1] + S[UNITS + (o * NL + l) * 4 + 2]) * 6.0
    return S[UNITS + (o * NL + l) * 4 + 3] * 3.5 + S[UNITS + (o * NL + l) * 4 + 1] * 6.0


@njit(cache=True)
def hand(S, o, t):
    return S[HAND + o * N_TYPES + t]


@njit(cache=True)
def action_value(S, P, o, a, w, cnt):
    st = S[H_STEP]
    if st == ST_BUILD or st == ST_JASON2:
        return build_value(S, P, o, a, w, cnt)
    if st == ST_STRAT or st == ST_TITAN2:
        return strat_value(S, P, o, a, w)
    if st == ST_OFF_PICK or st == ST_BUILD_PICK or st == ST_STRAT_PICK:
        p = a - R.A_PICK_NEXT
        return 1.0 if p == o else 0.0
    if st == ST_SETUP_CARAVAN:
        return 0.0
    if st == ST_POINTS:
        if a == R.A_DONE:
            return -1.0
        return build_value(S, P, o, a, w, cnt)
    if st == ST_POSEIDON:
        return 0.0 if a == R.A_PASS else 1.0
    if st == ST_PAY:
        t = a - R.A_PAY
        return hand(S, o, t) - (5.0 if t == TAX else 0.0)
    if st == ST_HERCULES:
        return 1.0 if a == R.A_HERCULES_YES else 0.0
    if st == ST_HAMILCAR:
        return 1.0 if a == R.A_HAMILCAR_TAKE else 0.0
    if st == ST_AJAX:
        return -abs((a - R.A_AJAX) - 3)
    if st == ST_COLOSSUS or st == ST_HERMES:
        t = (a - R.A_PICK_GOOD) if st == ST_COLOSSUS else (a - R.A_PICK_TYPE)
        return (1.0 if hand(S, o, t) == 0 else 0.0) + (0.5 if t == TAX else 0.0) - 0.1 * hand(S, o, t)
    if st == ST_ISIS:
        t = a - R.A_PICK_TYPE
        r = R.isis_recipient(S, S[H_ISIS_TO])
        if r == o:
            return (1.0 if hand(S, o, t) == 0 else 0.0) + (0.5 if t == TAX else 0.0)
        return 0.1 * hand(S, r, t) - (1.0 if t == TAX else 0.0)
    if st == ST_EX_ANNOUNCE:
        x = a - R.A_ANNOUNCE_X
        return -abs(x - w[W_XTARGET])
    if st == ST_EX_ANTIGONE:
        return 1.0 if a == R.A_ANTIGONE_IN else 0.0
    if st == ST_EX_OFFER or st == ST_EX_GIVEBACK:
        t = (a - R.A_OFFER) if st == ST_EX_OFFER else (a - R.A_GIVE_BACK)
        return hand(S, o, t) - (3.0 if t == TAX else 0.0)
    if st == ST_EX_TAKE:
        t = (a - R.A_TAKE) % 14
        return (2.0 if hand(S, o, t) == 0 else 0.0) + (1.5 if t == TAX else 0.0) - 0.1 * hand(S, o, t)
    if st == ST_ULYSSES:
        if a == R.A_PASS:
            return 0.5
        k = a - R.A_SWAP
        to = k // 14
        ti = k % 14
        return (1.0 if hand(S, o, to) > 1 else -1.0) + (1.0 if hand(S, o, ti) == 0 else -1.0)
    if st == ST_OFFER:
        if a == R.A_PASS:
            return 0.9
        j = a - R.A_OFFER_TO
        v = w[W_GOD] * GOD_V[j]
        if j == 0:
            v += 0.5 * w[W_ROLE]
        return v
    if st == ST_ADONIS:
        return GOD_V[a - R.A_TAKE_GOD]
    if st == ST_COPY:
        return 1.0
    if st == ST_KEEP:
        if a == R.A_PASS:
            return 0.0
        t = a - R.A_KEEP
        return 1.0 if t == TAX else 0.8
    if st == ST_MARS:
        d = P[P_HIT_DIVISOR]
        mine = S[H_B_TA] if o == S[H_B_ATT] else S[H_B_TD]
        gain = (mine + P[P_MARS_BONUS]) // d - mine // d
        if a == R.A_MARS_YES:
            return gain - 0.5
        return 0.0
    if st == ST_ISHTAR or st == ST_MEDUSA or st == ST_MIDAS:
        return 1.0 if (a == R.A_ISHTAR_YES or a == R.A_MEDUSA_YES or a == R.A_MIDAS_YES) else 0.0
    if st == ST_CASUALTY:
        u = a - R.A_CASUALTY
        if u == 0 or u == 3:
            return 3.0
        if u == 2:
            return 2.0
        return 1.0
    if st == ST_PILLAGE:
        if a == R.A_TAKE_OVER:
            return 5.0
        if a == R.A_NOTHING:
            return 0.8
        b = a - R.A_PILLAGE
        v = S[H_B_LOC]
        return w[W_PILLAGE] * (1.5 if b >= 3 else 1.0) - 0.2
    return 0.0


@njit(cache=True)
def build_value(S, P, o, a, w, cnt):
    if a == R.A_DONE:
        return w[W_DONE_BUILD]
    if a >= R.A_JASON_TO and a < R.A_SPARTACUS:
        return 0.5
    if a < R.A_BUY_CARAVAN:
        v = a - R.A_BUY_INFLUENCE
        pot = N_ICONS[v] + CITY_SITES[v]
        for i in range(3):
            pot += 2 * S[CARAVAN + 3 * v + i]
        pot += 2 * S[CITY + v]
        return w[W_INFLUENCE] * (0.4 + 0.25 * pot) - 0.2 * enemy_adjacent(S, o, v)
    if a < R.A_BUY_CITY:
        k = a - R.A_BUY_CARAVAN
        v = k // 3
        g = PROV_GOODS[v, k % 3]
        rare = 0.3 if (g == 2 or g == 3 or g == 7 or g == 8 or g == 9 or g == 12) else 0.0
        mm = 2.0 if S[MARKET + v] > 0 else 1.0
        return w[W_CARAVAN] * (mm + rare) + w[W_ROLE] * role_gain(S, cnt, o, 0, 1)
    if a < R.A_BUY_MARKET:
        v = a - R.A_BUY_CITY
        tm = 2.0 if S[TEMPLE + v] > 0 else 1.0
        return w[W_CITY] * tm + w[W_ROLE] * role_gain(S, cnt, o, 1, 1)
    if a < R.A_BUY_TEMPLE:
        v = a - R.A_BUY_MARKET
        c = S[CARAVAN + 3 * v] + S[CARAVAN + 3 * v + 1] + S[CARAVAN + 3 * v + 2]
        return w[W_MARKET] * c * 0.6 + w[W_ROLE] * (role_gain(S, cnt, o, 0, 1) + role_gain(S, cnt, o, 3, 1))
    if a < R.A_BUY_LEGION:
        v = a - R.A_BUY_TEMPLE
        return w[W_TEMPLE] * S[CITY + v] * 0.7 + w[W_ROLE] * (role_gain(S, cnt, o, 1, 1) + role_gain(S, cnt, o, 3, 1))
    if a < R.A_BUY_FORTRESS:
        v = a - R.A_BUY_LEGION
        return w[W_LEGION] * (0.5 + 0.3 * min(enemy_adjacent(S, o, v), 4)) + w[W_ROLE] * 0.5 * role_gain(S, cnt, o, 2, 1)
    if a < R.A_BUY_CREATURE:
        v = a - R.A_BUY_FORTRESS
        cap = 1.0 if v == CAPITAL[S[CIV_OF + o]] else 0.5
        return w[W_FORTRESS] * (cap + 0.2 * min(enemy_adjacent(S, o, v), 4)) + w[W_ROLE] * 0.5 * role_gain(S, cnt, o, 2, 1)
    if a < R.A_BUY_TRIREME:
        return w[W_CREATURE] * 1.5 + w[W_ROLE] * 0.5 * role_gain(S, cnt, o, 2, 1)
    if a < R.A_BUY_PHOENIX:
        return w[W_TRIREME] + w[W_ROLE] * 0.5 * role_gain(S, cnt, o, 2, 1)
    if a < R.A_BUY_HERO:
        return w[W_CREATURE] * 1.5
    if a < R.A_COPY:
        # heroes and wonders win the game: worth more the closer it brings victory
        hw = R.hw_count(S, P, o)
        need = P[P_WIN_HW] + P[P_ADVANCED]
        if a == R.A_BUY_WONDER + 6:
            return 1000.0
        return w[W_HERO] * (1.0 + hw / need) + (0.5 if a >= R.A_BUY_WONDER else 0.0)
    if a < R.A_JASON_FROM:
        if a < R.A_CLEO_TAKE:
            g = a - R.A_CLEO_GIVE
            return 0.5 if hand(S, o, g) > 1 else -1.0
        g = a - R.A_CLEO_TAKE
        return 0.3 if hand(S, o, g) == 0 and hand(S, o, TAX) > 1 else -1.0
    if a < R.A_JASON_TO:
        return 0.6
    if a < R.A_BAAL:
        return 1.0
    # god attacks: aim at the leader
    ld = leader(S, P, o)
    if a < R.A_VULCAN:
        v = a - R.A_BAAL
        return w[W_DESTROY] * (1.0 if S[INFL + v] - 1 == ld else 0.3)
    if a < R.A_POSEIDON:
        v = (a - R.A_VULCAN) // 3
        return w[W_DESTROY] * (0.8 if S[INFL + v] - 1 == ld else 0.25)
    p = (a - R.A_POSEIDON) % 6
    return w[W_DESTROY] * (0.6 if p == ld else 0.2)


@njit(cache=True)
def dest_value(S, P, o, frm, to, w, unit_str):
    """Value of moving a land unit from frm to to."""
    v = 0.0
    own_there = S[UNITS + (o * NL + to) * 4] + S[UNITS + (o * NL + to) * 4 + 1]
    c = S[INFL + to] - 1
    enemy = 0.0
    for q in range(6):
        if q != o:
            enemy += strength(S, q, to, True)
    if enemy > 0:
        mine = strength(S, o, to, True) + unit_str
        v = w[W_ATTACK] * (mine - enemy) / 6.0 - 0.2
        if c >= 0 and c != o:
            v += 0.3 * w[W_ATTACK]
    elif c >= 0 and c != o:
        v = w[W_EXPAND] * (0.8 if own_there == 0 else 0.1)
        if CAPITAL[S[CIV_OF + c]] == to:
            v -= 0.3
    elif c < 0:
        v = w[W_EXPAND] * (0.5 if own_there == 0 else 0.05)
    else:
        v = -0.2
    # leaving an own province exposed
    if S[INFL + frm] == o + 1 and enemy_adjacent(S, o, frm) > 0:
        if S[UNITS + (o * NL + frm) * 4] + S[UNITS + (o * NL + frm) * 4 + 1] <= 1:
            v -= 0.4
    return v


@njit(cache=True)
def strat_value(S, P, o, a, w):
    if a == R.A_DONE:
        return 0.0
    if a >= R.A_MOVE_LAND and a < R.A_MOVE_FLEET:
        k = a - R.A_MOVE_LAND
        u = k // 1681
        k = k % 1681
        return dest_value(S, P, o, k // 41, k % 41, w, 3.5 if u == 0 else 6.0)
    if a >= R.A_MOVE_FLEET and a < R.A_MOVE_GRIFFIN:
        return -0.1
    if a >= R.A_MOVE_GRIFFIN and a < R.A_MOVE_KRAKEN:
        k = a - R.A_MOVE_GRIFFIN
        return dest_value(S, P, o, k // 41, k % 41, w, 6.0)
    if a >= R.A_MOVE_KRAKEN and a < R.A_DIVE:
        k = a - R.A_MOVE_KRAKEN
        to = k % 53
        if to >= NP:
            return -0.1
        return dest_value(S, P, o, k // 53, to, w, 6.0)
    if a >= R.A_DIVE and a < R.A_ATTACK:
        return -0.3
    if a >= R.A_ATTACK and a < R.A_TITAN1:
        k = a - R.A_ATTACK
        l = k // 6
        q = k % 6
        land = l < NP
        mine = strength(S, o, l, land)
        theirs = strength(S, q, l, land)
        return w[W_ATTACK] * (mine - theirs) / 5.0 + 0.5
    if a >= R.A_TITAN1 and a < R.A_TITAN2:
        return w[W_ATTACK] * 0.4 * ((a - R.A_TITAN1) % 20 + 1)
    if a >= R.A_TITAN2 and a < R.A_MEDUSA_YES:
        k = a - R.A_TITAN2
        l = k // 6
        q = k % 6
        return strength(S, q, l, l < NP) / 6.0 + (0.5 if q < S[H_NP] else 0.0)
    # god uses during strategy: same as build
    return build_value(S, P, o, a, w, np.zeros((4, 6), np.int64)) - 0.3


@njit(cache=True)
def greedy_choose(S, P, w, legal, n, prng):
    o = S[H_DECIDER]
    cnt = np.zeros((4, 6), np.int64)
    st = S[H_STEP]
    if st == ST_BUILD and w[W_ROLE] != 0.0:
        R.role_counts(S, P, cnt)
    best = -1e18
    besta = legal[0]
    for i in range(n):
        a = legal[i]
        v = action_value(S, P, o, a, w, cnt) + 1e-3 * uniform(prng)
        if v > best:
            best = v
            besta = a
    return besta


# ---------------------------------------------------------------- search
@njit(cache=True)
def income_capacity(S, P, o):
    """Pay capacity o's next income would give (distinct goods + taxes + kept taxes)."""
    tot = np.zeros(N_TYPES, np.int64)
    out = np.zeros(N_TYPES, np.int64)
    for v in range(NP):
        if R.income_receiver(S, P, v) == o:
            out[:] = 0
            R.province_income(S, P, v, o, out)
            tot += out
    d = 0
    for g in range(13):
        if tot[g] > 0:
            d += 1
    return d + tot[TAX] + min(S[HAND + o * N_TYPES + TAX], 2)


@njit(cache=True)
def position_value(S, P, q):
    """Strength of seat q mid-game: heroes/wonders, the pay capacity of the next income (what
    buys heroes and the Pyramids), provinces, army."""
    need = P[P_WIN_HW] + P[P_ADVANCED]
    hw = R.hw_count(S, P, q)
    cap = income_capacity(S, P, q)
    v = 40.0 * hw + 4.0 * cap + 1.0 * R.provinces_of(S, q)
    if cap >= 12:
        v += 40.0
    if cap >= 9 and hw == need - 1:
        v += 40.0
    for l in range(NL):
        v += 0.3 * (S[UNITS + (q * NL + l) * 4] + S[UNITS + (q * NL + l) * 4 + 2]) \
            + 0.6 * S[UNITS + (q * NL + l) * 4 + 1]
    return v


@njit(cache=True)
def evaluate(S, P, o, w):
    """Rivals o finishes ahead of (ties half), plus SEARCH_WIN_BONUS for a win. Placement counts,
    not only winning: at 6 players most games are Pyramids races the search loses to some rival
    now and then, and a pure win-or-lose value then leaves it with no heroes, behind even random
    players. Exact at the end of the game (the engine's ranks, §7); before it, each rival (and
    the win, against the strongest rival) by a logistic in the position values."""
    n = S[H_NP]
    a = 0.0
    if S[H_OVER] == 1:
        score = np.zeros(n)
        win = np.zeros(n)
        rank = np.zeros(n)
        R.final_scores(S, P, score, win, rank)
        for q in range(n):
            if q != o:
                a += 1.0 if rank[o] < rank[q] else (0.5 if rank[o] == rank[q] else 0.0)
        return a + SEARCH_WIN_BONUS * win[o]
    mine = position_value(S, P, o)
    best = -1e9
    for q in range(n):
        if q != o:
            v = position_value(S, P, q)
            best = max(best, v)
            a += 1.0 / (1.0 + np.exp((v - mine) / SEARCH_TEMP))
    return a + SEARCH_WIN_BONUS / (1.0 + np.exp((best - mine) / SEARCH_TEMP))


@njit(cache=True)
def rollout(S, P, w, prng, rounds):
    """Greedy players for `rounds` round boundaries; dice from a copy of the players' stream."""
    crng = np.empty(1, np.uint64)
    crng[0] = prng[0] ^ np.uint64(0x5DEECE66D)
    prng[0] += np.uint64(1)
    r0 = S[H_ROUND]
    buf = np.empty(R.MAX_LEGAL, np.int64)
    steps = 0
    while S[H_OVER] == 0 and S[H_ROUND] < r0 + rounds and steps < 5000:
        k = R.legal_actions(S, P, buf)
        a = greedy_choose(S, P, w, buf, k, prng)
        R.apply_action(S, P, a, crng)
        steps += 1


@njit(cache=True)
def determinize(T, o, prng):
    """Redeal what seat o cannot see, from o's own random stream.

    Hidden (§4.7): the opponents' hands, tax cards included. Public: each hand's size (GT-F:
    everyone knows how many cards each player holds), the bank's open stacks, o's own hand. So
    the unseen pool is the opponents' cards taken together (its make-up per type follows from the
    bank and the fixed card totals); it is dealt back at random, each opponent getting his own
    number of cards. The result depends only on that pool and the sizes, never on who actually
    holds which card. (A card-counting player could narrow hands down from the public income and
    exchange history; the search does not track history.)"""
    n = T[H_NP]
    pool = np.zeros(N_TYPES, np.int64)
    sizes = np.zeros(6, np.int64)
    for q in range(n):
        if q == o:
            continue
        for t in range(N_TYPES):
            k = T[HAND + q * N_TYPES + t]
            pool[t] += k
            sizes[q] += k
            T[HAND + q * N_TYPES + t] = 0
    total = pool.sum()
    for q in range(n):
        if q == o:
            continue
        for k in range(sizes[q]):
            r = below(prng, total)
            t = 0
            while r >= pool[t]:
                r -= pool[t]
                t += 1
            pool[t] -= 1
            total -= 1
            T[HAND + q * N_TYPES + t] += 1


@njit(cache=True)
def search_step(st):
    """Decisions the search player searches; the others it plays like the greedy."""
    return (st == ST_BUILD or st == ST_OFFER or st == ST_BUILD_PICK or st == ST_STRAT
            or st == ST_EX_ANNOUNCE)


@njit(cache=True)
def search_choose(S, P, w, legal, n, prng):
    st = S[H_STEP]
    if n == 1 or not search_step(st):
        return greedy_choose(S, P, w, legal, n, prng)
    cand = np.empty(SEARCH_CANDIDATES + 1, np.int64)
    vals = np.empty(SEARCH_CANDIDATES + 1)
    k = search_values(S, P, w, legal, n, prng, cand, vals)
    best = -1e18
    besta = cand[0]
    for i in range(k):
        if vals[i] > best:
            best = vals[i]
            besta = cand[i]
    return besta


@njit(cache=True)
def search_values(S, P, w, legal, n, prng, cand, vals):
    """Candidates (the greedy's top SEARCH_CANDIDATES, plus DONE when legal) into `cand` and
    the summed evaluation of their determinized greedy rollouts (`search_rollouts` each) into
    `vals`; returns how many."""
    o = S[H_DECIDER]
    cnt = np.zeros((4, 6), np.int64)
    R.role_counts(S, P, cnt)
    prior = np.empty(n)
    for i in range(n):
        prior[i] = action_value(S, P, o, legal[i], w, cnt)
    order = np.argsort(-prior)
    k = min(SEARCH_CANDIDATES, n)
    # the greedy choice is always a candidate; DONE too when legal
    nc = 0
    gw = np.array(GREEDY_W)
    for ci in range(k + 1):
        if ci < k:
            a = legal[order[ci]]
        else:
            a = -1
            for i in range(n):
                if legal[i] == R.A_DONE:
                    a = R.A_DONE
            if a < 0:
                break
            dup = False
            for cj in range(k):
                if legal[order[cj]] == a:
                    dup = True
            if dup:
                break
        tot = 0.0
        for r in range(search_rollouts(S[H_NP])):
            T = S.copy()
            determinize(T, o, prng)
            crng = np.empty(1, np.uint64)
            crng[0] = prng[0] ^ np.uint64(0x9E3779B9 + r)
            R.apply_action(T, P, a, crng)
            rollout(T, P, gw, prng, SEARCH_DEPTH)
            tot += evaluate(T, P, o, w)
        cand[nc] = a
        vals[nc] = tot
        nc += 1
    return nc


@njit(cache=True)
def choose(S, P, kind, w, legal, n, prng):
    if n == 1:
        return legal[0]
    if kind == K_RANDOM:
        return legal[below(prng, n)]
    if kind == K_SEARCH:
        return search_choose(S, P, w, legal, n, prng)
    return greedy_choose(S, P, w, legal, n, prng)


STRATEGIES = (
    StrategyInfo("random", K_RANDOM, "uniform over the legal actions"),
    StrategyInfo("greedy", K_GREEDY, "weighted evaluation of every legal action, best one played",
                 GREEDY_W, WEIGHT_NAMES),
    StrategyInfo("economist", K_ECONOMIST, "persona: income, heroes, wonders and the Pyramids; no attacks",
                 ECONOMIST_W, WEIGHT_NAMES),
    StrategyInfo("warmonger", K_WARMONGER, "persona: legions, creatures, attacks, pillage, take-overs",
                 WARMONGER_W, WEIGHT_NAMES),
    StrategyInfo("hoarder", K_HOARDER, "persona: chases role counts (all-four-roles victory) and Athena",
                 HOARDER_W, WEIGHT_NAMES),
    StrategyInfo("search", K_SEARCH, "flat Monte Carlo over the greedy's top candidates: opponents' hidden "
                 "cards redealt before each greedy rollout to the next round", GREEDY_W, WEIGHT_NAMES),
)
