"""Bringing transcripts in: uploads become documents; an automatic pass becomes mentions."""
from __future__ import annotations

import dataclasses
import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from django.conf import settings
from django.db import DatabaseError, IntegrityError, connection, transaction
from django.db.models import Q
from django.db.models.functions import Length

from anonymizer import ingest, lang
from anonymizer.errors import plain
from anonymizer.types import Analysis, Config, Header

from .. import audio, tallies
from ..constants import CorpusMark, ReviewStatus
from ..models import Corpus, Document, Entity, Mention
from ..uploads import Chunked, Sized, digest, is_sized, pieces, read_limited, same_bytes, too_large
from .knowledge import learn_and_apply
from .text import overlaps

log = logging.getLogger(__name__)

ALLOWED_SUFFIXES = ingest.SUFFIXES  # what the pass reads (one home: anonymizer.ingest)
UNTITLED = "untitled upload"  # the title of a file whose name has nothing before its suffix (" .pdf")
_NAME_LENGTH = 255  # Document.title and Document.original_name


def upload_name(filename: str) -> tuple[str, str, str]:
    """(name kept, title, suffix) of an uploaded file name: no folder, no control or NUL character
    (PostgreSQL refuses NUL), runs of white space one space, at most 255 characters; the title is the
    name without its suffix, ``UNTITLED`` when nothing is left (" .pdf", ".txt")."""
    name = "".join(c for c in Path(str(filename).replace("\\", "/")).name if c.isprintable() or c.isspace())
    name = " ".join(name.split())
    suffix = ingest.suffix(name)  # the type the pass will read it as: ".txt" alone too
    stem = name[: len(name) - len(suffix)].strip(" .")
    if len(name) > _NAME_LENGTH:
        stem = stem[: _NAME_LENGTH - len(suffix)].rstrip()
        name = stem + name[len(name) - len(suffix):]
    return name, stem or UNTITLED, suffix


def config_from_settings(corpus: Corpus | None = None) -> Config:
    """The anonymizer's one config object, built from Django settings (and the corpus)."""
    values = dict(settings.ANONYMIZER)
    known = {field.name for field in dataclasses.fields(Config)}  # the speech settings the core takes
    values.update({k: v for k, v in settings.SPEECH.items() if k in known and v not in ("", None)})
    if corpus is not None:
        values["whitelist_terms"] = corpus.whitelist()
        values["style"] = corpus.tag_style
        values["language"] = corpus.language or lang.AUTO  # blank: the pass guesses each document's
    return Config(**values)


@dataclass(frozen=True)
class UploadError:
    filename: str
    reason: str


def create_documents(
    corpus: Corpus, files: Iterable[tuple[str, bytes | Chunked]], limit: int | None = None,
) -> tuple[list[Document], list[UploadError]]:
    """Store uploaded files as documents (status uploaded), one file in memory at a time; bad names,
    files past ``limit`` bytes (an upload is read in chunks and refused as soon as it passes it) and
    files already in the corpus (same bytes: an earlier upload, one of this batch, or one stored at
    this very moment by another upload: a unique constraint decides) are refused, others go on.
    The documents returned do not hold their bytes (``original`` is deferred)."""
    limit = settings.MAX_UPLOAD_BYTES if limit is None else limit
    created: list[Document] = []
    errors: list[UploadError] = []
    files = [(upload_name(filename), content) for filename, content in files]
    sounds, aligned = audio.suffixes()
    recordings = {title.casefold() for (_, title, suffix), _ in files if suffix in sounds}
    # a time-aligned transcript beside its recording (same name before the suffix) goes with it
    sidecars = {title.casefold(): (name, content) for (name, title, suffix), content in files
                if suffix in aligned and title.casefold() in recordings}
    for (name, title, suffix), content in files:
        if suffix in aligned and title.casefold() in recordings:
            continue  # imported with its recording
        try:
            outcome = _import_file(corpus, (name, title, suffix), content, limit, sidecars.get(title.casefold()))
        except DatabaseError:
            raise  # the database is away: the whole upload says so (views.common's outage page)
        except Exception as exc:  # noqa: BLE001 - one hostile file costs its own line, never the others
            log.error("upload into corpus %s: a file could not be imported (%s)", corpus.pk, type(exc).__name__)
            outcome = UploadError(name, f"could not be imported: {plain(exc)} (the server log names it); the other files went on")
        (errors if isinstance(outcome, UploadError) else created).append(outcome)
    return created, errors


