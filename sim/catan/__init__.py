"""`catan`: the base game for 3-4 players (5-6 with the extension), troja.md §1-§2."""
from sim.spec import GameSpec
from sim.catan.params import PARAMS
from sim.catan.playout import play_batch, play_traced, GAME_METRICS, SEAT_METRICS
from strategies.catan import STRATEGIES, N_WEIGHTS

SPEC = GameSpec(
    name="catan",
    title="The Settlers of Catan (base game)",
    player_counts=(3, 4, 5, 6),
    default_players=4,
    params=PARAMS,
    strategies=STRATEGIES,
    play_batch=play_batch,
    play_traced=play_traced,
    seat_metrics=SEAT_METRICS,
    game_metrics=GAME_METRICS,
    key_param="vp_to_win",
    n_weights=N_WEIGHTS,
    notes="Random board per game; 10 VP on one's own turn; peer_mode mirrors Catanatron (§2.5).",
    extra={"score_parts": ["vp_settlements", "vp_cities", "vp_longest_road", "vp_largest_army",
                           "vp_dev_cards"]},
)
