"""The Mare Nostrum state: one flat int32 array with named offsets (copying a state for a
search player is one `copy()`).

Owners `o` 0..5 are the seats first, then the neutral civs in civ order (rules spec §4.8);
`CIV_OF[o]` gives the civilization. Locations: provinces 0..40, seas 41..52.
"""
from .board import NL, NP, NS, N_TYPES

_off = 0


def _f(n=1):
    global _off
    o = _off
    _off += n
    return o


# --- header scalars ---
H_ROUND = _f()      # current round (1-based)
H_STEP = _f()       # decision step (ST_*), ST_OVER at the end
H_DECIDER = _f()    # owner who decides now
H_ACTOR = _f()      # owner whose turn it is (build / strategy / offering)
H_NP = _f()         # number of players
H_MYTH = _f()
H_OVER = _f()
H_WINNER = _f()     # seat of the winner, -1 none
H_VPATH = _f()      # 0 heroes/wonders, 1 pyramids, 2 roles, 3 unfinished
H_NTURNS = _f()     # player turns played (build turns)
H_NACT = _f()       # decisions taken
H_X = _f()          # exchange X
H_CHOOSER = _f()    # exchange chooser
H_OFFER_IDX = _f()  # exchange: index (from the Trader's left) of the current offerer
H_OFFER_LEFT = _f()
H_COUNT = _f()      # generic counter of a multi-pick step (Hermes, Isis, Keep)
H_ISIS_TO = _f()    # Isis: recipient index
H_SETUP_K = _f()
H_PILL_V = _f()     # pillage step: province
H_PILL_LEFT = _f()  # pillage step: pillages left (Achilles)
H_PILL_DONE = _f()  # pillage step: something pillaged in this province
H_TWO = _f()        # first id of a two-id action (Titan), -1 none
H_PC = _f()         # program counter of the round (rules.PC_*)
H_ULY_K = _f()      # Ulysses: next owner to ask
H_BUDGET = _f()     # points start: points left in this step
H_PSTEP = _f()      # points start: step index
H_PSEAT = _f()      # points start: seat buying now
H_PM_KIND = _f()    # pending move awaiting a Poseidon reaction: 1 transport, 2 sea attack
H_PM_FROM = _f()
H_PM_TO = _f()
H_PM_U = _f()
H_PM_Q = _f()       # sea attack: defender
H_PAY_ACT = _f()    # auto_pay=0: purchase or offering waiting for its PAY steps
H_PAY_LEFT = _f()
H_PAY_MASK = _f()   # goods already paid in this combination
H_PAY_MODE = _f()   # tax_wild=0: 0 undecided, 1 goods, 2 taxes
H_PAID = _f()       # replaying a purchase whose cards were paid card by card
# dice of the pending battle, per side (0 attacker, 1 defender)
B_FIXED = _f(2)     # automatic values, Hamilcar 4s, per-die bonuses, side bonuses
B_LEGLEFT = _f(2)   # legion (or trireme) dice still to roll
B_AUTOLEFT = _f(2)  # automatic units forced to roll (Behemoth) / firing titans still to roll
B_LEGBONUS = _f(2)  # bonus per legion / trireme die
B_HERC = _f(2)      # Hercules used in this battle
B_NDICE = _f(2)
B_DICE = _f(2 * 40)
# battle
H_B_LOC = _f()
H_B_ATT = _f()
H_B_DEF = _f()
H_B_TA = _f()       # attacker total
H_B_TD = _f()       # defender total
H_B_LA = _f()       # attacker losses to take
H_B_LD = _f()
H_B_LAND = _f()
H_B_STAGE = _f()
H_B_RANGED = _f()   # titan ranged attack: number of titans firing (0 normal)
H_B_MARS = _f()     # owner+1 who played Mars in this battle
# pending god effect (Ishtar reaction)
H_PG_GOD = _f()
H_PG_A = _f()
H_PG_B = _f()
H_PG_TGT = _f()
H_PG_RET = _f()     # step to return to
# forced dice for tests
H_FORCED_N = _f()
H_FORCED_POS = _f()
FORCED = _f(64)
# --- per owner tables ---
CIV_OF = _f(6)
OWNER_OF_CIV = _f(6)
RECEIVED = _f(6)     # bitmask of card types received as income this round (Hermes)
ROLE = _f(4)         # owner holding each role
INFL = _f(NP)        # owner + 1, 0 = no marker
SINCE = _f(NP)       # round the marker was placed
OCC_OWN = _f(NP)     # owner+1 alone in a foreign-marked province at his turn starts
OCC_CNT = _f(NP)     # consecutive turn starts alone
UNITS = _f(6 * NL * 4)   # [owner, location, unit] unit 0 legion, 1 creature, 2 fortress, 3 trireme
CARAVAN = _f(NP * 3)
CITY = _f(NP)
MARKET = _f(NP)
TEMPLE = _f(NP)
HAND = _f(6 * N_TYPES)
BANK = _f(N_TYPES)
POOL = _f(4)         # caravans, cities, markets, temples left
HERO = _f(33)        # owner + 1
DISPLAY = _f(27)     # general hero on display
WONDER = _f(7)       # owner + 1
GOD = _f(8)          # 0 in the heavens, o+1 face up before o, -1 used (face down)
COPY = _f(6)         # Castor & Pollux: copied hero + 1
PHOENIX_CARD = _f(6)  # phoenixes on their card (per owner)
KRAKEN_DIVED = _f(6)  # dived krakens (on the card)
KRAKEN_NEW = _f(6)    # of which dived this round
TURN_DONE = _f(6)
SPENT = _f(NL * 4)   # actor's units that may not move again
FOUGHT = _f(NL * 4)  # actor's units that fought this turn
ATTACKED = _f(NL)
OWED = _f(NL)
HALF = _f(NS)        # Atlas: fleets that moved once and may move again
INFL_TURN = _f(NP)   # influence placed in this Build turn (Gilgamesh)
EX_DISP = _f(6 * N_TYPES)   # exchange displays
EX_IN = _f(6)        # exchange participants
# per-owner once-per-round / phase counters
U_HAMMURABI, U_GILGAMESH, U_CROESUS, U_MINOS, U_ARTEMIS, U_CLEOPATRA, U_ZEUS, U_SPARTACUS, \
    U_JASON, U_MEDUSA, U_HERCULES, U_AENEAS, U_OFFERED, U_COLOSSUS = range(14)
