"""Trim or extend a mention; add over a rejected mention; occurrences pre-ticked like names."""
from __future__ import annotations

import pytest

from review import services
from review.models import ReviewStatus

from .test_review_bulk import TEXT, _span, _version, doc, user  # noqa: F401  (fixtures)
from .test_review_views import HX, annotator, client_in, document, url  # noqa: F401  (fixtures)
from .test_review_views import TEXT as VIEW_TEXT


def _mention(doc, needle, nth=0):
    return doc.mentions.get(start=_span(needle, nth)[0])


@pytest.mark.parametrize(("needle", "new", "summary"), [
    ("March 3, 1970", "March 3", "Trimmed “March 3, 1970” to “March 3”"),
    ("Kevin Richardson", "Mr. Kevin Richardson", "Resized"),
])
def test_it_trims_or_extends_a_mention_and_undoes_it(doc, user, needle, new, summary):
    mention = _mention(doc, needle)
    start = TEXT.index(new) if new.startswith("Mr.") else mention.start
    outcome = services.resize_mention(doc.pk, _version(doc), user, mention.pk, start, start + len(new))
    mention.refresh_from_db()
    assert TEXT[mention.start:mention.end] == new and mention.status == ReviewStatus.ACCEPTED
    assert summary in outcome.decision.summary
    services.undo(doc.pk, _version(doc), user)
    mention.refresh_from_db()
    assert TEXT[mention.start:mention.end] == needle and mention.status == ReviewStatus.PENDING


@pytest.mark.parametrize(("start", "end", "message"), [
    (0, 200, "within its line"),  # across lines
    (None, None, "overlap another mention"),  # onto RICHARDSON
])
def test_it_refuses_boundaries_across_lines_or_onto_another_mention(doc, user, start, end, message):
    mention = _mention(doc, "10 a.m.")
    if start is None:
        start, end = TEXT.index("RICHARDSON"), mention.end
    with pytest.raises(services.ActionError, match=message):
        services.resize_mention(doc.pk, _version(doc), user, mention.pk, start, end)


def test_it_adds_text_over_a_rejected_mention_and_undo_brings_it_back(doc, user):
    every = _mention(doc, "March 4, 1971")
    services.set_mention_status(doc.pk, _version(doc), user, every.pk, ReviewStatus.REJECTED)
    start = TEXT.index("March 4")
    outcome = services.add_mentions(doc.pk, _version(doc), user, [(start, start + 7)], "DATE", None)
    assert "replacing 1 rejected" in outcome.decision.summary
    assert not doc.mentions.filter(pk=every.pk).exists()
    services.undo(doc.pk, _version(doc), user)
    assert doc.mentions.get(pk=every.pk).status == ReviewStatus.REJECTED


@pytest.mark.parametrize(("surface", "expected"), [
    ("Little", True), ("little", False), ("Dale Richardson", True), ("Dale richardson", False), ("McDONALD", True),
])
def test_it_recognizes_name_like_capitalisation(surface, expected):
    assert services.name_like(surface) is expected


def test_it_pre_ticks_only_name_like_occurrences_when_adding_a_name(client_in, document):
    # "Modesto" is unmarked once; the lower-case "modesto" added below must not be pre-ticked
    document.text = VIEW_TEXT.replace("with Dale.", "with Dale, modesto.")
    document.save(update_fields=["text"])
    start = document.text.index("Modesto")
    html = client_in.get(url(document, "inspect") + f"?start={start}&end={start + 7}", **HX).content.decode()
    other = document.text.index("modesto")
    tick = html.split(f'value="{other}:{other + 7}"')[1].split(">")[0]
    assert "checked" not in tick
