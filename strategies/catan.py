"""Players for the Catan core games (`catan` and the shared machinery `troja` builds on).

Dispatched by integer kind: 0 random, 1 greedy, 5 ismcts; troja adds its personas
(strategies/troja.py; kind 2 was its old search, removed once ismcts beat it). `choose(...)`
picks one action among legal[:n]; players draw only from their PLAYERS stream `prng` (a
look-ahead runs chance events on a scratch stream derived from it, never on the game's chance
stream).

random: uniform over the legal atomic actions (the peer-comparison action space, §2.5).
greedy: one-step look-ahead: every legal action is applied to a copy of the state and the
  result scored by `evaluate` with weights w (GREEDY_WEIGHT_NAMES); ROLL and END score as
  the current state; ties broken uniformly. Guards: at most `max_trades` maritime trades per
  turn, END after 60 actions in a turn. What a step hides is averaged over what the seat cannot
  rule out (sim/catan_core/beliefs.py), never read: buying a development card (the deck), a
  steal (the victim's hand), a SWAP or TAKE draw (the row), the rivals' track bonus (their
  allegiance).
  A development card is played for what it does (`dev_play`; 0 = the old one-step value, for
  which a Knight was worth less than the card kept): a Knight by the best robber move and steal
  it brings and its step in the Largest Army race (`army_race`), Road Building by the two
  roads greedy would build with it, Year of Plenty and Monopoly also by the settlement or city
  they make affordable at once.
  An action that ends the game is valued by the finishing place it locks in (`end_aware`; 0 =
  the old players, for which only a win counted and any other end was neutral): a sure win as
  before, otherwise WIN * (utility - end_hold) on top of the evaluation, utility = win share -
  end_aware * (place - 1) / (players - 1) and end_hold the utility of playing on (falling once
  a game drags past half of `end_patience` turns, so that a game nobody can win but by an
  uncertain end is ended, not truncated). In Troja an action that leaves the support row at the
  battle threshold sets off the battle at END; when that battle can be the deciding one, the
  action adds the outcome's probability (the hidden row as the seat sees it) times that value,
  averaged over the rivals' allegiances it cannot rule out. Personas and the search score
  through the same function, so they inherit both.
ismcts: the shared search (sim/search/ismcts.py) over the greedy's weights, bound below. It plans
  the rest of the current turn: a new turn is a leaf (search_apply), the greedy plays out what the
  tree leaves of the turn, and a leaf scores each seat by its evaluation in victory points
  (seat_values, search_returns). Scored inside a turn or through the rivals' dice it did not beat
  the tuned greedy (0.25 catan, 0.17 troja); planned to the turn's end it does.
"""
import numpy as np
from numba import njit

from sim.catan_core.borrow import borrowed
from sim.spec import StrategyInfo
from sim.rng import below, next_u64
from sim.catan_core.board import (T_N, T_E, T_H, T_S, T_HEX_NODES, T_NODE_HEX, T_A_BUY_DEV, T_A_PLAY_KNIGHT,
                                  T_A_PLAY_ROAD_BUILDING, T_A_MOVE_ROBBER, T_A_MOVE_CORSAIR, T_A_DONATE,
                                  T_A_USE_SWAP, T_A_USE_TAKE, T_A_SWAP_RETURN)
from sim.catan_core.layout import *  # noqa: F401,F403
from sim.catan_core.rules import (apply_action, legal_actions, vp, vp_public, hand_total, a_trade,
                                   bit_get, can_afford, friendly_blocked, others_with_cards, row_total,
                                   track_bonus, track_end)
from sim.catan_core import engine as CE
from sim.search.ismcts import SEARCH_WEIGHT_NAMES, N_SEARCH_WEIGHTS, S_ITER, S_TEMP, make_search
from sim.search.tree import shares
from sim.catan_core.beliefs import (unseen, battle_odds, allegiance_left, deal_probability,
                                    expected_rival_bonus)

RANDOM, GREEDY = 0, 1
ISMCTS = 5
# troja (strategies/troja.py): 3 loyal donor, 4 ship builder (2 was its old search, removed)

