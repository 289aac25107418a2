"""Comments, the send-back that carries them, landing on the first open one, and the reviewer's diff pages."""
from __future__ import annotations

import pytest

from review import services
from review.constants import Action
from review.models import Comment, Decision, Document
from tests.test_review_views import HX, TEXT, mention_at
from tests.test_workflow import as_user, corpus, new_document, team, url, version  # noqa: F401  (fixtures)

pytestmark = pytest.mark.django_db


@pytest.fixture
def submitted(team, corpus):  # noqa: F811
    doc = new_document(corpus, assignee=team["ann"])
    services.submit(doc.pk, version(doc), team["ann"])
    doc.refresh_from_db()
    return doc


def _send_back(doc, user, comment=""):
    return services.send_back(doc.pk, version(doc), user, comment)


# (comment in the form, open comments already there, sent back?)
SEND_BACK = [("Check Fresno.", 0, True), ("", 1, True), ("   ", 0, False), ("", 0, False)]


@pytest.mark.parametrize("comment, existing, sent", SEND_BACK)
def test_it_sends_back_only_with_at_least_one_comment(submitted, team, comment, existing, sent):
    for _ in range(existing):
        services.add_comment(submitted.pk, team["rita"], "Line 2 speaker?", offset=TEXT.index("INMATE"))
    if sent:
        _send_back(submitted, team["rita"], comment)
        submitted.refresh_from_db()
        assert submitted.status == Document.Status.IN_REVIEW
        assert submitted.review_comment == (comment or "Line 2 speaker?")
        assert Comment.objects.filter(document=submitted, resolved_at__isnull=True).count() == 1
    else:
        with pytest.raises(services.ActionError, match="at least one comment"):
            _send_back(submitted, team["rita"], comment)
        submitted.refresh_from_db()
        assert submitted.status == Document.Status.SUBMITTED and not submitted.review_comment


# (where: a line offset or a mention, the line the comment points at)
WHERE = [("line", TEXT.index("Dale"), 2), ("mention", None, 1)]


@pytest.mark.parametrize("where, offset, line", WHERE)
def test_it_comments_on_a_line_or_a_mention_and_resolves_without_taking_the_version(submitted, team, where, offset,
                                                                                   line):
    mention = mention_at(submitted, "Fresno").pk if where == "mention" else None
    before = version(submitted)
    comment = services.add_comment(submitted.pk, team["rita"], "Is this right?", offset or 0, mention)
    assert comment.offset == (TEXT.index("Fresno") if mention else TEXT.index("INMATE"))
    assert services.comments.line_of(TEXT, comment.offset) == line
    services.resolve_comment(submitted.pk, team["ann"], comment.pk)
    comment.refresh_from_db()
    assert comment.resolved and comment.resolved_by == team["ann"]
    services.resolve_comment(submitted.pk, team["ann"], comment.pk, resolved=False)
    comment.refresh_from_db()
    assert not comment.resolved
    assert version(submitted) == before
    assert list(Decision.objects.filter(document=submitted, action__in=(Action.COMMENT, Action.RESOLVE))
                .order_by("id").values_list("action", flat=True)) == [Action.COMMENT, Action.RESOLVE, Action.RESOLVE]
    assert "Is this right" not in " ".join(Decision.objects.values_list("summary", flat=True))


@pytest.mark.parametrize("body", ["", " ", "x" * 2001])
def test_it_refuses_an_empty_or_overlong_comment(submitted, team, body):
    with pytest.raises(services.ActionError):
        services.add_comment(submitted.pk, team["rita"], body)
    assert not Comment.objects.exists()


# (what the annotator does after the send-back, whether the reviewer is told "without any change")
RESUBMIT = [("nothing", False), ("a change", True), ("a change undone", False)]


@pytest.mark.parametrize("work, changed", RESUBMIT)
def test_it_tells_the_reviewer_a_resubmission_has_no_change(client, submitted, team, work, changed):
    _send_back(submitted, team["rita"], "Check Fresno.")
    if work != "nothing":
        services.set_mention_status(submitted.pk, version(submitted), team["ann"],
                                    mention_at(submitted, "Fresno").pk, "rejected")
    if work == "a change undone":
        services.undo(submitted.pk, version(submitted), team["ann"])
    services.submit(submitted.pk, version(submitted), team["ann"])
    submitted.refresh_from_db()
    assert services.resubmitted_unchanged(submitted) is not changed
    page = as_user(client, team["rita"]).get(url("document", submitted.pk)).content.decode()
    assert ('id="resubmitted-unchanged"' in page) is not changed


