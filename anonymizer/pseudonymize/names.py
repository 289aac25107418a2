"""Tags of a person's name parts: the parts of a name, and the per-part tags a renamed person keeps.

``pseudonymize`` numbers the parts; this module only says what the parts are and how a
reviewer's rename (``[BASE]``) maps onto them (``[BASE_FIRST]`` ... ``[SPELLED_NAME_BASE_LAST]``).
"""
from __future__ import annotations

import re

from anonymizer.tags import find_tags, tag_label
from anonymizer.lang.en.vocabulary import fold_accents as _fold
from anonymizer.lang.en.vocabulary import split_possessive as _split_possessive
from anonymizer.types import CATEGORIES, LABELS

#: one name part: letters with inner apostrophes or hyphens (``O'Brien``, ``Smith-Jones``)
NAME_PART = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*")


def norm_part(part: str) -> str:
    return _fold(_split_possessive(part)[0])


def name_parts(name: str) -> tuple[str, ...]:
    return tuple(norm_part(m.group()) for m in NAME_PART.finditer(name))


#: the name parts of a renamed person's tags (``[WITNESS_FIRST]``)
ROLES = ("FIRST", "MIDDLE", "LAST")


def renamed_parts(name: str, tag: str) -> dict[str, str]:
    """Parts style: a person renamed ``[BASE]`` keeps its structure, one tag per name part:
    ``[BASE_FIRST]``, ``[BASE_MIDDLE]``, ``[BASE_LAST]`` (``[BASE]`` for a one-part name).
    Empty when ``tag`` is not exactly one tag (a free-text rename replaces the whole name)."""
    tags = find_tags(tag)
    if len(tags) != 1 or tags[0] != tag.strip():
        return {}
    base = tags[0][1:-1]
    parts = name_parts(name)
    if len(parts) == 1:
        return {parts[0]: f"[{base}]"}
    first, middle, last = ROLES
    roles = {0: first, len(parts) - 1: last}
    out: dict[str, str] = {}
    for i, part in enumerate(parts):
        out.setdefault(part, f"[{base}_{roles.get(i, middle)}]")
    return out


def spelled_tag(part_tag: str) -> str:
    """The tag of a spelled name whose name part has ``part_tag``: ``[X]`` -> ``[SPELLED_NAME_X]``."""
    return f"[SPELLED_NAME_{part_tag.strip('[]')}]"


#: the prefixes of computed, numbered tags (``[PERSON_1]``, ``[CITY_3]``, ``[SPELLED_NAME_PERSON_2]``, ``[ENTITY_4]``)
NUMBERED_PREFIXES = tuple(sorted(
    {tag_label(label) for label in LABELS} | {tag_label(c) for cs in CATEGORIES.values() for c in cs}
    | {"ENTITY", "SPELLED_NAME_PERSON"}, key=len, reverse=True))
_NUMBERED = re.compile(rf"(?:{'|'.join(NUMBERED_PREFIXES)})_\d+(?:_\w*)?")


def numbered_like(tag: str) -> bool:
    """Whether a tag has the form of a computed, numbered tag or of a renamed person's part of one
    (``[PERSON_1]``, ``[PERSON_1_FIRST]``, ``[CITY_2]``): a reviewer's rename of that form could stand
    beside another entity's own number (``[PERSON_1]`` of someone else), so it is no rename."""
    return any(_NUMBERED.fullmatch(found[1:-1]) for found in find_tags(tag) or [f"[{tag.strip('[] ')}]"])
