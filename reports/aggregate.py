"""A run's sufficient statistics, folded chunk by chunk so memory stays flat.

Every table of a report is a function of small weighted tables: which distinct key tuples
occurred (arm, seat, win share, score, a metric's value...) and how many rows had each. The
fold reads the result chunks a batch at a time (`reports.data.iter_chunks`), counts each batch
and merges the counts, so its memory depends on the number of distinct values, not of games.
Counts are integers, so merging is exact and the result does not depend on how the run was
chunked; sums are taken with `math.fsum` over the final tables, so a rebuild is byte-identical.

A numeric key with more than MAX_DISTINCT distinct values is a continuous quantity: it is
binned to SIG_DIGITS significant digits (`Aggregate.binned` names it, the report says so).
Whether that happens depends only on the whole run's values, never on the chunking.

The bootstrap of a sweep's fair value resamples seeds jointly across arms: up to EXACT_SEEDS
seeds the fold keeps seat 0's wins per seed and arm (exact), above that per block of
SEED_BLOCK consecutive seeds (a block bootstrap; `SeedSums.unit` says which).
"""
from __future__ import annotations

import copy
import math

import numpy as np
import pandas as pd

from reports.data import infer_players, iter_chunks, result_columns, seat_metric_names, game_metric_names

__all__ = ["Aggregate", "CountTable", "Dist", "SeedSums", "aggregate_run", "of_frame", "as_aggregate",
           "shared_mask", "score_margins", "round_sig", "MAX_DISTINCT", "SIG_DIGITS", "EXACT_SEEDS",
           "SEED_BLOCK", "BATCH_ROWS"]

BATCH_ROWS = 20_000       # chunk files are concatenated up to this many rows before counting
MAX_DISTINCT = 2_000      # a numeric key with more distinct values is binned ...
SIG_DIGITS = 3            # ... to this many significant digits
EXACT_SEEDS = 200_000     # per-seed bootstrap data up to this many seeds (by game index) ...
SEED_BLOCK = 1_000        # ... above it, blocks of this many consecutive seeds
WIN_SCALE = 720_720       # lcm(1..16): a tie share 1/j (j <= 16) times this is an integer
_EPS = 1e-9


# ---------------------------------------------------------------- per-row helpers

def shared_mask(wins: np.ndarray) -> np.ndarray:
    """Bool array: the seat shared a tie for first (0 < win share < 1)."""
    return (wins > _EPS) & (wins < 1.0 - _EPS)


def score_margins(df, players: int) -> tuple[np.ndarray, np.ndarray]:
    """Per game of a results frame (or dict of columns): (seat 0 score minus the mean of the
    other seats, winner's score minus runner-up's)."""
    s = np.column_stack([np.asarray(df[f"score_{k}"], dtype=float) for k in range(players)])
    seat0 = s[:, 0] - s[:, 1:].mean(axis=1) if players > 1 else np.zeros(len(s))
    top = np.sort(s, axis=1)
    top2 = top[:, -1] - top[:, -2] if players > 1 else np.zeros(len(s))
    return seat0, top2


def round_sig(values, digits: int | None = None) -> np.ndarray:
    """Round to `digits` (default SIG_DIGITS) significant digits (0, nan and inf unchanged).
    Idempotent, so a value binned early or late in the fold lands in the same bin."""
    digits = SIG_DIGITS if digits is None else digits
    v = np.asarray(values, dtype=float)
    out = v.copy()
    ok = np.isfinite(v) & (v != 0)
    if ok.any():
        mag = np.floor(np.log10(np.abs(v[ok])))
        scale = 10.0 ** (digits - 1 - mag)
        out[ok] = np.round(v[ok] * scale) / scale
    return out + 0.0


# ---------------------------------------------------------------- weighted distributions

