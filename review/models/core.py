"""Corpora, documents, entities, mentions, the audit trail of decisions, the pseudonym registry, exports."""
from __future__ import annotations

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import F, Q
from django.db.models.functions import Now

from .. import export_paths
from ..constants import Origin, ReviewStatus  # noqa: F401  (review.models.ReviewStatus stays importable)


class Corpus(models.Model):
    class TagStyle(models.TextChoices):
        PARTS = "parts", "One tag per name part"
        REFERENT = "referent", "One tag per person"

    class Language(models.TextChoices):
        """The documents' language (``anonymizer.lang``); blank: the pass guesses it per document."""

        DETECT = "", "Detect per document"
        ENGLISH = "en", "English"
        DANISH = "da", "Danish"

    name = models.CharField(max_length=200, unique=True)
    whitelist_terms = models.TextField(blank=True, help_text="Terms never masked in this corpus, one per line.")
    tag_style = models.CharField(max_length=10, choices=TagStyle.choices, default=TagStyle.PARTS)
    language = models.CharField(max_length=8, choices=Language.choices, default=Language.ENGLISH, blank=True,
                                help_text="The documents' language: its rules, lists and model read them.")
    consistent_pseudonyms = models.BooleanField(
        default=False, help_text="The same person gets the same tag in every document of the corpus."
    )
    double_annotation = models.FloatField(
        default=0.0, validators=[MinValueValidator(0.0), MaxValueValidator(1.0)], help_text="Share of the documents (0 to 1) annotated twice, independently, to measure agreement."
    )
    # recordings (issue 45): what an export puts over an accepted mention's time range, and the file format
    audio_mask = models.CharField(max_length=10, choices=[("tone", "A 1 kHz tone"), ("silence", "Silence")],
                                  default="tone", help_text="What replaces a masked mention in an exported recording.")
    audio_format = models.CharField(max_length=4, choices=[("wav", "WAV"), ("flac", "FLAC")], default="wav",
                                    help_text="The file format of exported recordings.")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        verbose_name_plural = "corpora"

    def __str__(self) -> str:
        return self.name

    def whitelist(self) -> tuple[str, ...]:
        return tuple(t.strip() for t in self.whitelist_terms.splitlines() if t.strip())

    def add_whitelist_term(self, term: str) -> bool:
        term = " ".join(term.split())
        if not term or term.casefold() in {t.casefold() for t in self.whitelist()}:
            return False
        self.whitelist_terms = "\n".join((*self.whitelist(), term))
        return True


