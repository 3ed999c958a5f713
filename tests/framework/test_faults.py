"""Faults: a worker killed mid-run, Ctrl-C, an unwritable folder, a full disk.

Each run's results must equal an undisturbed run's: no game lost, none counted twice.
"""
import errno
import json
import os
import signal
import subprocess
import sys
import time

import pytest

from experiments import runner
from experiments.runner import Study, run_study
from reports.data import load_results
from tests.conftest import ROOT, agon_env

GAMES, CHUNK = 2400, 100


def pig_study(game="pig", **kw):
    base = dict(kind="seats", game=game, players=3, games=GAMES, seed=21, strategies="random",
                chunk_size=CHUNK)
    base.update(kw)
    return Study(**base)


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    return load_results(run_study(pig_study(), tmp_path_factory.mktemp("ref") / "r", progress=False))


def _arm_crash(monkeypatch, tmp_path, at):
    """Set the crash point; loky's reused workers would keep an older environment, so drop them."""
    from joblib.externals.loky import get_reusable_executor
    get_reusable_executor().shutdown(wait=True)
    marker = tmp_path / "crashed"
    monkeypatch.setenv("AGON_CRASH_MARKER", str(marker))
    monkeypatch.setenv("AGON_CRASH_AT", str(at))
    return marker


def test_killed_loky_worker_is_replaced_and_its_chunks_replayed(reference, tmp_path, monkeypatch, capsys):
    marker = _arm_crash(monkeypatch, tmp_path, at=3 * CHUNK)
    out = run_study(pig_study("crashy"), tmp_path / "run", jobs=2, progress=False)
    assert marker.exists(), "the fault was not injected"
    assert "worker lost" in capsys.readouterr().err
    df = load_results(out)
    assert len(df) == GAMES and not df.duplicated(["game", "rotation", "arm"]).any()
    assert df.equals(reference)
    assert json.loads((out / "run.json").read_text())["status"] == "complete"


def test_worker_that_keeps_dying_ends_the_run_with_a_resume_hint(tmp_path, monkeypatch):
    """If every replay dies too, the run stops (no endless loop) and keeps its chunks."""
    monkeypatch.setattr(runner, "MAX_RETRIES", 0)
    _arm_crash(monkeypatch, tmp_path, at=0)
    with pytest.raises(runner.AgonRunError, match="--resume"):
        run_study(pig_study("crashy"), tmp_path / "run", jobs=2, progress=False)


def test_ctrl_c_stops_within_seconds_and_resume_finishes(tmp_path):
    out = tmp_path / "run"
    games, chunk = 9000, 20   # long Pig games (target 200) in small chunks: the run is still going
    args = ["seats", "pig", "--players", "3", "--games", str(games), "--seed", "21", "--set", "target=200",
            "--chunk", str(chunk), "--jobs", "2", "--quiet", "--out", str(out)]
    proc = subprocess.Popen([sys.executable, "-m", "experiments.cli", *args], cwd=ROOT, env=agon_env(),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.time() + 300   # a cold numba cache compiles first; Ctrl-C is tested while playing
    while time.time() < deadline and len(list((out / "results").glob("chunk-*.parquet"))) < 5:
        time.sleep(0.05)
    assert proc.poll() is None and len(list((out / "results").glob("chunk-*.parquet"))) >= 5
    proc.send_signal(signal.SIGINT)
    t0 = time.time()
    _, err = proc.communicate(timeout=60)
    assert time.time() - t0 < 10, "Ctrl-C took too long"
    assert proc.returncode == 130
    assert "--resume" in err and "Traceback" not in err
    meta = json.loads((out / "run.json").read_text())
    assert meta["status"] == "interrupted"
    assert not list((out / "results").glob(".*.tmp"))
    r = subprocess.run([sys.executable, "-m", "experiments.cli", *args, "--resume"], cwd=ROOT,
                       env=agon_env(), capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    full = run_study(pig_study(games=games, chunk_size=chunk, params={"target": 200}), tmp_path / "ref",
                     progress=False)
    assert load_results(out).equals(load_results(full))


def test_disk_full_is_one_line_and_leaves_no_partial_chunk(tmp_path, monkeypatch, capsys):
    from experiments.cli import main
    real = runner.chunks_mod._store
    calls = {"n": 0}

    def filling_disk(data, path):
        calls["n"] += 1
        if calls["n"] == 3:
            with open(path, "wb") as fh:   # a half-written file, then the disk is full
                fh.write(data[:9])
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))     # as write() raises it: no file named
        return real(data, path)

    monkeypatch.setattr(runner.chunks_mod, "_store", filling_disk)
    out = tmp_path / "run"
    code = main(["seats", "pig", "--games", "600", "--chunk", "100", "--quiet", "--out", str(out)])
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2 and len(err) == 1 and "No space left on device" in err[0]
    files = list((out / "results").iterdir())
    assert all(f.name.startswith("chunk-") for f in files), "a temp or partial file was left"
    chunks = [f for f in files if f.suffix == ".parquet"]
    assert len(chunks) == 2 and all(runner.chunk_is_complete(f, 100) for f in chunks)
    assert str(out / "results") in err[0], "the line names the file being written"
