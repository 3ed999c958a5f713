"""Magna Grecia's board (spec §8: 249 land hexes, odd-r rows, pointy-top) for the replay and the
report heatmaps: hex centres, villages, oracles, roads, city tiles and markets in the seats'
colours (R, Y, G, B)."""
from __future__ import annotations

import numpy as np

from reports.boards import svg
from sim.magna_grecia import board as B
from sim.magna_grecia import state as S

COLOURS = ("#c0392b", "#d4ac0d", "#1e8449", "#2471a3")     # R, Y, G, B (§2)
COLOUR_NAMES = ("red", "yellow", "green", "blue")
# edge-midpoint directions of a pointy-top hex, in the board's order E, SE, SW, W, NW, NE
_DIRS = [(np.cos(np.radians(a)), np.sin(np.radians(a))) for a in (0, 60, 120, 180, 240, 300)]


def centres() -> tuple[np.ndarray, np.ndarray]:
    """x, y of every hex (unit size: neighbours sqrt(3) apart)."""
    x = svg.SQRT3 * (B.HEX_COL + 0.5 * (B.HEX_ROW & 1))
    y = 1.5 * B.HEX_ROW
    return x.astype(float), y.astype(float)


X, Y = centres()


def static_svg(st, ctx) -> tuple[str, str]:
    """(viewBox, SVG) of what never changes: the land hexes."""
    parts = [svg.polygon(svg.hex_points(X[h], Y[h], 0.98), "#f3e9d2", "#c8b88a") for h in range(B.N)]
    return svg.view_box(X, Y, 1.2), "".join(parts)


def _colour(view, seat) -> str:
    return COLOURS[int(view[S.S_COLOUR + seat]) % 4]


def pieces_svg(view, ctx) -> str:
    """Villages, oracles, roads, city tiles and markets of a state (or an observation)."""
    out = []
    for h in range(B.N):
        kind = int(view[S.H_KIND + h])
        c = int(view[S.H_CITY + h])
        if c >= 0:
            owner = int(view[S.C_OWNER + c])
            out.append(svg.polygon(svg.hex_points(X[h], Y[h], 0.9), _colour(view, owner), "#222", 0.06))
        elif kind:
            out.append(svg.circle(X[h], Y[h], 0.32, "#8d6e63" if kind == B.INLAND_VILLAGE else "#4e342e",
                                  title="frontier village" if kind == B.FRONTIER_VILLAGE else "inland village"))
        if view[S.H_ORACLE + h]:
            ctrl = int(view[S.H_OCTRL + h])
            fill = _colour(view, int(view[S.C_OWNER + ctrl])) if ctrl >= 0 else "#ffffff"
            out.append(svg.polygon(svg.hex_points(X[h], Y[h], 0.5, pointy=False), fill, "#6a1b9a", 0.12,
                                   extra=' class="oracle"'))
        r = int(view[S.H_ROAD_OWN + h])
        if r >= 0:
            a, b = B.ORI_ENDS[int(view[S.H_ROAD_OR + h])]
            k = svg.SQRT3 / 2
            pts = [(X[h] + k * _DIRS[a][0], Y[h] + k * _DIRS[a][1]), (X[h], Y[h]),
                   (X[h] + k * _DIRS[b][0], Y[h] + k * _DIRS[b][1])]
            path = " ".join(f"{px:.3f},{py:.3f}" for px, py in pts)
            out.append(f'<polyline points="{path}" fill="none" stroke="{_colour(view, r)}" stroke-width="0.28" '
                       'stroke-linecap="round" stroke-linejoin="round"/>')
    for m in range(int(view[S.S_NEXT_MARKET])):
        state = int(view[S.K_STATE + m])
        if state == S.MK_NONE:
            continue
        h = int(view[S.K_HEX + m])
        fill = _colour(view, int(view[S.K_OWNER + m]))
        out.append(f'<rect x="{X[h] - 0.22:.3f}" y="{Y[h] - 0.22:.3f}" width="0.44" height="0.44" fill="{fill}" '
                   f'stroke="{"#000" if state == S.MK_UNSOLD else "#fff"}" stroke-width="0.08"/>')
    return "".join(out)


