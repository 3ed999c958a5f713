"""The legal actions of the current decision (§4.2): which families of actions each phase
offers, in id order within a phase's list. Each family lists its own (rules/build.py,
trade.py, robber.py, corsair.py, dev_cards.py, donations.py, ships.py)."""
from numba import njit
from sim.catan_core.borrow import NO_REFCOUNT
from sim.catan_core.actions import A_ROLL, A_END
from sim.catan_core.layout import *  # noqa: F401,F403  (state/config offsets)
from sim.catan_core.rules.build import list_builds, list_free_roads, list_setup_roads, list_setup_settlements
from sim.catan_core.rules.trade import list_trades
from sim.catan_core.rules.robber import list_discards, list_robber
from sim.catan_core.rules.corsair import list_corsair
from sim.catan_core.rules.dev_cards import list_buy_dev, list_card_plays
from sim.catan_core.rules.donations import list_donations, list_donating
from sim.catan_core.rules.ships import list_benefit_uses, list_ships, list_swap_returns, list_tiles


@njit(cache=True, **NO_REFCOUNT)
def legal_actions(st, topo, cfg, out):
    """Fill `out` with the legal actions of the acting player; return their number."""
    ph = st[S_PHASE]
    p = st[S_ACTOR]
    catan = st[S_GAME] == GAME_CATAN
    if ph == PH_MAIN:
        out[0] = A_END
        n = list_builds(st, topo, cfg, p, out, 1)
        if catan:
            n = list_buy_dev(st, topo, cfg, p, out, n)
            n = list_card_plays(st, topo, cfg, p, out, n, False)
        else:
            n = list_donations(st, topo, cfg, p, out, n)
            n = list_benefit_uses(st, topo, cfg, p, out, n)
            n = list_ships(st, topo, cfg, p, out, n)
        return list_trades(st, topo, p, out, n)
    if ph == PH_PRE_ROLL:
        out[0] = A_ROLL
        return list_card_plays(st, topo, cfg, p, out, 1, True) if catan else 1
    if ph == PH_DISCARD:
        return list_discards(st, topo, p, out, 0)
    if ph == PH_ROBBER:
        return list_robber(st, topo, cfg, p, out, 0)
    if ph == PH_CORSAIR:
        return list_corsair(st, topo, cfg, p, out, 0)
    if ph == PH_SETUP_SETTLEMENT:
        return list_setup_settlements(st, topo, out, 0)
    if ph == PH_SETUP_ROAD:
        return list_setup_roads(st, topo, out, 0)
    if ph == PH_ROAD_BUILDING:
        return list_free_roads(st, topo, p, out, 0)
    if ph == PH_SBP:  # the special building phase: build (or buy; ships if allowed) only
        out[0] = A_END
        n = list_builds(st, topo, cfg, p, out, 1)
        if catan:
            return list_buy_dev(st, topo, cfg, p, out, n)
        if cfg[C_SHIP_IN_SBP] == 1:
            return list_ships(st, topo, cfg, p, out, n)
        return n
    if ph == PH_DONATING:
        return list_donating(st, topo, cfg, p, out, 0)
    if ph == PH_SWAP_RETURN:
        return list_swap_returns(st, topo, p, out, 0)
    if ph == PH_CHOOSE_TILE:
        return list_tiles(st, topo, out, 0)
    return 0
