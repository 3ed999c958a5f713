"""The search tree's array code (sim/search/tree.py): widening, selection, backup, shares."""
import numpy as np

from sim.search.tree import (T_ACTION, T_VISITS, T_AVAIL, tree_new, add_child, mark_children, widen_allows,
                             select_child, best_untried, backup, most_visited, shares)


def _tree(actions, visits, values, mover=0):
    ti, tw = tree_new(16, 2)
    for i, (a, n, v) in enumerate(zip(actions, visits, values), start=1):
        add_child(ti, tw, 0, i, a)
        ti[i, T_VISITS] = n
        tw[i, mover] = v
    return ti, tw


def test_children_are_marked_and_cleared():
    ti, tw = _tree([3, 7], [1, 1], [0.0, 0.0])
    slot = np.full(10, -1, np.int64)
    assert mark_children(ti, 0, slot, 0) == 2
    assert slot[3] == 1 and slot[7] == 2 and (slot[[0, 1, 2, 4, 5, 6, 8, 9]] == -1).all()
    mark_children(ti, 0, slot, 1)
    assert (slot == -1).all()


def test_widening_grows_with_visits_and_zero_means_plain_uct():
    assert widen_allows(0, 0, 1.0, 0.5)            # a first child always
    assert not widen_allows(0, 1, 1.0, 0.5)
    assert widen_allows(99, 9, 1.0, 0.5) and not widen_allows(99, 10, 1.0, 0.5)   # 100 ** 0.5 = 10
    assert widen_allows(0, 50, 0.0, 0.5)


def test_selection_uses_the_movers_column_and_only_legal_children():
    ti, tw = _tree([1, 2, 3], [10, 10, 10], [9.0, 5.0, 1.0])
    slot = np.full(5, -1, np.int64)
    mark_children(ti, 0, slot, 0)
    legal = np.array([2, 3, 4], np.int32)                # action 1 (the best) is not legal here
    ch = select_child(ti, tw, legal, 3, 0, 0.7, slot)
    assert ti[ch, T_ACTION] == 2
    assert ti[1, T_AVAIL] == 0 and ti[2, T_AVAIL] == 1 and ti[3, T_AVAIL] == 1
    ch = select_child(ti, tw, legal, 3, 1, 0.0, slot)      # seat 1's column is 0 everywhere: first max
    assert ti[ch, T_ACTION] in (2, 3)
    assert select_child(ti, tw, np.array([0, 4], np.int32), 2, 0, 0.7, slot) == -1


def test_untried_actions_enter_best_scored_first():
    ti, tw = _tree([2], [1], [0.0])
    slot = np.full(6, -1, np.int64)
    mark_children(ti, 0, slot, 0)
    legal = np.array([1, 2, 4, 5], np.int32)
    assert best_untried(legal, 4, slot, np.array([0.1, 9.0, 0.5, 0.5])) == 4     # 2 (the best) is tried
    assert best_untried(np.array([2], np.int32), 1, slot, np.array([1.0])) == -1


def test_backup_counts_every_node_on_the_path_and_most_visited_breaks_ties_to_the_oldest():
    ti, tw = _tree([5, 6], [0, 0], [0.0, 0.0])
    path = np.array([0, 2, 0], np.int64)
    backup(ti, tw, path, 1, np.array([0.25, 0.75]))
    assert ti[0, T_VISITS] == 1 and ti[2, T_VISITS] == 1 and ti[1, T_VISITS] == 0
    assert tw[2, 1] == 0.75
    ti[1, T_VISITS] = 1
    assert most_visited(ti, 0) == 5                        # tie: node 1 was added first


def test_shares_are_a_softmax_of_the_evaluations():
    out = np.zeros(4)
    shares(np.array([10.0, 0.0, 0.0, 99.0]), 3, 10.0, out)
    e = np.exp([1.0, 0.0, 0.0])
    assert np.allclose(out[:3], e / e.sum()) and out[3] == 0.0
    shares(np.array([1.0, 1.0]), 2, 1e-9, out[:2])
    assert np.allclose(out[:2], 0.5)
