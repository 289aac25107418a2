"""Text in a transcript written like the export's tags (``[PERSON_1]``, ``[MONTH]``) is left alone by
the pass, not labelled a URL or a person; a real name in brackets or beside such a tag is still found."""
from __future__ import annotations

import pytest

from anonymizer.ingest import load_bytes

HEARING = (
    "PRESIDING COMMISSIONER SMITH: Good morning. We are on the record.\n"
    "INMATE ROBERTO GONZALEZ: Yes. {said}\n"
    "PRESIDING COMMISSIONER SMITH: Thank you, Mr. Gonzalez.\n"
)

TAGS = [
    # what the inmate says, the tag-like text in it the pass must leave alone
    ("The record shows [PERSON_1] said it.", "[PERSON_1]"),
    ("It was in [MONTH] of that year.", "[MONTH]"),
    ("It was in [MONTH] [YEAR] I think.", "[YEAR]"),
    ("The letter from [PERSON_2] [PERSON_3] came.", "[PERSON_2]"),
    ("The letter from [PERSON_2] [PERSON_3] came.", "[PERSON_3]"),
    ("My number was [CDCR_ID_1] back then.", "[CDCR_ID_1]"),
    ("We lived at [LOCATION_2] for years.", "[LOCATION_2]"),
    ("She spelled it [SPELLED_NAME_PERSON_2] for them.", "[SPELLED_NAME_PERSON_2]"),
    ("It happened on [DATE_4] at night.", "[DATE_4]"),
    ("I worked at [ORGANIZATION_3] before.", "[ORGANIZATION_3]"),
]

NAMES = [
    # what the inmate says, the real name the pass must still find in it
    ("The letter from [PERSON_2] and Maria Lopez came.", "Maria Lopez"),
    ("The note said [Maria Lopez] was there.", "Maria Lopez"),
    ("[PERSON_1] told Kevin Richardson about it.", "Kevin Richardson"),
]


def _run(pipeline, said: str):
    text = HEARING.format(said=said)
    analysis = pipeline.run(load_bytes(text.encode(), "hearing.txt"))
    return analysis.transcript.text, analysis.mentions


@pytest.mark.parametrize("said,tag", TAGS)
def test_it_leaves_tag_like_text_alone(pipeline, said, tag):
    text, mentions = _run(pipeline, said)
    start = text.index(tag)
    end = start + len(tag)
    hits = [(text[m.start:m.end], m.label) for m in mentions if m.start < end and m.end > start]
    assert hits == []


@pytest.mark.parametrize("said,name", NAMES)
def test_it_still_finds_a_real_name_beside_or_inside_brackets(pipeline, said, name):
    text, mentions = _run(pipeline, said)
    start = text.index(name)
    assert any(m.label == "PERSON" and m.start <= start and m.end >= start + len(name) for m in mentions)
