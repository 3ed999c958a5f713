"""`agon check-players`: is a player fit to be used as evidence? A degeneracy battery.

Generic over GameSpec. Per strategy (every seat plays it) on a stated sample of traced games,
with random play on the same seeds as the reference:
- no scoring action: share of games in which some seat never used a scoring action family;
- game length against random play (and against a human range when the game declares one);
- use rate of every action family (share of seat-games using it at least once); a family the
  player never uses is flagged when it is worth something: random play's seats that used it
  win more often than those that did not (Newcombe 95% interval above 0), the restricted-play
  contrast random play offers without a ban;
- self-defeating game ends: the player whose action ended the game (an end condition the game
  declares a player's choice) finishes below first although it had a move that did not end the
  game (games that declare `ends["avoidable"]` tell; for the others every such end counts);
- rule options whose flip moves no outcome for this player but does for random play (common
  random numbers: the same seeds under both values, a game "moves" when any score, rank or the
  length changes).
Every flag names reproducing `agon play ... --trace` commands.

What a game declares (`GameSpec.extra["player_check"]`): `actor` (regex whose group 1 is the
acting seat of a trace line; lines that do not match are not actions), `families` ([(name,
regex)]: a line counts for every family it matches), `scoring` (family names that score),
`bans` ({family: `agon restrict` option}) and `ends` (None, or {"metric", "by_player": codes,
"labels", optionally "avoidable": "module:function(seed, indices, players, params, kinds, weights)
-> [bool]" and "passes": a regex of the trace line of a pass (an action that changes no score, e.g.
Catan's END): a game whose last action is a pass and whose winner is another seat ended as that
winner's turn began (Catan's win on one's own turn, e.g. after VP gained in the special building
phase), which nobody chose, so it has no ender}), `moot_options` ({option: {"family", "why"}}: an
option a player that uses `family` never meets, e.g. a ban on selling inactive markets for a player
that sells only active ones; not flagged when the player uses the family, reported with `why`);
optionally `human_length` = (low, high, source) in player-turns.
"""
from __future__ import annotations

import math
import re
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from experiments.args import set_flags, value_text
from sim import get_game
from sim.spec import AgonInputError

MIN_NO_SCORING = 0.01   # a no-scoring share whose lower 95% bound is below this is not flagged
# A player that cannot see everything (rivals' hands, vaults) may now and then end a game it believed it
# was winning: self-defeating ends are flagged when their rate is significantly above this (Wilson lower bound)
MIN_SELF_DEFEATING = 0.02


@dataclass
class Check:
    game: str
    players: int | None = None
    strategies: list[str] = field(default_factory=lambda: ["greedy"])
    games: int = 200
    option_games: int = 30
    confirm_games: int = 500      # seeds (x every seat rotation) of a never-used family's restricted play
    options: list[str] | None = None
    overrides: dict = field(default_factory=dict)
    seed: int = 1
    command: str = ""

    def validate(self):
        from experiments.lineup import parse_lineup
        spec = get_game(self.game)
        self.spec = spec
        self.players = spec.check_players(self.players)
        self.decl = (spec.extra or {}).get("player_check")
        if not self.decl:
            raise AgonInputError(f"{spec.name} declares no action families (GameSpec.extra['player_check']); "
                                 "check-players needs them")
        self.vec = spec.params.vector(self.overrides)
        if not self.strategies:
            raise AgonInputError("give at least one strategy to check")
        if len(set(self.strategies)) != len(self.strategies):
            raise AgonInputError("each strategy may be given once")
        for s in self.strategies:
            if "," in s:
                raise AgonInputError("one strategy per entry")
            parse_lineup(spec, s, self.players, self.overrides)
        if int(self.games) < 1:
            raise AgonInputError(f"--games must be at least 1, got {self.games}")
        if int(self.option_games) < 0:
            raise AgonInputError(f"--option-games must be >= 0, got {self.option_games}")
        if int(self.confirm_games) < 1:
            raise AgonInputError(f"--confirm-games must be at least 1, got {self.confirm_games}")
        if int(self.seed) < 0:
            raise AgonInputError(f"--seed must be >= 0, got {self.seed}")
        all_opts = option_params(spec)
        if self.options is None:
            # measuring switches (power_<name>) are flipped only when asked: 53 of them in Mare Nostrum
            # would bury its 15 rule options under Holm and triple the check's time; whether the players
            # know a switch is tested where the switch is defined
            self.options = [p.name for p in all_opts if p.name not in self.overrides and not p.measuring]
        else:
            for o in self.options:
                p = spec.params.get(o)
                if not (p.choices or p.boolean):
                    raise AgonInputError(f"{o} is a constant, not a rule option; options: "
                                         f"{', '.join(p.name for p in all_opts if not p.measuring)} "
                                         "(or a measuring switch, power_<name>)")
        return self


