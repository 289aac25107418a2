"""Title-cased programs, documents and diagnoses, and a prison's yards by their letter, are no names: ordinary words written with
capitals ("Money Management", "Closing Statements", "Alcohol Use Disorder") are neither tagged
nor suspects, while names that are words (a first name, a common surname, a place, a nickname
after "called") and organizations with a head word stay; a score's number is no age."""
from __future__ import annotations

import pytest

from anonymizer.header import split_title
from anonymizer.lang.en import plain
from anonymizer.types import SUSPECT, Transcript

#: the document's ordinary words: a real hearing writes most of them in lower case somewhere
CONTEXT = (
    "PRESIDING COMMISSIONER SMITH: Tell me about your programming and your plan, the thinking "
    "behind it, the change in you, and how you spend your time in the classes.\n"
)


def _mentions(pipeline, sentence: str) -> list[tuple[str, str, bool]]:
    text = f"{CONTEXT}INMATE JONES: {sentence}\n"
    title_end, header = split_title(text)
    result = pipeline.run(Transcript("t.txt", text, header, title_end))
    start = text.index("INMATE JONES: ") + len("INMATE JONES: ")
    return [(text[m.start : m.end], m.label, SUSPECT in m.sources) for m in result.mentions if m.start >= start]


@pytest.mark.parametrize(
    "word, expected",
    [
        ("Management", True),
        ("Safety", True),
        ("Money", True),  # a surname of 0.003 % of people: rarely one
        ("Statements", True),  # plural of a dictionary word
        ("Parenting", True),  # verb ending
        ("Post-Traumatic", True),  # a prefix, then a word
        ("Smith-Jones", False),  # a double surname
        ("III", True),  # a course level
        ("Hope", False),  # a first name
        ("Baker", False),  # a common surname
        ("Fresno", False),  # a city
        ("Sapolu", False),  # no English word
        ("Love", False),
        ("Band", True),  # a town of Romania only
        ("Paradise", False),  # a Californian town
    ],
)
def test_it_tells_plain_words_from_names(word, expected):
    assert plain.is_plain_word(word) is expected


@pytest.mark.parametrize(
    "sentence, phrase",
    [
        ("We'll go to Closing Statements now.", "Closing Statements"),
        ("She found Alcohol Use Disorder, in sustained remission.", "Alcohol Use Disorder"),
        ("I completed Anger Management and Parenting and Money Management.", "Money Management"),
        ("I completed Anger Management and Parenting and Money Management.", "Parenting"),
        ("I have a Relapse Prevention Plan and a Safety Plan.", "Safety Plan"),
        ("I took Cage Your Rage, Thinking for a Change, and Breaking Barriers.", "Thinking"),
        ("I was in Narcotics Anonymous and Alcoholics Anonymous.", "Anonymous"),
        ("I completed Criminals and Gang Members Anonymous last year.", "Criminals"),
        ("I took Denial Management and Substance Abuse Treatment.", "Treatment"),
        ("I'm on the Men's Advisory Council and I tutor in the Literacy Program.", "Literacy Program"),
        ("Your parole plans include a Sober Living Environment.", "Sober Living Environment"),
        ("I pray to my Higher Power and I say the Serenity Prayer.", "Serenity Prayer"),
        ("I'll take the Bus to the Parole Office the day I get out.", "Bus"),
        ("I work as a Porter and a Clerk in the kitchen.", "Clerk"),
        ("I'm getting my Social Security Card next month.", "Social Security Card"),
        ("I took Vocational Carpentry and Vocational Electronics.", "Vocational Carpentry"),  # a trade course
        ("We had Christmas at my grandmother's house every year.", "Christmas"),  # a holiday
        ("I play Guitar in the Chapel Band on Sundays.", "Band"),  # a word, and a town abroad only
        ("It says in the Police Report that I had a knife.", "Police Report"),  # a document, whoever wrote it
        ("The Hospital Records show the injuries.", "Hospital Records"),
        ("It's on page 42 of the Board Packet, line 12.", "Board Packet"),
        ("That is all.\n\nCERTIFICATE OF TRANSCRIPTION\nI declare it true.", "CERTIFICATE OF TRANSCRIPTION"),
        ("They sent me a Notice of Hearing Rights by mail.", "Notice of Hearing Rights"),  # a document's title
        ("I signed a Plea Agreement and waived my appeal.", "Plea Agreement"),
        ("I live in the Honor Dorm on B Facility.", "B Facility"),  # a yard of every prison
        ("I was moved to C Yard, then to the Reception Center.", "C Yard"),
        ("I was on A Yard at Facility D for two years.", "Facility"),
        ("The Detectives interviewed me at the station.", "Detectives"),  # a title in the plural
    ],
)
def test_it_takes_no_title_cased_program_for_a_name(pipeline, sentence, phrase):
    found = [m for m in _mentions(pipeline, sentence) if m[1] in ("PERSON", "ORGANIZATION")]
    assert not [m for m in found if phrase in m[0] or m[0] in phrase], found


