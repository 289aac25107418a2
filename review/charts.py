"""Small server-side SVG charts (inline in the page: no charting library, no JavaScript).

Every function returns a complete ``<svg>`` element as a string; every text is escaped, so
the result may be marked safe. Each chart carries a visible title, a ``<title>`` and
``role="img"``; pages show the same numbers in a plain table beside it (the accessible
fallback). Scales start at 0 and end on a "nice" number (1, 2, 2.5, 5 × 10ⁿ), so a chart of
small values does not fill the width, and zero is drawn as no bar and written "0".
"""
from __future__ import annotations

import math
import textwrap
from html import escape
from typing import Iterable, Sequence

from django.utils.safestring import mark_safe

PALETTE = ("#2563eb", "#dc2626", "#16a34a", "#9333ea", "#ea580c", "#0891b2", "#ca8a04", "#db2777")
FONT = 'font-family="system-ui, sans-serif" font-size="12"'
MUTED = "#5f6368"
TITLE_H = 22  # room for the visible title
DOT = 3  # radius of a line chart's points


def nice_ceiling(value: float) -> float:
    """The smallest of 1, 2, 2.5, 5 × 10ⁿ that is ≥ ``value`` (1 for nothing positive)."""
    if value <= 0:
        return 1.0
    power = 10 ** math.floor(math.log10(value))
    for step in (1, 2, 2.5, 5, 10):
        if step * power >= value * (1 - 1e-9):
            return step * power
    return 10 * power  # pragma: no cover - the loop always returns


def scale(peak: float, integer: bool = False) -> tuple[float, list[float]]:
    """The top of an axis from 0 that holds ``peak``, and its ticks (at most about six, at nice steps)."""
    step = nice_ceiling(peak / 5) if peak > 0 else 1.0
    if integer:
        step = max(step, 1.0)
    top = step * max(1, math.ceil(peak / step - 1e-9))
    return top, [step * i for i in range(round(top / step) + 1)]


def number(value: float | None) -> str:
    """``0`` for zero, whole numbers without decimals, small ones with enough digits to differ from 0."""
    if value is None:
        return "–"
    if value == 0:
        return "0"
    if float(value).is_integer():
        return f"{value:.0f}"
    if abs(value) < 1:
        return f"{value:.2f}".rstrip("0") if abs(value) >= 0.01 else "<0.01"
    return f"{value:.1f}" if abs(value) < 100 else f"{value:.0f}"


def duration_unit(seconds: Iterable[float | None]) -> tuple[str, float]:
    """``("min", 60)`` or ``("h", 3600)``: hours once the longest duration reaches two hours."""
    longest = max((s for s in seconds if s is not None), default=0)
    return ("h", 3600.0) if longest >= 7200 else ("min", 60.0)


def _head(kind: str, title: str, width: int, height: int) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="chart {kind}" role="img" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}"><title>{escape(title)}</title><text class="chart-title" x="0" y="15" '
            f'font-family="system-ui, sans-serif" font-size="13" font-weight="600">{escape(title)}</text>')


