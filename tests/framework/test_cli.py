"""The CLI: bad input is one line naming the valid choices, exit 2, nothing written."""
import json

import pytest

from experiments.args import parse_range
from experiments.cli import main
from sim.spec import AgonInputError


def one_line_error(capsys, argv, *words):
    code = main(argv)
    err = capsys.readouterr().err.strip()
    assert code == 2, err
    assert len(err.splitlines()) == 1, err
    for w in words:
        assert w in err, err
    return err


@pytest.mark.parametrize("argv,words", [
    (["seats", "chess"], ["unknown game 'chess'", "valid:", "pig"]),
    (["seats", "pig", "--strategies", "smart"], ["unknown strategy 'smart'", "random, greedy"]),
    # the per-game searches were removed (issue 16): an old command is told what replaced them
    (["seats", "pig", "--strategies", "search"], ["unknown strategy 'search'", "`ismcts` is the search player",
                                                  "random, greedy"]),
    (["seats", "pig", "--set", "komi=3"], ["unknown parameter 'komi'", "target"]),
    (["seats", "pig", "--set", "target=999"], ["out of range 5..200"]),
    (["seats", "pig", "--set", "target"], ["NAME=VALUE"]),
    (["seats", "pig", "--players", "5"], ["played by 2, 3, 4 players, not 5"]),
    (["seats", "pig", "--games", "0"], ["at least 1"]),
    (["seats", "pig", "--jobs", "0"], ["at least 1"]),
    (["seats", "pig", "--games", "many"], ["--games", "whole number"]),
    (["sweep", "pig", "--param", "target=9:3"], ["LO <= HI"]),
    (["sweep", "pig", "--param", "colour=1:2"], ["unknown parameter 'colour'"]),
    (["play", "pig", "--strategies", "greedy,random,random"], ["3 strategies for 2 players"]),
    (["bench", "pig", "--strategy", "fast"], ["unknown strategy 'fast'"]),
    (["report", "/nonexistent/run"], ["not a run folder"]),
    (["frobnicate"], ["invalid choice", "games"]),
    # 0 players read as "the game's default" (a falsy test) and ran a whole battery / training
    (["check-players", "pig", "--players", "0", "--games", "2"], ["--players", "at least 1"]),
    (["train", "pig", "--players", "0"], ["--players", "at least 1"]),
    (["train", "pig", "--games-per-candidate", "0"], ["--games-per-candidate", "at least 1"]),
    (["train", "pig", "--popsize", "0"], ["--popsize", "at least 2", "got 0"]),
    # agon train and check-players took plain int(): each of these ran, or ended in a traceback
    (["train", "pig", "--seed", str(2**63)], ["--seed", "at most"]),
    (["train", "pig", "--seed", str(2**64 + 5)], ["--seed", "at most"]),
    (["train", "pig", "--budget", "\u0663\u0660\u0660"], ["--budget", "whole number"]),
    (["train", "pig", "--eval-games", "99999999999999999999"], ["--eval-games", "at most"]),
    (["train", "pig", "--budget", "99999999999999999999"], ["--budget", "at most"]),
    (["train", "pig", "--players", "3", "--games-per-candidate", "99999999999"], ["--games-per-candidate", "at most"]),
    (["train", "pig", "--budget", "100", "--popsize", "999"], ["--budget 100 is less than one generation"]),
    (["train", "pig", "--out", ""], ["--out must name a weights file"]),
    (["check-players", "pig", "--seed", "-1"], ["--seed", "at least 0"]),
    (["check-players", "pig", "--games", "10000000"], ["--games", "at most 100,000"]),
    (["check-players", "pig", "--out", " "], ["--out must name a folder"]),
    # empty or repeated names were read as "the default" or "this folder"
    (["games", ""], ["unknown game ''"]),
    (["report", ""], ["empty path"]),
    (["skill", "pig", "--budgets", ""], ["give at least one budget"]),
    (["compare", "/nonexistent/run", "/nonexistent/run/"], ["given twice"]),
    (["compare", "/nonexistent/run", "--set", "target=20", "--jobs", "\u0663"], ["--jobs", "whole number"]),
])
def test_bad_input(capsys, tmp_path, monkeypatch, argv, words):
    monkeypatch.chdir(tmp_path)
    one_line_error(capsys, argv, *words)
    assert not any(tmp_path.iterdir()), "nothing may be written on bad input"


