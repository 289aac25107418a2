"""Every URL of review/urls.py × every role, with the expected status code (the permission matrix).

The URL list comes from the resolver: a new URL without an entry in MATRIX fails
``test_it_checks_every_url_for_every_role``. A refused POST must leave no trace (no decision,
no new version).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import pytest
from django.conf import settings
from django.shortcuts import resolve_url
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from review import services
from review.models import Corpus, Decision, Document, Export, UserAudit
from review.permissions import reviewer_group
from tests.test_review_views import HX, build, span

ROLES = ("anonymous", "owner", "other", "reviewer", "admin")
LOGIN = "login"  # anonymous users are sent to the login page


def codes(owner, other, reviewer, admin) -> dict[str, int | str]:
    return {"anonymous": LOGIN, "owner": owner, "other": other, "reviewer": reviewer, "admin": admin}


ADMIN_ONLY = codes(403, 403, 403, 200)
NOBODY = codes(403, 403, 403, 403)


@dataclass(frozen=True)
class Case:
    state: str | None  # which document: "open" (in review, assigned to owner) or "submitted" (marked done by owner)
    expected: dict[str, int | str]
    method: str = "get"
    args: Callable = lambda w, d: [d.pk]  # noqa: E731 - URL arguments from the world and the document
    data: Callable = lambda w, d: {}  # noqa: E731
    htmx: bool = False
    extra: dict = field(default_factory=dict)


def _version(w, d):
    return {"version": d.version}


def _mention(w, d):
    return [d.pk, d.mentions.order_by("start").first().pk, "accept"]


def _entity(w, d):
    return [d.pk, d.entities.order_by("order").first().pk, "accept"]


VIEW = {"open": codes(200, 403, 403, 200), "submitted": codes(200, 403, 200, 200)}
EDIT = {"open": codes(200, 403, 403, 200), "submitted": codes(403, 403, 200, 200)}


def _view(htmx: bool = False) -> list[Case]:
    return [Case(state, VIEW[state], htmx=htmx) for state in VIEW]


def _edit(args=lambda w, d: [d.pk], data=lambda w, d: {}, expected=EDIT) -> list[Case]:
    return [
        Case(state, expected[state], "post", args, lambda w, d, data=data: {**_version(w, d), **data(w, d)}, htmx=True)
        for state in expected
    ]


MATRIX: dict[str, list[Case]] = {
    "documents": [Case(None, codes(200, 200, 200, 200), args=lambda w, d: [])],
    "take_next_section": [Case(None, codes(200, 200, 200, 200), args=lambda w, d: [])],
    "upload": [Case(None, ADMIN_ONLY, args=lambda w, d: [])],
    "document": _view(),
    "inspect": _view(htmx=True),
    "preview": _view(htmx=True),
    "entity_list": _view(htmx=True),
    "tags": _view(),
    "document_row": _view(),
    "add_mentions": _edit(data=lambda w, d: {"span": "{}:{}".format(*span("Modesto")), "label": "LOCATION"}),
    "mention_action": _edit(args=_mention),
    "entity_action": _edit(args=_entity),
    "whitelist": _edit(data=lambda w, d: {"term": "California", "confirm": "1"}),
    # allowed, but every mention is decided: nothing to accept, 422
    "accept_pending": _edit(data=lambda w, d: {"confirm": "1"},
                            expected={"open": codes(422, 403, 403, 422), "submitted": codes(403, 403, 422, 422)}),
    # allowed, but nobody has read every line yet: 422
    "accept_rest": _edit(data=lambda w, d: {"confirm": "1"},
                         expected={"open": codes(422, 403, 403, 422), "submitted": codes(403, 403, 422, 422)}),
    "read": _edit(data=lambda w, d: {"line": "1"}),
    # allowed, but nobody has anything to undo yet: 422
    "undo": _edit(expected={"open": codes(422, 403, 403, 422), "submitted": codes(403, 403, 422, 422)}),
    "submit": _edit(expected={"open": codes(200, 403, 403, 200), "submitted": NOBODY}),
    # four-eyes: the owner submitted the document and may not approve it, even as a reviewer
    "approve": _edit(expected={"open": NOBODY, "submitted": codes(403, 403, 200, 200)}),
    "send_back": _edit(data=lambda w, d: {"comment": "Check the dates."},
                       expected={"open": NOBODY, "submitted": codes(403, 403, 200, 200)}),
    "rerun": [Case("open", codes(403, 403, 403, 302), "post")],
    "retry": [Case("open", codes(403, 403, 403, 302), "post")],
    "assign": [Case("open", codes(403, 403, 403, 302), "post", lambda w, d: [],
                    lambda w, d: {"documents": [d.pk], "assignee": w["other"].pk})],
    "corpora": [Case(None, ADMIN_ONLY, args=lambda w, d: [])],
    "corpus_new": [Case(None, ADMIN_ONLY, args=lambda w, d: [])],
    "corpus_edit": [Case(None, ADMIN_ONLY, args=lambda w, d: [w["corpus"].pk])],
    "whitelist_export": [Case(None, ADMIN_ONLY, args=lambda w, d: [w["corpus"].pk])],
    # no file posted: 302 back to the corpus form with an error
    "whitelist_import": [Case(None, codes(403, 403, 403, 302), "post", lambda w, d: [w["corpus"].pk])],
    "dashboard": [Case(None, ADMIN_ONLY, args=lambda w, d: [w["corpus"].pk])],
    "dashboard_times": [Case(None, ADMIN_ONLY, args=lambda w, d: [w["corpus"].pk])],
    "quality_json": [Case(None, ADMIN_ONLY, args=lambda w, d: [w["corpus"].pk])],
    # anyone signed in may take the next unassigned document: 302 to it (or back to the list)
    "take_next": [Case(None, codes(302, 302, 302, 302), "post", lambda w, d: [w["corpus"].pk])],
    # exports (review/views/exports.py): admins only; the admin's download is 404 here (no archive file)
    "exports": [Case(None, ADMIN_ONLY, args=lambda w, d: [])],
    "export": [Case(None, ADMIN_ONLY, args=lambda w, d: [w["corpus"].pk])],
    "export_start": [Case(None, codes(403, 403, 403, 302), "post", lambda w, d: [w["corpus"].pk])],
    "export_row": [Case(None, ADMIN_ONLY, args=lambda w, d: [w["export"].pk])],
    "export_override": [Case(None, codes(403, 403, 403, 302), "post", lambda w, d: [w["export"].pk],
                             lambda w, d: {"reason": "checked by hand"})],
    "export_download": [Case(None, codes(403, 403, 403, 404), args=lambda w, d: [w["export"].pk, "archive"])],
    # reopening from a blocked export's finding (the world's export has no such document: 404 for the admin)
    "export_reopen": [Case(None, codes(403, 403, 403, 404), "post", lambda w, d: [w["export"].pk, d.pk],
                           lambda w, d: {"reason": "a finding on line 3"})],
    "export_residual": [Case(None, ADMIN_ONLY, args=lambda w, d: [w["corpus"].pk])],
}


# corpus knowledge (review/views/knowledge.py): the admin page and curation; the screen's corpus
# actions follow the edit rule (htmx: 200 with a client redirect); no learned entry exists here: 404
MATRIX.update({
    "knowledge": [Case(None, ADMIN_ONLY, args=lambda w, d: [w["corpus"].pk])],
    "knowledge_change": [Case(None, codes(403, 403, 403, 404), "post", lambda w, d: [w["corpus"].pk, 999999],
                              lambda w, d: {"op": "remove"})],
    "rerun_pass": [Case(None, codes(403, 403, 403, 302), "post", lambda w, d: [w["corpus"].pk])],
    "corpus_action": _edit(args=lambda w, d: [d.pk, "accept-known"]),
})

# a recording's sound (review/views/audio.py): the review screen's rule; the world's documents are texts,
# so whoever passes the guard gets 404 (tests/test_speech_app.py hears a recording role by role)
HEARD = {state: {role: 404 if code == 200 else code for role, code in VIEW[state].items()} for state in VIEW}
MATRIX.update({
    "recording": [Case(state, HEARD[state]) for state in HEARD],
    "masked_line": [Case(state, HEARD[state], data=lambda w, d: {"line": "1"}) for state in HEARD],
})


def _link(w, d, token=None):
    from django.contrib.auth.tokens import default_token_generator
    from django.utils.http import urlsafe_base64_encode

    return [urlsafe_base64_encode(str(w["other"].pk).encode()), token or default_token_generator.make_token(w["other"])]


# users and roles (review/views/users.py): admins only; a valid one-time link is for whoever holds it
# (302 to the form, the token moved into the session), an invalid one shows "no longer valid"
MATRIX.update({
    "users": [Case(None, ADMIN_ONLY, args=lambda w, d: [])],
    "user_create": [Case(None, ADMIN_ONLY, "post", lambda w, d: [], lambda w, d: {"username": "new", "role": "reviewer"})],
    "user_role": [Case(None, codes(403, 403, 403, 302), "post", lambda w, d: [w["other"].pk], lambda w, d: {"role": "admin"})],
    "user_deactivate": [Case(None, codes(403, 403, 403, 302), "post", lambda w, d: [w["other"].pk])],
    "user_reactivate": [Case(None, codes(403, 403, 403, 302), "post", lambda w, d: [w["inactive"].pk])],
    "user_reset_link": [Case(None, ADMIN_ONLY, "post", lambda w, d: [w["other"].pk])],
    "user_unlock": [Case(None, codes(403, 403, 403, 302), "post", lambda w, d: [w["other"].pk])],
    "user_set_password": [Case(None, dict.fromkeys(ROLES, 302), args=_link),
                          Case(None, dict.fromkeys(ROLES, 200), args=lambda w, d: _link(w, d, "bogus-token"))],
})


# the second look (review/views/diff.py, comments.py, agreement.py): whoever sees the document reads its
# changes and comments on it; double annotation and agreement are for admins
MATRIX.update({
    "changes": _view(),
    "comment_add": [Case(state, VIEW[state], "post", data=lambda w, d: {"body": "Check line 2.", "line": "2"},
                         htmx=True) for state in VIEW],
    "comment_resolve": [Case(state, VIEW[state], "post", lambda w, d: [d.pk, _comment(d)], htmx=True)
                        for state in VIEW],
    "agreement": [Case(None, ADMIN_ONLY, args=lambda w, d: [w["corpus"].pk])],
    "make_twins": [Case(None, codes(403, 403, 403, 302), "post", lambda w, d: [w["corpus"].pk])],
})


def _comment(document) -> int:
    from review.models import Comment

    return Comment.objects.create(document=document, body="Check line 2.").pk


def _users_state():
    from django.contrib.auth import get_user_model

    return UserAudit.objects.count(), list(get_user_model().objects.order_by("pk").values_list(
        "username", "is_active", "is_staff", "password", "groups"))


def url_names(patterns=None, namespace: str = "review") -> list[str]:
    """Every named URL of the review app, read from the resolver (includes followed)."""
    if patterns is None:
        patterns = get_resolver().namespace_dict[namespace][1].url_patterns
    names: list[str] = []
    for p in patterns:
        if isinstance(p, URLResolver):
            names += url_names(p.url_patterns)
        elif isinstance(p, URLPattern) and p.name:
            names.append(p.name)
    return names


def _params():
    for name in url_names():
        cases = MATRIX.get(name) or [None]
        for i, case in enumerate(cases):
            for role in ROLES:
                state = case.state if case else "missing"
                yield pytest.param(name, i, role, id=f"{name}-{state}-{role}")


@pytest.fixture
def world(db, django_user_model, monkeypatch):
    """Two documents of one corpus, both assigned to ``owner``: one in review, one marked done."""
    monkeypatch.setattr("review.jobs.enqueue_analysis", lambda document, asked=False: services.mark_queued(document))
    monkeypatch.setattr("review.jobs.enqueue_export", lambda pk: None, raising=False)
    make = django_user_model.objects.create_user  # no password: hashing is slow and force_login needs none
    w = {
        "owner": make("owner"),
        "other": make("other"),
        "reviewer": make("reviewer"),
        "admin": make("boss", is_staff=True),
        "corpus": Corpus.objects.create(name="Hearings"),
        "inactive": make("gone", is_active=False),
    }
    w["reviewer"].groups.add(reviewer_group())
    for state in ("open", "submitted", "waiting"):
        doc = Document.objects.create(corpus=w["corpus"], title=state, original_name="h.txt", original=b"x",
                                      assignee=None if state == "waiting" else w["owner"])
        build(doc)
        doc.mentions.update(status="accepted")
        doc.refresh_from_db()
        w[state] = doc
    services.submit(w["submitted"].pk, w["submitted"].version, w["owner"])
    w["export"] = Export.objects.create(corpus=w["corpus"], created_by=w["admin"])
    return w


@pytest.mark.parametrize("name, index, role", list(_params()))
def test_it_checks_every_url_for_every_role(client, world, name, index, role):
    assert name in MATRIX, f"URL {name!r} has no entry in the permission matrix"
    case = MATRIX[name][index]
    document = world[case.state] if case.state else world["open"]
    document.refresh_from_db()
    if role != "anonymous":
        client.force_login(world[role])
    target = reverse(f"review:{name}", args=case.args(world, document))
    before = (Decision.objects.count(), list(Document.objects.order_by("pk").values_list("version", flat=True)),
              _users_state())
    headers = HX if case.htmx else {}
    response = getattr(client, case.method)(target, case.data(world, document), **headers)

    expected = case.expected[role]
    if expected == LOGIN:
        assert response.status_code == 302
        assert response["Location"].startswith(resolve_url(settings.LOGIN_URL))
    else:
        assert response.status_code == expected, response.content[:300]
    if expected in (403, 422, LOGIN) and case.method == "post":
        after = (Decision.objects.count(), list(Document.objects.order_by("pk").values_list("version", flat=True)),
                 _users_state())
        assert after == before, "a refused request changed something"


def test_it_has_no_matrix_entry_for_a_url_that_does_not_exist():
    assert set(MATRIX) <= set(url_names())
