"""Action ids of Magna Grecia (spec §3.3, N = land hexes): PLACE_ROAD(h,o) = 9h+o,
PLACE_CITY(h) = 9N+h, DRAW_ROAD = 10N, DRAW_CITY = 10N+1, BUILD_MARKET(h) = 10N+2+h,
SELL_MARKET(h) = 11N+2+h, PLACE_ORACLE(h) = 12N+2+h, END_TURN = 13N+2.
"""
from sim.magna_grecia.board import N


A_CITY = 9 * N
A_DRAW_ROAD = 10 * N
A_DRAW_CITY = 10 * N + 1
A_BUILD = 10 * N + 2
A_SELL = 11 * N + 2
A_ORACLE = 12 * N + 2
A_END = 13 * N + 2
N_ACTIONS = 13 * N + 3
MAX_LEGAL = N_ACTIONS
