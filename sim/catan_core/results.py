"""Result columns of both games built on the Catan core, declared once with sim/layout.py
(`RESULTS_CATAN`, `RESULTS_TROJA`), each game's `record` (the contract's, docs/ENGINES.md), and
the helpers they share: win shares, ranks, VP parts.

Both records live here, next to the helpers they share; sim/catan/engine.py and
sim/troja/engine.py expose each as `RESULTS` and `record`, which each game's playout loop binds
(sim/loop.py).
"""
import numpy as np
from numba import njit

from sim import flow
from sim.layout import Results
from sim.catan_core.layout import *  # noqa: F401,F403
from sim.catan_core.rules import vp, vp_ships, track_bonus, row_total
from sim.catan_core.board import T_N, T_S, T_NODE_HEX

RESULTS_CATAN = Results("catan")
CG_TURNS = RESULTS_CATAN.game("turns")
CG_TURNS_PEER = RESULTS_CATAN.game("turns_peer", float)
CG_ACTIONS = RESULTS_CATAN.game("actions", float)
CG_TRUNCATED = RESULTS_CATAN.game("truncated", float)
CG_SEVENS = RESULTS_CATAN.game("sevens", float)
CG_LONGEST_ROAD_HELD = RESULTS_CATAN.game("longest_road_held", float)
CG_LARGEST_ARMY_HELD = RESULTS_CATAN.game("largest_army_held", float)
CG_DEV_CARDS_LEFT = RESULTS_CATAN.game("dev_cards_left", float)
CS_SCORE = RESULTS_CATAN.seat("score", float)
CS_WIN = RESULTS_CATAN.seat("win", float)
CS_RANK = RESULTS_CATAN.seat("rank")
CS_VP_SETTLEMENTS = RESULTS_CATAN.seat("vp_settlements", float)
CS_VP_CITIES = RESULTS_CATAN.seat("vp_cities", float)
CS_VP_LONGEST_ROAD = RESULTS_CATAN.seat("vp_longest_road", float)
CS_VP_LARGEST_ARMY = RESULTS_CATAN.seat("vp_largest_army", float)
CS_VP_DEV_CARDS = RESULTS_CATAN.seat("vp_dev_cards", float)
CS_SETTLEMENTS = RESULTS_CATAN.seat("settlements", float)
CS_CITIES = RESULTS_CATAN.seat("cities", float)
CS_ROADS = RESULTS_CATAN.seat("roads", float)
CS_LONGEST_ROAD = RESULTS_CATAN.seat("longest_road", float)
CS_KNIGHTS = RESULTS_CATAN.seat("knights", float)
CS_DEV_BOUGHT = RESULTS_CATAN.seat("dev_bought", float)
CS_PLAYED_KNIGHT = RESULTS_CATAN.seat("played_knight", float)
CS_PLAYED_ROAD_BUILDING = RESULTS_CATAN.seat("played_road_building", float)
CS_PLAYED_YEAR_OF_PLENTY = RESULTS_CATAN.seat("played_year_of_plenty", float)
CS_PLAYED_MONOPOLY = RESULTS_CATAN.seat("played_monopoly", float)
CS_CARDS_STOLEN = RESULTS_CATAN.seat("cards_stolen", float)
CS_CARDS_LOST = RESULTS_CATAN.seat("cards_lost", float)
CS_DISCARDED = RESULTS_CATAN.seat("discarded", float)
CS_HAND_CARDS = RESULTS_CATAN.seat("hand_cards", float)
CR_FLOW, CS_FLOW = flow.declare(RESULTS_CATAN)          # the flow columns (sim/flow.py, docs/FLOW.md)


