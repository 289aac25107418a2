"""The review screen: every action over htmx and as a plain post, conflicts, undo, query bounds."""
from __future__ import annotations

import threading

import pytest
from django.db import connection
from django.urls import reverse

from anonymizer.types import Analysis, Entity, Mention, Transcript
from review import services
from review.models import Corpus, Decision, Document, Mention as MentionRow, ReviewStatus
from tests.textspans import nth_span

TEXT = (
    "PRESIDING COMMISSIONER RUFF: Mr. Kevin Richardson lives in Fresno.\n"
    "INMATE RICHARDSON: Yes, Fresno. My brother Dale Richardson visits.\n"
    "DEPUTY COMMISSIONER STEVENSON: Richardson's mother lives in Fresno, California.\n"
    "INMATE RICHARDSON: She moved from Modesto with Dale.\n"
)
HX = {"HTTP_HX_REQUEST": "true"}


def span(needle: str, nth: int = 0) -> tuple[int, int]:
    return nth_span(TEXT, needle, nth)


def build(document: Document, text: str = TEXT) -> None:
    entities = [
        Entity(0, "PERSON", "PERSON", "RUFF"),
        Entity(1, "PERSON", "PERSON", "Kevin Richardson"),
        Entity(2, "LOCATION", "CITY", "Fresno"),
        Entity(3, "PERSON", "PERSON", "Dale Richardson"),
        Entity(4, "PERSON", "PERSON", "STEVENSON"),
        Entity(5, "LOCATION", "STATE", "California"),
        Entity(6, "PERSON", "PERSON", "Dale"),
    ]
    mentions = [
        Mention(*span("RUFF"), "PERSON", ("rule",), confidence=1, entity=0),
        Mention(*span("Kevin Richardson"), "PERSON", ("spacy",), confidence=2, entity=1),
        Mention(*span("Fresno"), "LOCATION", ("spacy",), confidence=2, entity=2),
        Mention(*span("RICHARDSON"), "PERSON", ("rule",), confidence=1, entity=1),
        Mention(*span("Fresno", 1), "LOCATION", ("rescan",), confidence=3, entity=2),
        Mention(*span("Dale Richardson"), "PERSON", ("spacy",), confidence=2, entity=3),
        Mention(*span("STEVENSON"), "PERSON", ("rule",), confidence=1, entity=4),
        Mention(*span("Richardson", 2), "PERSON", ("rescan",), confidence=3, entity=1),
        Mention(*span("Fresno", 2), "LOCATION", ("rescan",), confidence=3, entity=2),
        Mention(*span("California"), "LOCATION", ("spacy",), confidence=2, entity=5),
        Mention(*span("RICHARDSON", 1), "PERSON", ("rule",), confidence=1, entity=1),
        Mention(*span("Dale", 1), "PERSON", ("spacy",), confidence=2, entity=6),
    ]
    analysis = Analysis(Transcript("h.txt", text), tuple(sorted(mentions, key=lambda m: m.start)), tuple(entities))
    services.apply_analysis(document, analysis)
    document.refresh_from_db()


@pytest.fixture
def annotator(django_user_model):
    return django_user_model.objects.create_user("ann", password="a-long-test-password")


@pytest.fixture
def document(db, annotator):
    corpus = Corpus.objects.create(name="Hearings")
    doc = Document.objects.create(corpus=corpus, title="h", original_name="h.txt", original=TEXT.encode(), assignee=annotator)
    build(doc)
    return doc


@pytest.fixture
def client_in(client, annotator):
    client.force_login(annotator)
    return client


def url(document: Document, name: str, *args) -> str:
    return reverse(f"review:{name}", args=[document.pk, *args])


def mention_at(document: Document, needle: str, nth: int = 0) -> MentionRow:
    return document.mentions.get(start=span(needle, nth)[0])


def snapshot(document: Document) -> tuple:
    """Every reviewable fact of a document, for comparing before and after undo."""
    mentions = tuple(document.mentions.order_by("start").values_list("start", "end", "label", "status", "origin", "entity_id"))
    entities = tuple(
        document.entities.filter(mentions__isnull=False).distinct().order_by("pk").values_list("pk", "label", "category", "tag")
    )
    return mentions, entities, document.corpus.whitelist()


