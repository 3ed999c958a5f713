"""Glory to Rome players, dispatched by integer kind (numba).

random     uniform over the legal actions
greedy     lead/follow: analytic value of each role for this player (actions it would get, what
           it could do with them) minus the cards spent; every other decision: one-step look-ahead
           on a weighted evaluation of the resulting state (weights overridable)
builder / merchant / legionary / collector: greedy with persona weights and role biases
search     determinized flat Monte Carlo at lead/follow decisions (hands, vaults and deck
           re-dealt from the player's point of view), greedy play-outs for a few turns, greedy
           elsewhere
"""
import numpy as np
from numba import njit

from sim import rng
from sim.spec import StrategyInfo
from sim.glory_to_rome.board import MAT, VAL, NK, K_FORUM, K_STATUE, K_CIRCUS_MAXIMUS
from sim.glory_to_rome.state import (G_SP, G_PHASE, G_TOMOVE, G_ROLE, G_POOL, G_JPILE, G_SIN,
                                     G_SOUT, G_N, G_OVER, G_TURN, G_DECK, G_DTOP, G_LEADER,
                                     P0, PSZ, STATE_SIZE,
                                     O_HAND, O_HJ, O_HN, O_HMAT, O_STOCK, O_VAULT, O_CLI, O_BST,
                                     O_BSITE, O_BMAT, O_INFL, O_UNITS, O_LOF, O_REV,
                                     PH_LEAD, PH_FOLLOW, PH_MORE, PH_PICK)
from sim.glory_to_rome import rules as R

KIND_RANDOM, KIND_GREEDY, KIND_BUILDER, KIND_MERCHANT, KIND_LEGIONARY, KIND_PATRON, KIND_SEARCH = range(7)

WEIGHT_NAMES = (
    "score", "influence", "stockpile", "hand_card", "jack", "client", "foundation",
    "buildings", "opponents", "forum_roles",
    "bias_laborer", "bias_craftsman", "bias_architect", "bias_legionary", "bias_merchant",
    "bias_patron", "think", "search_rollouts", "search_turns", "search_width", "unfinished",
)
N_WEIGHTS = len(WEIGHT_NAMES)
W_SCORE, W_INFL, W_STOCK, W_HAND, W_JACK, W_CLIENT, W_FOUND, W_BUILT, W_OPP, W_FORUM = range(10)
W_BIAS = 10
W_THINK = 16
W_ROLL, W_TURNS, W_WIDTH, W_UNFIN = 17, 18, 19, 20

GREEDY_W = (1.0, 0.6, 0.5, 0.2, 0.5, 1.2, 1.6, 0.3, -0.25, 0.0,
            0.0, 0.2, 0.2, 0.0, 0.1, 0.0, 0.0, 4.0, 2.0, 5.0, 0.2)
BUILDER_W = (1.0, 0.8, 0.5, 0.2, 0.5, 1.0, 2.0, 0.5, -0.25, 0.0,
             0.0, 0.5, 0.5, 0.0, 0.0, 0.0, 0.0, 4.0, 2.0, 5.0, 0.2)
MERCHANT_W = (1.2, 0.6, 0.6, 0.2, 0.5, 1.2, 1.4, 0.3, -0.25, 0.0,
              0.2, 0.1, 0.1, 0.0, 0.6, 0.0, 0.0, 4.0, 2.0, 5.0, 0.2)
LEGIONARY_W = (1.0, 0.6, 0.6, 0.2, 0.5, 1.2, 1.6, 0.3, -0.4, 0.0,
               0.0, 0.1, 0.1, 0.4, 0.1, 0.0, 0.0, 4.0, 2.0, 5.0, 0.2)
PATRON_W = (1.0, 0.6, 0.5, 0.2, 0.5, 1.5, 1.6, 0.3, -0.25, 1.5,
            0.0, 0.1, 0.1, 0.0, 0.0, 0.6, 0.0, 4.0, 2.0, 5.0, 0.2)
STALL_TURNS = 200   # after this many turns greedy players think and draw to end a stalled game

SEARCH_W = GREEDY_W[:W_TURNS] + (4.0,) + GREEDY_W[W_TURNS + 1:]

