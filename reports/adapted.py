"""What a report says of `--adapt`'s players: which file each arm played and whether `agon check-players`
found it fit to be evidence (experiments/weights_check.py). A flagged arm's figures may be that player's blind
spot, not the rule's: players retrained for Mare Nostrum's Pyramids at 12 and 13 never fought, and their civ
shares were a pure race's."""
from __future__ import annotations

__all__ = ["arm_items", "flagged_warning"]


def _values(meta: dict) -> dict:
    return {a["arm"]: a["values"] for a in (meta.get("sweep") or {}).get("arms", [])}


def _check_text(checks: dict | None) -> str:
    if not checks:
        return ""
    parts = []
    for base, c in checks.items():
        if not c.get("checked"):
            parts.append(f"not checked ({c.get('why', 'no check')})")
        elif c.get("flags"):
            parts.append(f"**flagged** ({'; '.join(f['check'] + ': ' + f['text'] for f in c['flags'])})")
        else:
            parts.append(f"no flag in {c['games']} checked games and {c['option_games']} seeds per option flip")
    return " - player check: " + "; ".join(parts)


def arm_items(meta: dict) -> str:
    """The report's "Adapted players" item: each arm's weights file and its player check."""
    values = _values(meta)
    return ("**Adapted players** (`--adapt`: tuned weights retrained for each arm's rules, each file put through "
            "`agon check-players`): " + "; ".join(
                f"arm {a['arm']} ({', '.join(f'{k}={v}' for k, v in values.get(a['arm'], {}).items()) or 'base'}): "
                + "; ".join(a["weights"].values())
                + ("" if "player check" in "; ".join(a["weights"].values()) else _check_text(a.get("checks")))
                for a in meta["adapt"]["arms"]))


def flagged_warning(meta: dict) -> str | None:
    """One paragraph naming the arms whose retrained players `agon check-players` flags (None when none is)."""
    values = _values(meta)
    bad = []
    for a in (meta.get("adapt") or {}).get("arms", []):
        kinds = sorted({f["check"] for c in (a.get("checks") or {}).values() for f in c.get("flags") or []})
        if kinds:
            where = ", ".join(f"{k}={v}" for k, v in values.get(a["arm"], {}).items()) or "the run's rules"
            bad.append(f"{where} ({', '.join(kinds)})")
    if not bad:
        return None
    return ("**Adapted players flagged**: `agon check-players` flags the players retrained for "
            + "; ".join(bad) + ". Their figures there may be the players' blind spot, not the rule's effect: "
            "retrain with more games (`--train-games`) or read those arms with another player.")
