"""The action space is declared once (sim/catan_core/actions.py): every board's topo carries the
declared first id of each range, which is what the compiled rules read, N_ACTIONS is the largest
declared space, and every legal action decodes to the word the trace uses."""
import numpy as np
import pytest

from sim import contract, get_game
from sim.catan_core import rules as R
from sim.catan_core.actions import N_ACTIONS, A_ROLL, A_END
from sim.catan_core.board import T_A, TOPO_B30_R2, actions_of_board
from sim.catan_core.layout import GAME_CATAN, GAME_TROJA, PMAX


@pytest.mark.parametrize("name", ["catan", "troja"])
def test_the_rules_read_the_declared_ranges(name):
    spec = get_game(name)
    E = contract.game_of(spec).engine
    overs = [{}] + ([{"sea_rings": 2}] if name == "troja" else [])
    for n in spec.player_counts:
        for over in overs:
            topo, cfg = ctx = E.make_ctx(n, spec.params.vector(over))
            A = E.actions_of(ctx)
            for rng in A.names():
                assert topo[T_A[rng]] == A.start(rng), rng
            assert (A.start("ROLL"), A.start("END")) == (A_ROLL, A_END)
            assert A.start("TRADE") == R.a_trade(topo)
            assert A.names()[7] in ("BUY_DEV", "DONATE") and A.start(A.names()[7]) == R.a_base(topo)
            assert A.size <= N_ACTIONS


def test_n_actions_is_the_largest_declared_space():
    # troja on B30 with two sea rings and six players: 50 sea hexes, each with 7 corsair moves
    assert N_ACTIONS == actions_of_board(GAME_TROJA, TOPO_B30_R2, PMAX).size == 714
    assert actions_of_board(GAME_CATAN, TOPO_B30_R2, PMAX).size < N_ACTIONS


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
        ends = {}                       # per range word, the first and last legal id of the decision
        for a in legal[:m]:
            word = A.decode(int(a))[0]
            ends.setdefault(word, [int(a), int(a)])[1] = int(a)
        for word, ids in ends.items():
            seen.add(word)
            for a in set(ids):
                text = E.describe_action(st, ctx, a)
                assert text.split(": ", 1)[1].startswith(word), (word, text)
    assert {"ROLL", "END", "ROAD", "SETTLEMENT"} <= seen
