"""Review actions on one mention: accept/reject, relabel, move, split, trim or extend; move one surface form."""
from __future__ import annotations

from django.db import transaction

from anonymizer.lang.en.vocabulary import fold_possessive

from ..constants import Action, ReviewStatus
from ..models import Document, Entity, Mention
from .base import (
    ActionError, Outcome, apply_groups, begin, checked_label, checked_status, finish, get_entity, get_mention, grouped,
    joined_label, mention_state, new_entity, quote,
)
from .text import overlaps, trim_span


@transaction.atomic
def set_mention_status(document_id: int, version: int, user, mention_id: int, status: str) -> Outcome:
    """Accept or reject one mention."""
    status = checked_status(status)
    document = begin(document_id, version, touches=[mention_id])
    mention = get_mention(document, mention_id)
    before = mention_state(mention)
    Mention.objects.filter(pk=mention.pk).update(status=status)
    accepted = status == ReviewStatus.ACCEPTED
    decision = finish(
        document, user, Action.ACCEPT if accepted else Action.REJECT, f"mention:{mention.pk}",
        f"{'Accepted' if accepted else 'Rejected'} {mention.label} {quote(document.text[mention.start:mention.end])}",
        before={"mentions": grouped([(mention.pk, {"status": before["status"]})])},
        after={"mentions": grouped([(mention.pk, {"status": status})])},
    )
    return Outcome(document, decision, [(mention.start, mention.end)], {mention.entity_id})


def _reassign(document: Document, user, mention: Mention, entity: Entity, action: str, summary: str,
              created: Entity | None = None) -> Outcome:
    """Put one mention into ``entity`` (taking its label) and accept it."""
    before = mention_state(mention)
    after = {"status": ReviewStatus.ACCEPTED, "label": joined_label(mention.label, entity.label), "entity_id": entity.pk}
    Mention.objects.filter(pk=mention.pk).update(**after)
    after_state: dict = {"mentions": grouped([(mention.pk, after)])}
    if created is not None:
        after_state["created_entities"] = [created.pk]
    decision = finish(
        document, user, action, f"mention:{mention.pk}", summary,
        before={"mentions": grouped([(mention.pk, before)])}, after=after_state,
    )
    return Outcome(document, decision, [(mention.start, mention.end)], {mention.entity_id, entity.pk}, regroup=True)


@transaction.atomic
def relabel_mention(document_id: int, version: int, user, mention_id: int, label: str) -> Outcome:
    """Give one mention another label: it joins the entity of that label with the same name, or a new one."""
    label = checked_label(label)
    document = begin(document_id, version)
    mention = get_mention(document, mention_id)
    surface = document.text[mention.start:mention.end]
    summary = f"Relabelled {quote(surface)} {mention.label} → {label}"
    if mention.entity.label == label:
        target, created = mention.entity, None
    else:
        target = document.entities.filter(label=label, name__iexact=surface).first()
        created = None
        if target is None:
            target = created = new_entity(document, label, surface)
    return _reassign(document, user, mention, target, Action.RELABEL, summary, created)


@transaction.atomic
def move_mention(document_id: int, version: int, user, mention_id: int, entity_id: int) -> Outcome:
    """Move one mention to another entity of the document."""
    document = begin(document_id, version)
    mention = get_mention(document, mention_id)
    target = get_entity(document, entity_id)
    summary = f"Moved {quote(document.text[mention.start:mention.end])} to {target.label} {quote(target.name)}"
    return _reassign(document, user, mention, target, Action.MOVE, summary)


@transaction.atomic
def split_mention(document_id: int, version: int, user, mention_id: int) -> Outcome:
    """Take one mention out of its entity into a new entity of its own."""
    document = begin(document_id, version)
    mention = get_mention(document, mention_id)
    surface = document.text[mention.start:mention.end]
    category = mention.entity.category if mention.entity.label == mention.label else None
    created = new_entity(document, mention.label, surface, category)
    return _reassign(document, user, mention, created, Action.SPLIT, f"Split {quote(surface)} into a new entity", created)


