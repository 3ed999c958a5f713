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
The playout loops (sim/catan/playout.py, sim/troja/playout.py) borrow their state, board,
config, legal-action buffer and random streams this way.
"""
from numba import types
from numba.core import cgutils
from numba.extending import intrinsic


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
