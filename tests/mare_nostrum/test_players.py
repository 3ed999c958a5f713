"""Mare Nostrum players that don't break (issue 12): the first players' defects, reproduced by
their named weights (OLD_SWITCHES), and gone with the default ones; the state-dependent values
the new players rest on (offering cost, terminal role positions, battle odds)."""
import json
from pathlib import Path

import numpy as np
import pytest

from sim.mare_nostrum import SPEC
from sim.mare_nostrum import forecast as F
from sim.mare_nostrum import rules as R
from sim.mare_nostrum import state as ST
from sim.mare_nostrum.behaviour import (tally, G_BATTLES, G_HP_CHANGES, G_FIRST_HP_ROUNDS,
                                        G_ROUNDS, G_OFF_PHASES)
from sim.mare_nostrum.params import PARAMS
from sim.rng import new_stream
from strategies import mare_nostrum as SM
from strategies.mare_nostrum import GREEDY_W, OLD_SWITCHES, with_weights
from .helpers import ROM, GRE, CAR, BAB, G, fresh, run_setup, set_hand, set_units, clear_units, prov
from sim.mare_nostrum.board import N_TYPES
from .make_golden import play, WEIGHTS
from .test_combat_distribution import MIXES, loss_dist

GOLDEN_V0 = Path(__file__).parent / "golden_v0"
HERMES = 2
GREEDY = np.array(GREEDY_W)
OLD = np.array(with_weights(GREEDY_W, **OLD_SWITCHES))


def _greedy_tally(w, n_players, n_games, seed):
    kinds = np.full(n_players, SPEC.strategy("greedy").kind, np.int64)
    return tally(seed, n_games, n_players, PARAMS.defaults(), kinds, np.tile(w, (n_players, 1)))


# ---------------------------------------------------------------- the old players, by name
@pytest.mark.parametrize("path", sorted(GOLDEN_V0.glob("*.json")), ids=lambda p: p.stem)
def test_old_switches_replay_the_first_players(path, monkeypatch):
    """OLD_SWITCHES turn every state-dependent part off: the first players' golden games are played
    again move for move. (They matched the games stored before the state-dependent parts existed;
    re-stored with OLD_SWITCHES when the players' stream became keyed by decision, sim/rng.py.)"""
    doc = json.loads(path.read_text())
    old = {k: with_weights(v, **OLD_SWITCHES) for k, v in WEIGHTS.items()}
    monkeypatch.setattr("tests.mare_nostrum.make_golden.WEIGHTS", old)
    _, _, actions = play(doc["seed"], doc["index"], doc["n_players"], doc["kinds"], doc["overrides"])
    assert actions == doc["actions"]


def test_old_weights_reproduce_the_defects():
    """6 players, old weights: the first offerer takes Hermes in every offering phase, the set-up
    High Priest (Greece) keeps the role nearly always, and no game has a battle."""
    games, gods, first, _ = _greedy_tally(OLD, 6, 24, seed=31)
    phases = games[:, G_OFF_PHASES].sum()
    assert phases > 0 and first[HERMES] == phases
    assert games[:, G_FIRST_HP_ROUNDS].sum() >= 0.9 * games[:, G_ROUNDS].sum()
    assert games[:, G_BATTLES].sum() == 0


# ---------------------------------------------------------------- the defects gone
def test_hermes_not_always_taken_by_the_first_offerer():
    """The first offerer weighs Hermes against its 3 cards: in some phases he passes or takes
    another god (at 4 and 6 players)."""
    for n, seed in ((4, 32), (6, 33)):
        games, gods, first, _ = _greedy_tally(GREEDY, n, 24, seed)
        phases = games[:, G_OFF_PHASES].sum()
        assert 0 < first[HERMES] < phases, (n, first, phases)


def test_high_priest_changes_hands():
    """Markets and temples are bought for the High Priest when his first pick is worth it: the
    role moves in most 6-player games, and the set-up holder (Greece) holds it well under 90%
    of the rounds."""
    games, _, _, _ = _greedy_tally(GREEDY, 6, 24, seed=34)
    assert (games[:, G_HP_CHANGES] > 0).mean() >= 0.5
    assert games[:, G_FIRST_HP_ROUNDS].sum() < 0.75 * games[:, G_ROUNDS].sum()


def test_six_player_games_have_battles():
    """Attacks worth their odds are made: battles in at least a fifth of 6-player games."""
    games, _, _, _ = _greedy_tally(GREEDY, 6, 30, seed=35)
    assert (games[:, G_BATTLES] > 0).mean() >= 0.2, games[:, G_BATTLES]


