"""The standard design battery of a game (`agon design-report GAME`), and the batch of games
behind `make report`.

Per game, into OUT/GAME/:
  seats-<p>p/     seat advantage with identical players, for every player count;
  sweep-<key>/    the sweep of the game's key constant (GameSpec.key_param) on common seeds;
  sweep-<key>-<strategy>/  the same sweep by a stronger player (design.toml sweep_levels), same seeds;
  tournament/     every strategy of the line-up in every seat (Bradley-Terry, skill ladder);
  skill-trace/    the skill trace (`agon skill`, experiments/skill.py) at the default player count, for a
                  game with a GameSpec.skill_ladder (`skill_trace_games` per rung; 0: none);
  skill-<s>-<p>p/ each further skill level (`skill`, default greedy, tuned and ismcts: the game's
                  GameSpec.extra["skill_levels"] or the config) in every seat at the default player
                  count, so seat advantage, component and category verdicts are stated for every level;
  order-<s>-<w>-<p>p/ the levels' order: one seat of each level s among copies of the level w below it,
                  every seat in turn (`order_games` per step), so "survives a stronger player" is
                  checked to be about a stronger player (reports/level_order.py);
  components are read from the seats run at the default player count (same games: identical
  players in every seat are exactly what `agon components` plays);
  causal/<run>/   that seats run again on the same seeds with one flagged component's power off
                  (reports/power_worth.py): for every seat where its holders are fixed before the power acts
                  (Mare Nostrum's heroes, wonders, creatures), else for one seat at a time over 1/p of the
                  games (restricted play: Glory to Rome's buildings, Mare Nostrum's gods), so the report
                  states what the power is worth next to the association (`causal`);
  seat-check-<key>-<value>/ the seats run at the default player count again on its first seeds with the
                  key constant at the value the seat verdict names (its own fair value, or the swept value that
                  moves the flagged seat toward fair), so the report states the check it asks for (`seat_check`);
then OUT/GAME/report.md + report.html (reports/design.py) and OUT/index.md linking them.
Game counts come from experiments/configs/design.toml (chosen to fit the README's time budget).
"""
from __future__ import annotations

import contextlib
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from experiments.args import set_flags, with_base_arm
from experiments.folder import child
from experiments.runner import Plan, Study, prepare_folder, run_study
from sim import get_game
from sim.spec import AgonInputError

DEFAULT_CONFIG = Path(__file__).resolve().parent / "configs" / "design.toml"
_GAME_KEYS = {"strategies", "seats", "sweep", "sweep_games", "tournament", "tournament_games", "players", "skill",
              "skill_games", "skill_trace_games", "order_games", "check_games", "check_option_games",
              "check_confirm_games", "causal", "causal_games", "sweep_levels", "seat_check"}
DEFAULT_SKILL = ("greedy", "tuned", "ismcts")


