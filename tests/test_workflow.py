"""Team workflow: mark done, four-eyes approval, send back with a comment, assignment, take next."""
from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.db import connection
from django.urls import reverse
from django.utils import timezone

from review import services
from review.models import Corpus, Decision, Document
from review.permissions import reviewer_group
from tests.test_review_views import HX, build, mention_at


def url(name: str, *args) -> str:
    return reverse(f"review:{name}", args=args)


@pytest.fixture
def team(db, django_user_model):
    make = django_user_model.objects.create_user
    people = {"ann": make("ann"), "bob": make("bob"), "rita": make("rita"), "boss": make("boss", is_staff=True)}
    people["rita"].groups.add(reviewer_group())
    return people


@pytest.fixture
def corpus(db):
    return Corpus.objects.create(name="Hearings")


def new_document(corpus, title="h", assignee=None, decided=True) -> Document:
    doc = Document.objects.create(corpus=corpus, title=title, original_name="h.txt", original=b"x", assignee=assignee)
    build(doc)
    if decided:
        doc.mentions.update(status="accepted")
    doc.refresh_from_db()
    return doc


def as_user(client, user):
    client.force_login(user)
    return client


def version(doc: Document) -> int:
    return Document.objects.get(pk=doc.pk).version


def test_it_walks_the_four_eyes_workflow(client, team, corpus):
    doc = new_document(corpus, assignee=team["ann"])
    ann = as_user(client, team["ann"])
    assert ann.post(url("submit", doc.pk), {"version": version(doc)}, **HX).status_code == 200
    doc.refresh_from_db()
    assert (doc.status, doc.submitted_by, doc.submitted_at is not None) == ("submitted", team["ann"], True)

    # the reviewer sees it, corrects one mention (logged like any action), then sends it back
    rita = as_user(client, team["rita"])
    assert f'id="doc-{doc.pk}"' in rita.get(url("documents")).content.decode()
    page = rita.get(url("document", doc.pk)).content.decode()
    assert 'id="approve"' in page and 'id="send-back"' in page and 'data-editable="1"' in page
    fresno = mention_at(doc, "Fresno")
    response = rita.post(url("mention_action", doc.pk, fresno.pk, "reject"), {"version": version(doc)}, **HX)
    assert response.status_code == 200
    correction = Decision.objects.filter(document=doc).latest("id")
    assert (correction.action, correction.user) == ("reject", team["rita"])
    assert Document.objects.get(pk=doc.pk).status == "submitted"  # a correction keeps it awaiting the second look
    response = rita.post(url("send_back", doc.pk), {"version": version(doc), "comment": "  "}, **HX)
    assert response.status_code == 422 and "comment" in response.content.decode()
    response = rita.post(url("send_back", doc.pk), {"version": version(doc), "comment": "Fresno is a city here: check."}, **HX)
    assert response.status_code == 200 and response["HX-Redirect"] == url("documents")
    doc.refresh_from_db()
    assert (doc.status, doc.review_comment, doc.reviewer) == ("in_review", "Fresno is a city here: check.", team["rita"])
    assert rita.get(url("document", doc.pk)).status_code == 403  # back with its annotator

    # the annotator lands on the comment and sees it prominently until they submit again
    ann = as_user(client, team["ann"])
    page = ann.get(url("document", doc.pk), follow=True).content.decode()
    banner = page[page.index('id="review-comment"'):]
    assert 'role="alert"' in page and "Fresno is a city here: check." in banner[:300] and "rita" in banner[:300]
    assert ann.post(url("mention_action", doc.pk, fresno.pk, "accept"), {"version": version(doc)}, **HX).status_code == 200
    assert ann.post(url("submit", doc.pk), {"version": version(doc)}, **HX).status_code == 200
    doc.refresh_from_db()
    assert doc.review_comment == "" and 'id="review-comment"' not in ann.get(url("document", doc.pk)).content.decode()

    rita = as_user(client, team["rita"])
    response = rita.post(url("approve", doc.pk), {"version": version(doc)}, **HX)
    assert response.status_code == 200 and response["HX-Redirect"] == url("document", doc.pk)
    doc.refresh_from_db()
    assert (doc.status, doc.approved_by, doc.approved_at is not None) == ("approved", team["rita"], True)
    page = rita.get(url("document", doc.pk)).content.decode()
    box = page[page.index('id="workflow-h"'):page.index('id="history-h"')]
    assert "Marked done</dt><dd>by ann" in box and "Approved</dt><dd>by rita" in box
    trail = list(doc.decisions.filter(action__in=("submit", "send_back", "approve")).order_by("id")
                 .values_list("action", "user__username"))
    assert trail == [("submit", "ann"), ("send_back", "rita"), ("submit", "ann"), ("approve", "rita")]
    assert box.count("<li>") == len(trail) and "Sent back: “Fresno is a city here: check.”" in box
    assert 'data-editable="0"' in page  # approved: read-only for everyone


