"""Tournament analysis: head-to-head win matrix, Bradley-Terry ratings with a seat term,
and the skill-ladder check.

Every game with p seats gives p(p-1)/2 pairwise results (who finished ahead; a tied rank
is half a win each). Bradley-Terry with a seat term (STATISTICS.md, "Strength"):
    logit P(seat s finishes ahead of seat t) = b[strategy at s] - b[strategy at t] + g[s] - g[t]
fitted as a binomial GLM (statsmodels; b of the first strategy and g of seat 0 fixed at 0), so a
strategy's skill is separated from where it sat. The pairs of one game are not independent, and
the line-ups and rotations of one seed share its setup and dice: standard errors are clustered by
seed (cov_type="cluster"). A pairing one strategy always wins (complete separation) has no finite
maximum-likelihood rating: it is left out of the fit and reported as a one-sided bound from its
own head-to-head record. Win counts are folded chunk by chunk over the line-up run folders.

A game whose rules rank no one but the winner declares `rank_by_win` in GameSpec.extra: its
pairwise results are then who won, the other seats tied, in every game that has a winner (Mare Nostrum: the engine orders the
losers by heroes/wonders and provinces, which the rules do only for an unfinished game, and a
player that wins by the Pyramids loses that order while winning most).
"""
from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pandas as pd
from matplotlib.figure import Figure
from scipy import stats as st

from reports import stats
from reports.data import iter_chunks, load_meta
from reports.plots import figure

__all__ = ["PairCounts", "fold_lineups", "fit_bradley_terry", "win_matrix", "ladder_check",
           "strategy_table", "ELO"]

ELO = 400.0 / math.log(10.0)   # Elo points per unit of the logit scale


class PairCounts:
    """Pairwise results per (strategy at s, strategy at t, s, t) with s < t, and per-seat wins."""

    def __init__(self, names: list[str], players: int):
        self.names = list(names)
        self.players = players
        k = len(names)
        self.ahead = np.zeros((k, k, players, players))   # wins of the s-side
        self.pairs = np.zeros((k, k, players, players))
        self.ties = np.zeros((k, k, players, players))    # pairs finishing level (counted 1/2 in ahead)
        self.seat_n = np.zeros((k, players))
        self.seat_w = np.zeros((k, players))
        self.games = 0

    def add(self, labels: list[str], rank: np.ndarray, win: np.ndarray) -> None:
        idx = [self.names.index(x) for x in labels]
        n = rank.shape[0]
        self.games += n
        for s in range(self.players):
            self.seat_n[idx[s], s] += n
            self.seat_w[idx[s], s] += float(win[:, s].sum())
            for t in range(s + 1, self.players):
                level = (rank[:, s] == rank[:, t]).sum()
                self.ahead[idx[s], idx[t], s, t] += (rank[:, s] < rank[:, t]).sum() + 0.5 * level
                self.ties[idx[s], idx[t], s, t] += level
                self.pairs[idx[s], idx[t], s, t] += n


def by_win(folders: list[Path]) -> bool:
    """Whether the folders' game ranks no one but the winner (GameSpec.extra `rank_by_win`)."""
    if not folders:
        return False
    from sim import get_game
    return bool((get_game(load_meta(folders[0])["game"]).extra or {}).get("rank_by_win", False))


def ranks(df: pd.DataFrame, players: int, win_only: bool) -> np.ndarray:
    """The chunk's ranks; with `win_only`, in a game that has a winner, 1 for the winner(s) and 2
    for every other seat (a game without one keeps its ranks)."""
    rank = df[[f"rank_{k}" for k in range(players)]].to_numpy(float)
    if not win_only:
        return rank
    win = df[[f"win_{k}" for k in range(players)]].to_numpy(float) > 0
    return np.where(win.any(axis=1, keepdims=True), np.where(win, 1.0, 2.0), rank)


