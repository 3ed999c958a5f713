"""The three degenerate behaviours of issue 12 and how to reach them.

On the branch that built the battery the current players have the defects; the game helpers' fixes
keep each old behaviour reachable through a named weight (0 = old). `old(game)` is the token that
reproduces the defect (the weight at 0 once it exists, plain greedy before), and `fixed(game)` says
whether the fix is in (the weight exists): tests that need the fix are strict xfails until then.
"""
import pytest

from sim import get_game

OLD_WEIGHT = {"magna-grecia": "city_plan", "glory-to-rome": "end_aware", "mare-nostrum": "state_gods"}


def fixed(game: str) -> bool:
    return OLD_WEIGHT[game] in get_game(game).strategy("greedy").weight_names


def old(game: str, strategy: str = "greedy") -> str:
    return f"{strategy}:{OLD_WEIGHT[game]}=0" if fixed(game) else strategy


def needs_fix(game: str):
    return pytest.mark.xfail(not fixed(game), strict=True, raises=AssertionError,
                             reason=f"needs the {game} players' fix (issue 12 item 1: weight {OLD_WEIGHT[game]!r}); "
                                    "the current players have the defect this test rejects")


def flags(result: dict, strategy: str, check: str | None = None) -> list[dict]:
    s = next(x for x in result["strategies"] if x["strategy"] == strategy)
    return [f for f in s["flags"] if check is None or f["check"] == check]
