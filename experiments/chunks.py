"""Result chunks on disk, each with a checksum: a resume replays a damaged chunk, `agon report`
names it instead of failing deep inside a Parquet reader.

A chunk file `results/chunk-a000-r00-g0000000000.parquet` has a sidecar `....sum.json` holding its
row count, size and SHA-256. The chunk is written to a temporary file, hashed, and both are moved
into place (the old sidecar first removed, the new one last): a chunk without a matching sidecar is
unfinished, whatever a crash left. Reading verifies every chunk a run's plan (run.json) calls for,
and refuses missing, corrupt, duplicated or stray files with one line naming the file.
"""
from __future__ import annotations

import errno
import hashlib
import json
import math
import os
from pathlib import Path
from typing import NamedTuple

CHECKSUM_KEY = "chunk_checksums"   # run.json: 1 when every chunk has a sidecar checksum
SIDECAR = ".sum.json"


class AgonRunError(RuntimeError):
    """A run that cannot go on, or results that cannot be read; finished chunks are kept.
    `resumable`: the command that was running finishes the run with --resume."""

    def __init__(self, message: str, resumable: bool = False):
        super().__init__(message)
        self.resumable = resumable


def chunk_name(arm: int, rotation: int, start: int) -> str:
    return f"chunk-a{arm:03d}-r{rotation:02d}-g{start:010d}.parquet"


def sidecar(path: Path) -> Path:
    return path.with_name(path.name[: -len(".parquet")] + SIDECAR)


def _sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


class Encoded(NamedTuple):
    """A chunk's Parquet bytes, encoded by the worker that played it: the main process, which writes
    every chunk of a run one after another, only stores them (a Mare Nostrum chunk has about 1,100
    columns, and converting it there cost 0.07-0.19 s a chunk, more than its games: the workers waited)."""
    data: bytes
    rows: int


def encode(df) -> Encoded:
    """A result frame as Parquet bytes, built column by column from its arrays (pandas' own
    `to_parquet` spends most of its time on per-column metadata). Read back with pandas, the frame is
    the same: numbers keep their dtype, a categorical column is stored as a dictionary."""
    import pandas as pd
    import pyarrow as pa
    import pyarrow.parquet as pq
    arrays = []
    for name in df.columns:
        col = df[name]
        if isinstance(col.dtype, pd.CategoricalDtype):
            arrays.append(pa.DictionaryArray.from_arrays(pa.array(col.cat.codes.to_numpy()),
                                                         pa.array(col.cat.categories.to_numpy())))
        elif col.dtype.kind in "biuf":
            arrays.append(pa.array(col.to_numpy()))
        else:
            arrays.append(pa.array(col, from_pandas=True))
    sink = pa.BufferOutputStream()
    pq.write_table(pa.Table.from_arrays(arrays, names=[str(c) for c in df.columns]), sink)
    return Encoded(sink.getvalue().to_pybytes(), int(len(df)))


def _store(data: bytes, path: Path) -> None:
    with open(path, "wb") as fh:
        fh.write(data)


def write_chunk(df, path: Path) -> None:
    """Write a chunk (a result frame, or its Encoded bytes) and its checksum; the chunk counts only
    once both are in place."""
    path = Path(path)
    tmp = path.with_name("." + path.name + ".tmp")
    side = sidecar(path)
    side_tmp = side.with_name("." + side.name + ".tmp")
    try:
        try:
            payload = df if isinstance(df, Encoded) else encode(df)
            _store(payload.data, tmp)
            record = {"file": path.name, "rows": payload.rows, "bytes": tmp.stat().st_size, "sha256": _sha256(tmp)}
            side_tmp.write_text(json.dumps(record) + "\n")
        except OSError as e:   # pyarrow's errors name no file, and a full disk must
            raise _named(e, path) from e
        side.unlink(missing_ok=True)      # an old checksum never vouches for the new file
        os.replace(tmp, path)
        os.replace(side_tmp, side)
        st = path.stat()
        _VERIFIED[(str(path), st.st_size, st.st_mtime_ns)] = record["rows"]
    finally:
        for t in (tmp, side_tmp):
            if t.exists():
                t.unlink()


def _named(e: OSError, path: Path) -> OSError:
    if e.filename:
        return e
    code = e.errno or (errno.ENOSPC if "No space left" in str(e) else None)
    return OSError(code, e.strerror or str(e), str(path))


_VERIFIED: dict = {}   # (path, size, mtime_ns) -> rows, for files already hashed in this process