GREEDY_WEIGHT_NAMES = (
    "vp", "production", "diversity", "missing_settlement", "missing_city", "settle_spots",
    "cards_over_limit", "trade_rates", "dev_cards", "knights", "road_length", "rival_production",
    "tokens", "ships", "max_trades", "hand_cards", "rival_vp", "side_donations", "buy_dev",
    "dev_play", "army_race", "end_aware", "end_hold", "end_patience",
    "search_setup_scale",
) + SEARCH_WEIGHT_NAMES
# dev_play: share of a development card's look-through value (robber move and steal, the roads,
#   the build it makes affordable) added to its one-step value; 0 = the old players.
# army_race: a Knight's step towards Largest Army (knights / knights needed, the card's VP at
#   `vp` each) counted at this share when p does not hold it yet.
# end_aware: weight of finishing below first in a game-ending action's utility (place 2 of 4
#   costs end_aware / 3 of a win); 0 = the old players (an end p does not win is neutral).
# end_hold: the utility (share of a win) of playing on instead of ending: an uncertain end is
#   taken only when its expected utility beats it.
# end_patience: player-turns after which playing on is worth less: end_hold holds until half of
#   it, then falls by end_hold per half of it (below 0 later), so a game in which nobody can
#   gain but by an uncertain end is ended by someone rather than truncated; 0 = no decline.
# search_setup_scale: ismcts' budget at a set-up settlement, as a share of search_iterations (0: the
#   greedy places it); Catan 1, Troja 0 (strategies/troja.py)
# the search block (sim/search/ismcts.py): 50 iterations, c 0.3, greedy play-out (up to 30 actions)
# to the end of the turn, temperature 2 VP (seat_values); fitted against the tuned greedy (catan 4p)
CATAN_SEARCH = (50.0, 0.3, 30.0, 2.0, 1.0, 0.5, 1.0)
GREEDY_WEIGHTS = (10.0, 0.6, 1.0, -0.35, -0.3, 0.4, -0.3, 0.4, 1.2, 0.8, 0.25, -0.1,
                  0.9, 0.5, 4.0, 0.1, -0.5, 0.3, 0.0,
                  1.0, 0.15, 1.0, 0.8, 300.0, 1.0) + CATAN_SEARCH
N_WEIGHTS = len(GREEDY_WEIGHTS)
W0 = N_WEIGHTS - N_SEARCH_WEIGHTS     # the search block (sim/search/ismcts.py)
W_VP, W_PROD, W_DIV, W_MISS_S, W_MISS_C, W_SPOTS, W_OVER, W_RATES, W_DEV, W_KNIGHTS, W_ROAD, \
    W_RIVAL_PROD, W_TOKENS, W_SHIPS, W_MAX_TRADES, W_HAND, W_RIVAL_VP, W_SIDE_DON, W_BUY_DEV, \
    W_DEV_PLAY, W_ARMY_RACE, W_END, W_END_HOLD, W_END_PATIENCE, W_SETUP_SCALE = range(W0)
# switches back to the old players (0 = the blind spot the player battery flags): `agon train` keeps them
# at their defaults (GameSpec.extra["train_fixed"] of catan and troja)
TRAIN_FIXED = ("dev_play", "end_aware")
WIN = 1000.0      # a game's utility (share of a win) in evaluation units, for uncertain ends
SURE_WIN = 1e12   # an action that wins at once

STRATEGIES = (
    StrategyInfo("random", RANDOM, "uniform over the legal atomic actions (peer action space)"),
    StrategyInfo("greedy", GREEDY, "one-step look-ahead on a weighted evaluation",
                 GREEDY_WEIGHTS, GREEDY_WEIGHT_NAMES),
    StrategyInfo("ismcts", ISMCTS, "information-set MCTS (sim/search): greedy-ordered widening, plans "
                 "to the end of the turn (greedy play-out), leaves scored in VP", GREEDY_WEIGHTS, GREEDY_WEIGHT_NAMES),
)

PIPS = np.array((0, 0, 1, 2, 3, 4, 5, 0, 5, 4, 3, 2, 1), dtype=np.int64)
assert S_SCRATCH + SCRATCH_N == STATE_SIZE   # look_ahead_copy relies on the scratch block ending the state


@njit(cache=True, inline="always")
def look_ahead_copy(work, st):
    """Copy state st into the look-ahead state `work` for one candidate move: only the game
    (contract header and scratch block left out). The header (194 ints: trace flag and event log)
    and the scratch block (temporaries a rules step writes before it reads them) were 29% of every
    copy; the look-ahead never traces (flag cleared here), so neither changes a result."""
    work[H_TRACE] = 0
    # an index loop, not a slice assignment: LLVM turns it into a vector copy, while numba's
    # slice assignment copies element by element through strided indexing (about 8x slower)
    for i in range(HEADER_SIZE, S_SCRATCH):
        work[i] = st[i]


@njit(cache=True)
def production(st, topo, p, robber, prod):
    """p's pips per resource into prod[5] and the rivals' pips (returned), hex `robber` blocked
    (-1: none)."""
    N = topo[T_N]
    for r in range(5):
        prod[r] = 0
    rival = 0
    for v in range(N):
        o = st[S_NODE_OWNER + v]
        if o < 0:
            continue
        lvl = st[S_NODE_LEVEL + v]
        for k in range(3):
            h = topo[T_NODE_HEX + 3 * v + k]
            if h >= 0 and h != robber:
                r = st[S_TERRAIN + h]
                if r < 5:
                    x = lvl * PIPS[st[S_NUMBER + h]]
                    if o == p:
                        prod[r] += x
                    else:
                        rival += x
    return rival


@njit(cache=True)
def production_totals(st, topo, p, robber):
    """(p's pips, resources p produces, the rivals' pips), hex `robber` blocked: production()'s
    sums as production_value reads them, without the per-resource array (evaluate runs once per
    candidate move, and the array was an allocation each time). A resource counts as produced
    when some pip of it reaches p (every contribution is positive)."""
    N = topo[T_N]
    ptot = 0
    mask = 0
    rival = 0
    for v in range(N):
        o = st[S_NODE_OWNER + v]
        if o < 0:
            continue
        lvl = st[S_NODE_LEVEL + v]
        for k in range(3):
            h = topo[T_NODE_HEX + 3 * v + k]
            if h >= 0 and h != robber:
                r = st[S_TERRAIN + h]
                if r < 5:
                    x = lvl * PIPS[st[S_NUMBER + h]]
                    if o == p:
                        ptot += x
                        if x > 0:
                            mask |= 1 << r
                    else:
                        rival += x
    div = 0
    for r in range(5):
        if (mask >> r) & 1 == 1:
            div += 1
    return ptot, div, rival