def test_existing_output_folder(capsys, tmp_path):
    out = tmp_path / "run"
    out.mkdir()
    (out / "run.json").write_text("{}")
    one_line_error(capsys, ["seats", "pig", "--out", str(out)], "already exists", "--resume", "--force")
    assert sorted(p.name for p in out.iterdir()) == ["run.json"]


@pytest.mark.parametrize("text,words", [
    ("this is [not toml", ["not valid TOML"]),
    ("[[study]]\nname='a'\nkind='seats'\ngame='pig'\ncolour=3\n", ["unknown key(s) colour"]),
    ("[[study]]\nname='a'\nkind='seats'\ngame='chess'\n", ["unknown game 'chess'"]),
    ("[[study]]\nname='a'\nkind='dance'\ngame='pig'\n", ["unknown study kind 'dance'"]),
    ("jobs=2\n", ["missing key 'study'", "[[study]]"]),
])
def test_bad_config(capsys, tmp_path, monkeypatch, text, words):
    monkeypatch.chdir(tmp_path)
    cfg = tmp_path / "study.toml"
    cfg.write_text(text)
    one_line_error(capsys, ["run", str(cfg)], *words)
    assert [p.name for p in tmp_path.iterdir()] == ["study.toml"]


def test_missing_config(capsys, tmp_path):
    one_line_error(capsys, ["run", str(tmp_path / "none.toml")], "not found")


def test_parse_range():
    assert parse_range("2:8:2") == [2, 4, 6, 8]
    assert parse_range("0.5:1:0.25") == [0.5, 0.75, 1]
    assert parse_range("ladder,plus_one") == ["ladder", "plus_one"]
    with pytest.raises(AgonInputError):
        parse_range("1:2:0")


def test_games_lists_pig(capsys):
    assert main(["games", "pig"]) == 0
    out = capsys.readouterr().out
    assert "target" in out and "5..200" in out and "greedy" in out


def test_play_prints_a_result_table(capsys):
    assert main(["play", "pig", "--players", "3", "--seed", "4", "--trace"]) == 0
    out = capsys.readouterr().out
    assert "Pig game 0" in out and "strategy" in out and len(out.splitlines()) >= 8


def test_bench_json(capsys):
    assert main(["bench", "pig", "--seconds", "0.3", "--json"]) == 0
    res = json.loads(capsys.readouterr().out)
    for key in ("games", "seconds", "jobs", "games_per_s_per_core", "mean_turns"):
        assert key in res
    assert res["games"] > 0 and res["jobs"] == 1


def test_unwritable_output_folder(capsys, tmp_path):
    blocker = tmp_path / "file.txt"
    blocker.write_text("a file where a folder should be")
    one_line_error(capsys, ["seats", "pig", "--games", "10", "--out", str(blocker / "run")], "cannot write")
    assert blocker.read_text() == "a file where a folder should be"


def test_seats_sweep_report_and_run_end_to_end(agon, tmp_path):
    """The user's path through the CLI in fresh processes: runs, reports, re-render, TOML."""
    seats = tmp_path / "seats"
    r = agon("seats", "pig", "--players", "3", "--games", "900", "--strategies", "greedy,random,greedy",
             "--jobs", "2", "--out", seats)
    assert r.returncode == 0, r.stderr
    for name in ("seats.csv", "report.md", "report.html", "run.json", "seat_win_rates.png",
                 "scores.png", "game_length.png", "strategies.csv"):
        assert (seats / name).exists(), name
    assert "games" in r.stderr  # the progress bar
    header = (seats / "seats.csv").read_text().splitlines()[0].split(",")
    for col in ("seat", "games", "wins", "win_rate", "ci_low", "ci_high"):
        assert col in header
    before = (seats / "report.md").read_bytes()
    (seats / "report.md").unlink()
    assert agon("report", seats).returncode == 0
    assert (seats / "report.md").read_bytes() == before

    sweep = tmp_path / "sweep"
    r = agon("sweep", "pig", "--param", "target=10:40:10", "--games", "400", "--strategies", "greedy",
             "--out", sweep, "--quiet")
    assert r.returncode == 0, r.stderr
    assert (sweep / "komi_curve.png").exists() and (sweep / "sweep.csv").exists()
    assert json.loads((sweep / "run.json").read_text())["games"] == 1600

    cfg = tmp_path / "study.toml"
    cfg.write_text(f'out = "{tmp_path / "suite"}"\n[[study]]\nname = "a"\nkind = "seats"\ngame = "pig"\n'
                   'games = 200\n[[study]]\nname = "b"\nkind = "sweep"\ngame = "pig"\ngames = 100\n'
                   'sweep = { target = "20,30" }\n')
    r = agon("run", cfg, "--quiet")
    assert r.returncode == 0, r.stderr
    assert (tmp_path / "suite" / "index.md").exists()
    assert (tmp_path / "suite" / "b" / "komi_curve.png").exists()


