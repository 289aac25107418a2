"""Filters over a document's mentions as a whole: a tagger's name cut at a speaker label's colon, and the
organization a document keeps naming by ordinary words (what the hearings are about, not anyone's data).

Part of ``detect``: :meth:`anonymizer.detect.Detector.detect` runs them around ``filter.filter_mentions``.
"""
from __future__ import annotations

import re
from dataclasses import replace
from typing import Sequence

from anonymizer.lang.en import plain, vocabulary
from anonymizer.lang.en.transcript import LINE_LABEL
from anonymizer.pseudonymize.names import NAME_PART
from anonymizer.types import Mention

_NAME_LABELS = frozenset({"PERSON", "LOCATION", "ORGANIZATION", "NRP"})


def cut_at_speaker_labels(text: str, mentions: Sequence[Mention]) -> list[Mention]:
    """A tagger's name that runs from a speaker's label over the label's colon into the turn ("Lacey: Basically"
    of ``Mr Lacey: Basically, yeah.``, "Ashworth: Chair") is the label's name only: the words after the colon
    open the turn and are no part of it (a name there gets its own mention)."""
    out = []
    for m in mentions:
        colon = text.find(":", m.start, m.end)
        if colon < 0 or m.label not in _NAME_LABELS or {"header", "rule", "manual"} & set(m.sources):
            out.append(m)
            continue
        line = text.rfind("\n", 0, m.start) + 1
        label = LINE_LABEL.match(text, line)
        if label is None or label.end() != colon + 1:
            out.append(m)
            continue
        end = colon
        while end > m.start and text[end - 1].isspace():
            end -= 1
        if end > m.start:
            out.append(replace(m, end=end))
    return out


#: how often, and how densely (per 1,000 words), a document writes the words of an organization it is about
#: ("the Post Office" of an inquiry about it): its subject. A program or a gang a hearing names a few times in
#: thousands of words ("Homeboy Industries", "Mexican Mafia": 8 in 6,000 words) is data, never its subject.
_SUBJECT_REPEATS = 10
_SUBJECT_PER_1000_WORDS = 4.0
#: words of a place's kind: an institution named by ordinary words ("Mule Creek State Prison") is still one place
_PLACE_KINDS = frozenset(
    "prison jail facility camp center centre hall institution penitentiary hospital court college school university "
    "church county state clinic home house".split())


def drop_document_subjects(text: str, mentions: Sequence[Mention]) -> list[Mention]:
    """Drop a tagger's (or the organization rule's) organization named by dictionary words only ("Post Office",
    "Horizon", "Federation"; none of them a place's kind, "Mule Creek State Prison" stays; a place:
    plain words only, never a known place) that the document writes often and densely (:data:`_SUBJECT_REPEATS`,
    :data:`_SUBJECT_PER_1000_WORDS`): what
    the hearings are about (an inquiry's company, its computer system), the corpus's vocabulary, not anyone's
    data. A rule's or the title page's span stays, and so does a name with a word no dictionary has ("Rios
    Brothers Tree Service") or with a word the document names a person by ("Bishop's" of the victim Hope Bishop)."""
    counts: dict[str, int] = {}
    words_of_text = len(text.split())
    people = {w.casefold() for m in mentions if m.label == "PERSON" for w in NAME_PART.findall(text[m.start:m.end])}
    out = []
    for m in mentions:
        if (m.label == "LOCATION" and set(m.sources) <= {"spacy"}) or (m.label == "ORGANIZATION" and set(m.sources) <= {
                "spacy", "presidio"} and not _PLACE_KINDS & {w.casefold() for w in text[m.start:m.end].split()}):
            surface = text[m.start:m.end]
            words = surface.split()
            ordinary = plain.in_dictionary if m.label == "ORGANIZATION" else plain.is_plain_word
            words = [vocabulary.strip_possessive(w) for w in words]
            if words and all(ordinary(w) and w.casefold() not in people for w in words):
                core = vocabulary.strip_possessive(surface)  # "the Post Office's system": the Post Office
                if core not in counts:
                    counts[core] = len(re.findall(rf"(?<![\w'’-]){re.escape(core)}(?![\w-])", text))
                if counts[core] >= max(_SUBJECT_REPEATS, _SUBJECT_PER_1000_WORDS * words_of_text / 1000):
                    continue
        out.append(m)
    return out
