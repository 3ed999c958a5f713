"""The harness written once over the engine contract (docs/ENGINES.md): batch play, traced play,
golden playthroughs, the invariant fuzz, the no-peek test and the checks of `redeal_hidden`.

A game on the contract hands the harness one `Game`: its engine module (`sim/<game>/engine.py`),
its players module (`strategies/<game>.py`) and its compiled loop (`play_games`, the loop of
sim/loop.py bound to the game's functions in `sim/<game>/playout.py`). Everything here is Python
calling the compiled contract functions; only `play_games` runs many games.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import import_module
from pathlib import Path
from types import ModuleType
from typing import Callable, Sequence

import numpy as np

from sim.layout import H_TRACE, read_events
from sim.rng import new_stream, players_stream, at_decision, CHANCE, PLAYERS

STUCK = 1000      # err code of play_games: no legal action but the game is not over
TOO_LONG = 1001   # err code of play_games: more than MAX_ACTIONS decisions (every game's cap ends it first)
MAX_ACTIONS = 1_000_000
# compiled functions of an engine (argument names fixed) and Python functions it must also have
COMPILED = {
    "new_game": ("st", "ctx", "n_players", "seed", "game"),
    "legal_actions": ("st", "ctx", "out"),
    "apply_action": ("st", "ctx", "a", "chance", "out"),
    "to_move": ("st", "ctx"),
    "n_seats": ("st", "ctx"),
    "is_over": ("st", "ctx"),
    "returns": ("st", "ctx", "score", "win", "rank"),
    "redeal_hidden": ("st", "ctx", "seat", "rng"),
    "record": ("st", "ctx", "game_row", "seat_rows"),
    "check_invariants": ("st", "ctx"),
}
PYTHON = {
    "make_ctx": ("n_players", "params"),
    "describe_action": ("st", "ctx", "a"),
    "describe_event": ("st", "ctx", "ev"),
    "describe_turn": ("st", "ctx"),
    "describe_end": ("st", "ctx"),
    "dump_state": ("st", "ctx"),
    "observation": ("st", "ctx", "seat"),
}
CONSTANTS = ("STATE_SIZE", "N_ACTIONS", "MAX_PLAYERS", "LAYOUT", "ACTIONS", "EVENTS", "RESULTS")
PLAYERS_API = {"choose": ("st", "ctx", "legal", "n", "kind", "w", "rng", "work"),
               "full_weights": ("n_players", "weights")}


@dataclass(frozen=True)
class Game:
    """What the harness needs of one game on the contract."""
    name: str                  # registry name, e.g. "glory-to-rome"
    title: str
    engine: ModuleType         # sim.<game>.engine
    players: ModuleType        # strategies.<game>: choose, full_weights, STRATEGIES
    play_games: Callable       # the compiled loop of sim.<game>.playout


def game_of(spec) -> Game:
    """The contract `Game` of a GameSpec (spec.contract names the module holding `GAME`)."""
    if not spec.contract:
        raise ValueError(f"{spec.name} does not follow the engine contract yet")
    return import_module(spec.contract).GAME


def contract_games() -> list[str]:
    """Registered games whose GameSpec names a contract module."""
    from sim import game_names, get_game
    return [g for g in game_names() if getattr(get_game(g), "contract", "")]


def missing_names(game: Game) -> list[str]:
    """Contract names the engine or players module lacks or declares with other arguments."""
    import inspect
    out = []
    for mod, table in ((game.engine, COMPILED), (game.engine, PYTHON), (game.players, PLAYERS_API)):
        for name, args in table.items():
            f = getattr(mod, name, None)
            if f is None:
                out.append(f"{mod.__name__}.{name} missing")
                continue
            f = getattr(f, "py_func", f)
            got = tuple(inspect.signature(f).parameters)
            if got != args:
                out.append(f"{mod.__name__}.{name}{got}: expected {args}")
            if table is COMPILED and not hasattr(getattr(mod, name), "py_func"):
                out.append(f"{mod.__name__}.{name} is not compiled (@njit(cache=True))")
    for name in CONSTANTS:
        if not hasattr(game.engine, name):
            out.append(f"{game.engine.__name__}.{name} missing")
    return out


# ---------------------------------------------------------------- batch play
def play_batch(game: Game, seed, start, n_games, n_players, params, kinds, weights, check=False) -> dict:
    """GameSpec.play_batch over the contract: the game's compiled loop, results packed by name."""
    E = game.engine
    ctx = E.make_ctx(n_players, params)
    kinds = np.asarray(kinds, np.int64)
    w = game.players.full_weights(n_players, weights)
    game_out, seat_out = E.RESULTS.empty(int(n_games), n_players)
    err = np.zeros(3, np.int64)
    game.play_games(np.int64(seed), np.int64(start), np.int64(n_games), ctx, np.int64(n_players), kinds, w,
                    bool(check), game_out, seat_out, err)
    if err[0] == STUCK:
        raise AssertionError(f"{game.name}: no legal action but the game is not over in game {int(err[1])} "
                             f"after action {int(err[2])}")
    if err[0] == TOO_LONG:
        raise AssertionError(f"{game.name}: game {int(err[1])} still running after {MAX_ACTIONS:,} decisions "
                             f"(last action {int(err[2])})")
    if err[0] != 0:
        raise AssertionError(f"{game.name} invariant {int(err[0])} violated in game {int(err[1])} "
                             f"after action {int(err[2])}")
    return E.RESULTS.pack(game_out, seat_out)


