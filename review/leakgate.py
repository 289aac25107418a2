"""The export's leak gate over the whole corpus archive, and the residual-risk list.

:func:`scan_archive` collects every document's identifying terms (accepted entities'
surface forms, title-page header fields, upload-name and title tokens) and searches every
member name and content of the archive for them and their variants
(:mod:`anonymizer.leakgate`). :func:`residual` lists, per approved document, what a reader
of the published text would still see (admins only; never in the archive).
Findings hold snippets (secret): they go into ``Export.leaks``, never into a log.
"""
from __future__ import annotations

from collections import Counter
from typing import Iterable, Mapping

import bisect

from anonymizer import export, lang
from anonymizer import leakgate as core
from anonymizer.tags import find_tags

from . import audio, export_checks, registry, services
from .models import Corpus, Document, Entity, Mention
from .services.ordinary import language_of
from .rows import EntityLike


def document_terms(document: Document, surfaces: Iterable[tuple]) -> list[core.Term]:
    """Everything that identifies one document's people: surfaces, header, upload name, title."""
    return [
        *core.surface_terms(surfaces, document.pk),
        *core.header_terms(document.header, document.pk),
        *core.file_name_terms(document.original_name or "", document.pk, language_of(document)),
        *core.file_name_terms(document.title or "", document.pk, language_of(document)),
    ]


def scan_archive(prepared, members: Mapping[str, bytes], whitelist=()) -> list[dict]:
    """Findings of every prepared document's terms in every member (names included)."""
    terms = [term for p in prepared for term in document_terms(p.document, p.surfaces)]
    owners = {}
    for p in prepared:
        owners[f"text/{p.name}.txt"] = owners[f"conll/{p.name}.conll"] = owners[f"subtitles/{p.name}.vtt"] = p.document.pk
    # a masked recording is heard by the audio gate (review.audio_export.audible); here only its name is read
    members = {name: b"" if name.startswith("audio/") else data for name, data in members.items()}
    titles = {p.document.pk: p.document.title for p in prepared}
    gate = core.Gate(terms, whitelist, written_tags(prepared), spellings(prepared))
    read = {}
    for p in prepared:  # the gate reads each place a reviewer decided is no one's blanked, in every member of it
        if places := decided_places(gate, p):
            text = core.blanked(p.text, places)
            read[f"text/{p.name}.txt"] = text.encode("utf-8")
            read[f"conll/{p.name}.conll"] = export.conll(text, p.tagged).encode("utf-8")
            if p.recording is not None:  # its subtitles (review.audio_export.subtitles)
                from anonymizer.speech import to_webvtt

                read[f"subtitles/{p.name}.vtt"] = to_webvtt(audio.timed_of(p.document), text).encode("utf-8")
    findings = gate.scan(members, owners, read)
    rows = [{"document": f.document, "title": titles.get(f.document, ""), **f.as_dict()} for f in findings]
    return accepted_where(rows, {p.document.pk: p.document for p in prepared})


def accepted_surfaces(text: str, accepted) -> set[tuple[str, str, int]]:
    """``(label, surface form, entity)`` of the accepted mentions, the gate's terms: a run of one entity's mentions
    with only white space between is one form, the name the reviewer masked there ("POVERTY IN" added beside the
    pass's "CALIFORNIA" of a body's name: "POVERTY IN CALIFORNIA"), never its pieces apart (a body's or a place's
    words are searched whole, as when the pass proposes the whole name; a person's name parts still are)."""
    out, run = set(), []
    for m in sorted(accepted, key=lambda m: (m.start, m.end)):
        if run and m.entity_id == run[-1].entity_id and m.start >= run[-1].end and not text[run[-1].end:m.start].strip():
            run.append(m)
            continue
        if run:
            out.add((run[0].label, text[run[0].start:run[-1].end], run[0].entity_id))
        run = [m]
    if run:
        out.add((run[0].label, text[run[0].start:run[-1].end], run[0].entity_id))
    return out


def decided_places(gate: core.Gate, p) -> list[tuple[int, int]]:
    """The places of this document's text where an accepted form (of any document) or a word of one stands under
    a mention its reviewer rejected: a decision there (``anonymizer.leakgate.rejection_decides``), not a leak, in
    each member it is written into (text, CoNLL, subtitles). Only these: the same form left unreviewed is a
    finding, and so is a form this document accepted itself (or its title page names) and rejected here, in
    any of its language's spellings (:func:`own_forms`), and a spelled run, a number or a date found by its shape."""
    own = own_forms(p)
    return [(start, end) for start, end, term in gate.matches(p.text)
            if term.kind == "surface" and gate.word_hit(p.text[start:end]) and _covered(p.text, p.rejected, start, end)
            and core.rejection_decides(term.label, term.form if gate.spells_whole(p.text[start:end], term)
                                       else p.text[start:end], own)]


