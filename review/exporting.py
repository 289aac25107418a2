"""Export a corpus: only approved documents, a leak gate, then two archives.

The **corpus archive** (``export-<id>.zip``, admins download it) holds exactly:

* ``manifest.json`` -- export id and time, corpus, tag style, each document (its neutral
  id ``hearing_0001``, file, version, who approved it and when, the tags it uses), software
  and model versions, the leak gate's outcome, and the SHA-256 of every other member;
* ``annotations.json`` -- the seed's format ``[{"file", "annotations": [{"start", "end",
  "label", "tag", "source"}]}]``; offsets index the *pseudonymized* text ``text/NAME.txt``
  (the span of each tag); no original text or preview is included;
* ``text/NAME.txt`` -- each document's pseudonymized text;
* ``conll/NAME.conll`` -- the same text as CoNLL-2003 style ``TOKEN TAG`` lines (BIO over
  the tag tokens, one blank line between utterances);
* ``stats.json`` and ``stats.csv`` -- the paper's Table 6 (total, average per file,
  frequency per 1,000 tokens of the original text) per label;
* for a recording (:mod:`review.audio_export`): ``audio/NAME.wav`` (or ``.flac``) -- the masked
  recording, never the original; ``subtitles/NAME.vtt`` -- the pseudonymized text, timed; and
  ``t0``/``t1`` of each of its annotations. The audio gate hears each masked recording again.

Every document is named by its neutral id (:func:`assign_neutral_ids`: ``hearing_0001``,
stable across exports of the corpus), never by its title or upload name; no title, upload
name or header field goes into the corpus archive.

The **key archive** (``export-<id>-keys.zip``, secret, admins only, never inside the
corpus archive) holds ``keys/NAME.key.json`` per document (with the upload name, title and
header of the document), ``keys/documents.json`` (neutral id -> upload name, title, header)
and ``keys/corpus.key.json`` (tag -> surface forms over the corpus; per file and tag when
tags are numbered per document). With ``KEYS_ENCRYPTION_KEY`` set it is stored encrypted
(``export-<id>-keys.zip.enc``, Fernet) and the download decrypts it on the fly.

Before anything is written, the leak gate (:mod:`review.leakgate`) searches every member
name and content of the archive for every document's identifying terms and their variants,
and runs the detectors again on every output text; any hit blocks the export (status
BLOCKED, hits in ``Export.leaks``: document, member, line, kind, snippet). An admin fixes a
finding by reopening the document (``services.reopen``) or overrides with a reason
(recorded on the export and as a Decision per document). An override covers the findings the
admin read: a run after it that finds others (a document changed) blocks again
(``gate_count.covered``). Findings and places are counted by :mod:`review.gate_count`. Snippets and keys never go into
log messages.
"""
from __future__ import annotations

import io
import json
import logging
import os
import shutil
import zipfile
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from anonymizer import export as core
from anonymizer.errors import plain
from config import backup

from . import audio_export, export_checks, export_files, export_paths, gate_count, leakgate, pipelines, registry, services
from .export_guard import NONE_APPROVED, ExportError, refuse_unapproved  # noqa: F401  (re-exported)
from .export_manifest import FORMAT, manifest, versions  # noqa: F401  (review.exporting.versions stays importable)
from .constants import Action
from .models import Corpus, Document, Entity, Export, Mention, ReviewStatus
from .rows import EntityLike

log = logging.getLogger(__name__)

#: The members every corpus archive has besides ``text/NAME.txt`` and ``conll/NAME.conll``.
FIXED_MEMBERS = ("manifest.json", "annotations.json", "stats.json", "stats.csv")




@dataclass
class Prepared:
    """One document ready to write (everything here except ``name`` and ``tags`` is secret-free)."""

    document: Document
    name: str
    text: str  # pseudonymized
    tagged: list[core.Tagged]
    sources: list[str]
    tokens: int
    key: list[dict]  # secret: original surface forms
    leaks: list[core.Leak]  # secret: snippets
    surfaces: list[tuple[str, str, int]]  # secret: (label, surface form, entity) of accepted mentions
    rejected: list[tuple[int, int]]  # where the text keeps a mention the reviewer rejected (offsets of ``text``)
    times: list | None = None  # a recording's: each tagged mention's time range (review.audio_export)
    recording: Path | None = None  # a recording's: its masked recording's file, zipped as audio/NAME.wav
    pad: float = 0.0  # a recording's: seconds masked on each side of a mention (after widening it, at most reach)
    reach: float = 0.0