class Document(models.Model):
    class Status(models.TextChoices):
        UPLOADED = "uploaded", "Uploaded"
        QUEUED = "queued", "Queued"
        ANNOTATING = "annotating", "Automatic pass running"
        READY = "ready", "Ready for review"
        IN_REVIEW = "in_review", "In review"
        SUBMITTED = "submitted", "Awaiting second review"
        APPROVED = "approved", "Approved"
        FAILED = "failed", "Failed"

    corpus = models.ForeignKey(Corpus, on_delete=models.CASCADE, related_name="documents")
    title = models.CharField(max_length=255)
    original_name = models.CharField(max_length=255)
    original = models.BinaryField(editable=False)
    content_sha256 = models.CharField(
        max_length=64, blank=True, default="", editable=False,
        help_text="SHA-256 of the uploaded bytes: one upload of the same file per corpus (empty: not checked).",
    )
    text = models.TextField(blank=True)
    header = models.JSONField(null=True, blank=True)
    title_end = models.PositiveIntegerField(default=0)
    word_count = models.PositiveIntegerField(default=0)
    language = models.CharField(max_length=8, blank=True, help_text="The language the automatic pass read it with.")
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.UPLOADED, db_index=True)
    failure_reason = models.CharField(max_length=500, blank=True)
    progress = models.FloatField(default=0.0)
    progress_stage = models.CharField(max_length=40, blank=True)
    heartbeat_at = models.DateTimeField(null=True, blank=True, help_text="Last sign of life of the job (review.jobs).")
    assignee = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="assigned_documents"
    )
    version = models.PositiveIntegerField(default=1, help_text="Bumped by every review action (optimistic locking).")
    # four-eyes workflow: the annotator submits, a reviewer approves or sends back
    submitted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    submitted_at = models.DateTimeField(null=True, blank=True)
    reviewer = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="second_reviews"
    )
    approved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    approved_at = models.DateTimeField(null=True, blank=True)
    review_comment = models.TextField(blank=True, help_text="The reviewer's comment when sending a document back.")
    exported_at = models.DateTimeField(null=True, blank=True, help_text="Last export that included this document.")
    twin = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.CASCADE, related_name="twins",
        help_text="Set on a second, independent annotation of that document (never exported).",
    )
    neutral_id = models.CharField(
        max_length=40, blank=True, default="", help_text="Stable neutral name in exports (hearing_0001), per corpus."
    )
    # a recording (issue 45): the original audio is a file under AUDIO_ROOT (review.audio; never in an export,
    # never under MEDIA_URL), with the time-aligned transcript given beside it (if any) and, after the pass,
    # ``timed``: every character of ``text`` mapped to a time (anonymizer.speech.TimedTranscript.to_dict)
    audio_file = models.CharField(max_length=120, blank=True, default="", editable=False,
                                  help_text="The original recording's file under AUDIO_ROOT (empty: not a recording).")
    audio_seconds = models.FloatField(default=0.0, help_text="The recording's duration (seconds).")
    sidecar = models.BinaryField(null=True, blank=True, editable=False,
                                 help_text="The time-aligned transcript uploaded beside the recording (secret).")
    sidecar_name = models.CharField(max_length=255, blank=True, default="")
    timed = models.JSONField(null=True, blank=True, editable=False,
                             help_text="The time-aligned transcript of a recording (secret).")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["corpus", "title", "id"]
        constraints = [
            models.UniqueConstraint(fields=["corpus", "neutral_id"], condition=~models.Q(neutral_id=""),
                                    name="unique_neutral_id_per_corpus"),
            # the duplicate-upload refusal, atomic: two uploads of the same bytes at once cannot both pass
            models.UniqueConstraint(fields=["corpus", "content_sha256"],
                                    condition=models.Q(twin__isnull=True) & ~models.Q(content_sha256=""),
                                    name="unique_upload_per_corpus"),
        ]

    def __str__(self) -> str:
        return self.title

    @property
    def is_audio(self) -> bool:
        return bool(self.audio_file)

    @property
    def is_running(self) -> bool:
        return self.status in (self.Status.QUEUED, self.Status.ANNOTATING)

    @property
    def is_reviewable(self) -> bool:
        return self.status in (self.Status.READY, self.Status.IN_REVIEW)

    def set_progress(self, stage: str, fraction: float) -> bool:
        """Persist job progress without touching other columns (no lost updates); False when the
        row is gone (the document was deleted while its job ran). A progress write is a sign of life:
        it stamps ``heartbeat_at`` by the database's clock too (the heartbeat thread, which needs a
        connection of its own, may find none while every slot is taken)."""
        fraction = max(0.0, min(1.0, fraction))
        updated = Document.objects.filter(pk=self.pk).update(progress=fraction, progress_stage=stage[:40],
                                                             heartbeat_at=Now())
        self.progress, self.progress_stage = fraction, stage[:40]
        return updated > 0

    def fail(self, reason: str) -> None:
        self.status = self.Status.FAILED
        self.failure_reason = reason[:500]
        self.save(update_fields=["status", "failure_reason", "updated_at"])

    def bump_version(self) -> int:
        """Atomically increment the version; returns the new value."""
        Document.objects.filter(pk=self.pk).update(version=F("version") + 1)
        self.refresh_from_db(fields=["version"])
        return self.version




