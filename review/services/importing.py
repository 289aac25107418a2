"""Bringing transcripts in: uploads become documents; an automatic pass becomes mentions."""
from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from django.conf import settings
from django.db import transaction
from django.db.models import Q

from anonymizer.types import Analysis, Config, Header

from .. import tallies
from ..constants import CorpusMark, ReviewStatus
from ..models import Corpus, Document, Entity, Mention
from .knowledge import learn_and_apply
from .text import overlaps

log = logging.getLogger(__name__)

ALLOWED_SUFFIXES = (".pdf", ".txt")


def config_from_settings(corpus: Corpus | None = None) -> Config:
    """The anonymizer's one config object, built from Django settings (and the corpus)."""
    values = dict(settings.ANONYMIZER)
    if corpus is not None:
        values["whitelist_terms"] = corpus.whitelist()
        values["style"] = corpus.tag_style
    return Config(**values)


@dataclass(frozen=True)
class UploadError:
    filename: str
    reason: str


def create_documents(
    corpus: Corpus, files: Iterable[tuple[str, bytes]]
) -> tuple[list[Document], list[UploadError]]:
    """Store uploaded files as documents (status uploaded); bad names and files already in the
    corpus (same bytes: an earlier upload or one of this batch) are refused, others go on."""
    created: list[Document] = []
    errors: list[UploadError] = []
    for filename, data in files:
        name = Path(filename).name
        if Path(name).suffix.lower() not in ALLOWED_SUFFIXES:
            errors.append(UploadError(name, "unsupported file type (upload .pdf or .txt)"))
            continue
        if not data:
            errors.append(UploadError(name, "empty file"))
            continue
        same = _same_content(corpus, data, created)
        if same is not None:
            errors.append(UploadError(name, f"the same file as document '{same.title}' (id {same.pk}) of this corpus; "
                                            "not imported again (Retry or re-run that document instead)"))
            continue
        with transaction.atomic():
            created.append(
                Document.objects.create(corpus=corpus, title=Path(name).stem, original_name=name, original=data)
            )
    return created, errors


def _same_content(corpus: Corpus, data: bytes, batch: list[Document]) -> Document | None:
    """A document of ``corpus`` (not a second copy) or of this batch holding exactly ``data``."""
    for document in batch:
        if bytes(document.original) == data:
            return document
    # the database compares the bytes (PostgreSQL's bytea equality checks the lengths first)
    return Document.objects.filter(corpus=corpus, twin__isnull=True, original=data).only("title").order_by("pk").first()


def mark_queued(document: Document) -> None:
    Document.objects.filter(pk=document.pk).update(
        status=Document.Status.QUEUED, progress=0.0, progress_stage="queued", failure_reason=""
    )
    document.refresh_from_db(fields=["status", "progress", "progress_stage", "failure_reason"])


@transaction.atomic
def apply_analysis(document: Document, analysis: Analysis) -> dict[str, int]:
    """Store an automatic pass, never losing a human decision.

    Decided mentions (accepted, rejected, or added by hand) stay exactly as they are;
    pending automatic mentions are replaced by the new ones; a new mention that overlaps a
    decided one is dropped (the human already ruled on that text). Entities are matched to
    existing ones by (label, name) so their tags survive a re-run.
    """
    document = Document.objects.select_for_update().select_related("corpus").get(pk=document.pk)
    transcript = analysis.transcript
    # undecided: pending automatic mentions and those the corpus dismissed (knowledge re-applies)
    machine = Q(status=ReviewStatus.PENDING, origin=Mention.Origin.AUTO) | Q(
        status=ReviewStatus.REJECTED, origin=Mention.Origin.AUTO, corpus_mark=CorpusMark.DISMISSED)
    if document.text and document.text != transcript.text:
        decided = document.mentions.exclude(machine)
        if decided.exists():
            raise ValueError("document text changed under decided mentions; refusing to re-annotate")
    document.text = transcript.text
    document.header = transcript.header.as_dict() if transcript.header else None
    document.title_end = transcript.title_end
    document.word_count = len(transcript.text.split())

    document.mentions.filter(machine).delete()
    kept = list(document.mentions.order_by("start").values_list("start", "end"))
    existing = {(e.label, e.name.casefold()): e for e in document.entities.all()}

    entity_rows: dict[int, Entity] = {}
    new_entities: list[Entity] = []
    for ent in analysis.entities:
        row = existing.get((ent.label, ent.name.casefold()))
        if row is None:
            row = Entity(document=document, label=ent.label, category=ent.category, name=ent.name[:255], order=ent.id)
            new_entities.append(row)
        else:
            row.order = ent.id
            row.category = ent.category
        entity_rows[ent.id] = row
    Entity.objects.bulk_create(new_entities)
    Entity.objects.bulk_update([r for r in entity_rows.values() if r not in new_entities], ["order", "category"])

    rows = []
    dropped = 0
    for m in analysis.mentions:
        if m.entity is None:
            continue
        if kept and overlaps(m.start, m.end, kept):
            dropped += 1
            continue
        rows.append(
            Mention(
                document=document,
                entity=entity_rows[m.entity],
                start=m.start,
                end=m.end,
                label=m.label,
                sources="+".join(m.sources),
                confidence=m.confidence,
                score=m.score,
            )
        )
    Mention.objects.bulk_create(rows, batch_size=1000)
    # entities left without any mention (their pending mentions were replaced) go away
    document.entities.filter(mentions__isnull=True).delete()
    applied = learn_and_apply(document)  # corpus knowledge: known forms, learned dismissals

    has_decisions = bool(kept)
    document.status = Document.Status.IN_REVIEW if has_decisions else Document.Status.READY
    document.progress, document.progress_stage = 1.0, "done"
    document.failure_reason = ""
    document.save()
    document.bump_version()
    tallies.refresh([document.pk])
    return {"mentions": len(rows), "kept": len(kept), "dropped": dropped, **{f"corpus_{k}": v for k, v in applied.items()}}


def header_of(document: Document) -> Header | None:
    return Header.from_dict(document.header)


def ensure_corpus(name: str) -> Corpus:
    corpus, _ = Corpus.objects.get_or_create(name=name)
    return corpus
