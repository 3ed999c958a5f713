"""Parameters of the Troja scenario (troja.md §5.1, §5.3, decisions §6)."""
from sim.spec import Param, ParamTable, AgonInputError, seat_switch_check
from sim.catan_core.params_core import core_params, cost_params, fill_core, new_config, RES
from sim.catan_core.layout import *  # noqa: F401,F403
from sim.catan_core.board import topo_for, T_S

SIDES = ("troy", "mycenae", "none")
BENEFITS = ("port3", "vp", "swap", "tile2", "take")
_SIDE_DEFAULT = ("mycenae", "none", "troy", "mycenae", "troy")
_BEN_DEFAULT = ("port3", "vp", "swap", "tile2", "vp", "take", "vp")

PARAMS = ParamTable(core_params("troja") + [
    Param("row_threshold", 0, 0, 20, "battle at the end of a turn when the support row holds >= this; 0 = auto (10, 13 with 6 players)",
          auto=((2, 10), (5, 13))),
    Param("battle_reveal", 0, 0, 15, "cards revealed in a battle (< threshold); 0 = auto (7, 9 with 6 players)",
          auto=((2, 7), (5, 9))),
    *[Param(f"row_seed_{r}", c, 0, 3, f"{r} cards seeding the support row from the bank")
      for r, c in zip(RES, (1, 0, 1, 1, 1))],
    *[Param(f"resource_side_{r}", d, choices=SIDES, meaning=f"side a revealed {r} card scores for")
      for r, d in zip(RES, _SIDE_DEFAULT)],
    *[Param(f"track_value_{w}", v, 0, 10, f"bonus VP of a side's players after {w} battle wins")
      for w, v in enumerate((0, 1, 2, 3, 4, 6))],
    Param("track_end_wins", 5, 1, 5, "battle wins of one side that end the game"),
    Param("donation_min", 1, 1, 3, "fewest cards in one donation"),
    Param("donation_max", 3, 1, 3, "most cards in one donation"),
    Param("donations_per_turn", 1, 0, 3, "donations per turn (T3)"),
    *[Param(f"tokens_per_donation_{k}", 1, 0, 3, f"trade tokens for a donation of {k} card(s) (T4)") for k in (1, 2, 3)],
    *cost_params("cost_ship", (1, 0, 1, 0, 0), "ship"),
    *[Param(f"ship_token_cost_{k}", k, 0, 10, f"trade tokens for ship disc {k} (T1)") for k in range(1, 8)],
    *[Param(f"ship_benefit_{k}", d, choices=BENEFITS, meaning=f"benefit of ship disc {k} (T2)")
      for k, d in zip(range(1, 8), _BEN_DEFAULT)],
    Param("ships_per_player", 7, 0, 7, "ship discs per player"),
    Param("ship_vp", 1, 0, 3, "VP of a VP ship"),
    Param("tiles_2to1_per_resource", 2, 0, 4, "2:1 trade tiles per resource (T10)"),
    Param("swap_uses", 1, 0, 3, "swaps per unblocked SWAP ship per turn"),
    Param("take_uses", 1, 0, 3, "takes per unblocked TAKE ship per turn"),
    Param("corsair_blocks_benefit", True, boolean=True, meaning="the corsair voids PORT3/TILE2/SWAP/TAKE of the ship it stands on"),
    Param("corsair_blocks_vp", False, boolean=True, meaning="the corsair also voids a VP ship's point (T9)"),
    Param("corsair_must_move_on_7", True, boolean=True, meaning="after a 7 the corsair must move (T15)"),
    Param("corsair_steal_optional", True, boolean=True, meaning="the corsair's mover may decline to steal (T15)"),
    Param("revealed_to_bank", True, boolean=True, meaning="revealed battle cards go to the bank (false: out of the game) (T5)"),
    Param("battle_timing", 0, 0, 0, "T6: battle at the end of the active turn, before the special building phase"),
    Param("track_end_pool", 0, 0, 1, "T12: at track end the winner is taken from 0 all players / 1 the winning side"),
    Param("track_end_precedence", 1, 0, 1, "T13: 1 the track end decides; 0 the active player's VP target wins first"),
    Param("allow_ship_in_sbp", True, boolean=True, meaning="ships may be built in the special building phase (T14)"),
    Param("take_min_row", 0, 0, 5, "cards that must remain in the row after a TAKE (T16)"),
    Param("token_supply", -1, -1, 1000, "trade tokens in the supply; -1 unlimited (T17)"),
    Param("open_information", False, boolean=True, meaning="search players see hidden data (debug, T18)"),
    Param("sea_rings", 1, 1, 2, "sea rings of the stand-in board (T7)"),
    Param("ship_symbol_all", True, boolean=True, meaning="every sea hex bears a ship symbol (the stand-in has no own list, so false = true)"),
    Param("corsair_start", 0, 0, 49, "sea index where the corsair starts"),
    Param("allegiance_troy", 0, 0, 3, "Troy allegiance cards dealt; 0 = auto (2, 3 with 6 players)",
          auto=((2, 2), (5, 3))),
    Param("allegiance_mycenae", 0, 0, 3, "Mycenae allegiance cards dealt; 0 = auto (2, 3 with 6 players)",
          auto=((2, 2), (5, 3))),
    # measuring switches (not rules): the causal check of "ship: victory point", whose holders are chosen in
    # play (a second ship), is restricted play: the point off for one seat at a time (reports/power_worth.py)
    Param("power_ship_vp", True, boolean=True, measuring=True,
          meaning="false: a VP ship is built and used as usual but scores no point (for every seat, or for "
                  "`switch_seat` alone)"),
    Param("switch_seat", -1, -1, 5, measuring=True,
          meaning="the one seat a power_<name> switch that is off applies to; the other seats keep the power "
                  "(-1: every seat)"),
])
P_ROW_THRESHOLD = PARAMS.index("row_threshold")


