"""Magna Grecia's `ismcts` computes each state's one-step pass once per decision (step_values keeps
it in the scratch choose puts behind the weights, keyed by the state without its unseen round
tiles). Where it takes kept values it claims they are exactly the pass of the state asked about:
these tests compare every answer with a fresh one_step_values of that state, on the states of a
search (a decision, its children, grandchildren, and each of them with the hidden tiles redealt)."""
import numpy as np

from experiments.lineup import arrays, parse_lineup
from sim.magna_grecia import SPEC
from sim.magna_grecia import engine as E
from sim.magna_grecia.state import S_CUR, S_NP, S_STAGE, ST_ORACLES, S_STACK
from sim.rng import new_stream, CHANCE, PLAYERS
from strategies import magna_grecia as G

N_PLAYERS = 4


def ismcts_weights():
    _, w = arrays(SPEC, parse_lineup(SPEC, ["ismcts"] * N_PLAYERS, N_PLAYERS))
    return w[0].copy()


def scratch(w, iters=32):
    """search_weights of a search with room for `iters` + 2 states (every state below())."""
    wq = w.copy()
    wq[G.W0 + G.IS.S_ITER] = iters
    return G.search_weights(wq)


def decisions(n_games=2, seed=11, every=9):
    """Every `every`-th decision with more than one legal action of tuned games: (st, ctx)."""
    kinds, w = arrays(SPEC, parse_lineup(SPEC, ["tuned"] * N_PLAYERS, N_PLAYERS))
    ctx = E.make_ctx(N_PLAYERS, SPEC.params.defaults())
    out = []
    k = 0
    for g in range(n_games):
        st = np.zeros(E.STATE_SIZE, np.int32)
        E.new_game(st, ctx, np.int64(N_PLAYERS), np.int64(seed), np.int64(g))
        chance, prng = new_stream(seed, g, CHANCE), new_stream(seed, g, PLAYERS)
        lg, work = np.zeros(E.N_ACTIONS, np.int32), np.zeros(E.STATE_SIZE, np.int32)
        m = E.legal_actions(st, ctx, lg)
        while m > 0:
            if m > 1 and st[S_STAGE] != ST_ORACLES:
                k += 1
                if k % every == 0:
                    out.append(st.copy())
            p = int(st[S_CUR])
            a = int(G.choose(st, ctx, lg, m, kinds[p], w[p], prng, work))
            m = E.apply_action(st, ctx, a, chance, lg)
    return ctx, out


def below(st, ctx, width=3):
    """st, then up to `width` children and each child's first `width` children (the states a
    search reaches), each with more than one legal action."""
    lg = np.zeros(E.N_ACTIONS, np.int32)
    out = [st]
    frontier = [st]
    for _ in range(2):
        nxt = []
        for s in frontier:
            m = E.legal_actions(s, ctx, lg)
            for i in np.linspace(0, m - 1, min(width, m)).astype(int):
                c = s.copy()
                if E.apply_action(c, ctx, int(lg[i]), new_stream(0, 0, CHANCE), np.zeros(E.N_ACTIONS, np.int32)) > 1:
                    nxt.append(c)
        out += nxt
        frontier = nxt
    # two actions can reach the same state (a kept pass is then, by design, the first one's, with its
    # draws): each state once (the retrained 4-player tuned file met one such pair)
    seen, unique = set(), []
    for s in out:
        if s.tobytes() not in seen:
            seen.add(s.tobytes())
            unique.append(s)
    return unique


def one_step(st, ctx, w, seed):
    lg = np.zeros(E.N_ACTIONS, np.int32)
    m = E.legal_actions(st, ctx, lg)
    vals = np.empty(m)
    G.one_step_values(st.copy(), ctx, lg, m, w, new_stream(seed, 0, PLAYERS), vals)
    return lg, m, vals


def test_kept_one_step_values_are_the_pass_of_the_state_asked_about():
    ctx, roots = decisions()
    w = ismcts_weights()
    assert w[G.W_REUSE] == 1.0
    hits = redealt = 0
    for r, root in enumerate(roots):
        ws = scratch(w)
        states = below(root, ctx)
        assert len(states) <= int(ws[-3])
        refs = []
        for j, s in enumerate(states):                   # first asked: computed and kept
            lg, m, ref = one_step(s, ctx, w, seed=j)
            got = np.empty(m)
            best = G.step_values(s.copy(), ctx, lg, m, ws, new_stream(j, 0, PLAYERS), got)
            assert np.array_equal(got, ref) and best == ref.max()
            refs.append(ref)
        for j, s in enumerate(states):                   # asked again, hidden tiles redealt
            s2 = s.copy()
            E.redeal_hidden(s2, ctx, int(s[S_CUR]), new_stream(100 + r, j, CHANCE))
            redealt += not np.array_equal(s2, s)
            lg, m, ref = one_step(s2, ctx, w, seed=j)     # the pass reads no unseen tile
            assert np.array_equal(ref, refs[j])
            got = np.full(m, np.nan)
            rng = new_stream(999, j, PLAYERS)
            before = rng.copy()
            best = G.step_values(s2, ctx, lg, m, ws, rng, got)
            assert np.array_equal(got, ref) and best == ref.max()
            hits += np.array_equal(rng, before)           # kept: nothing computed, nothing drawn
    assert hits == sum(len(below(r, ctx)) for r in roots)
    assert redealt > 0, "no redeal changed a state: the test would not see a key that reads the unseen tiles"


def test_a_state_that_differs_in_a_seen_field_is_not_taken_for_a_kept_one():
    """The key reads every field but the header and the unseen tiles: a state one seen field apart
    (another seat's points, the next round's tile, which every seat sees) gets its own pass."""
    ctx, roots = decisions(n_games=1, every=25)
    w = ismcts_weights()
    st = next(r for r in roots if G.first_hidden(r, ctx) > int(r[G.S_ROUND]) + 1)
    ws = scratch(w)
    lg, m, ref = one_step(st, ctx, w, seed=1)
    G.step_values(st.copy(), ctx, lg, m, ws, new_stream(1, 0, PLAYERS), np.empty(m))
    assert int(ws[-2]) == 1
    for k, field in enumerate((G.S_POINTS + (int(st[S_CUR]) + 1) % N_PLAYERS, S_STACK + int(st[G.S_ROUND]) + 1)):
        s2 = st.copy()
        s2[field] += 1
        assert G.state_key(s2, ctx) != G.state_key(st, ctx)
        G.step_values(s2, ctx, lg, m, ws, new_stream(2, 0, PLAYERS), np.empty(m))
        assert int(ws[-2]) == 2 + k                     # computed and kept as a state of its own


def test_seat_values_with_the_scratch_are_those_without_it():
    """Every call values every seat as without the scratch, the seat to move by its continuation
    (the loop learns the seat count from the engine's n_seats, not from a seat_values call)."""
    ctx, roots = decisions(n_games=1, every=25)
    w = ismcts_weights()
    st = roots[0]
    ws = G.search_weights(w)
    ref = np.zeros(64)
    out = np.full(64, np.nan)
    assert G.seat_values(st.copy(), ctx, w, new_stream(1, 0, PLAYERS), ref) == st[S_NP]
    assert G.seat_values(st.copy(), ctx, ws, new_stream(1, 0, PLAYERS), out) == st[S_NP]
    assert np.array_equal(out[:N_PLAYERS], ref[:N_PLAYERS])
    lg, m, vals = one_step(st, ctx, w, seed=1)
    assert ref[int(st[S_CUR])] == vals.max()
