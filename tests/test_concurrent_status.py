"""Status actions of several reviewers on one document commute: an entity's accept or reject, and the
undo of a status decision, apply over others' status decisions on other mentions (a stale but
compatible version), as a mention's accept or reject always did; they still conflict on the same
mentions, and after anything that is no status decision."""
from __future__ import annotations

import pytest

from anonymizer.types import Analysis, Entity, Mention, Transcript
from review import services
from review.models import Corpus, Document, ReviewStatus
from tests.textspans import nth_span

TEXT = "PRESIDING COMMISSIONER RUFF: Mr. Kevin Richardson lives in Fresno.\nINMATE RICHARDSON: Yes, Fresno.\n"
ENTITIES = (Entity(0, "PERSON", "PERSON", "RUFF"), Entity(1, "PERSON", "PERSON", "Kevin Richardson"),
            Entity(2, "LOCATION", "CITY", "Fresno"))
MENTIONS = (
    Mention(*nth_span(TEXT, "RUFF"), "PERSON", ("rule",), confidence=1, entity=0),
    Mention(*nth_span(TEXT, "Kevin Richardson"), "PERSON", ("spacy",), entity=1),
    Mention(*nth_span(TEXT, "Fresno"), "LOCATION", ("spacy",), entity=2),
    Mention(*nth_span(TEXT, "RICHARDSON"), "PERSON", ("rule",), confidence=1, entity=1),
    Mention(*nth_span(TEXT, "Fresno", 1), "LOCATION", ("spacy",), entity=2),
)


@pytest.fixture
def world(django_user_model):
    corpus = Corpus.objects.create(name="c")
    document = Document.objects.create(corpus=corpus, title="h", original_name="h.txt", original=TEXT.encode())
    services.apply_analysis(document, Analysis(Transcript(name="h.txt", text=TEXT), MENTIONS, ENTITIES))
    document.refresh_from_db()
    users = [django_user_model.objects.create_user(name, password="a-long-test-password") for name in ("ann", "bob")]
    return document, users


def _entity(document, name):
    return document.entities.get(name=name).pk


def _mention(document, surface):
    return document.mentions.get(start=nth_span(TEXT, surface)[0]).pk


def _do(document, user, step: str, version: int):
    """One action from the table: ``accept-mention:RUFF``, ``reject-entity:Fresno``, ``relabel-entity:RUFF``,
    ``merge-entity:RUFF``, ``undo``."""
    kind, _, target = step.partition(":")
    pk = document.pk
    if kind == "undo":
        return services.undo(pk, version, user)
    if kind == "relabel-entity":
        return services.relabel_entity(pk, version, user, _entity(document, target), "LOCATION")
    if kind == "merge-entity":
        return services.merge_entities(pk, version, user, _entity(document, target), _entity(document, "Kevin Richardson"))
    status = ReviewStatus.ACCEPTED if kind.startswith("accept") else ReviewStatus.REJECTED
    if kind.endswith("entity"):
        return services.set_entity_status(pk, version, user, _entity(document, target), status)
    return services.set_mention_status(pk, version, user, _mention(document, target), status)


# (ann's steps, each at the version then current; bob's step at the version before ann's last; applied?)
ROWS = [
    (["accept-mention:RUFF"], "accept-entity:Fresno", True),  # another entity's mentions
    (["accept-mention:RUFF"], "reject-entity:Kevin Richardson", True),
    (["reject-entity:Fresno"], "accept-entity:RUFF", True),
    (["accept-mention:Kevin Richardson"], "reject-entity:Kevin Richardson", False),  # one of its mentions
    (["relabel-entity:RUFF"], "accept-entity:Fresno", False),  # no status decision
    (["accept-mention:RUFF", "undo"], "accept-mention:Fresno", True),  # the undo of a status decision
    (["accept-mention:RUFF", "undo"], "accept-entity:Kevin Richardson", True),
    (["accept-mention:RUFF", "undo"], "reject-mention:RUFF", False),  # ... of the same mention
    (["merge-entity:RUFF", "undo"], "accept-mention:Fresno", False),  # the undo of anything else
]


@pytest.mark.django_db
@pytest.mark.parametrize(("ann", "bob", "applied"), ROWS, ids=[f"{'+'.join(a)}|{b}" for a, b, _ in ROWS])
def test_it_applies_a_stale_status_action_over_status_decisions_on_other_mentions(world, ann, bob, applied):
    """Seen on the production-like instance: 20 reviewers acting on one document as fast as answered
    had 202 of 223 entity actions and 206 of 234 undos refused (409): an entity's status action and
    every action after anyone's undo conflicted with any status decision on any other mention."""
    document, (first, second) = world
    for step in ann:
        stale = document.version
        document = _do(document, first, step, stale).document
    decisions = document.decisions.count()
    if applied:
        outcome = _do(document, second, bob, stale)
        assert outcome.document.version == document.version + 1 and document.decisions.count() == decisions + 1
    else:
        with pytest.raises(services.Conflict):
            _do(document, second, bob, stale)
        assert document.decisions.count() == decisions


@pytest.mark.django_db
@pytest.mark.parametrize(("ann", "bob", "applied"), [
    (["accept-mention:RUFF"], "accept-mention:Fresno", True),  # another mention since: ann's stale undo applies
    (["accept-entity:RUFF", "accept-entity:RUFF"], "accept-mention:Fresno", True),  # undoes a decision that changed nothing
    (["accept-mention:RUFF"], "reject-mention:RUFF", False),  # the mention ann's undo puts back
    (["accept-mention:RUFF"], "relabel-entity:Fresno", False),
], ids=["other-mention", "nothing-changed", "same-mention", "relabel"])
def test_it_undoes_a_status_decision_at_a_stale_version_only_over_others_status_decisions(world, ann, bob, applied):
    document, (first, second) = world
    for step in ann:
        document = _do(document, first, step, document.version).document
    stale, decisions = document.version, document.decisions.count()
    document = _do(document, second, bob, stale).document
    if applied:
        _do(document, first, "undo", stale)
        assert document.decisions.filter(action="undo").count() == 1
    else:
        with pytest.raises(services.Conflict):
            _do(document, first, "undo", stale)
        assert document.decisions.count() == decisions + 1
