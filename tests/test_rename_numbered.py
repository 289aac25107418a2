"""A renamed tag never takes the form of a numbered tag (issue 44's probe: a rename could stand as
``[PERSON_1]`` beside ``[PERSON_1_FIRST]`` of someone else, two people under one number): a rename
of the form ``<a computed prefix>_<number>[_...]`` (``PERSON_1``, ``PERSON_1_FIRST``, ``CITY_2``,
``SPELLED_NAME_PERSON_3``) is refused in every tag style; other names are renames as before."""
from __future__ import annotations

import re

import pytest

from anonymizer.pseudonymize.names import numbered_like
from review import registry, services
from review.models import Corpus, Document
from tests.test_review_views import HX, TEXT, build, mention_at, url

pytestmark = pytest.mark.django_db

REFUSED = ["PERSON_1", "person 1", "[PERSON_2]", "PERSON_1_FIRST", "city-1", "SPELLED_NAME_PERSON_3", "ENTITY_4",
           "ZIP_CODE_12", "PRISON_1"]
ALLOWED = ["WITNESS_2B", "PERSON_X", "INMATE", "daughter 1", "PERSON_ONE"]


@pytest.fixture(params=[("parts", False), ("parts", True), ("referent", True)], ids=["parts", "parts-corpus", "referent"])
def document(request, django_user_model):
    style, consistent = request.param
    corpus = Corpus.objects.create(name="Hearings", tag_style=style, consistent_pseudonyms=consistent)
    doc = Document.objects.create(corpus=corpus, title="h", original_name="h.txt", original=TEXT.encode())
    build(doc)
    return doc


@pytest.fixture
def ann(django_user_model):
    return django_user_model.objects.create_user("ann", password="a-long-test-password", is_staff=True)


def _tags(document) -> dict[int, set[str]]:
    """Entity pk -> the tags its mentions show."""
    entities, mentions = registry._rows(document)
    result, used = registry.document_pseudonymized(document, entities, mentions, store=False)
    shown: dict[int, set[str]] = {}
    for replacement, mention in zip(result.replacements, used):
        shown.setdefault(mention.entity_id, set()).update(re.findall(r"\[[A-Z0-9_]+\]", replacement.tag_text))
    return shown


@pytest.mark.parametrize("tag", REFUSED)
def test_it_refuses_a_rename_of_the_form_of_a_numbered_tag(document, ann, tag):
    dale = mention_at(document, "Dale Richardson").entity
    with pytest.raises(services.ActionError, match="numbered tag"):
        services.rename_tag(document.pk, document.version, ann, dale.pk, tag)
    dale.refresh_from_db()
    assert dale.tag == ""


@pytest.mark.parametrize("tag", ALLOWED)
def test_it_renames_with_any_other_name_and_no_tag_is_shared_by_two_entities(document, ann, tag):
    dale = mention_at(document, "Dale Richardson").entity
    services.rename_tag(document.pk, document.version, ann, dale.pk, tag)
    dale.refresh_from_db()
    assert dale.tag
    base = dale.tag[1:-1]
    shown = {t for tags in _tags(Document.objects.get(pk=document.pk)).values() for t in tags}
    assert any(t[1:-1].startswith(base) for t in shown)  # the rename shows
    # no computed, numbered tag is the rename or the rename with a part's suffix, whoever has it
    assert not [t for t in shown if numbered_like(t) and (t[1:-1] == base or t[1:-1].startswith(base + "_"))]

def test_it_answers_a_refused_rename_on_the_review_screen_with_its_reason(client, document, ann):
    client.force_login(ann)
    dale = mention_at(document, "Dale Richardson").entity
    response = client.post(url(document, "entity_action", dale.pk, "rename"),
                           {"version": document.version, "tag": "PERSON_1"}, **HX)
    assert response.status_code == 422 and "numbered tag" in response.content.decode()
    dale.refresh_from_db()
    assert dale.tag == ""
