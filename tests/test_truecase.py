"""All-caps transcripts: read in ordinary case (``anonymizer/truecase.py``), offsets unchanged."""
from __future__ import annotations

import pytest

from anonymizer import truecase
from anonymizer.ingest import load_bytes


@pytest.mark.parametrize(("text", "caps"), [
    ("INMATE DOE: " + "I WENT TO THE STORE AND CAME BACK. " * 10, True),
    ("INMATE DOE: " + "I went to the store and came back. " * 10, False),
    ("INMATE DOE: I WENT.", False),  # too short to tell
])
def test_it_tells_a_transcript_typed_in_capitals(text, caps):
    assert truecase.is_all_caps(text) is caps


@pytest.mark.parametrize(("line", "expected"), [
    ("MR. DOE: MY GRANDMOTHER CAME FROM KOREA IN THE 70S.", "MR. DOE: My grandmother came from Korea in the 70s."),
    ("MR. DOE: I DIDN'T KNOW ANYBODY AT SAN QUENTIN.", "MR. DOE: I didn't know anybody at San Quentin."),
    ("MR. DOE: KEVIN HAYES WAS MY COUSIN. HAYES DIED.", "MR. DOE: Kevin Hayes was my cousin. Hayes died."),
    ("MR. DOE: THE OFFICER WANTED MR. YOUNG TO WAIT.", "MR. DOE: The officer wanted Mr. Young to wait."),
    ("MR. DOE: I WAS AT KERN VALLEY STATE PRISON, THEN 7135 JORDAN WAY.",
     "MR. DOE: I was at Kern Valley State Prison, then 7135 Jordan Way."),
    ("MR. DOE: IN KINGS COUNTY JAIL AT 15826 FRUITRIDGE ROAD, THE COUNTY SAID.",
     "MR. DOE: In Kings County Jail at 15826 Fruitridge Road, the county said."),
    ("MR. DOE: H-A-Y-E-S. I DID MY GED AND CDCR SAID A LOT.", "MR. DOE: H-A-Y-E-S. I did my GED and CDCR said a lot."),
    ("MR. DOE: MY COUSIN LOR-\nQ. GO AHEAD.\nA. -ENZO WAS THERE.", "MR. DOE: My cousin Lor-\nQ. Go ahead.\nA. -enzo was there."),
])
def test_it_writes_each_word_in_its_ordinary_case_in_place(line, expected):
    assert truecase.truecase(line) == expected


def test_it_keeps_the_title_page_and_the_speaker_tags_and_every_offset():
    text = "PAROLE HEARING OF DANIEL ORTEGA\n\nPRESIDING COMMISSIONER ROE: DANIEL, SIT DOWN.\n"
    result = truecase.truecase(text, title_end=text.index("PRESIDING"), names=("DANIEL ORTEGA",))
    assert result == "PAROLE HEARING OF DANIEL ORTEGA\n\nPRESIDING COMMISSIONER ROE: Daniel, sit down.\n"
    assert len(result) == len(text)


def _coverage(analysis, annotations) -> tuple[float, float]:
    text = analysis.transcript.text
    gold, found = set(), set()
    for g in annotations:
        gold.update(i for i in range(g["start"], g["end"]) if text[i].isalnum())
    for m in analysis.mentions:
        found.update(i for i in range(m.start, m.end) if text[i].isalnum())
    return len(gold & found) / len(gold), len(gold & found) / len(found)


def test_it_finds_the_personal_data_of_a_hearing_typed_in_capitals(pipeline, tmp_path):
    """A generated hearing typed in capitals: about as good as in ordinary case (before: precision 0.48)."""
    from fixtures.generate import write_corpus

    hearing = write_corpus(tmp_path, 1, 3, 4000, "mixed", pdf=False, profile="varied")[0]
    caps = pipeline.run(load_bytes(hearing.text.upper().encode(), "caps.txt"))
    assert caps.transcript.text == hearing.text.upper()  # the original text, not the copy read
    recall, precision = _coverage(caps, hearing.annotations)
    assert recall >= 0.95 and precision >= 0.9, (recall, precision)


@pytest.mark.parametrize("line", [
    "A: " * 20000,  # a speaker-tag-like word over and over: each word looked back to the line's start
    "THE 1234 " * 10000,  # house numbers
    "YES.\t\t\t\t " * 8000,  # sentence ends before long white space
], ids=["tags", "house-numbers", "sentence-ends"])
def test_it_reads_a_long_line_in_linear_time(line):
    """A 60 kB line of capitals took 100 s (every word searched the line before it, twice)."""
    import time

    text = "INMATE DOE: " + line + "\n"
    started = time.monotonic()
    cased = truecase.truecase(text)
    assert len(cased) == len(text) and time.monotonic() - started < 5
