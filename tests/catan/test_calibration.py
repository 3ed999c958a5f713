"""§2.5 acceptance: random 4-player games in peer mode are as long as Catanatron's."""
import numpy as np

from sim.catan import SPEC


def test_random_game_length_matches_catanatron():
    vec = SPEC.params.vector({"peer_mode": True})
    r = SPEC.play_batch(2025, 0, 2000, 4, vec, np.zeros(4, dtype=np.int64))
    mean = r["turns_peer"].mean()
    assert 284 <= mean <= 384, mean  # 334 +- 15%
    assert r["truncated"].sum() <= 5
    # seat win rates show no seat effect under random play (each within 25% +- 4 points)
    assert np.all(np.abs(r["win"].mean(0) - 0.25) < 0.04), r["win"].mean(0)
    # end-of-game shape of a random player (Catanatron: 6.0 VP, 2.4 settlements, 0.8 cities)
    assert 5.0 < r["score"].mean() < 7.0
    assert 1.9 < r["settlements"].mean() < 2.9
    assert 0.5 < r["cities"].mean() < 1.1
    assert 900 < r["actions"].mean() < 1250
