import json

import numpy as np

import pytest

from reports import build_report
from reports.render import blocks_to_html, blocks_to_markdown, write_atomic
from reports.metrics import metric_table
from reports.aggregate import aggregate_run
from sim.spec import GameSpec, Param, ParamTable, StrategyInfo
from tests.reports.conftest import linear_sweep, write_run


def _snapshot(run):
    return {p.name: p.read_bytes() for p in sorted(run.iterdir()) if p.is_file()}


def test_seats_report_files_and_idempotence(seat_run):
    res = build_report(seat_run)
    for f in ("seats.csv", "metrics.csv", "report.md", "report.html", "seat_win_rates.png",
              "scores.png", "margins.png", "game_length.png"):
        assert (seat_run / f).exists(), f
    assert not (seat_run / "strategies.csv").exists()
    html = (seat_run / "report.html").read_text()
    assert html.count("data:image/png;base64,") == 4
    assert "http://" not in html and "https://" not in html and "<script" not in html
    md = (seat_run / "report.md").read_text()
    assert "What this run cannot conclude" in md and "agon seats test-game" in md
    assert "Seat 0 wins" in md and "Elo" in md
    # the report opens with its verdict: seat 0's planted 30% edge and what to do about it
    assert md.index("## Verdict") < md.index("## What was run")
    verdict = md.split("## Verdict")[1].split("##")[0]
    assert "Seat advantage (4 players): seat 0 +4.9 points" in verdict and "significant" in verdict and "Action:" in verdict
    assert "+nan" not in md
    import pandas as pd
    seats = pd.read_csv(seat_run / "seats.csv")
    need = {"seat", "games", "wins", "draws", "win_rate", "ci_low", "ci_high", "sim_ci_low",
            "sim_ci_high", "p_value", "mean_score", "sd_score", "mean_rank"}
    assert need <= set(seats.columns) and len(seats) == 4
    before = _snapshot(seat_run)
    build_report(seat_run)
    assert _snapshot(seat_run) == before
    assert not [p for p in seat_run.iterdir() if ".tmp" in p.name]
    assert res["summary"]["chi2_p"] < 1e-10


def test_sweep_report(tmp_path):
    run = write_run(tmp_path / "sweep", sweep=linear_sweep(n_seeds=3000), n_seeds=3000, seed=4)
    res = build_report(run, n_boot=300)
    for f in ("sweep.csv", "komi.csv", "seats.csv", "komi_curve.png", "report.html"):
        assert (run / f).exists(), f
    assert res["base_arm"] == 1  # params oracle_points = 2 is arm 1
    md = (run / "report.md").read_text()
    assert "Fair value of `oracle_points`" in md
    # the confirming command pairs with this run: its players, strategy and seed
    import re
    from reports.data import load_meta
    cmd = re.search(r"`agon compare` of `(agon seats [^`]*)`", md).group(1)
    m = load_meta(run)
    assert f"--players {m['players']} --strategies {m['strategies'][0]} --seed {m['seed']} --set" in cmd
    before = _snapshot(run)
    build_report(run, n_boot=300)
    assert _snapshot(run) == before


def test_grid_sweep_and_rotation_report(tmp_path):
    arms, i = [], 0
    for a in (0, 1):
        for b in (0, 2, 4, 6):
            arms.append({"arm": i, "values": {"variant": a, "oracle_points": b}})
            i += 1

    def probs(v):
        p0 = 0.5 + 0.02 * v["variant"] - 0.02 * v["oracle_points"]
        return [p0, 1 - p0]

    run = write_run(tmp_path / "grid", players=2, n_seeds=1500, strategies=["greedy", "random"], rotation=True,
                    sweep={"params": ["variant", "oracle_points"], "arms": arms, "probs": probs})
    res = build_report(run, n_boot=200)
    assert (run / "sweep_heatmap.png").exists() and (run / "grid_crossings.csv").exists()
    assert (run / "strategies.csv").exists() and (run / "strategy_seats.csv").exists()
    assert res["grid"].shape == (2, 4)
    assert "data:image/png;base64," in (run / "report.html").read_text()


def test_spec_labels_and_non_default_params(tmp_path):
    run = write_run(tmp_path / "spec", players=3, n_seeds=500, game="fake-game")
    spec = GameSpec(name="fake-game", title="Fake Game", player_counts=(3,), default_players=3,
                    params=ParamTable([Param("oracle_points", 1, 0, 9, "points per oracle"),
                                       Param("variant", "base", choices=("base", "alt"))]),
                    strategies=(StrategyInfo("random", 0, "uniform over legal actions"),),
                    play_batch=None, play_traced=None)
    build_report(run, game_spec=spec)
    md = (run / "report.md").read_text()
    assert "Fake Game" in md and "`oracle_points` = 2 (default 1)" in md and "`variant`" not in md.split("defaults")[1].split("\n")[0]
    assert "uniform over legal actions" in md


def test_unknown_game_still_renders(tmp_path):
    run = write_run(tmp_path / "unknown", players=2, n_seeds=300, game="no-such-game")
    build_report(run)
    assert "defaults unknown" in (run / "report.md").read_text()


def test_metric_table(seat_run):
    agg = aggregate_run(seat_run)
    names = agg.seat_metrics
    assert names == ["oracles", "market_points"]
    mt = metric_table(agg, 4, names).set_index("metric")
    assert mt.loc["oracles", "all"] == pytest.approx(1.5, abs=0.05)
    assert mt.loc["market_points", "winners"] > mt.loc["market_points", "non_winners"]
    # no share of the score from a metric's name: only declared score parts get one
    assert mt["share_of_score"].isna().all()
    mt = metric_table(agg, 4, names, score_parts=["market_points"]).set_index("metric")
    assert 0.15 < mt.loc["market_points", "share_of_score"] < 0.25 and np.isnan(mt.loc["oracles", "share_of_score"])


