"""Board heatmaps: where on the board games are decided (issue 17).

A game's picture module (reports/boards/<game>.py) declares its maps (`HEATMAPS`) over the
`loc_*` result columns its engine records (metric=False columns: where each seat's pieces stand at
the end, its first settlements, the robber...). This module folds those columns over the chunk
files like every other table (counts per location, seat and group; memory flat in games), turns
them into one row per location and draws each map as PNG and SVG with matplotlib.

Two kinds of map:
- **frequency** (`stat="share"`): how often a location holds a seat's piece: the share of
  seat-games (Wilson 95% interval), or for per-game values (production, the robber) the mean per
  game (normal 95% interval) or the share of games.
- **lift** (`stat="lift"`): the win rate of seat-games holding the location minus those not
  holding it, **adjusted for seat**: the Mantel-Haenszel risk difference over the seats as strata
  (each seat compared with itself; Sato 95% interval valid for sparse strata; p from the
  Cochran-Mantel-Haenszel test, reports/component_effect.stratified_effect). A map may be
  conditioned on a location being in play (an oracle standing on the hex) and split by a group
  (a civilization: strata are then the seats playing that civilization).

Every cell shows its sample size; a cell with fewer than MIN_CELL seat-games on either side
(holding / not holding) is grey and has no estimate; the colour is the point estimate, and cells
whose 95% interval covers 0 are drawn pale and hatched. A lift is an association: seats that hold a
good location may hold it because they were already winning, and players choose their spots, so
the map says where winners build, not that building there wins.
"""
from __future__ import annotations

import io
import math
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from reports import stats
from reports.component_effect import stratified_effect

MIN_CELL = 30          # seat-games (or games) with and without a location for an estimate
BITS = 50              # bits per loc word (sim/magna_grecia/results.py LOC_BITS; exact in float64)


@dataclass(frozen=True)
class Heatmap:
    """One map of a game. `column`: the loc_* base name; `source`:
    "seat_set"   bit words `loc_<column>_w<j>_<seat>` (a set of locations per seat-game),
    "seat_index" `loc_<column>_<seat>` holds one location index (-1 none),
    "game_value" `loc_<column><L>` one value per location and game (e.g. loc_prod_h3),
    "game_index" `loc_<column>` one location index per game (e.g. the robber's hex).
    `present`: a game-level bit-word base (`loc_<present>_w<j>`): only games where the location is
    in play count (an oracle on the hex). `group`: a seat column whose value splits the map (civ).
    `column` may be a tuple of seat_index bases, one panel each (`group_labels` names them, `group`
    is then only the heading of that column in tables).
    `stat`: "lift" or "share"; `layer`: the picture's geometry to draw on."""
    name: str
    title: str
    column: str
    source: str
    stat: str
    layer: str
    present: str = ""
    group: str = ""
    group_labels: tuple = ()
    words: int = 1
    caption: str = ""


@dataclass
class LocationCounts:
    """Counts per (group, seat, location): seat-games holding it (n, wins) and in play (base)."""
    n: np.ndarray
    w: np.ndarray
    base_n: np.ndarray
    base_w: np.ndarray
    games: int = 0
    values: np.ndarray = field(default_factory=lambda: np.zeros(0))      # game_value: sum per location
    values2: np.ndarray = field(default_factory=lambda: np.zeros(0))     # sum of squares


def _bits(words: np.ndarray, n_loc: int) -> np.ndarray:
    """Bit words (rows x words, float64 holding ints) -> bool rows x n_loc."""
    w = np.nan_to_num(words, nan=0.0).astype(np.int64)
    out = np.zeros((w.shape[0], n_loc), bool)
    for L in range(n_loc):
        j, b = divmod(L, BITS)
        if j < w.shape[1]:
            out[:, L] = (w[:, j] >> b) & 1 == 1
    return out


