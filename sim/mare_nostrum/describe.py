"""Mare Nostrum in words, for traces and golden files (engine contract; Python, not compiled): an
action at its decision, an automatic effect from the event log (civs, roles, battle dice and
casualties), the end of the game."""
from .board import CIVS, GODS, GOODS, HEROES, NP, PROV_GOODS, PROV_NAMES, ROLES, SEA_CODES, WONDERS
from . import actions as R
from .actions import EV_CIVS, EV_ROLES, EV_BATTLE, EV_DIE, EV_TOTALS, EV_LOSSES, EV_KILLED, EVENTS
from .results import VICTORY_PATHS
from .state import H_DECIDER, H_NP, H_ROUND, H_VPATH, H_WINNER

TYPES = GOODS + ("tax",)
UNITS = ("legion", "creature", "fortress", "trireme")
BUILDINGS = ("caravan0", "caravan1", "caravan2", "city", "market", "temple")


def loc(l):
    return PROV_NAMES[l] if l < NP else SEA_CODES[l - NP]


def describe_action(st, ctx, a):
    """'seat 2: BUY_HERO(ajax)': action `a` of the seat deciding in st (before it is applied)."""
    return f"seat {int(st[H_DECIDER])}: {action_words(a)}"


def action_words(a):
    """The words of action id `a` (they do not depend on the state)."""
    a = int(a)
    simple = {R.A_DONE: "DONE", R.A_PASS: "PASS", R.A_NOTHING: "NOTHING",
              R.A_ANTIGONE_IN: "ANTIGONE(in)", R.A_ANTIGONE_OUT: "ANTIGONE(out)",
              R.A_ISHTAR_YES: "ISHTAR(yes)", R.A_ISHTAR_NO: "ISHTAR(no)",
              R.A_MEDUSA_YES: "MEDUSA(yes)", R.A_MEDUSA_NO: "MEDUSA(no)",
              R.A_MARS_YES: "MARS(yes)", R.A_MARS_NO: "MARS(no)", R.A_MIDAS_YES: "MIDAS(yes)",
              R.A_MIDAS_NO: "MIDAS(no)", R.A_HERCULES_YES: "HERCULES(yes)", R.A_HERCULES_NO: "HERCULES(no)", R.A_TAKE_OVER: "TAKE_OVER"}
    if a in simple:
        return simple[a]
    rows = [
        (R.A_PICK_NEXT, R.A_SETUP_CARAVAN, lambda k: f"PICK_NEXT(seat {k})"),
        (R.A_SETUP_CARAVAN, R.A_PICK_GOOD, lambda k: f"SETUP_CARAVAN({GOODS[k]})"),
        (R.A_PICK_GOOD, R.A_PICK_TYPE, lambda k: f"PICK_GOOD({GOODS[k]})"),
        (R.A_PICK_TYPE, R.A_ANNOUNCE_X, lambda k: f"PICK_TYPE({TYPES[k]})"),
        (R.A_ANNOUNCE_X, R.A_ANTIGONE_IN, lambda k: f"ANNOUNCE_X({k})"),
        (R.A_OFFER, R.A_TAKE, lambda k: f"OFFER({TYPES[k]})"),
        (R.A_TAKE, R.A_GIVE_BACK, lambda k: f"TAKE(seat {k // 14}, {TYPES[k % 14]})"),
        (R.A_GIVE_BACK, R.A_SWAP, lambda k: f"GIVE_BACK({TYPES[k]})"),
        (R.A_SWAP, R.A_OFFER_TO, lambda k: f"SWAP({TYPES[k // 14]} -> {TYPES[k % 14]})"),
        (R.A_OFFER_TO, R.A_TAKE_GOD, lambda k: f"OFFER_TO({GODS[k]})"),
        (R.A_TAKE_GOD, R.A_PAY, lambda k: f"TAKE_GOD({GODS[k]})"),
        (R.A_PAY, R.A_BUY_INFLUENCE, lambda k: f"PAY({TYPES[k]})"),
        (R.A_BUY_INFLUENCE, R.A_BUY_CARAVAN, lambda k: f"BUY_INFLUENCE({loc(k)})"),
        (R.A_BUY_CARAVAN, R.A_BUY_CITY,
         lambda k: f"BUY_CARAVAN({loc(k // 3)}, {GOODS[PROV_GOODS[k // 3, k % 3]]})"),
        (R.A_BUY_CITY, R.A_BUY_MARKET, lambda k: f"BUY_CITY({loc(k)})"),
        (R.A_BUY_MARKET, R.A_BUY_TEMPLE, lambda k: f"BUY_MARKET({loc(k)})"),
        (R.A_BUY_TEMPLE, R.A_BUY_LEGION, lambda k: f"BUY_TEMPLE({loc(k)})"),
        (R.A_BUY_LEGION, R.A_BUY_FORTRESS, lambda k: f"BUY_LEGION({loc(k)})"),
        (R.A_BUY_FORTRESS, R.A_BUY_CREATURE, lambda k: f"BUY_FORTRESS({loc(k)})"),
        (R.A_BUY_CREATURE, R.A_BUY_TRIREME, lambda k: f"BUY_CREATURE({loc(k)})"),
        (R.A_BUY_TRIREME, R.A_BUY_PHOENIX, lambda k: f"BUY_TRIREME({loc(NP + k)})"),
        (R.A_BUY_PHOENIX, R.A_BUY_HERO, lambda k: f"BUY_PHOENIX_RETURN({loc(k)})"),
        (R.A_BUY_HERO, R.A_BUY_WONDER, lambda k: f"BUY_HERO({HEROES[k]})"),
        (R.A_BUY_WONDER, R.A_COPY, lambda k: f"BUY_WONDER({WONDERS[k]})"),
        (R.A_COPY, R.A_CLEO_GIVE, lambda k: f"COPY({HEROES[k]})"),
        (R.A_CLEO_GIVE, R.A_CLEO_TAKE, lambda k: f"CLEOPATRA_SWAP({GOODS[k]} -> tax)"),
        (R.A_CLEO_TAKE, R.A_JASON_FROM, lambda k: f"CLEOPATRA_SWAP(tax -> {GOODS[k]})"),
        (R.A_JASON_FROM, R.A_JASON_TO, lambda k: f"JASON_MOVE(from {loc(k // 3)} icon {k % 3})"),
        (R.A_JASON_TO, R.A_SPARTACUS, lambda k: f"JASON_MOVE(to {loc(k // 3)} icon {k % 3})"),
        (R.A_SPARTACUS, R.A_GILGAMESH, lambda k: f"SPARTACUS_LEGION({loc(k)})"),
        (R.A_GILGAMESH, R.A_ZEUS, lambda k: f"GILGAMESH_FORTRESS({loc(k)})"),
        (R.A_ZEUS, R.A_BAAL, lambda k: f"ZEUS_LEGION({loc(k)})"),
        (R.A_BAAL, R.A_VULCAN, lambda k: f"USE_GOD(baal, {loc(k)})"),
        (R.A_VULCAN, R.A_POSEIDON, lambda k: f"USE_GOD(vulcan, {loc(k // 3)} icon {k % 3})"),
        (R.A_POSEIDON, R.A_ISHTAR_YES, lambda k: f"USE_GOD(poseidon, {loc(NP + k // 6)}, seat {k % 6})"),
        (R.A_KEEP, R.A_MOVE_LAND, lambda k: f"KEEP({TYPES[k]})"),
        (R.A_MOVE_LAND, R.A_MOVE_FLEET,
         lambda k: f"MOVE_LAND({UNITS[k // 1681]}, {loc((k % 1681) // 41)} -> {loc(k % 41)})"),
        (R.A_MOVE_FLEET, R.A_MOVE_GRIFFIN, lambda k: f"MOVE_FLEET({loc(NP + k // 12)} -> {loc(NP + k % 12)})"),
        (R.A_MOVE_GRIFFIN, R.A_MOVE_KRAKEN, lambda k: f"MOVE_GRIFFIN({loc(k // 41)} -> {loc(k % 41)})"),
        (R.A_MOVE_KRAKEN, R.A_DIVE, lambda k: f"MOVE_KRAKEN({loc(k // 53)} -> {loc(k % 53)})"),
        (R.A_DIVE, R.A_SURFACE, lambda k: f"DIVE({loc(k)})"),
        (R.A_SURFACE, R.A_AENEAS, lambda k: f"SURFACE({loc(NP + k)})"),
        (R.A_AENEAS, R.A_POSEIDON_REACT, lambda k: f"AENEAS_ZONE({loc(NP + k)})"),
        (R.A_POSEIDON_REACT, R.A_ATTACK, lambda k: f"POSEIDON_REACT({loc(NP + k)})"),
        (R.A_ATTACK, R.A_TITAN1, lambda k: f"ATTACK({loc(k // 6)}, owner {k % 6})"),
        (R.A_TITAN1, R.A_TITAN2, lambda k: f"TITAN_ATTACK(from {loc(k // 20)}, n={k % 20 + 1})"),
        (R.A_TITAN2, R.A_MEDUSA_YES, lambda k: f"TITAN_ATTACK(target {loc(k // 6)}, owner {k % 6})"),
        (R.A_HAMILCAR_TAKE, R.A_AJAX, lambda k: ("HAMILCAR(take4)", "HAMILCAR(roll)")[k]),
        (R.A_AJAX, R.A_MARS_YES, lambda k: f"AJAX({k})"),
        (R.A_CASUALTY, R.A_PILLAGE, lambda k: f"CASUALTY({UNITS[k]})"),
        (R.A_PILLAGE, R.A_TAKE_OVER, lambda k: f"PILLAGE({BUILDINGS[k]})"),
    ]
    for lo, hi, f in rows:
        if lo <= a < hi:
            return f(a - lo)
    return f"action {a}"


