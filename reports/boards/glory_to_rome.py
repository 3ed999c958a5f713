"""Glory to Rome has no board: its picture is the building grid, the 40 buildings in one column
per material (Rubble 4, Wood 4, Concrete, Brick, Stone and Marble 8 each), which the replay fills
with each seat's foundations and completed buildings and the report colours by component lift."""
from __future__ import annotations

import numpy as np
import pandas as pd

from reports.boards import svg
from sim.glory_to_rome import board as B
from sim.glory_to_rome import state as S

CELL_W, CELL_H = 3.2, 1.0
MATERIAL_COLOURS = ("#d7ccc8", "#a1887f", "#bdbdbd", "#ef9a9a", "#90a4ae", "#f5f5f5")


def cell_xy() -> np.ndarray:
    """Top-left corner of every building's cell: column = material, row = order within it."""
    out = np.zeros((B.NK, 2))
    seen = [0] * 6
    for k in range(B.NK):
        m = int(B.MAT[k])
        out[k] = (m * CELL_W, 1.0 + seen[m] * CELL_H)
        seen[m] += 1
    return out


XY = cell_xy()


def names(view) -> tuple[str, ...]:
    republic = int(view[S.G_PRM + S.P_RULESET]) == 1
    return B.REPUBLIC_NAMES if republic else B.BUILDING_NAMES


def static_svg(st, ctx) -> tuple[str, str]:
    out = []
    for m in range(6):
        out.append(svg.text(m * CELL_W + CELL_W / 2, 0.5, B.MATERIAL_NAMES[m], 0.42, weight="bold"))
    nm = names(st)
    for k in range(B.NK):
        x, y = XY[k]
        out.append(f'<rect x="{x + 0.05:.2f}" y="{y + 0.05:.2f}" width="{CELL_W - 0.1:.2f}" height="{CELL_H - 0.1:.2f}" '
                   f'fill="{MATERIAL_COLOURS[int(B.MAT[k])]}" stroke="#777" stroke-width="0.03"/>')
        out.append(svg.text(x + 0.15, y + 0.32, nm[k], 0.3, anchor="start"))
    out.append(svg.text(0.0, 10.8, "squares: a seat's building (filled: completed, outlined: foundation)", 0.36,
                        "#555", anchor="start"))
    return f"-0.3 -0.2 {6 * CELL_W + 0.6:.2f} {1.0 + 8 * CELL_H + 2.6:.2f}", "".join(out)


def seat_colour(view, seat) -> str:
    return svg.SEAT_COLOURS[seat % len(svg.SEAT_COLOURS)]


def pieces_svg(view, ctx) -> str:
    """Per building, one small square per seat holding it: outlined = foundation, filled =
    completed; below the grid the pool and the in-town sites left."""
    n = int(view[S.G_N])
    out = []
    for k in range(B.NK):
        x, y = XY[k]
        for q in range(n):
            state = int(view[S.P0 + q * S.PSZ + S.O_BST + k])
            if state:
                c = seat_colour(view, q)
                out.append(f'<rect x="{x + 0.2 + 0.45 * q:.2f}" y="{y + 0.55:.2f}" width="0.35" height="0.3" '
                           f'fill="{c if state == 2 else "#ffffff"}" stroke="{c}" stroke-width="0.08">'
                           f'<title>seat {q}: {"completed" if state == 2 else "foundation"}</title></rect>')
    pool = ", ".join(f"{int(view[S.G_POOL + m])} {B.MATERIAL_NAMES[m].lower()}" for m in range(6) if view[S.G_POOL + m])
    sites = ", ".join(f"{int(view[S.G_SIN + m])} {B.MATERIAL_NAMES[m].lower()}" for m in range(6))
    out.append(svg.text(0.0, 9.6, f"pool: {pool or 'empty'}", 0.4, anchor="start"))
    out.append(svg.text(0.0, 10.2, f"in-town sites: {sites}", 0.4, anchor="start"))
    return "".join(out)


def seat_lines(view, ctx, viewer) -> list[str]:
    """Per seat: influence, clients, stockpile; the hand card by card for the seat
    shown (every seat with --reveal), the others' hands by size only (from the observation)."""
    n = int(view[S.G_N])
    nm = names(view)
    out = []
    for q in range(n):
        b = S.P0 + q * S.PSZ
        clients = ", ".join(f"{int(view[b + S.O_CLI + r])} {B.ROLE_NAMES[r].lower()}" for r in range(6) if view[b + S.O_CLI + r])
        stock = ", ".join(f"{int(view[b + S.O_STOCK + m])} {B.MATERIAL_NAMES[m].lower()}" for m in range(6) if view[b + S.O_STOCK + m])
        line = (f"seat {q}: influence {int(view[b + S.O_INFL])}; "
                f"clients {clients or 'none'}; stockpile {stock or 'empty'}; ")
        if viewer is None or q == viewer:
            hand = ", ".join(f"{int(view[b + S.O_HAND + k])} {nm[k]}" for k in range(B.NK) if view[b + S.O_HAND + k])
            line += f"hand {hand or 'no order cards'} + {int(view[b + S.O_HJ])} jacks"
        else:
            line += f"{int(view[b + S.O_HN])} order cards + {int(view[b + S.O_HJ])} jacks in hand (hidden)"
        out.append(line)
    return out


