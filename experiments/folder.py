"""Run folders: the only places Agon writes, and the only things `--force` ever removes.

Every run (seats, sweep) and every composite study (tournament, tune, restrict, components,
design report) writes into one folder it made. Three rules keep a user's files safe:

- Names are plain. A folder Agon derives from a name (a study of a TOML file, a line-up, a
  ban, a game) is `child(base, name)`: one path component of letters, digits, `.`, `_`, `-`,
  not starting with a dot, and it must resolve inside `base` (no `..`, no separators, no
  symlink that leads out).
- `--force` replaces only a folder Agon made: its `run.json` (or a batch's `batch.json`)
  carries the marker `MARKER`, and every file under it is of a kind Agon writes. Anything else
  (no marker, an unknown file, the current directory or one of its parents) is refused with one
  line and nothing is removed. The folder itself stays (with its lock); only its contents go.
- One writer at a time. `hold(out)` takes an exclusive lock (`fcntl.flock`) on `out/.agon.lock`
  for as long as the run writes; a second run, `--resume` or `--force` on that folder is refused
  with one line naming the process that holds it. Nested holds by the same process count up.

Everything is checked before the first file is written; a start that fails before writing
anything leaves no folder behind.
"""
from __future__ import annotations

import errno
import fcntl
import json
import os
import re
import shutil
import time
from contextlib import contextmanager
from pathlib import Path

from experiments.provenance import git_commit, package_version
from sim.spec import AgonInputError

MARKER = "agon_run_folder"          # key in run.json / batch.json; value: format version
MARKER_VERSION = 1
LOCK_NAME = ".agon.lock"
META_FILES = ("run.json", "batch.json")
# What Agon writes into its folders; `--force` refuses a folder holding anything else.
AGON_SUFFIXES = {".parquet", ".json", ".md", ".html", ".png", ".svg", ".csv", ".toml", ".tmp", ".lock"}
_PLAIN = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,99}")


def plain_name(name, what: str = "name") -> str:
    """A name that may become one folder: letters, digits, `.`, `_`, `-`, no leading dot, no `..`."""
    text = name if isinstance(name, str) else None
    if text is None or not _PLAIN.fullmatch(text) or ".." in text:
        raise AgonInputError(f"{what} {name!r} must be 1-100 letters, digits, '.', '_' or '-', "
                             f"not start with '.' and not contain '..'")
    return text


def child(base, name, what: str = "name") -> Path:
    """`base/name` for a plain `name` that resolves inside `base` (a symlink may not lead out)."""
    base = Path(base)
    path = base / plain_name(name, what)
    inside_of(base, path, what)
    return path


def inside_of(base, path, what: str = "path") -> Path:
    """Refuse `path` unless it resolves inside `base`."""
    b, p = Path(base).resolve(), Path(path).resolve()
    if p != b and b not in p.parents:
        raise AgonInputError(f"{what} {str(path)!r} leads outside {base}")
    return Path(path)


def check_out(out) -> Path:
    """An output folder given by the user: a non-empty path that is not a file."""
    if out is None or str(out).strip() == "":
        raise AgonInputError("--out must name a folder, got an empty path")
    out = Path(out)
    if out.exists() and not out.is_dir():
        raise AgonInputError(f"output path {out} exists and is not a folder")
    return out


def meta_of(folder) -> dict | None:
    """The folder's run.json / batch.json as a dict, or None when it has none (or it is unreadable)."""
    for name in META_FILES:
        path = Path(folder) / name
        if path.exists():
            try:
                meta = json.loads(path.read_text())
            except (OSError, ValueError):
                return None
            return meta if isinstance(meta, dict) else None
    return None


def is_agon_folder(folder) -> bool:
    meta = meta_of(folder)
    return bool(meta) and meta.get(MARKER) == MARKER_VERSION


def has_content(out: Path) -> bool:
    return out.exists() and any(p.name != LOCK_NAME for p in out.iterdir())


def check(out, resume: bool = False, force: bool = False) -> Path:
    """Validate `out` for a new, resumed or replaced study; writes nothing."""
    out = check_out(out)
    if resume and force:
        raise AgonInputError("choose one of --resume and --force")
    if has_content(out):
        if not any((out / m).exists() for m in META_FILES):
            raise AgonInputError(f"refusing to use {out}: it is not an Agon run folder (no run.json)")
        if not (resume or force):
            raise AgonInputError(f"output folder {out} already exists; use --resume to finish it or --force to replace it")
        if force:
            removable(out)
    elif resume:
        raise AgonInputError(f"nothing to resume in {out}: no run.json")
    return out


def removable(out) -> None:
    """Refuse (one line) unless `--force` may empty `out`: Agon made it and holds nothing else."""
    out = Path(out)
    here = Path.cwd().resolve()
    real = out.resolve()
    if real == here or real in here.parents or real == Path(real.anchor) or real == Path.home().resolve():
        raise AgonInputError(f"refusing to replace {out}: it is the current folder, one of its parents, "
                             f"the home folder or the root")
    if not is_agon_folder(out):
        raise AgonInputError(f"refusing to replace {out}: its run.json has no Agon marker (not made by this "
                             f"Agon, or edited); remove it yourself if you mean it")
    for root, dirs, files in os.walk(out, followlinks=False):
        for name in dirs:
            if (Path(root) / name).is_symlink():
                raise AgonInputError(f"refusing to replace {out}: it holds a link {Path(root) / name} Agon did not make")
        for name in files:
            path = Path(root) / name
            if path.is_symlink() or path.suffix not in AGON_SUFFIXES:
                raise AgonInputError(f"refusing to replace {out}: it holds {path}, which Agon did not write; "
                                     f"move it out first")
            if name == LOCK_NAME and Path(root) != out:
                _refuse_if_locked(Path(root))


