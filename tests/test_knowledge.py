"""Corpus knowledge: learned from reviewed documents, applied on import, never hiding a supported name."""
import pytest
from django.core.management import call_command

from anonymizer.types import Analysis, Entity, Header, Mention, Participant, Transcript
from review import services
from review.constants import Action, CorpusMark
from review.models import Corpus, Decision, Document, KnowledgeChange, KnownForm, Mention as Row, ReviewStatus
from review.services import curation, knowledge
from tests.textspans import nth_span

pytestmark = pytest.mark.django

OLD = "COMMISSIONER RUFF: I hope so. Commissioner Ruff spoke.\nINMATE: Hope is all I have.\n"


def _reviewed(corpus, title: str, status=Document.Status.APPROVED, text: str = OLD) -> Document:
    """A reviewed document: "Ruff" accepted as PERSON, "Hope"/"hope" proposed and rejected."""
    doc = Document.objects.create(corpus=corpus, title=title, original_name=f"{title}.txt", original=b"x",
                                  text=text, status=status)
    ruff = doc.entities.create(label="PERSON", category="PERSON", name="Ruff")
    hope = doc.entities.create(label="PERSON", category="PERSON", name="Hope")
    for needle, nth in (("Ruff", 0),):
        Row.objects.create(document=doc, entity=ruff, start=nth_span(text, needle, nth)[0],
                           end=nth_span(text, needle, nth)[1], label="PERSON", status=ReviewStatus.ACCEPTED)
    Row.objects.create(document=doc, entity=hope, start=nth_span(text, "Hope")[0], end=nth_span(text, "Hope")[1],
                       label="PERSON", status=ReviewStatus.REJECTED)
    return doc


def _import(corpus, text: str, mentions, entities, header=None) -> Document:
    doc = Document.objects.create(corpus=corpus, title="new", original_name="new.txt", original=text.encode())
    analysis = Analysis(transcript=Transcript(name="new.txt", text=text, header=header),
                        mentions=tuple(mentions), entities=tuple(entities))
    services.apply_analysis(doc, analysis)
    doc.refresh_from_db()
    return doc


def _hope_mention(text: str, needle: str = "Hope", entity: int = 0) -> Mention:
    return Mention(*nth_span(text, needle), "PERSON", ("spacy",), entity=entity)


@pytest.fixture
def corpus(db):
    corpus = Corpus.objects.create(name="k")
    _reviewed(corpus, "one")
    _reviewed(corpus, "two")
    return corpus


def _mark(doc, needle: str, nth: int = 0) -> Row:
    start, end = nth_span(doc.text, needle, nth)
    return doc.mentions.get(start=start, end=end)


# ---------------------------------------------------------------- learning and trust


@pytest.mark.parametrize("statuses, learned, applied", [
    ((Document.Status.APPROVED, Document.Status.APPROVED), True, True),
    ((Document.Status.SUBMITTED, Document.Status.SUBMITTED), True, False),  # marked done: learned, not trusted
    ((Document.Status.IN_REVIEW, Document.Status.READY), False, False),  # not done: nothing learned
])
def test_it_learns_from_done_documents_and_trusts_approved_ones(db, statuses, learned, applied):
    corpus = Corpus.objects.create(name="t")
    for i, status in enumerate(statuses):
        _reviewed(corpus, f"d{i}", status)
    text = "PRESIDING COMMISSIONER RUFF: Good morning.\n"
    doc = _import(corpus, text, [], [])
    assert KnownForm.objects.filter(corpus=corpus, form="ruff").exists() is learned
    assert doc.mentions.filter(corpus_mark=CorpusMark.KNOWN).exists() is applied