class CorpusEntity(models.Model):
    """Corpus-wide pseudonym registry: the same referent gets the same number in every document.

    In a corpus without consistent pseudonyms the rows carry their ``document``: each document
    keeps the numbers it first showed, so later relabels and merges renumber nothing else.

    ``key`` is the normalized name (a name part in the ``parts`` tag style, the full name in
    ``referent`` style); ``number`` is the n of ``[CATEGORY_n]``, unique per corpus and category.
    """

    corpus = models.ForeignKey(Corpus, on_delete=models.CASCADE, related_name="registry")
    document = models.ForeignKey(
        Document, null=True, blank=True, on_delete=models.CASCADE, related_name="pseudonyms",
        help_text="Set: the numbers of one document of a corpus without consistent pseudonyms.",
    )
    category = models.CharField(max_length=30)
    key = models.CharField(max_length=255)
    number = models.PositiveIntegerField()
    surface = models.CharField(max_length=255, help_text="A representative surface form (secret).")
    created_at = models.DateTimeField(auto_now_add=True)
    # a reviewer's rename or merge, applied to documents not yet exported when it happened
    tag = models.CharField(max_length=80, blank=True, help_text="Renamed tag (empty = [CATEGORY_number]).")
    alias_of = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="aliases",
        help_text="Merged into this key: shares its number.",
    )
    changed_at = models.DateTimeField(null=True, blank=True, help_text="When tag or alias_of was last set.")

    class Meta:
        ordering = ["corpus", "category", "number"]
        constraints = [
            models.UniqueConstraint(fields=["corpus", "category", "key"], name="registry_unique_key",
                                    condition=models.Q(document__isnull=True)),
            models.UniqueConstraint(fields=["corpus", "category", "number"], name="registry_unique_number",
                                    condition=models.Q(document__isnull=True)),
            models.UniqueConstraint(fields=["document", "category", "key"], name="registry_document_key",
                                    condition=models.Q(document__isnull=False)),
            models.UniqueConstraint(fields=["document", "category", "number"], name="registry_document_number",
                                    condition=models.Q(document__isnull=False)),
        ]

    def __str__(self) -> str:
        return f"[{self.category}_{self.number}]"


class Export(models.Model):
    """One export of a corpus: the pseudonymized archive, the secret key archive, the leak report."""

    class Status(models.TextChoices):
        QUEUED = "queued", "Queued"
        RUNNING = "running", "Running"
        BLOCKED = "blocked", "Blocked by the leak gate"
        DONE = "done", "Done"
        FAILED = "failed", "Failed"

    corpus = models.ForeignKey(Corpus, on_delete=models.CASCADE, related_name="exports")
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.QUEUED)
    progress = models.FloatField(default=0.0)
    failure_reason = models.CharField(max_length=500, blank=True)
    heartbeat_at = models.DateTimeField(null=True, blank=True, help_text="Last sign of life of the job (review.jobs).")
    documents = models.ManyToManyField(Document, related_name="exports", blank=True)
    archive_path = models.CharField(max_length=500, blank=True, help_text="Corpus archive (pseudonymized).")
    keys_path = models.CharField(max_length=500, blank=True, help_text="Key archive (secret, admins only).")
    manifest = models.JSONField(null=True, blank=True)
    leaks = models.JSONField(null=True, blank=True, help_text="Leak-gate hits: document, line, text (secret).")
    override_reason = models.TextField(blank=True)
    overridden_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"export {self.pk} of {self.corpus}"

    # archive_path and keys_path are stored relative to EXPORT_ROOT (review.export_paths)
    @property
    def archive_file(self):
        """The corpus archive's file under today's ``EXPORT_ROOT`` (None: none)."""
        return export_paths.located(self.archive_path)

    @property
    def keys_file(self):
        """The key archive's file under today's ``EXPORT_ROOT`` (None: none)."""
        return export_paths.located(self.keys_path)

    @property
    def gate_said(self) -> str:
        """What the leak gate found, as the manifest, the log and the command line count it (review.gate_count)."""
        from .. import gate_count

        return gate_count.describe(gate_count.count(self.leaks))

    @property
    def recordings(self) -> int:
        """How many masked recordings (each with its timed subtitles) the corpus archive holds."""
        return sum(1 for d in (self.manifest or {}).get("documents", ()) if isinstance(d, dict) and d.get("audio"))


