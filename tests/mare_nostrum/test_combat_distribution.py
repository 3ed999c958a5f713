"""The engine's battle losses follow the exact distribution computed from the dice (§4.6)."""
import numpy as np
import pytest
from scipy import stats

from sim.mare_nostrum import rules as R
from sim.mare_nostrum import state as ST
from sim.rng import new_stream
from .helpers import ROM, GRE, CAR, BAB, prov, sea, fresh, run_setup, set_units, clear_units, \
    strategy_turn, units, attack_id


def dice_sum_dist(n_dice, bonus_per_die=0, const=0):
    """Exact distribution {total: probability} of n_dice d6 (+bonus each) + const."""
    dist = {const: 1.0}
    for _ in range(n_dice):
        new = {}
        for t, p in dist.items():
            for d in range(1, 7):
                new[t + d + bonus_per_die] = new.get(t + d + bonus_per_die, 0.0) + p / 6
        dist = new
    return dist


def loss_dist(total_dist, cap, divisor=5):
    out = np.zeros(cap + 1)
    for t, p in total_dist.items():
        out[min(t // divisor, cap)] += p
    return out


# (attacker, defender, location, attacker units {u: k}, defender units, attacker dist, defender dist)
MIXES = [
    ("legions", ROM, BAB, prov(23), {0: 3}, {0: 2},
     dice_sum_dist(3), dice_sum_dist(2)),
    ("fortress", ROM, BAB, prov(23), {0: 4}, {0: 2, 2: 1},
     dice_sum_dist(4), dice_sum_dist(2, const=6)),
    ("hannibal_vs_behemoth", CAR, ROM, prov(23), {0: 3, 1: 1}, {0: 1, 2: 2},
     dice_sum_dist(3, bonus_per_die=1, const=6), dice_sum_dist(3)),   # Behemoth forces the fortresses to roll
    ("pericles_at_sea", GRE, ROM, sea("LIB"), {3: 3}, {3: 2},
     dice_sum_dist(3, bonus_per_die=1), dice_sum_dist(2)),
]


def _sample(att, dfd, l, au, du, trials):
    S0, P, _ = fresh(seed=5)
    run_setup(S0, P, new_stream(np.uint64(5), 0, 1))
    clear_units(S0, l)
    for u, k in au.items():
        set_units(S0, att, l, u, k)
    for u, k in du.items():
        set_units(S0, dfd, l, u, k)
    rng = new_stream(np.uint64(123), 0, 1)
    strategy_turn(S0, P, att, rng)
    na0, nd0 = sum(au.values()), sum(du.values())
    la = np.zeros(na0 + 1, np.int64)
    ld = np.zeros(nd0 + 1, np.int64)
    buf = np.empty(R.MAX_LEGAL, np.int64)
    land = l < 41
    for _ in range(trials):
        S = S0.copy()
        R.apply_action(S, P, attack_id(l, dfd), rng)
        while S[ST.H_STEP] == ST.ST_CASUALTY:
            R.legal_actions(S, P, buf)
            R.apply_action(S, P, buf[0], rng)
        assert S[ST.H_STEP] == ST.ST_STRAT
        la[na0 - R.battle_units(S, att, l, land)] += 1
        ld[nd0 - R.battle_units(S, dfd, l, land)] += 1
    return la, ld


def _chi2(observed, probs):
    exp = probs * observed.sum()
    keep = exp > 5
    obs_k = np.append(observed[keep], observed[~keep].sum())
    exp_k = np.append(exp[keep], exp[~keep].sum())
    if exp_k[-1] == 0:
        obs_k, exp_k = obs_k[:-1], exp_k[:-1]
    assert observed[exp == 0].sum() == 0, "a loss count with probability 0 occurred"
    if len(exp_k) < 2:
        return 1.0
    return stats.chisquare(obs_k, exp_k).pvalue


@pytest.mark.parametrize("mix", MIXES, ids=[m[0] for m in MIXES])
def test_losses_match_exact_distribution(mix):
    name, att, dfd, l, au, du, adist, ddist = mix
    la, ld = _sample(att, dfd, l, au, du, 3000)
    # losses of the defender come from the attacker's total and vice versa
    p_ld = loss_dist(adist, sum(du.values()))
    p_la = loss_dist(ddist, sum(au.values()))
    assert _chi2(ld, p_ld) > 1e-3, (name, ld, p_ld)
    assert _chi2(la, p_la) > 1e-3, (name, la, p_la)
