"""`agon play GAME --seed N --html replay.html`: one game as a self-contained HTML page a designer
steps through: the board as SVG, every decision in words with the automatic effects it caused,
each seat's standing after it, and the final scores.

The game is played by the contract's own Python loop (sim.contract.play_logged, tested equal to
the compiled loop), which hands every state to the picture; nothing here changes a state. Hidden
information is drawn from the engine's `observation(st, ctx, seat)` of the chosen seat (default
seat 0), so the page shows exactly what that seat saw; `--reveal` draws the true state. Identical
board layers and panels are stored once: a 1,617-decision random Catan game is a 1.2 MB page. No server,
no CDN: the page's script is inline and plain.
"""
from __future__ import annotations

import html
import json
from importlib import import_module
from pathlib import Path

import numpy as np

from sim import contract, get_game
from sim.spec import AgonInputError
from reports.boards import picture_of
from reports.boards.svg import SEAT_COLOURS


class _Frames:
    """Collects one frame per state: board layer, panel, standings (deduplicated strings)."""

    def __init__(self, game, pic, n_players, viewer, flow_module):
        self.game, self.pic, self.n, self.viewer, self.flow = game, pic, n_players, viewer, flow_module
        self.layers, self.layer_ix = [], {}
        self.panels, self.panel_ix = [], {}
        self.frames = []
        self.static = None
        self.seen = 0

    def _index(self, items, ix, s):
        if s not in ix:
            ix[s] = len(items)
            items.append(s)
        return ix[s]

    def view(self, st, ctx):
        E = self.game.engine
        if self.viewer is None:
            return np.asarray(st)
        return np.asarray(E.observation(st, ctx, self.viewer))

    def __call__(self, st, ctx, log):
        if self.static is None:
            self.static = self.pic.static_svg(st, ctx)
        view = self.view(st, ctx)
        key, points = np.zeros(self.n), np.zeros(self.n)
        # the standing as the seat sees it: scored on its observation (a rival's hidden victory point
        # cards are not in it), on the true state with --reveal
        seen = st if self.viewer is None else np.ascontiguousarray(view[:self.game.engine.STATE_SIZE], np.int32)
        self.flow.flow_scores(seen, ctx, key, points)
        new = log[self.seen:]
        self.seen = len(log)
        action = [t for what, _, _, t in new if what == "action"]
        seat = [p for what, p, _, _ in new if what == "action"]
        turn = [t for what, _, _, t in new if what == "turn"]
        effects = [t.strip() for what, _, _, t in new if what == "effect"]
        lines = self.pic.seat_lines(view, ctx, self.viewer)
        self.frames.append({
            "layer": self._index(self.layers, self.layer_ix, self.pic.pieces_svg(view, ctx)),
            "panel": self._index(self.panels, self.panel_ix, "\n".join(lines)),
            "action": action[0] if action else "set-up",
            "seat": seat[0] if seat else -1,
            "turn": turn[-1] if turn else "",
            "effects": effects,
            "points": [float(x) for x in points],
        })


def replay_page(game_name: str, seed: int, index: int, n_players: int, params, kinds, weights, seats,
                viewer: int | None) -> tuple[str, dict]:
    """(HTML page, result dict) of one game."""
    spec = get_game(game_name)
    pic = picture_of(game_name)
    if pic is None or not spec.contract:
        raise AgonInputError(f"--html: {game_name} has no board picture; games with one: magna-grecia, "
                             "glory-to-rome, mare-nostrum, troja, catan")
    game = contract.game_of(spec)
    fl = import_module(spec.flow.module)
    frames = _Frames(game, pic, n_players, viewer, fl)
    st, ctx, log = contract.play_logged(game, seed, index, n_players, params, kinds, weights, trace=True,
                                        on_state=frames)
    res = contract.result_of(game, st, ctx, n_players)
    view = frames.view(st, ctx)
    colours = [pic.seat_colour(view, s) for s in range(n_players)]
    final = {"end": game.engine.describe_end(st, ctx),
             "score": contract.plain(res["score"][0]), "win": contract.plain(res["win"][0]),
             "rank": contract.plain(res["rank"][0])}
    data = {"title": f"{spec.title}: seed {seed}, game {index}, {n_players} players",
            "seats": [f"seat {s}: {seats[s].name}" for s in range(n_players)], "colours": colours,
            "viewer": "all (--reveal)" if viewer is None else f"seat {viewer}",
            "points_label": "points now" if viewer is None else f"points now (as seat {viewer} sees them)",
            "standing": spec.flow.key, "viewBox": frames.static[0], "static": frames.static[1],
            "layers": frames.layers, "panels": frames.panels, "frames": frames.frames, "final": final}
    return _PAGE.replace("__TITLE__", html.escape(data["title"])).replace(
        "__DATA__", json.dumps(data).replace("</", "<\\/")), res


