"""After an approval: the export's detector check kept by the SHA-256 of the published text, and the
dashboard's parts kept in the database (review.jobs.after_approval)."""
from __future__ import annotations

import pytest
from django.core.cache import cache

from review import annotator_quality, export_checks, jobs, leakgate, stats, trail
from review.models import DetectorCheck, Document, Export, TrailPart
from tests.test_dashboard_quality import scripted  # noqa: F401 - fixtures
from tests.test_export import admin, corpus, export_root, reject, run  # noqa: F401 - fixtures
from tests.test_export_checks import LEAKY, corpus_of, detections  # noqa: F401 - fixtures
from tests.test_review_views import HX
from tests.test_stats import people  # noqa: F401 - fixtures
from tests.test_workflow import as_user, new_document, team, url, version  # noqa: F401 - fixtures

pytestmark = pytest.mark.django_db


@pytest.fixture
def approved(corpus, settings):  # noqa: F811
    """Four approved documents (two leaky), each checked by its after-approval job."""
    settings.AFTER_APPROVAL_JOBS = True
    corpus_of(corpus)
    for pk in Document.objects.values_list("pk", flat=True):
        jobs.enqueue_after_approval(pk)
    return corpus


def test_it_checks_each_approved_document_once_and_the_export_reuses_the_checks(approved, admin, detections,  # noqa: F811
                                                                                 settings):
    assert DetectorCheck.objects.count() == 4
    export = run(approved, admin)
    assert detections == []  # every published text was checked after its approval
    assert export.status == Export.Status.BLOCKED and {hit["kind"] for hit in export.leaks} >= {"detector"}
    settings.AFTER_APPROVAL_JOBS = False
    DetectorCheck.objects.all().delete()
    cold = run(approved, admin)  # the same outcome when every document is checked at export time
    assert len(detections) == 4 and cold.leaks == export.leaks


def test_it_checks_again_a_text_that_changed_after_the_approval(approved, admin, detections):  # noqa: F811
    changed = Document.objects.filter(title="hearing-1").get()
    before = export_checks.kept([changed.pk], next(iter(DetectorCheck.objects.values_list("settings_sha256", flat=True))))
    reject(changed, "Fresno", 0)  # the published text now shows the place: the kept check is for another text
    export = run(approved, admin)
    assert len(detections) == 1 and export_checks.digest(detections[0]) not in {sha for _, sha in before}
    assert any(hit["kind"] == "detector" and hit["document"] == changed.pk for hit in export.leaks)


@pytest.mark.parametrize("stale", ["text", "settings"])
def test_it_never_uses_a_kept_check_of_another_text_or_other_settings(approved, admin, detections, stale):  # noqa: F811
    """Kept checks emptied of their hits: used, the leaky documents would pass."""
    field = "text_sha256" if stale == "text" else "settings_sha256"
    DetectorCheck.objects.update(hits=[], **{field: "0" * 64})
    export = run(approved, admin)
    assert len(detections) == 4 and export.status == Export.Status.BLOCKED
    assert {hit["kind"] for hit in export.leaks} >= {"detector"}


def test_the_settings_digest_follows_the_detection_settings_and_the_versions(approved, monkeypatch):  # noqa: F811
    from dataclasses import replace

    import importlib.metadata

    from review import services

    config = services.config_from_settings(approved)
    first = export_checks.settings_digest(config)
    assert export_checks.settings_digest(replace(config, style="referent")) == first  # the style does not detect
    assert export_checks.settings_digest(replace(config, whitelist_terms=("Parole",))) != first
    real = importlib.metadata.version
    monkeypatch.setattr(importlib.metadata, "version", lambda p: "9.9" if p == "spacy" else real(p))
    assert export_checks.settings_digest(config) != first
    monkeypatch.undo()
    assert export_checks.settings_digest(config) == first
    monkeypatch.setattr(export_checks, "source_digest", lambda: "other code")  # the detectors changed, same version
    assert export_checks.settings_digest(config) != first


def test_an_empty_cache_reads_the_kept_parts_instead_of_the_trail(scripted, corpus, monkeypatch, settings):  # noqa: F811
    settings.AFTER_APPROVAL_JOBS = True
    monkeypatch.setattr(jobs, "pipelines", type("P", (), {"get_pipeline": staticmethod(lambda c: None)}))  # no models
    jobs.after_approval(scripted.pk)  # the detector part fails (no models): the parts are kept before it
    assert set(TrailPart.objects.values_list("kind", flat=True)) == {trail.FLOWS, "annotators"}
    flow, quality = stats.throughput(corpus), annotator_quality.annotator_quality(corpus)
    cache.clear()

    def replay(documents):
        raise AssertionError(f"replayed the trail of {sorted(documents)}")

    monkeypatch.setattr(trail, "flows", replay)
    monkeypatch.setattr(annotator_quality, "_parts", replay)
    assert stats.throughput(corpus) == flow and annotator_quality.annotator_quality(corpus) == quality


def test_a_kept_part_of_an_older_version_is_rebuilt(scripted, corpus, monkeypatch):  # noqa: F811
    trail.keep_flows([scripted.pk])
    annotator_quality.keep_parts([scripted.pk])
    Document.objects.filter(pk=scripted.pk).update(version=scripted.version + 7)
    cache.clear()
    built = []
    real = trail.flows
    monkeypatch.setattr(trail, "flows", lambda documents: built.append(sorted(documents)) or real(documents))
    stats.throughput(corpus)
    assert built == [[scripted.pk]]


def test_an_approval_through_the_page_queues_the_job_once_committed(client, corpus, team, settings,  # noqa: F811
                                                                     django_capture_on_commit_callbacks):
    settings.AFTER_APPROVAL_JOBS = True
    people = team
    doc = new_document(corpus, assignee=people["ann"])
    assert as_user(client, people["ann"]).post(url("submit", doc.pk), {"version": version(doc)}, **HX).status_code == 200
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        response = as_user(client, people["rita"]).post(url("approve", doc.pk), {"version": version(doc)}, **HX)
    assert response.status_code == 200 and len(callbacks) == 1
    doc.refresh_from_db()
    (check,) = DetectorCheck.objects.filter(document=doc)
    assert check.text_sha256 == export_checks.digest(leakgate.pseudonymized_text(doc))
    assert set(TrailPart.objects.filter(document=doc).values_list("kind", flat=True)) == {trail.FLOWS, "annotators"}
