"""Text a person types (a comment, a send-back, a reason to reopen or to override the leak gate) is
stored without NUL and the other control characters no keyboard types: PostgreSQL refuses NUL in
text and JSON columns, and a comment posted with one was a 500 on the production-like instance."""
from __future__ import annotations

import pytest
from django.urls import reverse

from review import exporting, services
from review.models import Comment, Decision, Document, Export
from tests.test_export import admin, corpus, export_root, make_document, reject, run  # noqa: F401  (fixtures)

pytestmark = pytest.mark.django_db
HOSTILE = "a reason\x00 typed with\x01\x1b[31m a NUL\x7f"
CLEAN = "a reason typed with[31m a NUL"


def _stored(model, field: str) -> list[str]:
    return [value for value in model.objects.values_list(field, flat=True) if value]


def _comment(client, admin, corpus):
    document = make_document(corpus, "h", approved=False)
    client.force_login(admin)
    response = client.post(reverse("review:comment_add", args=[document.pk]), {"body": HOSTILE, "line": 1})
    assert response.status_code == 302
    return _stored(Comment, "body")


def _reopen(client, admin, corpus):
    document = make_document(corpus, "h")
    services.reopen(document.pk, admin, HOSTILE)
    return _stored(Comment, "body") + [d.summary for d in Decision.objects.filter(action="reopen")]


def _override(client, admin, corpus):
    reject(make_document(corpus, "h"), "RICHARDSON", 0)
    export = run(corpus, admin)
    assert export.status == Export.Status.BLOCKED
    exporting.override(export.pk, admin, HOSTILE)
    return _stored(Export, "override_reason") + [str(d.after) for d in Decision.objects.filter(action="export_override")]


@pytest.mark.parametrize("post", [_comment, _reopen, _override], ids=["comment", "reopen", "override"])
def test_it_stores_typed_text_without_control_characters(client, admin, corpus, post):
    stored = post(client, admin, corpus)
    assert stored and all(CLEAN in value for value in stored), stored
    assert not any(c in value for value in stored for c in "\x00\x01\x1b\x7f")


@pytest.mark.parametrize(("value", "kept"), [
    ("line one\nline two\ttabbed\r\n", "line one\nline two\ttabbed\r\n"),  # what a keyboard types stays
    ("Mar\u00eda \u202eZEPOL\u202c", "Mar\u00eda \u202eZEPOL\u202c"),  # so does any printable Unicode
    ("\x00\x08\x0b\x0c\x1f\x7f", ""),
    (None, ""),
], ids=["breaks-and-tabs", "unicode", "controls", "none"])
def test_it_keeps_what_a_keyboard_types(value, kept):
    assert services.typed(value) == kept