def declare_locations(results, troja):
    """The loc_* columns (reports/board.py; metric=False keeps them out of the metric tables):
    per seat the nodes of its first and second set-up settlement (and, troja, the sea hex of each
    ship disc, -1 none); per game the robber's (and corsair's) hex at the end and each land hex's
    production capacity at the end (pips of its number x buildings on its corners, a city 2)."""
    first = results.seat("loc_settle1", float, doc="node of the first set-up settlement", metric=False)
    results.seat("loc_settle2", float, doc="node of the second set-up settlement", metric=False)
    robber = results.game("loc_robber", float, doc="robber hex at the end (-1 none)", metric=False)
    if troja:
        results.game("loc_corsair", float, doc="corsair sea hex at the end (-1 none)", metric=False)
    prod = results.game("loc_prod_h0", float, doc="pips x buildings of land hex 0 at the end", metric=False)
    for h in range(1, HMAX):
        results.game(f"loc_prod_h{h}", float, metric=False)
    ship = -1
    if troja:
        ship = results.seat("loc_ship_d1", float, doc="sea hex of the seat's disc-1 ship (-1 none)", metric=False)
        for k in range(2, SHIP_DISCS + 1):
            results.seat(f"loc_ship_d{k}", float, metric=False)
    return first, robber, prod, ship


SHIP_DISCS = 7
CS_LOC_SETTLE, CG_LOC_ROBBER, CG_LOC_PROD, _ = declare_locations(RESULTS_CATAN, False)

RESULTS_TROJA = Results("troja")
TG_TURNS = RESULTS_TROJA.game("turns")
TG_ACTIONS = RESULTS_TROJA.game("actions", float)
TG_END_PATH = RESULTS_TROJA.game("end_path", float)
TG_END_RACE = RESULTS_TROJA.game("end_race", float)
TG_END_TRACK_TROY = RESULTS_TROJA.game("end_track_troy", float)
TG_END_TRACK_MYCENAE = RESULTS_TROJA.game("end_track_mycenae", float)
TG_TRUNCATED = RESULTS_TROJA.game("truncated", float)
TG_BATTLES = RESULTS_TROJA.game("battles", float)
TG_BATTLES_TROY = RESULTS_TROJA.game("battles_troy", float)
TG_BATTLES_MYCENAE = RESULTS_TROJA.game("battles_mycenae", float)
TG_BATTLES_DRAW = RESULTS_TROJA.game("battles_draw", float)
TG_WINS_TROY = RESULTS_TROJA.game("wins_troy", float)
TG_WINS_MYCENAE = RESULTS_TROJA.game("wins_mycenae", float)
TG_ROW_SIZE = RESULTS_TROJA.game("row_size", float)
TG_WINNER_ON_WINNING_SIDE = RESULTS_TROJA.game("winner_on_winning_side", float)
TG_SEVENS = RESULTS_TROJA.game("sevens", float)
TG_WINNER_SIDE = RESULTS_TROJA.game("winner_side", float)
TG_WAR_LEADER = RESULTS_TROJA.game("war_leader", float)
# battle tables (troja.md §9): outcome of battle k, 0 none, 1 Troy, 2 Mycenae, 3 draw
TG_BATTLE_1 = RESULTS_TROJA.game("battle_1", float)
for _k in range(1, BATTLE_LOG_N):
    RESULTS_TROJA.game(f"battle_{_k + 1}", float)
