"""The review screen's query cache: what the page shows, each part loaded with one query.

:class:`Screen` loads mentions, entities and the pseudonymized document lazily and once
per request; computed tags are cached per document version (and registry generation). The
two big lists of the page, panel A's lines and panel B's unfiltered entity list
(:meth:`Screen.lines_html`, :meth:`Screen.groups_html`), are cached piece by piece: one
cache entry per document and list maps what a line or row shows (its mentions' rows, the
row's counts and tag) to its HTML, so a read after ten reviewers' accepts re-renders only
the lines and rows they changed (Django's cache: local memory per process by default, one shared Redis cache with
``CACHE_URL``, see config/cache.py). The page reads mentions as plain rows (:class:`review.rows.MentionRow`).
Nothing here writes to the database: tags are computed without storing registry keys.
"""
from __future__ import annotations

import zlib
from collections import Counter
from functools import cached_property

from django.core.cache import cache
from django.db.models import Count
from django.utils.safestring import SafeString, mark_safe

from anonymizer.types import LABELS

from .. import registry, services, tallies, trail
from ..constants import ReviewStatus
from ..models import Document, Entity, Mention
from ..rendering import (
    computed_tags, entity_row_html, entity_rows, groups_html, line_starts, lines_html, mentions_by_line, render_lines,
    tags_by_entity,
)
from ..rows import MENTION_COLUMNS, EntityLike, EntityRow, MentionRow, Progress, entity_likes

#: the entity list's filters (query parameters)
FILTERS = ("status", "low", "label", "q", "certainty", "source", "corpus")
DECIDED = "decided"
CHANGED_LIMIT = 50  # decisions a conflict answer replays as partial updates (more: the whole view)  # the status filter's other value besides "pending"


