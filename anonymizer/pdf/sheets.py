"""A condensed ("mini") transcript's sheets cut back into its pages (before ``anonymizer.pdf.pages`` groups lines).

A vendor's condensed transcript prints four pages on a sheet, two columns of two: the left column's upper and
lower page, then the right column's. A sheet is cut when an empty band runs down its middle from top to bottom and
each column holds two runs of line numbers (``1``, ``2`` ... then ``1``, ``2`` ... again) in a column of its own;
the pages come out moved to where the first prints its lines, so line numbers and running headers line up from page
to page as on a full-size print.
"""
from __future__ import annotations

Char = tuple[float, float, float, float, str]  # top, bottom, x0, x1, text (as pdf_pages reads them)

MIN_GUTTER = 12.0  # points: the empty band between a sheet's two columns
MIN_NUMBERED = 5  # numbered lines each printed page of a sheet shows at least


def split_sheet(chars: list[Char]) -> list[list[Char]]:
    """The printed pages of a sheet, in reading order; the sheet alone when it is no condensed sheet."""
    cut = _gutter(chars)
    if cut is None:  # the last sheet of a short transcript: its left column alone
        halves = _halves(chars)
        return _aligned(halves) if halves is not None and len(halves) == 2 else [chars]
    columns = [[c for c in chars if c[3] <= cut], [c for c in chars if c[2] >= cut]]
    pages: list[list[Char]] = []
    for column in columns:
        halves = _halves(column)
        if halves is None:
            return [chars]
        pages += halves
    return _aligned(pages)


def _gutter(chars: list[Char]) -> float | None:
    """The x of an empty band down the middle of the printed characters, else None."""
    printed = [c for c in chars if not c[4].isspace()]
    if len(printed) < 4 * MIN_NUMBERED:
        return None
    left, right = min(c[2] for c in printed), max(c[3] for c in printed)
    spans = sorted((c[2], c[3]) for c in printed)
    reach = spans[0][1]
    for x0, x1 in spans[1:]:
        if x0 - reach >= MIN_GUTTER and left + (right - left) * 0.3 <= x0 <= left + (right - left) * 0.7:
            return (reach + x0) / 2
        reach = max(reach, x1)
    return None


def _numbers(column: list[Char]) -> list[tuple[float, int, float]]:
    """(top, number, right edge) of the line numbers of a column: digits printed leftmost on their line, in the
    column's margin (a page number printed at the right is none)."""
    rows: dict[int, list[Char]] = {}
    for char in column:
        if not char[4].isspace():
            rows.setdefault(round(char[0]), []).append(char)
    margin = min((c[2] for c in column if not c[4].isspace()), default=0.0)
    found = []
    for top, row in sorted(rows.items()):
        row.sort(key=lambda c: c[2])
        digits = ""
        for char in row:
            if not char[4].isdigit():
                break
            digits += char[4]
        width = row[0][3] - row[0][2]
        if not digits or len(digits) > 2 or row[0][2] - margin > 2.5 * width:
            continue
        if len(row) == len(digits) or row[len(digits)][2] - row[len(digits) - 1][3] > 2 * width:
            found.append((float(top), int(digits), row[len(digits) - 1][3]))
    return found


def _halves(column: list[Char]) -> list[list[Char]] | None:
    """A column's upper and lower page, cut where its line numbers start again at 1, else None."""
    numbers = _numbers(column)
    restarts, highest = [], 0  # a page number between the runs (``2`` above the lower page's ``1``) is no run
    for i, (_, number, _) in enumerate(numbers):
        if number == 1 and highest >= MIN_NUMBERED:
            restarts.append(i)
            highest = 0
        highest = max(highest, number)
    if len(restarts) != 1 or restarts[0] < MIN_NUMBERED or len(numbers) - restarts[0] < 1:
        return None if len(restarts) > 1 or not any(number == 1 for _, number, _ in numbers) else [column]
    last_upper, first_lower = numbers[restarts[0] - 1][0], numbers[restarts[0]][0]
    tops = sorted({round(c[0], 1) for c in column if last_upper < c[0] < first_lower})
    edges = [last_upper, *tops, first_lower]
    gap = max(range(len(edges) - 1), key=lambda i: edges[i + 1] - edges[i])  # the widest space between the pages
    cut = (edges[gap] + edges[gap + 1]) / 2
    return [[c for c in column if c[0] < cut], [c for c in column if c[0] >= cut]]


def _aligned(pages: list[list[Char]]) -> list[list[Char]]:
    """Each page moved so that its line number 1 sits where the first page's does."""
    anchors = [next(((top, right) for top, number, right in _numbers(page) if number == 1), None) for page in pages]
    base = next((anchor for anchor in anchors if anchor is not None), (0.0, 0.0))
    out = []
    for page, anchor in zip(pages, anchors):
        dy, dx = (base[0] - anchor[0], base[1] - anchor[1]) if anchor is not None else (0.0, 0.0)
        out.append([(c[0] + dy, c[1] + dy, c[2] + dx, c[3] + dx, c[4]) for c in page])
    return [page for page in out if page]
