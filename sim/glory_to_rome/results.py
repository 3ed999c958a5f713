"""The result columns of a Glory to Rome game (declared once, sim/layout.py) and `record`, which
writes a finished game's row (engine contract)."""
import numpy as np
from numba import njit

from sim import flow
from sim.layout import Results
from .board import NK, SNAKE_NAMES, ROLE_NAMES, MATERIAL_NAMES, END_TURN_CAP, VAL
from .params import P_MERCHANT_BONUS_VP
from .rules.cards import deck_left, sum6
from .rules.scoring import final_result, score_parts, merchant_bonus_owner, statue_points, wall_points
from .state import prm, O_INFL
from .state import (G_N, G_TURN, G_END, G_FL, G_SIN, G_NDEC, G_LAST, P0, PSZ, O_HN, O_HJ, O_CLI,
                    O_BST, O_STOLEN, O_VAULT, O_BTURN, O_M_LED, O_M_LTHINK, O_M_FOLLOW, O_M_THINK,
                    O_M_ACT)

RESULTS = Results("Glory to Rome")
R_TURNS = RESULTS.game("turns", doc="leader turns played")
R_END = RESULTS.game("end_condition", doc="board.END_*: 0 forum, 1 catacomb, 2 last_site, 3 deck, 4 turn_cap")
R_DECK_LEFT = RESULTS.game("deck_left")
R_SITES_LEFT = RESULTS.game("sites_left", doc="in-town sites left")
R_FIRST_LEADER = RESULTS.game("first_leader", doc="dealing seat of the first leader")
R_DECISIONS = RESULTS.game("decisions", doc="decisions taken, PASS-only ones included")
R_ENDED_BY = RESULTS.game("ended_by", doc="seat whose decision ended the game (-1: turn cap)")

S_SCORE = RESULTS.seat("score", float)
S_WIN = RESULTS.seat("win", float, doc="win share, ties split")
S_RANK = RESULTS.seat("rank", doc="1 = best")
S_INFLUENCE = RESULTS.seat("influence")           # the six score parts of scoring.score_parts, in order
S_VAULT_POINTS = RESULTS.seat("vault_points")
S_MERCHANT_BONUSES = RESULTS.seat("merchant_bonuses", doc="count")
S_BONUS_POINTS = RESULTS.seat("bonus_points", doc="Merchant Bonus VP")
S_STATUE_POINTS = RESULTS.seat("statue_points")
S_WALL_POINTS = RESULTS.seat("wall_points")
S_HAND_SIZE = RESULTS.seat("hand_size", doc="order cards and Jacks")
S_CLIENTS = RESULTS.seat("clients")
S_TURNS_LED = RESULTS.seat("turns_led")
S_LEADER_THINKS = RESULTS.seat("leader_thinks")
S_FOLLOWS = RESULTS.seat("follows")
S_THINKS = RESULTS.seat("thinks", doc="thinks instead of following")
S_FOUNDATIONS = RESULTS.seat("foundations", doc="unfinished buildings at the end")
S_BUILDINGS = RESULTS.seat("buildings", doc="completed buildings at the end (built or stolen)")
S_STOLEN = RESULTS.seat("stolen", doc="buildings obtained with a Prison")
S_CLIENTS_BY = RESULTS.seat_block("clients", [r.lower() for r in ROLE_NAMES])
S_ACTIONS_BY = RESULTS.seat_block("actions", [r.lower() for r in ROLE_NAMES], doc="actions used by role")
S_BUILT = RESULTS.seat_block("built", SNAKE_NAMES, doc="1 if the seat owns the building complete at the end")
S_VAULT_BY = RESULTS.seat_block("vault", [m.lower() for m in MATERIAL_NAMES])
S_BUILT_TURN = RESULTS.seat_block("built_turn", SNAKE_NAMES, doc="turn completed or stolen, -1 never")

