"""Whom a shared surname names when nothing beside it says so; a first name that is also a common
word; a spelled answer about someone else's name; the town that names the prison."""
from __future__ import annotations

import pytest

from anonymizer.detect.seeds import header_mentions
from anonymizer.lang.en import gazetteer
from anonymizer.types import Header, Participant
from tests.test_normalize import at, run

HEADER = Header(inmate_name="PHILLIP YOUNG", cdcr_number="V12345",
                participants=(Participant("DESMOND FERGUSON", "Victim's Next of Kin"),))
TEXT = (
    "DEPUTY COMMISSIONER RUFF: I'm Ruff.\n"
    "FERGUSON: My name is Desmond Ferguson. I'm here for my sister.\n"          # the relative, on the title page
    "FERGUSON: She was my sister.\nFERGUSON: We miss her.\n"                     # who speaks most
    "FERGUSON: I'm Curtis Ferguson, her brother.\n"                            # a second relative, a man
    "COMMISSIONER RUFF: The victim, Love Ferguson, was 27.\n"                  # the victim, a woman
    "INMATE YOUNG: I took Ferguson's life. I think about Ferguson's kids.\n"   # nothing says who: the victim
    "COMMISSIONER RUFF: How did you know Ms. Ferguson? Did you see Ms. Ferguson that day?\n"
    "INMATE YOUNG: I didn't know Ms. Ferguson. Love Ferguson did nothing wrong.\n"
    "COMMISSIONER RUFF: And for the record, how is the victim's last name spelled?\n"
    "FERGUSON: Ferguson, F-E-R-G-U-S-O-N.\n"                                   # the victim's, not the speaker's
)


def _names():
    spans = [at(TEXT, "RUFF", sources=("rule",), nth=n) for n in range(4)]
    spans += [at(TEXT, "FERGUSON", sources=("rule",), nth=n) for n in range(5)]
    spans += [at(TEXT, "YOUNG", sources=("rule",), nth=n) for n in range(2)]
    spans += [at(TEXT, name) for name in ("Desmond Ferguson", "Curtis Ferguson")]
    spans += [at(TEXT, "Love Ferguson", nth=n) for n in range(2)]
    spans += [at(TEXT, "Ferguson", nth=n) for n in (3, 4, 5, 6, 7, 9)]
    spans += [at(TEXT, "F-E-R-G-U-S-O-N", "SPELLED_NAME")]
    mentions, entities = run(TEXT, spans, HEADER)
    return {m.start: entities[m.entity].name.casefold() for m in mentions}


def _name_at(names: dict, surface: str, nth: int = 0) -> str:
    return names[at(TEXT, surface, nth=nth).start]


@pytest.mark.parametrize(("surface", "nth", "person"), [
    ("Ferguson", 3, "love ferguson"),  # "I took Ferguson's life": the one talked about, not the relative present
    ("Ferguson", 4, "love ferguson"),  # "Ferguson's kids"
    ("Ferguson", 5, "love ferguson"),  # "Ms. Ferguson": Curtis is a man's name (on both Census lists, mostly men's)
    ("Ferguson", 7, "love ferguson"),
    ("F-E-R-G-U-S-O-N", 0, "love ferguson"),  # the answer to "how is the victim's last name spelled?"
    ("FERGUSON", 0, "desmond ferguson"),  # a speaker tag: the speaker who says who they are
    ("FERGUSON", 1, "desmond ferguson"),
    ("FERGUSON", 3, "curtis ferguson"),
])
def test_it_gives_a_shared_surname_to_the_person_its_context_or_the_hearing_points_to(surface, nth, person):
    assert _name_at(_names(), surface, nth) == person


def test_it_keeps_a_spelled_name_with_the_speaker_when_the_question_asks_for_their_own_name():
    text = ("COMMISSIONER RUFF: Please spell your last name for the record.\n"
            "FERGUSON: Ferguson, F-E-R-G-U-S-O-N.\n"
            "COMMISSIONER RUFF: The victim, Love Ferguson, was 27. Love Ferguson was kind.\n")
    spans = [at(text, "FERGUSON", sources=("rule",)), at(text, "Ferguson"), at(text, "F-E-R-G-U-S-O-N", "SPELLED_NAME"),
             at(text, "Love Ferguson"), at(text, "Love Ferguson", nth=1)]
    mentions, entities = run(text, spans, HEADER)
    names = {m.start: entities[m.entity].name.casefold() for m in mentions}
    assert names[at(text, "F-E-R-G-U-S-O-N").start] == "desmond ferguson"