def fold_lineups(folders: list[Path], names: list[str], players: int) -> PairCounts:
    """Fold rank/win columns of every line-up folder (one chunk is one rotation: one label per seat)."""
    pc = PairCounts(names, players)
    cols = [f"{c}_{k}" for c in ("strategy", "rank", "win") for k in range(players)]
    win_only = by_win(folders)
    for folder in folders:
        for df in iter_chunks(folder, cols):
            labels = [str(df[f"strategy_{k}"].iloc[0]) for k in range(players)]
            win = df[[f"win_{k}" for k in range(players)]].to_numpy(float)
            pc.add(labels, ranks(df, players, win_only), win)
    return pc


def pair_rows(folders: list[Path], names: list[str], players: int) -> pd.DataFrame:
    """One row per pairwise result: cluster (the seed), a, b (strategy indices at seats s < t),
    s, t, y (1: seat s finished ahead, 0.5: tied rank, 0: behind)."""
    cols = ["game"] + [f"{c}_{k}" for c in ("strategy", "rank", "win") for k in range(players)]
    parts = []
    win_only = by_win(folders)
    for folder in folders:
        for df in iter_chunks(folder, cols):
            labels = [names.index(str(df[f"strategy_{k}"].iloc[0])) for k in range(players)]
            rank = ranks(df, players, win_only)
            for s in range(players):
                for t in range(s + 1, players):
                    y = np.where(rank[:, s] < rank[:, t], 1.0, np.where(rank[:, s] == rank[:, t], 0.5, 0.0))
                    parts.append(pd.DataFrame({"cluster": df["game"].to_numpy(np.int64), "a": labels[s],
                                               "b": labels[t], "s": s, "t": t, "y": y}))
    return pd.concat(parts, ignore_index=True) if parts else pd.DataFrame(columns=["cluster", "a", "b", "s", "t", "y"])


def separated_pairs(pc: PairCounts) -> list[tuple[int, int]]:
    """Strategy pairs (i, j), i ahead, where i finished ahead of j in every pairing (no tie, no loss)."""
    out = []
    k = len(pc.names)
    for i in range(k):
        for j in range(i + 1, k):
            ahead_i = pc.ahead[i, j].sum() + (pc.pairs[j, i] - pc.ahead[j, i]).sum()
            n = pc.pairs[i, j].sum() + pc.pairs[j, i].sum()
            if n > 0 and ahead_i == n:
                out.append((i, j))
            elif n > 0 and ahead_i == 0:
                out.append((j, i))
    return out


