"""Mare Nostrum on the engine contract (sim/mare_nostrum/engine.py): the harness's checks at more
player counts than tests/contract's default, the trace's automatic effects (civs, roles, battle
dice, totals, losses, casualties), and one CHANCE sequence per game whatever plays it."""
import numpy as np
import pytest

from sim import contract, get_game
from sim.layout import HEADER_SIZE
from sim.mare_nostrum import engine as E
from sim.mare_nostrum import rules as R
from sim.mare_nostrum.playout import GAME
from sim.rng import new_stream, players_stream, at_decision, SETUP, CHANCE
from strategies.mare_nostrum import choose
from sim.mare_nostrum.results import flow_turn

SPEC = get_game("mare-nostrum")


def _lineup(names, n):
    infos = [SPEC.strategy(names[i % len(names)]) for i in range(n)]
    w = np.zeros((n, SPEC.n_weights))
    for i, info in enumerate(infos):
        w[i, :len(info.weights)] = info.weights
    return np.array([i.kind for i in infos], np.int64), w


@pytest.mark.parametrize("n", [3, 4])
def test_no_peek_every_player(n):
    """No player's decision changes when the opponents' hands are redealt (the seat sees their
    sizes only); ismcts on a few decisions (slow)."""
    for s in SPEC.strategies:
        if s.name == "random":
            continue
        slow = s.name == "ismcts"
        kinds, w = _lineup((s.name,), n)
        checked, redealt, bad = contract.no_peek(GAME, n, kinds, w, games=1 if slow else 2, seed=21 + n,
                                                 max_checks=8 if slow else 10**9)
        assert bad == [], (s.name, bad[:5])
        # a check that redeals nothing tests nothing: enough decisions must have had hidden cards to redeal
        # (not a share: in the Strategy phase the others hold only kept taxes, so many decisions have none)
        assert checked >= (8 if slow else 50) and redealt >= (4 if slow else 50), (s.name, checked, redealt)


def test_redeal_keeps_the_view_at_three_players():
    states, changed = contract.redeal_checks(GAME, 3, games=1, every=2)
    assert states > 30 and changed > 0.5 * states


def test_redeal_hidden_moves_only_opponents_cards():
    """A redeal changes opponents' hands only, keeps each hand's size and the pool of their cards,
    and leaves the seat's own hand alone."""
    ctx = E.make_ctx(4, SPEC.params.defaults())
    st, _, _ = contract.play_logged(GAME, 5, 0, 4, SPEC.params.defaults(), np.zeros(4, np.int64),
                                    np.zeros((4, SPEC.n_weights)), trace=False)
    hands = st[R.HAND:R.HAND + 6 * 14].reshape(6, 14)
    c = st.copy()
    E.redeal_hidden(c, ctx, np.int64(1), new_stream(np.int64(1), np.int64(2), np.int64(3)))
    h2 = c[R.HAND:R.HAND + 6 * 14].reshape(6, 14)
    assert (np.flatnonzero(c != st) >= R.HAND).all() and (np.flatnonzero(c != st) < R.HAND + 6 * 14).all()
    assert np.array_equal(h2[1], hands[1]) and np.array_equal(h2.sum(axis=1), hands.sum(axis=1))
    others = [0, 2, 3]
    assert np.array_equal(h2[others].sum(axis=0), hands[others].sum(axis=0))


def test_one_chance_sequence_per_game():
    """The contract loop (new_game with its own CHANCE copy, apply_action continuing the caller's
    stream) plays the same games as the rules driven with one CHANCE stream from the set-up on,
    including games whose round 1 roles are tied before the first decision."""
    kinds, w = _lineup(("greedy", "random"), 3)
    P = SPEC.params.vector({"civ_assignment": "random"})
    ctx = E.make_ctx(3, P)
    for g in range(12):
        st, _, log = contract.play_logged(GAME, 77, g, 3, P, kinds, w, trace=False)
        S = R.new_game(3, ctx, new_stream(np.int64(77), np.int64(g), SETUP))
        crng = new_stream(np.int64(77), np.int64(g), CHANCE)
        prng = players_stream(np.int64(77), np.int64(g))
        R.advance(S, ctx, crng)
        buf = np.zeros(E.N_ACTIONS, np.int32)
        work = np.zeros(E.STATE_SIZE, np.int32)
        acts = []
        while S[R.H_OVER] == 0:
            k = R.legal_actions(S, ctx, buf)
            o = S[R.H_DECIDER]
            at_decision(prng, o, flow_turn(S, ctx))
            a = int(choose(S, ctx, buf, k, kinds[o], w[o], prng, work))
            acts.append(a)
            R.apply_action(S, ctx, a, crng)
        assert acts == [a for what, _, a, _ in log if what == "action"]
        same = np.ones(E.STATE_SIZE, bool)
        same[:HEADER_SIZE] = False
        same[R.H_CHANCE_PENDING:R.H_CHANCE + 3] = False
        assert np.array_equal(S[same], st[same])


def test_first_action_continues_the_chance_stream_of_new_game():
    """Whatever new_game drew from CHANCE (a round-1 role tie; none in the default set-ups), the
    first apply_action continues the caller's stream from the state new_game left in st."""
    from sim.rng import next_u64
    ctx = E.make_ctx(4, SPEC.params.defaults())
    st = np.zeros(E.STATE_SIZE, np.int32)
    E.new_game(st, ctx, 4, 9, 0)
    later = new_stream(np.int64(9), np.int64(0), CHANCE)
    for _ in range(3):
        next_u64(later)                     # as if new_game had drawn three numbers
    x = int(later[0])
    for i in range(3):
        st[R.H_CHANCE + i] = (x >> (22 * i)) & ((1 << 22) - 1)
    legal = np.zeros(E.N_ACTIONS, np.int32)
    m = E.legal_actions(st, ctx, legal)
    assert st[R.H_STEP] in (R.ST_SETUP_CARAVAN, R.ST_EX_ANNOUNCE)    # a decision that draws nothing
    chance = new_stream(np.int64(9), np.int64(0), CHANCE)
    E.apply_action(st, ctx, legal[0], chance, legal)
    assert int(chance[0]) == x and st[R.H_CHANCE_PENDING] == 0 and m > 0


def test_trace_shows_battles_and_plain_end():
    """Warmongers fight: the trace shows each battle, its dice, totals, losses and the units lost,
    indented under the decision that caused them; the last line prints plain integers."""
    kinds, w = _lineup(("warmonger",), 4)
    for index in range(6):
        lines, res = SPEC.play_traced(3, index, 4, SPEC.params.defaults(), kinds, w)
        if any(line.startswith("  battle in ") for line in lines):
            break
    text = "\n".join(lines)
    assert "  civs: seat 0=" in text and "  == round 1: trader=seat" in text
    for words in ("  battle in ", " rolls ", "  totals: attacker ", "  losses: attacker "):
        assert words in text, words
    assert " loses a " in text
    assert lines[-2].startswith("end: round ") and "np." not in text
    assert lines[-1].startswith(f"score {[int(x) for x in res['score'][0]]}")


def test_dump_names_fields():
    ctx = E.make_ctx(4, SPEC.params.defaults())
    st = np.zeros(E.STATE_SIZE, np.int32)
    E.new_game(st, ctx, 4, 1, 0)
    text = E.dump_state(st, ctx)
    assert "H_ROUND=1" in text and "UNITS[" in text and "METRICS[0]:" in text
    assert E.LAYOUT.offset_words(R.HAND + 14 + 13) == "HAND[1/tax]"
