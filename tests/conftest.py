"""Shared fixtures: the Pig fixture game is registered for every test process."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FIXTURE_GAMES = "pig=tests.framework.pig;crashy=tests.framework.crashy"
os.environ.setdefault("AGON_EXTRA_GAMES", FIXTURE_GAMES)
if "crashy" not in os.environ["AGON_EXTRA_GAMES"]:
    os.environ["AGON_EXTRA_GAMES"] += ";" + FIXTURE_GAMES
import sim  # noqa: E402  (registry reads AGON_EXTRA_GAMES at import)

sim._GAME_MODULES.setdefault("pig", "tests.framework.pig")
sim._GAME_MODULES.setdefault("crashy", "tests.framework.crashy")


def agon_env() -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    env["AGON_EXTRA_GAMES"] = FIXTURE_GAMES
    return env


def run_agon(*args, cwd=None, timeout=300):
    """Run the CLI in a new process, as a user would."""
    return subprocess.run([sys.executable, "-m", "experiments.cli", *map(str, args)], cwd=cwd or ROOT,
                          env=agon_env(), capture_output=True, text=True, timeout=timeout)


@pytest.fixture
def agon():
    return run_agon


# Under pytest-xdist (`make test`: -n 2 --dist loadgroup) the tests of one game run on one process,
# so its numba code is compiled once. Catan and Troja share one engine, hence one group.
_GROUPS = {"catan": "catan", "troja": "catan", "magna_grecia": "magna_grecia", "glory_to_rome": "glory_to_rome",
           "mare_nostrum": "mare_nostrum"}


@pytest.hookimpl(tryfirst=True)     # before xdist's own hook, which reads the marks into the node ids
def pytest_collection_modifyitems(config, items):
    for item in items:
        parts = Path(str(item.fspath)).relative_to(ROOT).parts
        group = _GROUPS.get(parts[1]) if len(parts) > 2 and parts[0] == "tests" else None
        if group is None and hasattr(item, "callspec"):   # a test over every game (tests/contract): by its game
            games = [_GROUPS.get(str(v).replace("-", "_")) for v in item.callspec.params.values()]
            group = next((g for g in games if g), None)
        if group:
            item.add_marker(pytest.mark.xdist_group(group))


# The suite must not write into the repository's weights folder (a test that trains without --out did:
# `agon train pig --players 0` left strategies/weights/pig-2p.toml behind, which then became Pig's `tuned`).
_WEIGHTS = ROOT / "strategies" / "weights"


def _weights_listing() -> dict:
    return {p.name: p.stat().st_mtime_ns for p in sorted(_WEIGHTS.glob("*.toml"))}


def pytest_sessionstart(session):
    session.config._agon_weights = _weights_listing()


def pytest_sessionfinish(session, exitstatus):
    if hasattr(session.config, "workerinput"):
        return                      # an xdist worker: the controller compares once, at the very end
    before, after = getattr(session.config, "_agon_weights", None), _weights_listing()
    if before is not None and after != before:
        changed = sorted(set(before.items()) ^ set(after.items()))
        session.exitstatus = 1
        print(f"\nthe tests wrote into {_WEIGHTS}: {changed}", file=sys.stderr)
