"""The reviewer's diff lists exactly the changes of a scripted review, one action kind at a time."""
import pytest
from django.contrib.auth import get_user_model

from anonymizer.types import Analysis, Entity, Mention, Transcript
from review import services
from review.constants import Action, ReviewStatus
from review.models import Corpus, Document, Mention as MentionRow
from review.services.diff import ChangeKind, DiffFilter, changes, filtered, unseen_mentions
from tests.textspans import nth_span

pytestmark = pytest.mark.django_db

TEXT = ("PRESIDING COMMISSIONER RUFF: Mr. Kevin Richardson lives in Fresno.\n"
        "INMATE RICHARDSON: Yes, Fresno. My sister Maria visits from Tulare.\n")


def _span(needle: str, nth: int = 0) -> tuple[int, int]:
    return nth_span(TEXT, needle, nth)


@pytest.fixture
def annotator():
    return get_user_model().objects.create_user("ann")


@pytest.fixture
def document():
    corpus = Corpus.objects.create(name="c")
    document = Document.objects.create(corpus=corpus, title="h", original_name="h.txt", original=TEXT.encode())
    entities = [Entity(0, "PERSON", "PERSON", "RUFF"), Entity(1, "PERSON", "PERSON", "Kevin Richardson"),
                Entity(2, "LOCATION", "CITY", "Fresno"), Entity(3, "PERSON", "PERSON", "Maria")]
    mentions = [
        Mention(*_span("RUFF"), "PERSON", ("rule",), confidence=1, entity=0),
        Mention(*_span("Kevin Richardson"), "PERSON", ("spacy",), entity=1),
        Mention(*_span("Fresno"), "LOCATION", ("spacy",), entity=2),
        Mention(*_span("RICHARDSON"), "PERSON", ("rule",), confidence=1, entity=1),
        Mention(*_span("Fresno", 1), "LOCATION", ("spacy",), entity=2),
        Mention(*_span("Maria"), "PERSON", ("spacy",), entity=3),
    ]
    services.apply_analysis(document, Analysis(Transcript(name="h.txt", text=TEXT), tuple(mentions), tuple(entities)))
    document.refresh_from_db()
    return document


def _mention(document, needle, nth=0):
    return document.mentions.get(start=_span(needle, nth)[0])


def _entity(document, name):
    return document.entities.get(name=name)


def _v(document):
    document.refresh_from_db()
    return document.version


def _trim(d, u):
    """No action trims a span yet; one that does records start/end like any mention field."""
    mention = _mention(d, "Kevin Richardson")
    document = services.begin(d.pk, _v(d))
    MentionRow.objects.filter(pk=mention.pk).update(start=mention.start + 4)
    services.record(document, u, Action.RELABEL, f"mention:{mention.pk}",
                    before={"mentions": [{"ids": [mention.pk], "set": {"start": mention.start}}]},
                    after={"mentions": [{"ids": [mention.pk], "set": {"start": mention.start + 4}}]})


def _extend(d, u):
    mention = _mention(d, "Maria")
    document = services.begin(d.pk, _v(d))
    MentionRow.objects.filter(pk=mention.pk).update(start=mention.start - 3)
    services.record(document, u, Action.RELABEL, f"mention:{mention.pk}",
                    before={"mentions": [{"ids": [mention.pk], "set": {"start": mention.start}}]},
                    after={"mentions": [{"ids": [mention.pk], "set": {"start": mention.start - 3}}]})


# (what the annotator does, the changes the diff lists: (kind, surface), whether it was bulk)
SCRIPTS = [
    ("accept", lambda d, u: services.set_mention_status(d.pk, _v(d), u, _mention(d, "RUFF").pk, "accepted"),
     [], False),
    ("reject", lambda d, u: services.set_mention_status(d.pk, _v(d), u, _mention(d, "RUFF").pk, "rejected"),
     [(ChangeKind.REJECTED, "RUFF")], False),
    ("relabel", lambda d, u: services.relabel_mention(d.pk, _v(d), u, _mention(d, "Fresno").pk, "ORGANIZATION"),
     [(ChangeKind.RELABELLED, "Fresno")], False),
    ("move", lambda d, u: services.move_mention(d.pk, _v(d), u, _mention(d, "Maria").pk,
                                                 _entity(d, "Kevin Richardson").pk),
     [(ChangeKind.MOVED, "Maria")], False),
    ("split", lambda d, u: services.split_mention(d.pk, _v(d), u, _mention(d, "RICHARDSON").pk),
     [(ChangeKind.SPLIT, "RICHARDSON")], False),
    ("merge", lambda d, u: services.merge_entities(d.pk, _v(d), u, _entity(d, "Maria").pk,
                                                   _entity(d, "Kevin Richardson").pk),
     [(ChangeKind.MERGED, "Maria")], True),
    ("add", lambda d, u: services.add_mentions(d.pk, _v(d), u, [_span("Tulare")], "LOCATION", None),
     [(ChangeKind.ADDED, "Tulare")], False),
    ("whitelist", lambda d, u: services.whitelist_term(d.pk, _v(d), u, "Fresno"),
     [(ChangeKind.WHITELISTED, "Fresno"), (ChangeKind.WHITELISTED, "Fresno")], True),
    ("rename", lambda d, u: services.rename_tag(d.pk, _v(d), u, _entity(d, "RUFF").pk, "judge"),
     [(ChangeKind.RENAMED, "RUFF")], False),
    ("reject everywhere", lambda d, u: services.set_entity_status(d.pk, _v(d), u, _entity(d, "Fresno").pk,
                                                                  "rejected"),
     [(ChangeKind.REJECTED, "Fresno"), (ChangeKind.REJECTED, "Fresno")], True),
    ("relabel everywhere", lambda d, u: services.relabel_entity(d.pk, _v(d), u, _entity(d, "Maria").pk,
                                                                "ORGANIZATION"),
     [(ChangeKind.RELABELLED, "Maria")], True),
    ("trim", _trim, [(ChangeKind.TRIMMED, "n Richardson")], False),
    ("extend", _extend, [(ChangeKind.EXTENDED, "er Maria")], False),
]


