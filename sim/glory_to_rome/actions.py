"""The Glory to Rome action space (§3.6), declared once: ids, `N_ACTIONS` and the decoder come
from `ACTIONS` (sim/layout.py). The words of an action depend on the decision it answers (a
CARD is a lead, a petition pick, a Dock or a Legionary give), so `describe_action` (in
describe.py) reads the state as well.
"""
from sim.layout import ActionSpace, Events
from .board import NK, BUILDING_NAMES, MATERIAL_NAMES, ROLE_NAMES

_OPPONENT = tuple(f"+{o}" for o in range(1, 5))     # the opponent o seats clockwise

ACTIONS = ActionSpace("Glory to Rome actions")
A_PASS = ACTIONS.single("PASS", doc="decline this optional step; at a first step: close the frame")
A_THINK = ACTIONS.single("THINK", doc="lead/follow: think instead")
A_DRAW = ACTIONS.single("DRAW", doc="Thinker: draw")
A_TAKE_JACK = ACTIONS.single("TAKE_JACK", doc="Thinker; Senate (one Jack); republic Tribunal")
A_VOMIT = ACTIONS.single("VOMIT", doc="Thinker: Vomitorium")
A_FOUNTAIN = ACTIONS.single("FOUNTAIN", doc="Craftsman: use the top deck card")
A_BAR = ACTIONS.single("BAR", doc="Patron: hire the top deck card")
A_ATRIUM = ACTIONS.single("ATRIUM", doc="Merchant: top deck card to vault")
A_STAIRWAY = ACTIONS.single("STAIRWAY", doc="Architect: Stairway addition only")
A_TAKE = ACTIONS.single("TAKE", doc="accept: Legionary pool card, Coliseum client")
A_CARD = ACTIONS.range("CARD", NK, BUILDING_NAMES, doc="hand order card k")
A_JACK = ACTIONS.range("JACK_AS", 6, ROLE_NAMES, doc="lead/follow with a Jack as role r")
A_PET = ACTIONS.range("PETITION", (6, 6), (ROLE_NAMES, ROLE_NAMES), doc="56 + 6r + q: role-q cards as role r")
A_MAT = ACTIONS.range("MAT", 6, MATERIAL_NAMES, doc="a material (stockpile, pool, camp, demand)")
A_POOLMAT = ACTIONS.range("POOLMAT", 6, MATERIAL_NAMES, doc="material from the pool (Archway)")
A_FIN = ACTIONS.range("FOUND_IN", NK, BUILDING_NAMES, doc="lay k (not Statue) in town")
A_FOUT = ACTIONS.range("FOUND_OUT", NK, BUILDING_NAMES, doc="lay k (not Statue) out of town")
A_STIN = ACTIONS.range("STATUE_IN", 6, MATERIAL_NAMES, doc="Statue on an in-town site of material s")
A_STOUT = ACTIONS.range("STATUE_OUT", 6, MATERIAL_NAMES, doc="Statue on an out-of-town site of material s")
A_BUILD = ACTIONS.range("BUILD", NK, BUILDING_NAMES, doc="own unfinished building b receives a material")
A_TARGET = ACTIONS.range("TARGET", (4, NK), (_OPPONENT, BUILDING_NAMES),
                         doc="236 + 40(o-1) + b: building b of the opponent o seats clockwise")
A_CRANE = ACTIONS.range("CRANE", NK, BUILDING_NAMES, doc="republic: card k as an Architect unit")
N_ACTIONS = ACTIONS.size
assert (A_CARD, A_PET, A_MAT, A_FIN, A_TARGET, A_CRANE, N_ACTIONS) == (10, 56, 92, 104, 236, 396, 436)  # §3.6

# automatic effects a trace shows (the engine notes them only while tracing, sim/layout.py)
EVENTS = Events("Glory to Rome automatic effects")
EV_COMPLETE = EVENTS.add("COMPLETE", ("seat", "building", "influence"))    # §5.1 completion
EV_BONUS = EVENTS.add("BONUS", ("seat", "role", "actions"))    # §5.3 Amphitheatre, Foundry, Garden, School (role 6)
EV_BATH = EVENTS.add("BATH", ("seat", "role"))                 # §5.3 Bath: the new client acts at once
EV_IMMUNE = EVENTS.add("IMMUNE", ("seat", "target"))           # §4.4 a Wall / Palisade target gives nothing
EV_NO_CARD = EVENTS.add("NO_CARD", ("target", "material"))     # §4.4 the target holds no card of the demand
EV_BRIDGE = EVENTS.add("BRIDGE", ("seat", "target", "material"))  # §4.4 Bridge: the target's stockpile card
EV_CLEANUP = EVENTS.add("CLEANUP", ("seat", "cards", "jacks"))  # §3.3 T5 camp to pool and pile
