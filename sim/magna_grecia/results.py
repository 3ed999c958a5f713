"""The result columns of a Magna Grecia game (declared once, sim/layout.py) and `record`, which
writes a finished game's row (engine contract). Game columns are `R_*`, seat columns `Q_*` (the
state already uses `S_*`)."""
import numpy as np
from numba import njit

from sim import flow
from sim.layout import Results
from sim.magna_grecia import params as P
from sim.magna_grecia.rules.scoring import score_parts, rank_players
from sim.magna_grecia.state import S_STAGE, ST_OVER, S_POINTS, S_N_ORACLES, S_ORACLE_LIST, H_OCTRL
from sim.magna_grecia.board import N as N_HEXES
from sim.magna_grecia.state import H_CITY, K_HEX, S_NEXT_MARKET, K_OWNER
from sim.magna_grecia.state import (
    S_NP, S_COLOUR, S_STOCK_ROAD, S_STOCK_CITY, S_TURNS, S_NEXT_CITY, C_ALIVE, C_OWNER,
    M_CITIES_FOUNDED, M_CITY_TILES, M_ROAD_TILES, M_DRAWN, M_MARKETS_BUILT, M_FOUNDING_MARKETS,
    M_MARKETS_SOLD, M_SOLD_POINTS, M_MARKETS_REMOVED, M_TAKEOVERS, M_MERGES, M_SPENT, M_PASSES,
    M_DOUBLE,
)

RESULTS = Results("Magna Grecia")
R_TURNS = RESULTS.game("turns", doc="player-turns played")
R_TIE = RESULTS.game("tie", float, doc="two or more seats share the top score")
R_TIE_BREAK_USED = RESULTS.game("tie_break_used", float, doc="the stock tie-break separated a top tie")

Q_SCORE = RESULTS.seat("score")
Q_WIN = RESULTS.seat("win", float, doc="win share, ties split")
Q_RANK = RESULTS.seat("rank", doc="1 = best")
Q_TRACK = RESULTS.seat("track_points")                 # the score parts of scoring.score_parts
Q_MARKET = RESULTS.seat("market_points")
Q_ORACLE_SCORED = RESULTS.seat("oracle_points_scored")
Q_ORACLES = RESULTS.seat("oracles", doc="oracles controlled at the end")
Q_CITIES_FOUNDED = RESULTS.seat("cities_founded")
Q_CITIES_END = RESULTS.seat("cities_end")
Q_CITY_TILES = RESULTS.seat("city_tiles_placed")
Q_ROAD_TILES = RESULTS.seat("road_tiles_placed")
Q_DRAWN = RESULTS.seat("tiles_drawn")
Q_STOCK_END = RESULTS.seat("stock_tiles_end")
Q_MARKETS_BUILT = RESULTS.seat("markets_built")
Q_FOUNDING_MARKETS = RESULTS.seat("founding_markets")
Q_MARKETS_SOLD = RESULTS.seat("markets_sold")
Q_SOLD_POINTS = RESULTS.seat("sold_points")
Q_MARKETS_REMOVED = RESULTS.seat("markets_removed")
Q_ACTIVE_END = RESULTS.seat("active_markets_end")
Q_TAKEOVERS = RESULTS.seat("oracle_takeovers")
Q_MERGES = RESULTS.seat("merges")
Q_SPENT = RESULTS.seat("points_spent")
Q_PASSES = RESULTS.seat("passes")
Q_DOUBLE = RESULTS.seat("double_turns")
Q_COLOUR = RESULTS.seat("colour", doc="0..3 = R, Y, G, B")
R_FLOW, S_FLOW = flow.declare(RESULTS)                 # the flow columns (sim/flow.py, docs/FLOW.md)
# where things stand on the board (reports/board.py): hex sets as LOC_BITS-bit words (exact in
# float64), metric=False so the metric tables leave them out; hex h is bit h % LOC_BITS of word h // LOC_BITS
LOC_BITS = 50
LOC_WORDS = (N_HEXES + LOC_BITS - 1) // LOC_BITS
Q_LOC_CITY = RESULTS.seat("loc_city_w0", float, doc="hexes with the seat's city tiles at the end", metric=False)
for _w in range(1, LOC_WORDS):
    RESULTS.seat(f"loc_city_w{_w}", float, metric=False)
Q_LOC_MARKET = RESULTS.seat("loc_market_w0", float, doc="hexes where the seat built markets", metric=False)
for _w in range(1, LOC_WORDS):
    RESULTS.seat(f"loc_market_w{_w}", float, metric=False)
Q_LOC_ORACLE = RESULTS.seat("loc_oracle_w0", float, doc="oracle hexes the seat controls at the end", metric=False)
for _w in range(1, LOC_WORDS):
    RESULTS.seat(f"loc_oracle_w{_w}", float, metric=False)
R_LOC_ORACLES = RESULTS.game("loc_oracles_w0", float, doc="hexes with an oracle", metric=False)
for _w in range(1, LOC_WORDS):
    RESULTS.game(f"loc_oracles_w{_w}", float, metric=False)
N_GAME, N_SEAT = RESULTS.n_game, RESULTS.n_seat
FLOW = flow.FlowSpec(turn="a player-turn (the `turns` counter)",
                     key="track points plus the oracle points of the oracles controlled now during play, "
                         "the final score (§5: with unsold active markets) at the end",
                     points="the same points", game_start=R_FLOW, seat_start=S_FLOW,
                     module=__name__)


@njit(cache=True)
def flow_turn(st, ctx):
    """The flow turn: player-turns ended."""
    return st[S_TURNS]