STRATEGIES = (
    StrategyInfo("random", KIND_RANDOM, "uniform over the legal actions",
                 GREEDY_W, WEIGHT_NAMES),
    StrategyInfo("greedy", KIND_GREEDY, "role values for lead/follow, one-step look-ahead on a "
                 "weighted evaluation elsewhere", GREEDY_W, WEIGHT_NAMES),
    StrategyInfo("builder", KIND_BUILDER, "persona: founds and completes buildings (Craftsman, "
                 "Architect)", BUILDER_W, WEIGHT_NAMES),
    StrategyInfo("merchant", KIND_MERCHANT, "persona: fills the vault (Laborer, Merchant, bonuses)",
                 MERCHANT_W, WEIGHT_NAMES),
    StrategyInfo("legionary", KIND_LEGIONARY, "persona: raids with the Legionary",
                 LEGIONARY_W, WEIGHT_NAMES),
    StrategyInfo("collector", KIND_PATRON, "persona: client collector aiming at the Forum",
                 PATRON_W, WEIGHT_NAMES),
    StrategyInfo("search", KIND_SEARCH, "determinized flat Monte Carlo with greedy play-outs at "
                 "lead/follow decisions", SEARCH_W, WEIGHT_NAMES),
)


# ------------------------------------------------------------------ evaluation
@njit(cache=True)
def evaluate(s, p, w):
    """Weighted value of state s for seat p."""
    n = s[G_N]
    parts = np.zeros(6, np.int64)
    b = P0 + p * PSZ
    v = w[W_SCORE] * R.score_parts(s, p, parts)
    v += w[W_INFL] * s[b + O_INFL]
    st = 0
    for m in range(6):
        st += s[b + O_STOCK + m]
    v += w[W_STOCK] * min(st, 8)
    hl = R.hand_limit(s, p)
    h = s[b + O_HN]
    if h > hl + 2:
        h = hl + 2
    v += w[W_HAND] * h + w[W_JACK] * s[b + O_HJ]
    nc = 0
    roles = 0
    for r in range(6):
        c = s[b + O_CLI + r]
        nc += c
        if c > 0:
            roles += 1
    v += w[W_CLIENT] * nc
    fp = 0.0
    nb = 0
    nf = 0
    forum = False
    for k in range(NK):
        bs = s[b + O_BST + k]
        if bs == 1:
            nf += 1
            fp += s[b + O_BMAT + k] + 0.5 * _supply(s, p, k)
            if k == K_FORUM:
                forum = True
        elif bs == 2:
            nb += 1
            if k == K_FORUM:
                forum = True
    v += w[W_FOUND] * fp + w[W_BUILT] * nb - w[W_UNFIN] * nf
    if forum:
        v += w[W_FORUM] * roles
    if n > 1 and w[W_OPP] != 0.0:
        o = 0.0
        for q in range(n):
            if q != p:
                o += R.score_parts(s, q, parts)
        v += w[W_OPP] * o / (n - 1)
    if s[G_OVER] != 0:
        sc = np.zeros(n, np.int64)
        wn = np.zeros(n, np.float64)
        rk = np.zeros(n, np.int64)
        R.final_result(s, sc, wn, rk)
        v += 1000.0 * wn[p]
    return v


@njit(cache=True)
def _supply(s, p, k):
    """Materials p holds (hand + stockpile) that fit its foundation k, capped at what it needs."""
    b = P0 + p * PSZ
    site = s[b + O_BSITE + k]
    need = VAL[site] - s[b + O_BMAT + k]
    have = 0
    for m in range(6):
        if m == MAT[k] or m == site:
            have += s[b + O_HMAT + m] + s[b + O_STOCK + m]
    return min(have, need)


