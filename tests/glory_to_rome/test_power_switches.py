"""power_<building> switches (§5.2, `power_enabled[k]`): false = the building is built, completed and
counted as usual (Influence, built_<name>) but its power never applies. These are the causal checks
of the component-balance reports (`agon seats glory-to-rome --set power_catacomb=false`)."""
import numpy as np
import pytest

from experiments.args import parse_set as _parse_set
from sim.glory_to_rome import SPEC
from sim.glory_to_rome.actions import A_PASS, A_STIN, A_TAKE_JACK, N_ACTIONS
from sim.glory_to_rome.rules.buildings import list_foundations
from sim.glory_to_rome.rules.cards import hand_size
from sim.glory_to_rome.rules.limits import hand_limit
from sim.glory_to_rome.rules.powers import act
from sim.glory_to_rome.rules.scoring import score_parts
from sim.glory_to_rome import state as S
from sim.glory_to_rome.board import BUILDING_NAMES, SNAKE_NAMES, END_CATACOMB, END_FORUM
from .helpers import (K, M, RL, blank, give, jacks, pool, stock, clients, building, influence, get,
                      legal, do, lead_alone, top_frame, CARD, JACK, MATA, FIN, BUILD)

P = SPEC.params


def test_switch_names_are_the_component_columns():
    """`power_<name>` for exactly the `<name>` of every `built_<name>` component column."""
    built = [c[len("built_"):] for c in SPEC.seat_metrics
             if c.startswith("built_") and not c.startswith("built_turn_")]
    powers = [n[len("power_"):] for n in P.names() if n.startswith("power_")]
    assert built == powers == list(SNAKE_NAMES) and len(powers) == 40
    assert "power_circus_maximus" in P.names() and "power_ludus_magna" in P.names()
    meaning = {q.name: q.meaning for q in P}
    for k, n in enumerate(powers):
        assert P.defaults()[P.index(f"power_{n}")] == 1.0
        assert meaning[f"power_{n}"].startswith(f"false: {BUILDING_NAMES[k]} is built")


def test_set_false_from_the_command_line_text():
    v = P.vector(_parse_set(["power_catacomb=false", "power_wall=0"]))
    assert v[P.index("power_catacomb")] == 0.0 and v[P.index("power_wall")] == 0.0
    assert np.array_equal(np.delete(v, [P.index("power_catacomb"), P.index("power_wall")]),
                          np.delete(P.defaults(), [P.index("power_catacomb"), P.index("power_wall")]))
    all_true = P.vector({f"power_{n}": "true" for n in SNAKE_NAMES})
    assert np.array_equal(all_true, P.defaults())


def _complete_catacomb(**over):
    s = blank(2, **over)
    building(s, 0, "Catacomb", complete=False, mats=2)
    give(s, 0, "Villa", "Temple")
    jacks(s, 0)
    lead_alone(s, JACK("Craftsman"))
    do(s, BUILD("Catacomb"), CARD("Villa"))
    return s


def test_catacomb_off_completing_it_does_not_end_the_game():
    on = _complete_catacomb()
    assert on[S.G_OVER] == 1 and on[S.G_END] == END_CATACOMB
    off = _complete_catacomb(power_catacomb=False)
    assert off[S.G_OVER] == 0 and off[S.G_END] == -1
    assert get(off, 0, S.O_BST, K["Catacomb"]) == 2 and influence(off, 0) == 2 + 3
    assert not act(off, 0, K["Catacomb"])
    legal(off)
    assert off[S.G_TURN] == 2 and off[S.G_TOMOVE] == 1        # the game goes on: seat 1 leads


def _demand_marble(attacker, target, **over):
    """Seat 0 (with `attacker` buildings) leads Legionary and demands Marble from seat 1 (with
    `target` buildings, a Forum in hand)."""
    s = blank(2, **over)
    for b in attacker:
        building(s, 0, b)
    for b in target:
        building(s, 1, b)
    give(s, 0, "Atrium", "Temple")
    give(s, 1, "Forum")
    lead_alone(s, CARD("Atrium"))
    do(s, MATA("Marble"))
    return s