def _import_file(corpus: Corpus, named: tuple[str, str, str], content: bytes | Chunked, limit: int,
                 sidecar: tuple[str, bytes | Chunked] | None) -> Document | UploadError:
    name, title, suffix = named
    sounds, aligned = audio.suffixes()
    if suffix in sounds:
        return _import_recording(corpus, name, title, content, limit, sidecar)
    if suffix in aligned:
        return UploadError(name, f"a time-aligned transcript ({', '.join(aligned)}) needs its recording "
                                 "(the same name, an audio file) in the same upload; nothing was imported")
    if suffix not in ALLOWED_SUFFIXES:
        return UploadError(name, f"unsupported file type (upload .pdf, .txt or a recording: {', '.join(sounds)})")
    if suffix == ".txt":  # the pass refuses a text past MAX_TEXT_BYTES: refused here, never stored and queued for it
        limit = min(limit, settings.ANONYMIZER["max_text_bytes"])
    return _import_one(corpus, name, title, content, limit)


def _import_one(corpus: Corpus, name: str, title: str, content: bytes | Chunked, limit: int) -> Document | UploadError:
    """One file (its bytes live only while this runs; a Django upload is read a piece at a time)."""
    if not isinstance(content, bytes) and not is_sized(content):
        content = read_limited(content, limit)  # no size known: read into memory, bounded
        if content is None:
            return UploadError(name, too_large(limit))
    size = len(content) if isinstance(content, bytes) else content.size
    if size > limit:
        return UploadError(name, too_large(limit))
    if not size:
        return UploadError(name, "empty file")
    document, new = _store(corpus, name, title, content, size)
    if new:
        return document
    return UploadError(name, f"the same file as document '{document.title}' (id {document.pk}) of this corpus; "
                             "not imported again (Retry or re-run that document instead)")


def _import_recording(corpus: Corpus, name: str, title: str, content: bytes | Chunked, limit: int,
                      sidecar: tuple[str, bytes | Chunked] | None) -> Document | UploadError:
    """One recording, and the time-aligned transcript beside it (then used instead of speech recognition):
    read within ``limit``, probed (corrupt, empty, silent, unsupported or past ``AUDIO_MAX_SECONDS``: one
    line naming the file), the sidecar read against the recording's duration; the recording is stored as a
    file under ``AUDIO_ROOT`` (:mod:`review.audio`), the sidecar with the document."""
    from anonymizer import speech
    from anonymizer.errors import IngestError

    data = content if isinstance(content, bytes) else read_limited(content, limit)
    if data is None or len(data) > limit:
        return UploadError(name, too_large(limit))
    if not data:
        return UploadError(name, "empty file")
    try:
        info = speech.probe(data, name, config_from_settings(corpus).audio_max_seconds, settings.AUDIO_PROBE_SECONDS)
    except IngestError as exc:
        return UploadError(name, exc.reason)
    fields = {"audio_file": lambda data: audio.store(data, ingest.suffix(name)), "audio_seconds": info.duration}
    if sidecar is not None:
        side_name, side = sidecar
        side = side if isinstance(side, bytes) else read_limited(side, limit)
        if side is None or len(side) > limit:
            return UploadError(side_name, too_large(limit) + f" (its recording {name} was not imported either)")
        try:
            speech.read_aligned(side, side_name, info.duration)
        except IngestError as exc:
            return UploadError(side_name, f"{exc.reason} (its recording {name} was not imported either)")
        fields.update(sidecar=side, sidecar_name=side_name)
    document, new = _store(corpus, name, title, data, len(data), **fields)
    if new:
        return document
    return UploadError(name, f"the same recording as document '{document.title}' (id {document.pk}) of this corpus; "
                             "not imported again (Retry or re-run that document instead)")


def _store(corpus: Corpus, name: str, title: str, content: bytes | Sized, size: int, **fields) -> tuple[Document, bool]:
    """(the new document, True), or (the document of ``corpus`` already holding exactly ``content``, False).
    ``fields``: a recording's (``content`` is then its bytes, stored as a file under ``AUDIO_ROOT``)."""
    sha = digest(content)
    same = _same_content(corpus, sha, content, size)
    if same is not None:
        return same, False
    if "audio_file" in fields:
        fields["audio_file"] = fields["audio_file"](content)  # the file first, then its row
    try:
        with transaction.atomic():
            document = Document.objects.create(corpus=corpus, title=title, original_name=name,
                                               original=b"", content_sha256=sha, **fields)
            if "audio_file" not in fields:
                _write_original(document.pk, content)
    except IntegrityError:  # the same bytes stored by another upload since the look above
        same = _same_content(corpus, sha, content, size)
        if same is None:
            raise
        return same, False
    del document.original  # deferred from now on: a batch never holds every file in memory
    return document, True


def _write_original(pk: int, content: bytes | Sized) -> None:
    """Store a new document's bytes. On PostgreSQL a piece at a time (``uploads.PIECE``), each one
    binary parameter of a server-side bound statement: Django's psycopg cursor binds on the client,
    writing the bytes into the query as hex text (twice their size, copied again into the query and
    its encoding): a 48 MB upload took the web worker 430 MB more, nine times the file
    (benchmarks/upload_memory.py). Elsewhere (SQLite) the bytes in one update."""
    if connection.vendor != "postgresql":
        if not isinstance(content, bytes):
            content.seek(0)
        data = content if isinstance(content, bytes) else content.read()  # one read, one copy
        Document.objects.filter(pk=pk).update(original=data)
        return
    import psycopg

    connection.ensure_connection()
    table, column = Document._meta.db_table, Document._meta.get_field("original").column
    with psycopg.Cursor(connection.connection) as cursor:  # the same connection and transaction
        for piece in pieces(content):
            cursor.execute(f'UPDATE "{table}" SET "{column}" = "{column}" || %b WHERE "id" = %s', [piece, pk])


