"""Small server-side SVG charts (inline in the page: no charting library, no JavaScript).

Both functions return a complete ``<svg>`` element as a string; every text is escaped, so
the result may be marked safe. Each chart carries a ``<title>`` and ``role="img"``; pages
show the numbers in a table beside it.
"""
from __future__ import annotations

from html import escape
from typing import Sequence

PALETTE = ("#2563eb", "#dc2626", "#16a34a", "#9333ea", "#ea580c", "#0891b2", "#ca8a04", "#db2777")
FONT = 'font-family="system-ui, sans-serif" font-size="12"'


def _number(value: float) -> str:
    return f"{value:.0f}" if float(value).is_integer() else f"{value:.1f}"


def _empty(title: str, width: int, height: int = 60) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" role="img" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}"><title>{escape(title)}</title>'
        f'<text x="8" y="{height // 2}" {FONT} fill="#666">No data yet.</text></svg>'
    )


def bar_chart(items: Sequence[tuple[str, float]], title: str, *, width: int = 520, label_width: int = 170,
              bar: int = 18, gap: int = 6, unit: str = "") -> str:
    """Horizontal bars, one per ``(label, value)``; the longest bar spans the plot width."""
    if not items:
        return _empty(title, width)
    top = max(max(v for _, v in items), 0)
    plot = width - label_width - 60
    height = len(items) * (bar + gap) + gap
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart bar-chart" role="img" width="{width}" '
        f'height="{height}" viewBox="0 0 {width} {height}"><title>{escape(title)}</title>'
    ]
    for i, (label, value) in enumerate(items):
        y = gap + i * (bar + gap)
        length = 0.0 if top <= 0 else plot * max(value, 0) / top
        parts.append(
            f'<text x="{label_width - 6}" y="{y + bar * 0.75:.1f}" text-anchor="end" {FONT}>{escape(str(label))}</text>'
            f'<rect class="bar" x="{label_width}" y="{y}" width="{length:.1f}" height="{bar}" fill="{PALETTE[0]}">'
            f'<title>{escape(str(label))}: {_number(value)}{escape(unit)}</title></rect>'
            f'<text x="{label_width + length + 4:.1f}" y="{y + bar * 0.75:.1f}" {FONT}>{_number(value)}{escape(unit)}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def line_chart(x_labels: Sequence[str], series: dict[str, Sequence[float]], title: str, *, width: int = 560,
               height: int = 220) -> str:
    """One polyline per series over the shared x labels, with a y axis from 0 and a legend."""
    if not x_labels or not series:
        return _empty(title, width)
    for name, values in series.items():
        if len(values) != len(x_labels):
            raise ValueError("every series needs one value per x label")
    left, right, top, bottom = 40, 130, 12, 28
    plot_w, plot_h = width - left - right, height - top - bottom
    peak = max((v for values in series.values() for v in values), default=0) or 1
    step = plot_w / max(len(x_labels) - 1, 1)

    def point(i: int, value: float) -> tuple[float, float]:
        x = left + (i * step if len(x_labels) > 1 else plot_w / 2)
        return x, top + plot_h - plot_h * max(value, 0) / peak

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart line-chart" role="img" width="{width}" '
        f'height="{height}" viewBox="0 0 {width} {height}"><title>{escape(title)}</title>',
        f'<line x1="{left}" y1="{top + plot_h}" x2="{left + plot_w}" y2="{top + plot_h}" stroke="#999"/>',
        f'<line x1="{left}" y1="{top}" x2="{left}" y2="{top + plot_h}" stroke="#999"/>',
        f'<text x="{left - 4}" y="{top + 4}" text-anchor="end" {FONT}>{_number(peak)}</text>',
        f'<text x="{left - 4}" y="{top + plot_h}" text-anchor="end" {FONT}>0</text>',
    ]
    every = max(1, len(x_labels) // 6)  # at most about six x labels
    for i, label in enumerate(x_labels):
        if i % every == 0 or i == len(x_labels) - 1:
            x, _ = point(i, 0)
            parts.append(f'<text x="{x:.1f}" y="{height - 8}" text-anchor="middle" {FONT}>{escape(str(label))}</text>')
    for n, (name, values) in enumerate(series.items()):
        color = PALETTE[n % len(PALETTE)]
        points = [point(i, v) for i, v in enumerate(values)]
        path = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
        parts.append(f'<polyline class="series" data-series="{escape(name)}" points="{path}" fill="none" '
                     f'stroke="{color}" stroke-width="2"/>')
        parts.extend(
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3" fill="{color}"><title>{escape(name)}, '
            f'{escape(str(x_labels[i]))}: {_number(values[i])}</title></circle>'
            for i, (x, y) in enumerate(points)
        )
        ly = top + 14 * n + 6
        parts.append(f'<rect x="{width - right + 10}" y="{ly - 8}" width="10" height="10" fill="{color}"/>'
                     f'<text x="{width - right + 24}" y="{ly + 1}" {FONT}>{escape(name)}</text>')
    parts.append("</svg>")
    return "".join(parts)
