"""Build a run's report: tables (CSV), plots (PNG), report.md and a self-contained report.html.

`build_report(run_dir)` reads run.json, folds results/chunk-*.parquet chunk by chunk into
an Aggregate of counts (reports/aggregate.py: memory does not grow with the number of games),
computes every table from it, then writes each file atomically (temp file + os.replace). The
output depends only on the run folder (no clock, no machine details, not the chunking), so a
rebuild gives byte-identical files.
"""
from __future__ import annotations

import base64
from importlib import import_module
import html
import math
import os
import re
from pathlib import Path

import numpy as np
import pandas as pd

from reports import components as comp_mod
from reports import metrics as metrics_mod
from reports import plots
from reports import stats
from reports import sweep as sweep_mod
from reports.aggregate import Aggregate, aggregate_run
from reports.data import iter_chunks, load_meta
from reports.fmt import ci, integer, num, pct, pts, pval
from reports.seats import (seat_family, seat_summary, seat_table, strategies_in, strategy_seat_table,
                           strategy_table)

__all__ = ["build_report", "blocks_to_markdown", "blocks_to_html",
           "write_atomic", "RELEVANT_POINTS"]

RELEVANT_POINTS = 1.0  # an edge of at least 1 point of win rate (about 7 Elo) is worth a designer's attention


# ---------------------------------------------------------------- files

