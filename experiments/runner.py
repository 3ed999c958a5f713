"""Play a study's games in chunks over joblib workers and stream them to Parquet.

A chunk is (arm, rotation, first game index, count). Every game draws its random
streams from (seed, game index), so the results do not depend on the chunk size,
the number of jobs or the backend. Each finished chunk is written atomically to
`results/`; `--resume` plays only the chunks that are missing or unreadable, so an
interrupted run ends with exactly the rows of an uninterrupted one.
"""
from __future__ import annotations

import json
import math
import os
import shutil
import signal
import sys
import threading
import time
import warnings
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd

from experiments import lineup as lineup_mod
from experiments.provenance import git_commit, package_version
from sim import get_game
from sim.spec import AgonInputError, GameSpec

MAX_CHUNK = 2000
BACKENDS = ("loky", "threading", "multiprocessing", "dask", "dask-local")
MAX_RETRIES = 3   # times a run restarts its pool after a worker died


@dataclass
class Study:
    """What to play. `games` counts the games of one arm, all rotations included
    (a sweep plays that many games in every arm, on the same seeds)."""

    kind: str                      # "seats" or "sweep"
    game: str
    players: int | None = None
    games: int = 10000
    seed: int = 1
    strategies: list[str] | str = "random"
    params: dict = field(default_factory=dict)     # name -> value (readable)
    sweep: list[list] = field(default_factory=list)  # [[name, [values...]], ...]
    chunk_size: int | None = None
    check: bool = False
    command: str = ""
    weights_folder: str | None = None   # --adapt: tuned seats read this folder's files first, per arm


@dataclass(frozen=True)
class Chunk:
    arm: int
    rotation: int
    start: int
    n: int

    @property
    def filename(self) -> str:
        return f"chunk-a{self.arm:03d}-r{self.rotation:02d}-g{self.start:010d}.parquet"


