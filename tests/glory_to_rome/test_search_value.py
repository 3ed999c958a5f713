"""The search's fitted leaf value (strategies/glory_to_rome.py VALUE_COEF, value_logits): each seat's
log-odds read only what that seat may see, rise with its own points, and the search scored by them
beats the tuned greedy."""

import numpy as np
import pytest

from experiments.lineup import parse_strategy
from reports.stats import wilson
from sim.glory_to_rome import SPEC
from tests.glory_to_rome.test_tournament import share
from sim.glory_to_rome import engine as E
from sim.glory_to_rome.rules.cards import deck_left
from sim.glory_to_rome.state import G_N, G_SP, G_PHASE, PH_LEAD, P0, PSZ, O_HAND, O_HMAT, O_VAULT, O_VHID
from sim.glory_to_rome.board import MAT, NK
from sim.rng import new_stream, CHANCE, PLAYERS
from strategies import glory_to_rome as G


def midgame(seed, n=4, deck_to=60):
    """A lead decision of a tuned 4-player game once the deck is down to `deck_to` cards."""
    tuned = parse_strategy(SPEC, "tuned", n)
    w = np.array(tuned.weights, np.float64)
    ctx = E.make_ctx(n, SPEC.params.defaults())
    st = np.zeros(E.STATE_SIZE, np.int32)
    E.new_game(st, ctx, n, np.uint64(seed), 0)
    chance, pr = new_stream(seed, 0, CHANCE), new_stream(seed, 0, PLAYERS)
    legal = np.empty(E.N_ACTIONS, np.int32)
    work = np.empty(E.STATE_SIZE, np.int32)
    m = E.legal_actions(st, ctx, legal)
    while m > 0:
        if st[G_SP] == 0 and st[G_PHASE] == PH_LEAD and deck_left(st) <= deck_to:
            return st
        a = G.choose(st, ctx, legal, m, tuned.kind, w, pr, work)
        m = E.apply_action(st, ctx, a, chance, legal)
    raise AssertionError("the game ended before the deck ran down")


def logits(st):
    out = np.zeros(64)
    n = G.value_logits(st, G.VALUE_COEF, out)
    return out[:n].copy()


def test_value_is_fitted():
    """VALUE_COEF holds a fit (not the zero placeholder), one row for a and one for progress."""
    assert G.VALUE_COEF.shape == (2, G.N_VF)
    assert np.abs(G.VALUE_COEF).sum() > 0


@pytest.mark.parametrize("seed", [11, 12, 13])
def test_value_reads_only_what_the_seat_sees(seed):
    """Redealing what seat p cannot see (rivals' hands, the deck, vault cards hidden from it) and
    changing the material of a rival's face-down vault card leave p's log-odds unchanged; a rival's
    face-up vault card does change them (p sees it)."""
    st = midgame(seed)
    n = st[G_N]
    ctx = E.make_ctx(n, SPEC.params.defaults())
    for p in range(n):
        base = logits(st)[p]
        for k in range(5):
            s = st.copy()
            E.redeal_hidden(s, ctx, p, new_stream(seed + 100 * k, p, PLAYERS))
            assert logits(s)[p] == pytest.approx(base, abs=1e-12)
        q = (p + 1) % n
        bq = P0 + q * PSZ
        s = st.copy()
        s[bq + O_VAULT + 0] += 1           # a face-down vault card of material 0 (hidden from p) ...
        s[bq + O_VHID + 0] += 1
        hidden0 = logits(s)[p]
        s[bq + O_VAULT + 0] -= 1           # ... turned into material 5
        s[bq + O_VHID + 0] -= 1
        s[bq + O_VAULT + 5] += 1
        s[bq + O_VHID + 5] += 1
        assert logits(s)[p] == pytest.approx(hidden0, abs=1e-12)
        # the rival's hand by kind is hidden too: swap one card for another of a different kind
        s = st.copy()
        ks = [k for k in range(NK) if s[bq + O_HAND + k] > 0]
        if ks:
            k = ks[0]
            k2 = next(j for j in range(NK) if MAT[j] != MAT[k])
            s[bq + O_HAND + k] -= 1
            s[bq + O_HMAT + MAT[k]] -= 1
            s[bq + O_HAND + k2] += 1
            s[bq + O_HMAT + MAT[k2]] += 1
            assert logits(s)[p] == pytest.approx(base, abs=1e-12)
        s = st.copy()
        s[bq + O_VAULT + 5] += 10          # ten face-up (known) Marble vault cards: the rival leads
        assert logits(s)[p] < base


@pytest.mark.parametrize("seed,deck_to", [(21, 100), (22, 60), (23, 20)])
def test_value_rises_with_own_points(seed, deck_to):
    """A face-up vault card of 3 VP more raises a seat's log-odds and its fitted win probability,
    early, mid-game and late."""
    st = midgame(seed, deck_to=deck_to)
    n = st[G_N]
    for p in range(n):
        before = logits(st)
        s = st.copy()
        s[P0 + p * PSZ + O_VAULT + 5] += 1          # Marble: 3 VP
        after = logits(s)
        assert after[p] > before[p]
        pb = np.exp(before - before.max())
        pa = np.exp(after - after.max())
        assert pa[p] / pa.sum() > pb[p] / pb.sum()


def test_search_with_value_beats_tuned():
    """One ismcts seat (the shipped search block and value) against 3 tuned seats, seats rotated,
    wins more than the fair quarter (Wilson 95% lower bound)."""
    n, per_seat, seed = 4, 40, 4400
    wins, _ = share("ismcts", "tuned", n, per_seat, seed)
    lo, hi = wilson(wins, n * per_seat)
    assert lo > 0.25, (wins / (n * per_seat), lo, hi)