def write_atomic(path, data: bytes) -> None:
    """Write bytes to `path` via a temp file in the same folder and os.replace."""
    path = Path(path)
    tmp = path.with_name(f".{path.name}.tmp{os.getpid()}")
    try:
        with open(tmp, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    finally:
        if tmp.exists():
            tmp.unlink()


def _csv(df: pd.DataFrame) -> bytes:
    return df.to_csv(index=False, lineterminator="\n").encode("utf-8")


# ---------------------------------------------------------------- formatting (reports/fmt.py)

def _digits(n: int, players: int) -> int:
    """Decimals for rates in percent: 2 when the 95% half-width is under 1 point."""
    return 2 if n > 0 and 100 * float(stats.half_width(n, 1.0 / players)) < 1.0 else 1


def _val(v) -> str:
    if isinstance(v, float):
        return f"{v:g}"
    return str(v)


# ---------------------------------------------------------------- document model
# A report is a list of blocks rendered twice: to Markdown and to HTML.
#   ("h", level, text) ("p", text) ("ul", [text]) ("code", text)
#   ("table", headers, rows, caption) ("img", filename, alt, caption)
# Text may hold **bold** and `code` spans.

def blocks_to_markdown(blocks) -> str:
    out = []
    for b in blocks:
        kind = b[0]
        if kind == "h":
            out.append("#" * b[1] + " " + b[2])
        elif kind == "p":
            out.append(b[1])
        elif kind == "ul":
            out.append("\n".join(f"- {it}" for it in b[1]))
        elif kind == "code":
            out.append("```\n" + b[1] + "\n```")
        elif kind == "table":
            headers, rows, caption = b[1], b[2], b[3]
            cell = lambda s: str(s).replace("|", "\\|")  # noqa: E731
            lines = ["| " + " | ".join(cell(h) for h in headers) + " |",
                     "|" + "|".join("---" for _ in headers) + "|"]
            lines += ["| " + " | ".join(cell(c) for c in r) + " |" for r in rows]
            if caption:
                lines.append("")
                lines.append(f"*{caption}*")
            out.append("\n".join(lines))
        elif kind == "img":
            out.append(f"![{b[2]}]({b[1]})" + (f"\n\n*{b[3]}*" if b[3] else ""))
    return "\n\n".join(out) + "\n"


def _inline(text: str) -> str:
    """Escape text and turn `code` and **bold** spans into HTML."""
    parts = re.split(r"(`[^`]+`)", text)
    out = []
    for part in parts:
        if part.startswith("`") and part.endswith("`") and len(part) > 1:
            out.append("<code>" + html.escape(part[1:-1]) + "</code>")
        else:
            esc = html.escape(part)
            esc = re.sub(r"\*\*(.+?)\*\*", r"<strong>\1</strong>", esc)
            out.append(esc)
    return "".join(out)


_CSS = """
body{font-family:-apple-system,Segoe UI,Helvetica,Arial,sans-serif;max-width:980px;margin:2em auto;
padding:0 1em;color:#222;line-height:1.45}
h1{border-bottom:2px solid #35608f;padding-bottom:.2em}h2{border-bottom:1px solid #ccc;margin-top:1.6em}
table{border-collapse:collapse;margin:.6em 0;font-size:.9em}
th,td{border:1px solid #ccc;padding:.25em .6em;text-align:right}th{background:#eef3f8}
td:first-child,th:first-child{text-align:left}
caption{caption-side:bottom;font-size:.85em;color:#555;text-align:left;padding-top:.3em}
code{background:#f4f4f4;padding:0 .2em;border-radius:3px}
pre{background:#f4f4f4;padding:.6em;overflow-x:auto;white-space:pre-wrap}
figure{margin:1em 0}figcaption{font-size:.85em;color:#555}img{max-width:100%}
""".strip()


def blocks_to_html(blocks, images: dict, title: str) -> str:
    """Self-contained HTML: PNGs embedded as base64 data URIs, inline CSS, no scripts."""
    out = ["<!DOCTYPE html>", '<html lang="en">', "<head>", '<meta charset="utf-8">',
           f"<title>{html.escape(title)}</title>", f"<style>\n{_CSS}\n</style>", "</head>", "<body>"]
    for b in blocks:
        kind = b[0]
        if kind == "h":
            out.append(f"<h{b[1]}>{_inline(b[2])}</h{b[1]}>")
        elif kind == "p":
            out.append(f"<p>{_inline(b[1])}</p>")
        elif kind == "ul":
            out.append("<ul>" + "".join(f"<li>{_inline(it)}</li>" for it in b[1]) + "</ul>")
        elif kind == "code":
            out.append(f"<pre><code>{html.escape(b[1])}</code></pre>")
        elif kind == "table":
            headers, rows, caption = b[1], b[2], b[3]
            t = ["<table>"]
            if caption:
                t.append(f"<caption>{_inline(caption)}</caption>")
            t.append("<thead><tr>" + "".join(f"<th>{_inline(str(h))}</th>" for h in headers) + "</tr></thead>")
            t.append("<tbody>")
            t += ["<tr>" + "".join(f"<td>{_inline(str(c))}</td>" for c in r) + "</tr>" for r in rows]
            t.append("</tbody></table>")
            out.append("\n".join(t))
        elif kind == "img":
            data = base64.b64encode(images[b[1]]).decode("ascii")
            cap = f"<figcaption>{_inline(b[3])}</figcaption>" if b[3] else ""
            out.append(f'<figure><img alt="{html.escape(b[2])}" src="data:image/png;base64,{data}">{cap}</figure>')
    out += ["</body>", "</html>"]
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------- game spec (optional)

def _spec(game: str, game_spec=None, use_registry: bool = True):
    """GameSpec for labels and defaults, or None: an unknown/unavailable game still renders."""
    if game_spec is not None:
        return game_spec
    if not use_registry or not game:
        return None
    try:
        import sim
        return sim.get_game(game)
    except Exception:  # unknown game, engine missing or failing to import: labels only
        return None


def _non_default_params(params: dict, spec) -> tuple[list[str], bool]:
    """(['name = value (default d)', ...], defaults_known)."""
    if not params:
        return [], spec is not None
    if spec is None:
        return [f"`{k}` = {_val(v)}" for k, v in params.items()], False
    out = []
    for name, value in params.items():
        try:
            p = spec.params.get(name)
            if p.encode(value) != p.default_code():
                out.append(f"`{name}` = {_val(value)} (default {_val(p.default)})")
        except Exception:
            out.append(f"`{name}` = {_val(value)} (not a parameter of this game version)")
    return out, True


def _relevance(edge: float, lo_edge: float, hi_edge: float, players: int) -> str:
    """Does an edge (proportions) matter? Judged against RELEVANT_POINTS."""
    r = RELEVANT_POINTS / 100
    if abs(edge) >= 3 * r:
        return "large enough to matter"
    if abs(edge) >= r:
        return f"big enough to matter (at least {RELEVANT_POINTS:g} point, about 7 Elo)"
    if -r < lo_edge and hi_edge < r:
        return f"real but negligible in practice (the whole interval is within {RELEVANT_POINTS:g} point of fair)"
    return f"small (under {RELEVANT_POINTS:g} point), though the interval does not rule out a {RELEVANT_POINTS:g}-point edge"


# ---------------------------------------------------------------- sections

def _run_section(meta, spec, players, n, agg: Aggregate, blocks):
    game = meta.get("game", "?")
    label = spec.title if spec is not None and getattr(spec, "title", "") else game
    strategies = meta.get("strategies") or []
    descs = {}
    if spec is not None:
        for s in getattr(spec, "strategies", ()):
            descs[s.name] = s.description
    strat_txt = ", ".join(f"seat {k}: `{s}`" for k, s in enumerate(strategies)) or "n/a"
    changed, known = _non_default_params(meta.get("params") or {}, spec)
    items = [
        f"**Game**: {label} (`{game}`), {players} players",
        f"**Design**: {meta.get('kind', 'seats')}" + (
            ", seats rotated (each seed is played once per rotation)" if meta.get("rotation") else ", no seat rotation"),
        f"**Strategies** (before rotation): {strat_txt}",
    ]
    for s in strategies_in(agg, players):
        if s in descs:
            items.append(f"`{s}`: {descs[s]}")
    for s, note in (meta.get("weights") or {}).items():   # tuned seats: which weights file played
        items.append(f"`{s}` weights: {note}")
    if meta.get("adapt"):   # --adapt: every arm's own trained weights
        values = {a["arm"]: a["values"] for a in (meta.get("sweep") or {}).get("arms", [])}
        items.append("**Adapted players** (`--adapt`: tuned weights retrained for each arm's rules): " + "; ".join(
            f"arm {a['arm']} ({', '.join(f'{k}={v}' for k, v in values.get(a['arm'], {}).items()) or 'base'}): "
            + "; ".join(a["weights"].values()) for a in meta["adapt"]["arms"]))
    if known:
        items.append("**Parameters different from the defaults**: " + ("; ".join(changed) if changed else "none"))
    else:
        items.append("**Parameters** (game not in the registry: defaults unknown): " + ("; ".join(changed) or "none"))
    sw = sweep_mod.sweep_params(meta)
    if sw:
        av = sweep_mod.arm_values(meta)
        for p in sw:
            vals = list(dict.fromkeys(_val(v) for v in av[p].tolist()))
            items.append(f"**Swept** `{p}`: {', '.join(vals)}")
        items.append(f"**Arms**: {len(av)}")
    items += [
        f"**Games**: {integer(n)} rows (`games` in run.json: {meta.get('games', 'n/a')}), "
        f"{integer(agg.seeds.count()) if agg.has('game') else 'n/a'} distinct seeds",
        f"**Seed**: {meta.get('seed', 'n/a')}",
        f"**Version**: {meta.get('version', 'n/a')}, commit `{meta.get('git_commit', 'n/a')}`",
        f"**Run**: {meta.get('created', 'n/a')}, {num(meta.get('wall_seconds'), 1)} s wall, "
        f"{num(meta.get('games_per_s'), 0)} games/s, {meta.get('jobs', 'n/a')} jobs, chunks of {meta.get('chunk_size', 'n/a')}",
    ]
    blocks += [("h", 2, "What was run"), ("ul", items), ("p", "Command (reproduces every figure below):"),
               ("code", str(meta.get("command", "n/a")))]


def _seat_rows(tab, d):
    rows = []
    for r in tab.itertuples():
        rows.append([r.seat, r.strategy, integer(r.games), num(r.wins, 1), pct(r.win_rate, d),
                     ci(r.ci_low, r.ci_high, d), ci(r.sim_ci_low, r.sim_ci_high, d),
                     pts(r.edge_points, d), f"{r.elo:+.0f}", pval(r.p_value), pval(r.p_holm),
                     integer(r.draws), f"{num(r.mean_score)} ± {num(r.sd_score)}", num(r.mean_rank)])
    return rows


_SEAT_HEAD = ["seat", "strategy", "games", "wins", "win rate", "95% CI", "simultaneous 95% CI",
              "edge (pts)", "Elo", "p vs fair", "p (Holm)", "shared wins", "score (mean ± sd)", "mean rank"]


def _seat_findings(tab, summ, players, d, what=""):
    fair = 1.0 / players
    out = []
    sig = tab[tab["p_holm"] < 0.05]
    if players == 2:  # seat 1's edge is the mirror of seat 0's
        sig = sig[sig["seat"] == 0] if len(sig) else sig
    for r in sig.itertuples():
        edge = r.win_rate - fair
        rel = _relevance(edge, r.ci_low - fair, r.ci_high - fair, players)
        out.append(f"Seat {r.seat}{what} wins {pct(r.win_rate, d)} {ci(r.ci_low, r.ci_high, d)} vs fair "
                   f"{pct(fair, d)}: an edge of {pts(100 * edge, d)} points, about {abs(r.elo):.0f} Elo "
                   f"({'Holm p' if players > 2 else 'p'} = {pval(r.p_holm)}); {rel}.")
    if not len(sig):
        worst = tab.iloc[int(np.argmax(np.abs(tab["edge_points"].to_numpy())))]
        bound = 100 * max(float((tab["sim_ci_high"] - fair).max()), float((fair - tab["sim_ci_low"]).max()))
        out.append(f"No seat's win rate{what} differs significantly from fair {pct(fair, d)}"
                   + (f" (Holm over {players} seats). " if players > 2 else ". ") +
                   f"The largest observed edge is seat {int(worst.seat)} at {pts(worst.edge_points, d)} points; "
                   f"the simultaneous intervals exclude edges larger than about {bound:.{d}f} points.")
    chi = (("Base arm: c" if what else "C") + f"hi-square of seat wins against uniform: {summ['chi2']:.2f} on {summ['chi2_df']} df, p = {pval(summ['chi2_p'])} "
           f"({summ['chi2_note']}); on the {integer(summ['decisive_games'])} decisive games: p = {pval(summ['chi2_decisive_p'])}.")
    out.append(chi)
    return out


def _seats_section(agg, players, spec_title, images, blocks, files, heading="Seat advantage", prefix="",
                   stamp=""):
    n = agg.n_games
    d = _digits(n, players)
    tab = seat_table(agg, players)
    summ = seat_summary(agg, players)
    blocks.append(("h", 2, heading))
    blocks.append(("table", _SEAT_HEAD, _seat_rows(tab, d),
                   f"n = {integer(n)} games. Wins count a tie among j leaders as 1/j. 95% CI: Wilson; simultaneous: "
                   + (f"Wilson at 5%/{players} (Bonferroni), valid for all seats at once. p: exact binomial against "
                      f"1/{players}; Holm over the seats." if seat_family(players) > 1 else
                      "with 2 seats one rate fixes the other, so it equals the 95% CI and p needs no adjustment.")
                   + " Elo: rough, about 7 per point."))
    name = f"{prefix}seat_win_rates.png"
    images[name] = plots.png_bytes(plots.seat_win_rates(tab, players, f"{spec_title}: win rate by seat (n = {integer(n)})", stamp=stamp))
    blocks.append(("img", name, "win rate by seat",
                   ("Win rate by seat; error bars are simultaneous 95% Wilson intervals (Bonferroni over "
                    f"{players} seats)" if seat_family(players) > 1 else
                    "Win rate by seat; error bars are 95% Wilson intervals (with 2 seats one rate fixes the other)")
                   + f"; dashed line: fair 1/{players}."))
    blocks.append(("p", " ".join(_seat_findings(tab, summ, players, d)[-1:])))
    blocks.append(("p", f"Ties for first: {integer(summ['tie_games'])} games ({pct(summ['tie_share'], 2)}). "
                        f"Game length: mean {num(summ['mean_turns'], 1)}, median {num(summ['median_turns'], 1)}, "
                        f"sd {num(summ['sd_turns'], 1)} player-turns."))
    blocks.append(("p", summ["sample_size_note"]))
    name = f"{prefix}scores.png"
    images[name] = plots.png_bytes(plots.score_distributions(agg.seat_results, players, f"{spec_title}: final scores by seat (n = {integer(n)})", stamp=stamp))
    blocks.append(("img", name, "score distributions", "Final score distribution by seat."))
    if agg.has("turns"):
        name = f"{prefix}game_length.png"
        images[name] = plots.png_bytes(plots.game_lengths(agg.game_values("turns"), f"{spec_title}: game length (n = {integer(n)})", stamp=stamp))
        blocks.append(("img", name, "game length", "Game length in player-turns."))
    return tab, summ


def _strategy_section(agg, players, spec_title, images, blocks, files, rotation, stamp=""):
    n = agg.n_games
    st_tab = strategy_table(agg, players)
    ss_tab = strategy_seat_table(agg, players)
    d = _digits(int(st_tab["appearances"].min()) if len(st_tab) else 0, players)
    blocks.append(("h", 2, "Strategies"))
    rows = [[r.strategy, integer(r.appearances), integer(r.games), num(r.wins, 1), pct(r.win_rate, d),
             ci(r.ci_low, r.ci_high, d), pts(r.edge_points, d), pval(r.p_value), num(r.mean_score), num(r.mean_rank)]
            for r in st_tab.itertuples()]
    cap = (f"Win share per seat played, all seats pooled (n = {integer(n)} games; fair 1/{players} per seat played). "
           "95% Wilson intervals; approximate when a strategy holds several seats in a game.")
    if not rotation:
        cap += " Seats were not rotated: strategy and seat effects are confounded."
    blocks.append(("table", ["strategy", "seats played", "games", "wins", "win share", "95% CI", "edge (pts)",
                             "p vs fair", "mean score", "mean rank"], rows, cap))
    names = strategies_in(agg, players)
    head = ["strategy"] + [f"seat {k}" for k in range(players)]
    rows = []
    for s in names:
        row = [s]
        for k in range(players):
            m = ss_tab[(ss_tab["strategy"] == s) & (ss_tab["seat"] == k)]
            row.append("-" if not len(m) else
                       f"{pct(m.iloc[0].win_rate, d)} {ci(m.iloc[0].ci_low, m.iloc[0].ci_high, d)} (n={integer(m.iloc[0].games)})")
        rows.append(row)
    blocks.append(("table", head, rows, "Win rate of each strategy in each seat, 95% Wilson intervals."))
    name = "strategy_win_rates.png"
    images[name] = plots.png_bytes(plots.strategy_win_rates(st_tab, players, f"{spec_title}: win share by strategy (n = {integer(n)})", stamp=stamp))
    blocks.append(("img", name, "win share by strategy", "Win share per seat played with 95% Wilson intervals."))
    return st_tab, ss_tab


def _metrics_section(agg, players, blocks, heading="Game metrics"):
    mt = metrics_mod.metric_table(agg, players, agg.seat_metrics)
    gt = metrics_mod.game_metric_table(agg, agg.game_metrics)
    blocks.append(("h", 2, heading))
    if len(mt):
        head = ["metric"] + [f"seat {k}" for k in range(players)] + ["all", "winners", "non-winners", "share of score"]
        rows = []
        for r in mt.itertuples(index=False):
            vals = list(r)
            share = vals[-1]
            rows.append([f"`{vals[0]}`"] + [num(v, 3) for v in vals[1:-1]] +
                        [pct(share, 1) if metrics_mod.is_points_metric(vals[0]) else "-"])
        blocks.append(("table", head, rows,
                       f"Mean per seat and game (n = {integer(agg.n_games)}). Winners: seats with a win share > 0 (sole or "
                       "shared). Share of score: metric total over score total, for metrics in points only."))
    else:
        blocks.append(("p", "No game-specific seat metrics in the results."))
    if len(gt):
        rows = [[f"`{r.metric}`", integer(r.games), num(r.mean, 3), num(r.sd, 3), num(r.min, 2), num(r.median, 2),
                 num(r.max, 2)] for r in gt.itertuples()]
        blocks.append(("table", ["per-game metric", "games", "mean", "sd", "min", "median", "max"], rows, ""))
    if agg.binned:
        names = ", ".join(f"`{b}`" for b in agg.binned)
        blocks.append(("p", f"Binned as continuous (more than {agg.max_distinct:,} distinct values): {names}; their "
                            f"statistics and plots use values rounded to {agg.sig_digits} significant digits."))
    return mt, gt


def _declared_sections(agg, players, spec, label, images, blocks, files, notes, findings, cannot, stamp="",
                       strata_of=None):
    """Sections a game declares in GameSpec.extra (components, categorical_seat,
    categorical_game, score_parts); see reports/components.py. Returns {name: table}."""
    decl = comp_mod.parse_sections(getattr(spec, "extra", None) if spec is not None else None)
    out: dict = {}
    n = agg.n_games
    sg = n * players
    seat_m = set(agg.seat_metrics)
    for title, prefix in decl["components"]:
        stem = comp_mod.file_stem(prefix)
        blocks.append(("h", 2, title))
        cols, skipped = comp_mod.component_columns(agg, players, prefix)
        if not cols:
            blocks.append(("p", f"No 0/1 seat metric starts with `{prefix}` in these results."))
            continue
        tab = comp_mod.component_table(agg, players, prefix, columns=cols,
                                       strata=strata_of(cols) if strata_of is not None else None)
        out[f"components_{stem}"] = tab
        csv = f"components_{stem}.csv"
        files[csv] = _csv(tab)
        notes[csv] = f"{title}: one row per component (`{prefix}*` columns), full precision"
        rows = []
        for r in tab.itertuples(index=False):
            rows.append([r.component, f"{integer(r.seat_games)} ({pct(r.share, 1)})",
                         pct(r.win_rate_with, 1), ci(r.with_low, r.with_high, 1),
                         pct(r.win_rate_without, 1), ci(r.without_low, r.without_high, 1),
                         "n/a" if not np.isfinite(r.lift_points) else pts(r.lift_points, 1),
                         "n/a" if not np.isfinite(r.adj_points) else
                         f"{pts(r.adj_points, 1)} [{r.adj_low:+.1f}, {r.adj_high:+.1f}]",
                         pval(r.adj_p), pval(r.adj_p_bh), f"**{r.flag}**" if r.flag else ""])
        cap = (f"{len(tab)} components over {integer(sg)} seat-games ({integer(n)} games x {players} seats). "
               "Held: seat-games ending with the component. Win rates count a tie among j leaders as 1/j, "
               "with 95% Wilson intervals; raw lift: with minus without in points; adjusted lift: the same "
               f"difference among seats holding as many {title.lower()} (Mantel-Haenszel over the count held, "
               "Greenland-Robins 95% interval), which removes the advantage of simply holding more; p: of the "
               "adjusted lift; BH: Benjamini-Hochberg over this table. Flag: the raw and the adjusted lift both "
               f"with BH p < 0.05 and at least {comp_mod.STRONG_POINTS:g} point in the same direction "
               "(strong: positive, weak: negative). "
               "A lift is an association, not a cause: a player who completes a component may have been winning "
               "already. Seat-games of one game are not independent, so intervals are approximate. Sorted by "
               "adjusted lift.")
        if skipped:
            cap += " Not 0/1, left out: " + ", ".join(f"`{c}`" for c in skipped[:6]) + (
                f" and {len(skipped) - 6} more." if len(skipped) > 6 else ".")
        blocks.append(("table", ["component", "held (seat-games)", "win rate with", "95% CI", "win rate without",
                                 "95% CI", "raw lift (pts)", "adjusted lift (pts) [95% CI]", "p", "p (BH)", "flag"],
                       rows, cap))
        img = f"components_{stem}.png"
        images[img] = plots.png_bytes(plots.component_lifts(
            tab, f"{label}: {title.lower()}, adjusted lift (n = {integer(sg)} seat-games)", stamp=stamp))
        blocks.append(("img", img, f"{title} lift", f"{title}: adjusted lift (among seats holding as many) with "
                                                    "95% intervals, raw lift as a tick; an association, not a cause."))
        strong = tab[tab["flag"] == "strong"]
        weak = tab[tab["flag"] == "weak"]
        txt = (f"**{title}**: {len(strong)} of {len(tab)} flagged strong and {len(weak)} weak "
               f"(raw and adjusted lift both significant, BH 5%, |lift| >= {comp_mod.STRONG_POINTS:g} point)")
        for what, t in (("most positive", strong.head(3)), ("most negative", weak.iloc[::-1].head(3))):
            if len(t):
                txt += f"; {what}: " + ", ".join(
                    f"{r.component} {pts(r.adj_points, 1)} [{r.adj_low:+.1f}, {r.adj_high:+.1f}]"
                    for r in t.itertuples(index=False))
        findings.append(txt + " (associations, not causes).")
        blocks.append(("p", findings[-1]))
    if decl["components"]:
        cannot.append("Component lifts are associations: completing a component and winning may share a cause "
                      "(a strong position, a long game); only a rule variant played on the same seeds shows a cause.")
    for name, labels in decl["categorical_seat"].items():
        blocks.append(("h", 2, f"Win rate by `{name}`"))
        if name not in seat_m:
            blocks.append(("p", f"No seat metric `{name}` in these results."))
            continue
        tab, summ = comp_mod.category_seat_table(agg, players, name, labels)
        out[f"categories_{name}"] = tab
        stem = comp_mod.file_stem(name)
        csv = f"categories_{stem}.csv"
        files[csv] = _csv(tab)
        notes[csv] = f"win rate per `{name}` category"
        dd = _digits(int(tab["seat_games"].max()) if len(tab) else 0, players)
        rows = [[r.category, integer(r.seat_games), pct(r.share, 1), num(r.wins, 1), pct(r.win_rate, dd),
                 ci(r.ci_low, r.ci_high, dd), "n/a" if not np.isfinite(r.edge_points) else pts(r.edge_points, dd),
                 pval(r.p_value), pval(r.p_bh)] for r in tab.itertuples(index=False)]
        blocks.append(("table", ["category", "seat-games", "share", "wins", "win rate", "95% CI", "edge (pts)",
                                 "p vs fair", "p (BH)"], rows,
                       f"n = {integer(n)} games. Win share per seat-game holding the category (ties split 1/j), 95% "
                       f"Wilson intervals; fair 1/{players}; p: exact binomial vs fair, BH over the categories."))
        chi = (f"Chi-square across categories: {summ['chi2']:.2f} on {summ['chi2_df']} df, "
               f"p {'< 1e-300' if summ['chi2_p'] == 0 else '= ' + pval(summ['chi2_p'])} "
               f"({summ['note']})." if summ["balanced"] else f"Chi-square across categories: {summ['note']}.")
        blocks.append(("p", chi))
        img = f"categories_{stem}.png"
        images[img] = plots.png_bytes(plots.category_win_rates(
            tab, players, f"{label}: win rate by {name} (n = {integer(n)} games)", stamp=stamp))
        blocks.append(("img", img, f"win rate by {name}", f"Win rate per `{name}` with 95% Wilson intervals; "
                                                          f"dashed: fair 1/{players}."))
        present = tab[tab["seat_games"] > 0]
        if len(present):
            best = present.iloc[int(np.argmax(present["win_rate"].to_numpy()))]
            worst = present.iloc[int(np.argmin(present["win_rate"].to_numpy()))]
            findings.append(f"By `{name}`: best {best.category} {pct(best.win_rate, dd)} "
                            f"{ci(best.ci_low, best.ci_high, dd)}, worst {worst.category} {pct(worst.win_rate, dd)} "
                            f"{ci(worst.ci_low, worst.ci_high, dd)} (fair {pct(1 / players, dd)}); " + chi[0].lower() + chi[1:])
    for name, labels in decl["categorical_game"].items():
        blocks.append(("h", 2, f"Frequency of `{name}`"))
        if not agg.has(name):
            blocks.append(("p", f"No per-game metric `{name}` in these results."))
            continue
        tab = comp_mod.category_game_table(agg, name, labels)
        out[f"end_{name}"] = tab
        stem = comp_mod.file_stem(name)
        csv = f"end_{stem}.csv"
        files[csv] = _csv(tab)
        notes[csv] = f"games per `{name}` category"
        rows = [[r.category, integer(r.games), pct(r.share, 1), ci(r.ci_low, r.ci_high, 1), num(r.mean_turns, 1),
                 num(r.sd_turns, 1)] for r in tab.itertuples(index=False)]
        blocks.append(("table", ["category", "games", "share", "95% CI", "mean length", "sd length"], rows,
                       f"n = {integer(int(tab['games'].sum()))} games; 95% Wilson intervals (each row on its own); "
                       "length in player-turns."))
        img = f"end_{stem}.png"
        images[img] = plots.png_bytes(plots.category_frequencies(
            tab, f"{label}: {name} (n = {integer(int(tab['games'].sum()))} games)", stamp=stamp))
        blocks.append(("img", img, name, f"Share of games per `{name}` with 95% Wilson intervals."))
        top = tab.iloc[int(np.argmax(tab["games"].to_numpy()))]
        findings.append(f"`{name}`: most games end by {top.category} ({pct(top.share, 1)} "
                        f"{ci(top.ci_low, top.ci_high, 1)}); " + ", ".join(
                            f"{r.category} {pct(r.share, 1)}" for r in tab.itertuples(index=False)
                            if r.code != top.code) + ".")
    if decl["score_parts"]:
        blocks.append(("h", 2, "Where the winners' points came from"))
        missing = [p for p in decl["score_parts"] if p not in seat_m]
        tab = comp_mod.score_parts_table(agg, players, decl["score_parts"])
        out["score_parts"] = tab
        files["score_parts.csv"] = _csv(tab)
        notes["score_parts.csv"] = "mean score parts of winners and non-winners"
        rows = [[f"`{r.part}`" if r.part not in ("other", "score") else f"**{r.part}**", num(r.winners_mean),
                 num(r.non_winners_mean), f"{r.difference:+.2f} [{r.diff_low:+.2f}, {r.diff_high:+.2f}]",
                 pct(r.winners_share, 1), pct(r.non_winners_share, 1), pct(r.all_share, 1)]
                for r in tab.itertuples(index=False)]
        cap = (f"Mean points per seat-game (n = {integer(sg)}). Winners: seats with a win share > 0 (sole or shared). "
               "Difference with a 95% normal (Welch) interval. Share: of that group's mean score. "
               "other = score minus the listed parts.")
        if missing:
            cap += " Not in these results: " + ", ".join(f"`{p}`" for p in missing) + "."
        blocks.append(("table", ["part", "winners", "non-winners", "difference [95% CI]", "share of winners' score",
                                 "share of non-winners' score", "share of all points"], rows, cap))
        images["score_parts.png"] = plots.png_bytes(plots.score_parts(
            tab, f"{label}: mean score parts (n = {integer(sg)} seat-games)", stamp=stamp))
        blocks.append(("img", "score_parts.png", "score parts", "Mean score parts of winners and non-winners."))
        parts = tab[~tab["part"].isin(["other", "score"])]
        if len(parts):
            big = parts.iloc[int(np.argmax(parts["winners_share"].to_numpy()))]
            gap = parts.iloc[int(np.argmax(parts["difference"].to_numpy()))]
            findings.append(f"Winners' points: `{big.part}` is the largest part ({pct(big.winners_share, 1)} of their "
                            f"score); the largest gap to non-winners is `{gap.part}` ({gap.difference:+.2f} points).")
    return out


# ---------------------------------------------------------------- main entry

def build_report(run_dir, n_boot: int = 1000, boot_seed: int | None = None, game_spec=None,
                 use_registry: bool = True) -> dict:
    """Read RUN/run.json and RUN/results/chunk-*.parquet; write into RUN:
    seats.csv, strategies.csv + strategy_seats.csv (several strategies or rotation),
    metrics.csv, sweep.csv + komi.csv (sweeps; grid_crossings.csv for 2-parameter grids),
    PNG plots, report.md and report.html. Returns a dict of the computed tables and
    figures of merit plus 'files' (names written) and 'aggregate' (the folded counts, for
    studies that want more tables without reading the chunks again)."""
    run_dir = Path(run_dir)
    meta = load_meta(run_dir)
    spec = _spec(meta.get("game", ""), game_spec, use_registry)
    decl = comp_mod.parse_sections(getattr(spec, "extra", None) if spec is not None else None)
    agg = aggregate_run(run_dir, meta.get("players"), categorical_game=list(decl["categorical_game"]),
                        score_parts=decl["score_parts"])
    players = agg.players
    game_label = (spec.title if spec is not None and getattr(spec, "title", "") else None) or meta.get("game", "game")
    title = meta.get("title") or game_label
    if boot_seed is None:
        s = meta.get("seed", 0)
        boot_seed = int(s) if isinstance(s, (int, np.integer)) else 0
    is_sweep = meta.get("kind") == "sweep" and bool(sweep_mod.sweep_params(meta))
    rotation = bool(meta.get("rotation"))
    stamp = (f"agon {meta.get('version', '?')} @ {str(meta.get('git_commit', '?'))[:10]}, "
             f"seed {meta.get('seed', '?')}, {', '.join(map(str, meta.get('strategies') or []))}")

    blocks: list = [("h", 1, title)]
    images: dict[str, bytes] = {}
    files: dict[str, bytes] = {}
    result: dict = {"meta": meta, "players": players, "games": agg.n_games, "aggregate": agg}
    findings: list[str] = []
    cannot: list[str] = []

    _run_section(meta, spec, players, agg.n_games, agg, blocks)
    result_heading_idx = len(blocks)

    base = agg
    if is_sweep:
        names = sweep_mod.sweep_params(meta)
        av = sweep_mod.arm_values(meta)
        base_arm = _base_arm(meta, av, agg)
        base = agg.only(base_arm)
        result["base_arm"] = base_arm
        sw_tab = sweep_mod.sweep_table(agg, meta, players)
        komi = sweep_mod.komi_table(agg, meta, players)
        files["sweep.csv"] = _csv(sw_tab)
        result["sweep"] = sw_tab
        d = _digits(int(komi["games"].min()), players)
        fair = 1.0 / players
        blocks.append(("h", 2, "Sweep: seat 0 against the swept constant" + ("s" if len(names) > 1 else "")))
        head = ["arm"] + [f"`{p}`" for p in names] + ["games", "seat 0 win rate", "95% CI", "edge (pts)",
                                                     "p vs fair", "p (Holm, arms)", "seat 0 margin", "winner margin",
                                                     "mean length", "ties"]
        rows = []
        for rr in komi.to_dict("records"):
            rows.append([rr["arm"]] + [_val(rr[p]) for p in names] +
                        [integer(rr["games"]), pct(rr["seat0_rate"], d), ci(rr["ci_low"], rr["ci_high"], d),
                         pts(rr["edge_points"], d), pval(rr["p_value"]), pval(rr["p_holm"]),
                         f"{rr['margin_seat0']:+.2f} [{rr['margin_seat0_low']:+.2f}, {rr['margin_seat0_high']:+.2f}]",
                         num(rr["margin_top2"]), num(rr["mean_turns"], 1), pct(rr["tie_share"], 1)])
        blocks.append(("table", head, rows,
                       f"Per arm: seat 0 win rate (ties split) with 95% Wilson interval; p: exact binomial vs fair "
                       f"1/{players}, Holm-adjusted across the {len(komi)} arms. Seat 0 margin: seat 0 score minus the mean "
                       f"of the other seats (mean with 95% normal interval); winner margin: winner minus runner-up."))
        # all seats per arm, compact
        head2 = ["arm"] + [f"`{p}`" for p in names] + [f"seat {k}" for k in range(players)]
        rows2 = []
        for arm, g in sw_tab.groupby("arm", sort=True):
            row = [arm] + [_val(g.iloc[0][p]) for p in names]
            for r in g.itertuples():
                star = "†" if r.p_bh < 0.05 else ""
                row.append(f"{pct(r.win_rate, d)}{star} {ci(r.ci_low, r.ci_high, d)}")
            rows2.append(row)
        blocks.append(("table", head2, rows2,
                       "Win rate of every seat per arm with 95% Wilson intervals; † = differs from fair at 5% false "
                       f"discovery rate (Benjamini-Hochberg over all {len(sw_tab)} arm x seat tests). Full table: sweep.csv."))
        result["komi_table"] = komi
        if len(names) == 1:
            curve = sweep_mod.komi_curve(agg, meta, players, n_boot=n_boot, seed=boot_seed, komi=komi)
            files["komi.csv"] = _csv(curve["table"])
            result["komi"] = curve
            p = names[0]
            cr, bt = curve["crossing"], curve["bootstrap"]
            if curve["numeric"]:
                t = curve["table"]
                boot = (bt["low"], bt["high"]) if bt else None
                images["komi_curve.png"] = plots.png_bytes(plots.komi_curve(
                    curve["x"], t["seat0_rate"], t["ci_low"], t["ci_high"], players, p,
                    f"{game_label}: seat 0 win rate vs {p} (n = {integer(t['games'].min())} per arm)",
                    cr["value"], boot, stamp=stamp))
                blocks.append(("img", "komi_curve.png", "komi curve",
                               f"Seat 0 win rate against `{p}` with pointwise 95% Wilson band; dashed: fair 1/{players}; "
                               "diamond: interpolated fair value" + (", shaded: its bootstrap 95% interval." if bt else ".")))
            if cr["value"] is not None:
                txt = f"**Fair value of `{p}`**: about {cr['value']:.3g} ({cr['note']})"
                if bt and bt["low"] is not None:
                    txt += (f"; bootstrap 95% interval [{bt['low']:.3g}, {bt['high']:.3g}] from {bt['n_boot']:,} "
                            + _resampled(agg.seeds, bt["units"]) + f"; numpy seed {bt['seed']})")
                    if bt["missing_share"] > 0:
                        txt += f"; {100 * bt['missing_share']:.1f}% of resamples did not cross the fair line"
                txt += "."
                findings.append(txt)
                if bt and bt["missing_share"] > 0.05:
                    cannot.append(f"The fair value of `{p}` is poorly determined: {100 * bt['missing_share']:.0f}% of "
                                  "bootstrap resamples never cross the fair line, so the interval is not reliable.")
            else:
                findings.append(f"**Fair value of `{p}`**: none found ({cr['note']}).")
                cannot.append(f"Where the fair value of `{p}` lies outside the swept range: extend the sweep to find it.")
            blocks.append(("p", findings[-1]))
        else:
            p1, p2 = names[0], names[1]
            grid = sweep_mod.grid_table(komi, p1, p2)
            result["grid"] = grid
            gc = sweep_mod.grid_crossings(agg, komi, p1, p2, players, n_boot=n_boot, seed=boot_seed)
            files["grid_crossings.csv"] = _csv(gc)
            result["grid_crossings"] = gc
            cols = list(grid.columns)
            rows3 = []
            for idx, r in grid.iterrows():
                rows3.append([_val(idx)] + [pct(v, d) for v in r.tolist()])
            blocks.append(("table", [f"`{p1}` (rows) / `{p2}` (columns)"] + [_val(c) for c in cols], rows3,
                           f"Seat 0 win rate over the grid (fair {pct(fair, d)}); intervals in komi.csv."))
            files["komi.csv"] = _csv(komi)
            images["sweep_heatmap.png"] = plots.png_bytes(plots.sweep_heatmap(
                grid, p1, p2, players, f"{game_label}: seat 0 win rate (n = {integer(komi['games'].min())} per cell)", stamp=stamp))
            blocks.append(("img", "sweep_heatmap.png", "sweep heatmap",
                           f"Seat 0 win rate per cell; white = fair 1/{players}."))
            rows4 = [[_val(r[p1]), "none" if r["fair_value"] is None or pd.isna(r["fair_value"]) else f"{r['fair_value']:.3g}",
                      "-" if r["boot_low"] is None or pd.isna(r["boot_low"]) else f"[{r['boot_low']:.3g}, {r['boot_high']:.3g}]",
                      r["note"]] for _, r in gc.iterrows()]
            blocks.append(("table", [f"`{p1}`", f"fair `{p2}`", "bootstrap 95%", "note"], rows4,
                           f"For each value of `{p1}`, where the seat 0 rate meets 1/{players} along `{p2}` "
                           f"({n_boot:,} joint resamples of the "
                           + ("seeds" if agg.seeds.exact else f"blocks of {agg.seeds.block:,} consecutive seeds") + ")."))
            found = gc[gc["fair_value"].notna()]
            findings.append(f"The seat 0 rate meets the fair line along `{p2}` for {len(found)} of {len(gc)} values "
                            f"of `{p1}` (table below).")
        sig_arms = int((komi["p_holm"] < 0.05).sum())
        findings.append(f"{sig_arms} of {len(komi)} arms have a seat 0 win rate significantly different from fair "
                        f"{pct(fair, d)} (Holm across arms, 5%). Largest seat 0 edge: "
                        f"{pts(komi['edge_points'].abs().max() * np.sign(komi.loc[komi['edge_points'].abs().idxmax(), 'edge_points']), d)} points "
                        f"at arm {int(komi.loc[komi['edge_points'].abs().idxmax(), 'arm'])}.")
        vals = ", ".join(f"`{p}` = {_val(av.loc[av['arm'] == base_arm, p].iloc[0])}" for p in names) \
            if base_arm in set(av["arm"]) else ""
        heading = f"Seat advantage at the base arm {base_arm}" + (f" ({vals})" if vals else "")
    else:
        heading = "Seat advantage"

    tab, summ = _seats_section(base, players, game_label + (f", arm {result['base_arm']}" if is_sweep else ""),
                                images, blocks, files, heading, stamp=stamp)
    files["seats.csv"] = _csv(tab)
    result["seats"], result["summary"] = tab, summ
    d = _digits(base.n_games, players)
    seat_find = _seat_findings(tab, summ, players, d, " (base arm)" if is_sweep else "")
    findings = (findings + seat_find) if is_sweep else (seat_find + findings)

    multi = len(strategies_in(base, players)) > 1
    if rotation or multi:
        st_tab, ss_tab = _strategy_section(base, players, game_label + (f", arm {result['base_arm']}" if is_sweep else ""), images, blocks, files, rotation,
                                          stamp=stamp)
        files["strategies.csv"] = _csv(st_tab)
        files["strategy_seats.csv"] = _csv(ss_tab)
        result["strategies"], result["strategy_seats"] = st_tab, ss_tab
        if multi:
            fair = 1.0 / players
            dd = _digits(int(st_tab["appearances"].min()), players)
            best = st_tab.iloc[int(np.argmax(st_tab["win_rate"].to_numpy()))]
            findings.append(f"Best strategy: `{best.strategy}` wins {pct(best.win_rate, dd)} "
                            f"{ci(best.ci_low, best.ci_high, dd)} of the seats it plays (fair {pct(fair, dd)}).")

    file_notes = dict(_FILE_NOTES)

    def strata_of(columns):
        """Adjusted-lift strata of one component family: a second pass over the chunks."""
        need = [f"{c}_{k}" for c in columns for k in range(players)] + [f"win_{k}" for k in range(players)]
        chunks = iter_chunks(run_dir, need + ["arm"])
        if is_sweep:
            chunks = (df[df["arm"] == result["base_arm"]] for df in chunks)
        return comp_mod.fold_family_strata(chunks, players, columns)
    declared = _declared_sections(base, players, spec,
                                  game_label + (f", arm {result['base_arm']}" if is_sweep else ""),
                                  images, blocks, files, file_notes, findings, cannot, stamp=stamp,
                                  strata_of=strata_of)
    result.update(declared)
    for path in (getattr(spec, "extra", None) or {}).get("report_sections", ()):
        # a game's own sections, "module:function"(aggregate, players, blocks, files, notes, findings)
        module, _, name = path.partition(":")
        section = getattr(import_module(module), name)
        result.update(section(base, players, blocks, files, file_notes, findings) or {})

    mt, gt = _metrics_section(base, players, blocks,
                              "Game metrics" + (f" (base arm {result.get('base_arm')})" if is_sweep else ""))
    files["metrics.csv"] = _csv(pd.concat([mt.assign(kind="seat"), gt.assign(kind="game")], ignore_index=True))
    result["metrics"], result["game_metrics"] = mt, gt
    if len(mt):
        for r in mt.itertuples(index=False):
            if metrics_mod.is_points_metric(r.metric) and np.isfinite(r.share_of_score):
                findings.append(f"`{r.metric}` makes up {pct(r.share_of_score, 1)} of all points scored "
                                f"(winners average {r.winners:.3g}, others {r.non_winners:.3g}).")

    # findings go right after "What was run"
    blocks[result_heading_idx:result_heading_idx] = [("h", 2, "Findings"), ("ul", findings)]

    expected = meta.get("games")
    if isinstance(expected, (int, np.integer)) and expected != agg.n_games:
        findings.insert(0, f"**Warning**: run.json lists {integer(expected)} games but the results hold {integer(agg.n_games)} "
                           "rows (an interrupted or still running run?): this report covers the rows present.")
        blocks[result_heading_idx + 1] = ("ul", findings)
    strategies = ", ".join(f"`{s}`" for s in strategies_in(agg, players))
    n_base = base.n_games
    det = summ["detectable_edge_points"]
    det_txt = (f"a seat edge below about {det:.2g} points would be missed at least 20% of the time "
               "(80% power, two-sided 5%)" if np.isfinite(det) else "even a large seat edge could be missed")
    cannot = [
        "A non-significant result is not evidence of no effect: with "
        f"{integer(n_base)} games{' per arm' if is_sweep else ''}, {det_txt}.",
        f"These results hold for these strategies ({strategies}) and these settings only; stronger or human players "
        "can show a different seat effect.",
        "Win rates say who wins, not by how much or whether the game is enjoyable; score margins are shown separately.",
        "Ties are split 1/j among j leaders, so the chi-square test is approximate (the decisive-games test is exact in form).",
    ] + cannot
    if multi and not rotation:
        cannot.append("Seats were not rotated, so a strategy's results mix its skill with the seat it sat in.")
    if is_sweep:
        cannot.append("The fair value assumes the curve is linear between neighbouring arms; its bootstrap interval "
                      "covers seed sampling only, not the choice of strategies or arms. Arms are compared on common "
                      "seeds, but the tables show marginal (not paired) intervals.")
        cannot.append("Seat, strategy and metric tables below the sweep describe the base arm only.")
    blocks.append(("h", 2, "What this run cannot conclude"))
    blocks.append(("ul", cannot))

    out_files = sorted(set(files) | set(images) | {"report.md", "report.html"})
    blocks.append(("h", 2, "Files"))
    blocks.append(("ul", [f"`{f}`: {file_notes.get(f, 'plot')}" for f in out_files]))
    if is_sweep:
        blocks.append(("p", f"`seats.csv`, `strategies.csv` and `metrics.csv` describe the base arm "
                            f"{result.get('base_arm')}: the arm whose swept values equal run.json `params`, "
                            "else the lowest arm."))

    md = blocks_to_markdown(blocks)
    page = blocks_to_html(blocks, images, title)
    files["report.md"] = md.encode("utf-8")
    files["report.html"] = page.encode("utf-8")
    files.update(images)
    for name in sorted(files):
        write_atomic(run_dir / name, files[name])
    result.update(findings=findings, cannot=cannot, files=sorted(files))
    return result


_FILE_NOTES = {
    "report.md": "this report", "report.html": "this report, self-contained (plots embedded)",
    "seats.csv": "one row per seat (the table above, full precision)",
    "strategies.csv": "one row per strategy, all seats pooled",
    "strategy_seats.csv": "one row per strategy x seat",
    "metrics.csv": "seat metrics (kind = seat) and per-game metrics (kind = game)",
    "sweep.csv": "one row per arm x seat, with Holm (per seat, across arms) and BH (all tests) p-values",
    "komi.csv": "one row per arm: seat 0 rate, interval, margins",
    "grid_crossings.csv": "fair value of the second parameter for each value of the first",
}


def _resampled(seeds, units: int) -> str:
    """How the bootstrap resampled: seeds, or (on huge runs) blocks of consecutive seeds."""
    if seeds.exact:
        return "resamples of the seeds (same seeds in every arm, resampled jointly"
    return (f"resamples of {units:,} blocks of {seeds.block:,} consecutive seeds (a block bootstrap: more than "
            f"{seeds.limit:,} seeds; same blocks in every arm, resampled jointly")


def _base_arm(meta: dict, av: pd.DataFrame, agg: Aggregate) -> int:
    """The arm whose swept values equal run.json `params` (the base settings), else the lowest arm."""
    params = meta.get("params") or {}
    names = [c for c in av.columns if c != "arm"]
    present = set(agg.arms)
    for rr in av.to_dict("records"):
        if int(rr["arm"]) in present and names and all(
                p in params and _same(params[p], rr[p]) for p in names):
            return int(rr["arm"])
    return int(min(present))


def _same(a, b) -> bool:
    try:
        return math.isclose(float(a), float(b))
    except (TypeError, ValueError):
        return str(a) == str(b)