# ---------------------------------------------------------------- starting and overriding


def approved_documents(corpus: Corpus):
    # a second annotation (a twin) only measures agreement: its original is the one exported
    return (corpus.documents.filter(status=Document.Status.APPROVED, twin__isnull=True).defer("original")
            .order_by("title", "id"))


@transaction.atomic
def start_export(corpus: Corpus, user) -> Export:
    """A queued export of the corpus's approved documents (run it with :func:`run_export`).

    Refused while another export of the corpus is queued or running (its row locked, so two clicks
    at the same moment are seen): a double click started two exports of the same documents, twice
    the worker's time, archives and key archives. A killed export does not hold it: recovery marks it
    interrupted (``JOB_STALE_SECONDS``).
    """
    Corpus.objects.select_for_update(no_key=True).filter(pk=corpus.pk).values_list("pk").first()
    active = corpus.exports.filter(status__in=[Export.Status.QUEUED, Export.Status.RUNNING]).order_by("pk").first()
    if active is not None:
        raise ExportError(f"Export {active.pk} of this corpus is {active.get_status_display().lower()}: wait for it "
                          "to finish, then start another.")
    documents = list(approved_documents(corpus))
    if not documents:
        raise ExportError("No approved documents in this corpus: approve documents before exporting.")
    refuse_unapproved(documents)
    export = Export.objects.create(corpus=corpus, created_by=user)
    export.documents.set(documents)
    log.info("export %s of corpus %s queued with %d documents", export.pk, corpus.pk, len(documents))
    return export


@transaction.atomic
def override(export_id: int, user, reason: str) -> Export:
    """Accept a blocked export's leak-gate hits with a reason; the caller runs it again."""
    reason = " ".join(services.typed(reason).split())
    if len(reason) < 10:
        raise ExportError("Give a reason of at least 10 characters for exporting despite the leak gate.")
    export = Export.objects.select_for_update().get(pk=export_id)
    if export.status != Export.Status.BLOCKED:
        raise ExportError("Only an export blocked by the leak gate can be overridden.")
    export.override_reason, export.overridden_by = reason[:2000], user
    export.status, export.progress = Export.Status.QUEUED, 0.0
    export.save(update_fields=["override_reason", "overridden_by", "status", "progress"])
    found = gate_count.describe(gate_count.count(export.leaks))
    services.record_all(
        list(export.documents.all()), user, Action.EXPORT_OVERRIDE,
        f"Export {export.pk} overrode the leak gate's {found}: {reason}", target=f"export:{export.pk}",
        after={"export": export.pk, "reason": reason},
    )
    log.info("export %s: leak gate overridden by user %s", export.pk, getattr(user, "pk", None))
    return export


# ---------------------------------------------------------------- running


def _progress(export: Export, fraction: float) -> None:
    Export.objects.filter(pk=export.pk).update(progress=round(max(0.0, min(1.0, fraction)), 3))


