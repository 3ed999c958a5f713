"""Property-based tests (hypothesis) of the command line and of study files.

Whatever the input, `agon` either runs (exit 0) or prints one line and exits 2, never a
traceback, and a bad input writes nothing. Every argument of every command is drawn from values
known to be good and values known to be bad (NaN, inf, huge, negative, non-integer, non-ASCII
digits, empty, unknown names, traversal); an input with a bad value that exits 0 is a silent
accept. The same for TOML study files, with wrong types in every key.

The counts (inputs tried, tracebacks, silent accepts) are printed at the end of each test
(`pytest -s`) and are the README's figures. One process, the Pig fixture game, tiny --games.
"""
import json
import math
import os
import shutil
import traceback
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from experiments.cli import main

COUNTS = {"cli": Counter(), "toml": Counter()}
# derandomized (the same inputs on every run of the suite); AGON_PROPERTY_RANDOM=1 explores new ones
SETTINGS = dict(deadline=None, derandomize=not os.environ.get("AGON_PROPERTY_RANDOM"), database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture,
                                       HealthCheck.data_too_large])

# (good values, bad values) of each kind of argument; good ones are valid for Pig anywhere
COUNT_BAD = ["0", "-1", "nan", "inf", "-inf", "1e3", "4.5", "٣", "１", "", " ", "0x10", "1_0", "99999999999999999999999"]
V = {
    "players": (["2", "3", "4"], ["0", "1", "5", "-2", "٢", "2.0", "nan", "", "99999999999999999999"]),
    "games": (["4", "6", "12"], COUNT_BAD),
    "seed": (["0", "7", str(2**63 - 1)], ["-1", str(2**63), str(2**64), str(2**64 + 5), "nan", "1.5", "٣", ""]),
    "index": (["0", "3", str(2**62)], ["-1", str(2**63), str(2**64), "inf", "x"]),
    "jobs": (["1", "2", "64"], ["0", "-3", "nan", "1.5", "٢", ""]),
    "chunk": (["1", "3", "2000"], ["0", "-1", "2001", "nan", "2.5", "٣"]),
    "strategies": (["random", "greedy", "cautious", "greedy:w=10"],
                   ["smart", "greedy:w=nan", "greedy:w=inf", "greedy:w=1e400", "greedy:w=٣", "greedy:x=1",
                    "greedy:w=1/2/3/4/5", "", ",", "ｇｒｅｅｄｙ"]),
    "set": (["target=20", "die_sides=8", "handicap=2", "target=20.0"],
            ["target=nan", "target=inf", "target=-inf", "target=1e400", "target=20.5", "target=٢٠", "target",
             "=3", "target=", "komi=3", "target=999", "target=true", "die_sides=1"]),
    "param": (["target=20,30", "target=20:30:10", "handicap=0:2"],
              ["target=nan:30", "target=20:inf", "target=30:20", "target=1:1000000:0.001", "target=٣:5",
               "target=20:30:0", "target=20:30:-5", "target", "komi=1:2", "target=1e400:2e400", "target=a:b"]),
    "seconds": (["0.02", "0.05"], ["nan", "inf", "-inf", "0", "-1", "1e400", "86401", "٠.١", ""]),
    "batch_bench": (["0", "3", "100"], ["-1", "100001", "nan", "1e12", "٣"]),
    "until_ci": (["0.2", "0.3"], ["nan", "inf", "0", "0.7", "-0.1", "٠.٢", "x"]),
    "sprt": (["0.4,0.6", "0.3,0.5"], ["nan,0.5", "0.5", "0.5,inf", "0.5,0.5", "0.5,1.5", "٠.٤,٠.٦"]),
    "max_games": (["400", "1000"], COUNT_BAD),
    "batch": (["100", "200"], COUNT_BAD),
    "scale": (["0.002"], ["nan", "inf", "0", "-1", "1e400", "1001", "٠.١", ""]),
    "target": (["first_seat_fair", "seats_fair", "length=2:40"], ["length=nan:3", "length=9:3", "skill_gap=2",
                                                                 "short", "length=inf:inf", "skill_gap=nan"]),
    "ban": (["second_roll"], ["dice", "", "../x", "second_roll/.."]),
    "ladder": (["random,greedy"], ["random,search", "", "nan"]),
    "out": (["fresh"], ["", " "]),
    "game": (["pig"], ["chess", "", "../pig", "PIG", "ｐｉｇ"]),
    "budget": (["100", "150"], COUNT_BAD + ["99"]),
    "eval_games": (["4", "6"], COUNT_BAD),
    "popsize": (["2", "4"], ["0", "1", "-1", "nan", "٣", "10001", "99999999999999999999"]),
    "games_per_candidate": (["2", "4"], COUNT_BAD),
    "out_file": (["fresh"], ["", " "]),
}
COMMANDS = {   # command -> (positional args, options it may get, options it always gets)
    "play": (["game"], ["players", "seed", "index", "strategies", "set"], []),
    "seats": (["game"], ["players", "games", "strategies", "seed", "jobs", "chunk", "set", "until_ci", "sprt",
                         "max_games", "batch"], ["out"]),
    "sweep": (["game"], ["players", "games", "strategies", "seed", "chunk", "set"], ["param", "out"]),
    "bench": (["game"], ["players", "seconds", "batch_bench", "set"], ["seconds"]),
    "tune": (["game"], ["players", "games", "seed", "set"], ["param", "target", "out"]),
    "tournament": (["game"], ["players", "games", "seed", "set", "ladder"], ["strategies", "out"]),
    "components": (["game"], ["players", "games", "strategies", "seed", "set"], ["out"]),
    "restrict": (["game"], ["players", "games", "seed", "set"], ["ban", "out"]),
    "design-report": (["game"], ["seed", "jobs"], ["scale", "out"]),
    "train": (["game"], ["players", "seed", "jobs", "set", "budget", "eval_games", "popsize", "games_per_candidate"],
              ["out_file"]),
}
FLAG = {"batch_bench": "--batch", "until_ci": "--until-ci", "max_games": "--max-games", "ban": "--ban",
        "eval_games": "--eval-games", "games_per_candidate": "--games-per-candidate", "out_file": "--out"}
