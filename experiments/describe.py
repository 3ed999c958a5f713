"""Text for `agon games`: what can be played, with which players and parameters."""
from __future__ import annotations

from sim.spec import GameSpec


def games_table(specs: list[GameSpec]) -> str:
    lines = ["Games (agon games GAME shows parameters):", ""]
    for spec in specs:
        lines.append(f"  {spec.name:<16} {spec.title}")
        lines.append(f"  {'':<16} players {', '.join(map(str, spec.player_counts))} "
                     f"(default {spec.default_players}); {len(spec.params)} parameters; "
                     f"sweep default: {spec.key_param or '-'}")
        lines.append(f"  {'':<16} strategies: {', '.join(s.name for s in spec.strategies)}")
        lines.append("")
    return "\n".join(lines).rstrip()


def describe_game(spec: GameSpec) -> str:
    lines = [f"{spec.name}: {spec.title}",
             f"players: {', '.join(map(str, spec.player_counts))} (default {spec.default_players})", ""]
    lines.append("Parameters (override with --set NAME=VALUE):")
    rows = [(p.name, _default(p), p.range_text(), p.meaning) for p in spec.params]
    w0 = max([4] + [len(r[0]) for r in rows])
    w1 = max([7] + [len(r[1]) for r in rows])
    w2 = min(34, max([5] + [len(r[2]) for r in rows]))
    lines.append(f"  {'name':<{w0}}  {'default':<{w1}}  {'range':<{w2}}  meaning")
    for r in rows:
        lines.append(f"  {r[0]:<{w0}}  {r[1]:<{w1}}  {r[2]:<{w2}}  {r[3]}")
    lines += ["", "Strategies (--strategies NAME or one per seat, weights as NAME:w=a/b/c or NAME:weight=x/weight=y):"]
    for s in spec.strategies:
        lines.append(f"  {s.name:<12} {s.description}")
        if s.weights:
            names = s.weight_names or tuple(f"w{i}" for i in range(len(s.weights)))
            lines.append(f"  {'':<12} weights: " + ", ".join(f"{n}={w:g}" for n, w in zip(names, s.weights)))
    from experiments.lineup import tuned_base, tuned_names
    from experiments.weights import resolve
    for name in tuned_names(spec):
        base = tuned_base(spec, name)
        found = [f"{p}p: {resolve(spec, p, None, base).note}" for p in spec.player_counts]
        lines.append(f"  {name:<12} {base} with weights tuned by self-play (`agon train`, strategies/weights/)")
        lines += [f"  {'':<12} {x}" for x in found]
    lad = getattr(spec, "skill_ladder", None)
    if lad is not None:
        lines += ["", f"Skill ladder (`agon skill`): `{lad.strategy}` with {lad.knob} = "
                      + ", ".join(map(str, lad.budgets)) + f" ({lad.what}), each against copies at half"]
    if spec.seat_metrics or spec.game_metrics:
        lines += ["", "Result columns:",
                  "  per seat: score, win, rank" + "".join(f", {m}" for m in spec.seat_metrics),
                  "  per game: turns" + "".join(f", {m}" for m in spec.game_metrics if m != "turns")]
    if spec.notes:
        lines += ["", spec.notes]
    return "\n".join(lines)


def _default(p) -> str:
    v = p.decode(p.default_code())
    return str(v).lower() if isinstance(v, bool) else str(v)


def params_markdown(spec: GameSpec) -> str:
    """The parameter table of a game as Markdown (for the README)."""
    lines = [f"### {spec.title} (`{spec.name}`, {', '.join(map(str, spec.player_counts))} players)", "",
             "| parameter | default | range | meaning |", "|---|---|---|---|"]
    for p in spec.params:
        lines.append(f"| `{p.name}` | {_default(p)} | {p.range_text()} | {p.meaning} |")
    lines += ["", "Strategies: " + "; ".join(f"`{s.name}` ({s.description})" for s in spec.strategies) + "."]
    return "\n".join(lines)


def options_markdown(spec: GameSpec) -> str:
    """Only the rule options (choices and switches) of a game, one line each (README)."""
    opts = [p for p in spec.params if p.choices or p.boolean]
    lines = [f"**{spec.title}** (`{spec.name}`, {', '.join(map(str, spec.player_counts))} players; "
             f"{len(spec.params)} parameters, sweep default `{spec.key_param}`):"]
    prefixes = {}
    for p in opts:
        head = p.name.split("_")[0] + "_"
        prefixes.setdefault(head, []).append(p)
    done = set()
    for p in opts:
        head = p.name.split("_")[0] + "_"
        family = prefixes[head]
        if len(family) > 5 and all(q.boolean for q in family):  # e.g. 40 building switches
            if head not in done:
                done.add(head)
                lines.append(f"- `{head}<name>` = true | false, {len(family)} switches "
                             f"({', '.join(q.name[len(head):] for q in family[:4])}, ...): {p.meaning}")
            continue
        lines.append(f"- `{p.name}` = {p.range_text()} (default {_default(p)}): {p.meaning}")
    return "\n".join(lines)


if __name__ == "__main__":  # python -m experiments.describe [--options] > section.md
    import sys
    from sim import game_names, get_game
    render = options_markdown if "--options" in sys.argv else params_markdown
    print("\n\n".join(render(get_game(n)) for n in game_names()))
