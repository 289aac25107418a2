"""Turn a CDCR hearing PDF into the normalized text of ``docs/transcript-format.md``.

Steps, on the words found in PDFium's characters of each page (grouped into printed lines
with their positions):

1. page 1 is the title block, every printed line kept as it is but its line number (a caption may be
   numbered like the body) and page number, up to where the body starts on it (``ends_title``); a
   title that fills page 1 goes on on page 2 up to the body's start there;
2. line numbers are found as ``1``, ``2``, ``3`` ... sequences at the start
   (or the end) of lines, printed in one column across the document, and
   removed; empty numbered lines and bare page numbers at the top or bottom
   of a page are dropped;
3. running headers/footers are unnumbered lines that, with digits replaced,
   recur at the same height on most pages after the first; they are dropped
   wherever they sit at that height (a vendor name in the certificate's
   signature block, printed elsewhere on the page, stays); so are decision
   footers (``JOHN DOE AB1234 10/24/2024 DECISION PAGE 1``);
4. the index page is recognised (an ``INDEX`` heading, no speaker tags, and
   entries ending in a page number or ``--``) and dropped;
5. the body is joined into one line per utterance (a speaker tag starts one,
   other lines continue it; parenthetical notes, capitalised headings and
   ``--oOo--`` separators stand alone);
6. the transcriber's certificate (from the page with its ``CERTIFICATE``
   heading) is joined into paragraphs by layout: a line continues the
   previous one when the previous line was full, i.e. the first word of the
   line would not have fit after it, and no paragraph gap lies between them.
"""
from __future__ import annotations

from pathlib import Path

from anonymizer.header import ends_title, parse_title, split_title
from anonymizer.pdf.pages import (
    INDEX_HEADING_RE,
    NumberColumn,
    Page,
    Word,
    clean,
    is_index_page,
    number_column,
    read_pages,
    running_furniture,
    title_page,
)
from anonymizer.pdf.text import (is_heading, join, paragraphs, split_certificate, stamped_label,
                                 utterances)
from anonymizer.lang.en.transcript import is_speaker_tag
from anonymizer.types import Transcript

__all__ = [  # the public face of PDF reading; the steps live in pdf_pages and pdf_text
    "Line", "NumberColumn", "Page", "Word", "clean", "extract", "is_heading", "is_index_page", "is_speaker_tag",
    "join", "normalize", "number_column", "paragraphs", "read_pages", "running_furniture", "split_certificate",
    "utterances",
]


def extract(source: str | Path | bytes, name: str, max_pages: int | None = None, max_chars: int | None = None) -> Transcript:
    """Read a PDF (path or bytes) and return its normalized transcript.

    Raises :class:`~anonymizer.errors.IngestError` (file name and reason only)
    for files that are not PDFs, encrypted, unreadable or without text, or past
    ``max_pages`` pages or ``max_chars`` laid-out characters (hostile fan-out PDFs).
    """
    data = source if isinstance(source, bytes) else Path(source).read_bytes()
    pages = read_pages(data, name, max_pages, max_chars)
    text, laid_out = _normalized(pages)
    title_end, header = split_title(text)
    if header is not None and laid_out:  # the title page read with its columns apart ("NAME: ...    CDCR#: ...")
        header = parse_title(laid_out[: text.count("\n", 0, title_end) + 1])
    return Transcript(
        name=name, text=text, header=header, title_end=title_end, pages=len(pages), source_format="pdf"
    )


def normalize(pages: list[Page]) -> str:
    """The normalized text of a transcript from the printed lines of its pages."""
    return _normalized(pages)[0]


def _normalized(pages: list[Page]) -> tuple[str, list[str]]:
    """The normalized text, and the title page's lines laid out as a text file prints them (:func:`_laid_out`: fields
    and lists side by side apart), or [] when no line has words in separate columns."""
    first = title_page(pages[0], pages[1:])
    cut = _body_start(first, start=1)
    lines = first[:cut]  # the body may start on the title page (P R O C E E D I N G S)
    rest = ([first[cut:]] if first[cut:] else []) + clean(pages[1:], pages[0])
    if cut == len(first) and rest and 0 < (spill := _title_spill(rest[0])) < len(rest[0]):
        lines = [*lines, *rest[0][:spill]]  # a long list of those present goes on on page 2
        rest[0] = rest[0][spill:]
    title = [line.text for line in lines]
    body, certificate = split_certificate(rest)
    right = max((line.x1 for page in rest for line in page if not line.is_columns()), default=0.0)
    laid_out = _laid_out(lines) if any(line.is_columns(1.5) for line in lines) else []
    blocks = [title, utterances(line.text for line in body), paragraphs(certificate, right)]
    return "\n\n".join("\n".join(block) for block in blocks if block) + "\n", laid_out


def _laid_out(lines: Page) -> list[str]:
    """Printed lines as a text file prints them, their indents and gaps in spaces of the mean character's width."""
    words = [word for line in lines for word in line.words]
    char = sum(w.x1 - w.x0 for w in words) / max(1, sum(len(w.text) for w in words)) or 1.0
    margin = min((line.words[0].x0 for line in lines if line.words), default=0.0)
    return [line.laid_out(margin, char) for line in lines]


def _title_spill(lines: Page) -> int:
    """How many of page 2's first lines end the title page: up to the body's start, else up to an index's heading
    (the body starts on page 3, after the index)."""
    start = _body_start(lines)
    if start < len(lines):
        return start
    return next((i for i, line in enumerate(lines) if INDEX_HEADING_RE.match(line.text.strip())), 0)


def _body_start(lines: Page, start: int = 0) -> int:
    """Index of the first line from ``start`` on that starts the body (``ends_title``, a label before a
    timestamp), else the number of lines."""
    return next((i for i in range(start, len(lines))
                 if ends_title(lines[i].text) or stamped_label(lines[i].text)), len(lines))
