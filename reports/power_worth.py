"""What a component's power is worth: the power switched off on the same seeds.

The component table's effects are associations (who buys a component is who is winning). Two causal
checks, both played on the reference run's seeds with a measuring switch `power_<name>` off:
- **holders** (reports/compare.switched_component): when the component's holders are fixed before the
  switch changes any play (Mare Nostrum's heroes, wonders, and creatures read on the civ that owns
  them), the holders' win share with the power minus without it, their next-best choice included;
- **restricted play** (Jaffe et al. 2012): when holders are chosen in play (a Glory to Rome building),
  the game's seat switch (GameSpec.extra["switch_seat"]) turns the power off for one seat at a time
  while its rivals keep it; the power's worth to a player is that seat's win share with it minus
  without it, over every seat and game (holders or not).
The design battery plays them for the flagged components (experiments/design.py); bench/power_worth.py
plays the holder check for every power.
"""
from __future__ import annotations

import math
from pathlib import Path
from typing import NamedTuple

import numpy as np
import pandas as pd
from statsmodels.stats.multitest import multipletests

from reports.compare import Switched, held, holder_effect, mean_interval, switched_component
from reports.data import iter_chunks
from reports.render import nested

MIN_HOLDERS = 200        # holder seat-games below which a power is not judged (its run is not played)
NEGLIGIBLE = 1.0         # points of win share: an interval inside +-1 shows the power worth nothing that matters
MISTAKE = "a power one may leave unused cannot cost a sound player, so read it as the players' mistake first"
CHECKED = ("too strong", "too weak")   # flags whose power the design battery switches off (and "unclear")


def switched_off(meta: dict, switch: str) -> dict:
    """The reference run's metadata with one switch off: the run `agon compare` would pair with it."""
    return {**meta, "params": {**(meta.get("params") or {}), switch: False}}


class Check(NamedTuple):
    """A flagged component and how its power is switched off: on the holders (fixed before the
    power acts), with `seat` (the game's seat switch) for one seat at a time, or, where no rule
    switch removes it, with `ban` (experiments/restrict.py): one seat's player may not use it."""
    label: str
    verdict: str
    switched: Switched
    seat: str | None = None
    ban: str | None = None

    def runs(self, players: int, games: int) -> list[tuple[str, dict, int]]:
        """(folder under causal/, parameters, games) of each run the check plays: restricted play
        splits the reference run's first games over the seats, so the total is the same (a ban's one
        run plays its first games/p seeds in every seat rotation, the banned player in each seat)."""
        sw = self.switched.switch
        per = max(1, math.ceil(games / players))
        if self.ban is not None:
            return [(f"ban-{self.ban}", {}, per * players)]
        if self.seat is None:
            return [(sw, {sw: False}, games)]
        return [(f"{sw}-seat{k}", {sw: False, self.seat: k}, per) for k in range(players)]

    def lineup(self, spec, strategy: str, players: int) -> list[str] | None:
        """A ban's strategies: the banned player first (the runner rotates it through the seats), the
        reference run's strategy in the others; None for a rule switch (the reference's line-up)."""
        if self.ban is None:
            return None
        from experiments.restrict import restricted_token
        return [restricted_token(spec, strategy, self.ban)] + [strategy] * (players - 1)


def power_switch(spec, meta: dict, columns, metric: str) -> Switched | None:
    """The measuring switch of a component column (`hero_solomon` -> `power_solomon`) when its
    holders can be judged on the reference run `meta`, else None."""
    s = _switch_of(spec, metric)
    return None if s is None else switched_component(spec, meta, switched_off(meta, s), columns)


def _switch_of(spec, metric: str) -> str | None:
    from reports.components import named_switch, parse_sections
    named = named_switch(spec, metric)
    if named is not None:       # a component read from a count (Troja's ship benefits) names its switch
        return named if named in spec.params.names() and spec.params.get(named).measuring else None
    for _, prefix in parse_sections(getattr(spec, "extra", None))["components"]:
        if metric.startswith(prefix) and metric != prefix:
            name = "power_" + metric[len(prefix):]
            ok = name in spec.params.names() and spec.params.get(name).measuring
            return name if ok else None
    return None


