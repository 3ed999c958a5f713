"""The compiled rules of the Catan core and of both games built on it (troja.md §1-§4), one
module per family of actions (TAG / Catanatron style: build, trade, robber, dev_cards, turn;
troja's donations, ships, corsair), each listing its legal actions (`list_<x>`) and applying them
(`apply_<x>`); legal.py and apply.py only pick the family (by phase, by the action's range).
Every name is re-exported here, so `rules.X` works for the engine facade, the players and the
tests.

One state machine serves `catan` and `troja`; the game flag in the config (C_GAME)
switches the game-specific parts: development cards, robber, harbors and Largest Army
(`catan`), allegiance, support row, battles, gallery track, ships, trade tiles and the
corsair (`troja`). Shared pieces (placement, setup snake, production with the bank
shortage rule, the 7, maritime trade, Longest Road, piece limits, special building
phase, win check) are written once.

Everything is `@njit(cache=True)` over plain arrays. Functions that allocate nothing are also
compiled with `**NO_REFCOUNT` (no reference counting, see sim/catan_core/borrow.py): the caller
keeps every array alive, and the count updates around each call cost more than the rules.
The four that allocate (new_game, draw_board, simulate_battles, check_invariants) keep it.
  st   int32[STATE_SIZE]  the game (layout.py)
  topo int32[TOPO_SIZE]   the board graph (board.py)
  cfg  int64[CFG_SIZE]    the rules (each game's params.to_config)
  rng  uint64[1]          a stream of sim/rng.py
"""
from sim.catan_core.rules.base import *  # noqa: F401,F403
from sim.catan_core.rules.placement import *  # noqa: F401,F403
from sim.catan_core.rules.longest_road import *  # noqa: F401,F403
from sim.catan_core.rules.trade import *  # noqa: F401,F403
from sim.catan_core.rules.production import *  # noqa: F401,F403
from sim.catan_core.rules.end import *  # noqa: F401,F403
from sim.catan_core.rules.battles import *  # noqa: F401,F403
from sim.catan_core.rules.robber import *  # noqa: F401,F403
from sim.catan_core.rules.turn import *  # noqa: F401,F403
from sim.catan_core.rules.build import *  # noqa: F401,F403
from sim.catan_core.rules.corsair import *  # noqa: F401,F403
from sim.catan_core.rules.dev_cards import *  # noqa: F401,F403
from sim.catan_core.rules.donations import *  # noqa: F401,F403
from sim.catan_core.rules.ships import *  # noqa: F401,F403
from sim.catan_core.rules.setup import *  # noqa: F401,F403
from sim.catan_core.rules.legal import *  # noqa: F401,F403
from sim.catan_core.rules.apply import *  # noqa: F401,F403
from sim.catan_core.rules.redeal import *  # noqa: F401,F403
from sim.catan_core.rules.invariants import *  # noqa: F401,F403
from sim.catan_core.rules.setup import _numbers_ok  # noqa: F401
from sim.catan_core.rules.dev_cards import _dev_playable, _yop_legal, _yop_pair  # noqa: F401