def fit_bradley_terry(pc: PairCounts, rows: pd.DataFrame | None = None, folders=None) -> dict:
    """Strategy ratings b (first strategy = 0) and seat terms g (seat 0 = 0) with covariances
    clustered by seed (statsmodels GLM, Binomial, cov_type="cluster"); `se_ratio`: clustered over
    model-based standard errors of the ratings (above 1: the pairs of a game are correlated).
    Separated pairings (one side always ahead) are left out of the fit (`separated`); a strategy
    linked to the others only through them is not estimable (`estimable` False, nan rating)."""
    import statsmodels.api as sm
    k, p = len(pc.names), pc.players
    if rows is None:
        rows = pair_rows(folders, pc.names, p)
    sep = separated_pairs(pc)
    drop = {frozenset(x) for x in sep}
    keep = np.array([frozenset((a, b)) not in drop and a != b for a, b in zip(rows["a"], rows["b"])], bool) \
        if len(rows) else np.zeros(0, bool)
    same = (rows["a"].to_numpy() == rows["b"].to_numpy()) if len(rows) else np.zeros(0, bool)
    keep = keep | same          # pairs of one strategy with itself inform the seat terms
    data = rows[keep]
    # the strategies the kept pairings connect: the largest group is rated, relative to its first
    # strategy (the first strategy of the tournament when it belongs to it)
    edges = {frozenset((a, b)) for a, b in zip(data["a"], data["b"]) if a != b}
    groups = []
    for i in range(k):
        if any(i in g for g in groups):
            continue
        g, grew = {i}, True
        while grew:
            grew = False
            for e in edges:
                if len(e & g) == 1:
                    g |= e
                    grew = True
        groups.append(g)
    linked = max(groups, key=lambda g: (len(g), -min(g)))
    ref = min(linked)
    est = np.array([i in linked for i in range(k)])
    cols_b = [i for i in range(k) if est[i] and i != ref]
    X = np.zeros((len(data), len(cols_b) + p - 1))
    av, bv, sv, tv = (data[c].to_numpy() for c in ("a", "b", "s", "t"))
    for j, i in enumerate(cols_b):
        X[:, j] = (av == i).astype(float) - (bv == i).astype(float)
    for q in range(1, p):
        X[:, len(cols_b) + q - 1] = (sv == q).astype(float) - (tv == q).astype(float)
    if len(data) == 0 or X.shape[1] == 0:   # every pairing separated (tiny tournaments): nothing to fit
        b = np.full(k, np.nan)
        b[ref] = 0.0
        return {"b": b, "g": np.zeros(p), "cov_b": np.full((k, k), np.nan), "cov_g": np.full((p, p), np.nan),
                "pairs": 0.0, "pairs_all": float(len(rows)), "ref": ref,
                "separated": [(pc.names[i], pc.names[j]) for i, j in sep], "estimable": est,
                "se_ratio": float("nan"), "clusters": 0}
    model = sm.GLM(data["y"].to_numpy(float), X, family=sm.families.Binomial())
    fit = model.fit(cov_type="cluster", cov_kwds={"groups": data["cluster"].to_numpy()})
    naive = model.fit()
    cov = np.asarray(fit.cov_params())
    theta = np.asarray(fit.params)
    b = np.full(k, np.nan)
    b[ref] = 0.0
    cb = np.full((k, k), np.nan)
    cb[ref, :] = cb[:, ref] = 0.0
    for j, i in enumerate(cols_b):
        b[i] = theta[j]
        for jj, ii in enumerate(cols_b):
            cb[i, ii] = cov[j, jj]
    g = np.concatenate([[0.0], theta[len(cols_b):]])
    cg = np.zeros((p, p))
    cg[1:, 1:] = cov[len(cols_b):, len(cols_b):]
    se_c = np.sqrt(np.diag(cov)[: len(cols_b)])
    se_n = np.sqrt(np.diag(np.asarray(naive.cov_params()))[: len(cols_b)])
    ratio = float(np.median(se_c / se_n)) if len(cols_b) else float("nan")
    return {"b": b, "g": g, "cov_b": cb, "cov_g": cg, "pairs": float(len(data)), "pairs_all": float(len(rows)), "ref": ref,
            "separated": [(pc.names[i], pc.names[j]) for i, j in sep], "estimable": est, "se_ratio": ratio,
            "clusters": int(data["cluster"].nunique()) if len(data) else 0}


def separation_bounds(pc: PairCounts, alpha: float = 0.05) -> pd.DataFrame:
    """For each separated pairing: the winner, the loser, the pairings, and the one-sided
    (1 - alpha/2) lower bound of the winner's head-to-head rate (Clopper-Pearson) in Elo."""
    rows = []
    for i, j in separated_pairs(pc):
        n = pc.pairs[i, j].sum() + pc.pairs[j, i].sum()
        lo, _ = stats.clopper_pearson(n, n, alpha)
        rows.append({"ahead": pc.names[i], "behind": pc.names[j], "pairings": int(n),
                     "rate_low": lo, "elo_at_least": stats.elo_from_rate(lo)})
    return pd.DataFrame(rows, columns=["ahead", "behind", "pairings", "rate_low", "elo_at_least"])


