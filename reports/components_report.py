"""The report of a component balance study folder (`agon components`)."""
from __future__ import annotations

from pathlib import Path

import numpy as np

from reports import component_study as cs
from reports.component_effect import (DEALT, ENDS_GAME, ESTIMAND, MIN_HELD, UNCLEAR, caption, causal_check,
                                      check_switch, check_text, dealt_at_random, effect_text, family_text,
                                      regression_text, summary, verdict_text)
from reports.data import load_meta
from reports.doc import Doc, ci, integer, pct, pval
from reports.fmt import pts
from reports.render import nested
from reports.plots import png_bytes


CHECKED_BELOW = "its power was switched off on the same seeds: see the causal check line"


def verdicts(tab, spec, meta: dict, label: str = "Components", detail: int = 3, checked=frozenset()) -> list[str]:
    """What to do about the components: one line per flagged component (up to `detail`), else one
    line per direction, and the causal check the game offers (once). Components in `checked` were
    switched off by the design battery, whose line states the result: theirs is not named as a
    command to run; a dict `checked` ({label: what the switch showed}) also says it beside each one."""
    p = int(meta["players"])
    strategies = (meta.get("strategies") or ["greedy"])[0]
    lab = "label" if "label" in tab else "component"
    col = "metric" if "metric" in tab else "column"
    showed = checked if isinstance(checked, dict) else {}
    flagged = tab[tab["flag"] != ""]
    unclear = unclear_lines(tab, label) + ender_lines(tab, spec, meta, checked)
    if not len(flagged):
        judged = int(tab["enough"].sum()) if "enough" in tab else len(tab)
        same = int((tab["unjudged"].fillna("").astype(str) != "").sum()) if "unjudged" in tab else 0
        return [f"{label}: none of the {judged} components with enough seat-games is shown too strong or too weak; "
                f"{len(tab) - judged - same} too few to judge (fewer than {MIN_HELD} seat-games): play more games "
                "(`--games`) to judge them."] + unclear

    def said(r):
        rel = f"; {family_text(r)} vs its family's median" if r.basis == "family" else ""
        return f"{getattr(r, lab)} {effect_text(r)} with vs without{rel}"

    # a flagged component whose own switch the battery turned off under another name (Mare Nostrum's
    # "first_god = hermes" is Hermes' power): the advice was to run again what the battery had played
    by_switch = {w.switch: name for name, w in showed.items() if getattr(w, "switch", "")}
    checked_as = {}
    for r in flagged.itertuples():
        other = by_switch.get(check_switch(spec, getattr(r, lab), str(getattr(r, col))))
        if other is not None and other != getattr(r, lab) and getattr(r, lab) not in checked:
            checked_as[getattr(r, lab)] = other

    def check(r):
        if getattr(r, lab) in checked:
            words = showed.get(getattr(r, lab))
            return f"{words} (the causal check line)" if words else CHECKED_BELOW
        other = checked_as.get(getattr(r, lab))
        if other is not None:
            return (f"its power is {other}'s, which the battery switched off: {showed[other].short} (the causal check "
                    "line); what choosing it adds has no causal check")
        return causal_check(spec, getattr(r, lab), str(getattr(r, col)), meta.get("game", ""), p, strategies)

    def worth_note(r):
        words = showed.get(getattr(r, lab))
        return f" ({getattr(words, 'short', '') or words})" if words else ""

    def dealt(r):
        return getattr(r, "kind", "") == "category" and dealt_at_random(spec, str(getattr(r, col)), meta.get("params"))

    if len(flagged) <= detail:
        pairs = dealt_pairs(tab, flagged, lab, col, dealt)
        lines, said_pair = [], set()
        for r in flagged.itertuples():
            m = str(getattr(r, col))
            if m in pairs:
                if m not in said_pair:
                    said_pair.add(m)
                    lines.append(pairs[m])
                continue
            lines.append(f"{getattr(r, lab)}: {r.verdict} ({said(r)}, BH p = {pval(r.verdict_p_bh)}), "
                         + (DEALT if dealt(r) else "an association; " + check(r)) + ".")
        return lines + unclear
    def shown(r):          # the figure a line shows: against the family's median, else with vs without
        v = getattr(r, "vs_family_points" if r.basis == "family" else "adj_points", np.nan)
        return abs(float(v)) if v is not None and np.isfinite(v) else 0.0

    out = []
    for word, flag in (("Too strong", "strong"), ("Too weak", "weak")):
        these = sorted(flagged[flagged["flag"] == flag].itertuples(), key=shown, reverse=True)   # the largest first
        if these:
            out.append(nested(f"{label} {word.lower()} ({len(these)}; points of win rate against the family's median, "
                              "or with vs without in a small family; associations):",
                              (f"{getattr(r, lab)} {family_text(r) if r.basis == 'family' else effect_text(r)}"
                               + worth_note(r) for r in these)))
    rows = list(flagged.itertuples())
    cats = [getattr(r, lab) for r in rows if dealt(r)]
    if cats:
        out.append(f"{', '.join(cats)}: {DEALT}.")
    done = [r for r in rows if not dealt(r) and getattr(r, lab) in checked]
    via = [r for r in rows if not dealt(r) and getattr(r, lab) in checked_as]
    rest = [r for r in rows if not dealt(r) and getattr(r, lab) not in checked and getattr(r, lab) not in checked_as]
    if via:
        out.append(nested("Flagged, with a power the battery switched off under another name (the causal check line; "
                          "what choosing it adds has no causal check):", (
                              f"{getattr(r, lab)} ({checked_as[getattr(r, lab)]}: {showed[checked_as[getattr(r, lab)]].short})"
                              for r in via)))
    if done and not rest:
        out.append("Each flagged component's power was switched off (or the option banned) on the same seeds"
                   + (" (in brackets: what it is worth, in points of win share)" if showed else "")
                   + ": see the causal check line.")
    if rest:
        has = [r for r in rest if not check(r).startswith("no causal check")]
        first = (has or rest)[0]
        others = " others" if done else ""
        if not has:
            tail = f"none of the{others} flagged has one: treat them as associations"
        elif len(has) == len(rest):
            tail = f"each{others} flagged one has its own"
        else:
            tail = (f"{len(has)} of the {len(rest)}{others} flagged have one, e.g. "
                    + ", ".join(str(getattr(r, lab)) for r in has[:4]) + (", ..." if len(has) > 4 else "")
                    + "; the rest none: treat them as associations")
        if done:
            tail = f"{len(done)} flagged were switched off by the battery, see the causal check line; {tail}"
        tail = f" ({tail})"
        out.append(f"For {getattr(first, lab)}, e.g.: " + check(first) + tail + ".")
    return out + unclear


