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

from anonymizer.header import ends_title, split_title
from anonymizer.pdf_pages import (
    Line,
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
from anonymizer.pdf_text import (is_heading, join, paragraphs, split_certificate, stamped_label,
                                 utterances)
from anonymizer.transcript import is_speaker_tag
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
    text, spaced = _normalized(pages)
    title_end, header = split_title(text)
    if header is not None and spaced:  # the title page read with its columns apart ("NAME: ...    CDCR#: ...")
        header = split_title("\n".join(spaced) + "\n\n")[1] or header
    return Transcript(
        name=name, text=text, header=header, title_end=title_end, pages=len(pages), source_format="pdf"
    )


def normalize(pages: list[Page]) -> str:
    """The normalized text of a transcript from the printed lines of its pages."""
    return _normalized(pages)[0]


def _normalized(pages: list[Page]) -> tuple[str, list[str]]:
    """The normalized text, and the title page's lines with the gaps between its columns kept
    (:attr:`Line.spaced_text`: how a text file prints fields and lists side by side), or [] when there
    are no such gaps."""
    first = title_page(pages[0], pages[1:])
    cut = _body_start(first, start=1)
    lines = first[:cut]  # the body may start on the title page (P R O C E E D I N G S)
    rest = ([first[cut:]] if first[cut:] else []) + clean(pages[1:])
    if cut == len(first) and rest and (spill := _body_start(rest[0])) < len(rest[0]):
        lines = [*lines, *rest[0][:spill]]  # a long list of those present goes on on page 2
        rest[0] = rest[0][spill:]
    title = [line.text for line in lines]
    spaced = [line.spaced_text for line in lines] if any(line.is_columns() for line in lines) else []
    body, certificate = split_certificate(rest)
    right = max((line.x1 for page in rest for line in page if not line.is_columns()), default=0.0)
    blocks = [title, utterances(line.text for line in body), paragraphs(certificate, right)]
    return "\n\n".join("\n".join(block) for block in blocks if block) + "\n", spaced


def _body_start(lines: Page, start: int = 0) -> int:
    """Index of the first line from ``start`` on that starts the body (``ends_title``, a label before a
    timestamp), else the number of lines."""
    return next((i for i in range(start, len(lines))
                 if ends_title(lines[i].text) or stamped_label(lines[i].text)), len(lines))
