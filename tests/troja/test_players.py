"""Troja players never set off the deciding battle while they can see they would lose it
(strategies/catan.py `end_aware`, `end_hold`, `end_patience`), judging the hidden row and the
rivals' secret allegiances only by what their seat sees (sim/catan_core/beliefs.py); `end_aware=0`
is the old player, and the player battery (`agon check-players`) flags it again."""
from itertools import product
from math import comb

import numpy as np
import pytest

from experiments.check_players import Check, run_checks
from sim.catan_core.layout import *  # noqa: F401,F403
from sim.catan_core import rules as E
from sim.catan_core import beliefs as Bf
from sim.rng import new_stream, PLAYERS
from strategies import catan as S
from strategies.troja import WEIGHTS, WEIGHT_NAMES, choose as choose_troja, GREEDY
from tests.catan.helpers import fresh, give, settle, ph, LUMBER, BRICK, WOOL, GRAIN, ORE

SELF = "self-defeating game end"


def weights(**named):
    w = np.array(WEIGHTS, dtype=np.float64)
    for k, v in named.items():
        w[WEIGHT_NAMES.index(k)] = v
    return w


def choose(st, topo, cfg, kind=GREEDY, **named):
    out = np.empty(1024, dtype=np.int64)
    n = E.legal_actions(st, topo, cfg, out)
    return int(choose_troja(st, (topo, cfg), out, n, kind, weights(**named), new_stream(1, 0, PLAYERS), st.copy()))


def scores(st, topo, cfg, **named):
    out = np.empty(1024, dtype=np.int64)
    n = E.legal_actions(st, topo, cfg, out)
    sc = np.empty(n)
    S.greedy_scores(st, topo, cfg, out, n, weights(**named), new_stream(1, 0, PLAYERS), sc, st.copy())
    return dict(zip(out[:n].tolist(), sc.tolist()))


def donations(st, topo):
    B = E.a_base(topo)
    return set(range(B, B + 5))


def deciding(base_vp, alleg=(SIDE_MYCENAE, SIDE_TROY, SIDE_MYCENAE, SIDE_TROY), row=(2, 1, 2, 2, 2)):
    """4 players, Mycenae one win from the track's end (4 of 5), the support row one card below
    the threshold (9 of 10), seat 0 (Mycenae) in its trade/build phase with cards to donate.
    base_vp[q]: settlements of seat q (on nodes 0, 10, 20, ... apart), VP without the bonus."""
    st, topo, cfg = fresh("troja", 4)
    for q in range(4):
        st[ph(q, P_ALLEG)] = alleg[q]
    node = 0
    for q, v in enumerate(base_vp):
        for _ in range(v):
            while not E.node_distance_ok(st, topo, node):
                node += 1
            settle(st, topo, cfg, q, node)
    for r in range(5):     # the row: the seed plus donations, from the bank
        d = row[r] - st[S_ROW + r]
        st[S_ROW + r] += d
        st[S_BANK + r] -= d
    st[S_TRACK + SIDE_MYCENAE] = 4
    st[S_BATTLES + SIDE_MYCENAE] = 4
    give(st, 0, [0, 0, 2, 5, 2])    # over the discard limit: a donation sheds a card
    for q in (1, 2, 3):
        give(st, q, [1, 0, 1, 1, 0])
    assert E.row_total(st) == cfg[C_ROW_THRESHOLD] - 1
    return st, topo, cfg


def test_behind_it_does_not_set_off_the_deciding_battle():
    """Seat 0 (Mycenae, 2 VP + bonus) against rivals of 5 VP: whoever its Mycenae partner is, a
    Mycenae win ends the game with seat 0 below first. Greedy and both personas keep the row below
    the threshold; the old greedy (end_aware=0) preferred a donation to ending its turn."""
    st, topo, cfg = deciding([2, 5, 5, 5])
    don = donations(st, topo)
    old = scores(st, topo, cfg, end_aware=0)
    assert max(old[a] for a in don & set(old)) > old[1]
    assert choose(st, topo, cfg, end_aware=0) in don
    for kind in (GREEDY, 3, 4):   # greedy, loyal_donor, ship_builder
        assert choose(st, topo, cfg, kind) not in don, kind
    sc = scores(st, topo, cfg)
    assert max(sc[a] for a in don & set(sc)) < sc[1] - 100


def test_far_ahead_it_sets_off_the_deciding_battle():
    """Seat 0 (Mycenae, 8 VP) against rivals of 1 VP: a Mycenae win ends the game with seat 0 first
    whoever its partner is, so it donates, a Mycenae card (lumber or grain) to tilt the battle."""
    st, topo, cfg = deciding([8, 1, 1, 1])
    a = choose(st, topo, cfg)
    B = E.a_base(topo)
    assert a - B in (LUMBER, GRAIN)


def test_deciding_scores_do_not_peek():
    """Greedy's scores are the same whatever the rivals' allegiances and whatever the hidden row
    holds, as long as what seat 0 sees is the same (its card, hands' sizes, the bank, the row's size)."""
    out = []
    for alleg in ((SIDE_MYCENAE, SIDE_TROY, SIDE_MYCENAE, SIDE_TROY), (SIDE_MYCENAE, SIDE_MYCENAE, SIDE_TROY, SIDE_TROY)):
        for swap in (False, True):
            st, topo, cfg = deciding([4, 4, 3, 3], alleg)
            if swap:   # one wool of the row for one of seat 1's lumber: the bank and seat 0 see nothing
                st[S_ROW + WOOL] -= 1
                st[S_ROW + LUMBER] += 1
                st[ph(1, P_HAND) + WOOL] += 1
                st[ph(1, P_HAND) + LUMBER] -= 1
            out.append(scores(st, topo, cfg))
    assert all(o == out[0] for o in out[1:])


