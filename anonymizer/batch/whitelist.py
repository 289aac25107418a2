"""A corpus vocabulary as a plain file: one term a line, by the corpus whitelist's rules.

The rules are the app's (``review.models.Corpus.add_whitelist_term``): the spaces inside a term collapse to one,
blank lines are skipped, and a term already listed in other capitals is listed once (its first spelling kept).
``manage.py anonymize --whitelist FILE`` reads such a file; the app imports and exports a corpus's whitelist as one.
"""
from __future__ import annotations

from pathlib import Path
from typing import Iterable

MAX_BYTES = 2 * 2**20  # a vocabulary, not a document


class WhitelistFileError(ValueError):
    """A whitelist file that cannot be read: the message names the file and the reason."""


def normalize(term: str) -> str:
    return " ".join(term.split())


def merged(existing: Iterable[str], new: Iterable[str]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(every term, the terms of ``new`` that were not there): ``existing`` first, then each new term whose
    capitals-blind form is not listed yet."""
    terms, seen, added = [], set(), []
    for source, term in [*((0, t) for t in existing), *((1, t) for t in new)]:
        term = normalize(term)
        if term and term.casefold() not in seen:
            seen.add(term.casefold())
            terms.append(term)
            if source:
                added.append(term)
    return tuple(terms), tuple(added)


def parse(text: str) -> tuple[str, ...]:
    """The terms of a file's text, one a line (a byte-order mark and any line ending allowed)."""
    return merged((), text.lstrip("\ufeff").splitlines())[0]


def decode(data: bytes, name: str) -> tuple[str, ...]:
    """The terms of a file's bytes; :class:`WhitelistFileError` naming ``name`` when they are not a text file."""
    if len(data) > MAX_BYTES:
        raise WhitelistFileError(f"{name}: not a whitelist (over {MAX_BYTES // 2**20} MB)")
    if b"\x00" in data:
        raise WhitelistFileError(f"{name}: not a text file (one term a line expected)")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise WhitelistFileError(f"{name}: not UTF-8 text (save the file as UTF-8)") from None
    return parse(text)


def read(path: str | Path) -> tuple[str, ...]:
    path = Path(path)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise WhitelistFileError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise WhitelistFileError(f"{path}: a folder, not a file") from None
    except OSError as error:
        raise WhitelistFileError(f"{path}: cannot be read ({error.strerror or 'error'})") from None
    return decode(data, str(path))


def render(terms: Iterable[str]) -> str:
    """The file's text for ``terms`` (what :func:`parse` reads back unchanged)."""
    terms = parse("\n".join(terms))
    return "".join(f"{t}\n" for t in terms)
