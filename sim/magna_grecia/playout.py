"""Compiled playout loop (`play_batch`) and the readable trace (`play_traced`)."""
import numpy as np
from numba import njit

from sim.rng import new_stream, below, PLAYERS
from sim.catan_core.borrow import borrowed
from sim.magna_grecia import params as P
from sim.magna_grecia.state import (
    new_game, S_NP, S_CUR, S_COLOUR, S_STOCK_ROAD, S_STOCK_CITY, S_TURNS, S_NEXT_CITY, C_ALIVE,
    C_OWNER, M_CITIES_FOUNDED, M_CITY_TILES, M_ROAD_TILES, M_DRAWN, M_MARKETS_BUILT,
    M_FOUNDING_MARKETS, M_MARKETS_SOLD, M_SOLD_POINTS, M_MARKETS_REMOVED, M_TAKEOVERS, M_MERGES,
    M_SPENT, M_PASSES, M_DOUBLE,
)
from sim.magna_grecia.rules import (
    legal_actions, apply_action, is_over, score_parts, rank_players, check_invariants, MAX_LEGAL,
)
from strategies.magna_grecia import choose, RANDOM

SEAT_METRICS = ("score", "win", "rank", "track_points", "market_points", "oracle_points_scored",
                "oracles", "cities_founded", "cities_end", "city_tiles_placed", "road_tiles_placed",
                "tiles_drawn", "stock_tiles_end", "markets_built", "founding_markets",
                "markets_sold", "sold_points", "markets_removed", "active_markets_end",
                "oracle_takeovers", "merges", "points_spent", "passes", "double_turns", "colour")
GAME_METRICS = ("turns", "tie", "tie_break_used")
NSM = len(SEAT_METRICS)
NGM = len(GAME_METRICS)
MAX_ACTIONS = 20000


@njit(cache=True)
def step(st, params, kinds, weights, prng, legal):
    """Choose and apply one action; returns it. A forced action (one legal) skips the strategy."""
    n = legal_actions(st, params, legal)
    if n == 1:
        a = legal[0]
    else:
        s = st[S_CUR]
        if kinds[s] == RANDOM:  # inline: the call into `choose` costs more than the pick
            a = legal[below(prng, n)]
        else:
            a = choose(st, params, legal, n, kinds[s], weights[s], prng)
    apply_action(st, params, a)
    return a


@njit(cache=True)
def collect(st, params, seat_out, game_out):
    """Final results of a finished game into seat_out[p, NSM], game_out[NGM]."""
    np_ = st[S_NP]
    parts = np.zeros((4, 6), dtype=np.int64)
    score_parts(st, params, parts)
    score = np.zeros(np_, dtype=np.int64)
    stock = np.zeros(np_, dtype=np.int64)
    for s in range(np_):
        score[s] = parts[s, 5]
        stock[s] = st[S_STOCK_ROAD + s] + st[S_STOCK_CITY + s]
    rank = np.zeros(np_, dtype=np.int64)
    win = np.zeros(np_, dtype=np.float64)
    tie, used = rank_players(score, stock, np_, int(params[P.P_TIE_BREAK]) == 0, rank, win)
    cities_end = np.zeros(4, dtype=np.int64)
    for c in range(st[S_NEXT_CITY]):
        if st[C_ALIVE + c] == 1:
            cities_end[st[C_OWNER + c]] += 1
    for s in range(np_):
        row = seat_out[s]
        row[0] = score[s]
        row[1] = win[s]
        row[2] = rank[s]
        row[3] = parts[s, 0]
        row[4] = parts[s, 1]
        row[5] = parts[s, 2]
        row[6] = parts[s, 3]
        row[7] = st[M_CITIES_FOUNDED + s]
        row[8] = cities_end[s]
        row[9] = st[M_CITY_TILES + s]
        row[10] = st[M_ROAD_TILES + s]
        row[11] = st[M_DRAWN + s]
        row[12] = stock[s]
        row[13] = st[M_MARKETS_BUILT + s]
        row[14] = st[M_FOUNDING_MARKETS + s]
        row[15] = st[M_MARKETS_SOLD + s]
        row[16] = st[M_SOLD_POINTS + s]
        row[17] = st[M_MARKETS_REMOVED + s]
        row[18] = parts[s, 4]
        row[19] = st[M_TAKEOVERS + s]
        row[20] = st[M_MERGES + s]
        row[21] = st[M_SPENT + s]
        row[22] = st[M_PASSES + s]
        row[23] = st[M_DOUBLE + s]
        row[24] = st[S_COLOUR + s]
    game_out[0] = st[S_TURNS]
    game_out[1] = 1.0 if tie else 0.0
    game_out[2] = 1.0 if used else 0.0


