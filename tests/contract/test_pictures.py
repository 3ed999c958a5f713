"""Board pictures of every game (issue 17): the replay page (experiments/replay.py) and the
report's board maps (reports/board.py) on real engines, a few games each.

- the replay plays the same game as `play_traced` (same final result), has one frame per
  decision plus the set-up, and its board changes as the game goes;
- hidden information: with a chosen seat the page shows that seat's hand and only counts of the
  others' (from the engine's `observation`), with --reveal everyone's;
- the loc_* result columns agree with the final state they were recorded from;
- a small seats run's report has the "Where on the board" section, PNG and SVG.
"""
import json
import re

import numpy as np
import pytest

from sim import contract, get_game
from reports.boards import PICTURES

GAMES = [("magna-grecia", 3, 1), ("glory-to-rome", 3, 2), ("mare-nostrum", 4, 1), ("catan", 4, 1), ("troja", 4, 1)]
STRATEGY = {"catan": "greedy"}       # random Catan games run to 1,500 decisions: greedy ones to 300
IDS = [g for g, *_ in GAMES]


def _lineup(game, players):
    from experiments.lineup import arrays, parse_lineup
    spec = get_game(game)
    seats = parse_lineup(spec, STRATEGY.get(game, "random"), players, {})
    kinds, weights = arrays(spec, seats)
    return spec, seats, kinds, weights


def _data(page: str) -> dict:
    raw = re.search(r'<script type="application/json" id="data">(.*?)</script>', page, re.S).group(1)
    return json.loads(raw.replace("<\\/", "</"))


def test_every_game_has_a_picture():
    assert set(PICTURES) == set(contract.contract_games())


@pytest.mark.parametrize("game,players,seed", GAMES, ids=IDS)
def test_replay_plays_the_traced_game_and_hides_what_the_seat_cannot_see(game, players, seed):
    from experiments.replay import replay_page
    spec, seats, kinds, weights = _lineup(game, players)
    vec = spec.params.defaults()
    page, res = replay_page(game, seed, 0, players, vec, kinds, weights, seats, 0)
    lines, traced = spec.play_traced(seed, 0, players, vec, kinds, weights)
    for k in ("score", "win", "rank"):
        assert np.array_equal(res[k], traced[k])
    d = _data(page)
    _, _, log = contract.play_logged(contract.game_of(spec), seed, 0, players, vec, kinds, weights, trace=False)
    assert len(d["frames"]) == 1 + sum(1 for what, *_ in log if what == "action")
    assert d["final"]["score"] == contract.plain(traced["score"][0])
    assert d["frames"][0]["action"] == "set-up" and len(d["frames"]) > 10
    assert len(d["layers"]) > 3, "the board never changed"
    # one file: nothing loaded from a server or a CDN
    assert not re.search(r'(src|href)\s*=\s*["\']?(https?:)?//', page) and "<link" not in page
    assert "<script src" not in page and "import(" not in page
    # hidden information: seat 0 sees its own hand, counts of the others'
    panels = [d["panels"][f["panel"]] for f in d["frames"]]
    others = [ln for p in panels for ln in p.split("\n") if ln.startswith("seat 1")]
    if game == "magna-grecia":    # hidden: the round tiles beyond the visible ones (the same for all)
        assert any("?" in p for p in panels)
    else:
        assert others and all("(hidden)" in ln for ln in others)
        assert any(ln.startswith("seat 0") and "(hidden)" not in ln for p in panels for ln in p.split("\n"))
    revealed, _ = replay_page(game, seed, 0, players, vec, kinds, weights, seats, None)
    rp = [_data(revealed)["panels"][f["panel"]] for f in _data(revealed)["frames"]]
    assert not any("(hidden)" in p for p in rp)
    if game == "magna-grecia":
        assert not any("?" in p for p in rp)


