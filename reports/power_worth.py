"""What a component's power is worth to the seats that hold it: the power switched off on the same seeds.

The component table's effects are associations (who buys a component is who is winning). Where a
measuring switch `power_<name>` turns the component's power off and its holders are fixed before the
switch changes any play (reports/compare.switched_component: Mare Nostrum's heroes, wonders, and
creatures read on the civ that owns them), the paired holder effect is causal for these players:
the holders' win share with the power minus on the same seeds without it, their next-best choice
included. The design battery plays it for the flagged components (experiments/design.py);
bench/power_worth.py plays it for every power.
"""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
from statsmodels.stats.multitest import multipletests

from reports.compare import Switched, held, holder_effect, switched_component
from reports.data import iter_chunks

MIN_HOLDERS = 200        # holder seat-games below which a power is not judged (its run is not played)
NEGLIGIBLE = 1.0         # points of win share: an interval inside +-1 shows the power worth nothing that matters
CHECKED = ("too strong", "too weak")   # flags whose power the design battery switches off (and "unclear")


def switched_off(meta: dict, switch: str) -> dict:
    """The reference run's metadata with one switch off: the run `agon compare` would pair with it."""
    return {**meta, "params": {**(meta.get("params") or {}), switch: False}}


def power_switch(spec, meta: dict, columns, metric: str) -> Switched | None:
    """The measuring switch of a component column (`hero_solomon` -> `power_solomon`) when its
    holders can be judged on the reference run `meta`, else None."""
    from reports.components import parse_sections
    for _, prefix in parse_sections(getattr(spec, "extra", None))["components"]:
        if metric.startswith(prefix) and metric != prefix:
            name = "power_" + metric[len(prefix):]
            if name not in spec.params.names() or not spec.params.get(name).measuring:
                return None
            return switched_component(spec, meta, switched_off(meta, name), columns)
    return None


def to_check(tab: pd.DataFrame, spec, meta: dict, columns) -> list[tuple[str, str, Switched]]:
    """(component label, its verdict, switch) for each flagged or unclear component of a component
    table whose power can be switched off with its holders fixed, in table order."""
    from reports.component_effect import UNCLEAR
    if not len(tab) or "verdict" not in tab:
        return []
    out, seen = [], set()
    for r in tab[tab["verdict"].isin(CHECKED + (UNCLEAR,))].itertuples():
        s = power_switch(spec, meta, columns, str(r.metric))
        if s is not None and s.switch not in seen:
            seen.add(s.switch)
            out.append((str(r.label), str(r.verdict), s))
    return out


def holders(run, s: Switched, players: int) -> int:
    """Seat-games of the reference run that hold the switch's component (or own it)."""
    cols = [f"{s.metric}_{k}" for k in range(players)]
    return sum(int(held(df[df["arm"] == df["arm"].min()][cols].to_numpy(float), s.code).sum())
               for df in iter_chunks(run, ["arm"] + cols))


def worth_row(ref: Path, off: Path | None, s: Switched, players: int, held_n: int | None = None) -> dict:
    """One power's row: its holders' win share with and without the power (off: the switched-off
    run on the same seeds; None when too few hold it to play one)."""
    row = {"component": s.label, "switch": s.switch, "seat_games": held_n, "games": 0}
    if off is None:
        return row
    h = holder_effect(ref, off, s.metric, players, code=s.code)
    row.update(seat_games=h["seat_games"], games=h["games"], won_with=h["rate_a"], won_without=h["rate_b"],
               worth=-h["diff"], low=-h["high"], high=-h["low"], p=h["p"])
    return row


def worth_table(rows: list[dict]) -> pd.DataFrame:
    """The rows with Holm over the judged powers. A power whose switch changed no game of its holders
    (worth and interval exactly 0) has nothing to test and is left out of the correction."""
    tab = pd.DataFrame(rows) if rows else pd.DataFrame(columns=["component", "switch", "seat_games", "games"])
    tab["seat_games"] = pd.to_numeric(tab["seat_games"]).fillna(0).astype(int)
    for c in ("won_with", "won_without", "worth", "low", "high", "p"):
        tab[c] = tab[c].astype(float) if c in tab else np.nan
    tab["unchanged"] = tab["p"].notna() & (tab["low"] == 0) & (tab["high"] == 0)
    tab.loc[tab["unchanged"], "p"] = np.nan
    ok = tab["p"].notna()
    tab["p_holm"] = np.nan
    if ok.any():
        tab.loc[ok, "p_holm"] = multipletests(tab.loc[ok, "p"], method="holm")[1]
    return tab