@pytest.mark.parametrize(
    "sentence, name, label",
    [
        ("They called him Spider, and Spider was the one with the gun.", "Spider", "PERSON"),
        ("My victim was Hope Delgado and I think about Hope every day.", "Hope", "PERSON"),
        ("The transcript came from Golden State Transcription in the end.", "Golden State Transcription", "ORGANIZATION"),
        ("I'll work at the warehouse of Golden Valley Trucking with my uncle.", "Golden Valley Trucking", "ORGANIZATION"),
        ("I grew up with my cousin Faerbanks in the projects.", "Faerbanks", "PERSON"),
        ("I lived with Mr. Baker on his farm.", "Baker", "PERSON"),
        ("Officer Money wrote me up twice that year.", "Money", "PERSON"),  # a title: a surname
        ("I worked for J Trucking in Fresno after that.", "J Trucking", "ORGANIZATION"),
        ("The Fresno Police Report was never found.", "Fresno Police", "ORGANIZATION"),
    ],
)
def test_it_keeps_names_that_are_words(pipeline, sentence, name, label):
    found = _mentions(pipeline, sentence)
    assert any(surface == name and got == label for surface, got, _ in found), found


@pytest.mark.parametrize(
    "sentence, number, age",
    [
        ("Your Classification Score is 19 and you are Close B custody.", "19", False),
        ("My TABE score is 12.9 and I want it higher.", "12", False),
        ("My reading grade level was 8.4 back then.", "8", False),
        ("My son was 9 when I left.", "9", True),
        ("She was 41, and she had two kids.", "41", True),
    ],
)
def test_it_takes_a_score_for_no_age(pipeline, sentence, number, age):
    found = [surface for surface, label, _ in _mentions(pipeline, sentence) if label == "AGE"]
    assert (number in found) is age, found


def test_it_looks_only_a_line_s_breadth_around_a_word_for_its_phrase():
    """A hostile line of capitalised words costs each lookup a bounded look-around, not the line."""
    text = "Money Management " * 20_000
    start = text.index("Money", 170_000)
    phrase_start, phrase_end = plain.title_phrase(text, start, start + len("Money"))
    assert start - 90 <= phrase_start <= start and start + len("Money") <= phrase_end <= start + 100


@pytest.mark.parametrize(
    ("text", "word", "compound"),
    [
        ("a Faith-based group", "Faith", True),
        ("a Hope-Filled time", "Hope", True),
        ("a non-Christian school", "Christian", True),
        ("Faith Smith-Jones came", "Smith", False),  # a double surname
        ("Rose-Marie came", "Rose", False),
        ("Hope came", "Hope", False),
        ("Hernan- Hernandez", "Hernan", False),  # a cut-off, repaired
    ],
)
def test_it_knows_a_word_inside_a_hyphenated_compound(text, word, compound):
    start = text.index(word)
    assert plain.in_compound(text, start, start + len(word)) is compound


@pytest.mark.parametrize(("text", "surface", "heading"), [
    ("memo\nV.  DISCUSSION\nThe record", "V.  DISCUSSION", True),
    ("memo\n   D.  Analysis\nThe record", "D.  Analysis", True),
    ("memo\nII. THE COMMITMENT OFFENSE\n", "THE COMMITMENT OFFENSE", True),
    ("memo\nA.  Okonkwo\n", "A.  Okonkwo", False),  # an initial and a name, no heading's words
    ("memo\nV.  DISCUSSION with Mr. Hale\n", "Hale", False),  # a name on the line
    ("He saw D. Analysis there.\n", "D. Analysis", False),  # not alone on its line
])
def test_it_tells_an_outline_s_heading(text, surface, heading):
    start = text.index(surface)
    assert plain.is_outline_heading(text, start, start + len(surface)) is heading
