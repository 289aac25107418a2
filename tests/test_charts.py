"""The server-side SVG chart helper: well-formed, proportional, escaped."""
from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from review.charts import bar_chart, line_chart

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
    texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert "<script>alert(1)</script> & co" in texts
    line = line_chart(["<d1>"], {"<ann>": [1]}, "t")
    assert "<ann>" not in line and "<d1>" not in line
    parse(line)


@pytest.mark.parametrize("chart", [lambda: bar_chart([], "Nothing"), lambda: line_chart([], {}, "Nothing"),
                                   lambda: line_chart(["d"], {}, "Nothing")])
def test_it_says_when_there_is_no_data(chart):
    root = parse(chart())
    assert "No data yet." in [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]


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


def test_it_refuses_series_of_the_wrong_length():
    with pytest.raises(ValueError):
        line_chart(["a", "b"], {"ann": [1]}, "t")
