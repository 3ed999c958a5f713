"""Fit a win-probability leaf value for Troja's search, the Mare Nostrum way
(bench/mare_nostrum_value_fit.py), and the record of how it played (issue 16, part 2: not shipped).

Troja's ismcts (strategies/catan.py) plans to the end of the current turn and scores the next
turn's first decision by VP shares (each seat's evaluation in VP, softmax at 10 VP). This script
plays games of the tuned greedy in every seat, records every seat's `troja_features` below (the
true state: allegiances and row as they are) at the first decision of every turn, and fits a
conditional logit of the winner (P(seat q wins) = softmax over the seats of coef . x_q; L2 1e-3
on standardised features, scipy L-BFGS; unfinished games and shared wins left out). It prints the
coefficients and the held-out log-loss (last 20% of the games) against the VP-share leaf and the
uniform log(players).

    nice python bench/troja_value_fit.py --games 3000 --players 4 --seed 7200 [--drop 2]

Fitted (3,000 games, 292,747 turn starts): held-out log-loss 1.048 with all 11 features, 1.065
without feature 2 (the evaluation's non-VP part), against 1.292 for the VP-share leaf and the
uniform 1.386; coefficients (all games), all features: 0.2884, 0.0704, 1.0853, 0.5444, -0.5444,
0.2964, -0.2964, 0.8053, -0.4347, 0.0878, -0.0131; without feature 2: 0.4383, 0.0707, 0, 0.1865,
-0.1865, 0.2902, -0.2902, 0.9127, -0.4216, 0.1049, -0.0130. Played as the search's leaf
(seat_values returning coef . x_q for Troja, the search block's temperature as below; one ismcts
seat among 3 old `search` seats (removed since; at 5f28f6a and before),
bench/search_strength.py --games troja --field search --per-seat 75 --jobs 1, the same 300 games
each, after the self-defeating-end fix a813a45):
  VP shares at 10 VP (shipped)                0.240 [0.195, 0.291]
  fitted, all features, temperature 1         0.165 [0.127, 0.211]
  fitted, without feature 2, temperature 1    0.202 [0.160, 0.251]
  fitted, without feature 2, temperature 4    0.250 [0.204, 0.302]
  fitted, without feature 2, temperature 8    0.217 [0.174, 0.267]
A value that predicts tuned games better did not make the search stronger: at temperature 1 it is
four times as sharp per VP as the shipped leaf, and flattened it is no better than VP shares
(within the noise of 300 games).
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np
from numba import njit

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sim.rng import stream_state, CHANCE, PLAYERS                          # noqa: E402
from sim.catan_core import engine as CE                                    # noqa: E402
from sim.catan_core.layout import *  # noqa: F401,F403,E402 (state and config offsets)
from sim.catan_core.rules import vp    # noqa: E402
from strategies.catan import evaluate, W_VP   # noqa: E402
from strategies import troja as T                                          # noqa: E402
from sim.troja import engine as TE                                         # noqa: E402
from bench.value_fit import fit_logit, log_loss                             # noqa: E402


N_TVF = 11    # features (troja_features)


@njit(cache=True)
def troja_features(st, topo, cfg, w, f):
    """Every seat's features of Troja's fitted leaf value into f[q, :N_TVF], in a state whose
    hidden parts are known (a determinisation, or the true state when fitting): VP (bonus
    included), VP past 10, the rest of the greedy's evaluation (in VP), its side's and the other
    side's track wins (shares of the end), whether either side is one win from the end, the row's
    tilt to its side (own-side minus other-side cards, per threshold) alone and when a deciding
    battle is near, its lead over the best rival (VP) alone and when a deciding battle is near.
    Meant to let the value see what VP shares miss: who an early end by the track crowns."""
    P = st[S_P]
    end = cfg[C_TRACK_END]
    thr = cfg[C_ROW_THRESHOLD]
    scale = 1.0 / w[W_VP] if w[W_VP] > 0.0 else 1.0
    near = 1.0 if (st[S_TRACK] + 1 >= end or st[S_TRACK + 1] + 1 >= end) else 0.0
    for q in range(P):
        v = vp(st, cfg, q)
        best = -1000
        for x in range(P):
            if x != q:
                y = vp(st, cfg, x)
                if y > best:
                    best = y
        side = st[S_PLAYERS + q * PS + P_ALLEG]
        own = 0
        oth = 0
        tilt = 0.0
        if side >= 0 and side < 2:
            own = st[S_TRACK + side]
            oth = st[S_TRACK + 1 - side]
            for r in range(5):
                sr = cfg[C_SIDE + r]
                if sr == side:
                    tilt += st[S_ROW + r]
                elif sr != SIDE_NONE:
                    tilt -= st[S_ROW + r]
        tilt /= thr
        f[q, 0] = v
        f[q, 1] = max(v - 10.0, 0.0)
        f[q, 2] = evaluate(st, topo, cfg, q, w) * scale - v
        f[q, 3] = own / end
        f[q, 4] = oth / end
        f[q, 5] = 1.0 if own + 1 >= end else 0.0
        f[q, 6] = 1.0 if oth + 1 >= end else 0.0
        f[q, 7] = tilt
        f[q, 8] = tilt * near
        f[q, 9] = v - best
        f[q, 10] = (v - best) * near


@njit(cache=True)
def collect(seed, n_games, ctx, n_players, kinds, weights, wf, feats, games, winner):
    """Play games 0..n_games-1 of run `seed` as play_games does; at the first decision of every
    turn store every seat's features (feats[i], with the weights wf) and the game (games[i]);
    winner[g] = the single winner of game g (-1: unfinished or shared). Returns the samples."""
    st = np.zeros(CE.STATE_SIZE, np.int32)
    work = np.empty(CE.STATE_SIZE, np.int32)
    legal = np.empty(CE.N_ACTIONS, np.int32)
    chance = np.empty(1, np.uint64)
    pr = np.empty(1, np.uint64)
    score = np.zeros(n_players)
    win = np.zeros(n_players)
    rank = np.zeros(n_players, np.int64)
    f = np.zeros((n_players, N_TVF))
    k = 0
    for g in range(n_games):
        CE.new_game(st, ctx, n_players, seed, g)
        chance[0] = stream_state(seed, g, CHANCE)
        pr[0] = stream_state(seed, g, PLAYERS)
        m = CE.legal_actions(st, ctx, legal)
        while m > 0:
            p = CE.to_move(st, ctx)
            turn = st[S_TURN]
            a = T.choose(st, ctx, legal, m, kinds[p], weights[p], pr, work)
            m = CE.apply_action(st, ctx, a, chance, legal)
            if m > 0 and st[S_TURN] != turn and st[S_PHASE] == PH_PRE_ROLL and k < feats.shape[0]:
                troja_features(st, ctx[0], ctx[1], wf, f)
                feats[k] = f
                games[k] = g
                k += 1
        CE.returns(st, ctx, score, win, rank)
        winner[g] = -1
        for q in range(n_players):
            if win[q] > 0.99:
                winner[g] = q
    return k


def main(argv=None) -> int:
    from sim import get_game
    from experiments.lineup import arrays, parse_lineup
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=3000)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=7200)
    ap.add_argument("--drop", default="", help="comma list of feature indices left out (set to 0)")
    a = ap.parse_args(argv)
    spec = get_game("troja")
    P = a.players
    kinds, weights = arrays(spec, parse_lineup(spec, "tuned", P))
    w = T.full_weights(P, weights)
    ismcts_w = T.full_weights(P, arrays(spec, parse_lineup(spec, "ismcts", P))[1])[0]   # what the search reads
    ctx = TE.make_ctx(P, spec.params.defaults())
    cap = a.games * 200
    feats = np.zeros((cap, P, N_TVF))
    games = np.zeros(cap, np.int64)
    winner = np.zeros(a.games, np.int64)
    t = time.process_time()
    k = collect(np.uint64(a.seed), a.games, ctx, P, kinds, w, ismcts_w, feats, games, winner)
    print(f"{a.games} tuned games ({P} players, run seed {a.seed}), {k} turn starts, "
          f"{(winner >= 0).mean():.3f} with one winner, {time.process_time() - t:.1f} CPU s", flush=True)
    feats, games = feats[:k], games[:k]
    for j in [int(x) for x in a.drop.split(",") if x]:
        feats[:, :, j] = 0.0
    ok = winner[games] >= 0
    test = games >= int(a.games * 0.8)
    c, _ = fit_logit(feats[ok & ~test], winner[games[ok & ~test]])
    held = log_loss(feats[ok & test], winner[games[ok & test]], c)
    c0 = np.zeros(N_TVF)
    c0[0] = 1.0 / 10.0    # the old leaf: VP shares at temperature 10 VP (VP only)
    print(f"held-out log-loss {held:.4f} (VP at temperature 10: "
          f"{log_loss(feats[ok & test], winner[games[ok & test]], c0):.4f}; uniform {np.log(P):.4f}); "
          f"{(ok & ~test).sum()} train / {(ok & test).sum()} held-out samples", flush=True)
    coef, _ = fit_logit(feats[ok], winner[games[ok]])
    print("coef = np.array([" + ", ".join(f"{x:.4f}" for x in coef) + "])")
    return 0


if __name__ == "__main__":
    sys.exit(main())