def seat_lines(view, ctx, viewer) -> list[str]:
    """One line per seat: colour, track points, stocks. Magna Grecia hides only the round tiles
    beyond the visible ones (the same for every seat), shown as '?'."""
    n = int(view[S.S_NP])
    out = []
    for s in range(n):
        out.append(f"seat {s} ({COLOUR_NAMES[int(view[S.S_COLOUR + s]) % 4]}): {int(view[S.S_POINTS + s])} track points, "
                   f"stock {int(view[S.S_STOCK_ROAD + s])} roads / {int(view[S.S_STOCK_CITY + s])} city tiles")
    tiles = [B.TILE_NAMES[int(t)] if t >= 0 else "?" for t in view[S.S_STACK:S.S_STACK + 12]]
    out.append("round tiles: " + " ".join(tiles[:int(view[S.S_ROUNDS]) or 12]))
    return out


def seat_colour(view, seat) -> str:
    return _colour(view, seat)


# ---------------------------------------------------------------- report heatmaps (reports/board.py)

def heatmaps(players: int, params: dict, game: str = "magna-grecia") -> list:
    """(Heatmap, location labels, shapes, background, size) of each map of a Magna Grecia report."""
    from reports.board import Heatmap
    from sim.magna_grecia.results import LOC_WORDS
    labels = [f"r{int(r)}c{int(c)}" for r, c in zip(B.HEX_ROW, B.HEX_COL)]
    generated = str(params.get("board", "classic")) == "generated"
    board_seed = int(params.get("gen_board_seed", -1))
    kinds = B.CLASSIC_KIND
    where = ""
    if generated and board_seed >= 0:
        kinds = board_kinds(players, params)
        where = f" Generated board {board_seed} (`gen_board_seed`), its villages dotted."
    elif generated:
        kinds = None
        where = (" Generated boards, one per game: a hex pools different boards, so no villages are drawn; "
                 "`--set gen_board_seed=N` fixes one board and gives its own maps.")

    def land(ax):
        _land(ax, kinds)
    maps = [
        Heatmap("mg_cities", "Where the cities stand at the end", "city", "seat_set", "share", "hex",
                words=LOC_WORDS, caption="Share of seat-games with a city tile of the seat on each hex at the "
                "end of the game (all cities alive at the end, merged ones under their new owner)." + where),
        Heatmap("mg_city_lift", "Win-rate lift of a city on each hex", "city", "seat_set", "lift", "hex",
                words=LOC_WORDS, caption="Win rate of seat-games with a city tile on the hex at the end minus "
                "those without, adjusted for seat." + where),
        Heatmap("mg_markets", "Where markets are built", "market", "seat_set", "share", "hex", words=LOC_WORDS,
                caption="Share of seat-games in which the seat built a market on the hex (sold and removed "
                "markets included)." + where),
        Heatmap("mg_market_lift", "Win-rate lift of a market on each hex", "market", "seat_set", "lift", "hex",
                words=LOC_WORDS, caption="Win rate of seat-games that built a market on the hex minus those that "
                "did not, adjusted for seat." + where),
        Heatmap("mg_oracle_lift", "Which oracles decide games", "oracle", "seat_set", "lift", "hex",
                present="oracles", words=LOC_WORDS, caption="Among games with an oracle on the hex: win rate of "
                "seats controlling it at the end minus seats not controlling it, adjusted for seat; n = "
                "seat-games controlling it." + where),
    ]
    return [(m, labels, _hex_shape, land, (10.5, 8.4)) for m in maps]


def board_kinds(players: int, params: dict) -> np.ndarray:
    """Village kinds of the fixed generated board (gen_board_seed >= 0): set up one game, read the
    board (the engine's own generator; every game of the run has this board)."""
    from sim import get_game
    from sim.magna_grecia import engine as E
    vec = get_game("magna-grecia").params.vector(params)
    ctx = E.make_ctx(players, vec)
    st = np.zeros(E.STATE_SIZE, np.int32)
    E.new_game(st, ctx, np.int64(players), np.int64(0), np.int64(0))
    return np.asarray(st[S.H_KIND:S.H_KIND + B.N]).copy()


def _hex_shape(ax, h):
    from matplotlib.patches import RegularPolygon
    return RegularPolygon((X[h], -Y[h]), 6, radius=0.98, orientation=0.0), (X[h], -Y[h] - 0.1), 3.8


def _land(ax, kinds):
    """Villages as small dots at the top of their hex (brown: inland, dark: frontier)."""
    from matplotlib.patches import Circle
    if kinds is None:
        return
    for h in range(B.N):
        if kinds[h]:
            ax.add_patch(Circle((X[h], -Y[h] + 0.62), 0.14, facecolor="#8d6e63" if kinds[h] == B.INLAND_VILLAGE
                                else "#3e2723", edgecolor="none", zorder=5))
