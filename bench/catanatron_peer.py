"""Agon vs Catanatron on the same work: random 4-player base games on one core.

Runs only where catanatron is installed (`pip install -e '.[peer]'`; never a runtime
dependency). Both play uniformly random legal actions (troja.md §2.5, Agon with
peer_mode=true) for the same wall time; prints games/s, mean game length in
Catanatron's counting (completed turns incl. 2(P-1) setup hand-overs) and the ratio, per
wall second and per CPU second of this process (the CPU ratio is the one to trust on a
shared machine, where other load steals wall time from either side).

    python bench/catanatron_peer.py [--seconds 20]
"""
import argparse
import os
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def catanatron_run(seconds):
    from catanatron import Game, RandomPlayer, Color
    colors = [Color.RED, Color.BLUE, Color.ORANGE, Color.WHITE]
    lengths = []
    t0, c0 = time.perf_counter(), time.process_time()
    while time.perf_counter() - t0 < seconds:
        game = Game([RandomPlayer(c) for c in colors])
        game.play()
        lengths.append(game.state.num_turns)
    dt, dc = time.perf_counter() - t0, time.process_time() - c0
    return len(lengths) / dt, len(lengths) / dc, float(np.mean(lengths)), len(lengths)


def agon_run(seconds):
    from sim.catan import SPEC
    vec = SPEC.params.vector({"peer_mode": True})
    kinds = np.zeros(4, dtype=np.int64)
    SPEC.play_batch(0, 0, 5, 4, vec, kinds)  # JIT (or cache load) outside the timing
    lengths = []
    start = 0
    t0, c0 = time.perf_counter(), time.process_time()
    chunk = 200
    while time.perf_counter() - t0 < seconds:
        r = SPEC.play_batch(1, start, chunk, 4, vec, kinds)
        lengths.append(r["turns_peer"])
        start += chunk
    dt, dc = time.perf_counter() - t0, time.process_time() - c0
    lengths = np.concatenate(lengths)
    return len(lengths) / dt, len(lengths) / dc, float(lengths.mean()), len(lengths)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=20.0)
    a = ap.parse_args(argv)
    try:
        import catanatron  # noqa: F401
    except ImportError:
        print("catanatron is not installed (pip install -e '.[peer]'); Agon only:")
        gps, gpc, mean, n = agon_run(a.seconds)
        print(f"agon       {gps:10.1f} games/s  {gpc:10.1f} games/cpu-s  mean length {mean:6.1f} "
              f"player-turns  ({n} games)")
        return
    cg, cc, cm, cn = catanatron_run(a.seconds)
    ag, ac, am, an = agon_run(a.seconds)
    print(f"catanatron {cg:10.1f} games/s  {cc:10.1f} games/cpu-s  mean length {cm:6.1f} turns  ({cn} games)")
    print(f"agon       {ag:10.1f} games/s  {ac:10.1f} games/cpu-s  mean length {am:6.1f} turns  ({an} games)")
    print(f"ratio      {ag / cg:10.1f}x wall  {ac / cc:10.1f}x cpu  "
          f"(length ratio {am / cm:.3f}; valid if within 0.85..1.15)")


if __name__ == "__main__":
    main()
