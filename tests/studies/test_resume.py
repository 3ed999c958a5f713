"""Every run kind resumes with the exact command it prints, and ends with the results of an
uninterrupted run: seats, sweep, sequential (--until-ci, --sprt), tune, tournament, components,
restrict, design-report and a TOML study file.

The interruption is a Ctrl-C at a chunk boundary (the N-th chunk write raises KeyboardInterrupt,
as the SIGINT handler does); tests/framework/test_kill_resume.py covers SIGKILL of a real process.
"""
import json
import shlex
from pathlib import Path

import pandas as pd
import pytest

from experiments import runner
from experiments.cli import main
from reports.data import load_results


def _interrupt_at(monkeypatch, n: int):
    real = runner._write_atomic
    calls = {"n": 0}

    def write(df, path):
        calls["n"] += 1
        if calls["n"] == n:
            raise KeyboardInterrupt
        real(df, path)

    monkeypatch.setattr(runner, "_write_atomic", write)
    return calls


def run_folders(root: Path) -> list[Path]:
    return sorted(p.parent for p in root.rglob("run.json") if (p.parent / "results").is_dir())


def outputs(root: Path) -> dict:
    """What a run produced, by relative path: every run folder's rows and every CSV table."""
    out = {}
    for folder in run_folders(root):
        out[str(folder.relative_to(root))] = load_results(folder)
    for csv in sorted(root.rglob("*.csv")):
        out[str(csv.relative_to(root))] = csv.read_text()
    for name in ("stopping.json", "sequential.json"):
        for f in root.rglob(name):
            rec = json.loads(f.read_text())
            out[str(f.relative_to(root))] = json.dumps(rec, sort_keys=True)
    return out


def same(a: dict, b: dict) -> None:
    assert sorted(a) == sorted(b)
    for key in a:
        if isinstance(a[key], pd.DataFrame):
            assert a[key].equals(b[key]), key
        else:
            assert a[key] == b[key], key


KINDS = {
    "seats": (["seats", "pig", "--players", "3", "--games", "240", "--strategies", "greedy,random,cautious",
               "--chunk", "20"], 3),
    "sweep": (["sweep", "pig", "--param", "target=20,30", "--games", "160", "--chunk", "20"], 5),
    "sequential": (["seats", "pig", "--games", "200", "--until-ci", "0.045", "--batch", "200", "--max-games", "2000",
                    "--chunk", "50"], 6),
    "sprt": (["seats", "pig", "--games", "100", "--sprt", "0.5,0.6", "--batch", "100", "--max-games", "3000",
              "--chunk", "50", "--seed", "4"], 5),
    "tune": (["tune", "pig", "--param", "handicap=0:4:2", "--target", "first_seat_fair", "--players", "2",
              "--games", "120", "--strategies", "greedy", "--seed", "5"], 4),
    "tournament": (["tournament", "pig", "--strategies", "random,greedy", "--games", "120", "--seed", "3"], 2),
    "tournament-until-ci": (["tournament", "pig", "--strategies", "random,greedy", "--games", "120",
                             "--until-ci", "0.06", "--max-games", "1200"], 5),
    "components": (["components", "pig", "--games", "300", "--players", "3"], 3),
    "restrict": (["restrict", "pig", "--ban", "second_roll", "--games", "200", "--players", "3"], 3),
    "design-report": (["design-report", "pig", "--scale", "0.02"], 20),   # in seats-4p: sweep, tournament not reached
}


@pytest.mark.parametrize("kind", list(KINDS))
def test_every_run_kind_resumes_with_its_printed_command(kind, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    argv, at = KINDS[kind]
    argv = argv + ["--quiet"]
    ref, cut = tmp_path / "ref", tmp_path / "cut"
    assert main(argv + ["--out", str(ref)]) == 0, capsys.readouterr().err
    capsys.readouterr()

    calls = _interrupt_at(monkeypatch, at)
    code = main(argv + ["--out", str(cut), "--force"])   # --force must not be part of the resume command
    err = capsys.readouterr().err
    assert code == 130 and calls["n"] == at, err
    lines = [line for line in err.splitlines() if line.startswith("finish with: ")]
    assert len(lines) == 1 and "Traceback" not in err, err
    command = lines[0][len("finish with: "):]
    words = shlex.split(command)
    assert words[0] == "agon" and words[-1] == "--resume" and "--force" not in words
    monkeypatch.setattr(runner, "_write_atomic", runner.chunks_mod.write_chunk)

    assert main(words[1:]) == 0, capsys.readouterr().err
    same(outputs(ref), outputs(cut))
    for meta in (cut.rglob("run.json")):
        assert json.loads(meta.read_text())["status"] == "complete", meta


def test_study_file_resumes_with_its_printed_command(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)

    def config(out):
        cfg = tmp_path / f"{out}.toml"
        cfg.write_text(f'out = "{tmp_path / out}"\n'
                       '[[study]]\nname = "a"\nkind = "seats"\ngame = "pig"\ngames = 120\nchunk_size = 20\n'
                       '[[study]]\nname = "b"\nkind = "sweep"\ngame = "pig"\ngames = 60\nchunk_size = 20\n'
                       'sweep = { target = "20,30" }\n'
                       '[[study]]\nname = "c"\nkind = "tournament"\ngame = "pig"\ngames = 60\n'
                       'strategies = "random,greedy"\n')
        return cfg

    assert main(["run", str(config("ref")), "--quiet"]) == 0
    _interrupt_at(monkeypatch, 9)
    assert main(["run", str(config("cut")), "--quiet"]) == 130
    err = capsys.readouterr().err
    command = [line for line in err.splitlines() if line.startswith("finish with: ")][0][len("finish with: "):]
    monkeypatch.setattr(runner, "_write_atomic", runner.chunks_mod.write_chunk)
    assert main(shlex.split(command)[1:]) == 0
    same(outputs(tmp_path / "ref"), outputs(tmp_path / "cut"))


def test_resume_of_a_sequential_run_refuses_another_rule(tmp_path, monkeypatch, capsys):
    argv = ["seats", "pig", "--games", "200", "--until-ci", "0.045", "--batch", "200", "--chunk", "50",
            "--quiet", "--out", str(tmp_path / "s")]
    _interrupt_at(monkeypatch, 6)
    assert main(argv) == 130
    monkeypatch.setattr(runner, "_write_atomic", runner.chunks_mod.write_chunk)
    capsys.readouterr()
    assert main(argv[:5] + ["0.03"] + argv[6:] + ["--resume"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "stopping rule" in err, err
