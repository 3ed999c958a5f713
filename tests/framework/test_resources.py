"""Resources and processes: lazy planning, --jobs capped at the cores, workers that die with
agon (a real SIGKILL), the multiprocessing backend, and a failed start that leaves no folder."""
import json
import os
import signal
import subprocess
import sys
import time
import tracemalloc

import pytest

from experiments import args as args_mod
from experiments import runner
from experiments.cli import main
from experiments.runner import Plan, Study, run_study
from reports.data import load_results
from tests.conftest import ROOT, agon_env


def test_planning_a_trillion_games_allocates_little():
    tracemalloc.start()
    try:
        plan = Plan(Study(kind="seats", game="pig", players=3, games=10**12, strategies="greedy,random,cautious"))
        first = [c for _, c in zip(range(5), plan.chunks())]
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert plan.total_games >= 10**12 and plan.n_chunks > 10**8 and len(first) == 5
    assert peak < 2_000_000, f"planning took {peak / 1e6:.1f} MB"


@pytest.mark.parametrize("extra", [[], ["--until-ci", "0.001"]])
def test_a_trillion_game_run_starts_playing_at_once(tmp_path, monkeypatch, capsys, extra):
    """The chunks are planned on the fly: the run writes its first chunks with flat memory
    (it used to grow to GBs before writing any)."""
    real, calls = runner._write_atomic, {"n": 0}

    def write(df, path):
        calls["n"] += 1
        if calls["n"] == 4:
            raise KeyboardInterrupt
        real(df, path)

    monkeypatch.setattr(runner, "_write_atomic", write)
    main(["seats", "pig", "--games", "40", "--quiet", "--out", str(tmp_path / "warm")])   # compile outside the count
    calls["n"] = -100
    tracemalloc.start()
    try:
        calls["n"] = 0
        code = main(["seats", "pig", "--games", "1000000000000", "--chunk", "50", "--quiet",
                     "--out", str(tmp_path / "big"), *extra])
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    err = capsys.readouterr().err
    assert code == 130 and calls["n"] == 4, err
    assert peak < 50_000_000, f"peak {peak / 1e6:.0f} MB"
    meta = json.loads((tmp_path / "big" / "run.json").read_text())
    assert meta["games"] == 10**12 and meta["status"] == "interrupted"


def test_jobs_above_the_cores_warn_and_are_capped(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(args_mod, "cores", lambda: 2)
    out = tmp_path / "r"
    assert main(["seats", "pig", "--games", "40", "--jobs", "500", "--quiet", "--out", str(out)]) == 0
    err = capsys.readouterr().err
    assert "warning: --jobs 500 is more than the 2 cores here; using 2" in err
    assert json.loads((out / "run.json").read_text())["jobs"] == 2


def descendants(pid: int) -> set[int]:
    """Every process below `pid` (from /proc: children of each of its threads)."""
    out, todo = set(), [pid]
    while todo:
        p = todo.pop()
        try:
            tids = os.listdir(f"/proc/{p}/task")
        except FileNotFoundError:
            continue
        for tid in tids:
            try:
                kids = open(f"/proc/{p}/task/{tid}/children").read().split()
            except FileNotFoundError:
                continue
            for k in map(int, kids):
                if k not in out:
                    out.add(k)
                    todo.append(k)
    return out


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().split(") ")[-1][0] != "Z"
    except FileNotFoundError:
        return False


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize("backend", ["loky", "multiprocessing"])
def test_workers_exit_when_agon_is_killed(tmp_path, backend):
    out = tmp_path / "run"
    cmd = [sys.executable, "-m", "experiments.cli", "seats", "pig", "--players", "3", "--games", "90000",
           "--set", "target=200", "--chunk", "30", "--jobs", "2", "--backend", backend, "--quiet", "--out", str(out)]
    proc = subprocess.Popen(cmd, cwd=ROOT, env=agon_env(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.time() + 300
    while time.time() < deadline and len(list((out / "results").glob("chunk-*.parquet"))) < 3:
        time.sleep(0.1)
    kids = descendants(proc.pid)
    assert proc.poll() is None and len(kids) >= 2, "the workers should be playing"
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    deadline = time.time() + 20
    while time.time() < deadline and any(alive(k) for k in kids):
        time.sleep(0.2)
    left = [k for k in kids if alive(k)]
    for k in left:   # do not leave them behind even when the test fails
        os.kill(k, signal.SIGKILL)
    assert not left, f"{len(left)} of {len(kids)} worker processes outlived agon"


def test_multiprocessing_backend_equals_one_process(tmp_path):
    study = Study(kind="seats", game="pig", players=3, games=600, seed=4, strategies="greedy,random,cautious",
                  chunk_size=25)
    one = load_results(run_study(study, tmp_path / "one", progress=False))
    mp = load_results(run_study(study, tmp_path / "mp", jobs=2, backend="multiprocessing", progress=False))
    assert mp.equals(one)


def test_a_pool_that_cannot_start_leaves_no_folder(tmp_path, capsys, monkeypatch):
    def broken(self):
        raise OSError(12, "Cannot allocate memory")

    monkeypatch.setattr(runner._Pool, "executor", broken)
    out = tmp_path / "r"
    code = main(["seats", "pig", "--games", "40", "--jobs", "2", "--backend", "multiprocessing", "--quiet",
                 "--out", str(out)])
    err = capsys.readouterr().err.strip()
    assert code == 1 and len(err.splitlines()) == 1 and "cannot start 2 multiprocessing workers" in err, err
    assert not out.exists()