@pytest.mark.parametrize("game,players,seed", GAMES, ids=IDS)
def test_location_columns_agree_with_the_final_state(game, players, seed):
    spec, seats, kinds, weights = _lineup(game, players)
    G = contract.game_of(spec)
    st, ctx, _ = contract.play_logged(G, seed, 0, players, spec.params.defaults(), kinds, weights, trace=False)
    res = contract.result_of(G, st, ctx, players)
    loc = {k: v for k, v in res.items() if k.startswith("loc_")}
    if game == "glory-to-rome":
        assert not loc       # its map is the building grid of the built_* columns
        return
    assert loc and not any(k in spec.seat_metrics or k in spec.game_metrics for k in loc)
    if game == "magna-grecia":
        from sim.magna_grecia import state as S
        from reports.board import _bits
        for q in range(players):
            held = _bits(np.stack([res[f"loc_city_w{j}"][0, q] for j in range(5)])[None, :], 249)[0]
            want = [h for h in range(249) if st[S.H_CITY + h] >= 0 and st[S.C_ALIVE + st[S.H_CITY + h]]
                    and st[S.C_OWNER + st[S.H_CITY + h]] == q]
            assert held.nonzero()[0].tolist() == want
            assert held.sum() == res["city_tiles_placed"][0, q] or held.sum() <= res["city_tiles_placed"][0, q]
        oracles = _bits(np.stack([res[f"loc_oracles_w{j}"][0] for j in range(5)])[None, :], 249)[0]
        assert oracles.sum() == st[S.S_N_ORACLES]
    elif game == "mare-nostrum":
        for q in range(players):
            assert bin(int(res["loc_provinces_w0"][0, q])).count("1") == res["provinces"][0, q]
    else:
        from sim.catan_core import layout as L
        for q in range(players):
            for k in (1, 2):
                v = int(res[f"loc_settle{k}"][0, q])
                assert v >= 0 and st[L.S_NODE_OWNER + v] == q     # set-up buildings stay (cities keep the node)
        assert res["loc_settle1"][0].tolist() != res["loc_settle2"][0].tolist()
        prod = np.array([res[f"loc_prod_h{h}"][0] for h in range(30)])
        assert prod.sum() > 0 and (prod >= 0).all()
        if game == "troja":
            ships = [int(res[f"loc_ship_d{k}"][0, q]) for q in range(players) for k in range(1, 8)]
            assert sum(s >= 0 for s in ships) == int(sum(res["ships"][0]))


@pytest.mark.parametrize("game,players,seed", GAMES, ids=IDS)
def test_a_report_draws_the_board(game, players, seed, tmp_path):
    from experiments.runner import Study, run_study
    from reports import build_report
    run = run_study(Study(kind="seats", game=game, players=players, games=60 if game != "mare-nostrum" else 24,
                          seed=seed, strategies="random"), tmp_path / "run", progress=False)
    build_report(run)
    md = (run / "report.md").read_text()
    pngs = sorted(p.name for p in run.glob("board_*.png"))
    svgs = sorted(p.name for p in run.glob("board_*.svg"))
    assert pngs and [p[:-4] for p in pngs] == [s[:-4] for s in svgs]
    assert ("## Where on the board" in md) or ("## The building grid" in md)
    for p in pngs:
        assert f"({p})" in md
    html = (run / "report.html").read_text()
    assert html.count("data:image/png;base64") >= len(pngs)
    import pandas as pd
    for c in run.glob("board_*.csv"):
        t = pd.read_csv(c)
        assert len(t) and ("n" in t or "seat_games" in t)


@pytest.mark.parametrize("game", ["magna-grecia"])
def test_play_html_on_the_command_line(game, tmp_path, agon, capsys):
    from experiments.cli import main
    out = tmp_path / "replay.html"
    r = agon("play", game, "--players", "2", "--seed", "4", "--html", out, "--seat", "1")   # as a user runs it
    assert r.returncode == 0, r.stderr
    assert out.exists() and f"replay: {out}" in r.stdout
    assert _data(out.read_text())["viewer"] == "seat 1"
    other, mine = tmp_path / "other.html", tmp_path / "mine.html"
    bad = [(["--html", tmp_path / "r.txt"], "must end in .html"),
           (["--html", tmp_path / "no" / "r.html"], "does not exist"),
           (["--html", tmp_path], "is a folder"),
           (["--html", other, "--seat", "5"], "seats 0..1"),
           (["--seat", "1"], "give --html"),
           (["--html", other, "--seat", "1", "--reveal"], "exclude each other"),
           (["--force"], "give --html"),
           # a run never overwrites a user's file: an existing replay needs --force, any other file is refused
           (["--html", out], "exists; use --force"),
           (["--html", mine, "--force"], "is not an Agon replay")]
    mine.write_text("<html>my notes</html>")
    for args, words in bad:                  # refused before playing: in this process
        code = main(["play", game, "--players", "2", *map(str, args)])
        err = capsys.readouterr().err
        assert code == 2 and words in err, (args, err)
        assert err.strip().count("\n") == 0, err          # one line
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mine.html", "replay.html"]   # nothing half-written
    assert mine.read_text() == "<html>my notes</html>"
    assert main(["play", game, "--players", "2", "--seed", "5", "--html", str(out), "--force"]) == 0
    assert _data(out.read_text())["viewer"] == "seat 0"


