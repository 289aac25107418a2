"""Ordinary words are no names: what an acceptance asks first, what corpus knowledge never learns.

* :func:`not_a_name`: why a surface names nobody whatever a review accepted: an ordinary word of the
  document's language, a number word, a weekday or a month (its pack's ``word_kind``: for English
  ``anonymizer.lang.en.plain.word_kind``, the lexicon's plain words, no Census first name, a rare surname
  at most, no place); "" when it may be a name. Corpus knowledge never learns such a form as a name
  (``knowledge_learning.learn``, ``knowledge_groups.plausible_name``).
* :func:`ask_first`: accepting such a form as a PERSON asks first, one mention, a whole entity or
  a bulk accept alike: :class:`NeedsConfirmation` (its message states the form and the count) is
  raised before anything is written, and the action is posted again with ``ordinary=1``.
"""
from __future__ import annotations

import re
from collections import Counter
from typing import Iterable

from anonymizer import lang

from ..models import Document, Mention
from .base import ActionError, quote

#: labels whose accepted surface is a person's name (asked before an ordinary word is accepted)
ASKED_LABELS = frozenset({"PERSON"})
_WORD = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*")
FORMS_NAMED = 3  # distinct forms a question names


class NeedsConfirmation(ActionError):
    """An action that asks first (nothing was written); posted again with ``field=1`` it applies."""

    field = "ordinary"


def language_of(document: Document) -> str:
    """The language a document was read in (its own, else its corpus's; English when neither says)."""
    return _known(document.language) or corpus_language(document.corpus)


def corpus_language(corpus) -> str:
    """A corpus's language (English for a corpus whose pass guesses it per document)."""
    return _known(getattr(corpus, "language", "")) or lang.DEFAULT


def _known(code: str) -> str:
    return code if code in lang.PACKS else ""


def not_a_name(surface: str, language: str = lang.DEFAULT) -> str:
    """Why ``surface`` names nobody (every word of it an ordinary word of ``language``, a number word, a weekday
    or a month; small words between them do not count), or "" when it may be a name."""
    pack = lang.pack(language if language in lang.PACKS else lang.DEFAULT)
    words = _WORD.findall(surface)
    kinds = [pack.word_kind(w) for w in words if not (pack.is_stop_word(w) and len(words) > 1)]
    if not kinds or not all(kinds):
        return ""
    return kinds[0] if len(set(kinds)) == 1 else "ordinary words"


def ask_first_ids(document: Document, mention_ids: Iterable[int], confirmed: bool, *, bulk: bool = False) -> None:
    """:func:`ask_first` of these mentions (read in one query)."""
    if confirmed:
        return
    ids = list(mention_ids)
    rows = Mention.objects.filter(document=document, pk__in=ids, label__in=ASKED_LABELS).values_list("start", "end", "label")
    ask_first(document, list(rows), confirmed, bulk=bulk, total=len(ids))


def ask_first(document: Document, spans: Iterable[tuple[int, int, str]], confirmed: bool, *, bulk: bool = False,
              total: int | None = None) -> None:
    """Raise :class:`NeedsConfirmation` when these ``(start, end, label)`` mentions, about to be accepted,
    hold a PERSON whose form is no name (:func:`not_a_name`), unless the person confirmed it; ``total``:
    the mentions the action accepts (these and others)."""
    if confirmed:
        return
    rows = list(spans)
    total = len(rows) if total is None else total
    text = document.text
    language = language_of(document)
    found: Counter[str] = Counter()
    reasons: dict[str, str] = {}
    for start, end, label in rows:
        if label not in ASKED_LABELS:
            continue
        surface = " ".join(text[start:end].split())
        if why := not_a_name(surface, language):
            found[surface] += 1
            reasons[surface] = why
    if not found:
        return
    forms = found.most_common()
    asked = sum(found.values())
    others = total - asked
    if len(forms) == 1:
        surface, count = forms[0]
        lead = f"{quote(surface)} is {reasons[surface]}"
    else:
        named = ", ".join(f"{quote(s)} ({n})" for s, n in forms[:FORMS_NAMED]) + (", …" if len(forms) > FORMS_NAMED else "")
        lead = f"{named} are ordinary words, number words, weekdays or months"
    what = "it" if asked == 1 else f"its {asked} mentions" if len(forms) == 1 else f"their {asked} mentions"
    tail = f" (with the other {others} mention{'s' if others != 1 else ''} of this accept)" if bulk and others else ""
    raise NeedsConfirmation(f"{lead}: accept {what} as PERSON{tail}?")
