"""`catan`: the base game for 3-4 players (5-6 with the extension), troja.md §1-§2."""
from sim.spec import GameSpec, SkillLadder
from sim.catan_core.results import FLOW_CATAN
from sim.catan.params import PARAMS
from sim.catan.playout import play_batch, play_traced, GAME_METRICS, SEAT_METRICS
from strategies.catan import STRATEGIES, N_WEIGHTS, GREEDY_WEIGHT_NAMES, TRAIN_FIXED

SPEC = GameSpec(
    name="catan",
    title="The Settlers of Catan (base game)",
    player_counts=(3, 4, 5, 6),
    default_players=4,
    params=PARAMS,
    strategies=STRATEGIES,
    play_batch=play_batch,
    play_traced=play_traced,
    contract="sim.catan.playout",
    flow=FLOW_CATAN,
    skill_ladder=SkillLadder("ismcts", "search_iterations", (8, 16, 32), "search iterations per decision"),   # `agon skill` (issue 18)
    seat_metrics=SEAT_METRICS,
    game_metrics=GAME_METRICS,
    key_param="vp_to_win",
    n_weights=N_WEIGHTS,
    notes="Random board per game; 10 VP on one's own turn; peer_mode mirrors Catanatron (§2.5).",
    extra={"score_parts": ["vp_settlements", "vp_cities", "vp_longest_road", "vp_largest_army",
                           "vp_dev_cards"],
           # `agon check-players` (experiments/check_players.py): trace words -> action families
           "player_check": {
               "actor": r"^turn \d+ seat (\d+): ",
               "families": [("build a road", r": ROAD "), ("build a settlement", r": SETTLEMENT "),
                            ("build a city", r": CITY "), ("trade with the bank", r": TRADE "),
                            ("buy a development card", r": BUY_DEV"), ("play a knight", r": PLAY_KNIGHT"),
                            ("play road building", r": PLAY_ROAD_BUILDING"),
                            ("play year of plenty", r": PLAY_YEAR_OF_PLENTY"), ("play monopoly", r": PLAY_MONOPOLY"),
                            ("move the robber", r": MOVE_ROBBER")],
               "scoring": ["build a settlement", "build a city", "buy a development card", "build a road"],
               "bans": {"buy a development card": "dev_cards"},
               # the player who reaches the VP target ends the game (truncated games: nobody chose it); a
               # seat that reached it off its turn (the special building phase, 5-6 players) wins as its turn
               # begins, after the previous seat's END: nobody's choice (`passes`)
               "ends": {"metric": "truncated", "by_player": [0], "labels": ["VP target", "truncated"],
                        "passes": r": END$"},
           },
           # `agon train`: never trained, the switches back to the old players (dev_play=0 never played a
           # Knight, end_aware=0 ended games it lost): a tuned player must not train a blind spot back in
           "train_fixed": TRAIN_FIXED,
           # the greedy weights base Catan reads (tokens, ships, side donations are Troja's; the end_* knobs
           # only matter where an action can end the game with another seat winning, which the default rules
           # never allow: the VP target is reached by the actor on its own turn)
           "train_weights": {"greedy": [n for n in GREEDY_WEIGHT_NAMES if not n.startswith("search")
                                        and n not in TRAIN_FIXED
                                        and n not in ("tokens", "ships", "side_donations", "end_hold",
                                                      "end_patience")]}},
)
