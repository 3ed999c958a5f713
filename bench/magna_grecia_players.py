"""Magna Grecia players as evidence (issue 12): the figures behind tests/magna_grecia/test_players.py.

Usage: python bench/magna_grecia_players.py [--games 200] [--option-seeds 30] [--seed 1]
       [--only cities,options,strength]

- cities: per player count (2, 3, 4) and city_tile_cost (1, 2, 3), self-play of the greedy
  (default weights) and of the one-step greedy (ONE_STEP_WEIGHTS): cities founded per seat
  (mean, 95% t interval over games), games where every seat ties (share, Wilson 95%), game length
  in player-turns (fixed by the rules: rounds x players) and actions per game.
- options: every rule option of the parameter table flipped on the same seeds (common random
  numbers); games out of --option-seeds whose final scores or win shares change, for the
  one-step greedy, the greedy and random players (colours_small_game with 3 players: with 4
  every colour plays).
  Also: roads of one greedy seat (rotated) among random players that join a rival's road end,
  with allow_join_rival_road_end off and on (greedy-only games never leave a road end open).
- strength: one seat of the greedy against the one-step greedy in the others (seat rotated),
  win share with a Wilson 95% interval, per player count and city_tile_cost.
Every figure is printed with its sample size; seeds are fixed, so a rerun prints the same.
"""
import argparse
import time

import numpy as np
from scipy import stats

from sim.magna_grecia import SPEC
from sim.magna_grecia import rules as R
from sim.magna_grecia import state as S
from sim.magna_grecia.board import NB, ORI_ENDS, ORI_MASK
from sim.magna_grecia.params import PARAMS
from sim.magna_grecia.playout import game_actions
from strategies.magna_grecia import GREEDY_WEIGHTS, ONE_STEP_WEIGHTS, N_WEIGHTS

OPTIONS = [("enhanced_resupply", "plus_one", 4), ("board", "generated", 4),
           ("colours_small_game", "fixed", 3), ("oracle_placement", "random", 4),
           ("tie_break", "shared", 4), ("allow_join_rival_road_end", True, 4),
           ("connectivity", "road_count", 4), ("market_build_requires_network", True, 4),
           ("sell_requires_active", True, 4), ("founding_market", 0, 4)]
PLAYERS = {"greedy one-step": (1, ONE_STEP_WEIGHTS), "greedy": (1, GREEDY_WEIGHTS),
           "random": (0, GREEDY_WEIGHTS)}


def play(name, n_players, over, n_games, seed, seats=None):
    kind, w = PLAYERS[name]
    kinds = [kind] * n_players
    ws = np.tile(np.asarray(w, dtype=np.float64), (n_players, 1))
    if seats is not None:                  # seats[s] = player name of seat s
        kinds = [PLAYERS[x][0] for x in seats]
        ws = np.array([PLAYERS[x][1] for x in seats], dtype=np.float64)
    return SPEC.play_batch(seed, 0, n_games, n_players, PARAMS.vector(over), kinds, ws)


def wilson(k, n):
    ci = stats.binomtest(k, n).proportion_ci(method="wilson")
    return f"{k / n:.1%} [{ci.low:.1%}, {ci.high:.1%}]"


def mean_ci(x):
    x = np.asarray(x, dtype=float)
    m = x.mean()
    if len(x) < 2 or x.std() == 0:
        return f"{m:.2f} [{m:.2f}, {m:.2f}]"
    lo, hi = stats.t.interval(0.95, len(x) - 1, loc=m, scale=stats.sem(x))
    return f"{m:.2f} [{lo:.2f}, {hi:.2f}]"


def actions_per_game(name, n_players, over, n_games, seed):
    kind, w = PLAYERS[name]
    ws = np.tile(np.asarray(w, dtype=np.float64), (n_players, 1))
    pr = PARAMS.vector(over)
    return np.mean([len(game_actions(seed, g, n_players, pr, [kind] * n_players, ws)[0])
                    for g in range(min(n_games, 40))])