@pytest.mark.parametrize("submitter", ["rita", "boss"])
def test_it_never_lets_the_submitter_approve(client, team, corpus, submitter):
    doc = new_document(corpus, assignee=team[submitter])
    services.submit(doc.pk, doc.version, team[submitter])
    me = as_user(client, team[submitter])
    for name, data in (("approve", {}), ("send_back", {"comment": "mine"})):
        assert me.post(url(name, doc.pk), {"version": version(doc), **data}, **HX).status_code == 403
    assert 'id="approve"' not in me.get(url("document", doc.pk)).content.decode()
    with pytest.raises(services.ActionError):  # the service checks again under the version swap
        services.approve(doc.pk, version(doc), team[submitter])
    other = "boss" if submitter == "rita" else "rita"
    services.approve(doc.pk, version(doc), team[other])
    assert Document.objects.get(pk=doc.pk).approved_by == team[other]


def test_it_keeps_the_first_pass_rules_for_mark_done(client, team, corpus):
    doc = new_document(corpus, assignee=team["ann"], decided=False)
    ann = as_user(client, team["ann"])
    response = ann.post(url("submit", doc.pk), {"version": version(doc)}, **HX)
    assert response.status_code == 422 and "pending" in response.content.decode()
    assert Document.objects.get(pk=doc.pk).status == "ready"
    # a reviewer does not see documents in their first review
    rita = as_user(client, team["rita"])
    assert f'id="doc-{doc.pk}"' not in rita.get(url("documents")).content.decode()


# ---------------------------------------------------------------- assignment


def test_it_assigns_and_unassigns_in_bulk(client, team, corpus):
    docs = [new_document(corpus, title=f"h{i}") for i in range(3)]
    boss = as_user(client, team["boss"])
    page = boss.get(url("documents")).content.decode()
    assert page.count('name="documents"') == 3 and 'id="assign-form"' in page
    response = boss.post(url("assign"), {"documents": [docs[0].pk, docs[2].pk], "assignee": team["ann"].pk})
    assert response.status_code == 302
    assert [Document.objects.get(pk=d.pk).assignee_id for d in docs] == [team["ann"].pk, None, team["ann"].pk]
    assert Decision.objects.filter(action="assign", summary="Assigned to ann").count() == 2
    # without a person, "Assign" does nothing; "Unassign" clears
    boss.post(url("assign"), {"documents": [docs[1].pk], "assign": "1"})
    assert Document.objects.get(pk=docs[1].pk).assignee is None
    boss.post(url("assign"), {"documents": [docs[0].pk], "unassign": "1", "assignee": team["bob"].pk})
    assert Document.objects.get(pk=docs[0].pk).assignee is None
    ann = as_user(client, team["ann"])
    page = ann.get(url("documents")).content.decode()
    assert 'name="documents"' not in page and ">h2<" in page and ">h0<" not in page