def test_wall_off_no_protection_and_no_points():
    on = _demand_marble(["Bridge"], ["Wall"])
    assert get(on, 1, S.O_HN) == 1                       # immune, even to Bridge
    off = _demand_marble(["Bridge"], ["Wall"], power_wall=False)
    assert off[S.G_TOMOVE] == 1 and legal(off) == [CARD("Forum")]
    do(off, CARD("Forum"))
    assert get(off, 1, S.O_HN) == 0 and get(off, 0, S.O_STOCK, M["Marble"]) == 1
    parts = np.zeros(6, np.int64)
    for over, points in (({}, 3), ({"power_wall": False}, 0)):
        s = blank(2, **over)
        building(s, 0, "Wall")
        stock(s, 0, Rubble=7)
        total = score_parts(s, 0, parts)
        assert parts[5] == points and parts[0] == influence(s, 0) == 4
        assert total == 4 + points


def test_palisade_off_is_not_immune():
    off = _demand_marble([], ["Palisade"], power_palisade=False)
    assert off[S.G_TOMOVE] == 1 and legal(off) == [CARD("Forum")]


def _senate_turn(**over):
    s = blank(2, **over)
    building(s, 0, "Senate")
    jacks(s, 0)
    jacks(s, 1)
    give(s, 0, "Bar")
    do(s, JACK("Patron"), JACK("Patron"))
    return s


def test_senate_off_no_jacks_taken_at_the_end_of_the_turn():
    on = _senate_turn()
    assert on[S.G_PHASE] == S.PH_SENATE and legal(on) == [A_PASS, A_TAKE_JACK]
    off = _senate_turn(power_senate=False)
    assert off[S.G_TURN] == 2 and off[S.G_PHASE] == S.PH_LEAD          # straight to the next turn
    assert get(off, 0, S.O_HJ) == 0 and get(off, 1, S.O_CJ) == 0


def _academy_turn(**over):
    s = blank(2, **over)
    building(s, 0, "Academy")
    give(s, 0, "Circus", "Dock")
    lead_alone(s, CARD("Circus"))
    do(s, FIN("Dock"))
    return s


def test_academy_off_no_thinker_after_a_craftsman_turn():
    on = _academy_turn()
    assert top_frame(on)["kind"] == S.FK_THINK and on[S.G_PHASE] == S.PH_ACADEMY
    off = _academy_turn(power_academy=False)
    assert off[S.G_SP] == 0 and off[S.G_TURN] == 2 and hand_size(off, 0) == 0


def test_circus_maximus_off_clients_act_once():
    for over, budget in (({}, 1 + 2 * 2), ({"power_circus_maximus": False}, 1 + 2)):
        s = blank(2, **over)
        building(s, 0, "Circus Maximus")
        clients(s, 0, Laborer=2)
        give(s, 0, "Bar")
        pool(s, Wood=9)
        lead_alone(s, CARD("Bar"))
        assert top_frame(s)["budget"] == budget


def test_foundry_off_no_bonus_actions_on_completion():
    for over, bonus in (({}, True), ({"power_foundry": False}, False)):
        s = blank(2, **over)
        building(s, 0, "Foundry", complete=False, mats=1)
        give(s, 0, "Gate")
        jacks(s, 0)
        pool(s, Rubble=9)
        lead_alone(s, JACK("Craftsman"))
        do(s, BUILD("Foundry"), CARD("Gate"))
        assert get(s, 0, S.O_BST, K["Foundry"]) == 2 and influence(s, 0) == 4
        assert (s[S.G_SP] > 0 and top_frame(s)["kind"] == S.FK_BONUS) == bonus


def test_gate_off_marble_foundations_stay_powerless():
    s = blank(2, power_gate=False)
    building(s, 0, "Temple", complete=False)
    building(s, 0, "Gate")
    assert not act(s, 0, K["Temple"]) and hand_limit(s, 0) == 5 and influence(s, 0) == 4


def test_forum_off_a_client_of_each_role_does_not_win():
    for over, over_flag in (({}, 1), ({"power_forum": False}, 0)):
        s = blank(2, **over)
        building(s, 0, "Forum", complete=False, mats=2)
        clients(s, 0, Laborer=1, Craftsman=1, Architect=1, Legionary=1, Merchant=1, Patron=1)
        give(s, 0, "Temple", "Villa")
        jacks(s, 0)
        lead_alone(s, JACK("Craftsman"))
        do(s, BUILD("Forum"), CARD("Temple"))
        assert s[S.G_OVER] == over_flag and get(s, 0, S.O_BST, K["Forum"]) == 2
        if over_flag:
            assert s[S.G_END] == END_FORUM


