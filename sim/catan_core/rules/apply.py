"""Applying an action (§4.2): the action's range picks its family (rules/turn.py, build.py,
trade.py, robber.py, dev_cards.py; troja's donations.py, ships.py, corsair.py), which applies
it; the win check follows an action that can change VP."""
from numba import njit
from sim.catan_core.borrow import NO_REFCOUNT
from sim.catan_core.board import (T_A_ROAD, T_A_TRADE, T_A_DISCARD, T_A_BUY_DEV, T_A_MOVE_ROBBER, T_A_USE_SWAP,
                                  T_A_MOVE_CORSAIR)
from sim.catan_core.layout import *  # noqa: F401,F403  (state/config offsets)
from sim.catan_core.rules.end import check_win
from sim.catan_core.rules.turn import apply_turn
from sim.catan_core.rules.build import apply_build, place_road, place_settlement  # noqa: F401
from sim.catan_core.rules.trade import apply_trade
from sim.catan_core.rules.robber import apply_discard, apply_robber
from sim.catan_core.rules.corsair import apply_corsair
from sim.catan_core.rules.dev_cards import apply_dev_card
from sim.catan_core.rules.donations import apply_donation, close_donation  # noqa: F401
from sim.catan_core.rules.ships import apply_ship


@njit(cache=True, **NO_REFCOUNT)
def apply_action(st, topo, cfg, a, rng):
    """Apply action `a` of the acting player; `rng` is the chance stream."""
    ph = st[S_PHASE]
    p = st[S_ACTOR]
    st[S_ACTIONS] += 1
    st[S_TURN_ACTIONS] += 1
    if a < topo[T_A_ROAD]:  # ROLL, END
        apply_turn(st, topo, cfg, a, ph, p, rng)
        return
    if a < topo[T_A_TRADE]:  # ROAD, SETTLEMENT, CITY
        if not apply_build(st, topo, cfg, a, ph, p):
            return
    elif a < topo[T_A_DISCARD]:  # TRADE: no VP change
        apply_trade(st, topo, a, p)
        return
    elif a < topo[T_A_BUY_DEV]:  # DISCARD: no VP change (BUY_DEV or DONATE: the game's own)
        apply_discard(st, topo, cfg, a, p)
        return
    elif st[S_GAME] == GAME_CATAN:
        if a < topo[T_A_MOVE_ROBBER]:  # BUY_DEV .. PLAY_MONOPOLY
            apply_dev_card(st, topo, cfg, a, ph, p)
        else:
            apply_robber(st, topo, cfg, a, p, rng)
    elif a < topo[T_A_USE_SWAP]:  # DONATE, DONATE_STOP
        apply_donation(st, topo, cfg, a, p)
    elif a < topo[T_A_MOVE_CORSAIR]:  # USE_SWAP .. BUILD_SHIP
        apply_ship(st, topo, cfg, a, ph, p, rng)
    else:
        apply_corsair(st, topo, cfg, a, p, rng)
    check_win(st, cfg)
