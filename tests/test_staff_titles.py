"""Prison staff named by their role: "the CCI Abernathy", "C/O Whitacre", "Coach Tremblay", "the Case
Manager Oyelaran". The role is a title (``titles.txt``): never a name, never an organization, and
the name after it is the person's, whatever tagger proposed the pair."""
from __future__ import annotations

import pytest

from anonymizer.ingest import load_bytes

#: (utterance, the mentions the pass must find in it as (surface, label))
LINES = [
    ("The CCI Abernathy prepared the report.", {("Abernathy", "PERSON")}),
    ("Your CCII Dominguez was there too.", {("Dominguez", "PERSON")}),
    ("Then the C/O Whitacre searched my cell.", {("Whitacre", "PERSON")}),
    ("And the C.O. Halvorsen found the knife?", {("Halvorsen", "PERSON")}),
    ("Yes, and then the CO Marchetti wrote it up.", {("Marchetti", "PERSON")}),
    ("The Correctional Counselor Villaseñor signed it.", {("Villaseñor", "PERSON")}),
    ("The Investigator Quintanilla came to see me.", {("Quintanilla", "PERSON")}),
    ("And the Social Worker Lindqvist?", {("Lindqvist", "PERSON")}),
    ("My Teacher Nakashima helped me get the GED.", {("Nakashima", "PERSON")}),
    ("The Coach Tremblay wrote a chrono.", {("Tremblay", "PERSON")}),
    ("The Trooper Kristiansen stopped the car.", {("Kristiansen", "PERSON")}),
    ("The Case Manager Oyelaran set it up.", {("Oyelaran", "PERSON")}),
    ("The Chaplain Okonkwo wrote a letter.", {("Okonkwo", "PERSON")}),
    ("The Psych Tech Brannigan saw me that night.", {("Brannigan", "PERSON")}),
    # guards: a role on its own, a role as an ordinary noun
    ("I talked to my counselor and the case manager about it.", set()),
    ("The teacher and the coach both wrote chronos.", set()),
]
INTRO = ("PRESIDING COMMISSIONER GARNER: We are on the record. The inmate will tell us about the staff he "
         "worked with, and the panel will ask some questions about his programming.\n\n")


@pytest.fixture(scope="module")
def found(pipeline) -> list[set[tuple[str, str]]]:
    speakers = ("INMATE RAMIREZ", "PRESIDING COMMISSIONER GARNER")
    lines = [f"{speakers[i % 2]}: {line}" for i, (line, _) in enumerate(LINES)]
    text = INTRO + "\n\n".join(lines) + "\n"
    analysis = pipeline.run(load_bytes(text.encode(), "staff.txt"))
    text = analysis.transcript.text
    out = []
    for line in lines:
        start = text.index(line)
        out.append({(text[m.start:m.end], m.label) for m in analysis.mentions
                    if start + line.index(":") < m.start and m.end <= start + len(line)})
    return out


@pytest.mark.parametrize("index", range(len(LINES)), ids=[line for line, _ in LINES])
def test_it_reads_a_staff_role_as_a_title_before_the_persons_name(found, index):
    assert found[index] == LINES[index][1]


@pytest.mark.parametrize(("word", "role"), [("CCI", True), ("Coach", True), ("Mama", True), ("Elder", False)])
def test_it_takes_a_title_that_is_a_common_surname_for_no_role_word(word, role):
    """"Mr. Elder" is a name: a title of ``titles.txt`` that is a common surname is no role word."""
    from anonymizer.lang.en import lexicon

    assert lexicon.is_role_word(word) is role
