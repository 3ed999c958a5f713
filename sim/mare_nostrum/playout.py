"""Mare Nostrum's compiled playout loop (sim/loop.py bound to its engine and players), and the
GameSpec entry points, which the harness (sim/contract.py) implements once for every game."""
from sim import contract
from sim.loop import make_loop
from strategies import mare_nostrum as players
from . import engine
from .engine import params_hash                                                   # noqa: F401
from .results import R_FLOW, S_FLOW, flow_turn, flow_scores
from .results import (SEAT_COLS, GAME_COLS, VICTORY_PATHS, WIN_PATH_CIV, ROLE_SETS,   # noqa: F401
                      UNIT_NAMES, BUILDING_NAMES, CARD_SOURCES, FIRST_GOD, NO_GOD, HIGH_PRIEST_BANDS)

play_games, play_loop = make_loop("mare_nostrum", engine, players.choose, flow_turn, flow_scores, (R_FLOW, S_FLOW))

GAME = contract.Game("mare-nostrum", "Mare Nostrum: Mythology", engine, players, play_games)


def play_batch(seed, start, n_games, n_players, params, kinds, weights, check=False):
    return contract.play_batch(GAME, seed, start, n_games, n_players, params, kinds, weights, check)


def play_traced(seed, index, n_players, params, kinds, weights):
    return contract.play_traced(GAME, seed, index, n_players, params, kinds, weights)