def dealt_pairs(tab, flagged, lab: str, col: str, dealt) -> dict:
    """{metric: one verdict line} for a dealt category with two values, both flagged: "Mycenae too strong" and
    "Troy too weak" are one comparison (each value's with vs without is the other's, turned), so it is said
    once, as the gap between the two."""
    out = {}
    for m, t in flagged.groupby(flagged[col].astype(str), sort=False):
        if len(t) != 2 or int((tab[col].astype(str) == m).sum()) != 2 or not all(dealt(r) for r in t.itertuples()):
            continue
        hi, lo = (r for _, r in t.sort_values("adj_points", ascending=False).iterrows())
        name = lambda r: str(r[lab]).split(" = ", 1)[-1]
        out[m] = (f"{m}: {name(hi)} wins more than {name(lo)} ({pct(hi.win_rate_with)} {ci(hi.with_low, hi.with_high)} "
                  f"against {pct(lo.win_rate_with)} {ci(lo.with_low, lo.with_high)} of their seat-games, a gap of "
                  f"{effect_text(hi)} points, BH p = {pval(hi.verdict_p_bh)}; the table's \"too strong\" and \"too "
                  f"weak\" rows are this one gap), {DEALT}.")
    return out


def ender_lines(tab, spec, meta: dict, checked=frozenset()) -> list[str]:
    """One line per component whose completion ends the game (GameSpec.extra["game_enders"]): its
    holders' win rate measures when the player chose to end, so the line names the causal check (or
    says the battery played it, for one in `checked`)."""
    if "verdict" not in tab:
        return []
    lab = "label" if "label" in tab else "component"
    col = "metric" if "metric" in tab else "column"
    p, strategies = int(meta["players"]), (meta.get("strategies") or ["greedy"])[0]
    return [f"{getattr(r, lab)}: {ENDS_GAME}, and its holder chooses when: {pct(r.win_rate_with)} "
            f"{ci(r.with_low, r.with_high)} of its {integer(r.seat_games)} holders won, against "
            f"{pct(r.win_rate_without)} without, which measures that timing, not its strength; "
            + ((f"{checked[getattr(r, lab)]} (the causal check line)" if isinstance(checked, dict) else CHECKED_BELOW)
               if getattr(r, lab) in checked else
               causal_check(spec, getattr(r, lab), str(getattr(r, col)), meta.get("game", ""), p, strategies)) + "."
            for r in tab[tab["verdict"] == ENDS_GAME].itertuples()]