class Plan:
    """A validated study: everything is checked here, before any file is written."""

    def __init__(self, study: Study, jobs: int = 1):
        self.study = study
        self.spec: GameSpec = get_game(study.game)
        spec = self.spec
        self.players = spec.check_players(int(study.players or spec.default_players))
        if study.kind not in ("seats", "sweep"):
            raise AgonInputError(f"unknown study kind {study.kind!r}; valid: seats, sweep")
        if int(study.games) < 1:
            raise AgonInputError(f"--games must be at least 1, got {study.games}")
        if int(study.seed) < 0:
            raise AgonInputError(f"--seed must be >= 0, got {study.seed}")
        self.seats = lineup_mod.parse_lineup(spec, study.strategies, self.players, study.params,
                                             study.weights_folder)
        self.rotations = 1 if lineup_mod.is_mirror(self.seats) else self.players
        self.n_seeds = max(1, math.ceil(int(study.games) / self.rotations))
        self.base_vec = spec.params.vector(study.params)
        self.arms = self._arms()
        # tuned seats under --adapt: each arm's own weights (trained for its rules); else one line-up
        self.arm_seats = {}
        if study.weights_folder and lineup_mod.sources(self.seats):
            for arm, values, _ in self.arms:
                self.arm_seats[arm] = lineup_mod.parse_lineup(spec, study.strategies, self.players,
                                                              {**study.params, **values}, study.weights_folder)
        check = (spec.extra or {}).get("check_params")
        for _, _, vec in self.arms:  # rules linking two parameters, checked before any file is written
            if check is not None:
                check(vec, self.players)
        units = self.n_seeds * self.rotations * len(self.arms)
        if study.chunk_size:
            if int(study.chunk_size) < 1:
                raise AgonInputError(f"--chunk must be at least 1, got {study.chunk_size}")
            self.chunk_size = int(study.chunk_size)
        else:
            target = max(8 * max(jobs, 1), math.ceil(units / MAX_CHUNK))
            per_stream = max(1, math.ceil(target / (self.rotations * len(self.arms))))
            self.chunk_size = max(1, min(MAX_CHUNK, math.ceil(self.n_seeds / per_stream)))
        self.total_games = units

    def _arms(self) -> list[tuple[int, dict, np.ndarray]]:
        study, spec = self.study, self.spec
        if study.kind == "seats":
            if study.sweep:
                raise AgonInputError("a seats study takes no --param sweep; use `agon sweep`")
            return [(0, {}, self.base_vec)]
        if not study.sweep:
            raise AgonInputError("a sweep needs --param NAME=LO:HI:STEP (or NAME=a,b,c)")
        if len(study.sweep) > 2:
            raise AgonInputError(f"a sweep takes one or two parameters, got {len(study.sweep)}")
        axes = []
        for name, values in study.sweep:
            p = spec.params.get(name)
            if not values:
                raise AgonInputError(f"sweep of {name} has no values")
            axes.append((p, [p.decode(p.encode(v)) for v in values]))
        grid = [{}]
        for p, values in axes:
            grid = [dict(g, **{p.name: v}) for g in grid for v in values]
        arms = []
        for i, values in enumerate(grid):
            vec = self.base_vec.copy()
            for name, v in values.items():
                vec[spec.params.index(name)] = spec.params.get(name).encode(v)
            arms.append((i, values, vec))
        return arms

    def chunks(self) -> list[Chunk]:
        out = []
        for arm, _, _ in self.arms:
            for rot in range(self.rotations):
                for start in range(0, self.n_seeds, self.chunk_size):
                    out.append(Chunk(arm, rot, start, min(self.chunk_size, self.n_seeds - start)))
        return out

    def describe(self) -> dict:
        """The part of run.json that defines the games (also what `--resume` checks)."""
        spec = self.spec
        d = {
            "kind": self.study.kind,
            "game": spec.name,
            "title": spec.title,
            "players": self.players,
            "strategies": [s.name for s in self.seats],
            "rotation": self.rotations > 1,
            "seed": int(self.study.seed),
            "seeds": self.n_seeds,
            "games": self.total_games,
            "chunk_size": self.chunk_size,
            "params": spec.params.describe(self.base_vec),
            "overrides": {k: spec.params.get(k).decode(spec.params.get(k).encode(v))
                          for k, v in self.study.params.items()},
            "check": bool(self.study.check),
        }
        if lineup_mod.sources(self.seats) and not self.arm_seats:   # which weights tuned seats played (reports say so)
            d["weights"] = lineup_mod.sources(self.seats)
        if self.arm_seats:
            d["adapt"] = {"folder": str(self.study.weights_folder),
                          "arms": [{"arm": a, "weights": lineup_mod.sources(s)} for a, s in self.arm_seats.items()]}
        if self.study.kind == "sweep":
            d["sweep"] = {
                "params": [name for name, _ in self.study.sweep],
                "arms": [{"arm": i, "values": values} for i, values, _ in self.arms],
            }
        return d


def play_chunk(game: str, seed: int, chunk: Chunk, players: int, vec: np.ndarray,
               kinds: np.ndarray, weights: np.ndarray, labels: list[str], check: bool) -> pd.DataFrame:
    """One joblib task: play a chunk and shape it as result rows."""
    spec = get_game(game)
    res = spec.play_batch(seed, chunk.start, chunk.n, players, vec, kinds, weights, check)
    return result_frame(res, chunk, labels)


def result_frame(res: dict, chunk: Chunk, labels: list[str]) -> pd.DataFrame:
    """play_batch arrays -> one row per game: game columns, then `{metric}_{seat}`."""
    n = chunk.n
    cols = {
        "game": np.arange(chunk.start, chunk.start + n, dtype=np.int64),
        "rotation": np.full(n, chunk.rotation, dtype=np.int16),
        "arm": np.full(n, chunk.arm, dtype=np.int16),
    }
    seat_arrays = {}
    for name, arr in res.items():
        arr = np.asarray(arr)
        if arr.ndim == 1:
            cols[name] = arr
        elif arr.ndim == 2:
            seat_arrays[name] = arr
        else:
            raise ValueError(f"result {name} has shape {arr.shape}")
    for seat, label in enumerate(labels):
        cols[f"strategy_{seat}"] = pd.Categorical([label] * n)
        for name, arr in seat_arrays.items():
            cols[f"{name}_{seat}"] = arr[:, seat]
    return pd.DataFrame(cols)