@dataclass
class Battery:
    """What the battery plays for one game (game counts already scaled)."""

    game: str
    players: int
    strategies: str = "greedy"
    seats: dict = field(default_factory=dict)        # player count -> games
    sweep_values: list = field(default_factory=list)
    sweep_games: int = 600
    sweep_levels: list = field(default_factory=list)   # further strategies the sweep is played with, same seeds
    tournament: list[str] = field(default_factory=list)
    tournament_games: int = 120
    seed: int = 1
    skill: list[str] = field(default_factory=list)   # the skill levels, weakest first; the first is `strategies`
    skill_games: int | dict = 400   # games of each further level, or {level: games}
    skill_trace_games: int = 0      # per rung of the skill trace (0: none)
    order_games: int = 0            # per step of the levels' order check (0: none)

    check_games: int = 100          # check-players: traced games per strategy (0: no player checks)
    check_option_games: int = 20    # check-players: seeds per rule option flip
    check_confirm_games: int = 100  # check-players: seeds (x every rotation) of a never-used family's variants
    causal: bool = True             # switch each flagged component's power off on the seats run's seeds
    causal_games: int = 0           # games of each causal check: the seats run's first games (0: all of them)
    seat_check: bool = True         # play the key-constant value the seat verdict names, on the seats run's seeds

    def skill_games_of(self, level: str) -> int:
        """Games of one further skill level (a fast `tuned` can afford the seats run's size, a search less)."""
        return int(self.skill_games[level] if isinstance(self.skill_games, dict) else self.skill_games)

    def skill_runs(self) -> list[str]:
        """Skill levels that need their own run (the battery's `strategies` is played anyway)."""
        return [s for s in self.skill if s != self.strategies] if len(self.skill) >= 2 else []

    def order_steps(self) -> list[tuple[str, str]]:
        """(weaker, stronger) for each pair of neighbouring skill levels the order check plays."""
        return list(zip(self.skill, self.skill[1:])) if self.order_games and len(self.skill) >= 2 else []

    def units(self) -> list[tuple[str, str, object]]:
        """(folder name, kind, Study | Tournament) in playing order."""
        from experiments.tournament import Tournament
        spec = get_game(self.game)
        out = []
        for p in sorted(self.seats):
            out.append((f"seats-{p}p", "seats", Study(
                kind="seats", game=self.game, players=p, games=self.seats[p], seed=self.seed,
                strategies=self.strategies,
                command=f"agon seats {self.game} --players {p} --games {self.seats[p]} --strategies {self.strategies} "
                        f"--seed {self.seed}")))
        if spec.key_param and self.sweep_values:
            vals = ",".join(str(v) for v in self.sweep_values)
            out.append((f"sweep-{spec.key_param}", "sweep", Study(
                kind="sweep", game=self.game, players=self.players, games=self.sweep_games, seed=self.seed + 1,
                strategies=self.strategies, sweep=[[spec.key_param, list(self.sweep_values)]],
                command=f"agon sweep {self.game} --players {self.players} --param {spec.key_param}={vals} "
                        f"--games {self.sweep_games} --strategies {self.strategies} --seed {self.seed + 1}")))
            for lvl in self.sweep_levels:     # the same sweep by a stronger player: does its finding hold?
                out.append((f"sweep-{spec.key_param}-{lvl}", "sweep", Study(
                    kind="sweep", game=self.game, players=self.players, games=self.sweep_games, seed=self.seed + 1,
                    strategies=lvl, sweep=[[spec.key_param, list(self.sweep_values)]],
                    command=f"agon sweep {self.game} --players {self.players} --param {spec.key_param}={vals} "
                            f"--games {self.sweep_games} --strategies {lvl} --seed {self.seed + 1}")))
        for s2 in self.skill_runs():
            p = self.players
            out.append((f"skill-{s2}-{p}p", "seats", Study(
                kind="seats", game=self.game, players=p, games=self.skill_games_of(s2), seed=self.seed, strategies=s2,
                command=f"agon seats {self.game} --players {p} --games {self.skill_games_of(s2)} --strategies {s2} "
                        f"--seed {self.seed}")))
        from reports.level_order import step_name
        for weak, strong in self.order_steps():
            p = self.players
            lineup = [strong] + [weak] * (p - 1)
            out.append((step_name(weak, strong, p), "order", Study(
                kind="seats", game=self.game, players=p, games=self.order_games, seed=self.seed + 3,
                strategies=lineup,
                command=f"agon seats {self.game} --players {p} --games {self.order_games} --strategies "
                        f"{','.join(lineup)} --seed {self.seed + 3}")))
        if self.skill_trace_games and spec.skill_ladder is not None:
            from experiments.skill import SkillTrace
            p = self.players
            out.append(("skill-trace", "skill_trace", SkillTrace(
                game=self.game, players=p, games=self.skill_trace_games, seed=self.seed,
                command=f"agon skill {self.game} --players {p} --games {self.skill_trace_games} --seed {self.seed}")))
        if len(self.tournament) >= 2:
            names = ",".join(self.tournament)
            out.append(("tournament", "tournament", Tournament(
                game=self.game, strategies=list(self.tournament), players=self.players, games=self.tournament_games,
                seed=self.seed + 2,
                command=f"agon tournament {self.game} --players {self.players} --strategies {names} "
                        f"--games {self.tournament_games} --seed {self.seed + 2}")))
        return out

    def validate(self, jobs: int = 1) -> None:
        """Every study of the battery, checked before any folder is written."""
        for _, kind, st in self.units():
            if kind in ("tournament", "skill_trace"):
                st.validate(jobs)
            else:
                Plan(st, jobs)