def dealt_metrics(tab, spec, params: dict | None) -> list[str]:
    """The categorical metrics of a component table that were dealt at random at setup under these
    parameters, in table order."""
    if "kind" not in tab:
        return []
    cats = tab.loc[tab["kind"] == "category", "metric"].astype(str).unique()
    return [c for c in cats if dealt_at_random(spec, c, params)]


def dealt_lines(tab, spec, params: dict | None, players: int) -> tuple[list[str], list[str]]:
    """(summary lines, verdict lines) for each category dealt at random at setup: the question a
    designer asks of it by name ("is Troy or Mycenae favoured?"), answered in one line. Troja's design
    report answered it only in a component table row ("allegiance = Troy: no effect shown"). A
    category with a flagged value already has its verdict line; one without says what is ruled out."""
    summary_lines, verdict_lines = [], []
    for name in dealt_metrics(tab, spec, params):
        rows = tab[(tab["kind"] == "category") & (tab["metric"] == name)].sort_values("win_rate_with", ascending=False)
        values = [(str(r.label).split(" = ", 1)[-1], r) for r in rows.itertuples()]
        summary_lines.append(
            f"**By `{name}`** (dealt at random at setup, so a randomised comparison): win rate "
            + ", ".join(f"{v} {pct(r.win_rate_with)} {ci(r.with_low, r.with_high)}" for v, r in values)
            + f" of {integer(rows['seat_games'].sum())} seat-games; fair {pct(1 / players)}.")
        if (rows["flag"] != "").any():
            continue
        judged = rows[rows["adj_points"].notna()]
        if not len(judged):
            verdict_lines.append(f"`{name}`: too few seat-games per value to judge.")
            continue
        bound = float(np.nanmax(np.abs(judged[["adj_low", "adj_high"]].to_numpy(float))))
        top = judged.iloc[int(np.argmax(np.abs(judged["adj_points"].to_numpy(float))))]
        verdict_lines.append(
            f"`{name}` (dealt at random): no value shown to win more or less than the others (largest effect "
            f"{top.label} {top.adj_points:+.1f} [{top.adj_low:+.1f}, {top.adj_high:+.1f}] points with vs without); "
            f"effects above {bound:.1f} points ruled out (95%).")
    return summary_lines, verdict_lines


def unclear_lines(tab, label: str = "Components") -> list[str]:
    """One line for the components whose verdict the regression check withdrew: both figures, so a
    designer sees why neither is a finding."""
    if "verdict" not in tab:
        return []
    lab = "label" if "label" in tab else "component"
    rows = tab[tab["verdict"] == UNCLEAR]
    if not len(rows):
        return []
    items = [f"{getattr(r, lab)}: {verdict_text(r)} by the stratified effect, but {check_text(r)} by the regression "
             "on every indicator of its family" for r in rows.itertuples()]
    return [f"{label} unclear ({len(rows)}; the stratified effect and the regression check point opposite ways, "
            "so neither is a finding): " + "; ".join(items) + "."]