# The inputs of issue 14 that leaked a traceback or were accepted silently: now one line, exit 2.
ISSUE_CASES = [
    ["seats", "pig", "--set", "target=nan"], ["seats", "pig", "--set", "target=inf"],
    ["seats", "pig", "--set", "target=1e400"], ["seats", "pig", "--set", "target=20.5"],
    ["seats", "pig", "--set", "target=٣٠"], ["sweep", "pig", "--param", "target=nan:30"],
    ["sweep", "pig", "--param", "target=10:inf"], ["sweep", "pig", "--param", "target=1:1e300:1"],
    ["design-report", "pig", "--scale", "nan"], ["design-report", "pig", "--scale", "inf"],
    ["bench", "pig", "--seconds", "nan"], ["bench", "pig", "--seconds", "inf"], ["bench", "pig", "--batch", "1e9"],
    ["bench", "pig", "--batch", "10000000000"], ["seats", "pig", "--seed", str(2**64)],
    ["seats", "pig", "--seed", str(2**63)], ["play", "pig", "--index", str(2**64)],
    ["seats", "pig", "--strategies", "greedy:w=nan"], ["seats", "pig", "--strategies", "greedy:w=inf"],
    ["seats", "pig", "--players", "0"], ["seats", "pig", "--chunk", "0"], ["seats", "pig", "--games", "٣"],
    ["seats", "pig", "--games", "40.9"], ["seats", "pig", "--games", "2", "--players", "3",
                                          "--strategies", "greedy,random,random"],
    ["seats", "pig", "--out", ""], ["seats", "pig", "--until-ci", "nan"], ["seats", "pig", "--sprt", "nan,0.5"],
]


@pytest.mark.parametrize("argv", ISSUE_CASES, ids=[" ".join(a[2:])[:40] for a in ISSUE_CASES])
def test_issue_inputs_are_one_line(capsys, tmp_path, monkeypatch, argv):
    monkeypatch.chdir(tmp_path)
    one_line_error(capsys, argv + ([] if "--out" in argv else ["--out", str(tmp_path / "o")])
                   if argv[0] != "play" and argv[0] != "bench" else argv)
    assert not any(tmp_path.iterdir()), "nothing may be written on bad input"


TOML_CASES = [("games = 40.9", "games"), ('check = "false"', "check"), ("games = nan", "nan"),
              ("players = 0", "players"), ("chunk_size = 0", "chunk_size"), ('strategies = 5', "strategies"),
              ("params = { target = nan }", "nan"), ('params = { target = "nan" }', "finite"),
              ("params = { target = true }", "not a number"), ("seed = -1", "seed"), ("games = 0", "games"),
              ('max_games = "x"\nuntil_ci = 0.01', "max_games"), ("until_ci = inf", "inf"),
              ('sweep = { target = "nan:3" }', "sweep"), ("players = 2.5", "players")]


@pytest.mark.parametrize("line,word", TOML_CASES)
def test_toml_wrong_types_are_one_line(capsys, tmp_path, monkeypatch, line, word):
    monkeypatch.chdir(tmp_path)
    cfg = tmp_path / "s.toml"
    kind = "sweep" if "sweep" in line else "seats"
    cfg.write_text(f'out = "{tmp_path / "o"}"\n[[study]]\nname = "a"\nkind = "{kind}"\ngame = "pig"\n{line}\n')
    err = one_line_error(capsys, ["run", str(cfg), "--quiet"], word)
    assert str(cfg) in err and "study 1" in err
    assert [p.name for p in tmp_path.iterdir()] == ["s.toml"]


