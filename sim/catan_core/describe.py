"""The Catan core in words (traces, golden files): the contract's describe_action,
describe_event, describe_turn and describe_end (docs/ENGINES.md). Python only."""
from sim.catan_core.board import T_H, actions_of_board, edge_nodes
from sim.catan_core.layout import *  # noqa: F401,F403
from sim.catan_core.params_core import RES
from sim.catan_core.actions import (EVENTS, EV_ALLEGIANCE, EV_DICE, EV_BATTLE, EV_WAR_TRACK, TRADE_LABELS, YOP_LABELS,
                                    unpack_counts)

BEN_NAMES = {1: "PORT3", 2: "VP", 3: "SWAP", 4: "TILE2", 5: "TAKE"}


def action_words(st, topo, cfg, a):
    """Action id `a` in words, decoded by its board's declared space (actions.py): ROAD 3-7,
    TRADE wool -> ore, MOVE_ROBBER hex 4 steal from 2."""
    name, i = actions_of_board(cfg[C_GAME], topo, cfg[C_P]).decode(int(a))
    if i is None:  # ROLL, END, BUY_DEV, PLAY_KNIGHT, ...
        return name
    if name == "ROAD":
        x, y = edge_nodes(topo, i)
        return f"ROAD {x}-{y}"
    if name == "TRADE":
        return "TRADE " + TRADE_LABELS[i].replace("->", " -> ")
    if name == "PLAY_YEAR_OF_PLENTY":
        return f"{name} {YOP_LABELS[i]}"
    if name in ("SETTLEMENT", "CITY"):
        return f"{name} {i}"
    H, P = int(topo[T_H]), int(cfg[C_P])
    if name == "BUILD_SHIP":
        return f"BUILD_SHIP sea {i} (hex {i + H})"
    if name == "MOVE_ROBBER":
        h, v = i
        return f"MOVE_ROBBER hex {h}" + (f" steal from {v}" if v < P else "")
    if name == "MOVE_CORSAIR":
        s, v = i
        return f"MOVE_CORSAIR sea {s} (hex {s + H})" + (f" steal from {v}" if v < P else "")
    return f"{name} {RES_LABELS[i]}"  # DISCARD, PLAY_MONOPOLY, DONATE, SWAP_RETURN, CHOOSE_TILE


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
