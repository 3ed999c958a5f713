"""Scenario builders for Glory to Rome rule tests: start from a real game, then set zones by hand."""
import numpy as np

from sim.glory_to_rome.actions import (A_BUILD, A_CARD, A_FIN, A_FOUT, A_JACK, A_MAT, A_PASS, A_PET,
                                       A_POOLMAT, A_STIN, A_STOUT, A_TARGET, N_ACTIONS)
from sim.glory_to_rome.rules.cards import hand_add
from sim.glory_to_rome.rules.decision import first_legal, step
from sim.glory_to_rome.rules.frames import budget, top
from sim.glory_to_rome.rules.powers import refresh_active
from sim.glory_to_rome.rules.setup import new_game
from sim.glory_to_rome.rules.turn import settle
from sim.glory_to_rome import state as S
from sim.glory_to_rome.board import BUILDING_NAMES, MAT, VAL, MATERIAL_NAMES, ROLE_NAMES
from sim.glory_to_rome.params import PARAMS

K = {name: k for k, name in enumerate(BUILDING_NAMES)}
M = {name: m for m, name in enumerate(MATERIAL_NAMES)}
RL = {name: r for r, name in enumerate(ROLE_NAMES)}


def params(**over):
    over.setdefault("first_leader_rule", "seat0")
    return PARAMS.vector(over)


def blank(n, seed=1, **over):
    """A game at the first lead decision (seat 0 leads) with empty hands, pool and no Jacks in hand."""
    s = new_game(seed, 0, n, params(**over))
    for p in range(n):
        b = S.pb(p)
        s[b + S.O_HAND:b + S.O_HAND + 40] = 0
        s[b + S.O_HMAT:b + S.O_HMAT + 6] = 0
        s[b + S.O_HN] = 0
        s[b + S.O_HJ] = 0
    s[S.G_POOL:S.G_POOL + 6] = 0
    return s


def give(s, p, *names):
    for nm in names:
        hand_add(s, p, K[nm])


def jacks(s, p, n=1):
    s[S.pb(p) + S.O_HJ] += n


def pool(s, **mats):
    for nm, c in mats.items():
        s[S.G_POOL + M[nm]] += c


def stock(s, p, **mats):
    for nm, c in mats.items():
        s[S.pb(p) + S.O_STOCK + M[nm]] += c


def vault(s, p, **mats):
    for nm, c in mats.items():
        s[S.pb(p) + S.O_VAULT + M[nm]] += c


def clients(s, p, **roles):
    for nm, c in roles.items():
        s[S.pb(p) + S.O_CLI + RL[nm]] += c


def building(s, p, name, complete=True, site=None, mats=0, public=False):
    """Put a building in p's camp (its site taken from the in-town stack); completion adds Influence."""
    k = K[name]
    b = S.pb(p)
    site = MAT[k] if site is None else M[site]
    s[S.G_SIN + site] -= 1
    s[b + S.O_BST + k] = 2 if complete else 1
    s[b + S.O_BSITE + k] = site
    s[b + S.O_BMAT + k] = mats
    if public:
        s[b + S.O_PUB + k] = 1
    if complete:
        s[b + S.O_INFL] += VAL[site]
    refresh_active(s)


def influence(s, p):
    return int(s[S.pb(p) + S.O_INFL])


def get(s, p, off, i=0):
    return int(s[S.pb(p) + off + i])


def legal(s):
    buf = np.zeros(N_ACTIONS, np.int32)
    n = first_legal(s, buf)
    return [int(x) for x in buf[:n]]


def do(s, *actions):
    """Apply decisions one by one, each checked to be legal first."""
    buf = np.zeros(N_ACTIONS, np.int32)
    for a in actions:
        L = legal(s)
        assert a in L, f"action {a} not legal; legal: {L}"
        step(s, a, buf)


def lead_alone(s, a):
    """Seat 0 (leader) plays `a`; nobody follows (the follow phase is skipped)."""
    do(s, a)
    while s[S.G_SP] == 0 and s[S.G_PHASE] in (S.PH_MORE, S.PH_PICK):
        raise AssertionError("lead_alone needs a one-unit lead")
    s[S.G_PHASE] = S.PH_FOLLOW
    s[S.G_CUR] = s[S.G_N]
    settle(s)


def top_frame(s):
    f = top(s)
    return dict(owner=int(s[f + S.F_OWN]), kind=int(s[f + S.F_KIND]), role=int(s[f + S.F_ROLE]),
                budget=int(budget(s, f)), used=int(s[f + S.F_USED]), step=int(s[f + S.F_STEP]))


def pass_until_owner(s, p):
    """PASS frames until the top frame belongs to p (or the turn's action phase is over)."""
    buf = np.zeros(N_ACTIONS, np.int32)
    for _ in range(50):
        first_legal(s, buf)
        if s[S.G_SP] > 0 and top_frame(s)["owner"] == p:
            return top_frame(s)
        step(s, A_PASS, buf)
    raise AssertionError("owner never reached")


# action constructors
def CARD(nm): return A_CARD + K[nm]
def JACK(role): return A_JACK + RL[role]
def PET(role, qrole): return A_PET + 6 * RL[role] + RL[qrole]
def MATA(nm): return A_MAT + M[nm]
def POOLMAT(nm): return A_POOLMAT + M[nm]
def FIN(nm): return A_FIN + K[nm]
def FOUT(nm): return A_FOUT + K[nm]
def STIN(nm): return A_STIN + M[nm]
def STOUT(nm): return A_STOUT + M[nm]
def BUILD(nm): return A_BUILD + K[nm]
def TARGET(o, nm): return A_TARGET + 40 * (o - 1) + K[nm]
