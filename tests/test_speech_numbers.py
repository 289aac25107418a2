"""anonymizer.speech.numbers and the ordinary words of a person's mention in recognized speech (no model):
numbers said aloud (``one slash eight slash two thousand twenty``, ``thirteen thirty p.m.``), ``I'm Tessaly``."""
from __future__ import annotations

import pytest

from anonymizer.speech import RawWord, lay_out
from anonymizer.speech.heard import mend
from anonymizer.speech.numbers import SPOKEN, spoken_numbers
from anonymizer.types import SUSPECT
from tests.heard_text import analysed, texts

SURE = 0.95


def heard(said: str, source: str = "asr:tiny.en"):
    """A recognized transcript of the words of ``said`` (``|`` joins a piece to the word before), 0.3 s each."""
    raw = []
    for i, word in enumerate(said.split()):
        raw.append(RawWord(word.replace("|", ""), i * 0.3, i * 0.3 + 0.3, SURE))
    return lay_out(raw, 60.0, 16000, source)




RULE = ("rule",)


@pytest.mark.parametrize("said, found, expected", [
    # a date said with its slashes: the mention of its year reaches over the whole run
    ("the date is one slash eight slash two thousand twenty and", [("two thousand twenty", "DATE", RULE)],
     [("one slash eight slash two thousand twenty", "DATE")]),
    ("born on the fourth of June nineteen eighty one today", [("fourth of June", "DATE", RULE)],
     [("fourth of June nineteen eighty one", "DATE")]),
    # a CDCR number whose last digits the recognizer wrote as words
    ("number is K 4 1 2 seven seven. Thank", [("K 4 1 2", "CDCR_ID", RULE)], [("K 4 1 2 seven seven", "CDCR_ID")]),
    # a recognizer's comma before a word that only continues a number (``hundred``, ``thousand``)
    ("number is Q 2006, hundred and eight. Thank", [("Q 2006", "CDCR_ID", RULE)],
     [("Q 2006, hundred and eight", "CDCR_ID")]),
    ("in 1952, thousand miles away", [("1952", "DATE", RULE)], [("1952", "DATE")]),
    ("in 1952, seven people came", [("1952", "DATE", RULE)], [("1952", "DATE")]),
    # not over punctuation, not from "and", not beside a label that is no number
    ("it was May 3, two more times", [("May 3", "DATE", RULE)], [("May 3", "DATE")]),
    ("in 1998 and then", [("1998", "DATE", RULE)], [("1998", "DATE")]),
    ("Ms. Tessaly two three", [("Tessaly", "PERSON", RULE)], [("Tessaly", "PERSON")]),
])
def test_it_widens_a_number_mention_over_the_number_words_said_beside_it(said, found, expected):
    timed = heard(said)
    assert texts(spoken_numbers(analysed(timed, found), timed)) == expected


@pytest.mark.parametrize("said, found, expected", [
    ("the time is thirteen thirty p |.m. And", [], [("thirteen thirty p.m.", "TIME")]),
    ("the time is 110 PM. We're at", [("PM", "PERSON", (SUSPECT,))], [("110 PM", "TIME")]),
    ("about nine fifteen am, we left", [], [("nine fifteen am", "TIME")]),
    # a part of the day without a number before it, or a name there: no time
    ("in the PM. We left", [], []),
    ("it was 3 pm", [("3 pm", "TIME", RULE)], [("3 pm", "TIME")]),
])
def test_it_takes_numbers_said_before_a_part_of_the_day_as_a_time(said, found, expected):
    timed = heard(said)
    got = spoken_numbers(analysed(timed, found), timed)
    assert texts(got) == expected
    assert all(m.sources == (SPOKEN,) and m.confidence == 3 for m in got.mentions if (m.start, m.end) not in
               {(n.start, n.end) for n in analysed(timed, found).mentions})


@pytest.mark.parametrize("said, expected", [
    # hours and minutes written as digits without their colon, after the words said before a clock time
    ("responded at approximately 840 the victim", [("840", "TIME")]),
    ("we met at 1305 that day", [("1305", "TIME")]),
    # no clock time in the digits, or no such words before them
    ("responded at approximately 875 the victim", []),
    ("it cost about 840 dollars", []),
    ("at, 840 and more", []),
])
def test_it_takes_digits_after_the_words_before_a_clock_time_as_a_time(said, expected):
    timed = heard(said)
    assert texts(spoken_numbers(analysed(timed, []), timed)) == expected


