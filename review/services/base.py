"""What every review workflow shares: the version swap, the one Decision writer, outcomes.

Every action runs in one transaction that starts with a compare-and-swap on
``Document.version`` (:func:`begin`): the client sends the version its view is based on;
when another action got there first the swap matches no row and :class:`Conflict` is
raised before anything is written, so no decision is lost or applied twice (on SQLite and
PostgreSQL alike). Each action writes one :class:`Decision` (:func:`record`, the only
place that creates Decision rows) whose ``before``/``after`` hold the state ``undo`` needs:

* ``mentions``: ``[{"ids": [...], "set": {field: value}}]`` set-based mention updates;
* ``entities``: ``[{"id": n, "set": {field: value}}]`` entity field values;
* ``created_mentions`` / ``created_entities``: primary keys the action created;
* ``deleted_mentions``: full rows the action deleted; ``whitelist_added``: a corpus term.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from django.db import transaction
from django.db.models import Case, F, Value, When

from .. import registry, tallies
from ..constants import ANNOTATION_NEUTRAL, UNDOABLE, Action, ReviewStatus  # noqa: F401  (re-exported)
from ..models import Decision, Document, Entity, Mention

REVIEWABLE = (Document.Status.READY, Document.Status.IN_REVIEW)
EDITABLE = (*REVIEWABLE, Document.Status.SUBMITTED)  # the second look may correct
MENTION_FIELDS = ("status", "label", "entity_id", "start", "end")
ENTITY_FIELDS = ("label", "category", "tag", "name")
SUMMARY_SIZE = 300
CHANGED_LIMIT = 50  # decisions :func:`changed_since` reads (more: treated as "anything changed")


class Conflict(Exception):
    """The document changed since the client's view (stale version)."""


class ActionError(Exception):
    """An action that cannot be applied; the message is safe to show (no document text)."""


@dataclass
class Outcome:
    """What an action changed, so views can re-render just that."""

    document: Document
    decision: Decision | None
    spans: list[tuple[int, int]]  # text spans whose lines changed
    entities: set[int]  # entity rows that changed
    regroup: bool = False  # labels changed or entities appeared/emptied: redraw the entity list


# ---------------------------------------------------------------- the audit trail


def record_all(
    documents: Iterable[Document | int], user, action: str, summary: str = "", *,
    target: str | None = None, before=None, after=None,
) -> list[Decision]:
    """The one writer of :class:`Decision` rows: one row per document, in one INSERT.

    ``target`` defaults to ``document:<pk>``. A document given as an instance records its
    current version, and its mention tally is stored at that version (``review.tallies.keep``: an
    action ends here, after its version swap; carried over from the version before when the
    decision only moved statuses); one given as a primary key keeps the model default.

    The documents' rows are locked first (``FOR NO KEY UPDATE``, as the version swap of
    :func:`begin` does): an action that did not take its document through :func:`begin` (a
    comment, a resolve, a re-run) would otherwise write the tally row before waiting for the
    document row, the opposite order of an action, and deadlock with it on PostgreSQL.
    """
    with transaction.atomic(savepoint=False):
        return _record_all(documents, user, action, summary, target, before, after)


def _record_all(documents, user, action, summary, target, before, after) -> list[Decision]:
    documents = list(documents)
    pks = sorted({d.pk for d in documents if not isinstance(d, int) and not getattr(d, "row_locked", False)})
    if pks:
        list(Document.objects.select_for_update(no_key=True).filter(pk__in=pks).order_by("pk").values_list("pk"))
    rows, instances = [], []
    for document in documents:
        pk = document if isinstance(document, int) else document.pk
        values = {"user": user, "action": action, "target": target or f"document:{pk}",
                  "summary": summary[:SUMMARY_SIZE], "before": before, "after": after}
        if isinstance(document, int):
            rows.append(Decision(document_id=pk, **values))
        else:
            rows.append(Decision(document=document, version=document.version, **values))
            instances.append(document)
    decisions = Decision.objects.bulk_create(rows)
    if instances:
        tallies.keep(instances, status_moves(before, after))
    return decisions


def record(document: Document, user, action: str, target: str, summary: str = "", before=None,
           after=None) -> Decision:
    """One decision about one document (see :func:`record_all`)."""
    return record_all([document], user, action, summary, target=target, before=before, after=after)[0]


# ---------------------------------------------------------------- taking the document


