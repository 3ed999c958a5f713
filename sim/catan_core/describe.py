"""The Catan core in words (traces, golden files): the contract's describe_action,
describe_event, describe_turn and describe_end (docs/ENGINES.md). Python only."""
from sim.catan_core.board import T_E, T_N, T_S, T_H, edge_nodes
from sim.catan_core.layout import *  # noqa: F401,F403
from sim.catan_core.params_core import RES
from sim.catan_core.actions import (EVENTS, EV_ALLEGIANCE, EV_DICE, EV_BATTLE, EV_WAR_TRACK, unpack_counts)

BEN_NAMES = {1: "PORT3", 2: "VP", 3: "SWAP", 4: "TILE2", 5: "TAKE"}


def _pair(i):
    a = 0
    while i >= 5 - a:
        i -= 5 - a
        a += 1
    return a, a + i


def action_words(st, topo, cfg, a):
    """Action id `a` in words: ROAD 3-7, TRADE wool -> ore, MOVE_ROBBER hex 4 steal from 2."""
    a = int(a)
    E, N, S, H = int(topo[T_E]), int(topo[T_N]), int(topo[T_S]), int(topo[T_H])
    P = int(cfg[C_P])
    B = 27 + E + 2 * N
    if a == 0:
        return "ROLL"
    if a == 1:
        return "END"
    if a < 2 + E:
        x, y = edge_nodes(topo, a - 2)
        return f"ROAD {x}-{y}"
    if a < 2 + E + N:
        return f"SETTLEMENT {a - 2 - E}"
    if a < 2 + E + 2 * N:
        return f"CITY {a - 2 - E - N}"
    if a < 22 + E + 2 * N:
        i = a - 2 - E - 2 * N
        x, y = i // 4, i % 4
        if y >= x:
            y += 1
        return f"TRADE {RES[x]} -> {RES[y]}"
    if a < B:
        return f"DISCARD {RES[a - 22 - E - 2 * N]}"
    if cfg[C_GAME] == GAME_CATAN:
        if a == B:
            return "BUY_DEV"
        if a == B + 1:
            return "PLAY_KNIGHT"
        if a == B + 2:
            return "PLAY_ROAD_BUILDING"
        if a < B + 23:
            i = a - B - 3
            if i < 15:
                x, y = _pair(i)
                return f"PLAY_YEAR_OF_PLENTY {RES[x]}+{RES[y]}"
            return f"PLAY_YEAR_OF_PLENTY {RES[i - 15]}"
        if a < B + 28:
            return f"PLAY_MONOPOLY {RES[a - B - 23]}"
        i = a - B - 28
        h, v = i // (P + 1), i % (P + 1)
        return f"MOVE_ROBBER hex {h}" + (f" steal from {v}" if v < P else "")
    if a < B + 5:
        return f"DONATE {RES[a - B]}"
    if a == B + 5:
        return "DONATE_STOP"
    if a == B + 6:
        return "USE_SWAP"
    if a < B + 12:
        return f"SWAP_RETURN {RES[a - B - 7]}"
    if a == B + 12:
        return "USE_TAKE"
    if a < B + 18:
        return f"CHOOSE_TILE {RES[a - B - 13]}"
    if a < B + 18 + S:
        return f"BUILD_SHIP sea {a - B - 18} (hex {a - B - 18 + H})"
    i = a - B - 18 - S
    s, v = i // (P + 1), i % (P + 1)
    return f"MOVE_CORSAIR sea {s} (hex {s + H})" + (f" steal from {v}" if v < P else "")


SIDE_NAMES = ("Troy", "Mycenae")


def describe_action(st, ctx, a):
    """'turn 12 seat 2: CITY 31' (the seat deciding; `agon check-players` reads the seat here)."""
    return f"turn {int(st[S_TURN])} seat {int(st[S_ACTOR])}: {action_words(st, ctx[0], ctx[1], a)}"


def _cards(counts):
    return "{" + ", ".join(f"{RES[r]} {c}" for r, c in enumerate(counts) if c) + "}"


def describe_event(st, ctx, ev):
    """An automatic effect in words (EVENTS)."""
    code, a, b, c = ev
    if code == EV_ALLEGIANCE:
        return f"allegiance: seat {a} {SIDE_NAMES[b] if 0 <= b < 2 else 'none'}"
    if code == EV_DICE:
        return f"dice: {a}"
    if code == EV_BATTLE:
        return (f"battle: row {_cards(unpack_counts(a))}, revealed {_cards(unpack_counts(b))}: "
                f"{('Troy wins', 'Mycenae wins', 'draw')[c]}")
    if code == EV_WAR_TRACK:
        return f"war track: Troy {a}, Mycenae {b}"
    return EVENTS.words(ev)


def describe_turn(st, ctx):
    """Nothing: every decision line names its turn and seat."""
    return ""


def describe_end(st, ctx):
    """'game over: RACE, VP [10, 8, 4, 3]' (plain ints)."""
    from sim.catan_core.rules import vp
    cfg = ctx[1]
    vps = [int(vp(st, cfg, q)) for q in range(int(st[S_P]))]
    return f"game over: {END_PATH_NAMES[int(st[S_END_PATH])]}, VP {vps}"
