"""Mare Nostrum with the Mythology expansion (rules: shared/rules/mare_nostrum.md).

`SPEC` is built on first access (PEP 562) so that `strategies.mare_nostrum` and this package
can import each other's modules in either order.
"""
from .params import PARAMS

NOTES = ("Synthetic map v0 and the base placeholder hero/wonder powers are project assumptions "
         "(board.py, base_cards_placeholder).")


def _build_spec():
    from sim.spec import GameSpec
    from strategies.mare_nostrum import STRATEGIES, N_WEIGHTS
    from .board import CIVS
    from .playout import play_batch, play_traced, SEAT_COLS, GAME_COLS, VICTORY_PATHS
    return GameSpec(
        name="mare-nostrum",
        title="Mare Nostrum: Mythology",
        player_counts=(3, 4, 5, 6),
        default_players=6,
        params=PARAMS,
        strategies=STRATEGIES,
        play_batch=play_batch,
        play_traced=play_traced,
        seat_metrics=tuple(c for c in SEAT_COLS if c not in ("score", "win", "rank")),
        game_metrics=tuple(c for c in GAME_COLS if c != "turns"),
        key_param="cost_pyramids",
        n_weights=N_WEIGHTS,
        notes=NOTES,
        extra={
            "categorical_seat": {"civ": list(CIVS)},
            "categorical_game": {"victory_path": list(VICTORY_PATHS)},
            "components": [("Heroes", "hero_"), ("Wonders", "wonder_"), ("Gods", "god_"),
                           ("Creatures", "creature_")],
        },
    )


_SPEC = None


def __getattr__(name):
    global _SPEC
    if name == "SPEC":
        if _SPEC is None:
            _SPEC = _build_spec()
        return _SPEC
    raise AttributeError(name)