def _write_atomic(df: pd.DataFrame, path: Path) -> None:
    """Write to a temp file, then rename: a chunk file is whole or absent (disk full included)."""
    tmp = path.with_name("." + path.name + ".tmp")
    try:
        df.to_parquet(tmp, index=False)
        os.replace(tmp, path)
    finally:
        if tmp.exists():
            tmp.unlink()


def write_json_atomic(obj: dict, path: Path) -> None:
    tmp = path.with_name("." + path.name + ".tmp")
    try:
        tmp.write_text(json.dumps(obj, indent=2, sort_keys=False, default=_json_default) + "\n")
        os.replace(tmp, path)
    finally:
        if tmp.exists():
            tmp.unlink()


def _json_default(o):
    if isinstance(o, (np.integer,)):
        return int(o)
    if isinstance(o, (np.floating,)):
        return float(o)
    raise TypeError(type(o))


def chunk_is_complete(path: Path, n: int) -> bool:
    """A chunk counts only if its Parquet footer reads and it holds all n rows."""
    if not path.exists():
        return False
    try:
        import pyarrow.parquet as pq
        return pq.ParquetFile(path).metadata.num_rows == n
    except Exception:
        return False


def prepare_folder(out: Path, resume: bool, force: bool, plan: Plan, extend: bool = False) -> dict | None:
    """Check the output folder before anything is written; returns the stored run.json on resume.

    `extend` is a resume that may ask for more games than the stored run: the new games
    are new chunks on the same seeds, so an extended run equals one run of that size."""
    out = Path(out)
    if resume and force:
        raise AgonInputError("choose one of --resume and --force")
    if extend:
        resume = True
    if out.exists() and not out.is_dir():
        raise AgonInputError(f"output path {out} exists and is not a folder")
    exists = out.exists() and any(out.iterdir())
    if resume:
        meta_path = out / "run.json"
        if not meta_path.exists():
            raise AgonInputError(f"nothing to resume in {out}: no run.json")
        try:
            meta = json.loads(meta_path.read_text())
        except ValueError:
            raise AgonInputError(f"cannot resume {out}: run.json is not valid JSON")
        mine = plan.describe()
        free = {"chunk_size"} | ({"games", "seeds"} if extend else set())
        diffs = [k for k in mine if k not in free and meta.get(k) != json.loads(json.dumps(mine[k], default=_json_default))]
        if extend and int(mine["seeds"]) < int(meta.get("seeds", 0)):
            raise AgonInputError(f"cannot extend {out} to fewer games ({mine['games']}) than it holds ({meta.get('games')})")
        if diffs:
            raise AgonInputError(
                f"cannot resume {out}: the stored run differs in {', '.join(diffs)}; use the same settings or --force")
        return meta
    if exists and not force:
        raise AgonInputError(f"output folder {out} already exists; use --resume to finish it or --force to replace it")
    if exists and force and not (out / "run.json").exists():
        raise AgonInputError(f"refusing to replace {out}: it is not an Agon run folder (no run.json)")
    return None


