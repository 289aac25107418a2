"""Load a transcript from a ``.pdf`` or ``.txt`` file (or uploaded bytes).

Every refusal is an :class:`IngestError` whose message is one line naming the
file and the reason; it never quotes document text.

Text files: the transcript text is ``data.decode("utf-8")`` with one leading
byte-order mark removed and every line break other than ``\\n`` and ``\\r\\n`` made a
``\\n``, one character for one (:func:`line_breaks`: a lone ``\\r``, ``\\v``, ``\\f``,
``\\x1c``-``\\x1e``, ``\\x85``, U+2028, U+2029; the pass reads lines as ``str.splitlines``
does, the review screen and the export split at ``\\n``) and every bidi override an
embedding (:func:`as_read`: a reader sees the order the pass reads), nothing else changed (``\\r\\n``
stays).  All offsets index exactly that string, i.e.
``as_read(Path.read_bytes().decode("utf-8").removeprefix("\\ufeff"))``, and since no
length changes, they are the offsets of the decoded bytes too (note that ``Path.read_text()``
would translate newlines).  A PDF's text gets the same.  A text that begins with a CDCR
title page (the normalized layout) gets its header parsed.

PDFs are read in a child process under :class:`Limits` (wall time, CPU time, memory,
pages, laid-out characters): a hostile PDF (an XObject fan-out of a few kB) fails with
an ``IngestError`` naming the limit, and the calling worker or batch lives on.
"""
from __future__ import annotations

import codecs
import multiprocessing
import re
from dataclasses import dataclass, replace
from pathlib import Path

from charset_normalizer import from_bytes

from anonymizer.errors import IngestError, misnamed, plain
from anonymizer.header import split_title
from anonymizer.pdf import reflow
from anonymizer.types import Config, Transcript

__all__ = ["IngestError", "Limits", "SUFFIXES", "as_read", "line_breaks", "load", "load_bytes", "suffix"]

SUFFIXES = (".pdf", ".txt")
_MB = 1024 * 1024
_BOM = "\ufeff"
_CONTROL_RE = re.compile(r"[\x00-\x08\x0e-\x1f]")  # control characters other than \t \n \v \f \r
_LINE_BREAK_RE = re.compile("\r(?!\n)|[\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]")  # str.splitlines' others
_OVERRIDES = str.maketrans({"\u202d": "\u202a", "\u202e": "\u202b"})  # LRO, RLO -> LRE, RLE (as_read)
_UTF16_32_BOMS = (codecs.BOM_UTF32_LE, codecs.BOM_UTF32_BE, codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)
_WINDOWS_LATIN = "cp1252"
_BINARY = "binary data, not text (contains control bytes such as NUL)"


@dataclass(frozen=True, slots=True)
class Limits:
    """Per-document limits of PDF reading (the child process); ``None`` turns the sandbox off."""

    seconds: float = 120.0  # wall clock, the child is killed past it
    memory_mb: int = 1536  # RLIMIT_AS of the child
    pages: int = 2000
    chars: int = 6_000_000  # laid-out characters (a 15,000-word hearing has about 100,000)


def load(path: str | Path, config: Config = Config(), limits: Limits | None = Limits()) -> Transcript:
    """Load a transcript file from disk (``.pdf`` or ``.txt``)."""
    path = Path(path)
    _check_suffix(path.name)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise IngestError(path.name, f"cannot read the file ({plain(exc)})") from None
    return load_bytes(data, path.name, config, limits)


def load_bytes(data: bytes, filename: str, config: Config = Config(), limits: Limits | None = Limits()) -> Transcript:
    """Load an uploaded transcript; ``filename`` decides the format and names errors."""
    name = Path(filename).name or filename
    suffix = _check_suffix(name)
    if not data.strip():
        raise IngestError(name, "empty file")
    if suffix == ".pdf":
        return _load_pdf(data, name, config, limits)
    _check_size(name, len(data), config)
    transcript, shown = _load_text(data, name)
    _check_lines(name, shown, config)
    _check_line_count(name, transcript.text, config)
    return transcript