def gap_text(r) -> str:
    """A ladder step's gap: '+120 [+80, +160]', or 'always ahead' for a separated step."""
    if np.isfinite(r.gap_elo):
        return f"{r.gap_elo:+.0f} [{r.low:+.0f}, {r.high:+.0f}]"
    if r.low == np.inf:
        return f"`{r.higher}` always ahead (no finite gap)"
    if r.low == -np.inf:
        return f"`{r.lower}` always ahead (no finite gap)"
    return "not estimable"


def _diff(fit: dict, i: int, j: int, key: str = "b") -> tuple[float, float]:
    """(difference i - j, standard error) of ratings or seat terms."""
    v, c = fit[key], fit["cov_" + key]
    d = v[i] - v[j]
    if not (np.isfinite(d) and np.isfinite(c[i, i]) and np.isfinite(c[j, j])):
        return float("nan"), float("nan")
    se = math.sqrt(max(c[i, i] + c[j, j] - 2 * c[i, j], 0.0))
    return float(d), se


def ratings_table(pc: PairCounts, fit: dict) -> pd.DataFrame:
    """Ratings in Elo relative to the reference strategy (fit["ref"]), with 95% intervals; nan for
    a strategy linked to it only through pairings one side always won."""
    rows = []
    for i, name in enumerate(pc.names):
        d, se = _diff(fit, i, fit.get("ref", 0))
        rows.append({"strategy": name, "rating_elo": ELO * d, "low": ELO * (d - 1.96 * se),
                     "high": ELO * (d + 1.96 * se), "logit": d, "se": se})
    return pd.DataFrame(rows).sort_values("rating_elo", ascending=False, kind="stable").reset_index(drop=True)


def seat_terms(pc: PairCounts, fit: dict) -> pd.DataFrame:
    """Seat terms in Elo relative to seat 0 (positive: the seat finishes ahead more often), with
    95% intervals and Holm-adjusted p against 0."""
    rows = []
    for s in range(pc.players):
        d, se = _diff(fit, s, 0, "g")
        p = 2 * st.norm.sf(abs(d) / se) if se > 0 else float("nan")
        rows.append({"seat": s, "term_elo": ELO * d, "low": ELO * (d - 1.96 * se), "high": ELO * (d + 1.96 * se),
                     "p_value": p})
    out = pd.DataFrame(rows)
    ps = out["p_value"].to_numpy()
    fin = np.isfinite(ps)
    out["p_holm"] = np.nan
    out.loc[fin, "p_holm"] = stats.holm(ps[fin])
    return out


def win_matrix(pc: PairCounts) -> pd.DataFrame:
    """P(row strategy finishes ahead of column strategy) pooled over seats, Wilson 95% (a tie counts
    1/2), and the same among the decided pairings (`decided`, `decided_rate`, `decided_low/high`:
    ties left out). In a game that ranks only its winner (`rank_by_win`) two losers tie, so the first
    rate cannot be near 100% however strong the row is: Mare Nostrum's `ismcts` was "ahead of
    `random` in 67.7% of pairings (expected near 100%)"."""
    k = len(pc.names)
    rows = []
    for a in range(k):
        for b in range(k):
            if a == b:
                continue
            w = pc.ahead[a, b].sum() + (pc.pairs[b, a] - pc.ahead[b, a]).sum()
            n = pc.pairs[a, b].sum() + pc.pairs[b, a].sum()
            lo, hi = stats.wilson(w, n) if n else (float("nan"), float("nan"))
            tie = pc.ties[a, b].sum() + pc.ties[b, a].sum()
            nd, wd = n - tie, w - 0.5 * tie
            dlo, dhi = stats.wilson(wd, nd) if nd else (float("nan"), float("nan"))
            rows.append({"row": pc.names[a], "column": pc.names[b], "pairs": int(n), "ahead": float(w),
                         "rate": w / n if n else float("nan"), "low": lo, "high": hi, "decided": int(nd),
                         "decided_rate": wd / nd if nd else float("nan"), "decided_low": dlo, "decided_high": dhi})
    return pd.DataFrame(rows)