def option_params(spec) -> list:
    return [p for p in spec.params if p.choices or p.boolean]


# ------------------------------------------------------------------ traced games
def trace_games(game: str, seed: int, indices: list[int], players: int, vec: np.ndarray, strategy: str,
                overrides: dict) -> list[dict]:
    """Play games `indices` traced (every seat `strategy`) and reduce each to what the checks need."""
    from experiments.lineup import arrays, parse_lineup
    spec = get_game(game)
    decl = spec.extra["player_check"]
    actor = re.compile(decl["actor"])
    fams = [(name, re.compile(rx)) for name, rx in decl["families"]]
    scoring = set(decl.get("scoring") or [])
    ends = decl.get("ends")
    kinds, weights = arrays(spec, parse_lineup(spec, strategy, players, overrides))
    out = []
    for i in indices:
        lines, res = spec.play_traced(seed, i, players, vec, kinds, weights)
        counts = np.zeros((players, len(fams)), dtype=np.int64)
        last_actor = -1
        last_line = ""
        for line in lines:
            m = actor.search(line)
            if not m:
                continue
            s = int(m.group(1))
            if not 0 <= s < players:
                continue
            last_actor = s
            last_line = line
            for j, (_, rx) in enumerate(fams):
                if rx.search(line):
                    counts[s, j] += 1
        scored = [any(counts[s, j] > 0 for j, (n, _) in enumerate(fams) if n in scoring) for s in range(players)]
        row = {"index": int(i), "turns": float(np.asarray(res["turns"])[0]),
               "score": [float(x) for x in np.asarray(res["score"])[0]],
               "win": [float(x) for x in np.asarray(res["win"])[0]],
               "rank": [int(x) for x in np.asarray(res["rank"])[0]],
               "counts": counts.tolist(), "scored": scored, "ender": last_actor, "end_code": None}
        if ends:
            row["end_code"] = int(np.asarray(res[ends["metric"]])[0])
            if ends.get("passes") and last_actor >= 0 and re.search(ends["passes"], last_line) \
                    and row["win"][last_actor] == 0 and max(row["win"]) > 0:
                row["ender"] = -1      # the game ended as the winner's turn began (see the module doc)
        out.append(row)
    if ends and ends.get("avoidable"):   # the game can tell whether the ender had a move that did not end it
        from importlib import import_module
        mod, _, fn = ends["avoidable"].partition(":")
        avoid = getattr(import_module(mod), fn)(seed, [r["index"] for r in out], players, vec, kinds, weights)
        for r, a in zip(out, avoid):
            r["avoidable"] = bool(a)
    return out


def _parallel_trace(check: Check, strategy: str, jobs: int) -> list[dict]:
    idx = list(range(int(check.games)))
    parts = max(1, min(len(idx), jobs * 4))
    size = math.ceil(len(idx) / parts)
    groups = [idx[k:k + size] for k in range(0, len(idx), size)]
    args = [(check.spec.name, int(check.seed), g, check.players, check.vec, strategy, check.overrides) for g in groups]
    if jobs == 1:
        res = [trace_games(*a) for a in args]
    else:
        from joblib import Parallel, delayed
        res = Parallel(n_jobs=jobs, backend="loky")(delayed(trace_games)(*a) for a in args)
    return [r for part in res for r in part]


