"""Play a study's games in chunks over joblib workers and stream them to Parquet.

A chunk is (arm, rotation, first game index, count). Every game draws its random
streams from (seed, game index), so the results do not depend on the chunk size,
the number of jobs or the backend. Each finished chunk is written atomically to
`results/`; `--resume` plays only the chunks that are missing or unreadable, so an
interrupted run ends with exactly the rows of an uninterrupted one.
"""
from __future__ import annotations

import itertools
import json
import math
import os
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

from experiments import chunks as chunks_mod
from experiments import folder as folder_mod
from experiments.args import MAX_CHUNK, MAX_GAMES, MAX_SEED, int_text
from experiments.chunks import AgonRunError
from experiments import lineup as lineup_mod
from sim import get_game
from sim.spec import AgonInputError, GameSpec

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
    weights_checks: list | None = None  # --adapt: per arm (in order), {base: its file's player check}


@dataclass(frozen=True)
class Chunk:
    arm: int
    rotation: int
    start: int
    n: int

    @property
    def filename(self) -> str:
        return chunks_mod.chunk_name(self.arm, self.rotation, self.start)


class Plan:
    """A validated study: everything is checked here, before any file is written."""

    def __init__(self, study: Study, jobs: int = 1):
        self.study = study
        self.spec: GameSpec = get_game(study.game)
        spec = self.spec
        players = spec.default_players if study.players is None else study.players
        self.players = spec.check_players(int_text(players, "--players", 1))
        if study.kind not in ("seats", "sweep"):
            raise AgonInputError(f"unknown study kind {study.kind!r}; valid: seats, sweep")
        games = int_text(study.games, "--games", 1, MAX_GAMES)
        int_text(study.seed, "--seed", 0, MAX_SEED)
        self.seats = lineup_mod.parse_lineup(spec, study.strategies, self.players, study.params,
                                             study.weights_folder)
        self.rotations = 1 if lineup_mod.is_mirror(self.seats) else self.players
        if games < self.rotations:
            raise AgonInputError(f"--games {games} is fewer than the {self.rotations} seat rotations of this "
                                 f"line-up; every seed is played in every rotation, so give at least {self.rotations}")
        self.n_seeds = max(1, math.ceil(games / self.rotations))
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
        if study.chunk_size is not None:
            self.chunk_size = int_text(study.chunk_size, "--chunk", 1, MAX_CHUNK)
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

    def chunks(self):
        """Every chunk of the run, generated on the fly: planning takes the same memory for 10^12
        games as for 10 (the chunks are never held in a list)."""
        for arm, _, _ in self.arms:
            for rot in range(self.rotations):
                for start in range(0, self.n_seeds, self.chunk_size):
                    yield Chunk(arm, rot, start, min(self.chunk_size, self.n_seeds - start))

    @property
    def n_chunks(self) -> int:
        return len(self.arms) * self.rotations * math.ceil(self.n_seeds / self.chunk_size)

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
            checks = dict(zip((a for a, _, _ in self.arms), self.study.weights_checks or []))
            d["adapt"] = {"folder": str(self.study.weights_folder),
                          "arms": [{"arm": a, "weights": lineup_mod.sources(s),
                                    **({"checks": checks[a]} if a in checks else {})}
                                   for a, s in self.arm_seats.items()]}
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


def play_chunk_encoded(*args) -> chunks_mod.Encoded:
    """play_chunk, its rows encoded as Parquet bytes where they were played (a worker), so the
    process that writes the chunks does not convert them one after another."""
    return chunks_mod.encode(play_chunk(*args))


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
    """A chunk file and its checksum (experiments/chunks.py): whole or absent, disk full included."""
    chunks_mod.write_chunk(df, path)


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
    """A chunk counts only if its checksum matches and it holds all n rows."""
    return chunks_mod.state(path, n) == "ok"


def appended_defaults(spec: GameSpec, stored: dict, mine: dict) -> dict:
    """A stored run's parameters with the ones Agon added since at their defaults (a parameter is
    appended with the old rule as its default), so a run written before it can still be resumed;
    one the run sets away from its default still differs."""
    names = set(spec.params.names())
    defaults = spec.params.describe(spec.params.vector({}))
    extra = {k: v for k, v in mine.items() if k not in stored and k in names and v == defaults.get(k)}
    return {**stored, **extra} if extra else stored