def strategy_table(pc: PairCounts) -> pd.DataFrame:
    """Win share per seat played (ties split), all seats pooled and per seat, Wilson 95%."""
    fair = 1.0 / pc.players
    rows = []
    for i, name in enumerate(pc.names):
        n, w = pc.seat_n[i].sum(), pc.seat_w[i].sum()
        lo, hi = stats.wilson(w, n)
        row = {"strategy": name, "seats_played": int(n), "wins": w, "win_rate": w / n, "low": lo, "high": hi,
               "edge_points": 100 * (w / n - fair), "p_value": stats.binom_pvalue(w, n, fair)}
        for s in range(pc.players):
            row[f"seat{s}_rate"] = pc.seat_w[i, s] / pc.seat_n[i, s] if pc.seat_n[i, s] else float("nan")
            row[f"seat{s}_n"] = int(pc.seat_n[i, s])
        rows.append(row)
    out = pd.DataFrame(rows)
    out["p_holm"] = stats.holm(out["p_value"].to_numpy())
    return out


# the expected order, weakest first: the tuned greedy above the default one, the shared search
# (which plays over the tuned weights) on top
LADDER_ORDER = ("random", "greedy", "tuned", "ismcts")


def default_ladder(names: list[str]) -> list[str]:
    """random < greedy < tuned < ismcts, as far as they take part."""
    return [n for n in LADDER_ORDER if n in names]


def ladder_check(pc: PairCounts, fit: dict, ladder: list[str]) -> dict:
    """Each step lo < hi of the ladder: rating gap (Elo) with 95% interval and one-sided p,
    Holm over the steps. The ladder holds when every step is significant at 5%."""
    steps = []
    for lo_name, hi_name in zip(ladder, ladder[1:]):
        i, j = pc.names.index(hi_name), pc.names.index(lo_name)
        d, se = _diff(fit, i, j)
        p = float(st.norm.sf(d / se)) if se > 0 else (0.0 if d > 0 else 1.0) if np.isfinite(d) else float("nan")
        steps.append({"lower": lo_name, "higher": hi_name, "gap_elo": ELO * d, "low": ELO * (d - 1.96 * se),
                      "high": ELO * (d + 1.96 * se), "p_one_sided": p})
    tab = pd.DataFrame(steps, columns=["lower", "higher", "gap_elo", "low", "high", "p_one_sided"])
    if len(tab):
        fin = np.isfinite(tab["p_one_sided"].to_numpy(float))
        tab["p_holm"] = np.nan
        if fin.any():
            tab.loc[fin, "p_holm"] = stats.holm(tab.loc[fin, "p_one_sided"].to_numpy())
        sep = set(fit.get("separated", []))
        for idx, r in tab.iterrows():   # a separated step: one side always finished ahead
            if (r.higher, r.lower) in sep and not np.isfinite(r.p_one_sided):
                tab.loc[idx, ["p_one_sided", "p_holm"]] = 0.0
                tab.loc[idx, ["low", "high"]] = np.inf
            elif (r.lower, r.higher) in sep and not np.isfinite(r.p_one_sided):
                tab.loc[idx, ["p_one_sided", "p_holm"]] = 1.0
                tab.loc[idx, ["low", "high"]] = -np.inf
    holds = bool(len(tab) and (tab["p_holm"] < 0.05).all())
    reversed_ = tab[(tab["high"] < 0)] if len(tab) else tab
    return {"ladder": ladder, "steps": tab, "holds": holds, "reversed": list(zip(reversed_["lower"], reversed_["higher"]))}


# ---------------------------------------------------------------- plots