# ---------------------------------------------------------------- the page


def test_it_renders_the_review_screen_with_both_panels(client_in, document):
    response = client_in.get(url(document, "document"))
    html = response.content.decode()
    assert response.status_code == 200
    for m in document.mentions.all():
        assert f'id="m{m.pk}"' in html
    assert html.count('class="m L') >= document.mentions.count()
    assert '<span class="spk">PRESIDING COMMISSIONER <mark' in html  # the speaker tag, its name highlighted
    assert 'id="e{}"'.format(mention_at(document, "Kevin Richardson").entity_id) in html
    assert "0</b> / 12 decided" in html
    assert 'id="mark-done" disabled' in html


def test_it_shows_the_pseudonymized_text_in_place(client_in, document):
    html = client_in.get(url(document, "document") + "?view=pseudo").content.decode()
    transcript = html[html.index('id="transcript"'):html.index('id="panel-b"')]
    assert "Richardson" not in transcript and "Fresno" not in transcript
    assert "[PERSON_" in transcript and "[CITY_1]" in transcript
    partial = client_in.get(url(document, "preview") + "?view=pseudo", **HX).content.decode()
    assert "[CITY_1]" in partial and "Fresno" not in partial


def test_it_keeps_annotators_out_of_documents_not_assigned_to_them(client, django_user_model, document):
    other = django_user_model.objects.create_user("other", password="a-long-test-password")
    client.force_login(other)
    m = document.mentions.first()
    assert client.get(url(document, "document")).status_code == 403
    response = client.post(url(document, "mention_action", m.pk, "accept"), {"version": document.version})
    assert response.status_code == 403
    m.refresh_from_db()
    assert m.status == ReviewStatus.PENDING


# ---------------------------------------------------------------- actions


def test_it_accepts_a_mention_over_htmx_with_out_of_band_updates(client_in, document):
    m = mention_at(document, "Kevin Richardson")
    response = client_in.post(url(document, "mention_action", m.pk, "accept"), {"version": document.version}, **HX)
    html = response.content.decode()
    assert response.status_code == 200
    m.refresh_from_db()
    assert m.status == ReviewStatus.ACCEPTED
    assert f'id="m{m.pk}" class="m LPERSON c2 s-accepted"' in html
    assert 'id="l1" data-o="0" hx-swap-oob="true"' in html and 'id="l3"' not in html  # only the changed line
    assert f'id="e{m.entity_id}"' in html and 'id="progress"' in html and 'id="history"' in html
    assert f'id="doc-version" value="{document.version + 1}" hx-swap-oob="true"' in html
    decision = Decision.objects.get(document=document, action="accept")
    assert decision.target == f"mention:{m.pk}" and decision.before["mentions"][0]["set"] == {"status": "pending"}


def test_it_accepts_as_a_plain_form_post_and_redirects_back(client_in, document):
    m = mention_at(document, "Fresno")
    response = client_in.post(
        url(document, "mention_action", m.pk, "reject"), {"version": document.version, "m": m.pk, "advance": "1"}
    )
    assert response.status_code == 302
    first_pending = document.mentions.filter(status="pending").order_by("start").first()
    assert response["Location"].endswith(f"?m={first_pending.pk}#m{first_pending.pk}")
    m.refresh_from_db()
    assert m.status == ReviewStatus.REJECTED
    page = client_in.get(response["Location"]).content.decode()
    assert "Rejected LOCATION “Fresno”" in page  # the message and the history


def entity_of(document, needle, nth=0):
    return mention_at(document, needle, nth).entity


