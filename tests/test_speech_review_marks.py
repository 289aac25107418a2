"""The review screen marks the speech pass's proposals (anonymizer.speech.heard) as such."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from review.rendering import HEARD_NOTE, mark_html


@pytest.mark.parametrize("sources, marked", [
    ("sounds-like", True),
    ("heard-with-names", True),
    ("presidio+spacy", False),
    ("suspect", False),
])
def test_it_marks_a_name_proposed_from_unsure_speech_with_a_note_to_listen(sources, marked):
    mention = SimpleNamespace(pk=7, label="PERSON", confidence=3, status="pending", origin="auto", entity_id=2,
                              sources=sources, corpus_mark="")
    html = mark_html(mention, "with field")
    assert ("o-heard" in html) is marked and (HEARD_NOTE in html) is marked
    assert html.count('"') % 2 == 0 and ">with field</mark>" in html
