"""Restricted play (Jaffe et al. 2012): how much is an option worth? One player may not use
it, the others play unrestricted with the same strategy; seats rotate, so without the ban
the player would win exactly the fair 1/p on average. The loss below 1/p is the option's value.

A ban is applied through the players' weight vectors (the strategy mechanism every game
already has), declared per game as
    {option: {"weights": {weight_name: value}, "meaning": "...", "check": seat_metric}}
in `GameSpec.extra["bans"]`, or here in BANS for games whose player code allows it but whose
spec does not declare it (yet). `check` is a seat metric that shows whether the ban held
(the report compares it between the restricted and the unrestricted players).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path

from experiments.folder import child
from experiments.lineup import parse_strategy
from experiments.runner import Plan, Study, run_study
from sim import game_names, get_game
from sim.spec import AgonInputError

BLOCK = -1000.0   # a weight that makes every alternative preferable

# Bans that work through the existing greedy-family weights (strategies/<game>.py, read-only).
BANS = {
    "glory-to-rome": {
        f"{role}": {"weights": {f"bias_{role}": BLOCK}, "check": f"actions_{role}",
                    "meaning": f"never leads or follows {role.title()} (its clients still act)"}
        for role in ("laborer", "craftsman", "architect", "legionary", "merchant", "patron")
    },
    "magna-grecia": {
        "markets": {"weights": {"no_build_market": 1.0}, "check": "markets_built",
                    "meaning": "never builds a market (a founding run still places its free market)"},
        "merges": {"weights": {"no_merge": 1.0}, "check": "merges",
                   "meaning": "never places a city tile that joins two of its cities"},
    },
    "catan": {
        "dev_cards": {"weights": {"buy_dev": BLOCK}, "check": "dev_bought",
                      "meaning": "never buys a development card"},
    },
    "troja": {
        "ships": {"weights": {"ships": BLOCK, "ship_bonus": 0.0}, "check": "ships",
                  "meaning": "never builds a ship"},
    },
    "mare-nostrum": {
        "gods": {"weights": {"god": BLOCK}, "check": "gods_taken", "meaning": "never offers to a god"},
        "creatures": {"weights": {"creature": BLOCK}, "check": "creatures_built", "meaning": "never builds a creature"},
        "pillage": {"weights": {"pillage": BLOCK}, "check": "pillages", "meaning": "never pillages"},
        "heroes_wonders": {"weights": {"hero": BLOCK}, "check": "heroes_wonders",
                           "meaning": "never buys a hero or a wonder"},
    },
}


def bans_of(spec) -> dict:
    """Every ban a game supports: its spec's `extra["bans"]`, then BANS."""
    return {**BANS.get(getattr(spec, "name", None), {}), **dict((getattr(spec, "extra", None) or {}).get("bans") or {})}


def ban_for(spec, metric: str) -> str | None:
    """The ban that answers a component: the one whose `check` metric is the component's own metric
    (the ban removes exactly what the component counts: Magna Grecia's `merges`, `markets_built`), else
    None. A looser match by name would pair Troja's "ship: 3:1 port" with `--ban ships`, which removes
    every ship, not the port."""
    for ban, info in bans_of(spec).items():
        if info.get("check") and info["check"] == metric:
            return ban
    return None


def games_with_bans() -> list[str]:
    out = []
    for g in game_names():
        try:
            if bans_of(get_game(g)):
                out.append(g)
        except Exception:
            continue
    return out


def restricted_token(spec, base: str, ban: str) -> str:
    """'greedy' + ban -> 'greedy:w=...' with the ban's weights set (a one-line error otherwise)."""
    bans = bans_of(spec)
    if not bans:
        raise AgonInputError(f"{spec.name} has no bannable options (its players expose no weight that removes an "
                             f"option); games with bans: {', '.join(games_with_bans())}")
    if ban not in bans:
        raise AgonInputError(f"unknown ban {ban!r} for {spec.name}; valid: {', '.join(bans)}")
    seat = parse_strategy(spec, base)
    info = spec.strategy(seat.strategy)
    names = list(info.weight_names)
    weights = list(seat.weights)
    for name, value in bans[ban]["weights"].items():
        if name not in names:
            raise AgonInputError(f"the ban {ban!r} needs weight {name!r}, which strategy {seat.strategy!r} does not "
                                 f"have; use one of: {', '.join(s.name for s in spec.strategies if name in s.weight_names)}")
        weights[names.index(name)] = float(value)
    return f"{seat.strategy}:w=" + "/".join(f"{w:g}" for w in weights)


@dataclass
class Restriction:
    game: str
    bans: list[str]
    players: int | None = None
    games: int = 4000
    seed: int = 1
    strategy: str = "greedy"
    params: dict = field(default_factory=dict)
    command: str = ""

    def validate(self, jobs: int = 1) -> list[tuple[str, Study, Plan]]:
        spec = get_game(self.game)
        players = spec.check_players(self.players)
        if not self.bans:
            raise AgonInputError(f"give at least one --ban; valid for {self.game}: {', '.join(bans_of(spec)) or 'none'}")
        if len(set(self.bans)) != len(self.bans):
            raise AgonInputError("each --ban may be given once")
        if "," in self.strategy:
            raise AgonInputError("--strategies takes one strategy here: the one every player uses (one of them banned)")
        out = []
        for ban in self.bans:
            token = restricted_token(spec, self.strategy, ban)
            st = Study(kind="seats", game=self.game, players=players, games=int(self.games), seed=self.seed,
                       strategies=[token] + [self.strategy] * (players - 1), params=dict(self.params),
                       command=self.command)
            out.append((ban, st, Plan(st, jobs)))
        self.players = players
        return out


def run(r: Restriction, out, jobs: int = 1, resume: bool = False, force: bool = False, rule=None,
        progress: bool = True) -> dict:
    from experiments import folder
    from experiments.sequential import StopRule, check_sprt_fair, run_until
    from reports.fold import seat_counts
    from reports.sequential import write_record

    rule = rule or StopRule()
    units = r.validate(jobs)
    check_sprt_fair(rule, r.players)
    out = folder.check(out, resume, force)
    spec = get_game(r.game)
    bans = bans_of(spec)
    meta = {"kind": "restrict", "game": r.game, "title": spec.title, "players": r.players, "strategy": r.strategy,
            "strategies": [r.strategy], "bans": {b: {"meaning": bans[b].get("meaning", ""), "check": bans[b].get("check"),
                                                     "weights": bans[b]["weights"], "token": st.strategies[0]}
                                                 for b, st, _ in units},
            "seed": r.seed, "games": int(r.games), "params": dict(r.params), "command": r.command,
            "rule": rule.describe()}
    folder.start(out, meta, resume, force)

    def grow(n):
        for ban, st, _ in units:
            st2 = replace(st, games=int(n))
            run_study(st2, child(Path(out) / "bans", ban, "ban"), jobs=jobs, progress=progress, plan=Plan(st2, jobs),
                      extend=True)

    def measure():
        iv, rates = {}, {}
        for ban, st, _ in units:
            sc = seat_counts(Path(out) / "bans" / ban)
            _, lo, hi, w, n = sc.strategy_rate(st.strategies[0])
            label = f"restricted player without {ban}"
            iv[label], rates[label] = (lo, hi), (w, n)
        return {"intervals": iv, "rates": rates}

    rec = run_until(rule, int(r.games), grow, measure, progress, folder=out, resume=resume)
    write_record(out, rec.to_json())
    folder.finish(out, {})
    from reports.restrict import build
    return build(out)
