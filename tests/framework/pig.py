"""Pig, a tiny real dice game used as the framework tests' fixture game.

Each turn a player rolls a die until they hold (banking the turn total) or roll
a 1 (losing it). First to `target` wins. Its seat advantage is real and fast to
measure, so runner, resume and report tests do not depend on a big engine.
Registered for subprocess tests via AGON_EXTRA_GAMES=pig=tests.framework.pig.
"""
import numpy as np
from numba import njit

from sim import rng
from sim.spec import GameSpec, Param, ParamTable, SkillLadder, StrategyInfo

PARAMS = ParamTable([
    Param("target", 30, 5, 200, "points needed to win"),
    Param("die_sides", 6, 2, 20, "faces of the die"),
    Param("max_turns", 400, 10, 10000, "turn cap; highest score wins at the cap"),
    # Planted properties for the design-study tests (tests/studies/): with both at 0 a game is
    # exactly the plain Pig game (charms come from the setup stream, dice and players unchanged).
    Param("handicap", 0, 0, 50, "points every seat but the first starts with (a komi: seat 0 moves first)"),
    Param("charm_points", 0, 0, 50, "points the lucky charm (held by each seat with chance 1/2) gives at the start"),
    # a measuring switch (tests/studies/test_compare.py): the charm is held as before and gives nothing
    Param("power_lucky", True, boolean=True, measuring=True, meaning="the lucky charm's points act"),
    # restricted play (tests/studies/test_power_worth.py): power_lucky off for this seat alone
    Param("switch_seat", -1, -1, 3, measuring=True, meaning="the one seat power_lucky=false applies to (-1: every seat)"),
])
P_TARGET, P_SIDES, P_MAX_TURNS, P_HANDICAP, P_CHARM, P_POWER_LUCKY, P_SWITCH_SEAT = 0, 1, 2, 3, 4, 5, 6

STRATEGIES = (
    StrategyInfo("random", 0, "holds with probability 1/2 after each roll"),
    StrategyInfo("greedy", 1, "holds once the turn total reaches w[0]", (12.0,), ("hold_at",)),
    StrategyInfo("cautious", 1, "greedy that holds at a turn total of 7 (between random and greedy)", (7.0,), ("hold_at",)),
)


@njit(cache=True)
def _play(seed, start, n, p, params, kinds, weights, check):
    target = int(params[P_TARGET])
    sides = int(params[P_SIDES])
    max_turns = int(params[P_MAX_TURNS])
    turns = np.zeros(n, np.int64)
    rolls = np.zeros(n, np.int64)
    finish = np.zeros(n, np.int64)
    score = np.zeros((n, p), np.float64)
    win = np.zeros((n, p), np.float64)
    rank = np.zeros((n, p), np.int64)
    busts = np.zeros((n, p), np.int64)
    lucky = np.zeros((n, p), np.int64)
    dud = np.zeros((n, p), np.int64)
    handicap = int(params[P_HANDICAP])
    charm = int(params[P_CHARM])
    switched = int(params[P_SWITCH_SEAT])
    for g in range(n):
        dice = rng.new_stream(seed, start + g, rng.CHANCE)
        pl = rng.new_stream(seed, start + g, rng.PLAYERS)
        setup = rng.new_stream(seed, start + g, rng.SETUP)
        pts = np.zeros(p, np.int64)
        for s in range(p):
            lucky[g, s] = rng.below(setup, 2)
            dud[g, s] = rng.below(setup, 2)
            power = params[P_POWER_LUCKY] != 0 or (switched >= 0 and s != switched)
            pts[s] = (handicap if s > 0 else 0) + (charm * lucky[g, s] if power else 0)
        t = 0
        over = False
        while not over and t < max_turns:
            s = t % p
            total = 0
            while True:
                r = rng.below(dice, sides) + 1
                rolls[g] += 1
                if r == 1:
                    total = 0
                    busts[g, s] += 1
                    break
                total += r
                if pts[s] + total >= target:
                    break
                if kinds[s] == 0:
                    if rng.below(pl, 2) == 0:
                        break
                elif total >= weights[s, 0]:
                    break
            pts[s] += total
            finish[g] = 1 if total >= 12 else 0
            if check and pts[s] < 0:
                raise AssertionError("negative score")
            t += 1
            if pts[s] >= target:
                over = True
        turns[g] = t
        best = pts.max()
        k = 0
        for s in range(p):
            if pts[s] == best:
                k += 1
        for s in range(p):
            score[g, s] = pts[s]
            if pts[s] == best:
                win[g, s] = 1.0 / k
            rk = 1
            for o in range(p):
                if pts[o] > pts[s]:
                    rk += 1
            rank[g, s] = rk
    return turns, rolls, finish, score, win, rank, busts, lucky, dud


def play_batch(seed, start, n_games, n_players, params, kinds, weights, check=False):
    turns, rolls, finish, score, win, rank, busts, lucky, dud = _play(
        seed, start, n_games, n_players, np.asarray(params, np.float64),
        np.asarray(kinds, np.int64), np.asarray(weights, np.float64), check)
    return {"turns": turns, "rolls": rolls, "finish": finish, "score": score, "win": win, "rank": rank, "busts": busts,
            "charm_lucky": lucky, "charm_dud": dud, "charms": lucky + 2 * dud}


def play_traced(seed, index, n_players, params, kinds, weights):
    res = play_batch(seed, index, 1, n_players, params, kinds, weights)
    lines = [f"Pig game {index}: {int(res['turns'][0])} turns, {int(res['rolls'][0])} rolls"]
    for s in range(n_players):
        lines.append(f"Seat {s}: {int(res['score'][0, s])} points")
    return lines, res


SPEC = GameSpec(
    name="pig", title="Pig (test fixture)", player_counts=(2, 3, 4), default_players=2,
    params=PARAMS, strategies=STRATEGIES, play_batch=play_batch, play_traced=play_traced,
    seat_metrics=("busts", "charm_lucky", "charm_dud", "charms"), game_metrics=("rolls", "finish"), key_param="target",
    n_weights=1,
    # `agon skill pig` (tests/experiments/test_skill.py): holding later is stronger at this target
    skill_ladder=SkillLadder("greedy", "hold_at", (4, 8), "turn total at which it holds"),
    extra={
        "components": [("Charms", "charm_")],
        # the charms a seat was dealt, as one category (a civ's stand-in: reports/category_runs.py)
        "categorical_seat": {"charms": ["none", "lucky", "dud", "both"]},
        "dealt_categories": {"charms": {}},
        # how a game ends: the last turn's total (reports/ending_levels.py; `cautious` holds at 7, `greedy` at 12)
        "categorical_game": {"finish": ["small finish", "big finish"]},
        "end_metric": "finish",
        # charms are dealt at setup: their holders are fixed before any play (reports/compare.holder_effect)
        "switch_holders": ["charm_"],
        "switch_seat": "switch_seat",
        # restricted play (`agon restrict pig --ban second_roll`): hold after every successful roll
        # (`check`: the seat metric it answers, so a design battery plays it for a flagged "busts": test_power_worth)
        "bans": {"second_roll": {"weights": {"hold_at": 1.0}, "check": "busts",
                                 "meaning": "may not roll again after a successful roll"}},
    },
)