class Entity(models.Model):
    document = models.ForeignKey(Document, on_delete=models.CASCADE, related_name="entities")
    label = models.CharField(max_length=30)
    category = models.CharField(max_length=30)
    name = models.CharField(max_length=255, help_text="Representative surface form.")
    tag = models.CharField(max_length=80, blank=True, help_text="Human override of the computed tag.")
    order = models.PositiveIntegerField(default=0, help_text="Order of first appearance.")

    class Meta:
        ordering = ["document", "order", "id"]
        indexes = [models.Index(fields=["document", "label"])]

    def __str__(self) -> str:
        return f"{self.label} #{self.pk}"


class Mention(models.Model):
    Origin = Origin

    document = models.ForeignKey(Document, on_delete=models.CASCADE, related_name="mentions")
    entity = models.ForeignKey(Entity, on_delete=models.CASCADE, related_name="mentions")
    start = models.PositiveIntegerField()
    end = models.PositiveIntegerField()
    label = models.CharField(max_length=30)
    sources = models.CharField(max_length=120, blank=True, help_text="'+'-joined detector names.")
    confidence = models.PositiveSmallIntegerField(default=2)
    score = models.FloatField(default=0.85)
    status = models.CharField(max_length=10, choices=ReviewStatus.choices, default=ReviewStatus.PENDING, db_index=True)
    origin = models.CharField(max_length=10, choices=Origin.choices, default=Origin.AUTO)
    # corpus knowledge (review.services.knowledge): "known" = created or confirmed by a learned
    # form, "dismissed" = rejected by a learned dismissal, "conflict" = a dismissal another
    # detector contradicts (left pending); "" = the corpus had no say
    corpus_mark = models.CharField(max_length=10, blank=True, default="")

    class Meta:
        ordering = ["document", "start"]
        indexes = [models.Index(fields=["document", "start"]), models.Index(fields=["document", "status"])]
        constraints = [
            models.CheckConstraint(condition=Q(end__gt=F("start")), name="mention_nonempty_span"),
            models.CheckConstraint(condition=Q(confidence__gte=1) & Q(confidence__lte=3), name="mention_confidence_1_3"),
        ]

    def __str__(self) -> str:
        return f"{self.label} {self.start}:{self.end}"

    @property
    def is_decided(self) -> bool:
        return self.status != ReviewStatus.PENDING or self.origin == self.Origin.MANUAL

    def source_list(self) -> list[str]:
        return [s for s in self.sources.split("+") if s]


class MentionTally(models.Model):
    """A document's mentions counted by (label, status, origin, sources), at one document version.

    Kept by ``review.tallies`` (the services recount a document whenever its version moves);
    read by the document list and the dashboard instead of counting every mention.
    """

    document = models.OneToOneField(Document, on_delete=models.CASCADE, primary_key=True, related_name="tally")
    version = models.PositiveIntegerField(help_text="The document version these counts belong to.")
    total = models.PositiveIntegerField(default=0)
    decided = models.PositiveIntegerField(default=0, help_text="Mentions no longer pending.")
    cells = models.JSONField(default=list, help_text="[[label, status, origin, sources, count], ...]")

    def __str__(self) -> str:
        return f"tally of document {self.document_id} at version {self.version}"


class Decision(models.Model):
    """Audit row: who did what to which object, with before/after values."""

    document = models.ForeignKey(Document, on_delete=models.CASCADE, related_name="decisions")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    action = models.CharField(max_length=40)
    summary = models.CharField(max_length=300, blank=True, help_text="What happened, for the history panel.")
    target = models.CharField(max_length=60, help_text="e.g. mention:12, entity:4, document:1")
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    version = models.PositiveIntegerField(default=0, help_text="Document version after the action.")
    undone = models.BooleanField(default=False)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["document", "user", "undone"])]

    def __str__(self) -> str:
        return f"{self.action} {self.target}"