@pytest.mark.parametrize("name, act, expected, bulk", SCRIPTS, ids=[s[0] for s in SCRIPTS])
def test_it_lists_exactly_the_change_of_each_action(document, annotator, name, act, expected, bulk):
    assert changes(document) == []
    act(document, annotator)
    listed = filtered(document, changes(document), DiffFilter.ALL)
    assert [(c.kind, TEXT[c.start:c.end]) for c in listed] == expected
    assert all(c.user_id == annotator.pk and c.at is not None and c.bulk == bulk for c in listed)
    in_bulk = filtered(document, changes(document), DiffFilter.BULK)
    assert (in_bulk == listed) if bulk else in_bulk == []


@pytest.mark.parametrize("name, act, expected, bulk", SCRIPTS[:-2], ids=[s[0] for s in SCRIPTS[:-2]])
def test_it_forgets_an_undone_action(document, annotator, name, act, expected, bulk):
    act(document, annotator)
    services.undo(document.pk, _v(document), annotator)
    assert changes(document) == []


def test_it_lists_a_scripted_review_in_text_order_with_who_and_when(document, annotator):
    reviewer = get_user_model().objects.create_user("rev")
    services.set_entity_status(document.pk, _v(document), annotator, _entity(document, "Kevin Richardson").pk,
                               ReviewStatus.ACCEPTED)
    services.set_mention_status(document.pk, _v(document), annotator, _mention(document, "RUFF").pk, "rejected")
    services.relabel_mention(document.pk, _v(document), reviewer, _mention(document, "Maria").pk, "LOCATION")
    found = changes(document)
    assert [(c.kind, TEXT[c.start:c.end]) for c in filtered(document, found, DiffFilter.ALL)] == [
        (ChangeKind.REJECTED, "RUFF"), (ChangeKind.RELABELLED, "Maria")]
    document.assignee = annotator
    assert [TEXT[c.start:c.end] for c in filtered(document, found, DiffFilter.ANNOTATOR)] == ["RUFF"]
    # acceptances are not changes, but bulk acceptances are listed among the bulk decisions
    assert [(c.kind, TEXT[c.start:c.end]) for c in filtered(document, found, DiffFilter.BULK)] == [
        (ChangeKind.ACCEPTED, "Kevin Richardson"), (ChangeKind.ACCEPTED, "RICHARDSON")]


def _accept_fresno(document, user):
    services.set_entity_status(document.pk, _v(document), user, _entity(document, "Fresno").pk, "accepted")


def _accept_locations(document, user):
    services.accept_pending(document.pk, _v(document), user, labels=["LOCATION"])


def _accept_one_fresno(document, user):
    services.set_mention_status(document.pk, _v(document), user, _mention(document, "Fresno", 1).pk, "accepted")


def _accept_rest(document, user):
    services.mark_read(document.pk, user, 2)
    services.accept_rest(document.pk, _v(document), user)


# (name, lines read before, the action, lines read after, who read, the mentions never looked at)
UNSEEN = [
    ("entity accept, nothing read", 0, _accept_fresno, 0, "ann", ["Fresno:1", "Fresno:2"]),
    ("entity accept, first line read", 1, _accept_fresno, 1, "ann", ["Fresno:2"]),
    ("entity accept, both lines read", 2, _accept_fresno, 2, "ann", []),
    ("entity accept, read by someone else", 0, _accept_fresno, 0, "rev", ["Fresno:1", "Fresno:2"]),
    ("entity accept, line 2 read afterwards", 1, _accept_fresno, 2, "ann", []),
    ("accept pending under a filter, line 2 read afterwards", 1, _accept_locations, 2, "ann", ["Fresno:2"]),
    ("accept pending under a filter, all read first", 2, _accept_locations, 2, "ann", []),
    ("one mention accepted: not bulk", 0, _accept_one_fresno, 0, "ann", []),
    ("accept the rest (only after reading every line)", 0, _accept_rest, 0, "ann", []),
]


@pytest.mark.parametrize("name, before, act, after, reader, expected", UNSEEN, ids=[u[0] for u in UNSEEN])
def test_it_lists_bulk_decisions_on_lines_their_author_never_read(document, annotator, name, before, act, after,
                                                                  reader, expected):
    reader = annotator if reader == "ann" else get_user_model().objects.create_user(reader)
    if before:
        services.mark_read(document.pk, reader, before)
    act(document, annotator)
    if after > before:
        services.mark_read(document.pk, reader, after)
    found = filtered(document, changes(document), DiffFilter.UNSEEN)
    assert [f"{TEXT[c.start:c.end]}:{TEXT.count(chr(10), 0, c.start) + 1}" for c in found] == expected
    assert unseen_mentions(document) == {c.mention_id for c in found}
