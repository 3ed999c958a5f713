"""The Mare Nostrum action space (rules spec §4.8), declared once: the ids, `N_ACTIONS` and the
decoder come from `ACTIONS` (sim/layout.py); the assert pins the spec's numbering. The words of an
action are in describe.py. `EVENTS` are the automatic effects a trace shows (the engine notes them
only while a harness traces the game).
"""
from sim.layout import ActionSpace, Events
from .board import NP, NS, NL, GODS, HEROES, WONDERS, GOODS, PROV_NAMES, SEA_CODES

TYPES = tuple(GOODS) + ("tax",)
LOCS = tuple(PROV_NAMES) + tuple(SEA_CODES)
SEATS = tuple(f"seat {o}" for o in range(6))
OWNERS = tuple(f"owner {o}" for o in range(6))
ICONS = ("icon 0", "icon 1", "icon 2")

ACTIONS = ActionSpace("Mare Nostrum actions")
A_DONE = ACTIONS.single("DONE", doc="end the turn / the step")
A_PASS = ACTIONS.single("PASS")
A_NOTHING = ACTIONS.single("NOTHING", doc="a forced no-op decision")
A_PICK_NEXT = ACTIONS.range("PICK_NEXT", 6, SEATS, doc="role holder names the next seat to play")
A_SETUP_CARAVAN = ACTIONS.range("SETUP_CARAVAN", 13, GOODS, doc="set-up choice of a caravan good (§2.2)")
A_PICK_GOOD = ACTIONS.range("PICK_GOOD", 13, GOODS, doc="Colossus, Hermes: a good from the bank")
A_PICK_TYPE = ACTIONS.range("PICK_TYPE", 14, TYPES, doc="Isis, ...: a card type")
A_ANNOUNCE_X = ACTIONS.range("ANNOUNCE_X", 11, doc="Trader announces the exchange X")
A_ANTIGONE_IN = ACTIONS.single("ANTIGONE_IN")
A_ANTIGONE_OUT = ACTIONS.single("ANTIGONE_OUT")
A_OFFER = ACTIONS.range("OFFER", 14, TYPES, doc="exchange: a card onto the display")
A_TAKE = ACTIONS.range("TAKE", (6, 14), (SEATS, TYPES), doc="exchange: a card from a seat's display")
A_GIVE_BACK = ACTIONS.range("GIVE_BACK", 14, TYPES)
A_SWAP = ACTIONS.range("SWAP", (14, 14), (TYPES, TYPES), doc="Ulysses: give one type, take another")
A_OFFER_TO = ACTIONS.range("OFFER_TO", 8, GODS, doc="offering to a god (§4.4)")
A_TAKE_GOD = ACTIONS.range("TAKE_GOD", 8, GODS, doc="Adonis: take a god")
A_PAY = ACTIONS.range("PAY", 14, TYPES, doc="auto_pay=0: pay one card")
A_BUY_INFLUENCE = ACTIONS.range("BUY_INFLUENCE", NP, PROV_NAMES)
A_BUY_CARAVAN = ACTIONS.range("BUY_CARAVAN", (NP, 3), (PROV_NAMES, ICONS))
A_BUY_CITY = ACTIONS.range("BUY_CITY", NP, PROV_NAMES)
A_BUY_MARKET = ACTIONS.range("BUY_MARKET", NP, PROV_NAMES)
A_BUY_TEMPLE = ACTIONS.range("BUY_TEMPLE", NP, PROV_NAMES)
A_BUY_LEGION = ACTIONS.range("BUY_LEGION", NP, PROV_NAMES)
A_BUY_FORTRESS = ACTIONS.range("BUY_FORTRESS", NP, PROV_NAMES)
A_BUY_CREATURE = ACTIONS.range("BUY_CREATURE", NP, PROV_NAMES)
A_BUY_TRIREME = ACTIONS.range("BUY_TRIREME", NS, SEA_CODES)
A_BUY_PHOENIX = ACTIONS.range("BUY_PHOENIX_RETURN", NP, PROV_NAMES)
A_BUY_HERO = ACTIONS.range("BUY_HERO", 33, HEROES)
A_BUY_WONDER = ACTIONS.range("BUY_WONDER", 7, WONDERS)
A_COPY = ACTIONS.range("COPY", 27, HEROES[:27], doc="Castor & Pollux: copy a general hero")
A_CLEO_GIVE = ACTIONS.range("CLEOPATRA_GIVE", 13, GOODS)
A_CLEO_TAKE = ACTIONS.range("CLEOPATRA_TAKE", 13, GOODS)
A_JASON_FROM = ACTIONS.range("JASON_FROM", (NP, 3), (PROV_NAMES, ICONS))
A_JASON_TO = ACTIONS.range("JASON_TO", (NP, 3), (PROV_NAMES, ICONS))
A_SPARTACUS = ACTIONS.range("SPARTACUS", NP, PROV_NAMES)
A_GILGAMESH = ACTIONS.range("GILGAMESH", NP, PROV_NAMES)
A_ZEUS = ACTIONS.range("ZEUS", NP, PROV_NAMES)
A_BAAL = ACTIONS.range("BAAL", NP, PROV_NAMES)
A_VULCAN = ACTIONS.range("VULCAN", (NP, 3), (PROV_NAMES, ICONS))
A_POSEIDON = ACTIONS.range("POSEIDON", (NS, 6), (SEA_CODES, SEATS))
A_ISHTAR_YES = ACTIONS.single("ISHTAR_YES")
A_ISHTAR_NO = ACTIONS.single("ISHTAR_NO")
A_KEEP = ACTIONS.range("KEEP", 14, TYPES, doc="Hanging Gardens: keep a card")
A_MOVE_LAND = ACTIONS.range("MOVE_LAND", (2, NP, NP), (("legion", "creature"), PROV_NAMES, PROV_NAMES))
A_MOVE_FLEET = ACTIONS.range("MOVE_FLEET", (NS, NS), (SEA_CODES, SEA_CODES))
A_MOVE_GRIFFIN = ACTIONS.range("MOVE_GRIFFIN", (NP, NP), (PROV_NAMES, PROV_NAMES))
A_MOVE_KRAKEN = ACTIONS.range("MOVE_KRAKEN", (NL, NL), (LOCS, LOCS))
A_DIVE = ACTIONS.range("DIVE", NL, LOCS)
A_SURFACE = ACTIONS.range("SURFACE", NS, SEA_CODES)
A_AENEAS = ACTIONS.range("AENEAS", NS, SEA_CODES)
A_POSEIDON_REACT = ACTIONS.range("POSEIDON_REACT", NS, SEA_CODES)
A_ATTACK = ACTIONS.range("ATTACK", (NL, 6), (LOCS, OWNERS))
A_TITAN1 = ACTIONS.range("TITAN_FROM", (NP, 20), (PROV_NAMES, tuple(f"n={k + 1}" for k in range(20))))
A_TITAN2 = ACTIONS.range("TITAN_TARGET", (NL, 6), (LOCS, OWNERS))
A_MEDUSA_YES = ACTIONS.single("MEDUSA_YES")
A_MEDUSA_NO = ACTIONS.single("MEDUSA_NO")
A_HERCULES_YES = ACTIONS.single("HERCULES_YES")
A_HERCULES_NO = ACTIONS.single("HERCULES_NO")
A_MIDAS_YES = ACTIONS.single("MIDAS_YES")
A_MIDAS_NO = ACTIONS.single("MIDAS_NO")
A_HAMILCAR_TAKE = ACTIONS.single("HAMILCAR_TAKE", doc="Hamilcar: take the automatic 4")
A_HAMILCAR_ROLL = ACTIONS.single("HAMILCAR_ROLL")
A_AJAX = ACTIONS.range("AJAX", 6, doc="Ajax: reroll die k")
A_MARS_YES = ACTIONS.single("MARS_YES")
A_MARS_NO = ACTIONS.single("MARS_NO")
A_CASUALTY = ACTIONS.range("CASUALTY", 4, ("legion", "creature", "fortress", "trireme"))
A_PILLAGE = ACTIONS.range("PILLAGE", 6, ("caravan0", "caravan1", "caravan2", "city", "market", "temple"))
A_TAKE_OVER = ACTIONS.single("TAKE_OVER")
N_ACTIONS = ACTIONS.size
assert (A_PICK_NEXT, A_TAKE, A_SWAP, A_BUY_INFLUENCE, A_BUY_TRIREME, A_COPY, A_VULCAN, A_KEEP,
        A_MOVE_LAND, A_MOVE_FLEET, A_MOVE_KRAKEN, A_DIVE, A_ATTACK, A_TITAN1, A_TITAN2, A_MEDUSA_YES,
        A_HAMILCAR_TAKE, A_AJAX, A_CASUALTY, A_PILLAGE, A_TAKE_OVER, N_ACTIONS) == \
    (3, 76, 174, 400, 810, 903, 1366, 1563, 1577, 4939, 6764, 9573, 9662, 9980, 10800, 11118,
     11124, 11126, 11134, 11138, 11144, 11145)     # §4.8
MAX_LEGAL = 4096        # most legal actions of one decision (a MOVE_LAND decision lists the most)

# automatic effects a trace shows (sim/layout.py `note`)
EVENTS = Events("Mare Nostrum automatic effects")
EV_CIVS = EVENTS.add("CIVS", ("civs",))                          # §4.1 civs by owner, 3 bits each
EV_ROLES = EVENTS.add("ROLES", ("round", "holders"))             # §4.2 holders + 1, 3 bits per role
EV_BATTLE = EVENTS.add("BATTLE", ("location", "attacker", "defender"))   # §4.6 a battle starts
EV_DIE = EVENTS.add("DIE", ("owner", "value", "side"))           # §4.6.2 one die rolled
EV_TOTALS = EVENTS.add("TOTALS", ("attacker", "defender"))       # §4.6.2 battle totals
EV_LOSSES = EVENTS.add("LOSSES", ("attacker", "defender"))       # §4.6.3 losses each side takes
EV_KILLED = EVENTS.add("KILLED", ("owner", "location", "unit"))  # a unit removed (casualty, Centaur)