def to_check(tab: pd.DataFrame, spec, meta: dict, columns) -> list[Check]:
    """A Check for each flagged or unclear component (or one whose completion ends the game) of a
    component table whose power a switch turns off: on its holders when they are fixed before the
    power acts, else by restricted play when the game has a seat switch; where no switch exists, by a
    ban on the player when one answers the component (experiments/restrict.ban_for) and every seat of
    the reference run played one strategy that takes the ban; in table order."""
    from reports.component_effect import UNCLEAR
    if not len(tab) or "verdict" not in tab:
        return []
    seat = (getattr(spec, "extra", None) or {}).get("switch_seat")
    pick = tab["verdict"].isin(CHECKED + (UNCLEAR,))
    if "ends_game" in tab:
        pick |= tab["ends_game"].astype(str).str.lower().eq("true")
    out, seen = [], set()
    for r in tab[pick].itertuples():
        s = power_switch(spec, meta, columns, str(r.metric))
        if s is None and seat:
            name = _switch_of(spec, str(r.metric))
            s = Switched(name, str(r.metric), str(r.label)) if name else None
            check = Check(str(r.label), str(r.verdict), s, seat) if s else None
        else:
            check = Check(str(r.label), str(r.verdict), s) if s else None
        if check is None:
            ban = _ban_of(spec, meta, str(r.label), str(r.metric))
            check = (Check(str(r.label), str(r.verdict), Switched(f"--ban {ban}", str(r.metric), str(r.label)), ban=ban)
                     if ban else None)
        if check is not None and check.switched.switch not in seen:
            seen.add(check.switched.switch)
            out.append(check)
    return out


def _ban_of(spec, meta: dict, label: str, metric: str) -> str | None:
    """The ban that answers a component, when the reference run's seats all played one strategy whose
    weights can carry it (a line-up of mixed strategies has no single player to restrict)."""
    from experiments.restrict import ban_for, restricted_token
    from sim.spec import AgonInputError
    strategies = list(meta.get("strategies") or [])
    if " = " in label or not strategies or len(set(strategies)) != 1:
        return None
    ban = ban_for(spec, metric)
    if ban is None:
        return None
    try:
        restricted_token(spec, strategies[0], ban)
    except AgonInputError:
        return None
    return ban


def holders(run, s: Switched, players: int) -> int:
    """Seat-games of the reference run that hold the switch's component (or own it)."""
    cols = [f"{s.metric}_{k}" for k in range(players)]
    return sum(int(held(df[df["arm"] == df["arm"].min()][cols].to_numpy(float), s.code).sum())
               for df in iter_chunks(run, ["arm"] + cols))


def _row(s: Switched, h: dict) -> dict:
    """A power's row from an effect of switching it off (without minus with): its worth is the
    effect with its sign turned."""
    return {"component": s.label, "switch": s.switch, "seat_games": h["seat_games"], "games": h["games"],
            "won_with": h["rate_a"], "won_without": h["rate_b"], "worth": -h["diff"], "low": -h["high"],
            "high": -h["low"], "p": h["p"]}


def worth_row(ref: Path, off: Path | None, s: Switched, players: int, held_n: int | None = None) -> dict:
    """One power's row: its holders' win share with and without the power (off: the switched-off
    run on the same seeds; None when too few hold it to play one)."""
    if off is None:
        return {"component": s.label, "switch": s.switch, "seat_games": held_n, "games": 0}
    return _row(s, holder_effect(ref, off, s.metric, players, code=s.code))


def reference_wins(ref: Path, players: int) -> pd.DataFrame:
    """The reference run's games (first arm): game, rotation and every seat's win share, the side every
    restricted-play check of a battery pairs with (read once: Glory to Rome's twenty checks read its 8,000
    games twenty times, 11 s of a 25 s design report)."""
    wins = [f"win_{k}" for k in range(players)]
    return pd.concat([df[df["arm"] == df["arm"].min()] for df in iter_chunks(ref, ["game", "rotation", "arm"] + wins)])


