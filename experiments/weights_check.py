"""A trained weights file's player check: the checks of `agon check-players` (experiments/check_players.py)
on the file's player, under the rules it was trained for, recorded in the file as `player_check`.

Training optimises win rate and nothing else, so it can find a player that wins by a blind spot of the field:
the Mare Nostrum files retrained for the Pyramids at 12 and 13 never fought (`land_attack_mandatory` moved
none of their games), and their civ shares were quoted as if a fighting player's. `agon train` checks what it
writes, `--adapt` reports every arm's check, and the check is sized by the training (a tenth of its games, at
most check-players' defaults) so a small training does not pay for a large check.
"""
from __future__ import annotations

import sys
from pathlib import Path

__all__ = ["sizes", "strategy_of", "run_check", "ensure_checked", "summary"]


def sizes(train_games: int) -> tuple[int, int, int]:
    """Traced games, seeds per rule option flip and confirming seeds: a tenth of the training's games, at most
    `agon check-players`' defaults (200, 30, 500)."""
    n = int(train_games)
    return min(200, max(20, n // 10)), min(30, max(5, n // 100)), min(500, max(10, n // 40))


def strategy_of(doc: dict) -> str:
    """The strategy that plays a weights file: `base:name=value/...` with every weight the file names."""
    named = doc.get("weights") or {}
    base = doc.get("strategy", "greedy")
    return f"{base}:" + "/".join(f"{k}={v}" for k, v in named.items()) if named else base


def run_check(path: Path, jobs: int = 1, progress: bool = True) -> dict:
    """Play the check of one weights file (nothing written): {"checked", "games", "option_games",
    "confirm_games", "seed", "flags": [{"check", "text"}], "command"}, or {"checked": False, "why"} for a game
    that declares no action families."""
    from experiments import weights as wmod
    from experiments.args import set_flags
    from experiments.check_players import Check, run_checks
    from sim import get_game
    doc = wmod.read(path)
    spec = get_game(doc["game"])
    if not (spec.extra or {}).get("player_check"):
        return {"checked": False, "why": f"{spec.name} declares no action families to check"}
    tr = doc.get("training") or {}
    games, option_games, confirm = sizes(tr.get("budget_games") or tr.get("games_played") or 20_000)
    seed = int(tr.get("run_seed", 1))
    players, overrides, strategy = int(doc["players"]), dict(doc.get("overrides") or {}), strategy_of(doc)
    command = (f"agon check-players {spec.name} --players {players} --strategies {strategy} --games {games} "
               f"--option-games {option_games} --confirm-games {confirm} --seed {seed}{set_flags(overrides)}")
    if progress:
        print(f"   player check of {Path(path).name} ({games} games, {option_games} seeds per option flip)",
              file=sys.stderr)
    c = Check(game=spec.name, players=players, strategies=[strategy], games=games, option_games=option_games,
              confirm_games=confirm, overrides=overrides, seed=seed, command=command)
    res = run_checks(c, jobs, progress=False)
    flags = [{"check": f["check"], "text": f["text"]} for f in res["strategies"][0]["flags"]]
    return {"checked": True, "games": games, "option_games": option_games, "confirm_games": confirm, "seed": seed,
            "flags": flags, "command": command}


def ensure_checked(path: Path, jobs: int = 1, progress: bool = True) -> dict:
    """The file's recorded check; a file without one is checked now and rewritten with it."""
    from experiments import weights as wmod
    from experiments.train import HEADER
    doc = wmod.read(path)
    if isinstance(doc.get("player_check"), dict):
        return doc["player_check"]
    check = run_check(path, jobs, progress)
    if check.get("checked"):
        doc["player_check"] = check
        wmod.write(path, doc, HEADER)
    if progress:
        print(f"   {summary(check)}", file=sys.stderr)
    return check


def summary(check: dict | None) -> str:
    """One clause for a summary line: 'player check: no flag' / 'player check FLAGS: ...' / 'not checked'."""
    if not check:
        return "player check: not run"
    if not check.get("checked"):
        return f"player check: not checked ({check.get('why', 'no check')})"
    if check["flags"]:
        return "player check FLAGS: " + "; ".join(dict.fromkeys(f["check"] for f in check["flags"]))
    return f"player check: no flag ({check['games']} games, {check['option_games']} seeds per option flip)"