def load_batteries(games: list[str], config: str | None, scale: float, seed: int) -> list[Battery]:
    """Read the game counts; unknown games or keys are one-line errors."""
    path = Path(config) if config else DEFAULT_CONFIG
    if not path.is_file():
        raise AgonInputError(f"config file {path} not found")
    from experiments import schema
    from experiments.config import read_toml
    data = schema.check(read_toml(path), schema.DESIGN_SCHEMA, str(path))   # the declared shape first
    defaults = data.get("defaults", {})
    table = data.get("game", {})
    out = []
    for g in games:
        spec = get_game(g)
        raw = {**defaults, **table.get(g, {})}
        bad = set(raw) - _GAME_KEYS
        if bad:
            raise AgonInputError(f"{path}: unknown key(s) {', '.join(sorted(bad))}; valid: {', '.join(sorted(_GAME_KEYS))}")
        players = spec.check_players(int(raw.get("players", spec.default_players)))
        per = raw.get("seats", 2000)
        seats = {int(k): int(v) for k, v in per.items()} if isinstance(per, dict) else {p: int(per) for p in spec.player_counts}
        for p in seats:
            spec.check_players(p)
        sc = lambda n, lo=1: max(lo, int(round(int(n) * scale)))  # noqa: E731
        key = spec.params.get(spec.key_param) if spec.key_param else None
        sweep = raw.get("sweep")
        if key is not None:
            if sweep is None:
                from reports.sweep import default_values
                sweep = default_values(key)
            elif isinstance(sweep, str):
                from experiments.args import parse_range
                sweep = parse_range(sweep)
            sweep = [key.decode(key.encode(v)) for v in sweep]
            sweep, _ = with_base_arm(key, sweep, key.decode(key.encode(key.default)), players)
        strategies = [s.strip() for s in str(raw.get("tournament", "random,greedy,ismcts")).split(",") if s.strip()]
        strategies = [s for s in strategies if s in {x.name for x in spec.strategies}]
        levels = raw.get("skill") or (spec.extra or {}).get("skill_levels") or DEFAULT_SKILL
        levels = [x.strip() for x in (levels.split(",") if isinstance(levels, str) else levels) if str(x).strip()]
        if len(levels) < 2 or len(set(levels)) != len(levels):
            raise AgonInputError(f"{path}: skill needs two or more different strategies (weakest first), got {levels}")
        from experiments.lineup import tuned_names
        known = {x.name for x in spec.strategies} | set(tuned_names(spec))
        levels = levels if all(x in known for x in levels) else []
        sweep_levels = _sweep_levels(raw.get("sweep_levels", ""), known, "sweep_levels" in table.get(g, {}), path, g)
        sweep_levels = [x for x in sweep_levels if x != str(raw.get("strategies", "greedy"))]
        skill_games = raw.get("skill_games", 400)
        skill_games = ({k: sc(v, players) for k, v in skill_games.items()} if isinstance(skill_games, dict)
                       else sc(skill_games, players))
        out.append(Battery(game=g, players=players, strategies=str(raw.get("strategies", "greedy")),
                           seats={p: sc(n, p) for p, n in seats.items()}, sweep_values=list(sweep or []),
                           sweep_games=sc(raw.get("sweep_games", 600)), sweep_levels=sweep_levels,
                           tournament=strategies,
                           tournament_games=sc(raw.get("tournament_games", 120), players), seed=seed,
                           skill=levels, skill_games=skill_games,
                           skill_trace_games=sc(raw.get("skill_trace_games", 0), players)
                           if raw.get("skill_trace_games", 0) else 0,
                           order_games=sc(raw.get("order_games", 0), players) if raw.get("order_games", 0) else 0,

                           check_games=sc(raw.get("check_games", 100), 0) if raw.get("check_games", 100) else 0,
                           check_option_games=sc(raw.get("check_option_games", 20), 0),
                           check_confirm_games=max(1, sc(raw.get("check_confirm_games", 100), 0)),
                           causal=bool(raw.get("causal", True)),
                           causal_games=sc(raw.get("causal_games", 0), 1) if raw.get("causal_games", 0) else 0,
                           seat_check=bool(raw.get("seat_check", True))))
        further = out[-1].skill_runs()
        if isinstance(skill_games, dict) and further and set(skill_games) != set(further):
            raise AgonInputError(f"{path}: skill_games for {g} names {', '.join(sorted(skill_games))}; "
                                 f"it needs every further skill level: {', '.join(further)}")
    return out


