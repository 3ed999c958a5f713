"""The check-players section: is each player fit to be used as evidence?

Renders the battery's result (experiments/check_players.py, `checks.json`) as its own report
(`agon check-players`) and as a section of every design report.
"""
from __future__ import annotations

import json
from pathlib import Path

from reports.doc import Doc, integer, pct


def summary_lines(res: dict) -> list[str]:
    """One line per strategy: its flags, or that it passed."""
    out = []
    for s in res["strategies"]:
        name = s["strategy"]
        if not s["flags"]:
            out.append(f"`{name}`: no degenerate play found in {integer(s['games'])} traced games "
                       f"({res['players']} players) and {len(s['options'])} rule option flips.")
            continue
        kinds = {}
        for f in s["flags"]:
            kinds[f["check"]] = kinds.get(f["check"], 0) + 1
        first = s["flags"][0]
        out.append(f"**`{name}` flagged** ({res['players']} players, {integer(s['games'])} traced games): "
                   + "; ".join(f"{k}" + (f" x{v}" if v > 1 else "") for k, v in kinds.items())
                   + f". First: {first['text']}."
                   + (f" Reproduce: `{first['commands'][0]}`" if first["commands"] else "")
                   + (f" (replay: `{first['replay']}`)" if first.get("replay") else ""))
    return out


def section(doc: Doc, res: dict, level: int = 2, heading: str = "Players: degeneracy checks") -> None:
    """The battery's tables and flags into `doc`."""
    doc.h(level, heading)
    doc.p(f"Each strategy plays every seat of {integer(res['games'])} traced games ({res['players']} players, seed "
          f"{res['seed']}, games 0-{res['games'] - 1}); random play on the same seeds is the reference. Rule options are "
          f"flipped on {integer(res['option_games'])} seeds each (common random numbers: a game \"moves\" when any score, "
          "rank or the length changes). Rates with Wilson 95% intervals. A flag means the player's findings need "
          "care: its figures may be the player's blind spot, not the game's. Command: "
          f"`{res.get('command') or ''}`.")
    for s in res["strategies"]:
        name = s["strategy"]
        doc.h(level + 1, f"`{name}`")
        if s["flags"]:
            doc.ul([f"**{f['check']}**: {f['text']}. Reproduce: " + ", ".join(f"`{c}`" for c in f["commands"])
                    + (f"; step through the first game: [{f['replay']}]({f['replay']})" if f.get("replay") else "")
                    for f in s["flags"]])
        else:
            doc.p("No flag.")
        ns, ln = s["no_scoring"], s["length"]
        rows = [["games where some seat never scores", f"{integer(ns['count'])} of {integer(ns['games'])}: "
                 f"{pct(ns['rate'])} [{pct(ns['low'])}, {pct(ns['high'])}]",
                 f"{integer(ns['random_count'])} of {integer(ns['random_games'])}: {pct(ns['random_rate'])}"],
                ["mean length (player-turns)", f"{ln['mean']:.1f} [{ln['low']:.1f}, {ln['high']:.1f}]",
                 f"{ln['random_mean']:.1f} [{ln['random_low']:.1f}, {ln['random_high']:.1f}]"]]
        if ln.get("human"):
            rows.append(["human range (rules spec)", f"{ln['human'][0]}-{ln['human'][1]}", ""])
        end = s.get("ends")
        if end:
            rows.append(["games ended by a player's action", integer(end["player_ended"]), ""])
            rows.append(["... whose ender finished below first", f"{integer(end['self_defeating'])}: {pct(end['rate'])} "
                         f"[{pct(end['low'])}, {pct(end['high'])}]", ""])
        else:
            rows.append(["self-defeating game ends", "not applicable: no player chooses when this game ends", ""])
        doc.table(["check", f"`{name}`", "random play"], rows, "Sample-level checks (95% intervals).")
        frows = []
        for f in s["families"]:
            worth = "" if f["worth"] is None else f"{100 * f['worth']:+.1f} [{100 * f['worth_low']:+.1f}, {100 * f['worth_high']:+.1f}]"
            frows.append([f["family"], f"{pct(f['rate'])} [{pct(f['low'])}, {pct(f['high'])}]", f"{f['per_game']:.2f}",
                          pct(f["random_rate"]), f"{f['random_per_game']:.2f}", worth,
                          _family_mark(f)])
        doc.table(["action family", "seat-games using it [95% CI]", "uses per seat-game", "random: using it",
                   "random: uses", "random: win lift of users (pts) [95% CI]", ""], frows,
                  "Use rate of every action family the game declares. The lift compares random play's seats that used the "
                  "family with those that did not, or, when every seat used it, those that used it more than the median "
                  "with the others (Newcombe interval): an association that shows the family can be worth using. A family "
                  "the player never uses is flagged when that lift is significantly positive, unless restricted play "
                  "shows it is not worth using for this player: where the game names the weight that makes a player "
                  "use the family, one seat plays the player with that weight raised against the player in every seat "
                  "rotation, and the family is cleared when that variant wins significantly less than its fair share, or "
                  "when its interval shows it cannot win a point more than fair (the blind spot is worth less than a "
                  "point of win rate to the player).")
        if s["options"]:
            orows = [[f"`{o['option']}`", str(o["default"]), ", ".join(map(str, o["flips"])),
                      f"{o['moved_player']} of {o['games'] * max(1, len(o['flips']))}",
                      f"{o['moved_random']} of {o['games'] * max(1, len(o['flips']))}",
                      f"{o['p_value']:.2g}" if o.get("p_value") is not None else "",
                      f"{o['p_holm']:.2g}" if o.get("p_holm") is not None else "",
                      (f"no effect for this player, as expected: {o['moot']}" if o.get("moot") else
                       ("**no effect for this player**" if o.get("p_holm", o.get("p_value", 1)) < 0.05
                        else "no effect for this player (not significant)"))
                      if o["moved_player"] == 0 and o["moved_random"] > 0 else ""]
                     for o in s["options"]]
            doc.table(["rule option", "played", "flipped to", f"games moved: `{name}`", "games moved: random",
                       "p (Fisher, one-sided)", "p (Holm)", ""], orows,
                      "Rule options flipped on the same seeds; flagged when the player's games never move while random "
                      "play's move significantly more often (Holm over the options flipped).")


