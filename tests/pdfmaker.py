"""Lay out CDCR-style hearing transcripts as PDFs with reportlab (test helper).

A certified transcript: page 1 the title page (no page number, no footer);
page 2 the INDEX; body pages with the page number alone at the top right,
lines numbered 1-25 at the left (or, ``trailing_numbers=True``, at the right),
the vendor footer at the bottom and, on decision pages, a decision footer
above it; last the transcriber's certificate (unnumbered lines, wrapped
paragraphs, signature lines).
"""
from __future__ import annotations

import io
import re
from dataclasses import dataclass, field

from reportlab.lib.pagesizes import letter
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen import canvas

FONT = "Courier"
SIZE = 12
LEFT = 90.0
RIGHT = 540.0
WIDTH = RIGHT - LEFT
TOP = 700.0
PITCH = 24.0
LINES_PER_PAGE = 25
PAGE_NUMBER_Y = 750.0
FOOTER_Y = 36.0
DECISION_FOOTER_Y = 56.0
TITLE_COLUMN = 330.0

TitleLine = str | tuple[str, str]  # a line, or (left column, right column) printed side by side

DEFAULT_INDEX = [
    ("Proceedings", "3"),
    ("Case Factors", "--"),
    ("Decision", "5"),
    ("Transcript Certification", "7"),
]


@dataclass
class BodyPage:
    """Printed lines of one body page (at most 25) and an optional decision footer."""

    lines: list[str]
    decision_footer: str | None = None


@dataclass
class Certificate:
    """Certificate items in order.

    ``("heading", t)`` centred, ``("para", t)`` wrapped to the text width,
    ``("line", t)`` alone, ``("gap", "")`` an empty line.
    """

    items: list[tuple[str, str]]
    numbered: bool = False


@dataclass
class Hearing:
    title: list[TitleLine]
    body: list[BodyPage]
    certificate: Certificate | None = None
    index: list[tuple[str, str]] | None = field(default_factory=lambda: list(DEFAULT_INDEX))
    vendor: str = "Dictate Express Transcription"
    trailing_numbers: bool = False
    running_header: str | None = None  # printed at the top left of every page after the first; {page} = number
    index_heading: str = "INDEX"  # "I N D E X": letter-spaced, as some vendors print it


def fits(text: str) -> bool:
    return stringWidth(text, FONT, SIZE) <= WIDTH


def wrap(text: str) -> list[str]:
    """Greedy word wrap to the text width (breaks at spaces only)."""
    lines: list[str] = []
    for word in text.split():
        if lines and fits(f"{lines[-1]} {word}"):
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


def paginate(printed: list[str], per_page: int = LINES_PER_PAGE) -> list[BodyPage]:
    return [BodyPage(printed[i : i + per_page]) for i in range(0, len(printed), per_page)]


def render(hearing: Hearing, encrypt: str | None = None) -> bytes:
    """The PDF bytes of a hearing; ``encrypt`` sets a user password."""
    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer, pagesize=letter, encrypt=encrypt)
    _title_page(pdf, hearing.title)
    number = 2
    if hearing.index is not None:
        _index_page(pdf, hearing.index, number, hearing)
        number += 1
    for page in hearing.body:
        _body_page(pdf, page, number, hearing)
        number += 1
    if hearing.certificate is not None:
        _certificate_page(pdf, hearing.certificate, number, hearing)
    pdf.save()
    return buffer.getvalue()


def _next_page(pdf: canvas.Canvas) -> None:
    pdf.showPage()


def _title_page(pdf: canvas.Canvas, title: list[TitleLine]) -> None:
    pdf.setFont(FONT, SIZE)
    y = TOP + 20
    for line in title:
        if isinstance(line, tuple):
            pdf.drawString(LEFT, y, line[0])
            pdf.drawString(TITLE_COLUMN, y, line[1])
        else:
            pdf.drawString(LEFT, y, line)
        y -= 18
    _next_page(pdf)


def _furniture(pdf: canvas.Canvas, number: int, hearing: Hearing) -> None:
    pdf.drawRightString(RIGHT, PAGE_NUMBER_Y, str(number))
    pdf.drawCentredString((LEFT + RIGHT) / 2, FOOTER_Y, hearing.vendor)
    if hearing.running_header:
        pdf.drawString(LEFT, PAGE_NUMBER_Y + 14, hearing.running_header.format(page=number))