SLOW = {"design-report", "tune"}   # valid runs of these take many seconds: drawn rarely


def snapshot(root) -> dict:
    out = {}
    for dirpath, dirs, files in os.walk(root):
        for name in files + dirs:
            p = os.path.join(dirpath, name)
            out[p] = os.path.getsize(p) if os.path.isfile(p) else "dir"
    return out


def check_outcome(kind, argv, bad, run, root, capsys):
    """Run once; record and assert the property."""
    counts = COUNTS[kind]
    counts["inputs"] += 1
    before = snapshot(root)
    try:
        code = run()
    except BaseException as e:   # SystemExit included: main() must return, not exit or raise
        counts["tracebacks"] += 1
        pytest.fail(f"{argv!r} raised {type(e).__name__}:\n{traceback.format_exc()}")
    err = [line for line in capsys.readouterr().err.splitlines() if line.strip()
           and not line.startswith("agon: warning:")]
    if code == 0:
        counts["runs"] += 1
        if bad:
            counts["silent accepts"] += 1
            pytest.fail(f"silently accepted {argv!r} (bad: {bad})")
        return
    counts["errors"] += 1
    if code != 2 or len(err) != 1 or not err[0].startswith("agon: error: "):
        counts["tracebacks" if any("Traceback" in line for line in err) else "bad messages"] += 1
        pytest.fail(f"{argv!r}: exit {code}, stderr {err!r}")
    assert snapshot(root) == before, f"{argv!r} exited 2 but wrote {set(snapshot(root)) ^ set(before)}"


