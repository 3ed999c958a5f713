"""Fit Mare Nostrum's search value (strategies/mare_nostrum.py VALUE_COEF) and measure the search with it.

The search (`ismcts`) plans to the end of the current phase and scores that position by each
seat's fitted log-odds of winning. This script fits them: it plays 6-player games of the tuned
greedy in every seat, records every seat's `seat_features` at the first decision of each phase,
and fits one conditional logit per phase (P(seat q wins) = softmax over the seats of coef . x_q,
L2 1e-3 on standardised features, scipy L-BFGS; unfinished games left out). It prints the
VALUE_COEF block and the held-out log-loss against the uniform 1/6.

    nice python bench/mare_nostrum_value_fit.py --games 4000 --seed 7100 --out /tmp/mn_value.json
    nice python bench/mare_nostrum_value_fit.py --coef /tmp/mn_value.json --strength 50 \\
        --config "search_iterations=24" --config "search_iterations=48/search_temperature=2"
    nice python bench/mare_nostrum_value_fit.py --speed 60          # every seat ismcts, shipped value
    nice python bench/mare_nostrum_value_fit.py --games 6000 --seed 7200 --fit-lineup tuned*6 \
        --fit-lineup tuned,greedy*5 --fit-lineup tuned*2,random*2,greedy*2 \
        --fit-lineup tuned,random*2,greedy*3 --out /tmp/mn_mixed.json     # fitted on mixed fields

A value fitted on mixed fields (the last command; bench/mare_nostrum_mixed.py --coef, 1,200 games
each, run seed 40000) played as the shipped one: 0.429 [0.401, 0.457] vs 5 greedy (shipped 0.436
[0.408, 0.464]), 0.422 [0.394, 0.450] among 2 random + 3 greedy (0.428 [0.401, 0.457]), 0.232
[0.209, 0.256] vs 5 tuned (0.231 [0.208, 0.256]): the tuned-only fit is kept.

--strength N plays N games with one ismcts seat at each of the 6 seats among tuned (run seed
1600 + seat, games 0..N-1: the games bench/search_strength.py plays) and prints its share with a
Wilson 95% interval; --speed N plays N games with ismcts in every seat and prints games per
CPU-second (time.process_time). Each --config overrides the ismcts seat's weights by name (the
search block) and may name the searched steps (steps=build+build_pick).
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

from sim.rng import stream_state, CHANCE, PLAYERS                      # noqa: E402
from sim.mare_nostrum import engine as E                               # noqa: E402
from sim.mare_nostrum.state import STATE_SIZE, H_PC, STEP_NAMES        # noqa: E402
from strategies import mare_nostrum as M                               # noqa: E402
from bench.value_fit import fit_logit, log_loss                          # noqa: E402

N_PLAYERS = 6


@njit(cache=True)
def collect(seed, n_games, ctx, n_players, kinds, weights, feats, rows, games, winner):
    """Play games 0..n_games-1 of run `seed` (as play_games does); at the first decision of every
    phase store each seat's features (feats[i]), the phase (rows[i]) and the game (games[i]);
    winner[g] = the winning seat (-1 unfinished). Returns the number of samples."""
    st = np.zeros(STATE_SIZE, np.int32)
    work = np.empty(STATE_SIZE, np.int32)
    legal = np.empty(E.N_ACTIONS, np.int32)
    chance = np.empty(1, np.uint64)
    pr = np.empty(1, np.uint64)
    score = np.zeros(n_players)
    win = np.zeros(n_players)
    rank = np.zeros(n_players, np.int64)
    f = np.zeros((6, M.N_VF))
    k = 0
    for g in range(n_games):
        E.new_game(st, ctx, n_players, seed, g)
        chance[0] = stream_state(seed, g, CHANCE)
        pr[0] = stream_state(seed, g, PLAYERS)
        m = E.legal_actions(st, ctx, legal)
        while m > 0:
            p = E.to_move(st, ctx)
            ph = M.phase_of(st[H_PC])
            a = M.choose(st, ctx, legal, m, kinds[p], weights[p], pr, work)
            m = E.apply_action(st, ctx, a, chance, legal)
            if m > 0 and M.phase_of(st[H_PC]) != ph and k < rows.shape[0]:
                M.seat_features(st, ctx, f)
                feats[k] = f[:n_players]
                rows[k] = M.phase_of(st[H_PC])
                games[k] = g
                k += 1
        E.returns(st, ctx, score, win, rank)
        winner[g] = -1
        for q in range(n_players):
            if win[q] > 0.5:
                winner[g] = q
    return k


@njit(cache=True)
def play(seed, n_games, ctx, n_players, kinds, weights, coef, steps, wins, scores, ranks):
    """play_games' loop (same streams, same games) with the ismcts seats searching over the given
    fitted value and searched steps; wins[g], scores[g], ranks[g] = the win shares, final scores
    and ranks of game g."""
    st = np.zeros(STATE_SIZE, np.int32)
    work = np.empty(STATE_SIZE, np.int32)
    legal = np.empty(E.N_ACTIONS, np.int32)
    chance = np.empty(1, np.uint64)
    pr = np.empty(1, np.uint64)
    for g in range(n_games):
        E.new_game(st, ctx, n_players, seed, g)
        chance[0] = stream_state(seed, g, CHANCE)
        pr[0] = stream_state(seed, g, PLAYERS)
        m = E.legal_actions(st, ctx, legal)
        while m > 0:
            p = E.to_move(st, ctx)
            if kinds[p] == M.K_ISMCTS and m > 1:
                a = M.search_action(st, (ctx, weights[p], coef, steps), legal, m, weights[p], pr, work)
            else:
                a = M.choose(st, ctx, legal, m, kinds[p], weights[p], pr, work)
            m = E.apply_action(st, ctx, a, chance, legal)
        E.returns(st, ctx, scores[g], wins[g], ranks[g])


def lineup(names):
    from sim import get_game
    from experiments.lineup import arrays, parse_lineup
    spec = get_game("mare-nostrum")
    kinds, weights = arrays(spec, parse_lineup(spec, names, len(names)))
    return spec, kinds, weights


def fit(args):
    """Fit on `args.games` games: every seat tuned, or split evenly over the --fit-lineup line-ups
    (each rotated through the seats; line-up j, rotation r plays run seed + 10 j + r)."""
    from bench.mare_nostrum_mixed import expand
    ups = [expand(t) for t in args.fit_lineup] or [["tuned"] * N_PLAYERS]
    spec = lineup(["tuned"] * N_PLAYERS)[0]
    ctx = E.make_ctx(N_PLAYERS, spec.params.defaults())
    cap = args.games * 120
    feats = np.zeros((cap, N_PLAYERS, M.N_VF))
    rows = np.zeros(cap, np.int64)
    games = np.zeros(cap, np.int64)
    winner = np.zeros(args.games, np.int64)
    t = time.process_time()
    if len(ups) == 1 and len(set(ups[0])) == 1:
        _, kinds, weights = lineup(ups[0])
        k = collect(np.uint64(args.seed), args.games, ctx, N_PLAYERS, kinds, weights, feats, rows, games, winner)
    else:
        units = [(j, r) for r in range(N_PLAYERS) for j in range(len(ups))]      # interleaved: any prefix mixes
        per = [args.games // len(units) + (1 if i < args.games % len(units) else 0) for i in range(len(units))]
        k, g0 = 0, 0
        for (j, r), n in zip(units, per):
            _, kinds, weights = lineup([ups[j][(s + r) % N_PLAYERS] for s in range(N_PLAYERS)])
            kk = collect(np.uint64(args.seed + 10 * j + r), n, ctx, N_PLAYERS, kinds, weights, feats[k:], rows[k:],
                         games[k:], winner[g0:g0 + n])
            games[k:k + kk] += g0
            k, g0 = k + kk, g0 + n
    print(f"{args.games} games of {' | '.join(','.join(u) for u in ups)} (run seed {args.seed}), {k} phase starts, "
          f"{(winner >= 0).mean():.3f} finished, {time.process_time() - t:.1f} CPU s", flush=True)
    feats, rows, games = feats[:k], rows[:k], games[:k]
    ok = winner[games] >= 0
    test = games >= int(args.games * 0.8)
    coef = np.zeros((M.N_PHASES, M.N_VF))
    for r in range(M.N_PHASES):
        tr = ok & (rows == r) & ~test
        te = ok & (rows == r) & test
        c, res = fit_logit(feats[tr], winner[games[tr]])
        held = log_loss(feats[te], winner[games[te]], c)
        coef[r] = fit_logit(feats[ok & (rows == r)], winner[games[ok & (rows == r)]])[0]   # all games
        print(f"phase {r}: {tr.sum()} train / {te.sum()} held-out samples; held-out log-loss {held:.4f} "
              f"(uniform {np.log(N_PLAYERS):.4f})", flush=True)
    print("VALUE_COEF = np.array([")
    for r in range(M.N_PHASES):
        print("    [" + ", ".join(f"{x:.4f}" for x in coef[r]) + "],")
    print("])")
    if args.out:
        Path(args.out).write_text(json.dumps({"coef": coef.tolist(), "games": args.games, "seed": args.seed}))
    return coef


def config(text, spec):
    """'search_iterations=24/steps=build+build_pick' -> ({weight: value}, steps array)."""
    over, steps = {}, None
    for item in [x for x in text.split("/") if x]:
        k, _, v = item.partition("=")
        if k == "steps":
            steps = np.zeros(len(STEP_NAMES), np.int64)
            for name in v.split("+"):
                steps[STEP_NAMES.index(name)] = 1
        else:
            over[k] = float(v)
    return over, steps


def readonly(a):
    a = np.ascontiguousarray(a)
    a.flags.writeable = False
    return a


def strength(coef, text, per_seat, seed=1600):
    from statsmodels.stats.proportion import proportion_confint
    spec, _, _ = lineup(["tuned"] * N_PLAYERS)
    over, steps = config(text, spec)
    steps = readonly(M.SEARCHED_STEPS if steps is None else steps)
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
        play(np.uint64(seed + seat), per_seat, ctx, N_PLAYERS, kinds, weights, coef, steps, wins,
             np.zeros((per_seat, N_PLAYERS)), np.zeros((per_seat, N_PLAYERS), np.int64))
        cpu += time.process_time() - t
        w_all.append(wins[:, seat])
    w = np.concatenate(w_all)
    lo, hi = proportion_confint(w.sum(), len(w), method="wilson")
    print(f"| {text or 'default'} | {len(w)} | {w.mean():.3f} [{lo:.3f}, {hi:.3f}] | "
          f"{'yes' if lo > 1 / N_PLAYERS else 'no'} | {cpu:.0f} |", flush=True)


def speed(coef, text, n_games, seed=1700):
    spec, kinds, weights = lineup(["ismcts"] * N_PLAYERS)
    over, steps = config(text, spec)
    steps = readonly(M.SEARCHED_STEPS if steps is None else steps)
    names = list(spec.strategy("ismcts").weight_names)
    for k, v in over.items():
        weights[:, names.index(k)] = v
    ctx = E.make_ctx(N_PLAYERS, spec.params.defaults())
    wins = np.zeros((n_games, N_PLAYERS))
    scores = np.zeros((n_games, N_PLAYERS))
    ranks = np.zeros((n_games, N_PLAYERS), np.int64)
    play(np.uint64(seed), 1, ctx, N_PLAYERS, kinds, weights, coef, steps, wins, scores, ranks)     # compile
    t = time.process_time()
    play(np.uint64(seed), n_games, ctx, N_PLAYERS, kinds, weights, coef, steps, wins, scores, ranks)
    dt = time.process_time() - t
    print(f"speed {text or 'default'}: {n_games} games, every seat ismcts: {n_games / dt:.1f} games/CPU-s",
          flush=True)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=0, help="tuned games to fit on (0: no fit)")
    ap.add_argument("--seed", type=int, default=7100)
    ap.add_argument("--fit-lineup", action="append", default=[],
                    help="fit on these 6-seat line-ups (e.g. tuned*2,greedy*2,random*2; repeatable; default every seat tuned)")
    ap.add_argument("--out", default="", help="write the fitted coefficients (JSON)")
    ap.add_argument("--coef", default="", help="read coefficients (JSON) instead of the shipped VALUE_COEF")
    ap.add_argument("--strength", type=int, default=0, help="games per seat of one ismcts among tuned")
    ap.add_argument("--speed", type=int, default=0, help="games with ismcts in every seat")
    ap.add_argument("--config", action="append", default=[], help="weights/steps of the ismcts seat")
    a = ap.parse_args(argv)
    coef = M.VALUE_COEF
    if a.games:
        coef = fit(a)
    elif a.coef:
        coef = np.array(json.loads(Path(a.coef).read_text())["coef"])
    coef = readonly(np.array(coef, np.float64))
    configs = a.config or [""]
    if a.strength:
        print("| config | games | ismcts share vs 5 tuned [95% CI] | above 1/6 | CPU s |\n|---|---|---|---|---|")
        for c in configs:
            strength(coef, c, a.strength)
    if a.speed:
        for c in configs:
            speed(coef, c, a.speed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
