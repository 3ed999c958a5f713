"""Small SVG helpers shared by the board pictures: hexagons, seat colours, escaping.

The pictures are plain SVG text (no template library needed for a few hundred shapes); the
report heatmaps draw the same geometry with matplotlib (reports/board.py).
"""
from __future__ import annotations

import math
from html import escape

SQRT3 = math.sqrt(3.0)
# seat colours (colour-blind safe Okabe-Ito order), used when a game has no colours of its own
SEAT_COLOURS = ("#d55e00", "#0072b2", "#009e73", "#e69f00", "#cc79a7", "#56b4e9")


def hex_points(x: float, y: float, size: float, pointy: bool = True) -> list[tuple[float, float]]:
    """The six corners of a hexagon centred on (x, y)."""
    start = 30 if pointy else 0
    return [(x + size * math.cos(math.radians(start + 60 * k)), y + size * math.sin(math.radians(start + 60 * k)))
            for k in range(6)]


def polygon(points, fill: str, stroke: str = "#555", width: float = 0.03, extra: str = "") -> str:
    pts = " ".join(f"{px:.3f},{py:.3f}" for px, py in points)
    return f'<polygon points="{pts}" fill="{fill}" stroke="{stroke}" stroke-width="{width}"{extra}/>'


def circle(x, y, r, fill, stroke="#222", width=0.03, title: str = "") -> str:
    t = f"<title>{escape(title)}</title>" if title else ""
    return f'<circle cx="{x:.3f}" cy="{y:.3f}" r="{r:.3f}" fill="{fill}" stroke="{stroke}" stroke-width="{width}">{t}</circle>'


def text(x, y, s, size=0.4, fill="#111", anchor="middle", weight="normal") -> str:
    return (f'<text x="{x:.3f}" y="{y:.3f}" font-size="{size:.3f}" fill="{fill}" text-anchor="{anchor}" '
            f'dominant-baseline="central" font-weight="{weight}" font-family="sans-serif">{escape(str(s))}</text>')


def line(x1, y1, x2, y2, stroke, width=0.1, cap="round") -> str:
    return (f'<line x1="{x1:.3f}" y1="{y1:.3f}" x2="{x2:.3f}" y2="{y2:.3f}" stroke="{stroke}" '
            f'stroke-width="{width}" stroke-linecap="{cap}"/>')


def view_box(xs, ys, pad: float = 1.0) -> str:
    return f"{min(xs) - pad:.2f} {min(ys) - pad:.2f} {max(xs) - min(xs) + 2 * pad:.2f} {max(ys) - min(ys) + 2 * pad:.2f}"