def prepare_folder(out: Path, resume: bool, force: bool, plan: Plan, extend: bool = False) -> dict | None:
    """Check the output folder before anything is written; returns the stored run.json on resume.

    `extend` is a resume that may ask for more games than the stored run: the new games
    are new chunks on the same seeds, so an extended run equals one run of that size.
    What `--force` may remove is decided by experiments/folder.py (only a folder Agon made)."""
    if resume and force:
        raise AgonInputError("choose one of --resume and --force")
    if extend:
        resume = True
    out = folder_mod.check(out, resume, force)
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
        if isinstance(meta.get("params"), dict):
            meta["params"] = appended_defaults(plan.spec, meta["params"], mine["params"])
        diffs = [k for k in mine if k not in free and meta.get(k) != json.loads(json.dumps(mine[k], default=_json_default))]
        if extend and int(mine["seeds"]) < int(meta.get("seeds", 0)):
            raise AgonInputError(f"cannot extend {out} to fewer games ({mine['games']}) than it holds ({meta.get('games')})")
        if diffs:
            raise AgonInputError(
                f"cannot resume {out}: the stored run differs in {', '.join(diffs)}; use the same settings or --force")
        return meta
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
    """run_study's body, once the workers are ready: lock the folder, check it again under the
    lock, and play."""
    with folder_mod.locked(out):
        return _play_locked(study, out, jobs, resume, force, backend, progress, plan, extend, pool)


def _play_locked(study, out, jobs, resume, force, backend, progress, plan, extend, pool) -> Path:
    stored = prepare_folder(out, resume, force, plan, extend=extend)
    if stored is not None:
        plan.chunk_size = int(stored["chunk_size"])  # the chunk plan of the first attempt
    elif force and folder_mod.has_content(out):
        folder_mod.clear(out)   # only what Agon made (experiments/folder.py)
    results = out / "results"
    results.mkdir(parents=True, exist_ok=True)

    meta = folder_mod.marked(plan.describe())
    meta.update({
        "status": "running",
        "command": study.command,
        "jobs": jobs,
        "backend": backend,
        chunks_mod.CHECKSUM_KEY: 1,
        "created": (stored or {}).get("created") or time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "wall_seconds": float((stored or {}).get("wall_seconds", 0.0)),
    })
    write_json_atomic(meta, out / "run.json")
    for stale in results.glob(".*.tmp"):
        stale.unlink()

    t0 = time.perf_counter()
    played = [0]
    bar = _progress(plan.total_games, 0, progress)

    def pending():
        """Chunks still to play, found lazily: finished ones are skipped, damaged ones replayed."""
        for chunk in plan.chunks():
            path = results / chunk.filename
            state = chunks_mod.state(path, chunk.n) if (stored is not None or played[0]) else "missing"
            if state == "ok":
                bar.update(chunk.n)
                continue
            if state == "corrupt":
                print(f"\nchunk {path} is damaged (its checksum does not match); playing it again", file=sys.stderr)
            yield chunk

    ctrl_c = _CtrlC()
    try:
        for attempt in range(MAX_RETRIES + 1):
            try:
                for chunk, df in _execute(plan, pending(), pool):
                    _write_atomic(df, results / chunk.filename)
                    played[0] += chunk.n
                    bar.update(chunk.n)
                    ctrl_c.check()
                break
            except _worker_lost_errors() as e:
                ctrl_c.check()   # workers torn down by Ctrl-C are not a crash to replay
                if attempt == MAX_RETRIES:
                    raise AgonRunError(
                        f"workers kept dying ({type(e).__name__}); the {played[0]:,} games played were saved "
                        f"and --resume finishes the run", resumable=True) from e
                print(f"\nworker lost ({type(e).__name__}); replaying its unfinished chunk(s) "
                      f"(retry {attempt + 1} of {MAX_RETRIES})", file=sys.stderr)
    except (KeyboardInterrupt, OSError, AgonRunError) as e:
        ctrl_c.restore()
        bar.close()
        if isinstance(e, KeyboardInterrupt):
            pool.abort()   # stop the workers now, not after their chunks
        meta["wall_seconds"] += time.perf_counter() - t0
        meta["status"] = "interrupted" if isinstance(e, KeyboardInterrupt) else "failed"
        try:  # on a full disk even this may fail; the chunks already written stay valid
            write_json_atomic(meta, out / "run.json")
        except OSError:
            pass
        if isinstance(e, KeyboardInterrupt):
            kept = sum(1 for _ in results.glob("chunk-*.parquet"))
            print(f"\ninterrupted: {kept} of {plan.n_chunks} chunks kept in {out}", file=sys.stderr)
        raise
    ctrl_c.restore()
    bar.close()
    wall = time.perf_counter() - t0
    meta["wall_seconds"] = round(meta["wall_seconds"] + wall, 3)
    meta["status"] = "complete"
    meta["games_played_this_session"] = played[0]
    meta["games_per_s"] = round(played[0] / wall, 1) if wall > 0 and played[0] else None
    write_json_atomic(meta, out / "run.json")
    return out