def restricted_effect(ref: Path, offs: list[Path], players: int, alpha: float = 0.05,
                      a: pd.DataFrame | None = None) -> dict:
    """Restricted play: offs[k] is the reference run's first games with the power off for seat k
    alone. Per game, the mean over the seats of the seat's win share without the power minus with it
    (same seeds), with a t interval over the games. `a`: reference_wins(ref), when the caller has it."""
    keys = ["game", "rotation"]
    a = reference_wins(ref, players) if a is None else a
    parts = []
    for k, off in enumerate(offs):
        b = pd.concat([df[df["arm"] == df["arm"].min()] for df in iter_chunks(off, keys + ["arm", f"win_{k}"])])
        m = a[keys + [f"win_{k}"]].merge(b[keys + [f"win_{k}"]], on=keys, suffixes=("_a", "_b"))
        parts.append(pd.DataFrame({"game": m["game"].to_numpy(), "a": m[f"win_{k}_a"].to_numpy(float),
                                   "b": m[f"win_{k}_b"].to_numpy(float)}))
    d = pd.concat(parts, ignore_index=True)
    per_game = (100 * (d["b"] - d["a"])).groupby(d["game"]).mean()
    out = {"seat_games": int(len(d)), "games": int(len(per_game)), "rate_a": float(d["a"].mean()),
           "rate_b": float(d["b"].mean())}
    out.update(mean_interval(per_game.to_numpy(float), alpha))
    return out


def restricted_row(ref: Path, offs: list[Path], s: Switched, players: int, a: pd.DataFrame | None = None) -> dict:
    """One power's row by restricted play (every seat compared, holder or not)."""
    return _row(s, restricted_effect(ref, offs, players, a=a))


def banned_effect(ref: Path, off: Path, players: int, token: str, alpha: float = 0.05,
                  a: pd.DataFrame | None = None) -> dict:
    """A ban's restricted play: `off` is the reference run's first seeds again with one seat's player
    banned (strategy `token`), in every seat rotation. Per game, the mean over the rotations of the
    banned seat's win share without the option minus the same seat's with it in the reference game
    (same seeds), with a t interval over the games, as `restricted_effect`."""
    wins = [f"win_{k}" for k in range(players)]
    names = [f"strategy_{k}" for k in range(players)]
    a = reference_wins(ref, players) if a is None else a
    if a["game"].duplicated().any():
        raise ValueError(f"{ref}: a ban is paired with a reference run of one line-up (each game once)")
    b = pd.concat([df[df["arm"] == df["arm"].min()] for df in iter_chunks(off, ["game", "arm"] + wins + names)])
    is_banned = b[names].astype(str).to_numpy() == token
    if not (is_banned.sum(axis=1) == 1).all():
        raise ValueError(f"{off}: not one seat played the banned strategy {token!r} in every game")
    seat = is_banned.argmax(axis=1)
    rows = np.arange(len(b))
    d = pd.DataFrame({"game": b["game"].to_numpy(), "seat": seat, "b": b[wins].to_numpy(float)[rows, seat]})
    m = d.merge(a[["game"] + wins], on="game")
    m["a"] = m[wins].to_numpy(float)[np.arange(len(m)), m["seat"].to_numpy()]
    per_game = (100 * (m["b"] - m["a"])).groupby(m["game"]).mean()
    out = {"seat_games": int(len(m)), "games": int(len(per_game)),
           "rate_a": float(m["a"].mean()), "rate_b": float(m["b"].mean())}
    out.update(mean_interval(per_game.to_numpy(float), alpha))
    return out


def worth_table(rows: list[dict]) -> pd.DataFrame:
    """The rows with Holm over the judged powers. A power whose switch changed no game of its holders
    (worth and interval exactly 0) has nothing to test and is left out of the correction."""
    tab = pd.DataFrame(rows) if rows else pd.DataFrame(columns=["component", "switch", "seat_games", "games"])
    tab["seat_games"] = pd.to_numeric(tab["seat_games"]).fillna(0).astype(int)
    for c in ("won_with", "won_without", "worth", "low", "high", "p"):
        tab[c] = tab[c].astype(float) if c in tab else np.nan
    tab["ban"] = tab["ban"].fillna("").astype(str) if "ban" in tab else ""
    tab["unchanged"] = tab["p"].notna() & (tab["low"] == 0) & (tab["high"] == 0)
    tab.loc[tab["unchanged"], "p"] = np.nan
    ok = tab["p"].notna()
    tab["p_holm"] = np.nan
    if ok.any():
        tab.loc[ok, "p_holm"] = multipletests(tab.loc[ok, "p"], method="holm")[1]
    return tab


