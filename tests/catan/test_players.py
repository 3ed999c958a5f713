"""Catan greedy plays its development cards for what they do (strategies/catan.py `dev_play`,
`army_race`) and never peeks at a victim's hand; `dev_play=0` is the old player, and the player
battery (`agon check-players`) flags it again."""
import numpy as np
import pytest

from experiments.check_players import Check, run_checks
from sim.catan_core.layout import *  # noqa: F401,F403
from sim.catan_core import rules as E
from sim.catan_core.board import T_H, T_HEX_NODES, T_NODE_NB
from sim.rng import new_stream, PLAYERS
from strategies import catan as S
from tests.catan.helpers import fresh, give, settle, roads, legal, ph, ORE

KNIGHT_FLAG, RB_FLAG = "play a knight", "play road building"


def weights(**named):
    w = np.array(S.GREEDY_WEIGHTS, dtype=np.float64)
    for k, v in named.items():
        w[S.GREEDY_WEIGHT_NAMES.index(k)] = v
    return w


def choose(st, topo, cfg, **named):
    out = np.empty(1024, dtype=np.int64)
    n = E.legal_actions(st, topo, cfg, out)
    return int(S.choose(st, (topo, cfg), out, n, S.GREEDY, weights(**named), new_stream(1, 0, PLAYERS), st.copy()))


def scores(st, topo, cfg, **named):
    out = np.empty(1024, dtype=np.int64)
    n = E.legal_actions(st, topo, cfg, out)
    sc = np.empty(n)
    S.greedy_scores(st, topo, cfg, out, n, weights(**named), new_stream(1, 0, PLAYERS), sc, st.copy())
    return dict(zip(out[:n].tolist(), sc.tolist()))


def hex_numbered(st, topo, numbers):
    for h in range(int(topo[T_H])):
        if st[S_NUMBER + h] in numbers and st[S_TERRAIN + h] < 5:
            return h
    raise AssertionError("no such hex")


def hold(st, p, card):
    """p holds a development card bought in an earlier turn (playable)."""
    st[ph(p, P_DEV) + card] += 1


def test_knight_takes_the_robber_off_its_own_city():
    """The robber on seat 0's 6/8 city: greedy plays its Knight before rolling; the old one-step
    value (the card lost, the robber not moved yet) rolled instead."""
    st, topo, cfg = fresh("catan", 4)
    h = hex_numbered(st, topo, (6, 8))
    settle(st, topo, cfg, 0, int(topo[T_HEX_NODES + 6 * h]), city=True)
    st[S_ROBBER] = h
    hold(st, 0, DEV_KNIGHT)
    st[S_PHASE] = PH_PRE_ROLL
    knight = E.a_base(topo) + 1
    assert set(legal(st, topo, cfg)) == {0, knight}
    assert choose(st, topo, cfg) == knight
    assert choose(st, topo, cfg, dev_play=0) == 0


def test_steal_is_valued_by_what_the_seat_can_see():
    """Robber moves score the same whatever the victims' hidden hands hold, given what seat 0 sees
    (hand sizes, the bank): the look-ahead no longer draws from the true hand."""
    out = []
    for hands in (([3, 0, 0, 0, 0], [0, 0, 0, 0, 3]), ([0, 0, 0, 0, 3], [3, 0, 0, 0, 0])):
        st, topo, cfg = fresh("catan", 4)
        h1 = hex_numbered(st, topo, (6,))
        h2 = hex_numbered(st, topo, (8,))
        settle(st, topo, cfg, 1, int(topo[T_HEX_NODES + 6 * h1]))
        settle(st, topo, cfg, 2, int(topo[T_HEX_NODES + 6 * h2]))
        give(st, 1, hands[0])
        give(st, 2, hands[1])
        give(st, 0, [0, 0, 1, 1, 0])
        st[S_PHASE] = PH_ROBBER
        st[S_RET_PHASE] = PH_MAIN
        out.append(scores(st, topo, cfg))
    assert out[0] == out[1]
    P = 4
    R = E.a_base(topo) + 28
    steal = [a for a in out[0] if (a - R) % (P + 1) < P]
    assert steal, "the robber can steal from seats 1 and 2"