TS_SCORE = RESULTS_TROJA.seat("score", float)
TS_WIN = RESULTS_TROJA.seat("win", float)
TS_RANK = RESULTS_TROJA.seat("rank")
TS_ALLEGIANCE = RESULTS_TROJA.seat("allegiance", float)
TS_VP_SETTLEMENTS = RESULTS_TROJA.seat("vp_settlements", float)
TS_VP_CITIES = RESULTS_TROJA.seat("vp_cities", float)
TS_VP_LONGEST_ROAD = RESULTS_TROJA.seat("vp_longest_road", float)
TS_VP_SHIPS = RESULTS_TROJA.seat("vp_ships", float)
TS_VP_BONUS = RESULTS_TROJA.seat("vp_bonus", float)
TS_SETTLEMENTS = RESULTS_TROJA.seat("settlements", float)
TS_CITIES = RESULTS_TROJA.seat("cities", float)
TS_ROADS = RESULTS_TROJA.seat("roads", float)
TS_LONGEST_ROAD = RESULTS_TROJA.seat("longest_road", float)
TS_SHIPS = RESULTS_TROJA.seat("ships", float)
TS_SHIPS_PORT3 = RESULTS_TROJA.seat("ships_port3", float)
TS_SHIPS_VP = RESULTS_TROJA.seat("ships_vp", float)
TS_SHIPS_SWAP = RESULTS_TROJA.seat("ships_swap", float)
TS_SHIPS_TILE2 = RESULTS_TROJA.seat("ships_tile2", float)
TS_SHIPS_TAKE = RESULTS_TROJA.seat("ships_take", float)
TS_TOKENS_EARNED = RESULTS_TROJA.seat("tokens_earned", float)
TS_TOKENS_SPENT = RESULTS_TROJA.seat("tokens_spent", float)
TS_TOKENS_LEFT = RESULTS_TROJA.seat("tokens_left", float)
TS_DONATIONS = RESULTS_TROJA.seat("donations", float)
TS_DONATED_LUMBER = RESULTS_TROJA.seat("donated_lumber", float)
TS_DONATED_BRICK = RESULTS_TROJA.seat("donated_brick", float)
TS_DONATED_WOOL = RESULTS_TROJA.seat("donated_wool", float)
TS_DONATED_GRAIN = RESULTS_TROJA.seat("donated_grain", float)
TS_DONATED_ORE = RESULTS_TROJA.seat("donated_ore", float)
TS_SWAPS = RESULTS_TROJA.seat("swaps", float)
TS_TAKES = RESULTS_TROJA.seat("takes", float)
TS_CARDS_STOLEN = RESULTS_TROJA.seat("cards_stolen", float)
TS_CARDS_LOST = RESULTS_TROJA.seat("cards_lost", float)
TS_DISCARDED = RESULTS_TROJA.seat("discarded", float)
TS_CORSAIR_BLOCKED = RESULTS_TROJA.seat("corsair_blocked", float)
TS_HAND_CARDS = RESULTS_TROJA.seat("hand_cards", float)
TS_WAR_WON = RESULTS_TROJA.seat("war_won", float)
TS_WAR_LOST = RESULTS_TROJA.seat("war_lost", float)
TR_FLOW, TS_FLOW = flow.declare(RESULTS_TROJA)
TS_LOC_SETTLE, TG_LOC_ROBBER, TG_LOC_PROD, TS_LOC_SHIP = declare_locations(RESULTS_TROJA, True)

# game flow (docs/FLOW.md): both games count a player-turn and rank seats by victory points now
_FLOW_TURN = "a player-turn (the `turns` counter, troja.md §1.2)"
_FLOW_POINTS = "the same victory points"
FLOW_CATAN = flow.FlowSpec(turn=_FLOW_TURN,
                           key="victory points now, hidden victory point cards included (the `score` the seat "
                               "would have if the game ended now: buildings, Longest Road, Largest Army, VP cards)",
                           points=_FLOW_POINTS, game_start=CR_FLOW, seat_start=CS_FLOW, module=__name__)
FLOW_TROJA = flow.FlowSpec(turn=_FLOW_TURN,
                           key="victory points now (the `score` the seat would have if the game ended now: "
                               "buildings, Longest Road, ships, war-track bonus)",
                           points=_FLOW_POINTS, game_start=TR_FLOW, seat_start=TS_FLOW, module=__name__)


@njit(cache=True, inline="always")
def flow_turn(st, ctx):
    """The flow turn: player-turns begun (0 during the set-up)."""
    return st[S_TURN]


@njit(cache=True, inline="always")
def flow_scores(st, ctx, key, points):
    """Each seat's victory points now (rules.vp, what `score` records at the end), as rank key
    and as points. Inlined into the loop: called once per player-turn (about 330 in a random
    4-player Catan game), where a call passing three arrays cost more than the points."""
    cfg = ctx[1]
    for q in range(st[S_P]):
        v = vp(st, cfg, q)
        key[q] = v
        points[q] = v


@njit(cache=True)
def win_rank(st, cfg, p_count, win_row, rank_row, score_row):
    """Fill win share (ties split), rank (1 = best: winners first, then VP, troja then tokens)."""
    m = st[S_WIN_MASK]
    k = 0
    for q in range(p_count):
        if (m >> q) & 1:
            k += 1
    key = np.zeros(p_count, dtype=np.float64)
    troja = st[S_GAME] == GAME_TROJA
    for q in range(p_count):
        v = vp(st, cfg, q)
        score_row[q] = v
        w = 1.0 if (m >> q) & 1 else 0.0
        win_row[q] = w / k if k > 0 else 0.0
        key[q] = w * 1e9 + v * 1e4 + (st[S_PLAYERS + q * PS + P_TOKENS] if troja else 0)
    for q in range(p_count):
        r = 1
        for o in range(p_count):
            if key[o] > key[q]:
                r += 1
        rank_row[q] = r


