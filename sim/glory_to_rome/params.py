"""Every parameter of the Glory to Rome spec (§7), packed into a float64 vector."""
from sim.spec import Param, ParamTable
from .board import BUILDING_NAMES, SNAKE_NAMES

_base = [
    Param("ruleset", "imperium", meaning="card set and setup (§5.6); republic: Crane, Tribunal, "
          "Domus Aurea, Forum Romanum; its start_orders/start_jacks/petition_size defaults 5/0/2 "
          "replace the imperium defaults 4/1/3 when those are left unchanged",
          choices=("imperium", "republic")),
    Param("start_orders", 4, 3, 7, "orders dealt per player (republic default 5)"),
    Param("start_jacks", 1, 0, 1, "Jacks dealt per player (republic default 0)"),
    Param("n_jacks", 6, 0, 12, "Jacks in the game (at least n_players*start_jacks)"),
    Param("start_influence", 2, 0, 6, "starting Influence"),
    Param("hand_limit", 5, 3, 9, "Thinker refill target"),
    Param("shrine_bonus", 2, 0, 6, "hand limit bonus with Shrine"),
    Param("temple_bonus", 4, 0, 8, "hand limit bonus with Temple"),
    Param("petition_size", 3, 2, 5, "cards per petition (republic default 2)"),
    Param("circus_petition_size", 2, 1, 3, "petition size with Circus"),
    Param("oot_cost", 2, 1, 3, "actions for an out-of-town foundation"),
    Param("tower_oot_cost", 1, 1, 3, "actions for an out-of-town foundation with Tower"),
    Param("sites_per_material", 6, 2, 9, "sites per material (>= n_players); out of town = this - N"),
    Param("insula_bonus", 2, 0, 6, "clientele limit bonus with Insula"),
    Param("aqueduct_multiplier", 2, 1, 3, "clientele limit multiplier with Aqueduct"),
    Param("market_bonus", 2, 0, 6, "vault limit bonus with Market"),
    Param("merchant_bonus_vp", 3, 0, 10, "VP per Merchant Bonus"),
    Param("statue_vp", 3, 0, 10, "VP for a completed Statue"),
    Param("wall_divisor", 2, 1, 5, "stockpile cards per Wall VP"),
    Param("leader_think_forces_all_think", False, meaning="seed reading: all think when the leader thinks",
          boolean=True),
    Param("first_leader_rule", "alphabetical", meaning="how the first leader is chosen",
          choices=("alphabetical", "seat0")),
    Param("max_turns", 1000, 50, 10000, "turn cap (end condition turn_cap)"),
]
# What each switch turns off (§1.2, §5.3). With false the building is still founded, built, completed
# (Influence), stolen and made public as usual, and counts as built (`built_<name>`); only its power
# never applies: not when completed, not through Gate, not when made public. Statue's any-site
# foundation is how a Statue is built (a rule of the foundation, before any power is active), so
# power_statue=false removes only its end-of-game VP. Republic (§5.6) slots 4/11/26/33 keep the
# imperium names: power_circus switches Crane, power_senate Tribunal, power_coliseum Domus Aurea,
# power_forum Forum Romanum.
POWERS = (
    "each Patron action may also hire the top deck card",
    "clientele limit + insula_bonus",
    "before a Thinker action, may discard 1 order card",
    "any material may go into its owner's Stone buildings",
    "petitions of circus_petition_size cards (republic slot: Crane)",
    "each Laborer action may also move 1 hand card to the stockpile",
    "vault limit + market_bonus",
    "immune to Legionary unless the attacker has Bridge",
    "on completion, Craftsman actions = Influence",
    "clientele limit x aqueduct_multiplier; Patron may also hire from hand",
    "Legionary hits all opponents, ignores Palisade, takes from stockpiles",
    "takes the Jacks opponents played this turn (republic slot: Tribunal)",
    "every client counts as a Laborer client",
    "Rubble fits any building; out-of-town foundation costs tower_oot_cost",
    "before a Thinker action, may discard the whole hand",
    "immune to Legionary (even Bridge) and 1 VP per wall_divisor stockpile cards",
    "one Thinker action after a turn with a Craftsman action",
    "Architect materials may come from the pool",
    "Merchant may vault the top deck card",
    "each newly hired client acts once at once",
    "on completion, Laborer actions = Influence",
    "Marble foundations give their powers before completion",
    "on completion, Thinker actions = Influence",
    "hand limit + shrine_bonus",
    "completing it ends the game",
    "each counted client acts twice for a player who led or followed",
    "Legionary may take matching clients into the vault (republic slot: Domus Aurea)",
    "on completion, Patron actions = Influence",
    "on completion, steal an opponent's building for 3 Influence",
    "adding one Marble completes any building",
    "lead/follow cards may go to the stockpile at the end of the turn",
    "an Architect action adding a material completes it",
    "each Merchant action may also vault 1 hand card",
    "a client of each role wins at once (republic slot: Forum Romanum)",
    "Craftsman may use the top deck card",
    "each Merchant client also counts as the led role and for the Forum",
    "lead/follow with several cards, 1 action each",
    "with each Architect action, may make an opponent's building public",
    "statue_vp at the end of the game (any-site foundation stays)",
    "hand limit + temple_bonus",
)
assert len(POWERS) == 40
_power = [Param(f"power_{SNAKE_NAMES[k]}", True, boolean=True, measuring=True,
                meaning=f"false: {BUILDING_NAMES[k]} is built and gives Influence as usual, but its power "
                        f"never applies ({POWERS[k]})")
          for k in range(40)]
