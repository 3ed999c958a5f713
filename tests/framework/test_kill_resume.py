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


def test_sigkill_of_a_sequential_run_then_resume_equals_an_uninterrupted_one(tmp_path):
    """--until-ci grows the run batch by batch; killed in a later batch, the same command with
    --resume finishes it with the same looks and the same games (it used to refuse: 'stored run
    differs in seeds, games')."""
    import json
    from experiments.cli import main
    args = ["seats", "pig", "--players", "3", "--games", "300", "--until-ci", "0.03", "--batch", "300",
            "--max-games", "3000", "--chunk", "10", "--set", "target=100", "--quiet"]
    out = tmp_path / "killed"
    cmd = [sys.executable, "-m", "experiments.cli", *args, "--out", str(out)]
    proc = subprocess.Popen(cmd, cwd=ROOT, env=agon_env(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.time() + 240
    while time.time() < deadline and proc.poll() is None and not (out / "sequential.json").exists():
        time.sleep(0.05)
    killed = proc.poll() is None
    if killed:   # past the first look: the stored run is bigger than --games
        time.sleep(0.3)
        os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    r = subprocess.run(cmd + ["--resume"], cwd=ROOT, env=agon_env(), capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    assert main(args + ["--out", str(tmp_path / "ref")]) == 0
    assert load_results(out).equals(load_results(tmp_path / "ref"))
    looks = [json.loads((d / "stopping.json").read_text())["looks"] if (d / "stopping.json").exists() else None
             for d in (out, tmp_path / "ref")]
    assert looks[0] == looks[1]
    assert killed, "the run finished before it could be killed; the test proved nothing"
