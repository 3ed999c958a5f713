"""Matplotlib figures (Agg canvas, no pyplot state). Each function returns a Figure;
`png_bytes(fig)` renders it (deterministic bytes: no timestamp in the PNG).
Distributions are drawn from value counts (histograms weighted by the counts), so a plot of
10^7 games needs only the distinct values."""
from __future__ import annotations

import io

import numpy as np
import pandas as pd
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from reports.aggregate import Dist

__all__ = ["figure", "png_bytes", "seat_win_rates", "score_distributions", "game_lengths",
           "komi_curve", "sweep_heatmap", "strategy_win_rates", "component_lifts",
           "category_win_rates", "category_frequencies", "score_parts", "margin_distributions",
           "seat_rates_by_players", "seat_curves", "DPI"]

DPI = 110


def figure(w=6.4, h=4.0) -> Figure:
    """A matplotlib Figure with the Agg canvas (no pyplot state, safe in workers), at the reports' DPI."""
    fig = Figure(figsize=(w, h), dpi=DPI)
    FigureCanvasAgg(fig)
    return fig


def _finish(fig: Figure, stamp: str = "", note: str = "") -> Figure:
    """Bottom lines: a note (what the error bars are) and, on its own line below it, the
    provenance stamp (version, commit, seed), so the two never overlap; then a tight layout
    above them."""
    line = 11.0 / (fig.get_figheight() * 72.0)      # one 7-point line with its spacing, as a fraction
    y = 0.01
    if stamp:
        fig.text(0.99, y, stamp, fontsize=6, color="#777", ha="right", va="bottom")
        y += line
    if note:
        fig.text(0.01, y, note, fontsize=7, color="#444", ha="left", va="bottom")
        y += line
    fig.tight_layout(rect=(0, y + (0.01 if y > 0.01 else 0) if (note or stamp) else 0, 1, 1))
    return fig


def png_bytes(fig: Figure) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=DPI, metadata={"Software": None})
    return buf.getvalue()


def seat_win_rates(table: pd.DataFrame, players: int, title: str, stamp: str = "") -> Figure:
    """Win rate per seat with simultaneous (Bonferroni) Wilson 95% error bars and the fair line."""
    fig = figure()
    ax = fig.add_subplot()
    x = table["seat"].to_numpy()
    y = 100 * table["win_rate"].to_numpy()
    lo = 100 * table["sim_ci_low"].to_numpy()
    hi = 100 * table["sim_ci_high"].to_numpy()
    ax.errorbar(x, y, yerr=[y - lo, hi - y], fmt="o", color="#35608f", ms=7, ecolor="black", capsize=6, lw=1.4)
    ax.axhline(100 / players, color="#c0392b", ls="--", lw=1.2, label=f"fair 1/{players} = {100 / players:.4g}%")
    ax.set_xticks(x, [f"seat {k}" for k in x])
    ax.set_xlim(-0.6, len(x) - 0.4)
    ax.set_ylabel("win rate (%)")
    lo_lim = min(float(lo.min()), 100 / players)
    hi_lim = max(float(hi.max()), 100 / players)
    pad = max(0.15 * (hi_lim - lo_lim), 0.5)
    ax.set_ylim(max(0.0, lo_lim - pad), min(100.0, hi_lim + pad))
    ax.set_title(title, fontsize=10)
    ax.legend(loc="best", fontsize=8)
    m = 1 if players == 2 else players
    note = (f"error bars: simultaneous 95% Wilson intervals (Bonferroni over {m} seats)" if m > 1 else
            "error bars: 95% Wilson intervals (2 seats: one rate fixes the other, one test)")
    return _finish(fig, stamp, note)


