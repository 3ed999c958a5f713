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

from reports import adapted
from reports import component_effect as ce
from reports import components as comp_mod
from reports import flow as flow_mod
from reports import metrics as metrics_mod
from reports import outcomes as outcomes_mod
from reports import plots
from reports import stats
from reports import sweep as sweep_mod
from reports.aggregate import Aggregate, Dist, aggregate_run
from reports.component_study import component_table as study_table, fold_components
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
#   ("h", level, text) ("p", text) ("ul", [text]) ("code", text); a list item's later lines
#   ("head\n- detail\n- detail") are its nested list
#   ("table", headers, rows, caption) ("img", filename, alt, caption)
# Text may hold **bold** and `code` spans.

SUB = "\n- "        # a list item's detail: a bullet nested under it (design report verdicts)


def nested(head: str, details) -> str:
    """A list item with its details as nested bullets: "head\n- d1\n- d2"."""
    return head + "".join(SUB + str(d) for d in details)


def blocks_to_markdown(blocks) -> str:
    out = []
    for b in blocks:
        kind = b[0]
        if kind == "h":
            out.append("#" * b[1] + " " + b[2])
        elif kind == "p":
            out.append(b[1])
        elif kind == "ul":       # an item's own lines ("head\n- sub") nest under it
            out.append("\n".join("- " + str(it).replace("\n", "\n  ") for it in b[1]))
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
table+p{font-size:.85em;color:#555;margin-top:-.3em}
""".strip()


def _markdown_it():
    """CommonMark with tables, raw HTML off (text is escaped), images embedded from `env["images"]`
    (alt first, as the report tests and screen readers read it), relative links to `.md` files
    pointing at the `.html` page beside them."""
    from markdown_it import MarkdownIt
    md = MarkdownIt("commonmark", {"html": False}).enable("table")

    def image(self, tokens, idx, options, env):
        tok = tokens[idx]
        src = tok.attrGet("src") or ""
        alt = self.renderInlineAsText(tok.children or [], options, env)
        data = (env.get("images") or {}).get(src)
        if data is not None:
            src = "data:image/png;base64," + base64.b64encode(data).decode("ascii")
        return f'<img alt="{html.escape(alt)}" src="{html.escape(src)}">'

    def link_open(self, tokens, idx, options, env):
        tok = tokens[idx]
        href = tok.attrGet("href") or ""
        if "://" not in href and not href.startswith(("#", "mailto:")):
            tok.attrSet("href", re.sub(r"\.md(#|$)", r".html\1", href))
        return self.renderToken(tokens, idx, options, env)

    md.add_render_rule("image", image)
    md.add_render_rule("link_open", link_open)
    return md


def blocks_to_html(blocks, images: dict, title: str) -> str:
    """Self-contained HTML of the report's Markdown (markdown-it-py): PNGs embedded as base64
    data URIs, inline CSS, no scripts."""
    body = _markdown_it().render(blocks_to_markdown(blocks), {"images": images})
    out = ["<!DOCTYPE html>", '<html lang="en">', "<head>", '<meta charset="utf-8">',
           f"<title>{html.escape(title)}</title>", f"<style>\n{_CSS}\n</style>", "</head>", "<body>", body.rstrip(),
           "</body>", "</html>"]
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

def _sequential(stopping) -> bool:
    return bool(stopping) and stopping.get("stopped_by") != "fixed sample size" and "anytime_alpha" in stopping


def stopping_record(run_dir) -> dict | None:
    """A sequential run's stopping.json, or None (none, or unreadable)."""
    path = Path(run_dir) / "stopping.json"
    if not path.exists():
        return None
    import json
    try:
        return json.loads(path.read_text())
    except ValueError:
        return None


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
    if meta.get("adapt"):   # --adapt: every arm's own trained weights, and whether they are fit to be evidence
        items.append(adapted.arm_items(meta))
        items += [w for w in [adapted.flagged_warning(meta)] if w]
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
                   stamp="", stopping=None):
    n = agg.n_games
    d = _digits(n, players)
    seq = _sequential(stopping)
    tab = seat_table(agg, players, anytime_alpha=stopping["anytime_alpha"] if seq else None,
                     looks=int(stopping.get("looks_planned", 1)) if seq else 1)
    summ = seat_summary(agg, players)
    blocks.append(("h", 2, heading))
    head, rows = list(_SEAT_HEAD), _seat_rows(tab, d)
    if seq:
        head[5:7] = ["95% CI (nominal)", "simultaneous 95% CI (nominal)"]
        head[10:10] = ["anytime-valid 95% CI", "anytime-valid simultaneous", "p (anytime, Holm)"]
        for r, row in zip(tab.itertuples(), rows):
            row[10:10] = [ci(r.any_low, r.any_high, d), ci(r.any_sim_low, r.any_sim_high, d), pval(r.p_anytime)]
    blocks.append(("table", head, rows,
                   f"n = {integer(n)} games. Wins count a tie among j leaders as 1/j. 95% CI: Wilson; simultaneous: "
                   + (f"Wilson at 5%/{players} (Bonferroni), valid for all seats at once. p: exact binomial against "
                      f"1/{players}; Holm over the seats." if seat_family(players) > 1 else
                      "with 2 seats one rate fixes the other, so it equals the 95% CI and p needs no adjustment.")
                   + " Elo: rough, about 7 per point."
                   + (f" This run stopped by a sequential rule after looking at its results: the nominal intervals "
                      f"and p-values do not allow for that and cover less than 95%; the anytime-valid ones (Wilson at "
                      f"5%/{stopping['looks_planned']} over the {stopping['looks_planned']} looks the rule could take, "
                      f"p x {stopping['looks_planned']}) hold however the run stopped." if seq else "")))
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
    if players > 1:
        name = f"{prefix}margins.png"
        images[name] = plots.png_bytes(plots.margin_distributions(
            agg.margins("seat0"), agg.margins("top2"), f"{spec_title}: score margins (n = {integer(n)})", stamp=stamp))
        blocks.append(("img", name, "score margins", "Score margins: seat 0 minus the mean of the other seats, and the "
                                                     "winner minus the runner-up (0: a tie on points)."))
    if agg.has("turns"):
        turns = agg.game_values("turns")
        length = Dist(turns["value"], turns["n"])
        if length.n and length.min() == length.max():   # a fixed-length game: nothing to plot
            blocks.append(("p", f"Every game lasted {num(length.min(), 0)} player-turns (a fixed length)."))
        else:
            name = f"{prefix}game_length.png"
            images[name] = plots.png_bytes(plots.game_lengths(turns, f"{spec_title}: game length (n = {integer(n)})", stamp=stamp))
            blocks.append(("img", name, "game length", "Game length in player-turns."))
    return tab, summ


