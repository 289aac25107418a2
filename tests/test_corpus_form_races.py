"""The corpus form beside other writers: a name saved twice at the same moment (a double click on
*Create*, two admins) is the form's "already exists", not a 500 (IntegrityError); terms whitelisted
from the review screen (or imported) while the form was open are kept when the admin saves it, not
overwritten by the whitelist the page still held."""
from __future__ import annotations

import pytest
from django.urls import reverse

from review import services
from review.forms import CorpusForm
from review.models import Corpus, Document
from tests.test_review_views import build

pytestmark = pytest.mark.django_db


@pytest.fixture
def boss(client, django_user_model):
    client.force_login(django_user_model.objects.create_user("boss", password="a-long-test-password", is_staff=True))
    return client


def test_it_says_already_exists_for_a_name_saved_at_the_same_moment(boss, monkeypatch):
    look = CorpusForm.validate_unique

    def rival_commits_after_the_look(form):  # the other click's corpus, saved between this look and this save
        look(form)
        Corpus.objects.create(name="Hearings 2026")

    monkeypatch.setattr(CorpusForm, "validate_unique", rival_commits_after_the_look)
    response = boss.post(reverse("review:corpus_new"), {"name": "Hearings 2026", "tag_style": "parts"})
    assert response.status_code == 422
    assert "Corpus with this Name already exists." in response.content.decode()
    assert Corpus.objects.filter(name="Hearings 2026").count() == 1


def test_it_keeps_terms_whitelisted_while_the_form_was_open(boss, django_user_model):
    corpus = Corpus.objects.create(name="c", whitelist_terms="Board\nPanel")
    shown = boss.get(reverse("review:corpus_edit", args=[corpus.pk])).content.decode()
    assert 'name="whitelist_shown"' in shown
    annotator = django_user_model.objects.create_user("ann", password="a-long-test-password", is_staff=True)
    document = Document.objects.create(corpus=corpus, title="h", original_name="h.txt", original=b"x")
    build(document)
    services.whitelist_term(document.pk, document.version, annotator, "Central Casting")  # meanwhile
    response = boss.post(reverse("review:corpus_edit", args=[corpus.pk]), {
        "name": "c", "tag_style": "referent", "whitelist_terms": "Board\nPanel\nRecess",  # "Recess": the admin's
        "whitelist_shown": "Board\nPanel"}, follow=True)
    corpus.refresh_from_db()
    assert corpus.tag_style == "referent"
    assert corpus.whitelist() == ("Board", "Panel", "Recess", "Central Casting")
    assert "1 whitelist term(s) added since this page was shown" in response.content.decode()


def test_it_lets_the_admin_remove_a_term_the_form_showed(boss):
    corpus = Corpus.objects.create(name="c", whitelist_terms="Board\nPanel")
    boss.post(reverse("review:corpus_edit", args=[corpus.pk]), {
        "name": "c", "tag_style": "parts", "whitelist_terms": "Board", "whitelist_shown": "Board\nPanel"})
    corpus.refresh_from_db()
    assert corpus.whitelist() == ("Board",)
