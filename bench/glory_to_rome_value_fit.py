"""Fit Glory to Rome's search leaf value (strategies/glory_to_rome.py VALUE_COEF) and measure the search with it.

The search (`ismcts`) scores a leaf by each seat's fitted log-odds of winning instead of a random
play-out. This script fits them: it plays 4-player games of the tuned greedy in every seat,
records every seat's `seat_features` (each from that seat's view) at every lead decision, and
fits a conditional logit (P(seat q wins) = softmax over the seats of (a + progress * b) . x_q,
the win shares as targets, L2 1e-3 on standardised features, scipy L-BFGS). It prints the
VALUE_COEF block and the held-out log-loss (last 20% of the games) against the uniform ln 4.

    nice python bench/glory_to_rome_value_fit.py --games 3000 --seed 7200 --out /tmp/gtr_value.json
    nice python bench/glory_to_rome_value_fit.py --coef /tmp/gtr_value.json --strength 100 \\
        --config "search_rollout_actions=0" --config "search_iterations=32/search_rollout_actions=0"
    nice python bench/glory_to_rome_value_fit.py --speed 60          # every seat ismcts, shipped value

The shipped block (16 iterations, 4 random play-out actions, temperature 1) was chosen from
    --coef /tmp/gtr_value.json --strength 100 --speed 30 --config search_temperature=1/search_iterations=16/search_rollout_actions=4 ...
(iterations 12/16/20/24/32 x play-out 0/2/4/6/8, temperature 0.5-2, c 0.3-1.2; then --strength 200
--strength-seed 2600 for the best few); the strength claim is on fresh seeds (bench/search_strength.py
--seed 9600).

--strength N plays N games with one ismcts seat at each of the 4 seats among tuned (run seed
--strength-seed + seat, games 0..N-1: the games bench/search_strength.py plays with --seed) and
prints its share with a Wilson 95% interval; --speed N plays N games with ismcts in every seat
and prints games per CPU-second (time.process_time). Each --config overrides the ismcts seat's
weights by name (the search block).
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np
from numba import njit

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sim.rng import new_stream, CHANCE, PLAYERS                        # noqa: E402
from sim.glory_to_rome import engine as E                              # noqa: E402
from sim.glory_to_rome.state import G_SP, G_PHASE, PH_LEAD             # noqa: E402
from strategies import glory_to_rome as M                              # noqa: E402
from bench.value_fit import fit_logit, log_loss                          # noqa: E402

GAME = "glory-to-rome"
N_PLAYERS = 4


@njit(cache=True)
def collect(seed, n_games, ctx, n_players, kinds, weights, feats, prog, games, wins):
    """Play games 0..n_games-1 of run `seed` (as play_games does); at every lead decision store
    each seat's features (feats[i]), the game's progress (prog[i]) and the game (games[i]);
    wins[g] = the win shares of game g. Returns the number of samples."""
    st = np.zeros(E.STATE_SIZE, np.int32)
    work = np.empty(E.STATE_SIZE, np.int32)
    legal = np.empty(E.N_ACTIONS, np.int32)
    score = np.zeros(n_players)
    rank = np.zeros(n_players, np.int64)
    f = np.zeros((n_players, M.N_VF))
    k = 0
    for g in range(n_games):
        E.new_game(st, ctx, n_players, seed, g)
        chance = new_stream(seed, g, CHANCE)
        pr = new_stream(seed, g, PLAYERS)
        m = E.legal_actions(st, ctx, legal)
        while m > 0:
            if st[G_SP] == 0 and st[G_PHASE] == PH_LEAD and k < feats.shape[0]:
                prog[k] = M.seat_features(st, f)
                feats[k] = f
                games[k] = g
                k += 1
            p = E.to_move(st, ctx)
            a = M.choose(st, ctx, legal, m, kinds[p], weights[p], pr, work)
            m = E.apply_action(st, ctx, a, chance, legal)
        E.returns(st, ctx, score, wins[g], rank)
    return k


@njit(cache=True)
def play(seed, n_games, ctx, n_players, kinds, weights, coef, wins):
    """play_games' loop (same streams, same games) with the ismcts seats searching over the given
    fitted value; wins[g] = the win shares of game g."""
    st = np.zeros(E.STATE_SIZE, np.int32)
    work = np.empty(E.STATE_SIZE, np.int32)
    legal = np.empty(E.N_ACTIONS, np.int32)
    score = np.zeros(n_players)
    rank = np.zeros(n_players, np.int64)
    for g in range(n_games):
        E.new_game(st, ctx, n_players, seed, g)
        chance = new_stream(seed, g, CHANCE)
        pr = new_stream(seed, g, PLAYERS)
        m = E.legal_actions(st, ctx, legal)
        while m > 0:
            p = E.to_move(st, ctx)
            if kinds[p] == M.KIND_ISMCTS and m > 1:
                a = M.search_with_value(st, (ctx, coef), legal, m, weights[p], pr, work)
            else:
                a = M.choose(st, ctx, legal, m, kinds[p], weights[p], pr, work)
            m = E.apply_action(st, ctx, a, chance, legal)
        E.returns(st, ctx, score, wins[g], rank)


def lineup(names):
    from sim import get_game
    from experiments.lineup import arrays, parse_lineup
    spec = get_game(GAME)
    kinds, weights = arrays(spec, parse_lineup(spec, names, len(names)))
    return spec, kinds, weights


def design(F, prog):
    """(samples, seats, features) and progress -> the fit's columns: x and progress * x."""
    return np.concatenate([F, F * prog[:, None, None]], axis=2)