@transaction.atomic
def resize_mention(document_id: int, version: int, user, mention_id: int, start: int, end: int) -> Outcome:
    """Trim or extend one mention to ``start:end`` (same line, no overlap with another mention); it is accepted."""
    document = begin(document_id, version)
    mention = get_mention(document, mention_id)
    text = document.text
    start, end = trim_span(text, max(0, start), min(end, len(text)))
    line_start = text.rfind("\n", 0, mention.start) + 1
    line_end = text.find("\n", mention.start)
    line_end = len(text) if line_end < 0 else line_end
    if not line_start <= start < end <= line_end:
        raise ActionError("A mention must be non-empty and stay within its line.")
    others = list(document.mentions.exclude(pk=mention.pk).order_by("start").values_list("start", "end"))
    if overlaps(start, end, others):
        raise ActionError("The new boundaries overlap another mention; reject or trim that one first.")
    before = {"start": mention.start, "end": mention.end, "status": mention.status}
    after = {"start": start, "end": end, "status": ReviewStatus.ACCEPTED}
    Mention.objects.filter(pk=mention.pk).update(**after)
    decision = finish(
        document, user, Action.RESIZE, f"mention:{mention.pk}",
        f"{'Trimmed' if end - start < mention.end - mention.start else 'Resized'} "
        f"{quote(text[mention.start:mention.end])} to {quote(text[start:end])}",
        before={"mentions": grouped([(mention.pk, before)])}, after={"mentions": grouped([(mention.pk, after)])},
    )
    return Outcome(document, decision, [(min(start, mention.start), max(end, mention.end))], {mention.entity_id})


def surface_forms(text: str, mentions) -> list[tuple[str, int]]:
    """``(surface, count)`` of the mentions not rejected, one row per form (any case, possessive folded), most first."""
    counts: dict[str, list] = {}
    for m in mentions:
        if m.status != ReviewStatus.REJECTED:
            row = counts.setdefault(fold_possessive(text[m.start:m.end]), [text[m.start:m.end], 0])
            row[1] += 1
    return sorted(((surface, n) for surface, n in counts.values()), key=lambda r: (-r[1], r[0].casefold()))


def _move_group(document: Document, user, moved: list, target: Entity, action: str, target_ref: str,
                summary: str) -> Outcome:
    """Move mentions into ``target`` (they take its label; statuses kept): one Decision, one-step undo."""
    before = [(m.pk, {"entity_id": m.entity_id, "label": m.label}) for m in moved]
    after = [(m.pk, {"entity_id": target.pk, "label": joined_label(m.label, target.label)}) for m in moved]
    apply_groups(document, grouped(after))
    decision = finish(document, user, action, target_ref, summary,
                      before={"mentions": grouped(before)}, after={"mentions": grouped(after)})
    return Outcome(document, decision, [(m.start, m.end) for m in moved],
                   {m.entity_id for m in moved} | {target.pk}, regroup=True)


@transaction.atomic
def move_surface(document_id: int, version: int, user, entity_id: int, surface: str, target_id: int) -> Outcome:
    """Move every mention of ``surface`` (any case, possessive folded) in one entity to another entity.

    One action instead of one move per mention (a relative's shared surname grouped with the
    wrong person). Rejected mentions stay where they are; statuses do not change (a pending
    mention stays pending, a decided one keeps its decision); the mentions take the target's label.
    """
    if entity_id == target_id:
        raise ActionError("Choose another entity to move the mentions to.")
    document = begin(document_id, version)
    source, target = get_entity(document, entity_id), get_entity(document, target_id)
    folded, text = fold_possessive(" ".join(surface.split())), document.text
    moved = [m for m in Mention.objects.filter(document=document, entity=source).exclude(
        status=ReviewStatus.REJECTED).only("pk", "start", "end", "label", "entity_id")
        if fold_possessive(text[m.start:m.end]) == folded]
    if not moved:
        raise ActionError("That entity has no mention of this form (it changed meanwhile); nothing was moved.")
    return _move_group(document, user, moved, target, Action.MOVE_SURFACE, f"entity:{source.pk}",
                       f"Moved {len(moved)} mention(s) of {quote(surface)} from {quote(source.name)} to "
                       f"{target.label} {quote(target.name)} (statuses kept)")


@transaction.atomic
def move_mentions(document_id: int, version: int, user, mention_ids: list[int], target_id: int) -> Outcome:
    """Move the ticked mentions (panel B, an entity's occurrences) to another entity in one action; statuses kept."""
    document = begin(document_id, version)
    target = get_entity(document, target_id)
    moved = list(Mention.objects.filter(document=document, pk__in=set(mention_ids)).exclude(entity=target)
                 .only("pk", "start", "end", "label", "entity_id").order_by("start"))
    if not moved or len(moved) != len(set(mention_ids)):
        raise ActionError("Tick mentions of another entity to move (some changed meanwhile); nothing was moved.")
    return _move_group(document, user, moved, target, Action.MOVE_TICKED, f"entity:{target.pk}",
                       f"Moved {len(moved)} ticked mention(s) to {target.label} {quote(target.name)} (statuses kept)")