# set by a Ctrl-C: the pool is then aborted as a whole (_Pool.abort), and its in-flight futures must not be
# cancelled one by one as well: loky's manager thread then fails those futures itself, and a future already
# cancelled makes it raise InvalidStateError and die without stopping its workers (the run hung at exit)
_INTERRUPTED = threading.Event()


class _CtrlC:
    """Remembers a Ctrl-C even if a library swallows the KeyboardInterrupt or turns it into a
    worker error while tearing its pool down: the run loop checks after every chunk."""

    def __init__(self):
        self._previous = None
        _INTERRUPTED.clear()
        if threading.current_thread() is threading.main_thread():
            self._previous = signal.signal(signal.SIGINT, self._handler)

    def _handler(self, signum, frame):
        _INTERRUPTED.set()
        raise KeyboardInterrupt

    def check(self) -> None:
        if _INTERRUPTED.is_set():
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


def _tasks(plan: Plan, todo):
    """(chunk, play_chunk arguments) for each chunk of `todo`, lazily."""
    arm_vec = {arm: vec for arm, _, vec in plan.arms}
    for chunk in todo:
        seats = lineup_mod.rotated(plan.arm_seats.get(chunk.arm, plan.seats), chunk.rotation)
        kinds, weights = lineup_mod.arrays(plan.spec, seats)
        yield chunk, (plan.spec.name, int(plan.study.seed), chunk, plan.players, arm_vec[chunk.arm],
                      kinds, weights, [s.name for s in seats], bool(plan.study.check))


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


