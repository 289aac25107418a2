"""People around a document: account audit, reading progress, comments."""
from __future__ import annotations

from django.conf import settings
from django.db import models

from .core import Document, Mention


class UserAudit(models.Model):
    """Audit row of user management: who did what to which account, and when.

    Holds roles and states only — never a password, a token or a one-time link.
    """

    class Action(models.TextChoices):
        CREATED = "created", "Created"
        INVITED = "invited", "Invited"
        ROLE_CHANGED = "role_changed", "Role changed"
        DEACTIVATED = "deactivated", "Deactivated"
        REACTIVATED = "reactivated", "Reactivated"
        LINK_ISSUED = "link_issued", "Set-password link issued"
        PASSWORD_SET = "password_set", "Password set through a link"

    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    subject = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    subject_name = models.CharField(max_length=150, help_text="Username at the time (kept if the account goes).")
    action = models.CharField(max_length=20, choices=Action.choices)
    before = models.CharField(max_length=20, blank=True, help_text="e.g. the role before a role change")
    after = models.CharField(max_length=20, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.action} {self.subject_name}"


class ReadingProgress(models.Model):
    """Which lines one reviewer has read of one document (stepped to, or in view long enough for
    their words at the reading pace: review.services.reading).

    Not a decision (reading changes nothing); it gates "accept the rest", which is offered
    only once every line has been read. Holds line numbers only, never document text.
    """

    document = models.ForeignKey(Document, on_delete=models.CASCADE, related_name="reading")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    lines_read = models.PositiveIntegerField(default=0, help_text="How many lines have been read.")
    seen = models.TextField(default="", blank=True, help_text="The lines read, as ranges: 1-40,52.")
    read_at = models.DateTimeField(null=True, blank=True, help_text="The last credit of lines in view (the time since "
                                                                    "bounds the words the next may credit).")
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["document", "user"], name="reading_progress_once")]

    def __str__(self) -> str:
        return f"read {self.lines_read} lines"


class Comment(models.Model):
    """A remark on a line or a mention, visible to everyone on the document; resolvable.

    ``offset`` is where it points: the start of the mention, or of the line, it was made on.
    """

    document = models.ForeignKey(Document, on_delete=models.CASCADE, related_name="comments")
    author = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    offset = models.PositiveIntegerField(default=0)
    mention = models.ForeignKey(Mention, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    body = models.TextField()
    resolved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    resolved_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["document", "offset", "id"]
        indexes = [models.Index(fields=["document", "resolved_at"])]

    def __str__(self) -> str:
        return f"comment {self.pk} on document {self.document_id}"

    @property
    def resolved(self) -> bool:
        return self.resolved_at is not None