@pytest.mark.parametrize("game", ["magna-grecia"])
def test_check_players_flags_link_the_replay_of_their_game(game, tmp_path):
    from experiments.check_players import write_replays
    from reports.doc import Doc
    from reports.players import section, summary_lines
    cmd = f"agon play {game} --players 2 --seed 5 --index 3 --strategies random --set oracle_points=6 --trace"
    flag = {"check": "self-defeating game end", "text": "planted", "commands": [cmd]}
    res = {"game": game, "players": 2, "seed": 5, "games": 4, "option_games": 0, "command": "agon check-players",
           "strategies": [{"strategy": "random", "flags": [flag], "games": 4}]}
    write_replays(tmp_path, res)
    assert flag["replay"] == "replays/random-1.html"
    page = (tmp_path / flag["replay"]).read_text()
    d = _data(page)
    assert d["title"].endswith("seed 5, game 3, 2 players")
    # the same game as the command: its final scores
    spec, seats, kinds, weights = _lineup(game, 2)
    _, traced = spec.play_traced(5, 3, 2, spec.params.vector({"oracle_points": 6}), kinds, weights)
    assert d["final"]["score"] == contract.plain(traced["score"][0])
    assert "replay: `replays/random-1.html`" in summary_lines(res)[0]
    doc = Doc("t")
    try:
        section(doc, res)
    except (KeyError, TypeError):
        pass          # the synthetic result lacks the tables; the flag list comes first
    items = [x for b in doc.blocks if b[0] == "ul" for x in b[1]]
    assert any("[replays/random-1.html](replays/random-1.html)" in x for x in items)


@pytest.mark.parametrize("game", ["catan"])
def test_the_points_shown_leave_out_a_rivals_hidden_victory_point_cards(game):
    """The standing column of a seat's replay is scored on that seat's observation: a rival's
    victory point cards (hidden until the end) are not in it; --reveal shows them; the seat's own
    points are the same in both."""
    from experiments.replay import replay_page
    from experiments.lineup import arrays, parse_lineup
    spec = get_game(game)
    seats = parse_lineup(spec, "greedy", 4, {})
    kinds, weights = arrays(spec, seats)
    vec = spec.params.defaults()
    mine = _data(replay_page(game, 2, 0, 4, vec, kinds, weights, seats, 0)[0])
    full = _data(replay_page(game, 2, 0, 4, vec, kinds, weights, seats, None)[0])
    a = np.array([f["points"] for f in mine["frames"]])
    b = np.array([f["points"] for f in full["frames"]])
    assert np.array_equal(a[:, 0], b[:, 0])
    assert (a <= b).all() and (a[:, 1:] < b[:, 1:]).any()       # some rival held a VP card, unseen
    assert mine["points_label"] == "points now (as seat 0 sees them)"


@pytest.mark.parametrize("game", ["magna-grecia"])
def test_a_strategy_written_with_all_its_weights_gets_a_replay_name_the_file_system_takes(game, tmp_path):
    """`agon check-players --strategies greedy:hero=20.07/caravan=3.51/...` (a retrained vector, 1,000+
    characters) once failed on writing its replay (File name too long); the name is cut and hashed."""
    from experiments.check_players import write_replays
    from reports.components import STEM_MAX, file_stem
    cmd = f"agon play {game} --players 2 --seed 5 --index 3 --strategies random --trace"
    names = ["greedy:" + "/".join(f"weight_{i}={i + 0.123456}" for i in range(60)),
             "greedy:" + "/".join(f"weight_{i}={i + 0.123457}" for i in range(60))]
    flags = [{"check": "self-defeating game end", "text": "planted", "commands": [cmd]} for _ in names]
    res = {"game": game, "players": 2, "seed": 5, "games": 4, "option_games": 0, "command": "agon check-players",
           "strategies": [{"strategy": n, "flags": [f], "games": 4} for n, f in zip(names, flags)]}
    write_replays(tmp_path, res)
    rels = [f["replay"] for f in flags]
    assert rels[0] != rels[1]                              # same beginning, different weights: two pages
    for rel in rels:
        assert (tmp_path / rel).is_file() and len(rel.split("/")[1]) <= STEM_MAX + len("-1.html")
    assert file_stem("random") == "random" and file_stem(names[0]) == file_stem(names[0])
