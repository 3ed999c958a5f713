"""The causal check of flagged powers (reports/power_worth.py): a power switched off on the same seeds,
read on the seats that held it; the design battery plays it for the flagged components."""
import numpy as np
import pandas as pd
import pytest

from experiments.cli import main
from experiments.runner import Study, run_study
from reports import power_worth as pw
from reports.data import load_meta, result_columns
from sim import get_game
from sim.spec import AgonInputError


def _seats(path, **params):
    st = Study(kind="seats", game="pig", players=3, games=2000, seed=4, strategies="greedy", params=params)
    return run_study(st, path, progress=False)


def test_a_power_worth_points_an_idle_one_and_one_too_rare(tmp_path):
    """Pig's lucky charm gives `charm_points` to the seats dealt it: switched off, its holders win less.
    With charm_points 0 the switch changes no game (nothing to test: out of Holm); a power held too
    rarely is not judged."""
    spec = get_game("pig")
    a = _seats(tmp_path / "a", charm_points=10)
    b = _seats(tmp_path / "b", charm_points=10, power_lucky=False)
    a0 = _seats(tmp_path / "a0")
    b0 = _seats(tmp_path / "b0", power_lucky=False)
    s = pw.power_switch(spec, load_meta(a), set(result_columns(a).columns), "charm_lucky")
    assert s is not None and s.switch == "power_lucky"
    rows = [{**pw.worth_row(a, b, s, 3), "label": "Lucky", "verdict": "too strong"},
            {**pw.worth_row(a0, b0, s, 3), "label": "Lucky at 0", "verdict": "too weak"},
            {**pw.worth_row(a, None, s, 3, 150), "label": "Rare", "verdict": "too strong"}]
    t = pw.worth_table(rows)
    lucky, idle, rare = (r for r in t.itertuples())
    assert lucky.worth > 5 and lucky.low > 0 and lucky.p_holm < 1e-6 and lucky.won_with > lucky.won_without
    assert lucky.seat_games == pw.holders(a, s, 3) > 2000          # about half the seats hold it
    assert pw.reading(lucky).startswith("worth +")
    assert idle.unchanged and np.isnan(idle.p_holm) and "never decided" in pw.reading(idle)
    assert rare.games == 0 and rare.seat_games == 150 and pw.reading(rare).startswith("not judged: 150")
    line = "\n".join(pw.verdict_lines(t, 2000, "greedy"))
    assert "Holm over 1" in line and "power wins games for its holders: Lucky (too strong) +" in line
    assert "never changed a game of its holders: Lucky at 0 (too weak)" in line and "not judged" in line


def test_readings_say_what_the_interval_shows():
    row = lambda **kw: pd.Series({"games": 900, "seat_games": 900, "unchanged": False, "verdict": "too strong",   # noqa: E731
                                  **kw})
    small = row(worth=0.1, low=-0.4, high=0.6, p_holm=0.6)
    wide = row(worth=1.0, low=-2.0, high=4.0, p_holm=0.6)
    costs = row(worth=-3.0, low=-5.0, high=-1.0, p_holm=0.01)
    helps_weak = row(worth=3.0, low=1.0, high=5.0, p_holm=0.01, verdict="too weak")
    assert pw.reading(small).startswith("worth less than 1 point either way")
    assert pw.reading(wide).startswith("no worth shown (+1.0 [-2.0, +4.0])")
    assert pw.reading(costs).startswith("costs its holders -3.0") and "who takes it, not the power" in pw.reading(costs)
    assert "the weak association is who takes it" in pw.reading(helps_weak)
    # an interval above 0 that Holm over the family does not confirm says so (Glory to Rome's Bar)
    above = row(worth=0.8, low=0.2, high=1.4, p_holm=0.12, restricted=True)
    assert pw.reading(above) == "no worth to a player shown (+0.8 [+0.2, +1.4], Holm p = 0.120)"
    assert pw.worth_words(above, short=True) == "power no worth to a player shown, +0.8 [+0.2, +1.4], Holm p = 0.120"
    assert "Holm p" not in pw.reading(wide) + pw.reading(costs)     # 0 inside the interval, or Holm agrees