def run_study(study: Study, out: Path, jobs: int = 1, resume: bool = False, force: bool = False,
              backend: str = "loky", progress: bool = True, plan: Plan | None = None,
              extend: bool = False, scheduler: str | None = None, workers: int | None = None) -> Path:
    """Play a study into run folder `out` (results/ + run.json). Returns the folder.

    `extend=True` grows an existing run folder to `study.games` (sequential studies add
    batches this way); only the new or changed chunks are played."""
    if jobs < 1:
        raise AgonInputError(f"--jobs must be at least 1, got {jobs}")
    check_backend(backend, scheduler, workers)
    out = Path(out)
    plan = plan or Plan(study, jobs)
    if extend and not (out / "run.json").exists():
        extend = False  # nothing to grow yet: a plain first run
    prepare_folder(out, resume, force, plan, extend=extend)  # checks only: nothing written yet
    if _SHARED:   # inside `shared_pool`: the study's Dask cluster or client, already reached
        return _play_study(study, out, jobs, resume, force, _SHARED[-1][0], progress, plan, extend,
                           _SHARED[-1][1])
    with _pool(backend, jobs, scheduler, workers) as pool:  # reach the cluster before writing
        return _play_study(study, out, jobs, resume, force, backend, progress, plan, extend, pool)


_SHARED: list = []   # (backend, pool) of the open `shared_pool` blocks, innermost last


@contextmanager
def shared_pool(backend: str = "loky", jobs: int = 1, scheduler: str | None = None, workers: int | None = None):
    """One Dask client (or local cluster) for a study made of many runs (tune, tournament,
    design-report ...): every run_study inside uses it instead of starting its own, so the
    cluster is reached, started and warmed once (a loky pool is reused by joblib anyway)."""
    check_backend(backend, scheduler, workers)
    with _pool(backend, jobs, scheduler, workers) as pool:
        _SHARED.append((backend, pool))
        try:
            yield
        finally:
            _SHARED.pop()


def _play_study(study, out, jobs, resume, force, backend, progress, plan, extend, pool) -> Path:
    """run_study's body, once the folder is checked and the workers are ready."""
    stored = prepare_folder(out, resume, force, plan, extend=extend)
    if stored is not None:
        plan.chunk_size = int(stored["chunk_size"])  # the chunk plan of the first attempt
    elif out.exists():
        shutil.rmtree(out)
    results = out / "results"
    results.mkdir(parents=True, exist_ok=True)

    meta = plan.describe()
    meta.update({
        "status": "running",
        "command": study.command,
        "version": package_version(),
        "git_commit": git_commit(),
        "jobs": jobs,
        "backend": backend,
        "created": (stored or {}).get("created") or time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "wall_seconds": float((stored or {}).get("wall_seconds", 0.0)),
    })
    write_json_atomic(meta, out / "run.json")

    chunks = plan.chunks()
    todo = [c for c in chunks if not chunk_is_complete(results / c.filename, c.n)]
    done_games = sum(c.n for c in chunks) - sum(c.n for c in todo)
    for stale in results.glob(".*.tmp"):
        stale.unlink()

    t0 = time.perf_counter()
    played = 0
    bar = _progress(plan.total_games, done_games, progress)
    written: set[Chunk] = set()
    ctrl_c = _CtrlC()
    try:
        for attempt in range(MAX_RETRIES + 1):
            left = [c for c in todo if c not in written]
            try:
                for chunk, df in _execute(plan, left, pool):
                    if chunk in written:   # a retried task finished twice: keep one copy
                        continue
                    _write_atomic(df, results / chunk.filename)
                    written.add(chunk)
                    played += chunk.n
                    bar.update(chunk.n)
                    ctrl_c.check()
                break
            except _worker_lost_errors() as e:
                ctrl_c.check()   # workers torn down by Ctrl-C are not a crash to replay
                if attempt == MAX_RETRIES:
                    raise AgonRunError(
                        f"workers kept dying ({type(e).__name__}); {len(written)} of {len(todo)} chunks "
                        f"were saved; finish with: {study.command or 'agon ...'} --resume") from e
                missing = len(todo) - len(written)
                print(f"\nworker lost ({type(e).__name__}); replaying its {missing} unfinished "
                      f"chunk(s) (retry {attempt + 1} of {MAX_RETRIES})", file=sys.stderr)
    except (KeyboardInterrupt, OSError, AgonRunError) as e:
        ctrl_c.restore()
        bar.close()
        meta["wall_seconds"] += time.perf_counter() - t0
        meta["status"] = "interrupted" if isinstance(e, KeyboardInterrupt) else "failed"
        try:  # on a full disk even this may fail; the chunks already written stay valid
            write_json_atomic(meta, out / "run.json")
        except OSError:
            pass
        if isinstance(e, KeyboardInterrupt):
            kept = len(list(results.glob("chunk-*.parquet")))
            print(f"\ninterrupted: {kept} of {len(chunks)} chunks kept in {out}; "
                  f"finish with: {study.command or 'agon ...'} --resume", file=sys.stderr)
        raise
    ctrl_c.restore()
    bar.close()
    wall = time.perf_counter() - t0
    meta["wall_seconds"] = round(meta["wall_seconds"] + wall, 3)
    meta["status"] = "complete"
    meta["games_played_this_session"] = played
    meta["games_per_s"] = round(played / wall, 1) if wall > 0 and played else None
    write_json_atomic(meta, out / "run.json")
    return out


