"""The engine contract (docs/ENGINES.md), checked the same way for every game that follows it:
the names and argument order, traced play against batch play, the trace's words, the invariant
fuzz, input checks, and the players: no peeking at what their seat cannot see."""
import numpy as np
import pytest

from sim import contract, get_game

GAMES = contract.contract_games()


def _game(name):
    return contract.game_of(get_game(name))


def _lineup(spec, names, n):
    return contract.lineup_arrays(spec, [names[i % len(names)] for i in range(n)])


def test_some_game_follows_the_contract():
    assert "glory-to-rome" in GAMES
    assert {"catan", "troja"} <= set(GAMES)     # the Catan core (issue 15)


@pytest.mark.parametrize("name", GAMES)
def test_engine_exposes_the_contract(name):
    assert contract.missing_names(_game(name)) == []


@pytest.mark.parametrize("name", GAMES)
def test_results_declare_the_gamespec_columns(name):
    spec, game = get_game(name), _game(name)
    assert spec.game_metrics == game.engine.RESULTS.game_metrics
    assert spec.seat_metrics == game.engine.RESULTS.seat_metrics


@pytest.mark.parametrize("name", GAMES)
def test_traced_play_equals_batch_play_and_speaks_plain_words(name):
    spec = get_game(name)
    n = spec.default_players
    for names in (("random",), ("greedy", "random")):
        kinds, w = _lineup(spec, names, n)
        lines, res = spec.play_traced(9, 4, n, spec.params.defaults(), kinds, w)
        batch = spec.play_batch(9, 4, 1, n, spec.params.defaults(), kinds, w)
        assert list(res) == list(batch)
        for key in batch:
            nan = res[key].dtype.kind == "f"     # NaN: "never" (Mare Nostrum's round_* columns)
            assert res[key].dtype == batch[key].dtype and np.array_equal(res[key], batch[key], equal_nan=nan), key
        assert len(lines) > 10 and not any("np." in line for line in lines)
        score = [int(x) if float(x).is_integer() else round(float(x), 4) for x in batch["score"][0]]
        assert lines[-1].startswith(f"score {score}")


@pytest.mark.parametrize("name", GAMES)
def test_trace_shows_automatic_effects_and_batch_play_notes_none(name):
    """Tracing logs automatic effects (indented lines); without the trace flag nothing is logged,
    so batch play pays one branch per effect."""
    from sim.layout import H_NEV
    spec, game = get_game(name), _game(name)
    n = spec.default_players
    kinds, w = _lineup(spec, ("greedy",), n)
    lines, _ = spec.play_traced(3, 0, n, spec.params.defaults(), kinds, w)
    assert any(line.startswith("  ") for line in lines)
    st, _, log = contract.play_logged(game, 3, 0, n, spec.params.defaults(), kinds, w, trace=False)
    assert st[H_NEV] == 0 and not [x for x in log if x[0] == "effect"]


@pytest.mark.parametrize("name", GAMES)
def test_fuzz_every_player_count(name):
    spec, game = get_game(name), _game(name)
    for n in spec.player_counts:
        res = contract.fuzz(game, n, 300, seed=11 + n)
        assert res["turns"].min() >= 1


@pytest.mark.parametrize("name", GAMES)
def test_bad_input_is_one_line_error(name):
    from sim.spec import AgonInputError
    spec, game = get_game(name), _game(name)
    too_many = max(spec.player_counts) + 1
    with pytest.raises(AgonInputError):
        game.engine.make_ctx(too_many, spec.params.defaults())


@pytest.mark.parametrize("name", GAMES)
def test_dump_and_describe(name):
    spec, game = get_game(name), _game(name)
    E = game.engine
    n = spec.default_players
    ctx = E.make_ctx(n, spec.params.defaults())
    st = np.zeros(E.STATE_SIZE, np.int32)
    E.new_game(st, ctx, n, 1, 0)
    text = E.dump_state(st, ctx)
    named = [n for n in E.LAYOUT.names() if n not in ("TRACE", "NEV", "EV")]
    assert text and sum(f"{n}=" in text or f"{n}[" in text for n in named) >= 3   # fields by name
    legal = np.zeros(E.N_ACTIONS, np.int32)
    m = E.legal_actions(st, ctx, legal)
    assert m > 0 and list(legal[:m]) == sorted(set(legal[:m]))
    for a in legal[:m]:
        assert E.describe_action(st, ctx, a)
        assert E.ACTIONS.decode(a)[0] in E.ACTIONS.names()
    assert 0 <= E.to_move(st, ctx) < n and not E.is_over(st, ctx)
    assert E.n_seats(st, ctx) == n


def _redeal_share(game):
    """The share of decisions at which a redeal must change something: 0.8 unless the engine
    declares less (MIN_REDEAL_SHARE, with its reason: e.g. Magna Grecia's last rounds hide nothing)."""
    return getattr(game.engine, "MIN_REDEAL_SHARE", 0.8)


def _players(spec):
    return [s.name for s in spec.strategies if s.name != "random"]


@pytest.mark.parametrize("name", GAMES)
def test_no_peek(name):
    """A player's decision does not change when everything its seat cannot see is redealt
    (redeal_hidden from the mover's view, same player stream), for every strategy; search players
    are checked on fewer decisions (they are slow)."""
    spec, game = get_game(name), _game(name)
    n = spec.default_players
    for strategy in _players(spec):
        slow = strategy == "ismcts"
        kinds, w = _lineup(spec, (strategy,), n)
        checked, redealt, bad = contract.no_peek(game, n, kinds, w, games=1 if slow else 2,
                                                 max_checks=25 if slow else 10**9)
        assert bad == [], (strategy, bad[:5])
        assert checked >= (20 if slow else 100), (strategy, checked)
        assert redealt > _redeal_share(game) * checked, (strategy, redealt, checked)


@pytest.mark.parametrize("name", GAMES)
def test_redeal_hidden_keeps_the_view_and_depends_only_on_it(name):
    """For every seat at states of random games: a redeal keeps what the seat sees (observation)
    and the invariants, usually changes the state, and redealing a redeal with the same stream
    gives the same state as redealing the original (the result is a function of the view)."""
    spec, game = get_game(name), _game(name)
    states, changed = contract.redeal_checks(game, spec.default_players, games=2)
    assert states > 50 and changed > _redeal_share(game) * states, (states, changed)
