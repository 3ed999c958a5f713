"""Glory to Rome's compiled playout loop (sim/loop.py bound to its engine and players) and the
GameSpec entry points, which the harness (sim/contract.py) implements once for every game."""
from sim import contract
from sim.loop import make_loop
from strategies import glory_to_rome as players
from . import engine
from .results import R_FLOW, S_FLOW, flow_turn, flow_scores

play_games, play_loop = make_loop("glory_to_rome", engine, players.choose, flow_turn, flow_scores, (R_FLOW, S_FLOW))

GAME = contract.Game("glory-to-rome", "Glory to Rome", engine, players, play_games)


def play_batch(seed, start, n_games, n_players, params, kinds, weights, check=False):
    return contract.play_batch(GAME, seed, start, n_games, n_players, params, kinds, weights, check)


def play_traced(seed, index, n_players, params, kinds, weights):
    return contract.play_traced(GAME, seed, index, n_players, params, kinds, weights)
