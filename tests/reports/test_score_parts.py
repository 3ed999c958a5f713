"""Every game declares the parts its score is made of (GameSpec extra["score_parts"]), and they
add up to the score: score shares in the reports come from this declaration, not from metric
names (Magna Grecia's `sold_points` is an in-game count, not points scored)."""
import numpy as np
import pytest

import sim
from experiments.lineup import arrays, parse_lineup
from reports.components import parse_sections

REAL_GAMES = ["magna-grecia", "glory-to-rome", "mare-nostrum", "catan", "troja"]


def _play(spec, strategies, n=12, seed=3):
    p = spec.default_players
    seats = parse_lineup(spec, strategies, p)
    kinds, weights = arrays(spec, seats)
    return spec.play_batch(seed, 0, n, p, spec.params.defaults(), kinds, weights, False)


@pytest.mark.parametrize("game", REAL_GAMES)
def test_declared_score_parts_add_up_to_the_score(game):
    spec = sim.get_game(game)
    assert "score_parts" in spec.extra, f"{game} must declare its score parts (an empty list if the score is not points)"
    parts = parse_sections(spec.extra)["score_parts"]
    if not parts:
        return     # Mare Nostrum: the score is a ranking key (100 x heroes/wonders + provinces), not points
    assert set(parts) <= set(spec.seat_metrics)
    for strategies in ("random", "greedy"):
        res = _play(spec, strategies)
        total = sum(np.asarray(res[m], float) for m in parts)
        np.testing.assert_allclose(total, np.asarray(res["score"], float), err_msg=f"{game} {strategies}")


def test_magna_grecia_sold_points_is_not_a_score_part():
    parts = parse_sections(sim.get_game("magna-grecia").extra)["score_parts"]
    assert "oracle_points_scored" in parts and "sold_points" not in parts