# ------------------------------------------------------------------ option flips
def base_outcomes(game: str, seed: int, n: int, players: int, vec: np.ndarray, strategy: str,
                  overrides: dict) -> dict:
    """The option seeds played under the rules as they are: the side every flip of one player compares with,
    played once per player (replayed for every flip, it was half the games of Troja's `ismcts` check)."""
    from experiments.lineup import arrays, parse_lineup
    spec = get_game(game)
    kinds, weights = arrays(spec, parse_lineup(spec, strategy, players, overrides))
    return spec.play_batch(seed, 0, n, players, vec, kinds, weights, False)


def flip_outcomes(game: str, seed: int, n: int, players: int, vec: np.ndarray, strategy: str, overrides: dict,
                  index: int, code: float, base: dict | None = None) -> np.ndarray:
    """Per game: did setting parameter `index` to `code` move the outcome? (same seeds both ways; `base`:
    base_outcomes of the same arguments, when the caller has it) None when the flipped rules cannot be played
    at this player count."""
    from experiments.lineup import arrays, parse_lineup
    spec = get_game(game)
    kinds, weights = arrays(spec, parse_lineup(spec, strategy, players, overrides))
    a = base_outcomes(game, seed, n, players, vec, strategy, overrides) if base is None else base
    v2 = vec.copy()
    v2[index] = code
    try:
        b = spec.play_batch(seed, 0, n, players, v2, kinds, weights, False)
    except AgonInputError:
        return None
    return moved_games(a, b)


def moved_games(a: dict, b: dict) -> np.ndarray:
    """Per game of two play_batch results on the same seeds: did the outcome move (any score, rank or
    the length)?"""
    n = len(np.asarray(a["turns"]))
    moved = np.zeros(n, dtype=bool)
    for key in ("score", "rank", "turns"):
        x, y = np.asarray(a[key], dtype=float), np.asarray(b[key], dtype=float)
        moved |= (x != y).reshape(n, -1).any(axis=1)
    return moved


def option_table(check: Check, strategy: str, jobs: int) -> list[dict]:
    spec = check.spec
    tasks = []
    for name in check.options:
        p = spec.params.get(name)
        i = spec.params.index(name)
        cur = check.vec[i]
        alts = [float(k) for k in range(len(p.choices))] if p.choices else [0.0, 1.0]
        for code in alts:
            if code == cur:
                continue
            v2 = check.vec.copy()
            v2[i] = code
            chk = (spec.extra or {}).get("check_params")
            if chk is not None:
                try:
                    chk(v2, check.players)
                except AgonInputError:
                    continue
            for who in (strategy, "random"):
                tasks.append((name, p.decode(code), who, (spec.name, int(check.seed), int(check.option_games),
                                                          check.players, check.vec, who, check.overrides, i, code)))
    whos = (strategy, "random")
    base_args = [(spec.name, int(check.seed), int(check.option_games), check.players, check.vec, who, check.overrides)
                 for who in whos]
    if jobs == 1:
        bases = dict(zip(whos, [base_outcomes(*a) for a in base_args])) if tasks else {}
        moved = [flip_outcomes(*t[3], base=bases[t[2]]) for t in tasks]
    else:
        from joblib import Parallel, delayed
        bases = dict(zip(whos, Parallel(n_jobs=jobs, backend="loky")(delayed(base_outcomes)(*a) for a in base_args))
                     ) if tasks else {}
        moved = Parallel(n_jobs=jobs, backend="loky")(delayed(flip_outcomes)(*t[3], base=bases[t[2]]) for t in tasks)
    rows = {}
    for (name, value, who, _), m in zip(tasks, moved):
        if m is None:    # e.g. an option that needs another player count
            continue
        r = rows.setdefault(name, {"option": name, "default": value_text(spec.params.get(name).decode(check.vec[spec.params.index(name)])),
                                   "flips": [], "moved_player": 0, "moved_random": 0, "games": int(check.option_games),
                                   "example": None})
        if who == "random":
            r["moved_random"] += int(m.sum())
        else:
            r["moved_player"] += int(m.sum())
            r["flips"].append(value_text(value))
            if r["example"] is None:
                r["example"] = value
    return list(rows.values())


