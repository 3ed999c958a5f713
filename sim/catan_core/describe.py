"""Action ids in words (traces, golden files). Python only."""
from sim.catan_core.board import T_E, T_N, T_S, T_H, edge_nodes
from sim.catan_core.layout import *  # noqa: F401,F403
from sim.catan_core.params_core import RES

BEN_NAMES = {1: "PORT3", 2: "VP", 3: "SWAP", 4: "TILE2", 5: "TAKE"}


def _pair(i):
    a = 0
    while i >= 5 - a:
        i -= 5 - a
        a += 1
    return a, a + i


def describe_action(st, topo, cfg, a):
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
