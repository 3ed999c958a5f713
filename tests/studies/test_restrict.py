"""Restricted play: a Pig player who may not roll twice loses most games; the report states it."""
from experiments import restrict
from experiments.cli import main


def test_banning_the_second_roll_costs_win_rate(tmp_path):
    r = restrict.Restriction(game="pig", bans=["second_roll"], players=2, games=1000, seed=1, strategy="greedy")
    res = restrict.run(r, tmp_path / "r", progress=False)
    row = res["table"].iloc[0]
    assert row.high < 0.2 and row.value_low > 30 and row.p_holm < 1e-6
    assert "worth" in res["findings"][0]
    assert "restrict.png" in (tmp_path / "r" / "report.md").read_text()


def test_bans_of_real_games_are_declared():
    from sim import get_game
    assert "legionary" in restrict.bans_of(get_game("glory-to-rome"))
    token = restrict.restricted_token(get_game("mare-nostrum"), "greedy", "gods")
    assert token.startswith("greedy:w=") and "-1000" in token


def test_a_game_without_bans_names_the_games_with_bans():
    from dataclasses import replace

    import pytest

    from sim.spec import AgonInputError
    from tests.framework import pig
    plain = replace(pig.SPEC, name="plain-pig", extra={})
    with pytest.raises(AgonInputError, match="no bannable options.*games with bans: .*catan"):
        restrict.restricted_token(plain, "greedy", "second_roll")


def test_restrict_cli(tmp_path, capsys):
    assert main(["restrict", "pig", "--ban", "second_roll", "--games", "200", "--out", str(tmp_path / "x"),
                 "--quiet"]) == 0
    assert "second_roll" in capsys.readouterr().out


def test_every_real_game_has_a_ban_that_holds(tmp_path):
    """Each game's ban really removes the option: the restricted seat's check metric is 0."""
    from experiments.runner import Study, run_study
    from reports.data import load_results
    from sim import get_game
    for game, ban in [("magna-grecia", "markets"), ("magna-grecia", "merges"), ("troja", "ships"),
                      ("catan", "dev_cards")]:
        spec = get_game(game)
        check = restrict.bans_of(spec)[ban]["check"]
        token = restrict.restricted_token(spec, "greedy", ban)
        p = spec.default_players
        out = run_study(Study(kind="seats", game=game, players=p, games=2 * p, seed=5,
                              strategies=",".join([token] + ["greedy"] * (p - 1))),
                        tmp_path / f"{game}-{ban}", progress=False)
        df = load_results(out)

        def total(metric, banned):
            return sum(float(df[f"{metric}_{k}"][(df[f"strategy_{k}"].astype(str) == token) == banned].sum())
                       for k in range(p))
        assert sum(int((df[f"strategy_{k}"].astype(str) == token).sum()) for k in range(p)) == 2 * p, (game, token)
        assert total(check, True) == 0, (game, ban)
        assert total(check, False) > 0, (game, ban)
        if game == "magna-grecia":
            # the ban removes building markets, not founding cities (whose free market it once priced at -1000,
            # so the banned player drew tiles all game and the ban measured never founding)
            assert total("cities_founded", True) > 0 and total("founding_markets", True) > 0


def test_restrict_sprt_tests_the_restricted_player_two_sided(tmp_path):
    """--sprt on a restriction tests the restricted player's own rate (not seat 0), both ways."""
    from experiments.sequential import make_rule
    r = restrict.Restriction(game="pig", bans=["second_roll"], players=2, games=200, seed=1, strategy="greedy")
    rule = make_rule(sprt="0.5,0.55", games=200, max_games=20000, batch=200)
    restrict.run(r, tmp_path / "r", rule=rule, progress=False)
    text = (tmp_path / "r" / "report.md").read_text()
    assert "reject H0: restricted player without second_roll wins less" in text, text[:2000]


def test_restrict_sprt_needs_the_fair_rate(tmp_path):
    import pytest

    from experiments.sequential import make_rule
    from sim.spec import AgonInputError
    r = restrict.Restriction(game="pig", bans=["second_roll"], players=2, games=200, seed=1, strategy="greedy")
    with pytest.raises(AgonInputError, match="fair rate 1/2"):
        restrict.run(r, tmp_path / "r", rule=make_rule(sprt="0.3,0.35", games=200), progress=False)
    assert not (tmp_path / "r").exists()
