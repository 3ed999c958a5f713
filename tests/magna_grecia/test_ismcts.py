"""Magna Grecia's `ismcts` (sim/search bound in strategies/magna_grecia.py) and `tuned` play every
seat of a game without a seat that never scores: the check-players flag that the tuned files'
trained, negative city_tiles weight caused (now fixed in training, GameSpec.extra["train_fixed"]),
kept here as a test."""
import numpy as np
import pytest

from experiments.lineup import arrays, parse_lineup
from sim import get_game


@pytest.mark.parametrize("strategy, games", [("ismcts", 8), ("tuned", 30)])
def test_every_seat_scores(strategy, games):
    """Every seat of `games` 4-player games of seed 1 scores. With city_tiles trained (-0.26) a seat
    never scored in 43 of 60 all-`ismcts` games and in 13 of 200 `tuned` games, among them games 10,
    16 and 22 of seed 1 (`agon check-players`)."""
    spec = get_game("magna-grecia")
    kinds, weights = arrays(spec, parse_lineup(spec, strategy, 4))
    r = spec.play_batch(1, 0, games, 4, spec.params.defaults(), kinds, weights)
    scored = (r["cities_founded"] + r["city_tiles_placed"] + r["markets_built"] + r["markets_sold"]) > 0
    assert scored.shape == (games, 4)
    assert scored.all(), f"seats that never scored: {np.argwhere(~scored).tolist()}"


def test_city_tiles_is_never_trained_and_the_search_plays_the_tuned_file():
    """Trained freely, city_tiles went negative and left a seat that never scored: it is fixed at its
    default in training (GameSpec.extra["train_fixed"]), the shipped files keep it, and ismcts plays
    the tuned file's greedy weights unchanged."""
    from experiments.train import trained_names
    from experiments import weights as wmod
    spec = get_game("magna-grecia")
    assert "city_tiles" not in trained_names(spec, "greedy")
    names = list(spec.strategy("greedy").weight_names)
    default = spec.strategy("greedy").weights[names.index("city_tiles")]
    for players in (2, 4):
        res = wmod.resolve(spec, players, None, "greedy")
        assert res.path is not None
        data = wmod.read(res.path)
        assert "city_tiles" not in data["training"]["trained_weights"]
        tuned = parse_lineup(spec, "tuned", players)[0]
        assert tuned.weights[names.index("city_tiles")] == default
        seat = parse_lineup(spec, "ismcts", players)[0]
        assert seat.weights[:len(tuned.weights)] == tuned.weights
        assert f"magna-grecia-{players}p.toml" in seat.source


def test_one_search_seat_beats_three_tuned():
    """The search at its default budget (8 iterations, one-step passes kept per decision) still
    wins more than the fair share as one seat among three `tuned`, the seat rotated: 0.422 [0.383,
    0.462] of these 600 games against the tuned file trained with city_tiles fixed (0.412 [0.373,
    0.451] against the earlier file; 10 CPU-s)."""
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
