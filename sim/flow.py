"""Game flow, computed online in the compiled loop: is the game close, does the leader snowball, how
many real choices does a player get (docs/FLOW.md; issue 18).

The figures follow Browne's game-evaluation metrics as Ludii implements them (Lead change, Drama,
Decisiveness, Score difference, Branching factor, Decision moves). A game gives two small compiled
functions in its results.py, `flow_turn(st, ctx)` (its turn counter) and `flow_scores(st, ctx, key,
points)` (each seat's standing now: `key` ranks the seats, `points` measures deficits and margins),
and its loop calls the accumulator below:

    acc = flow_new(n_players, FLOW_CAPACITY)             # once per batch
    flow_begin(acc, n_players, flow_turn(st, ctx))       # after new_game
    flow_decision(acc, m)                                # at every decision, m legal actions
    m = apply_action(...)
    if m == 0 or flow_turn(st, ctx) != flow_last_turn(acc):   # a turn ended (or the game)
        flow_scores(st, ctx, key, points)
        flow_observe(acc, flow_turn(st, ctx), key, points)
    ...
    record(...)
    flow_finish(acc, seat_out[g, :, WIN_COLUMN], game_out[g], seat_out[g], R_FLOW, S_FLOW)

Memory is flat in games and in turns: a few numbers per seat, and the leader of each observed turn
in a buffer of FLOW_CAPACITY entries which, when full, keeps every other entry (so the leader at a
fraction of a longer game is read to within the stride; exact up to FLOW_CAPACITY turns). Nothing
here draws randomness or changes the state, so the games played are those of a loop without it.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numba import njit

WIN_COLUMN = 1            # the seat column `win` (the contract fixes score, win, rank first)
GRID = 10                 # progress fractions 10%, 20%, ..., 100% for P(win | leading at t)
FLOW_CAPACITY = 2048      # leaders of observed turns kept exactly (then every 2nd, 4th, ...)

# accumulator header (float64)
A_N = 0              # players
A_T = 1              # turns observed
A_LAST_TURN = 2      # the game's turn counter at the last observation
A_LEADER = 3         # last sole leader (-1: none yet)
A_CHANGES = 4        # lead changes
A_OPT_SUM = 5        # legal actions summed over decisions
A_OPT_MAX = 6
A_DEC = 7            # decisions
A_CHOICES = 8        # decisions with more than one legal action
A_STRIDE = 9         # buffer: every STRIDE-th observation is kept
A_FILL = 10          # buffer entries in use
A_CAP = 11           # buffer capacity
A_RUN = 12           # observations of the current standing not yet credited to the seats (0: none)
A_CUR = 13           # sole leader of the current standing (-1: tied)
A_BEST = 14          # top key of the current standing
A_TOP = 15           # top points of the current standing
A_HEAD = 16
# per seat, from A_HEAD on (SEAT_F numbers each)
F_BEHIND = 0         # observations with a lower key than the leader
F_DEF_SUM = 1        # points behind the top, summed over those observations
F_MAX_DEF = 2        # largest points deficit to the top
F_LAST_OFF = 3       # last observation (1-based) at which the seat was not the sole leader
F_LED = 4            # observations as the sole leader
F_POINTS = 5         # points of the current standing
F_KEY = 6            # key of the current standing
SEAT_F = 7

# result columns, in order (declare() adds them; flow_finish writes them by these offsets)
GAME_COLUMNS = (
    ("flow_turns", int, "turns observed (the game's flow turns)"),
    ("flow_lead_changes", int, "times the sole leader changed to another seat"),
    ("flow_lead_change_rate", float, "lead changes per turn after the first (Ludii: Lead change)"),
    ("flow_winner_turns_behind", float, "turns the sole winner spent behind the leader (nan: no sole winner)"),
    ("flow_winner_max_deficit", float, "largest points deficit the sole winner overcame"),
    ("flow_drama", float, "the winner's mean points deficit over the turns it was behind (Ludii: Drama)"),
    ("flow_winner_leads_from", float, "turn from which the sole winner led for good (turns + 1: never)"),
    ("flow_decided_at", float, "share of the game played before the winner led for good (1: decided at the end)"),
    ("flow_margin", float, "points of the first minus the second at the end (Ludii: Score difference)"),
    ("flow_leader_third_won", float, "win share of the sole leader after the first third (nan: tied lead)"),
    ("flow_leader_half_won", float, "win share of the sole leader after half the game (nan: tied lead)"),
    ("flow_branching", float, "mean legal actions per decision (Ludii: Branching factor)"),
    ("flow_branching_max", int, "most legal actions at one decision"),
    ("flow_decision_share", float, "share of decisions with more than one legal action (Ludii: Decision moves)"),
    ("flow_decisions", int, "decisions presented to a player"),
)
GRID_COLUMNS = tuple(f"flow_lead_won_at_{100 * k // GRID}pct" for k in range(1, GRID + 1))
SEAT_COLUMNS = (
    ("flow_turns_behind", int, "turns with a lower standing than the leader"),
    ("flow_turns_led", int, "turns as the sole leader"),
    ("flow_max_deficit", float, "largest points deficit to the top during the game"),
)
C_TURNS, C_CHANGES, C_RATE, C_W_BEHIND, C_W_MAXDEF, C_DRAMA, C_W_FROM, C_DECIDED, C_MARGIN, \
    C_THIRD, C_HALF, C_BRANCH, C_BRANCH_MAX, C_DEC_SHARE, C_DECISIONS = range(len(GAME_COLUMNS))
C_GRID = len(GAME_COLUMNS)
Q_BEHIND, Q_LED, Q_MAXDEF = range(len(SEAT_COLUMNS))


@dataclass(frozen=True)
class FlowSpec:
    """What a game's flow figures measure (GameSpec.flow): its turn, the standing that ranks seats
    and the points deficits and margins are counted in; `game_start` / `seat_start` are the first
    flow columns of its RESULTS."""
    turn: str
    key: str
    points: str
    game_start: int
    seat_start: int
    module: str             # the results module holding flow_turn and flow_scores
    grid: int = GRID

    @property
    def game_columns(self) -> tuple[str, ...]:
        return tuple(c for c, _, _ in GAME_COLUMNS) + GRID_COLUMNS

    @property
    def seat_columns(self) -> tuple[str, ...]:
        return tuple(c for c, _, _ in SEAT_COLUMNS)


def declare(results) -> tuple[int, int]:
    """Add the flow columns to a game's `Results` (sim/layout.py); returns (first game column,
    first seat column), the R_FLOW / S_FLOW a game passes to flow_finish."""
    r0 = None
    for name, dtype, doc in GAME_COLUMNS:
        c = results.game(name, dtype, doc=doc)
        r0 = c if r0 is None else r0
    for name in GRID_COLUMNS:
        results.game(name, float, doc="win share of the sole leader at this share of the game (nan: tied lead)")
    s0 = None
    for name, dtype, doc in SEAT_COLUMNS:
        c = results.seat(name, dtype, doc=doc)
        s0 = c if s0 is None else s0
    return r0, s0


# ---------------------------------------------------------------- the compiled accumulator
@njit(cache=True)
def flow_new(n_players, capacity):
    """An accumulator for games of up to n_players seats (reused game after game)."""
    acc = np.zeros(A_HEAD + SEAT_F * n_players + capacity, np.float64)
    acc[A_CAP] = capacity
    return acc


@njit(cache=True)
def flow_begin(acc, n_players, turn):
    """Start a game: `turn` is the game's turn counter after new_game."""
    for i in range(A_HEAD + SEAT_F * n_players):
        if i != A_CAP:
            acc[i] = 0.0
    acc[A_N] = n_players
    acc[A_LAST_TURN] = turn
    acc[A_LEADER] = -1.0
    acc[A_STRIDE] = 1.0


