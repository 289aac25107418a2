"""Small findings of issue 44: one empty file of a multi-file upload is refused by its name and the
others are imported (the whole batch was refused with "The submitted file is empty."); the 403 page
has the app's navigation."""
from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from review import jobs
from review.models import Corpus

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_client(client, django_user_model):
    client.force_login(django_user_model.objects.create_superuser("boss", password="a-long-test-password"))
    return client


@pytest.mark.parametrize("names", [("a.txt", "empty.txt", "b.txt"), ("empty.txt", "a.txt"), ("a.txt", "empty.txt")])
def test_it_refuses_an_empty_file_of_an_upload_by_name_and_imports_the_rest(admin_client, monkeypatch, names):
    monkeypatch.setattr(jobs, "enqueue_analysis", lambda document: True)
    corpus = Corpus.objects.create(name="batch")
    files = [SimpleUploadedFile(name, b"" if name.startswith("empty") else f"INMATE: {name}\n".encode())
             for name in names]
    response = admin_client.post(reverse("review:upload"), {"corpus": corpus.pk, "files": files}, follow=True)
    shown = [str(m) for m in response.context["messages"]]
    assert sorted(corpus.documents.values_list("original_name", flat=True)) == sorted(n for n in names if n != "empty.txt")
    assert "empty.txt: empty file" in shown, shown
    assert not any("The submitted file is empty" in m for m in shown)


def test_it_refuses_an_upload_of_only_an_empty_file_by_name(admin_client, monkeypatch):
    monkeypatch.setattr(jobs, "enqueue_analysis", lambda document: True)
    corpus = Corpus.objects.create(name="batch")
    response = admin_client.post(reverse("review:upload"), {"corpus": corpus.pk,
                                                            "files": [SimpleUploadedFile("empty.txt", b"")]}, follow=True)
    assert "empty.txt: empty file" in [str(m) for m in response.context["messages"]]
    assert not corpus.documents.exists()


@pytest.mark.parametrize("path", ["/users/", "/upload/", "/exports/"])
def test_it_shows_the_navigation_on_the_403_page(client, django_user_model, path):
    client.force_login(django_user_model.objects.create_user("ann", password="a-long-test-password"))
    response = client.get(path)
    html = response.content.decode()
    assert response.status_code == 403
    assert '<nav>' in html and reverse("review:documents") in html and "Log out" in html
    assert "Not allowed" in html


@pytest.mark.parametrize("typed", ["alice", "ALICE"])
def test_it_lets_an_admin_unlock_a_locked_out_login_from_the_users_page(client, admin_client, django_user_model,
                                                                       settings, typed):
    """The lockout page says "ask an admin to lift the lock": the Users page shows the lock and lifts
    it (audited), as django-axes' ``axes_reset_username`` did from a shell only."""
    from django.test import Client

    from review.models import UserAudit

    settings.AXES_ENABLED, settings.AXES_FAILURE_LIMIT = True, 3
    alice = django_user_model.objects.create_user("alice", password="alice-right-pass")
    visitor = Client()
    for _ in range(3):
        visitor.post("/login/", {"username": typed, "password": "wrong"}, REMOTE_ADDR="10.0.0.1")
    assert visitor.post("/login/", {"username": typed, "password": "alice-right-pass"},
                        REMOTE_ADDR="10.0.0.1").status_code == 429  # locked as typed
    page = admin_client.get(reverse("review:users")).content.decode()
    assert "login locked" in page and reverse("review:user_unlock", args=[alice.pk]) in page
    response = admin_client.post(reverse("review:user_unlock", args=[alice.pk]), follow=True)
    assert "can log in again" in " ".join(str(m) for m in response.context["messages"])
    assert list(UserAudit.objects.filter(action="unlocked").values_list("subject_name", "actor__username")) == [
        ("alice", "boss")]
    assert "login locked" not in admin_client.get(reverse("review:users")).content.decode()
    again = visitor.post("/login/", {"username": typed, "password": "alice-right-pass"}, REMOTE_ADDR="10.0.0.1")
    assert again.status_code != 429
    # nothing locked: nothing done, nothing audited
    admin_client.post(reverse("review:user_unlock", args=[alice.pk]))
    assert UserAudit.objects.filter(action="unlocked").count() == 1


