"""The report of a component balance study folder (`agon components`)."""
from __future__ import annotations

from pathlib import Path

from reports import component_study as cs
from reports.components import STRONG_POINTS
from reports.data import load_meta
from reports.doc import Doc, ci, integer, pct, pval
from reports.plots import png_bytes


def build(out) -> dict:
    out = Path(out)
    meta = load_meta(out)
    from sim import get_game
    spec = get_game(meta["game"])
    counts, games, p = cs.fold_components(out / "games", spec)
    tab = cs.component_table(counts, games, p)
    label = meta.get("title", meta["game"])
    strong, weak = tab[tab["flag"] == "strong"], tab[tab["flag"] == "weak"]

    def item(r):
        return (f"{r.label} ({r.family}): adjusted lift {r.adj_points:+.1f} [{r.adj_low:+.1f}, {r.adj_high:+.1f}] "
                f"points, BH p = {pval(r.adj_p_bh)}; {pct(r.win_rate_with)} {ci(r.with_low, r.with_high)} with vs "
                f"{pct(r.win_rate_without)} {ci(r.without_low, r.without_high)} without (raw lift "
                f"{r.lift_points:+.1f}); held in {pct(r.share)} of seat-games")

    findings = []
    findings.append(f"{len(strong)} of {len(tab)} components flagged **too strong** and {len(weak)} **too weak** "
                    f"(raw lift and adjusted lift, among seats holding as many of the same family, both significant; "
                    f"Benjamini-Hochberg over all {len(tab)}, 5% false discovery rate, |lift| >= {STRONG_POINTS:g} point).")
    findings += [f"Strong: {item(r)}." for r in strong.head(8).itertuples()]
    findings += [f"Weak: {item(r)}." for r in weak.tail(8).itertuples()]

    doc = Doc(f"{label}: component balance")
    what = [f"**Game**: {label} (`{meta['game']}`), {p} players, strategies {', '.join(f'`{s}`' for s in meta['strategies'])} "
            "in every seat",
            f"**Games**: {integer(games)} ({integer(games * p)} seat-games); **seed** {meta.get('seed')}; parameters "
            "different from the defaults: " + (", ".join(f"`{k}` = {v}" for k, v in (meta.get('params') or {}).items()) or "none"),
            f"**Version**: {meta.get('version')}, commit `{meta.get('git_commit')}`",
            "**Components**: " + "; ".join(f"{fam} ({n})" for fam, n in tab.groupby("family", sort=False).size().items())]
    doc.opening(out, meta, what, findings)
    doc.h(2, "Components")
    rows = [[r.label, r.family, f"{integer(r.seat_games)} ({pct(r.share)})", pct(r.win_rate_with), ci(r.with_low, r.with_high),
             pct(r.win_rate_without), ci(r.without_low, r.without_high),
             f"{r.lift_points:+.1f} [{r.lift_low:+.1f}, {r.lift_high:+.1f}]",
             f"{r.adj_points:+.1f} [{r.adj_low:+.1f}, {r.adj_high:+.1f}]", pval(r.adj_p), pval(r.adj_p_bh),
             f"**{r.flag}**" if r.flag else ""] for r in tab.itertuples()]
    doc.table(["component", "family", "held (seat-games)", "win rate with", "95% CI", "without", "95% CI",
               "raw lift (pts) [95% CI]", "adjusted lift (pts) [95% CI]", "p", "p (BH)", "flag"], rows,
              f"One row per component over {integer(games * p)} seat-games. Win rates count a tie among j leaders as "
              "1/j, 95% Wilson intervals; raw lift = with minus without, 95% Newcombe hybrid score interval; "
              "adjusted lift = the same difference among seats holding as many components of the family "
              "(Mantel-Haenszel over the count held, Greenland-Robins interval), which removes the advantage of "
              "simply holding more; p of the adjusted lift; BH: Benjamini-Hochberg over the whole table; a flag needs "
              "the raw and the adjusted lift both significant (BH) in the same direction and each at least "
              f"{STRONG_POINTS:g} point. Category rows (e.g. a civilization or side) compare that category with all others.")
    doc.img("components.png", png_bytes(cs.plot_lifts(tab, f"{label}: win rate with minus without ({integer(games)} games)")),
            "component lifts", "Adjusted lift of each component (largest and smallest when there are many), the raw "
                               "lift as a tick; red: flagged strong, blue: flagged weak.")
    doc.h(2, "What this run cannot conclude")
    doc.ul(["A lift is an association, not a cause: a player who completes a component may have been winning already, "
            "and long games give time to complete more. The adjusted lift removes the advantage of holding more "
            "components of a family, not every such effect. Restricted play (`agon restrict`) measures the value of an "
            "option causally.",
            "Components held in few seat-games have wide intervals; an unflagged component is not shown to be balanced.",
            "Results hold for these strategies; a component the players do not value may look weak only because they "
            "misuse it.",
            "Seat-games of one game are not independent (one seat's win is another's loss), so intervals are approximate."])
    doc.csv("components.csv", tab)
    doc.write(out)
    return {"table": tab, "findings": findings, "games": games, "doc": doc}
