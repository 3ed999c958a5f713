"""Who ended a game, and could it have avoided it: the audit behind "no player ends a game it is
losing when another move exists" (shared/DESIGN.md, Strategies).

A game ends on a player's decision (Catacomb, the last in-town site, the last deck card, a Forum)
or at the turn cap. `audit_endings` plays games exactly as `play_batch` does (same seeds, same
player streams, same results) and, for the decision that ended a game, looks back over the ender's
own chain of decisions: from its last free choice (one offering PASS or THINK) to the end. The end
was avoidable if at one of those decisions another legal action did not end the game, either at
once or through the ender's forced sub-step that follows it (Craftsman C2, Architect A2, a Thinker
menu with DRAW only).
"""
import numpy as np
from numba import njit

from sim.rng import new_stream, players_stream, at_decision, CHANCE
from strategies.glory_to_rome import choose, full_weights
from .actions import N_ACTIONS, A_PASS, A_THINK
from .engine import make_ctx, new_game, legal_actions, apply_action
from .rules.decision import first_legal, step
from .rules.scoring import final_result
from .results import flow_turn
from .state import G_OVER, G_TOMOVE, G_END, STATE_SIZE, G_TURN
from .board import END_TURN_CAP
from .view import hidden_from

MAX_CHAIN = 32      # decisions of one chain kept (a chain longer than this keeps its last ones)


@njit(cache=True)
def _free(buf, n):
    """A free choice: the decision offers PASS or THINK (every first step of an action does)."""
    for i in range(n):
        if buf[i] == A_PASS or buf[i] == A_THINK:
            return True
    return False


@njit(cache=True)
def ends_inevitably(c, me, buf, tmp):
    """True if the game is over in c, or me's forced next decision ends it whatever me picks."""
    if c[G_OVER] != 0:
        return True
    n = first_legal(c, buf)
    if c[G_TOMOVE] != me or _free(buf, n):
        return False
    for i in range(n):
        d = c.copy()
        step(d, buf[i], tmp)
        if d[G_OVER] == 0:
            return False
    return True


@njit(cache=True)
def avoidable(snaps, chosen, k, me):
    """Some decision of the chain snaps[:k] had a legal action other than the chosen one that did
    not end the game inevitably."""
    buf = np.zeros(N_ACTIONS, np.int32)
    b2 = np.zeros(N_ACTIONS, np.int32)
    b3 = np.zeros(N_ACTIONS, np.int32)
    for j in range(k):
        s = snaps[j].copy()
        n = first_legal(s, buf)
        for i in range(n):
            if buf[i] == chosen[j]:
                continue
            c = s.copy()
            step(c, buf[i], b2)
            if not ends_inevitably(c, me, b2, b3):
                return True
    return False


@njit(cache=True)
def _audit(seed, start, n, p, ctx, kinds, weights):
    endc = np.zeros(n, np.int64)
    turns = np.zeros(n, np.int64)
    ender = np.full(n, -1, np.int64)
    ender_win = np.zeros(n, np.float64)
    ender_rank = np.zeros(n, np.int64)
    avoid = np.zeros(n, np.int64)
    hidden = np.zeros(n, np.int64)
    win = np.zeros((n, p), np.float64)
    buf = np.zeros(N_ACTIONS, np.int32)
    snaps = np.zeros((MAX_CHAIN, STATE_SIZE), np.int32)
    chosen = np.zeros(MAX_CHAIN, np.int32)
    sc = np.zeros(p, np.int64)
    wn = np.zeros(p, np.float64)
    rk = np.zeros(p, np.int64)
    s = np.empty(STATE_SIZE, np.int32)
    work = np.empty(STATE_SIZE, np.int32)
    for g in range(n):
        new_game(s, ctx, p, seed, start + g)
        chance = new_stream(seed, start + g, CHANCE)
        pr = players_stream(seed, start + g)
        m = legal_actions(s, ctx, buf)
        me = -1
        k = 0
        while s[G_OVER] == 0:
            mover = s[G_TOMOVE]
            if mover != me or _free(buf, m):
                k = 0
            if k == MAX_CHAIN:
                for j in range(MAX_CHAIN - 1):
                    snaps[j] = snaps[j + 1]
                    chosen[j] = chosen[j + 1]
                k -= 1
            me = mover
            snaps[k] = s
            at_decision(pr, me, flow_turn(s, ctx))
            a = choose(s, ctx, buf, m, kinds[me], weights[me], pr, work)
            chosen[k] = a
            k += 1
            m = apply_action(s, ctx, a, chance, buf)
        final_result(s, sc, wn, rk)
        endc[g] = s[G_END]
        turns[g] = s[G_TURN]
        for q in range(p):
            win[g, q] = wn[q]
        if s[G_END] != END_TURN_CAP and me >= 0:
            ender[g] = me
            ender_win[g] = wn[me]
            ender_rank[g] = rk[me]
            avoid[g] = 1 if avoidable(snaps, chosen, k, me) else 0
            for q in range(p):
                for mm in range(6):
                    hidden[g] += hidden_from(s, me, q, mm)
    return endc, turns, ender, ender_win, ender_rank, avoid, hidden, win


def audit_endings(seed, start, n_games, n_players, params, kinds, weights):
    """Per game: end_condition, turns, ended_by (-1 turn cap), ender_win (its win share),
    ender_rank, avoidable (0/1: the ender had a move that did not end the game), ender_hidden (vault
    cards whose material the ender could not see at the end: 0 means it knew the final scores),
    win[n, p]."""
    ctx = make_ctx(n_players, params)
    out = _audit(np.int64(seed), np.int64(start), np.int64(n_games), np.int64(n_players), ctx,
                 np.asarray(kinds, np.int64), full_weights(n_players, weights))
    keys = ("end_condition", "turns", "ended_by", "ender_win", "ender_rank", "avoidable", "ender_hidden",
            "win")
    return dict(zip(keys, out))


def avoidable_ends(seed, indices, n_players, params, kinds, weights) -> list[bool]:
    """For `agon check-players`: per game of `indices`, whether the player who ended it had a move
    that did not end it (GameSpec.extra["player_check"]["ends"]["avoidable"])."""
    return [bool(audit_endings(seed, int(i), 1, n_players, params, kinds, weights)["avoidable"][0]) for i in indices]