def design_checks(gdir: Path, ref: Path, tab: pd.DataFrame, spec, players: int) -> pd.DataFrame | None:
    """The design report's causal table: one row per component `to_check` picks from the seats run
    `ref`'s component table, paired with gdir/causal/<switch>/ when the battery played it. None when
    the battery had no causal step (no causal/ folder)."""
    from reports.data import load_meta, result_columns
    folder = Path(gdir) / "causal"
    if not folder.is_dir():
        return None
    checks = to_check(tab, spec, load_meta(ref), set(result_columns(ref).columns))
    rows = []
    for label, verdict, s in checks:
        off = folder / s.switch
        done = (off / "run.json").exists() and load_meta(off).get("status") == "complete"
        row = worth_row(ref, off, s, players) if done else worth_row(ref, None, s, players, holders(ref, s, players))
        rows.append({**row, "label": label, "verdict": verdict, "owner": s.code is not None,
                     "run": f"causal/{s.switch}" if done else ""})
    return worth_table(rows)


def negligible(r) -> bool:
    """Whether the worth's whole interval lies within NEGLIGIBLE points of 0 (the component verdicts'
    smallest size worth a designer's action)."""
    return bool(np.isfinite(r.low) and np.isfinite(r.high) and -NEGLIGIBLE < r.low and r.high < NEGLIGIBLE)


def reading(r) -> str:
    """What the switch shows about a component the association flagged with verdict `r.verdict`."""
    verdict = getattr(r, "verdict", "")
    if not r.games:
        if (r.seat_games or 0) < MIN_HOLDERS:
            return f"not judged: {int(r.seat_games or 0):,} holder seat-games (fewer than {MIN_HOLDERS})"
        return "not played (an interrupted battery: run it again with --resume)"
    if r.unchanged:
        return "switched off, no game of its holders changed: the power never decided a game"
    size = f"{r.worth:+.1f} [{r.low:+.1f}, {r.high:+.1f}]"
    if not (r.p_holm < 0.05):
        if negligible(r):
            return f"worth less than {NEGLIGIBLE:g} point either way: the association is who takes it, not the power"
        return f"no worth shown ({size}): the association is not shown to be the power's doing"
    if r.worth > 0:
        return (f"worth {size} to its holders" +
                ("; the power helps them, so the weak association is who takes it" if verdict == "too weak" else ""))
    return (f"costs its holders {size}" +
            ("; the strong association is who takes it, not the power" if verdict == "too strong" else ""))


def verdict_line(t: pd.DataFrame, games: int, strategies: str) -> str:
    """The design report's verdict line: the checked powers grouped by what the switch showed."""
    judged = t[t["p_holm"].notna()].sort_values("worth", ascending=False)
    small = pd.Series([negligible(r) for r in judged.itertuples()], index=judged.index, dtype=bool)
    name = lambda r: f"{r.label} ({r.verdict.split(':')[0]})"    # noqa: E731
    size = lambda r: f"{r.worth:+.1f} [{r.low:+.1f}, {r.high:+.1f}]"    # noqa: E731
    groups = [
        ("power wins games for its holders", judged[(judged["p_holm"] < 0.05) & (judged["worth"] > 0)], size),
        ("power costs its holders", judged[(judged["p_holm"] < 0.05) & (judged["worth"] < 0)], size),
        (f"power worth less than {NEGLIGIBLE:g} point either way (the association is who takes it)",
         judged[~(judged["p_holm"] < 0.05) & small], size),
        ("no worth shown (the association is not shown to be the power's doing)",
         judged[~(judged["p_holm"] < 0.05) & ~small], size),
        ("power never changed a game of its holders", t[t["unchanged"]], None),
        (f"not judged (fewer than {MIN_HOLDERS} holder seat-games, or not played)",
         t[t["p_holm"].isna() & ~t["unchanged"]], None)]
    parts = [f"{head}: " + ", ".join(name(r) + (f" {fn(r)}" if fn else "") for r in g.itertuples())
             for head, g, fn in groups if len(g)]
    return (f"Causal check of the flagged powers (each switched off on the same {games:,} games of `{strategies}`; "
            f"points of win share the power is worth to the seats that hold it, Holm over {len(judged)}): "
            + "; ".join(parts) + ".")
