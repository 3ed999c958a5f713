"""A real engine run killed with SIGKILL and finished with --resume equals an undisturbed run."""
import os
import signal
import subprocess
import sys
import time

from experiments.runner import Study, run_study
from reports.data import load_results
from tests.conftest import ROOT, agon_env

ARGS = ["seats", "magna-grecia", "--players", "3", "--games", "1800", "--strategies", "random",
        "--seed", "5", "--chunk", "60", "--quiet"]


def test_sigkill_then_resume_gives_identical_results(tmp_path):
    out = tmp_path / "killed"
    cmd = [sys.executable, "-m", "experiments.cli", *ARGS, "--out", str(out)]
    proc = subprocess.Popen(cmd, cwd=ROOT, env=agon_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    deadline = time.time() + 240
    results = out / "results"
    while time.time() < deadline and proc.poll() is None:
        if results.exists() and len(list(results.glob("chunk-*.parquet"))) >= 3:
            break
        time.sleep(0.05)
    killed = proc.poll() is None
    if killed:
        os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    if killed:
        assert len(list(results.glob("chunk-*.parquet"))) < 30, "the run should have been cut short"
    r = subprocess.run(cmd + ["--resume"], cwd=ROOT, env=agon_env(), capture_output=True, text=True,
                       timeout=600)
    assert r.returncode == 0, r.stderr
    ref = run_study(Study(kind="seats", game="magna-grecia", players=3, games=1800, strategies="random",
                          seed=5, chunk_size=60), tmp_path / "ref", progress=False)
    assert load_results(out).equals(load_results(ref))
    assert (out / "report.md").exists()