def cities(n_games, seed):
    print(f"## Cities founded, all-tie games, game length ({n_games} self-play games per row, seed {seed})")
    print("| players | city_tile_cost | player | cities founded per seat (95% CI) | games where every seat ties (95% CI) | player-turns | actions per game (first 40 games) |")
    print("|---|---|---|---|---|---|---|")
    for n_players in (2, 3, 4):
        for cost in (1, 2, 3):
            for name in ("greedy one-step", "greedy"):
                over = {"city_tile_cost": cost}
                r = play(name, n_players, over, n_games, seed)
                per_game = r["cities_founded"].mean(axis=1)
                ties = int(sum(len(set(row)) == 1 for row in r["score"]))
                print(f"| {n_players} | {cost} | {name} | {mean_ci(per_game)} | {ties}/{n_games} = "
                      f"{wilson(ties, n_games)} | {r['turns'].mean():.0f} | "
                      f"{actions_per_game(name, n_players, over, n_games, seed):.0f} |", flush=True)


def changed(a, b):
    return int(np.sum(np.any(a["score"] != b["score"], axis=1) | np.any(a["win"] != b["win"], axis=1)))


def options(n_seeds, seed):
    names = list(PLAYERS)
    print(f"## Rule options: games changed by flipping the option ({n_seeds} seeds, seed {seed}, common random numbers)")
    print("| option | players | " + " | ".join(names) + " |")
    print("|---|---|" + "---|" * len(names))
    for opt, value, n_players in OPTIONS:
        cells = []
        for name in names:
            a = play(name, n_players, {}, n_seeds, seed)
            b = play(name, n_players, {opt: value}, n_seeds, seed)
            cells.append(f"{changed(a, b)}/{n_seeds}")
        print(f"| {opt}={value} | {n_players} | " + " | ".join(cells) + " |", flush=True)


def joins_rival_end(st, p, a):
    h, o = a // 9, a % 9
    for j in range(2):
        d = ORI_ENDS[o, j]
        x = NB[h, d]
        if (x >= 0 and st[S.H_ROAD_OWN + x] >= 0 and st[S.H_ROAD_OWN + x] != p
                and (ORI_MASK[st[S.H_ROAD_OR + x]] >> ((d + 3) % 6)) & 1):
            return True
    return False


def rival_joins(n_games, seed):
    print(f"\nRoads of one greedy seat (rotated) among 3 random players that join a rival's road end "
          f"({n_games} games, seed {seed}):")
    for allow in (False, True):
        pr = PARAMS.vector({"allow_join_rival_road_end": allow})
        roads = 0
        joins = 0
        for g in range(n_games):
            seat = g % 4
            kinds = [0] * 4
            kinds[seat] = 1
            w = np.tile(np.asarray(GREEDY_WEIGHTS, dtype=np.float64), (4, 1))
            actions, _ = game_actions(seed, g, 4, pr, kinds, w)
            st = S.new_game(seed, g, 4, pr)
            for a in actions:
                if a < R.A_CITY and st[S.S_CUR] == seat:
                    roads += 1
                    joins += joins_rival_end(st, seat, int(a))
                R.apply_action(st, pr, int(a))
        print(f"- allow_join_rival_road_end={str(allow).lower()}: {joins} of {roads} greedy roads", flush=True)


def strength(n_games, seed):
    print(f"## Greedy (one seat, rotated) against the one-step greedy ({n_games} games per seat, seed {seed})")
    print("| players | city_tile_cost | games | greedy win share (95% CI) | fair share | mean score greedy / one-step |")
    print("|---|---|---|---|---|---|")
    for n_players in (2, 3, 4):
        for cost in (1, 2, 3):
            wins = []
            sa = []
            sb = []
            for s in range(n_players):
                seats = ["greedy one-step"] * n_players
                seats[s] = "greedy"
                r = play("greedy", n_players, {"city_tile_cost": cost}, n_games, seed, seats)
                wins.append(r["win"][:, s])
                sa.append(r["score"][:, s])
                sb.append(np.delete(r["score"], s, axis=1).ravel())
            wins = np.concatenate(wins)
            k = int(round(wins.sum()))
            print(f"| {n_players} | {cost} | {len(wins)} | {wilson(k, len(wins))} | {1 / n_players:.1%} | "
                  f"{np.concatenate(sa).mean():.1f} / {np.concatenate(sb).mean():.1f} |", flush=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--option-seeds", type=int, default=30)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--only", default="cities,options,strength")
    a = ap.parse_args()
    t = time.time()
    parts = a.only.split(",")
    if "cities" in parts:
        cities(a.games, a.seed)
    if "options" in parts:
        options(a.option_seeds, a.seed)
        rival_joins(max(40, a.option_seeds), a.seed)
    if "strength" in parts:
        strength(max(1, a.games // 4), a.seed)
    print(f"\n({time.time() - t:.0f} s wall)")


if __name__ == "__main__":
    main()
