"""A leak-gate finding fixed in the app, without an override, in headless Chromium:
blocked export → the admin reopens the document from the report → the annotator lands on
the finding, masks it and marks the document done → the reviewer approves → the export passes."""
from __future__ import annotations

import zipfile

import pytest

from review import pipelines
from review.constants import Action
from review.models import Corpus, Decision, Document, Export
from review.permissions import reviewer_group
from tests.test_browser_e2e import PASSWORD, login, select_span, wait_idle
from tests.test_export import TEXT, make_document

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PLANTED = "INMATE: My sister Alyssa visits on Sundays.\n"


def start_export(page, live_server, corpus) -> None:
    page.goto(f"{live_server.url}/corpora/{corpus.pk}/export/")
    page.click("#start-export button")
    page.locator("table.exports tbody tr").first.locator(".badge-done, .badge-blocked").first.wait_for()


def test_it_fixes_a_gate_finding_through_reopen_review_and_second_look(
    live_server, browser, django_user_model, pipeline, monkeypatch, settings, tmp_path
):
    settings.EXPORT_ROOT = tmp_path / "exports"
    monkeypatch.setattr(pipelines, "get_pipeline", lambda config: pipeline)
    django_user_model.objects.create_user("admin", password=PASSWORD, is_staff=True)
    annotator = django_user_model.objects.create_user("annotator1", password=PASSWORD)
    reviewer_group().user_set.add(django_user_model.objects.create_user("reviewer1", password=PASSWORD))
    corpus = Corpus.objects.create(name="Parole hearings")
    document = make_document(corpus, "Alyssa ROE K91985", text=TEXT + PLANTED)
    Document.objects.filter(pk=document.pk).update(
        header={"inmate_name": "ALYSSA ROE", "cdcr_number": "K91985"}, submitted_by=annotator, assignee=annotator,
        original_name="Alyssa_ROE-K91985-hearing_004.txt",
    )

    # 1. the export is blocked: the first name of the title page is left in the text
    admin = login(browser, live_server, "admin")
    start_export(admin, live_server, corpus)
    export = Export.objects.get()
    assert export.status == Export.Status.BLOCKED
    finding = admin.locator("table.leak-report tr", has_text="header (PERSON)").first
    assert "text/hearing_0001.txt" in finding.inner_text()
    # 2. the admin reopens the document from the report, with a reason
    finding.locator("input[name=reason]").fill("the first name is left on this line")
    finding.locator("button", has_text="Reopen document").click()
    admin.wait_for_selector("text=reopened")
    document.refresh_from_db()
    assert (document.status, document.assignee) == (Document.Status.IN_REVIEW, annotator)

    # 3. the annotator lands on the finding (highlighted), masks it, marks the document done
    page = login(browser, live_server, "annotator1")
    page.click(f"text={document.title}")
    line = document.text[: document.text.index(PLANTED)].count("\n") + 1
    page.click("#go-to-finding")
    assert page.evaluate("document.querySelector('.line:target').id") == f"l{line}"
    start = document.text.index("Alyssa visits")
    select_span(page, start, start + len("Alyssa"))
    page.select_option("#add-label", "PERSON")
    page.click("#add-submit")
    page.wait_for_selector("#inspector[data-mode=entity]")
    wait_idle(page)
    page.click("#mark-done")
    page.wait_for_selector(".badge-submitted")

    # 4. the second look approves again
    second = login(browser, live_server, "reviewer1")
    second.click(f"text={document.title}")
    second.click("#approve")
    second.wait_for_selector(".badge-approved")

    # 5. the export runs again and passes, without an override
    start_export(admin, live_server, corpus)
    latest = Export.objects.order_by("-pk").first()
    assert latest.status == Export.Status.DONE and not latest.override_reason, latest.leaks  # synthetic data
    with zipfile.ZipFile(latest.archive_file) as archive:
        blob = "\n".join([*archive.namelist(), *(archive.read(n).decode() for n in archive.namelist())])
    assert not any(value in blob.casefold() for value in ("alyssa", "k91985", "91985", "roe"))
    actions = list(Decision.objects.filter(document=document).order_by("id").values_list("action", flat=True))
    assert actions[-5:] == [Action.REOPEN, Action.ADD, Action.SUBMIT, Action.APPROVE, Action.EXPORT]