def with_games(command: str, games: int) -> str:
    """The run's command with `--games` set to `games` (and no --out/--resume/--force)."""
    import shlex
    try:
        words = shlex.split(command)
    except ValueError:
        words = command.split()
    out, skip = [], False
    for w in words:
        if skip:
            skip = False
            continue
        if w in ("--games", "--out", "--max-games", "--until-ci", "--sprt", "--batch"):
            skip = True
            continue
        if w.startswith(("--games=", "--out=")) or w in ("--resume", "--force", "--quiet"):
            continue
        out.append(w)
    return " ".join(shlex.quote(w) for w in out + ["--games", str(int(games))]) if out else ""


def _own_sweep_action(result: dict, meta: dict, tab, players: int, run_dir) -> str:
    """A sweep report's seat verdict reads the sweep itself: the base arm's flagged seat told a
    designer to "sweep the key constant" in the report of that very sweep. With one numeric swept
    constant, the action says where the flagged seat's own curve meets fair (or why it cannot)."""
    curve = result.get("komi")
    names = sweep_mod.sweep_params(meta) if meta.get("sweep") else []
    if not isinstance(curve, dict) or not curve.get("numeric") or len(names) != 1:
        return ""
    from reports.fold import seat_counts
    strat = sorted(set(map(str, meta.get("strategies") or [])))
    return sweep_mod.seat_action_from_sweep((None, None, tab), seat_counts(run_dir), meta["sweep"]["arms"], names[0],
                                            players, meta.get("game", ""), curve, by=strat[0] if len(strat) == 1 else "",
                                            run=run_dir, ref="this sweep")


