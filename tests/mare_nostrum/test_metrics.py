"""Per-seat metrics of the spec's report section (§11): roles per round, units and buildings by
type (end, peak, built, lost), the round of each hero and wonder purchase, victory path per civ.
They must agree with the totals the engine already counted and with the report declarations."""
import numpy as np
import pytest

from sim.mare_nostrum import SPEC
from sim.mare_nostrum.board import HEROES, WONDERS, ROLES
from sim.mare_nostrum.params import PARAMS
from sim.mare_nostrum.playout import (UNIT_NAMES, BUILDING_NAMES, WIN_PATH_CIV, ROLE_SETS,
                                      VICTORY_PATHS)
from sim.mare_nostrum.state import ROLE_HIST_ROUNDS


@pytest.fixture(scope="module", params=["random", "greedy", "warmonger"])
def games(request):
    info = SPEC.strategy(request.param)
    n = 6
    kinds = np.full(n, info.kind, np.int64)
    W = np.tile(np.array(info.weights or SPEC.strategy("greedy").weights, np.float64), (n, 1))
    return SPEC.play_batch(31, 0, 40, n, PARAMS.defaults(), kinds, W, True)


def test_declared_columns_exist(games):
    cols = set(SPEC.seat_metrics) | set(SPEC.game_metrics)
    for name in list(SPEC.extra["categorical_seat"]) + list(SPEC.extra["categorical_game"]):
        assert name in cols and name in games
    assert len(ROLE_SETS) == 16 and ROLE_SETS[0] == "none" and ROLE_SETS[5] == "Trader+Military"


def test_roles_by_round_matches_role_counts(games):
    packed = games["roles_by_round"]
    short = games["rounds"] <= ROLE_HIST_ROUNDS
    assert short.any()
    for r, role in enumerate(ROLES):
        held = np.zeros_like(packed)
        for k in range(ROLE_HIST_ROUNDS):
            held += (packed >> (4 * k + r)) & 1
        np.testing.assert_array_equal(held[short], games["role_rounds_" + role][short])
    # every role has one holder per round; the last round's sets are disjoint and cover all four
    last = games["roles_last"]
    assert (np.bitwise_or.reduce(last, axis=1) == 15).all()
    assert (last.sum(axis=1) == 15).all()


def test_units_and_buildings_by_type_add_up(games):
    built = sum(games[u + "_built"] for u in UNIT_NAMES if u != "creatures") + games["creatures_built"]
    lost = sum(games[u + "_lost"] for u in UNIT_NAMES if u != "creatures") + games["creatures_lost"]
    np.testing.assert_array_equal(built, games["units_built"])
    np.testing.assert_array_equal(lost, games["units_lost"])
    np.testing.assert_array_equal(sum(games[b + "_built"] for b in BUILDING_NAMES),
                                  games["buildings_built"])
    np.testing.assert_array_equal(sum(games[b + "_lost"] for b in BUILDING_NAMES),
                                  games["buildings_lost"])
    for name in UNIT_NAMES + BUILDING_NAMES:
        assert (games[name + "_end"] >= 0).all()
        assert (games[name + "_peak"] >= games[name + "_end"]).all()
    # the pre-set start: every played civ has a fortress and a caravan at the end of round 1,
    # unless it lost them in round 1 (warmongers attack from the first Strategy phase)
    assert ((games["fortresses_peak"] >= 1) | (games["fortresses_lost"] > 0)).all()
    assert ((games["caravans_peak"] >= 1) | (games["caravans_lost"] > 0)).all()


def test_purchase_rounds(games):
    rounds = games["rounds"][:, None]
    for flag, names in (("hero_", HEROES), ("wonder_", WONDERS)):
        for h in names:
            r = games["round_" + h]
            held = games[flag + h] == 1
            np.testing.assert_array_equal(np.isnan(r), ~held)
            assert (r[held] >= 0).all() and (np.broadcast_to(rounds, r.shape)[held] >= r[held]).all()
    # civ heroes of the pre-set start are held from the set-up (round 0), general heroes bought
    assert np.nanmax(games["round_caesar"]) == 0
    bought = np.concatenate([games["round_" + h][~np.isnan(games["round_" + h])] for h in HEROES[:27]])
    assert (bought >= 1).all()


def test_victory_path_per_civ(games):
    code = games["win_path_civ"]
    fin = games["victory_path"] < 3
    np.testing.assert_array_equal(code[~fin], len(WIN_PATH_CIV) - 1)
    np.testing.assert_array_equal(code[fin] // 3, games["winner_civ"][fin])
    np.testing.assert_array_equal(code[fin] % 3, games["victory_path"][fin])
    assert WIN_PATH_CIV[code[fin][0]].endswith(VICTORY_PATHS[games["victory_path"][fin][0]])
