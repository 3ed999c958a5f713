"""No run, with any name or --force, writes or deletes outside its own run folder.

The defect this guards: a TOML study named ".." wrote its run into the parent of `out`, and
`agon run FILE --force` then emptied that parent, a user's file included.
"""
import hashlib
import json
import os
import subprocess
import sys
import time

import pytest

from experiments import folder
from experiments.cli import main
from experiments.runner import Study, run_study
from sim.spec import AgonInputError
from tests.conftest import ROOT, agon_env


def snapshot(root) -> dict:
    """path -> content hash of every file under root (symlinks as their target text)."""
    out = {}
    for dirpath, dirs, files in os.walk(root, followlinks=False):
        for name in files + [d for d in dirs if os.path.islink(os.path.join(dirpath, d))]:
            p = os.path.join(dirpath, name)
            if os.path.islink(p):
                out[p] = "link:" + os.readlink(p)
            else:
                out[p] = hashlib.sha1(open(p, "rb").read()).hexdigest()
    return out


def outside(snap: dict, out) -> dict:
    prefix = str(out) + os.sep
    return {k: v for k, v in snap.items() if not k.startswith(prefix)}


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A user's folder with files of their own around the place Agon writes."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "thesis.txt").write_text("my own work")
    (tmp_path / "base").mkdir()
    (tmp_path / "base" / "notes.md").write_text("mine too")
    return tmp_path


def toml_study(name, out, game="pig", kind="seats", extra="") -> str:
    return f'out = "{out}"\n[[study]]\nname = {json.dumps(name)}\nkind = "{kind}"\ngame = "{game}"\ngames = 40\n{extra}'


BAD_NAMES = ["..", ".", "../x", "a/b", "/abs", ".hidden", "", "a..b", "x" * 101, "a b", "é", "a\\b", 7]


@pytest.mark.parametrize("name", BAD_NAMES)
@pytest.mark.parametrize("kind,extra", [("seats", ""), ("tournament", 'strategies = "random,greedy"\n'),
                                        ("seats", 'sprt = "0.5,0.6"\nmax_games = 200\n')])
def test_toml_study_names_must_be_plain(home, capsys, name, kind, extra):
    cfg = home / "s.toml"
    cfg.write_text(toml_study(name, home / "base" / "out", kind=kind, extra=extra))
    before = snapshot(home)
    for flags in ([], ["--force"]):
        assert main(["run", str(cfg), "--quiet", *flags]) == 2
        err = capsys.readouterr().err.strip()
        assert len(err.splitlines()) == 1 and "study name" in err, err
    assert snapshot(home) == before, "nothing may be written or removed"


def test_the_reported_traversal_cannot_delete_the_parent(home, capsys):
    """name = '..' used to write into base/ and --force then emptied it."""
    cfg = home / "s.toml"
    cfg.write_text(toml_study("..", home / "base" / "out"))
    assert main(["run", str(cfg), "--quiet"]) == 2
    assert main(["run", str(cfg), "--quiet", "--force"]) == 2
    assert (home / "base" / "notes.md").read_text() == "mine too"
    assert not (home / "base" / "run.json").exists()


def test_force_removes_only_folders_agon_made(home, capsys):
    out = home / "base" / "run"
    s = Study(kind="seats", game="pig", players=2, games=20, strategies="greedy")
    run_study(s, out, progress=False)
    meta = json.loads((out / "run.json").read_text())
    assert meta[folder.MARKER] == folder.MARKER_VERSION
    # a user's file dropped into the run folder: --force refuses and removes nothing
    (out / "mine.txt").write_text("keep")
    before = snapshot(home)
    with pytest.raises(AgonInputError, match="mine.txt"):
        run_study(s, out, force=True, progress=False)
    assert snapshot(home) == before
    (out / "mine.txt").unlink()
    # a run.json without the marker (hand-written, or an older Agon): refused
    (out / "run.json").write_text(json.dumps({k: v for k, v in meta.items() if k != folder.MARKER}))
    with pytest.raises(AgonInputError, match="no Agon marker"):
        run_study(s, out, force=True, progress=False)
    (out / "run.json").write_text(json.dumps(meta))
    # a link inside that leads out: refused, its target untouched
    (out / "results" / "link.parquet").symlink_to(home / "thesis.txt")
    with pytest.raises(AgonInputError, match="did not write"):
        run_study(s, out, force=True, progress=False)
    assert (home / "thesis.txt").read_text() == "my own work"
    (out / "results" / "link.parquet").unlink()
    # the real thing: replaced, the lock file kept, nothing outside touched
    outer = outside(snapshot(home), out)
    run_study(Study(kind="seats", game="pig", players=2, games=10, strategies="random"), out, force=True, progress=False)
    assert json.loads((out / "run.json").read_text())["strategies"] == ["random", "random"]
    assert outside(snapshot(home), out) == outer