def seat_verdict(tab, players: int, n: int, command: str = "", what: str = "", bound_cols=("sim_ci_low", "sim_ci_high"),
                 key_param: str = "", game: str = "", p_col: str = "p_holm", ci_cols=("ci_low", "ci_high"),
                 action: str = "", holm: bool | None = None, key_values: str = "", strategy: str = "") -> str:
    """One line: the seat question's answer and the action it implies (after a sequential stop,
    judged on the anytime-valid intervals and p-values). `action` replaces the default advice (a
    sweep of the key constant at this player count) where a sweep has already answered it. `holm`:
    whether p_col is Holm-adjusted (default: more than 2 seats; a design report's 2-player count is
    adjusted with its other counts). `key_values`: the values and games a design battery swept at its
    default count (e.g. "0,2,4,6,8 --games 800"), so the advised sweep at another count is a command
    to run, not a template. `strategy`: the player every seat played, named in the advised command (without
    it the command would play `random`, the CLI's default)."""
    fair = 1.0 / players
    holm = players > 2 if holm is None else holm
    sig = tab[tab[p_col] < 0.05]
    if players == 2:
        sig = sig[sig["seat"] == 0]
    d = 1
    if len(sig):
        r = sig.iloc[int(np.argmax(np.abs(sig["edge_points"].to_numpy())))]
        edge = r.win_rate - fair
        swept = key_values or (sweep_mod.sweep_advice_values(game, key_param) if key_param and game else "")
        act = action or (f"compensate it, e.g. sweep the key constant{' over the range the battery swept' if key_values else ''}: "
                         f"`agon sweep {game} --players {players}{f' --strategies {strategy}' if strategy else ''} "
                         f"--param {key_param}={swept or 'LO:HI:STEP'}`"
                         if key_param and game else
                         "compensate it (a sweep of a scoring constant finds the value)")
        lo, hi = getattr(r, ci_cols[0]), getattr(r, ci_cols[1])
        return (f"Seat advantage{what}: seat {int(r.seat)} {pts(100 * edge, d)} points ({pct(r.win_rate, d)} "
                f"{ci(lo, hi, d)} vs fair {pct(fair, d)}), significant ({'Holm ' if holm else ''}p = "
                f"{pval(getattr(r, p_col))}); {_relevance(edge, lo - fair, hi - fair, players)}. Action: {act}.")
    worst = tab.iloc[int(np.argmax(np.abs(tab["edge_points"].to_numpy())))]
    lo_col, hi_col = bound_cols
    bound = 100 * max(float((tab[hi_col] - fair).max()), float((fair - tab[lo_col]).max()))
    txt = (f"Seat advantage{what}: seat {int(worst.seat)} {pts(worst.edge_points, d)} points, not significant; "
           f"edges above {bound:.1f} points ruled out")
    if bound <= RELEVANT_POINTS:
        return txt + f" (so no seat edge of {RELEVANT_POINTS:g} point or more): no action needed."
    from reports.seats import _round_games
    need = _round_games(stats.games_needed_seat(players, RELEVANT_POINTS, bonferroni=players > 2))
    cmd = with_games(command, need) if command else ""
    return (txt + f"; about {need:,} games would settle a {RELEVANT_POINTS:g}-point edge"
            + (f": `{cmd}`." if cmd else "."))


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


def _metrics_section(agg, players, blocks, score_parts=(), heading="Game metrics"):
    mt = metrics_mod.metric_table(agg, players, agg.seat_metrics, score_parts)
    gt = metrics_mod.game_metric_table(agg, agg.game_metrics)
    blocks.append(("h", 2, heading))
    if len(mt):
        head = ["metric"] + [f"seat {k}" for k in range(players)] + ["all", "winners", "non-winners", "share of score"]
        rows = []
        for r in mt.itertuples(index=False):
            vals = list(r)
            share = vals[-1]
            rows.append([f"`{vals[0]}`"] + [num(v, 3) for v in vals[1:-1]] +
                        [pct(share, 1) if np.isfinite(share) else "-"])
        blocks.append(("table", head, rows,
                       f"Mean per seat and game (n = {integer(agg.n_games)}). Winners: seats with a win share > 0 (sole or "
                       "shared). Share of score: the metric's total over the score total, only for the score parts the "
                       "game declares (GameSpec `score_parts`, which add up to the score)."))
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


