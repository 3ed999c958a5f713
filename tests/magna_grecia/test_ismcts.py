"""Magna Grecia's `ismcts` (sim/search bound in strategies/magna_grecia.py) plays every seat of a
game without a seat that never scores: the check-players flag that the tuned file's negative
city_tiles weight caused (GameSpec.extra["search_set"]), kept here as a test."""
import numpy as np

from experiments.lineup import arrays, parse_lineup
from sim import get_game


def test_every_ismcts_seat_scores():
    spec = get_game("magna-grecia")
    kinds, weights = arrays(spec, parse_lineup(spec, "ismcts", 4))
    r = spec.play_batch(1, 0, 8, 4, spec.params.defaults(), kinds, weights)
    scored = (r["cities_founded"] + r["city_tiles_placed"] + r["markets_built"] + r["markets_sold"]) > 0
    assert scored.shape == (8, 4)
    assert scored.all(), f"seats that never scored: {np.argwhere(~scored).tolist()}"


def test_the_search_keeps_its_own_city_tiles_weight():
    """ismcts reads the tuned file (its source says so) but plays city_tiles at the game's search_set."""
    spec = get_game("magna-grecia")
    seat = parse_lineup(spec, "ismcts", 4)[0]
    names = list(spec.strategy("ismcts").weight_names)
    assert seat.weights[names.index("city_tiles")] == spec.extra["search_set"]["city_tiles"] == 1.3
    assert "magna-grecia-4p.toml" in seat.source and "keeps city_tiles = 1.3" in seat.source
    tuned = parse_lineup(spec, "tuned", 4)[0]
    assert tuned.weights[names.index("city_tiles")] < 0       # the tuned file's own value is left to `tuned`
    # everything else is the tuned file's
    same = [i for i, n in enumerate(names[:len(tuned.weights)]) if n != "city_tiles"]
    assert all(seat.weights[i] == tuned.weights[i] for i in same)


def test_one_search_seat_beats_three_tuned():
    """The search at its default budget (8 iterations, one-step passes kept per decision) still
    wins more than the fair share as one seat among three `tuned`, the seat rotated: 0.412 [0.373,
    0.451] of these 600 games (0.305 [0.269, 0.343] while the search still placed the oracles; 14
    CPU-s); a seat playing the same weights without search (0 iterations) won 0.221 [0.173, 0.277]
    of 240 of them (the first 60 at each seat)."""
    from reports.stats import wilson
    spec = get_game("magna-grecia")
    per_seat, wins = 150, 0.0
    for seat in range(4):
        names = ["tuned"] * 4
        names[seat] = "ismcts"
        kinds, weights = arrays(spec, parse_lineup(spec, names, 4))
        r = spec.play_batch(3100 + seat, 0, per_seat, 4, spec.params.defaults(), kinds, weights)
        wins += r["win"][:, seat].sum()
    lo, hi = wilson(wins, 4 * per_seat)
    assert lo > 0.25, (wins, 4 * per_seat, lo, hi)


def test_the_search_leaves_the_oracles_placement_to_the_policy():
    """Before round 1 no piece is on the board and every oracle placement's value at the cut-off
    was the same, so the search placed the oracles alike game after game; with every seat
    searching the second seat then won 65% [58, 72] of 200 games. The search leaves that decision
    to its policy (the greedy's uniform draw): over 30 player streams the first placement varies."""
    from sim.magna_grecia import engine as E
    from sim.magna_grecia.state import S_STAGE, ST_ORACLES
    from sim.rng import new_stream, PLAYERS
    from strategies import magna_grecia as G
    spec = get_game("magna-grecia")
    kinds, weights = arrays(spec, parse_lineup(spec, "ismcts", 4))
    ctx = E.make_ctx(4, spec.params.vector({}))
    st = np.zeros(E.STATE_SIZE, np.int32)
    E.new_game(st, ctx, np.int64(4), np.int64(5), np.int64(0))
    legal = np.zeros(E.N_ACTIONS, np.int32)
    n = E.legal_actions(st, ctx, legal)
    assert st[S_STAGE] == ST_ORACLES and n > 10
    picks = set()
    for k in range(30):
        rng = new_stream(np.int64(5), np.int64(k), PLAYERS)
        picks.add(int(G.choose(st.copy(), ctx, legal, n, kinds[0], weights[0], rng,
                               np.zeros(E.STATE_SIZE, np.int32))))
    assert len(picks) >= 10, sorted(picks)


def test_no_seat_dominates_when_every_seat_searches():
    """With every seat `ismcts` the seats stay near fair (the check that caught the oracle
    placements above: the second seat won 0.52-0.65): 200 games at 4 players."""
    spec = get_game("magna-grecia")
    kinds, weights = arrays(spec, parse_lineup(spec, "ismcts", 4))
    r = spec.play_batch(11, 0, 200, 4, spec.params.defaults(), kinds, weights)
    share = r["win"].mean(axis=0)
    assert share.max() < 0.42, share