def score_distributions(scores: pd.DataFrame, players: int, title: str, stamp: str = "") -> Figure:
    """Histogram (step) of final scores per seat on shared bins; `scores` holds value counts
    (columns seat, score, n)."""
    fig = figure()
    ax = fig.add_subplot()
    v = scores["score"].to_numpy(dtype=float)
    fin = np.isfinite(v)
    finite = v[fin]
    if finite.size:
        lo, hi = float(finite.min()), float(finite.max())
        integer = np.allclose(finite, np.round(finite))
        if integer and hi - lo <= 80:
            bins = np.arange(lo - 0.5, hi + 1.5, 1.0)
        else:
            bins = np.linspace(lo, hi if hi > lo else lo + 1, 41)
        for k in range(players):
            m = fin & (scores["seat"].to_numpy() == k)
            d = Dist(v[m], scores["n"].to_numpy()[m])
            ax.hist(d.values, bins=bins, weights=d.counts, histtype="step", lw=1.4, density=True,
                    label=f"seat {k} (mean {d.mean():.3g})")
    ax.set_xlabel("final score")
    ax.set_ylabel("share of games")
    ax.set_title(title, fontsize=10)
    ax.legend(fontsize=8)
    return _finish(fig, stamp)


def game_lengths(turns: pd.DataFrame, title: str, stamp: str = "") -> Figure:
    """Histogram of game length in player-turns with mean and median marked; `turns` holds
    value counts (columns value, n)."""
    fig = figure()
    ax = fig.add_subplot()
    d = Dist(turns["value"], turns["n"])
    if d.n:
        lo, hi = d.min(), d.max()
        bins = np.arange(lo - 0.5, hi + 1.5, 1.0) if hi - lo <= 120 else 60
        ax.hist(d.values, bins=bins, weights=d.counts, color="#9cc59a", edgecolor="#4a7d48")
        ax.axvline(d.mean(), color="black", lw=1.2, label=f"mean {d.mean():.4g}")
        ax.axvline(d.median(), color="#c0392b", ls="--", lw=1.2, label=f"median {d.median():.4g}")
        ax.legend(fontsize=8)
    ax.set_xlabel("game length (player-turns)")
    ax.set_ylabel("games")
    ax.set_title(title, fontsize=10)
    return _finish(fig, stamp)


def komi_curve(x, rate, low, high, players: int, param: str, title: str,
               crossing: float | None = None, boot: tuple | None = None, stamp: str = "",
               base: float | None = None) -> Figure:
    """Seat-0 win rate against the swept constant with its 95% Wilson band, the fair
    line 1/p, the base arm (the default value) as a square and the interpolated crossing
    (with its bootstrap interval) when it is identified."""
    fig = figure()
    ax = fig.add_subplot()
    x = np.asarray(x, dtype=float)
    ax.fill_between(x, 100 * np.asarray(low), 100 * np.asarray(high), color="#8fb3d9", alpha=0.5,
                    label="95% Wilson interval (pointwise)")
    ax.plot(x, 100 * np.asarray(rate), "o-", color="#35608f", lw=1.5, ms=4, label="seat 0 win rate")
    ax.axhline(100 / players, color="#c0392b", ls="--", lw=1.2, label=f"fair 1/{players}")
    if base is not None:
        i = int(np.argmin(np.abs(x - base)))
        ax.plot([x[i]], [100 * np.asarray(rate)[i]], "s", color="black", mfc="white", ms=9, mew=1.5,
                label=f"base arm ({param} = {base:g}, the default)", zorder=4)
    if crossing is not None:
        if boot is not None and boot[0] is not None:
            ax.axvspan(boot[0], boot[1], color="#f5b041", alpha=0.3, label="crossing, bootstrap 95%")
        ax.axvline(crossing, color="#d35400", lw=1.2)
        ax.plot([crossing], [100 / players], "D", color="#d35400", ms=7, label=f"fair value {crossing:.3g}")
    ax.set_xlabel(param)
    ax.set_ylabel("seat 0 win rate (%)")
    ax.set_title(title, fontsize=10)
    ax.legend(fontsize=8, loc="best")
    return _finish(fig, stamp)


