"""The audit trail cannot be bypassed in the Django admin (issue 44's probe: a superuser set a
document to approved there with no human decision and no decision row, the next export shipped it
with ``approved_by: null``; decision rows could be edited and deleted). The workflow's states and
the history change only through the services: the admin shows them read-only, and an export
refuses a document approved by no one."""
from __future__ import annotations

import pytest
from django.urls import reverse

from review import exporting, services
from review.constants import Action
from review.models import Decision, Document, Export
from tests.test_export import admin, corpus, export_root, make_document, run  # noqa: F401  (fixtures)

pytestmark = pytest.mark.django_db

WORKFLOW = {"status": "approved", "version": "99", "assignee": "", "reviewer": "", "approved_by": "",
            "submitted_by": "", "exported_at": "", "neutral_id": "hearing_9999"}


@pytest.fixture
def boss(client, django_user_model):
    user = django_user_model.objects.create_superuser("root", password="a-long-test-password")
    client.force_login(user)
    return client


def _change(model, pk: int) -> str:
    return reverse(f"admin:review_{model}_change", args=[pk])


def test_it_shows_a_documents_workflow_states_read_only_in_the_admin(boss, corpus):  # noqa: F811
    document = make_document(corpus, "h", approved=False)
    before = Document.objects.values("status", "version", "approved_by", "neutral_id").get(pk=document.pk)
    page = boss.get(_change("document", document.pk))
    assert page.status_code == 200 and 'name="status"' not in page.content.decode()
    boss.post(_change("document", document.pk), {"title": "renamed", **WORKFLOW})
    after = Document.objects.values("status", "version", "approved_by", "neutral_id").get(pk=document.pk)
    assert after == before and Document.objects.get(pk=document.pk).title == "renamed"
    assert boss.get(reverse("admin:review_document_add")).status_code == 403


@pytest.mark.parametrize("how", ["change", "delete", "add", "delete-document", "bulk-delete"])
def test_it_never_changes_or_deletes_a_decision_row_in_the_admin(boss, corpus, how, django_user_model):  # noqa: F811
    document = make_document(corpus, "h", approved=False)
    ann = django_user_model.objects.create_user("ann", password="a-long-test-password")
    services.add_comment(document.pk, ann, "Speaker?")
    decision = Decision.objects.get(document=document)
    before = list(Decision.objects.values_list("pk", "action", "target", "summary", "user"))
    if how == "change":
        response = boss.post(_change("decision", decision.pk), {"document": document.pk, "user": ann.pk, "action": "approve",
                                                                   "target": "x", "summary": "forged", "version": 7,
                                                                   "undone": "on"})
    elif how == "delete":
        response = boss.post(reverse("admin:review_decision_delete", args=[decision.pk]), {"post": "yes"})
    elif how == "add":
        response = boss.post(reverse("admin:review_decision_add"), {"document": document.pk, "action": "approve", "user": ann.pk,
                                                                    "target": f"document:{document.pk}", "version": 1})
    elif how == "delete-document":  # deleting the document would delete its history
        response = boss.post(reverse("admin:review_document_delete", args=[document.pk]), {"post": "yes"})
    else:
        response = boss.post(reverse("admin:review_decision_changelist"),
                             {"action": "delete_selected", "_selected_action": [decision.pk], "post": "yes"})
    assert response.status_code in (200, 302, 403)
    assert list(Decision.objects.values_list("pk", "action", "target", "summary", "user")) == before
    assert Document.objects.filter(pk=document.pk).exists()
    assert boss.get(_change("decision", decision.pk)).status_code == 200  # still readable


@pytest.mark.parametrize("when", ["start", "run"])
def test_it_refuses_to_export_a_document_approved_by_no_one(corpus, admin, when):  # noqa: F811
    vouched = make_document(corpus, "vouched")
    forged = make_document(corpus, "forged")
    if when == "start":
        Document.objects.filter(pk=forged.pk).update(approved_by=None)
        with pytest.raises(exporting.ExportError, match=rf"(?i)approved by no one.*document {forged.pk}\b"):
            exporting.start_export(corpus, admin)
        assert not Export.objects.exists()
    else:  # approved by no one after the export was queued
        export = exporting.start_export(corpus, admin)
        Document.objects.filter(pk=forged.pk).update(approved_by=None)
        assert exporting.run_export(export.pk) == Export.Status.FAILED
        export.refresh_from_db()
        assert f"document {forged.pk}" in export.failure_reason and not export.archive_path
        assert "forged" not in export.failure_reason and "vouched" not in export.failure_reason
    assert Document.objects.get(pk=vouched.pk).exported_at is None


def test_it_exports_a_document_whose_approval_is_in_the_history_though_the_approver_is_gone(corpus, admin):  # noqa: F811
    document = make_document(corpus, "h")
    services.record(document, None, Action.APPROVE, f"document:{document.pk}", "Approved the document")
    Document.objects.filter(pk=document.pk).update(approved_by=None)  # the approver's account was deleted
    assert run(corpus, admin).status == Export.Status.DONE
