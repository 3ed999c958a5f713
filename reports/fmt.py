"""How every report writes its numbers: rates in percent, intervals, points, p-values.
One place, so a rate reads the same in a seats report, a study and a design report."""
from __future__ import annotations

import numpy as np

__all__ = ["pct", "pts", "ci", "pval", "num", "integer", "value"]


def _finite(x) -> bool:
    return x is not None and bool(np.isfinite(x))


def pct(x, d=1) -> str:
    return f"{100 * x:.{d}f}%" if _finite(x) else "n/a"


def pts(x, d=1) -> str:
    return f"{x:+.{d}f}" if _finite(x) else "n/a"


def ci(lo, hi, d=1) -> str:
    return f"[{100 * lo:.{d}f}, {100 * hi:.{d}f}]" if _finite(lo) and _finite(hi) else "[n/a]"


def pval(p) -> str:
    if not _finite(p):
        return "n/a"
    if p == 0:
        return "<1e-300"
    if p < 0.001:
        return f"{p:.1e}"
    return f"{p:.3f}"


def num(x, d=2) -> str:
    return f"{x:,.{d}f}" if _finite(x) else "n/a"


def integer(n) -> str:
    return f"{int(n):,}" if _finite(n) else "n/a"


def value(v) -> str:
    """A parameter value as a designer wrote it: 2.0 read back from a CSV -> 2, 0.5 -> 0.5."""
    if isinstance(v, (bool, np.bool_)):
        return str(bool(v)).lower()
    if isinstance(v, (float, np.floating)):
        return str(int(v)) if float(v).is_integer() else f"{float(v):g}"
    if isinstance(v, (int, np.integer)):
        return str(int(v))
    return str(v)
