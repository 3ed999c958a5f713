"""The result columns of a Mare Nostrum game (declared once, sim/layout.py) and `record`, which
writes a finished game's row (engine contract). Columns by name: game `turns`, `rounds`, ...;
seat `score`, `win`, `rank`, `civ`, ... (§11: what a balance report should answer).
"""
import numpy as np
from numba import njit

from sim import flow
from sim.layout import Results
from .board import CIVS, CREATURES, GODS, HEROES, WONDERS, NP
from .params import PARAMS
from . import rules as R
from .state import INFL
from .state import (H_ROUND, H_NTURNS, H_NACT, H_WINNER, H_VPATH, H_NP, CIV_OF, HERO, WONDER,
                    METRICS, NM, M_ROLE_ROUNDS, M_BATTLES, M_BATTLES_WON, M_PILLAGES, M_TAKEOVERS,
                    M_GODS_TAKEN, M_GOD_MASK, M_CREAT_BUILT, M_CREAT_LOST, M_RANGED,
                    M_CARDS_INCOME, M_CARDS_EXCHANGE, M_BUILT_BUILDINGS, M_BUILT_UNITS,
                    M_LOST_UNITS, M_LOST_BUILDINGS, M_PROV_PEAK, M_HW_ROUND, M_INFL_BOUGHT,
                    M_ROLE_HIST, M_UNIT_BUILT, M_UNIT_LOST, M_UNIT_PEAK, M_BLDG_BUILT, M_BLDG_LOST,
                    M_BLDG_PEAK, ACQ_ROUND, M_CARDS_RECEIVED, M_FIRST_GOD, M_ATHENA_ROLES, ROLE)

VICTORY_PATHS = ("heroes_wonders", "pyramids", "roles", "unfinished")
# the winner's civ and path in one code (civ * 3 + path; 18 = unfinished): victory paths per civ (§11.2)
WIN_PATH_CIV = tuple(f"{c} {p}" for c in CIVS for p in VICTORY_PATHS[:3]) + ("unfinished",)
ROLE_ABBR = ("Trader", "Statesman", "Military", "Priest")
# a set of roles as a 4-bit mask (bit r = ROLES[r]), e.g. 5 = "Trader+Military"
ROLE_SETS = tuple("+".join(ROLE_ABBR[r] for r in range(4) if (m >> r) & 1) or "none"
                  for m in range(16))
UNIT_NAMES = ("legions", "creatures", "fortresses", "triremes")      # unit types 0..3
BUILDING_NAMES = ("caravans", "cities", "markets", "temples")
# §11 cards by source: cards_received = cards_start + cards_income + cards_exchange + the sources
# below (CARD_SOURCES); cards_income_solomon and cards_income_circe are parts of cards_income.
CARD_SOURCES = ("cards_start", "cards_income", "cards_exchange", "cards_colossus", "cards_hermes",
                "cards_isis", "cards_exchange_giveback", "cards_ulysses", "cards_cleopatra",
                "cards_pillage")
# the metric slots from M_CARDS_RECEIVED on, in this order (state.py)
_CARDS = ("cards_received", "cards_start", "cards_colossus", "cards_hermes", "cards_isis",
          "cards_exchange_giveback", "cards_ulysses", "cards_cleopatra", "cards_pillage",
          "cards_income_solomon", "cards_income_circe")
# §11.4 High Priest effect: the first god a seat took (code into FIRST_GOD), roles won only
# thanks to Athena, and the rounds holding the High Priest in bands for a win-rate table
FIRST_GOD = GODS + ("none",)
NO_GOD = len(GODS)      # first_god of a seat that took no god
HIGH_PRIEST_BANDS = ("0", "1-2", "3-5", "6-9", "10+")
_HP_BAND_OF = np.array([0, 1, 1, 2, 2, 2, 3, 3, 3, 3, 4], np.int64)   # rounds held (10+ -> 10)

