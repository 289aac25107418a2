"""An entity-wide decision is reversed by the opposite entity-wide decision; only decisions taken
mention by mention are kept, and the summary says how many and on which lines (issue 44, item 4)."""
import pytest

from review import services
from review.models import ReviewStatus
from tests.test_review_bulk import TEXT, _span, _version, doc, user  # noqa: F401  (fixtures)

A, R = ReviewStatus.ACCEPTED, ReviewStatus.REJECTED


def _fresno(doc):
    return doc.mentions.get(start=_span("Fresno")[0]).entity_id


def _statuses(doc, entity):
    return sorted(doc.mentions.filter(entity_id=entity).values_list("status", flat=True))


@pytest.mark.parametrize(("first", "then", "summary"), [
    (A, R, "2 of 2 mentions changed; 2 accepted before reversed"),
    (R, A, "2 of 2 mentions changed; 2 rejected before reversed"),
])
def test_it_reverses_an_entity_wide_decision_by_the_opposite_one(doc, user, first, then, summary):
    entity = _fresno(doc)
    services.set_entity_status(doc.pk, _version(doc), user, entity, first)
    outcome = services.set_entity_status(doc.pk, _version(doc), user, entity, then)
    assert _statuses(doc, entity) == [then, then]
    assert summary in outcome.decision.summary
    assert "kept" not in outcome.decision.summary


@pytest.mark.parametrize("bulk", ["pending", "rest"])
def test_it_reverses_a_bulk_accept_by_an_entity_wide_reject(doc, user, bulk):
    entity = _fresno(doc)
    if bulk == "pending":
        services.accept_pending(doc.pk, _version(doc), user, labels=["LOCATION"])
    else:
        services.mark_read(doc.pk, user, 99)
        services.accept_rest(doc.pk, _version(doc), user)
    outcome = services.set_entity_status(doc.pk, _version(doc), user, entity, R)
    assert _statuses(doc, entity) == [R, R]
    assert "2 of 2 mentions changed" in outcome.decision.summary


def test_it_keeps_a_mention_decided_one_by_one_and_names_its_line(doc, user):
    entity = _fresno(doc)
    second = doc.mentions.get(start=_span("Fresno", 1)[0])
    services.set_entity_status(doc.pk, _version(doc), user, entity, A)
    services.set_mention_status(doc.pk, _version(doc), user, second.pk, A)  # decided again, one by one
    outcome = services.set_entity_status(doc.pk, _version(doc), user, entity, R)
    second.refresh_from_db()
    assert second.status == A
    assert "1 of 2 mentions changed; 1 accepted before reversed; 1 accepted one by one kept, on line 3" \
        in outcome.decision.summary


def test_it_reverses_again_once_the_one_by_one_decision_is_undone(doc, user):
    entity = _fresno(doc)
    second = doc.mentions.get(start=_span("Fresno", 1)[0])
    services.set_entity_status(doc.pk, _version(doc), user, entity, R)
    services.set_mention_status(doc.pk, _version(doc), user, second.pk, A)
    services.undo(doc.pk, _version(doc), user)  # back to the entity-wide reject
    services.set_entity_status(doc.pk, _version(doc), user, entity, A)
    assert _statuses(doc, entity) == [A, A]
