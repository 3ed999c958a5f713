"""`agon train` on the Pig fixture (fast) and on base Catan (the real thing, small budget)."""
import json

import numpy as np
import pytest

from experiments import weights as wmod
from experiments.train import Trainer, Training, field_lineups, play_field, train
from sim import get_game
from sim.spec import AgonInputError
from tests.conftest import run_agon


def test_field_is_itself_and_the_default():
    assert field_lineups(2) == [["default"], ["mean"]]
    assert field_lineups(4) == [["default", "mean", "default"]]


def test_play_field_uses_common_seeds_and_every_rotation():
    spec = get_game("pig")
    vec = spec.params.defaults()
    a = play_field("pig", 3, 0, 50, 2, vec, 1, np.array([12.0]), [np.array([12.0])], [1])
    # identical players: the candidate's seat wins exactly half of each seed's two rotations on average
    assert a[1] == 100 and 35 <= a[0] <= 65
    b = play_field("pig", 3, 0, 50, 2, vec, 1, np.array([12.0]), [np.array([12.0])], [1])
    assert a[:2] == b[:2]                                    # deterministic


def test_training_pig_finds_a_better_hold_and_writes_its_file(tmp_path):
    """Pig to 60 points: holding at 1 (roll once) is far worse than the default 12; CMA-ES started
    there moves the weight up and the file's evaluation shows the gain on fresh seeds."""
    t = Training(game="pig", players=2, overrides={"target": 60}, budget=6000, eval_games=2000, seed=5,
                 popsize=6, command="agon train pig ...")
    t.validate()
    assert t.names == ["hold_at"] and t.generations >= 5
    tr = Trainer(t, jobs=1, progress=False)
    tr.default = np.array([2.0])                             # a deliberately bad starting point
    doc = tr.run()
    assert doc["weights"]["hold_at"] > 6
    path = wmod.write(tmp_path / "pig-2p.toml", doc)
    data = wmod.read(path)
    ev = data["evaluation"]
    assert ev["games"] == 2000 and ev["ci_low"] > 0.5 and ev["above_fair"] is True
    assert data["overrides"] == {"target": 60} and data["training"]["games_played"] <= 6000
    assert data["evaluation"]["run_seed"] != data["training"]["run_seed"]   # fresh seeds


def test_train_refuses_to_overwrite_and_bad_input(tmp_path):
    out = tmp_path / "w.toml"
    out.write_text("x = 1\n")
    with pytest.raises(AgonInputError, match="exists"):
        train(Training(game="pig", players=2, budget=200, eval_games=20), out, progress=False)
    with pytest.raises(AgonInputError, match="budget"):
        Training(game="pig", players=2, budget=5).validate()
    with pytest.raises(AgonInputError, match="cannot be trained"):
        Training(game="pig", players=2, base="random").validate()
    r = run_agon("train", "pig", "--players", "9")
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "2, 3, 4" in r.stderr


def test_cli_train_writes_a_file_the_tuned_strategy_plays(tmp_path):
    out = tmp_path / "pig-3p.toml"
    r = run_agon("train", "pig", "--players", "3", "--budget", "600", "--eval-games", "150", "--out", out, "--quiet")
    assert r.returncode == 0, r.stderr
    assert "tuned greedy" in r.stdout and str(out) in r.stdout
    data = wmod.read(out)
    assert data["command"].startswith("agon train pig --players 3") and data["players"] == 3
    assert set(data["weights"]) == {"hold_at"} and data["training"]["population"] >= 2


