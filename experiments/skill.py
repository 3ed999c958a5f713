"""Skill trace (`agon skill GAME`, issue 18): does playing better win more often than luck allows?

Along a ladder of budgets (the game's `SkillLadder`: its search player's rollouts), one player
with budget B plays against p - 1 copies of itself with budget B/2, seats rotated (each seed
played once per rotation), so without a skill effect it would win exactly the fair 1/p. Its win
rate at each rung, with a 95% interval, is the trace; the share of the outcome explained by skill
is how far the strongest rung's win rate is above 1/p, relative to the most it could be
(1 - 1/p): 0 = luck alone, 1 = the stronger player always wins (reports/skill.py).

Each rung is an ordinary seats run folder under OUT/rungs/, so `--resume` finishes an
interrupted trace and every rung can be re-rendered or compared like any run.
"""
from __future__ import annotations

import math
import sys
from dataclasses import dataclass, field
from pathlib import Path

from experiments.folder import child
from experiments.runner import Plan, Study, run_study
from sim import game_names, get_game
from sim.spec import AgonInputError


def games_with_ladder() -> list[str]:
    return [g for g in game_names() if get_game(g).skill_ladder is not None]


def ladder_of(spec):
    """The game's SkillLadder, or a one-line error naming the games that have one."""
    lad = spec.skill_ladder
    if lad is None:
        raise AgonInputError(f"{spec.name} declares no skill ladder (no player whose strength is set by a budget); "
                             f"games with one: {', '.join(games_with_ladder())}")
    return lad


def parse_budgets(spec, text) -> tuple[int, ...]:
    """'2,4,8' (or a sequence) -> budgets, each a whole number of at least 2 (its half plays the copies)."""
    lad = ladder_of(spec)
    if text is None:
        return tuple(lad.budgets)
    items = [str(x).strip() for x in (text.split(",") if isinstance(text, str) else text) if str(x).strip()]
    out = []
    for x in items:
        try:
            b = float(x) if x.isascii() else math.nan
        except ValueError:
            b = math.nan
        if not math.isfinite(b) or b != int(b) or b < 2 or b % 2:
            raise AgonInputError(f"budget {x!r} does not exist for {spec.name}: `{lad.knob}` ({lad.what}) takes even "
                                 f"whole numbers from 2 (the copies play at half), e.g. "
                                 f"{','.join(map(str, lad.budgets))}")
        out.append(int(b))
    if not out:
        raise AgonInputError(f"give at least one budget, e.g. --budgets {','.join(map(str, lad.budgets))}")
    if len(set(out)) != len(out):
        raise AgonInputError("each budget may be given once")
    return tuple(sorted(out))


def token(lad, budget: int) -> str:
    """The line-up token of the ladder's player at `budget`."""
    return f"{lad.strategy}:{lad.knob}={budget:g}"


@dataclass
class SkillTrace:
    game: str
    players: int | None = None
    games: int = 40                 # per rung, all rotations included
    budgets: object = None          # '2,4,8' or a sequence; None: the game's ladder
    seed: int = 1
    params: dict = field(default_factory=dict)
    command: str = ""

    def validate(self, jobs: int = 1) -> list[tuple[int, Study, Plan]]:
        """Everything checked before a file is written; (budget, study, plan) per rung."""
        spec = get_game(self.game)
        lad = ladder_of(spec)
        players = spec.check_players(self.players)
        budgets = parse_budgets(spec, self.budgets)
        out = []
        for b in budgets:
            st = Study(kind="seats", game=self.game, players=players, games=int(self.games), seed=self.seed,
                       strategies=[token(lad, b)] + [token(lad, b // 2)] * (players - 1), params=dict(self.params),
                       command=self.command)
            out.append((b, st, Plan(st, jobs)))
        self.players, self.budgets = players, budgets
        return out


def run(t: SkillTrace, out, jobs: int = 1, resume: bool = False, force: bool = False, progress: bool = True) -> dict:
    """Play every rung into OUT/rungs/B/ and write the report (reports/skill.py)."""
    from experiments import folder
    units = t.validate(jobs)
    out = folder.check(out, resume, force)
    spec = get_game(t.game)
    lad = spec.skill_ladder
    meta = {"kind": "skill", "game": t.game, "title": spec.title, "players": t.players, "games": int(t.games),
            "strategies": [lad.strategy], "ladder": {"strategy": lad.strategy, "knob": lad.knob, "what": lad.what},
            "rungs": {str(b): {"strong": st.strategies[0], "weak": st.strategies[1]} for b, st, _ in units},
            "seed": t.seed, "params": dict(t.params), "command": t.command}
    folder.start(out, meta, resume, force)
    for i, (b, st, plan) in enumerate(units):
        sub = child(Path(out) / "rungs", str(b), "rung")
        if progress:
            print(f"== rung {i + 1}/{len(units)}: {st.strategies[0]} against {t.players - 1} x {st.strategies[1]} "
                  f"({t.games} games)", file=sys.stderr)
        again = resume and (sub / "run.json").exists()
        run_study(st, sub, jobs=jobs, resume=again, progress=progress, plan=plan)
    folder.finish(out, {})
    from reports.skill import build_trace
    return build_trace(out)