def offs_games(c, players: int, meta: dict) -> int:
    """Games a check's first run plays when the whole reference run is paired (not played yet)."""
    return int(c.runs(players, int(meta["games"]))[0][2])


def ban_command(spec, meta: dict, players: int, ban: str, n: int) -> str:
    """The `agon restrict` command that plays a ban's check again: the same line-up, seed and games as
    the battery's run (Restriction.validate builds the same seats study), so a designer can rerun it."""
    from experiments.weights import overrides_key
    from experiments.args import set_flags
    sets = set_flags(overrides_key(spec, meta.get("params")))
    return (f"agon restrict {spec.name} --players {players} --strategies {meta['strategies'][0]} --games {n} "
            f"--seed {meta['seed']}{sets} --ban {ban}")


def bans_command(part: pd.DataFrame) -> str:
    """One `agon restrict` command that plays every ban of `part` again (--ban repeated), from the rows'
    own commands; `agon restrict` alone when the rows carry none (a table written before they did)."""
    cmds = [str(c) for c in (part["command"] if "command" in part else []) if str(c).strip() not in ("", "nan")]
    if not cmds:
        return "agon restrict"
    return cmds[0].rsplit(" --ban ", 1)[0] + "".join(f" --ban {b}" for b in part["ban"])


def design_checks(gdir: Path, ref: Path, tab: pd.DataFrame, spec, players: int) -> pd.DataFrame | None:
    """The design report's causal table: one row per Check `to_check` picks from the seats run
    `ref`'s component table, paired with its runs in gdir/causal/ when the battery played them. None
    when the battery had no causal step (no causal/ folder)."""
    from reports.data import load_meta, result_columns
    folder = Path(gdir) / "causal"
    if not folder.is_dir():
        return None
    meta = load_meta(ref)
    rows, a = [], None
    for c in to_check(tab, spec, meta, set(result_columns(ref).columns)):
        offs = [folder / name for name, _, _ in c.runs(players, int(meta["games"]))]
        done = all((o / "run.json").exists() and load_meta(o).get("status") == "complete" for o in offs)
        s = c.switched
        if done and (c.ban is not None or c.seat is not None) and a is None:
            a = reference_wins(ref, players)
        if c.ban is not None:
            token = c.lineup(spec, meta["strategies"][0], players)[0]
            row = (_row(s, banned_effect(ref, offs[0], players, token, a=a)) if done else
                   {"component": s.label, "switch": s.switch, "seat_games": 0, "games": 0})
        elif c.seat is not None:
            row = (restricted_row(ref, offs, s, players, a=a) if done else
                   {"component": s.label, "switch": s.switch, "seat_games": 0, "games": 0})
        else:
            row = worth_row(ref, offs[0], s, players) if done else worth_row(ref, None, s, players,
                                                                           holders(ref, s, players))
        played = sum(int(load_meta(o).get("games") or 0) for o in offs) if done else 0
        rows.append({**row, "label": c.label, "verdict": c.verdict, "owner": s.code is not None, "played": played,
                     "restricted": c.seat is not None or c.ban is not None, "ban": c.ban or "",
                     "runs": ", ".join(f"causal/{o.name}" for o in offs),
                     "command": ban_command(spec, meta, players, c.ban, played or offs_games(c, players, meta))
                     if c.ban else ""})
    return worth_table(rows)


def negligible(r) -> bool:
    """Whether the worth's whole interval lies within NEGLIGIBLE points of 0 (the component verdicts'
    smallest size worth a designer's action)."""
    return bool(np.isfinite(r.low) and np.isfinite(r.high) and -NEGLIGIBLE < r.low and r.high < NEGLIGIBLE)


def holm_words(r) -> str:
    """", Holm p = ..." for a worth shown as none whose own 95% interval excludes 0: the family's Holm
    correction, not the interval, decided it (Glory to Rome's Bar, +0.8 [+0.2, +1.4] of 20 checks, read
    "no worth shown" beside an interval above 0 without it)."""
    p = getattr(r, "p_holm", np.nan)
    if _outcome(r) != "none" or not np.isfinite(p) or not (r.low > 0 or r.high < 0):
        return ""
    from reports.fmt import pval
    return f", Holm p = {pval(p)}"