def test_reevaluate_applies_the_tuned_settings_and_rewrites_the_evaluation(tmp_path, monkeypatch):
    """--reevaluate: the weights a game sets for tuned players (train_set) are applied to an existing
    file, which is played again on the evaluation seeds; the old evaluation is kept as `previous`."""
    from experiments.train import reevaluate
    out = tmp_path / "pig-2p.toml"
    r = run_agon("train", "pig", "--players", "2", "--budget", "300", "--eval-games", "100", "--out", out, "--quiet")
    assert r.returncode == 0, r.stderr
    before = wmod.read(out)
    spec = get_game("pig")
    monkeypatch.setitem(spec.extra, "train_set", {"hold_at": 1.0})       # roll once: a much worse player
    path, doc = reevaluate(Training(game="pig", players=2, eval_games=400, command="agon train pig --reevaluate"),
                           out, progress=False)
    data = wmod.read(path)
    assert data["weights"]["hold_at"] == 1.0 and data["reevaluated"]["set"] == {"hold_at": 1.0}
    assert data["reevaluated"]["previous_win_rate"] == before["evaluation"]["win_rate"]
    assert data["evaluation"]["games"] == 400 and data["evaluation"]["ci_high"] < 0.5      # the change shows
    assert data["training"] == before["training"]                                      # training kept
    with pytest.raises(AgonInputError, match="holds pig 2p"):
        reevaluate(Training(game="pig", players=3, eval_games=30), out, progress=False)
    with pytest.raises(AgonInputError, match="no weights file"):
        reevaluate(Training(game="pig", players=2, eval_games=30), tmp_path / "none.toml", progress=False)


@pytest.mark.slow
def test_catan_training_beats_the_default_weights(tmp_path):
    """A small real training (base Catan, 3 players): the tuned weights differ from the defaults and
    the written evaluation is a proper interval on fresh seeds."""
    t = Training(game="catan", players=3, budget=1500, eval_games=300, seed=2, command="test")
    path, doc = train(t, tmp_path / "catan-3p.toml", jobs=1, progress=False)
    info = get_game("catan").strategy("greedy")
    moved = [n for n, w in zip(info.weight_names, info.weights) if abs(doc["weights"][n] - w) > 1e-6]
    assert moved and not any(n.startswith("search") for n in moved)
    assert "tokens" not in moved                      # Troja-only weights are not trained for Catan
    ev = doc["evaluation"]
    assert ev["games"] == 300 and ev["ci_low"] < ev["win_rate"] < ev["ci_high"]
    json.dumps(doc)
    # the written file was put through check-players under its rules, sized by the training (a tenth of its
    # games), and records it: the file carries whether its player is fit to be evidence
    check = wmod.read(path)["player_check"]
    assert check == doc["player_check"] and check["checked"] and check["games"] == 150 and check["seed"] == 2
    assert check["command"].startswith("agon check-players catan --players 3 --strategies greedy:")
    from experiments.train import summary_line
    assert "player check" in summary_line(path, doc)


def test_training_plays_the_result_against_the_shipped_file(tmp_path, monkeypatch):
    """Beating the default is not enough to replace a shipped file: the result also plays one seat against
    the shipped file's weights ([against_shipped], same evaluation seeds), and the summary says when it
    loses to it. Pig to 60: a result held near 2 (CMA-ES steps made tiny) loses to a shipped hold at 20; a
    trained one (near 20) beats a shipped 1."""
    from experiments.train import shipped_weights, summary_line
    monkeypatch.setattr(wmod, "WEIGHTS_DIR", tmp_path)
    t = Training(game="pig", players=2, overrides={"target": 60}, budget=600, eval_games=1000, seed=5, popsize=2,
                 command="agon train pig ...")
    t.validate()
    assert shipped_weights(t) is None
    doc = Trainer(t, jobs=1, progress=False).run()
    assert "against_shipped" not in doc                       # nothing shipped: nothing to compare
    spec = get_game("pig")
    for shipped_hold, loses in ((20.0, True), (1.0, False)):
        wmod.write(tmp_path / wmod.file_name(spec, 2, {"target": 60}), {
            "game": "pig", "players": 2, "overrides": wmod.overrides_key(spec, {"target": 60}), "strategy": "greedy",
            "command": "agon train pig", "evaluation": {}, "weights": {"hold_at": shipped_hold}})
        tr = Trainer(t, jobs=1, progress=False)
        tr.default = np.array([2.0])                         # a poor start
        if loses:
            tr.scale = np.array([1e-6])                      # ... that CMA-ES cannot leave
        doc = tr.run()
        sh = doc["against_shipped"]
        assert sh["games"] == doc["evaluation"]["games"] == 1000 and sh["run_seed"] == doc["evaluation"]["run_seed"]
        assert sh["below_fair"] is loses and sh["above_fair"] is (not loses), (shipped_hold, doc["weights"], sh)
        assert ("LOSES to it" in summary_line(tmp_path / "x.toml", doc)) is loses
