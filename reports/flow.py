"""The "Game flow" section of a report and of a design report: is the game close to the end, can a
player who falls behind come back, how early is it decided, how many real choices does a player get
(docs/FLOW.md). Folded from the flow columns of the result chunks (sim/flow.py writes them online),
one chunk at a time: sums per figure, counts per progress point and deficit bucket, so memory stays
flat in games. Every figure carries its sample size and a 95% interval."""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
import pandas as pd
from scipy import stats as sps

from reports import stats
from reports.fmt import ci, integer, num, pct

__all__ = ["FlowCounts", "fold_flow", "has_flow", "figures_table", "progress_table", "comeback_table",
           "flow_blocks", "report_section", "design_section", "run_figures", "target_names", "FIGURES",
           "DEFICIT_BUCKETS"]

# (column, label, kind): "mean" (t interval), "rate" (a share of games or of win shares, Wilson)
FIGURES = (
    ("flow_lead_changes", "lead changes per game", "mean"),
    ("flow_lead_change_rate", "lead changes per turn (Ludii Lead change)", "mean"),
    ("flow_won_from_behind", "games the winner won from behind", "rate"),
    ("flow_winner_turns_behind", "turns the winner spent behind", "mean"),
    ("flow_winner_max_deficit", "largest deficit the winner overcame (points)", "mean"),
    ("flow_drama", "the winner's mean deficit while behind (Ludii Drama, points)", "mean"),
    ("flow_decided_at", "share of the game played before the winner led for good", "mean"),
    ("flow_margin", "final margin, first minus second (points)", "mean"),
    ("flow_leader_third_won", "the leader after a third of the game won (snowball)", "rate"),
    ("flow_leader_half_won", "the leader after half the game won (snowball)", "rate"),
    ("flow_branching", "legal actions per decision (Ludii Branching factor)", "mean"),
    ("flow_branching_max", "most legal actions at one decision", "mean"),
    ("flow_decision_share", "decisions with more than one option (Ludii Decision moves)", "mean"),
)
# largest points deficit of a seat during the game: (label, low, high], the first is exactly 0
DEFICIT_BUCKETS = (("0 (never behind)", -1.0, 0.0), ("1", 0.0, 1.0), ("2", 1.0, 2.0), ("3-4", 2.0, 4.0),
                   ("5-8", 4.0, 8.0), ("9-16", 8.0, 16.0), ("17-32", 16.0, 32.0), ("33+", 32.0, math.inf))


def has_flow(columns) -> bool:
    return "flow_turns" in set(columns)


def _grid_columns(columns) -> list[tuple[int, str]]:
    """(percent, column) of the P(win | leading at t) columns present, in order."""
    out = []
    for c in columns:
        if c.startswith("flow_lead_won_at_") and c.endswith("pct"):
            out.append((int(c[len("flow_lead_won_at_"):-3]), c))
    return sorted(out)


@dataclass
class FlowCounts:
    """Sums folded over the chunks: per figure (n, sum, sum of squares, max), per progress point
    (games, games with a sole leader, its win shares), per deficit bucket (seats, win shares)."""
    players: int
    games: int = 0
    figures: dict = field(default_factory=dict)
    grid: dict = field(default_factory=dict)
    buckets: np.ndarray = field(default_factory=lambda: np.zeros((len(DEFICIT_BUCKETS), 2)))

    def add(self, df: pd.DataFrame) -> "FlowCounts":
        self.games += len(df)
        cols = dict(df.items())
        if "flow_winner_turns_behind" in cols:
            v = cols["flow_winner_turns_behind"].to_numpy(float)
            cols["flow_won_from_behind"] = pd.Series(np.where(np.isnan(v), np.nan, (v > 0).astype(float)))
        for c, _, _ in FIGURES:
            if c not in cols:
                continue
            v = cols[c].to_numpy(float)
            v = v[np.isfinite(v)]
            n, s, s2, mx = self.figures.get(c, (0, 0.0, 0.0, -math.inf))
            self.figures[c] = (n + len(v), s + math.fsum(v.tolist()), s2 + math.fsum((v * v).tolist()),
                               max(mx, float(v.max())) if len(v) else mx)
        for pc, c in _grid_columns(df.columns):
            v = df[c].to_numpy(float)
            ok = np.isfinite(v)
            g, n, s = self.grid.get(pc, (0, 0, 0.0))
            self.grid[pc] = (g + len(v), n + int(ok.sum()), s + math.fsum(v[ok].tolist()))
        for k in range(self.players):
            d = df.get(f"flow_max_deficit_{k}")
            w = df.get(f"win_{k}")
            if d is None or w is None:
                continue
            d, w = d.to_numpy(float), w.to_numpy(float)
            for b, (_, lo, hi) in enumerate(DEFICIT_BUCKETS):
                inside = (d > lo) & (d <= hi)
                self.buckets[b, 0] += int(inside.sum())
                self.buckets[b, 1] += math.fsum(w[inside].tolist())
        return self