def _outcome(r) -> str:
    """wins | costs | negligible | none | unchanged | unjudged: what the switch showed."""
    if not r.games:
        return "unjudged"
    if r.unchanged:
        return "unchanged"
    if r.p_holm < 0.05:
        return "wins" if r.worth > 0 else "costs"
    return "negligible" if negligible(r) else "none"


def is_ban(r) -> bool:
    """Whether a row is a ban's restricted play (the option forbidden to a player, no rule switch)."""
    return str(getattr(r, "ban", "") or "").strip() not in ("", "nan")


def ban_rows(t: pd.DataFrame) -> pd.Series:
    """is_ban for every row of a causal table."""
    return pd.Series([is_ban(r) for r in t.itertuples()], index=t.index, dtype=bool)


def reading(r) -> str:
    """What the switch shows about a component the association flagged with verdict `r.verdict`."""
    verdict = getattr(r, "verdict", "")
    player = bool(getattr(r, "restricted", False))
    size = f"{r.worth:+.1f} [{r.low:+.1f}, {r.high:+.1f}]{holm_words(r)}" if r.games else ""
    out = _outcome(r)
    if out == "unjudged":
        if not player and (r.seat_games or 0) < MIN_HOLDERS:
            return f"not judged: {int(r.seat_games or 0):,} holder seat-games (fewer than {MIN_HOLDERS})"
        return "not played (an interrupted battery: run it again with --resume)"
    if out == "unchanged" and is_ban(r):
        return "banned, no game changed: the option never decided a game"
    if out == "unchanged":
        return ("switched off, no game changed: the power never decided a game" if player else
                "switched off, no game of its holders changed: the power never decided a game")
    if player:
        return {"negligible": f"worth less than {NEGLIGIBLE:g} point of a player's win share either way",
                "none": f"no worth to a player shown ({size})",
                "wins": f"worth {size} to a player who may use it (rivals keeping it)",
                "costs": f"costs a player who may use it {size}: {MISTAKE}"}[out]
    if out == "negligible":
        return f"worth less than {NEGLIGIBLE:g} point either way: the association is who takes it, not the power"
    if out == "none":
        return f"no worth shown ({size}): the association is not shown to be the power's doing"
    if out == "wins":
        return (f"worth {size} to its holders" +
                ("; the power helps them, so the weak association is who takes it" if verdict == "too weak" else ""))
    return (f"costs its holders {size}" +
            ("; the strong association is who takes it, not the power" if verdict == "too strong" else "")
            + f": {MISTAKE}")


def worth_words(r, short: bool = False) -> str:
    """What the switch showed, in a few words for the component's own verdict line (the causal check
    line and section say it in full): a designer reading "too strong" reads its worth beside it.
    `short`: for a list of many components ("power +0.2 [+0.1, +0.3] to a player")."""
    player = bool(getattr(r, "restricted", False))
    whom = "a player" if player else "its holders"
    size = f"{r.worth:+.1f} [{r.low:+.1f}, {r.high:+.1f}]{holm_words(r)}" if r.games else ""
    thing = "option" if is_ban(r) else "power"
    if short:
        return f"{thing} " + {"wins": f"{size} to {whom}", "costs": f"costs {whom} {size}",
                              "negligible": f"under {NEGLIGIBLE:g} point to {whom}, {size}",
                              "none": f"no worth to {whom} shown, {size}", "unchanged": "changed no game",
                              "unjudged": "not judged"}[_outcome(r)]
    cmd = str(getattr(r, "command", "") or "").strip()
    cmd = cmd if cmd not in ("", "nan") else f"agon restrict --ban {r.ban}"
    how = (f"banned for one player at a time on the same seeds (`{cmd}`), the option "
           if is_ban(r) else "switched off on the same seeds, its power ")
    return how + {
        "wins": f"is worth {size} to {whom}",
        "costs": f"costs {whom} {size}",
        "negligible": f"is worth less than {NEGLIGIBLE:g} point to {whom} either way ({size})",
        "none": f"shows no worth to {whom} ({size})",
        "unchanged": "changed no game",
        "unjudged": "was not judged"}[_outcome(r)]