# ------------------------------------------------------------------ the checks
def play_command(check: Check, strategy: str, index: int, extra_set: dict | None = None) -> str:
    s = set_flags({**check.overrides, **(extra_set or {})})
    return (f"agon play {check.spec.name} --players {check.players} --seed {check.seed} --index {index} "
            f"--strategies {strategy}{s} --trace")


def option_pvalues(options: list[dict]) -> None:
    """p_value: Fisher's exact test (one-sided) that the player's games move less often than random
    play's when the option is flipped; p_holm: the same adjusted (Holm) over all options flipped."""
    from scipy.stats import fisher_exact
    from statsmodels.stats.multitest import multipletests
    for o in options:
        n_o = o["games"] * max(1, len(o["flips"]))
        o["p_value"] = float(fisher_exact([[o["moved_player"], n_o - o["moved_player"]],
                                           [o["moved_random"], n_o - o["moved_random"]]], alternative="less")[1])
    if options:
        for o, ph in zip(options, multipletests([o["p_value"] for o in options], method="holm")[1]):
            o["p_holm"] = float(ph)


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def confirm_worth(check: Check, strategy: str, weight: str, jobs: int = 1) -> dict:
    """Restricted play for a family the player never uses: one seat plays the player with the family's
    weight raised, the other seats the player, every seat rotation on the same seeds (check.confirm_games
    seeds each), for a ladder of raises (1.5x and 3x the larger of its own and the default value): a raise
    that overshoots must not hide one that pays. The family is worth using for this player when some variant
    wins significantly more than its fair share, not worth it when every variant wins significantly less
    (Wilson 95%); otherwise the sample does not settle it. The best variant is reported. The seat
    rotations run on `jobs` processes; each is one seeded batch, so the figures do not depend on it."""
    from experiments.lineup import parse_strategy
    spec = check.spec
    me = parse_strategy(spec, strategy, check.players, check.overrides)
    info = spec.strategy(me.strategy)
    i = list(info.weight_names).index(weight)
    base = max(me.weights[i], info.weights[i], 1.0 / 3.0)
    tried = [_variant_rate(check, me, i, weight, round(k * base, 3), jobs) for k in (1.5, 3.0)]
    best = max(tried, key=lambda t: t["rate"])
    return dict(best, verdict=worth_verdict(tried), tried=tried)


WORTH_MARGIN = 0.01   # a point of win rate (about 7 Elo): less is "worth less than a point" (STATISTICS.md)


def worth_verdict(tried: list[dict]) -> str:
    """What the variants that raise a never-used family say (each a rate with its Wilson 95% interval):
    "worth" when one wins significantly more than fair; "not worth" when every one wins significantly
    less; "under a point" when none can win a point (WORTH_MARGIN) more than fair, so the player's
    blind spot is worth less than a point of win rate to it; else "unsettled" (more --confirm-games)."""
    if any(t["low"] > t["fair"] for t in tried):
        return "worth"
    if all(t["high"] < t["fair"] for t in tried):
        return "not worth"
    if all(t["high"] < t["fair"] + WORTH_MARGIN for t in tried):
        return "under a point"
    return "unsettled"


def seeds_to_settle(tried: list[dict], players: int, alpha: float = 0.05) -> int | None:
    """About how many seeds (each in every seat rotation) would settle an unsettled confirm step if the
    variants' rates stayed where they are: "under a point" needs every variant's interval below fair +
    WORTH_MARGIN, "worth" one variant's above fair (seat-games for a normal interval of that half-width,
    statsmodels' samplesize_confint_proportion; the nearer of the two). Rounded up to hundreds; None
    without variants."""
    from statsmodels.stats.proportion import samplesize_confint_proportion

    def games(p, gap):
        return samplesize_confint_proportion(p, gap, alpha)
    needs = []
    if all(t["rate"] < t["fair"] + WORTH_MARGIN for t in tried):
        needs.append(max(games(t["rate"], t["fair"] + WORTH_MARGIN - t["rate"]) for t in tried))
    above = [games(t["rate"], t["rate"] - t["fair"]) for t in tried if t["rate"] > t["fair"]]
    if above:
        needs.append(min(above))
    if not needs:
        return None
    return int(math.ceil(min(needs) / players / 100.0) * 100)