def write_replay(path: str, page: str) -> Path:
    """Write the page atomically (nothing half-written on failure)."""
    from reports.render import write_atomic
    out = Path(path)
    write_atomic(out, page.encode("utf-8"))
    return out


GENERATOR = '<meta name="generator" content="agon replay">'   # marks the pages Agon may replace
_OLD_PAGE = "#wrap{display:flex;gap:16px;align-items:flex-start}"   # replays written before the marker


def is_replay(path: Path) -> bool:
    """Whether the file is a replay page Agon wrote (read from its first 4 kB)."""
    try:
        with open(path, "rb") as f:
            head = f.read(4096).decode("utf-8", "replace")
    except OSError:
        return False
    return GENERATOR in head or _OLD_PAGE in head


def check_html_path(path: str, force: bool = False) -> None:
    """Bad --html paths are input errors, before the game is played. An existing file is replaced only
    with --force and only when it is a replay Agon wrote: a run never overwrites a user's file."""
    p = Path(path)
    if not path or p.is_dir() or path.endswith(("/", "\\")):
        raise AgonInputError(f"--html: {path!r} is a folder; give a file name such as replay.html")
    if p.suffix.lower() not in (".html", ".htm"):
        raise AgonInputError(f"--html: {path!r} must end in .html (or .htm)")
    if not p.parent.is_dir():
        raise AgonInputError(f"--html: folder {str(p.parent)!r} does not exist")
    if p.exists():
        if not is_replay(p):
            raise AgonInputError(f"--html: {path} exists and is not an Agon replay; give another file name")
        if not force:
            raise AgonInputError(f"--html: {path} exists; use --force to replace it")