# ---------------------------------------------------------------- one game in Python
def flow_of(game: Game):
    """(FlowSpec, results module) of a game whose loop computes the flow statistics (sim/flow.py),
    else None."""
    from sim import get_game
    fs = getattr(get_game(game.name), "flow", None)
    return (fs, import_module(fs.module)) if fs is not None else None


def turn_of(game: Game):
    """The game's turn counter `turn(st, ctx)` (its flow turn, sim/flow.py), which keys the players'
    stream with the seat and its decision in the turn (sim/rng.at_decision) as the loop keys it."""
    fl = flow_of(game)
    return fl[1].flow_turn if fl is not None else (lambda st, ctx: 0)


def play_logged(game: Game, seed, index, n_players, params, kinds, weights, trace=True, flow_acc=None,
                on_state=None):
    """Game `index` of run `seed` played move by move in Python exactly as play_games plays it.
    Returns (state, ctx, log); log entries are (what, seat, action, text) with what "turn" (the
    line opening a turn), "action" (a decision) or "effect" (an automatic effect, when tracing).
    With `flow_acc` (sim.flow.flow_new) the flow statistics are fed as the compiled loop feeds them.
    `on_state(st, ctx, log)`, when given, sees the state after set-up and after every decision
    (with the log so far) and must not change it: the replay (experiments/replay.py) draws there."""
    from sim import flow
    fl = flow_of(game) if flow_acc is not None else None
    E = game.engine
    ctx = E.make_ctx(n_players, params)
    kinds = np.asarray(kinds, np.int64)
    w = game.players.full_weights(n_players, weights)
    st = np.zeros(E.STATE_SIZE, np.int32)
    st[H_TRACE] = 1 if trace else 0
    E.new_game(st, ctx, np.int64(n_players), np.int64(seed), np.int64(index))
    chance = new_stream(np.int64(seed), np.int64(index), CHANCE)
    pr = players_stream(np.int64(seed), np.int64(index))
    turn = turn_of(game)
    work = np.zeros(E.STATE_SIZE, np.int32)
    legal = np.zeros(E.N_ACTIONS, np.int32)
    log = [("effect", -1, -1, "  " + E.describe_event(st, ctx, ev)) for ev in read_events(st)]
    if on_state is not None:
        on_state(st, ctx, log)
    if fl is not None:
        R = fl[1]
        key, points = np.zeros(n_players), np.zeros(n_players)
        flow.flow_begin(flow_acc, np.int64(n_players), R.flow_turn(st, ctx))
    m = E.legal_actions(st, ctx, legal)
    while m > 0:
        head = E.describe_turn(st, ctx)
        if head:
            log.append(("turn", -1, -1, head))
        p = int(E.to_move(st, ctx))
        if fl is not None:
            flow.flow_decision(flow_acc, m)
        at_decision(pr, p, turn(st, ctx))
        a = int(game.players.choose(st, ctx, legal, m, kinds[p], w[p], pr, work))
        log.append(("action", p, a, E.describe_action(st, ctx, a)))
        m = E.apply_action(st, ctx, a, chance, legal)
        log.extend(("effect", -1, -1, "  " + E.describe_event(st, ctx, ev)) for ev in read_events(st))
        if on_state is not None:
            on_state(st, ctx, log)
        if fl is not None and (m == 0 or R.flow_turn(st, ctx) != flow.flow_last_turn(flow_acc)):
            R.flow_scores(st, ctx, key, points)
            flow.flow_observe(flow_acc, R.flow_turn(st, ctx), key, points)
    if not E.is_over(st, ctx):
        raise AssertionError(f"{game.name}: no legal action but the game is not over (game {index})")
    return st, ctx, log


