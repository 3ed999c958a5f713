"""Mare Nostrum's map for the replay and the report heatmaps. The map data (sim/mare_nostrum/
board.py) is a graph without coordinates, so each province and sea is placed at the rough
longitude / latitude of the place it names (fixed, hand-entered; Poseidonis, the Atlantis
island, west of Gibraltar): a designer recognises the Mediterranean, and the layout never moves
between runs, which a force-directed layout cannot promise."""
from __future__ import annotations

import numpy as np

from reports.boards import svg
from sim.mare_nostrum import board as B
from sim.mare_nostrum import state as S

# (longitude, latitude) of provinces 0..40 (board.MAP_TEXT order) and seas 0..11 (SEA_TEXT)
PROVINCE_LONLAT = [
    (10.0, 45.3), (11.2, 43.3), (12.5, 41.9), (14.8, 40.8), (16.3, 39.0), (9.0, 40.5), (14.0, 37.5),
    (6.5, 36.0), (10.2, 36.8), (10.5, 34.6), (14.5, 31.5), (21.5, 32.0), (29.9, 31.0), (32.6, 26.5),
    (35.2, 31.5), (35.6, 33.9), (36.5, 36.3), (39.0, 29.5), (44.4, 32.5), (43.1, 36.3), (41.5, 40.0),
    (34.3, 37.2), (36.5, 39.0), (33.5, 41.4), (28.2, 38.3), (26.8, 40.1), (23.7, 37.9), (22.5, 40.8),
    (18.5, 42.8), (25.5, 42.3), (29.2, 41.2), (24.9, 35.2), (33.2, 35.1), (-13.0, 35.5), (-8.2, 39.5),
    (-5.0, 37.4), (0.5, 41.5), (4.0, 43.6), (3.0, 46.5), (-5.5, 34.2), (1.5, 35.5)]
SEA_LONLAT = [(11.7, 39.6), (7.0, 39.0), (12.3, 35.8), (16.0, 42.9), (18.5, 37.5), (22.0, 34.0), (25.4, 37.1),
              (30.0, 33.2), (31.3, 36.4), (34.0, 43.5), (3.0, 39.3), (-11.0, 38.5)]
CIV_COLOURS = ("#c0392b", "#2471a3", "#7d3c98", "#b9770e", "#d4ac0d", "#148f77")   # Rome ... Atlantis
SCALE = 0.8


def positions() -> tuple[np.ndarray, np.ndarray]:
    """(provinces, seas) as x, y (x east, y south)."""
    p = np.array([(lon * SCALE, -lat * SCALE * 1.25) for lon, lat in PROVINCE_LONLAT])
    s = np.array([(lon * SCALE, -lat * SCALE * 1.25) for lon, lat in SEA_LONLAT])
    return p, s


PROV_XY, SEA_XY = positions()


def short(name: str) -> str:
    return name.split(" (")[0].replace("Mauretania ", "Maur. ").replace("Gallia ", "G. ")


def edges() -> tuple[list, list]:
    """Land adjacencies (with the straits) and province-sea links of the Mythology map."""
    land = [(i, j) for i in range(B.NP) for j in range(i + 1, B.NP) if B.LAND_ADJ[1, i, j]]
    land += [(a - 1, b - 1) for a, b in B.STRAITS if (a - 1, b - 1) not in land]
    sea = [(i, s) for i in range(B.NP) for s in range(B.NS) if B.PS_ADJ[1, i, s]]
    return land, sea


def static_svg(st, ctx) -> tuple[str, str]:
    land, sea = edges()
    out = []
    for i, s in sea:
        out.append(svg.line(*PROV_XY[i], *SEA_XY[s], "#a9cce3", 0.05))
    for i, j in land:
        out.append(svg.line(*PROV_XY[i], *PROV_XY[j], "#a39e93", 0.08))
    for s in range(B.NS):
        out.append(svg.circle(*SEA_XY[s], 0.75, "#d6eaf8", "#85c1e9"))
        out.append(svg.text(SEA_XY[s][0], SEA_XY[s][1], B.SEA_CODES[s], 0.32, "#1b4f72"))
    for i in range(B.NP):
        out.append(svg.text(PROV_XY[i][0], PROV_XY[i][1] + 0.95, short(B.PROV_NAMES[i]), 0.3, "#333"))
    xs = np.concatenate([PROV_XY[:, 0], SEA_XY[:, 0]])
    ys = np.concatenate([PROV_XY[:, 1], SEA_XY[:, 1]])
    return svg.view_box(xs, ys, 1.8), "".join(out)


def seat_colour(view, seat) -> str:
    return CIV_COLOURS[int(view[S.CIV_OF + seat]) % 6]


def _units(view, owner, loc) -> np.ndarray:
    b = S.UNITS + (owner * B.NL + loc) * 4
    return np.asarray(view[b:b + 4])


