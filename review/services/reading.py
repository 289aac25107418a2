"""Reading progress as evidence of reading (what "accept the rest" and "never looked at" rest on).

A line counts as read when the reviewer **stepped** to a mention on it (``j``/``k``, a click), or
when it stayed **in view long enough for its words** at a fast reading pace
(``settings.READING_WORDS_PER_MINUTE``, 600 by default). Scrolling past a line is no evidence.

The page measures the time in view (static/js/review-bulk.js: lines in view are read in order,
each needs its words' time); the server never credits more words than the time allows since
the last credit (or since the page was shown, a signed stamp), so a post claiming lines faster
than the pace is credited only as far as the time goes. The lines read are a set (stepping jumps),
stored as ranges, each post one short conditional UPDATE (no transaction held: SQLite has one
writer, and a read post must never make a review action wait or fail); reading is not a
decision: no version bump, no audit row. A bulk decision
records the set its author had read (:func:`seen_now`), for the diff's "never looked at".
"""
from __future__ import annotations

import bisect
import re
import time
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone as dt_timezone
from typing import Iterable

from django.conf import settings
from django.core import signing
from django.utils import timezone

from anonymizer.lang.en.transcript import line_starts

from ..models import Document, Mention, ReadingProgress

WORD = re.compile(r"\w+")
SLACK = 1.25  # timer steps and the page's rounding: the server allows a little more than the pace
ALLOWANCE = 12  # words of a first credit allowed without time (a short line read as the page settles)
STAMP_SALT = "review.reading"


def words_per_minute() -> int:
    return max(1, int(getattr(settings, "READING_WORDS_PER_MINUTE", 600)))


