"""A known name part written another way (a letter typed twice, another ending, a sound-alike beside the
other part: ``anonymizer.normalize.sound_alike``) is the same person's name; a letter spelled alone that names a
lettered record item ("Exhibit A" ... "a as in Alpha": ``anonymizer.detect.document.drop_item_letters``) is no
one's name. Whole passes over short invented hearings, positives and negatives."""
from __future__ import annotations

import pytest

from anonymizer.ingest import load_bytes

OPENING = ("PRESIDING COMMISSIONER SMITH: We are on the record in the hearing of Mr. Daniel Kowalski.\n"
           "INMATE KOWALSKI: Yes, ma'am.\n")


def masked(pipeline, body: str) -> tuple[str, list[tuple[str, str]]]:
    text = OPENING + body
    analysis = pipeline.run(load_bytes(text.encode(), "h.txt"))
    said = analysis.transcript.text
    return said, [(m.label, said[m.start:m.end]) for m in analysis.mentions]


def entity_of(pipeline, body: str, word: str) -> tuple[int | None, int | None]:
    """The entity of ``word``'s PERSON mention in ``body`` and that of the opening's "Daniel Kowalski"."""
    text = OPENING + body
    analysis = pipeline.run(load_bytes(text.encode(), "h.txt"))
    said = analysis.transcript.text
    known = next(m.entity for m in analysis.mentions if said[m.start:m.end] == "Daniel Kowalski")
    at = said.index(word, len(OPENING))
    found = [m.entity for m in analysis.mentions if m.label == "PERSON" and m.start <= at < m.end]
    return (found[0] if found else None), known


@pytest.mark.parametrize(("body", "word", "same"), [
    # a letter typed twice in a known surname: the same person
    ("DEPUTY COMMISSIONER JONES: I asked Kowallski to wait outside.\n", "Kowallski", True),
    ("DEPUTY COMMISSIONER JONES: The report says Mr. Kowalskii kept to himself.\n", "Kowalskii", True),
    # a word that only opens like the name is no one
    ("DEPUTY COMMISSIONER JONES: Kowtowing to them was never his way.\n", "Kowtowing", None),
    # another person of another name stays another person
    ("DEPUTY COMMISSIONER JONES: I asked Mr. Brennan to wait outside.\n", "Brennan", False),
])
def test_it_takes_a_known_name_with_a_letter_typed_twice_for_that_person(pipeline, body, word, same):
    found, known = entity_of(pipeline, body, word)
    assert (None if found is None else found == known) is same


@pytest.mark.parametrize(("body", "letter_masked"), [
    # the letter of a lettered exhibit said nearby is that exhibit's, not a spelled name
    ("DEPUTY COMMISSIONER JONES: Please look at Exhibit A. Is that A, a as in Alpha?\n"
     "INMATE KOWALSKI: Yes, that is the one.\n", False),
    ("DEPUTY COMMISSIONER JONES: Turn to tab C of the packet, C as in Charlie.\n", False),
])
def test_it_takes_a_spelled_letter_naming_a_record_item_for_no_name(pipeline, body, letter_masked):
    _text, found = masked(pipeline, body)
    spelled = [s for label, s in found if label in ("SPELLED_OUT_ITEM", "SPELLED_NAME") or s in ("Alpha", "Charlie")]
    assert bool(spelled) is letter_masked, found


def test_it_keeps_letters_spelled_one_after_another_as_a_spelled_word(pipeline):
    _text, found = masked(pipeline, "INMATE KOWALSKI: It is K as in King, O as in Oscar, W as in William.\n")
    assert any(label in ("SPELLED_OUT_ITEM", "SPELLED_NAME") for label, _s in found), found