def sweep_heatmap(grid: pd.DataFrame, p1: str, p2: str, players: int, title: str, stamp: str = "") -> Figure:
    """Seat-0 win rate over a 2-parameter grid (rows p1, columns p2), centred on 1/p."""
    fig = figure(6.8, 4.8)
    ax = fig.add_subplot()
    z = 100 * grid.to_numpy(dtype=float)
    fair = 100 / players
    span = float(np.nanmax(np.abs(z - fair))) if np.isfinite(z).any() else 1.0
    span = max(span, 0.5)
    im = ax.imshow(z, cmap="RdBu_r", vmin=fair - span, vmax=fair + span, aspect="auto", origin="lower")
    ax.set_xticks(range(z.shape[1]), [f"{v:g}" if isinstance(v, (int, float)) else str(v) for v in grid.columns])
    ax.set_yticks(range(z.shape[0]), [f"{v:g}" if isinstance(v, (int, float)) else str(v) for v in grid.index])
    ax.set_xlabel(p2)
    ax.set_ylabel(p1)
    if z.size <= 150:
        for i in range(z.shape[0]):
            for j in range(z.shape[1]):
                if np.isfinite(z[i, j]):
                    dark = abs(z[i, j] - fair) > 0.6 * span
                    ax.text(j, i, f"{z[i, j]:.1f}", ha="center", va="center", fontsize=7,
                            color="white" if dark else "black")
    cb = fig.colorbar(im, ax=ax)
    cb.set_label(f"seat 0 win rate (%); fair {fair:.4g}% = white")
    ax.set_title(title, fontsize=10)
    return _finish(fig, stamp)


def strategy_win_rates(table: pd.DataFrame, players: int, title: str, stamp: str = "") -> Figure:
    """Win share per strategy (all seats) with Wilson 95% error bars and the fair line."""
    fig = figure()
    ax = fig.add_subplot()
    x = np.arange(len(table))
    y = 100 * table["win_rate"].to_numpy()
    lo = 100 * table["ci_low"].to_numpy()
    hi = 100 * table["ci_high"].to_numpy()
    ax.errorbar(x, y, yerr=[y - lo, hi - y], fmt="o", color="#6c3483", ms=7, ecolor="black", capsize=6, lw=1.4)
    ax.set_xlim(-0.6, len(x) - 0.4)
    ax.axhline(100 / players, color="#c0392b", ls="--", lw=1.2, label=f"fair 1/{players}")
    ax.set_xticks(x, table["strategy"].tolist())
    ax.set_ylabel("win share per seat played (%)")
    ax.set_title(title, fontsize=10)
    ax.legend(fontsize=8)
    return _finish(fig, stamp, "error bars: 95% Wilson intervals (per strategy)")


def component_lifts(table: pd.DataFrame, title: str, stamp: str = "") -> Figure:
    """Adjusted lift (win rate with - without among seats holding as many of the family,
    points) per component with its 95% interval, the raw lift as a tick, one row per component
    in table order (largest on top); flagged rows coloured. Tables without adjusted columns
    show the raw lift."""
    m = len(table)
    fig = figure(6.4, max(2.4, 0.8 + 0.22 * m))
    ax = fig.add_subplot()
    y = np.arange(m)[::-1]
    key = "adj" if "adj_points" in table else "lift"
    x = table[f"{key}_points"].to_numpy(dtype=float)
    lo = table[f"{key}_low"].to_numpy(dtype=float)
    hi = table[f"{key}_high"].to_numpy(dtype=float)
    if key == "adj":
        raw = table["lift_points"].to_numpy(dtype=float)
        ax.plot(raw[np.isfinite(raw)], y[np.isfinite(raw)], "|", color="#777", ms=7, label="raw lift")
        ax.legend(fontsize=7, loc="lower right")
    colors = {"strong": "#1e8449", "weak": "#c0392b"}
    col = [colors.get(f, "#35608f") for f in table["flag"].tolist()]
    ok = np.isfinite(x)
    ax.hlines(y[ok], lo[ok], hi[ok], color="black", lw=1.0)
    ax.scatter(x[ok], y[ok], c=[c for c, o in zip(col, ok) if o], s=22, zorder=3)
    ax.axvline(0, color="#777", ls="--", lw=1.0)
    ax.set_yticks(y, table["component"].tolist(), fontsize=7 if m > 20 else 9)
    ax.set_ylim(-0.8, m - 0.2)
    ax.set_xlabel("win rate with minus without (points)"
                  + (", same number of other components held" if key == "adj" else ""))
    ax.set_title(title, fontsize=10)
    return _finish(fig, stamp, "bars: 95% Sato intervals; green/red: too strong/too weak; too few to judge: not drawn")