def begin(document_id: int, version: int, statuses: tuple[str, ...] = EDITABLE, touches: Iterable[int] | None = None,
          *, freeze: bool = True) -> Document:
    """Take the document for one action: compare-and-swap its version, or raise.

    ``touches``: the mentions a status action changes (none: an undo of a decision that changed
    nothing). Given, a stale version still applies
    when everything decided since it was a status decision on other mentions
    (:func:`changed_since`): ten reviewers on one document then conflict only on the same
    rows. Two simultaneous actions on the same mention still apply exactly once: the second
    waits for the document row, then sees the first's decision.

    A document in its first review moves to "in review"; one awaiting the second look keeps
    its status (the reviewer's corrections). ``freeze=False``: the action calls
    :func:`keep_shown_keys` itself, or shows the same keys and stores them after its change
    (a rename: ``registry.follow_rename``).
    """
    bumped = _bump(document_id, version, statuses)
    if not bumped and touches is not None:
        current = (Document.objects.select_for_update().filter(pk=document_id, status__in=statuses)
                   .values_list("version", flat=True).first())
        changed = changed_since(document_id, version) if current is not None else None
        if changed is not None and not changed & set(touches):
            bumped = _bump(document_id, current, statuses)
    document = Document.objects.defer("original").select_related("corpus", "tally").get(pk=document_id)
    document.row_locked = bool(bumped)  # the version swap holds the row: record_all need not lock it again
    if not bumped:
        if document.status not in statuses:
            raise ActionError(f"This document is {document.get_status_display().lower()}; it cannot be edited now.")
        raise Conflict(f"Someone else changed this document (version {version} is now {document.version}).")
    if freeze:
        keep_shown_keys(document)
    return document


def keep_shown_keys(document: Document) -> None:
    """The tags shown so far keep their numbers whatever this action changes: store every key the
    document shows (:func:`registry.freeze`, a whole-document pseudonymization) unless the registry
    holds them already (:func:`_shown_keys_stored`)."""
    if not _shown_keys_stored(document):
        registry.freeze(document)


def _shown_keys_stored(document: Document) -> bool:
    """Whether the registry holds every key the document shows before this action (then the whole-
    document :func:`registry.freeze` is skipped): the last decision made the version this action
    started from, went through :func:`begin` (which froze what it saw, or after a rename stored the
    same keys) and shows no key that version did not show (:func:`keeps_keys`)."""
    last = (Decision.objects.filter(document_id=document.pk).exclude(action__in=ANNOTATION_NEUTRAL).order_by("-id")
            .values_list("version", "action", "target", "before", "after").first())
    if last is None or last[0] != document.version - 1:
        return False
    return keeps_keys(document, *last[1:])


def keeps_keys(document: Document, action: str, target: str, before, after) -> bool:
    """Whether a decision left the document showing no registry key it did not show before: it only
    changed statuses that way (:func:`registry.statuses_keep_keys`), or only entities' tags (a tag
    replaces a key's text, never which keys are used: ``anonymizer.pseudonymize`` numbers renamed
    entities as any other), or it undid a decision that only changed tags (an undo puts back the
    recorded tags whatever came in between; an undone status change still counts as a change)."""
    if action == Action.UNDO:
        undone = parse_pk(target, "decision")
        found = Decision.objects.filter(pk=undone, document_id=document.pk).values_list("before", "after").first()
        return found is not None and tags_only(*found)
    if tags_only(before, after):
        return True
    moves = status_moves(before, after)
    return moves is not None and registry.statuses_keep_keys(document, moves.values())


def tags_only(before, after) -> bool:
    """Whether a decision's states only set entities' tags (a rename)."""
    return all(
        isinstance(state, dict) and set(state) == {"entities"} and state["entities"]
        and all(set(row.get("set", {})) == {"tag"} for row in state["entities"])
        for state in (before, after)
    )


def parse_pk(target: str | None, kind: str) -> int | None:
    """``"decision:12"`` -> 12 when the target is of that kind."""
    prefix, _, value = (target or "").partition(":")
    return int(value) if prefix == kind and value.isdigit() else None


def status_moves_since(document_id: int, version: int) -> dict[int, tuple[str, str]] | None:
    """Mention -> ``(status then, status now)`` over the decisions after ``version``, when they all only
    changed statuses (None otherwise, or when there are too many)."""
    rows = list(Decision.objects.filter(document_id=document_id, version__gt=version)
                .exclude(action__in=ANNOTATION_NEUTRAL).order_by("id")
                .values_list("before", "after")[:CHANGED_LIMIT + 1])
    if len(rows) > CHANGED_LIMIT:
        return None
    moves: dict[int, tuple[str, str]] = {}
    for before, after in rows:
        found = status_moves(before, after)
        if found is None:
            return None
        for pk, (old, new) in found.items():
            moves[pk] = (moves[pk][0] if pk in moves else old, new)
    return moves


def status_moves(before, after) -> dict[int, tuple[str, str]] | None:
    """Mention -> ``(old, new)`` status of a decision that only changed mention statuses; else None."""
    statuses: list[dict[int, str]] = []
    for state in (before, after):
        if not isinstance(state, dict) or set(state) != {"mentions"}:
            return None
        by_id: dict[int, str] = {}
        for group in state["mentions"]:
            if set(group.get("set", {})) != {"status"}:
                return None
            by_id.update(dict.fromkeys(group.get("ids", []), group["set"]["status"]))
        statuses.append(by_id)
    old, new = statuses
    if set(old) != set(new):
        return None
    return {pk: (old[pk], new[pk]) for pk in new}