def result_of(game: Game, st, ctx, n_players, flow_acc=None) -> dict:
    """The play_batch dict of one finished game (its flow columns from `flow_acc`, when given)."""
    g, s = game.engine.RESULTS.empty(1, n_players)
    game.engine.record(st, ctx, g[0], s[0])
    fl = flow_of(game) if flow_acc is not None else None
    if fl is not None:
        from sim import flow
        flow.flow_finish(flow_acc, s[0][:, flow.WIN_COLUMN].copy(), g[0], s[0], fl[0].game_start, fl[0].seat_start)
    return game.engine.RESULTS.pack(g, s)


def plain(values) -> list:
    """Numbers as a person writes them: ints when whole ([8, 8, 4, 3], not np.float64(8.0))."""
    out = []
    for v in np.asarray(values).ravel().tolist():
        out.append(int(v) if float(v).is_integer() else round(float(v), 4))
    return out


def play_traced(game: Game, seed, index, n_players, params, kinds, weights):
    """GameSpec.play_traced over the contract: (lines, result). Lines: a header, each turn's
    opening line, every decision in words, the automatic effects indented below the decision that
    caused them, the end and the final scores as plain numbers."""
    from sim import flow
    acc = flow.flow_new(np.int64(n_players), np.int64(flow.FLOW_CAPACITY))
    st, ctx, log = play_logged(game, seed, index, n_players, params, kinds, weights, trace=True, flow_acc=acc)
    res = result_of(game, st, ctx, n_players, acc)
    lines = [f"{game.title}: game {index} of seed {seed}, {n_players} players"]
    lines += [text for _, _, _, text in log]
    lines.append(game.engine.describe_end(st, ctx))
    lines.append(f"score {plain(res['score'][0])}, win {plain(res['win'][0])}, rank {plain(res['rank'][0])}")
    return lines, res


def lineup_arrays(spec, strategies: Sequence[str]):
    """kinds int64[p] and each seat's default weights, float64[p, W] zero-padded to the longest
    (strategies of one game may declare weight vectors of different lengths)."""
    infos = [spec.strategy(name) for name in strategies]
    w = np.zeros((len(infos), max([len(i.weights) for i in infos] + [1])), np.float64)
    for j, i in enumerate(infos):
        w[j, :len(i.weights)] = i.weights
    return np.array([i.kind for i in infos], np.int64), w


# ---------------------------------------------------------------- golden playthroughs
def golden_record(game: Game, seed, index, n_players, strategies: Sequence[str], params=None) -> dict:
    """One seeded game as stored in tests/<game>/golden/<name>.json: setup, every decision (seat,
    action id) and its words, final scores, win shares and ranks."""
    from sim import get_game
    spec = get_game(game.name)
    kinds, w = lineup_arrays(spec, strategies)
    st, ctx, log = play_logged(game, seed, index, n_players, spec.params.vector(params or {}), kinds, w,
                               trace=False)
    score, win, rank = _returns(game, st, ctx, n_players)
    acts = [(p, a, t) for what, p, a, t in log if what == "action"]
    return {"seed": seed, "index": index, "n_players": n_players, "strategies": list(strategies),
            "params": dict(params or {}), "actions": [[int(p), int(a)] for p, a, _ in acts],
            "words": [t for _, _, t in acts], "score": plain(score), "win": [float(x) for x in win],
            "rank": [int(x) for x in rank]}


def write_goldens(game: Game, folder: Path, cases) -> None:
    """Regenerate the golden files of `cases`: (name, seed, index, n_players, strategies[, params])."""
    folder.mkdir(exist_ok=True)
    for name, seed, index, n, strategies, *over in cases:
        data = golden_record(game, seed, index, n, strategies, *over)
        (folder / f"{name}.json").write_text(json.dumps(data, indent=0))
        print(name, len(data["actions"]), "decisions, scores", data["score"])