def _sweep_levels(raw, known: set, own: bool, path, game: str) -> list[str]:
    """The further strategies of the sweep. A name the game lacks is a one-line error when the game's
    own table asks for it; from [defaults] it is skipped (not every game has every player)."""
    names = [x.strip() for x in (raw.split(",") if isinstance(raw, str) else raw) if str(x).strip()]
    bad = [x for x in names if x not in known]
    if bad and own:
        raise AgonInputError(f"{path}: sweep_levels for {game} names unknown strategy {bad[0]!r}; "
                             f"valid: {', '.join(sorted(known))}")
    return list(dict.fromkeys(x for x in names if x in known))


def _warm(games: list[str], jobs: int, progress: bool) -> None:
    """Compile (or load from the numba cache) every game's engine and players, `jobs` games at
    a time: numba compiles on one core, so compiling two games at once halves the wait."""
    from joblib import Parallel, delayed
    if progress:
        print(f"== compiling / loading {', '.join(games)} ({jobs} at a time)", file=sys.stderr)
    t0 = time.perf_counter()
    Parallel(n_jobs=min(jobs, len(games)), backend="loky")(delayed(_warm_one)(g) for g in games)
    if progress:
        print(f"   ready in {time.perf_counter() - t0:.0f} s", file=sys.stderr)


def _warm_one(game: str) -> None:
    from experiments.lineup import arrays, parse_lineup
    spec = get_game(game)
    p = spec.default_players
    names = [s.name for s in spec.strategies]
    seats = parse_lineup(spec, (names * p)[:p], p)
    kinds, weights = arrays(spec, seats)
    spec.play_batch(0, 0, 1, p, spec.params.defaults(), kinds, weights, False)


def run_battery(b: Battery, out: Path, jobs: int = 1, resume: bool = False, force: bool = False,
                progress: bool = True) -> dict:
    """Play every study of the battery into out/ (each an ordinary, resumable run folder) and
    build its reports; returns the wall seconds per study."""
    from experiments import folder
    from experiments import tournament as tmod
    units = b.units()
    for name, kind, st in units:   # validate everything first
        if kind in ("tournament", "skill_trace"):
            st.validate(jobs)
        else:
            prepare_folder(child(out, name, "study"), resume and (out / name / "run.json").exists(), force, Plan(st, jobs))
    times = {}
    results = {}
    reports = []     # studies whose own report is built after the playing, several at once
    for name, kind, st in units:
        t0 = time.perf_counter()
        if progress:
            games = (f"{st.games} per arm x {len(st.sweep[0][1])} arms" if kind == "sweep" else
                     f"{st.games} per rung" if kind == "skill_trace" else st.games)
            print(f"== {b.game}: {name} ({games} games)", file=sys.stderr)
        sub = child(out, name, "study")
        again = resume and (sub / "run.json").exists()   # a study not reached before is played anew
        finished = again and (folder.meta_of(sub) or {}).get("status") == "complete"   # only re-read
        if kind == "tournament":
            results[name] = tmod.run(st, sub, jobs, resume=again, force=force and not again, progress=progress)
        elif kind == "skill_trace":
            from experiments import skill as skmod
            results[name] = skmod.run(st, sub, jobs, resume=again, force=force and not again, progress=progress)
        else:
            run_study(st, sub, jobs=jobs, resume=again, force=force, progress=progress, plan=Plan(st, jobs))
            if kind != "order":    # an order step is read by the design report only (reports/level_order.py)
                reports.append(name)
        times[name] = _took(t0, finished)
    if reports:
        t0 = time.perf_counter()
        results.update(zip(reports, build_reports([child(out, n, "study") for n in reports], jobs)))
        times["study reports"] = round(time.perf_counter() - t0, 1)
    if b.seat_check and b.sweep_values and b.players in b.seats:
        t0 = time.perf_counter()
        results["seat_check"] = run_seat_check(b, out, jobs, resume, force, progress, results)
        times["seat check"] = round(time.perf_counter() - t0, 1)
    if b.causal and b.players in b.seats and has_power_switches(b.game):
        t0 = time.perf_counter()
        results["causal"] = run_power_checks(b, out, jobs, resume, force, progress)
        times["causal"] = round(time.perf_counter() - t0, 1)
    if b.check_games and (spec_has_player_check(b.game)):
        t0 = time.perf_counter()
        results["players"], reread = run_player_checks(b, out / "players", jobs, progress, resume)
        times["players"] = _took(t0, reread)
    return {"times": times, "results": results}