def test_statue_off_no_end_points_but_any_site():
    for over, vp in (({}, 3), ({"power_statue": False}, 0)):
        s = blank(2, **over)
        building(s, 0, "Statue", site="Rubble")
        parts = np.zeros(6, np.int64)
        score_parts(s, 0, parts)
        assert parts[4] == vp and influence(s, 0) == 3
        give(s, 1, "Statue")
        assert A_STIN + M["Wood"] in [a for a in _craftsman_options(s, 1)]


def _craftsman_options(s, p):
    out = np.zeros(N_ACTIONS, np.int32)
    n = list_foundations(s, p, out, 0, 5, -1)
    return [int(a) for a in out[:n]]


def test_public_building_with_power_off_gives_nobody_its_power():
    s = blank(2, power_temple=False)
    building(s, 1, "Temple", public=True)
    assert not act(s, 0, K["Temple"]) and not act(s, 1, K["Temple"])
    s = blank(2)
    building(s, 1, "Temple", public=True)
    assert act(s, 0, K["Temple"]) and act(s, 1, K["Temple"])


def test_every_switch_changes_play():
    """Each of the 40 switches is wired: with it off, some games on the same seeds play
    differently (random players use the cheap powers, greedy players and personas complete the
    expensive buildings); a switch that no rule reads would change nothing. The players' draws are
    keyed by decision (sim/rng.at_decision), so only games that use the power move: a rarely used
    one (Stairway) gets 300 games of four builders."""
    lineups = []
    for names, games in ((("random",) * 4, 120), (("greedy", "builder", "merchant", "collector"), 60),
                         (("builder",) * 4, 300)):          # the last only for a power still unmoved
        st = [SPEC.strategy(n) for n in names]
        lineups.append((np.array([x.kind for x in st]), np.array([x.weights for x in st]), games))
    base = {}

    def moves(name, j):
        k, w, g = lineups[j]
        if j not in base:
            base[j] = SPEC.play_batch(77, 0, g, 4, P.defaults(), k, w)
        r = SPEC.play_batch(77, 0, g, 4, P.vector({f"power_{name}": False}), k, w)
        return not all(np.array_equal(base[j][c], r[c]) for c in ("turns", "score", "decisions"))
    unchanged = [n for n in SNAKE_NAMES if not any(moves(n, j) for j in range(len(lineups)))]
    assert unchanged == [], unchanged


def test_switch_seat_turns_a_power_off_for_that_seat_alone():
    """Restricted play: with `switch_seat` the switches that are off act for one seat only, so the
    seat may not use the power while its rivals may (the causal check of a building whose builders
    are chosen in play)."""
    ended = _complete_catacomb(power_catacomb=False, switch_seat=1)       # seat 0 keeps the power
    assert ended[S.G_OVER] == 1 and ended[S.G_END] == END_CATACOMB and act(ended, 0, K["Catacomb"])
    goes_on = _complete_catacomb(power_catacomb=False, switch_seat=0)
    assert goes_on[S.G_OVER] == 0 and not act(goes_on, 0, K["Catacomb"])
    kept = _complete_catacomb(switch_seat=0)                               # every switch on: nothing off
    assert kept[S.G_OVER] == 1
    parts = np.zeros(6, np.int64)
    for seat in (0, 1):                                                    # Wall's points, per seat
        s = blank(2, power_wall=False, switch_seat=1)
        building(s, seat, "Wall")
        stock(s, seat, Rubble=7)
        score_parts(s, seat, parts)
        assert parts[5] == (3 if seat == 0 else 0)


def test_switch_seat_is_off_by_default_and_in_range():
    from sim.spec import AgonInputError
    assert P.defaults()[P.index("switch_seat")] == -1.0 and P.get("switch_seat").measuring
    with pytest.raises(AgonInputError):
        P.vector({"switch_seat": 5})
