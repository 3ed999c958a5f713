"""Glory to Rome players, dispatched by integer kind (numba).

random     uniform over the legal actions
greedy     lead/follow: analytic value of each role for this player (actions it would get, what
           it could do with them) minus the cards spent; every other decision: one-step look-ahead
           on a weighted evaluation of the resulting state (weights overridable)
builder / merchant / legionary / collector: greedy with persona weights and role biases
ismcts     the shared information-set tree search (sim/search) over the greedy's scores, its leaves
           scored by each seat's fitted log-odds of winning (VALUE_COEF, value_logits) after a short
           random play-out (it replaced a flat Monte Carlo over greedy play-outs at lead/follow
           decisions, which it beats)

Every player sees only what its seat sees (sim/glory_to_rome/view.py): scores are estimated from
the public part of the vaults, and a look-ahead through a deck draw averages over the cards the
seat cannot locate. An action that ends the game is valued by the finishing place it locks in, as
sure as the seat can be of it (`end_aware`; 0 = the old players, for which only a win counted and
ending a game while behind was neutral). What the resources left in play are worth falls as the
deck runs down (`horizon`; 0 = constant values), and a Legionary demand is worth what it can
bring (`demand_odds`; 0 = fixed shares).
"""
import numpy as np
from numba import njit

from sim import rng
from sim.rng import below
from sim.spec import StrategyInfo
from sim.glory_to_rome.board import (CRAFTSMAN, ARCHITECT, MAT, VAL, NK, K_FORUM, K_STATUE,
                                     K_CIRCUS_MAXIMUS, K_CATACOMB, K_BRIDGE)
from sim.glory_to_rome.params import P_START_ORDERS
from sim.glory_to_rome.state import (G_SP, G_PHASE, G_TOMOVE, G_POOL, G_JPILE, G_SIN, G_N, G_OVER,
                                     G_DECK, G_DTOP, F_KIND, F_ROLE, F_STEP, F_A1, FK_THINK, FK_PRISON,
                                     G_TURN, P0, PSZ, O_HAND, O_HJ, O_HN, O_HMAT, O_STOCK, O_CLI,
                                     O_BST, O_BSITE, O_BMAT, O_INFL, O_UNITS, O_LOF, O_REV,
                                     PH_LEAD, PH_FOLLOW, PH_MORE, PH_PICK)
from sim.glory_to_rome.actions import (A_ATRIUM, A_BAR, A_CARD, A_CRANE, A_DRAW, A_FOUNTAIN, A_JACK,
                                       A_PASS, A_PET, A_THINK, N_ACTIONS)
from sim.glory_to_rome.rules.buildings import legal_add
from sim.glory_to_rome.rules.cards import deck_left, hand_size, n_clients, n_vault, sum6
from sim.glory_to_rome.rules.decision import step
from sim.glory_to_rome.rules.end import forum_ok, stock_all
from sim.glory_to_rome.rules.frames import client_actions, top
from sim.glory_to_rome.rules.legionary import immune, is_target
from sim.glory_to_rome.rules.limits import client_limit, client_room, hand_limit, vault_limit
from sim.glory_to_rome.rules.powers import act, power_on
from sim.glory_to_rome.rules.turn import petition_size
from sim.glory_to_rome.state import ST_C2, prm, republic
from sim.glory_to_rome import view as V
from sim.glory_to_rome import engine as E
from sim.search.ismcts import SEARCH_WEIGHT_NAMES, make_search

KIND_RANDOM, KIND_GREEDY, KIND_BUILDER, KIND_MERCHANT, KIND_LEGIONARY, KIND_PATRON, KIND_ISMCTS = range(7)

