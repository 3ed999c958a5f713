"""Declared once, by name: the fields of a flat int32 state, the ranges of an action space, the
automatic effects a trace shows and the columns of a result table.

Every engine keeps its state in one int32 array, numbers its actions and writes a few result
columns per game and per seat. Hand-typed offsets, bases and column numbers (`O_VHID = 420`,
`A_TARGET = 236`, `row[11] = ...`) made every new field a renumbering and every trace a second
decoder. Here a game lists names and sizes in order and binds each returned number to a
module-level constant:

    seat = Struct("seat")
    O_HAND = seat.field("HAND", 40, labels=BUILDING_NAMES, doc="order cards by kind")
    O_INFL = seat.field("INFL", doc="Influence")
    PSZ = seat.size

Numba reads module-level ints as compile-time constants, so compiled code is the same as with
typed numbers. The declarations also give what typed numbers could not: `Layout.dump` (a readable
state: `seat 1: HAND[Villa=1, Road=2] INFL=4`), `ActionSpace.decode` (action id -> range name and
index) and `Results.pack` (result arrays -> the play_batch dict, columns by name).

Every `Layout` starts with the same contract header (`H_*`, fixed offsets), so code written once
(`note`, `read_events`, the harness) works on every game's state: a trace flag and a small log of
automatic effects (`Events`), which the engine writes only while the flag is set.
"""
from __future__ import annotations

import math
from typing import Sequence

import numpy as np
from numba import njit

# ---------------------------------------------------------------- the contract header
H_TRACE = 0          # 1 while a harness traces the game: the engine notes automatic effects
H_NEV = 1            # automatic effects noted since the harness last read them
H_EV = 2             # MAX_EVENTS records of EVENT_WIDTH ints: code, a, b, c
MAX_EVENTS = 48
EVENT_WIDTH = 4
HEADER_SIZE = H_EV + MAX_EVENTS * EVENT_WIDTH


@njit(cache=True, inline="always")
def note(st, code, a, b, c):
    """Log automatic effect `code` (an `Events` code) with arguments a, b, c while tracing; a
    no-op otherwise (one predictable branch), so engines call it unconditionally."""
    if st[H_TRACE] != 0:
        n = st[H_NEV]
        if n < MAX_EVENTS:
            e = H_EV + n * EVENT_WIDTH
            st[e] = code
            st[e + 1] = a
            st[e + 2] = b
            st[e + 3] = c
            st[H_NEV] = n + 1


@njit(cache=True)
def clear_state(st):
    """Zero a state for a new game, keeping the trace flag (new_game starts with this)."""
    tr = st[H_TRACE]
    st[:] = 0
    st[H_TRACE] = tr


def read_events(st) -> list[tuple[int, int, int, int]]:
    """The automatic effects logged since the last call, as (code, a, b, c); clears the log."""
    n = int(st[H_NEV])
    out = [tuple(int(x) for x in st[H_EV + i * EVENT_WIDTH:H_EV + (i + 1) * EVENT_WIDTH])
           for i in range(min(n, MAX_EVENTS))]
    st[H_NEV] = 0
    return out