ACTIONS = {
    # name: (url builder, post data builder, check)
    "reject mention": (
        lambda d: url(d, "mention_action", mention_at(d, "Fresno", 1).pk, "reject"), lambda d: {},
        lambda d: mention_at(d, "Fresno", 1).status == "rejected",
    ),
    "relabel mention": (
        lambda d: url(d, "mention_action", mention_at(d, "Fresno", 2).pk, "relabel"),
        lambda d: {"label": "ORGANIZATION"},
        lambda d: (lambda m: m.label == "ORGANIZATION" and m.entity.label == "ORGANIZATION" and m.status == "accepted")(
            mention_at(d, "Fresno", 2)),
    ),
    "move mention": (
        lambda d: url(d, "mention_action", mention_at(d, "Dale", 1).pk, "move"),
        lambda d: {"entity": entity_of(d, "Dale Richardson").pk},
        lambda d: mention_at(d, "Dale", 1).entity_id == entity_of(d, "Dale Richardson").pk,
    ),
    "split mention": (
        lambda d: url(d, "mention_action", mention_at(d, "Richardson", 2).pk, "split"), lambda d: {},
        lambda d: mention_at(d, "Richardson", 2).entity.mentions.count() == 1
        and mention_at(d, "Richardson", 2).entity.name == "Richardson",
    ),
    "accept entity": (
        lambda d: url(d, "entity_action", entity_of(d, "Kevin Richardson").pk, "accept"), lambda d: {},
        lambda d: set(entity_of(d, "Kevin Richardson").mentions.values_list("status", flat=True)) == {"accepted"},
    ),
    "reject entity": (
        lambda d: url(d, "entity_action", entity_of(d, "Fresno").pk, "reject"), lambda d: {},
        lambda d: set(entity_of(d, "Fresno").mentions.values_list("status", flat=True)) == {"rejected"},
    ),
    "relabel entity": (
        lambda d: url(d, "entity_action", entity_of(d, "Fresno").pk, "relabel"), lambda d: {"label": "ORGANIZATION"},
        lambda d: set(entity_of(d, "Fresno").mentions.values_list("label", flat=True)) == {"ORGANIZATION"}
        and entity_of(d, "Fresno").label == "ORGANIZATION",
    ),
    "rename tag": (
        lambda d: url(d, "entity_action", entity_of(d, "Kevin Richardson").pk, "rename"), lambda d: {"tag": "inmate"},
        lambda d: entity_of(d, "Kevin Richardson").tag == "[INMATE]",
    ),
    "merge entities": (
        lambda d: url(d, "entity_action", entity_of(d, "Dale", 1).pk, "merge"),
        lambda d: {"into": entity_of(d, "Dale Richardson").pk},
        lambda d: entity_of(d, "Dale", 1).pk == entity_of(d, "Dale Richardson").pk,
    ),
    "add mentions": (
        lambda d: url(d, "add_mentions"),
        lambda d: {"span": [f"{s}:{e}" for s, e in (span("Modesto"),)], "label": "LOCATION"},
        lambda d: mention_at(d, "Modesto").origin == "manual" and mention_at(d, "Modesto").status == "accepted",
    ),
    "whitelist": (
        lambda d: url(d, "whitelist"), lambda d: {"term": "California", "confirm": "1"},
        lambda d: not d.mentions.filter(start=span("California")[0]).exists() and "California" in Corpus.objects.get().whitelist(),
    ),
}


@pytest.mark.parametrize("htmx", [True, False], ids=["htmx", "plain"])
@pytest.mark.parametrize("name", list(ACTIONS))
def test_it_applies_records_and_undoes_every_action(client_in, document, name, htmx):
    build_url, data, check = ACTIONS[name]
    before = snapshot(document)
    headers = HX if htmx else {}
    response = client_in.post(build_url(document), {"version": document.version, **data(document)}, **headers)
    assert response.status_code == (200 if htmx else 302), response.content[:300]
    document.refresh_from_db()
    assert check(document), name
    assert snapshot(document) != before
    decision = Decision.objects.filter(document=document).latest("id")
    assert decision.summary and decision.user.username == "ann"

    response = client_in.post(url(document, "undo"), {"version": document.version}, **headers)
    assert response.status_code == (200 if htmx else 302)
    document.refresh_from_db()
    assert snapshot(document) == before
    decision.refresh_from_db()
    assert decision.undone


def test_it_shows_a_problem_without_changing_anything(client_in, document):
    m = mention_at(document, "RUFF")
    response = client_in.post(url(document, "mention_action", m.pk, "relabel"), {"version": document.version, "label": "NOPE"}, **HX)
    assert response.status_code == 422 and "Unknown label" in response.content.decode()
    assert response["HX-Retarget"] == "#flash"
    document.refresh_from_db()
    assert document.version == Document.objects.get(pk=document.pk).version
    assert not Decision.objects.filter(document=document).exists()


