"""Metrics of `catan` (`record`), its compiled batch loop (`play_games`, over the game loop shared
with troja, sim/catan_core/playout.py), its batch entry point and its traced twin (ENGINES.md)."""
import numpy as np
from numba import njit

from sim.rng import new_stream, CHANCE, PLAYERS
from sim.spec import AgonInputError
from sim.catan_core.board import topo_for
from sim.catan_core.layout import *  # noqa: F401,F403
from sim.catan_core.borrow import borrowed
from sim.catan_core.playout import play_game
from sim.catan_core.engine import new_game, legal_actions, apply_action
from sim.catan_core.results import win_rank, vp_parts
from sim.catan.params import PARAMS, to_config
from strategies.catan import N_WEIGHTS, choose

GAME_METRICS = ("turns_peer", "actions", "truncated", "sevens", "longest_road_held",
                "largest_army_held", "dev_cards_left")
SEAT_METRICS = ("vp_settlements", "vp_cities", "vp_longest_road", "vp_largest_army", "vp_dev_cards",
                "settlements", "cities", "roads", "longest_road", "knights", "dev_bought",
                "played_knight", "played_road_building", "played_year_of_plenty", "played_monopoly",
                "cards_stolen", "cards_lost", "discarded", "hand_cards")
NG = len(GAME_METRICS)
NS = len(SEAT_METRICS)


@njit(cache=True)
def record(st, topo, cfg, g, turns, gm, score, win, rank, sm):
    P = st[S_P]
    turns[g] = st[S_TURN]
    gm[g, 0] = (st[S_TURN] - 1) + 2 * (P - 1)
    gm[g, 1] = st[S_ACTIONS]
    gm[g, 2] = 1.0 if st[S_END_PATH] == END_TRUNCATED else 0.0
    gm[g, 3] = st[S_SEVENS]
    gm[g, 4] = 1.0 if st[S_LR_HOLDER] >= 0 else 0.0
    gm[g, 5] = 1.0 if st[S_LA_HOLDER] >= 0 else 0.0
    gm[g, 6] = st[S_DECK_N] - st[S_DECK_POS]
    win_rank(st, cfg, P, win[g], rank[g], score[g])
    for q in range(P):
        b = S_PLAYERS + q * PS
        s, c, lr, la, dv, sh, bo = vp_parts(st, cfg, q)
        sm[g, q, 0] = s
        sm[g, q, 1] = c
        sm[g, q, 2] = lr
        sm[g, q, 3] = la
        sm[g, q, 4] = dv
        sm[g, q, 5] = cfg[C_MAX_SETTLES] - st[b + P_SETTLES_LEFT]
        sm[g, q, 6] = cfg[C_MAX_CITIES] - st[b + P_CITIES_LEFT]
        sm[g, q, 7] = cfg[C_MAX_ROADS] - st[b + P_ROADS_LEFT]
        sm[g, q, 8] = st[b + P_ROAD_LEN]
        sm[g, q, 9] = st[b + P_KNIGHTS]
        sm[g, q, 10] = st[b + P_DEV_BOUGHT]
        sm[g, q, 11] = st[b + P_DEV_PLAYED_N + DEV_KNIGHT]
        sm[g, q, 12] = st[b + P_DEV_PLAYED_N + DEV_ROAD_BUILDING]
        sm[g, q, 13] = st[b + P_DEV_PLAYED_N + DEV_YOP]
        sm[g, q, 14] = st[b + P_DEV_PLAYED_N + DEV_MONOPOLY]
        sm[g, q, 15] = st[b + P_STOLEN]
        sm[g, q, 16] = st[b + P_LOST]
        sm[g, q, 17] = st[b + P_DISCARDED]
        sm[g, q, 18] = st[b + P_HAND] + st[b + P_HAND + 1] + st[b + P_HAND + 2] + st[b + P_HAND + 3] + st[b + P_HAND + 4]


@njit(cache=True)
def play_games(seed, start, n, topo, cfg, kinds, weights, check, turns, gm, score, win, rank, sm, err):
    """Play games start..start+n-1 of run `seed`, writing row g of the result arrays for game
    start+g; err = (code, game, action) of the first failure (0: none)."""
    st = np.empty(STATE_SIZE, dtype=np.int32)
    work = np.empty(STATE_SIZE, dtype=np.int32)
    legal = np.empty(1024, dtype=np.int64)
    rngs = np.empty(2, dtype=np.uint64)  # chance, players
    play_loop(seed, start, n, topo, cfg, kinds, weights, check, turns, gm, score, win, rank, sm, err,
              st, work, legal, rngs)


