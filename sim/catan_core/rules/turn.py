"""The turn (§1.2): dice, the next turn or the special building phase, the end of a turn."""
from numba import njit
from sim.rng import below
from sim.catan_core.layout import *  # noqa: F401,F403  (state/config offsets)
from sim.catan_core.actions import EV_DICE, A_ROLL
from sim.layout import note
from sim.catan_core.rules.base import hand_total, row_total, sbp_enabled, vp  # noqa: F401
from sim.catan_core.rules.production import produce  # noqa: F401
from sim.catan_core.rules.end import check_win, finish_race  # noqa: F401
from sim.catan_core.rules.battles import battle  # noqa: F401
from sim.catan_core.rules.robber import start_robber  # noqa: F401


@njit(cache=True, inline="always")
def begin_turn(st, cfg, p):
    if st[S_TURN] + 1 > cfg[C_MAX_TURNS]:
        st[S_PHASE] = PH_OVER
        st[S_END_PATH] = END_TRUNCATED
        st[S_WIN_MASK] = 0
        return
    st[S_TURN] += 1
    st[S_ACTIVE] = p
    st[S_ACTOR] = p
    st[S_DEV_PLAYED] = 0
    st[S_DON_COUNT] = 0
    st[S_DON_PLACED] = 0
    st[S_SWAP_USED] = 0
    st[S_TAKE_USED] = 0
    st[S_TURN_ACTIONS] = 0
    st[S_TRADES_TURN] = 0
    b = S_PLAYERS + p * PS + P_DEV_NEW
    for t in range(5):
        st[b + t] = 0
    st[S_PHASE] = PH_PRE_ROLL
    if vp(st, cfg, p) >= cfg[C_VP_TO_WIN]:
        finish_race(st, p)


@njit(cache=True, inline="always")
def next_turn_or_sbp(st, cfg):
    P = st[S_P]
    a = st[S_ACTIVE]
    if sbp_enabled(cfg) and P > 1:
        st[S_PHASE] = PH_SBP
        st[S_SBP_LEFT] = P - 1
        st[S_ACTOR] = (a + 1) % P
    else:
        begin_turn(st, cfg, (a + 1) % P)


@njit(cache=True, inline="always")
def end_turn(st, cfg, rng):
    if st[S_GAME] == GAME_TROJA and row_total(st) >= cfg[C_ROW_THRESHOLD]:
        if battle(st, cfg, rng):
            return
    if check_win(st, cfg):
        return
    next_turn_or_sbp(st, cfg)


@njit(cache=True, inline="always")
def roll_dice(st, topo, cfg, rng):
    d1 = below(rng, 6) + 1
    d2 = below(rng, 6) + 1
    s = d1 + d2
    st[S_DICE] = s
    note(st, EV_DICE, s, 0, 0)
    if s != 7:
        produce(st, topo, cfg, s)
        st[S_PHASE] = PH_MAIN
        return
    st[S_SEVENS] += 1
    P = st[S_P]
    lim = cfg[C_DISCARD_LIMIT]
    first = -1
    a = st[S_ACTIVE]
    for j in range(P):
        q = (a + j) % P
        h = hand_total(st, q)
        if h > lim:
            st[S_PLAYERS + q * PS + P_OWE] = h // 2
            if first < 0:
                first = q
    if first >= 0:
        st[S_PHASE] = PH_DISCARD
        st[S_ACTOR] = first
        st[S_RET_PHASE] = PH_MAIN
    else:
        start_robber(st, cfg, PH_MAIN, 7)


@njit(cache=True, inline="always")
def apply_turn(st, topo, cfg, a, ph, p, rng):
    """ROLL (production or the 7; no VP changes, so no win check), or END: of the turn in the
    main phase, else of p's step of the special building phase."""
    if a == A_ROLL:
        roll_dice(st, topo, cfg, rng)
    elif ph == PH_MAIN:
        end_turn(st, cfg, rng)
    else:
        P = st[S_P]
        st[S_SBP_LEFT] -= 1
        if st[S_SBP_LEFT] > 0:
            st[S_ACTOR] = (p + 1) % P
        else:
            begin_turn(st, cfg, (st[S_ACTIVE] + 1) % P)