def test_it_marks_a_sent_back_document_in_the_list_with_its_comment(client, submitted, team, corpus):  # noqa: F811
    other = new_document(corpus, title="other", assignee=team["ann"])
    _send_back(submitted, team["rita"], "Check Fresno on line 2.")
    page = as_user(client, team["ann"]).get(url("documents")).content.decode()
    assert f'id="sent-back-{submitted.pk}"' in page and "Check Fresno on line 2." in page
    assert f'id="sent-back-{other.pk}"' not in page


def test_it_lands_the_annotator_on_the_first_open_comment(client, submitted, team):
    services.add_comment(submitted.pk, team["rita"], "second", offset=TEXT.index("DEPUTY"))
    first = services.add_comment(submitted.pk, team["rita"], "first", 0, mention_at(submitted, "Fresno").pk)
    _send_back(submitted, team["rita"])
    ann = as_user(client, team["ann"])
    response = ann.get(url("document", submitted.pk))
    assert response.status_code == 302
    assert response["Location"] == f"{url('document', submitted.pk)}?m={first.mention_id}&c={first.pk}#m{first.mention_id}"
    # back from an action on the screen, or with a query, the screen stays where it was
    assert ann.get(url("document", submitted.pk), HTTP_REFERER=url("document", submitted.pk)).status_code == 200
    assert ann.get(url("document", submitted.pk) + "?e=1").status_code == 200


@pytest.mark.parametrize("htmx", [True, False])
def test_it_adds_and_resolves_comments_by_htmx_or_plain_post(client, submitted, team, htmx):
    rita = as_user(client, team["rita"])
    extra = HX if htmx else {}
    response = rita.post(url("comment_add", submitted.pk), {"body": "Speaker tag?", "line": "3"}, **extra)
    comment = Comment.objects.get()
    assert services.comments.line_of(TEXT, comment.offset) == 3
    if htmx:
        assert response.status_code == 200 and f'id="comment-{comment.pk}"' in response.content.decode()
    else:
        assert response.status_code == 302 and response["Location"].endswith(f"?c={comment.pk}#l3")
    rita.post(url("comment_resolve", submitted.pk, comment.pk), {"resolved": "1"}, **extra)
    comment.refresh_from_db()
    assert comment.resolved
    bad = rita.post(url("comment_add", submitted.pk), {"body": ""}, **extra)
    assert bad.status_code == (422 if htmx else 302) and Comment.objects.count() == 1


def test_it_refuses_comments_from_someone_who_cannot_see_the_document(client, submitted, team):
    bob = as_user(client, team["bob"])
    assert bob.post(url("comment_add", submitted.pk), {"body": "hi"}).status_code in (403, 404)
    assert not Comment.objects.exists()


@pytest.mark.parametrize("htmx", [True, False])
def test_it_shows_the_changes_on_the_screen_and_on_a_printable_page(client, submitted, team, htmx):
    rita = as_user(client, team["rita"])
    fresno = mention_at(submitted, "Fresno")
    services.set_mention_status(submitted.pk, version(submitted), team["ann"], fresno.pk, "rejected")
    response = rita.get(url("changes", submitted.pk), **(HX if htmx else {}))
    page = response.content.decode()
    assert response.status_code == 200 and page.count('data-kind="rejected"') == 1
    assert f'?m={fresno.pk}#m{fresno.pk}' in page and "lives in <mark" in page and "ann" in page
    assert ("<html" in page) is not htmx
    bulk = rita.get(url("changes", submitted.pk) + "?changes=bulk").content.decode()
    assert 'data-kind="rejected"' not in bulk


@pytest.mark.parametrize("comments", [0, 1, 2])
def test_it_says_an_approval_leaves_the_open_comments_open(client, submitted, team, comments):
    """A reviewer approved with their own "must be masked" comment still open and nothing said so."""
    for n in range(comments):
        services.add_comment(submitted.pk, team["rita"], f"Check line {n + 1}.", offset=0)
    page = as_user(client, team["rita"]).get(url("document", submitted.pk)).content.decode()
    assert ('id="open-on-approve"' in page) is bool(comments)
    outcome = services.approve(submitted.pk, version(submitted), team["rita"],
                               acknowledged=services.unseen_count(submitted) or None)
    assert (f"; {comments} comment(s) left open" in outcome.decision.summary) is bool(comments)


def test_it_marks_a_document_awaiting_the_second_look_with_its_open_comments(client, submitted, team, corpus):  # noqa: F811
    """The reviewer's list did not say which documents came back with comments still open."""
    other = new_document(corpus, title="other", assignee=team["ann"])
    services.submit(other.pk, version(other), team["ann"])
    services.add_comment(submitted.pk, team["rita"], "Check Fresno.", offset=0)
    page = as_user(client, team["rita"]).get(url("documents")).content.decode()
    assert f'id="open-comments-{submitted.pk}"' in page and "1 open comment<" in page
    assert f'id="open-comments-{other.pk}"' not in page
