"""The Catan board (B19 / B30, one or two sea rings; troja.md §1.1, §2.1) for the replay and the
report heatmaps of `catan` and `troja`: land hexes by terrain with their numbers, the sea, roads,
settlements and cities, the robber, and troja's ships and corsair."""
from __future__ import annotations

import math
from functools import lru_cache

import numpy as np

from reports.boards import svg
from sim.catan_core import board as B
from sim.catan_core import layout as L

TERRAIN_COLOURS = ("#2e7d32", "#bf5b30", "#9ccc65", "#f2c94c", "#8e8e99", "#e0d2a8")   # lumber ... ore, desert
TERRAIN_NAMES = ("lumber", "brick", "wool", "grain", "ore", "desert")
SEA = "#7fb3d5"


@lru_cache(maxsize=None)
def geometry(n_land: int, n_sea: int) -> dict:
    """Centres of the land and sea hexes and the node positions of the board with that many land
    and sea hexes (unit hex size, pointy-top)."""
    big = n_land > 19
    g = B.geometry(big, 1)
    if len(g["seas"]) != n_sea:
        g = B.geometry(big, 2)
    sx, sy = math.sqrt(3) / 2, 0.5

    def xy(c):
        return ((2 * c[0] + c[1]) * sx, 3 * c[1] * sy)
    land = np.array([xy(c) for c in g["land"]])
    sea = np.array([xy(c) for c in g["seas"]])
    nodes = np.array([(px * sx, py * sy) for px, py in g["nodes"]])
    return {"land": land, "sea": sea, "nodes": nodes, "edges": g["edges"]}


def geometry_of(ctx) -> dict:
    topo = ctx[0]
    return geometry(int(topo[B.T_H]), int(topo[B.T_S]))


def static_svg(st, ctx) -> tuple[str, str]:
    """(viewBox, SVG) of the sea and the land hexes' terrain and numbers (fixed for a game)."""
    g = geometry_of(ctx)
    out = [svg.polygon(svg.hex_points(x, y, 1.0), SEA, "#5d8aa8") for x, y in g["sea"]]
    for h, (x, y) in enumerate(g["land"]):
        t = int(st[L.S_TERRAIN + h])
        out.append(svg.polygon(svg.hex_points(x, y, 1.0), TERRAIN_COLOURS[min(t, 5)], "#6d5d3f", 0.04))
        num = int(st[L.S_NUMBER + h])
        if num:
            out.append(svg.circle(x, y, 0.3, "#fdf6e3", "#6d5d3f"))
            out.append(svg.text(x, y, num, 0.3, "#b71c1c" if num in (6, 8) else "#222", weight="bold"))
    allxy = np.vstack([g["land"], g["sea"]]) if len(g["sea"]) else g["land"]
    return svg.view_box(allxy[:, 0], allxy[:, 1], 1.2), "".join(out)


def seat_colour(view, seat) -> str:
    return svg.SEAT_COLOURS[seat % len(svg.SEAT_COLOURS)]