GAME_WEIGHT_NAMES = (
    "score", "influence", "stockpile", "hand_card", "jack", "client", "foundation",
    "buildings", "opponents", "forum_roles",
    "bias_laborer", "bias_craftsman", "bias_architect", "bias_legionary", "bias_merchant",
    "bias_patron", "think", "unfinished",
    "end_aware", "horizon", "draw_samples", "demand_odds", "end_samples", "steal",
)
W0 = len(GAME_WEIGHT_NAMES)          # the search block (sim/search/ismcts.py) follows
WEIGHT_NAMES = GAME_WEIGHT_NAMES + SEARCH_WEIGHT_NAMES
N_WEIGHTS = len(WEIGHT_NAMES)
W_SCORE, W_INFL, W_STOCK, W_HAND, W_JACK, W_CLIENT, W_FOUND, W_BUILT, W_OPP, W_FORUM = range(10)
W_BIAS = 10
W_THINK = 16
W_UNFIN = 17
# end_aware: weight of the losing side of a game-ending action (a place below first counts
#   -1000 * (place - 1) / (players - 1); a sure win +1000 / tied winners at any value); 0 = old.
# horizon: how much the potential terms (stockpile, hand, Jacks, clients, foundations, buildings,
#   Influence as capacity) fall as the game's clocks run down: factor 1 - horizon * (1 - left)^2.
# draw_samples: determinizations averaged for a look-ahead through a Thinker draw.
# demand_odds: a Legionary demand is worth what it can bring (pool, the targets' hands as far as the
#   seat can tell, Bridge stockpiles; immune targets nothing) instead of fixed shares; 0 = old.
# end_samples: worlds (hidden vault materials drawn from what the seat cannot locate) averaged for
#   the finishing place of a game-ending action when the seat cannot be sure of it.
# steal: added to every Prison steal (TARGET in a Prison frame) over its one-step value, which counts the 3
#   Influence paid and the victim's 3 but not the stolen building's power; 0 = the players so far (they steal in
#   about 1 of 900 completed Prisons). A measuring knob, not trained: see tests/glory_to_rome/test_prison_steal.py.
W_END, W_HORIZON, W_DRAWS, W_ODDS, W_ESAMP, W_STEAL = 18, 19, 20, 21, 22, 23
# end_aware, horizon, draw_samples, demand_odds, end_samples, steal; then the search block
_NEW = (1.0, 0.5, 2.0, 1.0, 64.0, 0.0) + (24.0, 0.7, 8.0, 3.0, 1.0, 0.5, 0.0)

GREEDY_W = (1.0, 0.6, 0.5, 0.2, 0.5, 1.2, 1.6, 0.3, -0.25, 0.0,
            0.0, 0.2, 0.2, 0.0, 0.1, 0.0, 0.0, 0.2) + _NEW
# the search's block (sim/search/ismcts.py SEARCH_WEIGHT_NAMES): 16 iterations, 4 random play-out
# actions, then the fitted value (VALUE_COEF) at temperature 1 (its own win probabilities). Chosen
# with bench/glory_to_rome_value_fit.py --strength (one ismcts seat vs 3 tuned, seats rotated): 16
# iterations / 4 actions 0.404 [0.357, 0.453] (400 games, run seed 1600) and 0.448 [0.413, 0.482]
# (800, seed 2600), 27 games/CPU-s with every seat searching; 24 / 8 (the old block) 0.426 [0.392,
# 0.461] (800, seed 2600), 16 games/CPU-s; no play-out 0.316 [0.273, 0.363] (400, seed 1600).
# On fresh seeds (`bench/search_strength.py --games glory-to-rome --field tuned --per-seat 200 --seed
# 9600`): 0.410 [0.376, 0.444] of 800 games; bench/run_all.py --cpu 3000: 27.0 games/CPU-s (the old
# block and evaluation leaf: 14.0, back to back on the same loaded machine).
ISMCTS_W = GREEDY_W[:len(GAME_WEIGHT_NAMES)] + (16.0, 0.7, 4.0, 1.0, 1.0, 0.5, 0.0)
BUILDER_W = (1.0, 0.8, 0.5, 0.2, 0.5, 1.0, 2.0, 0.5, -0.25, 0.0,
             0.0, 0.5, 0.5, 0.0, 0.0, 0.0, 0.0, 0.2) + _NEW
MERCHANT_W = (1.2, 0.6, 0.6, 0.2, 0.5, 1.2, 1.4, 0.3, -0.25, 0.0,
              0.2, 0.1, 0.1, 0.0, 0.6, 0.0, 0.0, 0.2) + _NEW
LEGIONARY_W = (1.0, 0.6, 0.6, 0.2, 0.5, 1.2, 1.6, 0.3, -0.4, 0.0,
               0.0, 0.1, 0.1, 0.4, 0.1, 0.0, 0.0, 0.2) + _NEW
PATRON_W = (1.0, 0.6, 0.5, 0.2, 0.5, 1.5, 1.6, 0.3, -0.25, 1.5,
            0.0, 0.1, 0.1, 0.0, 0.0, 0.6, 0.0, 0.2) + _NEW
