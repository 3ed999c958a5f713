"""Compiled playout loop of Mare Nostrum: `play_batch` and `play_traced` (docs/ENGINES.md)."""
import zlib

import numpy as np
from numba import njit

from sim.rng import new_stream, SETUP, CHANCE, PLAYERS
from sim.spec import AgonInputError
from strategies.mare_nostrum import choose
from .board import CREATURES, GODS, HEROES, WONDERS, ROLES, NP, N_TYPES
from .params import PARAMS, P_MYTH, P_START, P_AUTO_PAY
from . import rules as R
from .state import (H_OVER, H_DECIDER, H_ROUND, H_NTURNS, H_NACT, H_WINNER, H_VPATH, H_NP,
                    CIV_OF, HERO, WONDER, METRICS, NM, M_ROLE_ROUNDS, M_BATTLES, M_BATTLES_WON,
                    M_PILLAGES, M_TAKEOVERS, M_GODS_TAKEN, M_GOD_MASK, M_CREAT_BUILT,
                    M_CREAT_LOST, M_RANGED, M_CARDS_INCOME, M_CARDS_EXCHANGE,
                    M_BUILT_BUILDINGS, M_BUILT_UNITS, M_LOST_UNITS, M_LOST_BUILDINGS,
                    M_PROV_PEAK, M_HW_ROUND, M_INFL_BOUGHT, M_ROLE_HIST, M_UNIT_BUILT,
                    M_UNIT_LOST, M_UNIT_PEAK, M_BLDG_BUILT, M_BLDG_LOST, M_BLDG_PEAK, ACQ_ROUND,
                    M_CARDS_RECEIVED, M_FIRST_GOD, M_ATHENA_ROLES, ROLE, INFL, STATE_SIZE)
from .board import CIVS

VICTORY_PATHS = ("heroes_wonders", "pyramids", "roles", "unfinished")
# the winner's civ and path in one code (civ * 3 + path; 18 = unfinished): victory paths per civ (§11.2)
WIN_PATH_CIV = tuple(f"{c} {p}" for c in CIVS for p in VICTORY_PATHS[:3]) + ("unfinished",)
ROLE_ABBR = ("Trader", "Statesman", "Military", "Priest")
# a set of roles as a 4-bit mask (bit r = ROLES[r]), e.g. 5 = "Trader+Military"
ROLE_SETS = tuple("+".join(ROLE_ABBR[r] for r in range(4) if (m >> r) & 1) or "none"
                  for m in range(16))
UNIT_NAMES = ("legions", "creatures", "fortresses", "triremes")      # unit types 0..3
BUILDING_NAMES = ("caravans", "cities", "markets", "temples")

_BASE_SEAT = ["score", "win", "rank", "civ", "heroes_wonders", "provinces", "pyramids",
              "role_rounds_trader", "role_rounds_statesman", "role_rounds_military_leader",
              "role_rounds_high_priest", "battles", "battles_won", "pillages", "takeovers",
              "gods_taken", "creatures_built", "creatures_lost", "ranged_attacks",
              "cards_income", "cards_exchange", "buildings_built", "units_built", "units_lost",
              "buildings_lost", "provinces_peak", "last_hw_round", "influence_bought"]
# §11 per-player metrics by type: units and buildings at the end, at their peak, built, lost
# (creatures_built / creatures_lost are already in _BASE_SEAT); roles per round; the round of
# each hero and wonder purchase (NaN: not held by the seat, 0: held from the set-up)
_BY_TYPE = ["roles_by_round", "roles_last"]
for _u, _nm in enumerate(UNIT_NAMES):
    _BY_TYPE += [_nm + "_end", _nm + "_peak"] + ([] if _u == 1 else [_nm + "_built", _nm + "_lost"])
for _nm in BUILDING_NAMES:
    _BY_TYPE += [_nm + "_end", _nm + "_peak", _nm + "_built", _nm + "_lost"]
_ROUND_COLS = ["round_" + h for h in HEROES] + ["round_" + w for w in WONDERS]
# §11 cards by source: cards_received = cards_start + cards_income + cards_exchange + the sources
# below (CARD_SOURCES); cards_income_solomon and cards_income_circe are parts of cards_income.
# The metric slots follow M_CARDS_RECEIVED in this order (state.py).
CARD_SOURCES = ("cards_start", "cards_income", "cards_exchange", "cards_colossus", "cards_hermes",
                "cards_isis", "cards_exchange_giveback", "cards_ulysses", "cards_cleopatra",
                "cards_pillage")