def run_export(export_id: int) -> str:
    """Prepare every document, apply the leak gate, write the archives. Returns the final status."""
    export = Export.objects.select_related("corpus", "created_by", "overridden_by").get(pk=export_id)
    Export.objects.filter(pk=export.pk).update(status=Export.Status.RUNNING, progress=0.0, failure_reason="")
    export_files.remove_partial(export.corpus_id, export.pk)  # a run killed mid-write (review.export_files)
    try:
        prepared = _prepare_all(export)
        members = archive_members(prepared)
        provisional = manifest(export, prepared, members, [], timezone.now())
        config = services.config_from_settings(export.corpus)
        whitelist = config.whitelist_terms
        leaks = gate_count.distinct([  # two detectors' hits on one span are one finding (review.gate_count)
            {"document": p.document.pk, "title": p.document.title, "member": f"text/{p.name}.txt", **leak.as_dict()}
            for p in prepared for leak in p.leaks
        ] + leakgate.scan_archive(prepared, {"manifest.json": _dumps(provisional), **members}, whitelist) + (
            audio_export.audible(prepared, whitelist, config, pipelines.get_pipeline(config).detector)))
        overridden = bool(export.override_reason)
        if leaks and overridden and not gate_count.covered(leaks, export.leaks):
            # an override covers the findings the admin read, not those a changed document brings
            said = (f"Blocked again: the override was given for {gate_count.describe(gate_count.count(export.leaks))}; "
                    "a document changed since and the leak gate found other things. Fix them or override again.")
            Export.objects.filter(pk=export.pk).update(
                status=Export.Status.BLOCKED, leaks=leaks, override_reason="", overridden_by=None, progress=1.0,
                failure_reason=said[:500], finished_at=timezone.now())
            log.warning("export %s blocked again: the leak gate found what its override did not cover: %s",
                        export.pk, gate_count.describe(gate_count.count(leaks)))
            return Export.Status.BLOCKED
        if leaks and not overridden:
            Export.objects.filter(pk=export.pk).update(
                status=Export.Status.BLOCKED, leaks=leaks, progress=1.0, finished_at=timezone.now()
            )
            log.warning("export %s blocked by the leak gate: %s", export.pk, gate_count.describe(gate_count.count(leaks)))
            return Export.Status.BLOCKED
        _write(export, prepared, members, leaks)
    except Exception as exc:  # noqa: BLE001 - any failure must end in a visible state, without text
        Export.objects.filter(pk=export.pk).update(status=Export.Status.FAILED, failure_reason=_failure(exc),
                                                   finished_at=timezone.now())
        export_files.remove_partial(export.corpus_id, export.pk)
        log.error("export %s failed with %s", export.pk, type(exc).__name__)
        return Export.Status.FAILED
    finally:
        export_files.remove_audio_parts(export.corpus_id, export.pk)  # zipped, or never to be
    log.info("export %s done: %d documents; leak gate: %s", export.pk, len(prepared),
             gate_count.describe(gate_count.count(leaks)) + (" (overridden)" if leaks else ""))
    return Export.Status.DONE


def _failure(exc: Exception) -> str:
    """What the export page says: an ExportError's or a key-encryption error's message (safe), a file error's reason (a full disk:
    never its file name), else in words (the log names the type)."""
    if isinstance(exc, ExportError):
        return str(exc)
    if isinstance(exc, backup.DecryptionError):  # its messages name the setting to fix, never data
        return f"the key archive could not be encrypted: {exc}; fix it, then export again"
    if isinstance(exc, OSError) and exc.strerror:
        return f"writing the archives failed ({plain(exc)}); free space under EXPORT_ROOT or fix it, then export again"
    return f"the export could not finish: {plain(exc)}; export again"


def assign_neutral_ids(corpus: Corpus, documents: list[Document]) -> dict[int, str]:
    """Each document's neutral id (``hearing_0001``): kept once given, new ones count on per corpus."""
    with transaction.atomic():
        Corpus.objects.select_for_update().filter(pk=corpus.pk).first()  # one counter per corpus at a time
        given = dict(Document.objects.filter(pk__in=[d.pk for d in documents]).values_list("pk", "neutral_id"))
        taken = Document.objects.filter(corpus=corpus).exclude(neutral_id="").values_list("neutral_id", flat=True)
        n = max((core.neutral_number(name) for name in taken), default=0)
        for document in sorted(documents, key=lambda d: d.pk):
            if not given.get(document.pk):
                n += 1
                given[document.pk] = core.neutral_name(n)
                Document.objects.filter(pk=document.pk).update(neutral_id=given[document.pk])
            document.neutral_id = given[document.pk]
    return {document.pk: given[document.pk] for document in documents}


