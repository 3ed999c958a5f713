"""Static card data of Glory to Rome (imperium), built once at import (§1 of the spec)."""
import numpy as np

# materials / roles (index m)
RUBBLE, WOOD, CONCRETE, BRICK, STONE, MARBLE = 0, 1, 2, 3, 4, 5
LABORER, CRAFTSMAN, ARCHITECT, LEGIONARY, MERCHANT, PATRON = 0, 1, 2, 3, 4, 5
MATERIAL_NAMES = ("Rubble", "Wood", "Concrete", "Brick", "Stone", "Marble")
ROLE_NAMES = ("Laborer", "Craftsman", "Architect", "Legionary", "Merchant", "Patron")

BUILDING_NAMES = (
    "Bar", "Insula", "Latrine", "Road",
    "Circus", "Dock", "Market", "Palisade",
    "Amphitheatre", "Aqueduct", "Bridge", "Senate", "Storeroom", "Tower", "Vomitorium", "Wall",
    "Academy", "Archway", "Atrium", "Bath", "Foundry", "Gate", "School", "Shrine",
    "Catacomb", "Circus Maximus", "Coliseum", "Garden", "Prison", "Scriptorium", "Sewer", "Villa",
    "Basilica", "Forum", "Fountain", "Ludus Magna", "Palace", "Stairway", "Statue", "Temple",
)
NK = 40
(K_BAR, K_INSULA, K_LATRINE, K_ROAD, K_CIRCUS, K_DOCK, K_MARKET, K_PALISADE,
 K_AMPHITHEATRE, K_AQUEDUCT, K_BRIDGE, K_SENATE, K_STOREROOM, K_TOWER, K_VOMITORIUM, K_WALL,
 K_ACADEMY, K_ARCHWAY, K_ATRIUM, K_BATH, K_FOUNDRY, K_GATE, K_SCHOOL, K_SHRINE,
 K_CATACOMB, K_CIRCUS_MAXIMUS, K_COLISEUM, K_GARDEN, K_PRISON, K_SCRIPTORIUM, K_SEWER, K_VILLA,
 K_BASILICA, K_FORUM, K_FOUNTAIN, K_LUDUS_MAGNA, K_PALACE, K_STAIRWAY, K_STATUE, K_TEMPLE) = range(40)

SNAKE_NAMES = tuple(n.lower().replace(" ", "_") for n in BUILDING_NAMES)

MAT = np.array([0] * 4 + [1] * 4 + [2] * 8 + [3] * 8 + [4] * 8 + [5] * 8, dtype=np.int64)
VAL = np.array([1, 1, 2, 2, 3, 3], dtype=np.int64)          # value of a material / site
COPIES = np.array([6] * 8 + [3] * 32, dtype=np.int64)
assert COPIES.sum() == 144
# alphabetical rank of each kind (case-insensitive English names, "Circus" < "Circus Maximus")
_order = sorted(range(NK), key=lambda k: BUILDING_NAMES[k].lower())
ALPHA = np.zeros(NK, dtype=np.int64)
for _r, _k in enumerate(_order):
    ALPHA[_k] = _r
# the unshuffled deck: kind of each of the 144 order cards
DECK0 = np.repeat(np.arange(NK, dtype=np.int32), COPIES).astype(np.int32)

# republic (§5.6): four kinds replaced in the same slots
REPUBLIC_NAMES = tuple({4: "Crane", 11: "Tribunal", 26: "Domus Aurea", 33: "Forum Romanum"}.get(k, n)
                       for k, n in enumerate(BUILDING_NAMES))
K_CRANE, K_TRIBUNAL, K_DOMUS_AUREA, K_FORUM_ROMANUM = 4, 11, 26, 33
_order_rep = sorted(range(NK), key=lambda k: REPUBLIC_NAMES[k].lower())
ALPHA_REP = np.zeros(NK, dtype=np.int64)
for _r, _k in enumerate(_order_rep):
    ALPHA_REP[_k] = _r

END_NAMES = ("forum", "catacomb", "last_site", "deck", "turn_cap")
END_FORUM, END_CATACOMB, END_LAST_SITE, END_DECK, END_TURN_CAP = 0, 1, 2, 3, 4