_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="generator" content="agon replay"><title>__TITLE__</title>
<style>
body{font-family:sans-serif;margin:12px;color:#222}
#wrap{display:flex;gap:16px;align-items:flex-start}
#board{width:62vw;max-height:86vh;border:1px solid #ccc;background:#eef4f8}
#side{flex:1;min-width:280px}
#controls button{font-size:15px;margin-right:4px}
#slider{width:100%}
#action{font-weight:bold;margin:6px 0}
#effects{font-size:13px;color:#555;white-space:pre-wrap}
#panel{white-space:pre-wrap;font-size:13px;background:#f7f7f7;padding:6px;border:1px solid #ddd}
table{border-collapse:collapse;font-size:13px;margin:6px 0}
td,th{border:1px solid #ccc;padding:2px 6px;text-align:right}
.sw{display:inline-block;width:10px;height:10px;margin-right:4px;border:1px solid #333}
#final{font-weight:bold;color:#1b5e20}
</style></head><body>
<h2 id="title"></h2>
<div id="wrap">
<svg id="board" xmlns="http://www.w3.org/2000/svg"><g id="static"></g><g id="pieces"></g></svg>
<div id="side">
<div id="controls"><button id="first" title="first (Home)">|&#x25C0;</button><button id="prev" title="previous (left arrow)">&#x25C0;</button><button id="next" title="next (right arrow)">&#x25B6;</button><button id="last" title="last (End)">&#x25B6;|</button>
<span id="pos"></span></div>
<input type="range" id="slider" min="0" value="0">
<div id="turn"></div><div id="action"></div><div id="effects"></div>
<table id="scores"></table>
<div id="final"></div>
<div style="font-size:12px;color:#555">points now: <span id="standing"></span></div>
<div>Hidden information shown: <span id="viewer"></span></div>
<div id="panel"></div>
</div></div>
<script type="application/json" id="data">__DATA__</script>
<script>
"use strict";
const D = JSON.parse(document.getElementById("data").textContent);
const N = D.frames.length;
const $ = id => document.getElementById(id);
$("title").textContent = D.title;
$("viewer").textContent = D.viewer;
$("standing").textContent = D.standing;
$("board").setAttribute("viewBox", D.viewBox);
$("static").innerHTML = D.static;
$("slider").max = N - 1;
function esc(s){return String(s).replace(/[&<>"]/g, c => ({"&":"&amp;","<":"&lt;",">":"&gt;",'"':"&quot;"}[c]));}
let at = 0;
function show(i){
  at = Math.max(0, Math.min(N - 1, i));
  const f = D.frames[at];
  $("pieces").innerHTML = D.layers[f.layer];
  $("panel").textContent = D.panels[f.panel];
  $("slider").value = at;
  $("pos").textContent = "step " + at + " / " + (N - 1);
  $("turn").textContent = f.turn;
  $("action").textContent = f.action;
  $("effects").textContent = f.effects.join("\\n");
  let rows = '<tr><th>seat</th><th title="' + esc(D.standing) + '">' + esc(D.points_label) + '</th>' + (at === N - 1 ? "<th>final score</th><th>win</th><th>rank</th>" : "") + "</tr>";
  for (let s = 0; s < D.seats.length; s++) {
    rows += "<tr" + (f.seat === s ? " style=\\"background:#fff3c4\\"" : "") + "><td style=\\"text-align:left\\"><span class=\\"sw\\" style=\\"background:" + D.colours[s] + "\\"></span>" + esc(D.seats[s]) + "</td><td>" + f.points[s] + "</td>";
    if (at === N - 1) rows += "<td>" + D.final.score[s] + "</td><td>" + D.final.win[s] + "</td><td>" + D.final.rank[s] + "</td>";
    rows += "</tr>";
  }
  $("scores").innerHTML = rows;
  $("final").textContent = at === N - 1 ? D.final.end + ": final score [" + D.final.score.join(", ") + "]" : "";
}
$("first").onclick = () => show(0);
$("prev").onclick = () => show(at - 1);
$("next").onclick = () => show(at + 1);
$("last").onclick = () => show(N - 1);
$("slider").oninput = e => show(parseInt(e.target.value, 10));
document.addEventListener("keydown", e => {
  if (e.key === "ArrowRight") show(at + 1); else if (e.key === "ArrowLeft") show(at - 1);
  else if (e.key === "Home") show(0); else if (e.key === "End") show(N - 1);
});
show(0);
</script></body></html>
"""


def replay_from_command(command: str, path) -> Path:
    """The replay page of an `agon play ...` command line (as `agon check-players` prints them to
    reproduce a flag), written to `path`: the same game, seen by seat 0."""
    import shlex
    from experiments.cli import build_parser
    from experiments.args import parse_set
    from experiments.lineup import arrays, parse_lineup
    words = [w for w in shlex.split(command) if w != "--trace"]
    if words[:2] != ["agon", "play"]:
        raise ValueError(f"not an `agon play` command: {command}")
    args = build_parser().parse_args(words[1:])
    spec = get_game(args.game)
    players = spec.check_players(args.players)
    vec = spec.params.vector(parse_set(args.set))
    seats = parse_lineup(spec, args.strategies, players, parse_set(args.set))
    kinds, weights = arrays(spec, seats)
    page, _ = replay_page(spec.name, args.seed, args.index, players, vec, kinds, weights, seats, 0)
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    return write_replay(str(path), page)
