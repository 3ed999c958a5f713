"""Glory to Rome in words, for traces (engine contract): an action at its decision, an automatic
effect from the event log, the line that opens a turn, the end of the game. Python, not compiled.
"""
from . import actions as R
from . import state as S
from .actions import EVENTS, EV_COMPLETE, EV_BONUS, EV_BATH, EV_IMMUNE, EV_NO_CARD, EV_BRIDGE, EV_CLEANUP
from .board import (MAT as MAT_OF, BUILDING_NAMES, REPUBLIC_NAMES, ROLE_NAMES, MATERIAL_NAMES as MN,
                    END_NAMES)
from .params import P_RULESET
from .rules.cards import deck_left
from .state import G_SP, G_PHASE, FSZ, G_STACK, F_KIND, F_ROLE, F_STEP


def _names(st):
    """Building names of the game's ruleset (republic: Crane, Tribunal, Domus Aurea, Forum Romanum)."""
    return REPUBLIC_NAMES if int(st[S.G_PRM + P_RULESET]) == 1 else BUILDING_NAMES


def _context(st):
    """(phase or frame kind, role, step) of the current decision, for the words of a trace."""
    sp = int(st[G_SP])
    if sp == 0:
        return "phase", int(st[G_PHASE]), -1, -1
    f = G_STACK + (sp - 1) * FSZ
    return "frame", int(st[f + F_KIND]), int(st[f + F_ROLE]), int(st[f + F_STEP])


def describe_action(st, ctx, a):
    """Words for action `a` taken at the current decision of state `st` (before applying it)."""
    names = _names(st)
    a = int(a)
    who = f"seat {int(st[S.G_TOMOVE])}"
    where, kind, role, step = _context(st)
    lead = where == "phase" and kind in (S.PH_LEAD, S.PH_FOLLOW, S.PH_MORE)
    verb = {S.PH_LEAD: "leads", S.PH_FOLLOW: "follows", S.PH_MORE: "adds"}.get(kind, "") if lead else ""
    if a >= R.A_CRANE:
        return f"{who}: {verb} Architect with {names[a - R.A_CRANE]} (Crane)"
    if a == R.A_PASS:
        return f"{who}: pass"
    if a == R.A_THINK:
        return f"{who}: thinks"
    if a == R.A_TAKE:
        if where == "frame" and step == S.ST_G4:
            return f"{who}: takes the client into the vault (Coliseum)"
        return f"{who}: takes the demanded material from the pool"
    if a == R.A_TAKE_JACK and where == "phase":
        return f"{who}: takes a Jack from a camp (Senate)"
    simple = {R.A_DRAW: "draws", R.A_TAKE_JACK: "takes a Jack", R.A_VOMIT: "discards the hand (Vomitorium)",
              R.A_FOUNTAIN: "uses the top deck card (Fountain)", R.A_BAR: "hires the top deck card (Bar)",
              R.A_ATRIUM: "vaults the top deck card (Atrium)", R.A_STAIRWAY: "uses the Stairway"}
    if a in simple:
        return f"{who}: {simple[a]}"
    if a < R.A_JACK:
        k = names[a - R.A_CARD]
        if lead:
            return f"{who}: {verb} {ROLE_NAMES[MAT_OF[a - R.A_CARD]]} with {k}"
        if where == "phase":
            return f"{who}: petition card {k}"
        if kind == S.FK_THINK:
            return f"{who}: discards {k} (Latrine)"
        if role == 0:
            return f"{who}: {k} from hand to stockpile (Dock)"
        if role == 5:
            return f"{who}: hires {k} from hand (Aqueduct)"
        if role == 4:
            return f"{who}: vaults {k} from hand (Basilica)"
        if role == 1:
            return f"{who}: adds {k} from hand"
        if role == 3:
            return f"{who}: gives {k}"
        return f"{who}: card {k}"
    if a < R.A_PET:
        return f"{who}: {verb} {ROLE_NAMES[a - R.A_JACK]} with a Jack"
    if a < R.A_MAT:
        r, q = divmod(a - R.A_PET, 6)
        return f"{who}: {verb} {ROLE_NAMES[r]} with a petition of {MN[q]} cards"
    if a < R.A_POOLMAT:
        m = MN[a - R.A_MAT]
        if where == "phase":
            return f"{who}: {m} from camp to stockpile (Sewer)"
        text = {0: f"takes {m} from the pool", 5: f"hires {MN[a - R.A_MAT]} as a {ROLE_NAMES[a - R.A_MAT]} client",
                4: f"sells {m} to the vault", 3: f"demands {m}", 2: f"adds {m} from the stockpile"}
        return f"{who}: {text.get(role, m)}"
    if a < R.A_FIN:
        return f"{who}: adds {MN[a - R.A_POOLMAT]} from the pool (Archway)"
    if a < R.A_FOUT:
        return f"{who}: founds {names[a - R.A_FIN]} in town"
    if a < R.A_STIN:
        return f"{who}: founds {names[a - R.A_FOUT]} out of town"
    if a < R.A_STOUT:
        return f"{who}: founds Statue on a {MN[a - R.A_STIN]} site in town"
    if a < R.A_BUILD:
        return f"{who}: founds Statue on a {MN[a - R.A_STOUT]} site out of town"
    if a < R.A_TARGET:
        return f"{who}: builds on {names[a - R.A_BUILD]}"
    o, b = divmod(a - R.A_TARGET, 40)
    v = (int(st[S.G_TOMOVE]) + o + 1) % int(st[S.G_N])
    if where == "frame" and kind == S.FK_PRISON:
        return f"{who}: steals {names[b]} from seat {v} (Prison)"
    if where == "frame" and role == 3:
        return f"{who}: takes the {names[b]} foundation of seat {v} (Domus Aurea)"
    return f"{who}: makes {names[b]} of seat {v} public (Stairway)"