def test_it_finds_known_forms_pending_at_certainty_1_with_source_corpus(corpus):
    doc = _import(corpus, "PRESIDING COMMISSIONER RUFF: Good morning, Mr. Ruff's client.\n", [], [])
    rows = list(doc.mentions.order_by("start"))
    assert [doc.text[r.start:r.end] for r in rows] == ["RUFF", "Ruff"]
    assert {(r.status, r.confidence, r.sources, r.corpus_mark, r.label) for r in rows} == {
        (ReviewStatus.PENDING, 1, "corpus", CorpusMark.KNOWN, "PERSON")}
    audit = doc.decisions.get(action=Action.CORPUS_APPLY)
    assert "Ruff" not in audit.summary and "RUFF" not in audit.summary  # ids and counts, never text


def test_it_never_crosses_corpora(corpus):
    other = Corpus.objects.create(name="other")
    doc = _import(other, "COMMISSIONER RUFF: I hope so. Hope is here.\n",
                  [_hope_mention("COMMISSIONER RUFF: I hope so. Hope is here.\n")], [Entity(0, "PERSON", "PERSON", "Hope")])
    assert not doc.mentions.exclude(corpus_mark="").exists()
    assert not KnownForm.objects.filter(corpus=other).exists()


# ---------------------------------------------------------------- learned dismissals and their safety


def test_it_dismisses_a_form_rejected_in_two_documents_visibly(corpus):
    text = "INMATE: Hope is what I have.\n"
    doc = _import(corpus, text, [_hope_mention(text)], [Entity(0, "PERSON", "PERSON", "Hope")])
    row = _mark(doc, "Hope")
    assert (row.status, row.corpus_mark) == (ReviewStatus.REJECTED, CorpusMark.DISMISSED)
    assert doc.decisions.filter(action=Action.CORPUS_APPLY, user=None).exists()


def test_it_needs_two_documents_to_dismiss(db):
    corpus = Corpus.objects.create(name="once")
    _reviewed(corpus, "one")
    text = "INMATE: Hope is what I have.\n"
    doc = _import(corpus, text, [_hope_mention(text)], [Entity(0, "PERSON", "PERSON", "Hope")])
    assert _mark(doc, "Hope").status == ReviewStatus.PENDING


SUPPORTED = [
    # (text, mentions as (needle, nth, entity), entities, header): "Hope" is personal data here
    ("VICTIM: Hope Delgado was there. Hope said no.\n", [("Hope Delgado", 0, 0), ("Hope", 1, 0)],
     [Entity(0, "PERSON", "PERSON", "Hope Delgado")], None),
    ("ATTORNEY: Ms. Hope was there.\n", [("Hope", 0, 0)], [Entity(0, "PERSON", "PERSON", "Hope")], None),
    ("ATTORNEY: Hope Delgado was there.\n", [("Hope", 0, 0), ("Delgado", 0, 1)],
     [Entity(0, "PERSON", "PERSON", "Hope"), Entity(1, "PERSON", "PERSON", "Delgado")], None),
    ("ATTORNEY: Hope said so.\n", [("Hope", 0, 0)], [Entity(0, "PERSON", "PERSON", "Hope")],
     Header(participants=(Participant("HOPE DELGADO", "Attorney"),))),
    ("ATTORNEY: Hope, H-O-P-E, said so.\n", [("Hope", 0, 0)], [Entity(0, "PERSON", "PERSON", "Hope")], None),
]


@pytest.mark.parametrize("text, spans, entities, header", SUPPORTED,
                         ids=["grouped with a full name", "title beside it", "name part beside it",
                              "title-page participant", "spelled out"])
def test_it_never_lets_a_learned_dismissal_hide_a_name_another_detector_supports(corpus, text, spans, entities,
                                                                                header):
    mentions = [Mention(*nth_span(text, needle, nth), "PERSON", ("spacy",), entity=e) for needle, nth, e in spans]
    doc = _import(corpus, text, mentions, entities, header)
    hope = [r for r in doc.mentions.all() if text[r.start:r.end] == "Hope"]
    assert hope and all(r.status == ReviewStatus.PENDING and r.corpus_mark == CorpusMark.CONFLICT for r in hope)
    audit = doc.decisions.get(action=Action.CORPUS_APPLY)
    assert audit.after["conflicts"] and all(reason for _, reason in audit.after["conflicts"])


