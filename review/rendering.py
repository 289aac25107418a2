"""What the review screen shows: highlighted lines, the pseudonymized preview, entity rows.

Everything here is pure (no queries): views load rows once and hand them in, so the
page and the partial updates after an action render the same HTML.
"""
from __future__ import annotations

import bisect
from dataclasses import dataclass
from typing import Iterable, Mapping, Sequence

from html import escape  # what django.utils.html.escape does, without its lazy-string wrapper (the hot loops)
from django.utils.safestring import SafeString, mark_safe

from anonymizer.lang.en.transcript import line_starts, speaker_tag
from anonymizer.tags import TAG
from anonymizer.pseudonymize import Pseudonymized
from anonymizer.speech.cues import AFTER_CUE, SPELLED_WORDS
from anonymizer.speech.heard import HEARD_WITH_NAMES, SOUNDS_LIKE, SPELLED_RUN
from anonymizer.speech.numbers import SPOKEN
from anonymizer.types import SUSPECT

from .constants import MIXED, CorpusMark, Origin, ReviewStatus
from .rows import EntityLike, EntityRow, MentionLike, Progress  # noqa: F401  (the types it draws)



@dataclass(frozen=True)
class Line:
    number: int
    start: int
    html: SafeString


def line_numbers(starts: Sequence[int], spans: Iterable[tuple[int, int]]) -> set[int]:
    """1-based numbers of the lines the spans touch."""
    numbers: set[int] = set()
    for start, end in spans:
        first = bisect.bisect_right(starts, start)
        last = bisect.bisect_right(starts, max(start, end - 1))
        numbers.update(range(first, last + 1))
    return numbers


def speaker_end(line: str) -> int:
    """Length of the speaker tag that opens an utterance line, colon included (0 when there is none)."""
    match = speaker_tag(line)
    return match.end() if match else 0


#: what corpus knowledge did to a mention, as panel A and panel B say it
CORPUS_NOTES = {
    CorpusMark.KNOWN: "known from the corpus",
    CorpusMark.LABEL: "known from the corpus (a label it always accepted)",
    CorpusMark.DISMISSED: "dismissed by the corpus (restore to review it)",
    CorpusMark.CONFLICT: "corpus knowledge and this document disagree: left pending (the inspector says why)",
    CorpusMark.REJECTED_BEFORE: "rejected before in this corpus, here (pending: \u201creject all rejected before\u201d)",
}


#: the speech pass's proposals (anonymizer.speech.heard, .cues, .numbers), marked and explained on the review screen
HEARD_NOTE = "words the recognizer was unsure of, heard as a name found in this recording: listen before accepting"
SPOKEN_NOTE = "numbers said aloud, read together as one date, time or number: listen before accepting"
SPELLED_NOTE = "letters said one by one, read as a spelled name: listen before accepting"
CUE_NOTE = "words the recognizer was unsure of where the words around say a name was said: listen before accepting"
HEARD_NOTES = {SOUNDS_LIKE: HEARD_NOTE, HEARD_WITH_NAMES: HEARD_NOTE, SPOKEN: SPOKEN_NOTE, SPELLED_RUN: SPELLED_NOTE,
               SPELLED_WORDS: SPELLED_NOTE, AFTER_CUE: CUE_NOTE}


def mark_html(mention: MentionLike, surface: str) -> str:
    manual = " o-manual" if mention.origin == Origin.MANUAL else ""
    mark = getattr(mention, "corpus_mark", "")
    corpus = f' k-{mark}" title="{CORPUS_NOTES[mark]}' if mark in CORPUS_NOTES else ""
    sources = str(getattr(mention, "sources", "")).split("+")
    if SUSPECT in sources:
        manual += " o-suspect"
    heard = next((HEARD_NOTES[s] for s in sources if s in HEARD_NOTES), "")
    if heard and not corpus:  # speech: proposed from what the recognizer heard, to be listened to
        manual += f' o-heard" title="{heard}'
    return (
        f'<mark id="m{mention.pk}" class="m L{mention.label} c{mention.confidence} s-{mention.status}{manual}{corpus}" '
        f'data-e="{mention.entity_id}" tabindex="-1">{escape(surface)}</mark>'
    )