def test_flagged_powers_are_checked_on_fixed_holders_or_by_restricted_play():
    """Mare Nostrum: a hero's and a wonder's holders are fixed when bought, a creature's owner civ is
    dealt; a god is taken again every round (holders chosen after the runs diverge), so it is checked
    by restricted play; the Pyramids have no power switch, and a component with no effect shown is
    not flagged."""
    spec = get_game("mare-nostrum")
    tab = pd.DataFrame({"label": ["Solomon", "Hermes", "Griffin", "Pyramids", "Medusa", "Temple of Artemis"],
                        "metric": ["hero_solomon", "god_hermes", "creature_griffin", "wonder_pyramids", "hero_medusa",
                                   "wonder_temple_of_artemis"],
                        "verdict": ["too strong", "too strong", "too weak", "too strong", "no effect shown",
                                    "unclear: the check disagrees"]})
    meta = {"game": "mare-nostrum", "players": 6, "seed": 1, "strategies": ["greedy"] * 6, "params": {}}
    cols = {f"{m}_0" for m in tab["metric"]} | {"civ_0"}
    picked = pw.to_check(tab, spec, meta, cols)
    assert [(c.label, c.switched.switch, c.seat) for c in picked] == [
        ("Solomon", "power_solomon", None), ("Hermes", "power_hermes", "switch_seat"),
        ("Griffin", "power_griffin", None), ("Temple of Artemis", "power_temple_of_artemis", None)]
    griffin = picked[2].switched
    assert griffin.metric == "civ" and griffin.code is not None      # read on the civ that owns it
    assert picked[0].runs(6, 8000) == [("power_solomon", {"power_solomon": False}, 8000)]


def test_a_building_chosen_in_play_is_checked_by_restricted_play():
    """Glory to Rome: a building's builders are chosen in play, so its power goes off for one seat at a
    time (`switch_seat`), each seat over the first quarter of the games; the Catacomb, which ends the
    game, is checked too."""
    spec = get_game("glory-to-rome")
    tab = pd.DataFrame({"label": ["Villa", "Bar", "Catacomb", "Temple"],
                        "metric": ["built_villa", "built_bar", "built_catacomb", "built_temple"],
                        "verdict": ["too strong", "too weak", "ends the game when completed", "no effect shown"],
                        "ends_game": [False, False, True, False]})
    meta = {"game": "glory-to-rome", "players": 4, "seed": 1, "strategies": ["greedy"] * 4, "params": {}}
    picked = pw.to_check(tab, spec, meta, {f"{m}_0" for m in tab["metric"]})
    assert [(c.label, c.seat) for c in picked] == [("Villa", "switch_seat"), ("Bar", "switch_seat"),
                                                   ("Catacomb", "switch_seat")]
    assert picked[0].runs(4, 8000) == [(f"power_villa-seat{k}", {"power_villa": False, "switch_seat": k}, 2000)
                                       for k in range(4)]


@pytest.mark.parametrize("game, checked, other, switch", [
    ("troja", ("ship: victory point", "ships_vp"), ("ship: 3:1 port", "ships_port3"), "power_ship_vp"),
    ("magna-grecia", ("sold a market", "markets_sold"), ("merged cities", "merges"), "power_sell_market")])
def test_a_count_component_names_its_switch(game, checked, other, switch):
    """Troja's ship benefits and Magna Grecia's markets are read from counts (reports/component_study.THRESHOLDS),
    not declared 0/1 components: "ship: victory point" (held by whoever builds a second ship) and "sold a market"
    name their switches (extra["component_switches"]) and are checked by restricted play, one seat at a time; a
    component without a switch is not, and its verdict does not name the switch of another."""
    from reports.component_effect import causal_check
    spec = get_game(game)
    tab = pd.DataFrame({"label": [checked[0], other[0]], "metric": [checked[1], other[1]],
                        "verdict": ["too strong", "too strong"]})
    meta = {"game": game, "players": 4, "seed": 1, "strategies": ["greedy"] * 4, "params": {}}
    picked = pw.to_check(tab, spec, meta, {f"{checked[1]}_0", f"{other[1]}_0"})
    # (Magna Grecia's merged cities is answered by a ban instead: test_a_component_no_switch_removes_is_checked_by_a_ban)
    assert [(c.label, c.switched.switch, c.seat) for c in picked if c.ban is None] == [(checked[0], switch, "switch_seat")]
    assert picked[0].runs(4, 3000)[0] == (f"{switch}-seat0", {switch: False, "switch_seat": 0}, 750)
    assert f"--set {switch}=false" in causal_check(spec, checked[0], checked[1], players=4)
    assert switch not in causal_check(spec, other[0], other[1], players=4)


