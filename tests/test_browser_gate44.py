"""Issue 44's review and leak-gate items in headless Chromium: an entity-wide decision reversed by
the opposite one (item 4), ordinary words asked before they are accepted as names and a gate finding
naming the document that accepted it (item 5), no finding on a correctly reviewed document (item 6),
and the small ones found on the way."""
from __future__ import annotations

import pytest
from django.urls import reverse

from review import services
from review.models import Corpus, Document
from tests.test_browser_e2e import PASSWORD, login, wait_idle
from tests.test_review_bulk import ENTITIES, MENTIONS, TEXT

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def reviewed(django_user_model, text=TEXT, mentions=MENTIONS, entities=ENTITIES, corpus=None, name="h"):
    from anonymizer.types import Analysis, Transcript

    user = django_user_model.objects.filter(username="annotator1").first() or \
        django_user_model.objects.create_user("annotator1", password=PASSWORD)
    corpus = corpus or Corpus.objects.create(name="Parole hearings")
    document = Document.objects.create(corpus=corpus, title=name, original_name=f"{name}.txt", original=text.encode(),
                                       assignee=user)
    services.apply_analysis(document, Analysis(Transcript(name=f"{name}.txt", text=text), tuple(mentions), tuple(entities)))
    document.refresh_from_db()
    return document


def flash(page) -> str:
    wait_idle(page)
    return page.inner_text("#flash")


def test_it_reverses_an_entity_wide_accept_by_an_entity_wide_reject(live_server, browser, django_user_model):
    document = reviewed(django_user_model)
    entity = document.mentions.get(start=TEXT.index("Fresno")).entity_id
    page = login(browser, live_server, "annotator1")
    page.goto(f"{live_server.url}{reverse('review:document', args=[document.pk])}?e={entity}")
    page.wait_for_selector("#inspector[data-mode=entity]")
    page.click("#inspector button:has-text('Accept all')")
    assert "2 of 2 mentions changed" in flash(page)
    page.click("#inspector button:has-text('Reject all')")
    message = flash(page)
    assert "2 of 2 mentions changed; 2 accepted before reversed" in message, message
    assert set(document.mentions.filter(entity_id=entity).values_list("status", flat=True)) == {"rejected"}


def test_it_asks_before_accepting_an_ordinary_word_as_a_name(live_server, browser, django_user_model):
    from tests import test_ordinary_names as ordinary

    document = reviewed(django_user_model, ordinary.TEXT, ordinary.MENTIONS, ordinary.ENTITIES)
    like = document.mentions.get(start=ordinary.TEXT.index("Like"))
    page = login(browser, live_server, "annotator1")
    page.goto(f"{live_server.url}{reverse('review:document', args=[document.pk])}?e={like.entity_id}")
    page.wait_for_selector("#inspector[data-mode=entity]")
    wait_idle(page)
    page.click("#inspector button:has-text('Accept all')")
    page.wait_for_selector("#ask-question", timeout=60000)
    assert page.inner_text("#ask-question") == "“Like” is an ordinary English word: accept its 3 mentions as PERSON?"
    like.refresh_from_db()
    assert like.status == "pending"  # nothing accepted before the answer
    page.click("#ask-confirm")
    assert "3 of 3 mentions changed" in flash(page)
    like.refresh_from_db()
    assert like.status == "accepted"


def test_it_offers_to_reopen_the_document_that_accepted_the_form(live_server, browser, django_user_model,
                                                                 pipeline, monkeypatch, settings, tmp_path):
    from review import exporting, pipelines
    from review.models import Export
    from tests.test_export import TEXT as EXPORT_TEXT, make_document
    from tests.test_leak_gate_sources import ELSEWHERE, WRONG, accept_wrongly

    settings.EXPORT_ROOT = tmp_path / "exports"
    monkeypatch.setattr(pipelines, "get_pipeline", lambda config: pipeline)
    admin = django_user_model.objects.create_user("admin", password=PASSWORD, is_staff=True)
    corpus = Corpus.objects.create(name="Parole hearings")
    first = make_document(corpus, "a-first", text=EXPORT_TEXT + WRONG)
    make_document(corpus, "b-second", text=EXPORT_TEXT + ELSEWHERE)
    accept_wrongly(first)
    exporting.run_export(exporting.start_export(corpus, admin).pk)
    page = login(browser, live_server, "admin")
    page.goto(f"{live_server.url}{reverse('review:export', args=[corpus.pk])}")
    row = page.locator("table.leak-report tr", has_text="text/hearing_0002.txt").filter(has_text="accepted as PERSON").first
    assert "“Like”" in row.inner_text() and "a-first" in row.locator("td.matched").inner_text()
    row.locator("form.reopen-source input[name=reason]").fill("Like is no name: accepted by mistake")
    row.locator("form.reopen-source button").click()
    page.wait_for_selector("text=reopened")
    first.refresh_from_db()
    assert first.status == Document.Status.IN_REVIEW
    assert Export.objects.get().status == Export.Status.BLOCKED


