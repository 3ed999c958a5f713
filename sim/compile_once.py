"""One compiled version of a jitted function per call shape, not per integer width or constant.

Why: numba compiles a new version of a function for every distinct type of its arguments, and
a call from compiled code types a named constant (`act(s, p, K_BRIDGE)`) as its own literal
type and an element of an int32 state array as int32. So Glory to Rome's power lookup `act` was compiled 50
times (one per building constant, twice for int32 and int64 seats), Mare Nostrum's `battle_odds` 22 times, Magna
Grecia's `city_plan_value` 4 times; about two fifths of the compiled code was such copies, and
compiling is most of a fresh machine's test time. Here a call from compiled code first asks for
the version with plain types (literals as their base type, signed integers narrower than 64 bits
as int64). The result is the same: numba already computes integer arithmetic in int64 (intp),
and the caller converts its arguments to the callee's types. A callee that needs a literal (none
does today) falls back to numba's own dispatch; numba's own overloads are left alone.

Installed once on import of `sim`, before anything is compiled; the numba cache is keyed on these
sources (sim/__init__.py), so a change here starts a fresh cache.
"""
from numba.core import dispatcher, errors, types

_WIDEN = {types.int8: types.int64, types.int16: types.int64, types.int32: types.int64}


def plain(t):
    """The type a shared compiled version takes for an argument of type `t`."""
    t = types.unliteral(t)
    return _WIDEN.get(t, t)


OWN = ("sim", "strategies", "experiments", "reports", "tests", "bench")


def _ours(dispatcher_) -> bool:
    """Agon's own functions only: numba's overloads (a tuple index, np.empty's dtype) are
    dispatchers too, and rely on literal arguments."""
    module = getattr(dispatcher_.py_func, "__module__", "") or ""
    return module.split(".", 1)[0] in OWN


def install() -> None:
    base = dispatcher.Dispatcher
    if not callable(getattr(base, "get_call_template", None)):
        return      # a numba without this hook: one version per type, as before (slower to compile only)
    if getattr(base.get_call_template, "_agon_plain", False):
        return
    original = base.get_call_template

    def get_call_template(self, args, kws):
        shared = tuple(plain(a) for a in args)
        if shared != tuple(args) and not kws and _ours(self):
            try:
                return original(self, shared, kws)
            except errors.NumbaError:     # e.g. a tuple index that must be a literal
                pass
        return original(self, args, kws)

    get_call_template._agon_plain = True
    base.get_call_template = get_call_template
