"""What one seat can see in Magna Grecia: everything but the round tiles of the stack beyond the
`visible_tiles` from the current round (§9.2, parameter `visible_tiles`); every seat sees the same.

`redeal_hidden` (engine contract) draws the unseen tiles again, keeping §9.2's structure: each
block of 4 tiles holds one tile of each border colour, so the unseen tiles of a colour go to the
blocks whose tile of that colour is unseen. The draw starts from a canonical layout (tiles and
positions in ascending order), so its result depends only on what the seat sees and the stream.
"""
import numpy as np
from numba import njit

from sim.layout import HEADER_SIZE
from sim.rng import below
from sim.magna_grecia.board import TILE_TABLE
from sim.magna_grecia import params as P
from sim.magna_grecia.state import S_ROUND, S_STACK

N_TILES = 12


@njit(cache=True)
def first_hidden(st, params):
    """Stack position of the first round tile no seat can see (12: none hidden)."""
    return min(N_TILES, st[S_ROUND] + int(params[P.P_VISIBLE]))


@njit(cache=True)
def _shuffle_slice(a, lo, hi, rng):
    for i in range(hi - 1, lo, -1):
        j = lo + below(rng, i - lo + 1)
        a[i], a[j] = a[j], a[i]


@njit(cache=True)
def redeal_hidden(st, params, seat, rng):
    """Redraw the unseen stack tiles (the same for every seat) from `rng`, keeping §9.2's blocks."""
    fh = first_hidden(st, params)
    if fh >= N_TILES:
        return
    seen = np.zeros(N_TILES, np.int64)
    for i in range(fh):
        seen[st[S_STACK + i]] = 1
    hidden_in = np.zeros((3, 4), np.int64)      # block, colour: the block's colour tile is unseen
    for b in range(3):
        for c in range(4):
            hidden_in[b, c] = 1
        for i in range(4 * b, min(4 * b + 4, fh)):
            hidden_in[b, TILE_TABLE[st[S_STACK + i], 0]] = 0
    tile_of = np.full((3, 4), -1, np.int64)     # block, colour: the tile drawn for it
    tiles = np.empty(3, np.int64)
    for c in range(4):
        nt = 0
        for t in range(3 * c, 3 * c + 3):
            if seen[t] == 0:
                tiles[nt] = t
                nt += 1
        _shuffle_slice(tiles, 0, nt, rng)
        j = 0
        for b in range(3):
            if hidden_in[b, c] == 1:
                tile_of[b, c] = tiles[j]
                j += 1
    for b in range(3):
        lo = max(4 * b, fh)
        k = lo
        for c in range(4):
            if hidden_in[b, c] == 1:
                st[S_STACK + k] = tile_of[b, c]
                k += 1
        _shuffle_slice(st, S_STACK + lo, S_STACK + 4 * b + 4, rng)


def observation(st, ctx, seat):
    """The state as every seat sees it: unseen stack tiles as -1, the trace log left out."""
    o = np.array(st, dtype=np.int64, copy=True)
    o[:HEADER_SIZE] = 0
    fh = int(first_hidden(st, np.asarray(ctx, np.float64)))
    o[S_STACK + fh:S_STACK + N_TILES] = -1
    return o