# ---------------------------------------------------------------- named ranges
class _Ranges:
    """Consecutive named ranges of ints (fields, actions, columns): name -> (start, shape)."""

    def __init__(self, name: str):
        self.name = name
        self._items: list[dict] = []
        self._by_name: dict[str, dict] = {}
        self._size = 0
        self._frozen = False

    def _add(self, name: str, shape, labels=None, doc: str = "", **extra) -> int:
        if self._frozen:
            raise RuntimeError(f"{self.name}: {name!r} declared after the size was read; "
                               "declare every entry before using .size")
        if name in self._by_name:
            raise ValueError(f"{self.name}: {name!r} declared twice")
        shape = (shape,) if isinstance(shape, (int, np.integer)) else tuple(int(x) for x in shape)
        if any(x < 1 for x in shape):
            raise ValueError(f"{self.name}: {name!r} has an empty shape {shape}")
        if labels is not None:
            labels = _check_labels(self.name, name, shape, labels)
        item = dict(name=name, start=self._size, shape=shape, labels=labels, doc=doc, **extra)
        item["length"] = extra.get("length", math.prod(shape))
        self._items.append(item)
        self._by_name[name] = item
        self._size += item["length"]
        return item["start"]

    @property
    def size(self) -> int:
        """Total length; reading it closes the declaration (a later entry would move nothing but
        would be missing from every constant computed from the size)."""
        self._frozen = True
        return self._size

    def names(self) -> list[str]:
        return [it["name"] for it in self._items]

    def start(self, name: str) -> int:
        return self._by_name[name]["start"]

    def shape(self, name: str) -> tuple[int, ...]:
        return self._by_name[name]["shape"]

    def _locate(self, i: int):
        """(item, index within it) of position i, or (None, None)."""
        for it in self._items:
            if it["start"] <= i < it["start"] + it["length"]:
                return it, i - it["start"]
        return None, None

    def table(self) -> list[tuple[str, int, tuple, str]]:
        """(name, start, shape, doc) of every entry, in order (for docs and debugging)."""
        return [(it["name"], it["start"], it["shape"], it["doc"]) for it in self._items]


def _check_labels(owner, name, shape, labels):
    if len(shape) == 1:
        labels = [tuple(labels)]
    else:
        labels = [tuple(x) if x is not None else None for x in labels]
    if len(labels) != len(shape) or any(lb is not None and len(lb) != n for lb, n in zip(labels, shape)):
        raise ValueError(f"{owner}: labels of {name!r} do not match its shape {shape}")
    return labels


def _index_words(item, flat: int) -> str:
    """'Villa' or '2' or 'Stone/3' for element `flat` of a field (labels where declared)."""
    idx = np.unravel_index(flat, item["shape"])
    labels = item["labels"] or [None] * len(idx)
    return "/".join(str(lb[i]) if lb is not None else str(int(i)) for lb, i in zip(labels, idx))


# ---------------------------------------------------------------- state layout
class Struct(_Ranges):
    """A record of named int32 fields: a state's global block, a seat's block, a frame.

    `field(name, shape=1, labels=None, values=None, default=0, first=None, doc="")` appends a field
    of prod(shape) ints and returns its offset within the record. For `dump` only: `labels` names
    the elements (one sequence per dimension), `values` the values it holds (a deck of card kinds;
    every element is shown), `default` is the value not shown (e.g. -1 for "never"), and `first`
    names a field declared before it whose value is the first element in use (a deck's top).
    `array(name, struct, count, live=None)` appends `count` copies of another record (seats,
    frames); `live` names a field of this record that says how many are in use, so `dump` shows
    only those.
    """

    def field(self, name: str, shape=1, labels=None, values=None, default: int = 0,
              first: str | None = None, doc: str = "") -> int:
        if first is not None and first not in self._by_name:
            raise ValueError(f"{self.name}: first index {first!r} of {name!r} is not a field declared before it")
        return self._add(name, shape, labels, doc, values=values, default=default, first=first)

    def array(self, name: str, struct: "Struct", count: int, live: str | None = None,
              doc: str = "") -> int:
        if live is not None and live not in self._by_name:
            raise ValueError(f"{self.name}: live count {live!r} of {name!r} is not a field declared before it")
        return self._add(name, count, None, doc, struct=struct, length=count * struct.size, live=live)

    # -- readable dumps
    def dump_lines(self, st, base: int = 0, indent: str = "") -> list[str]:
        """One line per non-zero field (`NAME=v` or `NAME[label=v, ...]`), sub-records indented."""
        line, out = [], []
        for it in self._items:
            o = base + it["start"]
            if "struct" in it and it.get("struct") is not None:
                sub = it["struct"]
                n = it["shape"][0]
                if it["live"] is not None:
                    n = min(n, int(st[base + self._by_name[it["live"]]["start"]]))
                for r in range(n):
                    lines = sub.dump_lines(st, o + r * sub.size, indent + "  ")
                    if lines:
                        out.append(f"{indent}{it['name']}[{r}]:")
                        out.extend(lines)
                continue
            vals = np.asarray(st[o:o + it["length"]])
            lo = 0 if it["first"] is None else max(0, int(st[base + self._by_name[it["first"]]["start"]]))
            if it["values"] is not None:
                words = [str(it["values"][v]) if 0 <= v < len(it["values"]) else str(int(v)) for v in vals[lo:]]
                if it["length"] == 1:
                    line.append(f"{it['name']}={words[0]}")
                elif words:
                    line.append(f"{it['name']}[{lo}..: {', '.join(words)}]" if lo else
                                f"{it['name']}[{', '.join(words)}]")
                continue
            nz = [i for i in np.flatnonzero(vals != it["default"]) if i >= lo]
            if len(nz) == 0:
                continue
            if it["length"] == 1 and it["labels"] is None:
                line.append(f"{it['name']}={int(vals[0])}")
            else:
                line.append(f"{it['name']}[" + ", ".join(f"{_index_words(it, i)}={int(vals[i])}" for i in nz) + "]")
        head = [indent + " ".join(line)] if line else []
        return head + out

    def offset_words(self, i: int) -> str:
        """'SEATS[2].HAND[Villa]' for a position of a state (debugging an invariant)."""
        it, k = self._locate(i)
        if it is None:
            return f"<{i} outside {self.name}>"
        if it.get("struct") is not None:
            r, j = divmod(k, it["struct"].size)
            return f"{it['name']}[{r}]." + it["struct"].offset_words(j)
        return it["name"] if it["length"] == 1 else f"{it['name']}[{_index_words(it, k)}]"


