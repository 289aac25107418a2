"""Review data: corpora, documents, entities, mentions and the audit trail of decisions.

Offsets of mentions index ``Document.text``. Multi-object workflows live in
``review.services``; the methods here keep single-object invariants.
"""
from ..constants import Origin, ReviewStatus  # noqa: F401  (review.models.ReviewStatus stays importable)
from .core import Corpus, CorpusEntity, Decision, Document, Entity, Export, Mention, MentionTally
from .derived import DetectorCheck, TrailPart
from .knowledge import KnowledgeChange, KnownForm
from .people import Comment, ReadingProgress, UserAudit

__all__ = ["Comment", "Corpus", "CorpusEntity", "Decision", "DetectorCheck", "Document", "Entity", "Export", "KnowledgeChange",
           "KnownForm", "Mention", "MentionTally", "Origin", "ReadingProgress", "ReviewStatus", "TrailPart", "UserAudit"]
