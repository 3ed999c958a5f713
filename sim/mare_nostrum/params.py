"""Every parameter of the Mare Nostrum rules spec (§8), packed in a float64 vector."""
from sim.spec import Param, ParamTable
from .board import CREATURES, HEROES, WONDERS


def _title(name):
    return name.replace("_", " ").title().replace(" Of ", " of ")


PARAMS = ParamTable([
    Param("myth", True, boolean=True, meaning="Mythology content on/off (myth=0: base game, points start 36 in 4 steps)"),
    Param("civ_assignment", "random", choices=("random", "fixed"),
          meaning="played civs and seats: random, or seat s plays civ s in Rome..Atlantis order"),
    Param("start", "preset", choices=("preset", "points"), meaning="pre-set Myth start (§2.2) or the points start (§2.3)"),
    Param("setup_points", 45, 36, 45, "points of the points start (base 36)"),
    Param("setup_steps", 5, 4, 5, "steps of the points start (base 4)"),
    Param("setup_civ_hero_cost", 9, 0, 12, "civ hero price in points (points start)"),
    Param("start_tax", 3, 0, 6, "tax cards each player holds before round 1 (base 0)"),
    Param("setup_role_spread", True, boolean=True, meaning="an absent civ's preset role prefers role-less players"),
    Param("n_heroes_drawn", 8, 1, 27, "general heroes on display (Myth)"),
    Param("rare_cards", 6, 1, 60, "bank cards per rare good (base 5)"),
    Param("common_cards", 11, 1, 60, "bank cards per common good (base 9)"),
    Param("pottery_cards", 6, 1, 60, "bank pottery cards (Myth)"),
    Param("tax_cards", 40, 1, 60, "bank tax cards (base 35)"),
    Param("pool_caravan", 33, 0, 40, "caravan pool at 6 players (3-5 players: 5 fewer)"),
    Param("pool_city", 14, 0, 40, "city pool at 6 players (3-5 players: 2 fewer)"),
    Param("pool_market", 14, 0, 40, "market pool at 6 players (3-5 players: 2 fewer)"),
    Param("pool_temple", 7, 0, 40, "temple pool at 6 players (3-5 players: 1 fewer)"),
    Param("cap_trireme", 5, 1, 20, "triremes per colour"),
    Param("cap_legion", 8, 1, 20, "legions per colour"),
    Param("cap_fortress", 8, 1, 20, "fortresses per colour"),
    Param("cap_influence", 12, 1, 20, "influence markers per colour"),
    Param("cap_creature", 3, 1, 20, "creature figures per colour"),
    Param("cost_influence", 3, 1, 12, "influence marker cost (cards)"),
    Param("cost_caravan", 3, 1, 12, "caravan cost"),
    Param("cost_city", 3, 1, 12, "city cost"),
    Param("cost_market", 6, 1, 12, "market cost"),
    Param("cost_temple", 6, 1, 12, "temple cost"),
    Param("cost_legion", 3, 1, 12, "legion cost"),
    Param("cost_fortress", 3, 1, 12, "fortress cost"),
    Param("cost_trireme", 3, 1, 12, "trireme cost"),
    Param("civ_discount_cost", 2, 1, 3, "Caesar / Pericles / Atlas price"),
    Param("cost_creature", 6, 1, 12, "creature cost"),
    Param("cost_phoenix_return", 3, 1, 12, "Phoenix return to Egypt's capital"),
    Param("cost_offering", 3, 1, 12, "offering to a god"),
    Param("cost_hero", 9, 3, 15, "general hero or wonder"),
    Param("cost_pyramids", 12, 3, 15, "Pyramids (+1 in the advanced variant)"),
    Param("tax_wild", True, boolean=True, meaning="taxes may mix into goods combinations"),
    Param("auto_pay", True, boolean=True, meaning="canonical payment (0: the player pays card by card, PAY(t))"),
    Param("tax_keep", 2, 0, 5, "tax cards kept after Build"),
    Param("x_max", 5, 0, 10, "largest exchange X"),
    Param("market_mult", 2, 1, 3, "market multiplies the province's goods"),
    Param("temple_mult", 2, 1, 3, "temple multiplies the province's tax"),
    Param("hit_divisor", 5, 1, 8, "points per loss"),
    Param("penthesilea_divisor", 6, 1, 8, "points per loss against Penthesilea's land units"),
    Param("auto_value", 6, 1, 8, "automatic value of fortresses and creatures"),
    Param("hamilcar_value", 4, 1, 8, "Hamilcar's automatic value"),
    Param("hannibal_bonus", 1, 0, 2, "Hannibal: per Carthaginian legion die in land battles"),
    Param("pericles_die_bonus", 1, 0, 2, "Pericles: per Greek trireme die"),
    Param("mars_bonus", 6, 0, 10, "Mars: added to one side's total"),
    Param("athena_bonus", 2, 0, 10, "Athena: added to all role counts"),
    Param("moses_bonus", 2, 0, 10, "Moses: added to the High Priest count"),
    Param("hermes_cards", 3, 0, 10, "Hermes: extra cards"),
    Param("ariadne_small", 1, 0, 3, "Ariadne per city or caravan"),
    Param("ariadne_big", 2, 0, 3, "Ariadne per temple or market"),
    Param("fleet_move", 1, 1, 3, "sea zones per fleet move"),
    Param("atlas_moves", 2, 1, 3, "moves per Atlantean fleet with Atlas"),
    Param("griffin_range", 2, 1, 3, "Griffin spaces per move"),
    Param("lighthouse_extra", 1, 1, 3, "Lighthouse: extra zones per fleet move"),
    Param("gilgamesh_per_round", 1, 1, 99, "Gilgamesh free fortresses per round (99 = each placement)"),
    Param("croesus_scope", "round", choices=("round", "game"), meaning="period of Croesus' once-per-type"),
    Param("war_income", False, boolean=True, meaning="at war the controller collects (0: nobody)"),
    Param("occupier_income", True, boolean=True, meaning="an occupied province pays the occupier (0: nobody)"),
    Param("capital_takeover", False, boolean=True, meaning="capitals can be taken over"),
    Param("takeover_delay", 1, 0, 2, "own turn starts held alone before a take-over"),
    Param("land_attack_mandatory", True, boolean=True, meaning="entering enemy units forces an attack"),
    Param("base_cards_placeholder", True, boolean=True, meaning="§5.3 placeholder powers of base heroes and wonders"),
    Param("civ_hero_counts", True, boolean=True, meaning="the civ hero counts for victory"),
    Param("advanced", False, boolean=True, meaning="advanced variant: Pyramids +1 card, one more hero/wonder to win"),
    Param("win_hw", 4, 3, 7, "heroes/wonders to win (+1 advanced)"),
    Param("role_victory", True, boolean=True, meaning="holding all four roles after role determination wins"),
    Param("max_rounds", 40, 10, 100, "round cap; beyond it the game is unfinished"),
    # one switch per god, in the order of G_ATHENA..G_VULCAN (rules/base.py): a god whose power is off is
    # still taken, held and spent as before, and does nothing, so a flagged god's effect can be checked
    # causally on the same seeds (Agon's measuring switches, not rule options; every default is the rule)
    *(Param(f"power_{g}", True, boolean=True, measuring=True, meaning=f"{g.title()}'s power acts (false: taken, does nothing)")
      for g in ("athena", "baal", "hermes", "isis", "ishtar", "mars", "poseidon", "vulcan")),
    # the same for every wonder with a power (WONDERS order; the Pyramids have none), every hero (HEROES
    # order: the 27 general heroes, then the 6 civ heroes) and every creature (CREATURES order, by civ):
    # a wonder or hero switched off is bought and counts for victory as before; a creature switched off
    # is an ordinary creature (§6.2: an automatic 6, built, moved and carried like a legion)
    *(Param(f"power_{w}", True, boolean=True, measuring=True, meaning=f"{_title(w)}'s power acts (false: held and counted for victory, does nothing)")
      for w in WONDERS[:-1]),
    *(Param(f"power_{h}", True, boolean=True, measuring=True, meaning=f"{_title(h)}'s power acts (false: held and counted for victory, does nothing)")
      for h in HEROES),
    *(Param(f"power_{c}", True, boolean=True, measuring=True, meaning=f"the {_title(c)}'s own power (false: an ordinary creature, §6.2)")
      for c in CREATURES),
    # restricted play (Jaffe et al. 2012), the causal check of a god, whose takers are chosen in play: the
    # switches above that are off act for this seat alone, and its rivals keep those powers
    Param("switch_seat", -1, -1, 5, measuring=True,
          meaning="the one seat the power_<name> switches that are off apply to; the other seats keep those powers "
                  "(-1: every seat)"),
])

_g = globals()
for _i, _p in enumerate(PARAMS):
    _g["P_" + _p.name.upper()] = _i
del _g, _i, _p