def columns_of(h: Heatmap, players: int, n_loc: int = 0) -> list[str]:
    """The result columns a map reads (win columns included)."""
    cols = [f"win_{k}" for k in range(players)]
    if h.source == "game_value":
        cols += [f"loc_{h.column}{L}" for L in range(n_loc)]
    if h.source == "seat_set":
        cols += [f"loc_{h.column}_w{j}_{k}" for j in range(h.words) for k in range(players)]
    elif h.source == "seat_index":
        cols += [f"loc_{c}_{k}" for c in _bases(h) for k in range(players)]
    elif h.source == "game_index":
        cols += [f"loc_{h.column}"]
    if h.present:
        cols += [f"loc_{h.present}_w{j}" for j in range(h.words)]
    if h.group and not isinstance(h.column, tuple):
        cols += [f"{h.group}_{k}" for k in range(players)]
    return cols


def _bases(h: Heatmap) -> tuple:
    return h.column if isinstance(h.column, tuple) else (h.column,)


def fold(chunks, h: Heatmap, players: int, n_loc: int) -> LocationCounts:
    """Fold one map's counts over an iterable of result frames (one chunk at a time)."""
    groups = max(1, len(h.group_labels))
    shape = (groups, players, n_loc)
    c = LocationCounts(np.zeros(shape), np.zeros(shape), np.zeros(shape), np.zeros(shape))
    if h.source == "game_value":
        c.values, c.values2 = np.zeros(n_loc), np.zeros(n_loc)
    for df in chunks:
        rows = len(df)
        if not rows:
            continue
        c.games += rows
        if h.source == "game_value":
            v = np.column_stack([df[f"loc_{h.column}{L}"].to_numpy(float) for L in range(n_loc)])
            c.values += np.nansum(v, axis=0)
            c.values2 += np.nansum(v * v, axis=0)
            continue
        if h.source == "game_index":
            idx = df[f"loc_{h.column}"].to_numpy(float)
            ok = (idx >= 0) & (idx < n_loc)
            np.add.at(c.n[0, 0], idx[ok].astype(np.int64), 1.0)
            c.base_n[0, 0] += rows
            continue
        present = (_bits(np.column_stack([df[f"loc_{h.present}_w{j}"].to_numpy(float) for j in range(h.words)]), n_loc)
                   if h.present else np.ones((rows, n_loc), bool))
        for k in range(players):
            win = np.nan_to_num(df[f"win_{k}"].to_numpy(float))
            if isinstance(h.column, tuple):        # one panel per column
                for g, base in enumerate(h.column):
                    held = _held_index(df[f"loc_{base}_{k}"], rows, n_loc) & present
                    _add(c, g, k, held, present, win)
                continue
            if h.source == "seat_set":
                held = _bits(np.column_stack([df[f"loc_{h.column}_w{j}_{k}"].to_numpy(float)
                                              for j in range(h.words)]), n_loc)
            else:
                held = _held_index(df[f"loc_{h.column}_{k}"], rows, n_loc)
            held &= present
            grp = (np.nan_to_num(df[f"{h.group}_{k}"].to_numpy(float), nan=-1).astype(np.int64)
                   if h.group else np.zeros(rows, np.int64))
            for g in range(groups):
                m = grp == g
                if m.any():
                    _add(c, g, k, held[m], present[m], win[m])
    return c


def _held_index(col, rows: int, n_loc: int) -> np.ndarray:
    """A location-index column (-1 none) as bool rows x n_loc."""
    idx = np.nan_to_num(col.to_numpy(float), nan=-1).astype(np.int64)
    held = np.zeros((rows, n_loc), bool)
    ok = (idx >= 0) & (idx < n_loc)
    held[np.flatnonzero(ok), idx[ok]] = True
    return held


def _add(c: LocationCounts, g: int, k: int, held, present, win) -> None:
    c.n[g, k] += held.sum(axis=0)
    c.w[g, k] += (held * win[:, None]).sum(axis=0)
    c.base_n[g, k] += present.sum(axis=0)
    c.base_w[g, k] += (present * win[:, None]).sum(axis=0)