def _bump(document_id: int, version: int, statuses: tuple[str, ...]) -> int:
    return Document.objects.filter(pk=document_id, version=version, status__in=statuses).update(
        version=F("version") + 1,
        status=Case(When(status=Document.Status.SUBMITTED, then=Value(Document.Status.SUBMITTED)),
                    default=Value(Document.Status.IN_REVIEW)),
    )


def changed_since(document_id: int, version: int) -> set[int] | None:
    """Mentions whose status the decisions after ``version`` changed (an undo of a status decision
    is one); None when any decision did anything else (labels, merges, additions, an undo of one of
    those, workflow...) or there are too many. Decisions that leave the annotations alone (a comment,
    a resolve, an assignment, an export: ``ANNOTATION_NEUTRAL``) are no change of anything an action
    touches and are not read."""
    rows = list(Decision.objects.filter(document_id=document_id, version__gt=version)
                .exclude(action__in=ANNOTATION_NEUTRAL).values_list("action", "target", "before", "after")[:CHANGED_LIMIT + 1])
    if len(rows) > CHANGED_LIMIT:
        return None
    ids: set[int] = set()
    for before, after in undone_states(document_id, rows):
        found = status_only(before, after)
        if found is None:
            return None
        ids |= found
    return ids


def undone_states(document_id: int, rows: list[tuple]) -> list[tuple]:
    """``(before, after)`` of each ``(action, target, before, after)`` row; an undo (which records no
    states) changes back the very fields of the very rows the decision it undid changed: its states."""
    undone = [pk for action, target, _, _ in rows if action == Action.UNDO and (pk := parse_pk(target, "decision"))]
    found = dict(((pk, (b, a)) for pk, b, a in Decision.objects.filter(document_id=document_id, pk__in=undone)
                  .values_list("pk", "before", "after"))) if undone else {}
    return [found.get(parse_pk(target, "decision"), (None, None)) if action == Action.UNDO else (before, after)
            for action, target, before, after in rows]


def status_only(before, after) -> set[int] | None:
    """The mentions a decision's states only set the status of; None when they change anything else."""
    ids: set[int] = set()
    for state in (before, after):
        if not isinstance(state, dict) or set(state) - {"mentions"}:
            return None
        for group in state.get("mentions", []):
            if set(group.get("set", {})) - {"status"}:
                return None
            ids.update(group.get("ids", []))
    return ids


finish = record  # an action ends with its decision


# ---------------------------------------------------------------- helpers of the actions


def grouped(rows: Iterable[tuple[int, dict]]) -> list[dict]:
    """``[(id, {field: value})]`` -> ``[{"ids": [...], "set": {...}}]`` (one update per distinct value)."""
    groups: dict[tuple, list[int]] = {}
    for pk, values in rows:
        groups.setdefault(tuple(sorted(values.items())), []).append(pk)
    return [{"ids": ids, "set": dict(key)} for key, ids in groups.items()]


def apply_groups(document: Document, groups: list[dict]) -> None:
    for group in groups:
        values = {k: v for k, v in group["set"].items() if k in MENTION_FIELDS}
        Mention.objects.filter(document=document, pk__in=group["ids"]).update(**values)


def joined_label(mention_label: str, entity_label: str) -> str:
    """The label a mention takes in an entity: a spelled name stays one in a person."""
    if mention_label == "SPELLED_NAME" and entity_label == "PERSON":
        return mention_label
    return entity_label


def get_mention(document: Document, mention_id: int) -> Mention:
    try:
        return Mention.objects.select_related("entity").get(document=document, pk=mention_id)
    except Mention.DoesNotExist:
        raise ActionError("That mention no longer exists.") from None


def get_entity(document: Document, entity_id: int) -> Entity:
    try:
        return Entity.objects.get(document=document, pk=entity_id)
    except Entity.DoesNotExist:
        raise ActionError("That entity no longer exists.") from None


def checked_label(label: str) -> str:
    from anonymizer.types import LABELS

    if label not in LABELS:
        raise ActionError("Unknown label.")
    return label


def checked_status(status: str) -> str:
    if status not in (ReviewStatus.ACCEPTED, ReviewStatus.REJECTED):
        raise ActionError("Unknown status.")
    return status


def category_of(label: str, name: str) -> str:
    from anonymizer.categorize import categorize

    return categorize(label, name)


def quote(text: str, limit: int = 60) -> str:
    text = " ".join(text.split())
    return f"“{text[:limit]}{'…' if len(text) > limit else ''}”"


def mention_state(mention: Mention) -> dict:
    return {"status": mention.status, "label": mention.label, "entity_id": mention.entity_id}


def new_entity(document: Document, label: str, name: str, category: str | None = None) -> Entity:
    order = (document.entities.order_by("-order").values_list("order", flat=True).first() or 0) + 1
    return Entity.objects.create(
        document=document, label=label, category=category or category_of(label, name), name=name[:255], order=order
    )


def pending_count(document: Document) -> int:
    return document.mentions.filter(status=ReviewStatus.PENDING).count()