@njit(cache=True, inline="always")
def flow_decision(acc, m):
    """A decision with m legal actions was presented."""
    acc[A_DEC] += 1.0
    acc[A_OPT_SUM] += m
    if m > acc[A_OPT_MAX]:
        acc[A_OPT_MAX] = m
    if m > 1:
        acc[A_CHOICES] += 1.0


@njit(cache=True, inline="always")
def flow_last_turn(acc):
    return acc[A_LAST_TURN]


@njit(cache=True, inline="always")
def flow_observe(acc, turn, key, points):
    """A turn ended (or the game): each seat's standing `key` and `points` now.

    Most turns leave every standing as it was (a random 4-player Catan game observes about 342
    player-turns and its standings change about 15 times), so an unchanged standing only counts the turn (the fast
    path, inlined into the loop); its per-seat figures are credited once, when the standing
    changes or the game ends (_credit)."""
    n = int(acc[A_N])
    t = acc[A_T] + 1.0
    acc[A_T] = t
    acc[A_LAST_TURN] = turn
    same = acc[A_RUN] > 0.0
    if same:
        for q in range(n):
            b = A_HEAD + SEAT_F * q
            if key[q] != acc[b + F_KEY] or points[q] != acc[b + F_POINTS]:
                same = False
                break
    if same:
        acc[A_RUN] += 1.0
        _keep_leader(acc, n, t, acc[A_CUR])
    else:
        _change(acc, n, t, key, points)