@njit(cache=True)
def flow_scores(st, ctx, key, points):
    """Each seat's standing: during play its track points plus the points of the oracles its
    cities control now (§5); once the game is over its final score (scoring.score_parts). Unsold
    markets are valued only at the end: tracing their connections after every turn would cost
    more than the 10% of a game the flow statistics may take (bench/flow_cost.py)."""
    n = st[S_NP]
    if st[S_STAGE] == ST_OVER:
        parts = np.zeros((4, 6), dtype=np.int64)
        score_parts(st, ctx, parts)
        for s in range(n):
            key[s] = parts[s, 5]
    else:
        op = int(ctx[P.P_ORACLE_POINTS])
        for s in range(n):
            key[s] = st[S_POINTS + s]
        for i in range(st[S_N_ORACLES]):
            c = st[H_OCTRL + st[S_ORACLE_LIST + i]]
            if c >= 0:
                key[st[C_OWNER + c]] += op
    for s in range(n):
        points[s] = key[s]


@njit(cache=True)
def final_result(st, params, parts, score, stock, rank, win):
    """Score parts (scoring.score_parts), scores, stocks, ranks and win shares of a finished
    game; returns (tie, tie_break_used)."""
    np_ = st[S_NP]
    score_parts(st, params, parts)
    for s in range(np_):
        score[s] = parts[s, 5]
        stock[s] = st[S_STOCK_ROAD + s] + st[S_STOCK_CITY + s]
    return rank_players(score, stock, np_, int(params[P.P_TIE_BREAK]) == 0, rank, win)


@njit(cache=True)
def record(st, ctx, game_row, seat_rows):
    """The result row of a finished game: game_row[R_*], seat_rows[q, Q_*]."""
    np_ = st[S_NP]
    parts = np.zeros((4, 6), dtype=np.int64)
    score = np.zeros(np_, dtype=np.int64)
    stock = np.zeros(np_, dtype=np.int64)
    rank = np.zeros(np_, dtype=np.int64)
    win = np.zeros(np_, dtype=np.float64)
    tie, used = final_result(st, ctx, parts, score, stock, rank, win)
    cities_end = np.zeros(4, dtype=np.int64)
    for c in range(st[S_NEXT_CITY]):
        if st[C_ALIVE + c] == 1:
            cities_end[st[C_OWNER + c]] += 1
    for s in range(np_):
        row = seat_rows[s]
        row[Q_SCORE] = score[s]
        row[Q_WIN] = win[s]
        row[Q_RANK] = rank[s]
        row[Q_TRACK] = parts[s, 0]
        row[Q_MARKET] = parts[s, 1]
        row[Q_ORACLE_SCORED] = parts[s, 2]
        row[Q_ORACLES] = parts[s, 3]
        row[Q_CITIES_FOUNDED] = st[M_CITIES_FOUNDED + s]
        row[Q_CITIES_END] = cities_end[s]
        row[Q_CITY_TILES] = st[M_CITY_TILES + s]
        row[Q_ROAD_TILES] = st[M_ROAD_TILES + s]
        row[Q_DRAWN] = st[M_DRAWN + s]
        row[Q_STOCK_END] = stock[s]
        row[Q_MARKETS_BUILT] = st[M_MARKETS_BUILT + s]
        row[Q_FOUNDING_MARKETS] = st[M_FOUNDING_MARKETS + s]
        row[Q_MARKETS_SOLD] = st[M_MARKETS_SOLD + s]
        row[Q_SOLD_POINTS] = st[M_SOLD_POINTS + s]
        row[Q_MARKETS_REMOVED] = st[M_MARKETS_REMOVED + s]
        row[Q_ACTIVE_END] = parts[s, 4]
        row[Q_TAKEOVERS] = st[M_TAKEOVERS + s]
        row[Q_MERGES] = st[M_MERGES + s]
        row[Q_SPENT] = st[M_SPENT + s]
        row[Q_PASSES] = st[M_PASSES + s]
        row[Q_DOUBLE] = st[M_DOUBLE + s]
        row[Q_COLOUR] = st[S_COLOUR + s]
    game_row[R_TURNS] = st[S_TURNS]
    game_row[R_TIE] = 1.0 if tie else 0.0
    game_row[R_TIE_BREAK_USED] = 1.0 if used else 0.0
    record_locations(st, game_row, seat_rows)


@njit(cache=True)
def _mark(row, first, h):
    """Set hex h in the LOC_BITS-bit words row[first:first + LOC_WORDS]."""
    j = first + h // LOC_BITS
    row[j] = float(np.int64(row[j]) | (np.int64(1) << (h % LOC_BITS)))


@njit(cache=True)
def record_locations(st, game_row, seat_rows):
    """The loc_* columns: city tiles and controlled oracles at the end, every market built, the
    oracle hexes. Reads the state only."""
    for h in range(N_HEXES):
        c = st[H_CITY + h]
        if c >= 0 and st[C_ALIVE + c] == 1:
            _mark(seat_rows[st[C_OWNER + c]], Q_LOC_CITY, h)
    for m in range(st[S_NEXT_MARKET]):
        _mark(seat_rows[st[K_OWNER + m]], Q_LOC_MARKET, st[K_HEX + m])
    for i in range(st[S_N_ORACLES]):
        h = st[S_ORACLE_LIST + i]
        _mark(game_row, R_LOC_ORACLES, h)
        c = st[H_OCTRL + h]
        if c >= 0:
            _mark(seat_rows[st[C_OWNER + c]], Q_LOC_ORACLE, h)