def test_restricted_play_measures_a_power_for_one_seat_at_a_time(tmp_path):
    """Pig's charm off for one seat at a time (its rivals keep theirs): that seat wins less, on the
    same seeds, by about half the charm's worth to a holder (half the seats hold it)."""
    a = _seats(tmp_path / "a", charm_points=10)
    offs = [_seats(tmp_path / f"off{k}", charm_points=10, power_lucky=False, switch_seat=k) for k in range(3)]
    h = pw.restricted_effect(a, offs, 3)
    assert h["seat_games"] == 3 * 2000 and h["games"] == 2000
    assert h["high"] < -2 and h["rate_b"] < h["rate_a"]
    s = get_game("pig")
    row = {**pw.restricted_row(a, offs, pw.Switched("power_lucky", "charm_lucky", "Lucky"), 3),
           "label": "Lucky", "verdict": "too strong", "restricted": True}
    t = pw.worth_table([row])
    assert pw.reading(next(t.itertuples())).startswith("worth +")
    assert "to a player" in "\n".join(pw.verdict_lines(t, 2000, "greedy"))
    idle = pw.restricted_effect(a, [_seats(tmp_path / f"idle{k}", charm_points=10, switch_seat=k) for k in range(3)], 3)
    assert idle["low"] == idle["high"] == 0                              # every switch on: the same games
    assert s.params.get("switch_seat").measuring


def _flag(monkeypatch, label: str, metric: str) -> None:
    """The battery's component table flags one Pig component "too strong" (Pig flags none by itself)."""
    real = pw.to_check

    def flagged(tab, spec, meta, columns):
        forced = pd.DataFrame({"label": [label], "metric": [metric], "verdict": ["too strong"]})
        return real(forced, spec, meta, columns)

    monkeypatch.setattr(pw, "to_check", flagged)


def test_design_battery_plays_the_flagged_powers_and_resumes_them(tmp_path, monkeypatch):
    """The battery plays causal/<switch> on the default player count's seeds for each component
    `to_check` picks, the report states it, and --resume keeps the finished run. (Pig flags no charm at
    its default rules, so the pick is forced here; the charm then gives 0 points: no game changes.)"""
    _flag(monkeypatch, "Lucky", "charm_lucky")
    out = tmp_path / "design"
    assert main(["design-report", "pig", "--scale", "0.1", "--out", str(out), "--quiet"]) == 0
    run = out / "pig" / "causal" / "power_lucky"
    m = load_meta(run)
    ref = load_meta(out / "pig" / "seats-2p")
    assert m["status"] == "complete" and m["params"]["power_lucky"] is False
    assert (m["seed"], m["games"], m["strategies"]) == (ref["seed"], ref["games"], ref["strategies"])
    md = (out / "pig" / "report.md").read_text()
    verdict = md.split("## Verdict")[1].split("\n## ")[0]
    assert "Causal check of the flagged powers" in verdict and "Lucky (too strong)" in verdict
    assert "### Causal check of the flagged powers" in md and "no game changed" in md
    limits = md.split("## Limits of what was shown")[1]
    assert "a power switched off for the seats that hold it says what it is worth to them." in limits
    assert "a player who may use it" not in limits                  # no restricted play in this battery
    assert (out / "pig" / "power_worth.csv").exists()
    stamp = [p.stat().st_mtime_ns for p in sorted((run / "results").iterdir())]
    assert main(["design-report", "pig", "--scale", "0.1", "--out", str(out), "--resume", "--quiet"]) == 0
    assert [p.stat().st_mtime_ns for p in sorted((run / "results").iterdir())] == stamp    # not played again


