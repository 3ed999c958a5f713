"""`troja` on the engine contract (docs/ENGINES.md): the shared Catan-core facade
(sim/catan_core/engine.py) with this game's context, result columns and action space."""
import numpy as np

from sim.spec import AgonInputError
from sim.catan_core.engine import *                       # noqa: F401,F403  (the contract functions)
from sim.catan_core.engine import (new_game, legal_actions, apply_action, to_move, is_over,   # noqa: F401
                                   returns, redeal_hidden, check_invariants, describe_action, describe_event,
                                   describe_turn, describe_end, observation, dump_state, LAYOUT, STATE_SIZE,
                                   N_ACTIONS, EVENTS, MAX_PLAYERS, actions_of)
from sim.catan_core.board import topo_for, actions_of_board
from sim.catan_core.layout import GAME_TROJA
from sim.catan_core.results import RESULTS_TROJA as RESULTS, record_troja as record   # noqa: F401
from sim.troja.params import to_config

PLAYER_COUNTS = (4, 6)
_B19 = topo_for(4, 1)
ACTIONS = actions_of_board(GAME_TROJA, _B19, 4)  # the default board's (actions_of(ctx): any other)


def make_ctx(n_players, params):
    """(topo, cfg) for n_players: the board (B19 for 4 players, B30 for 6; sea_rings picks one
    or two sea rings) and the rules' config vector; AgonInputError names a bad value."""
    if n_players not in PLAYER_COUNTS:
        raise AgonInputError(f"troja is played by 4 or 6 players, not {n_players}")
    cfg, topo = to_config(np.asarray(params, dtype=np.float64), n_players)
    return (topo, cfg)


# the max_turns cap (troja.md §5.1) ends a game unfinished: nobody wins it (`truncated`)
GAMES_WITHOUT_WINNER = True
