"""What the leak gate looks for: each document's identifying terms (:class:`Term`), from its accepted
surface forms, its title page and its upload file name, and which words of a name identify no one
(``ordinary``: a stop word or a title). ``Term.form`` is secret: never log it."""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Hashable, Iterable, Mapping

from anonymizer import lang
from anonymizer.lang.en import lexicon, vocabulary
from anonymizer.leakgate.keys import ISO_DATE, US_DATE

#: File-name tokens that identify nobody.
GENERIC_TOKENS = frozenset(
    "hearing hearings transcript transcripts parole suitability board bph cdcr pdf txt doc docx final copy "
    "redacted document page vol volume part the and for of lifer subsequent initial documents scan".split()
)
#: Name parts shorter than this are not searched on their own (spelled variants start at 2 letters).
MIN_LENGTH = 3
CDCR_SHAPE = re.compile(r"^([A-Za-z]{1,2})[\s-]?(\d{4,6})$")
_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")


@dataclass(frozen=True)
class Term:
    """One identifying term of one document (``form`` is secret)."""

    kind: str  # surface | header | file-name
    label: str  # PERSON, CDCR_ID, DATE, ...
    form: str
    document: Hashable = None
    entity: Hashable = None  # of a surface: the entity that accepted it


@lru_cache(maxsize=1)
def _titles() -> frozenset[str]:
    """Person titles, case-folded, without their dot (built once: the gate asks per term)."""
    return frozenset(t.rstrip(".").casefold() for t in vocabulary.titles())


def name_parts(name: str) -> list[str]:
    """The words of a name without titles, possessives and suffixes (``Dr. Mary O'Neil`` -> ``Mary``,
    ``O'Neil``; ``Lady`` of ``Lady Penrose``, the honorific she is addressed by, ``my Lady``), nor the small or
    stop words a span took in by mistake (``I'm`` of ``I'm Marisol Quintanilla``, ``one`` of ``one Rose``):
    searched on their own, those are in every text."""
    titles = _titles()
    parts = []
    for word in _WORD.findall(name):
        word = vocabulary.strip_possessive(word)
        if word.casefold() in titles or word.casefold() in vocabulary.NAME_SUFFIXES \
                or word.title() in lexicon.ADDRESS_HONORIFICS:
            continue
        if word.islower() or ordinary(word):
            continue
        parts.append(word)
    return parts


def header_terms(header: Mapping | None, document: Hashable = None) -> list[Term]:
    """The title page's identifying fields (``Header.as_dict()`` form) as terms."""
    if not header:
        return []
    terms: list[Term] = []
    names = [header.get("inmate_name"), *(p.get("name") for p in header.get("participants") or ()),
             header.get("transcriber")]
    for name in filter(None, names):
        terms.append(Term("header", "PERSON", " ".join(name.split()), document))
        terms += [Term("header", "PERSON", part, document) for part in name_parts(name)]
    if header.get("cdcr_number"):
        terms.append(Term("header", "CDCR_ID", header["cdcr_number"].strip(), document))
    if header.get("hearing_date"):
        terms.append(Term("header", "DATE", header["hearing_date"].strip(), document))
    return terms


def file_name_terms(upload_name: str, document: Hashable = None, language: str = "en") -> list[Term]:
    """The identifying tokens of an upload file name (``Young-AK2960-2024-10-24.pdf``); a word of the
    document's ``language`` that names nobody (Danish ``Dom``, ``Retten``) is none."""
    stem = re.sub(r"\.[A-Za-z0-9]{1,5}$", "", upload_name.rsplit("/", 1)[-1])
    terms: list[Term] = []
    for match in (*ISO_DATE.finditer(stem), *US_DATE.finditer(stem)):
        terms.append(Term("file-name", "DATE", match.group(), document))
    for token in re.split(r"[^A-Za-z0-9]+", stem):
        if CDCR_SHAPE.match(token):
            terms.append(Term("file-name", "CDCR_ID", token, document))
        elif token.isalpha() and token[0].isupper() and len(token) >= MIN_LENGTH \
                and token.casefold() not in GENERIC_TOKENS and not ordinary(token, language) \
                and not lexicon.is_whitelisted(token):
            terms.append(Term("file-name", "PERSON", token, document))
    return terms


def surface_terms(surfaces: Iterable[tuple], document: Hashable = None) -> list[Term]:
    """Accepted entities' ``(label, surface form[, entity])`` as terms (temporal labels are not searched)."""
    return [Term("surface", label, " ".join(form.split()), document, rest[0] if rest else None)
            for label, form, *rest in surfaces if label not in ("DATE", "TIME", "AGE", "HEIGHT") and form.strip()
            and not all(ordinary(word) for word in form.split())]


def ordinary(word: str, language: str = "en") -> bool:
    """A stop word (``I'm``, ``When``) or a person title (``Dr.``, ``Officer``): identifies nobody. In
    another language also its own stop words and the words its pack says name nobody (``word_kind``)."""
    base = re.split(r"['’]", word.strip(".,;:!?"), maxsplit=1)[0].casefold()
    titles = lexicon.all_titles()
    if not base or (base in lexicon.common_words() and base not in lexicon.name_words()) or base in titles:
        return True
    if language == "en" or language not in lang.PACKS:
        return False
    pack = lang.pack(language)
    return pack.is_stop_word(base) or bool(pack.word_kind(base))