def _prepare_all(export: Export) -> list[Prepared]:
    documents = list(
        export.documents.filter(status=Document.Status.APPROVED).select_related("corpus", "approved_by")
        .defer("original").order_by("neutral_id", "id")
    )
    if not documents:
        raise ExportError(NONE_APPROVED)
    refuse_unapproved(documents)
    names = assign_neutral_ids(export.corpus, documents)
    documents.sort(key=lambda d: names[d.pk])
    config = services.config_from_settings(export.corpus)
    detector = pipelines.get_pipeline(config).detector
    prepared = []
    checks = export_checks.shared(export.pk)
    settings_sha = export_checks.settings_digest(config)
    kept = export_checks.kept([d.pk for d in documents], settings_sha)  # checked after approval, for this very text
    hits: dict[int, export_checks.Hits] = {}
    for i, document in enumerate(documents):  # numbers stored in this order: deterministic
        prepared.append(audio_export.finish(prepare(document, names[document.pk]), config, export.pk))  # masked
        sha = export_checks.digest(prepared[-1].text)
        if (document.pk, sha) in kept:
            hits[document.pk] = kept[document.pk, sha]
        else:
            checks.queue([document.pk])  # its numbers are stored: a helper on another worker may check it (rq only)
        _progress(export, 0.2 * (i + 1) / len(documents))
    cold = [p for p in prepared if p.document.pk not in hits]
    try:
        hits.update(checks.hits_for([(p.document.pk, p.text, partial(export_checks.detector_hits, detector, p.name, p.text,
                                                                     export_checks.source_format(p.document)))
                                     for p in cold], lambda done: _progress(export, 0.2 + 0.7 * done / len(prepared))))
    finally:
        checks.clear([p.document.pk for p in cold])
    for p in cold:  # an export run again (after an override or a failure) takes them from here
        export_checks.keep(p.document.pk, export_checks.digest(p.text), settings_sha, hits[p.document.pk])
    for p in prepared:  # the archive scan searches the terms; a form rejected here is a decision (leakgate)
        p.leaks = leakgate.detector_findings(p, hits[p.document.pk], config.whitelist_terms)
    return prepared


def prepare(document: Document, name: str) -> Prepared:
    """Pseudonymize one document with the corpus numbering (its detector check comes after)."""
    entities = [EntityLike(e.pk, e.label, e.category, e.name, e.tag)
                for e in Entity.objects.filter(document=document).order_by("order", "id")]
    mentions = list(Mention.objects.filter(document=document).order_by("start"))
    result, used = registry.document_pseudonymized(document, entities, mentions)
    text = document.text
    tagged = [core.Tagged(r.out_start, r.out_start + len(r.tag_text), m.label, r.tag_text)
              for r, m in zip(result.replacements, used)]
    accepted = leakgate.accepted_surfaces(text, [m for m in mentions if m.status == ReviewStatus.ACCEPTED])
    key = [
        {"entity": entities[entry.entity].pk if entry.entity is not None else None, "label": entry.label,
         "category": entry.category, "tags": list(entry.tags), "surface_forms": list(entry.surface_forms)}
        for entry in result.key
    ]
    rejected = leakgate.shown_spans([(m.start, m.end) for m in mentions if m.status == ReviewStatus.REJECTED],
                                    result.replacements)
    return Prepared(document, name, result.text, tagged, [m.sources or m.origin for m in used],
                    len(core.WORD.findall(text)), key, [], sorted(accepted), rejected, audio_export.times_of(document, used))


# ---------------------------------------------------------------- writing


def _dumps(data) -> bytes:
    return (json.dumps(data, ensure_ascii=False, indent=2) + "\n").encode("utf-8")


def archive_members(prepared: list[Prepared]) -> dict[str, bytes]:
    """Every member of the corpus archive except ``manifest.json``."""
    members: dict[str, bytes] = {}
    annotations = []
    for p in prepared:
        members[f"text/{p.name}.txt"] = p.text.encode("utf-8")
        members[f"conll/{p.name}.conll"] = core.conll(p.text, p.tagged).encode("utf-8")
        annotations.append({
            "file": f"{p.name}.txt",
            "annotations": [{"start": t.start, "end": t.end, "label": t.label, "tag": t.tag, "source": source, **times}
                            for t, source, times in zip(p.tagged, p.sources, audio_export.annotation_times(p))],
        })
    members.update(audio_export.members(prepared))  # recordings: audio/NAME.wav (masked), subtitles/NAME.vtt
    stats = core.statistics({p.name: (p.tokens, [t.label for t in p.tagged]) for p in prepared})
    members["annotations.json"] = _dumps(annotations)
    members["stats.json"] = _dumps(stats)
    members["stats.csv"] = core.statistics_csv(stats).encode("utf-8")
    return members


