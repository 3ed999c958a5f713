"""Parameters of the base game `catan` (troja.md §5.1, §5.2)."""
from sim.spec import Param, ParamTable, AgonInputError
from sim.catan_core.params_core import core_params, cost_params, fill_core, new_config, RES
from sim.catan_core.layout import *  # noqa: F401,F403

PARAMS = ParamTable(core_params("catan") + [
    Param("dev_knight", 0, 0, 30, "Knight cards; 0 = auto (14, 20 with 5-6 players)", auto=((2, 14), (5, 20))),
    Param("dev_vp", 5, 0, 30, "Victory Point cards"),
    Param("dev_road_building", 0, 0, 30, "Road Building cards; 0 = auto (2, 3 with 5-6 players)", auto=((2, 2), (5, 3))),
    Param("dev_year_of_plenty", 0, 0, 30, "Year of Plenty cards; 0 = auto (2, 3 with 5-6 players)", auto=((2, 2), (5, 3))),
    Param("dev_monopoly", 0, 0, 30, "Monopoly cards; 0 = auto (2, 3 with 5-6 players)", auto=((2, 2), (5, 3))),
    *cost_params("cost_dev", (0, 0, 1, 1, 1), "development card"),
    Param("dev_plays_per_turn", 1, 0, 3, "development cards playable per turn"),
    Param("dev_play_before_roll", True, boolean=True, meaning="any card type may be played before the roll (false: Knight only)"),
    Param("largest_army_min", 3, 1, 10, "knights needed for Largest Army"),
    Param("largest_army_vp", 2, 0, 5, "VP of Largest Army"),
    Param("road_building_roads", 2, 1, 4, "free roads of a Road Building card"),
    Param("year_of_plenty_cards", 2, 1, 2, "cards of a Year of Plenty"),
    Param("robber_steal_mandatory", True, boolean=True, meaning="the robber must steal whenever a victim exists"),
    Param("friendly_robber", False, boolean=True, meaning="robber may not hit players with < 3 VP unless no other hex"),
    Param("peer_mode", False, boolean=True,
          meaning="Catanatron preset (§2.5): spiral numbers, bank_shortage_rule 0, no friendly robber, 1000 turns, 4 players"),
])
P_VP_TO_WIN = PARAMS.index("vp_to_win")


def to_config(vec, n_players):
    d = PARAMS.describe(vec)
    if d["peer_mode"]:
        if n_players != 4:
            raise AgonInputError("peer_mode=true plays 4 players")
        d.update(number_placement="spiral", bank_shortage_rule=0, friendly_robber=False, max_turns=1000)
    cfg = new_config()
    fill_core(cfg, d, n_players, GAME_CATAN)
    cfg[C_DEV_COUNTS + DEV_KNIGHT] = PARAMS.get("dev_knight").effective(d["dev_knight"], n_players)
    cfg[C_DEV_COUNTS + DEV_VP] = d["dev_vp"]
    cfg[C_DEV_COUNTS + DEV_ROAD_BUILDING] = PARAMS.get("dev_road_building").effective(d["dev_road_building"], n_players)
    cfg[C_DEV_COUNTS + DEV_YOP] = PARAMS.get("dev_year_of_plenty").effective(d["dev_year_of_plenty"], n_players)
    cfg[C_DEV_COUNTS + DEV_MONOPOLY] = PARAMS.get("dev_monopoly").effective(d["dev_monopoly"], n_players)
    for i, r in enumerate(RES):
        cfg[C_COST_DEV + i] = d[f"cost_dev_{r}"]
    cfg[C_DEV_PLAYS] = d["dev_plays_per_turn"]
    cfg[C_DEV_PREROLL] = int(d["dev_play_before_roll"])
    cfg[C_LA_MIN] = d["largest_army_min"]
    cfg[C_LA_VP] = d["largest_army_vp"]
    cfg[C_RB_ROADS] = d["road_building_roads"]
    cfg[C_YOP_CARDS] = d["year_of_plenty_cards"]
    cfg[C_STEAL_MANDATORY] = int(d["robber_steal_mandatory"])
    cfg[C_FRIENDLY] = int(d["friendly_robber"])
    cfg[C_SEA_RINGS] = 1
    cfg[C_CORSAIR_START] = -1
    return cfg