def confirm_command(check: Check, strategy: str, seeds: int) -> str:
    """The `agon check-players` command that plays the confirm step on `seeds` seeds."""
    s = set_flags(check.overrides)
    return (f"agon check-players {check.spec.name} --players {check.players} --strategies {strategy}{s} "
            f"--seed {check.seed} --confirm-games {seeds}")


def settle_hint(check: Check, strategy: str, confirm: dict) -> str:
    """What an unsettled confirm step's flag tells the designer to run: the command with the seeds that
    would settle it at the variants' present rates (seeds_to_settle)."""
    seeds = seeds_to_settle(confirm["tried"], check.players)
    if seeds is None or seeds <= int(check.confirm_games):
        return " (more --confirm-games)"
    return (f" (at these rates about {seeds:,} seeds would settle it: "
            f"`{confirm_command(check, strategy, seeds)}`)")


def _seat_wins(game: str, seed: int, n: int, players: int, vec: np.ndarray, kinds, weights, seat: int) -> float:
    """Wins of `seat` in games 0..n-1 of `seed` (one rotation of a restricted-play line-up)."""
    res = get_game(game).play_batch(seed, 0, n, players, vec, kinds, weights, False)
    return float(res["win"][:, seat].sum())


def _variant_rate(check: Check, me, i: int, weight: str, value: float, jobs: int = 1) -> dict:
    """Win share of `me` with weight i set to value, in one seat against `me` in the others, every rotation."""
    from dataclasses import replace
    from experiments.lineup import rotated, arrays
    from reports.stats import wilson
    spec = check.spec
    token = f"{me.name}:{weight}={value:g}" if ":" not in me.name else f"{me.name} with {weight}={value:g}"
    variant = replace(me, name=token, weights=me.weights[:i] + (float(value),) + me.weights[i + 1:])
    n = int(check.confirm_games)
    seed = int(check.seed) + 7919            # new seeds, not the traced games'
    tasks = []
    for r in range(check.players):
        kinds, w = arrays(spec, rotated([variant] + [me] * (check.players - 1), r))
        tasks.append((spec.name, seed, n, check.players, check.vec, kinds, w, (check.players - r) % check.players))
    if jobs == 1:
        per = [_seat_wins(*t) for t in tasks]
    else:
        from joblib import Parallel, delayed
        per = Parallel(n_jobs=jobs, backend="loky")(delayed(_seat_wins)(*t) for t in tasks)
    wins = float(sum(per))               # summed in rotation order: the same whatever `jobs`
    games = n * check.players
    lo, hi = wilson(wins, games)
    return {"token": token, "games": games, "wins": wins, "rate": wins / games, "low": float(lo),
            "high": float(hi), "fair": 1.0 / check.players}