def exact_odds(row, cfg):
    """(Troy, Mycenae, draw) of revealing k cards of `row` (troja.md §3.5, §8.8)."""
    side = [int(cfg[C_SIDE + r]) for r in range(5)]
    n = sum(row)
    k = min(int(cfg[C_REVEAL]), n)
    out = [0.0, 0.0, 0.0]
    for take in product(*[range(c + 1) for c in row]):
        if sum(take) != k:
            continue
        p = np.prod([comb(c, t) for c, t in zip(row, take)]) / comb(n, k)
        t = sum(x for x, s in zip(take, side) if s == SIDE_TROY)
        m = sum(x for x, s in zip(take, side) if s == SIDE_MYCENAE)
        out[0 if t > m else (1 if m > t else 2)] += p
    return out


@pytest.mark.parametrize("row", [(1, 0, 1, 1, 1), (3, 1, 2, 2, 2), (0, 2, 5, 1, 4)])
def test_battle_odds_exact_when_nothing_else_is_hidden(row):
    """With the rivals' hands empty, the cards seat 0 cannot locate are the row: the odds are the
    rules' hypergeometric ones; a card seat 0 donated (known) counts as in the row."""
    st, topo, cfg = fresh("troja", 4)
    for r in range(5):
        st[S_BANK + r] += st[S_ROW + r] - row[r]
        st[S_ROW + r] = row[r]
    got = Bf.battle_odds(st, cfg, 0, -1)
    assert np.allclose(got, exact_odds(list(row), cfg))
    assert sum(got) == pytest.approx(1.0)
    known = next(r for r in range(5) if row[r] > 0)
    assert np.allclose(Bf.battle_odds(st, cfg, 0, known), exact_odds(list(row), cfg))


@pytest.mark.parametrize("nt,nm,R", [(1, 2, 3), (2, 3, 5), (3, 2, 3), (2, 2, 3)])
def test_allegiance_deals_sum_to_one(nt, nm, R):
    tot = 0.0
    for mask in range(1 << R):
        t = bin(mask).count("1")
        if t <= nt and R - t <= nm:
            tot += Bf.deal_probability(nt, nm, t, R - t)
    assert tot == pytest.approx(1.0)


def test_playing_on_is_worth_less_as_the_game_drags():
    st, topo, cfg = fresh("troja", 4)
    w = weights()
    st[S_TURN] = 100
    assert S.end_hold(st, w) == pytest.approx(w[WEIGHT_NAMES.index("end_hold")])
    st[S_TURN] = 300
    assert S.end_hold(st, w) == pytest.approx(0.0)
    st[S_TURN] = 600
    assert S.end_hold(st, w) < -w[WEIGHT_NAMES.index("end_aware")]
    assert S.end_hold(st, weights(end_patience=0)) == pytest.approx(w[WEIGHT_NAMES.index("end_hold")])


def battery(strategies, games, players):
    c = Check(game="troja", players=players, strategies=list(strategies), games=games, option_games=0,
              options=[], seed=1, command="test")
    return run_checks(c, jobs=1, progress=False)


def flags(res, strategy, check):
    s = next(x for x in res["strategies"] if x["strategy"] == strategy)
    return [f for f in s["flags"] if f["check"] == check], s["ends"]


def test_battery_no_self_defeating_end_and_the_old_weights_are_flagged():
    """`agon check-players troja --players 4` on 40 games: greedy, tuned, ismcts and the personas never
    end a game below first; `greedy:end_aware=0`, the player before, is flagged (53 of 100 before).
    ismcts ended 2 of these 40 below first before its search scored a finished game by end_utility
    (tests/troja/test_search_ends.py, a stored position); none of these 40 now (a battle stays a
    gamble: in other games a seat's donations may start one its side loses)."""
    strategies = ["greedy", "tuned", "ismcts", "loyal_donor", "ship_builder", "greedy:end_aware=0"]
    res = battery(strategies, 40, 4)
    for s in strategies[:-1]:
        f, ends = flags(res, s, SELF)
        assert not f, (s, f)
        assert ends["player_ended"] > 0, s
    assert flags(res, "ismcts", SELF)[1]["self_defeating"] == 0
    f, ends = flags(res, "greedy:end_aware=0", SELF)
    assert f and ends["self_defeating"] >= 8, ends


@pytest.mark.slow
def test_battery_six_players():
    res = battery(["greedy", "tuned", "loyal_donor", "ship_builder"], 60, 6)
    for s in ("greedy", "tuned", "loyal_donor", "ship_builder"):
        assert not flags(res, s, SELF)[0], s


def test_no_game_is_left_to_truncation():
    """Players who will not end a game they may lose could play on forever when nobody can gain any
    more; end_patience makes someone end it. 400 games of 4 and 200 of 6 greedy players: none
    truncated (1,000 turns), none longer than 600 player-turns."""
    from sim.troja import SPEC
    for P, n in ((4, 400), (6, 200)):
        r = SPEC.play_batch(5, 0, n, P, SPEC.params.defaults(), np.ones(P, dtype=np.int64))
        assert (r["end_path"] != END_TRUNCATED).all() and r["turns"].max() < 600, P