def test_causal_step_can_be_turned_off_and_a_bad_value_is_one_line(tmp_path, monkeypatch):
    from experiments.design import load_batteries
    cfg = tmp_path / "d.toml"
    cfg.write_text("[game.pig]\ncausal = false\n")
    assert load_batteries(["pig"], str(cfg), 1.0, 1)[0].causal is False
    assert load_batteries(["pig"], None, 1.0, 1)[0].causal is True
    cfg.write_text("[game.pig]\ncausal = \"yes\"\n")
    with pytest.raises(AgonInputError, match="causal.*true or false"):
        load_batteries(["pig"], str(cfg), 1.0, 1)


def test_a_component_no_switch_removes_is_checked_by_a_ban():
    """Magna Grecia's merged cities and built markets have no rule switch; a ban on the player answers
    each (its `check` is the component's metric), so the battery plays it: one run of the reference's
    first quarter of seeds, the banned greedy in every seat in turn. "sold a market" keeps its switch; a
    ban is not played for a line-up of mixed strategies (no single player to restrict), nor for Troja's
    "ship: 3:1 port" (`--ban ships` removes every ship, not the port)."""
    from reports.component_effect import causal_check
    spec = get_game("magna-grecia")
    tab = pd.DataFrame({"label": ["merged cities", "built a market", "sold a market"],
                        "metric": ["merges", "markets_built", "markets_sold"],
                        "verdict": ["too strong", "too strong", "too weak"]})
    meta = {"game": "magna-grecia", "players": 4, "seed": 1, "strategies": ["greedy"] * 4, "params": {}}
    cols = {f"{m}_0" for m in tab["metric"]}
    picked = pw.to_check(tab, spec, meta, cols)
    assert [(c.label, c.ban, c.seat) for c in picked] == [("merged cities", "merges", None),
                                                          ("built a market", "markets", None),
                                                          ("sold a market", None, "switch_seat")]
    merges = picked[0]
    assert merges.runs(4, 4000) == [("ban-merges", {}, 4000)] and merges.runs(4, 4001) == [("ban-merges", {}, 4004)]
    lineup = merges.lineup(spec, "greedy", 4)
    assert lineup[0].startswith("greedy:w=") and lineup[1:] == ["greedy"] * 3 and lineup[0] != "greedy"
    assert picked[2].lineup(spec, "greedy", 4) is None
    mixed = {**meta, "strategies": ["greedy", "tuned", "greedy", "greedy"]}
    assert [c.label for c in pw.to_check(tab, spec, mixed, cols)] == ["sold a market"]
    troja = get_game("troja")
    port = pd.DataFrame({"label": ["ship: 3:1 port"], "metric": ["ships_port3"], "verdict": ["too strong"]})
    assert pw.to_check(port, troja, {**meta, "game": "troja"}, {"ships_port3_0"}) == []
    assert "no causal check exists" in causal_check(troja, "ship: 3:1 port", "ships_port3", "troja", 4)
    assert "--ban merges" in causal_check(spec, "merged cities", "merges", "magna-grecia", 4)


def test_a_ban_is_paired_seat_by_seat_with_the_reference_games(tmp_path):
    """Pig's greedy banned from a second roll (it holds after every successful roll) loses most games:
    the banned seat's win share is read on the same seeds as the reference's, in every rotation; a
    token that changes no weight changes no game (worth exactly 0)."""
    from experiments.restrict import restricted_token
    spec = get_game("pig")
    ref = _seats(tmp_path / "ref")
    token = restricted_token(spec, "greedy", "second_roll")

    def banned(path, tok, games=600):
        st = Study(kind="seats", game="pig", players=3, games=games, seed=4, strategies=[tok, "greedy", "greedy"])
        return run_study(st, path, progress=False)

    h = pw.banned_effect(ref, banned(tmp_path / "ban", token), 3, token)
    assert h["games"] == 200 and h["seat_games"] == 600        # 200 seeds, the banned player in each of 3 seats
    assert h["high"] < -5 and h["rate_b"] < h["rate_a"]
    idle_token = "greedy:w=12"
    idle = pw.banned_effect(ref, banned(tmp_path / "idle", idle_token), 3, idle_token)
    assert idle["low"] == idle["high"] == 0 and idle["games"] == 200
    with pytest.raises(ValueError, match="not one seat played"):
        pw.banned_effect(ref, ref, 3, token)
    s = pw.Switched("--ban second_roll", "busts", "Busts")
    t = pw.worth_table([{**pw._row(s, h), "label": "Busts", "verdict": "too strong", "restricted": True,
                         "ban": "second_roll", "played": 600}])
    r = next(t.itertuples())
    assert pw.reading(r).startswith("worth +") and "banned for one player" in pw.worth_words(r)
    assert pw.worth_words(r, short=True).startswith("option +")
    line = "\n".join(pw.verdict_lines(t, 2000, "greedy"))
    assert "flagged options that no rule switch removes" in line and "first 200 seeds" in line and "(600 games" in line
    assert "option wins games for a player: Busts (too strong) +" in line