def build_reports(folders: list[Path], jobs: int) -> list[dict]:
    """Each study's own report, `jobs` at a time (loky, whatever backend played the games: the folders
    are local). Rendering is one core's work per report; built one after the other they left the
    other cores idle for about 20 s a game."""
    from reports import build_report
    if jobs <= 1 or len(folders) <= 1:
        return [build_report(f) for f in folders]
    from joblib import Parallel, delayed
    return Parallel(n_jobs=min(jobs, len(folders)), backend="loky")(delayed(build_report)(f) for f in folders)


def _took(t0: float, reread: bool):
    """A study's wall seconds for the report, marked when it was only re-read (played by an earlier run)."""
    s = round(time.perf_counter() - t0, 1)
    return f"{s} (played before; re-read)" if reread else s


def has_power_switches(game: str) -> bool:
    """Whether the game declares components whose holders are fixed before a power switch acts, a
    seat switch that turns a power off for one seat, or a ban that answers a component (restricted
    play: experiments/restrict.ban_for)."""
    from experiments.restrict import bans_of
    spec = get_game(game)
    extra = spec.extra or {}
    return bool(extra.get("switch_holders") or extra.get("switch_owners") or extra.get("switch_seat")
                or any(info.get("check") for info in bans_of(spec).values()))


def run_power_checks(b: Battery, out: Path, jobs: int, resume: bool, force: bool,
                     progress: bool) -> list[tuple[str, int]]:
    """The causal step: each flagged or unclear component of the default player count's seats run
    whose power a measuring switch turns off (reports/power_worth.to_check), played again on the
    same seeds with the power off (for every seat when its holders are fixed, else for one seat at a
    time), into out/causal/<run>/ (ordinary, resumable run folders). Which components are flagged is
    read from the seats run, so a resumed battery plays the same runs. Returns (run, games) played."""
    from reports.component_study import component_table, fold_components
    from reports.data import load_meta, result_columns
    from reports.power_worth import MIN_HOLDERS, holders, to_check
    spec = get_game(b.game)
    ref = out / f"seats-{b.players}p"
    try:
        counts, games, pp = fold_components(ref, spec)
    except StopIteration:      # a run without chunks has no components (the report says so)
        return []
    if not len(counts):
        return []
    meta = load_meta(ref)
    checks = to_check(component_table(counts, games, pp), spec, meta, set(result_columns(ref).columns))
    n_ref = int(meta["games"])
    if b.causal_games:
        n_ref = min(n_ref, b.causal_games)
    played = []
    for c in checks:
        if c.seat is None and c.ban is None and holders(ref, c.switched, b.players) < MIN_HOLDERS:   # the report says so
            continue
        lineup = c.lineup(spec, b.strategies, b.players)
        names = ",".join(lineup) if lineup else b.strategies
        for name, params, n in c.runs(b.players, n_ref):
            st = Study(kind="seats", game=b.game, players=b.players, games=n, seed=b.seed,
                       strategies=lineup or b.strategies, params=params,
                       command=f"agon seats {b.game} --players {b.players} --games {n} --strategies {names} "
                               f"--seed {b.seed}" + set_flags(params))
            sub = child(child(out, "causal"), name, "study")
            again = resume and (sub / "run.json").exists()
            if progress:
                how = f"ban {c.ban}" if c.ban else ", ".join(f"{k}={v}" for k, v in params.items())
                print(f"== {b.game}: causal check of {c.label} ({n} games, {how})",
                      file=sys.stderr)
            run_study(st, sub, jobs=jobs, resume=again, force=force, progress=progress, plan=Plan(st, jobs))
            played.append((name, n))
    return played


