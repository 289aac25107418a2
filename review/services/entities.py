"""Review actions on a whole entity: accept/reject everywhere, relabel, rename the tag, merge.

Renames and merges in a consistent corpus update the corpus registry explicitly (no signal).
"""
from __future__ import annotations

from django.db import transaction

from anonymizer import tags
from anonymizer.pseudonymize.names import numbered_like

from .. import registry
from ..constants import Action, ReviewStatus
from ..models import Decision, Document, Entity, Mention
from .ordinary import ask_first
from .base import (
    ActionError, Outcome, apply_groups, begin, category_of, checked_label, checked_status, finish, get_entity, grouped,
    joined_label, keep_shown_keys, quote,
)


def entity_mentions(document: Document, entity: Entity) -> list[tuple[int, int, int, str, str]]:
    """``(pk, start, end, status, label)`` of every mention of the entity."""
    return list(
        Mention.objects.filter(document=document, entity=entity).values_list("pk", "start", "end", "status", "label")
    )


#: the actions that decide one mention at a time: an entity-wide decision keeps what they decided
ONE_BY_ONE = frozenset({Action.ACCEPT, Action.REJECT})
KEPT_LINES = 5  # lines of kept mentions the summary names


def decided_one_by_one(document_id: int, pks) -> set[int]:
    """Of these mentions, those whose current status a person set one by one: the latest live decision
    that set their status was a single-mention accept or reject (not an entity-wide decision, a bulk
    accept, the corpus or the automatic pass)."""
    left, found = set(pks), set()
    if not left:
        return found
    rows = (Decision.objects.filter(document_id=document_id, undone=False).exclude(action=Action.UNDO)
            .order_by("-id").values_list("action", "after"))
    for action, after in rows.iterator():
        groups = after.get("mentions", []) if isinstance(after, dict) else []
        for group in groups:
            if isinstance(group, dict) and "status" in group.get("set", {}) and (hit := left & set(group.get("ids", []))):
                left -= hit
                if action in ONE_BY_ONE:
                    found |= hit
        if not left:
            break
    return found


def _lines(text: str, starts: list[int]) -> str:
    numbers = sorted({text.count("\n", 0, start) + 1 for start in starts})
    shown = ", ".join(map(str, numbers[:KEPT_LINES])) + (", …" if len(numbers) > KEPT_LINES else "")
    return f"line{'s' if len(numbers) > 1 else ''} {shown}"


@transaction.atomic
def set_entity_status(document_id: int, version: int, user, entity_id: int, status: str, *,
                      overturn: bool = False, ordinary: bool = False) -> Outcome:
    """Accept or reject every mention of an entity (one UPDATE).

    A decision taken for the whole entity (or in bulk, by the corpus, by the automatic pass) is
    reversed by the opposite decision for the whole entity; mentions a person decided the other way
    one by one (:func:`decided_one_by_one`) are kept unless ``overturn`` (the reviewer said so
    explicitly). The summary states how many changed, how many earlier decisions it reversed and
    which lines were kept.
    """
    status = checked_status(status)
    # a status action on the entity's mentions: applied over others' status decisions on other mentions
    # (services.begin); a decision since that moved mentions in or out of it is no status decision
    touches = list(Mention.objects.filter(document_id=document_id, entity_id=entity_id).values_list("pk", flat=True))
    document = begin(document_id, version, touches=touches)
    entity = get_entity(document, entity_id)
    rows = entity_mentions(document, entity)
    other_way = [pk for pk, _, _, old, _ in rows if old not in (status, ReviewStatus.PENDING)]
    kept = set() if overturn else decided_one_by_one(document.pk, other_way)
    changed = [(pk, {"status": old}) for pk, _, _, old, _ in rows if old != status and pk not in kept]
    reversed_ = len(other_way) - len(kept)
    if status == ReviewStatus.ACCEPTED:  # a PERSON that is an ordinary word asks first
        changing = {pk for pk, _ in changed}
        ask_first(document, [(s, e, label) for pk, s, e, _, label in rows if pk in changing], ordinary)
    Mention.objects.filter(pk__in=[pk for pk, _ in changed]).update(status=status)
    accepted = status == ReviewStatus.ACCEPTED
    other = "rejected" if accepted else "accepted"
    notes = [f"{len(changed)} of {len(rows)} mentions changed"]
    if reversed_:
        notes.append(f"{reversed_} {other} before reversed" + (" (one by one too, as asked)" if overturn else ""))
    if kept:
        notes.append(f"{len(kept)} {other} one by one kept, on {_lines(document.text, [s for pk, s, _, _, _ in rows if pk in kept])}")
    decision = finish(
        document, user, Action.ACCEPT_ENTITY if accepted else Action.REJECT_ENTITY, f"entity:{entity.pk}",
        f"{'Accepted' if accepted else 'Rejected'} {entity.label} {quote(entity.name)} everywhere ({'; '.join(notes)})",
        before={"mentions": grouped(changed)},
        after={"mentions": [{"ids": [pk for pk, _ in changed], "set": {"status": status}}]},
    )
    changed_ids = {pk for pk, _ in changed}
    return Outcome(document, decision, [(s, e) for pk, s, e, _, _ in rows if pk in changed_ids], {entity.pk})


