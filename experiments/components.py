"""Component balance study (`agon components GAME`): play mirror games, then tabulate the win
rate with vs without every component (reports/component_study.py).

Identical players in every seat, so a component's lift is about the component (and the
games in which a player ends up holding it), not about who held it.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path

from experiments.runner import Plan, Study, run_study
from sim import get_game
from sim.spec import AgonInputError

MIN_SHARE = 0.05   # components held in fewer seat-games are left out of the --until-ci check


@dataclass
class ComponentStudy:
    game: str
    players: int | None = None
    games: int = 4000
    seed: int = 1
    strategies: str = "greedy"
    params: dict = field(default_factory=dict)
    command: str = ""

    def study(self) -> Study:
        return Study(kind="seats", game=self.game, players=self.players, games=int(self.games), seed=self.seed,
                     strategies=self.strategies, params=dict(self.params), command=self.command)


def run(cs: ComponentStudy, out, jobs: int = 1, resume: bool = False, force: bool = False, rule=None,
        progress: bool = True) -> dict:
    from experiments import folder
    from experiments.sequential import StopRule, run_until
    from reports import component_study as rep
    from reports.fold import seat_counts
    from reports.sequential import write_record

    from experiments.sequential import check_sprt_fair
    rule = rule or StopRule()
    spec = get_game(cs.game)
    plan = Plan(cs.study(), jobs)
    check_sprt_fair(rule, plan.players)
    if not rep.component_sources(spec, _result_columns(spec, plan.players), plan.players):
        raise AgonInputError(f"{cs.game} declares no components (GameSpec.extra components / categorical_seat); "
                             f"games with components: {', '.join(_games_with_components())}")
    out = folder.check(out, resume, force)
    meta = {"kind": "components", "game": cs.game, "title": spec.title, "players": plan.players,
            "strategies": [s.name for s in plan.seats], "seed": cs.seed, "games": int(cs.games),
            "params": dict(cs.params), "command": cs.command, "rule": rule.describe()}
    folder.start(out, meta, resume, force)
    games_dir = Path(out) / "games"

    def grow(n):
        st = replace(cs.study(), games=int(n))
        run_study(st, games_dir, jobs=jobs, progress=progress, plan=Plan(st, jobs), extend=True)

    def measure():
        counts, games, p = rep.fold_components(games_dir, spec)
        tab = rep.component_table(counts, games, p)
        iv = {}
        for r in tab[tab["share"].between(MIN_SHARE, 1 - MIN_SHARE)].itertuples():
            iv[f"{r.label} (with)"] = (r.with_low, r.with_high)
            iv[f"{r.label} (without)"] = (r.without_low, r.without_high)
        sc = seat_counts(games_dir)
        return {"intervals": iv, "seats": [sc.rate(k)[3:5] for k in range(sc.players)]}

    rec = run_until(rule, int(cs.games), grow, measure, progress, folder=out, resume=resume)
    write_record(out, rec.to_json())
    from reports.data import load_meta
    folder.finish(out, {"games": int(load_meta(games_dir)["games"])})
    from reports.components_report import build
    return build(out)


def _result_columns(spec, players: int) -> list[str]:
    """Seat columns a game declares (no game is played just to validate the input)."""
    names = ("score", "win", "rank") + tuple(spec.seat_metrics)
    return [f"{m}_{k}" for m in names for k in range(players)]


def _games_with_components() -> list[str]:
    from reports.component_study import THRESHOLDS
    from reports.components import parse_sections
    from sim import game_names
    out = []
    for g in game_names():
        try:
            d = parse_sections(getattr(get_game(g), "extra", None))
        except Exception:
            continue
        if d["components"] or d["categorical_seat"] or g in THRESHOLDS:
            out.append(g)
    return out