@pytest.mark.parametrize("weight,column,n", [("god", "gods_taken", 4), ("hero", "pyramids", 4),
                                             ("creature", "creatures_built", 6),
                                             ("pillage", "pillages", 6)])
def test_bans_hold(weight, column, n):
    """Restricted play (agon restrict): with its weight at -1000 a seat never offers to a god,
    never buys a hero or a wonder (the Pyramids included: the first greedy still bought them),
    never builds a creature, never pillages, while the other seats do."""
    W = np.tile(GREEDY, (n, 1))
    W[0, SM.WEIGHT_NAMES.index(weight)] = -1000.0
    kinds = np.full(n, SPEC.strategy("greedy").kind, np.int64)
    r = SPEC.play_batch(36, 0, 30, n, PARAMS.defaults(), kinds, W, False)
    assert r[column][:, 0].sum() == 0
    assert r[column][:, 1:].sum() > 0
    if weight == "hero":
        assert (r["heroes_wonders"][:, 0] <= 1).all()      # the civ hero only


# ---------------------------------------------------------------- the values they rest on
def _offering_position():
    """4 players (seat = civ), Rome to offer in round 1; the Pyramids are built (Babylon), so
    3 more cards next round cross no winning threshold for Rome."""
    S, P, rng = fresh(n=4, seed=3)
    run_setup(S, P, rng)
    S[ST.WONDER + 6] = BAB + 1
    S[ST.H_STEP] = ST.ST_OFFER
    S[ST.H_DECIDER] = ROM
    for q in range(6):
        S[ST.TURN_DONE + q] = 1
    return S, P


def test_offering_weighs_the_hero_its_cards_would_buy():
    """Hermes for a hand of exactly 9 different goods (a hero now; 3 cards less, no hero) is
    worth a hero less than for the same goods with 3 spare copies (paid first), and the greedy
    passes; the first greedy took Hermes whatever the hand."""
    S, P = _offering_position()
    nine = {g: 1 for g in ("livestock", "grain", "fruit", "gems", "slaves", "oil", "metal", "gold",
                           "papyrus")}
    set_hand(S, ROM, nine)
    cnt = np.zeros((4, 6), np.int64)
    legal = np.array([R.A_PASS, R.A_OFFER_TO + HERMES], np.int64)
    ctx = SM.decision_context(S, P, ROM, GREEDY, cnt, legal, 2)
    tight = SM.offering_value(S, P, ROM, HERMES, GREEDY, ctx, cnt)
    spare = dict(nine, livestock=2, grain=2, fruit=2)
    set_hand(S, ROM, spare)
    loose = SM.offering_value(S, P, ROM, HERMES, GREEDY, ctx, cnt)
    assert tight < 0.0
    assert loose - tight > 10.0
    set_hand(S, ROM, nine)
    buf = np.empty(R.MAX_LEGAL, np.int64)
    k = R.legal_actions(S, P, buf)
    assert R.A_OFFER_TO + HERMES in buf[:k]
    prng = new_stream(np.uint64(1), 0, 2)
    assert SM.greedy_choose(S, P, GREEDY, buf, k, prng) == R.A_PASS
    assert SM.greedy_choose(S, P, OLD, buf, k, prng) == R.A_OFFER_TO + HERMES


def _exchange_position(step):
    """4 players after set-up, all in the exchange; Carthage the Trader and (rigged in the
    context) one card short of the Pyramids, collecting oil but no gold (public: his income);
    Rome to decide, holding two gold and two oil (offering or taking either costs or gains him
    nothing)."""
    S, P, rng = fresh(n=4, seed=3)
    run_setup(S, P, rng)
    S[ST.ROLE + 0] = CAR
    S[ST.H_STEP] = step
    S[ST.H_DECIDER] = ROM
    for q in range(4):
        S[ST.EX_IN + q] = 1
    set_hand(S, ROM, {"gold": 2, "oil": 2})
    cnt = np.zeros((4, 6), np.int64)
    legal = np.array([R.A_PASS], np.int64)
    ctx = SM.decision_context(S, P, ROM, GREEDY, cnt, legal, 1)
    ctx[SM.X_CAPN + CAR] = 11.0
    ctx[SM.X_THR + CAR] = 12.0
    ctx[SM.X_INC + CAR * N_TYPES + G["gold"]] = 0.0
    ctx[SM.X_INC + CAR * N_TYPES + G["oil"]] = 1.0
    return S, P, ctx, cnt