def _declared_sections(agg, players, spec, label, images, blocks, files, notes, findings, cannot, study_of,
                       stamp="", verdicts=None):
    """Sections a game declares in GameSpec.extra (components, outcomes, categorical_seat,
    categorical_game, score_parts); see reports/components.py. Returns {name: table}.
    `study_of()` gives (table, regression rows) of the run's component study
    (reports/component_study.py), whose rows the component sections show: one analysis for the
    seats report, `agon components` and the design report, so a seats report cannot call the
    Pyramids "too strong" (every holder won) or Hammurabi a hero (he is Babylon) after the
    component study stopped judging them."""
    decl = comp_mod.parse_sections(getattr(spec, "extra", None) if spec is not None else None)
    out: dict = {}
    verdicts = [] if verdicts is None else verdicts
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
        study, reg_rows = study_of()
        tab = study[(study["family"] == title) & (study["kind"] == "flag") & study["metric"].isin(cols)]
        tab = tab.rename(columns={"label": "component", "metric": "column"}).reset_index(drop=True)
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
                         ce.effect_text(r), pval(r.adj_p), ce.family_text(r), pval(r.verdict_p_bh),
                         ce.regression_text(r), f"**{r.verdict}**" if r.flag else r.verdict])
        cap = (f"{len(tab)} components; held: seat-games ending with the component. "
               + ce.caption(sg, title, reg_rows) + " BH runs over every component of the run (its component "
               "study, as `agon components` and the design report count them). Sorted by effect.")
        if skipped:
            cap += " Not 0/1, left out: " + ", ".join(f"`{c}`" for c in skipped[:6]) + (
                f" and {len(skipped) - 6} more." if len(skipped) > 6 else ".")
        blocks.append(("table", ["component", "held (seat-games)", "win rate with", "95% CI", "win rate without",
                                 "95% CI", "raw lift (pts)", "effect (pts) [95% CI]", "p (CMH)",
                                 "vs family (pts) [95% CI]", "p (verdict, BH)", "regression (pts) [95% CI]",
                                 "verdict"],
                       rows, cap))
        img = f"components_{stem}.png"
        images[img] = plots.png_bytes(plots.component_lifts(
            tab, f"{label}: {title.lower()}, effect (n = {integer(sg)} seat-games)", stamp=stamp))
        blocks.append(("img", img, f"{title} lift", f"{title}: with minus without at the same number of other "
                                                    f"{title.lower()} held, 95% Sato intervals, raw lift as a tick; "
                                                    "an association, not a cause."))
        findings.append(ce.summary(tab.rename(columns={"component": "label"}), title))
        blocks.append(("p", findings[-1]))
        if (tab["flag"] != "").any() or tab["verdict"].isin([ce.UNCLEAR, ce.ENDS_GAME]).any():
            from reports.components_report import verdicts as component_verdicts
            verdicts += component_verdicts(tab, spec, {"players": players, "game": getattr(spec, "name", "")}, title)
    for title, prefix, labels in decl["outcomes"]:
        blocks.append(("h", 2, title))
        cols, _ = comp_mod.component_columns(agg, players, prefix)
        if not cols:
            blocks.append(("p", f"No 0/1 seat metric starts with `{prefix}` in these results."))
            continue
        tab = comp_mod.component_table(agg, players, prefix, columns=cols, labels=labels)
        tab = tab[[c for c in tab.columns if not c.startswith(("adj_", "vs_family", "verdict", "n_informative"))
                   and c not in ("enough", "basis", "flag")]]
        stem = comp_mod.file_stem(prefix)
        out[f"outcomes_{stem}"] = tab
        csv = f"outcomes_{stem}.csv"
        files[csv] = _csv(tab)
        notes[csv] = f"{title}: one row per outcome (`{prefix}*` columns), full precision"
        rows = [[r.component, f"{integer(r.seat_games)} ({pct(r.share, 1)})", pct(r.win_rate_with, 1),
                 ci(r.with_low, r.with_high, 1), pct(r.win_rate_without, 1), ci(r.without_low, r.without_high, 1),
                 f"{pts(r.lift_points, 1)} [{pts(r.lift_low, 1)}, {pts(r.lift_high, 1)}]"] for r in tab.itertuples()]
        blocks.append(("table", ["outcome", "seat-games", "win rate with", "95% CI", "win rate without", "95% CI",
                                 "raw lift (pts) [95% CI]"], rows,
                       f"{integer(sg)} seat-games. " + outcomes_mod.CAPTION))
        findings.append(outcomes_mod.outcome_line(tab, title, players))
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
                       f"Wilson intervals; fair 1/{players}; p: exact binomial vs fair, BH over the categories."
                       + (" " + outcomes_mod.WHAT if name in decl["outcome_categories"] else "")))
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
    verdicts: list[str] = []

    _run_section(meta, spec, players, agg.n_games, agg, blocks)
    result_heading_idx = len(blocks)

    base = agg
    if is_sweep:
        names = sweep_mod.sweep_params(meta)
        av = sweep_mod.arm_values(meta)
        base_arm, base_note = _base_arm(meta, av, agg, spec)
        base = agg.only(base_arm)
        result["base_arm"] = base_arm
        sw_tab = sweep_mod.sweep_table(agg, meta, players)
        komi = sweep_mod.komi_table(agg, meta, players)
        files["sweep.csv"] = _csv(sw_tab)
        result["sweep"] = sw_tab
        d = _digits(int(komi["games"].min()), players)
        fair = 1.0 / players
        blocks.append(("h", 2, "Sweep: seat 0 against the swept constant" + ("s" if len(names) > 1 else "")))
        paired = sweep_mod.paired_vs_base(agg, list(agg.arms), base_arm, players)
        komi = komi.merge(paired, on="arm", how="left")
        result["paired"] = paired
        head = ["arm"] + [f"`{p}`" for p in names] + ["games", "seat 0 win rate", "95% CI", "edge (pts)",
                                                     "p vs fair", "p (Holm, arms)", "vs base arm (pts) [95% CI]",
                                                     "paired p (Holm)", "seat 0 margin", "winner margin",
                                                     "mean length", "ties"]
        rows = []
        for rr in komi.to_dict("records"):
            is_base = rr["arm"] == base_arm
            rows.append([f"**{rr['arm']} (base)**" if is_base else rr["arm"]] + [_val(rr[p]) for p in names] +
                        [integer(rr["games"]), pct(rr["seat0_rate"], d), ci(rr["ci_low"], rr["ci_high"], d),
                         pts(rr["edge_points"], d), pval(rr["p_value"]), pval(rr["p_holm"]),
                         "-" if is_base else f"{rr['diff_points']:+.{d}f} [{rr['diff_low']:+.{d}f}, {rr['diff_high']:+.{d}f}]",
                         "-" if is_base else pval(rr["p_paired_holm"]),
                         f"{rr['margin_seat0']:+.2f} [{rr['margin_seat0_low']:+.2f}, {rr['margin_seat0_high']:+.2f}]",
                         num(rr["margin_top2"]), num(rr["mean_turns"], 1), pct(rr["tie_share"], 1)])
        blocks.append(("table", head, rows,
                       f"Per arm: seat 0 win rate (ties split) with 95% Wilson interval; p: exact binomial vs fair "
                       f"1/{players}, Holm-adjusted across the {len(komi)} arms. Vs base arm: seat 0's rate minus its "
                       f"rate at the base arm {base_arm} ({base_note}) on the same seeds (paired t interval over "
                       f"{_resampled_units(agg.seeds)}), Holm across the other arms. Seat 0 margin: seat 0 score minus "
                       "the mean of the other seats (mean with 95% normal interval); winner margin: winner minus "
                       "runner-up."))
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
            base_x = None
            if curve["numeric"]:
                t = curve["table"]
                ident = curve["identified"]
                base_x = float(curve["x"][list(t["arm"]).index(base_arm)]) if base_arm in set(t["arm"]) else None
                images["komi_curve.png"] = plots.png_bytes(plots.komi_curve(
                    curve["x"], t["seat0_rate"], t["ci_low"], t["ci_high"], players, p,
                    f"{game_label}: seat 0 win rate vs {p} (n = {integer(t['games'].min())} per arm)",
                    cr["value"] if ident else None, (bt["low"], bt["high"]) if ident else None, stamp=stamp,
                    base=base_x))
                blocks.append(("img", "komi_curve.png", "komi curve",
                               f"Seat 0 win rate against `{p}` with pointwise 95% Wilson band; dashed: fair 1/{players}; "
                               "square: the base arm (" + base_note + ")"
                               + ("; diamond: the fair value, shaded: its bootstrap 95% interval." if ident else
                                  "; no fair value is drawn: the crossing is not identified.")))
            slopes = sweep_mod.curve_seat_slopes(run_dir, curve, players)    # every seat, not only seat 0's curve
            result["seat_slopes"] = slopes                                    # the design report reads it too
            if slopes is not None:
                files["seat_slopes.csv"] = _csv(slopes)
            sl = curve.get("slope") or {}
            slope_txt = ""
            if sl and np.isfinite(sl.get("slope", np.nan)):
                slope_txt = (f"slope {sl['slope']:+.2f} points per unit [{sl['low']:+.2f}, {sl['high']:+.2f}] "
                             f"(p = {pval(sl['p'])}; weighted least squares over the arms' seeds, clustered by seed), "
                             f"a change of {sl['change']:+.1f} points [{sl['change_low']:+.1f}, {sl['change_high']:+.1f}] "
                             f"across the swept range")
            if curve["identified"]:
                player = sweep_mod.run_player(run_dir)
                txt = (f"**Fair value of `{p}`**: about {cr['value']:.3g} ({cr['note']}); bootstrap 95% interval "
                       f"[{bt['low']:.3g}, {bt['high']:.3g}] from {bt['n_boot']:,} " + _resampled(agg.seeds, bt["units"])
                       + f"; numpy seed {bt['seed']}), every resample counted"
                       + (f" ({100 * bt['missing_share']:.1f}% never cross)" if bt["missing_share"] > 0 else "")
                       + (f"; {slope_txt}" if slope_txt else "") + ".")
                verdicts.append(f"Fair value of `{p}`: about {cr['value']:.3g} [{bt['low']:.3g}, {bt['high']:.3g}] "
                                f"(seat 0 meets fair {pct(fair, d)} there); to confirm, play it against the base on the "
                                f"same seeds: `agon compare` of `agon seats {meta.get('game', 'GAME')} --players "
                                f"{players}{f' --strategies {player}' if player else ''} "
                                f"--seed {meta.get('seed', 0)} --set {p}={sweep_mod._suggested(meta.get('game'), p, cr['value'])}` and the "
                                f"base run."
                                + (" " + sweep_mod.seats_moved_text(slopes, p) if slopes is not None else ""))
            else:
                why = ("the point estimate crosses the fair line, but " if cr["value"] is not None else "")
                if bt is not None:
                    why += (f"{100 * bt['missing_share']:.0f}% of {bt['n_boot']:,} bootstrap resamples never cross it "
                            f"and the interval over all resamples, [{_fmt_end(bt['low'])}, {_fmt_end(bt['high'])}], "
                            "is not inside the swept range")
                txt = (f"**No fair value of `{p}` is identified**: {why}. The curve is "
                       + ("flat within the noise" if sl and np.isfinite(sl.get("p", np.nan)) and sl["p"] >= 0.05
                          else "not crossing the fair line in the range") + (f": {slope_txt}." if slope_txt else "."))
                bound = ""
                if sl and np.isfinite(sl.get("change_low", np.nan)):
                    bound = (f"; across the range `{p}` moves seat 0 by {sl['change']:+.1f} points "
                             f"[{sl['change_low']:+.1f}, {sl['change_high']:+.1f}]")
                advice, moves = sweep_mod.seats_advice(curve, p, sweep_mod.param_limits(meta.get("game"), p), slopes)
                verdicts.append(f"Fair value of `{p}`: not identified{bound}. " + advice + (f" {moves}" if moves else ""))
                cannot.append(f"Where the fair value of `{p}` lies: the crossing is not identified in this range "
                              "(the bootstrap interval over all resamples leaves it).")
            findings.append(txt)
            blocks.append(("p", findings[-1]))
            if not _players_adapt(meta):
                warn = (f"**Players do not adapt**: the strategies ({', '.join(sorted(set(map(str, meta.get('strategies') or []))))}) "
                        f"are fixed heuristics that play the same whatever `{p}` is worth, so the curve shows how these "
                        "players cope with the constant, not how players who value it correctly would.")
                blocks.append(("p", warn))
                cannot.append(warn.replace("**", ""))
            _category_sweeps(run_dir, meta, spec, curve, players, base_arm, p, game_label, stamp, n_boot, boot_seed,
                             result, blocks, images, files, verdicts)
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

    stopping = stopping_record(run_dir)
    tab, summ = _seats_section(base, players, game_label + (f", arm {result['base_arm']}" if is_sweep else ""),
                                images, blocks, files, heading, stamp=stamp, stopping=stopping)
    files["seats.csv"] = _csv(tab)
    result["seats"], result["summary"] = tab, summ
    d = _digits(base.n_games, players)
    seat_find = _seat_findings(tab, summ, players, d, " (base arm)" if is_sweep else "")
    seq = _sequential(stopping)
    verdicts.insert(0, seat_verdict(tab, players, base.n_games, "" if is_sweep else str(meta.get("command") or ""),
                                    f" ({players} players" + (f", base arm {result['base_arm']})" if is_sweep else ")"),
                                    bound_cols=("any_sim_low", "any_sim_high") if seq else ("sim_ci_low", "sim_ci_high"),
                                    key_param=getattr(spec, "key_param", "") or "", game=meta.get("game", ""),
                                    p_col="p_anytime" if seq else "p_holm",
                                    ci_cols=("any_low", "any_high") if seq else ("ci_low", "ci_high"),
                                    action="" if seq else _own_sweep_action(result, meta, tab, players, run_dir),
                                    strategy=sweep_mod.run_player(run_dir)))
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

    study: list = []

    def study_of():
        """The run's component study (base arm of a sweep): a second pass over the chunks, once."""
        if not study:
            counts, games, pp = fold_components(run_dir, spec, arm=result["base_arm"] if is_sweep else None)
            study.append((study_table(counts, games, pp), counts.attrs.get("regression_rows")))
        return study[0]
    declared = _declared_sections(base, players, spec,
                                  game_label + (f", arm {result['base_arm']}" if is_sweep else ""),
                                  images, blocks, files, file_notes, findings, cannot, study_of, stamp=stamp,
                                  verdicts=verdicts)
    result.update(declared)
    for path in (getattr(spec, "extra", None) or {}).get("report_sections", ()):
        # a game's own sections, "module:function"(aggregate, players, blocks, files, notes, findings)
        module, _, name = path.partition(":")
        section = getattr(import_module(module), name)
        result.update(section(base, players, blocks, files, file_notes, findings) or {})

    from reports import board as board_mod
    bb, bimg, bfiles, bfind, bnotes = board_mod.report_section(
        run_dir, spec, players, meta.get("params") or {}, arm=result.get("base_arm") if is_sweep else None,
        stamp=stamp, label=game_label + (f", arm {result['base_arm']}" if is_sweep else ""), tables=result)
    blocks.extend(bb)
    images.update(bimg)
    files.update(bfiles)
    findings.extend(bfind)
    file_notes.update(bnotes)

    if flow_mod.has_flow(agg.columns):
        fb, fimg, ffiles, ffind, ftabs = flow_mod.report_section(
            run_dir, players, game_label + (f", arm {result['base_arm']}" if is_sweep else ""),
            getattr(spec, "flow", None), arm=result.get("base_arm") if is_sweep else None, stamp=stamp)
        blocks.extend(fb)
        images.update(fimg)
        files.update(ffiles)
        findings.extend(ffind)
        file_notes.update(flow_mod.FILE_NOTES)
        result.update(ftabs)

    mt, gt = _metrics_section(base, players, blocks, decl["score_parts"],
                              "Game metrics" + (f" (base arm {result.get('base_arm')})" if is_sweep else ""))
    files["metrics.csv"] = _csv(pd.concat([mt.assign(kind="seat"), gt.assign(kind="game")], ignore_index=True))
    result["metrics"], result["game_metrics"] = mt, gt

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
    flagged = adapted.flagged_warning(meta)      # --adapt players that check-players flags (None: none)
    if flagged:
        cannot.append(flagged.replace("**", ""))
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

    if flagged:      # first: it qualifies the verdicts below it
        verdicts.insert(0, flagged)
    if isinstance(expected, (int, np.integer)) and expected != agg.n_games:
        verdicts.insert(0, findings[0].replace("**Warning**: ", "Incomplete run: "))
    blocks[1:1] = [("h", 2, "Verdict"), ("ul", verdicts)]
    md = blocks_to_markdown(blocks)
    page = blocks_to_html(blocks, images, title)
    files["report.md"] = md.encode("utf-8")
    files["report.html"] = page.encode("utf-8")
    files.update(images)
    for name in sorted(files):
        write_atomic(run_dir / name, files[name])
    result.update(findings=findings, cannot=cannot, verdicts=verdicts, files=sorted(files))
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


