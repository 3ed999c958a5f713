"""Runner: identical results whatever the jobs, chunk size or interruptions."""
import json

import numpy as np
import pytest

from experiments import runner
from experiments.runner import Plan, Study, run_study
from reports.data import load_results
from sim.spec import AgonInputError


def study(**kw):
    base = dict(kind="seats", game="pig", players=3, games=1200, seed=11,
                strategies="greedy,random,greedy:w=20")
    base.update(kw)
    return Study(**base)


def test_same_results_for_any_jobs_and_chunk_size(tmp_path):
    frames = []
    for jobs, chunk in [(1, 1000), (1, 37), (2, 64), (2, None)]:
        out = run_study(study(chunk_size=chunk), tmp_path / f"r{jobs}-{chunk}", jobs=jobs, progress=False)
        frames.append(load_results(out))
    for other in frames[1:]:
        assert frames[0].equals(other)
    assert len(frames[0]) == 1200


def test_mixed_lineup_plays_every_seed_in_every_rotation(tmp_path):
    df = load_results(run_study(study(games=300), tmp_path / "r", progress=False))
    assert sorted(df.rotation.unique()) == [0, 1, 2]
    assert (df.groupby("game").size() == 3).all()
    labels = ["greedy", "random", "greedy:w=20"]
    for rot in range(3):
        row = df[df.rotation == rot].iloc[0]
        assert [row[f"strategy_{s}"] for s in range(3)] == [labels[(s + rot) % 3] for s in range(3)]
    # the dice do not depend on who sits where: same seed, same setup, different play
    assert df.groupby("game").rolls.nunique().max() > 1


def test_mirror_lineup_has_no_rotation(tmp_path):
    df = load_results(run_study(study(strategies="greedy", games=100), tmp_path / "r", progress=False))
    assert (df.rotation == 0).all() and len(df) == 100


def test_sweep_arms_share_seeds(tmp_path):
    s = study(kind="sweep", strategies="greedy", games=200, sweep=[["target", [20, 40]]])
    out = run_study(s, tmp_path / "w", progress=False)
    df = load_results(out)
    meta = json.loads((out / "run.json").read_text())
    assert meta["sweep"]["arms"] == [{"arm": 0, "values": {"target": 20}}, {"arm": 1, "values": {"target": 40}}]
    assert len(df) == 400
    a0, a1 = df[df.arm == 0], df[df.arm == 1]
    assert list(a0.game) == list(a1.game)
    assert a1.turns.mean() > a0.turns.mean()


def test_run_json_records_provenance(tmp_path):
    out = run_study(study(command="agon seats pig"), tmp_path / "r", progress=False)
    meta = json.loads((out / "run.json").read_text())
    for key in ("command", "seed", "version", "git_commit", "games", "wall_seconds", "games_per_s"):
        assert key in meta
    assert meta["status"] == "complete" and meta["games"] == 1200 and meta["seed"] == 11


def test_interrupted_run_resumes_to_identical_results(tmp_path, monkeypatch):
    ref = load_results(run_study(study(chunk_size=50), tmp_path / "ref", progress=False))
    real_write = runner._write_atomic
    calls = {"n": 0}

    def flaky_write(df, path):
        calls["n"] += 1
        if calls["n"] == 5:
            raise KeyboardInterrupt
        real_write(df, path)

    monkeypatch.setattr(runner, "_write_atomic", flaky_write)
    with pytest.raises(KeyboardInterrupt):
        run_study(study(chunk_size=50), tmp_path / "cut", progress=False)
    monkeypatch.setattr(runner, "_write_atomic", real_write)
    meta = json.loads((tmp_path / "cut" / "run.json").read_text())
    assert meta["status"] == "interrupted"
    assert len(list((tmp_path / "cut" / "results").glob("chunk-*.parquet"))) == 4
    # a corrupt chunk is recomputed, never read as data
    victim = sorted((tmp_path / "cut" / "results").glob("chunk-*.parquet"))[1]
    victim.write_bytes(victim.read_bytes()[:100])
    out = run_study(study(chunk_size=50), tmp_path / "cut", resume=True, progress=False)
    assert load_results(out).equals(ref)
    assert json.loads((out / "run.json").read_text())["status"] == "complete"


def test_resume_keeps_the_original_chunk_plan(tmp_path):
    run_study(study(chunk_size=40), tmp_path / "r", progress=False)
    out = run_study(study(chunk_size=None), tmp_path / "r", resume=True, progress=False)
    assert len(list((out / "results").glob("chunk-*.parquet"))) == 3 * 10


def test_resume_refuses_a_different_study(tmp_path):
    run_study(study(), tmp_path / "r", progress=False)
    with pytest.raises(AgonInputError, match="differs in seed"):
        run_study(study(seed=12), tmp_path / "r", resume=True, progress=False)


def test_resume_accepts_a_parameter_added_since_at_its_default(tmp_path):
    """A run written before Agon appended a parameter (with the old rule as its default) still
    resumes; a run that sets the new parameter away from its default does not."""
    out = run_study(study(), tmp_path / "r", progress=False)
    meta = json.loads((out / "run.json").read_text())
    newest = list(meta["params"])[-1]
    del meta["params"][newest]
    (out / "run.json").write_text(json.dumps(meta))
    run_study(study(), tmp_path / "r", resume=True, progress=False)
    stored = json.loads((out / "run.json").read_text())["params"]
    p = Plan(study()).spec.params.get(newest)
    other = p.hi if p.default != p.hi else p.lo
    meta["params"].pop(newest, None)
    (out / "run.json").write_text(json.dumps(meta))
    with pytest.raises(AgonInputError, match="differs in params"):
        run_study(study(params={newest: other}), tmp_path / "r", resume=True, progress=False)
    assert newest in stored


def test_existing_folder_needs_resume_or_force(tmp_path):
    run_study(study(), tmp_path / "r", progress=False)
    with pytest.raises(AgonInputError, match="--resume .* --force"):
        run_study(study(), tmp_path / "r", progress=False)
    run_study(study(seed=3), tmp_path / "r", force=True, progress=False)
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "notes.txt").write_text("mine")
    with pytest.raises(AgonInputError, match="not an Agon run folder"):
        run_study(study(), tmp_path / "other", force=True, progress=False)
    assert (tmp_path / "other" / "notes.txt").read_text() == "mine"


def test_plan_validates_before_writing(tmp_path):
    for bad in [dict(players=9), dict(strategies="nope"), dict(params={"target": 1}),
                dict(games=0), dict(strategies="greedy,random")]:
        with pytest.raises(AgonInputError):
            Plan(study(**bad))
    assert not any(tmp_path.iterdir())


def test_check_mode_plays_with_invariants(tmp_path):
    df = load_results(run_study(study(check=True, games=90), tmp_path / "r", progress=False))
    assert np.allclose(df[[f"win_{s}" for s in range(3)]].sum(axis=1), 1.0)
