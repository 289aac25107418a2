"""Results derived from a document and kept so that no reader has to compute them again.

``DetectorCheck``: the leak gate's detector re-run of one published text, keyed by the
SHA-256 of that very text and of the detection settings and model versions
(``review.export_checks``); an export takes it only when both match. ``TrailPart``: one
document's part of a dashboard number (``review.trail.per_document``) at the document stamp
it was built from; a part whose stamp is not the document's current one is never read.
Both are written by jobs and workflows, never by a GET.
"""
from __future__ import annotations

from django.db import models

from .core import Document


class DetectorCheck(models.Model):
    document = models.ForeignKey(Document, on_delete=models.CASCADE, related_name="detector_checks")
    text_sha256 = models.CharField(max_length=64)
    settings_sha256 = models.CharField(max_length=64)  # detection settings and package/model versions
    hits = models.JSONField(default=list)  # [start, end, label]: offsets and labels only, never text
    checked_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["document", "text_sha256", "settings_sha256"],
                                               name="detector_check_once_per_text")]


class TrailPart(models.Model):
    document = models.ForeignKey(Document, on_delete=models.CASCADE, related_name="trail_parts")
    kind = models.CharField(max_length=32)  # which number: "flows", "annotators"
    stamp = models.CharField(max_length=80)  # the document's version and last save the part was built at
    data = models.BinaryField()  # the pickled part (as Django's cache stores it)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["document", "kind"], name="trail_part_once_per_kind")]
