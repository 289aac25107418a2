"""The reviewer's diff: every change a person made against the automatic pass (read only).

The diff compares each mention's current state with its automatic one, so an action that
was undone leaves no trace. The automatic state of a field is the first ``before`` value
the audit trail holds for it (the pass never records one; a field nobody touched still has
its automatic value). Who made a change and when comes from the latest decision, not undone,
that set the field. Mentions added by hand, and mentions a whitelisting deleted, come from
the decisions that created or deleted them.
"""
from __future__ import annotations

import bisect
from dataclasses import dataclass, field
from datetime import datetime

from anonymizer.lang.en.transcript import line_starts

from ..constants import UNDOABLE, Action, ReviewStatus
from ..models import Decision, Document, Entity, Mention, ReadingProgress


class ChangeKind:
    """What happened to a mention (the diff's vocabulary; templates read ``kinds.ADDED``)."""

    do_not_call_in_templates = True

    ADDED = "added"
    REJECTED = "rejected"
    RELABELLED = "relabelled"
    MOVED = "moved"
    MERGED = "merged"
    SPLIT = "split"
    TRIMMED = "trimmed"
    EXTENDED = "extended"
    WHITELISTED = "whitelisted"
    RENAMED = "renamed"
    ACCEPTED = "accepted"  # confirmed as proposed: shown only with the "decided in bulk" filter


#: the decision that moved a mention to another entity says how
ENTITY_MOVES = {Action.MERGE: ChangeKind.MERGED, Action.SPLIT: ChangeKind.SPLIT, Action.MOVE: ChangeKind.MOVED,
                Action.RELABEL: ChangeKind.RELABELLED}
#: entity-level actions; any other decision touching more than one mention is bulk too
BULK_ACTIONS = frozenset({Action.ACCEPT_ENTITY, Action.REJECT_ENTITY, Action.RELABEL_ENTITY, Action.MERGE,
                          Action.WHITELIST, Action.ACCEPT_PENDING, Action.ACCEPT_REST, Action.ACCEPT_KNOWN,
                          Action.RESTORE_DISMISSED, Action.REJECT_REJECTED_BEFORE})
#: the key of a bulk decision's ``after`` holding how many lines its author had read then
LINES_READ = "lines_read"


class DiffFilter:
    """The diff's filters (the ``changes`` query parameter)."""

    do_not_call_in_templates = True

    ALL = "all"
    ANNOTATOR = "annotator"  # changed by the person who marked the document done
    BULK = "bulk"  # decided by an entity-level or bulk action (acceptances included)
    UNSEEN = "unseen"  # decided in bulk without ever being focused or scrolled past

    CHOICES = ((ALL, "Every change"), (ANNOTATOR, "Changed by the annotator"), (BULK, "Decided in bulk"),
               (UNSEEN, "Never looked at"))


@dataclass(frozen=True)
class Change:
    """One change against the automatic pass, at ``[start, end)`` of the text."""

    kind: str
    start: int
    end: int
    label: str  # the label now (a whitelisted mention: the label it had)
    before: str  # the automatic value, when something was replaced ("" otherwise)
    after: str
    mention_id: int | None  # None when the mention no longer exists (whitelisted)
    decision: Decision | None = field(default=None, compare=False)
    bulk: bool = False

    @property
    def user(self):
        return self.decision.user if self.decision else None

    @property
    def user_id(self) -> int | None:
        return self.decision.user_id if self.decision else None

    @property
    def at(self) -> datetime | None:
        return self.decision.created_at if self.decision else None


def is_bulk(decision: Decision | None) -> bool:
    """Whether a decision came from an entity-level or bulk action (more than one mention at once)."""
    if decision is None:
        return False
    if decision.action in BULK_ACTIONS:
        return True
    after = decision.after or {}
    touched = {pk for group in after.get("mentions", []) for pk in group["ids"]}
    return len(touched | set(after.get("created_mentions", []))) > 1


def lines_read_then(decision: Decision, progress: dict[int, int]) -> int:
    """How many lines the decision's author had read when they decided.

    Bulk accepts record it (``after["lines_read"]``). Other decisions fall back on the author's
    reading progress now, which can only be higher than it was then: a line past it was unseen
    when they decided and is unseen still, so the filter never calls a seen mention unseen.
    """
    recorded = (decision.after or {}).get(LINES_READ)
    return int(recorded) if recorded is not None else progress.get(decision.user_id, 0)


def never_looked_at(document: Document, found: list[Change]) -> list[Change]:
    """The changes decided in bulk on a line their author never scrolled past nor stepped to.

    Reading progress is a high-water mark of the lines seen (scrolling past a line and
    stepping to a mention both raise it; focus is not recorded apart), so a mention lies
    unseen when its line is beyond the lines its author had read when deciding.
    """
    progress = dict(ReadingProgress.objects.filter(document=document).values_list("user_id", "lines_read"))
    starts = line_starts(document.text)
    return [c for c in found if c.bulk and c.decision is not None
            and bisect.bisect_right(starts, c.start) > lines_read_then(c.decision, progress)]


def unseen_mentions(document: Document) -> set[int]:
    """Mentions decided in bulk that their author never focused nor scrolled past."""
    return {c.mention_id for c in never_looked_at(document, changes(document)) if c.mention_id is not None}


