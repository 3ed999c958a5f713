"""The action ids of Magna Grecia (spec §3.3, N = land hexes) declared once with sim/layout.py,
and the automatic effects a trace shows.

PLACE_ROAD(h, o) = 9h + o, PLACE_CITY(h) = 9N + h, DRAW_ROAD = 10N, DRAW_CITY = 10N + 1,
BUILD_MARKET(h) = 10N + 2 + h, SELL_MARKET(h) = 11N + 2 + h, PLACE_ORACLE(h) = 12N + 2 + h,
END_TURN = 13N + 2 (the golden files and the players' "legal ids are ascending" rely on them).
"""
from sim.layout import ActionSpace, Events
from sim.magna_grecia.board import N, ORI_NAMES

ACTIONS = ActionSpace("Magna Grecia actions")
A_ROAD = ACTIONS.range("PLACE_ROAD", (N, 9), (None, ORI_NAMES))     # id = A_ROAD + 9 h + o
A_CITY = ACTIONS.range("PLACE_CITY", N)
A_DRAW_ROAD = ACTIONS.single("DRAW_ROAD")
A_DRAW_CITY = ACTIONS.single("DRAW_CITY")
A_BUILD = ACTIONS.range("BUILD_MARKET", N)
A_SELL = ACTIONS.range("SELL_MARKET", N)
A_ORACLE = ACTIONS.range("PLACE_ORACLE", N)
A_END = ACTIONS.single("END_TURN")
N_ACTIONS = ACTIONS.size
MAX_LEGAL = N_ACTIONS
assert (A_ROAD, A_CITY, A_DRAW_ROAD, A_DRAW_CITY, A_BUILD, A_SELL, A_ORACLE, A_END, N_ACTIONS) == \
    (0, 9 * N, 10 * N, 10 * N + 1, 10 * N + 2, 11 * N + 2, 12 * N + 2, 13 * N + 2, 13 * N + 3)

EVENTS = Events("Magna Grecia automatic effects")
EV_ROUND = EVENTS.add("ROUND", ("round", "tile", "first_seat"))         # a new round tile is turned
EV_ORACLE = EVENTS.add("ORACLE", ("oracle_hex", "city", "previous"))    # oracle control changes (§4.9)
EV_MERGE = EVENTS.add("MERGE", ("city", "merged_city", "size"))         # two cities join (§4.7)
EV_CLEANUP = EVENTS.add("CLEANUP", ("seat", "market_hex", "city"))      # a market removed at clean-up (§4.7)
EV_OVER = EVENTS.add("OVER", ("rounds", "turns"))                       # the last round ends (§5)