def table(h: Heatmap, c: LocationCounts, labels, min_cell: int = MIN_CELL) -> pd.DataFrame:
    """One row per (group, location): n (seat-games holding it), base (in play), share with its
    Wilson interval, and for lift maps the win rate with it, the seat-adjusted lift (points) with
    its Sato interval, the CMH p and Benjamini-Hochberg p over the map; `judged` False when either
    side has fewer than `min_cell` seat-games."""
    rows = []
    n_loc = len(labels)
    if h.source == "game_value":
        g = max(c.games, 1)
        for L in range(n_loc):
            mean = c.values[L] / g
            var = max(c.values2[L] / g - mean * mean, 0.0) * g / max(g - 1, 1)
            half = stats.z_value() * math.sqrt(var / g)
            rows.append({"group": "", "location": L, "label": labels[L], "n": c.games, "base": c.games,
                         "value": mean, "low": mean - half, "high": mean + half, "judged": c.games >= min_cell})
        return pd.DataFrame(rows)
    groups = h.group_labels or ("",)
    for gi, gname in enumerate(groups):
        for L in range(n_loc):
            n1 = c.n[gi, :, L]
            base = c.base_n[gi, :, L]
            n_with, n_base = float(n1.sum()), float(base.sum())
            lo, hi = stats.wilson(n_with, n_base) if n_base else (np.nan, np.nan)
            r = {"group": gname, "location": L, "label": labels[L], "n": n_with, "base": n_base,
                 "share": n_with / n_base if n_base else np.nan, "share_low": lo, "share_high": hi}
            if h.source == "game_index":
                r.update(value=r["share"], low=lo, high=hi, judged=n_base >= min_cell)
            else:
                w1 = c.w[gi, :, L]
                n0, w0 = base - n1, c.base_w[gi, :, L] - w1
                eff = stratified_effect((n1, w1, n0, w0))
                judged = eff["n_with"] >= min_cell and eff["n_without"] >= min_cell
                wl, wh = stats.wilson(float(w1.sum()), n_with) if n_with else (np.nan, np.nan)
                r.update(win_rate=float(w1.sum()) / n_with if n_with else np.nan, win_low=wl, win_high=wh,
                         lift=eff["effect"] if judged else np.nan, lift_low=eff["low"] if judged else np.nan,
                         lift_high=eff["high"] if judged else np.nan, p=eff["p"] if judged else np.nan,
                         judged=judged)
                r.update(value=r["lift"] if h.stat == "lift" else r["share"],
                         low=r["lift_low"] if h.stat == "lift" else lo,
                         high=r["lift_high"] if h.stat == "lift" else hi)
                if h.stat == "share":
                    r["judged"] = n_base >= min_cell
            rows.append(r)
    out = pd.DataFrame(rows)
    if "p" in out:
        ok = out["p"].notna()
        out["p_bh"] = np.nan
        if ok.any():
            out.loc[ok, "p_bh"] = stats.benjamini_hochberg(out.loc[ok, "p"].to_numpy())
    return out


# ---------------------------------------------------------------- drawing

