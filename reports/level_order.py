"""Are a design report's skill levels ordered? The report states its findings again with stronger
players (`greedy`, `tuned`, `ismcts`); "the finding survives a stronger player" says something only
where the next level is stronger, which a tournament of a few hundred games often cannot show.

Per step between neighbouring levels w < s (experiments/design.py plays `order-<s>-<w>-<p>p/`):
one seat of s among p - 1 copies of w, every seat in turn on the same seeds. Estimand: s's win
share per seat-game (a shared win counted as its share) against the fair 1/p. Test: exact
one-sided binomial (greater than fair), Holm over the steps. A step is **stronger** when its Holm p
is below 0.05, **weaker** when the whole 95% interval lies below fair, else **not shown** (which
is not evidence of equal skill: more games may show it).
"""
from __future__ import annotations

from pathlib import Path

import pandas as pd

from reports import stats
from reports.data import load_meta
from reports.fmt import ci, integer, pct, pval

STRONGER, WEAKER, NOT_SHOWN = "stronger", "weaker", "not shown"
COLUMNS = ["weaker", "stronger", "seat_games", "share", "low", "high", "fair", "p_one_sided", "p_holm",
           "verdict", "command"]


def step_name(weak: str, strong: str, players: int) -> str:
    """The run folder's name of one step (experiments.design.Battery.units plays it under this name)."""
    return f"order-{strong}-{weak}-{players}p"


def folder_of(gdir: Path, weak: str, strong: str, players: int) -> Path:
    return Path(gdir) / step_name(weak, strong, players)


def step_share(folder: Path, lineup: list[str], players: int) -> tuple[float, int]:
    """(wins, seat-games) of the one seat that differs (seat 0 of the line-up, rotated)."""
    from reports.tournament import fold_lineups
    pc = fold_lineups([folder], [lineup[0], lineup[1]], players)
    return float(pc.seat_w[0].sum()), int(pc.seat_n[0].sum())


def order_table(gdir, skill: list[str], players: int) -> pd.DataFrame | None:
    """One row per step whose run exists (None when none does), Holm over those steps."""
    rows = []
    for weak, strong in zip(skill, skill[1:]):
        folder = folder_of(gdir, weak, strong, players)
        if not (folder / "run.json").exists():
            continue
        meta = load_meta(folder)
        w, n = step_share(folder, meta["strategies"], players)
        fair = 1.0 / players
        lo, hi = stats.wilson(w, n)
        rows.append({"weaker": weak, "stronger": strong, "seat_games": n, "share": w / n, "low": lo, "high": hi,
                     "fair": fair, "p_one_sided": stats.binom_pvalue(w, n, fair, alternative="greater"),
                     "command": meta.get("command", "")})
    if not rows:
        return None
    tab = pd.DataFrame(rows)
    tab["p_holm"] = stats.holm(tab["p_one_sided"].to_numpy(float))
    tab["verdict"] = [STRONGER if r.p_holm < 0.05 else WEAKER if r.high < r.fair else NOT_SHOWN
                      for r in tab.itertuples()]
    return tab[COLUMNS]


def step_words(r) -> str:
    return (f"one `{r.stronger}` seat among `{r.weaker}` players wins {pct(r.share)} {ci(r.low, r.high)} of "
            f"{integer(r.seat_games)} seat-games, fair {pct(r.fair)}, Holm p = {pval(r.p_holm)}")


def verdict_line(tab: pd.DataFrame) -> str:
    """The summary's line: are the levels ordered, and what a skill-dependent finding then means."""
    if (tab["verdict"] == STRONGER).all():
        return ("The skill levels are ordered: each is stronger than the one below it (" +
                "; ".join(step_words(r) for r in tab.itertuples()) +
                "), so a finding that holds at every level holds as the players get stronger.")
    weak = tab[tab["verdict"] != STRONGER]
    return ("The skill levels are **not shown to be ordered**: " + "; ".join(
        f"`{r.stronger}` is {'weaker than' if r.verdict == WEAKER else 'not shown stronger than'} `{r.weaker}` "
        f"({step_words(r)})" for r in weak.itertuples()) +
        ". A finding that changes between those levels changes with the player, not with its strength.")


def section(doc, tab: pd.DataFrame, players: int) -> None:
    """The sub-section of Skill sensitivity that states the levels' order."""
    doc.h(3, "Are the levels ordered?")
    others = "the other seat" if players == 2 else f"the other {players - 1} seats"
    doc.p(f"One seat of each level, {others} played by the level below it, every seat in turn on the "
          "same seeds: the stronger level's win share per seat-game (a shared win counted as its share) against "
          f"the fair {pct(1 / players)}; exact one-sided binomial test, Holm over the steps. 'Not shown' is not "
          "evidence of equal skill: more games (the command's `--games`) may show it.")
    doc.table(["step", "seat-games", "win share [95% CI]", "fair", "p (one-sided, Holm)", "verdict", "command"],
              [[f"`{r.stronger}` among `{r.weaker}`", integer(r.seat_games), f"{pct(r.share)} {ci(r.low, r.high)}",
                pct(r.fair), pval(r.p_holm),
                f"**{r.verdict}**" if r.verdict != STRONGER else r.verdict, f"`{r.command}`"]
               for r in tab.itertuples()],
              "Wilson 95% intervals; a step is stronger when its Holm p is below 0.05, weaker when the interval "
              "lies below fair (reports/level_order.py).")
