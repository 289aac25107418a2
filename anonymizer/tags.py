"""The tag syntax of a pseudonymized text, the same in every language: ``[PERSON_2]``, ``[WITNESS_2B]``,
``[MONTH]``. A tag is a bracketed label of capitals, digits and single underscores that starts with a letter."""
from __future__ import annotations

import re

#: one tag: ``[PERSON_2]``, ``[WITNESS_2B]``, ``[MONTH]``
TAG = re.compile(r"\[[A-Z][A-Z0-9_]*\]")
_NOT_LABEL = re.compile(r"[^A-Z0-9]+")


def tag_label(text: str) -> str:
    """``text`` as a tag label: capitals, digits and single underscores (``"spelled name"`` ->
    ``"SPELLED_NAME"``); empty when nothing is left."""
    return _NOT_LABEL.sub("_", text.upper()).strip("_")


def is_tag(text: str) -> bool:
    """Whether ``text`` is exactly one tag."""
    return TAG.fullmatch(text) is not None


def find_tags(text: str) -> list[str]:
    """The tags in ``text`` in order (``"[MONTH] [DAY], [YEAR]"`` -> three tags)."""
    return TAG.findall(text)


def normalize_tag(text: str) -> str:
    """A user-given tag in the tag syntax: ``" witness 2b "`` / ``"[Witness-2B]"`` -> ``"[WITNESS_2B]"``.

    Brackets are optional; letters are upper-cased and runs of other characters become one
    underscore.  Raises :class:`ValueError` when no label is left or it does not start with a
    letter.
    """
    label = tag_label(text.strip().removeprefix("[").removesuffix("]"))
    tag = f"[{label}]"
    if not is_tag(tag):
        raise ValueError(f"not a tag: {text!r}")
    return tag
