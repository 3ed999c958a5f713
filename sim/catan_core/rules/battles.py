"""Troja's battles (troja.md §3.5, §3.6): revealing row cards, the outcome, the war track."""
import numpy as np
from numba import njit
from sim.catan_core.borrow import NO_REFCOUNT
from sim.catan_core.layout import *  # noqa: F401,F403  (state/config offsets)
from sim.catan_core.actions import EV_BATTLE, EV_WAR_TRACK
from sim.layout import note
from sim.catan_core.rules.base import draw_from_counts, row_total  # noqa: F401
from sim.catan_core.rules.end import track_end  # noqa: F401


@njit(cache=True, **NO_REFCOUNT)
def reveal(counts, off, k, rng, revealed, roff=0):
    """Draw k cards uniformly without replacement from counts[off:off+5] into
    revealed[roff:roff+5]."""
    for r in range(5):
        revealed[roff + r] = 0
    for _ in range(k):
        r = draw_from_counts(counts, off, rng)
        revealed[roff + r] += 1


@njit(cache=True, **NO_REFCOUNT)
def battle_result(cfg, revealed, roff=0):
    """0 Troy wins, 1 Mycenae wins, 2 draw, from revealed counts (at roff) and `resource_side`."""
    t = 0
    m = 0
    for r in range(5):
        side = cfg[C_SIDE + r]
        if side == SIDE_TROY:
            t += revealed[roff + r]
        elif side == SIDE_MYCENAE:
            m += revealed[roff + r]
    if t > m:
        return SIDE_TROY
    if m > t:
        return SIDE_MYCENAE
    return 2


@njit(cache=True, **NO_REFCOUNT)
def resolve_battle(st, cfg, revealed, roff=0):
    """Score revealed cards (already out of the row), send them on, move the marker (§3.5, §3.6).
    Returns True if the track end finished the game."""
    for r in range(5):
        if cfg[C_REVEALED_TO_BANK] == 1:
            st[S_BANK + r] += revealed[roff + r]
        else:
            st[S_REMOVED + r] += revealed[roff + r]
    out = battle_result(cfg, revealed, roff)
    fought = st[S_BATTLES] + st[S_BATTLES + 1] + st[S_BATTLES + 2]
    if fought < BATTLE_LOG_N:
        st[S_BATTLE_LOG + fought] = out + 1
    st[S_BATTLES + out] += 1
    st[S_LAST_BATTLE] = out
    if out < 2:
        st[S_TRACK + out] += 1
        if st[S_TRACK + out] >= cfg[C_TRACK_END]:
            track_end(st, cfg, out)
            return True
    return False


@njit(cache=True, **NO_REFCOUNT)
def battle(st, cfg, rng):
    """Reveal `battle_reveal` row cards (into the scratch block) and resolve.
    Returns True if the game ended."""
    k = cfg[C_REVEAL]
    tot = row_total(st)
    if k > tot:
        k = tot
    reveal(st, S_ROW, k, rng, st, S_SCRATCH)
    if st[H_TRACE] != 0:   # the row as it was and the cards revealed from it (traces only)
        rc = S_SCRATCH
        note(st, EV_BATTLE,
             (st[S_ROW] + st[rc]) | ((st[S_ROW + 1] + st[rc + 1]) << 6) | ((st[S_ROW + 2] + st[rc + 2]) << 12)
             | ((st[S_ROW + 3] + st[rc + 3]) << 18) | ((st[S_ROW + 4] + st[rc + 4]) << 24),
             st[rc] | (st[rc + 1] << 6) | (st[rc + 2] << 12) | (st[rc + 3] << 18) | (st[rc + 4] << 24),
             battle_result(cfg, st, S_SCRATCH))
    over = resolve_battle(st, cfg, st, S_SCRATCH)
    note(st, EV_WAR_TRACK, st[S_TRACK], st[S_TRACK + 1], 0)
    return over


@njit(cache=True)
def simulate_battles(cfg, row, n, rng):
    """Outcome counts (Troy, Mycenae, draw) of n independent battles on row counts `row`."""
    out = np.zeros(3, dtype=np.int64)
    work = np.zeros(5, dtype=np.int64)
    revealed = np.zeros(5, dtype=np.int64)
    k = cfg[C_REVEAL]
    for _ in range(n):
        for r in range(5):
            work[r] = row[r]
        reveal(work, 0, k, rng, revealed)
        out[battle_result(cfg, revealed)] += 1
    return out