# Restricted play (Jaffe et al. 2012) as a causal check of a building whose builders are chosen in play:
# the switches that are off act for one seat only, and the others keep those powers.
_switch_seat = Param("switch_seat", -1, -1, 4, measuring=True,
                     meaning="the one seat the power_<name> switches that are off apply to; the other seats keep "
                             "those powers (-1: every seat)")
PARAMS = ParamTable(_base + _power + [_switch_seat])

P_RULESET = PARAMS.index("ruleset")
P_START_ORDERS = PARAMS.index("start_orders")
P_START_JACKS = PARAMS.index("start_jacks")
P_N_JACKS = PARAMS.index("n_jacks")
P_START_INFLUENCE = PARAMS.index("start_influence")
P_HAND_LIMIT = PARAMS.index("hand_limit")
P_SHRINE_BONUS = PARAMS.index("shrine_bonus")
P_TEMPLE_BONUS = PARAMS.index("temple_bonus")
P_PETITION_SIZE = PARAMS.index("petition_size")
P_CIRCUS_PETITION_SIZE = PARAMS.index("circus_petition_size")
P_OOT_COST = PARAMS.index("oot_cost")
P_TOWER_OOT_COST = PARAMS.index("tower_oot_cost")
P_SITES_PER_MATERIAL = PARAMS.index("sites_per_material")
P_INSULA_BONUS = PARAMS.index("insula_bonus")
P_AQUEDUCT_MULTIPLIER = PARAMS.index("aqueduct_multiplier")
P_MARKET_BONUS = PARAMS.index("market_bonus")
P_MERCHANT_BONUS_VP = PARAMS.index("merchant_bonus_vp")
P_STATUE_VP = PARAMS.index("statue_vp")
P_WALL_DIVISOR = PARAMS.index("wall_divisor")
P_ALL_THINK = PARAMS.index("leader_think_forces_all_think")
P_FIRST_LEADER_RULE = PARAMS.index("first_leader_rule")
P_MAX_TURNS = PARAMS.index("max_turns")
P_POWER0 = PARAMS.index("power_bar")
P_SWITCH_SEAT = PARAMS.index("switch_seat")
N_PARAMS = len(PARAMS)
assert P_POWER0 + 40 == P_SWITCH_SEAT == N_PARAMS - 1
