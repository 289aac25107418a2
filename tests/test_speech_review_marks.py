"""The review screen marks the speech pass's proposals (anonymizer.speech.heard) as such."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from review.rendering import CUE_NOTE, HEARD_NOTE, SPELLED_NOTE, SPOKEN_NOTE, mark_html


@pytest.mark.parametrize("sources, note", [
    ("sounds-like", HEARD_NOTE),
    ("heard-with-names", HEARD_NOTE),
    ("spacy+spoken-number", SPOKEN_NOTE),
    ("spelled-run", SPELLED_NOTE),
    ("spelled-words", SPELLED_NOTE),
    ("after-cue", CUE_NOTE),
    ("presidio+spacy", None),
    ("suspect", None),
])
def test_it_marks_a_proposal_from_speech_with_a_note_to_listen(sources, note):
    mention = SimpleNamespace(pk=7, label="PERSON", confidence=3, status="pending", origin="auto", entity_id=2,
                              sources=sources, corpus_mark="")
    html = mark_html(mention, "with field")
    assert ("o-heard" in html) is (note is not None)
    assert all((text in html) is (text == note) for text in (HEARD_NOTE, SPOKEN_NOTE, SPELLED_NOTE, CUE_NOTE))
    assert html.count('"') % 2 == 0 and ">with field</mark>" in html