class Dist:
    """A weighted sample: sorted distinct values with their counts (nan dropped).
    Mean, sd, median, min and max are exact functions of the counts."""

    def __init__(self, values, counts):
        v = np.asarray(values, dtype=float)
        c = np.asarray(counts, dtype=np.int64)
        keep = ~np.isnan(v) & (c > 0)
        uniq, inv = np.unique(v[keep], return_inverse=True)
        self.values = uniq
        self.counts = np.bincount(inv, weights=c[keep], minlength=len(uniq)).astype(np.int64)
        self.n = int(self.counts.sum())

    def sum(self) -> float:
        return math.fsum((self.values * self.counts).tolist())

    def mean(self) -> float:
        return self.sum() / self.n if self.n else float("nan")

    def sd(self, ddof: int = 1) -> float:
        if self.n <= ddof:
            return float("nan")
        m = self.mean()
        return math.sqrt(math.fsum((self.counts * (self.values - m) ** 2).tolist()) / (self.n - ddof))

    def min(self) -> float:
        return float(self.values[0]) if self.n else float("nan")

    def max(self) -> float:
        return float(self.values[-1]) if self.n else float("nan")

    def median(self) -> float:
        """As numpy/pandas: the middle value, or the mean of the two middle values."""
        if not self.n:
            return float("nan")
        cum = np.cumsum(self.counts)
        lo = float(self.values[np.searchsorted(cum, (self.n - 1) // 2, side="right")])
        hi = float(self.values[np.searchsorted(cum, self.n // 2, side="right")])
        return lo if lo == hi else (lo + hi) / 2


# ---------------------------------------------------------------- count tables

def _normal(v) -> np.ndarray:
    """A key column as numpy: floats with -0.0 made 0.0 (so it groups with 0.0), others as is."""
    a = np.asarray(v)
    if a.dtype.kind == "b":
        return a.astype(float)
    if a.dtype.kind in "iuf":
        return a.astype(float) + 0.0
    return a


class Keys:
    """Key columns of a batch factorized into one integer code per row. A shared prefix
    (arm, seat, win) is factorized once and extended with each metric's values."""

    def __init__(self, n: int):
        self.n = n
        self.code = np.zeros(n, np.int64)
        self.bound = 1
        self.arrays: dict[str, np.ndarray] = {}

    def plus(self, **cols) -> "Keys":
        out = Keys.__new__(Keys)
        out.n, code, bound, out.arrays = self.n, self.code, self.bound, dict(self.arrays)
        for name, v in cols.items():
            a = _normal(v)
            c, u = pd.factorize(a, use_na_sentinel=False)
            k = max(len(u), 1)
            if bound * k >= 2 ** 62:
                code, u0 = pd.factorize(code)
                bound = len(u0)
            code = code * k + c
            bound *= k
            out.arrays[name] = a
        out.code, out.bound = code, bound
        return out

    def groups(self) -> tuple[np.ndarray, np.ndarray]:
        """(label per row in 0..m-1, one representative row per label)."""
        if self.bound <= 4 * self.n + 1024:  # small key space: direct addressing, no hashing
            seen = np.bincount(self.code, minlength=self.bound) > 0
            dense = np.cumsum(seen) - 1
            labels = dense[self.code]
            m = int(seen.sum())
        else:
            labels, uniq = pd.factorize(self.code)
            m = len(uniq)
        rep = np.empty(m, np.int64)
        rep[labels] = np.arange(self.n)  # any row of a group holds its key values
        return labels, rep

    def count(self, weights=None) -> dict:
        """Distinct key tuples and how many rows had each (or the sum of integer `weights`):
        {key: array, ..., "n": int64 array}."""
        labels, rep = self.groups()
        if weights is None:
            n = np.bincount(labels, minlength=len(rep)).astype(np.int64)
        else:
            n = np.rint(np.bincount(labels, weights=np.asarray(weights, float), minlength=len(rep))).astype(np.int64)
        out = {k: a[rep] for k, a in self.arrays.items()}
        out["n"] = n
        return out


def _count(cols: dict, weights=None) -> dict:
    """Distinct rows of `cols` (equal-length arrays; nan is a value) and their counts (or
    summed integer `weights`): {key: array, ..., "n": array}."""
    n = len(next(iter(cols.values()))) if cols else 0
    return Keys(n).plus(**cols).count(weights)


class CountTable:
    """How many rows had each distinct tuple of `keys` (a frame: keys + `n`), merged batch by
    batch. Keys listed in `binnable` are numeric values that are binned (round_sig) once they
    take more than MAX_DISTINCT distinct values."""

    def __init__(self, keys, binnable=()):
        self.keys = list(keys)
        self.limit = MAX_DISTINCT
        self.binnable = [k for k in binnable if k in self.keys]
        self.binned: set[str] = set()
        self._cols = _count({k: np.zeros(0) for k in self.keys})

    def add(self, prefix: Keys | None = None, weights=None, **cols) -> None:
        """Count a batch: `prefix` (already factorized keys, e.g. arm/seat/win) plus `cols`."""
        for k in self.binned:
            cols[k] = round_sig(cols[k])
        n = prefix.n if prefix is not None else len(next(iter(cols.values())))
        part = (prefix or Keys(n)).plus(**cols).count(weights)
        self._cols = self._merge({k: np.concatenate([self._cols[k], part[k]]) for k in self.keys + ["n"]})
        for k in self.binnable:
            if k not in self.binned and self._cols[k].dtype.kind == "f" \
                    and pd.unique(self._cols[k]).size > self.limit:
                self.binned.add(k)
                self._cols = self._merge({**self._cols, k: round_sig(self._cols[k])})

    def _merge(self, cols: dict) -> dict:
        return _count({k: cols[k] for k in self.keys}, cols["n"])

    def only(self, arm: int) -> "CountTable":
        """The rows of one arm (tables with an `arm` key)."""
        out = copy.copy(self)
        keep = self._cols["arm"] == arm
        out._cols = {k: v[keep] for k, v in self._cols.items()}
        return out

    def nbytes(self) -> int:
        return sum(v.nbytes + (8 * len(v) if v.dtype == object else 0) for v in self._cols.values())

    @property
    def frame(self) -> pd.DataFrame:
        """Keys + `n`, sorted by the keys (nan last): the same rows in the same order for any chunking."""
        f = pd.DataFrame(self._cols, columns=self.keys + ["n"])
        if self.keys:
            f = f.sort_values(self.keys, kind="mergesort", na_position="last")
        return f.reset_index(drop=True)


# ---------------------------------------------------------------- seeds for the bootstrap

class SeedSums:
    """Seat 0's wins and games per seed and arm (for up to EXACT_SEEDS seeds, by game index),
    and per block of SEED_BLOCK consecutive seeds (always); plus which seeds occurred.
    Wins are kept as integers (win share x WIN_SCALE), so the sums are exact."""

    def __init__(self):
        self.seen = np.zeros(0, np.uint8)        # bitmap: seed g occurred
        self.exact = True                        # per-seed sums still kept
        self.limit, self.block = EXACT_SEEDS, SEED_BLOCK
        self.per_seed: dict[int, list[np.ndarray]] = {}
        self.per_block: dict[int, list[np.ndarray]] = {}

    @property
    def unit(self) -> str:
        return "seed" if self.exact else f"block of {self.block:,} seeds"

    @staticmethod
    def _acc(store: dict, arm: int, idx: np.ndarray, w: np.ndarray, dtype) -> None:
        size = int(idx.max()) + 1
        num, den = store.get(arm, (np.zeros(0, dtype), np.zeros(0, dtype)))
        if len(num) < size:
            num = np.concatenate([num, np.zeros(size - len(num), dtype)])
            den = np.concatenate([den, np.zeros(size - len(den), dtype)])
        num[:size] += np.rint(np.bincount(idx, weights=w, minlength=size)).astype(dtype)
        den[:size] += np.bincount(idx, minlength=size).astype(dtype)
        store[arm] = (num, den)

    def add(self, arm: np.ndarray, game: np.ndarray, win0: np.ndarray) -> None:
        game = np.asarray(game, dtype=np.int64)
        if not len(game):
            return
        ug = np.unique(game)
        if len(self.seen) <= ug[-1] >> 3:
            self.seen = np.concatenate([self.seen, np.zeros((ug[-1] >> 3) + 1 - len(self.seen), np.uint8)])
        for b in range(8):
            sel = ug[(ug & 7) == b]
            self.seen[sel >> 3] |= np.uint8(1 << b)
        if self.exact and ug[-1] >= self.limit:
            self.exact, self.per_seed = False, {}
        w = np.rint(np.asarray(win0, dtype=float) * WIN_SCALE)
        for a in np.unique(arm):
            m = arm == a
            self._acc(self.per_block, int(a), game[m] // self.block, w[m], np.int64)
            if self.exact:
                self._acc(self.per_seed, int(a), game[m], w[m], np.int32)

    def count(self) -> int:
        """Number of distinct seeds that occurred."""
        return int(np.unpackbits(self.seen).sum()) if len(self.seen) else 0

    def matrix(self, arms) -> tuple[np.ndarray, np.ndarray]:
        """(num, den), each (units, len(arms)): seat 0's wins and games per resampling unit
        (seed or block) and arm, over the units that occur in any of `arms` (ascending)."""
        store = self.per_seed if self.exact else self.per_block
        size = max([len(store[a][0]) for a in arms if a in store] or [0])
        num = np.zeros((size, len(arms)))
        den = np.zeros((size, len(arms)))
        for j, a in enumerate(arms):
            if a in store:
                nu, de = store[a]
                num[:len(nu), j] = nu / WIN_SCALE
                den[:len(de), j] = de
        keep = den.sum(axis=1) > 0
        return num[keep], den[keep]

    def only(self, arms) -> "SeedSums":
        out = copy.copy(self)
        out.per_seed = {a: v for a, v in self.per_seed.items() if a in arms}
        out.per_block = {a: v for a, v in self.per_block.items() if a in arms}
        return out


# ---------------------------------------------------------------- the aggregate

class Aggregate:
    """The counted tables of a run (or of some of its arms). Frames (keys + `n` rows):

    seat_results   arm, seat, strategy, win, score, rank      (one row per seat-game)
    win_patterns   arm, win_0..win_{p-1}                       (one row per game)
    game_values    {metric: arm, value}                        (per-game metrics, incl. turns)
    seat_values    {metric: arm, seat, win, value}             (seat metrics)
    other          arm, seat, win, value: score minus the declared score parts
    margins        {"seat0"|"top2": arm, value}                (score margins per game)
    categories     {game metric: arm, code, turns}             (declared categorical game metrics)
    strategy_games arm, strategy (n = games it played in)
    first_seen     arm, seat, strategy, order (min (game, rotation) key: first appearance)
    plus `seeds` (SeedSums), `columns` (result columns, first-seen order), `empty` (an empty
    frame with their dtypes) and `binned` (names binned as continuous). `only(arm)` restricts
    every table to one arm; section functions pool over whatever arms an Aggregate holds.
    """

    def __init__(self, players: int, empty: pd.DataFrame, categorical_game=(), score_parts=()):
        self.players = int(players)
        self.empty = empty
        self.columns = list(empty.columns)
        self.seat_metrics = seat_metric_names(self.columns, self.players)
        self.game_metrics = game_metric_names(empty, self.players)
        self.categorical_game = [c for c in categorical_game if c in self.columns]
        self.score_parts = list(score_parts)
        self.parts_present = [p for p in self.score_parts
                              if all(f"{p}_{k}" in self.columns for k in range(self.players))]
        self.seeds = SeedSums()
        self.max_distinct, self.sig_digits = MAX_DISTINCT, SIG_DIGITS
        self._rows = 0
        self._t = {
            "seat_results": CountTable(["arm", "seat", "strategy", "win", "score", "rank"], ["score", "rank"]),
            "win_patterns": CountTable(["arm"] + [f"win_{k}" for k in range(self.players)]),
            "strategy_games": CountTable(["arm", "strategy"]),
            "other": CountTable(["arm", "seat", "win", "value"], ["value"]),
        }
        for m in self.game_metrics:
            self._t[("game", m)] = CountTable(["arm", "value"], ["value"])
        for m in self.seat_metrics:
            self._t[("seat", m)] = CountTable(["arm", "seat", "win", "value"], ["value"])
        for m in ("seat0", "top2"):
            self._t[("margin", m)] = CountTable(["arm", "value"], ["value"])
        for m in self.categorical_game:
            self._t[("category", m)] = CountTable(["arm", "code", "turns"], ["turns"])
        self._first: pd.DataFrame | None = None
        self._done: dict = {}

    # -- folding

    def has(self, column: str) -> bool:
        return column in self.columns

    @staticmethod
    def _col(df: dict, name: str) -> np.ndarray:
        """A batch column as numpy (nan when this batch lacks it)."""
        return df[name] if name in df else np.full(len(df["__row"]), np.nan)

    def _stack(self, df: dict, base: str) -> np.ndarray:
        """Columns base_0..base_{p-1} end to end (seat-major)."""
        parts = [self._col(df, f"{base}_{k}") for k in range(self.players)]
        if any(p.dtype.kind not in "biuf" for p in parts):
            return np.concatenate([p.astype(object) for p in parts])
        return np.concatenate([p.astype(float) for p in parts])

    def add(self, df: pd.DataFrame) -> "Aggregate":
        """Count one batch of result rows into the tables."""
        n, p = len(df), self.players
        if n == 0:
            return self
        t = self._t
        strategies = self._strategies(df)
        skip = {f"strategy_{k}" for k in range(p)}
        df = {c: df[c].to_numpy() for c in df.columns if c not in skip}
        df["__row"] = np.arange(n)
        arm = df["arm"].astype(np.int64) if "arm" in df else np.zeros(n, np.int64)
        for m in self.game_metrics:
            t[("game", m)].add(arm=arm, value=self._col(df, m).astype(float))
        turns = self._col(df, "turns").astype(float)
        for m in self.categorical_game:
            t[("category", m)].add(arm=arm, code=self._col(df, m), turns=turns)
        if p:
            self._add_seats(df, arm, strategies)
        self._rows += n
        self._done = {}
        return self

    def _strategies(self, df: pd.DataFrame) -> np.ndarray:
        """Strategy names of all seats (seat-major) as an object array, via categories (fast)."""
        out = []
        for k in range(self.players):
            col = f"strategy_{k}"
            if col not in df.columns:
                out.append(np.full(len(df), "", dtype=object))
                continue
            cat = df[col].astype(str).astype("category") if df[col].dtype.name != "category" else df[col]
            codes = cat.cat.codes.to_numpy()
            if (codes < 0).any():  # missing names: spelled as str() spells them
                cat = df[col].astype(str).astype("category")
                codes = cat.cat.codes.to_numpy()
            names = np.asarray([str(c) for c in cat.cat.categories], dtype=object)
            out.append(names[codes])
        return np.concatenate(out) if out else np.zeros(0, dtype=object)

    def _add_seats(self, df: dict, arm: np.ndarray, strat: np.ndarray) -> None:
        """The seat-level tables of one batch (seat-major: seat k's rows are [k n, (k+1) n))."""
        n, p, t = len(arm), self.players, self._t
        arm_s = np.tile(arm, p)
        seat_s = np.repeat(np.arange(p), n)
        win = self._stack(df, "win").astype(float)
        by_seat = Keys(n * p).plus(arm=arm_s, seat=seat_s)
        by_win = by_seat.plus(win=win)
        t["seat_results"].add(by_seat.plus(strategy=strat, win=win), score=self._stack(df, "score"),
                              rank=self._stack(df, "rank"))
        t["win_patterns"].add(arm=arm, **{f"win_{k}": win[k * n:(k + 1) * n] for k in range(p)})
        for m in self.seat_metrics:
            t[("seat", m)].add(by_win, value=self._stack(df, m))
        if all(f"score_{k}" in df for k in range(p)):
            m0, mt = score_margins(df, p)
            t[("margin", "seat0")].add(arm=arm, value=m0)
            t[("margin", "top2")].add(arm=arm, value=mt)
            if self.score_parts:
                rest = self._stack(df, "score").astype(float)
                for part in self.parts_present:
                    rest = rest - np.nan_to_num(self._stack(df, part).astype(float))
                t["other"].add(by_win, value=rest)
        # games each strategy played in: rows where any seat holds it
        codes, names = pd.factorize(strat)
        codes = codes.reshape(p, n)
        for j, name in enumerate(names):
            held = (codes == j).any(axis=0)
            t["strategy_games"].add(arm=arm[held], strategy=np.full(int(held.sum()), name, dtype=object))
        # first appearance of each strategy in each seat, in (arm, game, rotation) order
        if "game" in df:
            rot = df["rotation"].astype(np.int64) if "rotation" in df else np.zeros(n, np.int64)
            order = df["game"].astype(np.int64) * 65536 + rot
        else:
            order = self._rows + np.arange(n, dtype=np.int64)
        labels, rep = by_seat.plus(strategy=strat).groups()
        first = np.full(len(rep), np.iinfo(np.int64).max)
        np.minimum.at(first, labels, np.tile(order, p))
        first = pd.DataFrame({"arm": arm_s[rep], "seat": seat_s[rep], "strategy": strat[rep], "order": first})
        if self._first is not None:
            first = pd.concat([self._first, first], ignore_index=True)
        self._first = first.groupby(["arm", "seat", "strategy"], sort=True)["order"].min().reset_index()
        if "game" in df:
            self.seeds.add(arm, df["game"].astype(np.int64), win[:n])

    # -- results

    def _frame(self, key) -> pd.DataFrame:
        if key not in self._done:
            self._done[key] = self._t[key].frame
        return self._done[key]

    @property
    def seat_results(self) -> pd.DataFrame:
        return self._frame("seat_results")

    @property
    def win_patterns(self) -> pd.DataFrame:
        return self._frame("win_patterns")

    @property
    def strategy_games(self) -> pd.DataFrame:
        return self._frame("strategy_games")

    @property
    def other(self) -> pd.DataFrame:
        if not self.score_parts:
            raise ValueError("this aggregate was folded without score parts")
        return self._frame("other")

    def game_values(self, metric: str) -> pd.DataFrame:
        return self._frame(("game", metric))

    def seat_values(self, metric: str) -> pd.DataFrame:
        return self._frame(("seat", metric))

    def margins(self, which: str) -> pd.DataFrame:
        return self._frame(("margin", which))

    def categories(self, metric: str) -> pd.DataFrame:
        return self._frame(("category", metric))

    @property
    def first_seen(self) -> pd.DataFrame:
        if self._first is None:
            return pd.DataFrame({"arm": [], "seat": [], "strategy": [], "order": []})
        return self._first

    @property
    def binned(self) -> list[str]:
        """Names whose values were binned as continuous (`score`, `rank`, a metric, `turns`...)."""
        out = []
        for key, tab in self._t.items():
            for k in tab.binned:
                name = key[1] if isinstance(key, tuple) and k == "value" else k
                if key == "other":
                    name = "score parts: other"
                if isinstance(key, tuple) and key[0] == "margin":
                    name = f"score margin ({key[1]})"
                out.append(name)
        return sorted(set(out))

    @property
    def n_games(self) -> int:
        return int(self.win_patterns["n"].sum())

    @property
    def arms(self) -> list[int]:
        return sorted(int(a) for a in pd.unique(self.win_patterns["arm"]))

    def only(self, arm: int) -> "Aggregate":
        """The same aggregate restricted to one arm (the seed bitmap stays the run's)."""
        out = copy.copy(self)
        out._done = {}
        out._t = {}
        for key, tab in self._t.items():
            out._t[key] = tab.only(arm)
        if self._first is not None:
            out._first = self._first[self._first["arm"] == arm].reset_index(drop=True)
        out.seeds = self.seeds.only({int(arm)})
        return out

    def nbytes(self) -> int:
        """Memory held by the tables (for the flat-memory test and the benchmark)."""
        total = sum(t.nbytes() for t in self._t.values())
        total += int(self.first_seen.memory_usage(deep=True).sum()) + self.seeds.seen.nbytes
        for store in (self.seeds.per_seed, self.seeds.per_block):
            total += sum(a.nbytes + b.nbytes for a, b in store.values())
        return total


# ---------------------------------------------------------------- entry points

def _batches(frames, rows: int):
    """Concatenate consecutive frames up to about `rows` rows (chunk files can be small)."""
    buf, n = [], 0
    for df in frames:
        buf.append(df)
        n += len(df)
        if n >= rows:
            yield buf[0] if len(buf) == 1 else pd.concat(buf, ignore_index=True)
            buf, n = [], 0
    if buf:
        yield buf[0] if len(buf) == 1 else pd.concat(buf, ignore_index=True)


def aggregate_run(run_dir, players: int | None = None, categorical_game=(), score_parts=(),
                  batch_rows: int | None = None) -> Aggregate:
    """Fold a run folder's results/chunk-*.parquet into an Aggregate, one batch at a time.
    `categorical_game` and `score_parts` are the declared sections that need joint counts."""
    empty = result_columns(run_dir)
    players = int(players or infer_players(empty))
    agg = Aggregate(players, empty, categorical_game, score_parts)
    for batch in _batches(iter_chunks(run_dir, agg.columns), batch_rows or BATCH_ROWS):
        agg.add(batch)
    return agg


def of_frame(df: pd.DataFrame, players: int | None = None, categorical_game=(), score_parts=()) -> Aggregate:
    """The Aggregate of an in-memory results frame (tests, small studies)."""
    players = int(players or infer_players(df))
    agg = Aggregate(players, df.iloc[:0], categorical_game, score_parts)
    return agg.add(df)


def as_aggregate(x, players: int | None = None, **plan) -> Aggregate:
    """`x` itself if it is an Aggregate, else the aggregate of the frame `x`."""
    return x if isinstance(x, Aggregate) else of_frame(x, players, **plan)
