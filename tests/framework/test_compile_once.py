"""sim/compile_once.py: a jitted function called from compiled code with named constants and
int32 state entries is compiled once, not once per constant and integer width, and computes the
same. (Glory to Rome's `act` had 50 compiled versions; the whole cache was 1,608 versions of 740
functions, now about one each, and a fresh machine compiles about a fifth faster.)"""
import numpy as np
from numba import njit

import sim  # noqa: F401  (installs the shared dispatch)
from sim.compile_once import plain

RED, BLUE = 3, 7


@njit
def _power(st, seat, which):
    return st[seat] * 10 + which


@njit
def _caller(st):
    a = _power(st, st[0], RED)           # int32 seat, literal constant
    b = _power(st, 1, BLUE)              # literal seat, another literal constant
    c = _power(st, np.int64(2), st[2])   # int64 seat, int32 value
    return a + b + c


@njit
def _pick(t, k):
    return t[k]                           # a heterogeneous tuple needs k as a literal


@njit
def _caller_literal():
    return _pick((1, 2.5), 1)


def test_one_compiled_version_for_constants_and_integer_widths():
    st = np.array([2, 4, 5], dtype=np.int32)
    assert _caller(st) == (5 * 10 + RED) + (4 * 10 + BLUE) + (5 * 10 + 5)
    sigs = [tuple(str(t) for t in s) for s in _power.signatures]
    assert len(sigs) == 1, sigs
    assert sigs[0][1:] == ("int64", "int64")


def test_a_callee_that_needs_a_literal_still_gets_it():
    assert _caller_literal() == 2.5


def test_plain_types():
    from numba.core import types
    assert plain(types.literal(3)) == types.int64
    assert plain(types.int32) == types.int64 and plain(types.int8) == types.int64
    assert plain(types.uint64) == types.uint64 and plain(types.float32) == types.float32
    assert plain(types.boolean) == types.boolean