@njit(cache=True)
def vp_parts(st, cfg, q):
    """(settlements, cities, longest road, largest army, dev VP, ship VP, bonus) VP of q."""
    b = S_PLAYERS + q * PS
    s = (cfg[C_MAX_SETTLES] - st[b + P_SETTLES_LEFT]) * cfg[C_VP_SETTLE]
    c = (cfg[C_MAX_CITIES] - st[b + P_CITIES_LEFT]) * cfg[C_VP_CITY]
    lr = cfg[C_LR_VP] if st[S_LR_HOLDER] == q else 0
    la = 0
    dv = 0
    sh = 0
    bo = 0
    if st[S_GAME] == GAME_CATAN:
        la = cfg[C_LA_VP] if st[S_LA_HOLDER] == q else 0
        dv = st[b + P_DEV + DEV_VP]
    else:
        sh = vp_ships(st, cfg, q)
        bo = track_bonus(st, cfg, q)
    return s, c, lr, la, dv, sh, bo


@njit(cache=True)
def seat_results(st, cfg, seat_rows, c_score, c_win, c_rank):
    """Score, win share and rank of every seat into seat_rows[q, c_*]."""
    P = st[S_P]
    score = np.zeros(P)
    win = np.zeros(P)
    rank = np.zeros(P, dtype=np.int64)
    win_rank(st, cfg, P, win, rank, score)
    for q in range(P):
        seat_rows[q, c_score] = score[q]
        seat_rows[q, c_win] = win[q]
        seat_rows[q, c_rank] = rank[q]


@njit(cache=True)
def hand_cards(st, b):
    return st[b + P_HAND] + st[b + P_HAND + 1] + st[b + P_HAND + 2] + st[b + P_HAND + 3] + st[b + P_HAND + 4]


@njit(cache=True, inline="always")
def pieces(st, cfg, b, row, c_settlements, c_cities, c_roads, c_longest_road):
    """Pieces on the board and road length of the seat at player block b (both games)."""
    row[c_settlements] = cfg[C_MAX_SETTLES] - st[b + P_SETTLES_LEFT]
    row[c_cities] = cfg[C_MAX_CITIES] - st[b + P_CITIES_LEFT]
    row[c_roads] = cfg[C_MAX_ROADS] - st[b + P_ROADS_LEFT]
    row[c_longest_road] = st[b + P_ROAD_LEN]


@njit(cache=True, inline="always")
def card_losses(st, b, row, c_stolen, c_lost, c_discarded):
    """Cards the seat at player block b stole, lost to thieves and discarded (both games)."""
    row[c_stolen] = st[b + P_STOLEN]
    row[c_lost] = st[b + P_LOST]
    row[c_discarded] = st[b + P_DISCARDED]


@njit(cache=True)
def topo_sea_count(topo):
    return topo[T_S]


@njit(cache=True)
def record_locations(st, topo, game_row, seat_rows, c_settle, c_robber, c_prod):
    """The loc_* columns both games share (declare_locations). Reads the state only."""
    for q in range(st[S_P]):
        seat_rows[q, c_settle] = st[S_SETUP_NODES + 2 * q]
        seat_rows[q, c_settle + 1] = st[S_SETUP_NODES + 2 * q + 1]
    game_row[c_robber] = st[S_ROBBER]
    for h in range(HMAX):
        game_row[c_prod + h] = 0.0
    for v in range(topo[T_N]):
        lv = st[S_NODE_LEVEL + v]
        if st[S_NODE_OWNER + v] < 0 or lv <= 0:
            continue
        for k in range(3):
            h = topo[T_NODE_HEX + 3 * v + k]
            if h >= 0:
                num = st[S_NUMBER + h]
                if 2 <= num <= 12 and num != 7:
                    game_row[c_prod + h] += lv * (6 - abs(7 - num))


