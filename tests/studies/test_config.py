"""Design studies as TOML [[study]] kinds run by `agon run`."""
import json

from experiments.cli import main


def test_design_kinds_in_a_toml_file(tmp_path, capsys):
    cfg = tmp_path / "s.toml"
    cfg.write_text(f'''out = "{tmp_path / 'suite'}"
[[study]]
name = "t"
kind = "tournament"
game = "pig"
strategies = "random,greedy"
games = 400
[[study]]
name = "c"
kind = "components"
game = "pig"
games = 400
params = {{ charm_points = 8 }}
[[study]]
name = "r"
kind = "restrict"
game = "pig"
bans = ["second_roll"]
games = 200
[[study]]
name = "tu"
kind = "tune"
game = "pig"
tune = {{ handicap = "0:3" }}
targets = ["first_seat_fair"]
games = 100
[[study]]
name = "s"
kind = "seats"
game = "pig"
strategies = "greedy"
games = 400
sprt = "0.5,0.6"
max_games = 4000
''')
    assert main(["run", str(cfg), "--quiet"]) == 0
    base = tmp_path / "suite"
    kinds = {name: json.loads((base / name / "run.json").read_text())["kind"] for name in ("t", "c", "r", "tu", "s")}
    assert kinds == {"t": "tournament", "c": "components", "r": "restrict", "tu": "tune", "s": "seats"}
    assert json.loads((base / "s" / "stopping.json").read_text())["stopped_by"] == "sprt"
    index = (base / "index.md").read_text()
    assert all(f"{n}/report.md" in index for n in kinds)
    # `agon report` of the file's folder re-renders every study (seats, sprt run and composites alike)
    # and the index under the file's title, not a design-report index
    reports = {n: (base / n / "report.md").read_text() for n in kinds}
    for n in kinds:
        (base / n / "report.md").unlink()
    (base / "index.md").unlink()
    assert main(["report", str(base)]) == 0
    assert {n: (base / n / "report.md").read_text() for n in kinds} == reports
    assert (base / "index.md").read_text() == index


def test_bad_design_study_keys(tmp_path, capsys):
    cfg = tmp_path / "bad.toml"
    cfg.write_text(f'out = "{tmp_path / "x"}"\n[[study]]\nname = "t"\nkind = "tournament"\ngame = "pig"\nbans = ["x"]\n')
    assert main(["run", str(cfg)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "unknown key(s) bans" in err and "tournament" in err
    assert not (tmp_path / "x").exists()
