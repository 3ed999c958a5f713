"""`catan` for the harness (sim/contract.py): its `GAME` over the engine contract
(sim/catan/engine.py) and the compiled loop both Catan-core games share
(sim/catan_core/playout.py), and the GameSpec entry points."""
from sim import contract
from sim.catan_core.playout import play_games, play_flow as play_loop   # noqa: F401 (bench/flow_cost.py)
from strategies import catan as players
from sim.catan import engine
from sim.catan.engine import RESULTS

GAME_METRICS = RESULTS.game_metrics
SEAT_METRICS = RESULTS.seat_metrics
GAME = contract.Game("catan", "The Settlers of Catan (base game)", engine, players, play_games)


def play_batch(seed, start, n_games, n_players, params, kinds, weights=None, check=False):
    return contract.play_batch(GAME, seed, start, n_games, n_players, params, kinds, weights, check)


def play_traced(seed, index, n_players, params, kinds, weights=None):
    return contract.play_traced(GAME, seed, index, n_players, params, kinds, weights)