# ---------------------------------------------------------------- people's actions: bulk accept, restore, undo


@pytest.fixture
def annotator(django_user_model):
    return django_user_model.objects.create_user("ann", password="a-long-test-password")


def test_it_accepts_all_known_from_the_corpus_in_one_undoable_action(corpus, annotator):
    text = "PRESIDING COMMISSIONER RUFF: Ruff here. Fresno.\n"
    doc = _import(corpus, text, [Mention(*nth_span(text, "Fresno"), "LOCATION", ("spacy",), entity=0)],
                  [Entity(0, "LOCATION", "CITY", "Fresno")])
    outcome = services.accept_known_from_corpus(doc.pk, doc.version, annotator)
    assert {doc.text[r.start:r.end]: r.status for r in doc.mentions.all()} == {
        "RUFF": ReviewStatus.ACCEPTED, "Ruff": ReviewStatus.ACCEPTED, "Fresno": ReviewStatus.PENDING}
    services.undo(doc.pk, outcome.document.version, annotator)
    assert not doc.mentions.filter(status=ReviewStatus.ACCEPTED).exists()


def test_it_restores_dismissed_mentions_in_one_undoable_action(corpus, annotator):
    text = "INMATE: Hope is what I have.\n"
    doc = _import(corpus, text, [_hope_mention(text)], [Entity(0, "PERSON", "PERSON", "Hope")])
    outcome = services.restore_dismissed(doc.pk, doc.version, annotator)
    assert _mark(doc, "Hope").status == ReviewStatus.PENDING
    assert outcome.decision.action == Action.RESTORE_DISMISSED and outcome.decision.user == annotator
    services.undo(doc.pk, outcome.document.version, annotator)
    assert _mark(doc, "Hope").status == ReviewStatus.REJECTED


# ---------------------------------------------------------------- re-run and curation never touch started work


def test_it_reruns_only_documents_no_one_started(corpus, annotator, monkeypatch):
    text = "INMATE: Hope is what I have.\n"
    untouched = _import(corpus, text, [_hope_mention(text)], [Entity(0, "PERSON", "PERSON", "Hope")])
    started = _import(corpus, text, [_hope_mention(text)], [Entity(0, "PERSON", "PERSON", "Hope")])
    services.restore_dismissed(started.pk, started.version, annotator)
    assert list(knowledge.unstarted(corpus)) == [untouched]
    ran = []
    monkeypatch.setattr("review.jobs.enqueue_analysis", lambda d, asked=False: ran.append(d.pk))
    call_command("rerun_pass", corpus.name)
    assert ran == [untouched.pk]


def test_it_lets_an_admin_remove_and_restore_a_learned_name_with_its_impact(corpus, django_user_model):
    admin = django_user_model.objects.create_user("boss", password="a-long-test-password", is_staff=True)
    doc = _import(corpus, "PRESIDING COMMISSIONER RUFF: Ruff here.\n", [], [])
    entry = KnownForm.objects.get(corpus=corpus, form="ruff")
    assert curation.impact(entry) == (2, 1)
    change = curation.change_entry(entry.pk, admin, curation.REMOVE)
    assert change.mentions_changed == 2 and KnowledgeChange.objects.filter(action="remove", user=admin).exists()
    assert not doc.mentions.exists()
    curation.change_entry(entry.pk, admin, curation.RESTORE)
    assert doc.mentions.filter(corpus_mark=CorpusMark.KNOWN).count() == 2
    assert not Decision.objects.filter(document=doc, user__isnull=False).exists()  # no human decision invented


@pytest.mark.parametrize("staff, status", [(True, 200), (False, 403)])
def test_it_shows_what_the_corpus_learned_to_admins_only(corpus, client, django_user_model, staff, status):
    _import(corpus, "Good morning.\n", [], [])  # an import refreshes what the corpus learned
    user = django_user_model.objects.create_user("u", password="a-long-test-password", is_staff=staff)
    client.force_login(user)
    response = client.get(f"/corpora/{corpus.pk}/knowledge/")
    assert response.status_code == status
    if staff:
        assert b"Ruff" in response.content and b"Learned names" in response.content