@njit(cache=True)
def production_value(prod, rival, w):
    ptot = 0
    div = 0
    for r in range(5):
        ptot += prod[r]
        if prod[r] > 0:
            div += 1
    return w[W_PROD] * ptot + w[W_DIV] * div + w[W_RIVAL_PROD] * rival


@njit(cache=True)
def hand_value(st, cfg, p, w, extra):
    """The evaluation's hand terms for p (cards missing for a settlement and a city, cards over
    the discard limit, cards held), with one more card of resource `extra` (-1: none)."""
    b = S_PLAYERS + p * PS
    miss_s = 0
    miss_c = 0
    ht = 0
    for r in range(5):
        h = st[b + P_HAND + r] + (1 if r == extra else 0)
        ht += h
        d = cfg[C_COST_SETTLE + r] - h
        if d > 0:
            miss_s += d
        d = cfg[C_COST_CITY + r] - h
        if d > 0:
            miss_c += d
    if st[b + P_SETTLES_LEFT] == 0:
        miss_s = 0
    if st[b + P_CITIES_LEFT] == 0:
        miss_c = 0
    over = ht - cfg[C_DISCARD_LIMIT]
    if over < 0:
        over = 0
    return w[W_MISS_S] * miss_s + w[W_MISS_C] * miss_c + w[W_OVER] * over + w[W_HAND] * ht


@njit(cache=True)
def evaluate(st, topo, cfg, p, w):
    """Weighted evaluation of state st for seat p (higher is better); reads only what p sees."""
    P = st[S_P]
    b = S_PLAYERS + p * PS
    ptot, div, rival = production_totals(st, topo, p, st[S_ROBBER])
    pv = w[W_PROD] * ptot + w[W_DIV] * div + w[W_RIVAL_PROD] * rival    # = production_value
    spots = 0
    if st[b + P_SETTLES_LEFT] > 0 and w[W_SPOTS] != 0.0:
        for k in range(SW):  # popcount of the engine's legal-settlement set
            x = st[S_SETTLE_OK + p * SW + k]
            while x != 0:
                x &= x - 1
                spots += 1
        if spots > 3:
            spots = 3
    rates = 0
    for r in range(5):
        rates += cfg[C_RATE_MAR] - st[b + P_RATE + r]
    vpv = vp_public(st, cfg, p)
    dev = 0
    knights = st[b + P_KNIGHTS]
    if st[S_GAME] == GAME_CATAN:
        vpv += st[b + P_DEV + DEV_VP]
        for t in range(5):
            if t != DEV_VP:
                dev += st[b + P_DEV + t]
    tokens = st[b + P_TOKENS]
    ships = st[b + P_SHIPS]
    if st[S_GAME] == GAME_TROJA:
        # tokens are worth what they buy: the next two discs; a surplus only breaks ties
        need = 0
        for k in range(ships, ships + 2):
            if k < cfg[C_SHIPS_PER_PLAYER]:
                need += cfg[C_SHIP_TOKEN_COST + k]
        if tokens > need:
            tokens = need + 0.05 * (tokens - need)
    tilt = 0
    side = st[b + P_ALLEG]
    if side >= 0:
        # what the seat itself gave to the row (it knows its own face-down donations)
        for r in range(5):
            sr = cfg[C_SIDE + r]
            if sr == side:
                tilt += st[b + P_DONATED + r]
            elif sr != SIDE_NONE:
                tilt -= st[b + P_DONATED + r]
    rv = 0.0
    troja = st[S_GAME] == GAME_TROJA
    eb = expected_rival_bonus(st, cfg, p) if troja else 0.0
    for q in range(P):
        if q != p:
            # rivals' VP as p sees them: in Troja the secret allegiance's bonus is p's expectation
            x = vp_public(st, cfg, q) + ((eb - track_bonus(st, cfg, q)) if troja else 0.0)
            if x > rv:
                rv = x
    return (w[W_VP] * vpv + pv + w[W_SPOTS] * spots
            + hand_value(st, cfg, p, w, -1) + w[W_RATES] * rates
            + w[W_DEV] * dev + w[W_KNIGHTS] * knights + w[W_ROAD] * st[b + P_ROAD_LEN]
            + w[W_TOKENS] * tokens + w[W_SHIPS] * ships + w[W_RIVAL_VP] * rv + w[W_SIDE_DON] * tilt)


# ------------------------------------------------------------------ steals and the robber
@njit(cache=True)
def steal_gain(st, cfg, p, w):
    """What a stolen card adds to p's evaluation, averaged over the cards p cannot locate (the
    victim's hand is hidden: p sees its size only)."""
    h0 = hand_value(st, cfg, p, w, -1)
    tot = 0
    acc = 0.0
    for r in range(5):
        u = unseen(st, cfg, p, r)
        if u > 0:
            acc += u * (hand_value(st, cfg, p, w, r) - h0)
            tot += u
    return acc / tot if tot > 0 else 0.0


