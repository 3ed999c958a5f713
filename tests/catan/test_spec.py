"""GameSpec contract, determinism across chunking and processes (--jobs)."""
import numpy as np
import pytest

from sim.catan import SPEC
from sim.spec import AgonInputError


def test_spec_shape():
    assert SPEC.name == "catan" and SPEC.player_counts == (3, 4, 5, 6)
    assert SPEC.key_param in SPEC.params.names()
    for p in SPEC.params:
        assert p.meaning
        p.encode(p.default)
    assert [s.name for s in SPEC.strategies][:3] == ["random", "greedy", "ismcts"]
    r = SPEC.play_batch(1, 0, 5, 4, SPEC.params.defaults(), np.array([0, 1, 0, 1]))
    assert r["turns"].shape == (5,)
    for k in ("score", "win", "rank") + SPEC.seat_metrics:
        assert r[k].shape == (5, 4), k
    for k in SPEC.game_metrics:
        assert r[k].shape == (5,), k


def test_bad_inputs():
    with pytest.raises(AgonInputError):
        SPEC.play_batch(1, 0, 1, 7, SPEC.params.defaults(), np.zeros(7, dtype=np.int64))
    with pytest.raises(AgonInputError):
        SPEC.params.vector({"vp_to_win": 99})
    with pytest.raises(AgonInputError):
        SPEC.play_batch(1, 0, 1, 3, SPEC.params.vector({"peer_mode": True}), np.zeros(3, dtype=np.int64))


def _chunk(args):
    seed, start, n = args
    from sim.catan import SPEC as S
    return S.play_batch(seed, start, n, 4, S.params.defaults(), np.array([1, 0, 0, 1]))


def test_determinism_across_chunks_and_jobs():
    from joblib import Parallel, delayed
    whole = _chunk((5, 0, 12))
    parts = Parallel(n_jobs=2)(delayed(_chunk)(a) for a in [(5, 0, 5), (5, 5, 4), (5, 9, 3)])
    for k in ("turns", "score", "win", "rank", "actions"):
        got = np.concatenate([p[k] for p in parts])
        assert np.array_equal(got, whole[k]), k


def test_common_random_numbers_share_boards():
    """Two rule variants on one seed share the board (setup stream)."""
    from sim.catan_core.layout import STATE_SIZE, S_TERRAIN, S_NUMBER
    from sim.catan_core import rules as E
    from tests.catan.helpers import config
    a = np.empty(STATE_SIZE, dtype=np.int32)
    b = np.empty(STATE_SIZE, dtype=np.int32)
    c1, t = config("catan", 4)
    c2, _ = config("catan", 4, vp_to_win=12, discard_limit=9)
    E.new_game(a, t, c1, 9, 4)
    E.new_game(b, t, c2, 9, 4)
    assert np.array_equal(a[S_TERRAIN:S_TERRAIN + 19], b[S_TERRAIN:S_TERRAIN + 19])
    assert np.array_equal(a[S_NUMBER:S_NUMBER + 19], b[S_NUMBER:S_NUMBER + 19])


def test_board_seed_fixes_board():
    from sim.catan_core.layout import STATE_SIZE, S_TERRAIN
    from sim.catan_core import rules as E
    from tests.catan.helpers import config
    c, t = config("catan", 4, board_seed=3)
    a = np.empty(STATE_SIZE, dtype=np.int32)
    b = np.empty(STATE_SIZE, dtype=np.int32)
    E.new_game(a, t, c, 1, 0)
    E.new_game(b, t, c, 2, 7)
    assert np.array_equal(a[S_TERRAIN:S_TERRAIN + 19], b[S_TERRAIN:S_TERRAIN + 19])


def test_max_turns_truncates():
    r = SPEC.play_batch(3, 0, 3, 4, SPEC.params.vector({"max_turns": 100}), np.zeros(4, dtype=np.int64))
    assert np.all(r["turns"] <= 100)
    t = r["truncated"] == 1
    assert t.any() and np.all(r["win"][t] == 0)