def _zip(path: Path, members: dict[str, bytes], when, secret: bool = False) -> None:
    """Write a zip atomically (temporary file, then rename); secret archives are mode 0600."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(path.name + ".part")
    fd = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600 if secret else 0o640)
    with os.fdopen(fd, "wb") as handle:
        _zip_into(handle, members, when)
    os.replace(partial, path)


def _zip_into(handle, members: dict[str, bytes], when) -> None:
    with zipfile.ZipFile(handle, "w", zipfile.ZIP_DEFLATED) as archive:
        stamp = timezone.localtime(when).timetuple()[:6]
        for name, data in members.items():
            info = zipfile.ZipInfo(name, date_time=stamp)
            info.compress_type = zipfile.ZIP_DEFLATED
            if isinstance(data, Path):  # a masked recording's file: copied in pieces
                with open(data, "rb") as source, archive.open(info, "w", force_zip64=True) as target:
                    shutil.copyfileobj(source, target, 1024 * 1024)
            else:
                archive.writestr(info, data)


def _write_keys(path: Path, members: dict[str, bytes], when) -> Path:
    """The key archive: encrypted in memory when ``KEYS_ENCRYPTION_KEY`` is set, so the plain keys never
    reach the disk (written plain, then encrypted, a worker killed in between left them there for good)."""
    if not backup.encryption_enabled():
        _zip(path, members, when, secret=True)
        return path
    buffer = io.BytesIO()
    _zip_into(buffer, members, when)
    return backup.write_encrypted(path.with_name(path.name + backup.ENCRYPTED_SUFFIX), buffer.getvalue())


def key_members(export: Export, prepared: list[Prepared]) -> dict[str, bytes]:
    """The key archive: per document its key and identity, the neutral-id mapping, the corpus key."""
    def identity(p: Prepared) -> dict:
        return {"id": p.name, "document": p.document.pk, "upload_name": p.document.original_name,
                "title": p.document.title, "header": p.document.header}

    members = {f"keys/{p.name}.key.json": _dumps({"file": f"{p.name}.txt", **identity(p), "entities": p.key})
               for p in prepared}
    members["keys/documents.json"] = _dumps([identity(p) for p in prepared])
    members["keys/corpus.key.json"] = _dumps(
        core.corpus_key({f"{p.name}.txt": p.key for p in prepared}, export.corpus.consistent_pseudonyms)
    )
    return members


def _write(export: Export, prepared: list[Prepared], members: dict[str, bytes], leaks: list[dict]) -> None:
    when = timezone.now()
    data = manifest(export, prepared, members, leaks, when)
    archive, keys = export_files.archive_paths(export.corpus_id, export.pk)
    _zip(archive, {"manifest.json": _dumps(data), **members}, when)
    try:
        keys = _write_keys(keys, key_members(export, prepared), when)
    except Exception:
        archive.unlink(missing_ok=True)  # no corpus archive without its keys
        raise
    _progress(export, 1.0)
    with transaction.atomic():
        Export.objects.filter(pk=export.pk).update(
            status=Export.Status.DONE, archive_path=export_paths.relative(archive),
            keys_path=export_paths.relative(keys), manifest=data,
            leaks=leaks or None, finished_at=when, progress=1.0,
        )
        Document.objects.filter(pk__in=[p.document.pk for p in prepared]).update(exported_at=when)
        services.record_all([p.document for p in prepared], export.created_by, Action.EXPORT,
                            f"Exported in export {export.pk}", target=f"export:{export.pk}",
                            after={"export": export.pk, "leak_gate_hits": len(leaks)})