class _Pool:
    """Where chunks run: a local process (or thread) pool, or a Dask client.

    Local pools are `concurrent.futures` executors fed a few chunks at a time (`_windowed`), so a
    run of 10^12 games holds as few tasks as one of 10: loky (reused between runs), the standard
    library's process pool (`multiprocessing`, spawned processes) or threads. Every worker process
    exits when the agon process dies (`_die_with_parent`)."""

    def __init__(self, backend: str, jobs: int, client=None):
        self.backend, self.jobs, self.client = backend, jobs, client
        self._executor = self._loky = None

    def executor(self):
        """The pool's executor, (re)made if it is missing or broken by a dead worker."""
        if self.backend == "loky":
            # joblib's own factory: loky keeps one reusable pool per process, and joblib.Parallel
            # (used by other commands in the same process) needs it to be joblib's kind
            from joblib.executor import get_memmapping_executor
            self._loky = get_memmapping_executor(self.jobs, initializer=_die_with_parent,
                                                 initargs=(os.getpid(),))
            return self._loky
        if self._executor is None or getattr(self._executor, "_broken", False):
            self.close()
            if self.backend == "threading":
                from concurrent.futures import ThreadPoolExecutor
                self._executor = ThreadPoolExecutor(self.jobs)
            else:
                import multiprocessing
                from concurrent.futures import ProcessPoolExecutor
                self._executor = ProcessPoolExecutor(self.jobs, mp_context=multiprocessing.get_context("spawn"),
                                                     initializer=_die_with_parent, initargs=(os.getpid(),))
        return self._executor

    def start(self) -> None:
        """Start the worker processes now, so a pool that cannot start fails before a folder is written."""
        if self.client is None and self.jobs > 1 and self.backend in ("loky", "multiprocessing"):
            ex = self.executor()
            for f in [ex.submit(os.getpid) for _ in range(self.jobs)]:
                f.result()

    def abort(self) -> None:
        """Ctrl-C: stop the workers at once instead of letting them finish their chunks."""
        if self.client is not None:
            return
        if self._loky is not None:   # loky's own pool: a new one is made for the next run
            workers = list((getattr(self._loky, "_processes", None) or {}).values())
            _quiet_loky_manager()
            self._loky.shutdown(wait=False, kill_workers=True)
            for proc in workers:     # even if loky's manager thread trips over the shutdown
                try:
                    proc.terminate()
                except Exception:    # already gone
                    pass
            self._loky = None
        procs = getattr(self._executor, "_processes", None) or {}
        for proc in list(procs.values()):
            proc.terminate()
        self.close()

    def close(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None


def _quiet_loky_manager() -> None:
    """After a Ctrl-C the loky pool is killed from the main thread while its manager thread may be
    mid-step (a work item it was queueing is gone: KeyError); that thread's dying words would print
    a traceback under the one-line "interrupted" message. The workers are terminated either way."""
    if getattr(threading.excepthook, "_agon_quiet", False):
        return
    previous = threading.excepthook

    def hook(args):
        if args.thread is not None and args.thread.name == "ExecutorManagerThread":
            return
        previous(args)
    hook._agon_quiet = True
    threading.excepthook = hook


class _pool:
    """Context manager: a local pool, or a Dask client (connected or on a local cluster).

    Dask workers run one thread each; a local cluster uses processes, so numba code
    runs truly in parallel and a crashed worker is restarted by its nanny."""

    def __init__(self, backend, jobs, scheduler, workers):
        self.backend, self.jobs, self.scheduler, self.workers = backend, jobs, scheduler, workers
        self.cluster = self.client = self.local = None

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
        self.local = _Pool(self.backend, self.jobs)
        try:
            self.local.start()
        except Exception as e:
            self.local.close()
            raise AgonRunError(f"cannot start {self.jobs} {self.backend} workers: {type(e).__name__}: {e}") from e
        return self.local

    def __exit__(self, *exc):
        if self.local is not None:
            self.local.close()
        if self.client is not None:
            self.client.close()
        if self.cluster is not None:
            self.cluster.close()
        return False


def _die_with_parent(parent: int) -> None:
    """Worker initialiser: exit when the agon process `parent` dies, SIGKILL included, instead of
    idling (and holding memory) for minutes. Linux: the kernel's parent-death signal; elsewhere
    (and as a second line) a thread that watches the parent id."""
    if sys.platform.startswith("linux"):
        try:
            import ctypes
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(1, int(signal.SIGKILL), 0, 0, 0)   # PR_SET_PDEATHSIG = 1
        except (OSError, AttributeError):
            pass
    if os.getppid() != parent:   # the parent died before the signal was armed
        os._exit(1)

    def watch():
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(1)

    threading.Thread(target=watch, name="agon-parent-watch", daemon=True).start()


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


def _execute(plan: Plan, todo, pool: _Pool):
    """Yield (chunk, Encoded rows) as chunks finish, in any order; `todo` is consumed a few chunks ahead."""
    tasks = _tasks(plan, todo)
    head = list(itertools.islice(tasks, 2))
    if not head:
        return
    tasks = itertools.chain(head, tasks)
    if pool.client is None and (pool.jobs == 1 or len(head) == 1):
        for chunk, args in tasks:
            yield chunk, play_chunk_encoded(*args)
        return
    # Compile (or load the numba cache) once here so workers start from the cache.
    warm_args = (plan.spec.name, plan.players, *head[0][1][4:8])
    _warm(*warm_args)
    # a loky worker whose memory grew by 300 MB (numba compiling counts) exits after handing in
    # its chunk and loky starts a new one with a warning that only alarms the reader
    warnings.filterwarnings("ignore", message="A worker stopped while some jobs were given", category=UserWarning)
    if pool.client is None:
        yield from _windowed(pool.executor(), tasks, 2 * pool.jobs)
        return
    from joblib import Parallel, delayed, parallel_config
    _warm_dask_workers(pool.client, warm_args)
    with parallel_config(backend=pool.backend, n_jobs=pool.jobs):
        yield from Parallel(return_as="generator_unordered")(delayed(_play_tagged)(args) for _, args in tasks)


def _windowed(executor, tasks, window: int):
    """Keep `window` chunks in flight on `executor`; yield each as it finishes."""
    from concurrent.futures import FIRST_COMPLETED, wait
    in_flight = {}

    def submit_next() -> None:
        item = next(tasks, None)
        if item is not None:
            in_flight[executor.submit(play_chunk_encoded, *item[1])] = item[0]

    for _ in range(window):
        submit_next()
    try:
        while in_flight:
            done, _ = wait(list(in_flight), return_when=FIRST_COMPLETED)
            for fut in done:
                chunk = in_flight.pop(fut)
                df = fut.result()
                submit_next()   # keep the workers busy while this chunk is written
                yield chunk, df
    finally:
        if not _INTERRUPTED.is_set():   # after a Ctrl-C the pool's abort stops them (see _INTERRUPTED)
            for fut in in_flight:
                fut.cancel()


def _play_tagged(args):
    return args[2], play_chunk_encoded(*args)


__all__ = ["Study", "Plan", "Chunk", "run_study", "play_chunk", "BACKENDS", "AgonRunError", "check_backend", "shared_pool"]