def test_it_exports_a_correctly_reviewed_hearing_without_a_finding(live_server, browser, django_user_model,
                                                                   pipeline, monkeypatch, settings, tmp_path):
    from review import pipelines
    from review.models import Export
    from tests.test_gate_reviewed import BODY, TITLE, import_reviewed, printed_text

    settings.EXPORT_ROOT = tmp_path / "exports"
    monkeypatch.setattr(pipelines, "get_pipeline", lambda config: pipeline)
    admin = django_user_model.objects.create_user("admin", password=PASSWORD, is_staff=True)
    corpus = Corpus.objects.create(name="Parole hearings")
    # "Olson" rejected here (the review of a central file), "Welfare and / Institutions Code" wrapped in print
    import_reviewed(corpus, "olson-wrapped.txt", printed_text(TITLE + BODY * 4), pipeline, admin,
                    rejected=("Olson", "Like", "State of California", "California"))
    page = login(browser, live_server, "admin")
    page.goto(f"{live_server.url}{reverse('review:export', args=[corpus.pk])}")
    page.click("#start-export button")
    page.locator("table.exports tbody tr").first.locator(".badge-done, .badge-blocked").first.wait_for()
    export = Export.objects.get()
    assert export.status == Export.Status.DONE and not export.override_reason, export.leaks
    assert page.locator("table.leak-report").count() == 0
    assert page.locator("a.download-archive").count() == 1


def test_it_shows_what_the_corpus_learned_at_approval(live_server, browser, django_user_model):
    from review.permissions import reviewer_group

    document = reviewed(django_user_model)
    annotator = django_user_model.objects.get(username="annotator1")
    reviewer_group().user_set.add(django_user_model.objects.create_user("reviewer1", password=PASSWORD))
    services.mark_read(document.pk, annotator, 99)
    document.refresh_from_db()
    services.accept_rest(document.pk, document.version, annotator)
    document.refresh_from_db()
    services.submit(document.pk, document.version, annotator)
    page = login(browser, live_server, "reviewer1")
    page.goto(f"{live_server.url}{reverse('review:document', args=[document.pk])}")
    page.click("#approve")
    page.wait_for_selector(".badge-approved")
    assert "The corpus learned from it: 3 name(s) it knows" in page.inner_text("body")


def test_it_never_suggests_a_rejected_entity_when_adding_a_mention(live_server, browser, django_user_model):
    from tests.test_browser_e2e import select_span

    document = reviewed(django_user_model)
    fresno = document.mentions.get(start=TEXT.index("Fresno"))
    document.refresh_from_db()
    services.set_entity_status(document.pk, document.version, None, fresno.entity_id, "rejected")  # a false positive
    page = login(browser, live_server, "annotator1")
    page.goto(f"{live_server.url}{reverse('review:document', args=[document.pk])}")
    page.wait_for_selector("#transcript .line")
    select_span(page, fresno.start, fresno.end)
    assert page.eval_on_selector("#add-label", "s => s.value") == "PERSON"
    assert "LOCATION: Fresno" not in page.inner_text("#add-entity")


def test_it_folds_an_earlier_exports_leak_report_under_a_new_blocked_one(live_server, browser, django_user_model,
                                                                       pipeline, monkeypatch, settings, tmp_path):
    from review import exporting, pipelines
    from tests.test_export import TEXT as EXPORT_TEXT, make_document
    from tests.test_leak_gate_sources import ELSEWHERE, WRONG, accept_wrongly

    settings.EXPORT_ROOT = tmp_path / "exports"
    monkeypatch.setattr(pipelines, "get_pipeline", lambda config: pipeline)
    admin = django_user_model.objects.create_user("admin", password=PASSWORD, is_staff=True)
    corpus = Corpus.objects.create(name="Parole hearings")
    accept_wrongly(make_document(corpus, "a-first", text=EXPORT_TEXT + WRONG))
    make_document(corpus, "b-second", text=EXPORT_TEXT + ELSEWHERE)
    earlier = exporting.start_export(corpus, admin)
    exporting.run_export(earlier.pk)
    page = login(browser, live_server, "admin")
    page.goto(f"{live_server.url}{reverse('review:export', args=[corpus.pk])}")
    page.click("#start-export button")
    page.locator("table.exports tbody tr").first.locator(".badge-done, .badge-blocked").first.wait_for()
    page.reload()
    assert page.locator(f"#leaks-{earlier.pk}").evaluate("e => e.tagName") == "DETAILS"
    assert not page.locator(f"#leaks-{earlier.pk} table").is_visible()  # folded away
    assert page.locator("form.override").count() == 1  # the new export's only
    assert page.locator(f"#leaks-{earlier.pk} form").count() == 0
