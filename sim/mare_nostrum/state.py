"""The Mare Nostrum state: one flat int32 array whose fields are declared once (sim/layout.py), so
copying a state for a search player is one `copy()` and `LAYOUT.dump(st)` prints it by name.

The contract header comes first (trace flag and event log), then the round's scalars, the pending
battle, the per-owner tables, the once-per-round counters and the per-seat metrics. Owners `o`
0..5 are the seats first, then the neutral civs in civ order (rules spec §4.8); `CIV_OF[o]` gives
the civilization. Locations: provinces 0..40, seas 41..52.
"""
from sim.layout import Layout, Struct
from .board import NL, NP, NS, N_TYPES, GOODS, HEROES, WONDERS, GODS, ROLES, CIVS, PROV_NAMES, SEA_CODES

TYPE_NAMES = tuple(GOODS) + ("tax",)
LOC_NAMES = tuple(PROV_NAMES) + tuple(SEA_CODES)
UNIT_NAMES = ("legion", "creature", "fortress", "trireme")
HERO_NAMES = tuple(HEROES)

LAYOUT = Layout("Mare Nostrum")
# --- the round's scalars ---
H_ROUND = LAYOUT.field("H_ROUND", doc="current round (1-based)")
H_STEP = LAYOUT.field("H_STEP", doc="decision step (ST_*), ST_OVER at the end")
H_DECIDER = LAYOUT.field("H_DECIDER", doc="owner who decides now")
H_ACTOR = LAYOUT.field("H_ACTOR", doc="owner whose turn it is (build / strategy / offering)")
H_NP = LAYOUT.field("H_NP", doc="number of players")
H_MYTH = LAYOUT.field("H_MYTH")
H_OVER = LAYOUT.field("H_OVER")
H_WINNER = LAYOUT.field("H_WINNER", doc="seat of the winner, -1 none")
H_VPATH = LAYOUT.field("H_VPATH", doc="0 heroes/wonders, 1 pyramids, 2 roles, 3 unfinished")
H_NTURNS = LAYOUT.field("H_NTURNS", doc="player turns played (build turns)")
H_NACT = LAYOUT.field("H_NACT", doc="decisions taken")
H_X = LAYOUT.field("H_X", doc="exchange X")
H_CHOOSER = LAYOUT.field("H_CHOOSER", doc="exchange chooser")
H_OFFER_IDX = LAYOUT.field("H_OFFER_IDX", doc="exchange: index (from the Trader's left) of the current offerer")
H_OFFER_LEFT = LAYOUT.field("H_OFFER_LEFT")
H_COUNT = LAYOUT.field("H_COUNT", doc="generic counter of a multi-pick step (Hermes, Isis, Keep)")
H_ISIS_TO = LAYOUT.field("H_ISIS_TO", doc="Isis: recipient index")
H_SETUP_K = LAYOUT.field("H_SETUP_K")
H_PILL_V = LAYOUT.field("H_PILL_V", doc="pillage step: province")
H_PILL_LEFT = LAYOUT.field("H_PILL_LEFT", doc="pillage step: pillages left (Achilles)")
H_PILL_DONE = LAYOUT.field("H_PILL_DONE", doc="pillage step: something pillaged in this province")
H_TWO = LAYOUT.field("H_TWO", doc="first id of a two-id action (Titan), -1 none")
H_PC = LAYOUT.field("H_PC", doc="program counter of the round (rules.PC_*)")
H_ULY_K = LAYOUT.field("H_ULY_K", doc="Ulysses: next owner to ask")
H_BUDGET = LAYOUT.field("H_BUDGET", doc="points start: points left in this step")
H_PSTEP = LAYOUT.field("H_PSTEP", doc="points start: step index")
H_PSEAT = LAYOUT.field("H_PSEAT", doc="points start: seat buying now")
H_PM_KIND = LAYOUT.field("H_PM_KIND", doc="pending move awaiting a Poseidon reaction: 1 transport, 2 sea attack")
H_PM_FROM = LAYOUT.field("H_PM_FROM")
H_PM_TO = LAYOUT.field("H_PM_TO")
H_PM_U = LAYOUT.field("H_PM_U")
H_PM_Q = LAYOUT.field("H_PM_Q", doc="sea attack: defender")
H_PAY_ACT = LAYOUT.field("H_PAY_ACT", doc="auto_pay=0: purchase or offering waiting for its PAY steps")
H_PAY_LEFT = LAYOUT.field("H_PAY_LEFT")
H_PAY_MASK = LAYOUT.field("H_PAY_MASK", doc="goods already paid in this combination")
H_PAY_MODE = LAYOUT.field("H_PAY_MODE", doc="tax_wild=0: 0 undecided, 1 goods, 2 taxes")
H_PAID = LAYOUT.field("H_PAID", doc="replaying a purchase whose cards were paid card by card")
# dice of the pending battle, per side (0 attacker, 1 defender)
B_FIXED = LAYOUT.field("B_FIXED", 2, doc="automatic values, Hamilcar 4s, per-die bonuses, side bonuses")
B_LEGLEFT = LAYOUT.field("B_LEGLEFT", 2, doc="legion (or trireme) dice still to roll")
B_AUTOLEFT = LAYOUT.field("B_AUTOLEFT", 2, doc="automatic units forced to roll (Behemoth) / firing titans still to roll")
B_LEGBONUS = LAYOUT.field("B_LEGBONUS", 2, doc="bonus per legion / trireme die")
B_HERC = LAYOUT.field("B_HERC", 2, doc="Hercules used in this battle")
B_NDICE = LAYOUT.field("B_NDICE", 2)
B_DICE = LAYOUT.field("B_DICE", (2, 40), doc="dice rolled, per side")
# battle
H_B_LOC = LAYOUT.field("H_B_LOC")
H_B_ATT = LAYOUT.field("H_B_ATT")
H_B_DEF = LAYOUT.field("H_B_DEF")
H_B_TA = LAYOUT.field("H_B_TA", doc="attacker total")
H_B_TD = LAYOUT.field("H_B_TD", doc="defender total")
H_B_LA = LAYOUT.field("H_B_LA", doc="attacker losses to take")
H_B_LD = LAYOUT.field("H_B_LD")
H_B_LAND = LAYOUT.field("H_B_LAND")
H_B_STAGE = LAYOUT.field("H_B_STAGE")
H_B_RANGED = LAYOUT.field("H_B_RANGED", doc="titan ranged attack: number of titans firing (0 normal)")
H_B_MARS = LAYOUT.field("H_B_MARS", doc="owner+1 who played Mars in this battle")
# pending god effect (Ishtar reaction)
H_PG_GOD = LAYOUT.field("H_PG_GOD")
H_PG_A = LAYOUT.field("H_PG_A")
H_PG_B = LAYOUT.field("H_PG_B")
H_PG_TGT = LAYOUT.field("H_PG_TGT")
H_PG_RET = LAYOUT.field("H_PG_RET", doc="step to return to")
# forced dice for tests
H_FORCED_N = LAYOUT.field("H_FORCED_N")
H_FORCED_POS = LAYOUT.field("H_FORCED_POS")
FORCED = LAYOUT.field("FORCED", 64)
# --- per owner tables ---
CIV_OF = LAYOUT.field("CIV_OF", 6, values=CIVS, doc="civilization of each owner")
OWNER_OF_CIV = LAYOUT.field("OWNER_OF_CIV", 6)
RECEIVED = LAYOUT.field("RECEIVED", 6, doc="bitmask of card types received as income this round (Hermes)")
ROLE = LAYOUT.field("ROLE", 4, labels=ROLES, default=-1, doc="owner holding each role")
INFL = LAYOUT.field("INFL", NP, labels=PROV_NAMES, doc="owner + 1, 0 = no marker")
SINCE = LAYOUT.field("SINCE", NP, doc="round the marker was placed")
OCC_OWN = LAYOUT.field("OCC_OWN", NP, doc="owner+1 alone in a foreign-marked province at his turn starts")
OCC_CNT = LAYOUT.field("OCC_CNT", NP, doc="consecutive turn starts alone")
UNITS = LAYOUT.field("UNITS", (6, NL, 4), labels=(None, LOC_NAMES, UNIT_NAMES), doc="[owner, location, unit] unit 0 legion, 1 creature, 2 fortress, 3 trireme")
CARAVAN = LAYOUT.field("CARAVAN", (NP, 3), labels=(PROV_NAMES, None), doc="caravan on goods icon i of a province")
CITY = LAYOUT.field("CITY", NP, labels=PROV_NAMES)
MARKET = LAYOUT.field("MARKET", NP, labels=PROV_NAMES)
TEMPLE = LAYOUT.field("TEMPLE", NP, labels=PROV_NAMES)
HAND = LAYOUT.field("HAND", (6, N_TYPES), labels=(None, TYPE_NAMES), doc="hidden from the other seats (§4.7); sizes are public")
BANK = LAYOUT.field("BANK", N_TYPES, labels=TYPE_NAMES)
POOL = LAYOUT.field("POOL", 4, doc="caravans, cities, markets, temples left")
HERO = LAYOUT.field("HERO", 33, labels=HEROES, doc="owner + 1")
DISPLAY = LAYOUT.field("DISPLAY", 27, doc="general hero on display")
WONDER = LAYOUT.field("WONDER", 7, labels=WONDERS, doc="owner + 1")
GOD = LAYOUT.field("GOD", 8, labels=GODS, doc="0 in the heavens, o+1 face up before o, -1 used (face down)")
COPY = LAYOUT.field("COPY", 6, doc="Castor & Pollux: copied hero + 1")
PHOENIX_CARD = LAYOUT.field("PHOENIX_CARD", 6, doc="phoenixes on their card (per owner)")
KRAKEN_DIVED = LAYOUT.field("KRAKEN_DIVED", 6, doc="dived krakens (on the card)")
KRAKEN_NEW = LAYOUT.field("KRAKEN_NEW", 6, doc="of which dived this round")
TURN_DONE = LAYOUT.field("TURN_DONE", 6)
SPENT = LAYOUT.field("SPENT", (NL, 4), labels=(LOC_NAMES, UNIT_NAMES), doc="actor's units that may not move again")
FOUGHT = LAYOUT.field("FOUGHT", (NL, 4), labels=(LOC_NAMES, UNIT_NAMES), doc="actor's units that fought this turn")
ATTACKED = LAYOUT.field("ATTACKED", NL)
OWED = LAYOUT.field("OWED", NL)
HALF = LAYOUT.field("HALF", NS, doc="Atlas: fleets that moved once and may move again")
INFL_TURN = LAYOUT.field("INFL_TURN", NP, doc="influence placed in this Build turn (Gilgamesh)")
EX_DISP = LAYOUT.field("EX_DISP", (6, N_TYPES), labels=(None, TYPE_NAMES), doc="exchange displays")
EX_IN = LAYOUT.field("EX_IN", 6, doc="exchange participants")
# the CHANCE stream after new_game's automatic steps (round 1's role ties), in 22-bit parts:
# apply_action continues the caller's stream from it at the first decision (engine.py)
H_CHANCE_PENDING = LAYOUT.field("H_CHANCE_PENDING", doc="1 until the first action: CHANCE below is the stream to continue")
H_CHANCE = LAYOUT.field("H_CHANCE", 3, doc="CHANCE stream state after new_game, 22 bits each")
# per-owner once-per-round / phase counters
U_HAMMURABI, U_GILGAMESH, U_CROESUS, U_MINOS, U_ARTEMIS, U_CLEOPATRA, U_ZEUS, U_SPARTACUS, \
    U_JASON, U_MEDUSA, U_HERCULES, U_AENEAS, U_OFFERED, U_COLOSSUS = range(14)