def test_exchange_keeps_cards_from_a_trader_about_to_win():
    """The exchange in the state (state_trade): Rome offers the Trader the oil he collects, not
    the gold he lacks for the Pyramids, and takes the gold off a display before him; with the
    first players' rule (state_trade off) gold and oil are worth the same."""
    gold, oil = G["gold"], G["oil"]
    S, P, ctx, cnt = _exchange_position(ST.ST_EX_OFFER)
    give_gold = SM.action_value(S, P, ROM, R.A_OFFER + gold, GREEDY, cnt, ctx)
    give_oil = SM.action_value(S, P, ROM, R.A_OFFER + oil, GREEDY, cnt, ctx)
    assert give_oil - give_gold > 5.0
    off = np.array(with_weights(GREEDY_W, state_trade=0.0))
    assert (SM.action_value(S, P, ROM, R.A_OFFER + gold, off, cnt, ctx)
            == SM.action_value(S, P, ROM, R.A_OFFER + oil, off, cnt, ctx))
    S, P, ctx, cnt = _exchange_position(ST.ST_EX_TAKE)
    for t in (gold, oil):
        S[ST.EX_DISP + BAB * N_TYPES + t] = 1
    take_gold = SM.action_value(S, P, ROM, R.A_TAKE + BAB * N_TYPES + gold, GREEDY, cnt, ctx)
    take_oil = SM.action_value(S, P, ROM, R.A_TAKE + BAB * N_TYPES + oil, GREEDY, cnt, ctx)
    assert take_gold - take_oil > 5.0


def test_terminal_role_positions_are_never_neutral():
    """A destroyed city that hands a rival all four roles at the next role determination costs
    the win; one that breaks a rival's locked four roles gains it; one that changes nothing is
    neutral (role_shift, used by Baal, Vulcan and pillage)."""
    S, P, _ = fresh(n=4, seed=3)
    for r, h in enumerate((GRE, CAR, GRE, GRE)):     # Trader, Statesman, Military, High Priest
        S[ST.ROLE + r] = h
    cnt = np.zeros((4, 6), np.int64)
    cnt[:, :4] = [[1, 5, 2, 1], [0, 3, 3, 1], [1, 4, 1, 1], [1, 3, 1, 1]]   # seats Rom..Bab
    assert F.role_victor(S, P, cnt) == -1           # Carthage keeps the tied Statesman
    win = GREEDY[SM.WEIGHT_NAMES.index("win_next")]
    assert SM.role_shift(S, P, ROM, cnt, CAR, 1, -1, GREEDY) == -win     # Greece would win
    assert SM.role_shift(S, P, ROM, cnt, BAB, 1, -1, GREEDY) == 0.0
    S[ST.ROLE + 1] = GRE
    cnt[1, GRE] = 4
    assert F.role_victor(S, P, cnt) == GRE
    assert SM.role_shift(S, P, ROM, cnt, GRE, 1, -2, GREEDY) == win      # Greece loses it


@pytest.mark.parametrize("mix", MIXES, ids=[m[0] for m in MIXES])
def test_battle_odds_are_exact(mix):
    """forecast.battle_odds gives the expected losses of the exact loss distributions that the
    engine's battles follow (test_combat_distribution)."""
    name, att, dfd, l, au, du, adist, ddist = mix
    S, P, rng = fresh(seed=5)
    run_setup(S, P, rng)
    clear_units(S, l)
    for u, k in au.items():
        set_units(S, att, l, u, k)
    for u, k in du.items():
        set_units(S, dfd, l, u, k)
    out = np.zeros(6)
    F.battle_odds(S, P, att, dfd, l, 0, 0, 0, 0, out)
    p_ld = loss_dist(adist, sum(du.values()))
    p_la = loss_dist(ddist, sum(au.values()))
    assert out[0] == pytest.approx(np.dot(np.arange(len(p_ld)), p_ld))
    assert out[1] == pytest.approx(np.dot(np.arange(len(p_la)), p_la))
    assert out[2] == pytest.approx(p_ld[-1] * (1 - p_la[-1]))


def test_greedy_does_not_look_at_hidden_cards():
    """At every decision of two 6-player greedy games (Isis gifts and offerings included), the
    greedy's values are unchanged when two opponents trade hidden cards (the first greedy chose
    Isis gifts from the recipient's hand)."""
    from .test_search_hidden import _hidden_swap
    P = PARAMS.defaults()
    buf = np.empty(R.MAX_LEGAL, np.int64)
    tested = 0
    for seed in (5, 6):
        S = R.new_game(6, P, new_stream(np.uint64(seed), 0, 0))
        crng = new_stream(np.uint64(seed), 0, 1)
        prng = new_stream(np.uint64(seed), 0, 2)
        R.advance(S, P, crng)
        while S[ST.H_OVER] == 0:
            k = R.legal_actions(S, P, buf)
            o = S[ST.H_DECIDER]
            S2 = _hidden_swap(S, o) if k > 1 else None
            if S2 is not None:
                cnt, cnt2 = np.zeros((4, 6), np.int64), np.zeros((4, 6), np.int64)
                ctx = SM.decision_context(S, P, o, GREEDY, cnt, buf, k)
                ctx2 = SM.decision_context(S2, P, o, GREEDY, cnt2, buf, k)
                v1 = [SM.action_value(S, P, o, a, GREEDY, cnt, ctx) for a in buf[:k]]
                v2 = [SM.action_value(S2, P, o, a, GREEDY, cnt2, ctx2) for a in buf[:k]]
                assert v1 == v2, (ST.STEP_NAMES[S[ST.H_STEP]], v1, v2)
                tested += 1
            R.apply_action(S, P, SM.greedy_choose(S, P, GREEDY, buf, k, prng), crng)
    assert tested > 100