def as_read(text: str) -> str:
    """``text`` as a transcript is stored, one character for one (every offset stays): its line breaks
    made ``\\n`` (:func:`line_breaks`) and each bidi override made the embedding of its direction
    (U+202D, U+202E -> U+202A, U+202B). An override shows a word's letters in another order than
    they are stored: ``'\\u202eZEPOL AIRAM'`` shows as MARIA LOPEZ, a name a reader saw (the review
    screen, the export) and no detector read; in an embedding a word keeps its stored order."""
    return line_breaks(text).translate(_OVERRIDES)


def line_breaks(text: str) -> str:
    """``text`` with every line break ``str.splitlines`` knows made ``\\n`` but ``\\r\\n`` (kept), one
    character for one: every offset stays (a text stored before this, its mentions, an annotation);
    then the pass (``splitlines``) and the review screen (``\\n``) see the same lines."""
    return _LINE_BREAK_RE.sub("\n", text)


def suffix(name: str) -> str:
    """A file name's type, in lower case: its suffix, or the whole name when it is nothing but one of
    ``SUFFIXES`` (``.txt``: an upload whose name before the suffix was only spaces or hidden
    characters is stored so, ``review.services.importing.upload_name``; ``Path`` sees a hidden file)."""
    return name.lower() if name.lower() in SUFFIXES else Path(name).suffix.lower()


def _check_suffix(name: str) -> str:
    found = suffix(name)
    if found not in SUFFIXES:
        shown = f"'{found}'" if found else "no extension"
        raise IngestError(name, f"unsupported file type ({shown}); expected .pdf or .txt")
    return found


def _check_size(name: str, size: int, config: Config) -> None:
    if size > config.max_text_bytes:
        raise IngestError(name, f"too large ({size / _MB:.1f} MB; limit {config.max_text_bytes / _MB:.1f} MB)")


def _check_line_count(name: str, text: str, config: Config) -> None:
    """Refuse more than ``config.max_lines`` lines: the review screen shows every line (a 2 MB file of
    1,000,000 one-letter lines made a 128 MB page that took 50 s, and the pass 99 s)."""
    if len(text) > config.max_lines and (count := len(text.splitlines())) > config.max_lines:
        raise IngestError(name, f"{count:,} lines (limit {config.max_lines:,}); is this a transcript?")


def _check_lines(name: str, text: str, config: Config) -> None:
    """Refuse a line past ``config.max_line_chars``: spaCy's memory and several stages' time grow
    with the square of a line's length (a 1 MB line took 3 GB, a 1 MB line of names hours)."""
    limit = config.max_line_chars
    if len(text) <= limit:
        return
    for number, line in enumerate(text.splitlines(), 1):  # the lines the pass reads (detect_nlp.parse)
        if len(line) > limit:
            raise IngestError(name, f"line {number} is {len(line):,} characters long (limit {limit:,}); "
                                    "a transcript needs line breaks: is this a transcript?")


def _load_pdf(data: bytes, name: str, config: Config, limits: Limits | None) -> Transcript:
    if limits is None:
        from anonymizer import pdf  # PDFium is only loaded when a PDF arrives

        transcript = pdf.extract(data, name)
    else:
        transcript = _extract_limited(data, name, limits)
    transcript = replace(transcript, text=as_read(transcript.text))
    _check_size(name, len(transcript.text.encode("utf-8")), config)
    _check_lines(name, transcript.text, config)
    _check_line_count(name, transcript.text, config)
    return transcript


def _extract_limited(data: bytes, name: str, limits: Limits) -> Transcript:
    """``pdf.extract`` in a forkserver child under ``limits``; every way it can end is an answer."""
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["anonymizer.pdf"])  # not __main__; PDFium loaded once
    receive, send = context.Pipe(duplex=False)
    child = context.Process(target=_child, args=(send, data, name, limits), daemon=True)
    child.start()
    send.close()
    try:
        if not receive.poll(limits.seconds):
            raise IngestError(name, f"reading the PDF took longer than {limits.seconds:.0f} s (limit)")
        kind, value = receive.recv()
    except EOFError:  # the child died without an answer: killed by a resource limit
        child.join(5)
        raise IngestError(name, f"reading the PDF exceeded a limit (memory {limits.memory_mb} MB or CPU time; exit {child.exitcode})") from None
    finally:
        if child.is_alive():
            child.kill()
        child.join(5)
        receive.close()
    if kind == "error":
        raise IngestError(name, value)
    return value