class Screen:
    """What the review page shows, each part loaded with one query and only when needed."""

    def __init__(self, document: Document) -> None:
        self.document = document
        self.text = document.text

    @cached_property
    def mentions(self) -> list[Mention]:
        return list(Mention.objects.filter(document=self.document).only(*MENTION_COLUMNS).order_by("start"))

    @cached_property
    def mention_rows(self) -> list[MentionRow]:
        """Every mention as a plain row, by start: what the page's two big lists need."""
        if "mentions" in self.__dict__:
            return [MentionRow.of(m) for m in self.mentions]
        rows = Mention.objects.filter(document=self.document).order_by("start").values_list(*MENTION_COLUMNS)
        return [MentionRow(*row) for row in rows]

    @cached_property
    def entities(self) -> list[EntityLike]:
        return entity_likes(Entity.objects.filter(document=self.document))

    @cached_property
    def entity_by_pk(self) -> dict[int, EntityLike]:
        return {e.pk: e for e in self.entities}

    def mention(self, pk: int | None) -> Mention | None:
        if pk is None:
            return None
        if "mentions" in self.__dict__:
            return next((m for m in self.mentions if m.pk == pk), None)
        return Mention.objects.filter(document=self.document, pk=pk).only(*MENTION_COLUMNS).first()

    def tags(self) -> dict[int, str]:
        """Computed tags from the cache (possibly one action old; the page refreshes them)."""
        cached = cache.get(tags_key(self.document))
        return cached[1] if cached else {}

    def fresh_tags(self) -> dict[int, str]:
        """Computed tags for the current version: from the last computed ones when only statuses that
        show no new key changed since (:meth:`_tags_since`), else by pseudonymizing the whole document."""
        cached = cache.get(tags_key(self.document))
        # a consistent corpus's registry may change from another document: part of the stamp
        version = self._stamp(registry.generation(self.document.corpus_id))
        if cached and cached[0] == version:
            return cached[1]
        tags, tagged = self._tags_since(cached, version) or self._all_tags()
        cache.set(tags_key(self.document), (version, tags, tagged), 3600)
        return tags

    def _all_tags(self) -> tuple[dict[int, str], dict[int, tuple[int, str]]]:
        """Tags per entity, and ``mention pk -> (entity pk, tag text)`` in text order."""
        result, used = self.pseudo
        tagged = {m.pk: (self.entities[r.entity].pk, r.tag_text)
                  for r, m in zip(result.replacements, used) if r.entity is not None}
        return computed_tags(result, self.entities), tagged

    def _tags_since(self, cached, version: tuple):
        """The cached tags carried to ``version`` when every decision since only changed statuses in a way
        that shows no new registry key (:func:`registry.statuses_keep_keys`), on the same registry: each
        mention still tagged keeps its tag text, a rejected one drops out. None: compute them all."""
        if not cached or len(cached) < 3 or cached[0][1:] != version[1:] or cached[0][0] > version[0]:
            return None
        moves = services.status_moves_since(self.document.pk, cached[0][0])
        if moves is None or not registry.statuses_keep_keys(self.document, moves.values()):
            return None
        dropped = {pk for pk, (_, new) in moves.items() if new == ReviewStatus.REJECTED}
        tagged = {pk: tag for pk, tag in cached[2].items() if pk not in dropped}
        return tags_by_entity(tagged.values()), tagged

    @cached_property
    def pseudo(self):
        """The document as it would be exported now; registry numbers computed, never stored."""
        return registry.document_pseudonymized(self.document, self.entities, self.mention_rows, store=False)

    def rows(self, only: set[int] | None = None) -> list[EntityRow]:
        if only is None:
            return entity_rows(self.text, self.entities, self.mention_rows, self.tags())
        if "mentions" in self.__dict__ or "mention_rows" in self.__dict__:
            entities = [e for e in self.entities if e.pk in only]
            mentions = [m for m in self._loaded() if m.entity_id in only]
        else:
            entities = entity_likes(Entity.objects.filter(document=self.document, pk__in=only))
            found = Mention.objects.filter(document=self.document, entity_id__in=only).order_by("start")
            mentions = [MentionRow(*row) for row in found.values_list(*MENTION_COLUMNS)]
        return entity_rows(self.text, entities, mentions, self.tags())

    def groups(self, filters: dict[str, str] | None = None) -> list[tuple[str, list[EntityRow]]]:
        rows = [r for r in self.rows() if keep(r, filters or {})]
        order = {label: i for i, label in enumerate(LABELS)}
        groups: dict[str, list[EntityRow]] = {}
        for row in sorted(rows, key=lambda r: order.get(r.label, len(order))):
            groups.setdefault(row.label, []).append(row)
        return list(groups.items())

    def progress(self) -> Progress:
        if (tally := tallies.loaded(self.document)) is not None:  # an action's answer: counted by its decision
            counts = {s: 0 for s in ReviewStatus.values}
            for _, status, _, _, n in tally.cells:
                counts[status] += n
        elif "mentions" in self.__dict__ or "mention_rows" in self.__dict__:
            counts = {s: 0 for s in ReviewStatus.values}
            for m in self._loaded():
                counts[m.status] += 1
        else:
            counts = {s: 0 for s in ReviewStatus.values} | dict(
                Mention.objects.filter(document=self.document).values_list("status").annotate(n=Count("id")).order_by()
            )
        return Progress(sum(counts.values()), counts[ReviewStatus.PENDING], counts[ReviewStatus.ACCEPTED],
                        counts[ReviewStatus.REJECTED])

    def pending_counts(self, selection: "services.PendingFilter") -> tuple[int, dict[str, int]]:
        """How many pending mentions ``selection`` covers, and the pending mentions per label (an
        action's answer takes them from the tally its decision stored, or counts them in the database
        instead of loading every mention)."""
        tally = tallies.loaded(self.document)
        if tally is not None and not selection.certainties and not selection.by_entity:  # the tally has neither
            pending = [cell for cell in tally.cells if cell[1] == ReviewStatus.PENDING]
            labels: Counter = Counter()
            for label, _, _, _, n in pending:
                labels[label] += n
            count = sum(n for label, _, _, sources, n in pending if selection.matches(label, 0, sources, 0))
            return count, dict(labels)
        if "mentions" in self.__dict__ or "mention_rows" in self.__dict__:
            pending = [m for m in self._loaded() if m.status == ReviewStatus.PENDING]
            count = sum(selection.matches(m.label, m.confidence, m.sources, m.entity_id) for m in pending)
            return count, dict(Counter(m.label for m in pending))
        return services.pending_counts(self.document, selection)

    def lines(self, numbers: set[int]) -> list:
        """Just the given lines, reading only the mentions between the first and the last."""
        starts = line_starts(self.text)
        low = starts[min(numbers) - 1]
        high = starts[max(numbers)] if max(numbers) < len(starts) else len(self.text) + 1
        mentions = Mention.objects.filter(document=self.document, start__gte=low, start__lt=high).order_by("start")
        return render_lines(self.text, [MentionRow(*row) for row in mentions.values_list(*MENTION_COLUMNS)], numbers)

    def _loaded(self) -> list:
        """The mentions already read in this request (model instances or plain rows)."""
        return self.__dict__.get("mentions") or self.mention_rows

    def next_pending(self) -> MentionRow | None:
        return next((m for m in self.mention_rows if m.status == ReviewStatus.PENDING), None)

    def changed_since(self, version: int) -> tuple[list[tuple[int, int]], set[int]] | None:
        """Text spans and entity rows that status decisions changed after ``version`` (a stale client's
        view); None when anything else changed: then the client needs the whole view again."""
        ids = services.changed_since(self.document.pk, version)
        if ids is None:
            return None
        found = Mention.objects.filter(document=self.document, pk__in=ids).values_list("start", "end", "entity_id")
        return [(start, end) for start, end, _ in found], {entity for _, _, entity in found}

    def lines_html(self) -> SafeString:
        """Panel A, every line highlighted; only lines whose mentions changed since the last read are rendered."""
        on_line = mentions_by_line(self.text, self.mention_rows)
        # a line's number and its mentions' rows: all its HTML shows (plain tuples: cheap to pickle)
        keys = [(number, tuple(map(tuple, mentions))) for number, mentions in enumerate(on_line, start=1)]

        def build(missing: list) -> dict:
            numbers = {number for number, _ in missing}
            mentions = [m for number in sorted(numbers) for m in on_line[number - 1]]
            return {keys[line.number - 1]: str(lines_html([line])) for line in render_lines(self.text, mentions, numbers)}

        return mark_safe("\n".join(self._pieces("lines", keys, build)))

    def groups_html(self, filters: dict[str, str] | None = None) -> SafeString:
        """Panel B's entity list; unfiltered, only rows whose counts or tags changed since the last read are rendered."""
        if filters:
            return groups_html(self.groups(filters))
        groups = self.groups()
        rows = {row.state(): row for _, group in groups for row in group}
        html = dict(zip(rows, self._pieces("groups", list(rows), lambda missing: {
            state: entity_row_html(rows[state]) for state in missing})))
        return groups_html(groups, row_html=lambda row: html[row.state()])

    def _stamp(self, *extra) -> tuple:
        """What a cached part of this document depends on: its version and last save (a database
        id can come back after a delete, with version 1 again), plus ``extra``."""
        return (*trail.stamp(self.document.version, self.document.updated_at), *extra)

    def _pieces(self, part: str, keys: list, build) -> list[str]:
        """The HTML of each key (what a piece shows), from one cache entry per document and part;
        ``build(missing keys)`` renders the rest, and the entry then holds just these keys. A
        database id can come back after a delete: the entry is stamped with the last save and text."""
        key = f"review:{part}:{self.document.pk}"
        stamp = (str(self.document.updated_at), zlib.crc32(self.text.encode()))
        hit = cache.get(key)
        known = hit[1] if hit and hit[0] == stamp else {}
        missing = [k for k in keys if k not in known]
        if missing:
            known = {**known, **build(missing)}
        pieces = [known[k] for k in keys]
        if missing or len(known) != len(keys):
            cache.set(key, (stamp, dict(zip(keys, pieces))), 3600)
        return pieces

    def same_label(self, label: str, exclude: int) -> list[EntityLike]:
        """Other entities with this label that still have mentions, by name (move and merge targets)."""
        entities = Entity.objects.filter(document=self.document, label=label, mentions__isnull=False).exclude(pk=exclude)
        return sorted(entity_likes(entities.distinct()), key=lambda e: e.name.casefold())