@settings(max_examples=int(os.environ.get("AGON_PROPERTY_EXAMPLES", 200)), **SETTINGS)
@given(data=st.data())
def test_cli_runs_or_says_one_line(data, tmp_path_factory, capsys, monkeypatch):
    root = tmp_path_factory.mktemp("cli")
    monkeypatch.chdir(root)
    command = data.draw(st.sampled_from(sorted(COMMANDS)), "command")
    positional, optional, always = COMMANDS[command]
    chosen = always + data.draw(st.lists(st.sampled_from(optional), unique=True, max_size=4), "options")
    if "until_ci" in chosen and "sprt" in chosen:
        chosen.remove("sprt")
    # mostly one bad value (fast: refused before playing); now and then all good (a real run)
    all_good = data.draw(st.sampled_from([False] * (20 if command in SLOW else 4) + [True]), "all good")
    bad = []
    forced = None if all_good else data.draw(st.sampled_from(positional + chosen), "forced bad")

    def value(name):
        good, wrong = V[name]
        if name != forced and (all_good or not data.draw(st.booleans(), name + "?")):
            return data.draw(st.sampled_from(good), name)
        bad.append(name)
        return data.draw(st.sampled_from(wrong), name)

    argv = [command] + [value(p) for p in positional]
    for name in chosen:
        v = value(name)
        if name == "out":
            v = v if v != "fresh" else str(root / "run")
        if name == "out_file":
            v = v if v != "fresh" else str(root / "weights.toml")
        argv += [FLAG.get(name, "--" + name), v]
    if command not in ("play", "bench"):
        argv.append("--quiet")
    if not bad and command == "train" and "budget" not in chosen:
        argv += ["--budget", "100"]
    if not bad and command == "train" and "eval_games" not in chosen:
        argv += ["--eval-games", "4"]
    if not bad and command in ("seats", "sweep", "tune", "tournament", "components", "restrict"):
        argv += ["--games", "4"] if "games" not in chosen else []
        if ("until_ci" in chosen or "sprt" in chosen) and "max_games" not in chosen:
            argv += ["--max-games", "400", "--batch", "200"]   # a few looks, not thousands
    check_outcome("cli", argv, bad, lambda: main(argv), root, capsys)


# ---- TOML study files --------------------------------------------------------------------

def toml_value(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, float):
        return "nan" if math.isnan(v) else ("inf" if v > 0 else "-inf") if math.isinf(v) else repr(v)
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, list):
        return "[" + ", ".join(toml_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{k} = {toml_value(x)}" for k, x in v.items()) + " }"
    raise TypeError(v)


T = {   # key -> (good values, bad values) in a [[study]] table
    "games": ([4, 8], [40.9, "40", True, float("nan"), float("inf"), -1, 0, [4], 10**16]),
    "players": ([2, 3], [0, 5, "2", 2.5, True, -1]),
    "seed": ([3, 2**63 - 1], [-1, "3", 1.5, float("nan"), False]),
    "chunk_size": ([2, 50], [0, 2001, "x", 2.5, True]),
    "check": ([True, False], ["false", "true", 1, 0]),
    "params": ([{"target": 20}, {"handicap": 2}], [{"target": "nan"}, {"target": float("nan")}, {"target": True},
                                                  {"target": "٣"}, "target=3", {"komi": 1}, {"target": [1]},
                                                  {"target": float("inf")}, {"target": 20.5}]),
    "strategies": (["random", "greedy"], [5, "", "greedy:w=nan", ["x"], "smart", [1, 2], "greedy:w=٣"]),
    "sweep": ([{"target": "20,30"}, {"target": [20, 30]}], [{"target": "nan:5"}, {}, 5, {"target": "30:20"},
                                                           {"a": 1, "b": 2, "c": 3}, {"target": [True]},
                                                           {"target": "٣:٥"}, {"target": float("inf")}]),
    "until_ci": ([0.2], [float("nan"), "nan", 0, 0.7, "٠.٢", True, -1]),
    "max_games": ([400], [0, "x", 1.5, -5, float("inf")]),
    "name": (["s1", "mg-seats"], ["..", "a/b", "", 7, ".x", "é"]),
    "game": (["pig"], ["chess", 5, "", "../pig"]),
    "bans": ([["second_roll"]], ["dice", [1], [], [""]]),
    "ladder": (["random,greedy"], ["random,search", 3]),
}
KIND_KEYS = {
    "seats": ["games", "players", "seed", "chunk_size", "check", "params", "strategies", "until_ci", "max_games"],
    "sweep": ["games", "players", "seed", "chunk_size", "params", "strategies"],
    "tournament": ["games", "players", "seed", "params", "ladder"],
    "components": ["games", "players", "seed", "params", "strategies"],
    "restrict": ["games", "players", "seed", "params"],
}
TOP = {"jobs": ([1, 2], [0, "2", 2.5, -1, float("nan")]), "title": (["t"], [5, ["x"]])}