def test_it_leaves_the_numbers_of_a_sidecar_as_they_are():
    timed = heard("the date is one slash eight slash two thousand twenty at 110 PM", source="vtt")
    analysis = analysed(timed, [("two thousand twenty", "DATE", RULE)])
    assert texts(spoken_numbers(analysis, timed)) == [("two thousand twenty", "DATE")]


@pytest.mark.parametrize("said, found, expected", [
    # a stop word the recognizer wrote before the name, in the same mention
    ("Yes I'm Tessaly Brun and", [("I'm Tessaly Brun", "PERSON", RULE)], [("Tessaly Brun", "PERSON")]),
    # a mention only of stop words (a re-scan of the first one's "I'm")
    ("I'm here", [("I'm", "PERSON", ("rescan",))], []),
    # a suspect of ordinary words (the recognizer capitalises a sentence's first word); not a suspect name
    ("Representing the board", [("Representing", "PERSON", (SUSPECT,))], []),
    ("Tessaly said so", [("Tessaly", "PERSON", (SUSPECT,))], [("Tessaly", "PERSON")]),
    ("Young said so", [("Young", "PERSON", RULE)], [("Young", "PERSON")]),
])
def test_it_takes_the_ordinary_words_out_of_a_persons_mention_in_recognized_speech(said, found, expected):
    timed = heard(said)
    assert texts(mend(analysed(timed, found), timed)) == expected


@pytest.mark.parametrize("said, span, expected", [
    # a number written in digits is several spoken words: masked 0.3 s longer
    ([("number", 0.0, 0.4), ("95160", 0.5, 1.5), ("My", 2.5, 2.8)], "95160", (0.4, 1.8)),
    ([("number", 0.0, 0.4), ("Tessaly", 0.5, 1.3), ("My", 2.5, 2.8)], "Tessaly", (0.4, 1.3)),
    # ... unless the recognizer already gave its digits the time they take said one by one
    ([("at", 0.0, 0.4), ("840", 0.5, 1.5), ("the", 2.5, 2.8)], "840", (0.4, 1.5)),
    ([("at", 0.0, 0.4), ("840", 0.5, 1.2), ("the", 2.5, 2.8)], "840", (0.4, 1.5)),
    # ... or they are one or two digits: one spoken word (``ten``), timed as a word
    ([("about", 0.0, 0.4), ("10", 0.5, 0.8), ("the", 2.5, 2.8)], "10", (0.4, 0.8)),
    ([("about", 0.0, 0.4), ("7", 0.5, 0.7), ("the", 2.5, 2.8)], "7", (0.4, 0.7)),
    # a word the recognizer stretched over the mention after it: the mention starts where that word was over
    ([("in", 1.0, 3.4), ("1976.", 3.4, 3.6), ("My", 3.7, 4.0)], "1976", (1.4, 4.0)),
    ([("in", 1.0, 1.3), ("Tessaly.", 1.3, 1.9)], "Tessaly", (1.3, 1.9)),
])
def test_it_masks_digits_longer_and_from_where_a_stretched_word_before_was_over(said, span, expected):
    timed = lay_out([RawWord(w, a, b) for w, a, b in said], 10.0, 16000, "asr:x")
    start = timed.text.index(span)
    assert timed.mask_time(start, start + len(span)) == pytest.approx(expected)


def test_it_gives_punctuation_no_time_in_a_word():
    timed = lay_out([RawWord("aged", 0.0, 0.5), RawWord("21", 0.5, 0.9), RawWord("-year", 0.9, 1.3),
                     RawWord("-old,", 1.3, 1.8)], 10.0, 16000, "asr:x")
    assert timed.text == "aged 21-year-old,"
    start = timed.text.index("21")
    assert timed.span_time(start, start + len("21-year-old")) == pytest.approx((0.5, 1.8))


@pytest.mark.parametrize("said, expected", [
    # feet and inches said as two bare numbers after the words before a height
    ("he was described as 5, 10, and was standing", [("5, 10", "HEIGHT")]),
    ("she stood about five ten in the door", [("five ten", "HEIGHT")]),
    ("a height of 6 2 and a beard", [("6 2", "HEIGHT")]),
    # no such words before them, a list of numbers, numbers that are no feet and inches, or a sentence end between
    ("he was 5, 10 minutes late", []),
    ("described as 5, 10, 15 and 20", []),
    ("described as 12, 3 and more", []),
    ("described as 5. 10 people came", []),
    ("described as five", []),
])
def test_it_takes_two_numbers_after_the_words_before_a_height_as_a_height(said, expected):
    timed = heard(said)
    got = spoken_numbers(analysed(timed, []), timed)
    assert texts(got) == expected
    assert all(m.sources == (SPOKEN,) and m.confidence == 3 for m in got.mentions)
