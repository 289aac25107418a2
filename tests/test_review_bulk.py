"""Bulk confirmation: accept pending under a filter, reading progress and accept the rest."""
import pytest

from anonymizer.types import Entity, Mention
from review import services
from review.constants import Action
from review.models import Decision, ReviewStatus
from tests.conftest import analysed_document
from tests.textspans import nth_span

TEXT = ("COMMISSIONER RUFF: Mr. Kevin Richardson was born March 3, 1970.\n"
        "INMATE RICHARDSON: Yes, at 10 a.m. in Fresno.\n"
        "COMMISSIONER RUFF: And Fresno again, March 4, 1971.\n")


def _span(needle: str, nth: int = 0) -> tuple[int, int]:
    return nth_span(TEXT, needle, nth)


ENTITIES = [Entity(0, "PERSON", "PERSON", "Kevin Richardson"), Entity(1, "DATE", "DATE", "March 3, 1970"),
            Entity(2, "TIME", "TIME", "10 a.m."), Entity(3, "LOCATION", "CITY", "Fresno"),
            Entity(4, "DATE", "DATE", "March 4, 1971")]
MENTIONS = [
    Mention(*_span("Kevin Richardson"), "PERSON", ("spacy",), confidence=2, entity=0),
    Mention(*_span("March 3, 1970"), "DATE", ("rule",), confidence=1, entity=1),
    Mention(*_span("RICHARDSON", 0), "PERSON", ("rule",), confidence=1, entity=0),
    Mention(*_span("10 a.m."), "TIME", ("rule",), confidence=1, entity=2),
    Mention(*_span("Fresno"), "LOCATION", ("suspect",), confidence=3, entity=3),
    Mention(*_span("Fresno", 1), "LOCATION", ("spacy",), confidence=2, entity=3),
    Mention(*_span("March 4, 1971"), "DATE", ("rule",), confidence=1, entity=4),
]


@pytest.fixture
def doc(db):
    return analysed_document(TEXT, MENTIONS, ENTITIES)


@pytest.fixture
def user(django_user_model):
    return django_user_model.objects.create_user("ann")


def _version(doc) -> int:
    doc.refresh_from_db(fields=["version"])
    return doc.version


def _statuses(doc) -> dict[str, str]:
    return {TEXT[m.start:m.end] + f"@{m.start}": m.status for m in doc.mentions.all()}


def _surfaces(doc, status) -> list[str]:
    return sorted(TEXT[m.start:m.end] for m in doc.mentions.filter(status=status))


@pytest.mark.parametrize(("filters", "accepted"), [
    ({"labels": ["DATE"]}, ["March 3, 1970", "March 4, 1971"]),
    ({"labels": ["DATE", "TIME"]}, ["10 a.m.", "March 3, 1970", "March 4, 1971"]),
    ({"certainties": [3]}, ["Fresno"]),
    ({"sources": ["suspect"]}, ["Fresno"]),
    ({"labels": ["LOCATION"], "certainties": [2]}, ["Fresno"]),
    ({"sources": ["rule"], "certainties": [1]}, ["10 a.m.", "March 3, 1970", "March 4, 1971", "RICHARDSON"]),
])
def test_it_accepts_only_the_pending_mentions_shown_under_a_filter(doc, user, filters, accepted):
    outcome = services.accept_pending(doc.pk, _version(doc), user, **filters, expected=len(accepted))
    assert _surfaces(doc, ReviewStatus.ACCEPTED) == sorted(accepted)
    assert f"Accepted {len(accepted)} pending mentions" in outcome.decision.summary
    assert outcome.decision.action == Action.ACCEPT_PENDING


def test_it_never_overturns_a_decided_mention_in_a_bulk_accept(doc, user):
    first_date = doc.mentions.get(start=_span("March 3, 1970")[0])
    services.set_mention_status(doc.pk, _version(doc), user, first_date.pk, ReviewStatus.REJECTED)
    outcome = services.accept_pending(doc.pk, _version(doc), user, labels=["DATE"])
    first_date.refresh_from_db()
    assert first_date.status == ReviewStatus.REJECTED
    assert "Accepted 1 pending mentions" in outcome.decision.summary


def test_it_refuses_a_bulk_accept_when_the_shown_count_changed(doc, user):
    with pytest.raises(services.ActionError, match="The list changed: 2 pending"):
        services.accept_pending(doc.pk, _version(doc), user, labels=["DATE"], expected=3)
    assert _surfaces(doc, ReviewStatus.ACCEPTED) == []


@pytest.mark.parametrize("bulk", ["filter", "rest"])
def test_it_undoes_a_bulk_accept_in_one_step_with_every_mention_in_its_audit_row(doc, user, bulk):
    if bulk == "filter":
        outcome = services.accept_pending(doc.pk, _version(doc), user, labels=["DATE", "TIME"])
    else:
        services.mark_read(doc.pk, user, 3)
        outcome = services.accept_rest(doc.pk, _version(doc), user)
    changed = {pk for group in outcome.decision.after["mentions"] for pk in group["ids"]}
    assert changed == set(doc.mentions.filter(status=ReviewStatus.ACCEPTED).values_list("pk", flat=True))
    services.undo(doc.pk, _version(doc), user)
    assert _surfaces(doc, ReviewStatus.ACCEPTED) == []


@pytest.mark.parametrize(("read", "allowed"), [(0, False), (2, False), (3, True), (99, True)])
def test_it_offers_accept_the_rest_only_after_every_line_was_read(doc, user, read, allowed):
    services.mark_read(doc.pk, user, read)
    if not allowed:
        with pytest.raises(services.ActionError, match="Read every line first"):
            services.accept_rest(doc.pk, _version(doc), user)
        assert _surfaces(doc, ReviewStatus.ACCEPTED) == []
        return
    outcome = services.accept_rest(doc.pk, _version(doc), user)
    assert len(_surfaces(doc, ReviewStatus.PENDING)) == 0
    assert outcome.decision.action == Action.ACCEPT_REST


def test_it_keeps_the_reading_high_water_mark_per_user(doc, user, django_user_model):
    services.mark_read(doc.pk, user, 3)
    assert services.mark_read(doc.pk, user, 1).lines_read == 3  # never goes back
    other = django_user_model.objects.create_user("other")
    assert services.reading(doc, other).lines_read == 0
    assert Decision.objects.filter(document=doc).count() == 0  # reading is not a decision


@pytest.mark.parametrize(("overturn", "kept", "summary"), [
    (False, ReviewStatus.REJECTED, "1 rejected one by one kept"),
    (True, ReviewStatus.ACCEPTED, "2 of 2 mentions changed"),
])
def test_it_keeps_one_by_one_rejections_when_accepting_an_entity_everywhere(doc, user, overturn, kept, summary):
    rejected = doc.mentions.get(start=_span("RICHARDSON", 0)[0])
    services.set_mention_status(doc.pk, _version(doc), user, rejected.pk, ReviewStatus.REJECTED)
    outcome = services.set_entity_status(doc.pk, _version(doc), user, rejected.entity_id, ReviewStatus.ACCEPTED,
                                         overturn=overturn)
    rejected.refresh_from_db()
    assert rejected.status == kept
    assert summary in outcome.decision.summary