NU = 14
USED = _f(6 * NU)
# per-seat metrics
M_ROLE_ROUNDS = 0    # 4 entries
M_BATTLES = 4
M_BATTLES_WON = 5
M_PILLAGES = 6
M_TAKEOVERS = 7
M_GODS_TAKEN = 8
M_GOD_MASK = 9
M_CREAT_BUILT = 10
M_CREAT_LOST = 11
M_RANGED = 12
M_CARDS_INCOME = 13
M_CARDS_EXCHANGE = 14
M_BUILT_BUILDINGS = 15
M_BUILT_UNITS = 16
M_LOST_UNITS = 17
M_LOST_BUILDINGS = 18
M_PROV_PEAK = 19
M_HW_ROUND = 20      # round of the last hero/wonder acquisition
M_INFL_BOUGHT = 21
M_ROLE_HIST = 22     # 2 entries: 4-bit role mask per round, rounds 1-7 then 8-13 (§11 "roles per round")
M_UNIT_BUILT = 24    # 4 entries by unit type (legion, creature, fortress, trireme)
M_UNIT_LOST = 28     # 4 entries by unit type
M_UNIT_PEAK = 32     # 4 entries: most on the board at a round end or the game end
M_BLDG_BUILT = 36    # 4 entries by building type (caravan, city, market, temple)
M_BLDG_LOST = 40     # 4 entries by building type
M_BLDG_PEAK = 44     # 4 entries: most in controlled provinces at a round end or the game end
# cards by source (§11 "cards by source"): every card entering a hand is counted once in
# M_CARDS_RECEIVED and once under its source; M_CARDS_INCOME and M_CARDS_EXCHANGE above are two
# of the sources, Solomon's and Circe's cards are parts of the income
M_CARDS_RECEIVED = 48
M_CARDS_START = 49       # start_tax cards of the set-up
M_CARDS_COLOSSUS = 50
M_CARDS_HERMES = 51
M_CARDS_ISIS = 52        # counted for each recipient of an Isis deal (the Isis holder too)
M_CARDS_GIVEBACK = 53    # exchange: the card the Trader gives a last chooser left one short
M_CARDS_ULYSSES = 54
M_CARDS_CLEOPATRA = 55
M_CARDS_PILLAGE = 56     # Nebuchadnezzar's card per pillaged building
M_CARDS_SOLOMON = 57     # part of M_CARDS_INCOME
M_CARDS_CIRCE = 58       # part of M_CARDS_INCOME
M_FIRST_GOD = 59         # god index + 1 of the seat's first god, 0 none (§11.4 first-pick gods)
M_ATHENA_ROLES = 60      # roles won only thanks to Athena's bonus (§11.4 Athena in role races)
NM = 61
ROLE_HIST_ROUNDS = 13    # 13 rounds x 4 bits fit a float64 exactly
METRICS = _f(6 * NM)
ACQ_ROUND = _f(40)   # round each hero (0..32) / wonder (33..39) was bought; 0 = owned from set-up
STATE_SIZE = _off

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
