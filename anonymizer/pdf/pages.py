"""Printed lines of a CDCR hearing PDF, with the page furniture removed (steps 1-4 of ``anonymizer.pdf``).

Reading groups PDFium's characters into words and lines with their positions; cleaning
strips the line-number column, page numbers, running headers/footers, decision footers and
the index page. ``anonymizer.pdf`` re-exports these names.
"""
from __future__ import annotations

import re
import statistics
import threading
from collections import Counter, defaultdict
from dataclasses import dataclass

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

from anonymizer.errors import IngestError, misnamed, plain
from anonymizer.lang.en.transcript import is_speaker_tag
from anonymizer.pdf.sheets import split_sheet

LINE_TOLERANCE = 3.0  # points: characters whose tops differ by less share a printed line
WORD_GAP = 3.0  # points: a wider gap between characters separates words 
FURNITURE_TOLERANCE = 4.0  # points: a running header/footer recurs within this height band
MAX_LINE_NUMBER = 34  # 25 lines a page, or 28 on pleading paper, or more
MAX_LAID_OUT_SPACES = 160  # spaces for an indent or a gap of a title line laid out as text (Line.laid_out)

_DIGITS_RE = re.compile(r"\d+")
_DECISION_FOOTER_RE = re.compile(r"\bDECISION PAGE \d+$")
INDEX_HEADING_RE = re.compile(r"^(?:INDEX|I\s+N\s+D\s+E\s+X)$", re.IGNORECASE)  # "I N D E X" letter-spaced too
_INDEX_ENTRY_RE = re.compile(r"(?:\d+|--?)$")


@dataclass(frozen=True, slots=True)
class Word:
    text: str
    x0: float
    x1: float


@dataclass(frozen=True, slots=True)
class Line:
    """A printed line: its words left to right and its vertical extent."""

    words: tuple[Word, ...]
    top: float
    bottom: float

    @property
    def text(self) -> str:
        return " ".join(w.text for w in self.words)

    @property
    def x1(self) -> float:
        return self.words[-1].x1

    def is_number(self) -> bool:
        return len(self.words) == 1 and self.words[0].text.isdigit()

    def is_columns(self, chars: float = 4) -> bool:
        """Words set in separate columns (gap over ``chars`` character widths), e.g. a two-column title line."""
        return any(_wide(left, right, chars) for left, right in zip(self.words, self.words[1:]))

    def laid_out(self, margin: float, char: float) -> str:
        """The text as a text file prints it: spaces for its indent from ``margin`` and for the gaps between
        words set in separate columns (``NAME: DOE, JOHN`` and ``CDCR#: AY3381`` side by side), one space
        between other words; ``char`` is a character's mean width."""
        if not self.words:
            return ""
        def spaces(width: float, least: int) -> str:  # at most a wide line's worth, whatever a hostile file's boxes say
            return " " * min(MAX_LAID_OUT_SPACES, max(least, round(width / char)))

        parts = [spaces(self.words[0].x0 - margin, 0), self.words[0].text]
        for left, right in zip(self.words, self.words[1:]):
            parts.append((spaces(right.x0 - left.x1, 3) if _wide(left, right, 1.5) else " ") + right.text)
        return "".join(parts)


def _wide(left: Word, right: Word, chars: float = 4) -> bool:
    """A gap over ``chars`` character widths between two words: separate columns (1.5: a run of spaces, wider than
    a word space in any font)."""
    return right.x0 - left.x1 > chars * (left.x1 - left.x0) / max(len(left.text), 1)


Page = list[Line]


def read_pages(data: bytes, name: str, max_pages: int | None = None, max_chars: int | None = None) -> list[Page]:
    """Printed lines of every page; PDF problems become :class:`IngestError`.

    The characters and their boxes come from PDFium's text page (``pypdfium2``,
    C code: about three times faster than pdfminer's layout in Python, with the
    same printed lines on the generated hearings); grouping them into words and
    lines happens here.
    """
    if b"%PDF-" not in data[:1024]:
        raise IngestError(name, "not a PDF file (no %PDF header" + (f"; {kind}" if (kind := _what_else(data)) else "") + ")")
    with _PDFIUM:  # PDFium is not thread-safe
        pages_chars = _read_chars(data, name, max_pages, max_chars)
    if not pages_chars:
        raise IngestError(name, "PDF has no pages")
    if not any(pages_chars):
        raise IngestError(name, "no text layer (scanned image?); run OCR first")
    pages = [_lines(chars) for sheet in pages_chars for chars in split_sheet(sheet)]
    if not any(pages):
        raise IngestError(name, "PDF contains no text")
    return pages


Char = tuple[float, float, float, float, str]  # top, bottom, x0, x1, text (top grows down the page)

_PDFIUM = threading.Lock()
_LINE_END_HYPHEN = 0x02  # PDFium's code for a hyphen ending a printed line (``FPDFText_IsHyphen``)