def test_design_battery_plays_a_ban_on_the_reference_seeds(tmp_path, monkeypatch):
    """A flagged component a ban answers: the battery plays causal/ban-<ban> (the banned strategy first in
    the line-up, the reference's seed and first games, capped by `causal_games`) and the report states
    the option's worth to a player."""
    _flag(monkeypatch, "Busts", "busts")
    cfg = tmp_path / "d.toml"
    cfg.write_text("[game.pig]\nseats = 600\ncausal_games = 300\ntournament = \"random,greedy\"\nskill = \"greedy,cautious\"\n"
                   "skill_games = 20\nsweep_games = 20\ntournament_games = 20\ncheck_games = 0\n")
    out = tmp_path / "design"
    assert main(["design-report", "pig", "--config", str(cfg), "--out", str(out), "--quiet"]) == 0
    run = out / "pig" / "causal" / "ban-second_roll"
    m = load_meta(run)
    ref = load_meta(out / "pig" / "seats-2p")
    assert m["status"] == "complete" and m["seed"] == ref["seed"] and m["games"] == 300
    assert m["strategies"][0].startswith("greedy:w=") and m["strategies"][1] == "greedy"
    md = (out / "pig" / "report.md").read_text()
    assert "**Banned**" in md and "Busts (ban: `second_roll`)" in md
    limits = md.split("## Limits of what was shown")[1]
    assert ("The causal checks hold for `greedy` players: one switched off (or an option banned) for one seat at a "
            "time says what it is worth to a player who may use it") in limits and "stays an association" in limits
    # the verdict names the whole command, and it plays the battery's games again
    cmd = f"agon restrict pig --players 2 --strategies greedy --games 300 --seed {ref['seed']} --ban second_roll"
    assert f"(300 games; `{cmd}`)" in md
    again = tmp_path / "again"
    assert main(cmd.split()[1:] + ["--out", str(again), "--quiet"]) == 0
    cols = ["game"] + [f"win_{k}" for k in range(2)] + [f"strategy_{k}" for k in range(2)]
    mine = result_columns(again / "bans" / "second_roll")[cols].sort_values("game", kind="stable")
    theirs = result_columns(run)[cols].sort_values("game", kind="stable")
    pd.testing.assert_frame_equal(mine.reset_index(drop=True), theirs.reset_index(drop=True))
    assert "Causal check of the flagged options that no rule switch removes" in md.split("## Verdict")[1]
    t = pd.read_csv(out / "pig" / "power_worth.csv")
    assert t.loc[0, "ban"] == "second_roll" and t.loc[0, "games"] == 150 and t.loc[0, "worth"] > 5


def test_causal_games_is_checked(tmp_path):
    from experiments.design import load_batteries
    assert load_batteries(["glory-to-rome"], None, 1.0, 1)[0].causal_games == 4000
    assert load_batteries(["pig"], None, 1.0, 1)[0].causal_games == 0
    cfg = tmp_path / "d.toml"
    cfg.write_text("[game.pig]\ncausal_games = -1\n")
    with pytest.raises(AgonInputError, match="causal_games"):
        load_batteries(["pig"], str(cfg), 1.0, 1)


@pytest.mark.parametrize("game, players", [("glory-to-rome", 4), ("mare-nostrum", 3), ("troja", 4),
                                           ("magna-grecia", 3)])
def test_a_seat_switch_naming_no_seat_is_one_line(game, players, tmp_path, capsys):
    out = tmp_path / "bad"
    assert main(["seats", game, "--players", str(players), "--set", f"switch_seat={players}", "--games", "10",
                 "--out", str(out)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and f"switch_seat={players} names no seat" in err[0] and f"0 to {players - 1}" in err[0]
    assert not out.exists()
