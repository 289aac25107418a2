"""What the leak gate reads (no Django): the tags the export writes, and a text folded so that a
name written with characters a reader does not see or tell apart is still the name.

* :func:`written_tag` -- whether a tag-shaped ``[...]`` is one the export writes
  (``[PERSON_3]``, ``[MONTH]``, ``[SPELLED_NAME_PERSON_2]``, a renamed person's
  ``[WITNESS_2B_FIRST]``): its label's words are the words of the pass's labels,
  categories, date parts and name roles, or numbers. Anything else in brackets
  (``[GONZALEZ]``, ``[MARIA_GONZALEZ]``) is text a transcript brought in, and the gate
  reads it like any other text: a spoofed tag hides nobody.
* :func:`unmask` -- the text without invisible characters (soft hyphen, zero-width
  spaces and joiners, word joiner, byte-order mark, direction marks and overrides,
  variation selectors) and combining marks (``Gonza\u0301lez``, stacked strokes), with
  Cyrillic and Greek letters that look Latin and full-width or mathematical letters read
  as the Latin letters they show; and where each of its characters came from, so a
  finding names the original span.
"""
from __future__ import annotations

import bisect
import re
import unicodedata
from functools import lru_cache

from anonymizer import tags as tag_syntax
from anonymizer.pseudonymize.names import ROLES
from anonymizer.pseudonymize.values import KINDS
from anonymizer.types import CATEGORIES, LABELS
from anonymizer.unbroken import INVISIBLE as _INVISIBLE

#: a number piece of a tag's label (``3`` of ``[PERSON_3]``, ``2B`` of ``[WITNESS_2B]``)
_NUMBER_PIECE = re.compile(r"\d+[A-Z]?")


@lru_cache(maxsize=1)
def tag_words() -> frozenset[str]:
    """The words of every label a written tag is made of (computed from the labels themselves)."""
    labels = [*LABELS, *(c for values in CATEGORIES.values() for c in values), *CATEGORIES, *KINDS, *ROLES,
              "ENTITY"]  # [SPELLED_NAME_PERSON_2]'s words are labels
    return frozenset(word for label in labels for word in tag_syntax.tag_label(label).split("_"))


def written_tag(tag: str, tags: frozenset[str] = frozenset()) -> bool:
    """Whether ``tag`` (one ``tag_syntax.TAG`` match) is one of ``tags`` (those an export wrote:
    a renamed person's ``[WITNESS_2B_LAST]``) or made of label words and numbers only."""
    if tag in tags:
        return True
    words = tag_words()
    return all(piece in words or _NUMBER_PIECE.fullmatch(piece) for piece in tag[1:-1].split("_") if piece)


def written_tags(text: str, tags: frozenset[str] = frozenset()) -> list[tuple[int, int]]:
    """The spans of the tags in ``text`` the export writes (spoofed ones left out)."""
    return [m.span() for m in tag_syntax.TAG.finditer(text) if written_tag(m.group(), tags)]


def without_written_tags(text: str, tags: frozenset[str] = frozenset()) -> str:
    return tag_syntax.TAG.sub(lambda m: "" if written_tag(m.group(), tags) else m.group(), text)


# ---------------------------------------------------------------- hidden and look-alike characters

_COMBINING = "\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f"
#: Cyrillic and Greek letters drawn like Latin ones
_LOOK_ALIKE = str.maketrans(
    "\u0430\u0435\u043e\u0440\u0441\u0443\u0445\u0455\u0456\u0458\u04bb\u0501"  # а е о р с у х ѕ і ј һ ԁ
    "\u0410\u0412\u0415\u041a\u041c\u041d\u041e\u0420\u0421\u0422\u0425\u0405\u0406\u0408\u04ae"
    "\u0391\u0392\u0395\u0396\u0397\u0399\u039a\u039c\u039d\u039f\u03a1\u03a4\u03a5\u03a7"
    "\u03b1\u03b9\u03bd\u03bf\u03c1\u03c5",  # α ι ν ο ρ υ
    "aeopcyxsijhd" "ABEKMHOPCTXSIJY" "ABEZHIKMNOPTYX" "aivopu",
)
_DROPPED = re.compile(rf"[{_INVISIBLE}{_COMBINING}]+")
_HIDDEN = re.compile(rf"[{_INVISIBLE}{_COMBINING}]+|[{''.join(map(chr, _LOOK_ALIKE))}]"
                     r"|[\uff01-\uff5e]|[\U0001d400-\U0001d7ff]")


def _shown(chars: str) -> str:
    """What a reader sees of one :data:`_HIDDEN` match."""
    if _DROPPED.fullmatch(chars):
        return ""
    if (shown := chars.translate(_LOOK_ALIKE)) != chars:
        return shown
    return unicodedata.normalize("NFKC", chars)


class Unmasked:
    """``text`` as a reader sees it (:attr:`text`) and :meth:`span`, its spans in the original."""

    def __init__(self, text: str):
        self.original = text
        pieces: list[str] = []
        self._starts: list[int] = []  # where each piece starts in the unmasked text
        self._origins: list[tuple[int, bool]] = []  # where it starts in the original, copied or not
        position = folded = 0
        for match in _HIDDEN.finditer(text):
            if match.start() > position:
                self._piece(pieces, text[position:match.start()], position, True, folded)
                folded += match.start() - position
            shown = _shown(match.group())
            if shown:
                self._piece(pieces, shown, match.start(), False, folded)
                folded += len(shown)
            position = match.end()
        if position < len(text) or not pieces:
            self._piece(pieces, text[position:], position, True, folded)
        self.text = "".join(pieces)

    def _piece(self, pieces: list[str], piece: str, origin: int, copied: bool, folded: int) -> None:
        pieces.append(piece)
        self._starts.append(folded)
        self._origins.append((origin, copied))

    def _at(self, position: int) -> int:
        i = bisect.bisect_right(self._starts, position) - 1
        origin, copied = self._origins[i]
        return origin + (position - self._starts[i] if copied else 0)

    def span(self, start: int, end: int) -> tuple[int, int]:
        """The original span of ``self.text[start:end]`` (``end > start``)."""
        return self._at(start), self._at(end - 1) + 1


def unmask(text: str) -> Unmasked | None:
    """``text`` as a reader sees it, or None when nothing in it is hidden or a look-alike (the usual case)."""
    return Unmasked(text) if _HIDDEN.search(text) else None


def shown(text: str) -> str:
    """``text`` as a reader sees it (a term's form, folded as the texts it is searched in)."""
    return unmasked.text if (unmasked := unmask(text)) else text
