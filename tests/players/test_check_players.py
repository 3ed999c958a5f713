"""The degeneracy battery: its checks on real games, the three behaviours of issue 12, the CLI."""
import json
import re

import pytest

from experiments.check_players import Check, run_checks
from sim.spec import AgonInputError
from tests.conftest import run_agon
from tests.players.helpers import flags, old


def battery(game, strategies, players, games, option_games=0, options=(), overrides=None, seed=1, confirm_games=500):
    c = Check(game=game, players=players, strategies=list(strategies), games=games, option_games=option_games,
              options=list(options), overrides=dict(overrides or {}), seed=seed, command="test",
              confirm_games=confirm_games)
    return run_checks(c, jobs=1, progress=False)


# ---------------------------------------------------------------- Magna Grecia: no city at city_tile_cost=2
def test_mg_old_greedy_never_founding_is_flagged():
    """`agon play magna-grecia --players 4 --seed 1 --strategies greedy --set city_tile_cost=2 --trace`:
    the one-step greedy only draws or passes; the battery flags the empty games and names the command."""
    tok = old("magna-grecia")
    res = battery("magna-grecia", [tok], 4, 6, overrides={"city_tile_cost": 2})
    f = flags(res, tok, "no scoring action")
    assert f, res["strategies"][0]["flags"]
    assert re.match(r"agon play magna-grecia --players 4 --seed 1 --index \d+ --strategies \S+ --set city_tile_cost=2 "
                    r"--trace$", f[0]["commands"][0])
    fam = {x["family"]: x for x in res["strategies"][0]["families"]}
    assert fam["found a city"]["used"] == 0 and fam["found a city"]["random_used"] > 0


@pytest.mark.parametrize("cost", [2, 3])
def test_mg_greedy_founds_cities_whatever_the_city_cost(cost):
    res = battery("magna-grecia", ["greedy", "oracle_hub"], 4, 6, overrides={"city_tile_cost": cost})
    for s in ("greedy", "oracle_hub"):
        assert not flags(res, s, "no scoring action")
        fam = {x["family"]: x for x in next(x for x in res["strategies"] if x["strategy"] == s)["families"]}
        assert fam["found a city"]["used"] > 0


# ---------------------------------------------------------------- Magna Grecia: options without effect
MG_OPTIONS = ("allow_join_rival_road_end", "sell_requires_active")


def test_mg_old_greedy_options_without_effect_are_flagged():
    tok = old("magna-grecia")
    res = battery("magna-grecia", [tok], 4, 1, option_games=30, options=MG_OPTIONS)
    dead = {f["text"].split("`")[1] for f in flags(res, tok, "rule option without effect")}
    # closing its road ends makes the joining option moot for any planning player (declared with its reason,
    # reported, not flagged). The old greedy never sold a market, which this check once flagged through the
    # selling option; whether never selling is a blind spot is the family check's question, and random play's
    # sellers do not win more (selling as the cash-driven greedy did lost games: tests/magna_grecia/
    # test_players.py), so the selling option is moot for it too
    assert dead == set()
    assert not [f for f in flags(res, tok, "family never used") if "sell a market" in f["text"]]
    opt = {o["option"]: o for o in res["strategies"][0]["options"]}
    assert all(opt[o]["moved_player"] == 0 and opt[o]["moved_random"] > 0 for o in MG_OPTIONS)
    assert "close their road ends" in opt["allow_join_rival_road_end"]["moot"]
    assert "never sell" in opt["sell_requires_active"]["moot"]


def test_mg_greedy_feels_the_rule_options():
    """Either an option moves the greedy's games, or the game states why a player never meets it: it places
    roads and closes their ends; it never sells a market (a seller lost games, tests/magna_grecia/test_players.py),
    and the family check does not flag that."""
    res = battery("magna-grecia", ["greedy"], 4, 1, option_games=30, options=MG_OPTIONS)
    assert not flags(res, "greedy", "rule option without effect")
    opt = {o["option"]: o for o in res["strategies"][0]["options"]}
    assert all(opt[o]["moved_player"] > 0 or opt[o].get("moot") for o in MG_OPTIONS)