def plot_matrix(pc: PairCounts, wm: pd.DataFrame, title: str) -> Figure:
    k = len(pc.names)
    m = np.full((k, k), np.nan)
    for r in wm.itertuples():
        m[pc.names.index(r.row), pc.names.index(r.column)] = 100 * r.rate
    fig = figure(1.2 * k + 3, 0.9 * k + 2)
    ax = fig.add_subplot()
    im = ax.imshow(m, cmap="RdBu", vmin=0, vmax=100)
    for a in range(k):
        for b in range(k):
            if a != b:
                ax.text(b, a, f"{m[a, b]:.0f}", ha="center", va="center", fontsize=9)
    ax.set_xticks(range(k), pc.names, rotation=30, ha="right")
    ax.set_yticks(range(k), pc.names)
    ax.set_xlabel("opponent")
    ax.set_title(title, fontsize=9)
    fig.colorbar(im, ax=ax, label="% of pairings finishing ahead")
    fig.tight_layout()
    return fig


def plot_ratings(rt: pd.DataFrame, seats: pd.DataFrame, title: str) -> Figure:
    fig = figure(8, 3.6)
    ax1, ax2 = fig.add_subplot(1, 2, 1), fig.add_subplot(1, 2, 2)
    y = np.arange(len(rt))
    x = rt["rating_elo"].to_numpy()
    ax1.errorbar(x, y, xerr=[x - rt["low"].to_numpy(), rt["high"].to_numpy() - x], fmt="o", capsize=4, color="#35608f")
    ax1.set_yticks(y, rt["strategy"])
    ax1.axvline(0, color="#999", lw=0.8)
    ax1.set_xlabel("rating (Elo, first strategy = 0)")
    ax1.set_title("strategy ratings, 95% CI", fontsize=9)
    xs = seats["seat"].to_numpy()
    t = seats["term_elo"].to_numpy()
    ax2.errorbar(xs, t, yerr=[t - seats["low"].to_numpy(), seats["high"].to_numpy() - t], fmt="s", capsize=4, color="#c0392b")
    ax2.axhline(0, color="#999", lw=0.8)
    ax2.set_xticks(xs, [f"seat {s}" for s in xs])
    ax2.set_ylabel("seat term (Elo, seat 0 = 0)")
    ax2.set_title("seat terms, 95% CI", fontsize=9)
    fig.suptitle(title, fontsize=9)
    fig.tight_layout()
    return fig


def lineup_folders(out: Path) -> list[Path]:
    return sorted(p for p in (Path(out) / "lineups").iterdir() if (p / "run.json").exists())


def players_of(folder: Path) -> int:
    return int(load_meta(folder)["players"])


# ---------------------------------------------------------------- the report

