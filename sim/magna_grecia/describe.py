"""Magna Grecia in words (Python): actions, automatic effects, the opening line of each turn,
the setup and the end (traces, golden files; engine contract)."""
from sim.magna_grecia.board import N, HEX_POS, ORI_ENDS, DIR_NAMES, ORI_NAMES, TILE_NAMES, COLOUR_LABELS
from sim.magna_grecia import params as P
from sim.magna_grecia.state import (
    S_NP, S_CUR, S_COLOUR, S_STACK, S_N_ORACLES, S_ORACLE_LIST, S_ROUND, S_POINTS, S_STAGE,
    ST_ORACLES, ST_PLAY, S_ROUNDS, H_KIND, S_FOUNDED, S_FOUND_HEX, S_PENDING, C_SIZE, S_SUPPLY,
    H_OCTRL, C_OWNER, S_TURNS, S_ACTED, S_PHASE, PH_PLACING, S_TIE, S_TIE_BREAK_USED,
    S_STOCK_ROAD, S_STOCK_CITY, S_RES_ROAD, S_RES_CITY,
)
from sim.layout import H_TRACE
from sim.magna_grecia.actions import EVENTS, EV_ROUND, EV_ORACLE, EV_MERGE, EV_CLEANUP, EV_OVER
from sim.magna_grecia.rules import (
    A_CITY, A_DRAW_ROAD, A_DRAW_CITY, A_BUILD, A_SELL, A_ORACLE, A_END, place_key, market_cost,
    own_market_at, market_value, apply_action,
)


def hexname(h):
    r, c = HEX_POS[h]
    return f"({r},{c})"


def seat_name(st, s):
    return f"Seat {s} ({COLOUR_LABELS[st[S_COLOUR + s]]})"


def place_name(st, key):
    if key >= N:
        c = key - N
        return f"city #{c} ({int(st[C_SIZE + c])} tiles)"
    kind = "frontier village" if st[H_KIND + key] == 2 else "village"
    return f"{kind} {hexname(key)}"


def action_name(a):
    """Short name of an action id without a state (for listings)."""
    if a < A_CITY:
        h, o = divmod(a, 9)
        return f"PLACE_ROAD{hexname(h)} o{o}"
    if a < A_DRAW_ROAD:
        return f"PLACE_CITY{hexname(a - A_CITY)}"
    if a == A_DRAW_ROAD:
        return "DRAW_ROAD"
    if a == A_DRAW_CITY:
        return "DRAW_CITY"
    if a < A_SELL:
        return f"BUILD_MARKET{hexname(a - A_BUILD)}"
    if a < A_ORACLE:
        return f"SELL_MARKET{hexname(a - A_SELL)}"
    if a < A_END:
        return f"PLACE_ORACLE{hexname(a - A_ORACLE)}"
    return "END_TURN"


def describe_setup(st, params):
    n = int(st[S_NP])
    stack = [TILE_NAMES[int(t)] for t in st[S_STACK:S_STACK + 12]]
    lines = [f"Magna Grecia, {n} players; board "
             f"{'generated' if int(params[P.P_BOARD]) == 1 else 'classic'}",
             "Stack: " + " ".join(stack[:int(st[S_ROUNDS])]),
             "Seats: " + ", ".join(seat_name(st, s) + f" {int(st[S_POINTS + s])} points" for s in range(n))]
    if int(st[S_N_ORACLES]) > 0:
        lines.append("Oracles placed at random: " + " ".join(
            hexname(int(st[S_ORACLE_LIST + i])) for i in range(int(st[S_N_ORACLES]))))
    return lines


def describe_action(st, ctx, a):
    """Words for action a in state st (before it is applied), with oracle control changes."""
    params = ctx
    text = _describe_action(st, params, a)
    if a < A_DRAW_ROAD and st[S_STAGE] != ST_ORACLES:
        cp = st.copy()
        cp[H_TRACE] = 0                 # the copy logs no effects
        apply_action(cp, params, a)
        for i in range(int(st[S_N_ORACLES])):
            o = int(st[S_ORACLE_LIST + i])
            before, after = int(st[H_OCTRL + o]), int(cp[H_OCTRL + o])
            if after != before and after >= 0:
                owner = int(cp[C_OWNER + after])
                text += f"; {seat_name(st, owner)} now controls the oracle {hexname(o)}"
    return text