def _line_html(text: str, start: int, end: int, pieces: list[tuple[int, int, str]]) -> SafeString:
    """Escape the line and splice in the marks; the speaker tag gets its own span."""
    cut = start + speaker_end(text[start:end])
    if any(s < cut < e for s, e, _ in pieces):
        cut = start  # a mention runs across the colon: no speaker span
    out: list[str] = []
    cursor = start

    def plain(until: int) -> None:
        nonlocal cursor
        if cursor < cut <= until:
            out.append(escape(text[cursor:cut]) + "</span>")
            cursor = cut
        out.append(escape(text[cursor:until]))
        cursor = until

    if cut > start:
        out.append('<span class="spk">')
    for s, e, html in pieces:
        plain(s)
        out.append(html)
        cursor = e
        if cursor == cut:
            out.append("</span>")
    plain(end)
    return mark_safe("".join(out))


def mentions_by_line(text: str, mentions: Sequence[MentionLike]) -> list[tuple]:
    """The mentions on each line (index ``n - 1``: line ``n``), ``mentions`` sorted by start."""
    starts = line_starts(text)
    lines: list[list] = [[] for _ in starts]
    for m in mentions:
        lines[bisect.bisect_right(starts, m.start) - 1].append(m)
    return [tuple(on_line) for on_line in lines]


def render_lines(text: str, mentions: Sequence[MentionLike], numbers: set[int] | None = None) -> list[Line]:
    """Highlighted lines (all, or just ``numbers``); ``mentions`` sorted by start, non-overlapping.

    A mention never spans lines in normalized text; one that does is clipped to its first line.
    """
    starts = line_starts(text)
    by_line: dict[int, list[tuple[int, int, str]]] = {}
    for m in mentions:
        number = bisect.bisect_right(starts, m.start)
        if numbers is not None and number not in numbers:
            continue
        line_end = starts[number] - 1 if number < len(starts) else len(text)
        end = min(m.end, line_end)
        if end > m.start:
            by_line.setdefault(number, []).append((m.start, end, mark_html(m, text[m.start:end])))
    wanted = sorted(numbers) if numbers is not None else range(1, len(starts) + 1)
    lines = []
    for number in wanted:
        if not 1 <= number <= len(starts):
            continue
        start = starts[number - 1]
        end = starts[number] - 1 if number < len(starts) else len(text)
        lines.append(Line(number, start, _line_html(text, start, end, by_line.get(number, []))))
    return lines


# ---------------------------------------------------------------- pseudonymization


def computed_tags(result: Pseudonymized, entities: Sequence[EntityLike]) -> dict[int, str]:
    """Entity pk -> the tags its mentions get (``[PERSON_1] [PERSON_2]`` for a two-part name)."""
    return tags_by_entity((entities[r.entity].pk, r.tag_text) for r in result.replacements if r.entity is not None)


def tags_by_entity(tagged: Iterable[tuple[int, str]]) -> dict[int, str]:
    """:func:`computed_tags` from ``(entity pk, tag text)`` of each replacement, in text order."""
    tags: dict[int, list[str]] = {}
    for entity, tag_text in tagged:
        bucket = tags.setdefault(entity, [])
        for tag in TAG.findall(tag_text) or [tag_text]:
            if tag not in bucket:
                bucket.append(tag)
    return {pk: " ".join(values[:4]) + (" …" if len(values) > 4 else "") for pk, values in tags.items()}


def render_preview(result: Pseudonymized, used: Sequence[MentionLike]) -> list[Line]:
    """The pseudonymized text, one line per utterance, every replacement marked."""
    out = result.text
    starts = line_starts(out)
    by_line: dict[int, list[tuple[int, int, str]]] = {}
    for r, m in zip(result.replacements, used):
        end = r.out_start + len(r.tag_text)
        html = f'<mark class="m p L{m.label} s-{m.status}" data-m="{m.pk}">{escape(r.tag_text)}</mark>'
        by_line.setdefault(bisect.bisect_right(starts, r.out_start), []).append((r.out_start, end, html))
    lines = []
    for number, start in enumerate(starts, start=1):
        end = starts[number] - 1 if number < len(starts) else len(out)
        lines.append(Line(number, start, _line_html(out, start, end, by_line.get(number, []))))
    return lines


# ---------------------------------------------------------------- panel B