def _same_content(corpus: Corpus, sha: str, content: bytes | Sized, size: int) -> Document | None:
    """The document of ``corpus`` (not a second copy) holding exactly ``content``: by its hash, or by
    its bytes for a document stored without one (made by another path, or a copy older than the
    check): those of the same length, compared here one at a time (the bytes never go into a query)."""
    rows = Document.objects.filter(corpus=corpus, twin__isnull=True)
    found = rows.filter(content_sha256=sha).only("title").order_by("pk").first()
    unhashed = (rows.filter(content_sha256="").annotate(size=Length("original")).filter(size=size)
                .order_by("pk").values_list("pk", flat=True))
    for pk in unhashed:
        if found is not None and found.pk < pk:
            break
        if same_bytes(bytes(Document.objects.values_list("original", flat=True).get(pk=pk)), content):
            return Document.objects.only("title").get(pk=pk)
    return found


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
    from anonymizer.ingest import as_read

    document = Document.objects.select_for_update().select_related("corpus").get(pk=document.pk)
    transcript = analysis.transcript
    # undecided: pending automatic mentions and those the corpus dismissed (knowledge re-applies)
    machine = Q(status=ReviewStatus.PENDING, origin=Mention.Origin.AUTO) | Q(
        status=ReviewStatus.REJECTED, origin=Mention.Origin.AUTO, corpus_mark=CorpusMark.DISMISSED)
    # a text stored before line breaks were made \n and bidi overrides embeddings (anonymizer.ingest.as_read,
    # one character for one) is the same text: its decided mentions keep their offsets and it is stored as read now
    if document.text and as_read(document.text) != transcript.text:
        decided = document.mentions.exclude(machine)
        if decided.exists():
            raise ValueError("document text changed under decided mentions; refusing to re-annotate")
    document.text = transcript.text
    document.header = transcript.header.as_dict() if transcript.header else None
    document.title_end = transcript.title_end
    document.word_count = len(transcript.text.split())
    document.language = analysis.language

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
    drop_unmentioned_entities(document)
    applied = learn_and_apply(document)  # corpus knowledge: known forms, learned dismissals

    has_decisions = bool(kept)
    document.status = Document.Status.IN_REVIEW if has_decisions else Document.Status.READY
    document.progress, document.progress_stage = 1.0, "done"
    document.failure_reason = ""
    document.save()
    document.bump_version()
    tallies.refresh([document.pk])
    return {"mentions": len(rows), "kept": len(kept), "dropped": dropped, **{f"corpus_{k}": v for k, v in applied.items()}}


#: entity ids per DELETE statement (SQLite allows 999 parameters in old builds)
_DELETE_BATCH = 500


def drop_unmentioned_entities(document: Document) -> int:
    """Delete the entities of ``document`` no mention refers to any more; returns how many.

    ``document.entities.filter(mentions__isnull=True).delete()`` let Django's collector select the
    mentions of every such entity (``entity_id IN`` thousands of ids, joined to the documents and
    corpora for the default ordering) to cascade a delete that has nothing to cascade: on a 37,000-word
    hearing PostgreSQL ran that SELECT 40 s at full CPU after a bulk insert left its statistics behind.
    Here the ids come from two scans by document, and one DELETE per batch of ids removes only those
    still without a mention (``NOT EXISTS`` on the indexed ``entity_id``): no join, no collector."""
    used = set(Mention.objects.filter(document=document).order_by().values_list("entity_id", flat=True).distinct())
    gone = [pk for pk in Entity.objects.filter(document=document).order_by().values_list("pk", flat=True)
            if pk not in used]
    entity, mention = connection.ops.quote_name(Entity._meta.db_table), connection.ops.quote_name(Mention._meta.db_table)
    deleted = 0
    with connection.cursor() as cursor:
        for first in range(0, len(gone), _DELETE_BATCH):
            batch = gone[first:first + _DELETE_BATCH]
            cursor.execute(
                f"DELETE FROM {entity} WHERE {entity}.id IN ({', '.join(['%s'] * len(batch))}) "
                f"AND NOT EXISTS (SELECT 1 FROM {mention} WHERE {mention}.entity_id = {entity}.id)", batch)
            deleted += cursor.rowcount
    return deleted


def header_of(document: Document) -> Header | None:
    return Header.from_dict(document.header)


def ensure_corpus(name: str) -> Corpus:
    corpus, _ = Corpus.objects.get_or_create(name=name)
    return corpus
