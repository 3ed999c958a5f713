"""The online accumulator (sim/flow.py) on hand-built score sequences, against figures computed by
hand (and against the whole-sequence reference of reference.py)."""
import math

import numpy as np
import pytest

from sim import flow
from sim.layout import Results
from tests.flow.reference import reference

GAME_NAMES = [c for c, _, _ in flow.GAME_COLUMNS] + list(flow.GRID_COLUMNS)
SEAT_NAMES = [c for c, _, _ in flow.SEAT_COLUMNS]


def run(keys, points, win, legal_counts=(2,), capacity=flow.FLOW_CAPACITY):
    """Feed a sequence through the accumulator; the flow columns by name."""
    keys, points = np.asarray(keys, float), np.asarray(points, float)
    p = keys.shape[1]
    acc = flow.flow_new(p, capacity)
    flow.flow_begin(acc, p, 0)
    for m in legal_counts:
        flow.flow_decision(acc, m)
    for i in range(len(keys)):
        flow.flow_observe(acc, i + 1, keys[i], points[i])
    game = np.zeros(len(GAME_NAMES))
    seats = np.zeros((p, len(SEAT_NAMES)))
    flow.flow_finish(acc, np.asarray(win, float), game, seats, 0, 0)
    out = dict(zip(GAME_NAMES, game.tolist()))
    out.update({c: seats[:, j] for j, c in enumerate(SEAT_NAMES)})
    return out


# three seats; seat 1 wins after trailing, ties in the lead at turn 3
KEYS = [[1, 0, 0], [1, 2, 0], [2, 2, 0], [2, 2, 3], [4, 2, 3], [4, 5, 3]]
WIN = [0, 1, 0]


def test_lead_changes_drama_margin_by_hand():
    r = run(KEYS, KEYS, WIN, legal_counts=(1, 3, 5, 2))
    assert r["flow_turns"] == 6
    assert r["flow_lead_changes"] == 4              # 0 -> 1, (tie), -> 2 -> 0 -> 1
    assert r["flow_lead_change_rate"] == pytest.approx(4 / 5)
    assert r["flow_winner_turns_behind"] == 3        # turns 1, 4, 5 (turn 3 is a tie at the top, not behind)
    assert r["flow_winner_max_deficit"] == 2         # 2 against 4 at turn 5
    assert r["flow_drama"] == pytest.approx((1 + 1 + 2) / 3)
    assert r["flow_winner_leads_from"] == 6          # sole leader only at the last turn
    assert r["flow_decided_at"] == pytest.approx(5 / 6)
    assert r["flow_margin"] == 1                     # 5 - 4
    assert r["flow_leader_third_won"] == 1.0         # after turn 2 seat 1 led
    assert math.isnan(r["flow_leader_half_won"])     # after turn 3 the lead was tied
    assert r["flow_lead_won_at_10pct"] == 0.0        # after turn 1 seat 0 led, and lost
    assert math.isnan(r["flow_lead_won_at_50pct"])
    assert r["flow_lead_won_at_70pct"] == 0.0        # turn ceil(4.2) = 5: seat 0
    assert r["flow_lead_won_at_100pct"] == 1.0
    assert r["flow_branching"] == pytest.approx(11 / 4)
    assert r["flow_branching_max"] == 5
    assert r["flow_decision_share"] == pytest.approx(3 / 4)
    assert r["flow_decisions"] == 4
    assert r["flow_turns_behind"].tolist() == [3, 3, 5]
    assert r["flow_turns_led"].tolist() == [2, 2, 1]
    assert r["flow_max_deficit"].tolist() == [1, 2, 2]


def test_a_wire_to_wire_win_has_no_drama():
    keys = [[1, 0], [3, 1], [3, 2], [5, 2]]
    r = run(keys, keys, [1, 0])
    assert r["flow_lead_changes"] == 0 and r["flow_winner_turns_behind"] == 0
    assert r["flow_drama"] == 0 and r["flow_winner_max_deficit"] == 0
    assert r["flow_winner_leads_from"] == 1 and r["flow_decided_at"] == 0
    assert r["flow_margin"] == 3
    assert all(r[c] == 1.0 for c in flow.GRID_COLUMNS)


def test_shared_win_leaves_winner_figures_undefined():
    keys = [[1, 0], [1, 2], [3, 3]]
    r = run(keys, keys, [0.5, 0.5])
    for c in ("flow_winner_turns_behind", "flow_winner_max_deficit", "flow_drama", "flow_winner_leads_from",
              "flow_decided_at"):
        assert math.isnan(r[c]), c
    assert math.isnan(r["flow_lead_won_at_100pct"])    # tied at the end
    assert r["flow_lead_won_at_50pct"] == 0.5          # seat 1 led after turn 2 and shared the win
    assert r["flow_margin"] == 0