def accepted_where(rows: list[dict], documents: Mapping[int, Document]) -> list[dict]:
    """Each finding of an accepted form names the entity and the document that accepted it
    (``source_title``, ``entity_name``) and the line of its first accepted mention there
    (``source_line``): a wrong acceptance ("Like" as a PERSON) is fixed where it was made."""
    entities = {e.pk: e for e in Entity.objects.filter(pk__in={r["entity"] for r in rows if r.get("entity")})}
    first = {}
    for entity_id, start in (Mention.objects.filter(entity_id__in=entities, status="accepted").order_by("start")
                             .values_list("entity_id", "start")):
        first.setdefault(entity_id, start)
    for row in rows:
        source = documents.get(row.get("source"))
        row["source_title"] = source.title if source is not None else ""
        entity = entities.get(row.get("entity"))
        if entity is not None and source is not None:
            row["entity_name"], row["entity_label"] = entity.name, entity.label
            row["source_line"] = source.text.count("\n", 0, first.get(entity.pk, 0)) + 1
    return rows


def shown_spans(spans: Iterable[tuple[int, int]], replacements) -> list[tuple[int, int]]:
    """Where original ``spans`` that no replacement touches stand in the pseudonymized text."""
    reps = sorted((r.start, r.end, r.out_start + len(r.tag_text) - r.end) for r in replacements)
    starts = [r[0] for r in reps]
    shown = []
    for start, end in sorted(spans):
        i = bisect.bisect_right(starts, start) - 1  # the last replacement starting at or before it
        if (i >= 0 and reps[i][1] > start) or (i + 1 < len(reps) and reps[i + 1][0] < end):
            continue  # partly replaced: not shown as rejected
        shift = reps[i][2] if i >= 0 else 0
        shown.append((start + shift, end + shift))
    return shown


TAGGED_NAMES = core.TAGGED_NAMES  # (the gates' rule for a rejected place: ``anonymizer.leakgate.rejection_decides``)


def detector_findings(p, hits, whitelist=()) -> list:
    """The detectors' findings on one prepared document's text (``anonymizer.export.detector_leaks``),
    but for a form the reviewer rejected in this very document: every letter of the hit under a
    mention rejected here is a decision, not a leak (a tagger's PERSON, LOCATION or ORGANIZATION:
    :data:`TAGGED_NAMES`), unless the detector has a name's evidence for
    it (confidence 1: a rule or the title page; or two tools found the same span) or the document
    accepted that form elsewhere (:func:`own_forms`)."""
    spans = Counter((h[0], h[1], h[2]) for h in hits)
    strong = {(h[0], h[1], h[2]) for h in hits if export_checks.evidence(h) == 1 or spans[h[0], h[1], h[2]] > 1}
    leaks = export.detector_leaks(p.text, [tuple(h[:3]) for h in hits], whitelist, written_tags([p]))
    own = own_forms(p)
    return [leak for leak in leaks if not _covered(p.text, p.rejected, leak.start, leak.end)
            or not core.rejection_decides(leak.label, p.text[leak.start:leak.end], own,
                                          strong=(leak.start, leak.end, leak.label) in strong)]


def own_forms(p) -> set[str]:
    """What this document itself says is someone: its accepted forms and its title page's names (a form
    rejected once and accepted elsewhere here is no decision that it names no one)."""
    return {core.folded(t.form) for t in document_terms(p.document, p.surfaces)}


def _covered(text: str, spans: list[tuple[int, int]], start: int, end: int) -> bool:
    """Whether every letter and digit of ``text[start:end]`` lies under one of ``spans``."""
    inside = [(max(s, start), min(e, end)) for s, e in spans if s < end and e > start]
    if not inside:
        return False
    return all(any(s <= i < e for s, e in inside) for i in range(start, end) if text[i].isalnum())


def spellings(prepared):
    """The other spellings of a name the gate also looks for: every language's of the documents' (Danish: "Søren"
    as "Soeren", "Soren"), or None (English has none)."""
    packs = [lang.pack(code) for code in sorted({p.document.language or lang.DEFAULT for p in prepared})]
    functions = [pack.variants for pack in packs if pack.variants is not None]
    if not functions:
        return None
    return lambda form: {v for variants in functions for v in variants(form)}


def written_tags(prepared) -> frozenset[str]:
    """Every tag the export writes into these prepared documents (a renamed person's
    ``[WITNESS_2B_LAST]`` too); a tag-shaped spoof a transcript brought in is not one."""
    return frozenset(tag for p in prepared for t in p.tagged for tag in find_tags(t.tag))


def pseudonymized_text(document: Document) -> str:
    """The text an export would publish now (numbers computed, nothing written)."""
    return _published(document).text


def _published(document: Document):
    entities = [EntityLike(e.pk, e.label, e.category, e.name, e.tag)
                for e in Entity.objects.filter(document=document).order_by("order", "id")]
    mentions = list(Mention.objects.filter(document=document).order_by("start"))
    result, _ = registry.document_pseudonymized(document, entities, mentions, store=False)
    return result


def residual(corpus: Corpus, limit: int = 200) -> list[dict]:
    """Per approved document: capitalised sequences and numbers left in its output, with counts."""
    whitelist = services.config_from_settings(corpus).whitelist_terms
    rows = []
    for document in corpus.documents.filter(status=Document.Status.APPROVED).order_by("neutral_id", "title", "id"):
        result = _published(document)
        tags = frozenset(tag for r in result.replacements for tag in find_tags(r.tag_text))
        found: Counter[str] = core.residual_risk(result.text, whitelist, tags)
        rows.append({"document": document, "distinct": len(found), "total": sum(found.values()),
                     "items": found.most_common(limit)})
    return rows