class _CtrlC:
    """Remembers a Ctrl-C even if a library swallows the KeyboardInterrupt or turns it into a
    worker error while tearing its pool down: the run loop checks after every chunk."""

    def __init__(self):
        self.pressed = False
        self._previous = None
        if threading.current_thread() is threading.main_thread():
            self._previous = signal.signal(signal.SIGINT, self._handler)

    def _handler(self, signum, frame):
        self.pressed = True
        raise KeyboardInterrupt

    def check(self) -> None:
        if self.pressed:
            raise KeyboardInterrupt

    def restore(self) -> None:
        if self._previous is not None:
            signal.signal(signal.SIGINT, self._previous)
            self._previous = None


def _progress(total: int, initial: int, enabled: bool):
    from tqdm import tqdm
    return tqdm(total=total, initial=initial, unit="game", unit_scale=True, file=sys.stderr,
                disable=not enabled, dynamic_ncols=True, smoothing=0.1,
                bar_format="{l_bar}{bar}| {n_fmt}/{total_fmt} games [{elapsed}<{remaining}, {rate_fmt}]")


def _tasks(plan: Plan, todo: list[Chunk]):
    arm_vec = {arm: vec for arm, _, vec in plan.arms}
    for chunk in todo:
        seats = lineup_mod.rotated(plan.arm_seats.get(chunk.arm, plan.seats), chunk.rotation)
        kinds, weights = lineup_mod.arrays(plan.spec, seats)
        yield chunk, (plan.spec.name, int(plan.study.seed), chunk, plan.players, arm_vec[chunk.arm],
                      kinds, weights, [s.name for s in seats], bool(plan.study.check))


class AgonRunError(RuntimeError):
    """A run that cannot go on (e.g. workers keep dying); finished chunks are kept."""


def _worker_lost_errors() -> tuple:
    """Exceptions that mean a worker process died under a task (its chunks are replayed)."""
    from concurrent.futures.process import BrokenProcessPool
    from joblib.externals.loky.process_executor import TerminatedWorkerError
    errors = [TerminatedWorkerError, BrokenProcessPool]
    distributed = sys.modules.get("distributed")   # loaded only by the Dask backends: no start-up cost
    if distributed is not None:
        errors.append(distributed.KilledWorker)
    return tuple(errors)


def check_backend(backend: str, scheduler: str | None, workers: int | None) -> None:
    """Validate backend options before anything is written."""
    if backend not in BACKENDS:
        raise AgonInputError(f"unknown backend {backend!r}; valid: {', '.join(BACKENDS)}")
    if scheduler and backend != "dask":
        raise AgonInputError("--scheduler goes with --backend dask")
    if backend == "dask" and not scheduler:
        raise AgonInputError("--backend dask needs --scheduler tcp://HOST:8786 (or use --backend dask-local)")
    if workers is not None and backend != "dask-local":
        raise AgonInputError("--workers goes with --backend dask-local (use --jobs for loky)")
    if workers is not None and workers < 1:
        raise AgonInputError(f"--workers must be at least 1, got {workers}")
    if backend.startswith("dask"):
        try:
            import distributed  # noqa: F401
        except ImportError:
            raise AgonInputError(f"--backend {backend} needs the cluster extra: pip install 'agon[cluster]'")


