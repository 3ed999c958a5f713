"""One search player for every game (issue 16): information-set Monte Carlo tree search over the
engine contract. `tree.py` holds the tree as flat arrays; `ismcts.py` the search loop, written once
and bound to each game's engine and players by `make_search`."""