def category_win_rates(table: pd.DataFrame, players: int, title: str, stamp: str = "") -> Figure:
    """Win rate per category with Wilson 95% error bars and the fair line 1/players."""
    fig = figure(6.4, 4.0)
    ax = fig.add_subplot()
    t = table[table["seat_games"] > 0]
    x = np.arange(len(t))
    y = 100 * t["win_rate"].to_numpy(dtype=float)
    lo = 100 * t["ci_low"].to_numpy(dtype=float)
    hi = 100 * t["ci_high"].to_numpy(dtype=float)
    ax.errorbar(x, y, yerr=[y - lo, hi - y], fmt="o", color="#35608f", ms=7, ecolor="black", capsize=5, lw=1.4)
    ax.axhline(100 / players, color="#c0392b", ls="--", lw=1.2, label=f"fair 1/{players}")
    ax.set_xticks(x, t["category"].tolist(), rotation=30 if len(t) > 6 else 0, ha="right" if len(t) > 6 else "center")
    ax.set_xlim(-0.6, len(x) - 0.4)
    ax.set_ylabel("win share per seat-game (%)")
    ax.set_title(title, fontsize=10)
    ax.legend(fontsize=8)
    return _finish(fig, stamp, "error bars: 95% Wilson intervals (per category)")


def category_frequencies(table: pd.DataFrame, title: str, stamp: str = "") -> Figure:
    """Share of games per category (bars) with Wilson 95% error bars."""
    fig = figure(6.4, 3.6)
    ax = fig.add_subplot()
    x = np.arange(len(table))
    y = 100 * table["share"].to_numpy(dtype=float)
    lo = 100 * table["ci_low"].to_numpy(dtype=float)
    hi = 100 * table["ci_high"].to_numpy(dtype=float)
    ax.bar(x, y, color="#8fb3d9", edgecolor="#35608f")
    ax.errorbar(x, y, yerr=[y - lo, hi - y], fmt="none", ecolor="black", capsize=5, lw=1.2)
    ax.set_xticks(x, table["category"].tolist())
    ax.set_ylabel("share of games (%)")
    ax.set_title(title, fontsize=10)
    return _finish(fig, stamp, "error bars: 95% Wilson intervals")


def score_parts(table: pd.DataFrame, title: str, stamp: str = "") -> Figure:
    """Stacked bars of the mean score parts of winners and non-winners."""
    fig = figure(6.4, 4.0)
    ax = fig.add_subplot()
    parts = table[table["part"] != "score"]
    zero_other = (parts["part"] == "other") & (parts["winners_mean"].abs() < 1e-9) & \
        (parts["non_winners_mean"].abs() < 1e-9)
    parts = parts[~zero_other]
    bottom_w = bottom_o = 0.0
    cmap = ["#35608f", "#e67e22", "#27ae60", "#8e44ad", "#c0392b", "#16a085", "#d4ac0d", "#7f8c8d",
            "#2c3e50", "#e84393"]
    neg_w = neg_o = 0.0
    for i, r in enumerate(parts.itertuples(index=False)):
        color = "#bbbbbb" if r.part == "other" else cmap[i % len(cmap)]
        vals = (float(r.winners_mean), float(r.non_winners_mean))
        bases = []
        for j, v in enumerate(vals):
            if v >= 0:
                bases.append(bottom_w if j == 0 else bottom_o)
            else:
                bases.append(neg_w if j == 0 else neg_o)
        ax.bar([0, 1], vals, bottom=bases, color=color, edgecolor="white", label=r.part, width=0.6)
        if vals[0] >= 0:
            bottom_w += vals[0]
        else:
            neg_w += vals[0]
        if vals[1] >= 0:
            bottom_o += vals[1]
        else:
            neg_o += vals[1]
    ax.set_xticks([0, 1], ["winners", "non-winners"])
    ax.set_xlim(-0.6, 2.4)
    ax.set_ylabel("mean points per seat-game")
    ax.set_title(title, fontsize=10)
    ax.legend(fontsize=8, loc="upper right")
    return _finish(fig, stamp, "winners: win share > 0; other = score - parts")