@settings(max_examples=int(os.environ.get("AGON_PROPERTY_TOML_EXAMPLES", 100)), **SETTINGS)
@given(data=st.data())
def test_study_files_run_or_say_one_line(data, tmp_path_factory, capsys, monkeypatch):
    root = tmp_path_factory.mktemp("toml")
    monkeypatch.chdir(root)
    kind = data.draw(st.sampled_from(sorted(KIND_KEYS) + ["dance"]), "kind")
    all_good = data.draw(st.sampled_from([False] * 4 + [True]), "all good")
    bad = [] if kind != "dance" else ["kind"]
    keys = KIND_KEYS.get(kind, ["games"])
    chosen = data.draw(st.lists(st.sampled_from(keys), unique=True, max_size=3), "keys")
    forced = None if all_good else data.draw(st.sampled_from(["name", "game"] + chosen), "forced bad")

    def value(table, name):
        good, wrong = table[name]
        if name != forced and (all_good or not data.draw(st.booleans(), name + "?")):
            return data.draw(st.sampled_from(good), name)
        bad.append(name)
        return data.draw(st.sampled_from(wrong), name)

    study = {"name": value(T, "name"), "kind": kind, "game": value(T, "game")}
    for key in chosen:
        study[key] = value(T, key)
    if kind == "sweep":
        study["sweep"] = value(T, "sweep")
    if kind == "tournament":
        study["strategies"] = "random,greedy"
    if kind == "restrict":
        study["bans"], study["strategies"] = value(T, "bans"), "greedy"
    if "until_ci" in study:
        study.setdefault("max_games", 400)
        study["batch"] = 200   # a few looks, not hundreds
    if not bad:
        study.setdefault("games", 4)
        study["games"] = min(study["games"], 8)
    top = {k: value(TOP, k) for k in data.draw(st.lists(st.sampled_from(sorted(TOP)), unique=True, max_size=2), "top")}
    text = "".join(f"{k} = {toml_value(v)}\n" for k, v in top.items())
    text += f'out = "{root / "out"}"\n[[study]]\n' + "".join(f"{k} = {toml_value(v)}\n" for k, v in study.items())
    cfg = root / "study.toml"
    cfg.write_text(text, encoding="utf-8")
    argv = ["run", str(cfg), "--quiet"]
    check_outcome("toml", argv + [text], bad, lambda: main(argv), root, capsys)
    if (root / "out").exists():
        shutil.rmtree(root / "out")


@pytest.fixture(scope="module", autouse=True)
def figures():
    yield
    for kind, c in COUNTS.items():
        if c["inputs"]:
            print(f"\nproperty test ({kind}): {c['inputs']} inputs tried, {c['runs']} ran, {c['errors']} refused "
                  f"with one line; tracebacks {c['tracebacks']}, silent accepts {c['silent accepts']}, "
                  f"bad messages {c['bad messages']}")
