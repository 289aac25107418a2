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

from anonymizer import leakgate as core
from anonymizer.lang.en.transcript import find_tags

from . import registry, services
from .models import Corpus, Document, Entity, Mention
from .rows import EntityLike


def document_terms(document: Document, surfaces: Iterable[tuple[str, str]]) -> list[core.Term]:
    """Everything that identifies one document's people: surfaces, header, upload name, title."""
    return [
        *core.surface_terms(surfaces, document.pk),
        *core.header_terms(document.header, document.pk),
        *core.file_name_terms(document.original_name or "", document.pk),
        *core.file_name_terms(document.title or "", document.pk),
    ]


def scan_archive(prepared, members: Mapping[str, bytes], whitelist=()) -> list[dict]:
    """Findings of every prepared document's terms in every member (names included)."""
    terms = [term for p in prepared for term in document_terms(p.document, p.surfaces)]
    owners = {}
    for p in prepared:
        owners[f"text/{p.name}.txt"] = owners[f"conll/{p.name}.conll"] = p.document.pk
    titles = {p.document.pk: p.document.title for p in prepared}
    findings = core.Gate(terms, whitelist, written_tags(prepared)).scan(members, owners)
    return [{"document": f.document, "title": titles.get(f.document, ""), **f.as_dict()} for f in findings]


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
