"""The server-side SVG chart helper: well-formed, proportional, escaped."""
from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from review.charts import bar_chart, duration_unit, grouped_bar_chart, line_chart, nice_ceiling, number, scale

NS = {"s": "http://www.w3.org/2000/svg"}


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)  # raises on anything that is not well-formed XML
    assert root.tag == "{http://www.w3.org/2000/svg}svg" and root.get("role") == "img"
    return root


@pytest.mark.parametrize("values", [[4, 2, 1], [1], [0, 7, 3, 3, 10], [2.5, 5.0]])
def test_it_draws_one_proportional_bar_per_item(values):
    items = [(f"item {i}", v) for i, v in enumerate(values)]
    root = parse(bar_chart(items, "Counts"))
    bars = root.findall("s:rect[@class='bar']", NS)
    assert len(bars) == len(values)
    widths = [float(b.get("width")) for b in bars]
    longest = max(widths)
    for value, width in zip(values, widths):
        assert width == pytest.approx(longest * value / max(values), abs=0.1)
    assert root.find("s:title", NS).text == "Counts"


def test_it_escapes_every_text():
    svg = bar_chart([("<script>alert(1)</script> & co", 3)], 'A "title" <b>', unit="<h>")
    assert "<script>" not in svg and "<b>" not in svg
    root = parse(svg)
    texts = [t.text for t in root.iter() if t.tag.endswith(("}text", "}title"))]
    assert "<script>alert(1)</script> & co: 3 <h>" in texts
    line = line_chart(["<d1>"], {"<ann>": [1]}, "t")
    assert "<ann>" not in line and "<d1>" not in line
    parse(line)


@pytest.mark.parametrize("chart", [lambda: bar_chart([], "Nothing"), lambda: line_chart([], {}, "Nothing"),
                                   lambda: line_chart(["d"], {}, "Nothing"), lambda: grouped_bar_chart([], {}, "Nothing"),
                                   lambda: grouped_bar_chart(["d"], {}, "Nothing")])
