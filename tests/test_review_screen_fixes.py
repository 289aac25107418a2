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


@pytest.mark.parametrize(("others", "undone", "message"), [
    (False, True, "Undid"),  # only this user's own actions since the page was shown: undo applies
    (True, False, "Someone else changed this document"),  # another person acted meanwhile: a real conflict
])
def test_it_undoes_from_a_page_left_behind_by_ones_own_actions(client_in, document, annotator, django_user_model,
                                                               others, undone, message):
    shown = document.version  # the page as the browser shows it after going back
    ruff = document.mentions.order_by("start").first()
    client_in.post(url(document, "mention_action", ruff.pk, "accept"), {"version": shown}, **HX)
    if others:
        boss = django_user_model.objects.create_user("boss", password="a-long-test-password", is_staff=True)
        other = document.mentions.order_by("start")[1]
        services.set_mention_status(document.pk, Document.objects.get(pk=document.pk).version, boss, other.pk, "rejected")
    response = client_in.post(url(document, "undo"), {"version": shown}, follow=True)
    ruff.refresh_from_db()
    assert (ruff.status == "pending") == undone
    assert message in response.content.decode()


def test_it_says_a_page_was_left_behind_not_that_someone_else_changed_it(client_in, document):
    shown = document.version
    first, second = document.mentions.order_by("start")[:2]
    client_in.post(url(document, "entity_action", first.entity_id, "relabel"), {"version": shown, "label": "LOCATION"})
    response = client_in.post(url(document, "mention_action", second.pk, "reject"), {"version": shown}, follow=True)
    page = response.content.decode()
    assert "This page was out of date: you changed the document" in page and "Someone else" not in page


LINE = "PRESIDING COMMISSIONER RUFF: Mr. Kevin Richardson was born March 3, 1970.\nINMATE: Yes."


@pytest.mark.parametrize(("surface", "steps"), [
    ("Mr. Kevin Richardson", {"extend_start": "RUFF: Mr. Kevin Richardson", "trim_start": "Kevin Richardson",
                              "trim_end": "Mr. Kevin", "extend_end": "Mr. Kevin Richardson was"}),
    ("Kevin", {"extend_start": "Mr. Kevin", "trim_start": None, "trim_end": None, "extend_end": "Kevin Richardson"}),
    ("1970", {"extend_start": "3, 1970", "trim_start": None, "trim_end": None, "extend_end": None}),  # not past the line
    ("PRESIDING", {"extend_start": None, "trim_start": None, "trim_end": None, "extend_end": "PRESIDING COMMISSIONER"}),
])
def test_it_steps_boundaries_a_word_at_a_time_within_the_line(surface, steps):
    start = LINE.index(surface)
    found = services.word_steps(LINE, start, start + len(surface))
    assert {k: (LINE[v[0]:v[1]] if v else None) for k, v in found.items()} == steps


def test_it_offers_word_level_handles_not_character_offsets(client_in, document):
    mention = document.mentions.get(start=span("Kevin Richardson")[0])
    html = client_in.get(url(document, "document") + f"?m={mention.pk}").content.decode()
    editor = html.split('id="boundaries"')[1].split("</div>\n</div>")[0]
    assert 'type="number"' not in editor  # no raw offsets to type
    for handle in ("extend-start", "trim-start", "trim-end", "extend-end"):
        assert f'id="resize-{handle}"' in editor
    assert "Extend by the word before: “Mr. Kevin Richardson”" in editor
    start, end = span("Mr. Kevin Richardson")
    response = client_in.post(url(document, "mention_action", mention.pk, "resize"),
                              {"version": document.version, "start": start, "end": end})  # the handle, a plain post
    mention.refresh_from_db()
    assert response.status_code == 302 and (mention.start, mention.end) == (start, end)