@njit(cache=True)
def blocked_value(st, topo, p, w, prod, rival, h):
    """production_value with the robber on hex h, from the unblocked pips (prod, rival)."""
    own = 0
    riv = 0
    r = st[S_TERRAIN + h] if h >= 0 else 5
    if r < 5:
        x = PIPS[st[S_NUMBER + h]]
        for k in range(6):
            v = topo[T_HEX_NODES + 6 * h + k]
            o = st[S_NODE_OWNER + v]
            if o == p:
                own += st[S_NODE_LEVEL + v] * x
            elif o >= 0:
                riv += st[S_NODE_LEVEL + v] * x
    ptot = 0
    div = 0
    for s in range(5):
        y = prod[s] - (own if s == r else 0)
        ptot += y
        if y > 0:
            div += 1
    return w[W_PROD] * ptot + w[W_DIV] * div + w[W_RIVAL_PROD] * (rival - riv)


@njit(cache=True)
def robber_gain(st, topo, cfg, p, w, sg):
    """Best gain in p's evaluation from a robber move in st (the legal hexes of the rules: not the
    current one, friendly robber respected), a steal counted at its expected value sg."""
    prod = np.zeros(5, dtype=np.int64)
    rival = production(st, topo, p, -1, prod)
    cur = st[S_ROBBER]
    now = blocked_value(st, topo, p, w, prod, rival, cur)
    held = others_with_cards(st, p)
    steal = sg if (cfg[C_STEAL_MANDATORY] == 1 or sg > 0.0) else 0.0
    friendly = cfg[C_FRIENDLY] == 1
    best = -1e300
    for pas in range(2):
        for h in range(topo[T_H]):
            if h == cur:
                continue
            if friendly and pas == 0 and friendly_blocked(st, topo, cfg, p, h):
                continue
            x = blocked_value(st, topo, p, w, prod, rival, h)
            if (st[S_HEX_OWNERS + h] & held) != 0:
                x += steal
            if x > best:
                best = x
        if best > -1e300 or not friendly:
            break
    return best - now if best > -1e300 else 0.0


@njit(cache=True)
def army_progress(st, cfg, p):
    """p's way to Largest Army: 1 when held, else knights played / knights needed to take it."""
    if st[S_LA_HOLDER] == p:
        return 1.0
    need = cfg[C_LA_MIN]
    for q in range(st[S_P]):
        if q != p:
            k = st[S_PLAYERS + q * PS + P_KNIGHTS] + 1
            if k > need:
                need = k
    x = st[S_PLAYERS + p * PS + P_KNIGHTS] / need
    return x if x < 1.0 else 1.0


# ------------------------------------------------------------------ development card plays
@njit(cache=True)
def free_roads_value(work, topo, cfg, p, w, srng):
    """Play out a Road Building in `work` (in the road-building phase) greedily, road by road;
    returns the evaluation after it (SURE_WIN if a road wins)."""
    tmp = np.empty_like(work)
    E = topo[T_E]
    steps = 0
    while work[S_PHASE] == PH_ROAD_BUILDING and steps < 8:
        best = -1e300
        be = -1
        for e in range(E):
            if bit_get(work, S_ROAD_OK + p * RW, e) == 0:
                continue
            look_ahead_copy(tmp, work)
            apply_action(tmp, topo, cfg, 2 + e, srng)
            if tmp[S_PHASE] == PH_OVER and (tmp[S_WIN_MASK] >> p) & 1:
                return SURE_WIN
            x = evaluate(tmp, topo, cfg, p, w)
            if x > best:
                best = x
                be = e
        if be < 0:
            break
        apply_action(work, topo, cfg, 2 + be, srng)
        steps += 1
    return evaluate(work, topo, cfg, p, w)


@njit(cache=True)
def enabled_build_value(st, work, topo, cfg, p, w, srng):
    """Best evaluation of a settlement or city that `work` (after a card play) lets p pay for and
    st did not; -1e300 if none (SURE_WIN if it wins)."""
    b = S_PLAYERS + p * PS
    E = topo[T_E]
    N = topo[T_N]
    best = -1e300
    city = (work[b + P_CITIES_LEFT] > 0 and can_afford(work, cfg, p, C_COST_CITY)
            and not can_afford(st, cfg, p, C_COST_CITY))
    settle = (work[b + P_SETTLES_LEFT] > 0 and can_afford(work, cfg, p, C_COST_SETTLE)
              and not can_afford(st, cfg, p, C_COST_SETTLE))
    if not (city or settle):
        return best
    tmp = np.empty_like(work)
    for v in range(N):
        a = -1
        if city and work[S_NODE_OWNER + v] == p and work[S_NODE_LEVEL + v] == 1:
            a = 2 + E + N + v
        elif settle and bit_get(work, S_SETTLE_OK + p * SW, v) == 1:
            a = 2 + E + v
        if a < 0:
            continue
        look_ahead_copy(tmp, work)
        if tmp[S_PHASE] == PH_PRE_ROLL:
            tmp[S_PHASE] = PH_MAIN   # the build comes after the roll; its value does not depend on it
        apply_action(tmp, topo, cfg, a, srng)
        if tmp[S_PHASE] == PH_OVER and (tmp[S_WIN_MASK] >> p) & 1:
            return SURE_WIN
        x = evaluate(tmp, topo, cfg, p, w)
        if x > best:
            best = x
    return best