STALL_TURNS = 200   # after this many turns greedy players think and draw to end a stalled game
WIN = 1000.0        # value of a sure win (shared by tied winners)

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
    StrategyInfo("ismcts", KIND_ISMCTS, "information-set MCTS (sim/search): greedy-ordered widening, 4 random "
                 "actions then the fitted win log-odds", ISMCTS_W, WEIGHT_NAMES),
)


# ------------------------------------------------------------------ evaluation
@njit(cache=True)
def time_left(s):
    """Share of the game still to play: deck cards left against the deck after setup. The deck is
    the clock that always runs (players think to refill); the last in-town site and a Catacomb are
    ends the players choose, so they say nothing about how much play is left."""
    n = s[G_N]
    d0 = 144 - n * (prm(s, P_START_ORDERS) + 1)
    t = deck_left(s) / max(d0, 1)
    return min(1.0, max(0.0, t))


@njit(cache=True)
def potential(s, w):
    """Factor on what resources in play are worth: 1 early; 1 - horizon at the end, when only
    points count."""
    x = 1.0 - time_left(s)
    return 1.0 - w[W_HORIZON] * x * x


@njit(cache=True)
def terminal_value(place, share, n, w):
    """Value of a finished game for a seat sure of `place` (and of `share` of the win when first)."""
    v = WIN * share
    if place > 1:
        v -= w[W_END] * WIN * (place - 1) / (n - 1)
    return v


@njit(cache=True)
def end_value(s, p, w, pr, lo, hi):
    """terminal_value for p of the game ended in s (view bounds lo/hi): exact when p is sure of
    its place, else averaged over `end_samples` worlds consistent with what p sees."""
    n = s[G_N]
    place, share = V.sure_position(s, p, lo, hi)
    exact = place == 1
    if not exact:
        exact = True
        for q in range(n):
            if lo[q] != hi[q]:
                exact = False
    if exact:
        return terminal_value(place, share, n, w)
    k = max(1, int(w[W_ESAMP]))
    places = np.empty(k, np.int64)
    shares = np.empty(k, np.float64)
    V.sample_outcomes(s, p, pr, places, shares)
    v = 0.0
    for j in range(k):
        v += terminal_value(places[j], shares[j], n, w)
    return v / k


@njit(cache=True)
def ending_value(s, p, w, pr, infl_delta, hand_delta):
    """end_value for p if the game ended now with p's Influence and hand changed by the deltas
    (Catacomb, last site or deck reached by p's own next action); s is restored."""
    n = s[G_N]
    b = P0 + p * PSZ
    s[b + O_INFL] += infl_delta
    s[b + O_HJ] += hand_delta
    lo = np.zeros(n, np.float64)
    hi = np.zeros(n, np.float64)
    est = np.zeros(n, np.float64)
    V.view_scores(s, p, lo, hi, est)
    v = end_value(s, p, w, pr, lo, hi)
    s[b + O_INFL] -= infl_delta
    s[b + O_HJ] -= hand_delta
    return v


@njit(cache=True)
def evaluate(s, p, w, pr):
    """Weighted value of state s for seat p, from what p can see."""
    n = s[G_N]
    g = potential(s, w)
    b = P0 + p * PSZ
    v = w[W_SCORE] * V.estimated_score(s, p, p)
    st = 0
    for m in range(6):
        st += s[b + O_STOCK + m]
    pot = w[W_INFL] * s[b + O_INFL] + w[W_STOCK] * min(st, 8)
    hl = hand_limit(s, p)
    h = s[b + O_HN]
    if h > hl + 2:
        h = hl + 2
    pot += w[W_HAND] * h + w[W_JACK] * s[b + O_HJ]
    nc = 0
    roles = 0
    for r in range(6):
        c = s[b + O_CLI + r]
        nc += c
        if c > 0:
            roles += 1
    pot += w[W_CLIENT] * nc
    nf, nb, fp, forum = building_tally(s, p)
    pot += w[W_FOUND] * fp + w[W_BUILT] * nb
    v += g * pot - w[W_UNFIN] * nf
    if forum and power_on(s, p, K_FORUM):
        v += w[W_FORUM] * roles
    if n > 1 and w[W_OPP] != 0.0:
        o = 0.0
        for q in range(n):
            if q != p:
                o += V.estimated_score(s, p, q)
        v += w[W_OPP] * o / (n - 1)
    if s[G_OVER] != 0:
        lo = np.zeros(n, np.float64)
        hi = np.zeros(n, np.float64)
        est = np.zeros(n, np.float64)
        V.view_scores(s, p, lo, hi, est)
        v += end_value(s, p, w, pr, lo, hi)
    return v