@njit(cache=True)
def play_game(seed, index, n_players, params, kinds, weights, check, actions):
    """Play one game; records actions into `actions`; returns (final state, n actions)."""
    st = new_game(seed, index, n_players, params)
    prng = new_stream(seed, index, PLAYERS)
    legal = np.empty(MAX_LEGAL, dtype=np.int64)
    na = game_loop(params, kinds, weights, check, actions, st, prng, legal)
    return st, na


@njit(cache=True)
def game_loop(params, kinds, weights, check, actions, st, prng, legal):
    """The action loop of play_game, which owns st, prng and legal for the whole call;
    returns the number of actions."""
    # views without reference counts (sim/catan_core/borrow.py) of arguments the caller keeps
    st, prng, legal = borrowed(st), borrowed(prng), borrowed(legal)
    params, kinds, weights = borrowed(params), borrowed(kinds), borrowed(weights)
    na = 0
    if check:
        check_invariants(st, params)
    while not is_over(st):
        a = step(st, params, kinds, weights, prng, legal)
        if na < actions.shape[0]:
            actions[na] = a
        na += 1
        if check:
            check_invariants(st, params)
        if na > 100000:
            raise ValueError("game did not end")
    return na


@njit(cache=True)
def _play_batch(seed, start, n_games, n_players, params, kinds, weights, check, seat_out, game_out):
    actions = np.empty(1, dtype=np.int64)
    for g in range(n_games):
        st, na = play_game(seed, start + g, n_players, params, kinds, weights, check, actions)
        collect(st, params, seat_out[g], game_out[g])


def _as_arrays(n_players, kinds, weights):
    kinds = np.asarray(kinds, dtype=np.int64).reshape(-1)
    if kinds.shape[0] != n_players:
        kinds = np.resize(kinds, n_players)
    from strategies.magna_grecia import N_WEIGHTS, STRATEGIES
    w = np.zeros((n_players, N_WEIGHTS), dtype=np.float64)
    defaults = {s.kind: s.weights for s in STRATEGIES}
    for i in range(n_players):
        d = defaults.get(int(kinds[i]), ())
        w[i, :len(d)] = d
    if weights is not None:
        weights = np.asarray(weights, dtype=np.float64)
        if weights.ndim == 1:
            weights = np.tile(weights, (n_players, 1))
        k = min(weights.shape[1], N_WEIGHTS)
        w[:, :k] = weights[:n_players, :k]
    return kinds, w


def _result_dict(seat_out, game_out):
    res = {}
    for j, name in enumerate(GAME_METRICS):
        res[name] = game_out[:, j].astype(np.int64) if name == "turns" else game_out[:, j].copy()
    for j, name in enumerate(SEAT_METRICS):
        col = seat_out[:, :, j]
        res[name] = col.copy() if name == "win" else col.astype(np.int64)
    return res


def play_batch(seed, start, n_games, n_players, params, kinds, weights, check=False):
    """Games start..start+n_games-1 of run `seed` (see sim.spec.GameSpec).

    `weights` None gives every seat its strategy's default weights (StrategyInfo.weights)."""
    kinds, w = _as_arrays(n_players, kinds, weights)
    params = np.asarray(params, dtype=np.float64)
    seat_out = np.zeros((n_games, n_players, NSM), dtype=np.float64)
    game_out = np.zeros((n_games, NGM), dtype=np.float64)
    _play_batch(seed, start, n_games, n_players, params, kinds, w, bool(check), seat_out, game_out)
    return _result_dict(seat_out, game_out)


def game_actions(seed, index, n_players, params, kinds, weights, check=False):
    """The action id list of one game (for golden files) and its final state."""
    kinds, w = _as_arrays(n_players, kinds, weights)
    params = np.asarray(params, dtype=np.float64)
    actions = np.empty(MAX_ACTIONS, dtype=np.int64)
    st, na = play_game(seed, index, n_players, params, kinds, w, bool(check), actions)
    return actions[:na].copy(), st


def play_traced(seed, index, n_players, params, kinds, weights):
    """One game as readable lines plus its play_batch result dict."""
    from sim.magna_grecia.describe import describe_action, describe_setup, describe_final
    params = np.asarray(params, dtype=np.float64)
    actions, final = game_actions(seed, index, n_players, params, kinds, weights)
    st = new_game(seed, index, n_players, params)
    lines = describe_setup(st, params)
    for a in actions:
        lines.append(describe_action(st, params, int(a)))
        apply_action(st, params, int(a))
    if not np.array_equal(st, final):
        raise RuntimeError("trace replay diverged from the compiled game")
    seat_out = np.zeros((1, n_players, NSM), dtype=np.float64)
    game_out = np.zeros((1, NGM), dtype=np.float64)
    collect(st, params, seat_out[0], game_out[0])
    res = _result_dict(seat_out, game_out)
    lines.extend(describe_final(st, params, res))
    return lines, res
