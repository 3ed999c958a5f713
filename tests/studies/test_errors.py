"""Bad input to the design-study commands: one line naming the valid choices, exit 2, nothing written."""
import pytest

from experiments.cli import main

CASES = [
    (["tune", "chess", "--param", "a=1:2", "--target", "first_seat_fair"], ["unknown game 'chess'", "pig"]),
    (["tune", "pig", "--param", "komi=0:4", "--target", "first_seat_fair"], ["unknown parameter 'komi'", "handicap"]),
    (["tune", "pig", "--param", "handicap=0:99", "--target", "first_seat_fair"], ["out of range 0..50"]),
    (["tune", "pig", "--param", "handicap=0:4", "--target", "short_games"], ["unknown target 'short_games'", "length=LO:HI"]),
    (["tune", "pig", "--param", "handicap=0:4", "--target", "length=9:3"], ["LO < HI"]),
    (["tune", "pig", "--param", "handicap=0:4", "--target", "skill_gap=2"], ["between 0 and 1"]),
    (["tune", "pig", "--param", "handicap=0:4", "--target", "first_seat_fair", "--strategies", "smart"],
     ["unknown strategy 'smart'", "cautious"]),
    (["tune", "pig", "--param", "handicap=0:4", "--target", "first_seat_fair", "--games", "2"], ["at least 10"]),
    (["tournament", "pig", "--strategies", "random,wizard"], ["unknown strategy 'wizard'", "random, greedy"]),
    (["tournament", "pig", "--strategies", "greedy"], ["at least two strategies"]),
    (["tournament", "pig", "--strategies", "random,greedy", "--ladder", "random,search"], ["not in --strategies"]),
    (["tournament", "pig", "--strategies", "random,greedy", "--players", "7"], ["played by 2, 3, 4 players, not 7"]),
    (["tournament", "pig", "--strategies", "random,greedy", "--games", "0"], ["at least 1"]),
    (["components", "chess"], ["unknown game 'chess'"]),
    (["components", "pig", "--set", "charm_points=99"], ["out of range 0..50"]),
    (["components", "pig", "--strategies", "smart"], ["unknown strategy 'smart'"]),
    (["restrict", "pig", "--ban", "dice"], ["unknown ban 'dice'", "second_roll"]),
    (["restrict", "catan", "--ban", "trades"], ["unknown ban 'trades'", "dev_cards"]),
    (["restrict", "magna-grecia", "--ban", "oracles"], ["unknown ban", "markets"]),
    (["restrict", "pig", "--ban", "second_roll", "--strategies", "random"], ["needs weight 'hold_at'", "greedy"]),
    (["seats", "pig", "--until-ci", "0.7"], ["between 0 and 0.5"]),
    (["seats", "pig", "--sprt", "0.5"], ["two rates"]),
    (["seats", "pig", "--sprt", "0.5,1.5"], ["strictly between 0 and 1"]),
    (["seats", "pig", "--until-ci", "0.01", "--sprt", "0.5,0.6"], ["choose one of --until-ci and --sprt"]),
    (["seats", "pig", "--until-ci", "0.01", "--games", "500", "--max-games", "100"], ["below the first batch"]),
    (["seats", "pig", "--max-games", "100"], ["need --until-ci or --sprt"]),
    (["tournament", "pig", "--strategies", "random,greedy", "--batch", "0", "--sprt", "0.5,0.6"], ["--batch", "at least 1"]),
    (["design-report", "chess"], ["unknown game 'chess'"]),
    (["design-report", "pig", "--scale", "0"], ["--scale", "more than 0"]),
]


@pytest.mark.parametrize("argv,words", CASES, ids=[" ".join(c[0][:2]) + f"-{i}" for i, c in enumerate(CASES)])
def test_bad_input(capsys, tmp_path, monkeypatch, argv, words):
    monkeypatch.chdir(tmp_path)
    code = main(argv + ["--out", str(tmp_path / "out")] if argv[0] != "design-report" else argv + ["--out", str(tmp_path / "out")])
    err = capsys.readouterr().err.strip()
    assert code == 2, err
    assert len(err.splitlines()) == 1, err
    for w in words:
        assert w in err, err
    assert not any(tmp_path.iterdir()), "nothing may be written on bad input"


def test_existing_folder_needs_force(capsys, tmp_path):
    out = tmp_path / "t"
    out.mkdir()
    (out / "notes.txt").write_text("mine")
    code = main(["tournament", "pig", "--strategies", "random,greedy", "--out", str(out), "--force"])
    err = capsys.readouterr().err
    assert code == 2 and "not an Agon run folder" in err
    assert sorted(p.name for p in out.iterdir()) == ["notes.txt"]