class Layout(Struct):
    """The whole state of one game: the contract header (H_TRACE, H_NEV, H_EV at fixed offsets),
    then the game's own fields and records."""

    def __init__(self, name: str):
        super().__init__(name)
        assert self.field("TRACE", doc="contract header: tracing on") == H_TRACE
        assert self.field("NEV", doc="contract header: events noted") == H_NEV
        assert self.field("EV", (MAX_EVENTS, EVENT_WIDTH), doc="contract header: event log") == H_EV

    def dump(self, st) -> str:
        """Every non-zero field of state `st`, by name (the event log left out)."""
        c = np.array(st, copy=True)
        c[:HEADER_SIZE] = 0
        return "\n".join(self.dump_lines(c))


# ---------------------------------------------------------------- actions and events
class ActionSpace(_Ranges):
    """Named ranges of action ids: `single(name)` one id, `range(name, shape, labels)` a block
    (base returned; id = base + flat index). `decode(a)` gives (name, index) with index None for a
    single action, an int for a 1-d range, a tuple for more dimensions; `words(a)` a generic text
    ('PETITION(Laborer, Marble)') for dumps and unknown cases."""

    def single(self, name: str, doc: str = "") -> int:
        return self._add(name, 1, None, doc, single=True)

    def range(self, name: str, shape, labels=None, doc: str = "") -> int:
        return self._add(name, shape, labels, doc, single=False)

    def decode(self, a: int):
        it, k = self._locate(int(a))
        if it is None:
            raise ValueError(f"action {a} is outside {self.name} (0..{self._size - 1})")
        if it["single"]:
            return it["name"], None
        if len(it["shape"]) == 1:
            return it["name"], int(k)
        return it["name"], tuple(int(x) for x in np.unravel_index(k, it["shape"]))

    def encode(self, name: str, *index) -> int:
        it = self._by_name[name]
        if it["single"]:
            return it["start"]
        return it["start"] + int(np.ravel_multi_index(tuple(index), it["shape"]))

    def words(self, a: int) -> str:
        name, idx = self.decode(a)
        if idx is None:
            return name
        it = self._by_name[name]
        return f"{name}({_index_words(it, a - it['start']).replace('/', ', ')})"