def test_it_offers_the_corpus_actions_as_plain_form_posts(corpus, client, annotator):
    doc = _import(corpus, "PRESIDING COMMISSIONER RUFF: Ruff here.\n", [], [])
    Document.objects.filter(pk=doc.pk).update(assignee=annotator)
    client.force_login(annotator)
    response = client.post(f"/documents/{doc.pk}/corpus/accept-known/", {"version": doc.version})
    assert response.status_code == 302
    assert doc.mentions.filter(status=ReviewStatus.ACCEPTED).count() == 2


@pytest.mark.parametrize("text, spans, entities, header, reason", [
    (*SUPPORTED[0], "grouped with other names of one person"),
    (*SUPPORTED[1], "a title beside it"),
    (*SUPPORTED[4], "spelled out in this document"),
], ids=["grouped", "title", "spelled out"])
def test_it_shows_in_the_inspector_why_a_learned_dismissal_was_overridden(corpus, client, annotator, text, spans,
                                                                         entities, header, reason):
    mentions = [Mention(*nth_span(text, needle, nth), "PERSON", ("spacy",), entity=e) for needle, nth, e in spans]
    doc = _import(corpus, text, mentions, entities, header)
    Document.objects.filter(pk=doc.pk).update(assignee=annotator)
    hope = next(r for r in doc.mentions.all() if text[r.start:r.end] == "Hope")
    assert knowledge.conflict_reason(hope) == reason
    client.force_login(annotator)
    page = client.get(f"/documents/{doc.pk}/?m={hope.pk}").content.decode()
    assert 'id="corpus-conflict"' in page and reason in page


@pytest.mark.parametrize("form, mark, status", [
    ("Hope", CorpusMark.DISMISSED, ReviewStatus.REJECTED),  # dismissed in two documents: the form beats the label
    ("Fresno", CorpusMark.LABEL, ReviewStatus.PENDING),  # nothing learned about the form: the trusted label marks it
])
def test_it_lets_a_learned_dismissal_win_over_a_trusted_label(corpus, monkeypatch, form, mark, status):
    monkeypatch.setattr(knowledge, "trusted_labels", lambda corpus: {"PERSON": 1.0})
    text = "INMATE: Hope is what I have in Fresno.\n"
    doc = _import(corpus, text, [Mention(*nth_span(text, form), "PERSON", ("spacy",), entity=0)],
                  [Entity(0, "PERSON", "PERSON", form)])
    row = _mark(doc, form)
    assert (row.corpus_mark, row.status) == (mark, status)


@pytest.mark.parametrize("op, label, after", [
    (curation.REMOVE, "", set()),  # the learned name is gone from the unstarted document
    (curation.RELABEL, "LOCATION", {("LOCATION", CorpusMark.KNOWN)}),  # it comes back with the corrected label
])
def test_it_shows_an_admin_the_impact_before_a_change_and_applies_it(corpus, client, django_user_model, op, label,
                                                                    after):
    admin = django_user_model.objects.create_user("boss", password="a-long-test-password", is_staff=True)
    doc = _import(corpus, "PRESIDING COMMISSIONER RUFF: Ruff here.\n", [], [])
    entry = KnownForm.objects.get(corpus=corpus, form="ruff")
    client.force_login(admin)
    page = client.get(f"/corpora/{corpus.pk}/knowledge/?confirm={entry.pk}&op={op}").content.decode()
    assert "This changes 2 mention(s) in 1 document(s)" in page
    assert doc.mentions.count() == 2  # seeing the impact changes nothing
    response = client.post(f"/corpora/{corpus.pk}/knowledge/{entry.pk}/", {"op": op, "label": label})
    assert response.status_code == 302
    assert KnowledgeChange.objects.get(known_form=entry, action=op).mentions_changed == 2
    assert set(doc.mentions.values_list("label", "corpus_mark")) == after