def test_it_takes_the_next_unassigned_document(client, team, corpus):
    first, second = new_document(corpus, title="a"), new_document(corpus, title="b")
    new_document(corpus, title="c", assignee=team["bob"])
    running = new_document(corpus, title="d")
    Document.objects.filter(pk=running.pk).update(status=Document.Status.QUEUED)
    ann = as_user(client, team["ann"])
    assert "Take next unassigned document of Hearings" in ann.get(url("documents")).content.decode()
    response = ann.post(url("take_next", corpus.pk))
    assert response["Location"] == url("document", first.pk)
    assert Document.objects.get(pk=first.pk).assignee == team["ann"]
    bob = as_user(client, team["bob"])
    assert bob.post(url("take_next", corpus.pk))["Location"] == url("document", second.pk)
    assert bob.post(url("take_next", corpus.pk))["Location"] == url("document", second.pk)  # a double click
    Decision.objects.filter(action="take").update(created_at=timezone.now() - timedelta(minutes=1))
    response = bob.post(url("take_next", corpus.pk))
    assert response["Location"] == url("documents")  # nothing left (the queued one is not reviewable yet)
    assert "No unassigned document" in bob.get(response["Location"]).content.decode()
    assert Decision.objects.filter(action="take").count() == 2


@pytest.mark.django_db(transaction=True)
def test_it_never_gives_the_same_document_to_two_annotators(django_user_model):
    if connection.vendor == "sqlite" and connection.settings_dict["NAME"].startswith("file:memorydb"):
        pytest.skip("in-memory SQLite cannot share a database between threads")
    corpus = Corpus.objects.create(name="race")
    docs = [new_document(corpus, title=f"d{i}") for i in range(2)]
    users = [django_user_model.objects.create_user(f"a{i}") for i in range(4)]
    barrier = threading.Barrier(len(users))
    taken: dict[str, int | None] = {}

    def take(user):
        barrier.wait()
        try:
            document = services.take_next(corpus, user)
            taken[user.username] = document.pk if document else None
        finally:
            connection.close()

    threads = [threading.Thread(target=take, args=(u,)) for u in users]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    got = [pk for pk in taken.values() if pk is not None]
    assert sorted(got) == sorted(d.pk for d in docs)  # each document exactly once
    assert len(taken) == 4 and list(taken.values()).count(None) == 2
    for username, pk in taken.items():
        if pk is not None:
            assert Document.objects.get(pk=pk).assignee.username == username


# ---------------------------------------------------------------- corpora


def test_it_creates_and_edits_a_corpus(client, team, corpus):
    boss = as_user(client, team["boss"])
    response = boss.post(url("corpus_new"), {"name": "Second", "tag_style": "referent", "whitelist_terms": "Board\nPanel"})
    assert response.status_code == 302
    created = Corpus.objects.get(name="Second")
    # a new corpus lands on its page: the whitelist file and "Import documents into Second", preselected there
    assert response["Location"] == url("corpus_edit", created.pk)
    page = boss.get(response["Location"]).content.decode()
    assert "Whitelist file" in page and f'{url("upload")}?corpus={created.pk}' in page
    upload = boss.get(f'{url("upload")}?corpus={created.pk}').content.decode()
    assert f'<option value="{created.pk}" selected>' in upload
    assert created.tag_style == "referent" and created.whitelist() == ("Board", "Panel")
    response = boss.post(url("corpus_edit", created.pk), {"name": "Second", "tag_style": "parts", "consistent_pseudonyms": "on"})
    created.refresh_from_db()
    assert response.status_code == 302 and created.consistent_pseudonyms and created.tag_style == "parts"
    response = boss.post(url("corpus_new"), {"name": "Hearings", "tag_style": "parts"})
    assert response.status_code == 200 and Corpus.objects.filter(name="Hearings").count() == 1  # duplicate refused
    page = boss.get(url("corpora")).content.decode()
    assert url("dashboard", created.pk) in page and url("corpus_edit", corpus.pk) in page