def describe_event(st, ctx, ev):
    """Words for an automatic effect (code, a, b, c) noted by the engine (actions.EVENTS)."""
    code, a, b, c = ev
    names = _names(st)
    if code == EV_COMPLETE:
        return f"seat {a} completes {names[b]} (+{c} Influence)"
    if code == EV_BONUS:
        what = "Thinker action" if b == 6 else f"{ROLE_NAMES[b]} actions"
        src = {0: "Foundry", 1: "Amphitheatre", 5: "Garden", 6: "School"}.get(b, "")
        return f"seat {a} gets {c} {what} ({src})"
    if code == EV_BATH:
        return f"seat {a}'s new {ROLE_NAMES[b]} client acts at once (Bath)"
    if code == EV_IMMUNE:
        return f"seat {b} is immune to seat {a}'s Legionary (Wall or Palisade)"
    if code == EV_NO_CARD:
        return f"seat {a} has no {MN[b]} card to give"
    if code == EV_BRIDGE:
        return f"seat {a} takes {MN[c]} from the stockpile of seat {b} (Bridge)"
    if code == EV_CLEANUP:
        parts = [f"{b} card{'s' * (b != 1)} to the pool"] if b else []
        parts += [f"{c} Jack{'s' * (c != 1)} to the pile"] if c else []
        return f"cleanup: seat {a}'s camp, " + " and ".join(parts)
    return EVENTS.words(ev)


def describe_turn(st, ctx):
    """The line that opens a turn, when the current decision is its first (the leader's lead),
    else ''."""
    if int(st[G_SP]) != 0 or int(st[G_PHASE]) != S.PH_LEAD:
        return ""
    turn = int(st[S.G_TURN])
    first = f" (seat 0 = first leader, dealt as seat {int(st[S.G_FL])})" if turn == 1 else ""
    return f"-- turn {turn}, leader seat {int(st[S.G_LEADER])}{first}, deck {int(deck_left(st))}"


def describe_end(st, ctx):
    """How the finished game ended."""
    return f"End: {END_NAMES[int(st[S.G_END])]} after {int(st[S.G_TURN])} turns"
