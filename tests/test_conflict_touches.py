"""An action conflicts only when what it touches changed since the version its client holds: a
comment, a resolve, an assignment or a take changes no mention and no entity, so it is no conflict
for anyone's next action (issue 44's probe: reviewer B holds version V, C accepts a mention (V+1),
A posts a comment, and B's accept of an unrelated mention at V answered 409; without the comment
200). A real conflict (the same mention, a relabel, a merge) is still refused."""
from __future__ import annotations

import pytest

from review import services
from review.models import Corpus, Document, ReviewStatus
from tests.test_review_views import HX, TEXT, build, mention_at, url


@pytest.fixture
def team(django_user_model):
    return [django_user_model.objects.create_user(name, password="a-long-test-password", is_staff=True)
            for name in ("ann", "bob", "cid")]


@pytest.fixture
def document(db, team):
    corpus = Corpus.objects.create(name="Hearings")
    doc = Document.objects.create(corpus=corpus, title="h", original_name="h.txt", original=TEXT.encode())
    build(doc)
    return doc


def _between(document, user, what: str) -> None:
    """What a third person does after C's accept and before B's stale action."""
    if what == "comment":
        services.add_comment(document.pk, user, "Speaker?", offset=TEXT.index("INMATE"))
    elif what == "comment-on-mention":
        services.add_comment(document.pk, user, "Sure?", mention_id=mention_at(document, "Dale Richardson").pk)
    elif what == "comment+resolve":
        comment = services.add_comment(document.pk, user, "Speaker?", offset=0)
        services.resolve_comment(document.pk, user, comment.pk)
    elif what == "assign":
        services.assign([document.pk], user, user)
    elif what == "relabel":  # a change of annotations: still a conflict for B
        version = Document.objects.get(pk=document.pk).version
        services.relabel_entity(document.pk, version, user, mention_at(document, "California").entity_id, "PERSON")


# (what A does in between, what B does at the stale version, on which mention, applied?)
ROWS = [
    ("comment", "accept", "Fresno", True),
    ("comment-on-mention", "accept", "Fresno", True),
    ("comment+resolve", "reject", "Fresno", True),
    ("assign", "accept", "Fresno", True),
    ("comment", "reject", "RUFF", False),  # the mention C decided: a real conflict
    ("relabel", "accept", "Fresno", False),  # not a status decision: a real conflict
]


@pytest.mark.parametrize(("between", "action", "target", "applied"), ROWS, ids=[f"{r[0]}|{r[1]}:{r[2]}" for r in ROWS])
def test_it_refuses_a_stale_action_only_when_what_it_touches_changed(document, team, between, action, target, applied):
    ann, bob, cid = team
    stale = document.version
    services.set_mention_status(document.pk, stale, cid, mention_at(document, "RUFF").pk, ReviewStatus.ACCEPTED)
    _between(document, ann, between)
    mention = mention_at(document, target)
    status = ReviewStatus.ACCEPTED if action == "accept" else ReviewStatus.REJECTED
    if applied:
        outcome = services.set_mention_status(document.pk, stale, bob, mention.pk, status)
        mention.refresh_from_db()
        assert mention.status == status and outcome.document.version == stale + 2
    else:
        with pytest.raises(services.Conflict):
            services.set_mention_status(document.pk, stale, bob, mention.pk, status)


@pytest.mark.parametrize("entity_wide", [False, True])
def test_it_answers_200_not_409_to_a_stale_accept_over_a_comment_on_the_review_screen(client, document, team, entity_wide):
    """The probe's sequence over htmx, for a mention's and for an entity's accept."""
    ann, bob, cid = team
    stale = document.version
    services.set_mention_status(document.pk, stale, cid, mention_at(document, "RUFF").pk, ReviewStatus.ACCEPTED)
    client.force_login(ann)
    assert client.post(url(document, "comment_add"), {"body": "Speaker tag?", "line": "2"}, **HX).status_code == 200
    client.force_login(bob)
    fresno = mention_at(document, "Fresno")
    if entity_wide:
        response = client.post(url(document, "entity_action", fresno.entity_id, "accept"), {"version": stale}, **HX)
    else:
        response = client.post(url(document, "mention_action", fresno.pk, "accept"), {"version": stale}, **HX)
    assert response.status_code == 200
    fresno.refresh_from_db()
    assert fresno.status == ReviewStatus.ACCEPTED