def run_seat_check(b: Battery, out: Path, jobs: int, resume: bool, force: bool, progress: bool,
                   results: dict) -> tuple[str, int] | None:
    """The check the seat verdict at the sweep's player count asks for (reports/design.seat_check_plan: a value
    of the key constant from the sweep, and the games the sweep says it needs), played on the first seeds of
    that count's seats run so it pairs with it, into out/seat-check-<key>-<value>/, and at every other count
    of the seats runs (out/seat-check-<key>-<value>-<n>p/): the constant is one rule for every count, and a
    value that fixes one count can unbalance another. Returns (folder, games in all) or None when the verdict
    names no value. The plan is read from the played runs, so a resumed battery plays the same check."""
    from reports.design import seat_check_plan
    plan = seat_check_plan(out, results)
    if plan is None:
        return None
    key, v, total = plan["key"], plan["value"], 0
    # the checked count first, then the same value at every other count of the seats runs (one rule for all)
    for at in [plan] + list(plan.get("others") or []):
        p, n = int(at["players"]), int(at["games"])
        st = Study(kind="seats", game=b.game, players=p, games=n, seed=b.seed, strategies=b.strategies,
                   params={key: v},
                   command=f"agon seats {b.game} --players {p} --games {n} --strategies {b.strategies} "
                           f"--seed {b.seed}" + set_flags({key: v}))
        sub = child(out, at["folder"], "study")
        again = resume and (sub / "run.json").exists()
        if progress:
            print(f"== {b.game}: seat check, {key} = {v}, {p} players ({n} games)", file=sys.stderr)
        run_study(st, sub, jobs=jobs, resume=again, force=force, progress=progress, plan=Plan(st, jobs))
        total += n
    return plan["folder"], total


def spec_has_player_check(game: str) -> bool:
    return bool((get_game(game).extra or {}).get("player_check"))


def run_player_checks(b: Battery, folder: Path, jobs: int, progress: bool, resume: bool = False) -> tuple[dict, bool]:
    """The check-players battery for the battery's strategy and the skill level's player (its
    findings are restated for that player, so its play must pass the same checks), into folder/
    (a section of the design report). Returns (its summary, whether it was only re-read): with
    `resume`, checks finished before by the same command are re-read, not played again (the same
    seeds give the same checks; they were half of a resumed report's time)."""
    import json
    from experiments import check_players as cp
    from experiments import folder as folder_mod
    strategies = [s.strip() for s in str(b.strategies).split(",") if s.strip()][:1] + b.skill_runs()
    cmd = (f"agon check-players {b.game} --players {b.players} --strategies {','.join(strategies)} "
           f"--games {b.check_games} --option-games {b.check_option_games} "
           f"--confirm-games {b.check_confirm_games} --seed {b.seed}")
    check = cp.Check(game=b.game, players=b.players, strategies=strategies, games=b.check_games,
                     option_games=b.check_option_games, confirm_games=b.check_confirm_games, seed=b.seed,
                     command=cmd)
    meta = folder_mod.meta_of(folder) or {}
    if resume and meta.get("status") == "complete" and meta.get("command") == cmd and (folder / "checks.json").exists():
        from reports.players import build
        return build(folder, json.loads((folder / "checks.json").read_text())), True
    if progress:
        print(f"== {b.game}: player checks ({b.check_games} traced games per strategy)", file=sys.stderr)
    return cp.run(check, folder, jobs=jobs, force=True, progress=progress), False


def run_one(b: Battery, gdir: Path, jobs: int = 1, resume: bool = False, force: bool = False,
            progress: bool = True, command: str = "", scale: float = 1.0, builder=None):
    """One game's battery into `gdir` and its design report (the folder was checked by the caller).
    With `builder` (an executor) the report is built there and its future returned, so the next game's
    battery plays meanwhile; otherwise it is built here and `gdir` returned."""
    from experiments import folder
    from reports.design import build as build_design
    folder.start(gdir, {"kind": "design", "game": b.game, "title": get_game(b.game).title, "players": b.players,
                        "strategies": [b.strategies], "seed": b.seed, "games": 0, "scale": scale,
                        "command": command or f"agon design-report {b.game}",
                        "battery": {"seats": b.seats, "sweep": b.sweep_values, "sweep_games": b.sweep_games,
                                    "sweep_levels": b.sweep_levels,
                                    "tournament": b.tournament, "tournament_games": b.tournament_games,
                                    "skill": b.skill, "skill_games": b.skill_games,
                                    "skill_trace_games": b.skill_trace_games, "order_games": b.order_games,
                                    "check_games": b.check_games, "check_option_games": b.check_option_games,
                                    "check_confirm_games": b.check_confirm_games, "causal": b.causal,
                                    "seat_check": b.seat_check}},
                 resume=resume, force=force)
    t0 = time.perf_counter()
    res = run_battery(b, gdir, jobs, resume=resume, force=force, progress=progress)
    total = sum(b.seats.values()) + b.sweep_games * len(b.sweep_values) * (1 + len(b.sweep_levels)) + (
        b.tournament_games if len(b.tournament) >= 2 else 0) + sum(b.skill_games_of(s) for s in b.skill_runs()) + (
        b.skill_trace_games * len(get_game(b.game).skill_ladder.budgets)
        if b.skill_trace_games and get_game(b.game).skill_ladder is not None else 0) + (
        b.order_games * len(b.order_steps())) + (
        sum(n for _, n in res["results"].get("causal") or ())) + (
        (res["results"].get("seat_check") or (None, 0))[1])
    folder.finish(gdir, {"games": total, "wall_seconds": round(time.perf_counter() - t0, 1),
                         "study_seconds": res["times"]})
    if builder is not None:
        return builder.submit(build_design, gdir, res["results"])
    build_design(gdir, res["results"])
    if progress:
        print(f"design report: {gdir / 'report.md'}", file=sys.stderr)
    return gdir


