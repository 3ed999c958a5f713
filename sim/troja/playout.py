"""Metrics of `troja` (`record`), its compiled batch loop (`play_games`, over the game loop shared
with catan, sim/catan_core/playout.py), its batch entry point and its traced twin (ENGINES.md)."""
import numpy as np
from numba import njit

from sim.rng import new_stream, CHANCE, PLAYERS
from sim.spec import AgonInputError
from sim.catan_core.layout import *  # noqa: F401,F403
from sim.catan_core.borrow import borrowed
from sim.catan_core.playout import play_game
from sim.catan_core.engine import new_game, legal_actions, apply_action, row_total
from sim.catan_core.results import win_rank, vp_parts
from sim.troja.params import to_config
from strategies.troja import choose, N_WEIGHTS, WEIGHTS

GAME_METRICS = ("actions", "end_path", "end_race", "end_track_troy", "end_track_mycenae", "truncated",
                "battles", "battles_troy", "battles_mycenae", "battles_draw", "wins_troy",
                "wins_mycenae", "row_size", "winner_on_winning_side", "sevens",
                # battle tables (troja.md §9): codes 0 none, 1 Troy, 2 Mycenae, 3 draw / level / both
                "winner_side", "war_leader") + tuple(f"battle_{k + 1}" for k in range(BATTLE_LOG_N))
SEAT_METRICS = ("allegiance", "vp_settlements", "vp_cities", "vp_longest_road", "vp_ships", "vp_bonus",
                "settlements", "cities", "roads", "longest_road", "ships", "ships_port3", "ships_vp",
                "ships_swap", "ships_tile2", "ships_take", "tokens_earned", "tokens_spent",
                "tokens_left", "donations", "donated_lumber", "donated_brick", "donated_wool",
                "donated_grain", "donated_ore", "swaps", "takes", "cards_stolen", "cards_lost",
                "discarded", "corsair_blocked", "hand_cards", "war_won", "war_lost")
NG = len(GAME_METRICS)
NS = len(SEAT_METRICS)


@njit(cache=True)
def record(st, topo, cfg, g, turns, gm, score, win, rank, sm):
    P = st[S_P]
    turns[g] = st[S_TURN]
    ep = st[S_END_PATH]
    gm[g, 0] = st[S_ACTIONS]
    gm[g, 1] = ep
    gm[g, 2] = 1.0 if ep == END_RACE else 0.0
    gm[g, 3] = 1.0 if ep == END_TRACK_TROY else 0.0
    gm[g, 4] = 1.0 if ep == END_TRACK_MYCENAE else 0.0
    gm[g, 5] = 1.0 if ep == END_TRUNCATED else 0.0
    gm[g, 6] = st[S_BATTLES] + st[S_BATTLES + 1] + st[S_BATTLES + 2]
    gm[g, 7] = st[S_BATTLES]
    gm[g, 8] = st[S_BATTLES + 1]
    gm[g, 9] = st[S_BATTLES + 2]
    gm[g, 10] = st[S_TRACK]
    gm[g, 11] = st[S_TRACK + 1]
    gm[g, 12] = row_total(st)
    gm[g, 14] = st[S_SEVENS]
    win_rank(st, cfg, P, win[g], rank[g], score[g])
    # which side the winner(s) belong to: 1 Troy, 2 Mycenae, 3 winners on both sides, 0 nobody
    sides = 0
    for q in range(P):
        if win[g, q] > 0:
            sides |= 1 << st[S_PLAYERS + q * PS + P_ALLEG]
    gm[g, 15] = sides
    # the war at the end: 0 no battle fought, 1 Troy ahead, 2 Mycenae ahead, 3 level
    wt = st[S_TRACK]
    wm = st[S_TRACK + 1]
    fought = st[S_BATTLES] + st[S_BATTLES + 1] + st[S_BATTLES + 2]
    gm[g, 16] = 0 if fought == 0 else (1 if wt > wm else (2 if wm > wt else 3))
    for k in range(BATTLE_LOG_N):
        gm[g, 17 + k] = st[S_BATTLE_LOG + k]
    if ep == END_TRACK_TROY or ep == END_TRACK_MYCENAE:
        side = SIDE_TROY if ep == END_TRACK_TROY else SIDE_MYCENAE
        x = 0.0
        for q in range(P):
            if st[S_PLAYERS + q * PS + P_ALLEG] == side:
                x += win[g, q]
        gm[g, 13] = x
    else:
        gm[g, 13] = np.nan
    for q in range(P):
        b = S_PLAYERS + q * PS
        s, c, lr, la, dv, sh, bo = vp_parts(st, cfg, q)
        sm[g, q, 0] = st[b + P_ALLEG]
        sm[g, q, 1] = s
        sm[g, q, 2] = c
        sm[g, q, 3] = lr
        sm[g, q, 4] = sh
        sm[g, q, 5] = bo
        sm[g, q, 6] = cfg[C_MAX_SETTLES] - st[b + P_SETTLES_LEFT]
        sm[g, q, 7] = cfg[C_MAX_CITIES] - st[b + P_CITIES_LEFT]
        sm[g, q, 8] = cfg[C_MAX_ROADS] - st[b + P_ROADS_LEFT]
        sm[g, q, 9] = st[b + P_ROAD_LEN]
        sm[g, q, 10] = st[b + P_SHIPS]
        for k in range(5):
            sm[g, q, 11 + k] = st[b + P_SHIP_BEN + 1 + k]
        sm[g, q, 16] = st[b + P_TOK_EARNED]
        sm[g, q, 17] = st[b + P_TOK_SPENT]
        sm[g, q, 18] = st[b + P_TOKENS]
        sm[g, q, 19] = st[b + P_DONATIONS]
        for r in range(5):
            sm[g, q, 20 + r] = st[b + P_DONATED + r]
        sm[g, q, 25] = st[b + P_SWAPS]
        sm[g, q, 26] = st[b + P_TAKES]
        sm[g, q, 27] = st[b + P_STOLEN]
        sm[g, q, 28] = st[b + P_LOST]
        sm[g, q, 29] = st[b + P_DISCARDED]
        sm[g, q, 30] = st[b + P_CORSAIR_BLOCKED]
        sm[g, q, 31] = st[b + P_HAND] + st[b + P_HAND + 1] + st[b + P_HAND + 2] + st[b + P_HAND + 3] + st[b + P_HAND + 4]
        own = st[b + P_ALLEG]
        lead = 1 if wt > wm else (2 if wm > wt else 0)  # 1 Troy, 2 Mycenae ahead
        sm[g, q, 32] = 1.0 if lead == own + 1 else 0.0
        sm[g, q, 33] = 1.0 if lead != 0 and lead != own + 1 else 0.0


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
    if n_players not in (4, 6):
        raise AgonInputError(f"troja is played by 4 or 6 players, not {n_players}")
    cfg, topo = to_config(np.asarray(params, dtype=np.float64), n_players)
    kinds = np.asarray(kinds, dtype=np.int64)
    w = np.zeros((n_players, N_WEIGHTS), dtype=np.float64)
    if weights is not None:
        wa = np.asarray(weights, dtype=np.float64)
        if wa.ndim == 2 and wa.shape[1] > 0:
            w[:, :min(N_WEIGHTS, wa.shape[1])] = wa[:, :N_WEIGHTS]
    for s in range(n_players):
        if not w[s].any():
            w[s] = WEIGHTS
    return cfg, topo, kinds, w


