"""How a game ends (§1.7, troja §3.9): the race to the VP target and the gallery track's end."""
from numba import njit
from sim.catan_core.borrow import NO_REFCOUNT
from sim.catan_core.layout import *  # noqa: F401,F403  (state/config offsets)
from sim.catan_core.rules.base import vp  # noqa: F401


@njit(cache=True, inline="always")
def finish_race(st, p):
    st[S_PHASE] = PH_OVER
    st[S_END_PATH] = END_RACE
    st[S_WIN_MASK] = 1 << p


@njit(cache=True, inline="always")
def check_win(st, cfg):
    """Win check after an action (§1.9). Returns True if the game ended."""
    P = st[S_P]
    ph = st[S_PHASE]
    if ph == PH_OVER or ph <= PH_SETUP_ROAD:
        return ph == PH_OVER
    target = cfg[C_VP_TO_WIN]
    if cfg[C_OWN_TURN_ONLY] == 1:
        if ph == PH_SBP:
            return False
        if (ph == PH_CORSAIR or ph == PH_CHOOSE_TILE) and st[S_RET_PHASE] == PH_SBP:
            return False
        a = st[S_ACTIVE]
        if vp(st, cfg, a) >= target:
            finish_race(st, a)
            return True
        return False
    a = st[S_ACTIVE]
    for j in range(P):
        q = (a + j) % P
        if vp(st, cfg, q) >= target:
            finish_race(st, q)
            return True
    return False


@njit(cache=True, **NO_REFCOUNT)
def track_end(st, cfg, side):
    """A side's last win ends the game (§3.9, T12, T13)."""
    P = st[S_P]
    st[S_PHASE] = PH_OVER
    st[S_END_PATH] = END_TRACK_TROY if side == SIDE_TROY else END_TRACK_MYCENAE
    a = st[S_ACTIVE]
    if cfg[C_TRACK_END_PREC] == 0 and vp(st, cfg, a) >= cfg[C_VP_TO_WIN]:
        st[S_END_PATH] = END_RACE
        st[S_WIN_MASK] = 1 << a
        return
    best_v = -1
    best_t = -1
    mask = 0
    for q in range(P):
        if cfg[C_TRACK_END_POOL] == 1 and st[S_PLAYERS + q * PS + P_ALLEG] != side:
            continue
        v = vp(st, cfg, q)
        t = st[S_PLAYERS + q * PS + P_TOKENS]
        if v > best_v or (v == best_v and t > best_t):
            best_v = v
            best_t = t
            mask = 1 << q
        elif v == best_v and t == best_t:
            mask |= 1 << q
    st[S_WIN_MASK] = mask
