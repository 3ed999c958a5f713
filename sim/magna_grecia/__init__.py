"""Magna Grecia (Colovini & Schacht, 2003) for Agon; rules: /work/shared/rules/magna_grecia.md.

The game follows the engine contract (docs/ENGINES.md); `engine.py` is its facade. Modules:
params (§6), board (§4.1, §4.3, §8, §9.1 tables), state (the flat int32 state declared with
sim/layout.py, setup §2, §9.2 stack), actions (§3.3 action ids, automatic effects), rules/ (one
module per chapter, see rules/__init__.py), results (result columns, `record`), view (what a seat
sees, `redeal_hidden`), describe (words for traces), playout (the compiled loop, `GAME`);
players in strategies/magna_grecia.py.

Notes on the spec:
- `tile_table` is the module constant `board.TILE_TABLE` (spec §9.1), not a vector parameter.
- `visible_tiles` only matters to the search player (its determinization keeps the current and
  the next `visible_tiles - 1` tiles and resamples the rest with §9.2's block structure).
- `gen_board_seed >= 0`: the generator draws from `rng.new_stream(gen_board_seed, 0, 3)`.
- Metrics: `oracle_takeovers` counts a seat's city taking control of an oracle that was
  uncontrolled or held by another seat; `merges` counts city tiles that joined two or more own
  cities; `markets_removed` counts clean-up removals and sold markets replaced at founding;
  `tie` = two or more seats share the top score; `tie_break_used` = the stock tie-break
  separated at least one of them.
"""
from sim.spec import GameSpec, SkillLadder, seat_switch_check
from sim.magna_grecia.params import PARAMS
from sim.magna_grecia.playout import play_batch, play_traced
from sim.magna_grecia.results import RESULTS, FLOW
from strategies.magna_grecia import STRATEGIES, N_WEIGHTS

SPEC = GameSpec(
    name="magna-grecia",
    title="Magna Grecia",
    player_counts=(2, 3, 4),
    default_players=4,
    params=PARAMS,
    strategies=STRATEGIES,
    play_batch=play_batch,
    play_traced=play_traced,
    seat_metrics=RESULTS.seat_metrics,
    game_metrics=RESULTS.game_metrics,
    key_param="oracle_points",
    contract="sim.magna_grecia.playout",
    flow=FLOW,
    skill_ladder=SkillLadder("ismcts", "search_iterations", (8, 16, 32), "search iterations per decision"),   # `agon skill` (issue 18)
    n_weights=N_WEIGHTS,
    extra={
        "score_parts": ["track_points", "market_points", "oracle_points_scored"],
        # "sold a market" is read from a count (reports/component_study.THRESHOLDS); its switch forbids selling,
        # and its sellers are chosen in play, so the check is restricted play (`switch_seat`, one seat at a time)
        "component_switches": {"markets_sold": "power_sell_market"},
        "switch_seat": "switch_seat",
        "check_params": seat_switch_check(PARAMS),
        "categorical_seat": {"colour": ["R", "Y", "G", "B"]},
        # a seat's colour comes from the first round tile's turn order (stack[0] drawn at random, §2), so
        # a colour's effect is a randomised comparison: its place on the twelve tiles' turn orders (§9.1)
        "dealt_categories": {"colour": {}},
        # `agon check-players` (experiments/check_players.py): trace words -> action families
        "train_budget": 60_000,   # planning greedy: ~80 games per CPU-second at 4 players; fits 10 min on 2 cores
        # never trained: plan switches, the chain length and the plan width (cost), and city_tiles: trained
        # freely it went negative (-0.26 at 4 players, -0.84 at 2), counting a seat's own city tiles against
        # it; the plans outweighed that in most games, but in 13 of 200 4-player `tuned` games a seat drew
        # tiles all game and never scored (`agon check-players`), and the search, whose cut-off the plans do
        # not reach, did so in 43 of 60 games; sell_cash 1 is the old greedy's selling, which lost games; village_cover is
        # screened by hand (docs/FINDINGS.md "Building markets")
        "train_fixed": ("city_plan", "road_plan", "finish", "plan_width", "city_tiles", "sell_cash", "no_build_market",
                        "village_cover", "no_merge"),
        # set for tuned players (not trained): plans valued for the 8 best city tiles by one step, which keeps
        # `tuned` within 1.2x the cost of `greedy` (its style leaves many open city tiles; bench/tuned_cost.py)
        "train_set": {"plan_width": 8.0},
        "player_check": {
            "actor": r"^(?:R\d+ )?Seat (\d+) \(\w+\) ",
            "families": [("found a city", r"founds a city"), ("place a city tile", r"places a city tile"),
                         ("place a road", r"places a road"), ("draw a road tile", r"draws a road tile"),
                         ("draw a city tile", r"draws a city tile"), ("build a market", r"builds a market"),
                         ("sell a market", r"sells its market"), ("end the turn", r"ends the turn"),
                         ("place an oracle", r"places an oracle")],
            "scoring": ["found a city", "place a city tile", "build a market", "sell a market"],
            "bans": {"build a market": "markets"},
            "ends": None,   # the game ends when the stack runs out: no player chooses the end
            # options a player that uses the mechanic never meets (tests/magna_grecia/test_players.py shows why)
            "moot_options": {
                "allow_join_rival_road_end": {
                    "family": "place a road",
                    "why": "planning players close their road ends within the turn, so no rival end is left open to "
                           "join; among random players a planning seat joins rival ends only when the option is on"},
                "market_build_requires_network": {
                    "family": "build a market",
                    "why": "the planning players build a market only where it scores now, in or next to their own "
                           "network (greedy, tuned and ismcts: 0 of 2,717 markets off it); one made to build off it "
                           "(unsold_markets 1.2) won 17.3% [15.8, 19.1] among greedy players, fair 25%"},
                "sell_requires_active": {
                    "family": "sell a market",
                    "why": "the planning players never sell (sell_cash 0: selling when short of points lost them "
                           "games), and one that sells at all sells active markets: an inactive one earns nothing and "
                           "gives up the site for good"},
            },
        },
    },
    notes="tile_table is the module constant sim.magna_grecia.board.TILE_TABLE (spec §9.1); "
          "visible_tiles only affects the search player.",
)