@njit(cache=True)
def play_loop(seed, start, n, topo, cfg, kinds, weights, check, turns, gm, score, win, rank, sm, err,
              st, work, legal, rngs):
    """The loop of play_games, which owns st, work, legal and rngs for the whole call: the shared
    game loop (sim/catan_core/playout.py) plays each game, this game's `record` writes its row."""
    # views without reference counts (sim/catan_core/borrow.py) of arguments the caller keeps
    st, work, legal = borrowed(st), borrowed(work), borrowed(legal)
    topo, cfg = borrowed(topo), borrowed(cfg)
    chance, prng = borrowed(rngs[0:1]), borrowed(rngs[1:2])
    for g in range(n):
        if not play_game(seed, start + g, topo, cfg, kinds, weights, check, err, st, work, legal, chance, prng):
            return
        record(st, topo, cfg, g, turns, gm, score, win, rank, sm)


def _prepare(n_players, params, kinds, weights):
    cfg = to_config(np.asarray(params, dtype=np.float64), n_players)
    topo = topo_for(n_players, 1)
    kinds = np.asarray(kinds, dtype=np.int64)
    w = np.zeros((n_players, N_WEIGHTS), dtype=np.float64)
    if weights is not None:
        wa = np.asarray(weights, dtype=np.float64)
        if wa.ndim == 2 and wa.shape[1] > 0:
            w[:, :min(N_WEIGHTS, wa.shape[1])] = wa[:, :N_WEIGHTS]
    from strategies.catan import GREEDY_WEIGHTS
    for s in range(n_players):
        if not w[s].any():
            w[s] = GREEDY_WEIGHTS
    return cfg, topo, kinds, w


def _collect(n, P, turns, gm, score, win, rank, sm):
    out = {"turns": turns}
    for i, name in enumerate(GAME_METRICS):
        out[name] = gm[:, i].copy()
    out["score"] = score
    out["win"] = win
    out["rank"] = rank
    for i, name in enumerate(SEAT_METRICS):
        out[name] = sm[:, :, i].copy()
    return out


def play_batch(seed, start, n_games, n_players, params, kinds, weights=None, check=False):
    """Play games start..start+n_games-1 of run `seed` (see sim/spec.py)."""
    if n_players not in (3, 4, 5, 6):
        raise AgonInputError(f"catan is played by 3, 4, 5 or 6 players, not {n_players}")
    cfg, topo, kinds, w = _prepare(n_players, params, kinds, weights)
    n = int(n_games)
    turns = np.zeros(n, dtype=np.int64)
    gm = np.zeros((n, NG), dtype=np.float64)
    score = np.zeros((n, n_players), dtype=np.float64)
    win = np.zeros((n, n_players), dtype=np.float64)
    rank = np.zeros((n, n_players), dtype=np.int64)
    sm = np.zeros((n, n_players, NS), dtype=np.float64)
    err = np.zeros(3, dtype=np.int64)
    play_games(int(seed), int(start), n, topo, cfg, kinds, w, bool(check), turns, gm, score, win, rank, sm, err)
    if err[0] != 0:
        raise AssertionError(f"catan invariant {err[0]} violated in game {err[1]} after action {err[2]}")
    return _collect(n, n_players, turns, gm, score, win, rank, sm)


def play_traced(seed, index, n_players, params, kinds, weights=None, actions_out=None):
    """Play game `index` step by step in Python; return (lines, result dict)."""
    from sim.catan_core.describe import describe_action
    cfg, topo, kinds, w = _prepare(n_players, params, kinds, weights)
    st = np.empty(STATE_SIZE, dtype=np.int32)
    work = np.empty(STATE_SIZE, dtype=np.int32)
    legal = np.empty(1024, dtype=np.int64)
    new_game(st, topo, cfg, int(seed), int(index))
    chance = new_stream(int(seed), int(index), CHANCE)
    prng = new_stream(int(seed), int(index), PLAYERS)
    lines = []
    while st[S_PHASE] != PH_OVER:
        m = legal_actions(st, topo, cfg, legal)
        p = int(st[S_ACTOR])
        a = int(choose(st, topo, cfg, legal, m, kinds[p], w[p], prng, work))
        lines.append(f"turn {int(st[S_TURN])} seat {p}: {describe_action(st, topo, cfg, a)}")
        if actions_out is not None:
            actions_out.append(a)
        apply_action(st, topo, cfg, a, chance)
    turns = np.zeros(1, dtype=np.int64)
    gm = np.zeros((1, NG))
    score = np.zeros((1, n_players))
    win = np.zeros((1, n_players))
    rank = np.zeros((1, n_players), dtype=np.int64)
    sm = np.zeros((1, n_players, NS))
    record(st, topo, cfg, 0, turns, gm, score, win, rank, sm)
    lines.append(f"game over: {END_PATH_NAMES[int(st[S_END_PATH])]}, VP {list(score[0].astype(int))}")
    return lines, _collect(1, n_players, turns, gm, score, win, rank, sm)
