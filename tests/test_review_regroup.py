"""Regrouping in one action: every mention of one surface form of an entity moves to another entity."""
import pytest

from anonymizer.types import Entity, Mention
from review import services
from review.constants import Action
from review.models import Decision, ReviewStatus

from .test_review_bulk import _version, user  # noqa: F401  (fixture)
from tests.conftest import analysed_document
from tests.textspans import nth_span

TEXT = ("COMMISSIONER RUFF: Mr. Harold Rich, your sister Paris Rich wrote.\n"
        "INMATE RICH: Yes. Ms. Rich visits. RICH is her name too.\n"
        "COMMISSIONER RUFF: Rich's letter, and Mr. Rich's plans.\n")


def _span(needle: str, nth: int = 0) -> tuple[int, int]:
    return nth_span(TEXT, needle, nth)


ENTITIES = [Entity(0, "PERSON", "PERSON", "Harold Rich"), Entity(1, "PERSON", "PERSON", "Paris Rich")]
MENTIONS = [
    Mention(*_span("Harold Rich"), "PERSON", ("spacy",), confidence=1, entity=0),
    Mention(*_span("Paris Rich"), "PERSON", ("spacy",), confidence=1, entity=1),
    Mention(*_span("RICH", 0), "PERSON", ("rule",), confidence=1, entity=0),
    Mention(*_span("Rich", 2), "PERSON", ("rule",), confidence=2, entity=0),  # Ms. Rich
    Mention(*_span("RICH", 1), "PERSON", ("rule",), confidence=2, entity=0),
    Mention(*_span("Rich", 3), "PERSON", ("rule",), confidence=2, entity=0),  # Rich's letter
    Mention(*_span("Rich", 4), "PERSON", ("rule",), confidence=2, entity=0),  # Mr. Rich's plans
]


@pytest.fixture
def doc(db):
    return analysed_document(TEXT, MENTIONS, ENTITIES)


def _entity(doc, name: str):
    return doc.entities.get(name=name)


def _grouping(doc) -> dict[int, tuple[str, str, str]]:
    return {m.start: (m.entity.name, m.label, m.status) for m in doc.mentions.select_related("entity")}


@pytest.mark.parametrize(("surface", "moved"), [
    ("Rich", 5),  # any case, the possessive folded: RICH, Rich, Rich's
    ("rich's", 5),
    ("  RICH ", 5),
    ("Harold Rich", 1),
])
def test_it_moves_every_mention_of_one_form_of_an_entity_in_one_action(doc, user, surface, moved):
    harold, paris = _entity(doc, "Harold Rich"), _entity(doc, "Paris Rich")
    outcome = services.move_surface(doc.pk, _version(doc), user, harold.pk, surface, paris.pk)
    assert doc.mentions.filter(entity=paris).count() == 1 + moved
    assert outcome.decision.action == Action.MOVE_SURFACE
    assert f"Moved {moved} mention(s)" in outcome.decision.summary
    assert Decision.objects.filter(document=doc).exclude(action=Action.RERUN).count() == 1


def test_it_keeps_statuses_and_leaves_rejected_mentions_when_moving_a_form(doc, user):
    harold, paris = _entity(doc, "Harold Rich"), _entity(doc, "Paris Rich")
    first, second = doc.mentions.filter(entity=harold, start__gt=TEXT.index("\n")).order_by("start")[:2]
    services.set_mention_status(doc.pk, _version(doc), user, first.pk, ReviewStatus.REJECTED)
    services.set_mention_status(doc.pk, _version(doc), user, second.pk, ReviewStatus.ACCEPTED)
    services.move_surface(doc.pk, _version(doc), user, harold.pk, "Rich", paris.pk)
    first.refresh_from_db(), second.refresh_from_db()
    assert (first.entity_id, first.status) == (harold.pk, ReviewStatus.REJECTED)  # a rejection stays put
    assert (second.entity_id, second.status) == (paris.pk, ReviewStatus.ACCEPTED)
    assert doc.mentions.filter(entity=paris, status=ReviewStatus.PENDING).count() == 4  # pending stays pending


def test_it_undoes_a_form_move_in_one_step(doc, user):
    harold, paris = _entity(doc, "Harold Rich"), _entity(doc, "Paris Rich")
    before = _grouping(doc)
    services.move_surface(doc.pk, _version(doc), user, harold.pk, "Rich", paris.pk)
    assert _grouping(doc) != before
    services.undo(doc.pk, _version(doc), user)
    assert _grouping(doc) == before


@pytest.mark.parametrize(("surface", "target", "message"), [
    ("Paris", "Paris Rich", "no mention of this form"),
    ("Rich", "Harold Rich", "Choose another entity"),
])
def test_it_refuses_a_form_move_that_moves_nothing(doc, user, surface, target, message):
    harold = _entity(doc, "Harold Rich")
    with pytest.raises(services.ActionError, match=message):
        services.move_surface(doc.pk, _version(doc), user, harold.pk, surface, _entity(doc, target).pk)


def test_it_gives_moved_mentions_the_target_label(doc, user):
    harold, paris = _entity(doc, "Harold Rich"), _entity(doc, "Paris Rich")
    services.relabel_entity(doc.pk, _version(doc), user, paris.pk, "LOCATION")
    services.move_surface(doc.pk, _version(doc), user, harold.pk, "Harold Rich", paris.pk)
    assert set(doc.mentions.filter(entity=paris).values_list("label", flat=True)) == {"LOCATION"}


def test_it_lists_the_forms_of_an_entity_most_frequent_first(doc):
    harold = _entity(doc, "Harold Rich")
    forms = services.surface_forms(TEXT, doc.mentions.filter(entity=harold))
    assert forms[0][1] == 5 and forms[0][0].casefold().startswith("rich")
    assert ("Harold Rich", 1) in forms


def test_it_moves_the_ticked_mentions_in_one_action_and_undoes_it_in_one_step(doc, user):
    harold, paris = _entity(doc, "Harold Rich"), _entity(doc, "Paris Rich")
    ticked = list(doc.mentions.filter(entity=harold, label="PERSON").order_by("start").values_list("pk", flat=True))[1:3]
    before = _grouping(doc)
    outcome = services.move_mentions(doc.pk, _version(doc), user, ticked, paris.pk)
    assert outcome.decision.action == Action.MOVE_TICKED and "Moved 2 ticked" in outcome.decision.summary
    assert set(doc.mentions.filter(entity=paris).values_list("pk", flat=True)) >= set(ticked)
    services.undo(doc.pk, _version(doc), user)
    assert _grouping(doc) == before


@pytest.mark.parametrize("ticked", ["none", "target's own", "unknown"])
def test_it_refuses_a_ticked_move_that_is_not_what_was_ticked(doc, user, ticked):
    paris = _entity(doc, "Paris Rich")
    ids = {"none": [], "target's own": list(doc.mentions.filter(entity=paris).values_list("pk", flat=True)),
           "unknown": [10**9]}[ticked]
    with pytest.raises(services.ActionError, match="nothing was moved"):
        services.move_mentions(doc.pk, _version(doc), user, ids, paris.pk)
