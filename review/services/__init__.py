"""Multi-object workflows. Each public action runs in one transaction.

==================  =====================================================================
``base``            Conflict, ActionError, Outcome, the version swap, the one Decision writer
``importing``       uploads, the automatic pass stored without losing a human decision
``text``            overlaps, possessive folding, exact and fuzzy occurrences (pure)
``mentions``        accept/reject, relabel, move, split one mention
``entities``        accept/reject everywhere, relabel, rename the tag, merge
``additions``       add missed mentions, whitelist a term, undo
``team``            four-eyes (submit, approve, send back) and assignment (assign, take next)
``recovery``        jobs left running by a dead worker or process: failed, retryable
==================  =====================================================================

``from review import services; services.set_mention_status(...)`` keeps working: the
public API of every module is re-exported here.
"""
from ..constants import UNDOABLE, Action, ReviewStatus
from .additions import add_mentions, check_spans, undo, whitelist_matches, whitelist_term
from .base import (
    EDITABLE, ENTITY_FIELDS, MENTION_FIELDS, REVIEWABLE, ActionError, Conflict, Outcome, begin, record, record_all,
)
from .entities import merge_entities, normalize_tag, relabel_entity, rename_tag, set_entity_status
from .importing import (
    ALLOWED_SUFFIXES, UploadError, apply_analysis, config_from_settings, create_documents, ensure_corpus, header_of,
    mark_queued,
)
from .mentions import move_mention, relabel_mention, set_mention_status, split_mention
from .recovery import Recovered, job_id, recover_stale_jobs
from .team import approve, assign, send_back, submit, take_next
from .text import Occurrence, find_occurrences, fold_possessive, overlaps, same_term, similar_names, trim_span

__all__ = [
    "ALLOWED_SUFFIXES", "EDITABLE", "ENTITY_FIELDS", "MENTION_FIELDS", "REVIEWABLE", "UNDOABLE", "Action",
    "ActionError", "Conflict", "Occurrence", "Outcome", "ReviewStatus", "UploadError", "add_mentions",
    "apply_analysis", "approve", "assign", "begin", "check_spans", "config_from_settings", "create_documents",
    "ensure_corpus", "find_occurrences", "fold_possessive", "header_of", "mark_queued", "merge_entities",
    "move_mention", "normalize_tag", "Recovered", "job_id", "recover_stale_jobs", "overlaps", "record", "record_all", "relabel_entity", "relabel_mention",
    "rename_tag", "same_term", "send_back", "set_entity_status", "set_mention_status", "similar_names",
    "split_mention", "submit", "take_next", "trim_span", "undo", "whitelist_matches", "whitelist_term",
]
