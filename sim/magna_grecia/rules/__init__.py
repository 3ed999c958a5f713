"""The rules of Magna Grecia, one module per chapter of the spec (shared/rules/magna_grecia.md):

| spec | module |
|---|---|
| §3.2 Turn state machine | `turn` (allowance of road and city tiles, enhanced S, drawing, `end_turn`) |
| §3.3 Action ids | `sim/magna_grecia/actions.py`; `decision` (which chapter lists and applies a decision: `legal_actions`, `apply_action`) |
| §4.1-4.2, §4.5 Geometry, places, chains, connectivity | `places` |
| §4.3-4.4 Road tiles, road placement | `roads` |
| §4.6 Cities, §4.7 merging | `cities` (hex rule, conditions, completable runs, placing, merging, founding); `city_listing` (the fast listing of PLACE_CITY, a search of its own) |
| §4.7 market clean-up, §4.8 Markets | `markets` |
| §4.9 Oracle control | `oracles` |
| §5 End of game, scoring, tie-break | `scoring` |
| debug invariants | `invariants` |

Every chapter's names are re-exported here, so `from sim.magna_grecia.rules import X` works for
the players, the plans and the tests. The engine contract (docs/ENGINES.md) is
`sim/magna_grecia/engine.py`, a thin facade over these.

Fast paths with reference twins in tests/magna_grecia/reference.py (the original code;
tests/magna_grecia/test_fast_paths.py checks them against each other at every decision of many
games): city_actions (one preparation pass, an exact search for tiles that touch no city, one
search listing the repairs during pending runs), market_actions (one pass over the markets),
road_actions, legal_actions, apply_action (oracles re-checked only where a road or city tile
changed a connection).
"""
from sim.magna_grecia.board import N, NB                         # noqa: F401
from sim.magna_grecia import params as P                         # noqa: F401
from sim.magna_grecia.actions import *                           # noqa: F401,F403
from .places import *                                            # noqa: F401,F403
from .markets import *                                           # noqa: F401,F403
from .oracles import *                                           # noqa: F401,F403
from .turn import *                                              # noqa: F401,F403
from .cities import *                                            # noqa: F401,F403
from .roads import *                                             # noqa: F401,F403
from .city_listing import *                                      # noqa: F401,F403
from .decision import *                                          # noqa: F401,F403
from .decision import _apply                                     # noqa: F401
from .scoring import *                                           # noqa: F401,F403
from .invariants import *                                        # noqa: F401,F403
