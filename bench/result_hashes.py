"""Result hashes: a fingerprint of every result column of a few thousand games per strategy and
player count, to show that a refactoring changed nothing (the same seeds give bit-identical
results).

    python bench/result_hashes.py glory-to-rome --write bench/hashes/glory_to_rome.json
    python bench/result_hashes.py glory-to-rome --check bench/hashes/glory_to_rome.json
    python bench/result_hashes.py glory-to-rome --update FILE --only ismcts   # a deliberate change
    python bench/result_hashes.py mare-nostrum --check FILE --params-prefix 79  # after appending switches

Each case is one line-up (every seat the same strategy, plus one mixed line-up, plus a few rule
variants of the game's `RULE_VARIANTS` below) at one player count; its hash is SHA-1 over the
sorted result columns (name, dtype, shape, bytes), the `flow_*` and `loc_*` columns left out (they only read
the state, so hashes written before them stay comparable). `--scale` multiplies the game counts.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
import zlib

import numpy as np

from sim import get_game
from sim.spec import AgonInputError

# games per case by strategy family (the search player is slow)
GAMES = {"random": 4000, "ismcts": 40}
DEFAULT_GAMES = 2000
# per-game overrides of GAMES
GAMES_OF: dict = {}
# rule variants worth a case of their own (random and greedy line-ups), per game
RULE_VARIANTS = {
    "glory-to-rome": [{"ruleset": "republic"}, {"leader_think_forces_all_think": True},
                      {"first_leader_rule": "seat0", "power_gate": False}],
    # the base game (3-5 players only: skipped at 6), the points start, card-by-card payment
    # without wild taxes, and fixed civs with the war/take-over options switched
    "mare-nostrum": [{"myth": False}, {"start": "points"}, {"auto_pay": False, "tax_wild": False},
                     {"civ_assignment": "fixed", "capital_takeover": True, "war_income": True,
                      "occupier_income": False, "land_attack_mandatory": False}],
}


def result_hash(res: dict) -> str:
    """SHA-1 of the result columns, the flow statistics (`flow_*`, sim/flow.py) and the board
    locations (`loc_*`, reports/board.py) left out: they only read the state, so the games and
    every other column are those of the stored hashes."""
    h = hashlib.sha1()
    for key in sorted(res):
        if key.startswith(("flow_", "loc_")):
            continue
        a = np.ascontiguousarray(res[key])
        h.update(f"{key}|{a.dtype.str}|{a.shape}|".encode())
        h.update(a.tobytes())
    return h.hexdigest()


def cases(spec, scale):
    names = [s.name for s in spec.strategies]
    games = {**GAMES, **GAMES_OF.get(spec.name, {})}
    for p in spec.player_counts:
        for name in names:
            yield f"{name}@{p}", name, p, {}, max(1, int(games.get(name, DEFAULT_GAMES) * scale))
        mixed = [names[(i + 1) % len(names)] for i in range(p)]
        if "ismcts" in mixed:     # the mixed line-up stays fast
            mixed[mixed.index("ismcts")] = "random"
        yield f"{'+'.join(mixed)}@{p}", mixed, p, {}, max(1, int(DEFAULT_GAMES * scale))
        for j, over in enumerate(RULE_VARIANTS.get(spec.name, [])):
            for name in ("random", "greedy"):
                if name in names:
                    n = max(1, int(games.get(name, DEFAULT_GAMES) * scale / 4))
                    yield f"{name}@{p}/variant{j}", name, p, over, n


def run(game: str, scale: float, only: str = "", params_prefix: int = 0) -> dict:
    from experiments.lineup import arrays, parse_lineup
    spec = get_game(game)
    out = {}
    for label, lineup, p, over, n in cases(spec, scale):
        if only and only not in label:
            continue
        kinds, weights = arrays(spec, parse_lineup(spec, lineup, p))
        t = time.process_time()
        try:
            spec.play_batch(20261, 0, 0, p, spec.params.vector(over), kinds, weights, False)
        except AgonInputError:
            continue                    # a rule variant not played at this player count
        vec = spec.params.vector(over)
        res = spec.play_batch(20261, 0, n, p, vec, kinds, weights, False)
        if params_prefix:
            # the hash of the parameter vector before measuring switches were appended (defaults: the
            # rule), so a stored hash still matches when nothing but the vector's length changed
            res = {**res, "params_hash": np.full_like(res["params_hash"], zlib.crc32(
                np.ascontiguousarray(vec[:params_prefix], np.float64).tobytes()))}
        out[label] = {"games": n, "hash": result_hash(res)}
        print(f"{label:40s} {n:6d} games  {out[label]['hash'][:12]}  {time.process_time() - t:6.1f} s cpu",
              flush=True)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game")
    ap.add_argument("--scale", type=float, default=None,
                    help="multiplies the game counts (default: the stored file's scale with --check/--update, else 1)")
    ap.add_argument("--only", default="", help="only cases whose label contains this text")
    ap.add_argument("--params-prefix", type=int, default=0,
                    help="hash params_hash as the CRC-32 of the first N parameters: checks that appending "
                         "parameters (default on: the rule) changed nothing but that column")
    g = ap.add_mutually_exclusive_group(required=True)
    g.add_argument("--write")
    g.add_argument("--check")
    g.add_argument("--update", help="replace the hashes of the cases run (after a deliberate change)")
    a = ap.parse_args()
    stored = a.check or a.update
    if stored:
        file_scale = json.load(open(stored)).get("scale", 1.0)
        if a.scale is not None and a.scale != file_scale:
            ap.error(f"--scale {a.scale} differs from {stored}'s scale {file_scale}: the hashes would all differ")
        a.scale = file_scale
    elif a.scale is None:
        a.scale = 1.0
    got = run(a.game, a.scale, a.only, a.params_prefix)
    if a.write:
        with open(a.write, "w") as f:
            json.dump({"game": a.game, "scale": a.scale, "cases": got}, f, indent=1)
        print(f"wrote {len(got)} hashes to {a.write}")
        return 0
    if a.update:
        with open(a.update) as f:
            data = json.load(f)
        changed = [k for k in got if data["cases"].get(k) != got[k]]
        data["cases"].update(got)
        with open(a.update, "w") as f:
            json.dump(data, f, indent=1)
        print(f"updated {len(changed)} of {len(got)} hashes in {a.update}: {', '.join(changed) or 'none'}")
        return 0
    want = json.load(open(a.check))["cases"]
    bad = [k for k in got if k in want and want[k] != got[k]]
    missing = [k for k in got if k not in want]
    for k in bad:
        print(f"CHANGED {k}: {want[k]['hash'][:12]} -> {got[k]['hash'][:12]}")
    print(f"{len(got) - len(bad) - len(missing)} unchanged, {len(bad)} changed, {len(missing)} not in {a.check}")
    return 1 if bad or missing else 0


if __name__ == "__main__":
    sys.exit(main())