def fold_flow(chunks, players: int) -> FlowCounts:
    """Fold the flow columns of result chunks (DataFrames) one at a time."""
    out = FlowCounts(players)
    for df in chunks:
        out.add(df)
    return out


def chunk_columns(columns, players: int) -> list[str]:
    """The chunk columns the fold reads."""
    cols = [c for c in columns if c.startswith("flow_") and not c[-1].isdigit()]
    return cols + [f"flow_max_deficit_{k}" for k in range(players)] + [f"win_{k}" for k in range(players)] + ["arm"]


def _mean_ci(n, s, s2):
    """Mean with a 95% t interval (scipy)."""
    if n == 0:
        return math.nan, math.nan, math.nan
    mean = s / n
    if n < 2:
        return mean, math.nan, math.nan
    var = max(s2 / n - mean * mean, 0.0) * n / (n - 1)
    h = sps.t.ppf(0.975, n - 1) * math.sqrt(var / n)
    return mean, mean - h, mean + h


def figures_table(fc: FlowCounts) -> pd.DataFrame:
    """figure, label, kind, games (with the figure defined), value, ci_low, ci_high, max."""
    rows = []
    for c, label, kind in FIGURES:
        if c not in fc.figures:
            continue
        n, s, s2, mx = fc.figures[c]
        if kind == "rate":
            lo, hi = stats.wilson(s, n) if n else (math.nan, math.nan)
            val = s / n if n else math.nan
        else:
            val, lo, hi = _mean_ci(n, s, s2)
        rows.append({"figure": c, "label": label, "kind": kind, "games": n, "value": val, "ci_low": lo,
                     "ci_high": hi, "max": mx if n else math.nan})
    return pd.DataFrame(rows, columns=["figure", "label", "kind", "games", "value", "ci_low", "ci_high", "max"])


def progress_table(fc: FlowCounts) -> pd.DataFrame:
    """Per progress point t (% of the game's turns): games, games with a sole leader there, P(win |
    leading at t) (the leader's win share, ties split) with a Wilson 95% interval."""
    rows = []
    for pc in sorted(fc.grid):
        g, n, s = fc.grid[pc]
        lo, hi = stats.wilson(s, n) if n else (math.nan, math.nan)
        rows.append({"progress_pct": pc, "games": g, "sole_leader": n, "p_win": s / n if n else math.nan,
                     "ci_low": lo, "ci_high": hi})
    return pd.DataFrame(rows, columns=["progress_pct", "games", "sole_leader", "p_win", "ci_low", "ci_high"])


def comeback_table(fc: FlowCounts) -> pd.DataFrame:
    """Per bucket of a seat's largest points deficit during the game: seats, win rate (Wilson 95%)."""
    rows = []
    for (label, lo, hi), (n, w) in zip(DEFICIT_BUCKETS, fc.buckets):
        if n == 0:
            continue
        a, b = stats.wilson(w, n)
        rows.append({"deficit": label, "seats": int(n), "wins": w, "win_rate": w / n, "ci_low": a, "ci_high": b})
    return pd.DataFrame(rows, columns=["deficit", "seats", "wins", "win_rate", "ci_low", "ci_high"])