RESULTS = Results("Mare Nostrum")
R_TURNS = RESULTS.game("turns", doc="player turns played (build turns)")
R_ROUNDS = RESULTS.game("rounds")
R_UNFINISHED = RESULTS.game("unfinished", doc="1: the round cap ended the game")
R_VICTORY_PATH = RESULTS.game("victory_path", doc="VICTORY_PATHS code")
R_WINNER = RESULTS.game("winner", doc="seat, -1 none")
R_WINNER_CIV = RESULTS.game("winner_civ", doc="civ code, -1 none")
R_ACTIONS = RESULTS.game("actions", doc="decisions taken")
R_NEUTRAL_MASK = RESULTS.game("neutral_mask", doc="bit c: civ c is neutral")
R_WIN_PATH_CIV = RESULTS.game("win_path_civ", doc="WIN_PATH_CIV code")
R_PARAMS_HASH = RESULTS.game("params_hash", metric=False,
                             doc="CRC-32 of the parameter vector: which rule variant a stored game was played with")

S_SCORE = RESULTS.seat("score", float, doc="100 x heroes/wonders + provinces (a ranking key, §7)")
S_WIN = RESULTS.seat("win", float)
S_RANK = RESULTS.seat("rank", doc="1 = best")
S_CIV = RESULTS.seat("civ")
S_HEROES_WONDERS = RESULTS.seat("heroes_wonders")
S_PROVINCES = RESULTS.seat("provinces")
S_PYRAMIDS = RESULTS.seat("pyramids")
S_ROLE_ROUNDS = RESULTS.seat_block("role_rounds", ("trader", "statesman", "military_leader", "high_priest"))
S_BATTLES = RESULTS.seat("battles")
S_BATTLES_WON = RESULTS.seat("battles_won")
S_PILLAGES = RESULTS.seat("pillages")
S_TAKEOVERS = RESULTS.seat("takeovers")
S_GODS_TAKEN = RESULTS.seat("gods_taken")
S_CREATURES_BUILT = RESULTS.seat("creatures_built")
S_CREATURES_LOST = RESULTS.seat("creatures_lost")
S_RANGED_ATTACKS = RESULTS.seat("ranged_attacks")
S_CARDS_INCOME = RESULTS.seat("cards_income")
S_CARDS_EXCHANGE = RESULTS.seat("cards_exchange")
S_BUILDINGS_BUILT = RESULTS.seat("buildings_built")
S_UNITS_BUILT = RESULTS.seat("units_built")
S_UNITS_LOST = RESULTS.seat("units_lost")
S_BUILDINGS_LOST = RESULTS.seat("buildings_lost")
S_PROVINCES_PEAK = RESULTS.seat("provinces_peak")
S_LAST_HW_ROUND = RESULTS.seat("last_hw_round")
S_INFLUENCE_BOUGHT = RESULTS.seat("influence_bought")
S_HERO = RESULTS.seat_block("hero", HEROES)
S_WONDER = RESULTS.seat_block("wonder", WONDERS)
S_GOD = RESULTS.seat_block("god", GODS)
S_CREATURE = RESULTS.seat_block("creature", CREATURES)
# roles_by_round packs a 4-bit role mask per round (round r in bits 4(r-1)..4r-1, rounds 1-13)
# for later analysis: in every result, but a mean of it would mean nothing
S_ROLES_BY_ROUND = RESULTS.seat("roles_by_round", metric=False)
S_ROLES_LAST = RESULTS.seat("roles_last", doc="ROLE_SETS code of the roles held in the last round")
# §11 units and buildings by type: at the end, at their peak, built, lost (creatures: built and
# lost are creatures_built / creatures_lost above)
S_UNIT = {}
for _u, _nm in enumerate(UNIT_NAMES):
    S_UNIT[_u] = RESULTS.seat(_nm + "_end")
    RESULTS.seat(_nm + "_peak")
    if _u != 1:
        RESULTS.seat(_nm + "_built")
        RESULTS.seat(_nm + "_lost")
S_BLDG = RESULTS.seat_block(BUILDING_NAMES[0], ("end", "peak", "built", "lost"))
for _nm in BUILDING_NAMES[1:]:
    RESULTS.seat_block(_nm, ("end", "peak", "built", "lost"))
# round of each hero and wonder purchase (NaN: not held by the seat, 0: held from the set-up)
S_ROUND = RESULTS.seat_block("round", tuple(HEROES) + tuple(WONDERS), float)
S_CARDS = RESULTS.seat("cards_received")
for _nm in _CARDS[1:]:
    RESULTS.seat(_nm)