def analyse(check: Check, strategy: str, games: list[dict], random_games: list[dict], options: list[dict],
            jobs: int = 1) -> dict:
    """Every check's figures and flags for one strategy."""
    from reports.stats import newcombe_diff, wilson
    from scipy import stats as sst
    decl = check.decl
    fams = [n for n, _ in decl["families"]]
    flags = []
    used_family = {}   # family -> seat-games of this player using it

    def example(rows, pred, k=3):
        return [play_command(check, strategy, r["index"]) for r in rows if pred(r)][:k]

    # no scoring action by some seat
    n = len(games)
    bad = [r for r in games if not all(r["scored"])]
    rb = [r for r in random_games if not all(r["scored"])]
    lo, hi = wilson(len(bad), n)
    rlo, rhi = wilson(len(rb), len(random_games))
    no_scoring = {"games": n, "count": len(bad), "rate": len(bad) / n, "low": lo, "high": hi,
                  "random_count": len(rb), "random_games": len(random_games),
                  "random_rate": len(rb) / max(1, len(random_games)), "random_low": rlo, "random_high": rhi}
    if bad and lo > max(MIN_NO_SCORING, no_scoring["random_rate"]):
        flags.append({"check": "no scoring action", "text": (
            f"in {len(bad)} of {n} games ({100 * len(bad) / n:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}]) some seat never "
            f"took a scoring action ({', '.join(decl.get('scoring') or [])}); random play: {len(rb)} of "
            f"{len(random_games)}"), "commands": example(games, lambda r: not all(r["scored"]))})

    # game length
    def mean_ci(rows):
        x = np.array([r["turns"] for r in rows], dtype=float)
        m = float(x.mean())
        if len(x) < 2 or x.std() == 0:
            return m, m, m
        h = float(sst.t.ppf(0.975, len(x) - 1) * x.std(ddof=1) / math.sqrt(len(x)))
        return m, m - h, m + h
    m, mlo, mhi = mean_ci(games)
    rm, rlo2, rhi2 = mean_ci(random_games)
    length = {"mean": m, "low": mlo, "high": mhi, "random_mean": rm, "random_low": rlo2, "random_high": rhi2,
              "ratio": m / rm if rm else float("nan"), "human": decl.get("human_length")}
    human = decl.get("human_length")
    if human and not (human[0] <= m <= human[1]) and (mhi < human[0] or mlo > human[1]):
        flags.append({"check": "game length", "text": (
            f"games last {m:.1f} [{mlo:.1f}, {mhi:.1f}] player-turns, outside the human range {human[0]}-{human[1]} "
            f"({human[2] if len(human) > 2 else 'rules spec'})"), "commands": example(games, lambda r: True, 1)})

    # action families
    def use(rows):
        c = np.array([r["counts"] for r in rows], dtype=float)   # games x seats x families
        used = (c > 0).reshape(-1, len(fams))
        return used, c.reshape(-1, len(fams))
    used, cnt = use(games)
    rused, rcnt = use(random_games)
    rwin = np.array([r["win"] for r in random_games], dtype=float).reshape(-1)
    fam_rows = []
    for j, name in enumerate(fams):
        k, kr = int(used[:, j].sum()), int(rused[:, j].sum())
        ulo, uhi = wilson(k, used.shape[0])
        row = {"family": name, "seat_games": int(used.shape[0]), "used": k, "rate": k / used.shape[0],
               "low": ulo, "high": uhi, "per_game": float(cnt[:, j].mean()),
               "random_used": kr, "random_rate": kr / max(1, rused.shape[0]),
               "random_per_game": float(rcnt[:, j].mean()) if len(rcnt) else 0.0,
               "worth": None, "worth_low": None, "worth_high": None, "ban": (decl.get("bans") or {}).get(name)}
        # worth: random play's seats that used the family against those that did not; when every seat
        # used it (or none did), those that used it more than the median against the others
        with_, without = rused[:, j], ~rused[:, j]
        basis = "used it vs did not"
        if not (with_.sum() and without.sum()) and len(rcnt):
            med = float(np.median(rcnt[:, j]))
            with_, without = rcnt[:, j] > med, rcnt[:, j] <= med
            basis = f"used it more than {med:g} times (the median) vs the others"
        if with_.sum() and without.sum():
            d, dlo, dhi = newcombe_diff(rwin[with_].sum(), with_.sum(), rwin[without].sum(), without.sum())
            row.update(worth=float(d), worth_low=float(dlo), worth_high=float(dhi), worth_basis=basis)
        if k == 0 and kr > 0:
            confirm = None
            if row["worth_low"] is not None and row["worth_low"] > 0 and name in (decl.get("encourage") or {}):
                confirm = confirm_worth(check, strategy, decl["encourage"][name], jobs)
                row["confirm"] = confirm
            if confirm is not None and confirm["verdict"] in ("not worth", "under a point"):
                said = ("wins significantly less than fair against it" if confirm["verdict"] == "not worth" else
                        f"cannot win {100 * WORTH_MARGIN:g} point more than fair against it (95% upper bound)")
                row["note"] = (f"never used; random play's users win more, but every variant of this player that "
                               f"raises it {said} (best: `{confirm['token']}` "
                               f"{_pct(confirm['rate'])} [{_pct(confirm['low'])}, {_pct(confirm['high'])}], fair "
                               f"{_pct(confirm['fair'])}, {confirm['games']:,} games): "
                               + ("not worth using for this player" if confirm["verdict"] == "not worth" else
                                  f"worth less than {100 * WORTH_MARGIN:g} point of win rate to this player"))
            elif row["worth_low"] is not None and row["worth_low"] > 0:
                flags.append({"check": "family never used", "family": name, "text": (
                    f"never uses **{name}** in {used.shape[0]} seat-games, although random play uses it in "
                    f"{100 * row['random_rate']:.0f}% of its seat-games, and its seats that {row['worth_basis']} won "
                    f"{100 * row['worth']:+.1f} points [{100 * row['worth_low']:+.1f}, {100 * row['worth_high']:+.1f}] "
                    f"more often"
                    + (f" (restricted play: `agon restrict {check.spec.name} --ban {row['ban']} --strategies random`"
                       " is not possible, random players take no weights; with a player that uses it: "
                       f"`agon restrict {check.spec.name} --ban {row['ban']}`)" if row["ban"] else "")
                    + (f"; the best variant that raises it, `{confirm['token']}`, wins {_pct(confirm['rate'])} [{_pct(confirm['low'])}, "
                       f"{_pct(confirm['high'])}] of its seats against it (fair {_pct(confirm['fair'])}, "
                       f"{confirm['games']:,} games): " + ("worth using" if confirm["verdict"] == "worth" else
                                                            "not settled at this sample" + settle_hint(check, strategy, confirm))
                       if confirm else "")),
                    "commands": example(games, lambda r: True, 1)})
            else:
                row["note"] = "never used; random play shows no value for it in this sample"
        fam_rows.append(row)
        used_family[name] = k

    # self-defeating game ends
    ends = decl.get("ends")
    end = None
    if ends:
        by = set(ends["by_player"])
        chosen = [r for r in games if r["end_code"] in by and r["ender"] >= 0]
        # below first, and (where the game can tell) with another move that would not have ended it
        selfd = [r for r in chosen if r["rank"][r["ender"]] > 1 and r.get("avoidable", True)]
        labels = ends.get("labels") or []
        per_code = {}
        for r in selfd:
            lab = labels[r["end_code"]] if 0 <= r["end_code"] < len(labels) else str(r["end_code"])
            per_code[lab] = per_code.get(lab, 0) + 1
        lo3, hi3 = wilson(len(selfd), n)
        end = {"games": n, "player_ended": len(chosen), "self_defeating": len(selfd), "rate": len(selfd) / n,
               "low": lo3, "high": hi3, "by_end": per_code, "metric": ends["metric"]}
        if selfd and lo3 > MIN_SELF_DEFEATING:
            flags.append({"check": "self-defeating game end", "text": (
                f"in {len(selfd)} of {n} games ({100 * len(selfd) / n:.1f}% [{100 * lo3:.1f}, {100 * hi3:.1f}]) the "
                f"player whose action ended the game finished below first ("
                + ", ".join(f"{k}: {v}" for k, v in sorted(per_code.items())) + ")"),
                "commands": example(games, lambda r: r in selfd)})

    # rule options: flagged when the player's games never move and random play's move significantly more
    # often (Fisher's exact test, one-sided, Holm over the options flipped, 5%): 2 of 30 against 0 of 30 is
    # not evidence of a blind spot, nor is one p = 0.03 among 14 options
    option_pvalues(options)
    unused_flagged = {f["family"] for f in flags if f["check"] == "family never used" and "family" in f}
    for o in options:
        why = moot_reason(decl, o["option"], used_family, unused_flagged)
        if why:
            o["moot"] = why
            continue
        if o["moved_player"] == 0 and o["moved_random"] > 0 and o["p_holm"] < 0.05:
            val = o["example"]
            flags.append({"check": "rule option without effect", "text": (
                f"`{o['option']}` ({o['default']} -> {', '.join(map(value_text, o['flips']))}) moves none of "
                f"{o['games'] * len(o['flips'])} games for this player but {o['moved_random']} of "
                f"{o['games'] * len(o['flips'])} for random play (Fisher one-sided p = {o['p_value']:.2g}, Holm over "
                f"{len(options)} options {o['p_holm']:.2g}): a study of "
                f"it with this player would report no effect"),
                "commands": [play_command(check, strategy, 0), play_command(check, strategy, 0, {o["option"]: val})]})
    return {"strategy": strategy, "games": n, "no_scoring": no_scoring, "length": length, "families": fam_rows,
            "ends": end, "options": options, "flags": flags}