def test_chunking_does_not_change_tables(tmp_path):
    a = write_run(tmp_path / "a", n_seeds=2000, chunk=300, seed=9)
    b = write_run(tmp_path / "b", n_seeds=2000, chunk=1700, seed=9)
    build_report(a)
    build_report(b)
    for f in ("seats.csv", "metrics.csv", "seat_win_rates.png"):
        assert (a / f).read_bytes() == (b / f).read_bytes(), f


def test_interrupted_run_is_flagged(tmp_path):
    run = write_run(tmp_path / "cut", n_seeds=1000)
    meta = json.loads((run / "run.json").read_text())
    meta["games"] = 5000
    (run / "run.json").write_text(json.dumps(meta))
    build_report(run)
    assert "run.json lists 5,000 games but the results hold 1,000" in (run / "report.md").read_text()


def test_converter_escapes_and_formats():
    blocks = [("h", 1, "T <x>"), ("p", "**bold** and `a<b>` & text"), ("ul", ["`x_1`"]),
              ("table", ["a|b", "c"], [["1", "<script>"]], "cap"), ("code", "agon run <cfg>")]
    md = blocks_to_markdown(blocks)
    assert "| a\\|b | c |" in md and "```\nagon run <cfg>\n```" in md
    page = blocks_to_html(blocks, {}, "T")
    assert "<strong>bold</strong>" in page and "<code>a&lt;b&gt;</code> &amp; text" in page
    assert "&lt;script&gt;" in page and "<script>" not in page
    assert "<pre><code>agon run &lt;cfg&gt;\n</code></pre>" in page


def test_markdown_renderer_bold_code_and_links():
    """markdown-it-py renders what the hand-written converter got wrong: bold text holding code
    (it printed literal `**`), and links between reports point to the HTML pages in report.html."""
    blocks = [("h", 1, "T"), ("p", "**Fair value of `merchant_bonus_vp`**: about 2."),
              ("p", "Full report: [seats-4p/report.md](seats-4p/report.md); [anchor](#verdict); "
                    "[web](https://example.org/a.md)")]
    page = blocks_to_html(blocks, {}, "T")
    assert "<strong>Fair value of <code>merchant_bonus_vp</code></strong>" in page and "**" not in page
    assert '<a href="seats-4p/report.html">seats-4p/report.md</a>' in page
    assert 'href="#verdict"' in page and 'href="https://example.org/a.md"' in page


def test_write_atomic_keeps_old_file_on_failure(tmp_path):
    target = tmp_path / "seats.csv"
    write_atomic(target, b"old")
    with pytest.raises(TypeError):
        write_atomic(target, "not bytes")
    assert target.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["seats.csv"]


def test_an_advised_sweep_names_the_player():
    """A flagged seat's advised sweep is a command to run: it names the player the seats run used (the CLI's
    default strategy is `random`, so a command without it would measure another player)."""
    import pandas as pd
    from reports.render import seat_verdict
    tab = pd.DataFrame({"seat": [0, 1], "p_holm": [1e-4, 1e-4], "edge_points": [4.0, -4.0], "win_rate": [0.54, 0.46],
                        "ci_low": [0.52, 0.44], "ci_high": [0.56, 0.48], "sim_ci_low": [0.52, 0.44],
                        "sim_ci_high": [0.56, 0.48]})
    line = seat_verdict(tab, 2, 4000, key_param="target", game="pig", strategy="greedy")
    assert "`agon sweep pig --players 2 --strategies greedy --param target=" in line
    assert "--strategies" not in seat_verdict(tab, 2, 4000, key_param="target", game="pig")


def test_run_player_gives_the_line_up_as_strategies_takes_it(tmp_path):
    import json
    from reports.sweep import run_player
    assert run_player(None) == "" and run_player(tmp_path) == ""
    (tmp_path / "run.json").write_text(json.dumps({"strategies": ["greedy"] * 4}))
    assert run_player(tmp_path) == "greedy"
    (tmp_path / "run.json").write_text(json.dumps({"strategies": ["tuned", "greedy", "greedy"]}))
    assert run_player(tmp_path) == "tuned,greedy,greedy"


def test_a_list_items_details_nest_under_it(tmp_path):
    """A verdict's details (reports/render.nested) are bullets under it, in the Markdown, the HTML and the
    index that repeats every report's verdict."""
    from reports.render import nested
    from reports.index import verdict_lines
    item = nested("Seat advantage: seat 0 +3.4 points. Action: check it", ["Checked: fair.", "At 2 players: off."])
    md = blocks_to_markdown([("h", 2, "Verdict"), ("ul", [item, "Next line."])])
    assert md.splitlines()[2:] == ["- Seat advantage: seat 0 +3.4 points. Action: check it", "  - Checked: fair.",
                                   "  - At 2 players: off.", "- Next line."]
    html = blocks_to_html([("ul", [item, "Next line."])], {}, "t")
    assert html.count("<ul>") == 2 and "check it\n<ul>\n<li>Checked: fair.</li>" in html
    (tmp_path / "report.md").write_text("# T\n\n" + md)
    assert verdict_lines(tmp_path) == md.splitlines()[2:]