S_FIRST_GOD = RESULTS.seat("first_god", doc="FIRST_GOD code")
S_ATHENA_ROLES = RESULTS.seat("athena_roles")
S_HIGH_PRIEST_BAND = RESULTS.seat("high_priest_band", doc="HIGH_PRIEST_BANDS code")
S_LEGIONS_END, S_CREATURES_END, S_FORTRESSES_END, S_TRIREMES_END = (S_UNIT[u] for u in range(4))

R_FLOW, S_FLOW = flow.declare(RESULTS)                 # the flow columns (sim/flow.py, docs/FLOW.md)
# where the seat stands on the map at the end (reports/board.py): bit v = province v carries its
# influence marker (41 provinces, exact in float64); metric=False keeps it out of the metric tables
S_LOC_PROVINCES = RESULTS.seat("loc_provinces_w0", float, doc="provinces marked by the seat at the end", metric=False)

GAME_METRICS = RESULTS.game_metrics
SEAT_METRICS = RESULTS.seat_metrics
FLOW = flow.FlowSpec(turn="a build turn (the `turns` counter)",
                     key="heroes and wonders held, provinces breaking ties (the `score` column, §7)",
                     points="heroes and wonders held", game_start=R_FLOW, seat_start=S_FLOW,
                     module=__name__)
SEAT_COLS = tuple(RESULTS.seat_cols.names())
GAME_COLS = tuple(RESULTS.game_cols.names())
# the context: the parameter vector, then its CRC-32 (engine.make_ctx)
CTX_PARAMS_HASH = len(PARAMS)


