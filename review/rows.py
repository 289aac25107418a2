"""The plain row types the review app passes between modules (no queries, no HTML).

The registry and the export tag documents from these; rendering draws them.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple, Protocol

from .constants import MIXED, ReviewStatus


class MentionLike(Protocol):
    pk: int
    start: int
    end: int
    label: str
    confidence: int
    status: str
    origin: str
    entity_id: int
    corpus_mark: str


@dataclass(frozen=True)
class EntityLike:
    pk: int
    label: str
    category: str
    name: str
    tag: str


#: The columns :class:`MentionLike` and :class:`EntityLike` read.
MENTION_COLUMNS = ("id", "start", "end", "label", "confidence", "status", "origin", "entity_id", "sources",
                   "corpus_mark")


class MentionRow(NamedTuple):
    """A mention as a plain, hashable row of :data:`MENTION_COLUMNS` (a :class:`MentionLike`): loading
    thousands is several times cheaper than model instances, and a line's rows key its cached HTML."""

    pk: int
    start: int
    end: int
    label: str
    confidence: int
    status: str
    origin: str
    entity_id: int
    sources: str
    corpus_mark: str

    @classmethod
    def of(cls, mention) -> "MentionRow":
        return cls(*(getattr(mention, "pk" if column == "id" else column) for column in MENTION_COLUMNS))
ENTITY_COLUMNS = ("id", "label", "category", "name", "tag", "order")


def entity_likes(queryset) -> list[EntityLike]:
    """Entity rows of a queryset, in entity order (one query)."""
    return [EntityLike(*row[:5]) for row in queryset.order_by("order", "id").values_list(*ENTITY_COLUMNS)]


@dataclass
class EntityRow:
    pk: int
    label: str
    category: str
    name: str
    tag: str  # the human override ("" = computed)
    computed_tag: str = ""
    variants: list[str] = field(default_factory=list)
    total: int = 0
    pending: int = 0
    accepted: int = 0
    rejected: int = 0
    lowest: int = 1  # worst confidence among its pending mentions (3 = low)
    known: int = 0  # pending mentions known from the corpus (review.services.knowledge)
    dismissed: int = 0  # mentions the corpus dismissed (rejected, restorable)
    rejected_before: int = 0  # pending mentions of a form people rejected here in an earlier document
    certainties: set[int] = field(default_factory=set)  # its mentions' certainties (panel B's certainty filter)
    sources: set[str] = field(default_factory=set)  # its mentions' sources, each of an ``a+b`` list (source filter)

    @property
    def status(self) -> str:
        if self.pending:
            return ReviewStatus.PENDING.value
        if self.accepted == self.total:
            return ReviewStatus.ACCEPTED.value
        if self.rejected == self.total:
            return ReviewStatus.REJECTED.value
        return MIXED

    @property
    def shown_tag(self) -> str:
        return self.tag or self.computed_tag

    def state(self) -> tuple:
        """Everything the row's HTML shows (a cache key)."""
        return (self.pk, self.label, self.category, self.name, self.tag, self.computed_tag, tuple(self.variants),
                self.total, self.pending, self.accepted, self.rejected, self.lowest, self.known, self.dismissed,
                self.rejected_before, tuple(sorted(self.certainties)), tuple(sorted(self.sources)))

    @property
    def decided(self) -> int:
        return self.total - self.pending


@dataclass(frozen=True)
class Progress:
    total: int
    pending: int
    accepted: int
    rejected: int

    @property
    def decided(self) -> int:
        return self.total - self.pending

    @property
    def percent(self) -> int:
        return round(100 * self.decided / self.total) if self.total else 100