def pieces_svg(view, ctx) -> str:
    """Roads, settlements (circles), cities (squares), the robber, ships and the corsair."""
    g = geometry_of(ctx)
    nodes = g["nodes"]
    out = []
    for e, (a, b) in enumerate(g["edges"]):
        q = int(view[L.S_EDGE_OWNER + e])
        if q >= 0:
            out.append(svg.line(nodes[a, 0], nodes[a, 1], nodes[b, 0], nodes[b, 1], seat_colour(view, q), 0.16))
    for v in range(len(nodes)):
        q, lv = int(view[L.S_NODE_OWNER + v]), int(view[L.S_NODE_LEVEL + v])
        if q < 0 or lv <= 0:
            continue
        x, y = nodes[v]
        if lv == 1:
            out.append(svg.circle(x, y, 0.2, seat_colour(view, q), title=f"settlement of seat {q}"))
        else:
            out.append(f'<rect x="{x - 0.27:.3f}" y="{y - 0.27:.3f}" width="0.54" height="0.54" '
                       f'fill="{seat_colour(view, q)}" stroke="#111" stroke-width="0.05"><title>city of seat {q}'
                       '</title></rect>')
    r = int(view[L.S_ROBBER])
    if 0 <= r < len(g["land"]):
        x, y = g["land"][r]
        out.append(svg.circle(x + 0.45, y - 0.35, 0.2, "#222", "#fff", 0.05, title="robber"))
    for s in range(len(g["sea"])):
        q = int(view[L.S_SHIP_OWNER + s])
        if q >= 0:
            x, y = g["sea"][s]
            out.append(svg.polygon([(x - 0.4, y - 0.1), (x + 0.4, y - 0.1), (x + 0.25, y + 0.2), (x - 0.25, y + 0.2)],
                                   seat_colour(view, q), "#111", 0.04))
            out.append(svg.text(x, y - 0.35, f"disc {int(view[L.S_SHIP_DISC + s]) + 1}", 0.22))
    c = int(view[L.S_CORSAIR])
    if 0 <= c < len(g["sea"]):
        x, y = g["sea"][c]
        out.append(svg.text(x, y + 0.5, "corsair", 0.25, "#000", weight="bold"))
    return "".join(out)


def seat_lines(view, ctx, viewer) -> list[str]:
    """Per seat: pieces left, knights; the hand by resource for the seat whose cards are shown
    (every seat with --reveal), only card counts for the others (the observation's counts)."""
    n = int(view[L.S_P])
    size = L.STATE_SIZE
    troja = int(view[L.S_GAME]) == L.GAME_TROJA
    out = []
    for q in range(n):
        b = L.S_PLAYERS + q * L.PS
        hand = [int(x) for x in view[b + L.P_HAND:b + L.P_HAND + 5]]
        dev = [int(x) for x in view[b + L.P_DEV:b + L.P_DEV + 5]]
        line = f"seat {q}: knights {int(view[b + L.P_KNIGHTS])}"
        if viewer is None or q == viewer:
            line += "; hand " + ", ".join(f"{k} {nm}" for k, nm in zip(hand, L.RES_LABELS) if k) if sum(hand) else "; hand empty"
            if not troja:
                line += "; development cards " + (", ".join(f"{k} {nm}" for k, nm in zip(dev, L.DEV_LABELS) if k) or "none")
            if troja:
                a = int(view[b + L.P_ALLEG])
                line += f"; allegiance {('Troy', 'Mycenae')[a] if a in (0, 1) else 'none'}"
        else:
            extra = view[size + 3 * q:size + 3 * q + 3] if len(view) >= size + 3 * n else None
            if extra is not None:
                line += f"; {int(extra[0])} cards in hand (hidden)"
                if not troja:
                    line += f", {int(extra[1] + extra[2])} development cards (hidden)"
            if troja:
                line += "; allegiance hidden"
        if troja:
            line += f"; ships {int(view[b + L.P_SHIPS])}, tokens {int(view[b + L.P_TOKENS])}"
        out.append(line)
    if troja:
        out.append(f"war track: Troy {int(view[L.S_TRACK])}, Mycenae {int(view[L.S_TRACK + 1])}")
    return out


# ---------------------------------------------------------------- report heatmaps (reports/board.py)

def _ctx(game: str, players: int, params: dict):
    from sim import get_game
    spec = get_game(game)
    from importlib import import_module
    engine = import_module(f"sim.{spec.name.replace('-', '_')}.engine")
    return engine.make_ctx(players, spec.params.vector(params))


