"""The contract between a game and the rest of Agon.

A game folder exposes one `GameSpec`; the runner, CLI and reports only talk to
GameSpecs, so adding a game touches nothing outside its own folders.
Parameters are packed into a float64 vector so a sweep changes a value without
recompiling the engine; options are stored as integer codes (first choice = 0).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable, Sequence

import numpy as np


class AgonInputError(ValueError):
    """Bad user input (unknown name, value out of range...). The CLI prints it on
    one line and exits 2."""


def auto_value(auto: tuple, value, players: int):
    """`value`, or for 0 the entry of `auto` ((from_players, value), ...) that covers `players` (Param.auto)."""
    if not auto or float(value) != 0.0:
        return value
    out = value
    for from_players, v in auto:
        if players >= from_players:
            out = v
    return out


@dataclass(frozen=True)
class Param:
    """One tunable constant or rule option of a game."""

    name: str
    default: float | str | bool
    lo: float = 0.0
    hi: float = 0.0
    meaning: str = ""
    choices: tuple[str, ...] = ()  # an option: value is the index of the choice
    integer: bool = True
    boolean: bool = False
    # a measuring switch (`power_<name>`: a component's power off, the causal check of a flagged
    # component), not a rule option a designer plays: check-players does not flip it unless asked
    measuring: bool = False
    # the value 0 means "auto", the rules' value for the player count: ((from_players, value), ...), each
    # entry from that count up (Troja's row_threshold: 10, 13 from 5 players); () = 0 is a value like any
    auto: tuple = ()

    def effective(self, value, players: int):
        """The value the rules play at `players`: `auto`'s for the 0 that means auto, else the value. A
        sweep places its arms here: Troja's row_threshold=0 plays 10 at 4 players, not 0."""
        return auto_value(self.auto, value, players)

    def encode(self, value) -> float:
        """Text or number -> float code, with range/choice checks."""
        if self.choices:
            if isinstance(value, str) and value in self.choices:
                return float(self.choices.index(value))
            raise AgonInputError(
                f"{self.name}={value!r} is not a valid choice; valid: {', '.join(self.choices)}")
        if self.boolean:
            if isinstance(value, bool):
                return 1.0 if value else 0.0
            text = str(value).strip().lower()
            if text in ("1", "true", "yes", "on"):
                return 1.0
            if text in ("0", "false", "no", "off"):
                return 0.0
            raise AgonInputError(f"{self.name}={value!r} is not a boolean; valid: true, false")
        try:
            if isinstance(value, bool) or (isinstance(value, str) and not value.isascii()):
                raise ValueError(value)   # true is not 1, and '٣' is not 3
            x = float(value)
        except (TypeError, ValueError):
            raise AgonInputError(f"{self.name}={value!r} is not a number; range {self.range_text()}")
        if not math.isfinite(x):
            raise AgonInputError(f"{self.name}={value!r} is not a finite number; range {self.range_text()}")
        if self.integer and x != int(x):
            raise AgonInputError(f"{self.name}={value!r} must be an integer; range {self.range_text()}")
        if not (self.lo <= x <= self.hi):
            raise AgonInputError(f"{self.name}={value!r} is out of range {self.range_text()}")
        return x

    def decode(self, code: float):
        """Float code -> the value a person reads."""
        if self.choices:
            return self.choices[int(code)]
        if self.boolean:
            return bool(code)
        return int(code) if self.integer else float(code)

    def range_text(self) -> str:
        if self.choices:
            return " | ".join(self.choices)
        if self.boolean:
            return "true | false"
        fmt = (lambda v: str(int(v))) if self.integer else (lambda v: f"{v:g}")
        return f"{fmt(self.lo)}..{fmt(self.hi)}"

    def default_code(self) -> float:
        return self.encode(self.default)


class ParamTable:
    """Ordered parameters of one game; index constants come from `index(name)`."""

    def __init__(self, params: Sequence[Param]):
        self.params = tuple(params)
        self._index = {p.name: i for i, p in enumerate(self.params)}
        if len(self._index) != len(self.params):
            raise ValueError("duplicate parameter names")

    def __len__(self):
        return len(self.params)

    def __iter__(self):
        return iter(self.params)

    def index(self, name: str) -> int:
        return self._index[name]

    def names(self) -> list[str]:
        return [p.name for p in self.params]

    def get(self, name: str) -> Param:
        if name not in self._index:
            raise AgonInputError(
                f"unknown parameter {name!r}; valid: {', '.join(self.names())}")
        return self.params[self._index[name]]

    def defaults(self) -> np.ndarray:
        return np.array([p.default_code() for p in self.params], dtype=np.float64)

    def vector(self, overrides: dict | None = None) -> np.ndarray:
        """Default vector with `{name: value}` overrides applied (validated)."""
        vec = self.defaults()
        for name, value in (overrides or {}).items():
            vec[self._index[self.get(name).name]] = self.get(name).encode(value)
        return vec

    def describe(self, vec: np.ndarray) -> dict:
        """Vector -> {name: readable value}."""
        return {p.name: p.decode(vec[i]) for i, p in enumerate(self.params)}


@dataclass(frozen=True)
class StrategyInfo:
    """A named player: `kind` is the integer the compiled playout dispatches on."""

    name: str
    kind: int
    description: str
    weights: tuple[float, ...] = ()
    weight_names: tuple[str, ...] = ()


@dataclass(frozen=True)
class SkillLadder:
    """The budgets of a game's skill trace (`agon skill`, issue 18): `strategy` plays with its weight
    `knob` set to each budget against copies of itself at half that budget. `what` names the
    budget in the game's words (e.g. "greedy rollouts per candidate")."""

    strategy: str
    knob: str
    budgets: tuple[int, ...]
    what: str


