"""The power switch of every wonder, hero and creature (`power_<name>=false`, sim/mare_nostrum/params.py),
the causal check of a flagged component, as `power_<god>` is of a god (test_god_switches.py). A wonder or
hero switched off is bought and counts for victory as before and does nothing; a creature switched off is
an ordinary creature (§6.2). "Temple of Artemis: too strong, +19 points" had no causal check, so a designer
could not tell its discount from the seats that buy it."""
import numpy as np
import pytest

from sim import contract
from sim.mare_nostrum import SPEC
from sim.mare_nostrum import rules as R
from sim.mare_nostrum import state as ST
from sim.mare_nostrum.board import CREATURES, HEROES, WONDERS
from sim.mare_nostrum.params import PARAMS
from sim.mare_nostrum.playout import GAME
from strategies.mare_nostrum import GREEDY_W
from .helpers import (ROM, GRE, CAR, BAB, EGY, ATL, prov, sea, fresh, run_setup, legal_list, act, units,
                      set_units, clear_units, set_hand, strategy_turn, build_turn, give_hero, kill_phoenix)
from .test_examples import _battle

SWITCHES = [f"power_{n}" for n in (*WONDERS[:-1], *HEROES, *CREATURES)]


def game(**kw):
    S, P, rng = fresh(**kw)
    run_setup(S, P, rng, ["fruit", "oil"])
    return S, P, rng


def test_every_component_but_the_pyramids_has_a_switch_on_by_default():
    for name in SWITCHES:
        assert PARAMS.get(name).default is True
    with pytest.raises(Exception):
        PARAMS.get("power_pyramids")             # the Pyramids have no power: building them wins


@pytest.mark.parametrize("label, metric, switch", [
    ("Temple of Artemis", "wonder_temple_of_artemis", "power_temple_of_artemis"),
    ("Griffin", "creature_griffin", "power_griffin"),
    ("Caesar", "hero_caesar", "power_caesar"),
    ("Queen of Sheba", "hero_queen_of_sheba", "power_queen_of_sheba")])
def test_a_flagged_component_gets_its_causal_check(label, metric, switch):
    from reports.component_effect import causal_check
    line = causal_check(SPEC, label, metric, players=6)
    assert f"--set {switch}=false" in line and "agon compare" in line


# ---------------------------------------------------------------- wonders
@pytest.mark.parametrize("w", range(len(WONDERS)))
def test_a_wonder_switched_off_has_no_power_and_still_counts(w):
    S, P, rng = game(**({f"power_{WONDERS[w]}": False} if w != R.W_PYRAMIDS else {}))
    S[ST.WONDER + w] = ROM + 1
    assert R.has_wonder(S, P, ROM, w) == (w == R.W_PYRAMIDS)
    S, P, rng = game()
    S[ST.WONDER + w] = ROM + 1
    assert R.has_wonder(S, P, ROM, w)


def test_a_wonder_switched_off_still_counts_for_victory():
    S, P, rng = game(power_colossus=False, power_lighthouse=False, power_statue_of_zeus=False)
    S[ST.WONDER + R.W_COLOSSUS] = ROM + 1
    S[ST.WONDER + R.W_LIGHTHOUSE] = ROM + 1
    set_hand(S, ROM, {"tax": 9})
    build_turn(S, P, ROM, rng)
    act(S, P, R.A_BUY_WONDER + R.W_ZEUS, rng)
    assert S[ST.H_OVER] == 1 and S[ST.H_WINNER] == ROM and S[ST.H_VPATH] == R.VP_HW


def test_temple_of_artemis_switched_off_gives_no_discount():
    for on in (True, False):
        S, P, rng = game(power_temple_of_artemis=on)
        S[ST.WONDER + R.W_ARTEMIS] = BAB + 1
        assert R.price(S, P, BAB, R.K_CITY, False, True) == (2 if on else 3)


def test_statue_of_zeus_and_lighthouse_switched_off_offer_nothing():
    for on in (True, False):
        S, P, rng = game(power_statue_of_zeus=on)
        S[ST.WONDER + R.W_ZEUS] = ROM + 1
        set_hand(S, ROM, {})
        build_turn(S, P, ROM, rng)
        assert (R.A_ZEUS + prov(3) in legal_list(S, P)) == on
        S, P, rng = game(power_lighthouse=on)
        S[ST.WONDER + R.W_LIGHTHOUSE] = ROM + 1
        set_units(S, ROM, sea("TYR"), 3, 1)
        strategy_turn(S, P, ROM, rng)
        assert (R.A_MOVE_FLEET + 12 * 0 + 5 in legal_list(S, P)) == on     # TYR -> ION -> LIB


def test_colossus_switched_off_picks_no_good():
    for on in (True, False):
        S, P, rng = fresh(power_colossus=on)
        S[ST.WONDER + R.W_COLOSSUS] = ROM + 1
        run_setup(S, P, rng)
        assert (S[ST.H_STEP] == ST.ST_COLOSSUS) == on