@transaction.atomic
def relabel_entity(document_id: int, version: int, user, entity_id: int, label: str) -> Outcome:
    """Give an entity and all its mentions another label (the fine category is recomputed)."""
    label = checked_label(label)
    document = begin(document_id, version)
    entity = get_entity(document, entity_id)
    rows = entity_mentions(document, entity)
    before_entity = {"label": entity.label, "category": entity.category}
    entity.label, entity.category = label, category_of(label, entity.name)
    entity.save(update_fields=["label", "category"])
    Mention.objects.filter(document=document, entity=entity).update(label=label)
    decision = finish(
        document, user, Action.RELABEL_ENTITY, f"entity:{entity.pk}",
        f"Relabelled {quote(entity.name)} {before_entity['label']} → {label} ({len(rows)} mentions)",
        before={"entities": [{"id": entity.pk, "set": before_entity}],
                "mentions": grouped([(pk, {"label": old}) for pk, _, _, _, old in rows])},
        after={"entities": [{"id": entity.pk, "set": {"label": label, "category": entity.category}}],
               "mentions": [{"ids": [pk for pk, *_ in rows], "set": {"label": label}}]},
    )
    return Outcome(document, decision, [(s, e) for _, s, e, _, _ in rows], {entity.pk}, regroup=True)


def normalize_tag(tag: str) -> str:
    """``person x`` -> ``[PERSON_X]``; empty means "use the computed tag"."""
    tag = " ".join(tag.split()).strip("[] ")
    if not tag:
        return ""
    if len(tag) > 78 or not all(c.isalnum() or c in "_- " for c in tag):
        raise ActionError("A tag is letters, digits, '_' and '-' (at most 78 characters).")
    try:
        tag = tags.normalize_tag(tag)
    except ValueError:
        raise ActionError("A tag starts with a letter (e.g. WITNESS_2B).") from None
    if numbered_like(tag):
        raise ActionError(f"{tag} has the form of a numbered tag, which another entity may have (its own "
                          f"number): choose another name (e.g. WITNESS_2B), or leave it empty for the computed tag.")
    return tag


@transaction.atomic
def rename_tag(document_id: int, version: int, user, entity_id: int, tag: str) -> Outcome:
    """Set the pseudonym tag of an entity (empty = back to the computed tag); the registry follows."""
    tag = normalize_tag(tag)
    document = begin(document_id, version, freeze=False)
    if not document.corpus.consistent_pseudonyms:  # else follow_rename stores the keys (a rename shows the same)
        keep_shown_keys(document)
    entity = get_entity(document, entity_id)
    before = entity.tag
    Entity.objects.filter(pk=entity.pk).update(tag=tag)
    decision = finish(
        document, user, Action.RENAME, f"entity:{entity.pk}",
        f"Renamed the tag of {quote(entity.name)} to {tag or 'the computed tag'}",
        before={"entities": [{"id": entity.pk, "set": {"tag": before}}]},
        after={"entities": [{"id": entity.pk, "set": {"tag": tag}}]},
    )
    registry.follow_rename(document, entity.pk, tag)
    return Outcome(document, decision, [], {entity.pk})


@transaction.atomic
def merge_entities(document_id: int, version: int, user, source_id: int, target_id: int) -> Outcome:
    """Move every mention of ``source`` into ``target`` (they take its label); the registry follows."""
    if source_id == target_id:
        raise ActionError("Choose another entity to merge into.")
    document = begin(document_id, version, freeze=False)
    source, target = get_entity(document, source_id), get_entity(document, target_id)
    rows = entity_mentions(document, source)
    labels = [(pk, {"entity_id": target.pk, "label": joined_label(old, target.label)}) for pk, _, _, _, old in rows]
    if any(new["label"] != old for (_, new), (*_, old) in zip(labels, rows)):
        keep_shown_keys(document)  # else follow_merge first stores the keys of the document as it was
    apply_groups(document, grouped(labels))
    aliased = registry.follow_merge(document, {pk: source.pk for pk, *_ in rows}, target.pk)
    decision = finish(
        document, user, Action.MERGE, f"entity:{source.pk}",
        f"Merged {source.label} {quote(source.name)} into {target.label} {quote(target.name)} ({len(rows)} mentions)",
        before={"mentions": grouped([(pk, {"entity_id": source.pk, "label": old}) for pk, _, _, _, old in rows])},
        after={"mentions": grouped(labels), "registry_aliases": aliased},
    )
    return Outcome(document, decision, [(s, e) for _, s, e, _, _ in rows], {source.pk, target.pk}, regroup=True)
