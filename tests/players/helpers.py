"""The three degenerate behaviours of issue 12 and how to reach them.

Each game's fix keeps the old behaviour reachable through named weights (0 = the players before
issue 12): `old(game)` is the token that reproduces the defect, so the tests show the battery still
catches it.
"""
from sim import get_game

# the weights that switch each fix off (0 = the players before issue 12); the first one marks the fix
OLD_WEIGHTS = {"magna-grecia": ("city_plan", "road_plan", "finish", "cash"), "glory-to-rome": ("end_aware",),
               "mare-nostrum": ("state_gods", "state_roles", "war_odds", "win_now", "state_trade")}


def old(game: str, strategy: str = "greedy") -> str:
    names = get_game(game).strategy(strategy).weight_names
    off = [w for w in OLD_WEIGHTS[game] if w in names]
    return f"{strategy}:" + "/".join(f"{w}=0" for w in off) if off else strategy


def flags(result: dict, strategy: str, check: str | None = None) -> list[dict]:
    s = next(x for x in result["strategies"] if x["strategy"] == strategy)
    return [f for f in s["flags"] if check is None or f["check"] == check]