# ---------------------------------------------------------------- Glory to Rome: Catacomb while losing
def test_gtr_old_greedy_ending_while_losing_is_flagged():
    """`agon play glory-to-rome --players 2 --seed 7 --strategies greedy --trace` (turn 34): the greedy
    completes the Catacomb to end a game it is losing."""
    tok = old("glory-to-rome")
    res = battery("glory-to-rome", [tok], 2, 40, seed=7)
    f = flags(res, tok, "self-defeating game end")
    assert f and "catacomb" in f[0]["text"]
    end = res["strategies"][0]["ends"]
    assert end["self_defeating"] >= 1 and end["player_ended"] >= end["self_defeating"]


@pytest.mark.parametrize("players", [2, 4])
def test_gtr_players_never_end_a_game_they_lose(players):
    strategies = ["greedy", "builder", "merchant", "legionary", "collector"]
    res = battery("glory-to-rome", strategies, players, 40, seed=7)
    for s in strategies:
        assert not flags(res, s, "self-defeating game end"), s


# ---------------------------------------------------------------- Mare Nostrum: no battles at 6 players
def test_mn_old_greedy_six_players_never_fights_is_flagged():
    """6-player greedy games last 3 rounds with no battle: the greedy never attacks, so the rule about
    attacking (`land_attack_mandatory`) moves none of its games while it moves most random games."""
    tok = old("mare-nostrum")
    res = battery("mare-nostrum", [tok], 6, 20, option_games=20, options=["land_attack_mandatory"])
    fam = {x["family"]: x for x in res["strategies"][0]["families"]}
    assert fam["attack"]["used"] == 0 and fam["attack"]["random_used"] > 0
    assert any("land_attack_mandatory" in f["text"] for f in flags(res, tok, "rule option without effect"))


def test_mn_greedy_six_players_fights():
    res = battery("mare-nostrum", ["greedy"], 6, 20, option_games=20, options=["land_attack_mandatory"])
    fam = {x["family"]: x for x in res["strategies"][0]["families"]}
    assert fam["attack"]["used"] > 0
    assert not flags(res, "greedy", "rule option without effect")


# ---------------------------------------------------------------- generic behaviour and the CLI
def test_random_play_is_its_own_reference_and_has_no_flags():
    res = battery("catan", ["random"], 3, 6)
    s = res["strategies"][0]
    assert s["length"]["mean"] == s["length"]["random_mean"]
    assert not flags(res, "random")


def test_bad_input_is_one_line():
    with pytest.raises(AgonInputError, match="declares no action families"):
        Check(game="pig", strategies=["greedy"]).validate()
    with pytest.raises(AgonInputError, match="not a rule option"):
        Check(game="catan", strategies=["greedy"], options=["vp_to_win"]).validate()
    with pytest.raises(AgonInputError, match="unknown strategy"):
        Check(game="catan", strategies=["gready"]).validate()
    r = run_agon("check-players", "catan", "--games", "0")
    assert r.returncode == 2 and r.stderr.count("\n") == 1


def test_cli_writes_report_and_json(tmp_path):
    out = tmp_path / "cp"
    r = run_agon("check-players", "catan", "--players", "3", "--games", "4", "--option-games", "3",
                 "--options", "use_harbors,friendly_robber", "--strategies", "greedy,tuned", "--out", out, "--quiet")
    assert r.returncode == 0, r.stderr
    data = json.loads((out / "checks.json").read_text())
    assert [s["strategy"] for s in data["strategies"]] == ["greedy", "tuned"]
    md = (out / "report.md").read_text()
    assert "## Players: degeneracy checks" in md and "`use_harbors`" in md and "action family" in md
    assert (out / "report.html").exists() and json.loads((out / "run.json").read_text())["status"] == "complete"
    r = run_agon("check-players", "catan", "--players", "3", "--games", "4", "--out", out)
    assert r.returncode == 2 and "--force" in r.stderr


def test_option_flags_are_corrected_for_the_options_flipped():
    """One option at 0 of 30 against random play's 5 of 30 (Fisher p = 0.026) among 14 flipped is not
    evidence of a blind spot (Holm); 0 of 30 against 28 of 30 is."""
    from experiments.check_players import option_pvalues
    opts = [{"games": 30, "flips": [1], "moved_player": 30, "moved_random": 30} for _ in range(12)]
    weak = {"games": 30, "flips": [1], "moved_player": 0, "moved_random": 5}
    strong = {"games": 30, "flips": [1], "moved_player": 0, "moved_random": 28}
    option_pvalues(opts + [weak, strong])
    assert weak["p_value"] < 0.05 <= weak["p_holm"]
    assert strong["p_holm"] < 1e-10


