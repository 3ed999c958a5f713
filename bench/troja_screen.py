"""Screens of Troja's ismcts search block against a field (issue 16: ismcts had to beat Troja's old
`search`): one ismcts seat among `players - 1` field seats, seats rotated, the hero's weights
overridden by name (e.g. search_temperature=3), Wilson 95% intervals. One process.

    nice python bench/troja_screen.py --field tuned --per-seat 50 --seed 20000 search_temperature=3

The old `search` was removed once ismcts beat it (the last test below, 6 Dec 2026); the screens and
tests against it below ran at 5f28f6a and before, where `--field search` replays them.

Screens of 2 Dec 2026 (helper troja2), one ismcts seat against 3 old `search` seats, main's
TROJA_SEARCH block (50 iterations, c 0.2, temperature 10 VP, widen 0.6, set-up scale 0) unless named;
the same seeds within a block, so the rows of a block are paired:

    seed 20000, 200 games each          share  [95% Wilson]
      defaults                          0.170  [0.124, 0.228]
      search_temperature=3              0.225  [0.173, 0.288]
      search_temperature=1              0.160  [0.116, 0.217]
      search_iterations=70              0.228  [0.175, 0.290]
      search_c=0.5                      0.205  [0.155, 0.266]
      rank leaf, 1 VP wide (*)          0.180  [0.133, 0.239]
      rank leaf, 2 VP wide (*)          0.185  [0.137, 0.245]
    seed 30000, 400 games each
      defaults                          0.291  [0.249, 0.338]
      search_iterations=100             0.237  [0.198, 0.281]
      search_iterations=150             0.234  [0.195, 0.278]
      search_setup_scale=1              0.279  [0.237, 0.325]
      rank leaf 2 VP, 100 iterations (*) 0.225 [0.187, 0.268]
    seed 40000, 400 games
      defaults                          0.258  [0.217, 0.303]
    seed 50000, 400 games each
      defaults                          0.266  [0.225, 0.312]
      temperature 3, 70 iterations      0.219  [0.181, 0.262]

(*) the cut-off scored as the old search scores its rollouts (position_value: the rivals a seat
is ahead of, a logistic in the VP gap, plus one for being ahead of the best rival, over the seats)
instead of softmax shares; tried as a Troja-only weight, not kept (no better, within the noise).
No variant beats the defaults, and more iterations are not better; the defaults' share moves
from 0.170 to 0.291 between seed blocks, so a 300-game claim against the old search rests on the
seeds: pooled over the fresh seeds it is 0.257 [0.235, 0.281] (1,400 games: seeds 20000, 30000,
40000, 50000), about the fair share, not above it (issue 16 asks for the interval above 0.25). Shares
count a shared win as its share (the result's `win` column). A screen of 200 games costs ~31 CPU-s,
400 games ~67 CPU-s whatever ismcts' budget (the old search's seats dominate).
Tried before and not better (strategies/troja.py, bench/troja_value_fit.py): searching the set-up, playing all rivals'
turns after the leaf, a fitted win-probability leaf.

Screens of 2 Dec 2026 (helper troja), seeds 30000, 40000 and 50000 at 400 games each, pooled (1,200
games per row; the defaults' rows are the ones above). Each variant was a temporary switch on the
ismcts seat only, not kept:

    variant                                          share  [95% Wilson]
      defaults (main)                                0.272  [0.247, 0.298]
      search_iterations=1 (the tuned greedy's move)  0.219  [0.196, 0.243]
      search_widen=1.0                               0.254  [0.230, 0.279]
      search_c=0.1                                   0.249  [0.225, 0.274]
      corsair moves searched too (worth_search)      0.244  [0.221, 0.269]
      pending-battle leaf x1 (*)                     0.263  [0.239, 0.288]
      pending-battle leaf x2 (*)                     0.237  [0.214, 0.262]
      set-up settlements by the old search (**)      0.264  [0.240, 0.290]
      leaf near a battle played to it (***)          0.222  [0.199, 0.246]

(*) seat_values adds, for every seat, the expected step of its side's track bonus in the battle the
row is building to (the determinised row's odds of battle_reveal cards, times the row's filled share
of row_threshold, times 1 or 2): the battles the rivals' turns set off, which the turn cut-off does
not see. (**) a diagnostic, not a candidate: ismcts with the old search's choose_search at the set-up
settlements, to see whether the old search's edge is its set-up (it is not). (***) at a turn
cut-off whose row holds at least row_threshold - 2 cards, the greedy plays the rivals' turns (at
most a round) until that battle is fought, then the leaf is scored as usual. Searching with ismcts is
worth +0.05 over its greedy (0.219 -> 0.272) against the old search; no change tried moves it further.
The redeal question: the engine's redeal (sim/catan_core/rules/redeal.py) pools the whole support row
with the rivals' hands, so a seat's own donations still in the row are redrawn at every
determinisation. The old search's rollouts use the same redeal, so this is no edge of the old
search; keeping them would need the state to record which of a seat's donations are still in the
row (P_DONATED counts a game's donations; a battle reveals 7 of >= 10 row cards and leaves the rest),
a rules-side field, not a query. Within one decision the tree applies its own donation to the
determinised row, so the card being donated is counted.

Screens of 2 Dec 2026 (helper trojash): the old search's root budgeting in ismcts. Code at commit
6fab88e of branch trojash (reverted after, nothing kept): sim/search/ismcts.py got optional bindings
`root_candidates` (K; 0 = off, the loop's draws as before: troja's ismcts hashes checked unchanged)
and `root_anchor`, Troja its own bound copy `search_troja`, switched per seat by temporary hooks in
weights only the old search reads (search_setup_rounds = -K, search_horizon_rounds = -100 * anchor,
search_setup_boost < 0 for the round cut-off). Root halving: the K best greedy candidates
(policy_scores order, no vetoes), ceil(log2 K) rounds, each survivor search_iterations / (rounds *
survivors) iterations per round through its own tree below; within a round every survivor's j-th
iteration draws its determinisation, chance seed and in-tree choices from seed j of the round
(common random numbers); the better half by mean goes on; the best mean of the last two is played.
Anchor: the greedy's best candidate gets that bonus (a share) on its mean, so a rival candidate
replaces it only by that margin. Round cut-off: where the turn cut-off would score, the greedy
(the seat's weights) plays the rivals' turns to the seat's next turn (the old search's rollout)
and every seat is scored by position_value / players (the old search's score). One ismcts seat
against 3 old-search seats, 50 iterations unless named, 400 games per block:

    variant                                        seed   share  [95% Wilson]
      defaults (UCB1, main)                        30000  0.291  [0.249, 0.338]   (above)
      halving K=4                                  30000  0.231  [0.193, 0.275]
      halving K=3                                  30000  0.234  [0.195, 0.278]
      halving K=2                                  30000  0.228  [0.189, 0.271]
      halving K=4, 100 iterations                  30000  0.214  [0.176, 0.257]
      halving K=3 + round cut-off                  30000  0.220  [0.182, 0.263]
      UCB1 + round cut-off (diagnostic)            30000  0.188  [0.152, 0.229]
      halving K=3, anchor 0.01                     30000  0.286  [0.244, 0.332]
      halving K=3, anchor 0.02                     30000  0.273  [0.231, 0.318]
      halving K=3, anchor 0.005                    30000  0.266  [0.225, 0.312]
      halving K=3, anchor 0.01, 100 iterations     30000  0.261  [0.221, 0.306]
      halving K=4, anchor 0.01 + round cut-off     30000  0.237  [0.198, 0.282]
      halving K=6, anchor 0.01                     30000  0.225  [0.187, 0.268]
      halving K=4, anchor 0.01                     30000  0.296  [0.254, 0.343]
                                                   40000  0.289  [0.247, 0.335]
                                                   50000  0.253  [0.212, 0.297]
        pooled, 1,200 games                               0.279  [0.255, 0.305]   (defaults 0.272 [0.247, 0.298])
        fresh seeds                                60000  0.250  [0.210, 0.295]
                                                   70000  0.295  [0.252, 0.341]
        fresh, pooled 800 games                           0.272  [0.243, 0.304]   (fails: not above 0.25)
      defaults (UCB1) on the fresh seeds           60000  0.263  [0.222, 0.308]
                                                   70000  0.256  [0.216, 0.301]
        pooled 800 games                                  0.260  [0.230, 0.291]
    over the five blocks (2,000 games): halving K=4 + anchor 0.01 0.277 [0.257, 0.297], defaults
    0.267 [0.248, 0.287]: level.

Why plain halving loses: on the main-phase decisions of the ismcts seat in 3 games (seed 77, 82
decisions), UCB1 played something other than the greedy's best-scored action 16 times, halving
K=3 36 times and K=2 30 times (K=3 agreed with UCB1's choice in 55). Telling the candidates apart
more sharply (common seeds, the whole budget on the best few) makes the search leave the greedy's
choice twice as often, and those departures lose: the turn cut-off's value is biased, and UCB1's
visit count, which favours the first (greedy) child, is what kept ismcts above its greedy; an
anchor of 0.01 (about half a VP at the 10 VP temperature) gives that back and no more, and more
iterations are again worse. The round cut-off with position_value, the old search's own horizon
and score, is worse than the turn cut-off in both loops (0.188 and 0.220 against 0.291), so the old
search's edge is not its horizon or its scoring either.

Confirmatory test, declared before it was run (3 Dec 2026, this paragraph committed first): main's
ismcts defaults, one seat against 3 old `search` seats, fresh master seeds 100000 and 200000 (never
screened), --per-seat 1250 each, so 10,000 games in all, fixed in advance (no look before the end,
no batches). ismcts beats the old search if the Wilson 95% interval of the pooled share lies above
0.25; the 2,000 screened games above are not pooled into it (the defaults were picked on them).
With a true share of 0.267 (the screens' estimate) the test has about 95% power.

Result (3 Dec 2026, 1,771 CPU-s): seed 100000 0.257 [0.245, 0.269] of 5,000 games, seed 200000
0.249 [0.237, 0.261] of 5,000; pooled 0.253 [0.245, 0.262] of 10,000 (Wilson, from the printed
shares). The interval holds 0.25: the test fails, ismcts does not beat the old search in Troja. It
also excludes a share below 0.245, so ismcts is not meaningfully weaker either, at 7x the speed
(34 against 4.8 games/CPU-s). The screens' 0.267 was the optimism of picking the defaults on
those seeds. The old search stays (issue 16 asks for a win, not a draw).

Screens of 5 Dec 2026 (sixteenth session), one ismcts seat against 3 old `search` seats, 400 games a
block, the hero's greedy weights overridden by name (the search block as main's):

    weights                                          seed   share  [95% Wilson]
      the default greedy's (not the tuned file's)    30000  0.209  [0.172, 0.251]
                                                     40000  0.220  [0.182, 0.263]
                                                     50000  0.204  [0.167, 0.246]
      retrained, twice the budget (agon train troja  30000  0.255  [0.215, 0.300]
        --players 4 --budget 240000 --seed 2: 26.0%  40000  0.242  [0.203, 0.287]
        [24.9, 27.1] against the shipped file)

The tuned weights are worth about 5 points of share to ismcts against the old search (0.21 with the
default greedy's, 0.27 with the tuned file's on the same seeds), but a file level with the shipped one
against greedy players adds nothing: the search's edge over the old one is not its greedy's weights.

The other line-up, and a second test declared before it ran (6 Dec 2026, nineteenth session). One old
`search` seat among three `ismcts` seats (`agon seats troja --players 4 --strategies
search,ismcts,ismcts,ismcts --games 4000 --seed 300000`, descriptive, run first; the master seed of the
paired test against `tuned` in docs/SEARCH.md, another line-up): the old
search wins 21.8% [20.5, 23.1] of its 4,000 seat-games (fair 25%; exact p 1.7e-06), each ismcts seat
about 26.1%. So ismcts is level when it is alone among old searches (the test above) and ahead when
the old search is alone among ismcts players. The symmetric line-up decides between them, and is
declared here before it is run (this paragraph committed first): `agon seats troja --players 4
--strategies ismcts,ismcts,search,search --games 12000 --seed 400000 --jobs 2` (3,000 fresh seeds,
every rotation), fixed in advance, no look before the end. Estimand: the share of the 12,000 games won
by the two ismcts seats together (ties split; twice ismcts' seat share in the run's report). ismcts
beats the old search head-to-head if its Wilson 95% interval lies above 0.5. Expecting a share near
0.514 (the two asymmetric line-ups: 0.506 and 0.522), the test has about 85% power.

Result (6 Dec 2026, 2,241 CPU-s, 19 min on 2 cores): the two ismcts seats won 6,198.5 of the 12,000 games,
**0.517 [0.508, 0.525]** (Wilson 95%; one-sided exact binomial p = 1.6e-4 against 0.5); per seat ismcts
25.8% [25.3, 26.4], the old search 24.2% [23.6, 24.7] of 24,000 seat-games each. The interval lies above
0.5: ismcts beats the old search head-to-head. Two declared tests were run on the question (this one and
the 1-against-3 one above); at a Bonferroni level of 2.5% each this one still holds (97.5% interval
[0.506, 0.527]). What it does not say: that ismcts wins when it is alone among old searches (that
line-up is level, above); its edge is about one point of seat share.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main(argv=None) -> int:
    from sim import get_game
    from experiments.lineup import arrays, parse_lineup
    from statsmodels.stats.proportion import proportion_confint
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--field", default="tuned", help="the other seats' strategy (default tuned)")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--per-seat", type=int, default=50)
    ap.add_argument("--seed", type=int, default=20000)
    ap.add_argument("overrides", nargs="*", help="name=value for the ismcts seat's weights")
    a = ap.parse_args(argv)
    spec = get_game("troja")
    hero = spec.strategy("ismcts")
    wins = []
    cpu = 0.0
    for seat in range(a.players):
        names = [a.field] * a.players
        names[seat] = "ismcts"
        kinds, weights = arrays(spec, parse_lineup(spec, names, a.players))
        for o in a.overrides:
            k, v = o.split("=")
            weights[seat, hero.weight_names.index(k)] = float(v)
        t = time.process_time()
        r = spec.play_batch(a.seed + seat, 0, a.per_seat, a.players, spec.params.defaults(), kinds, weights)
        cpu += time.process_time() - t
        wins.append(r["win"][:, seat])
    w = np.concatenate(wins)
    lo, hi = proportion_confint(w.sum(), len(w), method="wilson")
    print(f"troja {a.players}p field={a.field} {' '.join(a.overrides) or 'defaults'} seed={a.seed}: "
          f"{w.mean():.3f} [{lo:.3f}, {hi:.3f}] of {len(w)} games, {cpu:.0f} CPU-s", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