def _what_else(data: bytes) -> str:
    """What a file refused as "not a PDF" is instead: another known type, plain text, or ""."""
    if kind := misnamed(data, ".pdf"):
        return kind
    sample = data[:4096].decode("utf-8", "replace")  # a cut character at the end: one U+FFFD
    if sample.strip() and "\ufffd" not in sample[:-1] and not _CONTROL.search(sample):
        return "it is plain text: give it the .txt suffix"
    return ""


_CONTROL = re.compile(r"[\x00-\x08\x0e-\x1f]")


def _read_chars(data: bytes, name: str, max_pages: int | None, max_chars: int | None) -> list[list[Char]]:
    try:
        document = pdfium.PdfDocument(data)
    except pdfium.PdfiumError as exc:
        code = getattr(exc, "err_code", None)
        if code == pdfium_c.FPDF_ERR_PASSWORD:
            raise IngestError(name, "encrypted PDF; remove the password first") from None
        if code == pdfium_c.FPDF_ERR_SECURITY:
            raise IngestError(name, "protected PDF (a security scheme PDFium does not read); remove the protection first") from None
        raise IngestError(name, "damaged or unreadable PDF (its structure cannot be read: a truncated or damaged file); "
                                "save or print it to PDF again") from None
    try:
        if max_pages is not None and len(document) > max_pages:
            raise IngestError(name, f"too many pages ({len(document)}; limit {max_pages})")
        pages_chars: list[list[Char]] = []
        count, index = 0, 0
        for index in range(len(document)):
            pages_chars.append(_page_chars(document, index))
            count += len(pages_chars[-1])
            if max_chars is not None and count > max_chars:
                raise IngestError(name, f"too much text (more than {max_chars} characters laid out)")
        return pages_chars
    except IngestError:
        raise
    except Exception as exc:  # noqa: BLE001 - a damaged page: said by its number, never PDFium's message
        raise IngestError(name, f"damaged PDF: page {index + 1} cannot be read ({plain(exc)})") from None
    finally:
        document.close()


def _page_chars(document, index: int) -> list[Char]:
    """Every printed character of one page (PDFium's generated spaces and line breaks left out) with its
    loose box (advance width, font ascent to descent), also inside form XObjects."""
    page = document[index]
    text = page.get_textpage()
    try:
        handle = text.raw
        box = pdfium_c.FS_RECTF()
        chars: list[Char] = []
        for k in range(pdfium_c.FPDFText_CountChars(handle)):
            if pdfium_c.FPDFText_IsGenerated(handle, k):
                continue
            code = pdfium_c.FPDFText_GetUnicode(handle, k)
            if code == _LINE_END_HYPHEN and pdfium_c.FPDFText_IsHyphen(handle, k):
                code = ord("-")
            pdfium_c.FPDFText_GetLooseCharBox(handle, k, box)
            chars.append((-box.top, -box.bottom, box.left, box.right, chr(code)))
        return chars
    finally:
        text.close()
        page.close()


def _lines(chars: list[Char]) -> Page:
    """Printed lines: characters clustered by height, left to right, split into words."""
    lines: Page = []
    cluster: list[Char] = []
    for char in sorted(chars):
        if cluster and char[0] - cluster[-1][0] > LINE_TOLERANCE:
            lines.extend(_line(cluster))
            cluster = []
        cluster.append(char)
    if cluster:
        lines.extend(_line(cluster))
    return lines


def _line(cluster: list[Char]) -> list[Line]:
    """The words of one cluster of characters (none when it holds only spaces)."""
    words: list[Word] = []
    text, x0, x1 = "", 0.0, 0.0
    for _, _, left, right, char in sorted(cluster, key=lambda c: c[2]):
        if char.isspace() or (text and left - x1 > WORD_GAP):
            if text:
                words.append(Word(text, x0, x1))
            text = ""
        if not char.isspace():
            text, x0, x1 = (text + char, x0, right) if text else (char, left, right)
    if text:
        words.append(Word(text, x0, x1))
    if not words:
        return []
    return [Line(tuple(words), min(c[0] for c in cluster), max(c[1] for c in cluster))]

def clean(pages: list[Page], title: Page | None = None) -> list[Page]:
    """Strip line numbers, then drop page numbers, running headers/footers, decision footers and the index page
    (``title``: the title page, counted for the furniture when one page follows it)."""
    column = number_column(pages)
    marked = [_strip_numbers(page, column) for page in pages]
    furniture = _furniture_after(title, pages, column)
    cleaned: list[Page] = []
    for page in marked:
        kept = [
            line
            for line, numbered in page
            if numbered or not (_is_furniture(line, furniture) or _is_decision_footer(line))
        ]
        if not is_index_page(kept):
            cleaned.append(kept)
    return cleaned


# --- line numbers ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class NumberColumn:
    """Where the line numbers are printed: at the start or end of lines, and at which x (left or right edge)."""

    mode: str  # "leading" or "trailing"
    x0: float
    x1: float

    def holds(self, word: Word) -> bool:
        return abs(word.x0 - self.x0) <= 2 or abs(word.x1 - self.x1) <= 2


def _line_number(word: Word) -> int | None:
    number = int(word.text) if word.text.isdigit() else 0
    return number if 1 <= number <= MAX_LINE_NUMBER else None