_CARDS = ["cards_received", "cards_start", "cards_colossus", "cards_hermes", "cards_isis",
          "cards_exchange_giveback", "cards_ulysses", "cards_cleopatra", "cards_pillage",
          "cards_income_solomon", "cards_income_circe"]
# §11.4 High Priest effect: the first god a seat took (code into FIRST_GOD), roles won only
# thanks to Athena, and the rounds holding the High Priest in bands for a win-rate table
FIRST_GOD = GODS + ("none",)
NO_GOD = len(GODS)      # first_god of a seat that took no god
HIGH_PRIEST_BANDS = ("0", "1-2", "3-5", "6-9", "10+")
_HP_BAND_OF = np.array([0, 1, 1, 2, 2, 2, 3, 3, 3, 3, 4], np.int64)   # rounds held (10+ -> 10)
_HIGH_PRIEST = ["first_god", "athena_roles", "high_priest_band"]
SEAT_COLS = tuple(_BASE_SEAT + ["hero_" + h for h in HEROES] + ["wonder_" + w for w in WONDERS]
                  + ["god_" + g for g in GODS] + ["creature_" + c for c in CREATURES]
                  + _BY_TYPE + _ROUND_COLS + _CARDS + _HIGH_PRIEST)
FLOAT_SEAT_COLS = frozenset(["score", "win"] + _ROUND_COLS)
GAME_COLS = ("turns", "rounds", "unfinished", "victory_path", "winner", "winner_civ", "actions",
             "neutral_mask", "win_path_civ")
NSC = len(SEAT_COLS)
NGC = len(GAME_COLS)
_HERO0 = len(_BASE_SEAT)
_WONDER0 = _HERO0 + len(HEROES)
_GOD0 = _WONDER0 + len(WONDERS)
_CRE0 = _GOD0 + len(GODS)
_TYPE0 = _CRE0 + len(CREATURES)
_ROUND0 = _TYPE0 + len(_BY_TYPE)
_CARDS0 = _ROUND0 + len(_ROUND_COLS)
_HP0 = _CARDS0 + len(_CARDS)
MAX_ACTIONS = 200000