@njit(cache=True)
def role_value(s, p, r, A, w):
    """Analytic gain of A actions of role r for seat p (lead/follow choice)."""
    if A <= 0:
        return 0.0
    b = P0 + p * PSZ
    pool = 0
    for m in range(6):
        pool += s[G_POOL + m]
    g = 0.0
    st = 0
    for m in range(6):
        st += s[b + O_STOCK + m]
    space = max(0, 8 - st)          # the evaluation counts at most 8 stockpile cards
    if r == 0:      # Laborer
        x = min(A, pool, space)
        g = x * (w[W_STOCK] + 0.15)
    elif r == 5:    # Patron
        room = R.client_limit(s, p) - R.n_clients(s, p)
        x = min(A, pool, max(room, 0))
        g = x * w[W_CLIENT]
        if w[W_FORUM] > 0 and x > 0:
            for m in range(6):
                if s[G_POOL + m] > 0 and s[b + O_CLI + m] == 0:
                    g += w[W_FORUM]
                    break
    elif r == 4:    # Merchant
        room = R.vault_limit(s, p) - R.n_vault(s, p)
        x = min(A, max(room, 0))
        for m in range(5, -1, -1):
            c = min(x, s[b + O_STOCK + m])
            g += c * (w[W_SCORE] * VAL[m] - w[W_STOCK])
            x -= c
    elif r == 1 or r == 2:   # Craftsman / Architect
        x = A
        # adds from hand (Craftsman) or stockpile (Architect) into own foundations
        for k in range(NK):
            if x <= 0:
                break
            if s[b + O_BST + k] == 1:
                need = VAL[s[b + O_BSITE + k]] - s[b + O_BMAT + k]
                have = 0
                for m in range(6):
                    src = s[b + O_HMAT + m] if r == 1 else s[b + O_STOCK + m]
                    if src > 0 and R.legal_add(s, p, k, m):
                        have += src
                c = min(need, have, x)
                if c > 0:
                    x -= c
                    g += c * w[W_FOUND] * 0.5
                    if c == need:
                        g += (w[W_SCORE] + w[W_INFL]) * VAL[s[b + O_BSITE + k]] + w[W_BUILT]
        # new foundations from hand, valued by the materials at hand to finish them
        best = 0.0
        for k in range(NK):
            if s[b + O_HAND + k] > 0 and s[b + O_BST + k] == 0 and k != K_STATUE:
                if s[G_SIN + MAT[k]] > 0:
                    m = MAT[k]
                    have = s[b + O_HMAT + m] - 1 + s[b + O_STOCK + m]
                    v = 0.5 * w[W_FOUND] * min(have, VAL[m]) - w[W_UNFIN] - w[W_HAND]
                    if v > best:
                        best = v
        if x > 0:
            g += best
    elif r == 3:    # Legionary
        x = min(A, space)
        for m in range(6):
            c = min(x, s[b + O_HMAT + m] - s[b + O_REV + m])
            if c > 0:
                t = min(c, s[G_POOL + m])
                g += t * w[W_STOCK] + (c - t) * 0.3 * w[W_STOCK] + c * 0.4 * w[W_STOCK]
                x -= c
    if g <= 0.0:
        return g
    return g + w[W_BIAS + r]


@njit(cache=True)
def _actions_for(s, p, r, extra_units):
    b = P0 + p * PSZ
    mult = 1
    lof = s[b + O_LOF] != 0 or extra_units > 0
    if lof and R.act(s, p, K_CIRCUS_MAXIMUS):
        mult = 2
    return s[b + O_UNITS] + extra_units + mult * R.client_actions(s, p, r)


@njit(cache=True)
def _unit_cost(s, p, a, w):
    if a < R.A_JACK or a >= R.A_CRANE:
        return w[W_HAND]
    if a < R.A_PET:
        return w[W_JACK]
    return R.petition_size(s, p) * w[W_HAND]


@njit(cache=True)
def _unit_role(s, a):
    if a >= R.A_CRANE:
        return 2
    if a < R.A_JACK:
        return MAT[a - R.A_CARD]
    if a < R.A_PET:
        return a - R.A_JACK
    return (a - R.A_PET) // 6


@njit(cache=True)
def lead_scores(s, p, buf, n, w, out):
    """Scores of the legal lead/follow/more/pick actions (higher is better)."""
    ph = s[G_PHASE]
    b = P0 + p * PSZ
    if ph == PH_PICK:
        for i in range(n):
            k = buf[i] - R.A_CARD
            # keep cards that could become buildings; give away duplicates first
            out[i] = s[b + O_HAND + k] - (1.0 if s[b + O_BST + k] == 0 else 0.0)
        return
    lead = ph == PH_LEAD
    hs = R.hand_size(s, p)
    hl = R.hand_limit(s, p)
    draw = hl - hs if hs < hl else 1
    think = w[W_HAND] * draw + w[W_THINK]
    if s[G_JPILE] > 0 and w[W_JACK] > think:
        think = w[W_JACK] + w[W_THINK]
    if s[G_TURN] > STALL_TURNS:      # a stalled game (e.g. Jacks cycling): drain the deck
        think += 100.0
    for i in range(n):
        a = buf[i]
        if a == R.A_THINK:
            out[i] = think
        elif a == R.A_PASS:
            out[i] = 0.0
        else:
            r = _unit_role(s, a)
            if ph == PH_MORE:
                A = _actions_for(s, p, r, 0)
                out[i] = role_value(s, p, r, A + 1, w) - role_value(s, p, r, A, w) - _unit_cost(s, p, a, w)
            else:
                A = _actions_for(s, p, r, 1)
                out[i] = role_value(s, p, r, A, w) - _unit_cost(s, p, a, w)
                if lead:
                    out[i] -= 0.05 * w[W_HAND]