# ---------------------------------------------------------------- never used: confirmed by restricted play
def _family(res, strategy, name):
    s = next(x for x in res["strategies"] if x["strategy"] == strategy)
    return next(f for f in s["families"] if f["family"] == name)


@pytest.mark.slow
def test_never_used_family_is_confirmed_by_restricted_play():
    """Random play's hero buyers win more (an association). The 3-player tuned player, which rushes the
    Pyramids, never buys a hero, and variants of it that value heroes more lose to it: cleared, with the
    figures (the tuned file with every wonder power valued alike, as it was trained: with the wonder factors it
    buys one now and then; with the god factors as well, so they are set back too). A greedy banned from heroes
    and wonders (hero=-1000) never buys one either, and a variant that values them wins more than its share: flagged, confirmed."""
    tuned = ("tuned:wonder_temple_of_artemis=1/wonder_hanging_gardens=1/wonder_statue_of_zeus=1/wonder_lighthouse=1"
             "/wonder_mausoleum=1/god_athena=1/god_vulcan=1")
    res = battery("mare-nostrum", [tuned, "greedy:hero=-1000"], 3, 60, confirm_games=1000)
    hero = _family(res, tuned, "buy a hero")
    assert hero["used"] == 0 and hero["worth_low"] > 0
    assert hero["confirm"]["verdict"] == "not worth", hero["confirm"]
    assert all(t["high"] < t["fair"] for t in hero["confirm"]["tried"])
    assert not [f for f in flags(res, tuned, "family never used") if "buy a hero" in f["text"]]
    banned = _family(res, "greedy:hero=-1000", "buy a hero")
    assert banned["used"] == 0 and banned["confirm"]["verdict"] == "worth", banned.get("confirm")
    assert [f for f in flags(res, "greedy:hero=-1000", "family never used") if "buy a hero" in f["text"]]


def test_an_unsettled_blind_spot_names_the_command_that_settles_it():
    """A "not settled" flag is only actionable with the run that settles it. Mare Nostrum's 6-player ismcts
    (the design battery, 100 seeds x 6 rotations): the temple variant won 16.3% of 600 games; at that rate
    about 500 seeds settle it, and 500 seeds did (16.3% [15.0, 17.6] of 3,000, under a point; FINDINGS.md).
    The projection is checked with the Wilson interval the verdict uses."""
    from types import SimpleNamespace
    from experiments.check_players import seeds_to_settle, settle_hint, worth_verdict
    from reports.stats import wilson
    fair = 1 / 6

    def t(rate, games=600):
        lo, hi = wilson(round(rate * games), games)
        return {"rate": rate, "low": lo, "high": hi, "fair": fair, "games": games}
    tried = [t(0.163), t(0.150)]
    assert worth_verdict(tried) == "unsettled"
    seeds = seeds_to_settle(tried, 6)
    assert seeds == 500
    assert worth_verdict([t(x["rate"], seeds * 6) for x in tried]) == "under a point"
    assert worth_verdict([t(x["rate"], (seeds - 100) * 6) for x in tried]) == "unsettled"   # not more than needed
    # a variant ahead of fair settles as "worth" sooner than the rest can settle as "under a point"
    ahead = [t(0.190), t(0.150)]
    s2 = seeds_to_settle(ahead, 6)
    assert worth_verdict([t(x["rate"], s2 * 6) for x in ahead]) == "worth"
    check = SimpleNamespace(spec=SimpleNamespace(name="mare-nostrum"), players=6, seed=1, overrides={"myth": True},
                            confirm_games=100)
    hint = settle_hint(check, "ismcts", {"tried": tried})
    assert "about 500 seeds would settle it" in hint
    assert ("`agon check-players mare-nostrum --players 6 --strategies ismcts --set myth=true --seed 1 "
            "--confirm-games 500`") in hint
    check.confirm_games = 500
    assert settle_hint(check, "ismcts", {"tried": tried}) == " (more --confirm-games)"


