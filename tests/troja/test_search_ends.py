"""Troja's ismcts (strategies/catan.py, the Catan-core binding of sim/search) does not set off a
deciding battle that ends the game with it below first when it can end its turn instead (the
players standard; `agon check-players troja --strategies ismcts` flagged 6 of 100 games before):
a finished game scores each seat by the place it locks in (search_returns, end_utility), and a
determinisation never deals a rival the allegiance that would put it at the winning VP now
(search_redeal)."""
import json
from pathlib import Path

import numpy as np

from sim import get_game
from sim.catan_core.layout import *  # noqa: F401,F403
from sim.catan_core import engine as CE
from sim.catan_core.rules import row_total, vp, track_bonus
from sim.catan_core.board import T_A_DONATE
from sim.rng import new_stream, stream_state, CHANCE
from sim.troja import engine as E
from strategies import catan as S
from strategies.troja import choose, ISMCTS

POSITION = Path(__file__).parent / "positions" / "ismcts_deciding_battle.json"


def position():
    """The stored game replayed to the stored decision: (st, ctx, legal actions, weights)."""
    d = json.loads(POSITION.read_text())
    ctx = E.make_ctx(d["n_players"], get_game("troja").params.vector({}))
    st = np.zeros(E.STATE_SIZE, np.int32)
    E.new_game(st, ctx, np.int64(d["n_players"]), np.int64(d["seed"]), np.int64(d["index"]))
    chance = new_stream(np.int64(d["seed"]), np.int64(d["index"]), CHANCE)
    legal = np.zeros(E.N_ACTIONS, np.int32)
    m = E.legal_actions(st, ctx, legal)
    for a in d["actions"]:
        assert a in legal[:m]
        m = E.apply_action(st, ctx, a, chance, legal)
    assert E.to_move(st, ctx) == d["seat"]
    return st, ctx, legal[:m].copy(), np.array(d["weights"], np.float64)


def test_ismcts_ends_its_turn_rather_than_set_off_a_deciding_battle_it_may_lose():
    """Seat 1 (Mycenae, 8 VP with its bonus of 4) at row 9 of 10, Mycenae one win from the track's
    end: any donation sets off the battle, whose Mycenae win ends the game with a rival as likely
    first as seat 1 (seat 2, 11 VP, or whoever is Mycenae with it). Over 20 player streams the old
    search donated in 17 (8 ore, 6 grain, 3 lumber); ending the turn is the choice now (3 at most)."""
    st, ctx, legal, w = position()
    cfg = ctx[1]
    assert st[S_PHASE] == PH_MAIN and st[S_TURN] == 70
    assert row_total(st) == cfg[C_ROW_THRESHOLD] - 1 and st[S_TRACK + SIDE_MYCENAE] == cfg[C_TRACK_END] - 1
    donate = set(range(int(ctx[0][T_A_DONATE]), int(ctx[0][T_A_DONATE]) + 5))
    assert 1 in legal and donate & set(legal.tolist())
    work = np.zeros(E.STATE_SIZE, np.int32)
    picks = []
    for j in range(20):
        rng = np.array([stream_state(np.int64(7), np.int64(j), np.int64(1))], np.uint64)
        picks.append(int(choose(st.copy(), ctx, legal, len(legal), ISMCTS, w, rng, work)))
    assert sum(a in donate for a in picks) <= 3, picks
    assert picks.count(1) >= 17, picks


def stream(j):
    return np.array([stream_state(np.int64(3), np.int64(j), np.int64(1))], np.uint64)


def test_search_redeal_deals_no_rival_the_winning_vp():
    """In the stored position seat 1 (Mycenae) cannot tell which rival shares its side. Seat 2 is
    given VP ships up to 15 VP with Mycenae's bonus: the engine's redeal deals it Mycenae in about a
    third of the deals, the search's never, and both keep what seat 1 sees."""
    st, ctx, legal, w = position()
    cfg = ctx[1]
    me, q, target = 1, 2, int(cfg[C_VP_TO_WIN])
    public = vp(st, cfg, q) - track_bonus(st, cfg, q)
    st[S_PLAYERS + q * PS + P_VP_SHIPS] += (target - cfg[C_TRACK_VALUES + 4] - public) // cfg[C_SHIP_VP]
    assert vp(st, cfg, q) - track_bonus(st, cfg, q) + cfg[C_TRACK_VALUES + 4] == target
    seen = E.observation(st, ctx, me)
    engine_bad = search_bad = 0
    for j in range(200):
        a, b = st.copy(), st.copy()
        CE.redeal_hidden(a, ctx, me, stream(j))
        S.search_redeal(b, (ctx[0], ctx[1], w), me, stream(j))
        assert (E.observation(b, ctx, me) == seen).all()
        engine_bad += any(vp(a, cfg, x) >= target for x in range(4) if x != me)
        search_bad += any(vp(b, cfg, x) >= target for x in range(4) if x != me)
    assert 40 < engine_bad < 100 and search_bad == 0, (engine_bad, search_bad)


def test_search_redeal_is_the_engines_in_catan():
    """Catan's games are unchanged: the search's redeal is the engine's, draw for draw."""
    from sim.catan import engine as CA
    ctx = CA.make_ctx(4, get_game("catan").params.vector({}))
    st = np.zeros(CA.STATE_SIZE, np.int32)
    CA.new_game(st, ctx, np.int64(4), np.int64(1), np.int64(0))
    chance = new_stream(np.int64(1), np.int64(0), CHANCE)
    legal = np.zeros(CA.N_ACTIONS, np.int32)
    m = CA.legal_actions(st, ctx, legal)
    for k in range(300):     # into the game: hands and development cards to redeal
        m = CA.apply_action(st, ctx, legal[k % m], chance, legal)
    w = np.array(S.GREEDY_WEIGHTS)
    a, b = st.copy(), st.copy()
    ra, rb = stream(0), stream(0)
    CE.redeal_hidden(a, ctx, 0, ra)
    S.search_redeal(b, (ctx[0], ctx[1], w), 0, rb)
    assert (a == b).all() and ra[0] == rb[0]
