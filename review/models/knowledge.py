"""What a corpus learned from its reviewed documents (review.services.knowledge) and its curation audit."""
from __future__ import annotations

from django.conf import settings
from django.db import models

from .core import Corpus


class KnownForm(models.Model):
    """What a corpus learned about one surface form from its reviewed documents (secret).

    ``accepted_in``/``rejected_in`` list the primary keys of the documents (marked done or
    approved) where the form was accepted/rejected; ``trusted`` once one of them is approved.
    An admin may remove an entry (``removed``) or correct its label (``label_override``).
    ``group`` (learned grouping, ``services.knowledge_groups``): the folded full name of the one
    corpus-wide entity the reviewed documents always put this form in ("" = none or ambiguous).
    """

    corpus = models.ForeignKey(Corpus, on_delete=models.CASCADE, related_name="known_forms")
    form = models.CharField(max_length=255, help_text="Folded surface form (white space, case, possessive).")
    surface = models.CharField(max_length=255, help_text="A representative surface form.")
    label = models.CharField(max_length=30, blank=True, help_text="Label it was accepted with (most often).")
    accepted = models.PositiveIntegerField(default=0, help_text="Accepted mentions.")
    rejected = models.PositiveIntegerField(default=0, help_text="Rejected automatic mentions.")
    labels = models.JSONField(default=dict, help_text="Accepted mentions by label.")
    accepted_in = models.JSONField(default=list)
    rejected_in = models.JSONField(default=list)
    contexts = models.JSONField(default=dict, help_text="Rejections by kind of context.")
    trusted = models.BooleanField(default=False)
    removed = models.BooleanField(default=False)
    label_override = models.CharField(max_length=30, blank=True)
    group = models.CharField(max_length=255, blank=True, default="",
                             help_text="Folded full name of the corpus-wide entity every reviewed entity put it in.")
    apart = models.JSONField(default=list, blank=True,
                             help_text="A name part: full names of people the reviewers kept it apart from.")
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["corpus", "form"]
        constraints = [models.UniqueConstraint(fields=["corpus", "form"], name="known_form_unique")]

    def __str__(self) -> str:
        return f"known form #{self.pk}"


class KnowledgeChange(models.Model):
    """Audit row of an admin's change to corpus knowledge (remove, restore, correct)."""

    corpus = models.ForeignKey(Corpus, on_delete=models.CASCADE, related_name="knowledge_changes")
    known_form = models.ForeignKey(KnownForm, null=True, on_delete=models.SET_NULL, related_name="changes")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    action = models.CharField(max_length=20)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    mentions_changed = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["-created_at", "-id"]
