"""Analyses of recognized speech made by hand for the speech tests (no model): the mentions of ``found`` in a
timed transcript's text, one entity each, and what the pass's mentions cover."""
from __future__ import annotations

from anonymizer.types import Analysis, Entity, Mention, Transcript


def analysed(timed, found) -> Analysis:
    """An analysis of ``timed`` with a mention of each ``(surface, label)`` or ``(surface, label, sources)``
    (sources default to a rule's), one entity each."""
    mentions, entities = [], []
    for number, (surface, label, *sources) in enumerate(found):
        start = timed.text.index(surface)
        mentions.append(Mention(start, start + len(surface), label, sources[0] if sources else ("rule",), entity=number))
        entities.append(Entity(number, label, label.lower(), surface))
    return Analysis(Transcript("t", timed.text, source_format="audio"), tuple(mentions), tuple(entities))


def texts(analysis: Analysis) -> list[tuple[str, str]]:
    """Each mention's text and label, in order."""
    return [(analysis.transcript.text[m.start:m.end], m.label) for m in analysis.mentions]
