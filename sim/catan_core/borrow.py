"""`borrowed(a)`: a view of an array that holds no reference count.

Numba increments and decrements an array's reference count (an atomic add on its meminfo)
whenever the array enters or leaves a compiled function that cannot prove the pair away.
In the Catan engine that bookkeeping took about half of a random game's time, because
`legal_actions` and `apply_action` pass the same few arrays through many small helpers.
A borrowed view has a NULL meminfo, so every one of those operations becomes a null test.

Borrow only a function's own array arguments (or views of them): the caller's reference
keeps them alive for the whole call. Never borrow an array the function allocated itself:
numba frees a local array right after its last use, which would be the borrowing, and the
view would then point into freed memory. Never return a borrowed view or keep it longer.
The playout loops (sim/catan_core, Magna Grecia's and Mare Nostrum's playout.py) borrow their
state, board, config, legal-action buffer and random streams this way, and so do the greedy
players' candidate loops (strategies: catan.greedy_scores, magna_grecia._plan_pick and
_greedy_pick, mare_nostrum.greedy_pick and fill_decision_context), where the counts were a
third or more of a game's time (issue 16, docs/BENCHMARKS.md).

Borrowing still leaves a call to NRT_incref / NRT_decref (a null test) for every array argument
at the entry and exits of every compiled function that numba could not prune them from, and
those calls also keep LLVM from holding the arrays in registers. The engine therefore compiles
its functions that allocate nothing with `_nrt=False` (numba's flag for code without reference
counting): no count is taken at all, which is safe for the same reason as borrowing (callers
keep the arrays alive; such a function never allocates, stores or returns an array). That took
random 4-player Catan from about 5,200 to 8,500 games per CPU-second. The flag is private to
numba, so it is spelled once, as NO_REFCOUNT (`@njit(cache=True, **NO_REFCOUNT)`): a numba
without it compiles the same functions with reference counting, slower but correct.
"""
from numba import types
from numba.core import cgutils
from numba.core.cpu import CPUTargetOptions
from numba.extending import intrinsic

NO_REFCOUNT = {"_nrt": False} if hasattr(CPUTargetOptions, "_nrt") else {}


@intrinsic
def borrowed(typingctx, arr):
    if not isinstance(arr, types.Array):
        return None

    def codegen(context, builder, signature, args):
        src = context.make_array(arr)(context, builder, value=args[0])
        dst = context.make_array(arr)(context, builder)
        dst.data = src.data
        dst.shape = src.shape
        dst.strides = src.strides
        dst.itemsize = src.itemsize
        dst.nitems = src.nitems
        dst.meminfo = cgutils.get_null_value(dst.meminfo.type)
        dst.parent = cgutils.get_null_value(dst.parent.type)
        return dst._getvalue()

    return arr(arr), codegen