def tags_key(document: Document) -> str:
    return f"review:tags:{document.pk}"


def keep(row: EntityRow, filters: dict[str, str]) -> bool:
    """Whether an entity row passes the list's filters (status, low confidence, label, certainty and source
    of one of its mentions, text): the entities whose pending mentions a bulk accept under the same filters
    may take (:func:`review.views.common.bulk_selection`)."""
    if filters.get("status") == ReviewStatus.PENDING and not row.pending:
        return False
    if filters.get("status") == DECIDED and row.pending:
        return False
    if filters.get("low") and not (row.pending and row.lowest == 3):
        return False
    if filters.get("corpus") == "known" and not row.known:  # corpus knowledge: "known from the corpus"
        return False
    if filters.get("corpus") == "dismissed" and not row.dismissed:  # "dismissed by the corpus"
        return False
    if filters.get("corpus") == "rejected" and not row.rejected_before:  # "rejected before in this corpus"
        return False
    if filters.get("label") and row.label != filters["label"]:
        return False
    certainty = filters.get("certainty", "")
    if certainty.isdigit() and len(certainty) < 10 and int(certainty) not in row.certainties:  # as parse_int reads it
        return False
    if filters.get("source") and filters["source"] not in row.sources:
        return False
    query = filters.get("q", "").casefold()
    return not query or any(query in v.casefold() for v in (row.name, row.shown_tag, *row.variants))