def test_restricted_play_is_the_same_on_any_number_of_processes():
    """The confirm step (a never-used family's variants, every seat rotation) runs its rotations on
    `--jobs` processes; each rotation is one seeded batch summed in rotation order, so the figures are
    the same on one process or two (the fixture game Pig, its greedy holding at 20 instead of 12)."""
    from types import SimpleNamespace
    from experiments.check_players import _variant_rate
    from experiments.lineup import parse_strategy
    from sim import get_game
    spec = get_game("pig")
    check = SimpleNamespace(spec=spec, players=3, seed=5, vec=spec.params.vector({}), confirm_games=300)
    me = parse_strategy(spec, "greedy", 3)
    one = _variant_rate(check, me, 0, "hold_at", 20.0, jobs=1)
    two = _variant_rate(check, me, 0, "hold_at", 20.0, jobs=2)
    assert one == two
    assert one["games"] == 900 and 0.0 < one["rate"] < 1.0


def test_a_blind_spot_worth_less_than_a_point_is_cleared_and_said_so():
    """Mare Nostrum's 6-player ismcts never buys a temple; the variant that values temples 2.7x won 16.4%
    [15.8, 17.1] of 12,000 games against it (fair 16.7%): not significantly less than fair, so it was
    flagged 'not settled' however many games were played, although the interval shows temples are worth
    less than a point of win rate to it. Now: cleared as 'under a point'; a wider interval still is not."""
    from experiments.check_players import worth_verdict
    fair = 1 / 6

    def t(rate, low, high):
        return {"rate": rate, "low": low, "high": high, "fair": fair}
    assert worth_verdict([t(0.164, 0.158, 0.171), t(0.160, 0.154, 0.167)]) == "under a point"
    assert worth_verdict([t(0.165, 0.152, 0.178), t(0.160, 0.148, 0.172)]) == "unsettled"    # 3,000 games
    assert worth_verdict([t(0.150, 0.140, 0.160), t(0.140, 0.130, 0.150)]) == "not worth"
    assert worth_verdict([t(0.190, 0.180, 0.200), t(0.150, 0.140, 0.160)]) == "worth"
    assert worth_verdict([t(0.170, 0.164, 0.1767), t(0.160, 0.154, 0.167)]) == "unsettled"   # one may gain a point


def test_measuring_switches_are_flipped_only_when_named():
    """Mare Nostrum's 53 power_<name> switches (and Glory to Rome's 40) are causal checks, not rule options:
    by default the check flips the 15 rule options only; a named switch is flipped."""
    from experiments.check_players import Check
    c = Check(game="mare-nostrum", players=6, strategies=["greedy"]).validate()
    assert "tax_wild" in c.options and not any(o.startswith("power_") for o in c.options)
    g = Check(game="glory-to-rome", players=4, strategies=["greedy"]).validate()
    assert "ruleset" in g.options and not any(o.startswith("power_") for o in g.options)
    named = Check(game="mare-nostrum", players=6, strategies=["greedy"], options=["power_colossus"]).validate()
    assert named.options == ["power_colossus"]



def test_an_option_is_moot_for_an_unused_mechanic_unless_its_non_use_is_flagged():
    """A declared moot option is reported, not flagged, for a player that uses its family or never uses it
    (Magna Grecia's greedy never sells, and the family check does not flag that); where the family check
    flags the non-use as a blind spot, the option's flag stands too."""
    from experiments.check_players import moot_reason
    decl = {"moot_options": {"sell_requires_active": {"family": "sell a market", "why": "because"}}}
    assert moot_reason(decl, "sell_requires_active", {"sell a market": 12}, set()) == "because"
    assert moot_reason(decl, "sell_requires_active", {"sell a market": 0}, set()) == "because"
    assert moot_reason(decl, "sell_requires_active", {"sell a market": 0}, {"sell a market"}) is None
    assert moot_reason(decl, "sell_requires_active", {"sell a market": 3}, {"sell a market"}) == "because"
    assert moot_reason(decl, "tie_break", {}, set()) is None and moot_reason({}, "sell_requires_active", {}, set()) is None


def test_a_flip_compared_with_the_base_played_once_moves_the_same_games():
    """option_table plays the rules as they are once per player and compares every flip with it
    (base_outcomes); a flip given that base moves exactly the games it moves when it plays the base itself."""
    import numpy as np
    from experiments import check_players as cp
    from sim import get_game
    spec = get_game("pig")
    vec = spec.params.vector()
    i = spec.params.index("target")
    args = ("pig", 5, 40, 2, vec, "greedy", {})
    base = cp.base_outcomes(*args)
    alone = cp.flip_outcomes(*args, i, 20.0)
    given = cp.flip_outcomes(*args, i, 20.0, base=base)
    assert np.array_equal(alone, given) and 0 < given.sum() <= 40
