"""The three degenerate behaviours of issue 12 and how to reach them.

On the branch that built the battery the current players have the defects; the game helpers' fixes
keep each old behaviour reachable through a named weight (0 = old). `old(game)` is the token that
reproduces the defect (the weight at 0 once it exists, plain greedy before), and `fixed(game)` says
whether the fix is in (the weight exists): tests that need the fix are strict xfails until then.
"""
import pytest

from sim import get_game

# the weights that switch each fix off (0 = the players before issue 12); the first one marks the fix
OLD_WEIGHTS = {"magna-grecia": ("city_plan", "road_plan", "finish", "cash"), "glory-to-rome": ("end_aware",),
               "mare-nostrum": ("state_gods", "state_roles", "war_odds", "win_now")}
OLD_WEIGHT = {g: w[0] for g, w in OLD_WEIGHTS.items()}


def fixed(game: str) -> bool:
    return OLD_WEIGHT[game] in get_game(game).strategy("greedy").weight_names


def old(game: str, strategy: str = "greedy") -> str:
    names = get_game(game).strategy(strategy).weight_names
    off = [w for w in OLD_WEIGHTS[game] if w in names]
    return f"{strategy}:" + "/".join(f"{w}=0" for w in off) if off else strategy


def needs_fix(game: str):
    return pytest.mark.xfail(not fixed(game), strict=True, raises=AssertionError,
                             reason=f"needs the {game} players' fix (issue 12 item 1: weight {OLD_WEIGHT[game]!r}); "
                                    "the current players have the defect this test rejects")


def flags(result: dict, strategy: str, check: str | None = None) -> list[dict]:
    s = next(x for x in result["strategies"] if x["strategy"] == strategy)
    return [f for f in s["flags"] if check is None or f["check"] == check]