# ---------------------------------------------------------------- heroes
def test_civ_heroes_switched_off_give_no_discount():
    S, P, rng = game(power_caesar=False, power_pericles=False)
    assert R.price(S, P, ROM, R.K_FORTRESS, False, False) == 3
    assert R.price(S, P, GRE, R.K_TRIREME, False, False) == 3
    assert R.price(S, P, ATL, R.K_TRIREME, False, False) == 2          # Atlas' switch is on
    assert R.points_cost(S, P, ROM, R.K_FORTRESS) == 3                  # Caesar at the points start too


def test_a_general_hero_switched_off_has_no_power_nor_its_copy():
    S, P, rng = game(power_imhotep=False)
    give_hero(S, BAB, R.H_IMHOTEP)
    S[ST.COPY + ROM] = R.H_IMHOTEP + 1
    assert not R.has_hero(S, P, BAB, R.H_IMHOTEP) and not R.has_hero(S, P, ROM, R.H_IMHOTEP)
    assert R.price(S, P, BAB, R.K_WONDER, False, False) == 9


def test_castor_pollux_switched_off_copies_nothing():
    for on in (True, False):
        S, P, rng = game(power_castor_pollux=on)
        give_hero(S, BAB, R.H_IMHOTEP)
        S[ST.DISPLAY + R.H_CASTOR] = 1
        set_hand(S, ROM, {"tax": 9})
        build_turn(S, P, ROM, rng)
        act(S, P, R.A_BUY_HERO + R.H_CASTOR, rng)
        assert (S[ST.H_STEP] == ST.ST_COPY) == on and S[ST.HERO + R.H_CASTOR] == ROM + 1


def test_adonis_switched_off_takes_no_free_god():
    for on in (True, False):
        S, P, rng = game(power_adonis=on)
        give_hero(S, EGY, R.H_ADONIS)
        assert R.adonis_owner(S, P, 0) == (EGY if on else -1)


# ---------------------------------------------------------------- creatures
def test_centaur_switched_off_kills_no_legion_before_the_dice():
    for on in (True, False):
        S, P, rng = game(power_centaur=on)
        l = prov(2)
        clear_units(S, l)
        set_units(S, GRE, l, 1, 2)
        set_units(S, ROM, l, 0, 1)
        set_units(S, ROM, l, 2, 1)
        _battle(S, P, rng, GRE, l, ROM, [3])
        assert S[ST.H_B_TA] == 12 and S[ST.H_B_TD] == (6 if on else 9)   # the legion's die: 3


def test_behemoth_switched_off_lets_a_fortress_score_six():
    for on in (True, False):
        S, P, rng = game(power_behemoth=on)
        l = prov(2)
        clear_units(S, l)
        set_units(S, CAR, l, 1, 1)
        set_units(S, ROM, l, 2, 1)
        assert R.behemoth_in(S, P, CAR, l) == on
        _battle(S, P, rng, CAR, l, ROM, [2])
        assert S[ST.H_B_TA] == 6 and S[ST.H_B_TD] == (2 if on else 6)


def test_titan_switched_off_fires_no_ranged_attack():
    for on in (True, False):
        S, P, rng = game(power_titan=on)
        set_units(S, ROM, prov(3), 1, 2)
        set_units(S, CAR, sea("TYR"), 3, 3)
        strategy_turn(S, P, ROM, rng)
        assert any(R.A_TITAN1 <= a < R.A_TITAN2 for a in legal_list(S, P)) == on


def test_phoenix_switched_off_dies_like_any_creature():
    for on in (True, False):
        S, P, rng = game(power_phoenix=on)
        l = prov(15)
        kill_phoenix(S, P, rng, l)
        assert units(S, EGY, l, 1) == 0 and S[ST.PHOENIX_CARD + EGY] == (1 if on else 0)


def _creature_moves(S, P, o, frm):
    legal = legal_list(S, P)
    land = [a for a in legal if R.A_MOVE_LAND + 1681 + 41 * frm <= a < R.A_MOVE_LAND + 1681 + 41 * frm + 41]
    own = [a for a in legal if R.A_MOVE_GRIFFIN <= a < R.A_SURFACE]     # Griffin, Kraken, dive
    return land, own


def test_griffin_switched_off_moves_as_a_legion():
    for on in (True, False):
        S, P, rng = game(power_griffin=on)
        ant = prov(17)
        set_units(S, BAB, ant, 1, 1)
        strategy_turn(S, P, BAB, rng)
        land, own = _creature_moves(S, P, BAB, ant)
        assert bool(own) == on and bool(land) != on
        assert R.creature_moves_as_legion(S, P, BAB) != on