class Worth(str):
    """A checked component's worth_words, with the short form for lists in `.short` and the switch it turned off
    in `.switch` (another component answered by the same switch points here: Mare Nostrum's first_god = hermes)."""

    def __new__(cls, r):
        w = super().__new__(cls, worth_words(r))
        w.short = worth_words(r, short=True)
        w.switch = str(getattr(r, "switch", "") or "")
        return w


def checked_words(t: pd.DataFrame | None) -> dict:
    """{component label: Worth} for the checked powers that were played."""
    if t is None or not len(t):
        return {}
    return {r.label: Worth(r) for r in t.itertuples() if r.games}


def _played(part: pd.DataFrame, games: int) -> int:
    """Games the checks of `part` played (each check's runs together; the largest), else `games`."""
    if "played" in part:
        n = pd.to_numeric(part["played"], errors="coerce").max()
        if np.isfinite(n) and n > 0:
            return int(n)
    return int(games)


def verdict_lines(t: pd.DataFrame, games: int, strategies: str) -> list[str]:
    """The design report's verdict lines, one per kind of check (holders fixed, chosen in play, bans): the
    checked powers grouped by what the switch showed, a nested bullet per group."""
    judged = int(t["p_holm"].notna().sum())
    restricted = t["restricted"].astype(bool) if "restricted" in t else pd.Series(False, index=t.index)
    banned = ban_rows(t)
    lines = []
    for kind, part in (("holders", t[~restricted]), ("player", t[restricted & ~banned]), ("ban", t[banned])):
        if not len(part):
            continue
        player = kind != "holders"
        thing = "option" if kind == "ban" else "power"
        whom = "a player" if player else "its holders"
        heads = {"wins": f"{thing} wins games for {whom}",
                 "costs": f"{thing} costs {whom} (read as the players' mistake first)",
                 "negligible": f"{thing} worth less than {NEGLIGIBLE:g} point either way"
                               + ("" if player else " (the association is who takes it)"),
                 "none": "no worth shown" + ("" if player else " (the association is not shown to be the power's doing)"),
                 "unchanged": f"{thing} never changed a game" + ("" if player else " of its holders"),
                 "unjudged": "not judged (not played)" if player else
                             f"not judged (fewer than {MIN_HOLDERS} holder seat-games, or not played)"}
        part = part.assign(_out=[_outcome(r) for r in part.itertuples()]).sort_values("worth", ascending=False)
        groups = []
        for key, head in heads.items():
            g = part[part["_out"] == key]
            if len(g):
                sized = key in ("wins", "costs", "negligible", "none")
                groups.append(f"{head}: " + ", ".join(
                    f"{r.label} ({r.verdict.split(':')[0]})" + (f" {r.worth:+.1f} [{r.low:+.1f}, {r.high:+.1f}]"
                                                               f"{holm_words(r)}" if sized else "")
                    for r in g.itertuples()))
        n = _played(part, games)
        if kind == "ban":
            seeds = int(part["games"].max()) if "games" in part and part["games"].max() > 0 else 0
            on = f"the first {seeds:,} seeds of the `{strategies}` seats run" if seeds else f"`{strategies}`'s seeds"
            how = (f"each banned for one player at a time, in every seat of {on} ({n:,} games; `{bans_command(part)}`), "
                   "its rivals free to use it; points of win share the option is worth to a player")
            whose = "that no rule switch removes"
        elif player:
            how = (f"each switched off for one seat at a time on the same {n:,} games of `{strategies}`, its rivals "
                   "keeping it; points of win share the power is worth to a player")
            whose = "whose holders are chosen in play"
        else:
            how = (f"each switched off on the same {n:,} games of `{strategies}`; points of win share the power is "
                   "worth to the seats that hold it")
            whose = "whose holders are fixed before it acts"
        lines.append(nested(f"Causal check of the flagged {'options' if kind == 'ban' else 'powers'} {whose} ({how}, "
                            f"Holm over {judged}):", groups))
    return lines
