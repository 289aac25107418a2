"""The inspector (panel B, top): a mention, an entity, the add form, a search, or the hint."""
from __future__ import annotations

import bisect

from .. import audio
from ..constants import ReviewStatus
from ..models import Entity, Mention
from ..rendering import entity_rows
from ..rows import MENTION_COLUMNS, EntityLike, MentionRow, entity_likes
from ..services import (
    NAME_LABELS, find_occurrences, knowledge, name_like, overlaps, same_term, similar_names, surface_forms, trim_span,
    word_steps,
)
from .common import parse_int
from .screen import Screen

OCCURRENCES_SHOWN = 60


def inspector(screen: Screen, params) -> dict:
    """What the inspector shows for the query parameters ``m``, ``e``, ``start``/``end`` or ``find``."""
    mention_id, entity_id = parse_int(params.get("m")), parse_int(params.get("e"))
    start, end, query = parse_int(params.get("start")), parse_int(params.get("end")), params.get("find", "").strip()
    if mention_id:
        mention = screen.mention(mention_id)
        if mention is not None:
            return _mention(screen, mention)
    if entity_id and (entity := entity_likes(Entity.objects.filter(document=screen.document, pk=entity_id))):
        return _entity(screen, entity[0])
    if start is not None and end is not None and 0 <= start < end <= len(screen.text):
        return _add(screen, start, end)
    if query:
        return _find(screen, query)
    return {"mode": "hint"}


def _mention(screen: Screen, mention: Mention) -> dict:
    row = screen.rows({mention.entity_id})[0]
    return {
        "mode": "mention",
        "mention": mention,
        "surface": screen.text[mention.start : mention.end],
        "context": excerpt(screen.text, mention.start, mention.end),
        "entity": row,
        "move_targets": screen.same_label(row.label, row.pk),
        "corpus_conflict": knowledge.corpus_note(mention),
        "steps": word_handles(screen.text, mention.start, mention.end),
        "play": audio.clip(audio.timed_of(screen.document), mention.start, mention.end) if screen.document.is_audio else None,
    }


#: the word-level handles of the boundaries editor: (key, name, what it does, verb, key on the keyboard)
HANDLES = (("extend-start", "+ word before", "Extend by the word before", "extend", "{"),
           ("trim-start", "− first word", "Trim the first word", "trim", "["),
           ("trim-end", "− last word", "Trim the last word", "trim", "]"),
           ("extend-end", "+ word after", "Extend by the word after", "extend", "}"))


def word_handles(text: str, start: int, end: int) -> list[dict]:
    """The boundaries editor's handles: each a word step and the text it would give (none: disabled)."""
    steps = word_steps(text, start, end)
    return [{"key": key, "name": name, "title": title, "verb": verb, "kbd": kbd,
             "span": (span := steps[key.replace("-", "_")]), "result": text[span[0]:span[1]] if span else ""}
            for key, name, title, verb, kbd in HANDLES]


def _entity(screen: Screen, entity: EntityLike) -> dict:
    """The entity's row and occurrences from one read of its mentions as plain rows (an entity can have hundreds)."""
    entity_id = entity.pk
    found = Mention.objects.filter(document=screen.document, entity_id=entity_id).order_by("start")
    mentions = [MentionRow(*values) for values in found.values_list(*MENTION_COLUMNS)]
    row = entity_rows(screen.text, [entity], mentions, screen.tags())
    return {
        "mode": "entity",
        "entity": row[0] if row else None,
        "occurrences": [(m, excerpt(screen.text, m.start, m.end)) for m in mentions[:OCCURRENCES_SHOWN]],
        "more": max(0, len(mentions) - OCCURRENCES_SHOWN),
        "merge_targets": screen.same_label(row[0].label, entity_id) if row else [],
        "surfaces": surface_forms(screen.text, mentions),  # "move every mention of this form to …"
    }


def _add(screen: Screen, start: int, end: int) -> dict:
    text = screen.text
    start, end = trim_span(text, start, end)
    if start == end or "\n" in text[start:end]:
        return {"mode": "hint", "notice": "Select text within one line to mark it."}
    covered = [(m.start, m.end) for m in screen.mentions]
    live = [(m.start, m.end) for m in screen.mentions if m.status != ReviewStatus.REJECTED]
    selected = text[start:end]
    others = [o for o in find_occurrences(text, selected, covered) if (o.start, o.end) != (start, end)]
    suggested = _suggested(screen, selected)
    # for names, pre-tick only occurrences capitalised like a name ("Little", not "a little while")
    names = (suggested[0].label if suggested else "PERSON") in NAME_LABELS
    hit = [m for m in screen.mentions if m.start < end and start < m.end]
    return {
        "mode": "add",
        "start": start,
        "end": end,
        "selected": selected,
        "overlapping": overlaps(start, end, live),
        "resize_target": hit[0] if len(hit) == 1 else None,  # the mouse way to trim or extend it
        "context": excerpt(text, start, end),
        "others": [(o, excerpt(text, o.start, o.end), not names or name_like(text[o.start:o.end])) for o in others],
        "exact": sum(o.kind == "exact" for o in others),
        "suggested": suggested,
        "whitelist_count": len(same_term(text, screen.mentions, selected, ReviewStatus.PENDING)),
    }


def _find(screen: Screen, query: str) -> dict:
    """Every occurrence of ``query``: the unmarked ones to add, the marked ones to step through."""
    ordered = sorted(screen.mentions, key=lambda m: m.start)
    covered = [(m.start, m.end) for m in ordered]
    every = find_occurrences(screen.text, query, [])
    found = [o for o in every if not overlaps(o.start, o.end, covered)]
    marked = {}
    for o in every:
        i = bisect.bisect_right(covered, (o.end, o.end))
        for m in ordered[max(0, i - 2) : i]:  # mentions do not overlap: one or two can touch an occurrence
            if m.start < o.end and o.start < m.end:
                marked.setdefault(m.pk, m)
    return {
        "mode": "find",
        "selected": query,
        "marked": [(m, excerpt(screen.text, m.start, m.end)) for m in marked.values()],
        "others": [(o, excerpt(screen.text, o.start, o.end), True) for o in found],
        "exact": sum(o.kind == "exact" for o in found),
        "suggested": _suggested(screen, query),
        "whitelist_count": len(same_term(screen.text, screen.mentions, query, ReviewStatus.PENDING)),
    }


def _suggested(screen: Screen, selected: str) -> list[EntityLike]:
    """Entities whose name is like the selection, best first (at most 12); an entity whose every mention
    was rejected (a false positive: "Like" as a PERSON) is no suggestion, nor its label the default."""
    live = {m.entity_id for m in screen.mentions if m.status != ReviewStatus.REJECTED}
    entities = [e for e in screen.entities if e.pk in live]
    return [entities[i] for i in similar_names(selected, [e.name for e in entities])]


def excerpt(text: str, start: int, end: int, width: int = 50) -> tuple[str, str, str]:
    """``(left, the span, right)`` within its line, at most ``width`` characters each side."""
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    line_end = len(text) if line_end < 0 else line_end
    left = text[max(line_start, start - width) : start]
    right = text[end : min(line_end, end + width)]
    return ("…" if start - width > line_start else "") + left, text[start:end], right + ("…" if end + width < line_end else "")
