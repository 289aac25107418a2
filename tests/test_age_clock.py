"""Issue 15: a number that reads as a time of day is no age (neither tagged nor a suspect),
unless an age word is near; real ages in the same shapes stay."""
from __future__ import annotations

import pytest

from anonymizer.header import split_title
from anonymizer.types import Transcript

QUESTION = "PRESIDING COMMISSIONER SMITH: Tell me about that night.\n"

TIMES = [
    "It was about 9 when we got there, and we left at 10.",
    "5 when I got home. My mom was waiting.",
    "Uh, 5 when I got home.",
    "It was around eleven when they showed up.",
    "We got there at 9 and left at 10.",
    "We got home around 12, then I went to bed.",
    "I think it was 7 in the morning.",
    "It was like 10 at night, sir.",
    "We left at 11 o'clock.",
    "It was 10:30 when we left.",
    "I worked from 9 to 5 that whole summer.",
    "He showed up at about 8, and then we left.",
    "It was about 2 when I woke up.",
]
AGES = [
    ("I was 17 when I came in.", "17"),
    ("19 when I came in.", "19"),
    ("I was about 9 when we got there.", "9"),  # a person's number: an age
    ("My son was 9 when I left.", "9"),
    ("He was 9 when his dad left.", "9"),
    ("I was 9 years old when we got there.", "9 years old"),
    ("At 15, I left home.", "15"),
    ("I came in at 19 and never got out.", "19"),
    ("I started drinking at 11 and smoking weed at 12.", "12"),
    ("I was 17 when we left at 10 that night.", "17"),
    ("My daughter was 5 when I got home from prison.", "5"),
]


def _ages(pipeline, sentence: str) -> list[str]:
    text = f"{QUESTION}INMATE JONES: {sentence}\n"
    title_end, header = split_title(text)
    result = pipeline.run(Transcript("t.txt", text, header, title_end))
    return [text[m.start : m.end] for m in result.mentions if m.label == "AGE"]


@pytest.mark.parametrize("sentence", TIMES)
def test_it_never_takes_a_time_of_day_for_an_age(pipeline, sentence):
    assert _ages(pipeline, sentence) == []


@pytest.mark.parametrize(("sentence", "age"), AGES)
def test_it_keeps_the_ages_that_look_like_times(pipeline, sentence, age):
    assert age in _ages(pipeline, sentence)


def test_it_reads_only_the_answer_that_opens_with_a_number_as_the_time_asked_for(pipeline):
    def ages(answer: str) -> list[str]:
        text = f"PRESIDING COMMISSIONER SMITH: What time was it?\nINMATE JONES: {answer}\n"
        title_end, header = split_title(text)
        mentions = pipeline.run(Transcript("t.txt", text, header, title_end)).mentions
        return [text[m.start : m.end] for m in mentions if m.label == "AGE"]

    assert ages("About 9, sir.") == []
    assert ages("I don't know. I was 25 and I thought I was grown.") == ["25"]
