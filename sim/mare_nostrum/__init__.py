"""Mare Nostrum with the Mythology expansion (rules: shared/rules/mare_nostrum.md).

`SPEC` is built on first access (PEP 562) so that `strategies.mare_nostrum` and this package
can import each other's modules in either order.
"""
from .params import PARAMS

NOTES = ("Synthetic map v0 and the base placeholder hero/wonder powers are project assumptions "
         "(board.py, base_cards_placeholder).")


def _build_spec():
    from sim.spec import GameSpec, SkillLadder, seat_switch_check
    from strategies.mare_nostrum import STRATEGIES, N_WEIGHTS, WONDER_FACTOR_NAMES, GOD_FACTOR_NAMES
    from .board import CIVS, CREATURES
    from .playout import play_batch, play_traced
    from .results import FLOW
    from .results import (SEAT_METRICS, GAME_METRICS, VICTORY_PATHS, WIN_PATH_CIV, ROLE_SETS,
                          FIRST_GOD, HIGH_PRIEST_BANDS)
    return GameSpec(
        name="mare-nostrum",
        title="Mare Nostrum: Mythology",
        player_counts=(3, 4, 5, 6),
        default_players=6,
        params=PARAMS,
        strategies=STRATEGIES,
        play_batch=play_batch,
        play_traced=play_traced,
        skill_ladder=SkillLadder("ismcts", "search_iterations", (8, 16, 32), "search iterations per decision"),   # `agon skill` (issue 18)
        # declared in results.py: roles_by_round (a packed role mask per round) and params_hash
        # (CRC-32 of the parameter vector) are in every result but are not metrics
        seat_metrics=SEAT_METRICS,
        game_metrics=GAME_METRICS,
        key_param="cost_pyramids",
        contract="sim.mare_nostrum.playout",
        flow=FLOW,
        n_weights=N_WEIGHTS,
        notes=NOTES,
        extra={
            # roles_last: the set of roles held in the last round played (a 4-bit mask);
            # first_god, high_priest_band: the High Priest effect (§11.4): win rate by the first
            # god a seat took and by the rounds it held the High Priest
            "categorical_seat": {"civ": list(CIVS), "roles_last": list(ROLE_SETS),
                                 "first_god": list(FIRST_GOD),
                                 "high_priest_band": list(HIGH_PRIEST_BANDS)},
            # the roles held at the end and the rounds with the High Priest are how the game went for a
            # seat (a seat leads a role by having the most of it), not components a designer sets: their
            # win rates are described, never judged too strong or too weak (reports/outcomes.py)
            "outcome_categories": ["roles_last", "high_priest_band"],
            # civs are dealt to seats at random (setup.py) unless civ_assignment=fixed: a civ's effect is
            # then a randomised comparison, not only an association
            "dealt_categories": {"civ": {"civ_assignment": "random"}},
            # win_path_civ: the winner's civ and victory path together (§11.2, paths per civ)
            "categorical_game": {"victory_path": list(VICTORY_PATHS),
                                 "win_path_civ": list(WIN_PATH_CIV)},
            # how a game ends (reports/ending_levels.py: compared between the design report's skill levels)
            "end_metric": "victory_path",
            # score = 100 x heroes/wonders + provinces is a ranking key, not points: no score parts
            "score_parts": [],
            # the rules (§7) rank no one but the winner of a finished game; the engine's order of the
            # losers (heroes/wonders, then provinces) rated ismcts, which wins by the Pyramids, 20 Elo
            # below greedy in a tournament where it won 35% of its seats to greedy's 15%
            # (bench/mare_nostrum_mixed.py --tournament): tournaments rate who won
            "rank_by_win": True,
            "components": [("Heroes", "hero_"), ("Wonders", "wonder_"), ("Gods", "god_"),
                           ("Creatures", "creature_")],
            # `agon compare` of a power switch: components whose holders are fixed before the switch changes any
            # play (a hero or wonder is bought once, by one seat, and that purchase is the first choice its
            # switch changes), so their holders under the rules are a fair subgroup for the switch's effect; a
            # god is taken again every round and a creature's power acts from the set-up, so theirs are not
            "switch_holders": ["hero_", "wonder_"],
            # a creature's builders are chosen in play, but each creature belongs to one civ, fixed at set-up:
            # its power is judged on that civ's seat (creature i is civ i's)
            "switch_owners": {"creature_": ("civ", list(CREATURES))},
            # a god's takers are chosen in play: its power's causal check is restricted play, the switch off for
            # one seat at a time (`switch_seat`, reports/power_worth.py)
            "switch_seat": "switch_seat",
            "check_params": seat_switch_check(PARAMS),
            # never trained: the switches back to the first players (OLD_SWITCHES); the wonder and god factors, which
            # are set from the causal power sweep (1 for a power worth buying, 0 for one valued as a plain hero);
            # and `block`, the worth of stopping a rival's win: stopping the leader helps every other seat, and
            # a one-seat fitness pays only the blocker's cost, so training lowered it (6p: 125 -> 5) until a
            # field of tuned players let Egypt build the Pyramids by round 2 in 92% of games (44% with block
            # 125 in the other seats; check-players flagged the 1-round games)
            "train_fixed": ("state_gods", "state_roles", "war_odds", "win_now", "state_trade", "block")
                           + WONDER_FACTOR_NAMES + GOD_FACTOR_NAMES,
            # set for tuned players (not trained): Temple of Artemis valued as a plain hero. The tuned files were
            # trained with every wonder's power valued alike; with the factors they bought Temple of Artemis for
            # its power's bonus in 8% of seat-games, and those holders won 5.6 [3.9, 7.2] points less than on the
            # same seeds without the power (bench/power_worth.py mare-nostrum --strategies tuned, 6 players)
            "train_set": {"wonder_temple_of_artemis": 0.0},
            # `agon check-players` (experiments/check_players.py): trace words -> action families
        "player_check": {
                "actor": r"^seat (\d+): ",
                "families": [("take a god", r"(OFFER_TO|TAKE_GOD)\("),
                             ("take Hermes", r"(OFFER_TO|TAKE_GOD)\(hermes\)"),
                             ("buy a hero", r"BUY_HERO\("), ("buy a wonder", r"BUY_WONDER\("),
                             ("buy a city", r"BUY_CITY\("), ("buy a market", r"BUY_MARKET\("),
                             ("buy a temple", r"BUY_TEMPLE\("), ("buy a caravan", r"BUY_CARAVAN\("),
                             ("buy influence", r"BUY_INFLUENCE\("), ("buy a legion", r"BUY_LEGION\("),
                             ("buy a fortress", r"BUY_FORTRESS\("), ("buy a trireme", r"BUY_TRIREME\("),
                             ("buy a creature", r"BUY_CREATURE\("), ("move units", r"MOVE_(LAND|FLEET)\("),
                             ("attack", r"(ATTACK|TITAN_ATTACK)\("), ("pillage", r"PILLAGE\("),
                             ("take over", r"TAKE_OVER"), ("exchange (Trader)", r"^seat \d+: (OFFER|TAKE|SWAP)\(")],
                "scoring": ["buy a hero", "buy a wonder", "buy a city", "buy a market", "buy a temple",
                            "buy a caravan", "buy influence", "attack", "take over"],
                "bans": {"take a god": "gods", "buy a creature": "creatures", "pillage": "pillage",
                         "buy a hero": "heroes_wonders"},
                # the weight that makes a player use a family more: a never-used family is confirmed worth
                # using only when a variant of the player with it raised beats the player (restricted play)
                "encourage": {"buy a hero": "hero", "buy a wonder": "hero", "buy a city": "city",
                              "buy a market": "market", "buy a temple": "temple", "buy a caravan": "caravan",
                              "buy influence": "influence", "buy a legion": "legion", "buy a fortress": "fortress",
                              "buy a trireme": "trireme", "buy a creature": "creature", "attack": "attack",
                              "move units": "expand", "pillage": "pillage", "take a god": "god"},
                # victories are checked at fixed points of the round for every player at once:
                # the last action's player did not choose the end
                "ends": None,
            },
        },
    )


_SPEC = None


def __getattr__(name):
    global _SPEC
    if name == "SPEC":
        if _SPEC is None:
            _SPEC = _build_spec()
        return _SPEC
    raise AttributeError(name)
