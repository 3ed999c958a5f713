"""`agon report FOLDER` re-renders composite studies too (components, tournament, design report and
its batch folder), not only single runs: it said "has no results to report" of a components folder."""
import json

from experiments.cli import main


def test_report_rebuilds_components_and_tournament(tmp_path, capsys):
    comp, tour = tmp_path / "comp", tmp_path / "tour"
    assert main(["components", "pig", "--games", "400", "--out", str(comp), "--quiet"]) == 0
    assert main(["tournament", "pig", "--strategies", "random,greedy", "--games", "120", "--out", str(tour),
                 "--quiet"]) == 0
    for folder in (comp, tour):
        before = (folder / "report.md").read_text()
        (folder / "report.md").unlink()
        (folder / "report.html").unlink()
        capsys.readouterr()
        assert main(["report", str(folder)]) == 0
        assert (folder / "report.md").read_text() == before and (folder / "report.html").exists()
        assert f"report: {folder / 'report.md'}" in capsys.readouterr().out


def test_report_rebuilds_a_design_batch_and_its_index(tmp_path):
    out = tmp_path / "design"
    assert main(["design-report", "pig", "--scale", "0.1", "--out", str(out), "--quiet"]) == 0
    (out / "index.md").unlink()
    (out / "pig" / "report.md").unlink()
    assert main(["report", str(out)]) == 0
    assert "](pig/report.md)" in (out / "index.md").read_text()
    assert "## Verdict" in (out / "pig" / "report.md").read_text()


def test_report_refuses_an_unfinished_study(tmp_path, capsys):
    comp = tmp_path / "comp"
    assert main(["components", "pig", "--games", "200", "--out", str(comp), "--quiet"]) == 0
    meta = json.loads((comp / "run.json").read_text())
    (comp / "run.json").write_text(json.dumps(dict(meta, status="running")))
    before = (comp / "report.md").read_text()
    capsys.readouterr()
    assert main(["report", str(comp)]) == 2
    err = capsys.readouterr().err.strip()
    assert "unfinished components study" in err and len(err.splitlines()) == 1
    assert (comp / "report.md").read_text() == before


def test_report_of_a_run_with_a_broken_stopping_record(tmp_path):
    """A damaged stopping.json is left out of the report (as build_report always did), not a traceback."""
    run = tmp_path / "s"
    assert main(["seats", "pig", "--games", "100", "--out", str(run), "--quiet"]) == 0
    (run / "stopping.json").write_text("{not json")
    assert main(["report", str(run)]) == 0
    assert "## Stopping rule" not in (run / "report.md").read_text()


def test_report_of_a_tampered_study_file_folder_writes_nothing_outside(tmp_path, capsys):
    """batch.json names its studies; a name leading out of the folder, or a folder Agon did not make,
    is one line and exit 2: `agon report` never writes a report.md outside or into a user's folder."""
    base = tmp_path / "suite"
    base.mkdir()
    (tmp_path / "victim").mkdir()
    (base / "mine").mkdir()
    for studies, words in ((["../victim"], "must be 1-100 letters"), (["mine"], "not made by Agon")):
        (base / "batch.json").write_text(json.dumps({"kind": "batch", "status": "complete", "studies": studies,
                                                      "config": "x.toml", "agon_run_folder": 1}))
        capsys.readouterr()
        assert main(["report", str(base)]) == 2
        err = capsys.readouterr().err.strip()
        assert words in err and len(err.splitlines()) == 1
    assert not (tmp_path / "victim" / "report.md").exists() and not (base / "mine" / "report.md").exists()
    assert not (base / "index.md").exists()


def test_report_of_an_incomplete_study_folder_is_one_line(tmp_path, capsys):
    bad = tmp_path / "t"
    bad.mkdir()
    (bad / "run.json").write_text(json.dumps({"kind": "tournament", "status": "complete"}))
    assert main(["report", str(bad)]) == 2
    err = capsys.readouterr().err.strip()
    assert "is not a complete tournament study" in err and len(err.splitlines()) == 1
    assert not (bad / "report.md").exists()