def _family_mark(f: dict) -> str:
    if not (f["used"] == 0 and f["random_used"] > 0):
        return ""
    c = f.get("confirm")
    if c is None:
        return "**never used**"
    said = (f"best variant raising it, `{c['token']}`, wins {100 * c['rate']:.1f}% [{100 * c['low']:.1f}, {100 * c['high']:.1f}] "
            f"against it (fair {100 * c['fair']:.1f}%, {c['games']:,} games)")
    if c["verdict"] == "not worth":
        return f"never used, not worth it for this player: {said}"
    if c["verdict"] == "under a point":
        return f"never used, worth less than a point to this player: {said}"
    return f"**never used**: {said}" + ("" if c["verdict"] == "worth" else ", not settled")


def build(out, res: dict | None = None) -> dict:
    """OUT/report.md + report.html of `agon check-players`."""
    out = Path(out)
    res = res or json.loads((out / "checks.json").read_text())
    doc = Doc(f"{res['title']}: player checks ({res['players']} players)")
    summary = summary_lines(res)
    doc.h(2, "Summary")
    doc.ul(summary)
    section(doc, res)
    doc.h(2, "What these checks cannot show")
    doc.ul(["A player without flags can still be weak; the checks find known kinds of degenerate play (empty games, "
            "unused options worth using, ending while behind, rule options it ignores), not every blind spot.",
            "Family worth is random play's association between using a family and winning, not a causal effect; "
            "`agon restrict` measures an option's value causally where the game supports bans.",
            f"Samples are small ({res['games']} traced games, {res['option_games']} seeds per option flip): a rare "
            "behaviour can go unseen; a flag's example commands replay it exactly.",
            "Measuring switches (`power_<name>`: a component's power off, for causal checks) are not rule options and "
            "are not flipped unless named (`--options power_<name>`); whether the players know them is tested with "
            "each game's switches."])
    doc.write(out)
    return {"summary": summary, "flags": sum(len(s["flags"]) for s in res["strategies"])}