def test_rank_key_and_points_differ():
    """Mare Nostrum style: the key breaks ties (provinces), deficits count points (heroes/wonders) only."""
    keys = [[103, 102], [203, 105], [205, 207]]
    points = [[1, 1], [2, 1], [2, 2]]
    r = run(keys, points, [0, 1])
    assert r["flow_winner_turns_behind"] == 2          # behind on the key at turns 1 and 2
    assert r["flow_winner_max_deficit"] == 1
    assert r["flow_drama"] == pytest.approx(0.5)       # deficits 0 and 1 while behind
    assert r["flow_margin"] == 0                       # final points 2 and 2


def test_a_game_without_turns_writes_no_leader():
    r = run(np.zeros((0, 2)), np.zeros((0, 2)), [1, 0])
    assert r["flow_turns"] == 0 and math.isnan(r["flow_lead_won_at_100pct"])


def test_full_buffer_keeps_every_other_leader():
    """Capacity 4, ten turns with a different sole leader each: the stride doubles twice and the
    leader is read from the kept turn at or before the one asked (turns 1, 5, 9)."""
    p = 10
    keys = np.eye(p)
    acc = flow.flow_new(p, 4)
    flow.flow_begin(acc, p, 0)
    for i in range(p):
        flow.flow_observe(acc, i + 1, keys[i], keys[i])
    assert acc[flow.A_STRIDE] == 4
    assert [flow.leader_at(acc, j) for j in range(p)] == [0, 0, 0, 0, 4, 4, 4, 4, 8, 8]
    small = np.eye(4)
    acc = flow.flow_new(4, 4)
    flow.flow_begin(acc, 4, 0)
    for i in range(4):
        flow.flow_observe(acc, i + 1, small[i], small[i])
    assert [flow.leader_at(acc, j) for j in range(4)] == [0, 1, 2, 3]      # exact up to the capacity


@pytest.mark.parametrize("seed", range(25))
def test_random_sequences_match_the_reference(seed):
    rng = np.random.default_rng(seed)
    p = int(rng.integers(2, 6))
    t = int(rng.integers(1, 40))
    keys = np.cumsum(rng.integers(0, 3, (t, p)), axis=0).astype(float)
    win = np.zeros(p)
    top = np.flatnonzero(keys[-1] == keys[-1].max())
    win[top] = 1.0 / len(top)
    if seed % 5 == 0:
        win[:] = 0.0
        win[rng.integers(p)] = 1.0                     # a winner by another path (Forum, Pyramids)
    legal = rng.integers(1, 9, int(rng.integers(1, 50)))
    got, want = run(keys, keys, win, legal), reference(keys, keys, win, legal)
    for c in GAME_NAMES + SEAT_NAMES:
        np.testing.assert_allclose(np.asarray(got[c], float), np.asarray(want[c], float), err_msg=c)


def test_declare_adds_named_columns_in_order():
    res = Results("test")
    res.game("turns")
    res.seat("score", float)
    res.seat("win", float)
    res.seat("rank")
    r0, s0 = flow.declare(res)
    assert res.game_cols.names()[r0:] == GAME_NAMES
    assert res.seat_cols.names()[s0:] == SEAT_NAMES
    assert not any(c[-1].isdigit() for c in GAME_NAMES)   # never read as seat columns (name_k) in a chunk


@pytest.mark.parametrize("seed", range(20))
def test_held_standings_match_the_reference(seed):
    """Standings held for several turns (most turns of a Catan game change nobody's points): the
    accumulator counts such a turn on its fast path and credits the seats when the standing
    changes or the game ends; the figures equal the whole-sequence reference's, with a separate
    points vector (deficits, margins)."""
    rng = np.random.default_rng(100 + seed)
    p = int(rng.integers(2, 6))
    steps = np.cumsum(rng.integers(0, 2, (int(rng.integers(1, 15)), p)), axis=0).astype(float)
    held = np.repeat(np.arange(len(steps)), rng.integers(1, 12, len(steps)))   # each standing 1-11 turns
    keys = steps[held]
    points = keys * 2 + (keys > 1)                    # points differ from keys, same order
    win = np.zeros(p)
    win[rng.integers(p)] = 1.0
    legal = rng.integers(1, 9, 5)
    got, want = run(keys, points, win, legal), reference(keys, points, win, legal)
    for c in GAME_NAMES + SEAT_NAMES:
        np.testing.assert_allclose(np.asarray(got[c], float), np.asarray(want[c], float), err_msg=c)