@njit(cache=True)
def card_play_score(st, topo, cfg, a, p, w, srng, work):
    """Look-ahead score of playing a development card (PLAY_KNIGHT .. PLAY_MONOPOLY): its one-step
    value plus `dev_play` times what it does beyond the step (see the module doc)."""
    look_ahead_copy(work, st)
    apply_action(work, topo, cfg, a, srng)
    if work[S_PHASE] == PH_OVER and (work[S_WIN_MASK] >> p) & 1:
        return SURE_WIN
    s = evaluate(work, topo, cfg, p, w)
    dp = w[W_DEV_PLAY]
    if dp == 0.0:
        return s
    if a == topo[T_A_PLAY_KNIGHT]:  # Knight: the robber move it brings, and a step in the Largest Army race
        gain = robber_gain(work, topo, cfg, p, w, steal_gain(work, cfg, p, w))
        gain += w[W_ARMY_RACE] * cfg[C_LA_VP] * w[W_VP] * (army_progress(work, cfg, p) - army_progress(st, cfg, p))
        return s + dp * gain
    if a == topo[T_A_PLAY_ROAD_BUILDING]:  # Road Building: the roads greedy builds with it
        x = free_roads_value(work, topo, cfg, p, w, srng)
        if x >= SURE_WIN:
            return SURE_WIN
        return s + dp * (x - s)
    # Year of Plenty, Monopoly: the cards, and the build they make affordable now
    x = enabled_build_value(st, work, topo, cfg, p, w, srng)
    if x >= SURE_WIN:
        return SURE_WIN
    if x > s:
        return s + dp * (x - s)
    return s


# ------------------------------------------------------------------ game ends
@njit(cache=True)
def end_utility(st, cfg, p, w):
    """Utility for p of the finished game st: win share - end_aware * (place - 1) / (players - 1),
    places ranked as the results rank them (winners, then VP, Troja then tokens)."""
    P = st[S_P]
    m = st[S_WIN_MASK]
    k = 0
    for q in range(P):
        if (m >> q) & 1:
            k += 1
    troja = st[S_GAME] == GAME_TROJA
    kp = 0.0
    for q in range(P):   # p's rank key first, then count the rivals ranked above it
        if q == p:
            kp = (1e9 if (m >> q) & 1 else 0.0) + vp(st, cfg, q) * 1e4 + \
                (st[S_PLAYERS + q * PS + P_TOKENS] if troja else 0)
    place = 1
    for q in range(P):
        if q != p:
            kq = (1e9 if (m >> q) & 1 else 0.0) + vp(st, cfg, q) * 1e4 + \
                (st[S_PLAYERS + q * PS + P_TOKENS] if troja else 0)
            if kq > kp:
                place += 1
    share = 1.0 / k if (m >> p) & 1 else 0.0
    if P > 1:
        share -= w[W_END] * (place - 1) / (P - 1)
    return share


@njit(cache=True)
def track_end_utility(work, cfg, p, w, side):
    """Expected utility for p if `side`'s next battle win ends the game in the scratch state
    `work` (the engine's track_end picks the winners), averaged over the deals of the rivals'
    allegiance cards p cannot rule out. Leaves the rivals' allegiances of `work` changed."""
    P = work[S_P]
    nt, nm = allegiance_left(work, cfg, p)
    phase = work[S_PHASE]
    path = work[S_END_PATH]
    mask0 = work[S_WIN_MASK]
    work[S_TRACK + side] += 1
    R = P - 1
    total = 0.0
    for mask in range(1 << R):
        t = 0
        for j in range(R):
            t += (mask >> j) & 1
        if t > nt or R - t > nm:
            continue
        j = 0
        for q in range(P):
            if q != p:
                work[S_PLAYERS + q * PS + P_ALLEG] = SIDE_TROY if (mask >> j) & 1 else SIDE_MYCENAE
                j += 1
        track_end(work, cfg, side)
        total += deal_probability(nt, nm, t, R - t) * end_utility(work, cfg, p, w)
    work[S_TRACK + side] -= 1
    work[S_PHASE] = phase
    work[S_END_PATH] = path
    work[S_WIN_MASK] = mask0
    return total


@njit(cache=True)
def end_hold(st, w):
    """The utility of playing on (end_hold, falling after half of end_patience turns)."""
    h = w[W_END_HOLD]
    pat = w[W_END_PATIENCE]
    if pat > 0.0:
        late = st[S_TURN] - 0.5 * pat
        if late > 0.0:
            h -= w[W_END_HOLD] * 2.0 * late / pat
    return h


