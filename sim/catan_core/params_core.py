"""Parameters shared by both Catan games (troja.md §5.1) and the config builder.

Each game lists its PARAMS (core + its own), and `fill_core` turns the float64 vector
into the int64 config the compiled engine reads (C_* offsets of layout.py). Player-count
dependent defaults are encoded as 0 ("auto") where the spec gives two values.
"""
import numpy as np

from sim.spec import Param, AgonInputError, auto_value
from sim.catan_core.layout import *  # noqa: F401,F403

RES = ("lumber", "brick", "wool", "grain", "ore")
BANK_AUTO = ((2, 19), (5, 24))     # bank_per_resource=0: 19 cards a resource, 24 with 5-6 players


def cost_params(prefix, cost, what):
    return [Param(f"{prefix}_{r}", c, 0, 5, f"{r} cards in the price of a {what}") for r, c in zip(RES, cost)]


def core_params(game):
    catan = game == "catan"
    return [
        Param("vp_to_win", 10 if catan else 15, 5, 25, "VP that win on one's own turn (race target)"),
        Param("discard_limit", 7, 5, 12, "on a 7, players holding more cards discard half"),
        Param("bank_per_resource", 0, 0, 40, "cards per resource in the bank; 0 = auto (19, 24 with 5-6 players)",
              auto=BANK_AUTO),
        Param("max_roads", 15, 1, 30, "road pieces per player"),
        Param("max_settlements", 5, 1, 30, "settlement pieces per player"),
        Param("max_cities", 4, 1, 30, "city pieces per player"),
        *cost_params("cost_road", (1, 1, 0, 0, 0), "road"),
        *cost_params("cost_settlement", (1, 1, 1, 1, 0), "settlement"),
        *cost_params("cost_city", (0, 0, 0, 2, 3), "city"),
        Param("vp_settlement", 1, 0, 5, "VP of a settlement"),
        Param("vp_city", 2, 0, 5, "VP of a city"),
        Param("longest_road_min", 5, 3, 10, "road length needed for Longest Road"),
        Param("longest_road_vp", 2, 0, 5, "VP of Longest Road (troja: Longest Trade Route)"),
        Param("maritime_rate", 4, 2, 6, "bank trade rate without a harbor or ship"),
        Param("generic_rate", 3, 2, 6, "rate with a generic (3:1) right"),
        Param("special_rate", 2, 2, 6, "rate with a 2:1 right for that resource"),
        Param("use_harbors", catan, boolean=True, meaning="harbors on the board give trade rights (T8)"),
        Param("bank_shortage_rule", 1, 0, 1, "1: a single claimant takes what is left; 0: nobody gets it (peer)"),
        Param("setup_income", True, boolean=True, meaning="income for the second setup settlement"),
        Param("win_on_own_turn_only", True, boolean=True,
              meaning="VP target wins only on one's own turn (T11); false: anyone at once, turn order from the active player"),
        Param("special_building_phase", "auto", choices=("auto", "off", "on"),
              meaning="special building phase after each turn; auto = on with 5-6 players"),
        Param("domestic_trade", 0, 0, 0, "player-to-player trade (not implemented: always 0)"),
        Param("number_placement", "no_adjacent_6_8", choices=("shuffle", "no_adjacent_6_8", "spiral"),
              meaning="number tokens: uniform shuffle / redraw until no 6-8 neighbours / official spiral (B19)"),
        Param("board_seed", -1, -1, 2**31 - 1, "-1: a new board per game; k >= 0: every game uses the board of seed k"),
        Param("max_turns", 1000, 100, 5000, "turn cap; the game ends truncated without a winner"),
    ]


def fill_core(cfg, d, n_players, game_code):
    """Write the core entries of config `cfg` from the readable param dict `d`."""
    big = n_players >= 5
    cfg[C_GAME] = game_code
    cfg[C_P] = n_players
    cfg[C_VP_TO_WIN] = d["vp_to_win"]
    cfg[C_DISCARD_LIMIT] = d["discard_limit"]
    cfg[C_BANK] = auto_value(BANK_AUTO, d["bank_per_resource"], n_players)
    cfg[C_MAX_ROADS] = d["max_roads"]
    cfg[C_MAX_SETTLES] = d["max_settlements"]
    cfg[C_MAX_CITIES] = d["max_cities"]
    for off, pre in ((C_COST_ROAD, "cost_road"), (C_COST_SETTLE, "cost_settlement"), (C_COST_CITY, "cost_city")):
        for i, r in enumerate(RES):
            cfg[off + i] = d[f"{pre}_{r}"]
    cfg[C_VP_SETTLE] = d["vp_settlement"]
    cfg[C_VP_CITY] = d["vp_city"]
    cfg[C_LR_MIN] = d["longest_road_min"]
    cfg[C_LR_VP] = d["longest_road_vp"]
    cfg[C_RATE_MAR] = d["maritime_rate"]
    cfg[C_RATE_GEN] = d["generic_rate"]
    cfg[C_RATE_SPEC] = d["special_rate"]
    cfg[C_USE_HARBORS] = int(d["use_harbors"])
    cfg[C_SHORTAGE] = d["bank_shortage_rule"]
    cfg[C_SETUP_INCOME] = int(d["setup_income"])
    cfg[C_OWN_TURN_ONLY] = int(d["win_on_own_turn_only"])
    cfg[C_SBP] = {"auto": -1, "off": 0, "on": 1}[d["special_building_phase"]]
    cfg[C_NUMBER_PLACEMENT] = ("shuffle", "no_adjacent_6_8", "spiral").index(d["number_placement"])
    cfg[C_BOARD_SEED] = d["board_seed"]
    cfg[C_MAX_TURNS] = d["max_turns"]
    if cfg[C_NUMBER_PLACEMENT] == 2 and big:
        raise AgonInputError("number_placement=spiral exists only on the 19-hex board (3-4 players)")
    if cfg[C_MAX_ROADS] > 60:
        raise AgonInputError("max_roads must be at most 60")


def new_config():
    return np.zeros(CFG_SIZE, dtype=np.int64)