@contextlib.contextmanager
def report_builder(n_games: int, jobs: int):
    """A one-process executor that builds a game's design report while the next game's battery plays, or
    None (one game, or one job: nothing to overlap). A design report is one core's work, 5-20 s a game
    (cProfile); built in line, it left the other core idle that long. A fresh interpreter (spawn), so it
    shares no state with the joblib workers of the battery. The last game's report is built there too (the
    process is idle by then), so the reports are announced in the games' order."""
    if n_games < 2 or jobs < 2:
        yield None
        return
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    with ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn")) as ex:
        yield ex


def earlier_reports(out, skip, finished: bool = False) -> list[tuple[str, Path]]:
    """The design reports an earlier run left in `out` (an Agon design folder with its report, or
    with `finished` every complete design folder, report or not), by name: re-running one game of a
    four-game batch must not drop the other three from the index."""
    from experiments import folder
    found = []
    for d in sorted(Path(out).iterdir()) if Path(out).is_dir() else []:
        meta = folder.meta_of(d) if d.is_dir() and d.name not in skip and folder.is_agon_folder(d) else None
        if meta and meta.get("kind") == "design" and (
                meta.get("status") == "complete" if finished else (d / "report.md").exists()):
            found.append((d.name, d))
    return found


def run_many(games: list[str], out, jobs: int = 1, seed: int = 1, scale: float = 1.0, config: str | None = None,
             resume: bool = False, force: bool = False, progress: bool = True, command: str = "") -> Path:
    """Design reports for several games and an index page linking them."""
    from experiments import folder
    from reports.index import write_index
    if len(set(games)) != len(games):
        raise AgonInputError("each game may be given once")
    batteries = load_batteries(games, config, scale, seed)
    out = folder.check_base(out)
    # --resume finishes the games an interrupted run had started and plays the others
    again = {b.game: resume and (out / b.game / "run.json").exists() for b in batteries}
    for b in batteries:
        b.validate(jobs)
        folder.check(folder.child(out, b.game, "game"), again[b.game], force)
    batch = {"kind": "batch", "games": games, "jobs": jobs, "scale": scale, "command": command}
    with folder.locked(out):
        folder.write_batch(out, dict(batch, status="running"))   # an interrupted batch is resumable
        t_all = time.perf_counter()
        _warm([b.game for b in batteries], jobs, progress)
        folders = []
        with report_builder(len(batteries), jobs) as builder:
            pending = []
            for b in batteries:
                gdir = folder.child(out, b.game, "game")
                done = run_one(b, gdir, jobs, again[b.game], force, progress,
                               command or f"agon design-report {b.game}", scale, builder)
                if not isinstance(done, Path):
                    pending.append((gdir, done))
                folders.append((b.game, gdir))
            for gdir, fut in pending:                  # in the games' order
                fut.result()                           # a report that failed fails the batch here
                if progress:
                    print(f"design report: {gdir / 'report.md'}", file=sys.stderr)
        write_index(out, folders + earlier_reports(out, {g for g, _ in folders}), title="Agon design reports")
        folder.write_batch(out, dict(batch, status="complete", wall_seconds=round(time.perf_counter() - t_all, 1)))
    return out / "index.md"