@njit(cache=True)
def record(st, ctx, game_row, seat_rows):
    """Write the result row of the finished game in st: game_row[R_*], seat_rows[seat, S_*]
    (float64; packed with each column's dtype by RESULTS.pack). Updates the unit and building
    peaks with the final position first (§11: peak at a round end or the game end)."""
    S = st
    P = ctx
    n = S[H_NP]
    score = np.zeros(n)
    win = np.zeros(n)
    rank = np.zeros(n)
    R.final_scores(S, P, score, win, rank)
    for o in range(n):
        row = seat_rows[o]
        m = METRICS + o * NM
        row[S_SCORE] = score[o]
        row[S_WIN] = win[o]
        row[S_RANK] = rank[o]
        row[S_CIV] = S[CIV_OF + o]
        row[S_HEROES_WONDERS] = R.hw_count(S, P, o)
        row[S_PROVINCES] = R.provinces_of(S, o)
        row[S_PYRAMIDS] = 1.0 if S[WONDER + 6] == o + 1 else 0.0
        for r in range(4):
            row[S_ROLE_ROUNDS + r] = S[m + M_ROLE_ROUNDS + r]
        row[S_BATTLES] = S[m + M_BATTLES]
        row[S_BATTLES_WON] = S[m + M_BATTLES_WON]
        row[S_PILLAGES] = S[m + M_PILLAGES]
        row[S_TAKEOVERS] = S[m + M_TAKEOVERS]
        row[S_GODS_TAKEN] = S[m + M_GODS_TAKEN]
        row[S_CREATURES_BUILT] = S[m + M_CREAT_BUILT]
        row[S_CREATURES_LOST] = S[m + M_CREAT_LOST]
        row[S_RANGED_ATTACKS] = S[m + M_RANGED]
        row[S_CARDS_INCOME] = S[m + M_CARDS_INCOME]
        row[S_CARDS_EXCHANGE] = S[m + M_CARDS_EXCHANGE]
        row[S_BUILDINGS_BUILT] = S[m + M_BUILT_BUILDINGS]
        row[S_UNITS_BUILT] = S[m + M_BUILT_UNITS]
        row[S_UNITS_LOST] = S[m + M_LOST_UNITS]
        row[S_BUILDINGS_LOST] = S[m + M_LOST_BUILDINGS]
        row[S_PROVINCES_PEAK] = max(S[m + M_PROV_PEAK], R.provinces_of(S, o))
        row[S_LAST_HW_ROUND] = S[m + M_HW_ROUND]
        row[S_INFLUENCE_BOUGHT] = S[m + M_INFL_BOUGHT]
        for h in range(33):
            row[S_HERO + h] = 1.0 if S[HERO + h] == o + 1 else 0.0
        for w in range(7):
            row[S_WONDER + w] = 1.0 if S[WONDER + w] == o + 1 else 0.0
        for j in range(8):
            row[S_GOD + j] = 1.0 if (S[m + M_GOD_MASK] >> j) & 1 else 0.0
        c = S[CIV_OF + o]
        for k in range(6):
            row[S_CREATURE + k] = 1.0 if (k == c and S[m + M_CREAT_BUILT] > 0) else 0.0
        R.update_peaks(S, o)
        row[S_ROLES_BY_ROUND] = float(S[m + M_ROLE_HIST]) + float(S[m + M_ROLE_HIST + 1]) * 268435456.0  # 2**28
        last = 0
        for r in range(4):
            if S[ROLE + r] == o:
                last |= 1 << r
        row[S_ROLES_LAST] = last
        j = S_LEGIONS_END
        for u in range(4):
            row[j] = R.units_on_board(S, o, u)
            row[j + 1] = S[m + M_UNIT_PEAK + u]
            j += 2
            if u != 1:
                row[j] = S[m + M_UNIT_BUILT + u]
                row[j + 1] = S[m + M_UNIT_LOST + u]
                j += 2
        for b in range(4):
            row[S_BLDG + 4 * b] = R.buildings_held(S, o, b)
            row[S_BLDG + 4 * b + 1] = S[m + M_BLDG_PEAK + b]
            row[S_BLDG + 4 * b + 2] = S[m + M_BLDG_BUILT + b]
            row[S_BLDG + 4 * b + 3] = S[m + M_BLDG_LOST + b]
        for h in range(33):
            row[S_ROUND + h] = S[ACQ_ROUND + h] if S[HERO + h] == o + 1 else np.nan
        for w in range(7):
            row[S_ROUND + 33 + w] = S[ACQ_ROUND + 33 + w] if S[WONDER + w] == o + 1 else np.nan
        for k in range(11):
            row[S_CARDS + k] = S[m + M_CARDS_RECEIVED + k]
        first = S[m + M_FIRST_GOD]
        row[S_FIRST_GOD] = first - 1 if first > 0 else NO_GOD
        row[S_ATHENA_ROLES] = S[m + M_ATHENA_ROLES]
        row[S_HIGH_PRIEST_BAND] = _HP_BAND_OF[min(S[m + M_ROLE_ROUNDS + 3], 10)]
        held = np.int64(0)
        for v in range(NP):
            if S[INFL + v] == o + 1:
                held |= np.int64(1) << v
        row[S_LOC_PROVINCES] = float(held)
    game_row[R_TURNS] = S[H_NTURNS]
    game_row[R_ROUNDS] = S[H_ROUND]
    game_row[R_UNFINISHED] = 1.0 if S[H_VPATH] == R.VP_UNFINISHED else 0.0
    game_row[R_VICTORY_PATH] = S[H_VPATH]
    game_row[R_WINNER] = S[H_WINNER]
    game_row[R_WINNER_CIV] = S[CIV_OF + S[H_WINNER]] if S[H_WINNER] >= 0 else -1
    game_row[R_ACTIONS] = S[H_NACT]
    nm = 0
    for o in range(n, 6):
        nm |= 1 << S[CIV_OF + o]
    game_row[R_NEUTRAL_MASK] = nm
    vp = S[H_VPATH]
    game_row[R_WIN_PATH_CIV] = S[CIV_OF + S[H_WINNER]] * 3 + vp if (S[H_WINNER] >= 0 and vp < 3) else 18
    game_row[R_PARAMS_HASH] = ctx[CTX_PARAMS_HASH]


@njit(cache=True)
def flow_turn(st, ctx):
    """The flow turn: build turns started (a turn ends when the next build turn begins)."""
    return st[H_NTURNS]


@njit(cache=True)
def flow_scores(st, ctx, key, points):
    """Heroes and wonders of each seat now, provinces breaking ties (the final `score`, §7)."""
    for o in range(st[H_NP]):
        hw = R.hw_count(st, ctx, o)
        key[o] = 100.0 * hw + R.provinces_of(st, o)
        points[o] = hw