@njit(cache=True)
def record_catan(st, ctx, game_row, seat_rows):
    """One finished catan game's row (RESULTS_CATAN)."""
    cfg = ctx[1]
    P = st[S_P]
    game_row[CG_TURNS] = st[S_TURN]
    game_row[CG_TURNS_PEER] = (st[S_TURN] - 1) + 2 * (P - 1)
    game_row[CG_ACTIONS] = st[S_ACTIONS]
    game_row[CG_TRUNCATED] = 1.0 if st[S_END_PATH] == END_TRUNCATED else 0.0
    game_row[CG_SEVENS] = st[S_SEVENS]
    game_row[CG_LONGEST_ROAD_HELD] = 1.0 if st[S_LR_HOLDER] >= 0 else 0.0
    game_row[CG_LARGEST_ARMY_HELD] = 1.0 if st[S_LA_HOLDER] >= 0 else 0.0
    game_row[CG_DEV_CARDS_LEFT] = st[S_DECK_N] - st[S_DECK_POS]
    seat_results(st, cfg, seat_rows, CS_SCORE, CS_WIN, CS_RANK)
    for q in range(P):
        b = S_PLAYERS + q * PS
        row = seat_rows[q]
        s, c, lr, la, dv, sh, bo = vp_parts(st, cfg, q)
        row[CS_VP_SETTLEMENTS] = s
        row[CS_VP_CITIES] = c
        row[CS_VP_LONGEST_ROAD] = lr
        row[CS_VP_LARGEST_ARMY] = la
        row[CS_VP_DEV_CARDS] = dv
        pieces(st, cfg, b, row, CS_SETTLEMENTS, CS_CITIES, CS_ROADS, CS_LONGEST_ROAD)
        row[CS_KNIGHTS] = st[b + P_KNIGHTS]
        row[CS_DEV_BOUGHT] = st[b + P_DEV_BOUGHT]
        row[CS_PLAYED_KNIGHT] = st[b + P_DEV_PLAYED_N + DEV_KNIGHT]
        row[CS_PLAYED_ROAD_BUILDING] = st[b + P_DEV_PLAYED_N + DEV_ROAD_BUILDING]
        row[CS_PLAYED_YEAR_OF_PLENTY] = st[b + P_DEV_PLAYED_N + DEV_YOP]
        row[CS_PLAYED_MONOPOLY] = st[b + P_DEV_PLAYED_N + DEV_MONOPOLY]
        card_losses(st, b, row, CS_CARDS_STOLEN, CS_CARDS_LOST, CS_DISCARDED)
        row[CS_HAND_CARDS] = hand_cards(st, b)
    record_locations(st, ctx[0], game_row, seat_rows, CS_LOC_SETTLE, CG_LOC_ROBBER, CG_LOC_PROD)