def test_kraken_switched_off_stays_on_land_and_builds_inland():
    inland = prov(14)                                   # not coastal
    for on in (True, False):
        S, P, rng = game(power_kraken=on)
        pos = prov(17)
        clear_units(S, pos)
        set_units(S, ATL, pos, 1, 1)
        strategy_turn(S, P, ATL, rng)
        land, own = _creature_moves(S, P, ATL, pos)
        assert bool(own) == on and bool(land) != on
        S, P, rng = game(power_kraken=on)
        clear_units(S, inland)
        S[ST.INFL + inland] = ATL + 1
        S[ST.SINCE + inland] = 0
        S[ST.H_ROUND] = 3
        set_hand(S, ATL, {"tax": 6})
        build_turn(S, P, ATL, rng)
        assert (R.A_BUY_CREATURE + inland in legal_list(S, P)) != on


def test_a_player_reaches_with_a_griffin_switched_off():
    """The greedy counts an ordinary Griffin among the creatures that can reach a province by land."""
    from strategies import mare_nostrum as M
    for on in (True, False):
        S, P, rng = game(power_griffin=on)
        ant = prov(17)
        set_units(S, BAB, ant, 1, 1)
        strategy_turn(S, P, BAB, rng)
        ctx = np.zeros(M.X_SIZE)
        M.fill_strategy_context(S, P, BAB, np.array(GREEDY_W), ctx)
        assert (ctx[M.X_REACH_C:M.X_REACH_C + 41].sum() > 0) != on


# ---------------------------------------------------------------- games
def _field(strategy, n_games, **kw):
    info = SPEC.strategy(strategy)
    W = np.tile(np.array(info.weights), (6, 1))
    return SPEC.play_batch(21, 0, n_games, 6, PARAMS.vector(kw), np.full(6, info.kind, np.int64), W, True)


@pytest.fixture(scope="module")
def base_games():
    return {s: _field(s, 200) for s in ("greedy", "warmonger")}


# the components the design report flags (runs/main/mare-nostrum): each switch must move seeded games (of
# 200 greedy games the wonders about 130; the greedy that keeps its taxes (kept_tax) ends most games in 3
# rounds with few units, so the creatures are tried among warmongers: Griffin 200, Behemoth 153, Centaur
# 177 of 200; Titan and Phoenix, not flagged, are covered by their unit tests above)
@pytest.mark.parametrize("name, field", [("temple_of_artemis", "greedy"), ("colossus", "greedy"),
                                         ("statue_of_zeus", "greedy"), ("griffin", "warmonger"),
                                         ("behemoth", "warmonger"), ("centaur", "warmonger")])
def test_a_flagged_components_switch_changes_games_on_the_same_seeds(base_games, name, field):
    base = base_games[field]
    off = _field(field, 200, **{f"power_{name}": False})
    moved = (base["score"] != off["score"]).any(axis=1) | (base["turns"] != off["turns"])
    assert moved.sum() >= 3


def test_every_component_switched_off_keeps_the_invariants():
    P = PARAMS.vector({name: False for name in SWITCHES})
    kinds = np.array([0, 1, 1, 0, 1, 0], np.int64)
    r = contract.fuzz(GAME, 6, 300, P, 19, kinds, np.tile(np.array(GREEDY_W), (6, 1)))
    assert r["turns"].shape == (300,)


def test_a_player_values_a_wonder_switched_off_as_a_hero():
    from strategies import mare_nostrum as M
    a = R.A_BUY_WONDER + R.W_ARTEMIS
    w = np.array(GREEDY_W)
    assert M.wonder_bonus(PARAMS.vector({}), a, w, 0) == w[M.W_WONDER_POWER] == 0.5
    assert M.wonder_bonus(PARAMS.vector({"power_temple_of_artemis": False}), a, w, 0) == 0.0
    assert M.wonder_bonus(PARAMS.vector({}), R.A_BUY_HERO + R.H_IMHOTEP, w, 0) == 0.0
    # wonder_power = 0: a wonder counts as a hero, its power is not valued (bench/power_worth.py)
    assert M.wonder_bonus(PARAMS.vector({}), a, np.array(M.with_weights(GREEDY_W, wonder_power=0)), 0) == 0.0
    # a wonder whose power its holders gained nothing from is valued as a hero (wonder_<name> = 0)
    lighthouse = R.A_BUY_WONDER + R.W_LIGHTHOUSE
    assert M.wonder_bonus(PARAMS.vector({}), lighthouse, w, 0) == 0.0
    assert M.wonder_bonus(PARAMS.vector({}), lighthouse, np.array(M.with_weights(GREEDY_W, wonder_lighthouse=1)), 0) == 0.5
    assert M.wonder_bonus(PARAMS.vector({}), R.A_BUY_WONDER + R.W_COLOSSUS, w, 0) == 0.5
    # restricted play: Temple of Artemis switched off for seat 1 alone is a plain hero to seat 1 only
    off1 = PARAMS.vector({"power_temple_of_artemis": False, "switch_seat": 1})
    assert M.wonder_bonus(off1, a, w, 1) == 0.0 and M.wonder_bonus(off1, a, w, 0) == 0.5
