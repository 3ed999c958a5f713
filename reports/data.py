"""Reading a run folder (run.json + results/chunk-*.parquet) and naming its columns."""
from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq

__all__ = ["load_meta", "load_results", "iter_chunks", "result_columns", "load_run", "infer_players",
           "seat_metric_names", "game_metric_names", "win_matrix", "SEAT_BASE", "GAME_KEYS"]

SEAT_BASE = ("strategy", "score", "win", "rank")   # per-seat columns every run has
LOCATION_PREFIX = "loc_"   # board locations (reports/board.py): folded by the board pictures, not as metrics
GAME_KEYS = ("game", "rotation", "arm", "turns")   # per-game columns every run has
_SEAT_RE = re.compile(r"^(.+)_(\d+)$")


def load_meta(run_dir) -> dict:
    """run.json as a dict."""
    with open(Path(run_dir) / "run.json", encoding="utf-8") as fh:
        return json.load(fh)


def _chunk_files(run_dir) -> list[Path]:
    """The run's chunk files; a run written with checksums has each one verified first
    (experiments/chunks.py: a missing, damaged or stray chunk is one line naming it)."""
    from experiments.chunks import run_files
    files = run_files(run_dir)
    if not files:
        raise FileNotFoundError(f"no results/chunk-*.parquet in {run_dir}")
    return files


def iter_chunks(run_dir, columns=None):
    """Yield the result chunks one DataFrame at a time (optionally only `columns`),
    in file order. Aggregations that must keep memory flat on huge runs fold over
    this instead of calling `load_results`."""
    wanted = None if columns is None else set(columns)
    for f in _chunk_files(run_dir):
        with pq.ParquetFile(f) as pf:      # one open for the footer and the columns (half the time of two)
            names = pf.schema_arrow.names
            cols = None if wanted is None else [c for c in names if c in wanted]
            df = pf.read(columns=cols).to_pandas()
        for c in ("arm", "rotation"):
            if c not in df.columns and (wanted is None or c in wanted):
                df[c] = 0
        yield df


def result_columns(run_dir) -> pd.DataFrame:
    """An empty frame with every result column (first-seen order over the chunk files, as
    `load_results` would have them) and its dtype, read from the Parquet footers only:
    what a chunk-by-chunk fold needs to know before it reads any rows."""
    fields, seen = [], set()
    for f in _chunk_files(run_dir):
        for field in pq.read_schema(f):
            if field.name not in seen:
                seen.add(field.name)
                fields.append(field)
    df = pa.schema(fields).empty_table().to_pandas()
    for c in ("arm", "rotation"):
        if c not in df.columns:
            df[c] = pd.Series(dtype=np.int64)
    return df


def load_results(run_dir, columns=None) -> pd.DataFrame:
    """All result chunks as one DataFrame, sorted by (arm, game, rotation) so that the
    order of the rows does not depend on how the run was chunked.
    `columns` restricts the read (missing names are ignored)."""
    frames = []
    for f in _chunk_files(run_dir):
        names = pq.read_schema(f).names
        cols = None if columns is None else [c for c in names if c in set(columns)]
        frames.append(pq.read_table(f, columns=cols).to_pandas())
    df = pd.concat(frames, ignore_index=True)
    for c in ("arm", "rotation"):
        if c not in df.columns and (columns is None or c in columns):
            df[c] = 0
    keys = [c for c in ("arm", "game", "rotation") if c in df.columns]
    if keys:
        df = df.sort_values(keys, kind="mergesort").reset_index(drop=True)
    return df


def load_run(run_dir, columns=None) -> tuple[dict, pd.DataFrame]:
    """(run.json dict, results DataFrame)."""
    return load_meta(run_dir), load_results(run_dir, columns)


def infer_players(df: pd.DataFrame) -> int:
    """Number of seats from the `win_{k}` columns."""
    k = 0
    while f"win_{k}" in df.columns:
        k += 1
    return k


def seat_metric_names(columns, players: int) -> list[str]:
    """Game-specific seat metrics: bases `m` with a column `m_{k}` for every seat k,
    other than strategy/score/win/rank. In column order."""
    cols = list(columns)
    present = set(cols)
    out = []
    for c in cols:
        m = _SEAT_RE.match(c)
        if not m or m.group(2) != "0":
            continue
        base = m.group(1)
        if base in SEAT_BASE or base in out or base.startswith(LOCATION_PREFIX):
            continue
        if all(f"{base}_{k}" in present for k in range(players)):
            out.append(base)
    return out


def game_metric_names(df: pd.DataFrame, players: int) -> list[str]:
    """Numeric per-game columns other than game/rotation/arm (includes `turns`)."""
    seat_cols = set()
    for base in list(SEAT_BASE) + seat_metric_names(df.columns, players):
        seat_cols.update(f"{base}_{k}" for k in range(players))
    out = []
    for c in df.columns:
        if c in seat_cols or c in ("game", "rotation", "arm") or c.startswith(LOCATION_PREFIX):
            continue
        if pd.api.types.is_numeric_dtype(df[c]) or pd.api.types.is_bool_dtype(df[c]):
            out.append(c)
    return out


def win_matrix(df: pd.DataFrame, players: int) -> np.ndarray:
    return df[[f"win_{k}" for k in range(players)]].to_numpy(dtype=float)
