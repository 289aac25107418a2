"""A gate finding names the accepted form it matched, the entity and the document that accepted it,
and the export page offers to reopen THAT document; an earlier export's report is folded away under
a new one (issue 44, item 5 and "also found")."""
from __future__ import annotations

import pytest
from django.urls import reverse

from review.models import Document, Entity, Export, Mention, ReviewStatus
from tests.test_export import TEXT, admin, corpus, export_root, make_document, run  # noqa: F401  (fixtures)

pytestmark = pytest.mark.django_db
WRONG = "INMATE RICHARDSON: Like I told Mr. Strong, it was fine.\n"
ELSEWHERE = "INMATE RICHARDSON: Like I said, I like the program.\n"


def accept_wrongly(document: Document, surface: str = "Like") -> Entity:
    """The reviewer of ``document`` accepted an ordinary word as a PERSON (what *Accept the rest* did)."""
    start = document.text.index(surface)
    entity = Entity.objects.create(document=document, label="PERSON", category="PERSON", name=surface, order=99)
    Mention.objects.create(document=document, entity=entity, start=start, end=start + len(surface), label="PERSON",
                           sources="spacy", status=ReviewStatus.ACCEPTED)
    return entity


@pytest.fixture
def wrong(corpus):
    first = make_document(corpus, "a-first", text=TEXT + WRONG)
    second = make_document(corpus, "b-second", text=TEXT + ELSEWHERE)
    return first, second, accept_wrongly(first)


def test_it_names_the_accepted_form_its_entity_and_the_document_that_accepted_it(corpus, admin, wrong):
    first, second, entity = wrong
    export = run(corpus, admin)
    assert export.status == Export.Status.BLOCKED
    hits = [h for h in export.leaks if h.get("form") == "Like"]
    assert hits, export.leaks
    elsewhere = [h for h in hits if h["document"] == second.pk and h["member"].startswith("text/")]
    assert len(elsewhere) == 1  # "Like" capitalised; never every small "like" of the other hearing
    hit = elsewhere[0]
    assert (hit["kind"], hit["source"], hit["source_title"], hit["entity"], hit["entity_name"]) == \
        ("surface", first.pk, "a-first", entity.pk, "Like")
    assert hit["source_line"] == first.text[: first.text.index("Like")].count("\n") + 1


def test_it_offers_to_reopen_the_document_that_accepted_it(client, corpus, admin, wrong):
    first, second, _ = wrong
    export = run(corpus, admin)
    client.force_login(admin)
    page = client.get(reverse("review:export", args=[corpus.pk])).content.decode()
    assert reverse("review:export_reopen", args=[export.pk, first.pk]) in page
    assert "Reopen a-first (accepted it)" in page
    assert "accepted as PERSON (entity “Like”) in" in page


def test_it_folds_an_earlier_exports_report_under_a_new_blocked_one(client, corpus, admin, wrong):
    earlier = run(corpus, admin)
    latest = run(corpus, admin)
    assert earlier.status == latest.status == Export.Status.BLOCKED
    client.force_login(admin)
    page = client.get(reverse("review:export", args=[corpus.pk])).content.decode()
    assert f'<details class="leaks earlier" id="leaks-{earlier.pk}">' in page
    assert f"superseded by export {latest.pk}" in page
    assert f'<section class="leaks" id="leaks-{latest.pk}">' in page
    assert reverse("review:export_reopen", args=[earlier.pk, wrong[0].pk]) not in page  # only the latest is fixed
    assert reverse("review:export_override", args=[earlier.pk]) not in page
