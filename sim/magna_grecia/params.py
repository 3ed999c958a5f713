"""Parameters of Magna Grecia (rules spec §6), packed into a float64 vector.

`n_players` is not a parameter (it is the `n_players` argument of play_batch).
`tile_table` is the module constant `board.TILE_TABLE` (spec §9.1), not a vector parameter.
Numba code reads values by the `P_*` index constants below.
"""
from sim.spec import Param, ParamTable

PARAMS = ParamTable([
    Param("start_points_2p", 10, 0, 40, "starting points, 2 players (§2)"),
    Param("start_points_3p", 12, 0, 40, "starting points, 3 players (§2)"),
    Param("start_points_4p", 15, 0, 40, "starting points, 4 players (§2)"),
    Param("oracle_points", 4, 0, 12, "points per controlled oracle at the end (§5)"),
    Param("oracles_2p", 7, 0, 31, "oracles placed, 2 players (§2)"),
    Param("oracles_3p", 7, 0, 31, "oracles placed, 3 players (§2)"),
    Param("oracles_4p", 9, 0, 31, "oracles placed, 4 players (§2)"),
    Param("rounds", 12, 1, 12, "round tiles played, the first of the stack (D17)"),
    Param("road_tiles_per_player", 20, 4, 40, "road tiles per colour (§1)"),
    Param("city_tiles_per_player", 20, 4, 40, "city tiles per colour (§1)"),
    Param("markets_per_player", 20, 1, 40, "market supply per colour (§1)"),
    Param("initial_stock_roads", 4, 0, 40, "road tiles in stock at start, rest in reserve (§2)"),
    Param("initial_stock_cities", 4, 0, 40, "city tiles in stock at start, rest in reserve (§2)"),
    Param("city_tile_cost", 1, 0, 3, "points per city tile (§4.10)"),
    Param("market_cost_village_base", 1, 0, 5, "market base cost in a village (§4.8)"),
    Param("market_cost_per_city_tile", 1, 0, 3, "market base cost per city tile (§4.8)"),
    Param("market_cost_per_unsold_market", 1, 0, 3, "market cost per unsold market already there (§4.8)"),
    Param("founding_market", 1, 0, 1, "free market on founding (§4.6)"),
    Param("enh_roads_bonus", 1, 0, 2, "R+ - R (§3.2)"),
    Param("enh_cities_bonus", 1, 0, 2, "C+ - C (§3.2)"),
    Param("enhanced_resupply", "ladder", meaning="single-action resupply: ladder 2-3-5-7 or S+1 (D2)",
          choices=("ladder", "plus_one")),
    Param("visible_tiles", 2, 1, 12, "stack tiles players see (§3.1)"),
    Param("board", "classic", meaning="classic board (§8.1) or generated (§8.2)",
          choices=("classic", "generated")),
    Param("gen_villages", 42, 20, 60, "generated board: villages (§8.2)"),
    Param("gen_frontier", 10, 4, 16, "generated board: frontier villages (§8.2)"),
    Param("gen_min_village_dist", 2, 2, 4, "generated board: min distance between villages"),
    Param("gen_frontier_min_dist", 3, 2, 8, "generated board: min distance between frontier villages"),
    Param("gen_max_gap", 3, 0, 6, "generated board: each village has another this close (0 off)"),
    Param("gen_board_seed", -1, -1, 2**31 - 1, "-1: a board per game; else one fixed board"),
    Param("colours_small_game", "random", meaning="2-3p colours: random subset or 0..n-1 (D8)",
          choices=("random", "fixed")),
    Param("oracle_placement", "players", meaning="oracles placed by the players or at random (D7)",
          choices=("players", "random")),
    Param("tie_break", "stock_tiles", meaning="tied leaders: most tiles in stock, or shared (D3)",
          choices=("stock_tiles", "shared")),
    Param("allow_join_rival_road_end", False, meaning="a road may join a rival road end (D4)", boolean=True),
    Param("connectivity", "distinct_places", meaning="conn counts distinct places or chains (D5)",
          choices=("distinct_places", "road_count")),
    Param("market_build_requires_network", False, meaning="market site must be own city or connected to one (D6)",
          boolean=True),
    Param("sell_requires_active", False, meaning="only active markets may be sold (D12)", boolean=True),
    # measuring switches (not rules): the causal check of "sold a market", whose sellers are chosen in play,
    # is restricted play: selling forbidden to one seat at a time (reports/power_worth.py)
    Param("power_sell_market", True, boolean=True, measuring=True,
          meaning="false: no market may be sold (for every seat, or for `switch_seat` alone)"),
    Param("switch_seat", -1, -1, 3, measuring=True,
          meaning="the one seat a power_<name> switch that is off applies to; the other seats keep the power "
                  "(-1: every seat)"),
])

P_START_2P = PARAMS.index("start_points_2p")
P_START_3P = PARAMS.index("start_points_3p")
P_START_4P = PARAMS.index("start_points_4p")
P_ORACLE_POINTS = PARAMS.index("oracle_points")
P_ORACLES_2P = PARAMS.index("oracles_2p")
P_ORACLES_3P = PARAMS.index("oracles_3p")
P_ORACLES_4P = PARAMS.index("oracles_4p")
P_ROUNDS = PARAMS.index("rounds")
P_ROAD_TILES = PARAMS.index("road_tiles_per_player")
P_CITY_TILES = PARAMS.index("city_tiles_per_player")
P_MARKETS = PARAMS.index("markets_per_player")
P_STOCK_ROADS = PARAMS.index("initial_stock_roads")
P_STOCK_CITIES = PARAMS.index("initial_stock_cities")
P_CITY_COST = PARAMS.index("city_tile_cost")
P_MK_VILLAGE = PARAMS.index("market_cost_village_base")
P_MK_CITY_TILE = PARAMS.index("market_cost_per_city_tile")
P_MK_UNSOLD = PARAMS.index("market_cost_per_unsold_market")
P_FOUNDING_MARKET = PARAMS.index("founding_market")
P_ENH_ROADS = PARAMS.index("enh_roads_bonus")
P_ENH_CITIES = PARAMS.index("enh_cities_bonus")
P_ENH_RESUPPLY = PARAMS.index("enhanced_resupply")
P_VISIBLE = PARAMS.index("visible_tiles")
P_BOARD = PARAMS.index("board")
P_GEN_VILLAGES = PARAMS.index("gen_villages")
P_GEN_FRONTIER = PARAMS.index("gen_frontier")
P_GEN_MIN_DIST = PARAMS.index("gen_min_village_dist")
P_GEN_FRONTIER_DIST = PARAMS.index("gen_frontier_min_dist")
P_GEN_MAX_GAP = PARAMS.index("gen_max_gap")
P_GEN_SEED = PARAMS.index("gen_board_seed")
P_COLOURS = PARAMS.index("colours_small_game")
P_ORACLE_PLACEMENT = PARAMS.index("oracle_placement")
P_TIE_BREAK = PARAMS.index("tie_break")
P_JOIN_RIVAL = PARAMS.index("allow_join_rival_road_end")
P_CONNECTIVITY = PARAMS.index("connectivity")
P_MARKET_NETWORK = PARAMS.index("market_build_requires_network")
P_SELL_ACTIVE = PARAMS.index("sell_requires_active")
P_POWER_SELL = PARAMS.index("power_sell_market")
P_SWITCH_SEAT = PARAMS.index("switch_seat")
