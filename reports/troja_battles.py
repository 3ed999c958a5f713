"""Battle tables of a `troja` run (troja.md §9: "battles won per side and draws", "battles per
game", the per-game record's "battles by outcome"; issue #3 §3 "battle outcomes").

The generic sections of `GameSpec.extra` already give the frequency of `battles` per game, of
the first battle's outcome (`battle_1`), of the side ahead at the end (`war_leader`) and of the
winners' side (`winner_side`). What they cannot express is a table across several per-game
metrics: battles pooled by outcome, and the outcome of the k-th battle for every k. Both are
computed here from per-game marginals only (`Aggregate.game_values`), so they work on a
results frame or on an Aggregate of any size.

    outcome_table(agg)     Troy / Mycenae / draw: battles, share of all battles, mean per game
                           with a 95% interval, games with at least one such battle (Wilson)
    by_number_table(agg)   k = 1..9: games that fought a k-th battle and its outcome shares
                           (Wilson; one k-th battle per game, so games are independent)
    battle_section(...)    appends both as a report section in reports/render.py's block format
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from reports import stats
from reports.aggregate import Dist, as_aggregate

OUTCOMES = (("Troy", "battles_troy", 1), ("Mycenae", "battles_mycenae", 2), ("draw", "battles_draw", 3))
MAX_LOGGED = 9  # battle_1 .. battle_9 (sim/troja/playout.py)


def _dist(agg, metric: str) -> Dist | None:
    if metric not in agg.columns:
        return None
    t = agg.game_values(metric)
    return Dist(t["value"].to_numpy(dtype=float), t["n"].to_numpy())


def _mean_ci(d: Dist, alpha: float) -> tuple[float, float, float]:
    n = float(d.n)
    m = d.mean()
    se = d.sd() / np.sqrt(n) if n > 1 else np.nan
    z = float(stats._z(alpha))
    return m, m - z * se, m + z * se


def outcome_table(agg, alpha: float = 0.05) -> pd.DataFrame:
    """One row per outcome and a row `all`. Columns: outcome, battles, share (of all battles),
    per_game (mean battles of this outcome per game) with per_game_low/high (95% normal
    interval over games), games_with (games with at least one), games_with_share and its
    Wilson interval games_low/high. Battles of one game are not independent, so no interval is
    given for `share`; per-game means and game shares are over independent games."""
    agg = as_aggregate(agg)
    rows = []
    total = _dist(agg, "battles")
    if total is None:
        return pd.DataFrame()
    n_games = float(total.n)
    all_battles = total.sum()
    for label, metric, _ in OUTCOMES + (("all", "battles", 0),):
        d = _dist(agg, metric)
        if d is None:
            continue
        t = agg.game_values(metric)
        v = t["value"].to_numpy(dtype=float)
        c = t["n"].to_numpy(dtype=float)
        with_one = float(c[v > 0].sum())
        m, lo, hi = _mean_ci(d, alpha)
        glo, ghi = stats.wilson(with_one, n_games, alpha)
        rows.append({"outcome": label, "battles": d.sum(), "share": d.sum() / all_battles if all_battles else np.nan,
                     "per_game": m, "per_game_low": lo, "per_game_high": hi, "games_with": int(with_one),
                     "games_with_share": with_one / n_games if n_games else np.nan,
                     "games_low": glo, "games_high": ghi})
    return pd.DataFrame(rows)


def by_number_table(agg, alpha: float = 0.05) -> pd.DataFrame:
    """Outcome of the k-th battle of a game, k = 1..9. Columns: battle (k), games (that fought
    it), and per outcome o in troy/mycenae/draw: o (count), o_share, o_low, o_high (Wilson)."""
    agg = as_aggregate(agg)
    rows = []
    for k in range(1, MAX_LOGGED + 1):
        metric = f"battle_{k}"
        if metric not in agg.columns:
            break
        t = agg.game_values(metric)
        v = t["value"].to_numpy(dtype=float)
        c = t["n"].to_numpy(dtype=float)
        fought = float(c[v > 0].sum())
        if fought == 0:
            break
        row = {"battle": k, "games": int(fought)}
        for label, _, code in OUTCOMES:
            x = float(c[v == code].sum())
            lo, hi = stats.wilson(x, fought, alpha)
            key = label.lower()
            row.update({key: int(x), f"{key}_share": x / fought, f"{key}_low": lo, f"{key}_high": hi})
        rows.append(row)
    return pd.DataFrame(rows)


def _pct(x, d=1):
    return "-" if x is None or not np.isfinite(x) else f"{100 * x:.{d}f}%"


def _ci(lo, hi, d=1):
    return "-" if not (np.isfinite(lo) and np.isfinite(hi)) else f"[{100 * lo:.{d}f}, {100 * hi:.{d}f}]"


def battle_section(agg, players: int, blocks: list, files: dict, notes: dict, findings: list) -> dict:
    """Append the battle tables as a report section (blocks as in reports/render.py: ("h", level,
    text), ("p", text), ("table", head, rows, caption)); CSVs go into `files` with a line in
    `notes`, one finding into `findings`. Returns {"battle_outcomes": ..., "battle_by_number": ...};
    nothing is appended when the results hold no battle metrics (another game)."""
    agg = as_aggregate(agg, players)
    out = outcome_table(agg)
    if not len(out):
        return {}
    num = by_number_table(agg)
    blocks.append(("h", 2, "Battles"))
    rows = [[r.outcome, f"{int(r.battles):,}", _pct(r.share), f"{r.per_game:.2f} [{r.per_game_low:.2f}, "
             f"{r.per_game_high:.2f}]", f"{r.games_with:,}", _pct(r.games_with_share), _ci(r.games_low, r.games_high)]
            for r in out.itertuples(index=False)]
    blocks.append(("table", ["outcome", "battles", "share of battles", "per game [95% CI]", "games with one",
                             "share of games", "95% CI"], rows,
                   "Battles pooled over all games. Per game: mean with a 95% normal interval over games. "
                   "Share of games: games with at least one such battle, 95% Wilson interval. Battles of one "
                   "game share its support row, so the pooled share has no interval of its own."))
    files["battle_outcomes.csv"] = out.to_csv(index=False).encode()
    notes["battle_outcomes.csv"] = "battles by outcome (Troy, Mycenae, draw), pooled and per game"
    if len(num):
        rows = [[str(r.battle), f"{r.games:,}"] + [f"{_pct(getattr(r, f'{o}_share'))} "
                                                   f"{_ci(getattr(r, f'{o}_low'), getattr(r, f'{o}_high'))}"
                                                   for o in ("troy", "mycenae", "draw")]
                for r in num.itertuples(index=False)]
        blocks.append(("table", ["battle", "games", "Troy wins [95% CI]", "Mycenae wins [95% CI]", "draw [95% CI]"],
                       rows, "Outcome of the k-th battle among the games that fought it (one per game, 95% "
                             "Wilson intervals). The first 9 battles are recorded."))
        files["battle_by_number.csv"] = num.to_csv(index=False).encode()
        notes["battle_by_number.csv"] = "outcome of the k-th battle of a game"
    sides = out[out["outcome"].isin(["Troy", "Mycenae", "draw"])].set_index("outcome")
    if len(sides) == 3 and np.isfinite(sides["share"]).all():
        findings.append(f"Battles: Troy wins {_pct(sides.loc['Troy', 'share'])}, Mycenae "
                        f"{_pct(sides.loc['Mycenae', 'share'])}, draws {_pct(sides.loc['draw', 'share'])} of "
                        f"{int(sides['battles'].sum()):,} battles; {sides['per_game'].sum():.2f} battles per game.")
    return {"battle_outcomes": out, "battle_by_number": num}