def test_it_says_when_there_is_nothing_to_undo(client_in, document):
    response = client_in.post(url(document, "undo"), {"version": document.version}, **HX)
    assert response.status_code == 422 and "Nothing to undo" in response.content.decode()


def test_it_adds_a_missed_name_with_its_other_occurrences(client_in, document):
    text = document.text
    start, end = span("Modesto")
    html = client_in.get(url(document, "inspect") + f"?start={start}&end={end}", **HX).content.decode()
    assert "Mark missed text" in html and f'name="span" value="{start}:{end}"' in html
    # "Dale" is unmarked once (line 4 is marked, line 2 is inside "Dale Richardson"): the offer lists nothing covered
    offer = client_in.get(url(document, "inspect") + "?find=Dale", **HX).content.decode()
    assert "unmarked occurrence" in offer or "No unmarked occurrence" in offer
    response = client_in.post(
        url(document, "add_mentions"),
        {"version": document.version, "span": [f"{start}:{end}"], "label": "LOCATION", "entity": ""}, **HX,
    )
    assert response.status_code == 200
    added = mention_at(document, "Modesto")
    assert (added.origin, added.status, added.label, text[added.start:added.end]) == ("manual", "accepted", "LOCATION", "Modesto")
    assert added.entity.name == "Modesto"
    assert 'data-mode="entity"' in response.content.decode()  # the inspector now shows the new entity


def test_it_refuses_to_add_overlapping_or_multi_line_spans(client_in, document):
    s, e = span("Kevin Richardson")
    for bad in (f"{s}:{e}", f"{s + 2}:{e + 3}", f"{span('Modesto')[0]}:{len(TEXT)}"):
        response = client_in.post(url(document, "add_mentions"), {"version": document.version, "span": [bad], "label": "PERSON"}, **HX)
        assert response.status_code == 422
    assert not document.mentions.filter(origin="manual").exists()


def test_it_marks_done_only_when_nothing_is_pending(client_in, document):
    response = client_in.post(url(document, "submit"), {"version": document.version}, **HX)
    assert response.status_code == 422 and "still pending" in response.content.decode()
    document.mentions.update(status="accepted")
    document.refresh_from_db()
    response = client_in.post(url(document, "submit"), {"version": document.version}, **HX)
    assert response.status_code == 200 and response["HX-Redirect"] == url(document, "document")
    document.refresh_from_db()
    assert document.status == Document.Status.SUBMITTED and document.submitted_by.username == "ann"
    # a document marked done is read-only for its annotator (it waits for the second look)
    m = document.mentions.first()
    response = client_in.post(url(document, "mention_action", m.pk, "reject"), {"version": document.version}, **HX)
    assert response.status_code == 403
    m.refresh_from_db()
    assert m.status == ReviewStatus.ACCEPTED
    page = client_in.get(url(document, "document")).content.decode()
    assert 'id="awaiting"' in page and 'id="mark-done"' not in page and 'data-editable="0"' in page


# ---------------------------------------------------------------- two reviewers