def progress_plot(tab: pd.DataFrame, players: int, title: str, stamp: str = ""):
    """P(win | leading at t) against t with the Wilson band, the fair 1/p and the certain 1."""
    from reports.plots import figure, _finish
    fig = figure()
    ax = fig.add_subplot()
    t = tab[tab["sole_leader"] > 0]
    x = t["progress_pct"].to_numpy(float)
    ax.fill_between(x, 100 * t["ci_low"].to_numpy(float), 100 * t["ci_high"].to_numpy(float), color="#9ecae1",
                    alpha=0.6, label="95% interval")
    ax.plot(x, 100 * t["p_win"].to_numpy(float), "o-", color="#08519c", label="P(win | sole leader at t)")
    ax.axhline(100.0 / players, ls="--", color="#666", lw=1, label=f"fair 1/{players}")
    ax.set_xlim(0, 100)
    ax.set_ylim(0, 100)
    ax.set_xlabel("progress t (% of the game's turns)")
    ax.set_ylabel("win rate of the leader (%)")
    ax.set_title(title, fontsize=10)
    ax.legend(loc="lower right", fontsize=8)
    ax.grid(alpha=0.3)
    return _finish(fig, stamp, "band: Wilson 95% per point; games with a tied lead at t are left out")


def _value_text(r) -> str:
    if r.kind == "rate":
        return f"{pct(r.value)} {ci(r.ci_low, r.ci_high)}" if np.isfinite(r.value) else "-"
    if not np.isfinite(r.value):
        return "-"
    d = 3 if abs(r.value) < 1 else 2
    lo = num(r.ci_low, d) if np.isfinite(r.ci_low) else "-"
    hi = num(r.ci_high, d) if np.isfinite(r.ci_high) else "-"
    return f"{num(r.value, d)} [{lo}, {hi}]"


def flow_blocks(fc: FlowCounts, players: int, label: str, flow_spec=None, stamp: str = "", level: int = 2):
    """(blocks, images, files, findings, tables): the section as report blocks (("h"|"p"|"table"|"img", ...))."""
    fig, prog, comeback = figures_table(fc), progress_table(fc), comeback_table(fc)
    blocks: list = [("h", level, "Game flow")]
    what = ("Measured online after every turn (sim/flow.py, docs/FLOW.md)"
            + (f": a turn is {flow_spec.turn}; the leader is the seat with the highest {flow_spec.key}; "
               f"deficits and margins count {flow_spec.points}." if flow_spec is not None else ".")
            + f" {integer(fc.games)} games, {players} players ({label}).")
    blocks.append(("p", what))
    rows = []
    for r in fig.itertuples():
        rows.append([r.label, integer(r.games), _value_text(r),
                     num(r.max, 0) if r.figure in ("flow_branching_max", "flow_winner_max_deficit") and np.isfinite(r.max)
                     else ""])
    blocks.append(("table", ["figure", "games", "value [95% CI]", "largest"], rows,
                   "Means with a 95% t interval; shares of games with a 95% Wilson interval (a leader's win share "
                   "counts ties as split). Winner figures use games with a sole winner; snowball figures use games "
                   "with a sole leader at that point. References: Browne (2008) and Ludii's metrics Lead change, "
                   "Drama, Score difference, Branching factor, Decision moves."))
    images, files, findings = {}, {"flow.csv": fig.to_csv(index=False).encode(),
                                   "flow_progress.csv": prog.to_csv(index=False).encode(),
                                   "flow_comeback.csv": comeback.to_csv(index=False).encode()}, []
    if len(prog) and (prog["sole_leader"] > 0).any():
        from reports.plots import png_bytes
        images["flow_progress.png"] = png_bytes(progress_plot(prog, players, f"{label}: P(win | leading at t)",
                                                              stamp=stamp))
        blocks.append(("img", "flow_progress.png", "P(win | leading at t)",
                       f"How early the game is decided: the win rate of the sole leader after t% of the turns, with "
                       f"its 95% Wilson band; dashed: fair 1/{players}. A curve near fair until late is a close game; "
                       "one far above fair early is decided early (snowball)."))
        blocks.append(("table", ["progress t", "games with a sole leader", "P(win | leading) [95% CI]"],
                       [[f"{int(r.progress_pct)}%", f"{integer(r.sole_leader)} of {integer(r.games)}",
                         f"{pct(r.p_win)} {ci(r.ci_low, r.ci_high)}" if r.sole_leader else "-"]
                        for r in prog.itertuples()],
                       "Leader at t: the seat ahead alone after turn ceil(t x turns); its win share (ties split)."))
    if len(comeback):
        blocks.append(("table", ["largest deficit (points)", "seats", "win rate [95% CI]"],
                       [[r.deficit, integer(r.seats), f"{pct(r.win_rate)} {ci(r.ci_low, r.ci_high)}"]
                        for r in comeback.itertuples()],
                       f"Comeback rate: the win rate of seats by the largest points deficit to the top they had "
                       f"during the game (fair 1/{players} = {pct(1.0 / players)}), Wilson 95%."))
    by = {r.figure: r for r in fig.itertuples()}
    if "flow_won_from_behind" in by and np.isfinite(by["flow_won_from_behind"].value):
        r = by["flow_won_from_behind"]
        findings.append(f"Game flow: the winner was behind at some turn in {pct(r.value)} "
                        f"{ci(r.ci_low, r.ci_high)} of {integer(r.games)} games"
                        + (f"; the leader after half the game won {pct(by['flow_leader_half_won'].value)} "
                           f"{ci(by['flow_leader_half_won'].ci_low, by['flow_leader_half_won'].ci_high)} "
                           f"(fair {pct(1.0 / players)})" if "flow_leader_half_won" in by
                           and np.isfinite(by["flow_leader_half_won"].value) else "")
                        + (f"; {num(by['flow_lead_changes'].value, 2)} lead changes per game"
                           if "flow_lead_changes" in by else "") + ".")
    return blocks, images, files, findings, {"flow": fig, "flow_progress": prog, "flow_comeback": comeback}