class AuditTrail:
    """The audit trail of one document, read once: automatic values and the latest setters."""

    def __init__(self, document: Document) -> None:
        self.automatic: dict[tuple[int, str], object] = {}  # (mention pk, field) -> automatic value
        self.setter: dict[tuple[int, str], Decision] = {}  # (mention pk, field) -> latest live decision
        self.creator: dict[int, Decision] = {}  # manual mention pk -> the decision that added it
        self.whitelisted: list[tuple[dict, Decision]] = []  # deleted rows
        self.renamed: dict[int, Decision] = {}  # entity pk -> latest live rename
        decisions = (Decision.objects.filter(document=document, action__in=UNDOABLE)
                     .select_related("user").order_by("id"))
        for decision in decisions:
            before, after = decision.before or {}, decision.after or {}
            for group in before.get("mentions", []):
                for pk in group["ids"]:
                    for name, value in group["set"].items():
                        self.automatic.setdefault((pk, name), value)
            if decision.undone:
                continue
            for group in after.get("mentions", []):
                for pk in group["ids"]:
                    for name in group["set"]:
                        self.setter[(pk, name)] = decision
            for pk in after.get("created_mentions", []):
                self.creator[pk] = decision
            self.whitelisted.extend((row, decision) for row in before.get("deleted_mentions", []))
            if decision.action == Action.RENAME:
                for row in after.get("entities", []):
                    self.renamed[row["id"]] = decision

    def was(self, mention: dict, name: str):
        return self.automatic.get((mention["pk"], name), mention[name])


def _mention_change(mention: dict, trail: AuditTrail, names: dict[int, str]) -> Change | None:
    pk = mention["pk"]

    def change(kind: str, name: str, before: str = "", after: str = "") -> Change:
        decision = trail.setter.get((pk, name))
        return Change(kind, mention["start"], mention["end"], mention["label"], before, after, pk, decision,
                      is_bulk(decision))

    if mention["origin"] == Mention.Origin.MANUAL:
        decision = trail.creator.get(pk)
        return Change(ChangeKind.ADDED, mention["start"], mention["end"], mention["label"], "", mention["label"],
                      pk, decision, is_bulk(decision))
    if mention["status"] == ReviewStatus.REJECTED:
        return change(ChangeKind.REJECTED, "status", trail.was(mention, "label"), "")
    start, end = trail.was(mention, "start"), trail.was(mention, "end")
    if (start, end) != (mention["start"], mention["end"]):
        inside = start <= mention["start"] and mention["end"] <= end
        return change(ChangeKind.TRIMMED if inside else ChangeKind.EXTENDED, "end" if (pk, "end") in trail.setter
                      else "start", f"{start}:{end}", f"{mention['start']}:{mention['end']}")
    old_entity = trail.was(mention, "entity_id")
    if old_entity != mention["entity_id"]:
        decision = trail.setter.get((pk, "entity_id"))
        kind = ENTITY_MOVES.get(decision.action if decision else "", ChangeKind.MOVED)
        return change(kind, "entity_id", names.get(old_entity, ""), names.get(mention["entity_id"], ""))
    old_label = trail.was(mention, "label")
    if old_label != mention["label"]:
        return change(ChangeKind.RELABELLED, "label", old_label, mention["label"])
    if mention["status"] == ReviewStatus.ACCEPTED and trail.was(mention, "status") != ReviewStatus.ACCEPTED:
        return change(ChangeKind.ACCEPTED, "status")
    return None


def changes(document: Document) -> list[Change]:
    """Every change against the automatic pass (and every acceptance), in text order."""
    trail = AuditTrail(document)
    entities = {e.pk: e for e in Entity.objects.filter(document=document).only("pk", "label", "name", "tag")}
    names = {pk: f"{e.label} {e.name}" for pk, e in entities.items()}
    rows = Mention.objects.filter(document=document).values("pk", "start", "end", "label", "status", "entity_id",
                                                             "origin")
    found = [c for c in (_mention_change(m, trail, names) for m in rows) if c is not None]
    found += [Change(ChangeKind.WHITELISTED, row["start"], row["end"], row["label"], row["label"], "", None,
                     decision, True) for row, decision in trail.whitelisted]
    first = {}
    for m in rows:
        first.setdefault(m["entity_id"], m)
    for pk, decision in trail.renamed.items():
        entity, mention = entities.get(pk), first.get(pk)
        if entity is not None and entity.tag and mention is not None:
            found.append(Change(ChangeKind.RENAMED, mention["start"], mention["end"], entity.label, "", entity.tag,
                                mention["pk"], decision, False))
    return sorted(found, key=lambda c: (c.start, c.end, c.kind))


def filtered(document: Document, found: list[Change], which: str) -> list[Change]:
    """The changes one filter shows (acceptances appear only among the bulk decisions)."""
    if which == DiffFilter.BULK:
        return [c for c in found if c.bulk]
    if which == DiffFilter.UNSEEN:
        return never_looked_at(document, found)
    found = [c for c in found if c.kind != ChangeKind.ACCEPTED]
    if which == DiffFilter.ANNOTATOR:
        annotator = document.submitted_by_id or document.assignee_id
        return [c for c in found if c.decision is not None and (annotator is None or c.user_id == annotator)]
    return found


def counts(found: list[Change]) -> dict[str, int]:
    """How many changes of each kind (for the summary line)."""
    result: dict[str, int] = {}
    for change in found:
        result[change.kind] = result.get(change.kind, 0) + 1
    return result