def test_road_building_is_worth_its_roads():
    """Two free roads take Longest Road (3 roads -> 5): greedy plays Road Building; with
    dev_play=0 (the card's one-step value) it ended the turn instead."""
    st, topo, cfg = fresh("catan", 4)
    v = 0
    path = [v]
    while len(path) < 4:      # a simple path of 3 roads from node 0
        nxt = [int(m) for m in topo[T_NODE_NB + 3 * path[-1]:T_NODE_NB + 3 * path[-1] + 3] if m >= 0 and m not in path]
        path.append(nxt[0])
    settle(st, topo, cfg, 0, v)
    roads(st, topo, cfg, 0, path)
    assert st[ph(0, P_ROAD_LEN)] == 3 and st[S_LR_HOLDER] == -1
    hold(st, 0, DEV_ROAD_BUILDING)
    rb = E.a_base(topo) + 2
    assert rb in legal(st, topo, cfg)
    assert choose(st, topo, cfg) == rb
    assert choose(st, topo, cfg, dev_play=0) == 1


def test_year_of_plenty_is_played_for_the_city_it_completes():
    st, topo, cfg = fresh("catan", 4)
    settle(st, topo, cfg, 0, 10)
    give(st, 0, [0, 0, 0, 2, 2])          # a city needs 2 grain and 3 ore
    hold(st, 0, DEV_YOP)
    a = choose(st, topo, cfg)
    B = E.a_base(topo)
    assert B + 3 <= a < B + 23
    i = a - B - 3
    pair = E._yop_pair(i) if i < 15 else (i - 15, i - 15)
    assert ORE in pair
    assert choose(st, topo, cfg, dev_play=0) == 1


def test_army_progress():
    st, topo, cfg = fresh("catan", 4)
    assert S.army_progress(st, cfg, 0) == 0.0
    st[ph(0, P_KNIGHTS)] = 2
    assert S.army_progress(st, cfg, 0) == pytest.approx(2 / 3)
    st[ph(1, P_KNIGHTS)] = 3
    st[S_LA_HOLDER] = 1
    assert S.army_progress(st, cfg, 0) == pytest.approx(2 / 4)
    assert S.army_progress(st, cfg, 1) == 1.0


def battery(strategies, games, players=4):
    c = Check(game="catan", players=players, strategies=list(strategies), games=games, option_games=0,
              options=[], seed=1, command="test")
    return run_checks(c, jobs=1, progress=False)


def families(res, strategy):
    s = next(x for x in res["strategies"] if x["strategy"] == strategy)
    return {f["family"]: f for f in s["families"]}, s["flags"]


def test_battery_no_unused_card_play_and_the_old_weights_are_flagged():
    """`agon check-players catan --players 4` on 100 games: greedy plays Knights and Road Building
    (no "family never used"), while `greedy:dev_play=0`, the player before, never does and is
    flagged for both (Knights: +20.9 points [+9.1, +27.4], Road Building +17.3 [+8.0, +26.8]; on
    60 games random play's Road Building worth was not yet significant)."""
    old = "greedy:dev_play=0"
    res = battery(["greedy", old], 100)
    fam, flags = families(res, "greedy")
    assert fam[KNIGHT_FLAG]["used"] > 0 and fam[RB_FLAG]["used"] > 0
    assert fam[KNIGHT_FLAG]["per_game"] > 1.0
    assert not [f for f in flags if f["check"] == "family never used"], flags
    fam, flags = families(res, old)
    assert fam[KNIGHT_FLAG]["used"] == 0 and fam[RB_FLAG]["used"] == 0
    unused = " ".join(f["text"] for f in flags if f["check"] == "family never used")
    assert KNIGHT_FLAG in unused and RB_FLAG in unused, flags


def test_robber_shortcut_matches_the_evaluation():
    """robber_gain's hex-by-hex production (used to value a Knight without playing out every robber
    move) equals `evaluate` with the robber moved, on states of random games."""
    from sim.catan.params import PARAMS, to_config
    from sim.catan_core.board import topo_for
    from sim.rng import below
    cfg, topo = to_config(PARAMS.defaults(), 4), topo_for(4)
    st = np.empty(STATE_SIZE, dtype=np.int32)
    out = np.empty(1024, dtype=np.int64)
    w = weights()
    rng = new_stream(3, 0, PLAYERS)
    checked = 0
    for g in range(3):
        E.new_game(st, topo, cfg, 3, g)
        for step in range(600):
            if st[S_PHASE] == PH_OVER:
                break
            n = E.legal_actions(st, topo, cfg, out)
            E.apply_action(st, topo, cfg, out[below(rng, n)], rng)
            if step % 97 == 96 and st[S_PHASE] != PH_OVER:
                p = int(st[S_ACTOR])
                prod = np.zeros(5, dtype=np.int64)
                rival = S.production(st, topo, p, -1, prod)
                cur = int(st[S_ROBBER])
                for h in range(int(topo[T_H])):
                    moved = st.copy()
                    moved[S_ROBBER] = h
                    want = S.evaluate(moved, topo, cfg, p, w) - S.evaluate(st, topo, cfg, p, w)
                    got = (S.blocked_value(st, topo, p, w, prod, rival, h)
                           - S.blocked_value(st, topo, p, w, prod, rival, cur))
                    assert got == pytest.approx(want, abs=1e-9)
                    checked += 1
    assert checked > 100