def draw(h: Heatmap, tab: pd.DataFrame, shapes, background=None, title: str = "", stamp: str = "",
         size=(9.0, 7.5), label_every: bool = True):
    """A matplotlib Figure of one map (or one panel per group). `shapes(ax, location)` returns the
    matplotlib patch of a location (a hexagon, a circle, a rectangle), its label position and
    font size; `background(ax)` draws what is under the cells (the board)."""
    from matplotlib import colors as mcolors
    from matplotlib import rc_context
    from matplotlib.collections import PatchCollection
    from reports import plots
    groups = [g for g in tab["group"].unique()] if "group" in tab else [""]
    ncol = min(2 if size[0] > 1.3 * size[1] else 3, len(groups))     # wide maps: two panels a row
    nrow = int(math.ceil(len(groups) / ncol))
    shrink = 0.8 if ncol > 1 else 1.0
    fig = plots.figure(size[0] * ncol * shrink, size[1] * nrow * shrink)
    judged = tab[tab["judged"].astype(bool)]
    vals = judged["value"].to_numpy(float)
    vals = vals[np.isfinite(vals)]
    if h.stat == "lift":
        m = float(np.nanmax(np.abs(vals))) if len(vals) else 0.05
        norm = mcolors.TwoSlopeNorm(vmin=-max(m, 1e-3), vcenter=0.0, vmax=max(m, 1e-3))
        cmap = _cmap("RdBu")
    else:
        norm = mcolors.Normalize(vmin=0.0, vmax=max(float(vals.max()) if len(vals) else 1.0, 1e-9))
        cmap = _cmap("viridis")
    for gi, g in enumerate(groups):
        ax = fig.add_subplot(nrow, ncol, gi + 1)
        ax.set_aspect("equal")
        ax.axis("off")
        if background is not None:
            background(ax)
        sub = tab[tab["group"] == g] if "group" in tab else tab
        cells = {False: ([], []), True: ([], [])}      # hatched or not: (patches, face colours)
        for r in sub.itertuples(index=False):
            patch, (lx, ly), fs = shapes(ax, int(r.location))
            ok = bool(r.judged) and np.isfinite(r.value)
            covers = ok and h.stat == "lift" and not (r.low > 0 or r.high < 0)
            face = (mcolors.to_rgba("#cfcfcf", 0.9) if not ok else
                    mcolors.to_rgba(cmap(norm(r.value)), 0.45 if covers else 1.0))
            cells[covers][0].append(patch)
            cells[covers][1].append(face)
            if label_every or ok:
                n = int(r.n) if h.source != "game_value" else None
                txt = _label(h, r, ok, n)
                if txt:
                    ax.text(lx, ly, txt, ha="center", va="center", fontsize=fs, zorder=6,
                            color=_ink(face) if ok else "#111")
        # one collection per fill style: drawn as one path collection, several times faster than a patch
        # each (a Magna Grecia seats report drew 1,500 cells)
        for covers, (patches, faces) in cells.items():
            if patches:
                with rc_context({"hatch.color": "#55555573"}):   # the edge's grey at the pale fill's alpha
                    ax.add_collection(PatchCollection(patches, facecolors=faces, edgecolors="#555",
                                                      linewidths=0.3, hatch="////" if covers else None, zorder=1))
        ax.autoscale_view()
        if g:
            ax.set_title(str(g), fontsize=9)
    from matplotlib.cm import ScalarMappable
    sm = ScalarMappable(norm=norm, cmap=cmap)
    cb = fig.colorbar(sm, ax=fig.axes, fraction=0.03, pad=0.01)
    cb.set_label(_unit(h), fontsize=8)
    if h.stat == "lift" or h.source != "game_value":
        cb.ax.yaxis.set_major_formatter(_pct_formatter(h))
    fig.suptitle(title, fontsize=10)
    note = (f"grey: fewer than {MIN_CELL} seat-games on a side; pale and hatched: 95% interval covers 0; "
            "labels: n" + (" and lift in points" if h.stat == "lift" else ""))
    if stamp:
        fig.text(0.99, 0.005, stamp, fontsize=6, color="#777", ha="right", va="bottom")
    fig.text(0.01, 0.005 + (0.02 if stamp else 0), note, fontsize=7, color="#444", ha="left", va="bottom")
    return fig


def _ink(rgba) -> str:
    """Label colour readable on a cell: white on dark fills, near-black on light ones."""
    r, g, b, a = rgba
    light = 0.2126 * r + 0.7152 * g + 0.0722 * b
    return "#ffffff" if a > 0.6 and light < 0.45 else "#111111"


def _cmap(name):
    from matplotlib import colormaps
    return colormaps[name]


def _unit(h: Heatmap) -> str:
    if h.stat == "lift":
        return "win-rate lift (points), seat-adjusted"
    if h.source == "game_value":
        return "mean per game"
    return "share of seat-games" if h.source != "game_index" else "share of games"


def _pct_formatter(h: Heatmap):
    from matplotlib.ticker import FuncFormatter
    if h.stat == "lift":
        return FuncFormatter(lambda v, _: f"{100 * v:+.0f}")
    return FuncFormatter(lambda v, _: f"{100 * v:.0f}%")