@pytest.mark.parametrize("first, partial", [
    (("accept", {}), True),  # status decisions since: just their lines and rows (small answer)
    (("relabel", {"label": "LOCATION"}), False),  # anything else: the whole view again
])
def test_it_refuses_a_stale_version_with_a_conflict_and_a_fresh_view(client_in, document, first, partial,
                                                                     django_user_model):
    from django.test import Client

    m1, m2 = mention_at(document, "RUFF"), mention_at(document, "Fresno")
    stale = document.version
    action, data = first
    second = Client()  # another reviewer (an admin) acts first
    second.force_login(django_user_model.objects.create_user("boss", password="a-long-test-password", is_staff=True))
    assert second.post(url(document, "mention_action", m1.pk, action), {"version": stale, **data}, **HX).status_code == 200
    target = m1 if partial else m2  # a status decision conflicts only with actions on the same mention
    response = client_in.post(url(document, "mention_action", target.pk, "reject"), {"version": stale}, **HX)
    html = response.content.decode()
    assert response.status_code == 409
    assert 'role="alert"' in html and "Someone else changed this document" in html
    assert f'id="doc-version" value="{stale + 1}"' in html  # the new version
    if partial:
        assert response["HX-Reswap"] == "none" and 'id="review"' not in html
        assert f'id="m{m1.pk}"' in html and "s-accepted" in html and html.count('class="line"') == 1  # m1's line
    else:
        assert response["HX-Retarget"] == "#review" and response["HX-Reswap"] == "outerHTML"
        assert 'id="review"' in html
    target.refresh_from_db()
    assert target.status != ReviewStatus.REJECTED
    # a plain post gets a redirect and a message instead
    response = client_in.post(url(document, "mention_action", target.pk, "reject"), {"version": stale})
    assert response.status_code == 302
    assert "Someone else changed" in client_in.get(response["Location"]).content.decode()
    assert Decision.objects.filter(document=document).count() == 1
    m2.refresh_from_db()
    assert m2.status == ReviewStatus.PENDING


def test_it_applies_a_stale_status_action_on_another_mention_and_brings_the_other_change(client_in, document):
    m1, m2 = mention_at(document, "RUFF"), mention_at(document, "Dale")
    stale = document.version
    assert client_in.post(url(document, "mention_action", m1.pk, "accept"), {"version": stale}, **HX).status_code == 200
    response = client_in.post(url(document, "mention_action", m2.pk, "reject"), {"version": stale}, **HX)
    html = response.content.decode()
    assert response.status_code == 200 and f'id="doc-version" value="{stale + 2}"' in html
    assert f'id="m{m1.pk}"' in html and f'id="m{m2.pk}"' in html  # both changed lines
    assert [d.action for d in Decision.objects.filter(document=document).order_by("id")] == ["accept", "reject"]