def _index_page(pdf: canvas.Canvas, entries: list[tuple[str, str]], number: int, hearing: Hearing) -> None:
    pdf.setFont(FONT, SIZE)
    _furniture(pdf, number, hearing)
    pdf.drawCentredString((LEFT + RIGHT) / 2, TOP, hearing.index_heading)
    pdf.drawRightString(RIGHT, TOP - 30, "Page")
    for i, (entry, page) in enumerate(entries):
        y = TOP - 60 - i * PITCH
        pdf.drawString(LEFT, y, entry)
        pdf.drawRightString(RIGHT, y, page)
    _next_page(pdf)


def _numbered_line(pdf: canvas.Canvas, slot: int, text: str, trailing: bool) -> None:
    if not fits(text):
        raise ValueError(f"printed line too long for the page: {text!r}")
    y = TOP - (slot - 1) * PITCH
    if trailing:
        pdf.drawString(RIGHT + 14, y, str(slot))
    else:
        pdf.drawRightString(LEFT - 14, y, str(slot))
    if text:
        pdf.drawString(LEFT, y, text)


def _body_page(pdf: canvas.Canvas, page: BodyPage, number: int, hearing: Hearing) -> None:
    pdf.setFont(FONT, SIZE)
    if len(page.lines) > LINES_PER_PAGE:
        raise ValueError("more than 25 lines on a page")
    _furniture(pdf, number, hearing)
    for slot in range(1, LINES_PER_PAGE + 1):
        text = page.lines[slot - 1] if slot <= len(page.lines) else ""
        _numbered_line(pdf, slot, text, hearing.trailing_numbers)
    if page.decision_footer:
        pdf.drawString(LEFT, DECISION_FOOTER_Y, page.decision_footer)
    _next_page(pdf)


def _certificate_page(pdf: canvas.Canvas, certificate: Certificate, number: int, hearing: Hearing) -> None:
    pdf.setFont(FONT, SIZE)
    _furniture(pdf, number, hearing)
    slot = 1
    for kind, text in certificate.items:
        printed = wrap(text) if kind == "para" else [text]
        for line in printed:
            y = TOP - (slot - 1) * PITCH
            if kind == "heading":
                pdf.drawCentredString((LEFT + RIGHT) / 2, y, line)
            elif kind != "gap":
                pdf.drawString(LEFT, y, line)
            if certificate.numbered:
                _numbered_line(pdf, slot, "", hearing.trailing_numbers)
            slot += 1
    _next_page(pdf)


def scanned_pdf() -> bytes:
    """A page with shapes only: what a scan without OCR looks like to a text extractor."""
    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer, pagesize=letter)
    for i in range(20):
        pdf.rect(LEFT, TOP - i * PITCH, WIDTH * (0.5 + (i % 3) / 6), 8, fill=1)
    pdf.showPage()
    pdf.save()
    return buffer.getvalue()


def blank_text_pdf() -> bytes:
    """A page whose text layer holds only spaces."""
    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer, pagesize=letter)
    pdf.setFont(FONT, SIZE)
    pdf.drawString(LEFT, TOP, "        ")
    pdf.showPage()
    pdf.save()
    return buffer.getvalue()


def print_lines(lines: list[str], font: str = "Helvetica", size: int = 11, per_page: int = 28,
                numbered_title: bool = True, title_lines: int = 0) -> bytes:
    """A text printed as another vendor might: ``lines`` wrapped at the text width in ``font`` (proportional
    fonts too), every page's lines numbered 1 .. ``per_page`` (pleading paper has 28), the page number at the
    top right. The first ``title_lines`` lines stand alone on page 1 when ``title_lines`` is set (else the body
    goes on right after the title); ``numbered_title``: page 1's lines are numbered like the others."""
    rows: list[str] = []
    for line in lines:
        spread = _GAP.search(line.strip())  # pieces set apart, as in a column: printed where they stand
        rows += [line.rstrip()] if spread else _wrap_in(line.strip(), font, size) if line.strip() else [""]
    pages = [rows[:title_lines]] + _chunks(rows[title_lines:], per_page) if title_lines else _chunks(rows, per_page)
    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer, pagesize=letter, invariant=1)
    for number, page in enumerate(pages, start=1):
        pdf.setFont(font, size)
        if number > 1:
            pdf.drawRightString(RIGHT + 20, PAGE_NUMBER_Y, str(number))
        for slot, row in enumerate(page):
            y = TOP + 10 - slot * (PITCH - 1)
            if number > 1 or numbered_title:
                pdf.drawRightString(LEFT - 20, y, str(slot + 1))
            indent, x = len(row) - len(row.lstrip()), LEFT
            for piece in _GAP_SPLIT.finditer(row.strip()):  # a piece of a column where it stands, a wide gap before
                x = max(LEFT + (indent + piece.start()) * size * 0.5, x + (size if x > LEFT else 0))
                pdf.drawString(x, y, piece.group())
                x += stringWidth(piece.group(), font, size)
        pdf.showPage()
    pdf.save()
    return buffer.getvalue()