def _label(h: Heatmap, r, ok: bool, n) -> str:
    if h.source == "game_value":
        return f"{r.value:.1f}" if ok else ""
    if h.stat == "lift":
        return f"{n}\n{100 * r.value:+.0f}" if ok else (f"{n}" if n else "")
    return f"{n}" if n else ""


def figure_bytes(fig) -> tuple[bytes, bytes]:
    """(PNG, SVG) of a figure (PNG deterministic; SVG without a date or random ids)."""
    from reports.plots import png_bytes
    png = png_bytes(fig)
    buf = io.StringIO()
    from matplotlib import rc_context
    # text as SVG text, not outlines: a map's hundreds of cell labels stay searchable and it saves half the
    # SVG's drawing time
    with rc_context({"svg.hashsalt": "agon", "svg.fonttype": "none"}):
        fig.savefig(buf, format="svg", metadata={"Date": None, "Creator": None})
    return png, buf.getvalue().encode("utf-8")


# ---------------------------------------------------------------- the report section

def report_section(run_dir, spec, players: int, params: dict, arm=None, stamp: str = "", label: str = "",
                   tables: dict | None = None):
    """The "Where on the board" section of a run's report: (blocks, images, files, findings, notes).
    Empty when the game has no board picture or the run's results hold no loc_* columns (a run
    made before they were recorded: one line says so)."""
    from reports.boards import picture_of
    from reports.data import iter_chunks, result_columns
    from reports.fmt import integer
    pic = picture_of(getattr(spec, "name", "")) if spec is not None else None
    if pic is None or not hasattr(pic, "heatmaps"):
        return [], {}, {}, [], {}
    present = set(result_columns(run_dir).columns) if _has_chunks(run_dir) else set()
    blocks = [("h", 2, "Where on the board")]
    images, files, findings, notes = {}, {}, [], {}
    if hasattr(pic, "component_map"):        # a game without a board: its component grid
        made = pic.component_map(tables or {}, f"Buildings by material: effect of holding ({label})", stamp)
        if made is None:
            return [], {}, {}, [], {}
        fig, tab = made
        png, svg_ = figure_bytes(fig)
        images["board_buildings.png"] = png
        files["board_buildings.svg"] = svg_
        files["board_buildings.csv"] = tab.to_csv(index=False).encode()
        notes["board_buildings.svg"] = "the building grid as SVG"
        notes["board_buildings.csv"] = "one row per building: seat-games holding it, effect and interval"
        blocks[0] = ("h", 2, "The building grid")
        blocks.append(("img", "board_buildings.png", "buildings by material",
                       "The 40 buildings by material, coloured by the effect of holding each at the end (the "
                       "Components table's estimand: with minus without among seats holding as many other "
                       "buildings; Mantel-Haenszel, Sato 95% interval). Seat position is not a stratum here; the "
                       "seat table above shows how small the seat effect is next to these lifts. An association, "
                       "not a cause: a building held at the end was built by a seat that could afford it."))
        return blocks, images, files, findings, notes
    maps = pic.heatmaps(players, dict(params or {}), spec.name)
    missing = [m for m, labels, *_ in maps if not set(columns_of(m, players, len(labels))) <= present]
    if missing:
        blocks.append(("p", "This run's results hold no board locations (`loc_*` columns, recorded since issue 17); "
                            "rerun the study to draw the board maps."))
        return blocks, images, files, findings, notes
    blocks.append(("p", f"Where the seats' pieces stand, and how holding a place goes with winning ({label}). "
                        "Lift = win rate of seat-games holding the place minus those not holding it, adjusted for "
                        "seat (Mantel-Haenszel over seats, Sato 95% interval). Every cell shows its n; cells with "
                        f"fewer than {MIN_CELL} seat-games on a side are grey; pale hatched cells: the interval "
                        "covers 0. PNG and SVG of every map are in the run folder."))
    for m, labels, shapes, background, size in maps:
        cols = columns_of(m, players, len(labels)) + (["arm"] if arm is not None else [])
        chunks = iter_chunks(run_dir, sorted(set(cols)))
        if arm is not None:
            chunks = (df[df["arm"] == arm] for df in chunks)
        counts = fold(chunks, m, players, len(labels))
        tab = table(m, counts, labels)
        fig = draw(m, tab, shapes, background, f"{m.title} ({label})", stamp, size)
        png, svg_ = figure_bytes(fig)
        images[f"board_{m.name}.png"] = png
        files[f"board_{m.name}.svg"] = svg_
        files[f"board_{m.name}.csv"] = tab.to_csv(index=False).encode()
        notes[f"board_{m.name}.svg"] = f"{m.title}: the map as SVG"
        notes[f"board_{m.name}.csv"] = f"{m.title}: one row per location (n, share, lift and intervals)"
        blocks.append(("h", 3, m.title))
        blocks.append(("img", f"board_{m.name}.png", m.title, m.caption))
        judged = tab[tab["judged"].astype(bool) & tab["value"].notna()]
        if m.stat == "lift" and len(judged):
            top = pd.concat([judged.nlargest(3, "value"), judged.nsmallest(3, "value")]).drop_duplicates(
                ["group", "location"])
            rows = [([str(r.group)] if m.group else []) + [str(r.label), integer(r.n), _pc(r.win_rate),
                     f"{100 * r.lift:+.1f} [{100 * r.lift_low:+.1f}, {100 * r.lift_high:+.1f}]", _p(r.p_bh)]
                    for r in top.itertuples(index=False)]
            blocks.append(("table", ([m.group] if m.group else []) + ["place", "n holding", "win rate holding",
                                                                       "lift (points) [95% CI]", "p (BH)"], rows,
                           f"The three largest and smallest seat-adjusted lifts of {len(judged)} places with enough "
                           "seat-games; BH over the map. An association, not a cause."))
            sig = judged[judged["p_bh"] < 0.05]
            if len(sig):
                best = sig.loc[sig["value"].abs().idxmax()]
                grp = f" ({best['group']})" if m.group else ""
                findings.append(f"{m.title}{grp}: {best['label']} {100 * best['lift']:+.1f} points "
                                f"[{100 * best['lift_low']:+.1f}, {100 * best['lift_high']:+.1f}] for seat-games holding it "
                                f"(n = {integer(best['n'])}, seat-adjusted, BH p {_p(best['p_bh'], '= ')}); "
                                f"{len(sig)} of {len(judged)} places differ from 0 (BH 5%).")
        elif len(judged):
            top = judged.nlargest(5, "value")
            rows = [[str(r.label), integer(r.n) if m.source != "game_value" else integer(counts.games),
                     (_pc(r.value) + f" [{_pc(r.low)}, {_pc(r.high)}]") if m.source != "game_value"
                     else f"{r.value:.2f} [{r.low:.2f}, {r.high:.2f}]"] for r in top.itertuples(index=False)]
            blocks.append(("table", ["place", "n" if m.source != "game_value" else "games",
                                     "share [95% CI]" if m.source != "game_value" else "mean [95% CI]"], rows,
                           "The five places with the highest " + ("share" if m.source != "game_value" else "mean") + " (Wilson or normal 95% intervals)."))
    blocks.append(("p", "What the maps cannot conclude: a lift says where winners' pieces stand, not that placing a "
                        "piece there wins: players choose their places, good players choose good places, and a "
                        "place taken late in a won game is partly a consequence of winning. Seat-games of one game "
                        "are not independent, so the intervals are approximate. The maps hold for these players "
                        "and settings only."))
    return blocks, images, files, findings, notes


def _p(x, eq: str = "") -> str:
    return "< 1e-15" if x < 1e-15 else f"{eq}{x:.2g}"


def _pc(x) -> str:
    return "-" if x is None or not np.isfinite(x) else f"{100 * x:.1f}%"


def _has_chunks(run_dir) -> bool:
    from reports.data import _chunk_files
    try:
        return bool(_chunk_files(run_dir))
    except Exception:
        return False