def margin_distributions(seat0: pd.DataFrame, top2: pd.DataFrame, title: str, stamp: str = "") -> Figure:
    """Two histograms from value counts (columns value, n): seat 0's score minus the mean of
    the others, and the winner's score minus the runner-up's."""
    fig = figure(7.2, 3.4)
    for i, (t, lab) in enumerate(((seat0, "seat 0 minus mean of the others"), (top2, "winner minus runner-up"))):
        ax = fig.add_subplot(1, 2, i + 1)
        d = Dist(t["value"], t["n"])
        if d.n:
            lo, hi = d.min(), d.max()
            integer = np.allclose(d.values, np.round(d.values))
            bins = np.arange(lo - 0.5, hi + 1.5, 1.0) if integer and hi - lo <= 80 else 40
            ax.hist(d.values, bins=bins, weights=d.counts, color="#8fb3d9", edgecolor="#35608f")
            ax.axvline(d.mean(), color="black", lw=1.2, label=f"mean {d.mean():+.3g}")
            ax.legend(fontsize=7)
        ax.set_xlabel(f"{lab} (points)", fontsize=8)
        ax.set_ylabel("games", fontsize=8)
    fig.suptitle(title, fontsize=10)
    return _finish(fig, stamp)


def seat_rates_by_players(tabs: dict, title: str, stamp: str = "") -> Figure:
    """Win rate of every seat for each player count: {players: table with seat, win_rate (or
    rate), sim_ci_low/high (or low/high)}; the fair line 1/p of each count as a short dash."""
    fig = figure(6.8, 4.0)
    ax = fig.add_subplot()
    counts = sorted(tabs)
    colors = ["#35608f", "#e67e22", "#27ae60", "#8e44ad", "#c0392b", "#16a085"]
    for j, p in enumerate(counts):
        t = tabs[p]
        rate = t["win_rate" if "win_rate" in t else "rate"].to_numpy(float)
        lo = t["sim_ci_low" if "sim_ci_low" in t else "low"].to_numpy(float)
        hi = t["sim_ci_high" if "sim_ci_high" in t else "high"].to_numpy(float)
        x = t["seat"].to_numpy(float) + (j - (len(counts) - 1) / 2) * 0.12
        c = colors[j % len(colors)]
        ax.errorbar(x, 100 * rate, yerr=[100 * (rate - lo), 100 * (hi - rate)], fmt="o", color=c, capsize=3,
                    label=f"{p} players (fair {100 / p:.3g}%)")
        ax.hlines(100 / p, -0.4, p - 0.6, colors=c, linestyles="--", lw=1.0)
    ax.set_xticks(range(max(counts)), [f"seat {k}" for k in range(max(counts))])
    ax.set_ylabel("win rate (%)")
    ax.set_title(title, fontsize=10)
    ax.legend(fontsize=8)
    return _finish(fig, stamp, "error bars: simultaneous 95% intervals per player count; dashed: fair 1/p")


def seat_curves(levels: dict, players: int, param: str, title: str, stamp: str = "") -> Figure:
    """Every seat's win rate against the swept constant, one panel per player strategy:
    {strategy: table with value, seat, rate, low, high} (pointwise 95% Wilson bands); dashed: fair
    1/p. The komi curve shows seat 0 only; a constant that moves the last seat shows here."""
    names = list(levels)
    fig = figure(3.4 * len(names) + 0.6, 3.8)
    colors = ["#35608f", "#e67e22", "#27ae60", "#8e44ad", "#c0392b", "#16a085"]
    axes = [fig.add_subplot(1, len(names), j + 1) for j in range(len(names))]
    for ax, name in zip(axes, names):
        t = levels[name]
        for k in range(players):
            r = t[t["seat"] == k].sort_values("value")
            c = colors[k % len(colors)]
            x = r["value"].to_numpy(float)
            ax.fill_between(x, 100 * r["low"].to_numpy(float), 100 * r["high"].to_numpy(float), color=c, alpha=0.15)
            ax.plot(x, 100 * r["rate"].to_numpy(float), "o-", color=c, lw=1.3, ms=3, label=f"seat {k}")
        ax.axhline(100 / players, color="#555", ls="--", lw=1.0)
        ax.set_xlabel(param)
        ax.set_title(name, fontsize=9)
    axes[0].set_ylabel("win rate (%)")
    lows = [ax.get_ylim()[0] for ax in axes]
    highs = [ax.get_ylim()[1] for ax in axes]
    for ax in axes:
        ax.set_ylim(min(lows), max(highs))
    axes[-1].legend(fontsize=7, loc="best")
    fig.suptitle(title, fontsize=10)
    return _finish(fig, stamp, f"bands: pointwise 95% Wilson intervals; dashed: fair 1/{players}")