def _fmt_end(v) -> str:
    return "-inf" if v == -np.inf else "+inf" if v == np.inf else f"{v:.3g}"


def _resampled_units(seeds) -> str:
    return "seeds" if seeds.exact else f"blocks of {seeds.block:,} consecutive seeds"


ADAPTIVE = ("ismcts", "tuned")   # players that re-plan (or are retrained) under the rules they play


def _players_adapt(meta: dict) -> bool:
    """Do all seats' players adapt to a changed constant? Fixed-weight heuristics do not."""
    names = [str(s).split(":")[0] for s in (meta.get("strategies") or [])]
    return bool(names) and all(n in ADAPTIVE for n in names)


def _resampled(seeds, units: int) -> str:
    """How the bootstrap resampled: seeds, or (on huge runs) blocks of consecutive seeds."""
    if seeds.exact:
        return "resamples of the seeds (same seeds in every arm, resampled jointly"
    return (f"resamples of {units:,} blocks of {seeds.block:,} consecutive seeds (a block bootstrap: more than "
            f"{seeds.limit:,} seeds; same blocks in every arm, resampled jointly")


def _category_sweeps(run_dir, meta, spec, curve, players, base_arm, key, game_label, stamp, n_boot, boot_seed,
                     result, blocks, images, files, verdicts) -> None:
    """The swept constant against each category the game deals at random (reports/category_sweep.py):
    a section with its plot and table, one verdict line each; result["category_sweeps"] = {metric: res}."""
    from reports import category_sweep as cat_mod
    x_by_arm = sweep_mod.curve_x_by_arm(curve)
    if spec is None or x_by_arm is None or base_arm not in x_by_arm:
        return
    strategy = sweep_mod.run_player(run_dir) or ", ".join(sorted(set(map(str, meta.get("strategies") or []))))
    out = {}
    for metric, labels in cat_mod.dealt_metrics(spec, meta, players, run_dir).items():
        res = cat_mod.category_sweep(run_dir, x_by_arm, players, metric, labels, base_arm, n_boot=n_boot,
                                     seed=boot_seed)
        out[metric] = res
        line = cat_mod.verdict_line(res, key, strategy, meta.get("game"))
        verdicts.append(line)
        name = f"sweep_{metric}"
        files[f"{name}.csv"] = _csv(res["table"])
        images[f"{name}.png"] = plots.png_bytes(cat_mod.plot(
            res, key, f"{game_label}: win share by {metric} vs {key} (n = {integer(res['games'])} games per arm)",
            stamp=stamp))
        blocks.append(("h", 2, f"`{key}` and `{metric}`"))
        blocks.append(("p", line))
        blocks.append(("img", f"{name}.png", f"{metric} against {key}",
                       f"Each {metric}'s win share per seat-game (a tie among j leaders 1/j) against `{key}`, pointwise "
                       f"95% Wilson bands; dashed: fair 1/{players}; dotted: the default. Table (with each value's "
                       f"paired difference to the default): {name}.csv."))
    if out:
        result["category_sweeps"] = out