def state(path: Path, rows: int, legacy: bool = False) -> str:
    """'ok', 'missing', 'unfinished' (no or stale checksum: replay) or 'corrupt' (bytes differ)."""
    path = Path(path)
    try:
        st = path.stat()
    except FileNotFoundError:
        return "missing"
    key = (str(path), st.st_size, st.st_mtime_ns)
    if _VERIFIED.get(key) == rows:
        return "ok"
    side = sidecar(path)
    if not side.exists():
        if legacy and _footer_rows(path) == rows:   # a run written before checksums: footer only
            return "ok"
        return "unfinished"
    try:
        record = json.loads(side.read_text())
        want, n, size = str(record["sha256"]), int(record["rows"]), int(record["bytes"])
    except (OSError, ValueError, KeyError, TypeError):
        return "corrupt"
    if n != rows:
        return "unfinished"   # a shorter chunk of an earlier batch: played again at its new size
    if size != st.st_size or _sha256(path) != want:
        return "corrupt"
    _VERIFIED[key] = rows
    return "ok"


def _footer_rows(path: Path) -> int | None:
    try:
        import pyarrow.parquet as pq
        return pq.ParquetFile(path).metadata.num_rows
    except Exception:
        return None


def planned(meta: dict):
    """(file name, rows) of every chunk a run folder's run.json calls for, in order (lazily)."""
    arms = len(meta["sweep"]["arms"]) if meta.get("kind") == "sweep" and meta.get("sweep") else 1
    rotations = int(meta["players"]) if meta.get("rotation") else 1
    seeds, size = int(meta["seeds"]), int(meta["chunk_size"])
    for arm in range(arms):
        for rot in range(rotations):
            for start in range(0, seeds, size):
                yield chunk_name(arm, rot, start), min(size, seeds - start)


def n_planned(meta: dict) -> int:
    arms = len(meta["sweep"]["arms"]) if meta.get("kind") == "sweep" and meta.get("sweep") else 1
    rotations = int(meta["players"]) if meta.get("rotation") else 1
    return arms * rotations * math.ceil(int(meta["seeds"]) / int(meta["chunk_size"]))


def run_files(run_dir) -> list[Path]:
    """The chunk files to read: verified (`verified_files`) when run.json says the run keeps
    checksums; otherwise (folders written before checksums, or by hand) every chunk-*.parquet."""
    run_dir = Path(run_dir)
    try:
        meta = json.loads((run_dir / "run.json").read_text())
    except (OSError, ValueError):
        meta = {}
    if isinstance(meta, dict) and meta.get(CHECKSUM_KEY):
        return verified_files(run_dir)
    return sorted((run_dir / "results").glob("chunk-*.parquet"))


def verified_files(run_dir) -> list[Path]:
    """The chunk files of a finished run, each checked against its checksum; one line naming the
    first missing, corrupt or stray file otherwise (the results are never read past a bad chunk)."""
    run_dir = Path(run_dir)
    results = run_dir / "results"
    try:
        meta = json.loads((run_dir / "run.json").read_text())
        expected = list(planned(meta))
    except (OSError, ValueError, KeyError, TypeError) as e:
        raise AgonRunError(f"cannot read {run_dir / 'run.json'}: {e}")
    legacy = not meta.get(CHECKSUM_KEY)
    hint = _resume_hint(meta, run_dir)
    files, missing = [], []
    for name, rows in expected:
        path = results / name
        s = state(path, rows, legacy)
        if s == "missing":
            missing.append(name)
        elif s != "ok":
            why = "its checksum does not match" if s == "corrupt" else "it was not finished"
            raise AgonRunError(f"chunk {path} is damaged ({why}); replay it with: {hint}")
        files.append(path)
    if missing:
        raise AgonRunError(f"{run_dir} is incomplete: {len(missing)} of {len(expected)} chunks missing "
                           f"(first: {results / missing[0]}); finish with: {hint}")
    known = {name for name, _ in expected} | {sidecar(Path(name)).name for name, _ in expected}
    stray = sorted(p.name for p in results.iterdir() if not p.name.startswith(".") and p.name not in known) \
        if results.is_dir() else []
    if stray:
        raise AgonRunError(f"{results} holds {len(stray)} file(s) this run did not plan (first: {stray[0]}), "
                           f"e.g. a copied or duplicated chunk; move them out so no game is counted twice")
    return files


def _resume_hint(meta: dict, run_dir: Path) -> str:
    """The run's own command with --resume (and --out when it names none: the folder to repair)."""
    import shlex
    from experiments.args import resume_command
    command = (meta.get("command") or "").split("  #")[0]
    if not command.startswith("agon "):
        return "the run's command with --resume"
    try:
        if "--out" not in shlex.split(command):
            command += f" --out {shlex.quote(str(run_dir))}"
    except ValueError:
        pass
    return resume_command(command)
