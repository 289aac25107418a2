"""Multi-object workflows. Each public action runs in one transaction.

==================  =====================================================================
``base``            Conflict, ActionError, Outcome, the version swap, the one Decision writer
``importing``       uploads, the automatic pass stored without losing a human decision
``text``            overlaps, possessive folding, exact and fuzzy occurrences (pure)
``mentions``        accept/reject, relabel, move, split, trim/extend one mention; move one surface form
``entities``        accept/reject everywhere, relabel, rename the tag, merge
``additions``       add missed mentions, whitelist a term, undo
``bulk``            accept pending under a filter, accept the rest
``reading``         reading progress as evidence of reading (stepped to, or in view at the reading pace)
``knowledge``       corpus knowledge: learn from reviewed documents, apply on import/re-run
``team``            four-eyes (submit, approve, send back, reopen) and assignment (assign, take next)
``comments``        comments on a line or a mention: add, resolve, reopen
``diff``            the reviewer's diff: every change against the automatic pass (read only)
``double``          double annotation: independent second copies of a sample, their agreement
``ordinary``        ordinary words are no names: ask before accepting one, never learn one
``recovery``        jobs left running by a dead worker or process: failed, retryable
``vocabulary``      the corpus whitelist imported from and exported to a file, one term a line
==================  =====================================================================

``from review import services; services.set_mention_status(...)`` keeps working: the
public API of every module is re-exported here.
"""
from ..constants import UNDOABLE, Action, ReviewStatus
from .additions import add_mentions, check_spans, only_own_since, undo, whitelist_matches, whitelist_term
from .bulk import PendingFilter, accept_pending, accept_rest, pending_counts, pending_under
from .reading import Reading, mark_read, note_reading, page_stamp, reading, seen_now
from .reading import parse_ranges as reading_ranges
from .comments import add_comment, resolve_comment
from .base import (
    EDITABLE, ENTITY_FIELDS, MENTION_FIELDS, REVIEWABLE, ActionError, Conflict, Outcome, begin, changed_since, record,
    status_moves_since,
    record_all,
)
from .entities import merge_entities, normalize_tag, relabel_entity, rename_tag, set_entity_status
from .importing import (
    ALLOWED_SUFFIXES, UploadError, apply_analysis, config_from_settings, create_documents, ensure_corpus, header_of,
    mark_queued,
)
from .knowledge_actions import accept_known_from_corpus, reject_rejected_before, restore_dismissed
from .mentions import (
    move_mention, move_mentions, move_surface, relabel_mention, resize_mention, set_mention_status, split_mention, surface_forms,
)
from .ordinary import NeedsConfirmation, not_a_name
from .recovery import Recovered, fail_interrupted, job_id, recover_stale_jobs
from .team import approve, assign, reopen, resubmitted_unchanged, send_back, submit, take_next, unseen_count
from .vocabulary import export_whitelist, import_whitelist
from .text import (
    NAME_LABELS, Occurrence, find_occurrences, fold_possessive, name_like, overlaps, same_term, similar_names, trim_span,
    typed, word_steps,
)

__all__ = [
    "Action", "ActionError", "ALLOWED_SUFFIXES", "Conflict", "EDITABLE", "ENTITY_FIELDS", "MENTION_FIELDS",
    "NAME_LABELS", "NeedsConfirmation", "not_a_name", "Occurrence", "Outcome", "PendingFilter", "Reading", "Recovered", "REVIEWABLE", "ReviewStatus",
    "UNDOABLE", "UploadError", "accept_known_from_corpus", "changed_since", "status_moves_since", "accept_pending", "accept_rest", "add_comment",
    "add_mentions", "apply_analysis", "approve", "assign", "begin", "check_spans", "config_from_settings",
    "create_documents", "ensure_corpus", "fail_interrupted", "find_occurrences", "fold_possessive", "header_of", "job_id", "mark_queued",
    "mark_read", "note_reading", "only_own_since", "page_stamp", "reading_ranges", "seen_now", "merge_entities", "move_mention", "move_mentions", "move_surface", "name_like", "normalize_tag", "overlaps", "pending_counts", "pending_under",
    "reading", "record", "recover_stale_jobs", "record_all", "reject_rejected_before", "relabel_entity", "relabel_mention", "rename_tag", "reopen", "resize_mention",
    "resolve_comment", "restore_dismissed", "resubmitted_unchanged", "same_term", "send_back",
    "set_entity_status", "set_mention_status", "similar_names", "split_mention", "submit", "surface_forms", "take_next",
    "trim_span", "typed", "undo", "word_steps", "unseen_count", "whitelist_matches", "whitelist_term",
    "export_whitelist", "import_whitelist",
]