FILE_NOTES = {"flow.csv": "game flow figures with their 95% intervals",
              "flow_progress.csv": "P(win | sole leader after t% of the turns), Wilson 95%",
              "flow_comeback.csv": "win rate by the largest points deficit a seat had, Wilson 95%"}


def report_section(run_dir, players: int, label: str, flow_spec=None, arm=None, stamp: str = ""):
    """Fold the run's chunks (one arm when `arm` is given) and build the section."""
    from reports.data import iter_chunks, result_columns
    cols = chunk_columns(result_columns(run_dir).columns, players)
    chunks = iter_chunks(run_dir, cols)
    if arm is not None:
        chunks = (df[df["arm"] == arm] for df in chunks)
    return flow_blocks(fold_flow(chunks, players), players, label, flow_spec, stamp)


def run_figures(run_dir, players: int, arm=None) -> pd.DataFrame:
    """figures_table of a run (one arm when given): the flow figures `agon tune` targets and
    `agon compare` shows, each with its sample size and 95% interval."""
    from reports.data import iter_chunks, result_columns
    cols = chunk_columns(result_columns(run_dir).columns, players)
    chunks = iter_chunks(run_dir, cols)
    if arm is not None:
        chunks = (df[df["arm"] == arm] for df in chunks)
    return figures_table(fold_flow(chunks, players))


def target_names() -> list[str]:
    """The flow figures by their target name (the column without `flow_`): lead_changes, drama, ..."""
    return [c[len("flow_"):] for c, _, _ in FIGURES]


def design_section(doc, built, command: str = "") -> None:
    """Write a built section (report_section's result) into a design report (reports/doc.py Doc)."""
    blocks, images, files, findings, tables = built
    for j, b in enumerate(blocks):
        if b[0] == "h":
            doc.h(b[1], b[2])
        elif b[0] == "p":
            doc.p(b[1] + (f" Games of `{command}`." if command and j == 1 else ""))
        elif b[0] == "table":
            doc.table(b[1], b[2], b[3])
        elif b[0] == "img":
            doc.img(b[1], images[b[1]], b[2], b[3])
    doc.csv("flow.csv", tables["flow"])