def _child(send, data: bytes, name: str, limits: Limits) -> None:
    import resource

    memory = limits.memory_mb * _MB
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    cpu = int(limits.seconds) + 1
    resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))
    from anonymizer import pdf

    try:
        answer = ("ok", pdf.extract(data, name, max_pages=limits.pages, max_chars=limits.chars))
    except IngestError as exc:
        answer = ("error", exc.reason)
    except MemoryError:
        answer = ("error", f"reading the PDF needs more than {limits.memory_mb} MB of memory (limit)")
    except BaseException as exc:  # noqa: BLE001 - the parent needs an answer, never document text
        answer = ("error", f"damaged or unreadable PDF ({plain(exc)})")
    send.send(answer)
    send.close()


def _load_text(data: bytes, name: str) -> tuple[Transcript, str]:
    """The transcript and the text the pass will read (a text printed like a PDF: its reflowed view)."""
    if kind := misnamed(data, ".txt"):  # a PDF saved as .txt is ASCII: read as text it would be its syntax
        raise IngestError(name, f"not a text file: {kind}")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise IngestError(name, _not_utf8_reason(data)) from None
    text = text.removeprefix(_BOM)
    if not text.strip():
        raise IngestError(name, "empty file (only white space)")
    if _CONTROL_RE.search(text):  # UTF-16 of ASCII text is valid UTF-8 too: every other character NUL
        raise IngestError(name, _binary_reason(data))
    text = as_read(text)
    shown = reflow.view(text)  # a text printed like a PDF (line numbers, wrapped lines): its title page read so
    title_end, header = split_title(shown.text if shown else text)
    if shown is not None:
        title_end = shown.offset(title_end)
    transcript = Transcript(name=name, text=text, header=header, title_end=title_end, source_format="txt")
    return transcript, shown.text if shown else text


def _binary_reason(data: bytes) -> str:
    """Bytes with control characters: UTF-16 text without its byte-order mark (named), or binary."""
    utf16 = _utf16_without_bom(data)
    if utf16:
        return f"not UTF-8 text (looks like {utf16} without a byte-order mark); convert it to UTF-8, e.g. iconv -f {utf16} -t utf-8"
    return _BINARY


def _utf16_without_bom(data: bytes) -> str:
    """``utf-16le``/``utf-16be`` when the bytes read as UTF-16 text of mostly Latin letters (every
    other byte NUL, the text decodes without control characters), else ``""`` (binary)."""
    sample = data[:4096]
    for encoding, zeros in (("utf-16le", sample[1::2]), ("utf-16be", sample[0::2])):
        if len(zeros) >= 8 and zeros.count(0) >= 0.9 * len(zeros):
            try:
                text = data[: len(data) // 2 * 2].decode(encoding)
            except UnicodeDecodeError:
                continue
            if not _CONTROL_RE.search(text):
                return encoding
    return ""


def _not_utf8_reason(data: bytes) -> str:
    """Why bytes are refused: binary, or text in another encoding (named, with a conversion hint)."""
    if b"\x00" in data and not data.startswith(_UTF16_32_BOMS):
        return _binary_reason(data)
    results = from_bytes(data)
    best = results.best()
    if best is None:
        return "binary data, not text"
    candidates = {best.encoding, *best.could_be_from_charset, *(match.encoding for match in results)}
    # US transcripts saved by Windows tools are cp1252; the detector often ranks cp1250 first on them.
    encoding = "cp1252" if _WINDOWS_LATIN in candidates else codecs.lookup(best.encoding).name
    return f"not UTF-8 text (looks like {encoding}); convert it to UTF-8, e.g. iconv -f {encoding} -t utf-8"