def test_it_refuses_the_unlock_to_a_non_admin(client, django_user_model):
    alice = django_user_model.objects.create_user("alice", password="alice-right-pass")
    client.force_login(django_user_model.objects.create_user("ann", password="a-long-test-password"))
    assert client.post(reverse("review:user_unlock", args=[alice.pk])).status_code == 403


def test_it_counts_a_resubmitted_document_once_as_done_on_the_dashboard(django_user_model):
    """Sent back and marked done again, a document counted twice in "documents marked done"."""
    from review import services, stats
    from review.models import Document, Mention
    from tests.test_stats import act, new_document

    ann = django_user_model.objects.create_user("ann")
    boss = django_user_model.objects.create_user("boss", is_staff=True)
    corpus = Corpus.objects.create(name="Hearings")
    doc = new_document(corpus, "h", ann)
    other = new_document(corpus, "other", ann)
    for document in (doc, other):
        Mention.objects.filter(document=document).update(status="accepted")
        act(document, services.submit, ann)
    act(doc, services.send_back, boss, "Line 2: the speaker?")
    act(doc, services.submit, ann)
    assert Document.objects.get(pk=doc.pk).status == Document.Status.SUBMITTED
    assert stats.throughput(corpus).series("submitted") == {"ann": [2]}  # two documents, not three


# (x labels, series values: points that coincide are set side by side, others stay where they are)
CHARTS = [
    (["Nov 2"], {"a": [1.0], "b": [1.0], "c": [1.0]}),  # one week: every detector at 100 %
    (["Nov 2", "Nov 9"], {"a": [0.5, None], "b": [0.5, 0.8], "c": [None, 0.8]}),
    (["Nov 2", "Nov 9", "Nov 16"], {"a": [None, 0.9, None], "b": [0.2, 0.9, None]}),
]


@pytest.mark.parametrize(("weeks", "series"), CHARTS)
def test_it_never_draws_one_dot_over_another_in_a_line_chart(weeks, series):
    import re

    from review.charts import DOT, line_chart

    svg = line_chart(weeks, series, "Precision by week", y_max=1.0, percent=True)
    dots = [(float(x), float(y)) for x, y in re.findall(r'<circle cx="([\d.]+)" cy="([\d.]+)"', svg)]
    assert len(dots) == sum(v is not None for vs in series.values() for v in vs)
    for i, (x, y) in enumerate(dots):
        for x2, y2 in dots[i + 1:]:
            assert (x - x2) ** 2 + (y - y2) ** 2 >= (2 * DOT) ** 2, (x, y, x2, y2)


def test_it_shows_take_next_for_a_new_corpus_without_a_reload(client, django_user_model):
    """The list polls its "Take next" buttons: a corpus whose documents became ready after the page
    was loaded gets its button (it appeared only after a reload)."""
    from review.models import Document

    client.force_login(django_user_model.objects.create_user("ann", password="a-long-test-password"))
    page = client.get(reverse("review:documents")).content.decode()
    section = reverse("review:take_next_section")
    assert 'id="take-next"' in page and f'hx-get="{section}"' in page and "Take next unassigned" not in page
    corpus = Corpus.objects.create(name="Fresh corpus")
    Document.objects.create(corpus=corpus, title="h", original_name="h.txt", original=b"x", status=Document.Status.READY)
    polled = client.get(section, HTTP_HX_REQUEST="true")
    html = polled.content.decode()
    assert polled.status_code == 200 and 'id="take-next"' in html and f'hx-get="{section}"' in html
    assert "Take next unassigned document of Fresh corpus" in html and "1 waiting" in html and " hidden" not in html
