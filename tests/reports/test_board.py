"""Board heatmaps (reports/board.py) on synthetic results with planted effects: no engine runs."""
import numpy as np
import pandas as pd
import pytest

from reports import board as BD


def _frame(n=4000, seed=1):
    """Two seats. Seat 0 wins 70% of games and holds place 3 in 80% of its games, seat 1 in 20%,
    independently of winning (a seat effect only). Place 5 is held by whoever wins (a place
    effect). Place 7 is never held."""
    rng = np.random.default_rng(seed)
    w0 = (rng.random(n) < 0.7).astype(float)
    win = np.column_stack([w0, 1 - w0])
    held3 = np.column_stack([rng.random(n) < 0.8, rng.random(n) < 0.2])
    held5 = win > 0.5
    words = (held3 * (1 << 3) + held5 * (1 << 5)).astype(float)
    return pd.DataFrame({"win_0": win[:, 0], "win_1": win[:, 1],
                         "loc_x_w0_0": words[:, 0], "loc_x_w0_1": words[:, 1],
                         "loc_first_0": np.where(held5[:, 0], 5, 3).astype(float),
                         "loc_first_1": np.full(n, -1.0)})


def test_bits_decode_every_word():
    words = np.array([[float(1 << 49), 1.0], [0.0, float(1 << 2)]])
    held = BD._bits(words, 60)
    assert held[0].nonzero()[0].tolist() == [49, 50]
    assert held[1].nonzero()[0].tolist() == [52]


def test_the_lift_is_adjusted_for_seat_and_finds_a_planted_place():
    df = _frame()
    m = BD.Heatmap("x", "x", "x", "seat_set", "lift", "hex")
    tab = BD.table(m, BD.fold([df.iloc[:1500], df.iloc[1500:]], m, 2, 8), [f"p{i}" for i in range(8)])
    t = tab.set_index("location")
    raw = t.loc[3, "win_rate"] - 0.5     # seats holding place 3 are mostly seat 0, which wins 70%
    assert raw > 0.1
    assert abs(t.loc[3, "lift"]) < 0.05 and t.loc[3, "lift_low"] < 0 < t.loc[3, "lift_high"]
    assert t.loc[5, "lift"] > 0.9 and t.loc[5, "lift_low"] > 0.8          # held exactly by winners
    assert not t.loc[7, "judged"] and np.isnan(t.loc[7, "lift"]) and t.loc[7, "n"] == 0
    assert t.loc[5, "n"] == pytest.approx(len(df))                         # one seat-game per game


def test_chunking_does_not_change_the_counts():
    df = _frame(900, 3)
    m = BD.Heatmap("x", "x", "x", "seat_set", "lift", "hex")
    a = BD.fold([df], m, 2, 8)
    b = BD.fold([df.iloc[i:i + 100] for i in range(0, 900, 100)], m, 2, 8)
    for f in ("n", "w", "base_n", "base_w"):
        assert np.array_equal(getattr(a, f), getattr(b, f))


def test_few_seat_games_are_grey_not_estimated():
    df = _frame(40, 2)
    m = BD.Heatmap("x", "x", "x", "seat_set", "lift", "hex")
    tab = BD.table(m, BD.fold([df], m, 2, 8), list("abcdefgh"), min_cell=50)   # 40 games: 40 seat-games a side at most
    assert not tab["judged"].any() and tab["lift"].isna().all()
    assert tab.set_index("location").loc[5, "n"] == 40                     # the n is still shown


def test_index_columns_and_presence():
    df = _frame(2000, 4)
    m = BD.Heatmap("first", "f", "first", "seat_index", "share", "node")
    t = BD.table(m, BD.fold([df], m, 2, 8), list("abcdefgh")).set_index(["group", "location"])
    # seat 0 always settles (place 5 or 3), seat 1 never: shares of all seat-games
    assert t.loc[("", 5), "n"] + t.loc[("", 3), "n"] == 2000
    assert t.loc[("", 5), "share"] == pytest.approx(t.loc[("", 5), "n"] / 4000)
    # conditioned on presence: place 3 only "in play" where the game word says so
    df["loc_on_w0"] = np.where(np.arange(2000) < 1000, float(1 << 3), 0.0)
    mp = BD.Heatmap("x", "x", "x", "seat_set", "lift", "hex", present="on")
    tp = BD.table(mp, BD.fold([df], mp, 2, 8), list("abcdefgh")).set_index("location")
    assert tp.loc[3, "base"] == 2000 and tp.loc[5, "base"] == 0 and tp.loc[5, "n"] == 0


def test_a_map_draws_to_png_and_svg():
    df = _frame(600, 5)
    m = BD.Heatmap("x", "Planted", "x", "seat_set", "lift", "hex")
    tab = BD.table(m, BD.fold([df], m, 2, 8), [f"p{i}" for i in range(8)])

    def shape(ax, i):
        from matplotlib.patches import RegularPolygon
        return RegularPolygon((i * 2.0, 0.0), 6, radius=1.0), (i * 2.0, 0.0), 6
    png, svg = BD.figure_bytes(BD.draw(m, tab, shape, None, "planted", "stamp"))
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) > 5000
    assert b"<svg" in svg[:400] and svg.count(b"<path") + svg.count(b"<use") >= 8
    assert BD.figure_bytes(BD.draw(m, tab, shape, None, "planted", "stamp"))[0] == png   # deterministic


def test_a_run_without_location_columns_says_so_instead_of_drawing(tmp_path):
    from sim import get_game
    from tests.reports.conftest import write_run
    run = write_run(tmp_path / "old", players=3, n_seeds=300, game="magna-grecia")
    blocks, images, files, findings, notes = BD.report_section(run, get_game("magna-grecia"), 3, {})
    assert not images and not files and not findings
    assert any(b[0] == "p" and "no board locations" in b[1] for b in blocks)
    # a game without a picture: no section at all
    assert BD.report_section(run, get_game("pig"), 3, {}) == ([], {}, {}, [], {})