@njit(cache=True)
def greedy_index(s, buf, n, w, tmp):
    """Index of the greedy choice among buf[:n]."""
    if n == 1:
        return 0
    p = s[G_TOMOVE]
    sc = np.empty(n, np.float64)
    if s[G_SP] == 0 and (s[G_PHASE] == PH_LEAD or s[G_PHASE] == PH_FOLLOW or
                         s[G_PHASE] == PH_MORE or s[G_PHASE] == PH_PICK):
        lead_scores(s, p, buf, n, w, sc)
    else:
        lim = P0 + s[G_N] * PSZ
        for i in range(n):
            c = s.copy()
            R.step(c, buf[i], tmp)
            sc[i] = evaluate(c, p, w)
            if buf[i] == R.A_PASS:
                sc[i] -= 1e-6
            elif buf[i] == R.A_DRAW and s[G_TURN] > STALL_TURNS:
                sc[i] += 100.0
    best = 0
    for i in range(1, n):
        if sc[i] > sc[best]:
            best = i
    return best


# ------------------------------------------------------------------ search
@njit(cache=True)
def determinize(s, p, pr):
    """Re-deal what seat p cannot see: opponents' hands and the deck (one pool of unseen kinds,
    hand sizes kept), and opponents' vault materials (pooled, vault sizes kept)."""
    n = s[G_N]
    unseen = np.empty(144, np.int32)
    u = 0
    for t in range(s[G_DTOP], 144):
        unseen[u] = s[G_DECK + t]
        u += 1
    for q in range(n):
        if q == p:
            continue
        bq = P0 + q * PSZ
        for k in range(NK):
            for c in range(s[bq + O_HAND + k]):
                unseen[u] = k
                u += 1
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
    # vaults
    vm = np.empty(144, np.int32)
    v = 0
    for q in range(n):
        if q == p:
            continue
        bq = P0 + q * PSZ
        for m in range(6):
            for c in range(s[bq + O_VAULT + m]):
                vm[v] = m
                v += 1
    rng.shuffle(pr, vm[:v])
    i = 0
    for q in range(n):
        if q == p:
            continue
        bq = P0 + q * PSZ
        size = 0
        for m in range(6):
            size += s[bq + O_VAULT + m]
            s[bq + O_VAULT + m] = 0
        for j in range(size):
            s[bq + O_VAULT + vm[i]] += 1
            i += 1


@njit(cache=True)
def rollout_value(c, p, w, turns, tmp, tmp2):
    """Greedy play for `turns` more turns (all seats with weights w), then evaluate for p."""
    end_turn = c[G_TURN] + turns
    m = R.first_legal(c, tmp)
    while c[G_OVER] == 0 and c[G_TURN] < end_turn:
        i = greedy_index(c, tmp, m, w, tmp2)
        m = R.step(c, tmp[i], tmp)
    return evaluate(c, p, w)


@njit(cache=True)
def search_index(s, buf, n, w, pr, tmp):
    if n == 1:
        return 0
    if not (s[G_SP] == 0 and (s[G_PHASE] == PH_LEAD or s[G_PHASE] == PH_FOLLOW)):
        return greedy_index(s, buf, n, w, tmp)
    p = s[G_TOMOVE]
    sc = np.empty(n, np.float64)
    lead_scores(s, p, buf, n, w, sc)
    width = int(w[W_WIDTH])
    order = np.argsort(-sc)
    k = min(n, max(1, width))
    nroll = max(1, int(w[W_ROLL]))
    turns = max(1, int(w[W_TURNS]))
    tot = np.zeros(k, np.float64)
    tmp2 = np.empty(R.N_ACTIONS, np.int32)
    tmp3 = np.empty(R.N_ACTIONS, np.int32)
    for d in range(nroll):
        base = s.copy()
        determinize(base, p, pr)
        for j in range(k):
            c = base.copy()
            R.step(c, buf[order[j]], tmp2)
            tot[j] += rollout_value(c, p, w, turns, tmp2, tmp3)
    best = 0
    for j in range(1, k):
        if tot[j] > tot[best]:
            best = j
    return order[best]


@njit(cache=True)
def choose(kind, s, buf, n, w, pr):
    """The action chosen by strategy `kind` for the player to move among buf[:n]."""
    if kind == KIND_RANDOM:
        return buf[rng.below(pr, n)]
    tmp = np.empty(R.N_ACTIONS, np.int32)
    if kind == KIND_SEARCH:
        return buf[search_index(s, buf, n, w, pr, tmp)]
    return buf[greedy_index(s, buf, n, w, tmp)]