@njit(cache=True, inline="always")      # the greedy's hot path: every candidate's evaluation
def building_tally(s, p):
    """p's foundations, completed buildings, the materials laid in its foundations plus half of
    what it holds to finish them, and whether it has a Forum site or building: the evaluation's
    and the search value's one measure of a seat's buildings."""
    b = P0 + p * PSZ
    nf = 0
    nb = 0
    laid = 0.0
    forum = False
    for k in range(NK):
        bs = s[b + O_BST + k]
        if bs == 1:
            nf += 1
            laid += s[b + O_BMAT + k] + 0.5 * _supply(s, p, k)
        elif bs == 2:
            nb += 1
        if bs != 0 and k == K_FORUM:
            forum = True
    return nf, nb, laid, forum


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
def _ends_on_completion(s, p, k):
    """Completing p's foundation k now would end the game: Catacomb (§5.3), or a Forum whose
    condition p already meets (§5.4)."""
    if not power_on(s, p, k):
        return False
    if k == K_CATACOMB:
        return True
    return k == K_FORUM and forum_ok(s, p) and (not republic(s) or stock_all(s, p))


@njit(cache=True)
def _forum_hire_wins(s, p):
    """A Patron hire from the pool would complete p's Forum condition (an instant win)."""
    if not act(s, p, K_FORUM) or not client_room(s, p) or republic(s):
        return False
    b = P0 + p * PSZ
    win = False
    for m in range(6):
        if s[G_POOL + m] > 0 and not win:
            s[b + O_CLI + m] += 1
            win = forum_ok(s, p)
            s[b + O_CLI + m] -= 1
    return win


@njit(cache=True)
def role_value(s, p, r, A, w, pr):
    """Analytic gain of A actions of role r for seat p (lead/follow choice). Resources are worth
    `potential` (less as the game ends); with end_aware, completing a Catacomb or a Forum, founding
    on the last in-town site or winning with a Forum hire count as the end they cause: only when
    the place it locks in is worth more than nothing to p (end_value > 0), then worth that."""
    if A <= 0:
        return 0.0
    b = P0 + p * PSZ
    end = w[W_END] > 0.0
    pf = potential(s, w)
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
        g = x * pf * (w[W_STOCK] + 0.15)
    elif r == 5:    # Patron
        room = client_limit(s, p) - n_clients(s, p)
        x = min(A, pool, max(room, 0))
        g = x * pf * w[W_CLIENT]
        if w[W_FORUM] > 0 and x > 0:
            for m in range(6):
                if s[G_POOL + m] > 0 and s[b + O_CLI + m] == 0:
                    g += w[W_FORUM]
                    break
        if end and x > 0 and _forum_hire_wins(s, p):
            g += WIN
    elif r == 4:    # Merchant
        room = vault_limit(s, p) - n_vault(s, p)
        x = min(A, max(room, 0))
        for m in range(5, -1, -1):
            c = min(x, s[b + O_STOCK + m])
            g += c * (w[W_SCORE] * VAL[m] - pf * w[W_STOCK])
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
                    if src > 0 and legal_add(s, p, k, m):
                        have += src
                c = min(need, have, x)
                if c <= 0:
                    continue
                if end and c == need and _ends_on_completion(s, p, k):
                    if k == K_FORUM:
                        tv = WIN            # p meets the Forum condition: it wins outright
                    else:
                        tv = ending_value(s, p, w, pr, VAL[s[b + O_BSITE + k]], -c if r == 1 else 0)
                    if tv <= 0.0:
                        continue            # p would not complete it: the end would not be a win
                    g += tv
                x -= c
                g += c * w[W_FOUND] * 0.5 * pf
                if c == need:
                    g += (w[W_SCORE] + pf * w[W_INFL]) * VAL[s[b + O_BSITE + k]] + pf * w[W_BUILT]
        # new foundations from hand, valued by the materials at hand to finish them
        best = 0.0
        last_site = sum6(s, G_SIN) == 1
        for k in range(NK):
            if s[b + O_HAND + k] > 0 and s[b + O_BST + k] == 0 and k != K_STATUE:
                if s[G_SIN + MAT[k]] > 0:
                    m = MAT[k]
                    have = s[b + O_HMAT + m] - 1 + s[b + O_STOCK + m]
                    v = pf * (0.5 * w[W_FOUND] * min(have, VAL[m]) - w[W_HAND]) - w[W_UNFIN]
                    if end and last_site:
                        v = ending_value(s, p, w, pr, 0, -1)
                        if v <= 0.0:
                            continue
                    if v > best:
                        best = v
        if x > 0:
            g += best
    elif r == 3:    # Legionary
        x = min(A, space)
        lam = w[W_ODDS]
        u = np.zeros(6, np.int64)
        total = max(1, V.unseen_materials(s, p, u))
        for m in range(6):
            c = min(x, s[b + O_HMAT + m] - s[b + O_REV + m])
            if c > 0:
                t = min(c, s[G_POOL + m])
                old = t + (c - t) * 0.3 + c * 0.4
                got = float(t)          # what c demands of m can bring (§4.4)
                for q in range(s[G_N]):
                    if q != p and is_target(s, p, q) and not immune(s, p, q):
                        bq = P0 + q * PSZ
                        got += min(float(c), s[bq + O_HN] * u[m] / total)   # expected in hand
                        if act(s, p, K_BRIDGE):
                            got += min(c, s[bq + O_STOCK + m])
                g += pf * w[W_STOCK] * ((1.0 - lam) * old + lam * got)
                x -= c
    if g <= 0.0 and w[W_BIAS + r] >= 0.0:
        return g            # a preference only lifts a role that is worth something; a ban
    return g + w[W_BIAS + r]    # (negative bias, agon restrict) always applies


