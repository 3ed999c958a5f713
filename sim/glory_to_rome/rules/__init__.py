"""The rules of Glory to Rome, one module per chapter of the spec (shared/rules/glory_to_rome.md):

| spec | module |
|---|---|
| §2 Setup | `setup` (deal, first leader, `new_game`) |
| §3.2 Engine conventions | `decision` (which chapter lists and applies a decision; `step`) |
| §3.3 Turn loop | `turn` (lead, follow, petitions, Palace, Senate, Sewer, cleanup, Academy; `settle`) |
| §3.4 Action frames | `frames` |
| §3.5 Thinker | `thinker` (Latrine, Vomitorium, republic Tribunal) |
| §4.1 Limits | `limits` (hand, clientele, vault; Shrine, Temple, Insula, Aqueduct, Market) |
| §4.2-4.7 Roles | `laborer` (Dock), `patron` (Bar, Aqueduct, Bath), `legionary` (Bridge, Coliseum, Palisade, Wall, republic Domus Aurea), `merchant` (Atrium, Basilica), `craftsman` (Fountain), `architect` (Archway, Stairway) |
| §5.1, §5.3 Buildings | `buildings` (foundations, Statue, materials, Road, Tower, Scriptorium, Villa, completion, Amphitheatre, Foundry, Garden, School, Catacomb, Prison) |
| §5.2 Active powers | `powers` (Gate, public buildings, `power_<name>` switches) |
| §6.1 End, §5.4 Forum | `end` |
| §6.2 Scoring | `scoring` (Merchant Bonus, Statue, Wall) |
| debug invariants | `invariants` |

`cards` holds what every chapter uses: moving order cards in and out of hands and the deck.
The engine contract (docs/ENGINES.md) is `sim/glory_to_rome/engine.py`, a thin facade over these.
"""