def _base_arm(meta: dict, av: pd.DataFrame, agg: Aggregate, spec=None) -> tuple[int, str]:
    """(arm, how it was chosen): the arm whose swept values are the rule defaults (a value given
    with --set counts as the run's default), else the lowest arm, which the note then says."""
    params = dict(meta.get("params") or {})
    names = [c for c in av.columns if c != "arm"]
    present = set(agg.arms)
    defaults = {}
    for p in names:
        if p in params:
            defaults[p] = params[p]
        elif spec is not None:
            try:
                defaults[p] = spec.params.get(p).default
            except Exception:
                pass
    for rr in av.to_dict("records"):
        if int(rr["arm"]) in present and names and all(
                p in defaults and _same(defaults[p], rr[p]) for p in names):
            vals = ", ".join(f"{p} = {_val(rr[p])}" for p in names)
            return int(rr["arm"]), f"the default, {vals}"
    players = int(meta.get("players") or agg.players)
    for rr in av.to_dict("records"):      # a default of 0 = auto: the arm at the value it plays
        if int(rr["arm"]) in present and names and spec is not None and all(
                p in defaults and _same(_played(spec, p, defaults[p], players), _played(spec, p, rr[p], players))
                for p in names):
            vals = ", ".join(f"{p} = {_val(rr[p])}" for p in names)
            return int(rr["arm"]), f"the default, {vals} (what the default's 0 = auto plays at {players} players)"
    missing = ", ".join(f"{p} = {_val(defaults[p])}" for p in names if p in defaults)
    return int(min(present)), ("the lowest arm: the default " + (f"({missing}) " if missing else "")
                               + "was not swept, so no arm is compared with the rules as they are")


def _played(spec, name: str, v, players: int):
    """The value a parameter plays at `players` (Param.effective), or v itself."""
    try:
        return spec.params.get(name).effective(v, players)
    except Exception:
        return v


def _same(a, b) -> bool:
    try:
        return math.isclose(float(a), float(b))
    except (TypeError, ValueError):
        return str(a) == str(b)
