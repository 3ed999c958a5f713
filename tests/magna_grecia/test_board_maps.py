"""Magna Grecia's board maps for generated boards (issue 17: the classic board, and for generated
boards one map per board seed)."""
import numpy as np

from reports.boards import magna_grecia as MGP
from sim.magna_grecia import board as B


def test_a_fixed_generated_board_is_drawn_with_its_own_villages():
    from sim import contract, get_game
    from sim.magna_grecia import state as S
    params = {"board": "generated", "gen_board_seed": 7}
    kinds = MGP.board_kinds(3, params)
    assert not np.array_equal(kinds, B.CLASSIC_KIND) and (kinds > 0).sum() > 10
    # every game of such a run has this board
    spec = get_game("magna-grecia")
    G = contract.game_of(spec)
    st, _, _ = contract.play_logged(G, 3, 5, 3, spec.params.vector(params), np.zeros(3, np.int64),
                                    np.zeros((3, 1)), trace=False)
    assert np.array_equal(np.asarray(st[S.H_KIND:S.H_KIND + B.N]), kinds)
    maps = MGP.heatmaps(3, params)
    assert all("Generated board 7" in m.caption for m, *_ in maps)


def test_boards_generated_per_game_are_pooled_and_say_so():
    maps = MGP.heatmaps(3, {"board": "generated"})
    assert all("one per game" in m.caption and "gen_board_seed" in m.caption for m, *_ in maps)
    classic = MGP.heatmaps(3, {})
    assert not any("Generated" in m.caption for m, *_ in classic)
    assert [m.name for m, *_ in classic] == ["mg_cities", "mg_city_lift", "mg_markets", "mg_market_lift",
                                             "mg_oracle_lift"]