def _numbered(page: Page, mode: str, column: NumberColumn | None = None) -> list[int]:
    """Indexes of lines whose number continues the page's 1, 2, 3 ... sequence.

    Bare numbers (empty numbered lines) count; a number may skip ahead only
    when the next line goes on from it, so a page number or a footer ending
    in a digit is not taken for a line number.
    """
    at = 0 if mode == "leading" else -1
    numbers = [
        _line_number(line.words[at]) if column is None or column.holds(line.words[at]) else None for line in page
    ]
    found: list[int] = []
    last = 0
    for i, number in enumerate(numbers):
        if number is None or number <= last:
            continue
        if number == last + 1 or (i + 1 < len(numbers) and numbers[i + 1] == number + 1):
            last = number
            found.append(i)
    return found


def number_column(pages: list[Page]) -> NumberColumn | None:
    """The line-number column of a document, or None when its lines are not numbered."""
    best: tuple[int, NumberColumn] | None = None
    for mode in ("leading", "trailing"):
        at = 0 if mode == "leading" else -1
        words = [page[i].words[at] for page in pages for i in _numbered(page, mode)]
        if len(words) < 3:
            continue
        column = NumberColumn(
            mode,
            Counter(round(w.x0) for w in words).most_common(1)[0][0],
            Counter(round(w.x1) for w in words).most_common(1)[0][0],
        )
        support = sum(column.holds(w) for w in words)
        if best is None or support > best[0]:
            best = (support, column)
    return best[1] if best else None


def title_page(first: Page, rest: list[Page]) -> Page:
    """The title page's printed lines without their line numbers (a caption printed with numbers, like the
    body's or alone), nor its page number, nor the running header or footer the other pages print at the same
    height (a vendor's name and phone at the foot of every page, the title page's too)."""
    column = number_column(rest) or number_column([first])
    furniture = _furniture_after(first, rest, column)
    return [line for line, numbered in _strip_numbers(first, column) if numbered or not _is_furniture(line, furniture)]


def _strip_numbers(page: Page, column: NumberColumn | None) -> list[tuple[Line, bool]]:
    """Each text line of a page, without its line number, and whether it had one.

    Dropped: numbered lines that are empty, and bare numbers at the top or
    bottom of the page (page numbers).
    """
    numbered = set(_numbered(page, column.mode, column)) if column else set()
    cut = slice(1, None) if column and column.mode == "leading" else slice(None, -1)
    kept: list[tuple[Line, bool]] = []
    for i, line in enumerate(page):
        if i in numbered:
            if len(line.words) > 1:
                kept.append((Line(line.words[cut], line.top, line.bottom), True))
        elif not (line.is_number() and i in (0, len(page) - 1)):
            kept.append((line, False))
    return kept


# --- running headers and footers -------------------------------------------------


def _furniture_key(line: Line) -> str:
    return _DIGITS_RE.sub("#", line.text)


def running_furniture(pages: list[Page]) -> dict[str, float]:
    """Lines (digits replaced) recurring at one height on most pages -> that height."""
    seen: dict[str, list[tuple[int, float]]] = defaultdict(list)
    for number, page in enumerate(pages):
        for line in page:
            seen[_furniture_key(line)].append((number, line.top))
    need = max(2, len(pages) // 2 + 1)
    found: dict[str, float] = {}
    for key, places in seen.items():
        if len({number for number, _ in places}) < need:
            continue
        height = statistics.median(top for _, top in places)
        if len({number for number, top in places if abs(top - height) <= FURNITURE_TOLERANCE}) >= need:
            found[key] = height
    return found


def _furniture_after(title: Page | None, pages: list[Page], column: NumberColumn | None) -> dict[str, float]:
    """The running furniture of the pages after the title page; of the title page and its one page after it too,
    when only one follows (a footer printed on both pages of a short hearing)."""
    counted = [title, *pages] if title is not None and len(pages) == 1 else pages
    return running_furniture([[line for line, numbered in _strip_numbers(page, column) if not numbered]
                              for page in counted])


def _is_furniture(line: Line, furniture: dict[str, float]) -> bool:
    height = furniture.get(_furniture_key(line))
    return height is not None and abs(line.top - height) <= FURNITURE_TOLERANCE


def _is_decision_footer(line: Line) -> bool:
    text = line.text
    return bool(_DECISION_FOOTER_RE.search(text)) and not any(c.islower() for c in text)


# --- index page ------------------------------------------------------------------


def is_index_page(page: Page) -> bool:
    """An ``INDEX`` heading, no speaker tags, and most other lines ending in a page number or ``--``."""
    texts = [line.text for line in page if not line.is_number()]
    if not any(INDEX_HEADING_RE.match(text) for text in texts):
        return False
    entries = [t for t in texts if not INDEX_HEADING_RE.match(t) and t.lower() not in ("page", "page no.")]
    if any(is_speaker_tag(t) for t in entries):
        return False
    return sum(bool(_INDEX_ENTRY_RE.search(t)) for t in entries) * 2 >= len(entries)