def _empty(title: str, width: int, message: str) -> str:
    lines = textwrap.wrap(message, max(20, width // 7)) or [""]
    height = TITLE_H + 18 * len(lines) + 10
    return "".join([_head("chart-empty", title, width, height), *(
        f'<text class="empty" x="0" y="{TITLE_H + 16 + 18 * i}" {FONT} fill="{MUTED}">{escape(line)}</text>'
        for i, line in enumerate(lines)), "</svg>"])


def _short(label: str, limit: int) -> str:
    return label if len(label) <= limit else label[: limit - 1] + "…"


def bar_chart(items: Sequence[tuple[str, float]], title: str, *, width: int = 560, label_width: int = 170,
              bar: int = 16, gap: int = 6, unit: str = "", axis: str = "", empty: str = "No data yet.") -> str:
    """Horizontal bars, one per ``(label, value)``, on an axis from 0 to a nice number ≥ the largest value."""
    if not items:
        return _empty(title, width, empty)
    top, ticks = scale(max(v for _, v in items), all(float(v).is_integer() for _, v in items))
    plot, base = width - label_width - 70, TITLE_H + 4  # room for the value written after the longest bar
    height = (bottom := base + len(items) * (bar + gap)) + 34
    suffix = f" {unit}" if unit else ""
    parts = [_head("bar-chart", title, width, height)]
    for tick in ticks:
        x = label_width + plot * tick / top
        parts.append(f'<line class="grid" x1="{x:.1f}" y1="{base}" x2="{x:.1f}" y2="{bottom}" stroke="#e5e7eb"/>'
                     f'<text x="{x:.1f}" y="{bottom + 13}" text-anchor="middle" {FONT} fill="{MUTED}">{tick:g}</text>')
    parts.append(f'<text class="axis-title" x="{label_width + plot / 2:.1f}" y="{height - 4}" text-anchor="middle" '
                 f'{FONT} fill="{MUTED}">{escape(axis or unit)}</text>')
    for i, (label, value) in enumerate(items):
        y = base + gap / 2 + i * (bar + gap)
        length = plot * max(value, 0) / top
        text = f"{number(value)}{suffix}"
        parts.append(
            f'<text x="{label_width - 6}" y="{y + bar * 0.75:.1f}" text-anchor="end" {FONT}>'
            f'{escape(_short(str(label), label_width // 7))}</text>'
            f'<rect class="bar" x="{label_width}" y="{y:.1f}" width="{length:.1f}" height="{bar}" fill="{PALETTE[0]}">'
            f'<title>{escape(str(label))}: {escape(text)}</title></rect>'
            f'<text class="value" x="{label_width + length + 4:.1f}" y="{y + bar * 0.75:.1f}" {FONT}>{escape(text)}</text>'
        )
    parts.append(f'<line x1="{label_width}" y1="{base}" x2="{label_width}" y2="{bottom}" stroke="#999"/></svg>')
    return "".join(parts)


def _check(x_labels: Sequence[str], series: dict[str, Sequence[float | None]]) -> None:
    for values in series.values():
        if len(values) != len(x_labels):
            raise ValueError("every series needs one value per x label")


def _frame(parts: list[str], box: tuple[int, int, int, int], ticks: list[float], y_at, tick_text, y_label: str,
           x_label: str, height: int) -> None:
    """Grid lines with their values, the two axes and the axis titles of a chart plotted in ``box``."""
    left, top, plot_w, plot_h = box
    for tick in ticks:
        y = y_at(tick)
        parts.append(f'<line class="grid" x1="{left}" y1="{y:.1f}" x2="{left + plot_w}" y2="{y:.1f}" stroke="#e5e7eb"/>'
                     f'<text x="{left - 4}" y="{y + 4:.1f}" text-anchor="end" {FONT} fill="{MUTED}">{tick_text(tick)}</text>')
    parts.append(f'<line x1="{left}" y1="{top}" x2="{left}" y2="{top + plot_h}" stroke="#999"/>'
                 f'<line x1="{left}" y1="{top + plot_h}" x2="{left + plot_w}" y2="{top + plot_h}" stroke="#999"/>')
    if y_label:
        cy = top + plot_h / 2
        parts.append(f'<text class="axis-title" x="12" y="{cy:.1f}" transform="rotate(-90 12 {cy:.1f})" '
                     f'text-anchor="middle" {FONT} fill="{MUTED}">{escape(y_label)}</text>')
    if x_label:
        parts.append(f'<text class="axis-title" x="{left + plot_w / 2:.1f}" y="{height - 4}" text-anchor="middle" '
                     f'{FONT} fill="{MUTED}">{escape(x_label)}</text>')


def _x_labels(parts: list[str], x_labels: Sequence[str], x_at, y: float) -> None:
    every = max(1, math.ceil(len(x_labels) / 6))  # at most about six x labels
    for i, label in enumerate(x_labels):
        if i % every == 0 or i == len(x_labels) - 1:
            parts.append(f'<text x="{x_at(i):.1f}" y="{y}" text-anchor="middle" {FONT}>{escape(str(label))}</text>')


def _legend(parts: list[str], n: int, name: str, color: str, x: float, top: float) -> None:
    ly = top + 16 * n + 6
    parts.append(f'<rect class="legend" x="{x}" y="{ly - 8}" width="10" height="10" fill="{color}"/>'
                 f'<text x="{x + 14}" y="{ly + 1}" {FONT}>{escape(_short(name, 17))}</text>')


def grouped_bar_chart(x_labels: Sequence[str], series: dict[str, Sequence[float]], title: str, *, width: int = 560,
                      height: int = 240, y_label: str = "", x_label: str = "", empty: str = "No data yet.") -> str:
    """Vertical bars grouped per x label (a day), one bar per series (an annotator), y from 0, with a legend.

    For counts per day: a day without work is an empty group, not a dip of a line.
    """
    if not x_labels or not series:
        return _empty(title, width, empty)
    _check(x_labels, series)
    left, right, top, bottom = 48, 140, TITLE_H + 8, 44
    plot_w, plot_h = width - left - right, height - top - bottom
    peak = max((v for values in series.values() for v in values), default=0)
    top_value, ticks = scale(peak, all(float(v).is_integer() for vs in series.values() for v in vs))
    group = plot_w / len(x_labels)
    bar = max(1.0, min(18.0, group * 0.8 / len(series)))

    def y_at(value: float) -> float:
        return top + plot_h - plot_h * max(value, 0) / top_value

    parts = [_head("bar-chart grouped", title, width, height)]
    _frame(parts, (left, top, plot_w, plot_h), ticks, y_at, lambda v: f"{v:g}", y_label, x_label, height)
    _x_labels(parts, x_labels, lambda i: left + group * (i + 0.5), top + plot_h + 16)
    for n, (name, values) in enumerate(series.items()):
        color = PALETTE[n % len(PALETTE)]
        for i, value in enumerate(values):
            x = left + group * (i + 0.5) - bar * len(series) / 2 + bar * n
            y = y_at(value)
            parts.append(f'<rect class="bar" data-series="{escape(name)}" x="{x:.1f}" y="{y:.1f}" width="{bar:.1f}" '
                         f'height="{top + plot_h - y:.1f}" fill="{color}"><title>{escape(name)}, '
                         f'{escape(str(x_labels[i]))}: {number(value)}</title></rect>')
        _legend(parts, n, name, color, width - right + 12, top)
    parts.append("</svg>")
    return "".join(parts)


def line_chart(x_labels: Sequence[str], series: dict[str, Sequence[float | None]], title: str, *, width: int = 560,
               height: int = 240, y_label: str = "", x_label: str = "", y_max: float | None = None,
               percent: bool = False, empty: str = "No data yet.") -> str:
    """One line per series over the shared x labels (``None`` leaves a gap), y from 0, with a legend.

    ``percent`` draws fractions 0–1 as 0–100 %; ``y_max`` fixes the top of the scale.
    """
    if not x_labels or not series:
        return _empty(title, width, empty)
    _check(x_labels, series)
    left, right, top, bottom = 48, 140, TITLE_H + 8, 44
    plot_w, plot_h = width - left - right, height - top - bottom
    peak = max((v for values in series.values() for v in values if v is not None), default=0)
    whole = not percent and all(float(v).is_integer() for vs in series.values() for v in vs if v is not None)
    top_value, ticks = scale(peak, whole) if y_max is None else (y_max, [y_max * i / 4 for i in range(5)])
    step = plot_w / max(len(x_labels) - 1, 1)

    def point(i: int, value: float) -> tuple[float, float]:
        x = left + (i * step if len(x_labels) > 1 else plot_w / 2)
        return x, top + plot_h - plot_h * max(value, 0) / top_value

    def tick_text(value: float) -> str:
        return f"{value * 100:.0f} %" if percent else f"{value:g}"

    dodge = _dodged([[None if v is None else point(i, v)[1] for i, v in enumerate(vs)] for vs in series.values()])
    parts = [_head("line-chart", title, width, height)]
    _frame(parts, (left, top, plot_w, plot_h), ticks, lambda v: point(0, v)[1], tick_text, y_label, x_label, height)
    _x_labels(parts, x_labels, lambda i: point(i, 0)[0], top + plot_h + 16)
    for n, (name, values) in enumerate(series.items()):
        color = PALETTE[n % len(PALETTE)]
        for run in _runs(values):  # a gap (None) breaks the line
            path = " ".join("{:.1f},{:.1f}".format(*point(i, values[i])) for i in run)
            parts.append(f'<polyline class="series" data-series="{escape(name)}" points="{path}" fill="none" '
                         f'stroke="{color}" stroke-width="2"/>')
        for i, value in enumerate(values):
            if value is not None:
                x, y = point(i, value)
                x += dodge.get((n, i), 0.0)
                parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{DOT}" fill="{color}"><title>{escape(name)}, '
                             f'{escape(str(x_labels[i]))}: {tick_text(value)}</title></circle>')
        _legend(parts, n, name, color, width - right + 12, top)
    parts.append("</svg>")
    return "".join(parts)


def _dodged(ys: list[list[float | None]]) -> dict[tuple[int, int], float]:
    """``(series, x index) -> x offset`` of points that would cover each other (same x, y closer than a
    dot) set side by side around their x (a week of single points, all at 100 %, drew one dot)."""
    offsets: dict[tuple[int, int], float] = {}
    for i in range(max(map(len, ys), default=0)):
        groups: list[list[int]] = []
        for y, n in sorted((row[i], n) for n, row in enumerate(ys) if row[i] is not None):
            close = groups and y - ys[groups[-1][-1]][i] < 2 * DOT
            groups[-1].append(n) if close else groups.append([n])
        offsets.update(((n, i), (j - (len(g) - 1) / 2) * (2 * DOT + 1)) for g in groups if len(g) > 1
                       for j, n in enumerate(g))
    return offsets


def _runs(values: Sequence[float | None]) -> list[list[int]]:
    """Indexes of the consecutive non-None values."""
    runs: list[list[int]] = []
    for i, value in enumerate(values):
        if value is None:
            continue
        if runs and runs[-1][-1] == i - 1:
            runs[-1].append(i)
        else:
            runs.append([i])
    return runs


# ---------------------------------------------------------------- the admin dashboard


TIMES_PER_PAGE = 25  # documents per page of "Review time per document" (334 at once: most of a 390 kB page)


def review_times_page(corpus, page: int = 1, trail=None) -> dict:
    """One page of "Review time per document": its two charts and table rows, units chosen over all documents."""
    from . import stats

    times = stats.review_times(corpus, trail)
    unit, per = duration_unit(t.review_seconds for t in times)  # each chart in its own unit
    wait_unit, wait_per = duration_unit(t.approval_seconds for t in times)
    unit_name, wait_name = ({"min": "minutes", "h": "hours"}[u] for u in (unit, wait_unit))
    pages = max(1, math.ceil(len(times) / TIMES_PER_PAGE))
    page = min(max(page, 1), pages)
    shown = times[(page - 1) * TIMES_PER_PAGE:page * TIMES_PER_PAGE]
    review = bar_chart([(t.title, t.review_seconds / per) for t in shown],
                       f"Review time per document ({unit_name})", unit=unit, axis=unit_name,
                       empty="No document has been marked done yet: review times appear here (first to last decision).")
    approval = bar_chart([(t.title, t.approval_seconds / wait_per) for t in shown if t.approval_seconds is not None],
                         f"Marked done → approved ({wait_name})", unit=wait_unit, axis=wait_name,
                         empty="No document has been approved yet: the wait for the second look appears here.")
    return {
        "times_charts": {"review_time": mark_safe(review), "approval_time": mark_safe(approval)},  # noqa: S308 - escaped
        "units": (unit_name, wait_name),
        "times": [(t, number(t.review_seconds / per),
                   "not yet" if t.approval_seconds is None else number(t.approval_seconds / wait_per)) for t in shown],
        "times_page": {"number": page, "pages": pages, "count": len(times),
                       "first": (page - 1) * TIMES_PER_PAGE + 1, "last": (page - 1) * TIMES_PER_PAGE + len(shown),
                       "previous": page - 1 if page > 1 else None, "next": page + 1 if page < pages else None},
    }


DASHBOARD_SECONDS = 60  # what the corpus stamp does not see (a renamed user) shows within this


def corpus_stamp(corpus) -> tuple:
    """What the dashboard's numbers depend on, in one query: the corpus's documents per status (how
    many, the sum of their versions, the last save, the highest id). Every decision, undo, mark
    done, approval and automatic pass moves a version; a status set without one moves its counts."""
    from django.db.models import Count, Max, Sum

    from .models import Document

    rows = (Document.objects.filter(corpus=corpus).order_by().values("status")
            .annotate(n=Count("id"), versions=Sum("version"), saved=Max("updated_at"), top=Max("id")).order_by("status"))
    return tuple((r["status"], r["n"], r["versions"], str(r["saved"]), r["top"]) for r in rows)


def cached_dashboard(corpus, times_page: int = 1) -> dict:
    """:func:`dashboard`, computed again only when :func:`corpus_stamp` moved (or after ``DASHBOARD_SECONDS``)."""
    from django.core.cache import cache

    key, stamp = f"review:dashboard:{corpus.pk}:{times_page}", corpus_stamp(corpus)
    hit = cache.get(key)
    if hit is not None and hit[0] == stamp:
        return hit[1]
    context = dashboard(corpus, times_page)
    cache.set(key, (stamp, context), DASHBOARD_SECONDS)
    return context


def dashboard(corpus, times_page: int = 1) -> dict:
    """Every number and chart of a corpus dashboard, with one page of the per-document review times
    (the view adds nothing but the corpus list)."""
    from . import stats
    from .annotator_quality import KIND_NAMES, KINDS, annotator_quality
    from .models import Document

    names = dict(Document.Status.choices)
    statuses = stats.status_counts(corpus)
    documents = stats.corpus_tallies(corpus)  # the mention counts of every document, read once
    pending = stats.pending_by_label(corpus, documents)
    trail = stats.corpus_flows(corpus)  # each document's part of the audit trail, read once
    flow = stats.throughput(corpus, trail)
    days = [d.isoformat() for d in flow.days]
    mentions, done = flow.series("mentions"), flow.series("submitted")
    times = review_times_page(corpus, times_page, trail)
    people = annotator_quality(corpus)
    trend = stats.quality_over_time(corpus, documents)
    weeks = [f"{w:%b} {w.day}" for w in trend.weeks]
    quality = stats.quality(corpus, documents)
    not_done = "No document has been marked done yet: "
    charts = {
        "status": bar_chart([(names[s], n) for s, n in statuses.items()] if any(statuses.values()) else [],
                            "Documents by status", axis="documents",
                            empty="No document yet: import transcripts to see them here by status."),
        "pending": bar_chart(list(pending.items()), "Mentions still pending, per label", axis="mentions",
                             empty="No mention is pending: every automatic mention has been decided (or none exist yet)."),
        "mentions": grouped_bar_chart(
            days, flow.series("mentions"), "Mentions decided per annotator per day", y_label="mentions", x_label="day",
            empty="No mention has been decided yet: mentions per annotator and day appear here."),
        "submitted": grouped_bar_chart(
            days, flow.series("submitted"), "Documents marked done per annotator per day", y_label="documents",
            x_label="day", empty=not_done + "documents per annotator and day appear here."),
        "per_hour": bar_chart([(u, round(flow.per_hour(u), 1)) for u in flow.totals if flow.per_hour(u) is not None],
                              "Mentions decided per hour of review", unit="/h", axis="mentions per hour",
                              empty="Less than a minute of review measured yet: each annotator's mentions per hour "
                                    "appear here."),
        "changed": bar_chart([(p.annotator, round(100 * p.share("changed"), 1)) for p in people if p.checked],
                             "Decided mentions the second look changed", unit="%", axis="% of mentions checked",
                             empty="No annotator's document has been approved yet: the share of their decisions the "
                                   "second look changed appears here."),
        "trend_detector": line_chart(weeks, trend.precision("detector"), "Precision of each detector, by week approved",
                                     y_label="precision", x_label="week approved (from Monday)", y_max=1.0, percent=True,
                                     empty="No document has been approved yet: the precision per week appears here."),
        "trend_label": line_chart(weeks, trend.precision("label"), "Precision per label, by week approved",
                                  y_label="precision", x_label="week approved (from Monday)", y_max=1.0, percent=True,
                                  empty="No document has been approved yet: the precision per week appears here."),
    }
    return {
        "charts": {**{k: mark_safe(v) for k, v in charts.items()}, **times["times_charts"]},  # noqa: S308 - escaped
        "statuses": [(names[s], n) for s, n in statuses.items()],
        "total": sum(statuses.values()),
        "pending": pending,
        "pending_total": sum(pending.values()),
        "days": days,
        "mentions": mentions,
        "submitted": done,
        "annotators": [(u, n, _duration(flow.active_seconds.get(u, 0.0)), number(flow.per_hour(u)))
                       for u, n in flow.totals.items()],
        **times,
        "daily": [(day, [v[i] for v in mentions.values()] + [v[i] for v in done.values()]) for i, day in enumerate(days)],
        "people": [(p, [(p.__dict__[k], _percent(p.share(k))) for k in KINDS], _percent(p.share("changed")),
                    number(p.median_minutes)) for p in people],
        "twice": [p for p in people if p.pairs],
        "kinds": [KIND_NAMES[k] for k in KINDS],
        "trend": trend,
        "trend_rows": [(f"week of {week}", n, row, [row.detectors[d] for d in trend.detectors])
                       for week, n, row in zip(weeks, trend.documents, trend.overall)],
        "quality": quality,
        "quality_rows": [(r, [r.detectors[d] for d in quality.detectors]) for r in (*quality.rows, quality.overall)],
    }


def _percent(share: float | None) -> str:
    return "–" if share is None else f"{100 * share:.1f} %".replace(".0 %", " %")


def _duration(seconds: float) -> str:
    return f"{seconds / 3600:.1f} h" if seconds >= 7200 else f"{number(round(seconds / 60, 1))} min"