@dataclass(frozen=True)
class Reading:
    lines_read: int
    lines: int
    seen: frozenset[int] = frozenset()
    pace: int = 600  # words a minute a line in view is read at

    @property
    def complete(self) -> bool:
        return self.lines_read >= self.lines

    @property
    def percent(self) -> int:
        return 100 if not self.lines else min(100, self.lines_read * 100 // self.lines)

    @property
    def ranges(self) -> str:
        return format_ranges(self.seen)


def line_count(text: str) -> int:
    """Lines to read (a trailing empty line does not count)."""
    return text.rstrip("\n").count("\n") + 1


def line_words(text: str) -> list[int]:
    """Words on each line (index 0: line 1)."""
    return [len(WORD.findall(line)) for line in text.rstrip("\n").split("\n")]


def parse_ranges(value: str, limit: int) -> set[int]:
    """``"1-3,7"`` -> ``{1, 2, 3, 7}`` (malformed parts are ignored; lines beyond ``limit`` dropped)."""
    lines: set[int] = set()
    for part in (value or "")[:100_000].split(","):
        low, _, high = part.strip().partition("-")
        if not low.isdigit() or (high and not high.isdigit()):
            continue
        first, last = int(low), int(high or low)
        last = min(last, limit)
        if 1 <= first <= last:
            lines.update(range(first, last + 1))
    return lines


def format_ranges(lines: Iterable[int]) -> str:
    ordered = sorted(set(lines))
    parts, i = [], 0
    while i < len(ordered):
        j = i
        while j + 1 < len(ordered) and ordered[j + 1] == ordered[j] + 1:
            j += 1
        parts.append(str(ordered[i]) if i == j else f"{ordered[i]}-{ordered[j]}")
        i = j + 1
    return ",".join(parts)


def _of(progress: ReadingProgress | None, lines: int) -> Reading:
    seen = frozenset(parse_ranges(progress.seen, lines)) if progress is not None else frozenset()
    return Reading(len(seen), lines, seen, words_per_minute())


def reading(document: Document, user) -> Reading:
    """Which lines ``user`` has read of ``document``."""
    progress = ReadingProgress.objects.filter(document=document, user=user).first() if user.is_authenticated else None
    return _of(progress, line_count(document.text))


def seen_now(document: Document, user) -> str:
    """The lines ``user`` has read, as ranges (what a bulk decision records)."""
    return reading(document, user).ranges


def page_stamp(document: Document, user) -> str:
    """A signed "the page was shown now", for :func:`note_reading` (a post cannot claim an earlier time)."""
    return signing.Signer(salt=STAMP_SALT).sign_object({"d": document.pk, "u": user.pk, "t": time.time()})


def _stamp_time(stamp: str, document_id: int, user):
    try:
        value = signing.Signer(salt=STAMP_SALT).unsign_object(stamp or "")
    except (signing.BadSignature, ValueError, TypeError):
        return None
    if not isinstance(value, dict) or value.get("d") != document_id or value.get("u") != user.pk:
        return None
    return datetime.fromtimestamp(float(value.get("t", 0)), tz=dt_timezone.utc)


def _save(progress: ReadingProgress, seen: set[int], **fields) -> bool:
    """Store the lines read unless another post changed them since ``progress`` was read (then
    False: read again). One short UPDATE, no transaction held across reads (SQLite's single writer)."""
    values = {"seen": format_ranges(seen), "lines_read": len(seen), "updated_at": timezone.now(), **fields}
    stored = ReadingProgress.objects.filter(pk=progress.pk, seen=progress.seen).update(**values)
    for name, value in values.items():
        setattr(progress, name, value)
    return bool(stored)


def _progress(document_id: int, user) -> ReadingProgress:
    return ReadingProgress.objects.get_or_create(document_id=document_id, user=user)[0]


def mark_read(document_id: int, user, through_line: int) -> Reading:
    """Record that ``user`` has read lines 1..``through_line`` (a trusted caller: the review-effort
    benchmark's reviewer, tests). The screen's posts go through :func:`note_reading`."""
    document = Document.objects.only("text").get(pk=document_id)
    lines = line_count(document.text)
    for _ in range(5):  # another post changed the lines meanwhile: read them again
        progress = _progress(document_id, user)
        seen = parse_ranges(progress.seen, lines) | set(range(1, max(0, min(int(through_line), lines)) + 1))
        if _save(progress, seen):
            break
    return _of(progress, lines)


def note_reading(document_id: int, user, *, stepped: Iterable[int] = (), viewed: Iterable[int] = (),
                 stamp: str = "") -> Reading:
    """Credit the lines the screen saw read: ``stepped`` (a mention on the line was stepped to:
    counted when the line holds one) and ``viewed`` (in view long enough: counted in order while
    their words fit in the time since the last credit, or since the page was shown)."""
    document = Document.objects.only("text").get(pk=document_id)
    text = document.text
    lines, words, starts = line_count(text), line_words(text), line_starts(text)
    with_mentions = {bisect.bisect_right(starts, s) for s in
                     Mention.objects.filter(document_id=document_id).values_list("start", flat=True)}
    shown_at = _stamp_time(stamp, document_id, user)
    rate = words_per_minute() / 60 * SLACK  # words a second
    for _ in range(5):  # another post changed the lines meanwhile: read them again
        progress = _progress(document_id, user)
        seen = parse_ranges(progress.seen, lines)
        added = {n for n in stepped if n in with_mentions} - seen
        now = timezone.now()
        since = [t for t in (progress.read_at, shown_at) if t is not None]
        elapsed = max(0.0, (now - max(since)).total_seconds()) if since else 0.0
        allowance = ALLOWANCE if progress.read_at is None else 0
        budget = elapsed * rate + allowance
        credited = False
        for number in sorted({n for n in viewed if 1 <= n <= lines} - seen - added):
            if words[number - 1] > budget:
                break
            budget -= words[number - 1]
            added.add(number)
            credited = True
        if not added:
            return Reading(len(seen), lines, frozenset(seen), words_per_minute())
        # the time not spent carries to the next credit (the allowance does not)
        fields = {"read_at": now - timedelta(seconds=max(0.0, budget - allowance) / rate)} if credited else {}
        if _save(progress, seen | added, **fields):
            break
    return _of(progress, lines)
