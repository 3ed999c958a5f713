"""Which village markets does a Magna Grecia player later cover with its own city?

A market a player buys in a village and later covers with its own city is the founding market it would have
got free (rules §4.6), so only its price counts. This count is what the greedy's `village_cover` weight and
its `cover_chance` shape were fitted to (docs/FINDINGS.md, "Building markets"):

    python bench/magna_grecia_cover.py --games 300                      # the shipped greedy
    python bench/magna_grecia_cover.py --games 400 --city-tile-cost 3
    python bench/magna_grecia_cover.py --strategy greedy:village_cover=0   # the old greedy

Prints the share of village markets the builder's own city covers by the end, by whether its city may still
cover the village when it buys (strategies.magna_grecia.own_cover_possible), and by rounds left x city tiles
the builder can still pay for.
"""
import argparse

import pandas as pd

from experiments.lineup import parse_strategy
from sim import contract, get_game
from sim.magna_grecia.board import N
from sim.magna_grecia.playout import GAME
from sim.magna_grecia.rules import A_BUILD, A_SELL
from sim.magna_grecia.rules.places import entered_by
from sim.magna_grecia.state import C_OWNER, H_CITY, S_POINTS, S_ROUND, S_ROUNDS
from strategies.magna_grecia import own_cover_possible


def village_markets(strategy: str, players: int, games: int, seed: int, ctc: int) -> pd.DataFrame:
    """One row per village market built: who, when, with how many points, and whether its own city covered it."""
    spec = get_game("magna-grecia")
    params = spec.params.vector({"city_tile_cost": ctc})
    seats = [parse_strategy(spec, strategy, players)] * players
    kinds = [s.kind for s in seats]
    weights = [list(s.weights) for s in seats]
    rows = []
    for g in range(games):
        built = []

        def on_state(st, ctx, log):
            if log and log[-1][0] == "action" and A_BUILD <= log[-1][2] < A_SELL:
                p, h = log[-1][1], log[-1][2] - A_BUILD
                if h < N and st[H_CITY + h] < 0:
                    built.append(dict(game=g, p=p, h=h, left=int(st[S_ROUNDS] - st[S_ROUND]),
                                      tiles=int(st[S_POINTS + p]) // max(ctc, 1),
                                      may_cover=bool(own_cover_possible(st, p, h)),
                                      entered=bool(entered_by(st, h, p))))

        st, _, _ = contract.play_logged(GAME, seed, g, players, params, kinds, weights, trace=False,
                                        on_state=on_state)
        for r in built:
            c = st[H_CITY + r["h"]]
            r["own_covered"] = bool(c >= 0 and st[C_OWNER + c] == r["p"])
            rows.append(r)
    return pd.DataFrame(rows)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--strategy", default="greedy")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--seed", type=int, default=77)
    ap.add_argument("--city-tile-cost", type=int, default=1)
    a = ap.parse_args()
    df = village_markets(a.strategy, a.players, a.games, a.seed, a.city_tile_cost)
    if df.empty:
        print("no village market was built")
        return
    print(f"{a.strategy}, {a.players} players, city_tile_cost {a.city_tile_cost}, {a.games} games: "
          f"{len(df) / a.games / a.players:.2f} village markets a seat-game")
    print(df.groupby(["may_cover", "entered"]).own_covered.agg(["size", "mean"]).round(3))
    v = df[df.may_cover]
    print("\nshare covered by the builder's own city (may cover), rounds left x city tiles payable:")
    print(pd.crosstab(pd.cut(v.left, [0, 2, 4, 6, 8, 12]), pd.cut(v.tiles, [-1, 1, 3, 5, 8, 40]),
                      values=v.own_covered, aggfunc="mean").round(2))
    print("\nmarkets in each cell:")
    print(pd.crosstab(pd.cut(v.left, [0, 2, 4, 6, 8, 12]), pd.cut(v.tiles, [-1, 1, 3, 5, 8, 40])))


if __name__ == "__main__":
    main()