def test_isis_gift_ignores_the_recipients_hand():
    """Isis' card for a rival is chosen from public information (his income), so moving hidden
    cards between two opponents changes nothing; the first greedy chose it from his hand."""
    S, P, rng = fresh(n=4, seed=3)
    run_setup(S, P, rng)
    S[ST.GOD + 3] = ROM + 1
    S[ST.H_STEP] = ST.ST_ISIS
    S[ST.H_DECIDER] = ROM
    S[ST.H_ISIS_TO] = 1
    assert R.isis_recipient(S, 1) == GRE
    set_hand(S, GRE, {"wine": 3, "oil": 1})
    set_hand(S, CAR, {"fish": 2, "gems": 1})
    S2 = S.copy()
    set_hand(S2, GRE, {"fish": 2, "gems": 1, "oil": 1})
    set_hand(S2, CAR, {"wine": 3})
    buf = np.empty(R.MAX_LEGAL, np.int64)
    k = R.legal_actions(S, P, buf)

    def values(T, w):
        cnt = np.zeros((4, 6), np.int64)
        ctx = SM.decision_context(T, P, ROM, w, cnt, buf, k)
        return [SM.action_value(T, P, ROM, a, w, cnt, ctx) for a in buf[:k]]
    assert values(S, GREEDY) == values(S2, GREEDY)
    assert values(S, OLD) != values(S2, OLD)


def test_all_incomes_follow_the_rules():
    """forecast.all_incomes (one pass, read at every decision) pays each seat what
    rules.income_receiver and rules.province_income pay, along whole 6-player greedy games."""
    P = PARAMS.defaults()
    buf = np.empty(R.MAX_LEGAL, np.int64)
    inc = np.zeros((6, 14), np.int64)
    recv = np.zeros(41, np.int64)
    cards = np.zeros(41, np.int64)
    one = np.zeros(14, np.int64)
    checked = 0
    for seed in (7, 8):
        S = R.new_game(6, P, new_stream(np.uint64(seed), 0, 0))
        crng = new_stream(np.uint64(seed), 0, 1)
        prng = new_stream(np.uint64(seed), 0, 2)
        R.advance(S, P, crng)
        while S[ST.H_OVER] == 0:
            if S[ST.H_STEP] in (ST.ST_BUILD, ST.ST_STRAT):
                F.all_incomes(S, P, inc, recv, cards)
                for q in range(6):
                    F.next_income(S, P, q, one)
                    assert (inc[q] == one).all()
                for v in range(41):
                    assert recv[v] == max(R.income_receiver(S, P, v), -1)
                    assert cards[v] == (F.province_cards(S, P, v) if recv[v] >= 0 else 0)
                checked += 1
            k = R.legal_actions(S, P, buf)
            R.apply_action(S, P, SM.greedy_choose(S, P, GREEDY, buf, k, prng), crng)
    assert checked > 20


def test_switches_are_never_trained():
    """Every switch back to the first players (OLD_SWITCHES) is on/off, not a value: `agon train`
    must keep it at its default (GameSpec.extra["train_fixed"])."""
    assert set(OLD_SWITCHES) <= set(SPEC.extra["train_fixed"])


def test_search_budget_is_a_weight_for_the_skill_ladder():
    """`search_iterations` (the shared search's budget) is the knob of `agon skill`; the trainer never
    moves it."""
    from strategies.mare_nostrum import GREEDY_W, WEIGHT_NAMES
    from experiments.train import trained_names
    from sim import get_game
    spec = get_game("mare-nostrum")
    assert spec.skill_ladder.strategy == "ismcts" and spec.skill_ladder.knob == "search_iterations"
    assert GREEDY_W[WEIGHT_NAMES.index("search_iterations")] == 32.0
    assert not any(n.startswith("search") for n in trained_names(spec, "greedy"))