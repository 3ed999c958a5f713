"""Invariant fuzz (sim/contract.py `fuzz`: invariants after every action, the generic result
rules): random games for every player count and rule option, plus determinism across chunking
and processes. Traced play against batch play is tests/contract's."""
import numpy as np
import pytest

from sim import contract
from sim.mare_nostrum import SPEC
from sim.mare_nostrum.params import PARAMS
from sim.mare_nostrum.playout import GAME
from strategies.mare_nostrum import GREEDY_W


def _run(n_players, n_games, seed=11, first=0, kinds=None, check=True, **kw):
    P = PARAMS.vector(kw)
    kinds = np.zeros(n_players, np.int64) if kinds is None else np.asarray(kinds, np.int64)
    W = np.tile(np.array(GREEDY_W), (n_players, 1))
    if check and first == 0:
        return contract.fuzz(GAME, n_players, n_games, P, seed, kinds, W)
    return SPEC.play_batch(seed, first, n_games, n_players, P, kinds, W, check)


@pytest.mark.parametrize("n_players", [3, 4, 5, 6])
def test_fuzz_random_games(n_players):
    r = _run(n_players, 2000)
    assert r["score"].shape == (2000, n_players)
    wins = r["win"].sum(axis=1)
    finished = r["unfinished"] == 0
    assert np.allclose(wins[finished], 1.0) and np.allclose(wins[~finished], 0.0)
    assert (r["rank"] >= 1).all() and (r["rank"] <= n_players).all()
    assert set(np.unique(r["victory_path"])) <= {0, 1, 2, 3}
    assert (r["rounds"] >= 1).all() and (r["rounds"] <= 40).all()
    # every civ plays, each seat its own civ
    assert (np.sort(r["civ"], axis=1) == np.sort(r["civ"], axis=1)[:, :1] + 0).sum() >= 0
    for row in r["civ"][:50]:
        assert len(set(row)) == n_players


def test_fuzz_rule_options():
    opts = [dict(tax_wild=False), dict(advanced=True), dict(capital_takeover=True, takeover_delay=0),
            dict(war_income=True, occupier_income=False), dict(base_cards_placeholder=False),
            dict(role_victory=False, max_rounds=10), dict(x_max=0), dict(croesus_scope="game"),
            dict(n_heroes_drawn=27, gilgamesh_per_round=99), dict(land_attack_mandatory=False),
            dict(start="points"), dict(start="points", setup_points=36, setup_steps=4),
            dict(auto_pay=False), dict(auto_pay=False, tax_wild=False)]
    for kw in opts:
        r = _run(6, 100, seed=5, **kw)
        assert r["turns"].shape == (100,)


@pytest.mark.parametrize("n_players", [3, 4, 5])
def test_fuzz_base_game(n_players):
    r = _run(n_players, 300, seed=8, myth=False)
    assert (r["victory_path"] != 2).all()      # no role victory without Myth
    assert (r["civ"] != 5).all()               # no Atlantis


def test_fuzz_mixed_strategies():
    r = _run(6, 100, seed=3, kinds=[0, 1, 2, 3, 4, 0])
    assert r["turns"].shape == (100,)


def test_determinism_across_chunks():
    a = _run(5, 40, seed=99, check=False)
    b1 = _run(5, 25, seed=99, check=False)
    b2 = _run(5, 15, seed=99, first=25, check=False)
    for k in ("score", "rounds", "victory_path", "civ", "actions"):
        assert np.array_equal(a[k], np.concatenate([b1[k], b2[k]]))


def _chunk(seed, first, n):
    from sim.mare_nostrum import SPEC as spec
    P = PARAMS.defaults()
    W = np.tile(np.array(GREEDY_W), (6, 1))
    return spec.play_batch(seed, first, n, 6, P, np.array([0, 1, 0, 1, 2, 4]), W, False)


def test_determinism_across_jobs():
    """Same games whether played in one process or split over 2 worker processes."""
    from joblib import Parallel, delayed
    one = _chunk(17, 0, 24)
    parts = Parallel(n_jobs=2, backend="loky")(delayed(_chunk)(17, s, 8) for s in (0, 8, 16))
    for k in ("score", "rounds", "victory_path", "civ", "actions", "win"):
        assert np.array_equal(one[k], np.concatenate([p[k] for p in parts])), k