@njit(cache=True)
def _actions_for(s, p, r, extra_units):
    b = P0 + p * PSZ
    mult = 1
    lof = s[b + O_LOF] != 0 or extra_units > 0
    if lof and act(s, p, K_CIRCUS_MAXIMUS):
        mult = 2
    return s[b + O_UNITS] + extra_units + mult * client_actions(s, p, r)


@njit(cache=True)
def _unit_cost(s, p, a, w, pf):
    """What the cards spent on a lead/follow unit were worth (potential pf)."""
    if a < A_JACK or a >= A_CRANE:
        return pf * w[W_HAND]
    if a < A_PET:
        return pf * w[W_JACK]
    return petition_size(s, p) * pf * w[W_HAND]


@njit(cache=True)
def _unit_role(s, a):
    if a >= A_CRANE:
        return 2
    if a < A_JACK:
        return MAT[a - A_CARD]
    if a < A_PET:
        return a - A_JACK
    return (a - A_PET) // 6


@njit(cache=True)
def lead_scores(s, p, buf, n, w, pr, out):
    """Scores of the legal lead/follow/more/pick actions (higher is better)."""
    ph = s[G_PHASE]
    b = P0 + p * PSZ
    if ph == PH_PICK:
        for i in range(n):
            k = buf[i] - A_CARD
            # keep cards that could become buildings; give away duplicates first
            out[i] = s[b + O_HAND + k] - (1.0 if s[b + O_BST + k] == 0 else 0.0)
        return
    lead = ph == PH_LEAD
    pf = potential(s, w)
    hs = hand_size(s, p)
    hl = hand_limit(s, p)
    draw = hl - hs if hs < hl else 1
    think = pf * w[W_HAND] * draw + w[W_THINK]
    if s[G_JPILE] > 0 and pf * w[W_JACK] > think:
        think = pf * w[W_JACK] + w[W_THINK]
    if w[W_END] > 0.0 and deck_left(s) <= draw:
        # thinking may draw the last card: the end it causes, which p must accept when no Jack is
        # left to take instead, and may choose otherwise
        ev = ending_value(s, p, w, pr, 0, deck_left(s))
        think = ev if s[G_JPILE] == 0 else max(think, ev)
    if s[G_TURN] > STALL_TURNS:      # a stalled game (e.g. Jacks cycling): drain the deck
        think += 100.0
    for i in range(n):
        a = buf[i]
        if a == A_THINK:
            out[i] = think
        elif a == A_PASS:
            out[i] = 0.0
        else:
            r = _unit_role(s, a)
            if ph == PH_MORE:
                A = _actions_for(s, p, r, 0)
                out[i] = role_value(s, p, r, A + 1, w, pr) - role_value(s, p, r, A, w, pr) - _unit_cost(s, p, a, w, pf)
            else:
                A = _actions_for(s, p, r, 1)
                out[i] = role_value(s, p, r, A, w, pr) - _unit_cost(s, p, a, w, pf)
                if lead:
                    out[i] -= 0.05 * pf * w[W_HAND]


