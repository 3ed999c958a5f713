"""The declared action space (sim/catan_core/actions.py) agrees with the ids the compiled rules
compute from the board, for both Catan-core games on every board, and names every legal action
by the same word the trace uses."""
import numpy as np
import pytest

from sim import contract, get_game
from sim.catan_core import rules as R


@pytest.mark.parametrize("name", ["catan", "troja"])
def test_declared_ranges_are_the_rules_bases(name):
    spec = get_game(name)
    E = contract.game_of(spec).engine
    overs = [{}] + ([{"sea_rings": 2}] if name == "troja" else [])
    for n in spec.player_counts:
        for over in overs:
            topo, cfg = ctx = E.make_ctx(n, spec.params.vector(over))
            A = E.actions_of(ctx)
            assert A.start("ROAD") == R.a_road(topo) and A.start("SETTLEMENT") == R.a_settle(topo)
            assert A.start("CITY") == R.a_city(topo) and A.start("TRADE") == R.a_trade(topo)
            assert A.start("DISCARD") == R.a_discard(topo)
            assert A.names()[7] in ("BUY_DEV", "DONATE") and A.start(A.names()[7]) == R.a_base(topo)
            assert A.size == R.n_actions(topo, cfg) <= E.N_ACTIONS


@pytest.mark.parametrize("name", ["catan", "troja"])
def test_every_legal_action_decodes_to_its_trace_word(name):
    spec = get_game(name)
    game = contract.game_of(spec)
    E = game.engine
    n = spec.default_players
    kinds, w = contract.lineup_arrays(spec, ["random"] * n)
    seen = set()
    for st, ctx, legal, m, p, pr, wp in contract._decisions(game, 3, 0, n, kinds, w):
        A = E.actions_of(ctx)
        for a in legal[:m]:
            word = A.decode(int(a))[0]
            seen.add(word)
            assert E.describe_action(st, ctx, a).split(": ", 1)[1].startswith(word), (word, E.describe_action(st, ctx, a))
    assert {"ROLL", "END", "ROAD", "SETTLEMENT"} <= seen