def test_force_refuses_the_current_folder_and_its_parents(home, monkeypatch, capsys):
    out = home / "base" / "run"
    run_study(Study(kind="seats", game="pig", players=2, games=10), out, progress=False)
    monkeypatch.chdir(out / "results")
    with pytest.raises(AgonInputError, match="current folder"):
        folder.removable(out)
    monkeypatch.chdir(out)
    assert main(["seats", "pig", "--games", "10", "--out", ".", "--force", "--quiet"]) == 2
    assert "current folder" in capsys.readouterr().err


def test_child_rejects_links_that_lead_out(home):
    (home / "base" / "escape").symlink_to(home)
    with pytest.raises(AgonInputError, match="leads outside"):
        folder.child(home / "base", "escape")
    assert folder.child(home / "base", "fine") == home / "base" / "fine"


def test_batch_base_must_be_new_empty_or_agon(home, capsys):
    """design-report / agon run write index.md and batch.json into --out: never into a user's folder."""
    cfg = home / "s.toml"
    cfg.write_text(toml_study("ok", home / "base"))
    before = snapshot(home)
    assert main(["run", str(cfg), "--quiet"]) == 2
    assert "not an Agon batch folder" in capsys.readouterr().err
    assert snapshot(home) == before
    cfg.write_text(toml_study("ok", home / "fresh"))
    assert main(["run", str(cfg), "--quiet"]) == 0
    assert json.loads((home / "fresh" / "batch.json").read_text())[folder.MARKER] == 1
    (home / "fresh" / "keep.txt").write_text("a user's file next to the studies")
    assert main(["run", str(cfg), "--quiet", "--force"]) == 0   # replaces study 'ok' only
    assert (home / "fresh" / "keep.txt").read_text() == "a user's file next to the studies"


def test_empty_out_is_an_error(home, capsys):
    assert main(["seats", "pig", "--out", "", "--quiet"]) == 2
    assert "--out" in capsys.readouterr().err


def test_failed_start_leaves_no_folder(home):
    target = home / "new-run"
    with pytest.raises(RuntimeError):
        with folder.locked(target):
            raise RuntimeError("the cluster could not be reached")
    assert not target.exists()


# ---- one writer per folder ---------------------------------------------------------------------

HOLDER = """
import sys, time
from experiments import folder
folder.hold(sys.argv[1])
print("held", flush=True)
time.sleep(60)
"""


@pytest.fixture
def held(home):
    """Another process holding the lock of base/run (as a run writing there would)."""
    out = home / "base" / "run"
    run_study(Study(kind="seats", game="pig", players=2, games=10), out, progress=False)
    proc = subprocess.Popen([sys.executable, "-c", HOLDER, str(out)], cwd=ROOT, env=agon_env(),
                            stdout=subprocess.PIPE, text=True)
    assert proc.stdout.readline().strip() == "held"
    yield out, proc
    proc.kill()
    proc.wait()


@pytest.mark.parametrize("flag", ["--resume", "--force"])
def test_a_folder_being_written_is_refused(held, capsys, flag):
    out, proc = held
    before = snapshot(out)
    assert main(["seats", "pig", "--games", "10", "--out", str(out), flag, "--quiet"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "being written by another agon run" in err and str(proc.pid) in err, err
    assert snapshot(out) == before


def test_force_on_a_parent_of_a_folder_being_written_is_refused(home, capsys):
    base = home / "base" / "t"
    assert main(["tournament", "pig", "--strategies", "random,greedy", "--games", "40", "--out", str(base),
                 "--quiet"]) == 0
    inner = next((base / "lineups").iterdir())
    proc = subprocess.Popen([sys.executable, "-c", HOLDER, str(inner)], cwd=ROOT, env=agon_env(),
                            stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout.readline().strip() == "held"
        before = snapshot(base)
        assert main(["tournament", "pig", "--strategies", "random,greedy", "--games", "40", "--out", str(base),
                     "--force", "--quiet"]) == 2
        assert "being written by another agon run" in capsys.readouterr().err
        assert snapshot(base) == before
    finally:
        proc.kill()
        proc.wait()


def test_lock_is_released_when_the_writer_dies(held, capsys):
    out, proc = held
    proc.kill()
    proc.wait()
    time.sleep(0.1)
    assert main(["seats", "pig", "--games", "10", "--out", str(out), "--force", "--quiet"]) == 0


def test_report_waits_for_no_one(held, capsys):
    """`agon report` on a folder a run is writing: refused with one line, nothing rewritten."""
    out, proc = held
    before = snapshot(out)
    assert main(["report", str(out)]) == 2
    assert "being written by another agon run" in capsys.readouterr().err
    assert snapshot(out) == before
