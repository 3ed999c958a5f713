"""The action space of the Catan core, declared with sim/layout.py, and the automatic effects a
trace shows (`EVENTS`).

Action ids depend on the board (a road id per edge, a settlement id per node, a robber move per
land hex and victim), so the space is declared per board: `action_space(game, E, N, S, H, P)`
generates the named ranges for one board and player count, and each game's engine declares
`ACTIONS` for its default board and `actions_of(ctx)` for any other. The compiled rules compute
the same bases from the board (`rules.a_road`, `a_trade`, `a_base`...); tests/contract checks
that the two agree.
"""
from functools import lru_cache

from sim.layout import ActionSpace, Events
from sim.catan_core.board import T_E, T_N, T_S, T_H, EMAX, NMAX, SMAX
from sim.catan_core.layout import PMAX, GAME_CATAN, RES_LABELS

TRADE_LABELS = tuple(f"{RES_LABELS[x]}->{RES_LABELS[y]}" for x in range(5) for y in range(5) if y != x)
YOP_LABELS = tuple(f"{RES_LABELS[a]}+{RES_LABELS[b]}" for a in range(5) for b in range(a, 5)) + RES_LABELS

# largest id over every board and player count (troja on B30 with two sea rings, 6 players)
N_ACTIONS = 27 + EMAX + 2 * NMAX + 18 + SMAX * (PMAX + 2)


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
    assert A.size <= N_ACTIONS
    return A


def actions_of_board(game, topo, P) -> ActionSpace:
    return action_space(int(game), int(topo[T_E]), int(topo[T_N]), int(topo[T_S]), int(topo[T_H]), int(P))


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