def entity_rows(
    text: str, entities: Sequence[EntityLike], mentions: Iterable[MentionLike], tags: Mapping[int, str]
) -> list[EntityRow]:
    """One row per entity that has mentions, in entity order."""
    rows = {e.pk: EntityRow(e.pk, e.label, e.category, e.name, e.tag, tags.get(e.pk, "")) for e in entities}
    seen: dict[int, set[str]] = {}
    for m in mentions:
        row = rows.get(m.entity_id)
        if row is None:
            continue
        row.total += 1
        row.certainties.add(m.confidence)
        row.sources.update(filter(None, (m.sources or "").split("+")))
        mark = getattr(m, "corpus_mark", "")
        row.dismissed += mark == CorpusMark.DISMISSED
        row.known += m.status == ReviewStatus.PENDING and mark in (CorpusMark.KNOWN, CorpusMark.LABEL)
        row.rejected_before += m.status == ReviewStatus.PENDING and mark == CorpusMark.REJECTED_BEFORE
        if m.status == ReviewStatus.PENDING:
            row.pending += 1
            row.lowest = max(row.lowest, m.confidence)
        elif m.status == ReviewStatus.ACCEPTED:
            row.accepted += 1
        else:
            row.rejected += 1
        surface = " ".join(text[m.start : m.end].split())
        folded = seen.setdefault(m.entity_id, set())
        if surface.casefold() not in folded:
            folded.add(surface.casefold())
            row.variants.append(surface)
    return [row for row in rows.values() if row.total]


# ---------------------------------------------------------------- bulk HTML (the page's big lists)
#
# A 15,000-word hearing has ~1,000 lines and ~600 entities; building these lists in
# Python is several times faster than a template loop, and the page and the
# out-of-band updates share the markup.

_STATUS_MARK = {ReviewStatus.PENDING: "?", ReviewStatus.ACCEPTED: "✓", ReviewStatus.REJECTED: "✗", MIXED: "±"}


def lines_html(lines: Iterable[Line], oob: bool = False) -> SafeString:
    swap = ' hx-swap-oob="true"' if oob else ""
    return mark_safe(
        "\n".join(
            f'<div class="line" id="l{ln.number}" data-o="{ln.start}"{swap}>'
            f'<span class="ln" aria-hidden="true">{ln.number}</span><span class="tx">{ln.html}</span></div>'
            for ln in lines
        )
    )


def entity_row_html(row: EntityRow, oob: bool = False) -> str:
    low = "1" if row.pending and row.lowest == 3 else ""
    swap = ' hx-swap-oob="true"' if oob else ""
    marks = (("known", "known", row.known), ("dismissed", "dismissed", row.dismissed),
             (CorpusMark.REJECTED_BEFORE, "rejected before", row.rejected_before))
    corpus = " ".join(k for k, _, n in marks if n)
    badge = "".join(f'<span class="corpus k-{k}" title="{CORPUS_NOTES[k]}">{n} {word}</span>' for k, word, n in marks if n)
    variants = (
        f'<span class="variants">{escape(" · ".join(row.variants[1:5]))}</span>' if len(row.variants) > 1 else ""
    )
    return (
        f'<li id="e{row.pk}" class="ent st-{row.status}" data-e="{row.pk}" data-status="{row.status}" '
        f'data-label="{escape(row.label)}" data-low="{low}" data-corpus="{corpus}" '
        f'data-certainty="{" ".join(map(str, sorted(row.certainties)))}" data-source="{escape(" ".join(sorted(row.sources)))}"{swap}>'
        f'<a href="?e={row.pk}" class="ent-name">{escape(row.name)}</a> '
        f'<span class="tag{" renamed" if row.tag else ""}" data-tag-of="{row.pk}">{escape(row.shown_tag)}</span> '
        f'<span class="st" title="{row.status}">{_STATUS_MARK[row.status]} {row.decided}/{row.total}</span>'
        f"{badge}{variants}</li>"
    )


def rows_html(rows: Iterable[EntityRow], oob: bool = False) -> SafeString:
    return mark_safe("".join(entity_row_html(r, oob) for r in rows))


def groups_html(groups: Iterable[tuple[str, list[EntityRow]]], row_html=entity_row_html) -> SafeString:
    parts = [
        f'<section class="group" data-label="{escape(label)}"><h3>{escape(label)} <span class="count">{len(rows)}</span>'
        f'</h3><ul class="entity-list">{"".join(row_html(r) for r in rows)}</ul></section>'
        for label, rows in groups
    ]
    return mark_safe("\n".join(parts) or '<p class="empty">No entities match.</p>')