@njit(cache=True)
def draws_from_deck(s, a):
    """Action a reveals deck cards to its player (Thinker draw, Fountain, Bar, Atrium)."""
    return (a == A_DRAW or a == A_FOUNTAIN or a == A_BAR or a == A_ATRIUM) and deck_left(s) > 0


@njit(cache=True)
def draw_value(s, a, p, w, pr, buf):
    """Value for p of an action that draws from the deck, averaged over the cards p cannot
    locate: exactly over the material of the single card of Fountain, Bar and Atrium, over
    `draw_samples` redeals for a Thinker draw."""
    if a == A_DRAW:
        hs = hand_size(s, p)
        hl = hand_limit(s, p)
        d = min(hl - hs if hs < hl else 1, deck_left(s))
        kinds = np.empty(144, np.int32)
        u = V.unseen_kinds(s, p, kinds)
        k = max(1, int(w[W_DRAWS]))
        t0 = s[G_DTOP]
        tot = 0.0
        for i in range(k):
            c = s.copy()
            for j in range(d):          # the d cards drawn: a sample of the unseen kinds
                r = j + rng.below(pr, u - j)
                x = kinds[r]
                kinds[r] = kinds[j]
                kinds[j] = x
                c[G_DECK + t0 + j] = x
            step(c, a, buf)
            tot += evaluate(c, p, w, pr)
        return tot / k
    u = np.zeros(6, np.int64)
    total = V.unseen_materials(s, p, u)
    v = 0.0
    for m in range(6):
        if u[m] > 0:
            c = s.copy()
            V.put_on_top(c, p, m)
            step(c, a, buf)
            v += u[m] * evaluate(c, p, w, pr)
    return v / total


@njit(cache=True)
def _free(buf, n):
    for i in range(n):
        if buf[i] == A_PASS or buf[i] == A_THINK:
            return True
    return False


@njit(cache=True)
def _may_end_next(c, p):
    """p's next decision in c may end the game: adding the material that completes a Catacomb or a
    Forum (Craftsman C2, Architect A2), or a Thinker menu when the deck is nearly out."""
    f = top(c)
    if c[f + F_KIND] == FK_THINK:
        return deck_left(c) <= hand_limit(c, p) + 1
    role = c[f + F_ROLE]
    if (role == CRAFTSMAN or role == ARCHITECT) and c[f + F_STEP] == ST_C2:
        b = c[f + F_A1]
        return b == K_CATACOMB or b == K_FORUM
    return False


@njit(cache=True)
def action_value(s, a, p, w, pr, b1, b2):
    """One-step look-ahead value of action a for p. With end_aware, a forced sub-step of p's that
    follows and may end the game (the material that completes a Catacomb, a Thinker menu without
    PASS at the end of the deck) is looked through, so that BUILD(Catacomb) is seen to end it."""
    if draws_from_deck(s, a):
        return draw_value(s, a, p, w, pr, b1)
    c = s.copy()
    m = step(c, a, b1)
    if w[W_END] > 0.0 and c[G_OVER] == 0 and c[G_TOMOVE] == p and c[G_SP] > 0 and m > 0 and \
            not _free(b1, m) and _may_end_next(c, p):
        best = -1e300
        for j in range(m):
            a2 = b1[j]
            if draws_from_deck(c, a2):
                v = draw_value(c, a2, p, w, pr, b2)
            else:
                d = c.copy()
                step(d, a2, b2)
                v = evaluate(d, p, w, pr)
            if v > best:
                best = v
        return best
    return evaluate(c, p, w, pr)


@njit(cache=True)
def greedy_scores(s, buf, n, w, pr, tmp, sc):
    """sc[i] = the greedy's value of buf[i] (role values at a lead or follow, else a one-step
    look-ahead)."""
    p = s[G_TOMOVE]
    if s[G_SP] == 0 and (s[G_PHASE] == PH_LEAD or s[G_PHASE] == PH_FOLLOW or
                         s[G_PHASE] == PH_MORE or s[G_PHASE] == PH_PICK):
        lead_scores(s, p, buf, n, w, pr, sc)
    else:
        b2 = np.empty(N_ACTIONS, np.int32)
        steal = w[W_STEAL] if s[G_SP] > 0 and s[top(s) + F_KIND] == FK_PRISON else 0.0
        for i in range(n):
            sc[i] = action_value(s, buf[i], p, w, pr, tmp, b2)
            if buf[i] == A_PASS:
                sc[i] -= 1e-6
            elif buf[i] == A_DRAW and s[G_TURN] > STALL_TURNS:
                sc[i] += 100.0
            else:
                sc[i] += steal