def fit(args):
    spec, kinds, weights = lineup(["tuned"] * N_PLAYERS)
    ctx = E.make_ctx(N_PLAYERS, spec.params.defaults())
    cap = args.games * 200
    feats = np.zeros((cap, N_PLAYERS, M.N_VF))
    prog = np.zeros(cap)
    games = np.zeros(cap, np.int64)
    wins = np.zeros((args.games, N_PLAYERS))
    t = time.process_time()
    k = collect(np.uint64(args.seed), args.games, ctx, N_PLAYERS, kinds, weights, feats, prog, games, wins)
    print(f"{args.games} tuned games (run seed {args.seed}), {k} lead decisions, "
          f"{(wins.sum(1) > 0.5).mean():.3f} with a winner, {time.process_time() - t:.1f} CPU s", flush=True)
    X = design(feats[:k], prog[:k])
    games = games[:k]
    Y = wins[games]
    ok = Y.sum(1) > 0.5
    test = games >= int(args.games * 0.8)
    c, _ = fit_logit(X[ok & ~test], Y[ok & ~test])
    uni = np.log(N_PLAYERS)
    held = log_loss(X[ok & test], Y[ok & test], c)
    print(f"{(ok & ~test).sum()} train / {(ok & test).sum()} held-out samples; held-out log-loss {held:.4f} "
          f"(uniform {uni:.4f})", flush=True)
    pt = prog[:k]
    for lo, hi in ((0, 1 / 3), (1 / 3, 2 / 3), (2 / 3, 1.01)):
        sel = ok & test & (pt >= lo) & (pt < hi)
        print(f"  progress [{lo:.2f}, {hi:.2f}): {sel.sum()} held-out samples, log-loss "
              f"{log_loss(X[sel], Y[sel], c):.4f}", flush=True)
    coef, _ = fit_logit(X[ok], Y[ok])            # all games
    coef = coef.reshape(2, M.N_VF)
    print("VALUE_COEF = np.array([   # " + ", ".join(M.VALUE_FEATURES))
    for r, name in enumerate(("a", "b: times progress")):
        print("    [" + ", ".join(f"{x:.4f}" for x in coef[r]) + f"],   # {name}")
    print("])")
    if args.out:
        Path(args.out).write_text(json.dumps({"coef": coef.tolist(), "games": args.games, "seed": args.seed,
                                              "samples": int(ok.sum()), "held_out_log_loss": held}))
    return coef