@njit(cache=True)
def record(S, P, seat_out, game_out):
    n = S[H_NP]
    score = np.zeros(n)
    win = np.zeros(n)
    rank = np.zeros(n)
    R.final_scores(S, P, score, win, rank)
    for o in range(n):
        row = seat_out[o]
        m = METRICS + o * NM
        row[0] = score[o]
        row[1] = win[o]
        row[2] = rank[o]
        row[3] = S[CIV_OF + o]
        row[4] = R.hw_count(S, P, o)
        row[5] = R.provinces_of(S, o)
        row[6] = 1.0 if S[WONDER + 6] == o + 1 else 0.0
        for r in range(4):
            row[7 + r] = S[m + M_ROLE_ROUNDS + r]
        row[11] = S[m + M_BATTLES]
        row[12] = S[m + M_BATTLES_WON]
        row[13] = S[m + M_PILLAGES]
        row[14] = S[m + M_TAKEOVERS]
        row[15] = S[m + M_GODS_TAKEN]
        row[16] = S[m + M_CREAT_BUILT]
        row[17] = S[m + M_CREAT_LOST]
        row[18] = S[m + M_RANGED]
        row[19] = S[m + M_CARDS_INCOME]
        row[20] = S[m + M_CARDS_EXCHANGE]
        row[21] = S[m + M_BUILT_BUILDINGS]
        row[22] = S[m + M_BUILT_UNITS]
        row[23] = S[m + M_LOST_UNITS]
        row[24] = S[m + M_LOST_BUILDINGS]
        row[25] = max(S[m + M_PROV_PEAK], R.provinces_of(S, o))
        row[26] = S[m + M_HW_ROUND]
        row[27] = S[m + M_INFL_BOUGHT]
        for h in range(33):
            row[_HERO0 + h] = 1.0 if S[HERO + h] == o + 1 else 0.0
        for w in range(7):
            row[_WONDER0 + w] = 1.0 if S[WONDER + w] == o + 1 else 0.0
        for j in range(8):
            row[_GOD0 + j] = 1.0 if (S[m + M_GOD_MASK] >> j) & 1 else 0.0
        c = S[CIV_OF + o]
        for k in range(6):
            row[_CRE0 + k] = 1.0 if (k == c and S[m + M_CREAT_BUILT] > 0) else 0.0
        R.update_peaks(S, o)
        j = _TYPE0
        row[j] = float(S[m + M_ROLE_HIST]) + float(S[m + M_ROLE_HIST + 1]) * 268435456.0  # 2**28
        last = 0
        for r in range(4):
            if S[ROLE + r] == o:
                last |= 1 << r
        row[j + 1] = last
        j += 2
        for u in range(4):
            row[j] = R.units_on_board(S, o, u)
            row[j + 1] = S[m + M_UNIT_PEAK + u]
            j += 2
            if u != 1:
                row[j] = S[m + M_UNIT_BUILT + u]
                row[j + 1] = S[m + M_UNIT_LOST + u]
                j += 2
        for b in range(4):
            row[j] = R.buildings_held(S, o, b)
            row[j + 1] = S[m + M_BLDG_PEAK + b]
            row[j + 2] = S[m + M_BLDG_BUILT + b]
            row[j + 3] = S[m + M_BLDG_LOST + b]
            j += 4
        for h in range(33):
            row[_ROUND0 + h] = S[ACQ_ROUND + h] if S[HERO + h] == o + 1 else np.nan
        for w in range(7):
            row[_ROUND0 + 33 + w] = S[ACQ_ROUND + 33 + w] if S[WONDER + w] == o + 1 else np.nan
        for k in range(11):
            row[_CARDS0 + k] = S[m + M_CARDS_RECEIVED + k]
        first = S[m + M_FIRST_GOD]
        row[_HP0] = first - 1 if first > 0 else NO_GOD
        row[_HP0 + 1] = S[m + M_ATHENA_ROLES]
        row[_HP0 + 2] = _HP_BAND_OF[min(S[m + M_ROLE_ROUNDS + 3], 10)]
    game_out[0] = S[H_NTURNS]
    game_out[1] = S[H_ROUND]
    game_out[2] = 1.0 if S[H_VPATH] == R.VP_UNFINISHED else 0.0
    game_out[3] = S[H_VPATH]
    game_out[4] = S[H_WINNER]
    game_out[5] = S[CIV_OF + S[H_WINNER]] if S[H_WINNER] >= 0 else -1
    game_out[6] = S[H_NACT]
    nm = 0
    for o in range(n, 6):
        nm |= 1 << S[CIV_OF + o]
    game_out[7] = nm
    vp = S[H_VPATH]
    game_out[8] = S[CIV_OF + S[H_WINNER]] * 3 + vp if (S[H_WINNER] >= 0 and vp < 3) else 18


@njit(cache=True)
def play_one(seed, g, n, P, kinds, weights, check, seat_out, game_out):
    """Plays game g; returns 0 or an error code (invariant code, 100 no legal action,
    101 too many actions)."""
    srng = new_stream(seed, g, SETUP)
    crng = new_stream(seed, g, CHANCE)
    prng = new_stream(seed, g, PLAYERS)
    S = R.new_game(n, P, srng)
    R.advance(S, P, crng)
    buf = np.empty(R.MAX_LEGAL, np.int64)
    steps = 0
    while S[H_OVER] == 0:
        k = R.legal_actions(S, P, buf)
        if k == 0:
            return 100
        o = S[H_DECIDER]
        a = choose(S, P, kinds[o], weights[o], buf, k, prng)
        R.apply_action(S, P, a, crng)
        if check:
            code = R.check_invariants(S, P)
            if code != 0:
                return code
        steps += 1
        if steps > MAX_ACTIONS:
            return 101
    record(S, P, seat_out, game_out)
    return 0


@njit(cache=True)
def _batch(seed, start, n_games, n, P, kinds, weights, check, seat_out, game_out, err):
    for i in range(n_games):
        code = play_one(seed, start + i, n, P, kinds, weights, check, seat_out[i], game_out[i])
        if code != 0:
            err[0] = code
            err[1] = start + i
            return