@dataclass(frozen=True)
class GameSpec:
    """Everything the runner, CLI and reports need to know about a game.

    play_batch(seed, start, n_games, n_players, params, kinds, weights, check)
        plays games start..start+n_games-1 of run `seed` and returns a dict of
        numpy arrays: shape (n,) per game (at least `turns`) and shape (n, p)
        per seat (at least `score`, `win` = win share with ties split, `rank`
        with 1 = best). `kinds` is int64[p] (strategy kind per seat), `weights`
        float64[p, W]. With `check` true the engine verifies its invariants
        after every action and raises on a violation.
    play_traced(seed, index, n_players, params, kinds, weights)
        plays one game and returns (lines, result) where lines describe every
        action in words and result is the play_batch dict for that one game.

    contract: the module holding the game's `GAME` (sim/contract.py) when the game follows the
        engine contract of docs/ENGINES.md ("sim.<game>.playout"); empty for the others.
    skill_ladder: the game's `SkillLadder` (the search player's budget knob and its default rungs)
        when it has a player whose strength is set by a budget; None otherwise.
    flow: the game's `sim.flow.FlowSpec` when its loop computes the flow statistics (what its turn,
        standing and points are; which result columns hold them; docs/FLOW.md); None otherwise.

    extra: free-form game data. The reports read these keys (all optional; see
    reports/components.py and docs/ENGINES.md "Report sections a game declares"):
      components: [(title, column_prefix), ...], e.g. [("Buildings", "built_")]:
          every seat metric starting with the prefix whose values are 0/1 is a
          component flag; table of win rate with/without it (Wilson), lift with a
          Newcombe interval, BH-adjusted p, flags "strong"/"weak"; components_<prefix>.csv.
      outcomes: [(title, column_prefix, {column: label}), ...]: 0/1 seat metrics that say
          how the game went for a seat (Troja: its side ahead in the war at the end); win rate
          with/without, described and never judged (reports/outcomes.py); outcomes_<prefix>.csv.
      outcome_categories: [categorical_seat names] that are outcomes of play in the same sense
          (Mare Nostrum's roles_last): listed unjudged by the component study.
      game_enders: [component columns] whose completion ends the game (Glory to Rome's
          built_catacomb): not judged; the verdict names the causal check.
      dealt_categories: {categorical_seat name: {param: value}}: categories dealt at random at
          setup when the run's parameters have these values (Mare Nostrum's civ under
          civ_assignment=random): their verdicts are randomised comparisons, not associations.
      switch_holders: [component prefixes] whose holders are fixed before a power switch changes
          any play (Mare Nostrum's heroes and wonders, bought once by one seat): `agon compare` of
          that switch states its causal effect on the seats that held the component.
      switch_owners: {component prefix: (categorical seat metric, component names in code order)}:
          the owner of each component, fixed at set-up (Mare Nostrum's creature i belongs to civ
          i): `agon compare` of its switch states the effect on the owner's seats.
      categorical_seat: {seat_metric: [labels]}, e.g. {"civ": ["Atlantis", ...]}:
          `{metric}_{k}` holds a code (index into labels); win rate per category,
          chi-square across categories when balanced; categories_<metric>.csv.
      categorical_game: {game_metric: [labels]}, e.g. {"end_condition": ["forum", ...]}:
          frequency of each code with Wilson intervals and mean game length; end_<metric>.csv.
      score_parts: [seat_metric, ...] that add up (roughly) to `score`: mean of each
          part for winners (win share > 0) vs the others, share of the winners'
          score; score_parts.csv.
      rank_by_win: True when the rules rank no one but the winner: a tournament's pairwise
          results (reports/tournament.py) are then who won, the other seats tied, in
          every game with a winner (the ranks among the losers are an engine ordering).
    """

    name: str
    title: str
    player_counts: tuple[int, ...]
    default_players: int
    params: ParamTable
    strategies: tuple[StrategyInfo, ...]
    play_batch: Callable
    play_traced: Callable
    seat_metrics: tuple[str, ...] = ()
    game_metrics: tuple[str, ...] = ()
    key_param: str = ""
    n_weights: int = 0
    notes: str = ""
    extra: dict = field(default_factory=dict)
    contract: str = ""
    flow: object = None
    skill_ladder: SkillLadder | None = None

    def strategy(self, name: str) -> StrategyInfo:
        for s in self.strategies:
            if s.name == name:
                return s
        # every game's own `search` was replaced by the shared `ismcts` (issue 16): say so to old commands
        hint = " (`search` was removed: `ismcts` is the search player)" if name == "search" else ""
        raise AgonInputError(
            f"unknown strategy {name!r} for {self.name}{hint}; valid: "
            f"{', '.join(s.name for s in self.strategies)}")

    def check_players(self, n) -> int:
        """int(n) if the game is played by that many players; None means the game's default count (0 is not)."""
        if n is None:
            return self.default_players
        n = int(n)
        if n not in self.player_counts:
            raise AgonInputError(
                f"{self.name} is played by {', '.join(map(str, self.player_counts))} players, not {n}")
        return n


def seat_switch_check(params: ParamTable, name: str = "switch_seat"):
    """GameSpec.extra["check_params"] for a game with a seat switch (restricted play): the seat must be
    one of the run's seats, or -1 for every seat."""
    i = params.index(name)

    def check(vec, players: int) -> None:
        seat = int(vec[i])
        if seat >= players:
            raise AgonInputError(f"{name}={seat} names no seat of a {players}-player game; valid: -1 (every seat) "
                                 f"or 0 to {players - 1}")
    return check