@njit(cache=True)
def deciding_battle_ahead(st, cfg):
    """True in Troja when the next battle can end the game (a side one win from the track's end)."""
    if st[S_GAME] != GAME_TROJA:
        return False
    end = cfg[C_TRACK_END]
    return st[S_TRACK] + 1 >= end or st[S_TRACK + 1] + 1 >= end


@njit(cache=True)
def battle_end_term(work, cfg, p, w, known):
    """What setting off the battle on the row of the scratch state `work` adds for p when that
    battle can end the game: per side whose win ends it, P(that side wins, as p sees the row) *
    WIN * (expected utility of that end - end_hold). `known`: the card p is donating (-1: none)."""
    troy, myc, _ = battle_odds(work, cfg, p, known)
    hold = end_hold(work, w)
    end = cfg[C_TRACK_END]
    term = 0.0
    if work[S_TRACK + SIDE_TROY] + 1 >= end and troy > 0.0:
        term += troy * (track_end_utility(work, cfg, p, w, SIDE_TROY) - hold)
    if work[S_TRACK + SIDE_MYCENAE] + 1 >= end and myc > 0.0:
        term += myc * (track_end_utility(work, cfg, p, w, SIDE_MYCENAE) - hold)
    return WIN * term


@njit(cache=True)
def scratch_stream(prng):
    """A scratch chance stream derived from the player's stream (look-ahead only)."""
    s = np.empty(1, dtype=np.uint64)
    s[0] = next_u64(prng)
    return s


@njit(cache=True)
def dev_buy_score(st, topo, cfg, a, p, w, srng, work):
    """Look-ahead score of buying a development card, averaged over the card types p cannot
    rule out (the rest of the deck and the opponents' hidden cards), so the player never peeks
    at the deck's next card; plus the `buy_dev` bias (the restricted-play ban sets it to -1000).
    A victory point card that would end the game counts by its evaluation, not as a sure win."""
    cnt = np.zeros(5, dtype=np.int64)
    for i in range(st[S_DECK_POS], st[S_DECK_N]):
        cnt[st[S_DECK + i]] += 1
    for q in range(st[S_P]):
        if q != p:
            for t in range(5):
                cnt[t] += st[S_PLAYERS + q * PS + P_DEV + t]
    total = 0.0
    m = 0
    for t in range(5):
        if cnt[t] == 0:
            continue
        look_ahead_copy(work, st)
        work[S_DECK + st[S_DECK_POS]] = t
        apply_action(work, topo, cfg, a, srng)
        total += cnt[t] * evaluate(work, topo, cfg, p, w)
        m += cnt[t]
    return total / m + w[W_BUY_DEV]


@njit(cache=True)
def robber_moves_base(st, topo):
    """First action id of the robber (catan) or corsair (troja) moves; victim v of move a is
    (a - base) % (players + 1), players meaning none."""
    if st[S_GAME] == GAME_CATAN:
        return topo[T_A_MOVE_ROBBER]
    return topo[T_A_MOVE_CORSAIR]


@njit(cache=True)
def greedy_scores(st, topo, cfg, legal, n, w, prng, scores, work):
    """Score every legal action by one-step look-ahead into `scores` (module doc)."""
    # views without reference counts (sim/catan_core/borrow.py) of the caller's arrays: every
    # candidate passes them through apply_action and evaluate
    st, topo, cfg, legal = borrowed(st), borrowed(topo), borrowed(cfg), borrowed(legal)
    w, prng, scores, work = borrowed(w), borrowed(prng), borrowed(scores), borrowed(work)
    p = st[S_ACTOR]
    P = st[S_P]
    ph = st[S_PHASE]
    base = evaluate(st, topo, cfg, p, w)
    T = a_trade(topo)
    catan = st[S_GAME] == GAME_CATAN
    buy_dev = topo[T_A_BUY_DEV] if catan else -1
    plays, robber = topo[T_A_PLAY_KNIGHT], topo[T_A_MOVE_ROBBER]        # catan's card plays: plays .. robber - 1
    donate, swap, take, swap_return = topo[T_A_DONATE], topo[T_A_USE_SWAP], topo[T_A_USE_TAKE], topo[T_A_SWAP_RETURN]
    max_tr = w[W_MAX_TRADES]
    too_long = st[S_TURN_ACTIONS] > 60
    end_aware = w[W_END] > 0.0
    # a move of the robber / corsair: the steal is valued by what p can expect, not by the hand
    mover = ph == PH_ROBBER or ph == PH_CORSAIR
    R0 = robber_moves_base(st, topo) if mover else 0
    sg = steal_gain(st, cfg, p, w) if mover else 0.0
    # Troja: the battle the row sets off at END can be the deciding one
    deciding = end_aware and deciding_battle_ahead(st, cfg)
    thr = cfg[C_ROW_THRESHOLD]
    srng = scratch_stream(prng)
    for i in range(n):
        a = legal[i]
        if a == 0 or a == 1:
            s = base + (1000.0 if (too_long and a == 1) else 0.0)
            if a == 1 and deciding and ph == PH_MAIN and row_total(st) >= thr:
                look_ahead_copy(work, st)
                s += battle_end_term(work, cfg, p, w, -1)
            scores[i] = s
            continue
        if too_long:
            scores[i] = -1e18
            continue
        if a >= T and a < T + 20 and st[S_TRADES_TURN] >= max_tr:
            scores[i] = -1e18
            continue
        if a == buy_dev:
            scores[i] = dev_buy_score(st, topo, cfg, a, p, w, srng, work)
            continue
        if catan and a >= plays and a < robber:
            scores[i] = card_play_score(st, topo, cfg, a, p, w, srng, work)
            continue
        steal = 0.0
        x = a
        if mover:
            v = (a - R0) % (P + 1)
            if v < P:
                x = a - v + P      # the same move without the steal, plus the steal's expectation
                steal = sg
        look_ahead_copy(work, st)
        apply_action(work, topo, cfg, x, srng)
        if work[S_PHASE] == PH_OVER:
            if (work[S_WIN_MASK] >> p) & 1:
                scores[i] = SURE_WIN
            elif end_aware:
                scores[i] = evaluate(work, topo, cfg, p, w) + WIN * (end_utility(work, cfg, p, w) - end_hold(st, w))
            else:
                scores[i] = evaluate(work, topo, cfg, p, w)
            continue
        if not catan and (a == swap or a == take):
            # SWAP / TAKE draw a row card blind: valued like a steal, by what p can expect
            for r in range(5):
                if work[S_PLAYERS + p * PS + P_HAND + r] > st[S_PLAYERS + p * PS + P_HAND + r]:
                    work[S_PLAYERS + p * PS + P_HAND + r] -= 1
                    break
            steal = steal_gain(work, cfg, p, w)
        s = evaluate(work, topo, cfg, p, w) + steal
        if deciding and row_total(work) >= thr:
            known = -1
            if not catan and a >= donate and a < donate + 5:
                known = a - donate     # the card p is donating
            elif not catan and a >= swap_return and a < swap_return + 5:
                known = a - swap_return    # the card p returns to the row
            s += battle_end_term(work, cfg, p, w, known)
        scores[i] = s