@pytest.mark.django_db(transaction=True)
def test_it_applies_exactly_one_of_two_simultaneous_actions(django_user_model, client):
    from django.test import Client

    if connection.vendor == "sqlite" and connection.settings_dict["NAME"].startswith("file:memorydb"):
        pytest.skip("in-memory SQLite cannot share a database between threads; run on PostgreSQL")
    users = [django_user_model.objects.create_user(f"r{i}", password="a-long-test-password", is_staff=True) for i in range(2)]
    corpus = Corpus.objects.create(name="c")
    document = Document.objects.create(corpus=corpus, title="h", original_name="h.txt", original=b"x")
    build(document)
    m = mention_at(document, "RUFF")
    barrier = threading.Barrier(2)
    results: list[int] = []

    def act(user, status):
        c = Client()
        c.force_login(user)
        barrier.wait()
        results.append(c.post(url(document, "mention_action", m.pk, status), {"version": document.version}, **HX).status_code)
        connection.close()

    threads = [threading.Thread(target=act, args=(u, s)) for u, s in zip(users, ("accept", "reject"))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == [200, 409]
    decisions = list(Decision.objects.filter(document=document))
    assert len(decisions) == 1
    m.refresh_from_db()
    assert m.status == {"accept": "accepted", "reject": "rejected"}[decisions[0].action]
    assert Document.objects.get(pk=document.pk).version == document.version + 1


# ---------------------------------------------------------------- re-run


def test_it_lets_admins_rerun_the_automatic_pass_keeping_decisions(client, django_user_model, document, monkeypatch):
    admin = django_user_model.objects.create_user("boss", password="a-long-test-password", is_staff=True)
    kevin = mention_at(document, "Kevin Richardson")
    kevin.status = "accepted"
    kevin.save()

    def fake_enqueue(doc, asked=False):  # the real job runs the whole pipeline; here: the same analysis again
        services.mark_queued(doc)
        build(doc)

    monkeypatch.setattr("review.jobs.enqueue_analysis", fake_enqueue)
    client.force_login(admin)
    response = client.post(url(document, "rerun"))
    assert response.status_code == 302 and response["Location"] == reverse("review:documents")
    kevin.refresh_from_db()
    assert kevin.status == "accepted"
    assert Decision.objects.filter(document=document, action="rerun").exists()
    assert 'Re-run automatic pass' in client.get(url(document, "document")).content.decode()


def test_it_refuses_the_rerun_to_annotators(client_in, document):
    assert client_in.post(url(document, "rerun")).status_code == 403


# ---------------------------------------------------------------- bounded queries


def big_document(annotator, entities: int) -> Document:
    """A document with ``entities`` people, each mentioned three times, one utterance per line."""
    lines, mentions, ents = [], [], []
    offset = 0
    for i in range(entities):
        name = f"Person{i:04d}"
        ents.append(Entity(i, "PERSON", "PERSON", name))
        for _ in range(3):
            line = f"INMATE X: I met {name} at the yard."
            start = offset + line.index(name)
            mentions.append(Mention(start, start + len(name), "PERSON", ("spacy",), confidence=2, entity=i))
            lines.append(line)
            offset += len(line) + 1
    text = "\n".join(lines) + "\n"
    corpus, _ = Corpus.objects.get_or_create(name="big")
    doc = Document.objects.create(corpus=corpus, title=f"big{entities}", original_name="b.txt", original=b"x", assignee=annotator)
    services.apply_analysis(doc, Analysis(Transcript("b.txt", text), tuple(mentions), tuple(ents)))
    doc.refresh_from_db()
    return doc


@pytest.mark.parametrize("entities", [5, 120])
def test_it_bounds_the_queries_per_request(client_in, annotator, entities, django_assert_max_num_queries):
    doc = big_document(annotator, entities)
    # the page: session, user, groups, document, mentions, entities, history, reading progress,
    # comments, the second look's changes and the re-submission check; the same at both sizes (the
    # progress is counted from the mentions panel A reads, no count query)
    with django_assert_max_num_queries(11):
        assert client_in.get(url(doc, "document")).status_code == 200
    m = doc.mentions.order_by("start").first()
    with django_assert_max_num_queries(10):
        assert client_in.get(url(doc, "inspect") + f"?m={m.pk}", **HX).status_code == 200
    # an entity: session, user, groups, document, the entity, its mentions (once, as plain rows),
    # the tags from the cache, the merge targets
    with django_assert_max_num_queries(7):
        assert client_in.get(url(doc, "inspect") + f"?e={m.entity_id}", **HX).status_code == 200
    # the first action: ~22 of its own (small ones: an answer never loads every mention nor counts
    # them: its progress comes from the tally its decision stored), plus ~9 to keep the shown tag
    # numbers (registry.freeze) and 2 to store the tally, whatever the size
    with django_assert_max_num_queries(33):
        r = client_in.post(url(doc, "mention_action", m.pk, "accept"), {"version": doc.version, "inspect": f"m:{m.pk}"}, **HX)
        assert r.status_code == 200
    # after an accept nothing new can be shown: no freeze (services.base._shown_keys_stored); 19
    # with the tally carried over from the version before (review.tallies.keep: 2 small queries)
    second = doc.mentions.order_by("start")[1]
    with django_assert_max_num_queries(19):
        r = client_in.post(url(doc, "mention_action", second.pk, "accept"), {"version": doc.version + 1}, **HX)
        assert r.status_code == 200
    with django_assert_max_num_queries(36):
        r = client_in.post(url(doc, "entity_action", m.entity_id, "rename"), {"version": doc.version + 2, "tag": "X"}, **HX)
        assert r.status_code == 200
    with django_assert_max_num_queries(24):  # a status action: counts from the tally, no count query
        r = client_in.post(url(doc, "entity_action", m.entity_id, "reject"), {"version": doc.version + 3}, **HX)
        assert r.status_code == 200


def test_it_finds_marked_occurrences_too_and_links_each_mention(client_in, document):
    html = client_in.get(url(document, "inspect") + "?find=Fresno", **HX).content.decode()
    fresno = MentionRow.objects.filter(document=document, entity__name="Fresno").order_by("start")
    assert "3 marked occurrences" in html
    assert [f'data-m="{m.pk}"' in html for m in fresno] == [True, True, True]
    assert "No unmarked occurrence" in html