def heatmaps_for(game: str, players: int, params: dict) -> list:
    """(Heatmap, labels, shapes, background, size) of each map of a catan / troja report. The
    terrain and numbers are shuffled in every game (unless a board seed fixes them), so a place
    is a position on the board, averaged over boards: centre against coast, not "the 6-8 ore"."""
    from reports.board import Heatmap
    g = geometry_of(_ctx(game, players, params))
    nodes, land, sea = g["nodes"], g["land"], g["sea"]
    node_labels = [f"node {v}" for v in range(len(nodes))]
    land_labels = [f"hex {h}" for h in range(len(land))]
    sea_labels = [f"sea {s}" for s in range(len(sea))]
    shuffled = " Terrain and numbers are shuffled per game, so a place is a board position averaged over boards."

    def node_shape(ax, v):
        from matplotlib.patches import Circle
        return Circle((nodes[v, 0], -nodes[v, 1]), 0.42), (nodes[v, 0], -nodes[v, 1]), 5.0

    def hex_shape(ax, h):
        from matplotlib.patches import RegularPolygon
        return RegularPolygon((land[h, 0], -land[h, 1]), 6, radius=0.97), (land[h, 0], -land[h, 1]), 6

    def sea_shape(ax, s):
        from matplotlib.patches import RegularPolygon
        return RegularPolygon((sea[s, 0], -sea[s, 1]), 6, radius=0.97), (sea[s, 0], -sea[s, 1]), 5.5

    def board(ax, fill=True, seas=True):
        from matplotlib.patches import RegularPolygon
        for x, y in land:
            ax.add_patch(RegularPolygon((x, -y), 6, radius=1.0, facecolor="#efe6cf" if fill else "none",
                                        edgecolor="#9e8f6a", linewidth=0.6))
        if seas:
            for x, y in sea:
                ax.add_patch(RegularPolygon((x, -y), 6, radius=1.0, facecolor="#dcebf5", edgecolor="#9fc2da",
                                            linewidth=0.4))

    maps = [
        (Heatmap("first_settlement", "Win-rate lift by the first settlement's spot", "settle1", "seat_index",
                 "lift", "node", caption="Win rate of seats whose first set-up settlement stands on the node minus "
                 "the other seats', adjusted for seat (first and last seats place in different rounds of the snake); "
                 "n = seat-games settling there." + shuffled), node_labels, node_shape, board, (8.0, 7.0)),
        (Heatmap("second_settlement", "Win-rate lift by the second settlement's spot", "settle2", "seat_index",
                 "lift", "node", caption="As above for the second set-up settlement." + shuffled),
         node_labels, node_shape, board, (8.0, 7.0)),
        (Heatmap("production", "Production by hex at the end", "prod_h", "game_value", "share", "hex",
                 caption="Mean per game of each land hex's production capacity at the end: the pips of its "
                 "number (2 and 12: 1, 6 and 8: 5) times the buildings on its corners (a city counts 2), i.e. "
                 "cards it pays per 36 rolls." + shuffled), land_labels, hex_shape,
         lambda ax: board(ax, False, True), (8.0, 7.0)),
    ]
    if game == "catan":
        maps.append((Heatmap("robber", "Where the robber sits at the end", "robber", "game_index", "share", "hex",
                             caption="Share of games ending with the robber on each land hex (the desert at the "
                             "start)." + shuffled), land_labels, hex_shape, lambda ax: board(ax, False, True),
                     (8.0, 7.0)))
    else:
        maps.append((Heatmap("corsair", "Where the corsair sits at the end", "corsair", "game_index", "share", "sea",
                             caption="Share of games ending with the corsair on each sea hex."), sea_labels,
                     sea_shape, lambda ax: board(ax, True, False), (8.0, 7.0)))
        discs = tuple(f"disc {k}" for k in range(1, 8))
        maps.append((Heatmap("ships", "Win-rate lift of a ship by disc and sea hex", tuple(f"ship_d{k}" for k in range(1, 8)),
                             "seat_index", "lift", "sea", group_labels=discs, group="disc",
                             caption="One panel per ship disc (the k-th ship a seat builds): win rate of seats with "
                             "that disc's ship on the sea hex minus the other seats', adjusted for seat; n = "
                             "seat-games with it there."), sea_labels, sea_shape, lambda ax: board(ax, True, False),
                     (7.0, 6.0)))
    return maps


def heatmaps(players: int, params: dict, game: str = "catan") -> list:
    return heatmaps_for(game, players, params)
