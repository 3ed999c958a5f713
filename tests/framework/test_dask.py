"""The Dask backends: a real dask.distributed cluster of worker processes gives the same
results as loky, survives a killed worker, and bad cluster options are one-line errors."""
import json

import pytest

from experiments.runner import Study, run_study
from reports.data import load_results

distributed = pytest.importorskip("distributed")

GAMES, CHUNK = 1800, 75


def pig_study(game="pig", **kw):
    base = dict(kind="seats", game=game, players=2, games=GAMES, seed=33,
                strategies="random,greedy", chunk_size=CHUNK)
    base.update(kw)
    return Study(**base)


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    out = run_study(pig_study(chunk_size=300), tmp_path_factory.mktemp("loky") / "r", jobs=2,
                    progress=False)
    return load_results(out)


@pytest.fixture(scope="module")
def cluster():
    """A LocalCluster of 2 worker processes (not threads), one thread each."""
    c = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                 dashboard_address=None, silence_logs=40)
    yield c
    c.close()


def test_dask_local_equals_loky(reference, tmp_path):
    out = run_study(pig_study(), tmp_path / "r", backend="dask-local", workers=2, progress=False)
    assert load_results(out).equals(reference)
    assert json.loads((out / "run.json").read_text())["backend"] == "dask-local"


def test_dask_scheduler_address_equals_loky(reference, cluster, tmp_path):
    out = run_study(pig_study(chunk_size=40), tmp_path / "r", backend="dask",
                    scheduler=cluster.scheduler_address, progress=False)
    assert load_results(out).equals(reference)


def test_workers_compile_once_not_per_task(cluster, tmp_path):
    """Every worker is warmed once before the chunks run (client.run), so tasks find code compiled."""
    from distributed import Client
    run_study(pig_study(games=600, chunk_size=30), tmp_path / "r", backend="dask",
              scheduler=cluster.scheduler_address, progress=False)
    with Client(cluster.scheduler_address) as client:
        loaded = client.run(lambda: __import__("sys").modules.get("tests.framework.pig") is not None)
    assert len(loaded) == 2 and all(loaded.values())


def test_killed_dask_worker_loses_and_duplicates_no_game(reference, tmp_path, monkeypatch):
    marker = tmp_path / "crashed"
    monkeypatch.setenv("AGON_CRASH_MARKER", str(marker))
    monkeypatch.setenv("AGON_CRASH_AT", str(4 * CHUNK))
    out = run_study(pig_study("crashy"), tmp_path / "r", backend="dask-local", workers=2,
                    progress=False)
    assert marker.exists(), "the fault was not injected"
    df = load_results(out)
    assert not df.duplicated(["game", "rotation", "arm"]).any()
    assert df.equals(reference)


@pytest.mark.parametrize("argv, words", [
    (["--backend", "dask"], "needs --scheduler"),
    (["--scheduler", "tcp://127.0.0.1:1"], "goes with --backend dask"),
    (["--backend", "loky", "--workers", "2"], "--workers goes with --backend dask-local"),
    (["--backend", "dask-local", "--workers", "0"], "at least 1"),
    (["--backend", "spark"], "invalid choice"),
    (["--backend", "dask", "--scheduler", "tcp://127.0.0.1:9"], "cannot reach the Dask scheduler"),
])
def test_bad_cluster_options_are_one_line_errors(capsys, tmp_path, argv, words):
    from experiments.cli import main
    out = tmp_path / "run"
    code = main(["seats", "pig", "--games", "20", "--quiet", "--out", str(out), *argv])
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2 and len(err) == 1 and words in err[0], err
    assert not out.exists(), "nothing may be written when the options are bad"


def test_study_command_runs_on_one_cluster(cluster, tmp_path):
    """A study of several runs (a tournament) on --backend dask gives the loky results, all of
    its runs through the one client that shared_pool opened."""
    from experiments import runner
    from experiments.cli import main
    opened = []
    real = runner._pool.__enter__

    def counting(self):
        opened.append(self.backend)
        return real(self)
    argv = ["tournament", "pig", "--strategies", "random,greedy", "--games", "240", "--quiet", "--seed", "5"]
    assert main(argv + ["--jobs", "2", "--out", str(tmp_path / "loky")]) == 0
    runner._pool.__enter__ = counting
    try:
        assert main(argv + ["--backend", "dask", "--scheduler", cluster.scheduler_address,
                            "--out", str(tmp_path / "dask")]) == 0
    finally:
        runner._pool.__enter__ = real
    assert opened == ["dask"]
    runs = sorted({c.parent.parent.relative_to(tmp_path / "loky")
                   for c in (tmp_path / "loky").rglob("chunk-*.parquet")})
    assert runs
    for r in runs:
        assert load_results(tmp_path / "dask" / r).equals(load_results(tmp_path / "loky" / r))


@pytest.mark.parametrize("command", [["tournament", "pig", "--strategies", "random,greedy"],
                                     ["design-report", "pig"], ["tune", "pig", "--param", "target=20:40",
                                                                "--target", "first_seat_fair"]])
def test_study_commands_check_cluster_options_first(capsys, tmp_path, command):
    from experiments.cli import main
    out = tmp_path / "study"
    code = main([*command, "--quiet", "--out", str(out), "--backend", "dask"])
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2 and len(err) == 1 and "needs --scheduler" in err[0], err
    assert not out.exists()


def test_study_file_runs_design_kinds_on_the_cluster(cluster, tmp_path):
    """`agon run FILE --backend dask`: a tournament kept in a TOML file plays on the cluster
    (its runs need the scheduler address the command was given)."""
    from experiments.cli import main
    cfg = tmp_path / "s.toml"
    cfg.write_text(f'out = "{tmp_path / "suite"}"\n[[study]]\nname = "t"\nkind = "tournament"\ngame = "pig"\n'
                   'strategies = "random,greedy"\ngames = 120\n')
    assert main(["run", str(cfg), "--quiet", "--backend", "dask", "--scheduler", cluster.scheduler_address]) == 0
    runs = list((tmp_path / "suite" / "t" / "lineups").glob("*/run.json"))
    assert runs and all(json.loads(r.read_text())["backend"] == "dask" for r in runs)
