"""The review app's vocabulary: mention statuses and decision actions, in one place.

Services, views, the registry, stats, exporting, templates (through the context) and
``review.js`` (through data attributes) all take these strings from here.
"""
from __future__ import annotations

from django.db import models


class ReviewStatus(models.TextChoices):
    """A mention's review status (also shown per entity row, plus ``mixed``)."""

    PENDING = "pending", "Pending"
    ACCEPTED = "accepted", "Accepted"
    REJECTED = "rejected", "Rejected"


class Origin(models.TextChoices):
    """Where a mention came from."""

    AUTO = "auto", "Automatic"
    MANUAL = "manual", "Added by hand"


#: An entity row whose mentions are partly accepted, partly rejected.
MIXED = "mixed"


class Action:
    """``Decision.action`` values (the mention/entity ones double as URL slugs of their views)."""

    do_not_call_in_templates = True  # templates read ``actions.ACCEPT``

    # mentions
    ACCEPT = "accept"
    REJECT = "reject"
    RELABEL = "relabel"
    MOVE = "move"
    SPLIT = "split"
    RESIZE = "resize"  # trim or extend a mention's boundaries
    MOVE_SURFACE = "move_surface"  # every mention of one surface form of an entity to another entity
    MOVE_TICKED = "move_ticked"  # the mentions ticked in an entity's occurrence list to another entity
    # entities
    ACCEPT_ENTITY = "accept_entity"
    REJECT_ENTITY = "reject_entity"
    RELABEL_ENTITY = "relabel_entity"
    RENAME = "rename"
    MERGE = "merge"
    # bulk: every pending mention shown under a filter; the rest once every line was read
    ACCEPT_PENDING = "accept_pending"
    ACCEPT_REST = "accept_rest"
    # adding, whitelisting, undoing
    ADD = "add"
    WHITELIST = "whitelist"
    UNDO = "undo"
    # four-eyes workflow and assignment
    SUBMIT = "submit"
    APPROVE = "approve"
    SEND_BACK = "send_back"
    COMMENT = "comment"
    RESOLVE = "resolve"
    TWIN = "twin"  # a second, independent annotation was created
    ASSIGN = "assign"
    TAKE = "take"
    # automatic pass and export
    RERUN = "rerun"
    EXPORT_OVERRIDE = "export_override"
    # corpus knowledge (review.services.knowledge)
    CORPUS_APPLY = "corpus_apply"  # the automatic pass: known forms found, learned dismissals applied
    ACCEPT_KNOWN = "accept_known"  # a person accepts every pending mention known from the corpus
    RESTORE_DISMISSED = "restore_dismissed"  # a person restores mentions the corpus dismissed
    REJECT_REJECTED_BEFORE = "reject_rejected_before"  # a person rejects every pending mention rejected before
    EXPORT = "export"
    REOPEN = "reopen"  # an admin reopens an approved document from a blocked export's finding


#: The decisions a person makes on mentions and entities (undo reverts these).
UNDOABLE = frozenset(
    {Action.ACCEPT, Action.REJECT, Action.RELABEL, Action.MOVE, Action.SPLIT, Action.ACCEPT_ENTITY,
     Action.REJECT_ENTITY, Action.RELABEL_ENTITY, Action.RENAME, Action.MERGE, Action.ADD, Action.WHITELIST,
     Action.ACCEPT_PENDING, Action.ACCEPT_REST, Action.RESIZE, Action.MOVE_SURFACE,
     Action.MOVE_TICKED,
     Action.ACCEPT_KNOWN, Action.RESTORE_DISMISSED, Action.REJECT_REJECTED_BEFORE}
)

#: Decisions that leave every mention and entity as they were (a comment, an assignment, an export):
#: what an action touches cannot have changed in them, so no action conflicts with them
#: (``services.base.changed_since``).
ANNOTATION_NEUTRAL = frozenset(
    {Action.COMMENT, Action.RESOLVE, Action.ASSIGN, Action.TAKE, Action.TWIN, Action.EXPORT, Action.EXPORT_OVERRIDE}
)


class CorpusMark:
    """``Mention.corpus_mark``: what corpus knowledge did to a mention ("" = nothing)."""

    do_not_call_in_templates = True

    KNOWN = "known"  # a form the corpus accepted before: certainty 1, source "corpus"
    LABEL = "label"  # a label whose proposals the corpus (nearly) always accepted: known too
    DISMISSED = "dismissed"  # a form rejected in >= 2 documents and never accepted: rejected, restorable
    CONFLICT = "conflict"  # a learned dismissal another detector contradicts: left pending
    #: rejected in one earlier document (here, or anywhere and never accepted), below a dismissal's
    #: two: left pending, marked, and "reject all rejected before" rejects them in one action
    REJECTED_BEFORE = "rejected"


#: The four-eyes steps shown on the review screen.
WORKFLOW_ACTIONS = (Action.SUBMIT, Action.APPROVE, Action.SEND_BACK)
#: URL slugs of the per-mention and per-entity action views.
MENTION_SLUGS = (Action.ACCEPT, Action.REJECT, Action.RELABEL, Action.MOVE, Action.SPLIT, Action.RESIZE)
ENTITY_SLUGS = (Action.ACCEPT, Action.REJECT, Action.RELABEL, Action.RENAME, Action.MERGE)
