"""Double annotation: a sample of a corpus annotated twice, independently, and the agreement of the two.

A twin is a second :class:`Document` holding the same text and the *automatic* pass of its
original (every mention pending, as the pass proposed it, even when the original has
already been reviewed: the automatic values come from the audit trail). It is never
exported and never goes to the original's annotator.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from django.db import transaction

from .. import tallies
from ..constants import Action, ReviewStatus
from ..models import Corpus, Document, Entity, Mention
from .base import ActionError, record_all
from .diff import AuditTrail

TWIN_SUFFIX = " (second annotation)"


def sample(corpus: Corpus) -> list[Document]:
    """The documents the corpus setting asks to annotate twice (a fixed, seeded choice) that have no twin yet."""
    candidates = list(
        corpus.documents.filter(twin__isnull=True).exclude(text="").defer("original", "text").order_by("id")
    )
    wanted = round(len(candidates) * corpus.double_annotation)
    chosen = sorted(random.Random(corpus.pk).sample(candidates, wanted), key=lambda d: d.pk)
    twinned = set(Document.objects.filter(twin__in=chosen).values_list("twin_id", flat=True))
    return [d for d in chosen if d.pk not in twinned]


def _automatic_rows(original: Document) -> list[dict]:
    """The automatic pass of a document as it was proposed, from its mentions and its audit trail."""
    trail = AuditTrail(original)
    rows = [dict(m, entity_id=trail.was(m, "entity_id"), label=trail.was(m, "label"),
                 start=trail.was(m, "start"), end=trail.was(m, "end"))
            for m in original.mentions.filter(origin=Mention.Origin.AUTO).values(
                "pk", "start", "end", "label", "entity_id", "sources", "confidence", "score")]
    rows += [{k: row[k] for k in ("start", "end", "label", "entity_id", "sources", "confidence", "score")}
             for row, _ in trail.whitelisted if row.get("origin") == Mention.Origin.AUTO]
    return rows


def make_twin(original: Document) -> Document:
    """One independent second copy of ``original`` (unassigned, ready for review)."""
    source = Document.objects.get(pk=original.pk)
    twin = Document.objects.create(
        corpus_id=source.corpus_id, title=(source.title + TWIN_SUFFIX)[:255], original_name=source.original_name,
        original=source.original, text=source.text, header=source.header, title_end=source.title_end,
        word_count=source.word_count, status=Document.Status.READY, progress=1.0, twin=source,
        audio_file=source.audio_file, audio_seconds=source.audio_seconds, timed=source.timed,  # a recording: one file
        sidecar=source.sidecar, sidecar_name=source.sidecar_name,
    )
    rows = _automatic_rows(source)
    used = {row["entity_id"] for row in rows}
    entities = {}
    for entity in Entity.objects.filter(document=source, pk__in=used).order_by("order", "id"):
        entities[entity.pk] = Entity.objects.create(document=twin, label=entity.label, category=entity.category,
                                                    name=entity.name, order=entity.order)
    Mention.objects.bulk_create([
        Mention(document=twin, entity=entities[row["entity_id"]], start=row["start"], end=row["end"],
                label=row["label"], sources=row["sources"], confidence=row["confidence"], score=row["score"],
                status=ReviewStatus.PENDING, origin=Mention.Origin.AUTO)
        for row in rows if row["entity_id"] in entities
    ])
    return twin


@transaction.atomic
def make_twins(corpus: Corpus, by) -> list[Document]:
    """Create the twins the corpus's double-annotation share asks for; one audit row per original."""
    if not corpus.double_annotation:
        raise ActionError("Set the share of documents to annotate twice in the corpus settings first.")
    # one at a time per corpus: two clicks at once both sampled before either wrote, and every
    # original got two twins (imports only share the row's key, so they go on)
    Corpus.objects.select_for_update(no_key=True).filter(pk=corpus.pk).values_list("pk").first()
    originals = sample(corpus)
    twins = [make_twin(d) for d in originals]
    record_all(originals, by, Action.TWIN, "Created a second, independent annotation")
    tallies.refresh(t.pk for t in twins)
    return twins


def check_assignment(documents: list[Document], assignee) -> None:
    """A document and its twin never go to the same person (the second annotation must be independent)."""
    if assignee is None:
        return
    for document in documents:
        related = [document.twin_id] if document.twin_id else list(document.twins.values_list("pk", flat=True))
        if Document.objects.filter(pk__in=related, assignee=assignee).exists():
            raise ActionError(f"{assignee.get_username()} already annotates the other copy of document "
                              f"{document.pk}; the two annotations must come from different people.")


# ---------------------------------------------------------------- agreement


@dataclass(frozen=True)
class Agreement:
    """How far two annotations of one text agree."""

    original: Document
    twin: Document
    f1: float | None  # over the masked spans (start, end, label): 2|A∩B| / (|A| + |B|)
    kappa: float | None  # Cohen's kappa of accept/reject over the automatic spans both decided
    spans: int  # masked spans in either annotation
    decided: int  # automatic spans both decided


def masked(document: Document) -> set[tuple[int, int, str]]:
    return set(document.mentions.filter(status=ReviewStatus.ACCEPTED).values_list("start", "end", "label"))


def _decisions(document: Document) -> dict[tuple[int, int], bool]:
    rows = document.mentions.filter(origin=Mention.Origin.AUTO).exclude(status=ReviewStatus.PENDING)
    return {(s, e): status == ReviewStatus.ACCEPTED for s, e, status in rows.values_list("start", "end", "status")}


def cohen_kappa(pairs: list[tuple[bool, bool]]) -> float | None:
    """Cohen's kappa of two raters' yes/no over the same items (None without items or when undefined)."""
    if not pairs:
        return None
    n = len(pairs)
    observed = sum(a == b for a, b in pairs) / n
    yes_a, yes_b = sum(a for a, _ in pairs) / n, sum(b for _, b in pairs) / n
    expected = yes_a * yes_b + (1 - yes_a) * (1 - yes_b)
    return None if expected == 1 else (observed - expected) / (1 - expected)


def agreement(original: Document, twin: Document) -> Agreement:
    a, b = masked(original), masked(twin)
    f1 = 2 * len(a & b) / (len(a) + len(b)) if a or b else None
    left, right = _decisions(original), _decisions(twin)
    pairs = [(left[k], right[k]) for k in sorted(left.keys() & right.keys())]
    return Agreement(original, twin, f1, cohen_kappa(pairs), len(a | b), len(pairs))


def corpus_agreement(corpus: Corpus) -> list[Agreement]:
    """The agreement of every twin of the corpus with its original."""
    twins = corpus.documents.filter(twin__isnull=False).select_related("twin", "assignee", "twin__assignee")
    return [agreement(t.twin, t) for t in twins.defer("original", "text", "twin__original", "twin__text")]