# ---------------------------------------------------------------- report map (reports/board.py)

def heatmaps(players: int, params: dict, game: str = "glory-to-rome") -> list:
    """No location columns: Glory to Rome's map is the building grid of the component table."""
    return []


def component_map(tables: dict, title: str, stamp: str = ""):
    """The building grid coloured by each building's component effect (the Components table's
    stated estimand: win rate with minus without among seats holding as many other buildings,
    Mantel-Haenszel, Sato 95% interval); grey: too few to judge; pale and hatched: the interval
    covers 0. Returns (Figure, table) or None without a component table."""
    from matplotlib import colors as mcolors
    from matplotlib.cm import ScalarMappable
    from matplotlib.patches import Rectangle
    from reports import plots
    from reports.board import _cmap, _ink
    tab = tables.get("components_built")
    if tab is None or not len(tab):
        return None
    by_label = {str(r["component"]).lower(): r for _, r in tab.iterrows()}
    vals = tab["adj_points"].to_numpy(float)
    vals = vals[np.isfinite(vals)]
    m = float(np.nanmax(np.abs(vals))) if len(vals) else 1.0
    norm = mcolors.TwoSlopeNorm(vmin=-max(m, 1e-3), vcenter=0.0, vmax=max(m, 1e-3))
    cmap = _cmap("RdBu")
    fig = plots.figure(10.5, 5.6)
    ax = fig.add_subplot(1, 1, 1)
    ax.axis("off")
    rows = []
    for k in range(B.NK):
        x, y = XY[k]
        name = B.BUILDING_NAMES[k]
        r = by_label.get(name.lower())
        eff = float(r["adj_points"]) if r is not None and np.isfinite(r["adj_points"]) else np.nan
        lo = float(r["adj_low"]) if r is not None else np.nan
        hi = float(r["adj_high"]) if r is not None else np.nan
        n = int(r["seat_games"]) if r is not None else 0
        rect = Rectangle((x + 0.05, -(y + CELL_H) + 0.05), CELL_W - 0.1, CELL_H - 0.1, edgecolor="#555", lw=0.4)
        if np.isfinite(eff):
            covers = not (lo > 0 or hi < 0)
            rect.set_facecolor(cmap(norm(eff)))
            rect.set_alpha(0.45 if covers else 1.0)
            if covers:
                rect.set_hatch("////")
            label = f"{name}\nn={n:,}  {eff:+.1f} [{lo:+.1f}, {hi:+.1f}]"
        else:
            rect.set_facecolor("#cfcfcf")
            label = f"{name}\nn={n:,}  too few"
        ax.add_patch(rect)
        ax.text(x + 0.12, -(y + CELL_H / 2), label, fontsize=5.2, va="center", ha="left",
                color=_ink(rect.get_facecolor()) if np.isfinite(eff) else "#111")
        rows.append({"building": name, "material": B.MATERIAL_NAMES[int(B.MAT[k])], "seat_games": n,
                     "effect_points": eff, "low": lo, "high": hi})
    for mm in range(6):
        ax.text(mm * CELL_W + CELL_W / 2, -0.5, B.MATERIAL_NAMES[mm], fontsize=8, ha="center", weight="bold")
    ax.set_xlim(-0.2, 6 * CELL_W + 0.2)
    ax.set_ylim(-(1.0 + 8 * CELL_H) - 0.2, 0.0)
    cb = fig.colorbar(ScalarMappable(norm=norm, cmap=cmap), ax=ax, fraction=0.025, pad=0.01)
    cb.set_label("effect of holding (points)", fontsize=8)
    fig.suptitle(title, fontsize=10)
    fig.text(0.01, 0.005 + (0.02 if stamp else 0), "grey: too few to judge; pale and hatched: 95% interval covers 0; "
             "n = seat-games holding the building at the end", fontsize=7, color="#444")
    if stamp:
        fig.text(0.99, 0.005, stamp, fontsize=6, color="#777", ha="right", va="bottom")
    return fig, pd.DataFrame(rows)
