"""Glory to Rome (Chudyk, 2005), imperium ruleset, 2-5 players. Spec: shared/rules/glory_to_rome.md."""
from sim.spec import GameSpec, SkillLadder, seat_switch_check
from strategies.glory_to_rome import STRATEGIES, N_WEIGHTS
from .params import PARAMS
from .playout import play_batch, play_traced
from .results import SEAT_METRICS, GAME_METRICS, FLOW

SPEC = GameSpec(
    name="glory-to-rome",
    title="Glory to Rome",
    player_counts=(2, 3, 4, 5),
    default_players=4,
    params=PARAMS,
    strategies=STRATEGIES,
    play_batch=play_batch,
    play_traced=play_traced,
    seat_metrics=SEAT_METRICS,
    game_metrics=GAME_METRICS,
    key_param="merchant_bonus_vp",
    contract="sim.glory_to_rome.playout",
    flow=FLOW,
    skill_ladder=SkillLadder("ismcts", "search_iterations", (8, 16, 32), "search iterations per decision"),   # `agon skill` (issue 18)
    n_weights=N_WEIGHTS,
    notes=("Imperium ruleset (144 orders, 4 cards + 1 Jack, 3-card petitions) and the republic "
           "ruleset (ruleset=republic: 5 cards, no Jack, 2-card petitions; slots 4/11/26/33 are "
           "Crane/Tribunal/Domus Aurea/Forum Romanum, so built_circus etc. name the slot). Seat = "
           "turn order from the first leader. end_condition codes: 0 forum, 1 catacomb, "
           "2 last_site, 3 deck, 4 turn_cap. ended_by: seat whose decision ended the game (-1: turn cap)."),
    extra={
        "end_conditions": ("forum", "catacomb", "last_site", "deck", "turn_cap"),
        "components": [("Buildings", "built_")],  # built_<name> 0/1; built_turn_* are left out (not 0/1)
        # completing the Catacomb ends the game (§ power table: "Game ends immediately (scored)"), and its
        # holder chooses when: with vs without measures that timing, so it is not judged; its power switch
        # (`power_catacomb`) is the causal check (reports/component_study.py `unjudged`)
        "game_enders": ["built_catacomb"],
        # a building's builders are chosen in play, so its power's causal check is restricted play: the
        # `power_<name>` switch off for one seat at a time (reports/power_worth.py, the design report)
        "switch_seat": "switch_seat",
        "check_params": seat_switch_check(PARAMS),
        "categorical_game": {"end_condition": ["forum", "catacomb", "last_site", "deck", "turn_cap"]},
        # how a game ends (reports/ending_levels.py: compared between the design report's skill levels)
        "end_metric": "end_condition",
        # score = influence + vault_points + bonus_points + statue_points + wall_points (rules.score_parts)
        "score_parts": ["influence", "vault_points", "bonus_points", "statue_points", "wall_points"],
        # `agon check-players` (experiments/check_players.py): trace words -> action families
        "train_fixed": ("end_aware", "draw_samples", "end_samples", "demand_odds", "steal"),   # never trained: the end-aware and demand-odds switches, sample counts (cost), the Prison-steal measuring knob
        "player_check": {
            "actor": r"^seat (\d+): ",
            "families": [(f"lead or follow {r}", rf": (leads|follows) {r} ") for r in
                         ("Laborer", "Craftsman", "Architect", "Legionary", "Merchant", "Patron")]
                        + [("think", r": (thinks|draws|takes a Jack)"), ("found a building", r": founds "),
                           ("add material to a building", r": (builds on|adds \w+ from)"),
                           ("sell to the vault", r": (sells \w+ to the vault|vaults )"),
                           ("demand (Legionary)", r": demands "), ("hire a client", r": hires "),
                           ("take from the pool", r": takes \w+ from the pool"),
                           ("steal a building (Prison)", r": steals .+ from seat \d+ \(Prison\)")],
            "scoring": ["found a building", "add material to a building", "sell to the vault"],
            "bans": {f"lead or follow {r.title()}": r for r in
                     ("laborer", "craftsman", "architect", "legionary", "merchant", "patron")},
            # end_condition codes a player's action triggers (Forum, Catacomb, last site, last card)
            "ends": {"metric": "end_condition", "by_player": [0, 1, 2, 3],
                     "labels": ["forum", "catacomb", "last_site", "deck", "turn_cap"],
                     "avoidable": "sim.glory_to_rome.endings:avoidable_ends"},
        },
    },
)
