"""Design studies as `agon run` sees them: one object per TOML [[study]] of kind tune,
tournament, components, restrict or design (and seats/sweep with a stopping rule), with
the same three steps as a plain run: validate, check the folder, run and report."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from sim.spec import AgonInputError

KINDS = ("seats", "sweep", "tune", "tournament", "components", "restrict", "design")


@dataclass
class Composite:
    kind: str
    game: str
    obj: object                   # Tuning | Tournament | ComponentStudy | Restriction | Battery | Study
    rule: object = None           # StopRule
    command: str = ""
    extra: dict = field(default_factory=dict)

    def check(self, out: Path, jobs: int, resume: bool, force: bool) -> None:
        """Validate the study and its folder; writes nothing."""
        from experiments import folder
        self.obj.command = self.command
        if self.kind in ("seats", "sweep"):
            from experiments.runner import Plan, prepare_folder
            prepare_folder(out, resume, force, Plan(self.obj, jobs))
            return
        if self.kind == "components":
            self.obj.study()
            from experiments.runner import Plan
            Plan(self.obj.study(), jobs)
        else:
            self.obj.validate(jobs)
        folder.check(out, resume, force)

    def run(self, out: Path, jobs: int, resume: bool, force: bool, progress: bool):
        """Play and report; the backend is the caller's (runner.shared_pool)."""
        from experiments import components, restrict, sequential, tournament, tune
        self.obj.command = self.command
        if self.kind in ("seats", "sweep"):
            return sequential.run_single(self.obj, out, self.rule, jobs, resume, force, progress)
        if self.kind == "design":
            from experiments.design import run_one
            return run_one(self.obj, Path(out), jobs, resume, force, progress, self.command)
        mod = {"tune": tune, "tournament": tournament, "components": components, "restrict": restrict}[self.kind]
        return mod.run(self.obj, out, jobs, resume, force, self.rule, progress)


def from_toml(raw: dict, where: str) -> Composite:
    """A [[study]] table of a design kind -> Composite (one-line errors name the valid keys)."""
    from experiments import components, restrict, tournament, tune
    from experiments.sequential import make_rule
    kind, game = raw["kind"], raw["game"]
    common = {"name", "kind", "game", "players", "games", "seed", "params", "until_ci", "sprt", "max_games", "batch"}
    allowed = {
        "seats": common | {"strategies", "chunk_size", "check"},
        "sweep": common | {"strategies", "chunk_size", "check", "sweep"},
        "tune": common | {"strategies", "tune", "targets"},
        "tournament": common | {"strategies", "ladder"},
        "components": common | {"strategies"},
        "restrict": common | {"strategies", "bans"},
        "design": {"name", "kind", "game", "seed", "scale", "config"},
    }
    if kind not in allowed:
        raise AgonInputError(f"{where}: unknown study kind {kind!r}; valid: {', '.join(KINDS)}")
    bad = set(raw) - allowed[kind]
    if bad:
        raise AgonInputError(f"{where}: unknown key(s) {', '.join(sorted(bad))} for kind {kind}; valid: "
                             f"{', '.join(sorted(allowed[kind]))}")
    games = int(raw.get("games", 2000))
    sprt = raw.get("sprt")
    sprt = ",".join(map(str, sprt)) if isinstance(sprt, list) else sprt
    rule = make_rule(raw.get("until_ci"), sprt, raw.get("max_games"), raw.get("batch"), games=games) \
        if kind != "design" else None
    seed, players, params = int(raw.get("seed", 1)), raw.get("players"), dict(raw.get("params") or {})

    def listed(key, default=None):
        v = raw.get(key, default)
        return [s.strip() for s in v.split(",")] if isinstance(v, str) else list(v or [])

    if kind == "tune":
        if not isinstance(raw.get("tune"), dict) or not raw["tune"]:
            raise AgonInputError(f"{where}: a tune study needs tune = {{ NAME = \"LO:HI\" }}")
        obj = tune.Tuning(game=game, params=[(k, str(v)) for k, v in raw["tune"].items()],
                          targets=listed("targets"), players=players, games=games, seed=seed,
                          strategies=str(raw.get("strategies", "greedy")), fixed=params)
    elif kind == "tournament":
        obj = tournament.Tournament(game=game, strategies=listed("strategies"), players=players, games=games,
                                    seed=seed, params=params, ladder=listed("ladder") or None)
    elif kind == "components":
        obj = components.ComponentStudy(game=game, players=players, games=games, seed=seed,
                                        strategies=str(raw.get("strategies", "greedy")), params=params)
    elif kind == "restrict":
        obj = restrict.Restriction(game=game, bans=listed("bans"), players=players, games=games, seed=seed,
                                   strategy=str(raw.get("strategies", "greedy")), params=params)
    elif kind == "design":
        from experiments.design import load_batteries
        scale = float(raw.get("scale", 1.0))
        if scale <= 0:
            raise AgonInputError(f"{where}: scale must be positive")
        obj = load_batteries([game], raw.get("config"), scale, seed)[0]
    else:
        return None   # plain seats/sweep without a rule: the runner's own path
    return Composite(kind, game, obj, rule)
