"""GameSpec contract: shapes, metrics, traced == batch, chunking / jobs determinism, input checks."""
import numpy as np
import pytest

from sim.glory_to_rome import SPEC
from sim.glory_to_rome.board import SNAKE_NAMES
from sim.spec import AgonInputError

P = SPEC.params


def _run(seed, start, n_games, n, kinds=None):
    kinds = np.zeros(n, np.int64) if kinds is None else np.asarray(kinds, np.int64)
    w = np.array([SPEC.strategies[0].weights or (0.0,)] * n, np.float64)
    if SPEC.n_weights:
        w = np.array([_weights(k) for k in kinds])
    return SPEC.play_batch(seed, start, n_games, n, P.defaults(), kinds, w)


def _weights(kind):
    for st in SPEC.strategies:
        if st.kind == kind and st.weights:
            return st.weights
    return (0.0,) * max(1, SPEC.n_weights)


def test_spec_fields():
    assert SPEC.name == "glory-to-rome" and SPEC.player_counts == (2, 3, 4, 5)
    assert SPEC.key_param in P.names()
    for k in SNAKE_NAMES:
        assert f"built_{k}" in SPEC.seat_metrics
        assert f"power_{k}" in P.names()
    names = [s.name for s in SPEC.strategies]
    assert names[0] == "random" and "greedy" in names


@pytest.mark.parametrize("n", [2, 4])
def test_shapes(n):
    r = _run(5, 0, 7, n)
    for key in ("turns", *SPEC.game_metrics):
        assert r[key].shape == (7,), key
    for key in ("score", "win", "rank", *SPEC.seat_metrics):
        assert r[key].shape == (7, n), key


def _nan(a) -> bool:
    """NaN is a value here (a flow figure undefined in that game, sim/flow.py): equal to itself."""
    return a.dtype.kind == "f"


def test_chunking_does_not_matter():
    a = _run(11, 0, 30, 4)
    b = _run(11, 0, 12, 4)
    c = _run(11, 12, 18, 4)
    for key in a:
        assert np.array_equal(a[key], np.concatenate([b[key], c[key]]), equal_nan=_nan(a[key])), key


def test_jobs_do_not_matter():
    from joblib import Parallel, delayed
    whole = _run(13, 0, 24, 3)
    parts = Parallel(n_jobs=2, backend="loky")(delayed(_run)(13, i, 8, 3) for i in (0, 8, 16))
    for key in whole:
        assert np.array_equal(whole[key], np.concatenate([p[key] for p in parts]), equal_nan=_nan(whole[key])), key


def test_traced_equals_batch():
    for kind in sorted({st.kind for st in SPEC.strategies if st.name in ("random", "greedy")}):
        kinds = np.full(3, kind, np.int64)
        w = np.array([_weights(kind)] * 3)
        lines, res = SPEC.play_traced(9, 4, 3, P.defaults(), kinds, w)
        batch = SPEC.play_batch(9, 4, 1, 3, P.defaults(), kinds, w)
        for key in batch:
            assert np.array_equal(batch[key], res[key], equal_nan=_nan(batch[key])), key
        assert len(lines) > 10


def test_seed_changes_games():
    a = _run(1, 0, 20, 4)
    b = _run(2, 0, 20, 4)
    assert not np.array_equal(a["score"], b["score"])


def test_input_checks():
    with pytest.raises(AgonInputError):
        SPEC.play_batch(1, 0, 1, 5, P.vector({"n_jacks": 4}), np.zeros(5, np.int64), np.zeros((5, 1)))
    with pytest.raises(AgonInputError):
        SPEC.play_batch(1, 0, 1, 4, P.vector({"sites_per_material": 3}), np.zeros(4, np.int64),
                        np.zeros((4, 1)))
    with pytest.raises(AgonInputError):
        SPEC.play_batch(1, 0, 1, 6, P.defaults(), np.zeros(6, np.int64), np.zeros((6, 1)))


def test_weights_are_overridable():
    g = SPEC.strategy("greedy")
    kinds = np.full(2, g.kind, np.int64)
    base = np.array([g.weights] * 2, np.float64)
    war = base.copy()
    war[:, g.weight_names.index("bias_legionary")] = 5.0
    a = SPEC.play_batch(21, 0, 30, 2, P.defaults(), kinds, base)
    b = SPEC.play_batch(21, 0, 30, 2, P.defaults(), kinds, war)
    assert b["actions_legionary"].sum() > 2 * a["actions_legionary"].sum()
    short = SPEC.play_batch(21, 0, 30, 2, P.defaults(), kinds, base[:, :5])   # padded with defaults
    assert np.array_equal(short["score"], a["score"])