@njit(cache=True)
def greedy_index(s, buf, n, w, pr, tmp):
    """Index of the greedy choice among buf[:n]."""
    if n == 1:
        return 0
    sc = np.empty(n, np.float64)
    greedy_scores(s, buf, n, w, pr, tmp, sc)
    best = 0
    for i in range(1, n):
        if sc[i] > sc[best]:
            best = i
    return best


# ------------------------------------------------------------------ search (sim/search)
@njit(cache=True)
def greedy_action(st, ctx, legal, n, w, rng, work):
    """The greedy choice (the search's first child and play-out policy)."""
    tmp = np.empty(N_ACTIONS, np.int32)
    return legal[greedy_index(st, legal, n, w, rng, tmp)]


@njit(cache=True)
def policy_scores(st, ctx, legal, n, w, rng, work, out):
    """The greedy's value of every legal action (orders the search's untried actions)."""
    tmp = np.empty(N_ACTIONS, np.int32)
    greedy_scores(st, legal, n, w, rng, tmp, out)


# The search's leaf (sim/search): every seat's fitted log-odds of winning the game, a conditional
# logit over the seats of per-seat features (`seat_features`), each read from what that seat sees
# (its own hand and vault, the rivals' public buildings, Influence, clients, stockpiles and vault
# counts: `view.estimated_score`). Its softmax at search_temperature 1 is the fitted win
# probability, whatever the greedy's weights. A coefficient is a + b * (1 - time_left): its weight
# moves as the deck runs down.
VALUE_FEATURES = ("score", "lead", "influence", "clients", "stockpile", "hand", "jacks",
                  "foundations", "laid", "buildings", "vault_room")
(F_SCORE, F_LEAD, F_INFL, F_CLI, F_STOCK, F_HAND, F_JACKS, F_FOUND, F_LAID, F_BUILT,
 F_VROOM) = range(len(VALUE_FEATURES))
N_VF = len(VALUE_FEATURES)


@njit(cache=True)
def seat_features(s, out):
    """out[q, :] = the value's features of every seat q (VALUE_FEATURES), each from q's view: its
    estimated final score if the game ended now and its lead over the best rival as q estimates
    them (hidden vault cards at the mean value), Influence, clients, stockpile, order cards and
    Jacks in hand, foundations, the materials laid in them plus half of what q holds to finish them
    (the evaluation's measure), completed buildings and room left in the vault. Returns the
    game's progress 1 - time_left (0 at the start, 1 when the deck is out)."""
    n = s[G_N]
    for q in range(n):
        b = P0 + q * PSZ
        me = V.estimated_score(s, q, q)
        best = -1e9
        for r in range(n):
            if r != q:
                x = V.estimated_score(s, q, r)
                if x > best:
                    best = x
        st = 0
        for m in range(6):
            st += s[b + O_STOCK + m]
        nf, nb, laid, _ = building_tally(s, q)
        out[q, F_SCORE] = me
        out[q, F_LEAD] = me - best
        out[q, F_INFL] = s[b + O_INFL]
        out[q, F_CLI] = n_clients(s, q)
        out[q, F_STOCK] = st
        out[q, F_HAND] = s[b + O_HN]
        out[q, F_JACKS] = s[b + O_HJ]
        out[q, F_FOUND] = nf
        out[q, F_LAID] = laid
        out[q, F_BUILT] = nb
        out[q, F_VROOM] = vault_limit(s, q) - n_vault(s, q)
    return 1.0 - time_left(s)


@njit(cache=True)
def value_logits(s, coef, out):
    """Every seat's fitted log-odds of winning (coef[0] + progress * coef[1], times its features)
    into out; returns the number of seats."""
    n = s[G_N]
    f = np.zeros((n, N_VF))
    x = seat_features(s, f)
    for q in range(n):
        v = 0.0
        for k in range(N_VF):
            v += (coef[0, k] + x * coef[1, k]) * f[q, k]
        out[q] = v
    return n


