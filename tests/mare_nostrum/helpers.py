"""Helpers to build Mare Nostrum positions for rule tests."""
import numpy as np

from sim.mare_nostrum import rules as R
from sim.mare_nostrum import state as ST
from sim.mare_nostrum.board import NP, NL, N_TYPES, GOODS, PROV_GOODS, SEA_CODES
from sim.mare_nostrum.params import PARAMS
from sim.rng import new_stream

ROM, GRE, CAR, BAB, EGY, ATL = range(6)
G = {g: i for i, g in enumerate(GOODS)}
G["tax"] = 13
SEA = {c: i for i, c in enumerate(SEA_CODES)}


def prov(pid):
    """Province id of the spec (1..41) -> index."""
    return pid - 1


def sea(code):
    return NP + SEA[code]


def params(**kw):
    kw.setdefault("civ_assignment", "fixed")
    return PARAMS.vector(kw)


def fresh(n=6, seed=7, choices=True, **kw):
    """A pre-set game after set-up; with fixed assignment seat == civ (Rome 0 .. Atlantis 5).
    `choices` plays the two SETUP_CARAVAN decisions with their first option."""
    P = params(**kw)
    S = R.new_game(n, P, new_stream(np.uint64(seed), 0, 0))
    rng = new_stream(np.uint64(seed), 0, 1)
    return S, P, rng


def run_setup(S, P, rng, picks=()):
    """Advance to round 1's first decision, answering SETUP_CARAVAN with `picks` (goods names)."""
    R.advance(S, P, rng)
    picks = list(picks)
    while S[ST.H_STEP] == ST.ST_SETUP_CARAVAN:
        legal = legal_list(S, P)
        a = legal[0]
        if picks:
            a = R.A_SETUP_CARAVAN + G[picks.pop(0)]
        act(S, P, a, rng)


def legal_list(S, P):
    buf = np.empty(R.MAX_LEGAL, np.int64)
    k = R.legal_actions(S, P, buf)
    return [int(x) for x in buf[:k]]


def act(S, P, a, rng):
    legal = legal_list(S, P)
    assert a in legal, f"action {a} not legal in step {S[ST.H_STEP]}: {legal[:40]}"
    R.apply_action(S, P, a, rng)
    code = R.check_invariants(S, P)
    assert code == 0, f"invariant {code}"


def units(S, o, l, u):
    return int(S[R.ui(o, l, u)])


def set_units(S, o, l, u, k):
    S[R.ui(o, l, u)] = k


def clear_units(S, l):
    for o in range(6):
        for u in range(4):
            S[R.ui(o, l, u)] = 0


def hand(S, o):
    return S[ST.HAND + o * N_TYPES: ST.HAND + (o + 1) * N_TYPES]


def set_hand(S, o, cards):
    """cards: dict good-name -> count; bank adjusted to conserve cards."""
    h = hand(S, o)
    for t in range(N_TYPES):
        S[ST.BANK + t] += h[t]
        h[t] = 0
    for name, k in cards.items():
        t = G[name]
        S[ST.BANK + t] -= k
        h[t] = k


def strategy_turn(S, P, o, rng):
    """Jump to o's Strategy turn (other pending steps dropped)."""
    S[ST.H_PC] = R.PC_STRAT_TURN
    S[ST.H_B_STAGE] = R.BS_NONE
    S[ST.H_TWO] = -1
    for q in range(6):
        S[ST.TURN_DONE + q] = 1 if q != o else 0
    R.start_strategy_turn(S, P, o)
    S[ST.H_STEP] = -1
    R.advance(S, P, rng)
    assert S[ST.H_STEP] == ST.ST_STRAT and S[ST.H_DECIDER] == o


def build_turn(S, P, o, rng):
    S[ST.H_PC] = R.PC_BUILD_TURN
    S[ST.H_TWO] = -1
    for q in range(6):
        S[ST.TURN_DONE + q] = 1 if q != o else 0
    R.start_build_turn(S, o)
    S[ST.H_STEP] = -1
    R.advance(S, P, rng)
    assert S[ST.H_STEP] == ST.ST_BUILD and S[ST.H_DECIDER] == o


def force_dice(S, dice):
    S[ST.H_FORCED_N] = len(dice)
    S[ST.H_FORCED_POS] = 0
    for i, d in enumerate(dice):
        S[ST.FORCED + i] = d


def give_hero(S, o, h):
    S[ST.HERO + h] = o + 1


def attack_id(l, o):
    return R.A_ATTACK + 6 * l + o


def move_land(u, frm, to):
    return R.A_MOVE_LAND + 1681 * u + 41 * frm + to


def kill_phoenix(S, P, rng, l):
    """Rome's 3 legions attack Egypt's Phoenix in l with three 6s; the casualties are taken."""
    set_units(S, EGY, l, 1, 1)
    set_units(S, ROM, l, 0, 3)
    strategy_turn(S, P, ROM, rng)
    force_dice(S, [6, 6, 6])
    act(S, P, attack_id(l, EGY), rng)
    while S[ST.H_STEP] == ST.ST_CASUALTY:
        act(S, P, legal_list(S, P)[0], rng)


def prompt_answer(S, P, o, w, yes, no):
    """The greedy's answer (weights w) to a yes / no prompt of seat o: "yes" when it values `yes` above `no`."""
    from strategies import mare_nostrum as SM
    legal = np.array([yes, no], np.int64)
    cnt = np.zeros((4, 6), np.int64)
    ctx = SM.decision_context(S, P, o, w, cnt, legal, 2)
    return "yes" if SM.action_value(S, P, o, yes, w, cnt, ctx) > SM.action_value(S, P, o, no, w, cnt, ctx) else "no"