def replay_golden(game: Game, path: Path) -> None:
    """Replay a golden file's decisions through the engine: each by the stored seat, legal, the
    invariants kept after each; the final scores, win shares and ranks as stored."""
    from sim import get_game
    data = json.loads(Path(path).read_text())
    E = game.engine
    n = data["n_players"]
    ctx = E.make_ctx(n, get_game(game.name).params.vector(data.get("params", {})))
    st = np.zeros(E.STATE_SIZE, np.int32)
    E.new_game(st, ctx, np.int64(n), np.int64(data["seed"]), np.int64(data["index"]))
    chance = new_stream(np.int64(data["seed"]), np.int64(data["index"]), CHANCE)
    legal = np.zeros(E.N_ACTIONS, np.int32)
    m = E.legal_actions(st, ctx, legal)
    for i, (seat, a) in enumerate(data["actions"]):
        assert not E.is_over(st, ctx), f"{path}: game over before decision {i}"
        assert E.to_move(st, ctx) == seat, f"{path}: decision {i} is seat {E.to_move(st, ctx)}'s, not {seat}'s"
        assert a in legal[:m], f"{path}: decision {i}, action {a} ({data['words'][i]}) is not legal"
        m = E.apply_action(st, ctx, a, chance, legal)
        code = E.check_invariants(st, ctx)
        assert code == 0, f"{path}: invariant {code} violated after decision {i}"
    assert E.is_over(st, ctx) and m == 0, f"{path}: the game is not over after the stored decisions"
    score, win, rank = _returns(game, st, ctx, n)
    assert (plain(score), [float(x) for x in win], [int(x) for x in rank]) == \
        (data["score"], data["win"], data["rank"]), f"{path}: final result differs"


def golden_players_differences(game: Game, path: Path) -> list[str]:
    """What the stored players now do differently in a golden file's game (empty: nothing)."""
    data = json.loads(Path(path).read_text())
    again = golden_record(game, data["seed"], data["index"], data["n_players"], data["strategies"],
                          data.get("params") or None)
    return [k for k in ("actions", "words", "score", "win", "rank") if again[k] != data[k]]


def _returns(game, st, ctx, n):
    score, win, rank = np.zeros(n), np.zeros(n), np.zeros(n, np.int64)
    game.engine.returns(st, ctx, score, win, rank)
    return score, win, rank


# ---------------------------------------------------------------- fuzz
def fuzz(game: Game, n_players, n_games, params=None, seed=2024, kinds=None, weights=None) -> dict:
    """n_games with the invariants checked after every action (random players unless kinds are
    given); raises on a violation; checks the generic result rules; returns the results."""
    from sim import get_game
    spec = get_game(game.name)
    vec = spec.params.defaults() if params is None else np.asarray(params, np.float64)
    kinds = np.zeros(n_players, np.int64) if kinds is None else np.asarray(kinds, np.int64)
    weights = np.zeros((n_players, 0)) if weights is None else weights
    res = play_batch(game, seed, 0, n_games, n_players, vec, kinds, weights, check=True)
    assert res["turns"].shape == (n_games,) and res["score"].shape == (n_games, n_players)
    wins = res["win"].sum(axis=1)
    # an engine may declare that a game can end without a winner (Mare Nostrum's round cap)
    none = np.isclose(wins, 0.0) if getattr(game.engine, "GAMES_WITHOUT_WINNER", False) else np.zeros(len(wins), bool)
    assert np.allclose(wins[~none], 1.0), "win shares do not add up to 1"
    assert (res["rank"].min(axis=1) == 1).all() and (res["rank"] <= n_players).all(), "ranks out of 1..p"
    assert ((res["win"][~none] > 0) == (res["rank"][~none] == 1)).all(), "a winner is not ranked first"
    return res


# ---------------------------------------------------------------- hidden information
def _decisions(game: Game, seed, index, n_players, kinds, weights, params=None):
    """Yield (st, ctx, legal, m, seat, pr) at every decision of one game; the caller must not change
    them; the game goes on with the seat's own choice after each yield."""
    from sim import get_game
    E = game.engine
    vec = get_game(game.name).params.defaults() if params is None else params
    ctx = E.make_ctx(n_players, vec)
    w = game.players.full_weights(n_players, weights)
    st = np.zeros(E.STATE_SIZE, np.int32)
    E.new_game(st, ctx, np.int64(n_players), np.int64(seed), np.int64(index))
    chance = new_stream(np.int64(seed), np.int64(index), CHANCE)
    pr = players_stream(np.int64(seed), np.int64(index))
    turn = turn_of(game)
    legal = np.zeros(E.N_ACTIONS, np.int32)
    work = np.zeros(E.STATE_SIZE, np.int32)
    m = E.legal_actions(st, ctx, legal)
    while m > 0:
        p = int(E.to_move(st, ctx))
        at_decision(pr, p, turn(st, ctx))
        yield st, ctx, legal, m, p, pr, w[p]
        a = game.players.choose(st, ctx, legal, m, kinds[p], w[p], pr, work)
        m = E.apply_action(st, ctx, a, chance, legal)