_GAP = re.compile(r"\S {3,}\S")
_GAP_SPLIT = re.compile(r"\S+(?: {1,2}\S+)*")


def _wrap_in(line: str, font: str, size: int) -> list[str]:
    out, current = [], ""
    for word in line.split():
        candidate = f"{current} {word}" if current else word
        if current and stringWidth(candidate, font, size) > WIDTH:
            out.append(current)
            candidate = word
        current = candidate
    return out + [current]


def _chunks(rows: list[str], size: int) -> list[list[str]]:
    return [rows[i:i + size] for i in range(0, len(rows), size)] or [[]]


@dataclass
class Vendor:
    """How a court-reporting vendor prints a transcript (:func:`print_vendor`)."""

    per_page: int = 25
    columns: int = 0  # wrap at this many characters (0: at the text width)
    header: str | None = None  # a running header on every page after the first; {page} = its number
    footer: str | None = None  # a footer on every page (the vendor's name and phone)
    page_number_top: bool = True  # the page number at the top right (else centred at the bottom)
    hyphenate: bool = False  # a long word broken at a line's end with a hyphen
    blank_spaces: bool = False  # an empty line printed as spaces
    mini: bool = False  # four pages a sheet in two columns (a condensed transcript)


def print_vendor(lines: list[str], vendor: Vendor, font: str = "Courier", size: int = 11) -> bytes:
    """A text printed by a court-reporting vendor: every page's lines numbered 1 .. ``per_page`` in the left
    margin, the text indented, furniture as ``vendor`` says."""
    rows: list[str] = []
    for line in lines:
        width = vendor.columns or int(WIDTH / (size * 0.6))
        spread = _GAP.search(line.strip()) and (len(line.rstrip()) <= width or not vendor.mini)  # a caption's columns
        rows += [line.rstrip()] if spread else _wrap_chars(line.strip(), width, vendor.hyphenate) if line.strip() else [
            " " * 20 if vendor.blank_spaces else ""]
    pages = _chunks(rows, vendor.per_page)
    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer, pagesize=letter, invariant=1)
    scale, pitch = (0.5 if vendor.mini else 1.0), (TOP - 40) / vendor.per_page
    for number, page in enumerate(pages, start=1):
        slot_in_sheet = (number - 1) % 4 if vendor.mini else 0
        if vendor.mini and slot_in_sheet == 0 and number > 1:
            pdf.showPage()
        qx, qy = (slot_in_sheet // 2) * 306.0, 396.0 * (1 - slot_in_sheet % 2)
        pdf.setFont(font, size * scale)

        def at(x: float, y: float) -> tuple[float, float]:
            return (qx + x * scale, qy + y * scale) if vendor.mini else (x, y)

        if number > 1 and vendor.header:
            pdf.drawString(*at(LEFT, PAGE_NUMBER_Y + 14), vendor.header.format(page=number))
        if vendor.page_number_top:
            pdf.drawRightString(*at(RIGHT, PAGE_NUMBER_Y), str(number))
        else:
            pdf.drawCentredString(*at((LEFT + RIGHT) / 2, FOOTER_Y + 14), str(number))
        if vendor.footer:
            pdf.drawCentredString(*at((LEFT + RIGHT) / 2, FOOTER_Y), vendor.footer)
        for slot, row in enumerate(page):
            y = TOP - slot * pitch
            pdf.drawRightString(*at(LEFT - 20, y), str(slot + 1))
            if row:
                pdf.drawString(*at(LEFT + 12, y), row)
        if not vendor.mini:
            pdf.showPage()
    if vendor.mini:
        pdf.showPage()
    pdf.save()
    return buffer.getvalue()


def _wrap_chars(line: str, width: int, hyphenate: bool) -> list[str]:
    out, current = [], ""
    for word in line.split():
        candidate = f"{current} {word}" if current else word
        if current and len(candidate) > width:
            room = width - len(current) - 2
            if hyphenate and word.isalpha() and room >= 3 and len(word) - room >= 3:
                out.append(f"{current} {word[:room]}-")
                candidate = word[room:]
            else:
                out.append(current)
                candidate = word
        current = candidate
    return out + [current]