def build(out) -> dict:
    """Write out/report.md + report.html (+ CSV, PNG) of a tournament folder; returns the
    tables and findings (the design report reuses them)."""
    from reports.doc import Doc, ci, integer, pct, pval
    from reports.plots import png_bytes

    out = Path(out)
    meta = load_meta(out)
    names, p = list(meta["strategies"]), int(meta["players"])
    folders = lineup_folders(out)
    pc = fold_lineups(folders, names, p)
    fit = fit_bradley_terry(pc, folders=folders)
    bounds = separation_bounds(pc)
    rt, seats, wm, stab = ratings_table(pc, fit), seat_terms(pc, fit), win_matrix(pc), strategy_table(pc)
    ladder = meta.get("ladder") or default_ladder(names)
    lad = ladder_check(pc, fit, ladder) if len(ladder) >= 2 else None
    fair = 1.0 / p
    label = meta.get("title", meta["game"])
    ahead = ("who won; the other seats tied: the game ranks no one but its winner; an unfinished game by rank"
             if by_win(folders)
             else "who finished ahead; tied ranks count half")

    findings = []
    if lad is not None:
        steps = "; ".join(
            f"`{r.higher}` - `{r.lower}` = {gap_text(r)} Elo (one-sided Holm p = {pval(r.p_holm)})"
            if np.isfinite(r.gap_elo) else f"`{r.higher}` - `{r.lower}`: {gap_text(r)}"
            for r in lad["steps"].itertuples())
        chain = " < ".join(ladder)
        if lad["holds"]:
            findings.append(f"**Skill ladder {chain} holds**: every step's rating gap is positive "
                            f"(Bradley-Terry with a seat term, 95% intervals): {steps}.")
        elif lad["reversed"]:
            findings.append(f"**Skill ladder {chain} fails**: a step is reversed with its whole interval below 0: "
                            f"{steps}.")
        else:
            findings.append(f"**Skill ladder {chain} not shown** at this sample size: {steps}.")
    best = stab.iloc[int(np.argmax(stab["win_rate"].to_numpy()))]
    findings.append(f"Highest win share: `{best.strategy}` wins {pct(best.win_rate)} {ci(best.low, best.high)} of "
                    f"the {integer(best.seats_played)} seats it played (fair {pct(fair)}).")
    sig = seats[(seats["seat"] > 0) & (seats["p_holm"] < 0.05)]
    if len(sig):
        findings.append("Seat effect, separated from skill: " + "; ".join(
            f"seat {int(r.seat)} {r.term_elo:+.0f} Elo [{r.low:+.0f}, {r.high:+.0f}] against seat 0 (Holm p = {pval(r.p_holm)})"
            for r in sig.itertuples()) + ".")
    else:
        findings.append("No seat term differs significantly from seat 0 (Holm over seats); largest: "
                        + ", ".join(f"seat {int(r.seat)} {r.term_elo:+.0f} Elo [{r.low:+.0f}, {r.high:+.0f}]"
                                    for r in seats[seats["seat"] > 0].itertuples()) + ".")

    doc = Doc(f"{label}: tournament of {', '.join(names)}")
    what = [f"**Game**: {label} (`{meta['game']}`), {p} players",
            f"**Strategies**: {', '.join(f'`{n}`' for n in names)}",
            f"**Line-ups** ({len(meta['lineups'])}, each played in all {p} rotations of the seats, on the same seeds): "
            + "; ".join(",".join(u) for u in meta["lineups"]),
            f"**Games**: {integer(pc.games)} in all, {integer(pc.games * p * (p - 1) // 2)} pairwise results",
            f"**Seed**: {meta.get('seed')}; **parameters different from the defaults**: "
            + (", ".join(f"`{k}` = {v}" for k, v in (meta.get("params") or {}).items()) or "none"),
            f"**Version**: {meta.get('version')}, commit `{meta.get('git_commit')}`"]
    doc.opening(out, meta, what, findings)

    doc.h(2, "Ratings")
    doc.table(["strategy", "rating (Elo)", "95% CI"],
              [[f"`{r.strategy}`", f"{r.rating_elo:+.0f}" if np.isfinite(r.rating_elo) else "not estimable",
                f"[{r.low:+.0f}, {r.high:+.0f}]" if np.isfinite(r.low) else "-"] for r in rt.itertuples()],
              f"Bradley-Terry with a seat term: a binomial GLM (statsmodels) on {integer(fit['pairs'])} pairwise "
              f"results ({ahead}), standard errors clustered by seed "
              f"({integer(fit['clusters'])} clusters: the pairs of one game, and the line-ups and rotations of one "
              f"seed, are not independent; clustered standard errors are {fit['se_ratio']:.2f}x the model-based "
              f"ones). Ratings relative to `{names[fit['ref']]}`; 400 log10 odds (Elo scale)."
              + (" Pairings one strategy always won are left out of the fit (no finite estimate exists) and "
                 "reported below as bounds." if fit["separated"] else ""))
    if len(bounds):
        doc.table(["pairing", "pairings", "ahead in", "rating gap (Elo)"],
                  [[f"`{r.ahead}` over `{r.behind}`", integer(r.pairings), "all", f"at least {r.elo_at_least:+.0f}"]
                   for r in bounds.itertuples()],
                  "Complete separation: the first strategy finished ahead in every pairing, so the gap has no finite "
                  "estimate; the bound is the Clopper-Pearson one-sided 97.5% lower limit of its head-to-head rate, "
                  "in Elo.")
    doc.table(["seat", "seat term (Elo)", "95% CI", "p", "p (Holm)"],
              [[int(r.seat), f"{r.term_elo:+.0f}", f"[{r.low:+.0f}, {r.high:+.0f}]", pval(r.p_value), pval(r.p_holm)]
               for r in seats.itertuples()],
              "Seat terms relative to seat 0: the advantage of sitting there, whatever the strategy.")
    if lad is not None:
        doc.table(["step", "gap (Elo)", "95% CI", "p (one-sided)", "p (Holm)"],
                  [[f"`{r.lower}` < `{r.higher}`", *(gap_text(r).split(" ", 1) if np.isfinite(r.gap_elo) else [gap_text(r), "-"]),
                    pval(r.p_one_sided), pval(r.p_holm)] for r in lad["steps"].itertuples()],
                  "Skill ladder: each step tested one-sided (higher > lower), Holm over the steps.")
    doc.img("tournament_ratings.png", png_bytes(plot_ratings(rt, seats, f"{label}: ratings ({integer(pc.games)} games)")),
            "ratings", "Strategy ratings and seat terms with 95% intervals.")

    doc.h(2, "Win matrix")
    head = ["row ahead of column"] + [f"`{n}`" for n in names]
    rows = []
    for a in names:
        row = [f"`{a}`"]
        for b in names:
            if a == b:
                row.append("-")
                continue
            r = wm[(wm["row"] == a) & (wm["column"] == b)].iloc[0]
            row.append("n/a" if not r.pairs else f"{pct(r.rate)} {ci(r.low, r.high)} (n={integer(r.pairs)})")
        rows.append(row)
    doc.table(head, rows, "Share of pairings in which the row strategy finished ahead of the column strategy "
                          f"({ahead}; ties count half), all seats pooled, 95% Wilson intervals; pairings from one game are not "
                          "independent, so the intervals are approximate.")
    doc.img("tournament_matrix.png", png_bytes(plot_matrix(pc, wm, f"{label}: head-to-head")), "win matrix",
            "Percent of pairings the row strategy finished ahead of the column strategy.")

    doc.h(2, "Win share by strategy")
    rows = [[f"`{r.strategy}`", integer(r.seats_played), pct(r.win_rate), ci(r.low, r.high), f"{r.edge_points:+.1f}",
             pval(r.p_holm)] + [pct(getattr(r, f"seat{s}_rate")) for s in range(p)] for r in stab.itertuples()]
    doc.table(["strategy", "seats played", "win share", "95% CI", "edge vs fair (pts)", "p (Holm)"]
              + [f"seat {s}" for s in range(p)], rows,
              f"Win share per seat played (a tie among j leaders counts 1/j), fair 1/{p}; p: exact binomial against "
              "fair, Holm over strategies. It depends on who else sat at the table; the ratings above do not.")
    doc.h(2, "What this run cannot conclude")
    doc.ul(["Ratings hold for this pool of strategies and these settings; a strategy's rating can change against "
            "other opponents (multiplayer results are not transitive in general).",
            "The Bradley-Terry model assumes that skill and seat add on the logit scale; its standard errors are "
            "clustered by seed, so the correlation of the pairs of one game is allowed for.",
            "A ladder step that is 'not shown' is not evidence that the two strategies are equal: it may need more games."])
    doc.csv("ratings.csv", rt)
    if len(bounds):
        doc.csv("separation.csv", bounds)
    doc.csv("seat_terms.csv", seats)
    doc.csv("win_matrix.csv", wm)
    doc.csv("strategies.csv", stab)
    if lad is not None:
        doc.csv("ladder.csv", lad["steps"])
    doc.write(out)
    return {"ratings": rt, "seats": seats, "matrix": wm, "strategies": stab, "ladder": lad, "findings": findings,
            "games": pc.games, "doc": doc, "fit": fit, "separation": bounds}