@dataclass
class _Pool:
    """Where chunks run: joblib backend name, n_jobs, and the Dask client if any."""
    backend: str
    jobs: int
    client: object = None


class _pool:
    """Context manager: a joblib backend, or a Dask client (connected or on a local cluster).

    Dask workers run one thread each; a local cluster uses processes, so numba code
    runs truly in parallel and a crashed worker is restarted by its nanny."""

    def __init__(self, backend, jobs, scheduler, workers):
        self.backend, self.jobs, self.scheduler, self.workers = backend, jobs, scheduler, workers
        self.cluster = self.client = None

    def __enter__(self) -> _Pool:
        if self.backend == "dask":
            from distributed import Client
            try:
                self.client = Client(self.scheduler, timeout="20s")
            except (OSError, TimeoutError) as e:
                raise AgonInputError(f"cannot reach the Dask scheduler at {self.scheduler}: {e}")
            return _Pool("dask", -1, self.client)
        if self.backend == "dask-local":
            from distributed import Client, LocalCluster
            n = self.workers or self.jobs
            self.cluster = LocalCluster(n_workers=n, threads_per_worker=1, processes=True,
                                        dashboard_address=None, silence_logs=40)
            self.client = Client(self.cluster)
            return _Pool("dask", -1, self.client)
        return _Pool(self.backend, self.jobs)

    def __exit__(self, *exc):
        if self.client is not None:
            self.client.close()
        if self.cluster is not None:
            self.cluster.close()
        return False


def _warm(game: str, players: int, vec, kinds, weights, labels) -> bool:
    """Compile (or load from the numba cache) by playing one throw-away game."""
    play_chunk(game, 0, Chunk(0, 0, 0, 1), players, vec, kinds, weights, labels, False)
    return True


def _warm_dask_workers(client, warm_args) -> None:
    """Each Dask worker compiles (or loads its numba cache) once before the chunks, not per task.

    A pinned ordinary task per worker, not `client.run`: that would block the worker's
    event loop for the whole compilation and miss heartbeats."""
    workers = list(client.scheduler_info()["workers"])
    futures = [client.submit(_warm, *warm_args, workers=[w], allow_other_workers=False, pure=False,
                             key=f"agon-warm-{i}-{time.time_ns()}")
               for i, w in enumerate(workers)]
    client.gather(futures)


def _execute(plan: Plan, todo: list[Chunk], pool: _Pool):
    """Yield (chunk, frame) as chunks finish, in any order."""
    if not todo:
        return
    tasks = list(_tasks(plan, todo))
    if pool.client is None and (pool.jobs == 1 or len(tasks) == 1):
        for chunk, args in tasks:
            yield chunk, play_chunk(*args)
        return
    # Compile (or load the numba cache) once here so workers start from the cache.
    warm_args = (plan.spec.name, plan.players, *tasks[0][1][4:8])
    _warm(*warm_args)
    from joblib import Parallel, delayed, parallel_config
    if pool.client is not None:
        _warm_dask_workers(pool.client, warm_args)
    # a loky worker whose memory grew by 300 MB (numba compiling counts) exits after handing in
    # its chunk and loky starts a new one with a warning that only alarms the reader
    warnings.filterwarnings("ignore", message="A worker stopped while some jobs were given", category=UserWarning)
    with parallel_config(backend=pool.backend, n_jobs=pool.jobs):
        gen = Parallel(return_as="generator_unordered")(
            delayed(_play_tagged)(args) for _, args in tasks)
        for chunk, df in gen:
            yield chunk, df


def _play_tagged(args):
    return args[2], play_chunk(*args)


__all__ = ["Study", "Plan", "Chunk", "run_study", "play_chunk", "BACKENDS", "AgonRunError", "check_backend", "shared_pool"]
