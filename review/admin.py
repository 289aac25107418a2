from django.contrib import admin

from .models import Corpus, Decision, Document


@admin.register(Corpus)
class CorpusAdmin(admin.ModelAdmin):
    list_display = ("name", "tag_style", "consistent_pseudonyms", "created_at")


@admin.register(Document)
class DocumentAdmin(admin.ModelAdmin):
    list_display = ("title", "corpus", "status", "assignee", "word_count", "updated_at")
    list_filter = ("status", "corpus")
    # Text and header are personal data: keep them out of list pages and search.
    exclude = ("original", "text", "header", "sidecar", "timed")  # a recording's transcripts too
    readonly_fields = ("version", "progress", "progress_stage", "failure_reason")


@admin.register(Decision)
class DecisionAdmin(admin.ModelAdmin):
    list_display = ("created_at", "document", "user", "action", "target")
    list_filter = ("action",)
    exclude = ("before", "after")