@pytest.mark.parametrize(("name", "sex"), [
    ("Curtis", "M"), ("Wesley", "M"), ("Jean", "F"), ("Love", "F"), ("Mary", "F"),
    ("Terry", None), ("Kelly", None), ("Ngozi", None),  # both sexes often, or on neither list
    ("Mateo", "M"), ("Aaliyah", "F"), ("Peyton", None),  # recent names the Census 1990 lacks (data/first_names_recent.txt)
])
def test_it_reads_the_sex_of_a_first_name_from_how_often_each_census_list_has_it(name, sex):
    assert gazetteer.first_name_sex(name) == sex


def test_it_sends_mr_with_a_name_of_unknown_sex_to_the_one_talked_about_most():
    header = Header(inmate_name="LUIS HOPE", participants=(Participant("DELPHINE ABERNATHY", "Victim's Next of Kin"),))
    text = ("ABERNATHY: I'm Will Abernathy, his brother.\n"
            "COMMISSIONER RUFF: The victim, Mateo Abernathy, was 42. Mateo Abernathy had kids.\n"
            "INMATE HOPE: I didn't know Mr. Abernathy.\n")
    spans = [at(text, "ABERNATHY", sources=("rule",)), at(text, "Will Abernathy"), at(text, "HOPE", sources=("rule",)),
             at(text, "Mateo Abernathy"), at(text, "Mateo Abernathy", nth=1), at(text, "Abernathy", nth=3)]
    mentions, entities = run(text, spans, header)
    names = {m.start: entities[m.entity].name.casefold() for m in mentions}
    assert names[at(text, "Abernathy", nth=3).start] == "mateo abernathy"


@pytest.mark.parametrize(("text", "person"), [
    ("COMMISSIONER RUFF: The victim, Young Little, was 45.\n", "Young Little"),
    ("COMMISSIONER RUFF: What was your relationship with Will Little?\n", "Will Little"),
    # at a sentence start, after a title or in a speaker tag it stays out
    ("COMMISSIONER RUFF: Will Little testify today?\n", "Little"),
    ("COMMISSIONER RUFF: I asked Commissioner Little.\n", "Little"),
])
def test_it_takes_in_the_first_name_before_a_lone_surname_inside_a_sentence(text, person):
    header = Header(inmate_name="MARVIN GALLEGOS", participants=(Participant("MARIBEL LITTLE", "Victim's Next of Kin"),))
    spans = [at(text, "Little", sources=("header",))]
    if "Young Little" in text:  # the tagger's ORGANIZATION over both words, cut by the surname
        spans = [at(text, "Young", "ORGANIZATION")] + spans
    mentions, _ = run(text, spans, header)
    assert [text[m.start:m.end] for m in mentions if m.label == "PERSON" and "Little" in text[m.start:m.end]] == [person]


@pytest.mark.parametrize(("text", "label"), [
    ("MR. DOE: I transferred to Wasco in 2009.", "ORGANIZATION"),
    ("MR. DOE: I was most recently at Wasco.", "ORGANIZATION"),
    ("MR. DOE: We're at the prison in Wasco.", "LOCATION"),
    ("MR. DOE: I moved to Wasco, California in 2009.", "LOCATION"),
])
def test_it_reads_the_town_that_names_the_prison_as_the_prison_after_to_at_or_from(text, label):
    header = Header(inmate_name="JOHN DOE", facility="WASCO STATE PRISON", city="WASCO")
    found = [(text[m.start:m.end], m.label) for m in header_mentions(text, header) if text[m.start:m.end] == "Wasco"]
    assert found == [("Wasco", label)]


def test_it_keeps_the_town_a_place_when_the_prison_is_named_after_another():
    header = Header(inmate_name="JOHN DOE", facility="CALIFORNIA STATE PRISON, SOLANO", city="VACAVILLE")
    text = "MR. DOE: I transferred to Vacaville in 2009."
    assert [m.label for m in header_mentions(text, header) if text[m.start:m.end] == "Vacaville"] == ["LOCATION"]