def _collect(turns, gm, score, win, rank, sm):
    out = {"turns": turns}
    for i, name in enumerate(GAME_METRICS):
        out[name] = gm[:, i].copy()
    out["score"] = score
    out["win"] = win
    out["rank"] = rank
    for i, name in enumerate(SEAT_METRICS):
        out[name] = sm[:, :, i].copy()
    return out


def _arrays(n, P):
    return (np.zeros(n, dtype=np.int64), np.zeros((n, NG)), np.zeros((n, P)), np.zeros((n, P)),
            np.zeros((n, P), dtype=np.int64), np.zeros((n, P, NS)))


def play_batch(seed, start, n_games, n_players, params, kinds, weights=None, check=False):
    """Play games start..start+n_games-1 of run `seed` (see sim/spec.py)."""
    cfg, topo, kinds, w = _prepare(n_players, params, kinds, weights)
    n = int(n_games)
    turns, gm, score, win, rank, sm = _arrays(n, n_players)
    err = np.zeros(3, dtype=np.int64)
    play_games(int(seed), int(start), n, topo, cfg, kinds, w, bool(check), turns, gm, score, win, rank, sm, err)
    if err[0] != 0:
        raise AssertionError(f"troja invariant {err[0]} violated in game {err[1]} after action {err[2]}")
    return _collect(turns, gm, score, win, rank, sm)


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
    side = ("Troy", "Mycenae")
    lines = ["allegiance: " + ", ".join(f"seat {q} {side[int(st[S_PLAYERS + q * PS + P_ALLEG])]}"
                                        for q in range(n_players))]
    while st[S_PHASE] != PH_OVER:
        m = legal_actions(st, topo, cfg, legal)
        p = int(st[S_ACTOR])
        a = int(choose(st, topo, cfg, legal, m, kinds[p], w[p], prng, work))
        lines.append(f"turn {int(st[S_TURN])} seat {p}: {describe_action(st, topo, cfg, a)}")
        if actions_out is not None:
            actions_out.append(a)
        b0 = int(st[S_BATTLES] + st[S_BATTLES + 1] + st[S_BATTLES + 2])
        apply_action(st, topo, cfg, a, chance)
        if int(st[S_BATTLES] + st[S_BATTLES + 1] + st[S_BATTLES + 2]) > b0:
            lines.append(f"  battle: {('Troy wins', 'Mycenae wins', 'draw')[int(st[S_LAST_BATTLE])]}; "
                         f"track Troy {int(st[S_TRACK])} Mycenae {int(st[S_TRACK + 1])}")
    turns, gm, score, win, rank, sm = _arrays(1, n_players)
    record(st, topo, cfg, 0, turns, gm, score, win, rank, sm)
    lines.append(f"game over: {END_PATH_NAMES[int(st[S_END_PATH])]}, VP {list(score[0].astype(int))}")
    return lines, _collect(turns, gm, score, win, rank, sm)
