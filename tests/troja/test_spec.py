"""troja GameSpec contract and determinism across chunks and processes."""
import numpy as np
import pytest

from sim.troja import SPEC
from sim.spec import AgonInputError


def test_spec_shape():
    assert SPEC.name == "troja" and SPEC.player_counts == (4, 6) and SPEC.key_param == "row_threshold"
    names = [s.name for s in SPEC.strategies]
    assert names == ["random", "greedy", "loyal_donor", "ship_builder", "ismcts"]
    for p in SPEC.params:
        assert p.meaning
    for P in (4, 6):
        r = SPEC.play_batch(1, 0, 4, P, SPEC.params.defaults(), np.array([0, 1, 3, 4, 0, 1][:P]))
        assert r["turns"].shape == (4,)
        for k in ("score", "win", "rank") + SPEC.seat_metrics:
            assert r[k].shape == (4, P), k
        for k in SPEC.game_metrics:
            assert r[k].shape == (4,), k


def test_bad_inputs():
    with pytest.raises(AgonInputError):
        SPEC.play_batch(1, 0, 1, 5, SPEC.params.defaults(), np.zeros(5, dtype=np.int64))
    with pytest.raises(AgonInputError):
        SPEC.play_batch(1, 0, 1, 4, SPEC.params.vector({"row_threshold": 6, "battle_reveal": 7}),
                        np.zeros(4, dtype=np.int64))
    with pytest.raises(AgonInputError):
        SPEC.play_batch(1, 0, 1, 4, SPEC.params.vector({"corsair_start": 30}), np.zeros(4, dtype=np.int64))


def _chunk(args):
    seed, start, n = args
    from sim.troja import SPEC as S
    return S.play_batch(seed, start, n, 4, S.params.defaults(), np.array([1, 3, 0, 4]))


def test_determinism_across_chunks_and_jobs():
    from joblib import Parallel, delayed
    whole = _chunk((6, 0, 10))
    parts = Parallel(n_jobs=2)(delayed(_chunk)(a) for a in [(6, 0, 4), (6, 4, 6)])
    for k in ("turns", "score", "win", "rank", "end_path", "battles", "tokens_earned"):
        got = np.concatenate([p[k] for p in parts])
        assert np.array_equal(got, whole[k], equal_nan=True), k


def test_key_param_sweep_changes_battles():
    lo = SPEC.play_batch(3, 0, 100, 4, SPEC.params.vector({"row_threshold": 8}), np.zeros(4, dtype=np.int64))
    hi = SPEC.play_batch(3, 0, 100, 4, SPEC.params.vector({"row_threshold": 16}), np.zeros(4, dtype=np.int64))
    assert lo["battles"].mean() / lo["turns"].mean() > hi["battles"].mean() / hi["turns"].mean()
