"""`troja`: the historical scenario "Troja" for 4 or 6 players on the Catan core (troja.md §3)."""
from sim.spec import GameSpec
from sim.troja.params import PARAMS
from sim.troja.playout import play_batch, play_traced, GAME_METRICS, SEAT_METRICS
from strategies.troja import STRATEGIES, N_WEIGHTS

SPEC = GameSpec(
    name="troja",
    title="Catan: Troja (Historical Scenarios II)",
    player_counts=(4, 6),
    default_players=4,
    params=PARAMS,
    strategies=STRATEGIES,
    play_batch=play_batch,
    play_traced=play_traced,
    seat_metrics=SEAT_METRICS,
    game_metrics=GAME_METRICS,
    key_param="row_threshold",
    n_weights=N_WEIGHTS,
    notes=("Stand-in board of troja.md §7 (data in sim/catan_core/board.py). end_path codes: "
           "1 RACE, 2 TRACK_TROY, 3 TRACK_MYCENAE, 4 TRUNCATED; allegiance 0 Troy, 1 Mycenae."),
    extra={
        "end_paths": {1: "RACE", 2: "TRACK_TROY", 3: "TRACK_MYCENAE", 4: "TRUNCATED"},
        "categorical_seat": {"allegiance": ["Troy", "Mycenae"]},
        "categorical_game": {"end_path": ["none", "15 VP race", "track: Troy", "track: Mycenae",
                                          "truncated"]},
        "score_parts": ["vp_settlements", "vp_cities", "vp_longest_road", "vp_ships", "vp_bonus"],
    },
)