NU = 14
USED = LAYOUT.field("USED", (6, NU), labels=(None, ("hammurabi", "gilgamesh", "croesus", "minos", "artemis",
                    "cleopatra", "zeus", "spartacus", "jason", "medusa", "hercules", "aeneas", "offered", "colossus")))

# --- per-seat metrics (§11), one record per owner ---
METRIC = Struct("metrics")
M_ROLE_ROUNDS = METRIC.field("ROLE_ROUNDS", 4, labels=ROLES, doc="rounds holding each role")
M_BATTLES = METRIC.field("BATTLES")
M_BATTLES_WON = METRIC.field("BATTLES_WON")
M_PILLAGES = METRIC.field("PILLAGES")
M_TAKEOVERS = METRIC.field("TAKEOVERS")
M_GODS_TAKEN = METRIC.field("GODS_TAKEN")
M_GOD_MASK = METRIC.field("GOD_MASK")
M_CREAT_BUILT = METRIC.field("CREAT_BUILT")
M_CREAT_LOST = METRIC.field("CREAT_LOST")
M_RANGED = METRIC.field("RANGED")
M_CARDS_INCOME = METRIC.field("CARDS_INCOME")
M_CARDS_EXCHANGE = METRIC.field("CARDS_EXCHANGE")
M_BUILT_BUILDINGS = METRIC.field("BUILT_BUILDINGS")
M_BUILT_UNITS = METRIC.field("BUILT_UNITS")
M_LOST_UNITS = METRIC.field("LOST_UNITS")
M_LOST_BUILDINGS = METRIC.field("LOST_BUILDINGS")
M_PROV_PEAK = METRIC.field("PROV_PEAK")
M_HW_ROUND = METRIC.field("HW_ROUND", doc="round of the last hero/wonder acquisition")
M_INFL_BOUGHT = METRIC.field("INFL_BOUGHT")
M_ROLE_HIST = METRIC.field("ROLE_HIST", 2, doc="4-bit role mask per round, rounds 1-7 then 8-13 (§11 'roles per round')")
M_UNIT_BUILT = METRIC.field("UNIT_BUILT", 4, labels=UNIT_NAMES)
M_UNIT_LOST = METRIC.field("UNIT_LOST", 4, labels=UNIT_NAMES)
M_UNIT_PEAK = METRIC.field("UNIT_PEAK", 4, labels=UNIT_NAMES, doc="most on the board at a round end or the game end")
M_BLDG_BUILT = METRIC.field("BLDG_BUILT", 4, labels=("caravan", "city", "market", "temple"))
M_BLDG_LOST = METRIC.field("BLDG_LOST", 4, labels=("caravan", "city", "market", "temple"))
M_BLDG_PEAK = METRIC.field("BLDG_PEAK", 4, labels=("caravan", "city", "market", "temple"),
                           doc="most in controlled provinces at a round end or the game end")