def build(out) -> dict:
    out = Path(out)
    meta = load_meta(out)
    from sim import get_game
    spec = get_game(meta["game"])
    counts, games, p = cs.fold_components(out / "games", spec)
    reg_rows = counts.attrs.get("regression_rows")
    tab = cs.component_table(counts, games, p)
    label = meta.get("title", meta["game"])
    strong, weak = tab[tab["flag"] == "strong"], tab[tab["flag"] == "weak"]

    def item(r):
        return (f"{r.label} ({r.family}), in points of win rate: {verdict_text(r)}, BH p = {pval(r.verdict_p_bh)}; "
                f"{pct(r.win_rate_with)} {ci(r.with_low, r.with_high)} with vs {pct(r.win_rate_without)} "
                f"{ci(r.without_low, r.without_high)} without (raw lift {r.lift_points:+.1f}); held in "
                f"{pct(r.share)} of seat-games")

    findings = [summary(tab, "Components")]
    findings += [f"Too strong: {item(r)}." for r in strong.head(8).itertuples()]
    findings += [f"Too weak: {item(r)}." for r in weak.tail(8).itertuples()]
    dealt_summary, dealt_verdicts = dealt_lines(tab, spec, meta.get("params"), p)
    findings += dealt_summary

    doc = Doc(f"{label}: component balance")
    doc.verdicts(verdicts(tab, spec, meta) + dealt_verdicts)
    what = [f"**Game**: {label} (`{meta['game']}`), {p} players, strategies {', '.join(f'`{s}`' for s in meta['strategies'])} "
            "in every seat",
            f"**Games**: {integer(games)} ({integer(games * p)} seat-games); **seed** {meta.get('seed')}; parameters "
            "different from the defaults: " + (", ".join(f"`{k}` = {v}" for k, v in (meta.get('params') or {}).items()) or "none"),
            f"**Version**: {meta.get('version')}, commit `{meta.get('git_commit')}`",
            "**Components**: " + "; ".join(f"{fam} ({n})" for fam, n in tab.groupby("family", sort=False).size().items()),
            f"**Estimand**: {ESTIMAND}"]
    doc.opening(out, meta, what, findings)
    doc.h(2, "Components")
    rows = [[r.label, r.family, f"{integer(r.seat_games)} ({pct(r.share)})", pct(r.win_rate_with), ci(r.with_low, r.with_high),
             pct(r.win_rate_without), ci(r.without_low, r.without_high),
             f"{pts(r.lift_points)} [{pts(r.lift_low)}, {pts(r.lift_high)}]",
             effect_text(r), pval(r.adj_p), family_text(r), pval(r.verdict_p_bh), regression_text(r),
             f"**{r.verdict}**" if r.flag else r.verdict] for r in tab.itertuples()]
    doc.table(["component", "family", "held (seat-games)", "win rate with", "95% CI", "without", "95% CI",
               "raw lift (pts) [95% CI]", "effect (pts) [95% CI]", "p (CMH)", "vs family (pts) [95% CI]",
               "p (verdict, BH)", "regression (pts) [95% CI]",
               "verdict"], rows,
              caption(games * p, "components", reg_rows) + " Category rows (e.g. a civilization or side) compare "
              "that category with all others.")
    doc.img("components.png", png_bytes(cs.plot_lifts(tab, f"{label}: with minus without ({integer(games)} games)")),
            "component lifts", "Effect of each component judged (largest and smallest when there are many), the raw "
                               "lift as a tick; red: too strong, blue: too weak.")
    doc.h(2, "What this run cannot conclude")
    doc.ul(["An effect is an association, not a cause: a player who completes a component may have been winning "
            "already, and long games give time to complete more. Comparing seats that hold the same number of other "
            "components removes the advantage of simply holding more, not every such effect. The causal check "
            "named in each verdict (a rule switch or restricted play on the same seeds) measures it.",
            f"Components with fewer than {MIN_HELD} seat-games are not judged; an unflagged component is not shown "
            "to be balanced.",
            "Results hold for these strategies; a component the players do not value may look weak only because they "
            "misuse it.",
            "Seat-games of one game are not independent (one seat's win is another's loss), so the stratified "
            "intervals are approximate; the regression column clusters its standard errors by game."])
    doc.csv("components.csv", tab)
    doc.write(out)
    return {"table": tab, "findings": findings, "games": games, "doc": doc}
