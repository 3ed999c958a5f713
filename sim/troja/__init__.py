"""`troja`: the historical scenario "Troja" for 4 or 6 players on the Catan core (troja.md §3)."""
from sim.spec import GameSpec, SkillLadder
from sim.catan_core.results import FLOW_TROJA
from sim.troja.params import PARAMS, to_config
from sim.troja.playout import play_batch, play_traced, GAME_METRICS, SEAT_METRICS
from strategies.troja import STRATEGIES, N_WEIGHTS
from strategies.catan import GREEDY_WEIGHT_NAMES, TRAIN_FIXED

TROJA_TRAIN_FIXED = TRAIN_FIXED + ("end_hold", "end_patience")


def _check_params(vec, players):
    """Rules linking parameters (battle_reveal < row_threshold; switch_seat names a seat), checked before a
    run writes."""
    to_config(vec, players)


SPEC = GameSpec(
    name="troja",
    title="Catan: Troja (Historical Scenarios II)",
    player_counts=(4, 6),
    default_players=4,
    params=PARAMS,
    strategies=STRATEGIES,
    play_batch=play_batch,
    play_traced=play_traced,
    contract="sim.troja.playout",
    flow=FLOW_TROJA,
    skill_ladder=SkillLadder("ismcts", "search_iterations", (8, 16, 32), "search iterations per decision"),   # `agon skill` (issue 18)
    seat_metrics=SEAT_METRICS,
    game_metrics=GAME_METRICS,
    key_param="row_threshold",
    n_weights=N_WEIGHTS,
    notes=("Stand-in board of troja.md §7 (data in sim/catan_core/board.py). end_path codes: "
           "1 RACE, 2 TRACK_TROY, 3 TRACK_MYCENAE, 4 TRUNCATED; allegiance 0 Troy, 1 Mycenae. "
           "winner_side 1 Troy, 2 Mycenae, 3 both; war_leader 1 Troy, 2 Mycenae ahead, 3 level; "
           "battle_k: outcome of the k-th battle (1 Troy, 2 Mycenae, 3 draw, 0 not fought); "
           "war_won / war_lost: the seat's side ahead / behind on the track at the end. "
           "Battle tables by outcome, by battle number and by end path: reports/troja_battles.py."),
    extra={
        "end_paths": {1: "RACE", 2: "TRACK_TROY", 3: "TRACK_MYCENAE", 4: "TRUNCATED"},
        "categorical_seat": {"allegiance": ["Troy", "Mycenae"]},
        "dealt_categories": {"allegiance": {}},   # allegiance cards are dealt face down (§3.3): randomised
        # how a game ends (reports/ending_levels.py: compared between the design report's skill levels)
        "end_metric": "end_path",
        "categorical_game": {
            "end_path": ["none", "15 VP race", "track: Troy", "track: Mycenae", "truncated"],
            "winner_side": ["no winner", "Troy", "Mycenae", "winners on both sides"],
            "war_leader": ["no battle fought", "Troy ahead", "Mycenae ahead", "level"],
            "battles": ["no battle"] + [f"{k} battle{'s' if k > 1 else ''}" for k in range(1, 10)],
            "battle_1": ["not fought", "Troy", "Mycenae", "draw"],
        },
        # how the war ended for a seat: an outcome (reports/outcomes.py), described, not judged as a component
        "outcomes": [("Side in the war at the end", "war_",
                      {"war_won": "on the side ahead in the war", "war_lost": "on the side behind in the war"})],
        "score_parts": ["vp_settlements", "vp_cities", "vp_longest_road", "vp_ships", "vp_bonus"],
        "report_sections": ["reports.troja_battles:battle_section"],
        "check_params": _check_params,
        # a component read from a count (reports/component_study.THRESHOLDS) and the measuring switch that
        # turns its power off; its holders are chosen in play, so the check is restricted play (`switch_seat`)
        "component_switches": {"ships_vp": "power_ship_vp"},
        "switch_seat": "switch_seat",
        # `agon check-players` (experiments/check_players.py): trace words -> action families
        "player_check": {
            "actor": r"^turn \d+ seat (\d+): ",
            "families": [("build a road", r": ROAD "), ("build a settlement", r": SETTLEMENT "),
                         ("build a city", r": CITY "), ("trade with the bank", r": TRADE "),
                         ("donate", r": DONATE [a-z]"), ("use SWAP", r": USE_SWAP"), ("use TAKE", r": USE_TAKE"),
                         ("build a ship", r": BUILD_SHIP"), ("move the corsair", r": MOVE_CORSAIR")],
            "scoring": ["build a settlement", "build a city", "build a ship", "build a road"],
            "bans": {"build a ship": "ships"},
            # end_path 2/3, the track: the donation that set off the deciding battle ends the game (a choice:
            # DONATE_STOP was legal). Not 1, the 15-VP race: its winner may reach 15 during another seat's
            # turn and win at its own, after that seat's END; nor 4, truncated
            "ends": {"metric": "end_path", "by_player": [2, 3],
                     "labels": ["none", "race", "track Troy", "track Mycenae", "truncated"]},
        },
        # `agon train`: never trained, the switches back to the old players (end_aware=0 set off deciding
        # battles it lost, dev_play=0), and the value of playing on instead of ending the game (trained,
        # end_hold fell below 0 at 6 players: the tuned player set off battles it lost in 5 of 60 games)
        "train_fixed": TROJA_TRAIN_FIXED,
        # the weights Troja's greedy reads (no development cards; persona bonuses are the personas')
        "train_weights": {"greedy": [n for n in GREEDY_WEIGHT_NAMES if not n.startswith("search")
                                     and n not in TROJA_TRAIN_FIXED
                                     and n not in ("dev_cards", "knights", "buy_dev", "army_race")]},
    },
)