def moot_reason(decl: dict, option: str, used_family: dict, unused_flagged: set) -> str | None:
    """Why `option` cannot move this player's games, when the game declares it (player_check "moot_options":
    {option: {"family", "why"}}, each shown by a test) and it applies: the player uses the family, or never
    uses it and the family check does not flag that. A player that never uses the mechanic meets the option
    neither; whether never using it is a blind spot is the family check's question ("family never used"),
    asked once there, and where that check flags it the option's flag stands too."""
    moot = (decl.get("moot_options") or {}).get(option)
    if not moot:
        return None
    if used_family.get(moot["family"], 0) > 0 or moot["family"] not in unused_flagged:
        return moot["why"]
    return None


def run_checks(check: Check, jobs: int = 1, progress: bool = True) -> dict:
    """Play the samples and analyse every strategy (nothing written)."""
    check.validate() if not hasattr(check, "spec") else None
    t0 = time.perf_counter()

    def say(msg):
        if progress:
            print(msg, file=sys.stderr, flush=True)
    say(f"== check-players {check.spec.name} {check.players}p: {check.games} traced games per strategy "
        f"(and random), {len(check.options)} rule options x {check.option_games} seeds")
    random_games = _parallel_trace(check, "random", jobs)
    out = []
    for s in check.strategies:
        say(f"   {s}: traced games")
        games = random_games if s == "random" else _parallel_trace(check, s, jobs)
        say(f"   {s}: rule options")
        opts = option_table(check, s, jobs) if check.option_games else []
        out.append(analyse(check, s, games, random_games, opts, jobs))
    return {"game": check.spec.name, "title": check.spec.title, "players": check.players, "seed": check.seed,
            "games": int(check.games), "option_games": int(check.option_games), "overrides": dict(check.overrides),
            "command": check.command, "strategies": out, "seconds": round(time.perf_counter() - t0, 1)}