@njit(cache=True)
def _change(acc, n, t, key, points):
    """Observation t has a new standing: credit the old one, take the new one (a lead change if
    another seat now leads alone), keep its leader."""
    if acc[A_RUN] > 0.0:
        _credit(acc, n, t - 1.0)
    best = key[0]
    ties = 1
    who = 0
    top = points[0]
    for q in range(1, n):
        if key[q] > best:
            best = key[q]
            who = q
            ties = 1
        elif key[q] == best:
            ties += 1
        if points[q] > top:
            top = points[q]
    leader = who if ties == 1 else -1
    for q in range(n):
        b = A_HEAD + SEAT_F * q
        d = top - points[q]
        if d > acc[b + F_MAX_DEF]:
            acc[b + F_MAX_DEF] = d
        acc[b + F_KEY] = key[q]
        acc[b + F_POINTS] = points[q]
    if leader >= 0:
        if acc[A_LEADER] >= 0 and acc[A_LEADER] != leader:
            acc[A_CHANGES] += 1.0
        acc[A_LEADER] = leader
    acc[A_CUR] = leader
    acc[A_BEST] = best
    acc[A_TOP] = top
    acc[A_RUN] = 1.0
    _keep_leader(acc, n, t, leader)


@njit(cache=True)
def _credit(acc, n, t_end):
    """Credit the current standing, held for the A_RUN observations ending at t_end, to the seats."""
    r = acc[A_RUN]
    best, top, leader = acc[A_BEST], acc[A_TOP], acc[A_CUR]
    for q in range(n):
        b = A_HEAD + SEAT_F * q
        if acc[b + F_KEY] < best:
            acc[b + F_BEHIND] += r
            acc[b + F_DEF_SUM] += r * (top - acc[b + F_POINTS])
        if q == leader:
            acc[b + F_LED] += r
        else:
            acc[b + F_LAST_OFF] = t_end
    acc[A_RUN] = 0.0