# cards by source (§11 "cards by source"): every card entering a hand is counted once in
# CARDS_RECEIVED and once under its source; CARDS_INCOME and CARDS_EXCHANGE above are two of the
# sources, Solomon's and Circe's cards are parts of the income. The eleven fields from
# CARDS_RECEIVED on are consecutive (results.py reads them in this order).
M_CARDS_RECEIVED = METRIC.field("CARDS_RECEIVED")
M_CARDS_START = METRIC.field("CARDS_START", doc="start_tax cards of the set-up")
M_CARDS_COLOSSUS = METRIC.field("CARDS_COLOSSUS")
M_CARDS_HERMES = METRIC.field("CARDS_HERMES")
M_CARDS_ISIS = METRIC.field("CARDS_ISIS", doc="counted for each recipient of an Isis deal (the Isis holder too)")
M_CARDS_GIVEBACK = METRIC.field("CARDS_GIVEBACK", doc="exchange: the card the Trader gives a last chooser left one short")
M_CARDS_ULYSSES = METRIC.field("CARDS_ULYSSES")
M_CARDS_CLEOPATRA = METRIC.field("CARDS_CLEOPATRA")
M_CARDS_PILLAGE = METRIC.field("CARDS_PILLAGE", doc="Nebuchadnezzar's card per pillaged building")
M_CARDS_SOLOMON = METRIC.field("CARDS_SOLOMON", doc="part of CARDS_INCOME")
M_CARDS_CIRCE = METRIC.field("CARDS_CIRCE", doc="part of CARDS_INCOME")
M_FIRST_GOD = METRIC.field("FIRST_GOD", doc="god index + 1 of the seat's first god, 0 none (§11.4 first-pick gods)")
M_ATHENA_ROLES = METRIC.field("ATHENA_ROLES", doc="roles won only thanks to Athena's bonus (§11.4)")
NM = METRIC.size
assert (M_BATTLES, M_ROLE_HIST, M_UNIT_BUILT, M_BLDG_PEAK, M_CARDS_RECEIVED, M_ATHENA_ROLES, NM) == \
    (4, 22, 24, 44, 48, 60, 61)