R_FLOW, S_FLOW = flow.declare(RESULTS)                 # the flow columns (sim/flow.py, docs/FLOW.md)

GAME_METRICS = RESULTS.game_metrics
SEAT_METRICS = RESULTS.seat_metrics
FLOW = flow.FlowSpec(turn="a leader turn (the `turns` counter)",
                     key="victory points now: the score the seat would have if the game ended now "
                         "(influence, vault, Merchant Bonuses as held now, Statue, Wall; §6.2)",
                     points="the same victory points", game_start=R_FLOW, seat_start=S_FLOW,
                     module=__name__)


@njit(cache=True)
def flow_turn(st, ctx):
    """The flow turn: leader turns started (a turn ends when the next leader's begins)."""
    return st[G_TURN]


@njit(cache=True)
def flow_scores(st, ctx, key, points):
    """Each seat's victory points now, as rank key and as points: the total of scoring.score_parts
    (§6.2) for all seats at once, without allocating (it runs after every turn)."""
    n = st[G_N]
    for q in range(n):
        b = P0 + q * PSZ
        v = st[b + O_INFL]
        for m in range(6):
            v += st[b + O_VAULT + m] * VAL[m]
        key[q] = v + statue_points(st, q) + wall_points(st, q)
    bonus = prm(st, P_MERCHANT_BONUS_VP)
    for m in range(6):
        w = merchant_bonus_owner(st, m)
        if w >= 0:
            key[w] += bonus
    for q in range(n):
        points[q] = key[q]


@njit(cache=True)
def record(st, ctx, game_row, seat_rows):
    """Write the result row of the finished game in st: game_row[R_*], seat_rows[seat, S_*]."""
    n = st[G_N]
    game_row[R_TURNS] = st[G_TURN]
    game_row[R_END] = st[G_END]
    game_row[R_DECK_LEFT] = deck_left(st)
    game_row[R_SITES_LEFT] = sum6(st, G_SIN)
    game_row[R_FIRST_LEADER] = st[G_FL]
    game_row[R_DECISIONS] = st[G_NDEC]
    game_row[R_ENDED_BY] = -1 if st[G_END] == END_TURN_CAP else st[G_LAST]
    score = np.zeros(n, np.float64)
    win = np.zeros(n, np.float64)
    rank = np.zeros(n, np.int64)
    final_result(st, score, win, rank)
    parts = np.zeros(6, np.int64)
    for q in range(n):
        row = seat_rows[q]
        row[S_SCORE] = score[q]
        row[S_WIN] = win[q]
        row[S_RANK] = rank[q]
        b = P0 + q * PSZ
        score_parts(st, q, parts)
        for i in range(6):
            row[S_INFLUENCE + i] = parts[i]
        row[S_HAND_SIZE] = st[b + O_HN] + st[b + O_HJ]
        row[S_CLIENTS] = sum6(st, b + O_CLI)
        row[S_TURNS_LED] = st[b + O_M_LED]
        row[S_LEADER_THINKS] = st[b + O_M_LTHINK]
        row[S_FOLLOWS] = st[b + O_M_FOLLOW]
        row[S_THINKS] = st[b + O_M_THINK]
        nf = 0
        nb = 0
        ns = 0
        for k in range(NK):
            bs = st[b + O_BST + k]
            if bs == 1:
                nf += 1
            elif bs == 2:
                nb += 1
                row[S_BUILT + k] = 1
                if st[b + O_STOLEN + k] != 0:
                    ns += 1
            row[S_BUILT_TURN + k] = st[b + O_BTURN + k]
        row[S_FOUNDATIONS] = nf
        row[S_BUILDINGS] = nb
        row[S_STOLEN] = ns
        for r in range(6):
            row[S_CLIENTS_BY + r] = st[b + O_CLI + r]
            row[S_ACTIONS_BY + r] = st[b + O_M_ACT + r]
            row[S_VAULT_BY + r] = st[b + O_VAULT + r]