@njit(cache=True, inline="always")
def _keep_leader(acc, n, t, leader):
    """The leader of observation t (1-based) into the buffer, every STRIDE-th kept."""
    i = int(t) - 1
    stride = int(acc[A_STRIDE])
    if i % stride == 0:
        buf = A_HEAD + SEAT_F * n
        fill = int(acc[A_FILL])
        if fill == int(acc[A_CAP]):          # full: keep every other entry, double the stride
            for j in range(fill // 2):
                acc[buf + j] = acc[buf + 2 * j]
            fill = fill // 2
            stride *= 2
            acc[A_STRIDE] = stride
        if i % stride == 0:
            acc[buf + fill] = leader
            acc[A_FILL] = fill + 1


@njit(cache=True, inline="always")
def leader_at(acc, j):
    """The sole leader (-1: tied) after observation j (0-based), read from the buffer: exact while
    the stride is 1, else the kept observation at or before j."""
    n = int(acc[A_N])
    k = j // int(acc[A_STRIDE])
    fill = int(acc[A_FILL])
    if k >= fill:
        k = fill - 1
    return int(acc[A_HEAD + SEAT_F * n + k])


@njit(cache=True, inline="always")
def _won_if_led(acc, win, j):
    who = leader_at(acc, j)
    return win[who] if who >= 0 else np.nan


@njit(cache=True)
def flow_finish(acc, win, game_row, seat_rows, r0, s0):
    """Write the flow columns of the finished game: game_row[r0 + C_*], seat_rows[q, s0 + Q_*].
    `win` is each seat's win share (float64[p]); the sole winner is the seat with share 1."""
    n = int(acc[A_N])
    t = int(acc[A_T])
    if acc[A_RUN] > 0.0:
        _credit(acc, n, float(t))
    game_row[r0 + C_TURNS] = t
    game_row[r0 + C_CHANGES] = acc[A_CHANGES]
    game_row[r0 + C_RATE] = acc[A_CHANGES] / (t - 1) if t > 1 else 0.0
    w = -1
    for q in range(n):
        if win[q] == 1.0:
            w = q
    if w >= 0:
        b = A_HEAD + SEAT_F * w
        behind = acc[b + F_BEHIND]
        game_row[r0 + C_W_BEHIND] = behind
        game_row[r0 + C_W_MAXDEF] = acc[b + F_MAX_DEF]
        game_row[r0 + C_DRAMA] = acc[b + F_DEF_SUM] / behind if behind > 0 else 0.0
        game_row[r0 + C_W_FROM] = acc[b + F_LAST_OFF] + 1.0
        game_row[r0 + C_DECIDED] = acc[b + F_LAST_OFF] / t if t > 0 else np.nan
    else:
        for c in (C_W_BEHIND, C_W_MAXDEF, C_DRAMA, C_W_FROM, C_DECIDED):
            game_row[r0 + c] = np.nan
    first = -np.inf
    second = -np.inf
    for q in range(n):
        p = acc[A_HEAD + SEAT_F * q + F_POINTS]
        if p > first:
            second = first
            first = p
        elif p > second:
            second = p
    game_row[r0 + C_MARGIN] = first - second if n > 1 and t > 0 else 0.0
    if t > 0:
        game_row[r0 + C_THIRD] = _won_if_led(acc, win, (t + 2) // 3 - 1)
        game_row[r0 + C_HALF] = _won_if_led(acc, win, (t + 1) // 2 - 1)
        for k in range(1, GRID + 1):
            game_row[r0 + C_GRID + k - 1] = _won_if_led(acc, win, (k * t + GRID - 1) // GRID - 1)
    else:
        game_row[r0 + C_THIRD] = np.nan
        game_row[r0 + C_HALF] = np.nan
        for k in range(GRID):
            game_row[r0 + C_GRID + k] = np.nan
    dec = acc[A_DEC]
    game_row[r0 + C_BRANCH] = acc[A_OPT_SUM] / dec if dec > 0 else np.nan
    game_row[r0 + C_BRANCH_MAX] = acc[A_OPT_MAX]
    game_row[r0 + C_DEC_SHARE] = acc[A_CHOICES] / dec if dec > 0 else np.nan
    game_row[r0 + C_DECISIONS] = dec
    for q in range(n):
        b = A_HEAD + SEAT_F * q
        seat_rows[q, s0 + Q_BEHIND] = acc[b + F_BEHIND]
        seat_rows[q, s0 + Q_LED] = acc[b + F_LED]
        seat_rows[q, s0 + Q_MAXDEF] = acc[b + F_MAX_DEF]