ROLE_HIST_ROUNDS = 13    # 13 rounds x 4 bits fit a float64 exactly
METRICS = LAYOUT.array("METRICS", METRIC, 6, doc="per-owner metrics")
ACQ_ROUND = LAYOUT.field("ACQ_ROUND", 40, labels=HERO_NAMES + tuple(WONDERS),
                         doc="round each hero (0..32) / wonder (33..39) was bought; 0 = owned from set-up")
STATE_SIZE = LAYOUT.size

# decision steps
(ST_OVER, ST_SETUP_CARAVAN, ST_COLOSSUS, ST_HERMES, ST_ISIS, ST_EX_ANNOUNCE, ST_EX_ANTIGONE,
 ST_EX_OFFER, ST_EX_TAKE, ST_EX_GIVEBACK, ST_ULYSSES, ST_OFF_PICK, ST_OFFER, ST_ADONIS,
 ST_BUILD_PICK, ST_BUILD, ST_COPY, ST_KEEP, ST_STRAT_PICK, ST_STRAT, ST_MARS, ST_ISHTAR,
 ST_CASUALTY, ST_PILLAGE, ST_TITAN2, ST_MEDUSA, ST_JASON2, ST_MIDAS, ST_POINTS,
 ST_POSEIDON, ST_HERCULES, ST_HAMILCAR, ST_AJAX, ST_PAY) = range(34)
STEP_NAMES = ("over", "setup_caravan", "colossus", "hermes", "isis", "ex_announce", "ex_antigone",
              "ex_offer", "ex_take", "ex_giveback", "ulysses", "offering_pick", "offering",
              "adonis", "build_pick", "build", "copy", "keep", "strategy_pick", "strategy",
              "mars", "ishtar", "casualty", "pillage", "titan_target", "medusa", "jason_to", "midas", "points_start", "poseidon_react", "hercules",
              "hamilcar", "ajax", "pay")