def no_peek(game: Game, n_players, kinds, weights, games=2, seed=5, params=None, max_checks=10**9):
    """At decisions of the given players (more than one legal action), the choice on the true state
    and on a copy where everything the mover cannot see was redealt (`redeal_hidden` from the
    mover's view, another random stream), with the same player stream. Returns (checked, redealt,
    violations): decisions compared, those whose copy differed from the true state, and
    (game, seat, action on the true state, action on the redeal) of every changed choice. Also
    checks that choosing leaves the state, the legal list and nothing else changed."""
    E = game.engine
    kinds = np.asarray(kinds, np.int64)
    checked, redealt, bad = 0, 0, []
    for g in range(games):
        other = new_stream(np.int64(seed + 1), np.int64(g), PLAYERS)
        for st, ctx, legal, m, p, pr, w in _decisions(game, seed, g, n_players, kinds, weights, params):
            if m < 2 or checked >= max_checks:
                continue
            c = st.copy()
            E.redeal_hidden(c, ctx, np.int64(p), other)
            redealt += not np.array_equal(c, st)
            before, lb = st.copy(), legal.copy()
            work = np.zeros(E.STATE_SIZE, np.int32)
            a1 = game.players.choose(st, ctx, legal, m, kinds[p], w, pr.copy(), work)
            assert np.array_equal(before, st) and np.array_equal(lb, legal), \
                f"{game.name}: choose (kind {kinds[p]}) changed the state or the legal list"
            a2 = game.players.choose(c, ctx, legal.copy(), m, kinds[p], w, pr.copy(), work)
            checked += 1
            if a1 != a2:
                bad.append((g, p, int(a1), int(a2)))
    return checked, redealt, bad


def redeal_checks(game: Game, n_players, games=2, seed=7, every=3, params=None):
    """At every `every`-th decision of random games and for every seat: redeal_hidden keeps what the
    seat sees (observation) and the invariants, and depends only on what the seat sees and its
    stream (redealing a redeal with the same stream gives the same state). Returns (states,
    changed): seat-states checked and how many redeals changed the state."""
    E = game.engine
    kinds = np.zeros(n_players, np.int64)
    states, changed, i = 0, 0, 0
    for g in range(games):
        for st, ctx, legal, m, p, pr, w in _decisions(game, seed, g, n_players, kinds, np.zeros((n_players, 0)),
                                                      params):
            i += 1
            if i % every:
                continue
            for q in range(n_players):
                r1 = new_stream(np.int64(seed), np.int64(i), np.int64(10 + q))
                r2 = new_stream(np.int64(seed), np.int64(i), np.int64(20 + q))
                c = st.copy()
                E.redeal_hidden(c, ctx, np.int64(q), r1)
                assert E.check_invariants(c, ctx) == 0, f"{game.name}: a redeal broke an invariant"
                assert np.array_equal(E.observation(c, ctx, q), E.observation(st, ctx, q)), \
                    f"{game.name}: a redeal for seat {q} changed what it sees: " + \
                    _diff_words(E, E.observation(c, ctx, q), E.observation(st, ctx, q))
                d, e = c.copy(), st.copy()
                E.redeal_hidden(d, ctx, np.int64(q), r2.copy())
                E.redeal_hidden(e, ctx, np.int64(q), r2.copy())
                assert np.array_equal(d, e), f"{game.name}: redeal_hidden depends on what seat {q} cannot see: " + \
                    _diff_words(E, d, e)
                states += 1
                changed += not np.array_equal(c, st)
    return states, changed


def _diff_words(E, a, b, limit=6) -> str:
    idx = np.flatnonzero(np.asarray(a) != np.asarray(b))
    return ", ".join(f"{E.LAYOUT.offset_words(int(i))}: {int(a[i])} vs {int(b[i])}" for i in idx[:limit])