class Events:
    """Automatic effects a trace shows (a Bridge stockpile take, the cleanup of camps): `add(name,
    args)` returns the code an engine passes to `note`; codes start at 1."""

    def __init__(self, name: str):
        self.name = name
        self._names = ["?"]
        self._args: list[tuple[str, ...]] = [()]

    def add(self, name: str, args: Sequence[str] = ()) -> int:
        if len(args) > EVENT_WIDTH - 1:
            raise ValueError(f"{self.name}: event {name!r} has more than {EVENT_WIDTH - 1} arguments")
        if name in self._names:
            raise ValueError(f"{self.name}: event {name!r} declared twice")
        self._names.append(name)
        self._args.append(tuple(args))
        return len(self._names) - 1

    def name_of(self, code: int) -> str:
        return self._names[code] if 0 < code < len(self._names) else f"event{code}"

    def words(self, ev) -> str:
        """Generic text of an event (code, a, b, c): 'BRIDGE(seat=1, victim=2, material=3)'."""
        code, *vals = ev
        args = self._args[code] if 0 < code < len(self._args) else ()
        return f"{self.name_of(code)}(" + ", ".join(f"{n}={v}" for n, v in zip(args, vals)) + ")"


# ---------------------------------------------------------------- result columns
_DTYPES = {int: np.int64, float: np.float64, "int": np.int64, "float": np.float64}


class Results:
    """The result columns of play_batch, by name: per game (`game`) and per seat (`seat`).

    The compiled `record` writes one game's row into float64 arrays, `game_row[R_X]` and
    `seat_rows[q, S_Y]` (every column is held exactly in float64: counts are small ints), and
    `pack` turns the arrays of a batch into the play_batch dict with each column's declared dtype.
    The GameSpec contract fixes the first columns: `turns` per game; `score`, `win`, `rank` per seat.
    """

    def __init__(self, name: str):
        self.name = name
        self.game_cols = _Ranges(name + " game columns")
        self.seat_cols = _Ranges(name + " seat columns")

    def game(self, name: str, dtype=int, doc: str = "", metric: bool = True) -> int:
        """A game column; metric=False: in every result but not a metric (an identifier, a
        packed code whose mean means nothing), so left out of `game_metrics`."""
        return self.game_cols._add(name, 1, None, doc, dtype=_DTYPES[dtype], metric=metric)

    def seat(self, name: str, dtype=int, doc: str = "", metric: bool = True) -> int:
        """A seat column; metric=False as for `game`."""
        return self.seat_cols._add(name, 1, None, doc, dtype=_DTYPES[dtype], metric=metric)

    def seat_block(self, prefix: str, names: Sequence[str], dtype=int, doc: str = "") -> int:
        """Columns `<prefix>_<name>` for each name, consecutive; returns the first column."""
        first = None
        for n in names:
            c = self.seat(f"{prefix}_{n}", dtype, doc)
            first = c if first is None else first
        return first

    @property
    def n_game(self) -> int:
        return self.game_cols.size

    @property
    def n_seat(self) -> int:
        return self.seat_cols.size

    def _check(self):
        if self.game_cols.names()[:1] != ["turns"] or self.seat_cols.names()[:3] != ["score", "win", "rank"]:
            raise ValueError(f"{self.name}: the first columns must be game 'turns' and seat "
                             "'score', 'win', 'rank' (GameSpec contract)")

    @property
    def game_metrics(self) -> tuple[str, ...]:
        """Game columns other than `turns` and those declared metric=False (GameSpec.game_metrics)."""
        self._check()
        return tuple(it["name"] for it in self.game_cols._items[1:] if it.get("metric", True))

    @property
    def seat_metrics(self) -> tuple[str, ...]:
        """Seat columns other than score, win, rank and those declared metric=False
        (GameSpec.seat_metrics)."""
        self._check()
        return tuple(it["name"] for it in self.seat_cols._items[3:] if it.get("metric", True))

    def empty(self, n_games: int, n_players: int):
        """Zeroed (game_out float64[n, n_game], seat_out float64[n, p, n_seat])."""
        self._check()
        return (np.zeros((n_games, self.n_game), np.float64),
                np.zeros((n_games, n_players, self.n_seat), np.float64))

    def pack(self, game_out, seat_out) -> dict:
        """The play_batch dict: game columns (n,), then seat columns (n, p), each as declared."""
        out = {}
        for it in self.game_cols._items:
            out[it["name"]] = game_out[:, it["start"]].astype(it["dtype"])
        for it in self.seat_cols._items:
            out[it["name"]] = seat_out[:, :, it["start"]].astype(it["dtype"])
        return out
