"""A known name part written another way: typed with a letter twice or heard with another ending, and a part
of a known full name heard another way right beside its other part (a sound-alike), as a speech recognizer or an
interpreter writes it."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Sequence

from rapidfuzz.distance import Levenshtein

from anonymizer import spans
from anonymizer.lang.en import gazetteer, lexicon, plain
from anonymizer.lang.en.sounds import sound_key
from anonymizer.normalize.groups import _People
from anonymizer.normalize.names import _RESCAN_SOURCES, _name_tokens
from anonymizer.normalize.rescan import _rescan_mention
from anonymizer.types import Mention


#: a capitalised word of six letters or more, inner capitals allowed ("McDDonald", "Hernanndez"), a letter not
#: ASCII among them ("SuÆrez": a converter's garbled "á")
_LONG_WORD = re.compile(r"(?<![\w'’-])[A-Z][A-Za-z\u00C0-\u024F]{5,}(?![\w'’-])")
#: a name part this long may come with one letter typed twice
_MIN_TYPO_LEN = 6


#: a name part heard or typed with another ending keeps this many first letters ("Kowalsky" of Kowalski) ...
_SAME_OPENING = 5
#: ... and differs from it by at most this many letters
_OTHER_ENDING = 3


def _typo_hits(text: str, people: _People, mentions: Sequence[Mention]) -> list[Mention]:
    """A known name part with one letter typed twice ("McDDonald" for McDonald, "Hernanndez"), or
    heard with another ending (its first :data:`_SAME_OPENING` letters, at most :data:`_OTHER_ENDING`
    letters changed: "Kowalsky" said beside "Mr. Kowalski", one person for one name part only), where no
    detector found the word. Never a word that is itself a Census name, an English word ("Mitchell" is
    no typo of a "Mitchel") or a known place, nor inside a mention."""
    taken = sorted((m.start, m.end) for m in mentions)
    hits: list[Mention] = []
    openings: dict[str, set[str]] = {}
    for key in people.index:
        if len(key) >= _MIN_TYPO_LEN and key.isalpha():
            openings.setdefault(key[:_SAME_OPENING], set()).add(key)
    for match in _LONG_WORD.finditer(text):
        token = match.group().casefold()
        if token in people.index:
            continue
        if not token.isascii():
            gids = _garbled(token, people)
            if not gids:
                continue
        else:
            keys = {token[:i] + token[i + 1 :] for i in range(1, len(token)) if token[i] == token[i - 1]}
            gids = [gid for key in keys if len(key) >= _MIN_TYPO_LEN for gid in people.index.get(key, ())]
        if not gids:
            near = [key for key in openings.get(token[:_SAME_OPENING], ())
                    if Levenshtein.distance(token, key, score_cutoff=_OTHER_ENDING) <= _OTHER_ENDING]
            gids = list(dict.fromkeys(gid for key in near for gid in people.index[key]))
            if len(gids) != 1 or gazetteer.place_category(match.group()) is not None:
                continue
        if token in gazetteer.first_names() or token in gazetteer.last_names() \
                or plain.in_dictionary(token) or spans.overlapping(taken, *match.span()):
            continue
        hits.append(_rescan_mention(*match.span(), "PERSON", people.best(gids)))
    return hits


def _garbled(token: str, people: _People) -> list[int]:
    """The one person with a name part ``token`` (case-folded) writes with one letter that is not ASCII in place
    of another (``suærez`` of Suarez, ``suárez``: a converter's garbled or an accented letter), every other letter
    the same."""
    odd = [i for i, c in enumerate(token) if not c.isascii()]
    if len(odd) != 1:
        return []
    at = odd[0]
    gids = list(dict.fromkeys(
        gid for key in people.index
        if len(key) == len(token) and key[:at] == token[:at] and key[at + 1:] == token[at + 1:] and key[at].isascii()
        for gid in people.index[key]))
    return gids if len(gids) == 1 else []


#: two words of one line, the second in small letters, a possessive's ``'s`` on the first perhaps ("Stan's radar")
_TWO_WORDS = re.compile(r"(?<![\w'’-])(?=([A-Za-z][a-z]{2,}(?:['’]s)?[ ][a-z]{3,})(?![\w'’-]))")
#: a name part that long (letters) and a sound key that long, so two words sound like it by no chance
_SPLIT_MIN_LEN = 8
_SPLIT_MIN_KEY = 6


def split_hits(text: str, people: _People, mentions: Sequence[Mention]) -> list[Mention]:
    """A long known name part a speech recognizer wrote as two words, the second in small letters, that sound as
    the part does (the pack's ``sound_key``: ``Stan's radar`` and ``stance radar`` of a person ``Stanzrader``; of
    several persons of that sound, the best known), a part of :data:`_SPLIT_MIN_LEN` letters or more that is no English word. Never
    a stop word among the two, nor over a mention of anything but a person."""
    sounds: dict[str, set[int]] = {}
    for key, gids in people.index.items():
        if len(key) >= _SPLIT_MIN_LEN and key.isalpha() and not plain.in_dictionary(key) \
                and len(code := sound_key(key)) >= _SPLIT_MIN_KEY:
            sounds.setdefault(code, set()).update(gids)
    if not sounds:
        return []
    others = sorted((m.start, m.end) for m in mentions if m.label != "PERSON")
    hits: list[Mention] = []
    for match in _TWO_WORDS.finditer(text):
        start, end = match.span(1)
        first, second = match.group(1).split(" ")
        gids = sounds.get(sound_key(first + second), set())
        if not gids or any(lexicon.is_stop_word(w.casefold()) for w in (first, second)) \
                or spans.overlapping(others, start, end):
            continue
        hits.append(replace(_rescan_mention(start, end, "PERSON", people.best(gids)),
                            sources=(*_RESCAN_SOURCES, "fuzzy")))
    return hits


#: a capitalised word right before or after a name part, a space between
_WORD_BEFORE = re.compile(r"(?<![\w'’.-])([A-Z][a-z]*)[ ]$")
_WORD_AFTER = re.compile(r"[ ]([A-Z][a-z]*)(?![\w'’-])")


def sounds_beside_hits(text: str, people: _People, mentions: Sequence[Mention]) -> list[Mention]:
    """A part of a known full name written another way right beside its other part, as a recognizer or an
    interpreter hears it (``Jon Brannigan`` of a person ``John Brannigan``; ``Dana Okafore``): a capitalised word where
    the person's part before (or after) the mention's part stands, sounding like it (the pack's ``sound_key``,
    :mod:`anonymizer.lang.en.sounds`), no title and no word of another mention. The mentions with those added
    (sorted); the caller joins them to the name."""
    taken = sorted((m.start, m.end) for m in mentions)
    added: list[Mention] = []
    for m in mentions:
        if m.label != "PERSON" or m.entity is None or m.entity >= len(people.groups):
            continue
        core = people.groups[m.entity].core
        tokens = _name_tokens(text[m.start:m.end])
        if len(core) < 2 or len(tokens) != 1 or tokens[0] not in core:
            continue
        at = core.index(tokens[0])
        sides = []
        if at > 0 and (word := _WORD_BEFORE.search(text, max(0, m.start - 30), m.start)):
            sides.append((word.span(1), core[at - 1]))
        if at + 1 < len(core) and (word := _WORD_AFTER.match(text, m.end)):
            sides.append((word.span(1), core[at + 1]))
        for (start, end), part in sides:
            said = text[start:end]
            if said.casefold() == part or spans.overlapping(taken, start, end) or lexicon.is_title_word(said) \
                    or said.title() in lexicon.ADDRESS_HONORIFICS or not sound_key(said) \
                    or sound_key(said) != sound_key(part):
                continue
            added.append(replace(_rescan_mention(start, end, "PERSON", m.entity), sources=(*_RESCAN_SOURCES, "fuzzy")))
    return sorted([*mentions, *added], key=lambda m: m.start) if added else list(mentions)
