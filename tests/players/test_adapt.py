"""--adapt on sweep and tune: every arm's tuned players trained for its rules, cached, reported."""
import json
import subprocess
import sys

import pandas as pd
import pytest

from tests.conftest import ROOT, agon_env


def agon(*args, cache, timeout=600):
    env = agon_env()
    env["XDG_CACHE_HOME"] = str(cache)      # the weights cache goes here (the numba cache is already pinned)
    return subprocess.run([sys.executable, "-m", "experiments.cli", *map(str, args)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=timeout)


def test_sweep_adapt_trains_each_arm_once_and_reports_it(tmp_path):
    out, cache = tmp_path / "sw", tmp_path / "cache"
    args = ["sweep", "pig", "--players", "2", "--param", "target=30,80", "--strategies", "tuned", "--adapt",
            "--train-games", "400", "--games", "40", "--out", out, "--quiet"]
    r = agon(*args, cache=cache)
    assert r.returncode == 0, r.stderr
    meta = json.loads((out / "run.json").read_text())
    arms = meta["adapt"]["arms"]
    files = [list(a["weights"].values())[0] for a in arms]
    assert len(arms) == 2 and all("pig-2p" in f for f in files) and files[0] != files[1]
    trained = sorted((cache / "agon" / "weights").rglob("pig-2p*.toml"))
    assert len(trained) == 2                       # one file per arm's rules, in Agon's own cache folder
    md = (out / "report.md").read_text()
    assert "Adapted players" in md and "arm 0 (target=30)" in md and "arm 1 (target=80)" in md
    # pig declares no action families: its retrained players cannot be checked, and the report says so
    assert all(not c["checked"] for a in arms for c in a["checks"].values())
    assert "player check: not checked (pig declares no action families to check)" in md
    # the same arms again: nothing is retrained
    r = agon(*args, "--force", cache=cache)
    assert r.returncode == 0, r.stderr
    assert sorted((cache / "agon" / "weights").rglob("pig-2p*.toml")) == trained
    assert [list(a["weights"].values())[0] for a in json.loads((out / "run.json").read_text())["adapt"]["arms"]] == files


def test_seats_adapt_plays_the_sweeps_arm_with_its_cached_weights(tmp_path):
    """`agon seats --set R --adapt`: the check a sweep's report advises (a value against the default on
    the same seeds) with players trained for that value; it reuses the sweep's cached weights and
    plays exactly the sweep's arm (same seed: the same games)."""
    sw, se, cache = tmp_path / "sw", tmp_path / "se", tmp_path / "cache"
    r = agon("sweep", "pig", "--players", "2", "--param", "target=30,80", "--strategies", "tuned", "--adapt",
             "--train-games", "400", "--games", "60", "--seed", "4", "--out", sw, "--quiet", cache=cache)
    assert r.returncode == 0, r.stderr
    trained = sorted((cache / "agon" / "weights").rglob("pig-2p*.toml"))
    r = agon("seats", "pig", "--players", "2", "--set", "target=80", "--strategies", "tuned", "--adapt",
             "--train-games", "400", "--games", "60", "--seed", "4", "--out", se, "--quiet", cache=cache)
    assert r.returncode == 0, r.stderr
    assert sorted((cache / "agon" / "weights").rglob("pig-2p*.toml")) == trained       # nothing retrained
    arm = pd.read_csv(sw / "sweep.csv").query("target == 80")[["seat", "wins"]].reset_index(drop=True)
    assert arm.equals(pd.read_csv(se / "seats.csv")[["seat", "wins"]])
    assert "Adapted players" in (se / "report.md").read_text()


def test_adapt_needs_a_tuned_player_and_train_games_needs_adapt(tmp_path):
    r = agon("sweep", "pig", "--param", "target=15,80", "--strategies", "greedy", "--adapt", "--out", tmp_path / "a",
             cache=tmp_path)
    assert r.returncode == 2 and "tuned" in r.stderr and not (tmp_path / "a").exists()
    r = agon("sweep", "pig", "--param", "target=15,80", "--train-games", "500", "--out", tmp_path / "b", cache=tmp_path)
    assert r.returncode == 2 and "--adapt" in r.stderr
    r = agon("seats", "pig", "--strategies", "greedy", "--adapt", "--out", tmp_path / "c", cache=tmp_path)
    assert r.returncode == 2 and "tuned" in r.stderr and not (tmp_path / "c").exists()
    r = agon("tune", "pig", "--param", "target=20:40", "--target", "first_seat_fair", "--train-games", "500",
             cache=tmp_path)
    assert r.returncode == 2 and "--adapt" in r.stderr


def test_tune_adapt_reports_the_weights_of_every_candidate(tmp_path):
    out, cache = tmp_path / "tu", tmp_path / "cache"
    r = agon("tune", "pig", "--players", "2", "--param", "target=20,60", "--target", "first_seat_fair",
             "--strategies", "tuned", "--adapt", "--train-games", "300", "--games", "20", "--out", out, "--quiet",
             cache=cache)
    assert r.returncode == 0, r.stderr
    traj = pd.read_csv(out / "trajectory.csv")
    assert traj["weights"].str.contains("pig-2p-").all()
    assert traj.drop_duplicates("candidate")["weights"].nunique() == 2
    assert "Adapted players" in (out / "report.md").read_text()


@pytest.mark.slow
def test_mg_city_cost_2_adapted_players_found_cities(tmp_path):
    """Magna Grecia with city_tile_cost=2 under --adapt: the retrained players found cities."""
    out, cache = tmp_path / "mg", tmp_path / "cache"
    r = agon("sweep", "magna-grecia", "--players", "2", "--param", "city_tile_cost=2", "--strategies", "tuned",
             "--adapt", "--train-games", "1200", "--games", "20", "--out", out, "--quiet", cache=cache, timeout=900)
    assert r.returncode == 0, r.stderr
    rows = pd.concat(pd.read_parquet(f) for f in (out / "results").glob("chunk-*.parquet"))
    assert (rows["cities_founded_0"] + rows["cities_founded_1"]).sum() > 0


def test_ismcts_adapt_searches_over_weights_retrained_for_the_rules(tmp_path):
    """`--adapt` with `ismcts`: the search's evaluation is the tuned greedy's weights, trained at the default
    rules, so a rule value's check retrains them for that value (Magna Grecia's last seat at oracle_points=1:
    20.5% with the default rules' weights, 23.5% retrained) and the search plays over the retrained file."""
    from experiments.lineup import parse_lineup
    from experiments import weights as wmod
    from sim import get_game
    out, cache = tmp_path / "gtr", tmp_path / "cache"
    r = agon("seats", "glory-to-rome", "--players", "2", "--set", "merchant_bonus_vp=0", "--strategies", "ismcts",
             "--adapt", "--train-games", "200", "--games", "4", "--out", out, "--quiet", cache=cache, timeout=900)
    assert r.returncode == 0, r.stderr
    meta = json.loads((out / "run.json").read_text())
    trained = sorted((cache / "agon" / "weights").rglob("glory-to-rome-2p*.toml"))
    assert len(trained) == 1 and meta["params"]["merchant_bonus_vp"] == 0
    spec = get_game("glory-to-rome")
    seats = parse_lineup(spec, "ismcts", 2, {"merchant_bonus_vp": 0}, trained[0].parent)
    file_w = wmod.vector(spec, "ismcts", wmod.read(trained[0])["weights"])
    assert all(list(s.weights) == list(file_w) for s in seats) and "searches over tuned" in seats[0].source
    md = (out / "report.md").read_text()
    assert "Adapted players" in md
    # agon train put the retrained file through check-players under its rules and recorded it; reported
    check = wmod.read(trained[0])["player_check"]
    assert check["checked"] and check["games"] == 20 and "--set merchant_bonus_vp=0" in check["command"]
    assert meta["adapt"]["arms"][0]["checks"]["greedy"] == check
    assert ("player check: no flag (20 games, 5 seeds per option flip)" in md) == (not check["flags"])