def test_it_says_when_there_is_no_data(chart):
    root = parse(chart())
    assert "No data yet." in [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert "Nothing" in [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]  # the visible title


def test_it_says_what_will_appear_in_an_empty_chart():
    message = "No document has been marked done yet: review times appear here once annotators mark documents done."
    root = parse(bar_chart([], "Review time", empty=message, width=300))
    lines = [t.text for t in root.findall("s:text[@class='empty']", NS)]
    assert len(lines) > 1 and " ".join(lines) == message  # wrapped to the width, nothing lost


@pytest.mark.parametrize(
    "value, expected",
    [(0, 1), (-3, 1), (0.0003, 0.0005), (0.8, 1), (1, 1), (1.2, 2), (2.2, 2.5), (3, 5), (7, 10), (40, 50), (250, 250)],
)
def test_it_rounds_the_top_of_a_scale_up_to_a_nice_number(value, expected):
    assert nice_ceiling(value) == pytest.approx(expected)


@pytest.mark.parametrize(
    "peak, integer, top, ticks",
    [(4, True, 4, [0, 1, 2, 3, 4]), (1, True, 1, [0, 1]), (0, True, 1, [0, 1]), (10, True, 10, [0, 2, 4, 6, 8, 10]),
     (0.3, False, 0.3, [0, 0.1, 0.2, 0.3]), (37, True, 40, [0, 10, 20, 30, 40])],
)
def test_it_puts_ticks_at_nice_steps(peak, integer, top, ticks):
    got_top, got_ticks = scale(peak, integer)
    assert got_top == pytest.approx(top) and got_ticks == pytest.approx(ticks)


@pytest.mark.parametrize(
    "value, text", [(0, "0"), (0.0, "0"), (3, "3"), (3.0, "3"), (0.25, "0.25"), (0.004, "<0.01"), (12.34, "12.3"),
                    (1234.5, "1234"), (None, "–")],
)
def test_it_writes_zero_as_0_and_small_values_visibly(value, text):
    assert number(value) == text


@pytest.mark.parametrize(
    "seconds, unit", [([], "min"), ([None], "min"), ([30, 600], "min"), ([7199], "min"), ([7200, None], "h")],
)
def test_it_chooses_minutes_or_hours_by_magnitude(seconds, unit):
    assert duration_unit(seconds)[0] == unit


def test_it_draws_no_bar_for_zero_and_does_not_stretch_small_values():
    root = parse(bar_chart([("a", 0), ("b", 0)], "Zeros", unit="h"))
    assert [float(b.get("width")) for b in root.findall("s:rect[@class='bar']", NS)] == [0, 0]
    assert [t.text for t in root.findall("s:text[@class='value']", NS)] == ["0 h", "0 h"]
    small = parse(bar_chart([("a", 0.3), ("b", 7)], "Mixed", unit="min"))
    widths = [float(b.get("width")) for b in small.findall("s:rect[@class='bar']", NS)]
    assert widths[0] < widths[1] / 20 and [t.text for t in small.findall("s:text[@class='value']", NS)] == [
        "0.3 min", "7 min"]
    assert "min" in [t.text for t in small.findall("s:text[@class='axis-title']", NS)]


def test_it_leaves_a_gap_for_missing_values():
    root = parse(line_chart(["w1", "w2", "w3", "w4"], {"spacy": [0.5, None, 0.75, 1.0]}, "Precision",
                            y_max=1.0, percent=True))
    runs = [p.get("points").split() for p in root.findall("s:polyline", NS)]
    assert [len(r) for r in runs] == [1, 2]
    assert len(root.findall("s:circle", NS)) == 3
    assert "100 %" in [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]


def test_it_draws_one_line_per_series_scaled_to_the_peak():
    days = ["2024-01-01", "2024-01-02", "2024-01-03"]
    root = parse(line_chart(days, {"ann": [1, 4, 2], "bob": [0, 0, 3]}, "Decisions per day", height=220))
    lines = root.findall("s:polyline", NS)
    assert [p.get("data-series") for p in lines] == ["ann", "bob"]
    points = [[tuple(map(float, xy.split(","))) for xy in p.get("points").split()] for p in lines]
    assert all(len(p) == len(days) for p in points)
    ys = [y for series in points for _, y in series]
    peak_y, zero_y = points[0][1][1], points[1][0][1]
    assert peak_y == min(ys) and zero_y == max(ys)  # 4 is the top, 0 the axis
    assert points[0][0][1] == pytest.approx(zero_y - (zero_y - peak_y) / 4)  # 1 is a quarter of the way up
    assert [x for x, _ in points[0]] == sorted(x for x, _ in points[0])
    assert len(root.findall("s:circle", NS)) == 6


@pytest.mark.parametrize("chart", [line_chart, grouped_bar_chart])
def test_it_refuses_series_of_the_wrong_length(chart):
    with pytest.raises(ValueError):
        chart(["a", "b"], {"ann": [1]}, "t")


# (per-day counts of each series, the bar heights relative to the tallest)
GROUPED = [
    ({"ann": [1, 4, 2], "bob": [0, 0, 3]}, {"ann": [0.25, 1, 0.5], "bob": [0, 0, 0.75]}),
    ({"ann": [0, 0, 5]}, {"ann": [0, 0, 1]}),  # a sparse week: two empty days, no zigzag
    ({"ann": [2], "bob": [2], "eve": [1]}, {"ann": [1], "bob": [1], "eve": [0.5]}),
]


@pytest.mark.parametrize("series, relative", GROUPED)
def test_it_groups_one_proportional_bar_per_series_and_day(series, relative):
    days = [f"2024-01-0{i + 1}" for i in range(len(next(iter(series.values()))))]
    root = parse(grouped_bar_chart(days, series, "Decisions per day"))
    assert root.findall(".//s:polyline", NS) == []
    bars = root.findall("s:rect[@class='bar']", NS)
    assert len(bars) == len(days) * len(series)
    tallest = max(float(b.get("height")) for b in bars)
    for name, shares in relative.items():
        mine = [b for b in bars if b.get("data-series") == name]
        assert [float(b.get("height")) for b in mine] == pytest.approx([tallest * r for r in shares], abs=0.1)
    xs = [float(b.get("x")) for b in bars]
    by_day = sorted(range(len(bars)), key=lambda i: xs[i])
    assert len(set(xs)) == len(xs)  # bars side by side, never on top of each other
    assert [bars[i].get("data-series") for i in by_day[:len(series)]] == list(series)  # each day: every series
    assert len(root.findall("s:rect[@class='legend']", NS)) == len(series)