def _learned_place(corpus, labels: dict[str, int]) -> None:
    """What the reviewed documents accepted "Ruff" as, label by label."""
    KnownForm.objects.filter(corpus=corpus, form="ruff").update(labels=labels, label=max(labels, key=labels.get))


@pytest.mark.parametrize("learned, label, mark", [
    ({"PERSON": 3}, "PERSON", CorpusMark.KNOWN),  # always a person in the corpus: the proposal takes that label
    ({"PERSON": 3, "LOCATION": 1}, "LOCATION", ""),  # accepted with this label too: left as proposed
])
def test_it_gives_a_known_name_the_corpus_label_pending_and_reset_puts_it_back(corpus, monkeypatch, learned, label,
                                                                               mark):
    text = "INMATE: I went to Ruff.\n"
    learn = knowledge.learn

    def learn_then_set(c):
        n = learn(c)
        _learned_place(c, learned)
        return n
    monkeypatch.setattr(knowledge, "learn", learn_then_set)
    doc = _import(corpus, text, [Mention(*nth_span(text, "Ruff"), "LOCATION", ("spacy",), entity=0)],
                  [Entity(0, "LOCATION", "CITY", "Ruff")])
    row = _mark(doc, "Ruff")
    assert (row.label, row.corpus_mark, row.status) == (label, mark, ReviewStatus.PENDING)
    assert row.entity.label == label
    knowledge.reset(doc)
    row.refresh_from_db()
    assert (row.label, row.corpus_mark, row.entity.label) == ("LOCATION", "", "LOCATION")


def _rejected_beside_a_name(corpus, title: str, text: str) -> None:
    """An approved document where the pass's ORGANIZATION "ISU" before the accepted person "Hartley" was rejected."""
    doc = Document.objects.create(corpus=corpus, title=title, original_name=f"{title}.txt", original=b"x",
                                  text=text, status=Document.Status.APPROVED)
    isu = doc.entities.create(label="ORGANIZATION", category="ORGANIZATION", name="ISU")
    person = doc.entities.create(label="PERSON", category="PERSON", name="Hartley")
    Row.objects.create(document=doc, entity=isu, start=nth_span(text, "ISU")[0], end=nth_span(text, "ISU")[1],
                       label="ORGANIZATION", status=ReviewStatus.REJECTED)
    Row.objects.create(document=doc, entity=person, start=nth_span(text, "Hartley")[0],
                       end=nth_span(text, "Hartley")[1], label="PERSON", status=ReviewStatus.ACCEPTED)


@pytest.mark.parametrize("text, mark, status", [
    # rejected twice in this very context ("the _ Name"): the name beside it is no reason to keep it
    ("INMATE: Then the ISU Hartley came back.\n", CorpusMark.DISMISSED, ReviewStatus.REJECTED),
    # another kind of context: the name beside it still keeps it pending, with the reason shown
    ("INMATE: ISU Hartley came back.\n", CorpusMark.CONFLICT, ReviewStatus.PENDING),
    ("INMATE: We saw ISU Hartley there.\n", CorpusMark.CONFLICT, ReviewStatus.PENDING),
])
def test_it_lets_a_dismissal_learned_beside_a_name_apply_beside_a_name(db, text, mark, status):
    corpus = Corpus.objects.create(name="beside")
    _rejected_beside_a_name(corpus, "one", "INMATE: the ISU Hartley searched my cell.\n")
    _rejected_beside_a_name(corpus, "two", "COMMISSIONER RUFF: And the ISU Hartley wrote it up?\n")
    mentions = [Mention(*nth_span(text, "ISU"), "ORGANIZATION", ("spacy",), entity=0),
                Mention(*nth_span(text, "Hartley"), "PERSON", ("spacy",), entity=1)]
    doc = _import(corpus, text, mentions, [Entity(0, "ORGANIZATION", "ORGANIZATION", "ISU"),
                                           Entity(1, "PERSON", "PERSON", "Hartley")])
    row = _mark(doc, "ISU")
    assert (row.corpus_mark, row.status) == (mark, status)
