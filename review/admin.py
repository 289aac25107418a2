"""Django admin: a window on the data, never a way around the audit trail.

The workflow's states (a document's status, assignee, submitter, approver...) and the history
(:class:`Decision` rows) change only through ``review.services``, which write one Decision per
action: here they are read-only. A Decision is neither added, changed nor deleted; a document
that has a history cannot be deleted either (Django's admin refuses to delete objects whose
related rows the user may not delete).
"""
from django.contrib import admin

from .models import Corpus, Decision, Document


@admin.register(Corpus)
class CorpusAdmin(admin.ModelAdmin):
    list_display = ("name", "tag_style", "consistent_pseudonyms", "created_at")


#: The only document fields the admin may change: none of the workflow's states.
DOCUMENT_EDITABLE = ("title",)


@admin.register(Document)
class DocumentAdmin(admin.ModelAdmin):
    list_display = ("title", "corpus", "status", "assignee", "word_count", "updated_at")
    list_filter = ("status", "corpus")
    # Text and header are personal data: keep them out of list pages and search.
    exclude = ("original", "text", "header", "sidecar", "timed")  # a recording's transcripts too

    def get_readonly_fields(self, request, obj=None):
        hidden = set(self.exclude or ())
        return [f.name for f in self.model._meta.concrete_fields
                if f.name not in DOCUMENT_EDITABLE and f.name not in hidden and f.name != "id"]

    def has_add_permission(self, request):  # documents come in through the upload (review.services.importing)
        return False


@admin.register(Decision)
class DecisionAdmin(admin.ModelAdmin):
    list_display = ("created_at", "document", "user", "action", "target")
    list_filter = ("action",)
    exclude = ("before", "after")

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