def config(text):
    """'search_iterations=24/search_rollout_actions=0' -> {weight: value}."""
    over = {}
    for item in [x for x in text.split("/") if x]:
        k, _, v = item.partition("=")
        over[k] = float(v)
    return over


def readonly(a):
    a = np.ascontiguousarray(a, np.float64)
    a.flags.writeable = False
    return a


def strength(coef, text, per_seat, seed):
    from statsmodels.stats.proportion import proportion_confint
    spec, _, _ = lineup(["tuned"] * N_PLAYERS)
    over = config(text)
    names = list(spec.strategy("ismcts").weight_names)
    ctx = E.make_ctx(N_PLAYERS, spec.params.defaults())
    w_all, cpu = [], 0.0
    for seat in range(N_PLAYERS):
        names_s = ["tuned"] * N_PLAYERS
        names_s[seat] = "ismcts"
        _, kinds, weights = lineup(names_s)
        for k, v in over.items():
            weights[seat, names.index(k)] = v
        wins = np.zeros((per_seat, N_PLAYERS))
        t = time.process_time()
        play(np.uint64(seed + seat), per_seat, ctx, N_PLAYERS, kinds, weights, coef, wins)
        cpu += time.process_time() - t
        w_all.append(wins[:, seat])
    w = np.concatenate(w_all)
    lo, hi = proportion_confint(w.sum(), len(w), method="wilson")
    print(f"| {text or 'default'} | {len(w)} | {w.mean():.3f} [{lo:.3f}, {hi:.3f}] | "
          f"{'yes' if lo > 1 / N_PLAYERS else 'no'} | {cpu:.0f} |", flush=True)


def speed(coef, text, n_games, seed=1700):
    spec, kinds, weights = lineup(["ismcts"] * N_PLAYERS)
    over = config(text)
    names = list(spec.strategy("ismcts").weight_names)
    for k, v in over.items():
        weights[:, names.index(k)] = v
    ctx = E.make_ctx(N_PLAYERS, spec.params.defaults())
    wins = np.zeros((n_games, N_PLAYERS))
    play(np.uint64(seed), 1, ctx, N_PLAYERS, kinds, weights, coef, wins)     # compile
    t = time.process_time()
    play(np.uint64(seed), n_games, ctx, N_PLAYERS, kinds, weights, coef, wins)
    dt = time.process_time() - t
    print(f"speed {text or 'default'}: {n_games} games, every seat ismcts: {n_games / dt:.1f} games/CPU-s",
          flush=True)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=0, help="tuned games to fit on (0: no fit)")
    ap.add_argument("--seed", type=int, default=7200)
    ap.add_argument("--out", default="", help="write the fitted coefficients (JSON)")
    ap.add_argument("--coef", default="", help="read coefficients (JSON) instead of the shipped VALUE_COEF")
    ap.add_argument("--strength", type=int, default=0, help="games per seat of one ismcts among tuned")
    ap.add_argument("--strength-seed", type=int, default=1600, help="run seed of seat 0 (seat s: + s)")
    ap.add_argument("--speed", type=int, default=0, help="games with ismcts in every seat")
    ap.add_argument("--config", action="append", default=[], help="weights of the ismcts seat, a=1/b=2")
    a = ap.parse_args(argv)
    coef = M.VALUE_COEF
    if a.games:
        coef = fit(a)
    elif a.coef:
        coef = np.array(json.loads(Path(a.coef).read_text())["coef"])
    coef = readonly(np.array(coef, np.float64).reshape(2, M.N_VF))
    configs = a.config or [""]
    if a.strength:
        print("| config | games | ismcts share vs 3 tuned [95% CI] | above 1/4 | CPU s |\n|---|---|---|---|---|")
        for c in configs:
            strength(coef, c, a.strength, a.strength_seed)
    if a.speed:
        for c in configs:
            speed(coef, c, a.speed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