@pytest.mark.parametrize("game", ["catan", "troja"])
def test_switches_back_to_the_old_players_are_never_trained(game):
    """`agon train` keeps dev_play and end_aware at their defaults (GameSpec.extra train_fixed), so a
    tuned player cannot train a blind spot back in, and in Troja also the value of playing on (end_hold,
    end_patience: trained, end_hold fell below 0 and the tuned player set off battles it lost)."""
    from sim import get_game
    from experiments.train import trained_names
    spec = get_game(game)
    names = trained_names(spec, "greedy")
    assert set(S.TRAIN_FIXED) <= set(spec.extra["train_fixed"])
    assert not set(S.TRAIN_FIXED) & set(names)
    assert ("army_race" in names) == (game == "catan")
    assert "end_hold" not in names and "end_patience" not in names
    assert ("end_hold" in spec.extra["train_fixed"]) == (game == "troja")


@pytest.mark.parametrize("game", ["catan", "troja"])
def test_production_totals_equal_production(game):
    """evaluate's production_totals (no per-resource array) gives production()'s sums: p's pips,
    the resources p produces and the rivals' pips, for every seat and robber hex, on states of
    random games; so evaluate's production term is the one production_value computes."""
    from tests.catan.helpers import config
    from sim.rng import below
    cfg, topo = config(game, 4)
    st = np.empty(STATE_SIZE, dtype=np.int32)
    out = np.empty(1024, dtype=np.int64)
    w = weights()
    rng = new_stream(5, 0, PLAYERS)
    checked = 0
    for g in range(3):
        E.new_game(st, topo, cfg, 5, g)
        for step in range(400):
            if st[S_PHASE] == PH_OVER:
                break
            n = E.legal_actions(st, topo, cfg, out)
            E.apply_action(st, topo, cfg, out[below(rng, n)], rng)
            if step % 41 == 40:
                for p in range(4):
                    for robber in (-1, int(st[S_ROBBER]), int(below(rng, int(topo[T_H])))):
                        prod = np.zeros(5, dtype=np.int64)
                        rival = S.production(st, topo, p, robber, prod)
                        ptot, div, riv = S.production_totals(st, topo, p, robber)
                        assert (ptot, div, riv) == (prod.sum(), int((prod > 0).sum()), rival)
                        pv = w[S.W_PROD] * ptot + w[S.W_DIV] * div + w[S.W_RIVAL_PROD] * riv
                        assert pv == S.production_value(prod, rival, w)      # bit for bit
                        checked += 1
    assert checked > 100


def test_a_win_as_the_winners_turn_begins_has_no_ender():
    """With 6 players a seat can reach the VP target in the special building phase; it wins as its
    own turn begins, right after the previous seat's END. `agon check-players catan --players 6`
    counted that END's seat as the ender and flagged `tuned` (40 of 100) and `ismcts` (35 of 100)
    for self-defeating game ends. Game 3 of seed 1 (all `tuned`) is such a game: seat 2 won when its
    turn 69 began, right after seat 0's END in the special building phase of turn 68."""
    from experiments.check_players import trace_games
    from sim import get_game
    spec = get_game("catan")
    vec = spec.params.vector({})
    rows = trace_games("catan", 1, [3], 6, vec, "tuned", {})
    (row,) = rows
    assert row["end_code"] == 0 and row["win"][2] == 1
    assert row["ender"] == -1
    # without the declared pass the last actor (seat 0, not the winner) was taken as the ender
    decl = spec.extra["player_check"]["ends"]
    saved = decl.pop("passes")
    try:
        (old,) = trace_games("catan", 1, [3], 6, vec, "tuned", {})
    finally:
        decl["passes"] = saved
    assert old["ender"] == 0 and old["rank"][0] > 1
    # a game the winner ends by its own action keeps its ender, the winner
    rows = trace_games("catan", 1, list(range(12)), 6, vec, "tuned", {})
    own = [r for r in rows if r["ender"] >= 0]
    assert own and len(own) < len(rows)
    assert all(r["rank"][r["ender"]] == 1 for r in own if r["end_code"] == 0)