@njit(cache=True)
def pick_best(scores, n, prng):
    best = -1e300
    cnt = 0
    pick = 0
    for i in range(n):
        s = scores[i]
        if s > best + 1e-9:
            best = s
            cnt = 1
            pick = i
        elif s > best - 1e-9:
            cnt += 1
            if below(prng, cnt) == 0:
                pick = i
    return pick


@njit(cache=True)
def choose_greedy(st, topo, cfg, legal, n, w, prng, work):
    if n == 1:
        return legal[0]
    scores = np.empty(n, dtype=np.float64)
    greedy_scores(st, topo, cfg, legal, n, w, prng, scores, work)
    return legal[pick_best(scores, n, prng)]


@njit(cache=True)
def greedy_action(st, ctx, legal, n, w, rng, work):
    """The greedy choice (the search's first child and play-out policy)."""
    return choose_greedy(st, ctx[0], ctx[1], legal, n, w, rng, work)


@njit(cache=True)
def policy_scores(st, ctx, legal, n, w, rng, work, out):
    """The greedy's value of every legal action (orders the search's untried actions)."""
    greedy_scores(st, ctx[0], ctx[1], legal, n, w, rng, out, work)


@njit(cache=True)
def seat_values(st, ctx, w, rng, out):
    """Every seat's evaluation in victory points (divided by the `vp` weight), the search's
    cut-off; returns the number of seats. In VP units search_temperature means the same for
    any weights: the tuned ones put a VP at 2.8 (catan) or 18.3 (troja) evaluation units, so a
    temperature in raw units was flat in one game and sharp in the other."""
    P = st[S_P]
    scale = 1.0 / w[W_VP] if w[W_VP] > 0.0 else 1.0
    for q in range(P):
        out[q] = evaluate(st, ctx[0], ctx[1], q, w) * scale
    return P


@njit(cache=True)
def worth_search(st, ctx, legal, n, w):
    """The decisions that shape the game: building and trading on one's turn, and in catan the
    set-up settlements and where the robber goes; discards, steals and the like are greedy, and so
    is a turn past the greedy's 60-action guard (which then ends it). Troja searches its turns,
    and its set-up settlements only at a search_setup_scale above 0 (its default is 0): searching
    the corsair too took 35% more time (19.5 games/s with every seat searching, below issue 16's 20)
    for a share against tuned within the noise (0.301-0.311 against 0.292, 1,600 games each)."""
    ph = st[S_PHASE]
    if st[S_TURN_ACTIONS] > 60:
        return False
    if st[S_GAME] == GAME_TROJA:
        return ph == PH_MAIN or ph == PH_SETUP_SETTLEMENT
    return ph == PH_MAIN or ph == PH_SETUP_SETTLEMENT or ph == PH_ROBBER


@njit(cache=True)
def search_apply(st, ctx, a, chance, out):
    """The engine's apply_action for the search, which plans to the end of the current turn: once
    an action begins a new turn (the next player's roll) the position is a leaf (0 legal actions),
    scored by search_returns. Every leaf is then a position between two turns, where `evaluate`
    compares like with like; a cut-off inside a turn (a trade made for a build not yet made)
    scored it below its worth, and a tree through the rivals' dice was mostly noise."""
    topo, cfg = ctx[0], ctx[1]
    turn = st[S_TURN]
    apply_action(st, topo, cfg, a, chance)
    if st[S_PHASE] == PH_OVER or (st[S_TURN] != turn and st[S_PHASE] == PH_PRE_ROLL):
        return 0
    return legal_actions(st, topo, cfg, out)


