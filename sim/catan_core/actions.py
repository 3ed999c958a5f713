"""The action space of the Catan core, declared once with sim/layout.py, and the automatic effects
a trace shows (`EVENTS`).

Action ids depend on the board (a road id per edge, a settlement id per node, a robber move per
land hex and victim), so the space is declared per board and player count: `action_space(game,
E, N, S, H, P)` lists the named ranges in id order. Everything else is generated from it:
  - the first id of every range on a board (`action_starts`), which board.build_topo writes into
    the board's topo array; the compiled rules read them there (`topo[T_A_ROAD]`, board.py);
  - A_ROLL and A_END, declared before every board-sized range, as compile-time constants;
  - N_ACTIONS, the largest space over every board, game and player count (the legal-action
    buffer's size);
  - the decoder: describe.py names an id by its board's space (board.actions_of_board).
Only the last range (robber or corsair moves by victim) depends on the player count, so the
starts are the same for every player count (`action_starts` checks it).
"""
from functools import lru_cache

import numpy as np

from sim.layout import ActionSpace, Events
from sim.catan_core.layout import PMAX, HMAX, NMAX, EMAX, SMAX, GAME_CATAN, GAME_TROJA, RES_LABELS

TRADE_LABELS = tuple(f"{RES_LABELS[x]}->{RES_LABELS[y]}" for x in range(5) for y in range(5) if y != x)
YOP_LABELS = tuple(f"{RES_LABELS[a]}+{RES_LABELS[b]}" for a in range(5) for b in range(a, 5)) + RES_LABELS


@lru_cache(maxsize=None)
def action_space(game: int, E: int, N: int, S: int, H: int, P: int) -> ActionSpace:
    """The named action ranges of one board (E edges, N nodes, S sea hexes, H land hexes) and
    player count, in id order (troja.md §4.2)."""
    A = ActionSpace("catan actions" if game == GAME_CATAN else "troja actions")
    A.single("ROLL")
    A.single("END")
    A.range("ROAD", E, doc="edge")
    A.range("SETTLEMENT", N, doc="node")
    A.range("CITY", N, doc="node")
    A.range("TRADE", 20, labels=TRADE_LABELS, doc="maritime trade give->get")
    A.range("DISCARD", 5, labels=RES_LABELS)
    if game == GAME_CATAN:
        A.single("BUY_DEV")
        A.single("PLAY_KNIGHT")
        A.single("PLAY_ROAD_BUILDING")
        A.range("PLAY_YEAR_OF_PLENTY", 20, labels=YOP_LABELS)
        A.range("PLAY_MONOPOLY", 5, labels=RES_LABELS)
        A.range("MOVE_ROBBER", (H, P + 1), doc="land hex, victim (P: nobody)")
    else:
        A.range("DONATE", 5, labels=RES_LABELS)
        A.single("DONATE_STOP")
        A.single("USE_SWAP")
        A.range("SWAP_RETURN", 5, labels=RES_LABELS)
        A.single("USE_TAKE")
        A.range("CHOOSE_TILE", 5, labels=RES_LABELS)
        A.range("BUILD_SHIP", S, doc="sea hex")
        A.range("MOVE_CORSAIR", (S, P + 1), doc="sea hex, victim (P: nobody)")
    return A


GAMES = (GAME_CATAN, GAME_TROJA)
# every range of either game, in id order (the shared ones, catan's own, troja's own): the names
# of a board's action starts in its topo array
ACTION_NAMES = tuple(dict.fromkeys(name for g in GAMES for name in action_space(g, 1, 1, 1, 1, 1).names()))


def action_starts(E: int, N: int, S: int, H: int) -> np.ndarray:
    """The first id of every range of ACTION_NAMES on a board of E edges, N nodes, S sea hexes
    and H land hexes (int32, for board.build_topo)."""
    out = np.full(len(ACTION_NAMES), -1, dtype=np.int32)
    for g in GAMES:
        A, A1 = action_space(g, E, N, S, H, PMAX), action_space(g, E, N, S, H, 1)
        for name in A.names():
            k = ACTION_NAMES.index(name)
            if A.start(name) != A1.start(name) or out[k] not in (-1, A.start(name)):
                raise ValueError(f"action range {name} starts differently by game or player count")
            out[k] = A.start(name)
    if out[ACTION_NAMES.index("BUY_DEV")] != out[ACTION_NAMES.index("DONATE")]:
        raise ValueError("catan's and troja's own actions must start at the same id (rules.a_base)")
    return out


_SMALLEST, _LARGEST = action_space(GAME_CATAN, 1, 1, 1, 1, 1), action_space(GAME_TROJA, EMAX, NMAX, SMAX, HMAX, PMAX)
# declared before every board-sized range: the same ids on every board
A_ROLL = _SMALLEST.start("ROLL")
A_END = _SMALLEST.start("END")
assert (A_ROLL, A_END) == (_LARGEST.start("ROLL"), _LARGEST.start("END"))
# the largest space over every board, game and player count (ranges only grow with the board)
N_ACTIONS = max(action_space(g, EMAX, NMAX, SMAX, HMAX, PMAX).size for g in GAMES)


EVENTS = Events("catan_core")
EV_ALLEGIANCE = EVENTS.add("ALLEGIANCE", ("seat", "side"))          # troja §3.3, dealt at set-up
EV_DICE = EVENTS.add("DICE", ("total",))                             # §1.5
EV_BATTLE = EVENTS.add("BATTLE", ("row", "revealed", "outcome"))     # troja §3.5: packed counts
EV_WAR_TRACK = EVENTS.add("WAR_TRACK", ("troy", "mycenae"))          # troja §3.6, after a battle


def pack_counts(c0, c1, c2, c3, c4):
    """Five card counts (each < 64) in one int (the event log holds three ints per effect)."""
    return c0 | (c1 << 6) | (c2 << 12) | (c3 << 18) | (c4 << 24)


def unpack_counts(x: int) -> list[int]:
    return [(int(x) >> (6 * r)) & 63 for r in range(5)]
