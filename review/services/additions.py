"""Adding missed mentions, whitelisting a term, and undoing a user's last action."""
from __future__ import annotations

from django.db import transaction

from .. import registry
from ..constants import UNDOABLE, Action, ReviewStatus
from ..models import Corpus, Decision, Document, Entity, Mention
from .base import (
    ENTITY_FIELDS, ActionError, Conflict, Outcome, apply_groups, begin, checked_label, finish, get_entity,
    keep_shown_keys, new_entity, quote, status_only,
)
from .text import overlaps, same_term, trim_span


def check_spans(document: Document, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The spans trimmed, sorted and checked: one line each, no overlap with each other or a mention."""
    text = document.text
    cleaned: list[tuple[int, int]] = []
    for start, end in sorted(set(spans)):
        if not 0 <= start < end <= len(text):
            raise ActionError("A mention must be non-empty and lie within the text.")
        start, end = trim_span(text, start, end)  # a sloppy selection still gives a clean span
        if not 0 <= start < end <= len(text) or "\n" in text[start:end]:
            raise ActionError("A mention must be non-empty and stay within one line.")
        if cleaned and start < cleaned[-1][1]:
            raise ActionError("The chosen spans overlap.")
        cleaned.append((start, end))
    if not cleaned:
        raise ActionError("Nothing to add.")
    existing = list(document.mentions.exclude(status=ReviewStatus.REJECTED).order_by("start").values_list("start", "end"))
    if any(overlaps(s, e, existing) for s, e in cleaned):
        raise ActionError("That text already has a mention; accept, relabel or move it instead.")
    return cleaned


@transaction.atomic
def add_mentions(
    document_id: int, version: int, user, spans: list[tuple[int, int]], label: str, entity_id: int | None
) -> Outcome:
    """Mark missed text by hand (accepted, origin manual), in an existing or a new entity."""
    label = checked_label(label)
    document = begin(document_id, version)
    spans = check_spans(document, spans)
    first = document.text[spans[0][0]:spans[0][1]]
    if entity_id:
        entity, created = get_entity(document, entity_id), None
        label = entity.label
    else:
        entity = created = new_entity(document, label, first)
    replaced = _rejected_under(document, spans)  # a rejected mention gives way to the text added over it
    rows = Mention.objects.bulk_create(
        [
            Mention(document=document, entity=entity, start=s, end=e, label=label, sources="manual", confidence=1,
                    score=1.0, status=ReviewStatus.ACCEPTED, origin=Mention.Origin.MANUAL)
            for s, e in spans
        ]
    )
    after = {"created_mentions": [m.pk for m in rows], "created_entities": [created.pk] if created else []}
    decision = finish(
        document, user, Action.ADD, f"entity:{entity.pk}",
        f"Added {len(spans)} {label} mention(s) of {quote(first)}"
        + (f" (replacing {len(replaced)} rejected)" if replaced else ""),
        before={"deleted_mentions": replaced} if replaced else {}, after=after,
    )
    return Outcome(document, decision, spans, {entity.pk}, regroup=True)


def _rejected_under(document: Document, spans: list[tuple[int, int]]) -> list[dict]:
    """Delete the rejected mentions the spans overlap; their rows (for undo)."""
    rejected = document.mentions.filter(status=ReviewStatus.REJECTED)
    hit = [pk for pk, s, e in rejected.values_list("pk", "start", "end") if any(s < b and a < e for a, b in spans)]
    rows = list(Mention.objects.filter(pk__in=hit).values())
    Mention.objects.filter(pk__in=hit).delete()
    return rows


def whitelist_matches(document: Document, term: str) -> list[Mention]:
    """Pending mentions whose text is ``term`` (any case, possessive stripped)."""
    pending = document.mentions.filter(status=ReviewStatus.PENDING).only("pk", "start", "end", "entity_id", "status")
    return same_term(document.text, pending, term, ReviewStatus.PENDING)


@transaction.atomic
def whitelist_term(document_id: int, version: int, user, term: str) -> Outcome:
    """Add ``term`` to the corpus whitelist and delete its pending mentions in this document."""
    term = " ".join(term.split())
    if not term or len(term) > 200:
        raise ActionError("Give a term of 1 to 200 characters.")
    document = begin(document_id, version)
    corpus = Corpus.objects.select_for_update().get(pk=document.corpus_id)
    added = corpus.add_whitelist_term(term)
    if added:
        corpus.save(update_fields=["whitelist_terms"])
    matches = whitelist_matches(document, term)
    rows = list(Mention.objects.filter(pk__in=[m.pk for m in matches]).values())
    Mention.objects.filter(pk__in=[m.pk for m in matches]).delete()
    decision = finish(
        document, user, Action.WHITELIST, f"corpus:{corpus.pk}",
        f"Whitelisted {quote(term)} in {corpus.name} ({len(rows)} pending mentions removed)",
        before={"deleted_mentions": rows}, after={"whitelist_added": term if added else None},
    )
    return Outcome(document, decision, [(r["start"], r["end"]) for r in rows], {r["entity_id"] for r in rows},
                   regroup=bool(rows))


def only_own_since(document_id: int, version: int, user) -> bool:
    """Whether every change after ``version`` was ``user``'s own (none by anyone else)."""
    return not Decision.objects.filter(document_id=document_id, version__gt=version).exclude(user=user).exists()


@transaction.atomic
def undo(document_id: int, version: int, user) -> Outcome:
    """Revert this user's last action on the document that is not undone yet. The undo of a status
    decision is one too: applied over others' status decisions on other mentions (``begin``)."""
    seen = _last_undoable(document_id, user)
    touches = status_only(seen.before, seen.after) if seen is not None else None
    if only_own_since(document_id, version, user):  # a page left behind (back, another tab) by this user's own actions:
        version = Document.objects.values_list("version", flat=True).get(pk=document_id)  # "your last action" is the same
    document = begin(document_id, version, freeze=False, touches=touches)
    last = _last_undoable(document_id, user)
    if last is None:
        raise ActionError("Nothing to undo.")
    if touches is not None and last.pk != seen.pk:  # this user's own last decision changed meanwhile
        raise Conflict("Your last action changed meanwhile (another tab?); nothing was undone.")
    if last.action != Action.RENAME or not document.corpus.consistent_pseudonyms:
        keep_shown_keys(document)  # (an undone rename shows the same keys, and follow_rename stores them)
    before, after = last.before or {}, last.after or {}
    touched = set(after.get("created_mentions", []))
    for group in (*before.get("mentions", []), *after.get("mentions", [])):
        touched.update(group["ids"])
    spans_rows = list(Mention.objects.filter(document=document, pk__in=touched).values_list("start", "end", "entity_id"))
    entities = {e for _, _, e in spans_rows}
    Mention.objects.filter(document=document, pk__in=after.get("created_mentions", [])).delete()
    apply_groups(document, before.get("mentions", []))
    for row in before.get("entities", []):
        values = {k: v for k, v in row["set"].items() if k in ENTITY_FIELDS}
        Entity.objects.filter(document=document, pk=row["id"]).update(**values)
        entities.add(row["id"])
    deleted = before.get("deleted_mentions", [])
    if deleted:
        Mention.objects.bulk_create([Mention(**row) for row in deleted])
    # entities the action created go away when nothing else has moved into them since
    Entity.objects.filter(document=document, pk__in=after.get("created_entities", []), mentions__isnull=True).delete()
    if after.get("whitelist_added"):
        corpus = Corpus.objects.select_for_update().get(pk=document.corpus_id)
        kept = [t for t in corpus.whitelist() if t.casefold() != after["whitelist_added"].casefold()]
        corpus.whitelist_terms = "\n".join(kept)
        corpus.save(update_fields=["whitelist_terms"])
    for group in before.get("mentions", []):
        if "entity_id" in group["set"]:
            entities.add(group["set"]["entity_id"])
    Decision.objects.filter(pk=last.pk).update(undone=True)
    decision = finish(document, user, Action.UNDO, f"decision:{last.pk}", f"Undid: {last.summary}")
    if after.get("registry_aliases"):  # a merge: its aliased keys get their own numbers back
        registry.unalias(document, after["registry_aliases"])
    if last.action == Action.RENAME:  # the registry follows the tag back
        restored = before["entities"][0]
        registry.follow_rename(document, restored["id"], restored["set"]["tag"])
    spans = [(s, e) for s, e, _ in spans_rows] + [(r["start"], r["end"]) for r in deleted]
    entities |= {r["entity_id"] for r in deleted}
    return Outcome(document, decision, spans, entities, regroup=regroups(before, after))


def _last_undoable(document_id: int, user) -> Decision | None:
    """The user's last decision not undone yet (decisions before the last automatic re-run refer to rows
    that run replaced)."""
    rerun = (Decision.objects.filter(document_id=document_id, action=Action.RERUN).order_by("-id")
             .values_list("pk", flat=True).first() or 0)
    return (Decision.objects.filter(document_id=document_id, user=user, undone=False, action__in=UNDOABLE,
                                    pk__gt=rerun).order_by("-id").first())


def regroups(before: dict, after: dict) -> bool:
    """Whether undoing a decision with these states changes the entity list's grouping (labels, which
    entity a mention is in, mentions or entities coming or going); statuses and tags redraw rows only."""
    if after.get("created_mentions") or after.get("created_entities") or before.get("deleted_mentions"):
        return True
    groups = (*before.get("mentions", []), *after.get("mentions", []))
    if any(set(group.get("set", {})) - {"status"} for group in groups):
        return True
    return any(set(row.get("set", {})) - {"tag"} for row in (*before.get("entities", []), *after.get("entities", [])))
