"""Mare Nostrum: Mythology rules as a compiled state machine, split by the rules spec's chapters
(shared/rules/mare_nostrum.md); a hero, wonder, god or creature is found under the chapter where
it acts:

    base        §4.0 conventions, ids, accessors          payment     §4.5.2-3 paying and prices
    setup       §4.1, §2 set-up, points start             roles       §4.2 role determination
    trade       §4.3 income, Colossus, Hermes, Isis,      offering    §4.4 offering, Adonis
                exchange, Antigone, Ulysses               build       §4.5 purchases and their powers
    movement    §4.6.1 moves, fleets, reach               combat      §4.6.2-3 battles, dice, casualties
    strategy    §4.6 moves, attacks, titans, pillage      gods        §6.1 the gods' effects
    scoring     §4.7, §7 victory, end of round, scores    invariants  consistency of a state
    round       §4 the round machine: advance, legal_actions, apply_action

`advance(S, P, rng)` runs the automatic parts of a round until a player must decide;
`legal_actions(S, P, out)` lists the integer ids of that decision (§4.8) and
`apply_action(S, P, a, rng)` plays one. The engine contract (engine.py) is the facade over these.
Every name of every chapter is re-exported here (`rules.X`).
"""
from .base import *  # noqa: F401,F403
from .scoring import *  # noqa: F401,F403
from .payment import *  # noqa: F401,F403
from .roles import *  # noqa: F401,F403
from .movement import *  # noqa: F401,F403
from .gods import *  # noqa: F401,F403
from .combat import *  # noqa: F401,F403
from .trade import *  # noqa: F401,F403
from .offering import *  # noqa: F401,F403
from .setup import *  # noqa: F401,F403
from .build import *  # noqa: F401,F403
from .strategy import *  # noqa: F401,F403
from .invariants import *  # noqa: F401,F403
from .round import *  # noqa: F401,F403