def _describe_action(st, params, a):
    p = int(st[S_CUR])
    who = seat_name(st, p)
    if st[S_STAGE] == ST_ORACLES:
        return f"{who} places an oracle on {hexname(a - A_ORACLE)}"
    head = f"R{int(st[S_ROUND]) + 1} " + who
    if a < A_CITY:
        h, o = divmod(a, 9)
        e1, e2 = ORI_ENDS[o]
        return f"{head} places a road on {hexname(h)} {ORI_NAMES[o]} (o{o}, ends {DIR_NAMES[e1]}/{DIR_NAMES[e2]})"
    if a < A_DRAW_ROAD:
        h = a - A_CITY
        cp = st.copy()
        cp[H_TRACE] = 0
        apply_action(cp, params, a)
        extra = ""
        if cp[S_FOUNDED] == 1 and st[S_FOUNDED] == 0:
            fh = int(cp[S_FOUND_HEX])
            extra = f", founds a city (founding tile {hexname(fh)}"
            extra += ", founding market)" if cp[S_SUPPLY + p] < st[S_SUPPLY + p] else ")"
        if cp[S_PENDING] == 1:
            extra += ", city run pending"
        return f"{head} places a city tile at {hexname(h)} paying {int(params[P.P_CITY_COST])}{extra}"
    if a == A_DRAW_ROAD:
        return f"{head} draws a road tile"
    if a == A_DRAW_CITY:
        return f"{head} draws a city tile"
    if a < A_SELL:
        h = a - A_BUILD
        key = place_key(st, h)
        return f"{head} builds a market in {place_name(st, key)} for {market_cost(st, params, key)} points"
    if a < A_ORACLE:
        h = a - A_SELL
        key = place_key(st, h)
        m = own_market_at(st, p, key)
        return f"{head} sells its market in {place_name(st, key)} for {market_value(st, params, m)} points"
    return f"{head} ends the turn"


def describe_final(st, params, res):
    lines = ["Final scores:"]
    for s in range(int(st[S_NP])):
        lines.append(
            f"{seat_name(st, s)}: {res['score'][0, s]} = track {res['track_points'][0, s]}"
            f" + markets {res['market_points'][0, s]} + oracles {res['oracle_points_scored'][0, s]}"
            f" ({res['oracles'][0, s]} oracles); stock {res['stock_tiles_end'][0, s]};"
            f" rank {res['rank'][0, s]}, win {res['win'][0, s]:g}")
    return lines


def describe_event(st, ctx, ev):
    """Words for an automatic effect (code, a, b, c) of the trace log (actions.EVENTS)."""
    code, a, b, c = ev
    if code == EV_ROUND:
        return f"round {a + 1}: tile {TILE_NAMES[b]} is turned; {seat_name(st, c)} plays first"
    if code == EV_ORACLE:
        owner = int(st[C_OWNER + b])
        was = f", was city #{c}" if c >= 0 else ""
        return f"oracle {hexname(a)}: {seat_name(st, owner)}'s city #{b} takes control{was} (§4.9)"
    if code == EV_MERGE:
        return f"city #{b} joins city #{a} ({c} tiles, §4.7)"
    if code == EV_CLEANUP:
        return f"clean-up: {seat_name(st, a)} loses its market at {hexname(b)} in city #{c} (§4.7)"
    if code == EV_OVER:
        return f"the last round tile is played: {a} rounds, {b} turns"
    return EVENTS.words(ev)


def describe_turn(st, ctx):
    """The setup (before the first decision) and the line opening each turn, else ''."""
    if int(st[S_STAGE]) == ST_ORACLES and int(st[S_N_ORACLES]) == 0:
        return "\n".join(describe_setup(st, ctx))
    if int(st[S_STAGE]) != ST_PLAY or int(st[S_ACTED]) != 0 or int(st[S_PHASE]) != PH_PLACING:
        return ""
    if int(st[S_PENDING]) != 0 or int(st[S_FOUNDED]) != 0:
        return ""
    p = int(st[S_CUR])
    random_oracles = int(ctx[P.P_ORACLE_PLACEMENT]) == 1
    head = "\n".join(describe_setup(st, ctx)) + "\n" if int(st[S_TURNS]) == 0 and random_oracles else ""
    return (head + f"-- R{int(st[S_ROUND]) + 1} tile {TILE_NAMES[int(st[S_STACK + int(st[S_ROUND])])]}, "
            f"turn {int(st[S_TURNS]) + 1}: {seat_name(st, p)}, {int(st[S_POINTS + p])} points, stock "
            f"{int(st[S_STOCK_ROAD + p])} roads {int(st[S_STOCK_CITY + p])} cities")


def describe_end(st, ctx):
    """How the game ended: rounds played, and whether the top score was tied."""
    return f"End: {int(st[S_ROUNDS])} round tiles played, {int(st[S_TURNS])} turns"