def pieces_svg(view, ctx) -> str:
    """Provinces filled in the colour of the influence marker's owner (white: none); per owner a
    count of units (legions + creatures + fortresses); fleets on the seas; C / M / T for cities,
    markets and temples."""
    n = int(view[S.H_NP])
    out = []
    for i in range(B.NP):
        m = int(view[S.INFL + i])
        fill = seat_colour(view, m - 1) if m > 0 else "#ffffff"
        x, y = PROV_XY[i]
        out.append(svg.circle(x, y, 0.62, fill, "#333", 0.05, title=B.PROV_NAMES[i]))
        marks = "".join(k for k, f in (("C", S.CITY), ("M", S.MARKET), ("T", S.TEMPLE)) if view[f + i])
        if marks:
            out.append(svg.text(x, y, marks, 0.34, "#000", weight="bold"))
        k = 0
        for o in range(n):
            u = _units(view, o, i)
            if u.sum():
                out.append(svg.circle(x - 0.55 + 0.4 * k, y - 0.7, 0.2, seat_colour(view, o), "#000", 0.03,
                                      title=f"seat {o}: {int(u[0])} legions, {int(u[1])} creatures, {int(u[2])} fortresses"))
                out.append(svg.text(x - 0.55 + 0.4 * k, y - 0.7, int(u[0] + u[1] + u[2]), 0.22, "#fff"))
                k += 1
    for s in range(B.NS):
        k = 0
        for o in range(n):
            t = int(_units(view, o, B.NP + s)[3])
            if t:
                x, y = SEA_XY[s]
                out.append(svg.circle(x - 0.4 + 0.4 * k, y + 0.55, 0.2, seat_colour(view, o), "#000", 0.03,
                                      title=f"seat {o}: {t} triremes"))
                out.append(svg.text(x - 0.4 + 0.4 * k, y + 0.55, t, 0.22, "#fff"))
                k += 1
    return "".join(out)


def seat_lines(view, ctx, viewer) -> list[str]:
    """Per seat: civilization, provinces, heroes and wonders, and the hand card by card for the
    seat shown (every seat with --reveal); the others' hands only by size (the observation keeps
    the size in the hand's first slot)."""
    n = int(view[S.H_NP])
    out = []
    for o in range(n):
        civ = B.CIVS[int(view[S.CIV_OF + o])]
        provinces = int((np.asarray(view[S.INFL:S.INFL + B.NP]) == o + 1).sum())
        hw = int((np.asarray(view[S.HERO:S.HERO + 33]) == o + 1).sum() + (np.asarray(view[S.WONDER:S.WONDER + 7]) == o + 1).sum())
        hand = np.asarray(view[S.HAND + o * B.N_TYPES:S.HAND + (o + 1) * B.N_TYPES])
        line = f"seat {o} ({civ}): {provinces} provinces, {hw} heroes/wonders; "
        if viewer is None or o == viewer:
            cards = ", ".join(f"{int(k)} {nm}" for k, nm in zip(hand, S.TYPE_NAMES) if k)
            line += "hand " + (cards or "empty")
        else:
            line += f"{int(hand[0])} cards in hand (hidden)"
        out.append(line)
    roles = [f"{r}: seat {int(view[S.ROLE + k])}" for k, r in enumerate(B.ROLES) if view[S.ROLE + k] >= 0]
    out.append("roles: " + (", ".join(roles) or "none"))
    return out


# ---------------------------------------------------------------- report heatmaps (reports/board.py)

def heatmaps(players: int, params: dict, game: str = "mare-nostrum") -> list:
    """(Heatmap, labels, shapes, background, size) of each map of a Mare Nostrum report: the
    provinces each seat marks at the end (its influence markers), their win lift, and the lift per
    civilization (strata: the seats that played it)."""
    from reports.board import Heatmap
    labels = [short(n) for n in B.PROV_NAMES]

    def shape(ax, i):
        from matplotlib.patches import Circle
        return Circle((PROV_XY[i, 0], -PROV_XY[i, 1]), 0.95), (PROV_XY[i, 0], -PROV_XY[i, 1]), 5.0

    def background(ax):
        from matplotlib.patches import Circle
        land, sea = edges()
        for i, s in sea:
            ax.plot([PROV_XY[i, 0], SEA_XY[s, 0]], [-PROV_XY[i, 1], -SEA_XY[s, 1]], color="#a9cce3", lw=0.4, zorder=0)
        for i, j in land:
            ax.plot([PROV_XY[i, 0], PROV_XY[j, 0]], [-PROV_XY[i, 1], -PROV_XY[j, 1]], color="#a39e93", lw=0.7, zorder=0)
        for s in range(B.NS):
            ax.add_patch(Circle((SEA_XY[s, 0], -SEA_XY[s, 1]), 0.8, facecolor="#d6eaf8", edgecolor="#85c1e9", lw=0.4))
            ax.text(SEA_XY[s, 0], -SEA_XY[s, 1], B.SEA_CODES[s], fontsize=5, ha="center", va="center", color="#1b4f72")
        for i in range(B.NP):
            ax.text(PROV_XY[i, 0], -PROV_XY[i, 1] - 1.3, labels[i], fontsize=4.5, ha="center", va="center", color="#333")

    maps = [
        Heatmap("mn_control", "Who holds which province at the end", "provinces", "seat_set", "share", "map",
                caption="Share of seat-games in which the seat's influence marker is on the province at the end "
                "(the map data has no coordinates: provinces sit at the rough position of the place they name)."),
        Heatmap("mn_control_lift", "Win-rate lift of holding each province", "provinces", "seat_set", "lift", "map",
                caption="Win rate of seat-games holding the province at the end minus those not holding it, "
                "adjusted for seat. A province held at the end is partly a result of winning, and most provinces "
                "are some civilization's home: their lift mixes the province with that civilization's strength "
                "(the per-civilization map below separates the two)."),
        Heatmap("mn_control_lift_civ", "Win-rate lift of holding each province, per civilization", "provinces",
                "seat_set", "lift", "map", group="civ", group_labels=tuple(B.CIVS),
                caption="The same lift among the seats that played each civilization (strata: their seats); a "
                "civilization's home provinces are held in most of its games, so their lift is often too few to "
                "judge (grey)."),
    ]
    return [(m, labels, shape, background, (11.0, 5.0)) for m in maps]
