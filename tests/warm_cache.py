"""Compile every game's numba code once, a game per process, before the suite runs (`make test`).

Why: on a fresh machine the suite's two pytest-xdist workers and the CLI processes its tests start
would each compile whatever they meet first, often the same engine at the same time; compiled here
first, every later process loads it from the numba cache. Per game: the batch loop with invariant
checks (every player kind is in that one compiled loop) and one traced game of every strategy (the
move-by-move entry points the players' and contract tests call).

    python -m tests.warm_cache [--jobs 2]
"""
import argparse
import time
from concurrent.futures import ProcessPoolExecutor

from sim import contract, get_game


def warm(name: str) -> tuple[str, float]:
    spec = get_game(name)
    game = contract.game_of(spec)
    t = time.perf_counter()
    n = spec.default_players
    strategies = [s.name for s in spec.strategies]
    kinds, w = contract.lineup_arrays(spec, [strategies[i % len(strategies)] for i in range(n)])
    contract.play_batch(game, 1, 0, 1, n, spec.params.defaults(), kinds, w, check=True)
    for s in strategies:
        kinds, w = contract.lineup_arrays(spec, [s] * n)
        contract.play_traced(game, 1, 0, n, spec.params.defaults(), kinds, w)
    return name, time.perf_counter() - t


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--jobs", type=int, default=2)
    a = ap.parse_args()
    first = ["mare-nostrum", "catan", "glory-to-rome", "magna-grecia", "troja"]     # the dearest first
    names = sorted(contract.contract_games(), key=lambda g: first.index(g) if g in first else len(first))
    t = time.perf_counter()
    with ProcessPoolExecutor(max_workers=max(1, a.jobs)) as pool:
        for name, s in pool.map(warm, names):
            print(f"{name}: compiled or loaded in {s:.0f} s", flush=True)
    print(f"numba cache warm for {len(names)} games in {time.perf_counter() - t:.0f} s", flush=True)


if __name__ == "__main__":
    main()