def clear(out) -> None:
    """Empty an Agon folder for `--force` (checked by `removable`); its lock file stays."""
    out = Path(out)
    removable(out)
    for entry in out.iterdir():
        if entry.name == LOCK_NAME:
            continue
        if entry.is_dir() and not entry.is_symlink():
            shutil.rmtree(entry)
        else:
            entry.unlink()


# ---- one writer per folder -------------------------------------------------------------------

_HELD: dict[str, list] = {}   # resolved path -> [fd, count, created_by_us]
_STARTED = [0]                # folders this process has locked for writing (see `started`)


def started() -> int:
    """How many run folders this process has locked for writing so far: the CLI prints how to
    finish a run after Ctrl-C only when one was written."""
    return _STARTED[0]


def hold(out) -> None:
    """Lock `out` for this process (creating the folder); refused if another process holds it."""
    out = Path(out)
    key = str(out.resolve())
    if key in _HELD:
        _HELD[key][1] += 1
        return
    created = not out.exists()
    out.mkdir(parents=True, exist_ok=True)
    fd = os.open(out / LOCK_NAME, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as e:
        holder = _holder(fd)
        os.close(fd)
        if e.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
            raise AgonInputError(f"{out} is being written by another agon run{holder}; wait for it to finish "
                                 f"or choose another --out")
        raise
    os.ftruncate(fd, 0)
    os.write(fd, f"{os.getpid()}\n".encode())
    _HELD[key] = [fd, 1, created]
    _STARTED[0] += 1


def release(out, failed: bool = False) -> None:
    """Undo one `hold`; the last one unlocks. A failed start that wrote nothing removes the
    folder it created."""
    out = Path(out)
    key = str(out.resolve())
    entry = _HELD.get(key)
    if entry is None:
        return
    entry[1] -= 1
    if entry[1] > 0:
        return
    del _HELD[key]
    fd, _, created = entry
    empty = created and failed and not has_content(out)
    try:
        if empty:
            (out / LOCK_NAME).unlink(missing_ok=True)
    finally:
        fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)
    if empty:
        try:
            out.rmdir()
        except OSError:
            pass


@contextmanager
def locked(out):
    """`hold` for the duration of a block (a failed start that wrote nothing leaves no folder)."""
    hold(out)
    failed = True
    try:
        yield Path(out)
        failed = False
    finally:
        release(out, failed=failed)


def _holder(fd: int) -> str:
    try:
        pid = os.pread(fd, 32, 0).decode().strip()
    except OSError:
        return ""
    return f" (process {pid})" if pid.isdigit() else ""


def _refuse_if_locked(folder: Path) -> None:
    """An inner run folder another process is writing may not be removed."""
    if str(folder.resolve()) in _HELD:
        return
    fd = os.open(folder / LOCK_NAME, os.O_RDWR)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        fcntl.flock(fd, fcntl.LOCK_UN)
    except OSError:
        raise AgonInputError(f"refusing to replace {folder.parent}: {folder} is being written by another "
                             f"agon run{_holder(fd)}")
    finally:
        os.close(fd)


# ---- composite study folders -------------------------------------------------------------------

def marked(meta: dict) -> dict:
    """run.json fields every Agon folder carries: the marker, version, commit."""
    return dict(meta, **{MARKER: MARKER_VERSION}, version=package_version(), git_commit=git_commit())


def start(out, meta: dict, resume: bool = False, force: bool = False) -> Path:
    """Lock the folder, empty it on --force, write the study's run.json (status running).

    The lock is held until `finish` (or until the process ends)."""
    out = Path(out)
    hold(out)
    try:
        check(out, resume, force)   # again, now that no other run can change it
        if force and has_content(out):
            clear(out)
        meta = marked(dict(meta, status="running", created=time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())))
        from experiments.runner import write_json_atomic
        write_json_atomic(meta, out / "run.json")
    except BaseException:
        release(out, failed=True)
        raise
    return out


def finish(out, meta_update: dict) -> None:
    from experiments.runner import write_json_atomic
    path = Path(out) / "run.json"
    meta = json.loads(path.read_text())
    meta.update(meta_update, status="complete")
    write_json_atomic(meta, path)
    release(out)


# ---- batch folders (several studies side by side: `agon run`, `agon design-report`) --------------

def check_base(base) -> Path:
    """A folder that holds several studies and their index: new, empty, or one Agon made
    (its batch.json). It is written into (index, batch.json), never emptied."""
    base = check_out(base)
    if has_content(base) and not (base / "batch.json").exists():
        raise AgonInputError(f"refusing to write into {base}: it holds files and is not an Agon batch folder "
                             f"(no batch.json); choose a new or empty --out")
    return base


def write_batch(base, meta: dict) -> None:
    from experiments.runner import write_json_atomic
    write_json_atomic(marked(meta), Path(base) / "batch.json")


def out_folder(given, default: str) -> Path:
    """`--out` as given (checked: not empty, not a file), or the command's default."""
    return check_out(default if given is None else given)