def _validate(n_players, params):
    if n_players not in (3, 4, 5, 6):
        raise AgonInputError(f"mare-nostrum is played by 3, 4, 5, 6 players, not {n_players}")
    if params[P_MYTH] == 0 and n_players > 5:
        raise AgonInputError("the base game (myth=0) is played by 3, 4, 5 players")


def params_hash(params):
    """CRC-32 of the parameter vector: tells which rule variant a stored game was played with."""
    return zlib.crc32(np.ascontiguousarray(params, np.float64).tobytes())


def _to_dict(seat, game, params):
    out = {c: game[:, i].astype(np.int64) for i, c in enumerate(GAME_COLS)}
    out["params_hash"] = np.full(len(game), params_hash(params), np.int64)
    for i, c in enumerate(SEAT_COLS):
        col = seat[:, :, i]
        out[c] = col if c in FLOAT_SEAT_COLS else col.astype(np.int64)
    out["rank"] = seat[:, :, 2].astype(np.int64)
    return out


def play_batch(seed, start, n_games, n_players, params, kinds, weights, check=False):
    params = np.asarray(params, np.float64)
    _validate(n_players, params)
    kinds = np.asarray(kinds, np.int64)
    weights = np.asarray(weights, np.float64)
    if weights.ndim != 2 or weights.shape[0] < n_players:
        from strategies.mare_nostrum import N_WEIGHTS
        weights = np.zeros((n_players, N_WEIGHTS))
    seat = np.zeros((n_games, n_players, NSC))
    game = np.zeros((n_games, NGC))
    err = np.zeros(2, np.int64)
    _batch(np.uint64(seed), start, n_games, n_players, params, kinds, weights, bool(check), seat,
           game, err)
    if err[0] != 0:
        raise RuntimeError(f"mare-nostrum: game {err[1]} of seed {seed} failed with code {err[0]}"
                           " (1-17 invariant, 100 no legal action, 101 too many actions)")
    return _to_dict(seat, game, params)


def play_traced(seed, index, n_players, params, kinds, weights):
    """One game action by action (Python loop); same result as play_batch."""
    from sim.rng import new_stream as ns
    from .describe import describe_action
    params = np.asarray(params, np.float64)
    _validate(n_players, params)
    kinds = np.asarray(kinds, np.int64)
    weights = np.asarray(weights, np.float64)
    if weights.ndim != 2 or weights.shape[0] < n_players:
        from strategies.mare_nostrum import N_WEIGHTS
        weights = np.zeros((n_players, N_WEIGHTS))
    srng = ns(np.uint64(seed), index, SETUP)
    crng = ns(np.uint64(seed), index, CHANCE)
    prng = ns(np.uint64(seed), index, PLAYERS)
    S = R.new_game(n_players, params, srng)
    R.advance(S, params, crng)
    buf = np.empty(R.MAX_LEGAL, np.int64)
    lines = [f"civs: " + ", ".join(f"seat {o}={describe_civ(S, o)}" for o in range(6))]
    last_round = 0
    while S[H_OVER] == 0:
        if S[H_ROUND] != last_round:
            last_round = int(S[H_ROUND])
            roles = ", ".join(f"{ROLES[r]}=seat {S[R.ROLE + r]}" for r in range(4))
            lines.append(f"== round {last_round}: {roles}")
        k = R.legal_actions(S, params, buf)
        o = int(S[H_DECIDER])
        a = int(choose(S, params, kinds[o], weights[o], buf, k, prng))
        lines.append(f"seat {o}: {describe_action(S, a)}")
        R.apply_action(S, params, a, crng)
    seat = np.zeros((1, n_players, NSC))
    game = np.zeros((1, NGC))
    record(S, params, seat[0], game[0])
    lines.append(f"end: round {int(S[H_ROUND])}, path {VICTORY_PATHS[int(S[H_VPATH])]}, "
                 f"winner seat {int(S[H_WINNER])}")
    return lines, _to_dict(seat, game, params)


def describe_civ(S, o):
    from .board import CIVS
    c = CIVS[int(S[CIV_OF + o])]
    return c if o < S[H_NP] else c + "(neutral)"
