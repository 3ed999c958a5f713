"""Tournament: every strategy in every seat, so skill and seat effect can be told apart.

With k strategies and p seats a tournament plays line-ups (each rotated through all seats
by the runner, so every strategy sits in every seat of each line-up):
- k >= p: every set of p different strategies (each pair meets in some line-up);
- k < p: every way to give the p mod k extra seats to distinct strategies (counts differ
  by at most one), e.g. 3 strategies, 4 seats: aabc, abbc, abcc.
All line-ups play the same seeds (common random numbers). Each line-up is an ordinary
seats run folder under `lineups/`, so resume and extension work as for any run.
"""
from __future__ import annotations

import itertools
import json
import math
from dataclasses import dataclass, field, replace
from pathlib import Path

from experiments.lineup import parse_strategy
from experiments.runner import Plan, Study, run_study
from sim import get_game
from sim.spec import AgonInputError

MAX_LINEUPS = 70


def lineups(names: list[str], players: int) -> list[list[str]]:
    """The line-ups of a tournament (see the module docstring)."""
    k = len(names)
    if k >= players:
        return [list(c) for c in itertools.combinations(names, players)]
    base, extra = divmod(players, k)
    out = []
    for chosen in itertools.combinations(range(k), extra):
        seats = []
        for i, n in enumerate(names):
            seats += [n] * (base + (1 if i in chosen else 0))
        out.append(seats)
    return out


@dataclass
class Tournament:
    game: str
    strategies: list[str]
    players: int | None = None
    games: int = 2000                 # total games over all line-ups and rotations
    seed: int = 1
    params: dict = field(default_factory=dict)
    ladder: list[str] | None = None
    command: str = ""

    def validate(self, jobs: int = 1) -> list[tuple[str, Study, Plan]]:
        """Check everything before a file is written; returns (folder name, study, plan) per line-up."""
        spec = get_game(self.game)
        players = spec.check_players(self.players)
        names = [s.strip() for s in (self.strategies if isinstance(self.strategies, list)
                                    else str(self.strategies).split(",")) if s.strip()]
        if len(names) < 2:
            raise AgonInputError("a tournament needs at least two strategies, e.g. --strategies random,greedy,ismcts")
        if len(set(names)) != len(names):
            raise AgonInputError(f"strategies must be distinct, got {','.join(names)}")
        for n in names:
            parse_strategy(spec, n)
        for n in self.ladder or []:
            if n not in names:
                raise AgonInputError(f"--ladder names {n!r}, which is not in --strategies ({', '.join(names)})")
        if int(self.games) < 1:
            raise AgonInputError(f"--games must be at least 1, got {self.games}")
        ups = lineups(names, players)
        if len(ups) > MAX_LINEUPS:
            raise AgonInputError(f"{len(names)} strategies in {players} seats need {len(ups)} line-ups; at most "
                                 f"{MAX_LINEUPS}: give fewer strategies")
        self.strategies, self.players = names, players
        per = self.games_per_lineup(len(ups))
        out = []
        for i, up in enumerate(ups):
            st = Study(kind="seats", game=self.game, players=players, games=per, seed=self.seed,
                       strategies=up, params=dict(self.params), command=self.command)
            out.append((f"l{i:02d}", st, Plan(st, jobs)))
        return out

    def games_per_lineup(self, n_lineups: int) -> int:
        """Games of one line-up, all rotations included: the total split evenly, whole rotations."""
        p = int(self.players)
        return max(p, math.ceil(int(self.games) / n_lineups / p) * p)


def play(t: Tournament, out: Path, jobs: int = 1, resume: bool = False, force: bool = False,
         progress: bool = True, grow_to: int | None = None,
         units=None) -> list[Path]:
    """Play every line-up of `t` into out/lineups/; `grow_to` (total games, as `--games`)
    extends the line-ups on the same seeds (sequential batches)."""
    units = units or t.validate(jobs)
    folders = []
    for name, st, plan in units:
        folder = Path(out) / "lineups" / name
        if grow_to is not None:
            st = replace(st, games=Tournament(**{**vars(t), "games": int(grow_to)}).games_per_lineup(len(units)))
            plan = Plan(st, jobs)
        run_study(st, folder, jobs=jobs, resume=resume, force=False, progress=progress, plan=plan,
                  extend=grow_to is not None)
        folders.append(folder)
    return folders


def run(t: Tournament, out, jobs: int = 1, resume: bool = False, force: bool = False, rule=None,
        progress: bool = True) -> dict:
    """Validate, play (sequentially if a stopping rule is given) and report a tournament."""
    from experiments import folder
    from experiments.sequential import StopRule, run_until
    from reports import tournament as rep
    from reports.sequential import write_record

    from experiments.sequential import check_sprt_fair
    rule = rule or StopRule()
    units = t.validate(jobs)
    check_sprt_fair(rule, t.players)
    out = folder.check(out, resume, force)
    spec = get_game(t.game)
    meta = {"kind": "tournament", "game": t.game, "title": spec.title, "players": t.players,
            "strategies": t.strategies, "ladder": t.ladder or rep.default_ladder(t.strategies),
            "lineups": [u[1].strategies for u in units], "seed": t.seed, "games": int(t.games),
            "params": dict(t.params), "command": t.command, "rule": rule.describe()}
    folder.start(out, meta, resume, force)

    def grow(total):
        play(t, out, jobs, progress=progress, grow_to=total, units=units)

    def measure():
        pc = rep.fold_lineups(rep.lineup_folders(out), t.strategies, t.players)
        iv = {f"win share of {r.strategy}": (r.low, r.high) for r in rep.strategy_table(pc).itertuples()}
        iv.update({f"{r.row} ahead of {r.column}": (r.low, r.high) for r in rep.win_matrix(pc).itertuples()})
        return {"intervals": iv, "seats": [(float(pc.seat_w[:, k].sum()), float(pc.seat_n[:, k].sum()))
                                           for k in range(t.players)]}

    rec = run_until(rule, int(t.games), grow, measure, progress, folder=out, resume=resume)
    write_record(out, rec.to_json())
    played = sum(int(json.loads((f / "run.json").read_text())["games"]) for f in rep.lineup_folders(out))
    folder.finish(out, {"games": played})
    return rep.build(out)