@njit(cache=True)
def search_returns(st, ctx, score, win, rank):
    """Win shares of a finished game; at the turn cut-off (search_apply), the shares of the
    seats' evaluations at search_temperature (in VP), as the search scores any cut-off.
    A finished Troja game scores each seat by the place it locks in, as the greedy's end_aware
    does (end_utility: win share - end_aware * (place - 1) / (players - 1)): scored by win shares
    alone, an end in second place was worth no less than a loss later (0), so against the flat
    cut-off shares a battle with a fair chance to end the game for the mover looked better than
    playing on, and ismcts set off deciding battles it lost (6 of 100 games, check-players).
    Catan ends only by the mover's race win, which both scores rate 1."""
    if st[S_PHASE] == PH_OVER:
        CE.returns(st, ctx, score, win, rank)
        if st[S_GAME] == GAME_TROJA:
            for q in range(st[S_P]):
                win[q] = end_utility(st, ctx[1], q, ctx[2])
        return
    w = ctx[2]
    raw = np.zeros(64, np.float64)
    ns = seat_values(st, ctx, w, np.zeros(1, np.uint64), raw)   # (no randomness used)
    shares(raw, ns, max(w[W0 + S_TEMP], 1e-9), win)


REDEAL_TRIES = 8   # deals of the rivals' allegiances drawn at most per determinisation (search_redeal)


@njit(cache=True)
def search_redeal(st, ctx, seat, rng):
    """The engine's redeal_hidden for the search. In Troja a deal of the rivals' allegiances that
    puts a rival at the winning VP now is drawn again (up to REDEAL_TRIES deals, the last kept):
    such a rival would mostly have won at its own turn already, and a search that believed it
    lets the next seat win at the start of its turn set off deciding battles it lost rather than
    end its turn (check-players, troja game 33 of seed 1). Catan: the engine's redeal as is."""
    CE.redeal_hidden(st, ctx, seat, rng)
    if st[S_GAME] != GAME_TROJA:
        return
    cfg = ctx[1]
    target = cfg[C_VP_TO_WIN]
    for _ in range(REDEAL_TRIES):
        ok = True
        for q in range(st[S_P]):
            if q != seat and vp(st, cfg, q) >= target:
                ok = False
        if ok:
            return
        CE.redeal_hidden(st, ctx, seat, rng)


search_action = make_search(
    "search_catan_core", legal_actions=CE.legal_actions, apply_action=search_apply,
    to_move=CE.to_move, returns=search_returns, redeal_hidden=search_redeal, n_seats=CE.n_seats,
    policy=greedy_action, policy_scores=policy_scores, seat_values=seat_values,
    worth_search=worth_search, N_ACTIONS=CE.N_ACTIONS, W0=W0)


@njit(cache=True)
def choose(st, ctx, legal, n, kind, w, rng, work):
    """The contract's choice (docs/ENGINES.md): ctx is the engine's (topo, cfg)."""
    return choose_kind(st, ctx[0], ctx[1], legal, n, kind, w, rng, work)


def full_weights(n_players, weights):
    """Each seat's weight vector, float64[p, N_WEIGHTS]: the given ones (cut or zero-padded),
    the default greedy weights for a seat given none."""
    return fill_weights(n_players, weights, N_WEIGHTS, GREEDY_WEIGHTS)


def fill_weights(n_players, weights, n_weights, defaults):
    w = np.zeros((n_players, n_weights), dtype=np.float64)
    if weights is not None:
        wa = np.asarray(weights, dtype=np.float64)
        if wa.ndim == 2 and wa.shape[1] > 0:
            w[:, :min(n_weights, wa.shape[1])] = wa[:, :n_weights]
    for s in range(n_players):
        if not w[s].any():
            w[s] = defaults
    return w


@njit(cache=True)
def choose_kind(st, topo, cfg, legal, n, kind, w, prng, work):
    """Dispatch on the strategy kind (catan kinds; troja personas in strategies/troja.py)."""
    if kind == RANDOM or n == 1:
        return legal[below(prng, n)] if n > 1 else legal[0]
    if kind == GREEDY:
        return choose_greedy(st, topo, cfg, legal, n, w, prng, work)
    if kind == ISMCTS:
        # the search's context carries the weights, which its turn cut-off scores with
        if st[S_PHASE] == PH_SETUP_SETTLEMENT and w[W_SETUP_SCALE] != 1.0:
            ws = w.copy()     # the set-up settlement's budget (search_setup_scale)
            ws[W0 + S_ITER] = int(w[W0 + S_ITER] * w[W_SETUP_SCALE])
            return search_action(st, (topo, cfg, ws), legal, n, ws, prng, work)
        return search_action(st, (topo, cfg, w), legal, n, w, prng, work)
    return choose_greedy(st, topo, cfg, legal, n, w, prng, work)