def write_replays(out: Path, res: dict) -> None:
    """Each flag's first reproducing game as a replay page (experiments/replay.py), OUT/replays/
    <strategy>-<k>.html, named in the flag as `replay` (the report links it). A game without a
    board picture gets none."""
    from experiments.replay import replay_from_command
    from reports.boards import picture_of
    from reports.components import file_stem
    for s in res["strategies"]:
        for k, f in enumerate(s["flags"], 1):
            if not f.get("commands") or picture_of(res.get("game", "")) is None:
                continue
            rel = f"replays/{file_stem(s['strategy'])}-{k}.html"
            replay_from_command(f["commands"][0], out / rel)
            f["replay"] = rel


def run(check: Check, out, jobs: int = 1, force: bool = False, progress: bool = True) -> dict:
    """Validate, play, write OUT/checks.json + report.md/html; returns the summary."""
    from experiments import folder
    from experiments.runner import write_json_atomic
    from reports.players import build
    check.validate()
    out = folder.check(out, False, force)
    folder.start(out, {"kind": "check-players", "game": check.spec.name, "title": check.spec.title,
                       "players": check.players, "strategies": list(check.strategies), "seed": check.seed,
                       "games": int(check.games), "command": check.command}, False, force)
    res = run_checks(check, jobs, progress)
    write_replays(Path(out), res)
    write_json_atomic(res, Path(out) / "checks.json")
    folder.finish(out, {"seconds": res["seconds"]})
    return build(out, res)
