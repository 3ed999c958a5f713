"""The report of a restricted-play study (`agon restrict`): the value of each banned option."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from reports import stats
from reports.data import load_meta
from reports.doc import Doc, ci, integer, num, pct, pval
from reports.fold import seat_counts
from reports.plots import figure, png_bytes


def restrict_table(out) -> pd.DataFrame:
    """One row per ban: the restricted player's win share (Wilson), value = fair - share in points,
    exact binomial p against fair, Holm over bans, and the check metric per seat played."""
    out = Path(out)
    meta = load_meta(out)
    p = int(meta["players"])
    fair = 1.0 / p
    rows = []
    for ban, info in meta["bans"].items():
        check = info.get("check")
        sc = seat_counts(out / "bans" / ban, (check,) if check else ())
        rate, lo, hi, w, n = sc.strategy_rate(info["token"])
        _, _, _, _, n_free = sc.strategy_rate(meta["strategy"])
        row = {"ban": ban, "meaning": info.get("meaning", ""), "games": sc.games.get(0, 0), "seats_played": n,
               "wins": w, "win_rate": rate, "low": lo, "high": hi, "fair": fair,
               "value_points": 100 * (fair - rate), "value_low": 100 * (fair - hi), "value_high": 100 * (fair - lo),
               "p_value": stats.binom_pvalue(w, n, fair), "check": check or ""}
        if check:
            row["check_restricted"] = sc.metric.get((0, info["token"], check), np.nan) / max(n, 1)
            row["check_others"] = sc.metric.get((0, meta["strategy"], check), np.nan) / max(n_free, 1)
        rows.append(row)
    tab = pd.DataFrame(rows)
    tab["p_holm"] = stats.holm(tab["p_value"].to_numpy())
    return tab


def _plot(tab: pd.DataFrame, title: str) -> Figure:
    fig = figure(6.4, max(2.4, 0.45 * len(tab) + 1.4))
    ax = fig.add_subplot()
    y = np.arange(len(tab))[::-1]
    x = 100 * tab["win_rate"].to_numpy()
    ax.errorbar(x, y, xerr=[x - 100 * tab["low"].to_numpy(), 100 * tab["high"].to_numpy() - x], fmt="o", capsize=4,
                color="#35608f")
    ax.axvline(100 * tab["fair"].iloc[0], color="#c0392b", ls="--", label="fair 1/p (no ban)")
    ax.set_yticks(y, [f"no {b}" for b in tab["ban"]])
    ax.set_xlabel("restricted player's win rate (%), 95% Wilson")
    ax.set_title(title, fontsize=9)
    ax.legend(fontsize=8)
    fig.tight_layout()
    return fig


def build(out) -> dict:
    out = Path(out)
    meta = load_meta(out)
    tab = restrict_table(out)
    p = int(meta["players"])
    label = meta.get("title", meta["game"])
    findings = []
    for r in tab.itertuples():
        verdict = ("the option is worth something to this player" if r.p_holm < 0.05 and r.value_points > 0 else
                   "the player does better without it: the strategy misuses the option" if r.p_holm < 0.05 else
                   "no significant value shown")
        txt = (f"Without **{r.ban}** ({r.meaning}) a `{meta['strategy']}` player wins {pct(r.win_rate)} "
               f"{ci(r.low, r.high)} of {integer(r.seats_played)} games against unrestricted `{meta['strategy']}` "
               f"players (fair {pct(r.fair)}): the option is worth {r.value_points:+.1f} points "
               f"[{r.value_low:+.1f}, {r.value_high:+.1f}] of win rate (Holm p = {pval(r.p_holm)}); {verdict}.")
        if r.check:
            txt += (f" Ban check: `{r.check}` per game {num(r.check_restricted)} for the restricted player vs "
                    f"{num(r.check_others)} for the others.")
        findings.append(txt)
    doc = Doc(f"{label}: restricted play")
    what = [f"**Game**: {label} (`{meta['game']}`), {p} players; one restricted `{meta['strategy']}` player and "
            f"{p - 1} unrestricted ones, seats rotated (each seed played once per rotation)",
            "**Bans**: " + "; ".join(f"`{b}`: {i['meaning']} (weights {i['weights']})" for b, i in meta["bans"].items()),
            f"**Seed**: {meta.get('seed')}; **version** {meta.get('version')}, commit `{meta.get('git_commit')}`"]
    doc.opening(out, meta, what, findings)
    doc.h(2, "Value of each option")
    rows = [[f"`{r.ban}`", integer(r.seats_played), pct(r.win_rate), ci(r.low, r.high),
             f"{r.value_points:+.1f} [{r.value_low:+.1f}, {r.value_high:+.1f}]", pval(r.p_value), pval(r.p_holm),
             f"{num(r.check_restricted)} vs {num(r.check_others)}" if r.check else "-"] for r in tab.itertuples()]
    doc.table(["ban", "games", "restricted win rate", "95% CI", "value (pts) [95% CI]", "p", "p (Holm)", "ban check"],
              rows, f"Value = fair 1/{p} minus the restricted player's win rate (ties split), 95% Wilson; p: exact "
                    "binomial against fair, Holm over the bans. Ban check: the named seat metric per game, restricted "
                    "vs unrestricted players.")
    doc.img("restrict.png", png_bytes(_plot(tab, f"{label}: restricted player's win rate")), "restricted play",
            "Restricted player's win rate per ban; dashed: what it would win without a ban.")
    doc.h(2, "What this run cannot conclude")
    doc.ul(["The value is the value to this strategy: a player that uses the option badly can gain from the ban, and a "
            "stronger player may value it more.",
            "A ban through weights removes the option from the player's choices where an alternative exists; the ban "
            "check shows how far it held (a forced move can still use it).",
            "Restricted play measures one player's loss against unrestricted opponents, not how the game would change "
            "if the option were removed from the rules (use a parameter sweep for that)."])
    doc.csv("restrict.csv", tab)
    doc.write(out)
    return {"table": tab, "findings": findings, "doc": doc}