def to_config(vec, n_players):
    d = PARAMS.describe(vec)
    cfg = new_config()
    fill_core(cfg, d, n_players, GAME_TROJA)
    cfg[C_ROW_THRESHOLD] = PARAMS.get("row_threshold").effective(d["row_threshold"], n_players)
    cfg[C_REVEAL] = PARAMS.get("battle_reveal").effective(d["battle_reveal"], n_players)
    if cfg[C_REVEAL] >= cfg[C_ROW_THRESHOLD]:
        raise AgonInputError(f"battle_reveal ({cfg[C_REVEAL]}) must be below row_threshold ({cfg[C_ROW_THRESHOLD]})")
    for i, r in enumerate(RES):
        cfg[C_ROW_SEED + i] = d[f"row_seed_{r}"]
        cfg[C_SIDE + i] = SIDES.index(d[f"resource_side_{r}"])
        cfg[C_COST_SHIP + i] = d[f"cost_ship_{r}"]
    for w in range(6):
        cfg[C_TRACK_VALUES + w] = d[f"track_value_{w}"]
    cfg[C_TRACK_END] = d["track_end_wins"]
    cfg[C_DON_MIN] = d["donation_min"]
    cfg[C_DON_MAX] = d["donation_max"]
    if cfg[C_DON_MIN] > cfg[C_DON_MAX]:
        raise AgonInputError("donation_min must not exceed donation_max")
    cfg[C_DON_PER_TURN] = d["donations_per_turn"]
    for k in range(3):
        cfg[C_TOKENS_PER_DON + k] = d[f"tokens_per_donation_{k + 1}"]
    for k in range(7):
        cfg[C_SHIP_TOKEN_COST + k] = d[f"ship_token_cost_{k + 1}"]
        cfg[C_SHIP_BENEFIT + k] = BENEFITS.index(d[f"ship_benefit_{k + 1}"]) + 1
    cfg[C_SHIPS_PER_PLAYER] = d["ships_per_player"]
    cfg[C_SHIP_VP] = d["ship_vp"]
    if not d["power_ship_vp"]:
        if d["switch_seat"] < 0:
            cfg[C_SHIP_VP] = 0
        else:
            cfg[C_SHIP_VP_OFF_SEAT] = d["switch_seat"] + 1
    cfg[C_TILES_PER_RES] = d["tiles_2to1_per_resource"]
    cfg[C_SWAP_USES] = d["swap_uses"]
    cfg[C_TAKE_USES] = d["take_uses"]
    cfg[C_CORSAIR_BLOCKS_BENEFIT] = int(d["corsair_blocks_benefit"])
    cfg[C_CORSAIR_BLOCKS_VP] = int(d["corsair_blocks_vp"])
    cfg[C_CORSAIR_MUST_MOVE_7] = int(d["corsair_must_move_on_7"])
    cfg[C_CORSAIR_STEAL_OPT] = int(d["corsair_steal_optional"])
    cfg[C_REVEALED_TO_BANK] = int(d["revealed_to_bank"])
    cfg[C_TRACK_END_POOL] = d["track_end_pool"]
    cfg[C_TRACK_END_PREC] = d["track_end_precedence"]
    cfg[C_SHIP_IN_SBP] = int(d["allow_ship_in_sbp"])
    cfg[C_TAKE_MIN_ROW] = d["take_min_row"]
    cfg[C_TOKEN_SUPPLY] = d["token_supply"]
    cfg[C_OPEN_INFO] = int(d["open_information"])
    cfg[C_SEA_RINGS] = d["sea_rings"]
    topo = topo_for(n_players, cfg[C_SEA_RINGS])
    if d["corsair_start"] >= topo[T_S]:
        raise AgonInputError(f"corsair_start must be below {topo[T_S]} on this board")
    cfg[C_CORSAIR_START] = d["corsair_start"]
    cfg[C_ALLEG_T] = PARAMS.get("allegiance_troy").effective(d["allegiance_troy"], n_players)
    cfg[C_ALLEG_M] = PARAMS.get("allegiance_mycenae").effective(d["allegiance_mycenae"], n_players)
    seat_switch_check(PARAMS)(vec, n_players)
    if cfg[C_ALLEG_T] + cfg[C_ALLEG_M] < n_players:
        raise AgonInputError("allegiance_troy + allegiance_mycenae must cover every player")
    # catan-only entries stay 0 (no dev deck, no Largest Army)
    return cfg, topo