def test_no_import_cycle_between_cli_cli_studies_and_config():
    """cli.py imports cli_studies.py and config.py; they (and the helpers they share) never import cli.py."""
    import ast
    from tests.conftest import ROOT
    for name in ("cli_studies", "config", "args", "schema", "chunks", "folder", "runner", "composite", "sequential"):
        tree = ast.parse((ROOT / "experiments" / f"{name}.py").read_text())
        imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
        imported |= {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
        assert not imported & {"experiments.cli"}, name
        if name != "cli_studies":
            assert "experiments.cli_studies" not in imported, name


@pytest.mark.parametrize("text,word", [
    ('[game.pig]\nseats = "2000"\n', "seats"), ("[game.pig]\nseats = { 2 = nan }\n", "nan"),
    ("[game.pig]\nsweep_games = 40.5\n", "sweep_games"), ("[game.pig]\ncolour = 1\n", "unknown key(s) colour"),
    ("[defaults]\ntournament_games = -3\n", "tournament_games"), ("game = 5\n", "game"),
    ("[game.pig]\nskill_games = { cautious = 0 }\n", "skill_games"),
    ('[game.pig]\nskill = "greedy,cautious,random"\nskill_games = { cautious = 100 }\n',
     "it needs every further skill level: cautious, random"),
    ('[game.pig]\nskill = "greedy,cautious"\nskill_games = { cautious = 100, tuned = 50 }\n', "names cautious, tuned"),
    ("[game.pig]\norder_games = -1\n", "order_games"), ('[defaults]\norder_games = "many"\n', "order_games"),
])
def test_design_config_wrong_types_are_one_line(capsys, tmp_path, monkeypatch, text, word):
    monkeypatch.chdir(tmp_path)
    cfg = tmp_path / "design.toml"
    cfg.write_text(text)
    err = one_line_error(capsys, ["design-report", "pig", "--config", str(cfg), "--out", str(tmp_path / "o")], word)
    assert str(cfg) in err
    assert [p.name for p in tmp_path.iterdir()] == ["design.toml"]


def test_players_none_is_the_default_and_zero_is_refused():
    from sim import get_game
    spec = get_game("pig")
    assert spec.check_players(None) == spec.default_players
    with pytest.raises(AgonInputError, match="not 0"):
        spec.check_players(0)


def _commands():
    import argparse
    from experiments.cli import build_parser
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return sub.choices


def test_every_command_says_what_it_does_and_every_argument_has_help():
    """`agon COMMAND --help` opens with the summary `agon --help` lists, and explains each argument;
    five study commands said only "games (see the command's help for the unit)", which it did not give."""
    for name, p in _commands().items():
        assert p.description, name
        helpless = [(a.option_strings or [a.dest])[0] for a in p._actions if not a.help]
        assert not helpless, (name, helpless)
        text = " ".join(p.format_help().split())     # argparse wraps lines
        assert "see the command's help" not in text, name
        games = next((a for a in p._actions if "--games" in a.option_strings), None)
        if games is not None and games.default:
            assert f"(default: {games.default})" in text or "default" in games.help, name


def test_help_shows_defaults_once():
    out = " ".join(_commands()["tournament"].format_help().split())
    assert "games in all, shared equally by the line-ups, each in every seat rotation (default: 2000)" in out
    assert "(default: None)" not in out and "(default: False)" not in out
    assert "number of players (default: the game's) --games" in out    # said once, not twice
    play = " ".join(_commands()["play"].format_help().split())
    assert "game index within the seed's run (default: 0)" in play       # a default of 0 is shown too


def test_train_force_replaces_only_a_weights_file(capsys, tmp_path):
    """--force replaced any file --out named, after the whole training; now a file that is not a weights
    file agon train wrote is refused before training (one line, exit 2, the file untouched)."""
    mine = tmp_path / "notes.toml"
    mine.write_text('title = "my notes"\n')
    one_line_error(capsys, ["train", "pig", "--budget", "100", "--eval-games", "4", "--out", str(mine), "--force"],
                   "is not a weights file")
    assert mine.read_text() == 'title = "my notes"\n'
    out = tmp_path / "w.toml"
    assert main(["train", "pig", "--budget", "100", "--eval-games", "4", "--out", str(out), "--quiet"]) == 0
    assert main(["train", "pig", "--budget", "100", "--eval-games", "4", "--out", str(out), "--quiet", "--force"]) == 0
