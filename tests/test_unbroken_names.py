"""A name cut by characters a reader does not see (a soft hyphen, zero-width characters) or by a
hyphen at a line's end is masked whole: nothing of it stays in the pseudonymized text."""
from __future__ import annotations

import pytest

from anonymizer.ingest import load_bytes
from anonymizer.leakgate.text import Unmasked
from anonymizer.pseudonymize import pseudonymize
from anonymizer.unbroken import read, through, view

HEARING = (
    "PRESIDING COMMISSIONER SMITH: Good morning. Please state your name for the record.\n"
    "INMATE {name}: My name is {name}.\n"
    "PRESIDING COMMISSIONER SMITH: Thank you. Who else is here today?\n"
    "ATTORNEY JONES: I am here with {name}. We talked with {name} yesterday.\n"
)
#: the victim's name broken over two lines of her utterance, said whole in the next one
BROKEN_LINE = (
    "PRESIDING COMMISSIONER SMITH: Good morning. The victim in this case was {first} {head}-\n"
    "{tail} and she was hurt badly. Is that right?\n"
    "INMATE ROBERTO GONZALEZ: Yes, {first} {head}{tail} was hurt.\n"
)

HIDDEN = [
    # name as written, the pieces a reader would read as the name
    ("Rob\u00aderto Alvarez", ["Rob", "erto", "Alvarez"]),
    ("Roberto Gon\u00adzalez", ["Roberto", "Gon", "zalez"]),
    ("Rob\u200berto Alvarez", ["Rob", "erto", "Alvarez"]),
    ("Roberto Alva\u200drez", ["Roberto", "Alva", "rez"]),
    ("Roberto Alv\u2060arez", ["Roberto", "Alv", "arez"]),
    ("Rober\u00ad\u200bto Men\ufeffdoza", ["Rober", "Men", "doza"]),
    ("Ro\u200cberto Gonzalez", ["berto", "Gonzalez"]),
]

BROKEN = [
    ("Maria", "Alva", "rez"),
    ("Maria", "Gonz", "alez"),
    ("Teresa", "Hernan", "dez"),
]


def _left(output: str, pieces: list[str]) -> list[str]:
    """The pieces of the name still in ``output`` read as a reader sees it."""
    shown = Unmasked(output).text.lower()
    return [piece for piece in pieces if len(piece) >= 3 and piece.lower() in shown]


@pytest.mark.parametrize("name,pieces", HIDDEN)
def test_it_masks_a_name_cut_by_hidden_characters_whole(pipeline, name, pieces):
    text = HEARING.format(name=name)
    analysis = pipeline.run(load_bytes(text.encode(), "hearing.txt"))
    out = pseudonymize(analysis.transcript.text, analysis.mentions, analysis.entities).text
    assert _left(out, pieces) == []
    assert out.count("[PERSON_") >= 8  # the name is tagged, four times, two parts each
    assert "][" not in Unmasked(out).text  # one word, one tag: not two tags around the break


@pytest.mark.parametrize("first,head,tail", BROKEN)
def test_it_masks_a_name_broken_by_a_hyphen_at_a_lines_end_whole(pipeline, first, head, tail):
    text = BROKEN_LINE.format(first=first, head=head, tail=tail)
    analysis = pipeline.run(load_bytes(text.encode(), "hearing.txt"))
    out = pseudonymize(analysis.transcript.text, analysis.mentions, analysis.entities).text
    assert _left(out, [first, head, tail, head + tail]) == []
    assert "hurt badly" in out  # the rest of the line is kept


@pytest.mark.parametrize("text,read_as", [
    ("Rob\u00aderto", "Roberto"),
    ("Alva-\nrez and", "Alvarez and"),
    ("Alva- \n  rez", "Alvarez"),
    ("well-\nknown", "well-\nknown"),  # not a capitalized word: a hyphen kept
    ("ALVA-\nREZ", "ALVA-\nREZ"),  # the next line in capitals: a new line
    ("Alva-\nRez", "Alva-\nRez"),
    ("no breaks here", "no breaks here"),
    # a space a converter put after the apostrophe of a possessive or a contraction
    ("St. Brendan' s church", "St. Brendan's church"),
    ("we' re here, that' s all, I' ll go, don' t, I' m, we' ve, I' d", "we're here, that's all, I'll go, don't, I'm, we've, I'd"),
    ("Ms. Ortolan’ s house", "Ms. Ortolan’s house"),
    ("the girls' sport", "the girls' sport"),  # a plural's possessive before a word: kept apart
    ("the students' re-enrolment", "the students' re-enrolment"),
    ("Jones' saw", "Jones' saw"),
    ("' s alone", "' s alone"),  # no word before the apostrophe
])
def test_it_reads_a_word_without_its_unseen_breaks(text, read_as):
    assert read(text) == read_as
    shown = view(text)
    assert (shown is None) == (text == read_as)
    if shown is not None:  # every character of the view stands for the same character of the text
        assert all(text[o] == c for c, o in zip(shown.text, shown.origin))


@pytest.mark.parametrize("said", [
    "I'm the rector of St. Brendan' s, and I have been here for years.",
    "My daughter goes to St. Brendan' s school now.",
])
def test_it_masks_a_possessive_name_written_with_a_space_after_its_apostrophe_whole(pipeline, said):
    text = f"MS. ORTOLAN: Good morning.\nMS. ORTOLAN: {said}\n"
    analysis = pipeline.run(load_bytes(text.encode(), "hearing.txt"))
    out = pseudonymize(analysis.transcript.text, analysis.mentions, analysis.entities).text
    assert "Brendan" not in out and "' s" not in out


def test_it_maps_a_view_through_another_views_offsets():
    from anonymizer.pdf.reflow import View

    text = "12  Rob\u00adto"
    outer = View(text[4:], tuple(range(4, len(text))))
    joined = through(text, outer)
    assert joined.text == "Robto"
    assert joined.span(0, 5) == (4, len(text))