def _owner(st, o):
    o = int(o)
    return f"seat {o}" if o < int(st[H_NP]) else f"neutral {CIVS[o] if o < 6 else o}"


def describe_event(st, ctx, ev):
    """Words for an automatic effect (code, a, b, c) noted by the engine (actions.EVENTS)."""
    code, a, b, c = (int(x) for x in ev)
    if code == EV_CIVS:
        n = int(st[H_NP])
        return "civs: " + ", ".join(f"seat {o}={CIVS[(a >> (3 * o)) & 7]}" + ("" if o < n else "(neutral)")
                                    for o in range(6))
    if code == EV_ROLES:
        held = [((b >> (3 * r)) & 7) - 1 for r in range(4)]
        return f"== round {a}: " + ", ".join(f"{ROLES[r]}=seat {h}" for r, h in enumerate(held))
    if code == EV_BATTLE:
        return f"battle in {loc(a)}: {_owner(st, b)} attacks {_owner(st, c)}"
    if code == EV_DIE:
        return f"{_owner(st, a)} rolls {b}"
    if code == EV_TOTALS:
        return f"totals: attacker {a}, defender {b}"
    if code == EV_LOSSES:
        return f"losses: attacker {a}, defender {b}"
    if code == EV_KILLED:
        return f"{_owner(st, a)} loses a {UNITS[c]} in {loc(b)}"
    return EVENTS.words(ev)


def describe_turn(st, ctx):
    """No line of its own: a round opens with its roles, an automatic effect (EV_ROLES)."""
    return ""


def describe_end(st, ctx):
    """How the finished game ended."""
    return (f"end: round {int(st[H_ROUND])}, path {VICTORY_PATHS[int(st[H_VPATH])]}, "
            f"winner seat {int(st[H_WINNER])}")
