"""`catan` for the harness (sim/contract.py): its `GAME` over the engine contract
(sim/catan/engine.py), its compiled loop (sim/loop.py bound to it and its players) and the
GameSpec entry points."""
from sim import contract
from sim.loop import make_loop
from sim.catan_core.playout import borrow_pair, check_sampled
from sim.catan_core.results import flow_turn, flow_scores, CR_FLOW, CS_FLOW
from strategies import catan as players
from sim.catan import engine
from sim.catan.engine import RESULTS

GAME_METRICS = RESULTS.game_metrics
SEAT_METRICS = RESULTS.seat_metrics
play_games, play_loop = make_loop("catan", engine, players.choose, flow_turn, flow_scores, (CR_FLOW, CS_FLOW),
                                  borrow_ctx=borrow_pair, check_invariants=check_sampled)
GAME = contract.Game("catan", "The Settlers of Catan (base game)", engine, players, play_games)


def play_batch(seed, start, n_games, n_players, params, kinds, weights=None, check=False):
    return contract.play_batch(GAME, seed, start, n_games, n_players, params, kinds, weights, check)


def play_traced(seed, index, n_players, params, kinds, weights=None):
    return contract.play_traced(GAME, seed, index, n_players, params, kinds, weights)
