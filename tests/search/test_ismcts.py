"""The search written once for every game (sim/search/ismcts.py): bound per game by name, legal and
deterministic, every root action reachable, and no better informed than its seat (the contract's
no-peek test covers every strategy, this one included)."""
import numpy as np
import pytest

from sim import contract, get_game
from sim.search import ismcts

GAMES = contract.contract_games()


def _lineup(spec, hero, n):
    return contract.lineup_arrays(spec, [hero] + ["greedy"] * (n - 1))


def test_make_search_names_what_it_lacks():
    with pytest.raises(TypeError, match="policy_scores"):
        ismcts.make_search("search_nothing", **{b: None for b in ismcts.BINDINGS if b != "policy_scores"})


@pytest.mark.parametrize("name", GAMES)
def test_every_game_has_the_search_block_in_its_weights(name):
    info = get_game(name).strategy("ismcts")
    block = info.weight_names[-len(ismcts.SEARCH_WEIGHT_NAMES):]
    assert block == ismcts.SEARCH_WEIGHT_NAMES or set(ismcts.SEARCH_WEIGHT_NAMES) <= set(info.weight_names)
    assert info.weights[info.weight_names.index("search_iterations")] >= 1


def _first_decisions(name, budget, k=6):
    """(state, ctx, legal, m, seat, stream, weights) at the first k decisions with a choice."""
    spec, game = get_game(name), contract.game_of(get_game(name))
    n = spec.default_players
    kinds, w = _lineup(spec, "ismcts", n)
    w[:, spec.strategy("ismcts").weight_names.index("search_iterations")] = budget
    out = []
    for st, ctx, legal, m, p, pr, _ in contract._decisions(game, 11, 0, n, kinds, w):
        if m > 1 and p == 0:
            out.append((st.copy(), ctx, legal.copy(), m, p, pr.copy(), w[p].copy()))
        if len(out) == k:
            break
    return game, out


@pytest.mark.parametrize("name", ["glory-to-rome", "catan"])
def test_search_is_legal_deterministic_and_leaves_the_state(name):
    game, decisions = _first_decisions(name, 16)
    kind = get_game(name).strategy("ismcts").kind
    for st, ctx, legal, m, p, pr, w in decisions:
        work = np.zeros(game.engine.STATE_SIZE, np.int32)
        before = st.copy()
        a1 = game.players.choose(st, ctx, legal, m, kind, w, pr.copy(), work)
        a2 = game.players.choose(st, ctx, legal, m, kind, w, pr.copy(), work)
        assert a1 == a2 and a1 in legal[:m]
        assert np.array_equal(st, before)


def test_budget_one_plays_the_greedy_scores_best_action():
    """With one iteration the only child is the best-scored action: the search then plays what the
    greedy's scores rank first (the greedy itself, up to its tie noise)."""
    from strategies import glory_to_rome as G
    game, decisions = _first_decisions("glory-to-rome", 1)
    for st, ctx, legal, m, p, pr, w in decisions:
        sc = np.empty(m)
        G.policy_scores(st, ctx, legal, m, w, pr.copy(), np.zeros(1, np.int32), sc)
        a = G.search_action(st, ctx, legal, m, w, pr.copy(), np.zeros(1, np.int32))
        assert sc[list(legal[:m]).index(a)] == sc.max()