@njit(cache=True)
def record_troja(st, ctx, game_row, seat_rows):
    """One finished troja game's row (RESULTS_TROJA)."""
    cfg = ctx[1]
    P = st[S_P]
    ep = st[S_END_PATH]
    game_row[TG_TURNS] = st[S_TURN]
    game_row[TG_ACTIONS] = st[S_ACTIONS]
    game_row[TG_END_PATH] = ep
    game_row[TG_END_RACE] = 1.0 if ep == END_RACE else 0.0
    game_row[TG_END_TRACK_TROY] = 1.0 if ep == END_TRACK_TROY else 0.0
    game_row[TG_END_TRACK_MYCENAE] = 1.0 if ep == END_TRACK_MYCENAE else 0.0
    game_row[TG_TRUNCATED] = 1.0 if ep == END_TRUNCATED else 0.0
    game_row[TG_BATTLES] = st[S_BATTLES] + st[S_BATTLES + 1] + st[S_BATTLES + 2]
    game_row[TG_BATTLES_TROY] = st[S_BATTLES]
    game_row[TG_BATTLES_MYCENAE] = st[S_BATTLES + 1]
    game_row[TG_BATTLES_DRAW] = st[S_BATTLES + 2]
    game_row[TG_WINS_TROY] = st[S_TRACK]
    game_row[TG_WINS_MYCENAE] = st[S_TRACK + 1]
    game_row[TG_ROW_SIZE] = row_total(st)
    game_row[TG_SEVENS] = st[S_SEVENS]
    seat_results(st, cfg, seat_rows, TS_SCORE, TS_WIN, TS_RANK)
    # which side the winner(s) belong to: 1 Troy, 2 Mycenae, 3 winners on both sides, 0 nobody
    sides = 0
    for q in range(P):
        if seat_rows[q, TS_WIN] > 0:
            sides |= 1 << st[S_PLAYERS + q * PS + P_ALLEG]
    game_row[TG_WINNER_SIDE] = sides
    # the war at the end: 0 no battle fought, 1 Troy ahead, 2 Mycenae ahead, 3 level
    wt = st[S_TRACK]
    wm = st[S_TRACK + 1]
    fought = st[S_BATTLES] + st[S_BATTLES + 1] + st[S_BATTLES + 2]
    game_row[TG_WAR_LEADER] = 0 if fought == 0 else (1 if wt > wm else (2 if wm > wt else 3))
    for k in range(BATTLE_LOG_N):
        game_row[TG_BATTLE_1 + k] = st[S_BATTLE_LOG + k]
    if ep == END_TRACK_TROY or ep == END_TRACK_MYCENAE:
        side = SIDE_TROY if ep == END_TRACK_TROY else SIDE_MYCENAE
        x = 0.0
        for q in range(P):
            if st[S_PLAYERS + q * PS + P_ALLEG] == side:
                x += seat_rows[q, TS_WIN]
        game_row[TG_WINNER_ON_WINNING_SIDE] = x
    else:
        game_row[TG_WINNER_ON_WINNING_SIDE] = np.nan
    lead = 1 if wt > wm else (2 if wm > wt else 0)  # 1 Troy, 2 Mycenae ahead
    for q in range(P):
        b = S_PLAYERS + q * PS
        row = seat_rows[q]
        s, c, lr, la, dv, sh, bo = vp_parts(st, cfg, q)
        row[TS_ALLEGIANCE] = st[b + P_ALLEG]
        row[TS_VP_SETTLEMENTS] = s
        row[TS_VP_CITIES] = c
        row[TS_VP_LONGEST_ROAD] = lr
        row[TS_VP_SHIPS] = sh
        row[TS_VP_BONUS] = bo
        pieces(st, cfg, b, row, TS_SETTLEMENTS, TS_CITIES, TS_ROADS, TS_LONGEST_ROAD)
        row[TS_SHIPS] = st[b + P_SHIPS]
        for k in range(5):
            row[TS_SHIPS_PORT3 + k] = st[b + P_SHIP_BEN + 1 + k]
        row[TS_TOKENS_EARNED] = st[b + P_TOK_EARNED]
        row[TS_TOKENS_SPENT] = st[b + P_TOK_SPENT]
        row[TS_TOKENS_LEFT] = st[b + P_TOKENS]
        row[TS_DONATIONS] = st[b + P_DONATIONS]
        for r in range(5):
            row[TS_DONATED_LUMBER + r] = st[b + P_DONATED + r]
        row[TS_SWAPS] = st[b + P_SWAPS]
        row[TS_TAKES] = st[b + P_TAKES]
        card_losses(st, b, row, TS_CARDS_STOLEN, TS_CARDS_LOST, TS_DISCARDED)
        row[TS_CORSAIR_BLOCKED] = st[b + P_CORSAIR_BLOCKED]
        row[TS_HAND_CARDS] = hand_cards(st, b)
        own = st[b + P_ALLEG]
        row[TS_WAR_WON] = 1.0 if lead == own + 1 else 0.0
        row[TS_WAR_LOST] = 1.0 if lead != 0 and lead != own + 1 else 0.0
        for k in range(SHIP_DISCS):
            row[TS_LOC_SHIP + k] = -1.0
    for x in range(topo_sea_count(ctx[0])):
        q = st[S_SHIP_OWNER + x]
        if q >= 0 and st[S_SHIP_DISC + x] < SHIP_DISCS:
            seat_rows[q, TS_LOC_SHIP + st[S_SHIP_DISC + x]] = x
    record_locations(st, ctx[0], game_row, seat_rows, TS_LOC_SETTLE, TG_LOC_ROBBER, TG_LOC_PROD)
    game_row[TG_LOC_ROBBER + 1] = st[S_CORSAIR]