@njit(cache=True)
def seat_values(st, ctx, w, rng, out):
    """Every seat's fitted log-odds of winning (value_logits with the context's coefficients:
    the search's cut-off); returns the number of seats."""
    return value_logits(st, ctx[1], out)


@njit(cache=True)
def worth_search(st, ctx, legal, n, w):
    """Every decision with a choice (searching only leads and follows wins less: measured 0.235
    [0.182, 0.298] against 0.41 with every decision searched, 200 games as one seat of 4 among
    greedy players)."""
    return True


# the engine contract under the search's context (params, value coefficients): the engine reads
# everything from the state, the context only carries the fitted value to seat_values
@njit(cache=True)
def _legal(st, ctx, out):
    return E.legal_actions(st, ctx[0], out)


@njit(cache=True)
def _apply(st, ctx, a, chance, out):
    return E.apply_action(st, ctx[0], a, chance, out)


@njit(cache=True)
def _to_move(st, ctx):
    return E.to_move(st, ctx[0])


@njit(cache=True)
def _n_seats(st, ctx):
    return E.n_seats(st, ctx[0])


@njit(cache=True)
def _returns(st, ctx, score, win, rank):
    E.returns(st, ctx[0], score, win, rank)


@njit(cache=True)
def _redeal(st, ctx, seat, rng):
    E.redeal_hidden(st, ctx[0], seat, rng)


search_with_value = make_search(
    "search_glory_to_rome", legal_actions=_legal, apply_action=_apply,
    to_move=_to_move, returns=_returns, redeal_hidden=_redeal, n_seats=_n_seats,
    policy=greedy_action, policy_scores=policy_scores, seat_values=seat_values,
    worth_search=worth_search, N_ACTIONS=N_ACTIONS, W0=W0)

# The fitted leaf value: coefficient a + b * progress (rows a, b; columns VALUE_FEATURES, log-odds
# per unit). Fitted by `bench/glory_to_rome_value_fit.py --games 3000 --seed 7200`: a conditional
# logit of the win shares on every seat's features at every lead decision (167,164 lead decisions
# of 3,000 4-player games of the tuned greedy, strategies/weights/glory-to-rome-4p.toml, in every
# seat, run seed 7200, all with a winner); L2 1e-3 on standardised features. Held-out log-loss (last
# 20% of the games) 1.148 against the uniform 1.386 (progress < 1/3: 1.354, to 2/3: 1.211, later:
# 0.832).
VALUE_COEF = np.array([
    [0.0952, -0.0412, 0.2569, 0.3140, 0.0468, 0.0199, -0.0198, 0.2110, 0.3578, 0.2361, 0.2370],       # a
    [0.0925, 0.0902, -0.0304, -0.2889, -0.0397, 0.0031, 0.0582, -0.2236, -0.2008, -0.2198, -0.2838],  # b
])
VALUE_COEF.flags.writeable = False      # numba freezes globals read-only: same type when passed


@njit(cache=True)
def search_action(st, ctx, legal, n, w, rng, work):
    """The search's action (engine context ctx) with the shipped value; bench/glory_to_rome_value_fit.py
    calls search_with_value with other coefficients."""
    return search_with_value(st, (ctx, VALUE_COEF), legal, n, w, rng, work)


@njit(cache=True)
def choose(st, ctx, legal, n, kind, w, rng, work):
    """The action chosen by strategy `kind` with weights w for the player to move among legal[:n]
    (engine contract; work is scratch the caller owns, unused here)."""
    if kind == KIND_RANDOM:
        return legal[below(rng, n)]
    tmp = np.empty(N_ACTIONS, np.int32)
    if kind == KIND_ISMCTS:
        return search_action(st, ctx, legal, n, w, rng, work)
    return legal[greedy_index(st, legal, n, w, rng, tmp)]


def full_weights(n_players, weights):
    """float64[p, N_WEIGHTS]: missing columns (or an empty array) take the greedy defaults."""
    w = np.asarray(weights, np.float64)
    if w.size == 0:
        w = np.zeros((n_players, 0))
    w = w.reshape(n_players, -1)
    out = np.tile(np.asarray(GREEDY_W, np.float64), (n_players, 1))
    c = min(w.shape[1], N_WEIGHTS)
    out[:, :c] = w[:, :c]
    return out
