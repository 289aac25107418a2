"""Smaller review-screen defects found with issue #44 ("also found"), each as a class.

* the pseudonymized preview draws no label prefix before a tag (only panel A's mentions have one);
* an action's answer shows the tag of an entity made (or relabelled back) by it, not an empty one;
* back, then an action on the stale page: the answer says the page was out of date, not that
  someone else changed the document, when nobody else did.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from review import services
from review.models import Document, Entity

from .test_review_views import HX, annotator, client_in, document, span, url  # noqa: F401  (fixtures)

CSS = Path(__file__).resolve().parent.parent / "static" / "css" / "app.css"


def test_it_draws_label_prefixes_only_on_panel_a_mentions_never_in_the_preview():
    rules = re.findall(r"([^{}]*::before)\s*\{[^}]*content:\s*\"[^\"]*\"", CSS.read_text())
    prefixes = [selector.strip() for rule in rules for selector in rule.split(",") if re.search(r"\.L[A-Z_]+::before", selector)]
    assert prefixes, "label prefixes are drawn somewhere"
    assert all(selector.startswith("mark.m[id].L") for selector in prefixes), prefixes  # preview marks have no id


def _row_tag(html: str, entity_id: int) -> str:
    found = re.search(rf'data-tag-of="{entity_id}">([^<]*)<', html)
    assert found, f"no row for entity {entity_id}"
    return found.group(1)


@pytest.mark.parametrize("step", ["add", "relabel-undo"])
def test_it_answers_an_action_with_the_tag_of_the_entity_it_made_or_relabelled_back(client_in, document, step):
    client_in.get(url(document, "tags"))  # the page fetched its tags: the cache holds them for this version
    if step == "add":
        start, end = span("Modesto")
        response = client_in.post(url(document, "add_mentions"), {
            "version": document.version, "span": f"{start}:{end}", "label": "LOCATION"}, **HX)
        entity = Entity.objects.get(document=document, name="Modesto")
    else:
        entity = Entity.objects.get(document=document, name="Dale Richardson")
        client_in.post(url(document, "entity_action", entity.pk, "relabel"),
                       {"version": document.version, "label": "LOCATION", "inspect": f"e:{entity.pk}"}, **HX)
        client_in.get(url(document, "tags"))
        version = Document.objects.get(pk=document.pk).version
        response = client_in.post(url(document, "undo"), {"version": version, "inspect": f"e:{entity.pk}"}, **HX)
        entity.refresh_from_db()
        assert entity.label == "PERSON"
    assert response.status_code == 200
    tag = _row_tag(response.content.decode(), entity.pk)
    assert tag.startswith("[" + ("LOCATION" if step == "add" else "PERSON")) or tag.startswith("[CITY"), tag
