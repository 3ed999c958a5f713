"""Per-chunk checksums: a chunk whose data pages are damaged but whose Parquet footer is intact is
named by `agon report` and replayed by --resume; missing, duplicated and stray chunks are one
line and a non-zero exit, never silently counted."""
import io
import json
import shlex
import shutil

import pandas as pd
import pytest

from experiments import chunks
from experiments.cli import main
from experiments.runner import Study, run_study
from reports.data import load_results

ARGS = ["seats", "pig", "--players", "3", "--games", "300", "--strategies", "greedy,random,cautious",
        "--chunk", "25", "--seed", "9", "--quiet"]


@pytest.fixture
def run(tmp_path):
    out = tmp_path / "run"
    assert main(ARGS + ["--out", str(out)]) == 0
    return out


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    study = Study(kind="seats", game="pig", players=3, games=300, strategies="greedy,random,cautious",
                  chunk_size=25, seed=9)
    return load_results(run_study(study, tmp_path_factory.mktemp("ref") / "r", progress=False))


def damage_pages(path):
    """Flip bytes inside the column data; the footer (and so the row count) still reads."""
    import pyarrow.parquet as pq
    data = bytearray(path.read_bytes())
    for i in range(8, 8 + 64):
        data[i] ^= 0x5A
    path.write_bytes(bytes(data))
    chunks._VERIFIED.clear()   # this process wrote (and vouched for) the file moments ago
    assert pq.ParquetFile(path).metadata.num_rows == 25   # the old check would have taken it


def one_line(capsys):
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "Traceback" not in err, err
    return err


def test_every_chunk_has_a_checksum(run):
    meta = json.loads((run / "run.json").read_text())
    assert meta[chunks.CHECKSUM_KEY] == 1
    files = sorted((run / "results").glob("chunk-*.parquet"))
    assert len(files) == 3 * 4
    for f in files:
        rec = json.loads(chunks.sidecar(f).read_text())
        assert rec["rows"] == 25 and len(rec["sha256"]) == 64 and rec["bytes"] == f.stat().st_size


def test_damaged_chunk_is_named_by_report_and_replayed_by_resume(run, reference, capsys):
    victim = sorted((run / "results").glob("chunk-*.parquet"))[5]
    damage_pages(victim)
    capsys.readouterr()
    assert main(["report", str(run)]) == 1
    err = one_line(capsys)
    assert str(victim) in err and "checksum" in err and "cannot write" not in err
    command = err.split("replay it with: ")[1]
    assert shlex.split(command)[-1] == "--resume"
    assert main(shlex.split(command)[1:]) == 0
    assert f"{victim} is damaged" in capsys.readouterr().err
    assert load_results(run).equals(reference)


def test_missing_chunk_is_one_line(run, capsys):
    victim = sorted((run / "results").glob("chunk-*.parquet"))[2]
    victim.unlink()
    capsys.readouterr()
    assert main(["report", str(run)]) == 1
    err = one_line(capsys)
    assert "incomplete" in err and victim.name in err and "--resume" in err


@pytest.mark.parametrize("copy_as", ["chunk-a000-r00-g0000000025 (1).parquet", "chunk-a000-r00-g0000000030.parquet",
                                     "chunk-a000-r00-g0000000025.parquet.bak"])
def test_duplicated_or_stray_chunk_is_one_line(run, capsys, copy_as):
    shutil.copy(run / "results" / "chunk-a000-r00-g0000000025.parquet", run / "results" / copy_as)
    capsys.readouterr()
    assert main(["report", str(run)]) == 1
    err = one_line(capsys)
    assert copy_as in err and "counted twice" in err


def test_resume_replays_a_chunk_whose_checksum_is_missing(run, reference):
    """A crash between moving the chunk and its checksum into place: the chunk is played again."""
    victim = sorted((run / "results").glob("chunk-*.parquet"))[0]
    chunks.sidecar(victim).unlink()
    chunks._VERIFIED.clear()
    study = Study(kind="seats", game="pig", players=3, games=300, strategies="greedy,random,cautious",
                  chunk_size=25, seed=9)
    run_study(study, run, resume=True, progress=False)
    assert chunks.sidecar(victim).exists()
    assert load_results(run).equals(reference)


def test_a_chunk_encoded_by_its_worker_reads_back_as_the_frame_it_was():
    """Workers encode their chunk's rows as Parquet bytes (chunks.encode, column by column, without
    pandas' per-column metadata); read back, the frame is the same values and dtypes: categorical
    strategy names, int16 rotation, NaN in a float column, booleans."""
    import numpy as np
    import pandas as pd
    from experiments.chunks import Encoded, encode, write_chunk
    df = pd.DataFrame({"game": np.arange(5, dtype=np.int64), "rotation": np.full(5, 2, np.int16),
                       "score_0": [1.5, np.nan, 3.0, -0.0, 1e300], "done": np.array([1, 0, 1, 1, 0], bool),
                       "strategy_0": pd.Categorical(["greedy:w=1/2"] * 5), "label": ["a", None, "c", "d", "e"]})
    enc = encode(df)
    assert isinstance(enc, Encoded) and enc.rows == 5
    back = pd.read_parquet(io.BytesIO(enc.data))
    pd.testing.assert_frame_equal(back, df)


def test_a_run_reads_back_the_rows_it_played(tmp_path):
    """The rows a run stored are the rows play_chunk returns (the encoded path against the frame)."""
    from experiments.runner import Plan, Study, play_chunk, run_study
    from experiments import lineup
    from reports.data import load_results
    st = Study(kind="seats", game="pig", players=3, games=60, seed=2, strategies="greedy,random,random", chunk_size=20)
    out = run_study(st, tmp_path / "run", progress=False)
    plan = Plan(st)
    rows = []
    for chunk in plan.chunks():
        seats = lineup.rotated(plan.seats, chunk.rotation)
        kinds, weights = lineup.arrays(plan.spec, seats)
        rows.append(play_chunk("pig", 2, chunk, 3, plan.arms[0][2], kinds, weights, [s.name for s in seats], False))
    want = pd.concat(rows).sort_values(["rotation", "game"]).reset_index(drop=True)
    got = load_results(out).sort_values(["rotation", "game"]).reset_index(drop=True)
    pd.testing.assert_frame_equal(got[want.columns], want, check_categorical=False)
